"""A round played out by random bots runs to several hundred lines of the game log (850 in
four-seat polish): the log keeps them all, back to the deal. Beyond its limit the oldest
lines go, and the top of the log says how many."""

from __future__ import annotations

import pygame
import pytest

from game.engine import PRESETS, Game
from game.ui.director import LOG_LINES
from tests.ui.tablekit import Harness
from tests.ui.textkit import drawn_texts


def _log_read_from_the_top(monkeypatch: pytest.MonkeyPatch, extra: int) -> list[str]:
    h = Harness(Game.new(PRESETS["polish"], 4, seed=3))
    log = h.table.director.log
    log.clear()
    first = "Round 1: Ada deals 5 cards each; 6♠ starts the pile"
    log.append(first)
    log.extend(f"Ben drew 1 card ({n})" for n in range(extra))
    h.key(pygame.K_l, "l")
    assert h.table.show_log
    h.key(pygame.K_HOME)
    h.tick()
    texts = [words for words, _ in drawn_texts(monkeypatch, h.stack, (1280, 800))]
    return [first, *texts]


def test_a_long_round_keeps_its_whole_log_back_to_the_deal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first, *texts = _log_read_from_the_top(monkeypatch, 900)
    assert any(words.startswith(first[:12]) for words in texts)  # the deal, read back to
    assert not any("not kept" in words for words in texts)


def test_lines_beyond_the_limit_are_told_at_the_top(monkeypatch: pytest.MonkeyPatch) -> None:
    _first, *texts = _log_read_from_the_top(monkeypatch, LOG_LINES + 25)
    dropped = 25 + 1  # (and the deal's own line)
    assert f"… {dropped} earlier lines not kept" in texts
    assert "Ben drew 1 card (0)" not in texts and "Ben drew 1 card (25)" in texts

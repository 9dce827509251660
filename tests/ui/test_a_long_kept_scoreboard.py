"""A table kept going for hundreds of rounds: the scoreboard draws only the rounds in view,
and a round finished while it is kept still shows at once."""

from __future__ import annotations

import pygame
import pytest

from game.engine import Game
from game.store.settings import Settings
from game.ui.matchtable import MatchTable
from game.ui.scoreboard import ScoreboardOverlay, score_lines
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import Screen
from tests.ui.textkit import drawn_texts

SIZE = (1280, 800)


def test_the_scoreboard_draws_only_the_rounds_in_view(monkeypatch: pytest.MonkeyPatch) -> None:
    setup = TableSetup("polish", (SeatSpec("Me"), SeatSpec("Ada", "medium")))
    table = MatchTable(
        setup, Game.new("polish", seats=2, seed=3), settings=Settings(animation_speed="off")
    )
    table.bots.clear()
    table.rounds = [{"places": [1 + i % 2, 2 - i % 2], "charges": [0, 0]} for i in range(600)]
    screen = Screen(table, SIZE)
    screen.key(pygame.K_t, "t")
    board = screen.top
    assert isinstance(board, ScoreboardOverlay)
    screen.frame()
    drawn = [w for w, _r in drawn_texts(monkeypatch, screen.stack, SIZE, top_only=True)]
    labels = [w for w in drawn if w.startswith("Round ")]
    assert 5 <= len(labels) <= 40, len(labels)
    assert "Round 601" in labels  # it opens on the latest rounds, the one being played last
    assert drawn.count("300") == 2  # the totals: rounds won, 300 each
    # A round finished while the table is kept shows at once, and counts.
    table.rounds.append({"places": [1, 2], "charges": [0, 0]})
    rows, totals, _meaning = score_lines(table)
    assert rows[600] == ("Round 601", ["1st", "2nd"]) and totals == ["301", "300"]
    screen.frame()
    drawn = [w for w, _r in drawn_texts(monkeypatch, screen.stack, SIZE, top_only=True)]
    assert "Round 602" in drawn and "301" in drawn

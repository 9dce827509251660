"""The round board waits for the table: a pause menu or help opened as the last card lands
holds the round's end (its time stands still) and is closed first, and the next round is
never dealt under a leftover pause menu."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.engine import PRESETS, Game
from game.store.settings import Settings
from game.ui.matchtable import MatchTable
from game.ui.roundend import GamePause, RoundEndOverlay
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import Screen


def last_card_laid(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Screen, MatchTable]:
    """Tel Aviv at the usual animation speed: you have just laid your last card (9♣)."""
    monkeypatch.setenv("MACAU_HOME", str(tmp_path))
    setup = TableSetup("tel_aviv", (SeatSpec("You"), SeatSpec("Ada", "medium")))
    game = Game.from_position(
        PRESETS["tel_aviv"], hands=["9C", "8D KH"], pile="6C", stock="7H 7D 7S"
    )
    settings = Settings(animation_speed="normal")
    table = MatchTable(setup, game, settings=settings, deal=False)
    screen = Screen(table)
    screen.frame(10)
    screen.click_card(table, "9C")
    screen.key(pygame.K_RETURN)
    assert table.game.over
    screen.frame(10)  # the card lands; the board is due in a moment
    return screen, table


def names(screen: Screen) -> list[str]:
    return [type(s).__name__ for s in screen.stack.scenes]


def test_the_round_board_waits_under_the_pause_menu_and_the_next_round_is_dealt_in_the_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    screen, table = last_card_laid(tmp_path, monkeypatch)
    screen.key(pygame.K_ESCAPE)
    screen.frame(200)  # well past the moment the board would have come up
    assert names(screen) == ["MatchTable", "GamePause"]
    assert isinstance(screen.top, GamePause)
    screen.key(pygame.K_ESCAPE)  # resume: the round's end plays on, then the board opens
    screen.frame(150)
    assert names(screen) == ["MatchTable", "RoundEndOverlay"]
    screen.key(pygame.K_RETURN)  # next round
    screen.frame(60)
    assert screen.top is table and table.game.round_no == 2


def test_the_round_board_waits_until_how_to_play_is_closed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    screen, table = last_card_laid(tmp_path, monkeypatch)
    screen.key(pygame.K_ESCAPE)
    screen.key(pygame.K_h, "h")
    screen.frame(200)
    assert names(screen) == ["MatchTable", "GamePause", "HowToScreen"]
    screen.key(pygame.K_ESCAPE)  # back to the pause menu, and from there to the table
    screen.frame(200)
    assert names(screen) == ["MatchTable", "GamePause"]
    screen.key(pygame.K_ESCAPE)
    screen.frame(150)
    assert names(screen) == ["MatchTable", "RoundEndOverlay"]
    assert isinstance(screen.top, RoundEndOverlay)
    screen.key(pygame.K_RETURN)
    screen.frame(60)
    assert screen.top is table and table.game.round_no == 2


def test_the_confetti_goes_on_under_the_round_board(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    screen, table = last_card_laid(tmp_path, monkeypatch)
    screen.frame(150)
    assert isinstance(screen.top, RoundEndOverlay) and table.confetti is not None
    before = table.animator.now
    screen.frame(60)
    assert table.animator.now - before > 0.9  # the table's time runs under the board
    screen.frame(300)
    assert table.confetti is None  # fallen and gone, not frozen in the air

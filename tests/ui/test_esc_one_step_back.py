"""Esc is one step back: from a screen opened from the pause menu to the pause menu, and
from the round board to the main menu its Menu button names (the game kept for Continue);
back from the scoreboard the round board's focus is where it was."""

from __future__ import annotations

import pygame
import pytest

from game.engine import PRESETS, Game
from game.store.settings import Settings
from game.ui.howto import HowToScreen
from game.ui.matchtable import MatchTable
from game.ui.menu import MainMenu
from game.ui.options import SettingsScreen
from game.ui.roundend import GamePause, RoundEndOverlay
from game.ui.scene import Scene
from game.ui.scoreboard import ScoreboardOverlay
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import Screen

OPENED: dict[str, tuple[int, str, str, type[Scene]]] = {
    "scoreboard": (pygame.K_t, "t", "Scoreboard", ScoreboardOverlay),
    "how to play": (pygame.K_h, "h", "How to play", HowToScreen),
    "settings": (pygame.K_s, "s", "Settings", SettingsScreen),
}


def _table(screen_first: Scene | None = None) -> tuple[Screen, MatchTable]:
    setup = TableSetup("tel_aviv", (SeatSpec("You"), SeatSpec("Ada", "medium")))
    game = Game.from_position(
        PRESETS["tel_aviv"], hands=["9C", "8D KH"], pile="6C", stock="7H 7D 7S"
    )
    table = MatchTable(setup, game, settings=Settings(animation_speed="off"), deal=False)
    if screen_first is None:
        return Screen(table), table
    screen = Screen(screen_first)
    screen.stack.push(table)
    screen.frame()
    return screen, table


@pytest.mark.parametrize("opened", OPENED)
def test_esc_from_a_screen_opened_by_its_key_goes_back_to_the_pause_menu(opened: str) -> None:
    key, typed, label, kind = OPENED[opened]
    screen, table = _table()
    screen.key(pygame.K_ESCAPE)
    screen.key(key, typed)
    assert isinstance(screen.top, kind)
    screen.key(pygame.K_ESCAPE)
    pause = screen.top
    assert isinstance(pause, GamePause)
    assert [b.label for b in pause.buttons if b.focused] == [label]
    screen.key(pygame.K_ESCAPE)
    assert screen.top is table


@pytest.mark.parametrize("opened", OPENED)
def test_esc_from_a_screen_opened_by_its_button_goes_back_to_the_pause_menu(opened: str) -> None:
    _key, _typed, label, kind = OPENED[opened]
    screen, _table_scene = _table()
    screen.key(pygame.K_ESCAPE)
    pause = screen.top
    assert isinstance(pause, GamePause)
    while not next(b for b in pause.buttons if b.label == label).focused:
        screen.key(pygame.K_DOWN)
    screen.key(pygame.K_RETURN)
    assert isinstance(screen.top, kind)
    screen.key(pygame.K_ESCAPE)
    assert screen.top is pause
    assert [b.label for b in pause.buttons if b.focused] == [label]
    screen.key(pygame.K_RETURN)  # Enter opens it again
    assert isinstance(screen.top, kind)


def _round_board(screen: Screen, table: MatchTable) -> RoundEndOverlay:
    """Lay your last card; the board the round ends on."""
    screen.click_card(table, "9C")
    screen.key(pygame.K_RETURN)  # your last card: the round is over
    return screen.until(RoundEndOverlay)


def test_the_round_boards_menu_button_names_esc_and_esc_keeps_the_game_for_continue() -> None:
    menu = MainMenu()
    screen, table = _table(menu)
    board = _round_board(screen, table)
    assert [(b.label, b.hint) for b in board.buttons][-1] == ("Menu", "Esc")
    screen.key(pygame.K_ESCAPE)
    assert screen.top is menu
    assert menu.continue_button.visible


def test_back_from_the_scoreboard_the_round_board_keeps_its_focus() -> None:
    screen, table = _table(MainMenu())
    board = _round_board(screen, table)
    scores = next(b for b in board.buttons if b.label == "Scoreboard")
    while not scores.focused:
        screen.key(pygame.K_TAB)
    screen.key(pygame.K_RETURN)
    assert isinstance(screen.top, ScoreboardOverlay)
    screen.key(pygame.K_ESCAPE)
    assert screen.top is board and scores.focused
    screen.key(pygame.K_RETURN)  # opens the scoreboard again, rather than deal a round
    assert isinstance(screen.top, ScoreboardOverlay)

"""A table of single rounds left on its round board (Menu, or Esc) is kept for Continue:
Continue deals the next round there with the rounds won on its scoreboard, and a new table
takes its place without a question, every round it played being recorded already."""

from __future__ import annotations

import pygame

from game.ui.confirm import ConfirmDialog
from game.ui.matchtable import MatchTable
from game.ui.menu import MainMenu
from game.ui.resume import describe, read_saved_game
from game.ui.roundend import RoundEndOverlay
from tests.ui.menukit import Screen
from tests.ui.test_a_win_counts_when_the_table_is_left import _ola_out


def _board_then_menu() -> tuple[MainMenu, Screen, MatchTable]:
    screen, table = _ola_out()
    for _ in range(5000):
        if isinstance(screen.top, RoundEndOverlay):
            break
        screen.frame(draw=False)
    assert table.game.over and isinstance(screen.top, RoundEndOverlay)
    screen.key(pygame.K_ESCAPE)  # Menu, on the board
    for _ in range(200):
        if isinstance(screen.top, MainMenu):
            break
        screen.frame(draw=False)
    menu = screen.top
    assert isinstance(menu, MainMenu)
    return menu, screen, table


def test_continue_deals_the_next_round_at_the_table_left_on_its_board() -> None:
    menu, screen, table = _board_then_menu()
    assert menu.continue_button.visible
    assert describe(read_saved_game()).startswith("Polish Makao · 3 players · round 2")
    screen.click(menu.continue_button.rect.center)
    continued = screen.top
    assert isinstance(continued, MatchTable) and continued is not table
    assert continued.game.round_no == 2 and not continued.game.over
    assert continued.rounds == table.rounds and len(continued.rounds) == 1
    assert [s.name for s in continued.setup.seats] == ["Ola", "Ada", "Ben"]


def test_a_new_table_replaces_it_without_a_question() -> None:
    menu, screen, _ = _board_then_menu()
    screen.click(menu.quick_button.rect.center)
    top = screen.top
    assert not isinstance(top, ConfirmDialog)
    assert isinstance(top, MatchTable) and top.game.round_no == 1 and not top.rounds

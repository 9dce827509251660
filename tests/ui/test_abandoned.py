"""A game left for the menu and replaced by a new one is recorded as abandoned, not lost."""

from __future__ import annotations

import pygame

from game.store.db import Store
from game.store.saves import has_saved_game
from game.ui.confirm import ConfirmDialog
from game.ui.matchtable import MatchTable
from game.ui.menu import MainMenu
from tests.ui.menukit import Screen


def test_quitting_to_the_menu_then_starting_anew_records_the_old_round_as_abandoned() -> None:
    menu = MainMenu()
    screen = Screen(menu)
    screen.click(menu.quick_button.rect.center)
    first = screen.top
    assert isinstance(first, MatchTable) and not first.game.over
    screen.key(pygame.K_ESCAPE)
    screen.key(pygame.K_q, "q")
    assert screen.top is menu and has_saved_game()

    screen.click(menu.quick_button.rect.center)  # a new game replaces the saved one …
    dialog = screen.top
    assert isinstance(dialog, ConfirmDialog)
    screen.click(dialog.yes_button.rect.center)  # … once the player agrees
    assert isinstance(screen.top, MatchTable) and screen.top is not first

    with Store.open() as store:
        history = store.history()
        assert len(history) == 1
        assert history[0].abandoned
        you = store.profile_stats("You")
    assert you.games == 0 and you.wins == 0  # neither a win nor a loss
    assert you.abandoned == 1

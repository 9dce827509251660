"""The hand's order is the player's: O sorts it and keeps that sort as the setting, and a
change to another setting leaves the order alone (dragged into place or sorted)."""

from __future__ import annotations

import pygame

from game.store.settings import Settings
from game.ui.controls import Choice, Toggle
from game.ui.matchtable import MatchTable
from game.ui.menu import MainMenu
from game.ui.options import SettingsScreen
from tests.ui.menukit import Screen


def _quick_game() -> tuple[Screen, MatchTable]:
    screen = Screen(MainMenu())
    menu = screen.top
    assert isinstance(menu, MainMenu)
    menu.quick_button.click()
    screen.frame(200, draw=False)
    table = screen.stack.find(MatchTable)
    assert table is not None
    return screen, table


def _codes(table: MatchTable) -> list[str]:
    return [hc.card.code for hc in table.hand.cards]


def _settings_from_the_pause_menu(screen: Screen) -> SettingsScreen:
    screen.key(pygame.K_ESCAPE)
    screen.key(pygame.K_s, "s")
    settings = screen.top
    assert isinstance(settings, SettingsScreen)
    return settings


def _flip_four_colour(screen: Screen, settings: SettingsScreen) -> None:
    toggle = dict(settings.rows)["Four-colour deck"]
    assert isinstance(toggle, Toggle)
    settings.focus(toggle)
    screen.key(pygame.K_RETURN)


def test_o_is_kept_as_the_setting_and_shown_on_the_settings_screen() -> None:
    screen, table = _quick_game()
    start = table.hand.sort_mode
    screen.key(pygame.K_o, "o")
    mode = table.hand.sort_mode
    assert mode != start and table.sort_button.label == f"Sort: {mode}"
    settings = _settings_from_the_pause_menu(screen)
    shown = dict(settings.rows)["Sort my hand"]
    assert isinstance(shown, Choice) and shown.value == mode
    assert Settings.load().settings.hand_sort == mode  # remembered for next time


def test_another_setting_changed_leaves_an_o_sort_alone() -> None:
    screen, table = _quick_game()
    screen.key(pygame.K_o, "o")
    mode, order = table.hand.sort_mode, _codes(table)
    _flip_four_colour(screen, _settings_from_the_pause_menu(screen))
    assert table.settings.four_colour
    assert (table.hand.sort_mode, _codes(table)) == (mode, order)
    assert table.sort_button.label == f"Sort: {mode}"


def test_another_setting_changed_leaves_a_dragged_hand_alone() -> None:
    screen, table = _quick_game()
    first = table.hand.cards[0]
    table.hand.move(first.uid, len(table.hand.cards))  # as a drag to the right end does
    table.sort_button.label = "Sort: own"
    order = _codes(table)
    _flip_four_colour(screen, _settings_from_the_pause_menu(screen))
    assert _codes(table) == order and table.sort_button.label == "Sort: own"


def test_the_sort_setting_itself_still_sorts_the_hand() -> None:
    screen, table = _quick_game()
    settings = _settings_from_the_pause_menu(screen)
    chooser = dict(settings.rows)["Sort my hand"]
    assert isinstance(chooser, Choice)
    settings.focus(chooser)
    while chooser.value != "rank":
        screen.key(pygame.K_RIGHT)
    assert table.hand.sort_mode == "rank" and table.sort_button.label == "Sort: rank"

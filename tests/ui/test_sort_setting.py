"""The hand's order is the player's: O sorts it and keeps that sort as the setting, and a
change to another setting leaves the order alone (dragged into place or sorted); an order
of one's own is of that round's cards, and the next round is dealt as the setting sorts."""

from __future__ import annotations

import pygame
import pytest

from game.engine import parse_action
from game.store.settings import Settings
from game.ui.controls import Choice, Toggle
from game.ui.hand import sort_key
from game.ui.matchtable import MatchTable
from game.ui.menu import MainMenu
from game.ui.options import SettingsScreen
from game.ui.resume import read_saved_game, restore
from game.ui.roundend import RoundEndOverlay
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import Screen, handoff_for, polish_position


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


def _own_order_then_out(setup: TableSetup, continued: bool = False) -> tuple[Screen, MatchTable]:
    """Anna arranges her two 5s in her own order, lays both and goes out; then the next
    round, from the board or (``continued``) from the save the board left."""
    stock = "2D 3D 4S 6S 7S 8D 9D 10C JC QC KC AC 2H 3H 4H 6H 7H 8H 9H 10H JH QH"
    screen, table = polish_position(setup, ["5S 5H", "8C 9S 10D 6C JD"], "5D", stock)
    if table.pass_and_play:
        handoff_for(screen, 0)
        screen.key(pygame.K_RETURN)
    screen.frame(2)
    first = table.hand.cards[0]
    assert table.hand.move(first.uid, 1) and table.hand.sort_mode == "none"
    table.apply(parse_action("5H 5S"), 0)
    screen.until(RoundEndOverlay)
    if continued:
        table = restore(read_saved_game().data, settings=table.settings)
        return Screen(table, (1280, 800)), table
    screen.key(pygame.K_RETURN)  # the next round
    return screen, table


@pytest.mark.parametrize("continued", [False, True])
@pytest.mark.parametrize("pass_and_play", [False, True])
def test_an_own_order_ends_with_its_round_and_the_next_deal_is_sorted(
    pass_and_play: bool, continued: bool
) -> None:
    # The order was of the last round's cards; the new hand came in deal order, the button
    # on "Sort: own", while the setting still said by suit (and so after Continue).
    ben = SeatSpec("Ben") if pass_and_play else SeatSpec("Ben", "easy")
    setup = TableSetup("polish", (SeatSpec("Anna"), ben))
    screen, table = _own_order_then_out(setup, continued)
    if pass_and_play:
        handoff_for(screen, table.game.current)
        screen.key(pygame.K_RETURN)
    for _ in range(400):
        if len(table.hand.cards) == 5 and table.director.idle:
            break
        screen.frame()
    cards = [hc.card for hc in table.hand.cards]
    assert len(cards) == 5
    assert table.hand.sort_mode == "suit" and table.sort_button.label == "Sort: suit"
    assert cards == sorted(cards, key=lambda c: sort_key(c, "suit"))
    if pass_and_play:  # Anna's hand, whoever has the screen first, is kept sorted for her
        assert table.arrangements.get(0, ("suit", []))[0] == "suit"

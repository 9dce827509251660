"""The number pad works as the keys it is marked with, on every screen: its digits (NumLock
on, or a Mac's keypad, which types them) pick a jack's rank as the top row's do, and its
arrows (NumLock off) move along the hand, repeating when held as the arrow keys do."""

from __future__ import annotations

import pygame

from game.engine import Game
from game.store.settings import Settings
from game.ui.app import App
from game.ui.choosers import RankChooser
from game.ui.clock import ManualClock
from game.ui.menu import MainMenu
from game.ui.start import table_for
from game.ui.table import TableScene


def _table(hand: str = "JS 7C 9C") -> tuple[App, TableScene]:
    app = App(settings=Settings(animation_speed="off"), clock=ManualClock(), fullscreen=False)
    game = Game.from_position(
        "polish", hands=[hand, "7H 8C 4D"], pile="5S", stock="2C 3C 4C 5C 6C 8H", current=0
    )
    table = table_for(game, ["random"], settings=app.settings, sound=app.sound)
    table.bots.clear()  # the other seat waits: the test sees the person's keys alone
    app.stack.push(table)
    app.stack.update(1 / 60)
    return app, table


def _key(app: App, key: int, *, mod: int = 0, unicode: str = "", up: bool = True) -> None:
    """``key`` pressed (and let go, unless ``up`` is False), as the window delivers it."""
    attrs = {"key": key, "mod": mod, "unicode": unicode, "scancode": 0}
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, **attrs))
    if up:
        app.handle_event(pygame.event.Event(pygame.KEYUP, **attrs))
    app.stack.update(1 / 60)


def _ask_for_a_rank(app: App, table: TableScene) -> RankChooser:
    _key(app, pygame.K_RIGHT)  # the cursor on J♠
    _key(app, pygame.K_RETURN)
    chooser = app.stack.top
    assert isinstance(chooser, RankChooser)
    return chooser


def test_the_number_pads_7_asks_for_7s_with_a_jack() -> None:
    app, table = _table()
    _ask_for_a_rank(app, table)
    _key(app, pygame.K_KP_7, mod=pygame.KMOD_NUM, unicode="7")
    assert app.stack.top is table
    assert table.game.top.code == "JS"
    assert table.game.request is not None and table.game.request["rank"] == "7"


def test_a_keypad_that_types_its_digit_without_numlock_picks_the_rank_too() -> None:
    app, table = _table("JS 10C 9C")
    _ask_for_a_rank(app, table)
    _key(app, pygame.K_KP_0, unicode="0")  # 0 is the 10's key, as on the top row
    assert table.game.request is not None and table.game.request["rank"] == "10"


def test_the_number_pads_6_with_numlock_off_moves_the_cursor_as_the_right_arrow() -> None:
    app, table = _table()
    assert table.hand.cursor is None
    _key(app, pygame.K_KP_6)
    assert table.hand.cursor == 0
    _key(app, pygame.K_KP_6)
    assert table.hand.cursor == 1
    _key(app, pygame.K_KP_4)  # ← again
    assert table.hand.cursor == 0
    _key(app, pygame.K_KP_8)  # ↑ picks the card there
    assert [c.code for c in table.hand.selected_cards()] == ["JS"]


def test_a_held_keypad_arrow_repeats_as_the_arrow_does() -> None:
    app, table = _table()
    for _ in range(3):  # the first press and two repeats, no key let go
        _key(app, pygame.K_KP_6, up=False)
    assert table.hand.cursor == 2


def test_the_number_pads_6_with_numlock_on_is_a_6_and_moves_nothing() -> None:
    app, table = _table()
    _key(app, pygame.K_KP_6, mod=pygame.KMOD_NUM, unicode="6")
    assert table.hand.cursor is None


def test_the_number_pads_2_and_8_move_through_the_main_menu_as_the_arrows_do() -> None:
    app = App(settings=Settings(animation_speed="off"), clock=ManualClock(), fullscreen=False)
    menu = MainMenu()
    app.stack.push(menu)
    app.stack.update(1 / 60)
    first = menu.focused()
    _key(app, pygame.K_DOWN)
    second = menu.focused()
    assert second is not None and second is not first
    _key(app, pygame.K_KP_8)  # ↑
    assert menu.focused() is first
    _key(app, pygame.K_KP_2)  # ↓
    assert menu.focused() is second

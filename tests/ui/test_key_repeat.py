"""Held keys: the ones that move, scroll or delete repeat as on any desktop; a held key that
acts (lays, draws, confirms) acts once per press."""

from __future__ import annotations

import pygame

from game.engine import Game
from game.store.settings import Settings
from game.ui.app import F11_QUIET_S, KEY_REPEAT, App
from game.ui.clock import ManualClock
from game.ui.menu import MainMenu
from game.ui.newgame import NewGameScreen
from game.ui.overlays import PauseOverlay
from game.ui.start import table_for
from game.ui.table import TableScene


def _down(app: App, key: int, times: int = 1, unicode: str = "") -> None:
    """``key`` pressed and held: its first KEYDOWN and ``times - 1`` repeats, as SDL sends them."""
    for _ in range(times):
        app.handle_event(
            pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode, scancode=0)
        )
        app.stack.update(1 / 60)


def _up(app: App, key: int) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))


def _table_app() -> tuple[App, TableScene]:
    app = App(settings=Settings(animation_speed="off"), clock=ManualClock(), fullscreen=False)
    game = Game.from_position(
        "polish", hands=["9C 8D 10D", "7H 8C"], pile="5S", stock="2C 3C 4C 5C 6C", current=0
    )
    table = table_for(game, ["random"], settings=app.settings, sound=app.sound)
    table.bots.clear()  # the other seat waits: the test sees the person's keys alone
    app.stack.push(table)
    app.stack.update(1 / 60)
    return app, table


def test_held_keys_repeat_in_a_window_and_after_switching_to_fullscreen_and_back() -> None:
    app = App(clock=ManualClock(), fullscreen=False)
    assert pygame.key.get_repeat() == KEY_REPEAT
    app.toggle_fullscreen()
    assert pygame.key.get_repeat() == KEY_REPEAT
    app.toggle_fullscreen()
    assert pygame.key.get_repeat() == KEY_REPEAT


def test_a_held_backspace_clears_a_name() -> None:
    app = App(settings=Settings(), clock=ManualClock(), fullscreen=False)
    app.stack.push(MainMenu())
    app.stack.push(NewGameScreen())
    new = app.stack.top
    assert isinstance(new, NewGameScreen)
    name = new.rows[0].name
    new.focus(name)
    name.text = "Zofia"
    _down(app, pygame.K_BACKSPACE, times=4)
    assert name.text == "Z"
    _up(app, pygame.K_BACKSPACE)


def test_held_arrows_walk_along_the_hand() -> None:
    app, table = _table_app()
    _down(app, pygame.K_RIGHT, times=3)
    assert table.hand.cursor == 2


def test_a_held_arrow_stops_at_the_end_of_the_hand_and_a_new_press_goes_round() -> None:
    app, table = _table_app()  # three cards
    _down(app, pygame.K_RIGHT, times=7)  # held on: it would have gone round twice
    assert table.hand.cursor == 2
    _up(app, pygame.K_RIGHT)
    _down(app, pygame.K_RIGHT)  # pressed again at the end: round to the first card
    assert table.hand.cursor == 0
    _up(app, pygame.K_RIGHT)
    _down(app, pygame.K_LEFT, times=2)  # pressed at the first card: round to the last, then on
    assert table.hand.cursor == 1
    _up(app, pygame.K_LEFT)


def test_a_held_up_arrow_picks_the_card_once() -> None:
    app, table = _table_app()
    _down(app, pygame.K_RIGHT)
    _up(app, pygame.K_RIGHT)
    picked = table.hand.cards[0].uid
    _down(app, pygame.K_UP, times=4)  # a repeat would put it back, then pick it again…
    assert table.hand.selection == [picked]
    _up(app, pygame.K_UP)
    _down(app, pygame.K_UP)  # pressed again: put back
    assert table.hand.selection == []


def test_a_held_draw_key_draws_one_card() -> None:
    app, table = _table_app()
    _down(app, pygame.K_d, times=5, unicode="d")
    assert len(table.game.hand(0)) == 4
    assert table.game.stock_count == 4


def test_a_held_esc_opens_the_pause_menu_and_leaves_it_open() -> None:
    app, table = _table_app()
    _down(app, pygame.K_ESCAPE, times=2)
    assert isinstance(app.stack.top, PauseOverlay)
    _up(app, pygame.K_ESCAPE)
    _down(app, pygame.K_ESCAPE)  # pressed again: back to the table
    assert app.stack.top is table


def test_a_held_f11_switches_to_fullscreen_once() -> None:
    app, _ = _table_app()
    _down(app, pygame.K_F11, times=4)
    assert app.fullscreen
    assert isinstance(app.clock, ManualClock)
    app.clock.advance(F11_QUIET_S)  # (pressed again at once, it would count as held)
    _up(app, pygame.K_F11)
    _down(app, pygame.K_F11)
    assert not app.fullscreen

"""The words above your hand and on the pass-and-play hand-off follow the last press: a
table opened with Enter names the keys from its first turn, any key used at the table
names them, and a mouse press anywhere names the mouse again."""

from __future__ import annotations

import pygame
import pytest

from game.engine import Game
from game.store.settings import Settings
from game.ui.app import App
from game.ui.clock import ManualClock
from game.ui.handoff import HandoffScreen
from game.ui.matchtable import MatchTable
from game.ui.overlays import PauseOverlay
from game.ui.setup import SeatSpec, TableSetup
from game.ui.start import table_for
from game.ui.table import TableScene
from tests.ui.textkit import drawn_texts

KEYS_TURN = "Your turn: ← → and ↑ pick a card, Enter lays it, D draws"
MOUSE_TURN = "Your turn: drag a card to the pile, double-click it, or draw"


def _key(app: App, key: int, unicode: str = "") -> None:
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        app.handle_event(pygame.event.Event(kind, key=key, mod=0, unicode=unicode, scancode=0))
    app.stack.update(1 / 60)


def _press(app: App, pos: tuple[int, int], button: int = 1) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.handle_event(pygame.event.Event(kind, pos=pos, button=button, touch=False))
    app.stack.update(1 / 60)


def _table(app: App) -> TableScene:
    game = Game.from_position(
        "polish", hands=["9C 8D 10D", "7H 8C"], pile="5D", stock="2C 3C 4C 5C 6C", current=0
    )
    table = table_for(game, ["random"], settings=app.settings, sound=app.sound)
    table.bots.clear()  # the other seat waits: the words of this turn alone
    app.stack.push(table)
    app.stack.update(1 / 60)
    return table


def test_a_table_opened_by_keys_names_the_keys_until_the_mouse_is_pressed() -> None:
    app = App(settings=Settings(animation_speed="off"), clock=ManualClock(), fullscreen=False)
    _key(app, pygame.K_LSHIFT)  # a modifier alone says nothing
    assert not app.keys_last
    _key(app, pygame.K_RETURN)  # (Enter on the menu's Quick game)
    table = _table(app)
    assert table.flow.phase_hint() == KEYS_TURN
    _press(app, (5, 5))  # the mouse, on the bare table
    assert table.flow.phase_hint() == MOUSE_TURN
    _key(app, pygame.K_l, "l")  # any key used at the table: the log opens
    assert table.flow.phase_hint() == KEYS_TURN
    # A card picked with the keys is laid with them, and put back with them.
    _key(app, pygame.K_RIGHT)
    _key(app, pygame.K_RIGHT)
    _key(app, pygame.K_UP)
    assert [hc.card.code for hc in table.hand.cards if hc.uid in table.hand.selection] == ["8D"]
    assert table.flow.phase_hint() == "Enter lays the card, ↓ on a card puts it back"
    _press(app, (5, 5), button=3)  # a right-click puts it back; then a pick by the mouse
    assert table.flow.phase_hint() == MOUSE_TURN


def test_a_table_opened_by_the_mouse_names_the_mouse() -> None:
    app = App(settings=Settings(animation_speed="off"), clock=ManualClock(), fullscreen=False)
    _press(app, (5, 5))
    table = _table(app)
    assert table.flow.phase_hint() == MOUSE_TURN


def test_the_hand_off_says_how_to_go_on_with_what_was_pressed_last(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = App(settings=Settings(animation_speed="off"), clock=ManualClock(), fullscreen=False)
    _key(app, pygame.K_RETURN)
    people = (SeatSpec("Anna"), SeatSpec("Ben"))
    game = Game.from_position("polish", hands=["9C 8D 10D", "7H 8C"], pile="5D", stock="2C 3C")
    table = MatchTable(TableSetup("polish", people), game, settings=app.settings, deal=False)
    app.stack.push(table)
    for _ in range(10):
        app.stack.update(1 / 60)
    assert isinstance(app.stack.top, HandoffScreen)
    told = [w for w, _ in drawn_texts(monkeypatch, app.stack, app.stack.size)]
    assert "Everyone else, look away — press Enter when ready" in told
    _press(app, (5, 5), button=3)  # (a right-click: the screen stays)
    assert isinstance(app.stack.top, HandoffScreen)
    told = [w for w, _ in drawn_texts(monkeypatch, app.stack, app.stack.size)]
    assert "Everyone else, look away — click when ready" in told
    handoff = app.stack.top
    _key(app, pygame.K_RIGHT)  # (nothing to move on the hand-off)
    _press(app, handoff.ready_button.rect.center)  # shown by a click: the mouse's words
    assert app.stack.top is table
    assert table.flow.phase_hint() == MOUSE_TURN


def test_presses_on_screens_over_the_table_count_too() -> None:
    # Esc opens the pause, a click on Resume closes it: the mouse was pressed last.
    app = App(settings=Settings(animation_speed="off"), clock=ManualClock(), fullscreen=False)
    table = _table(app)
    _key(app, pygame.K_RIGHT)
    assert table.flow.phase_hint() == KEYS_TURN
    _key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseOverlay)
    resume = next(b for b in pause.widgets.widgets if getattr(b, "label", "") == "Resume")
    _press(app, resume.rect.center)
    assert app.stack.top is table
    assert table.flow.phase_hint() == MOUSE_TURN
    _key(app, pygame.K_ESCAPE)
    _key(app, pygame.K_ESCAPE)  # the pause closed by Esc: the keys
    assert app.stack.top is table
    assert table.flow.phase_hint() == KEYS_TURN

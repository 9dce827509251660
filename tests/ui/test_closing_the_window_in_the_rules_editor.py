"""Closing the window (its close button, Alt+F4, Cmd+Q) while the rules editor holds options
changed and not saved asks first, as Back does; closing again while asked closes. Anything
else closes the window at once."""

from __future__ import annotations

import os
import signal

import pygame

from game.engine import PRESETS, Game
from game.store.settings import Settings
from game.ui.app import App
from game.ui.clock import ManualClock
from game.ui.confirm import ConfirmDialog
from game.ui.menu import MainMenu
from game.ui.rulesedit import RulesEditor
from game.ui.start import table_for


def _app() -> App:
    return App(settings=Settings(animation_speed="off"), clock=ManualClock(), fullscreen=False)


def _editor(app: App, *, edit: bool = True) -> RulesEditor:
    app.stack.push(MainMenu())
    editor = RulesEditor(PRESETS["polish"], lambda rules: None)
    app.stack.push(editor)
    app.step(1 / 60)
    if edit:  # one click on the fewest players' right arrow: 2 -> 3
        fewest = editor.controls["min_seats"]
        at = (fewest.rect.right - 4, fewest.rect.centery)
        for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            app.handle_event(
                pygame.event.Event(kind, pos=at, rel=(0, 0), buttons=(0, 0, 0), button=1)
            )
        assert editor.values["min_seats"] == 3 and editor.edited
    return editor


def _close(app: App) -> None:
    app.handle_event(pygame.event.Event(pygame.QUIT))


def test_closing_with_unsaved_rules_asks_and_keeps_the_window_open() -> None:
    app = _app()
    editor = _editor(app)
    _close(app)
    question = app.stack.top
    assert app.running
    assert isinstance(question, ConfirmDialog)
    assert question.question == "Quit without these rules?"
    assert question.yes_button.label == "Discard and quit"
    assert question.no_button.label == "Keep editing"
    assert editor.stack is not None


def test_keep_editing_stays_with_the_edits_and_the_next_close_asks_again() -> None:
    app = _app()
    editor = _editor(app)
    _close(app)
    question = app.stack.top
    assert isinstance(question, ConfirmDialog)
    question.no_button.click()
    app.step(1 / 60)
    assert app.running and app.stack.top is editor and editor.edited
    _close(app)
    assert app.running and isinstance(app.stack.top, ConfirmDialog)


def test_discard_and_quit_closes_the_window() -> None:
    app = _app()
    _editor(app)
    _close(app)
    question = app.stack.top
    assert isinstance(question, ConfirmDialog)
    question.yes_button.click()
    assert not app.running


def test_closing_again_while_asked_closes() -> None:
    app = _app()
    _editor(app)
    _close(app)
    assert app.running
    _close(app)
    assert not app.running


def test_the_editor_with_nothing_changed_closes_at_once() -> None:
    app = _app()
    _editor(app, edit=False)
    _close(app)
    assert not app.running


def test_a_table_closes_at_once() -> None:
    app = _app()
    game = Game.from_position(
        "polish", hands=["9C 8D 10D", "7H 8C"], pile="5S", stock="2C 3C 4C 5C 6C", current=0
    )
    app.stack.push(table_for(game, ["random"], settings=app.settings, sound=app.sound))
    app.step(1 / 60)
    _close(app)
    assert not app.running


def test_sigterm_closes_at_once_with_nobody_asked() -> None:
    # A shutdown or a ``kill`` sends SIGTERM, which SDL turns into a close button's click:
    # the question would hold the process up until the system killed it.
    app = _app()
    _editor(app)
    seen: list[object] = []

    def each_frame(a: App) -> None:
        seen.append(a.stack.top)
        if a.frame == 3:
            os.kill(os.getpid(), signal.SIGTERM)

    app.on_frame = each_frame
    before = signal.getsignal(signal.SIGTERM)
    assert app.run(frames=app.frame + 120) == 0
    assert not app.running and len(seen) < 10
    assert not any(isinstance(top, ConfirmDialog) for top in seen)
    assert signal.getsignal(signal.SIGTERM) == before  # given back once the window closed

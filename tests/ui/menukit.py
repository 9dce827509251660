"""Driving the menus and match tables headless with real pygame events."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future, wait
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import pygame
import pytest

from game.engine import Card
from game.store import Store
from game.store.settings import Settings
from game.ui import launch
from game.ui.scene import Scene, SceneStack
from game.ui.setup import TableSetup

if TYPE_CHECKING:
    from game.ui.handoff import HandoffScreen
    from game.ui.matchtable import MatchTable

S = TypeVar("S", bound=Scene)


def wait_for_bots(scenes: tuple[Scene, ...]) -> None:
    """Let a bot that is thinking on the worker thread finish before the next frame.

    A test runs frames as fast as the machine allows, so without this the frames a bot's move
    takes would depend on how soon the worker thread gets its turn (a faster machine runs
    more frames meanwhile); waiting makes every frame count depend on the game alone.
    """
    for scene in scenes:
        thinking = getattr(scene, "thinking", None)
        if isinstance(thinking, Future):
            wait([thinking], timeout=60)


class Screen:
    """A scene stack on a dummy display, with keys, clicks and typing."""

    def __init__(self, first: Scene, size: tuple[int, int] = (1280, 800)) -> None:
        pygame.display.init()
        pygame.font.init()
        self.surface = pygame.display.set_mode(size)
        self.stack = SceneStack(None, size)
        self.stack.push(first)
        self.frame()

    @property
    def top(self) -> Scene | None:
        return self.stack.top

    def frame(self, n: int = 1, draw: bool = True) -> None:
        for _ in range(n):
            wait_for_bots(self.stack.scenes)
            self.stack.update(1 / 60)
            if draw:
                self.stack.draw(self.surface)

    def until(self, kind: type[S], frames: int = 600) -> S:
        """Run frames until a scene of ``kind`` is on top (at most ``frames``); that scene."""
        for _ in range(frames):
            if isinstance(self.top, kind):
                break
            self.frame()
        top = self.top
        assert isinstance(top, kind), f"no {kind.__name__} after {frames} frames: {top}"
        return top

    def send(self, event_type: int, **attrs: object) -> None:
        self.stack.handle_event(pygame.event.Event(event_type, **attrs))
        self.frame()

    def key(self, key: int, unicode: str = "", mod: int = 0) -> None:
        self.send(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)

    def type(self, text: str) -> None:
        self.send(pygame.TEXTINPUT, text=text)

    def click(self, pos: tuple[float, float]) -> None:
        p = (round(pos[0]), round(pos[1]))
        self.send(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0))
        self.send(pygame.MOUSEBUTTONDOWN, pos=p, button=1)
        self.send(pygame.MOUSEBUTTONUP, pos=p, button=1)

    def click_card(self, table: object, code: str) -> None:
        """Click the visible left strip of ``code`` in the hand at the bottom."""
        hand = table.hand  # type: ignore[attr-defined]
        layout = table.layout  # type: ignore[attr-defined]
        hc = next(c for c in hand.cards if c.card == Card.parse(code))
        x, y = hand.centre(hc, layout)
        self.click((x - layout.card[0] * 0.35, y))


def play_to_match_end(screen: Screen, frames: int = 60000) -> None:
    """Run a bots' match frame by frame, taking each next round, until the match-end screen."""
    from game.ui.roundend import RoundEndOverlay
    from game.ui.scoreboard import MatchEndScreen

    for _ in range(frames):
        top = screen.top
        if isinstance(top, MatchEndScreen):
            return
        if isinstance(top, RoundEndOverlay):
            screen.key(pygame.K_RETURN)
        screen.frame(draw=False)
    raise AssertionError("the match did not end")


def play_rounds(
    screen: Screen,
    rounds: int,
    at_each: Callable[[int], None] | None = None,
    frames: int = 200000,
) -> None:
    """Run a bots' match frame by frame until the board of its ``rounds``-th round shows,
    taking each next round before that; ``at_each(n)`` is called as the n-th board shows."""
    from game.ui.roundend import RoundEndOverlay

    shown = 0
    for _ in range(frames):
        if isinstance(screen.top, RoundEndOverlay):
            shown += 1
            if at_each is not None:
                at_each(shown)
            if shown == rounds:
                return
            screen.key(pygame.K_RETURN)
        screen.frame(draw=False)
    raise AssertionError(f"{shown} rounds of {rounds} were played")


def handoff_for(screen: Screen, seat: int, frames: int = 600) -> HandoffScreen:
    """Run frames until the pass-and-play hand-off screen for ``seat`` is on top; it."""
    from game.ui.handoff import HandoffScreen

    for _ in range(frames):
        top = screen.top
        if isinstance(top, HandoffScreen) and top.seat == seat:
            return top
        screen.frame()
    raise AssertionError(f"no hand-off for seat {seat}")


def quick_game_home(home: Path, monkeypatch: pytest.MonkeyPatch, quick: TableSetup) -> None:
    """A fresh data folder whose Quick game is ``quick``, with animation off and fast bots:
    the start of the tests about replacing a saved game."""
    monkeypatch.setenv("MACAU_HOME", str(home))
    Settings(animation_speed="off", bot_pace="fast", last_setup=quick.to_dict()).save()
    launch._fallback.clear()


def save_path(home: Path) -> Path:
    """Where the game in progress is saved in ``home``."""
    return home / "state" / "current_game.json"


def polish_position(
    setup: TableSetup, hands: list[str], pile: str, stock: str
) -> tuple[Screen, MatchTable]:
    """A polish table of ``setup`` dealt as given (animation off, hands sorted by suit),
    on a 1280×800 screen."""
    from game.engine import PRESETS, Game
    from game.ui.matchtable import MatchTable

    game = Game.from_position(PRESETS["polish"], hands=hands, pile=pile, stock=stock)
    off = Settings(animation_speed="off", hand_sort="suit")
    table = MatchTable(setup, game, settings=off, seed=5, deal=False)
    return Screen(table, (1280, 800)), table


def save_a_classic_match(home: Path) -> Path:
    """A real save in ``home``: a Classic match of a person and a medium bot, as a table
    saves it; the save's path."""
    from game.ui.matchtable import MatchTable
    from game.ui.setup import SeatSpec

    setup = TableSetup("classic", (SeatSpec("Anna"), SeatSpec("Ben", "medium")), target=500)
    table = MatchTable(setup, setup.new_game(seed=3), settings=Settings(), seed=3)
    table.save()
    table.shutdown()
    return save_path(home)


def store_opened_on(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the threads ``Store.open`` is called on from now on."""
    names: list[str] = []
    original = Store.open.__func__  # type: ignore[attr-defined]

    def opening(cls: type[Store], path: Path | None = None) -> Store:
        names.append(threading.current_thread().name)
        return original(cls, path)  # type: ignore[no-any-return]

    monkeypatch.setattr(Store, "open", classmethod(opening))
    return names

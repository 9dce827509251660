"""Whatever a player clicks, drags, types or resizes, no screen fails.

A seeded stream of random input (clicks, double clicks, drags, keys, typing, wheel turns,
window resizes) drives the whole app from the main menu: quick games, new games, the rules
editor, statistics, settings, the pause menu and the choosers at the table. Every event goes
through the app as the window's would, and every screen is updated and drawn after it.
"""

from __future__ import annotations

import random
from collections import Counter

import pygame
import pytest

from game.store.settings import Settings
from game.ui.app import App
from game.ui.clock import ManualClock
from game.ui.menu import MainMenu
from tests.ui.menukit import wait_for_bots

KEYS = (
    pygame.K_RETURN,
    pygame.K_ESCAPE,
    pygame.K_SPACE,
    pygame.K_TAB,
    pygame.K_BACKSPACE,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_PAGEDOWN,
    pygame.K_HOME,
    pygame.K_DELETE,
    pygame.K_d,
    pygame.K_h,
    pygame.K_m,
    pygame.K_s,
    pygame.K_t,
    pygame.K_l,
    pygame.K_n,
    pygame.K_y,
    pygame.K_1,
)
TEXTS = ("a", "Zoë", "7", " ", "♠", "x" * 40, "\u202e", "😀")


def _random_events(rng: random.Random, size: tuple[int, int]) -> list[pygame.event.Event]:
    w, h = size
    roll = rng.random()
    if roll < 0.45:
        pos = (rng.randrange(w), rng.randrange(h))
        button = rng.choice((1, 1, 1, 3, 4, 5))
        click = [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
        ]
        return click + click[1:] if rng.random() < 0.2 else click  # a double click
    if roll < 0.55:
        a = (rng.randrange(w), rng.randrange(h))
        b = (rng.randrange(w), rng.randrange(h))
        drag = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1)]
        for k in range(1, 5):
            p = (a[0] + (b[0] - a[0]) * k // 4, a[1] + (b[1] - a[1]) * k // 4)
            drag.append(
                pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0))
            )
        return [*drag, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1)]
    if roll < 0.85:
        key = rng.choice(KEYS)
        return [
            pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0),
            pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0),
        ]
    if roll < 0.93:
        return [pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(TEXTS))]
    if roll < 0.97:
        turn = rng.choice((-3, -1, 1, 3))
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=turn, flipped=False)]
    new = (rng.randrange(300, 3841), rng.randrange(200, 2161))
    return [pygame.event.Event(pygame.VIDEORESIZE, w=new[0], h=new[1], size=new)]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_input_never_breaks_a_screen(seed: int) -> None:
    rng = random.Random(seed)
    clock = ManualClock()
    app = App(settings=Settings(bot_pace="fast"), clock=clock, fullscreen=False)
    app.stack.push(MainMenu())
    seen: Counter[str] = Counter()
    for _ in range(1500):
        for event in _random_events(rng, app.screen.get_size()):
            if event.type == pygame.VIDEORESIZE:
                if app.fullscreen:
                    continue  # a fullscreen window is not dragged to another size
                # As a desktop does it: the window takes the new size, then says so. (The
                # headless driver leaves the surface as it was unless told.)
                pygame.display.set_mode(event.size, pygame.RESIZABLE)
            app.handle_event(event)
        for _ in range(rng.choice((1, 1, 3, 10, 40))):
            wait_for_bots(app.stack.scenes)
            app.stack.update(1 / 60)
        app.stack.draw(app.screen)
        top = app.stack.top
        seen[type(top).__name__] += 1
        if not app.running or not len(app.stack):  # the player quit: start again
            app.running = True
            app.stack.push(MainMenu())
    # the stream reached a game and more than the menus around it
    assert seen["MatchTable"] > 100
    assert len(seen) >= 5, seen

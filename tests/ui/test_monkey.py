"""Random input from the main menu on: clicks (mostly on buttons and cards), drags to the pile,
keys, typing, the wheel and window resizes, for thousands of events. Nothing may raise, and
every scene must keep drawing. Seeded: each run sends the same events, though bots think on
a worker thread, so where their moves fall between the events can vary a little."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from game.ui import launch
from game.ui.menu import MainMenu
from game.ui.scene import Scene
from tests.ui.menukit import Screen

_KEYS = (
    pygame.K_RETURN,
    pygame.K_ESCAPE,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_TAB,
    pygame.K_SPACE,
    pygame.K_BACKSPACE,
    pygame.K_PAGEDOWN,
    pygame.K_HOME,
    pygame.K_d,
    pygame.K_l,
    pygame.K_t,
    pygame.K_s,
    pygame.K_m,
    pygame.K_h,
    pygame.K_1,
    pygame.K_2,
)
_SIZES = ((1280, 800), (960, 600), (1600, 1000), (800, 560), (1024, 768))


def _targets(scene: Scene) -> list[pygame.Rect]:
    """Rects worth clicking on ``scene``: its visible widgets (a table's buttons among them),
    and the cards of a table's hand."""
    rects: list[pygame.Rect] = []
    group = getattr(scene, "widgets", None)
    for widget in getattr(group, "widgets", ()):
        if getattr(widget, "visible", False):
            rects.append(pygame.Rect(widget.rect))
    hand = getattr(scene, "hand", None)
    layout = getattr(scene, "layout", None)
    if hand is not None and layout is not None:
        for hc in getattr(hand, "cards", ()):
            try:
                x, y = hand.centre(hc, layout)
            except (AttributeError, TypeError, ValueError):
                break
            rects.append(pygame.Rect(int(x) - 10, int(y) - 20, 20, 40))
    return rects


def _point(rng: random.Random, screen: Screen) -> tuple[int, int]:
    top = screen.top
    rects = _targets(top) if top is not None else []
    w, h = screen.stack.size
    if rects and rng.random() < 0.75:
        r = rng.choice(rects)
        return (
            min(w - 1, max(0, rng.randint(r.left, max(r.left, r.right - 1)))),
            min(h - 1, max(0, rng.randint(r.top, max(r.top, r.bottom - 1)))),
        )
    return rng.randrange(w), rng.randrange(h)


def monkey(seed: int, events: int) -> set[str]:
    """Send ``events`` random events from a fresh main menu; the names of the scenes met."""
    launch._fallback.clear()
    rng = random.Random(seed)
    screen = Screen(MainMenu())
    kinds: set[str] = set()
    for _ in range(events):
        if screen.top is None:  # "Quit" with no window around it empties the stack
            screen.stack.push(MainMenu())
        kinds.add(type(screen.top).__name__)
        roll = rng.random()
        if roll < 0.45:
            screen.click(_point(rng, screen))
        elif roll < 0.55:
            start = _point(rng, screen)
            w, h = screen.stack.size
            end = (rng.randrange(w), rng.randrange(h // 4, 3 * h // 4))
            screen.send(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
            screen.send(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
            for k in range(1, 4):
                p = (
                    start[0] + (end[0] - start[0]) * k // 3,
                    start[1] + (end[1] - start[1]) * k // 3,
                )
                screen.send(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0))
            screen.send(pygame.MOUSEBUTTONUP, pos=end, button=1)
        elif roll < 0.8:
            key = rng.choice(_KEYS)
            char = pygame.key.name(key) if len(pygame.key.name(key)) == 1 else ""
            screen.key(key, char)
        elif roll < 0.85:
            screen.type(rng.choice(["a", "Zo", "é", " ", "9", "Player 2", "ß" * 20]))
        elif roll < 0.9:
            pos = _point(rng, screen)
            screen.send(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
            screen.send(pygame.MOUSEWHEEL, x=0, y=rng.choice([-3, -1, 1, 3]), flipped=False)
        elif roll < 0.92:
            size = rng.choice(_SIZES)
            screen.surface = pygame.display.set_mode(size)
            screen.stack.resize(size)
            screen.frame()
        else:
            screen.frame(rng.randrange(1, 90))  # let bots move and animations run
    return kinds


@pytest.mark.parametrize("seed", [1, 2])
def test_random_input_from_the_menu_never_breaks_a_screen(
    seed: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MACAU_HOME", str(tmp_path))
    kinds = monkey(seed, 800)
    # the walk reached the table and several screens beyond the menu
    assert "MatchTable" in kinds and len(kinds) >= 5, kinds

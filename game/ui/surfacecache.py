"""A cache of rendered surfaces whose size follows the window's.

``functools.lru_cache`` counts entries, but a window-sized panel weighs as much as a
thousand buttons, and every size the window has had left its own for good. This cache
forgets everything when the window changes size (what is drawn is sized from the window,
so the old size's surfaces would not be drawn again), and at one size drops the least
recently used entries once they hold more pixels than a few windows' worth.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

import pygame

__all__ = ["SurfaceCache", "window_pixels", "window_size"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

_DEFAULT_WINDOW = (1280, 800)  # before a window is open (tests, benchmarks)


def window_size() -> tuple[int, int]:
    """The window's size (1280×800 before any is open)."""
    surface = pygame.display.get_surface() if pygame.display.get_init() else None
    return surface.get_size() if surface is not None else _DEFAULT_WINDOW


def window_pixels() -> int:
    """The number of pixels in the window (in a 1280×800 one before any is open)."""
    w, h = window_size()
    return max(1, w * h)


class SurfaceCache(Generic[K, V]):
    """Values made once per key for the window's current size: at most ``most`` of them and
    at most ``windows`` times the window's pixels (as ``pixels`` counts a value), the least
    recently used going first.

    The value just made is always kept, however large: a frame must be able to draw it.
    """

    def __init__(self, most: int, windows: float, pixels: Callable[[V], int]) -> None:
        self.most = most
        self.windows = windows
        self._pixels = pixels
        self._values: OrderedDict[K, V] = OrderedDict()
        self._window = (0, 0)  # the window's size the values were made for
        self.made = 0  # how many values were made (a frame that re-renders shows here)

    def get(self, key: K, make: Callable[[], V]) -> V:
        """The value for ``key``, made by ``make`` if it is not kept."""
        window = window_size()
        if window != self._window:
            # Sizes follow the window, so a resize makes every value anew: the old size's
            # go now rather than linger until the budget pushes them out. (One that is the
            # same at both sizes is made once more: a resize's frame redraws most anyway.)
            self._values.clear()
            self._window = window
        found = self._values.get(key)
        if found is not None:
            self._values.move_to_end(key)
            return found
        value = make()
        self.made += 1
        self._values[key] = value
        self._trim()
        return value

    def _trim(self) -> None:
        # Counted afresh each time: card art grows as faces are drawn after it was made.
        budget = self.windows * window_pixels()
        held = sum(self._pixels(v) for v in self._values.values())
        while len(self._values) > 1 and (len(self._values) > self.most or held > budget):
            _key, old = self._values.popitem(last=False)
            held -= self._pixels(old)

    def pixels(self) -> int:
        """How many pixels the kept values hold."""
        return sum(self._pixels(v) for v in self._values.values())

    def clear(self) -> None:
        """Forget every value."""
        self._values.clear()

    def __len__(self) -> int:
        return len(self._values)

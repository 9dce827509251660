"""One place where wall time becomes seconds for ``update(dt)``.

Scenes never read the system clock: the app asks a ``Clock`` for the seconds since the
last frame, and tests swap in a ``ManualClock`` that advances exactly as told.
"""

from __future__ import annotations

import time
from typing import Protocol

import pygame

__all__ = ["MAX_STEP", "Clock", "ManualClock", "SystemClock"]

# A long stall (window dragged, debugger) must not make animations jump or bots race.
MAX_STEP = 0.1


class Clock(Protocol):
    """Turns frames into seconds."""

    def tick(self, fps: int = 0) -> float:
        """Wait to hold ``fps`` (0: no wait) and return seconds since the previous tick."""
        ...

    def now(self) -> float:
        """Seconds since some fixed start; only differences matter."""
        ...

    def wait(self, seconds: float) -> pygame.event.Event | None:
        """Sleep until the next event or for ``seconds``, whichever comes first; the event
        taken from the queue (to be handled first), or None."""
        ...


class SystemClock:
    """The real clock: pygame's frame limiter, with steps capped at ``MAX_STEP``."""

    def __init__(self) -> None:
        self._clock = pygame.time.Clock()
        self._start = time.perf_counter()

    def tick(self, fps: int = 0) -> float:
        """Wait for the frame budget and return the capped seconds since the last tick."""
        return min(self._clock.tick(fps) / 1000.0, MAX_STEP)

    def now(self) -> float:
        """Seconds since this clock was made."""
        return time.perf_counter() - self._start

    def wait(self, seconds: float) -> pygame.event.Event | None:
        """Sleep until the next event (the system wakes us) or for ``seconds``."""
        event = pygame.event.wait(max(1, round(seconds * 1000)))
        return None if event.type == pygame.NOEVENT else event

    def fps(self) -> float:
        """Frames per second averaged by pygame over the last ten ticks."""
        return float(self._clock.get_fps())


class ManualClock:
    """A clock for tests: each ``tick`` returns ``step`` seconds and never sleeps."""

    def __init__(self, step: float = 1 / 60) -> None:
        self.step = step
        self._now = 0.0

    def tick(self, fps: int = 0) -> float:
        """Advance by ``step`` and return it."""
        self._now += self.step
        return self.step

    def wait(self, seconds: float) -> pygame.event.Event | None:
        """No sleep: tests step frames as fast as they like."""
        return None

    def advance(self, seconds: float) -> None:
        """Move time on without a frame (for timers read through ``now``)."""
        self._now += seconds

    def now(self) -> float:
        """The manual time."""
        return self._now

"""Small animation records evaluated against scene time, in the manner of Textual's animator.

A ``Tween`` is a start time, a duration and an easing; its value at time ``t`` is a pure
function, so drawing never changes it. The ``Animator`` holds the time (advanced by
``update(dt)``) and the speed setting: "fast" shortens every duration and "off" makes
every duration zero, so each tween is at its end the moment it is made (tests run so).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

__all__ = [
    "SPEEDS",
    "Animator",
    "Easing",
    "Tween",
    "ease_in_cubic",
    "ease_in_out_cubic",
    "ease_out_back",
    "ease_out_cubic",
    "lerp",
    "linear",
    "wobble",
]

Easing = Callable[[float], float]

# Duration multipliers of the animation speed setting.
SPEEDS: dict[str, float] = {"normal": 1.0, "fast": 0.45, "off": 0.0}


def linear(t: float) -> float:
    """No easing."""
    return t


def ease_out_cubic(t: float) -> float:
    """Fast start, gentle landing: cards thrown onto the table."""
    return 1 - (1 - t) ** 3


def ease_in_cubic(t: float) -> float:
    """Slow start, fast end: cards sucked into a hand."""
    return t**3


def ease_in_out_cubic(t: float) -> float:
    """Smooth both ends: layout moves."""
    return 4 * t**3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    """Overshoots a little and settles: pop-ups and springs."""
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def lerp(a: float, b: float, t: float) -> float:
    """Linear interpolation from ``a`` to ``b``."""
    return a + (b - a) * t


@dataclass(frozen=True, slots=True)
class Tween:
    """An animation from ``start`` lasting ``duration`` seconds with ``easing``."""

    start: float
    duration: float
    easing: Easing = ease_out_cubic

    def progress(self, now: float) -> float:
        """Eased progress in [0, 1] (ease_out_back may overshoot slightly)."""
        if self.duration <= 0 or now >= self.start + self.duration:
            return self.easing(1.0)
        if now <= self.start:
            return self.easing(0.0)
        return self.easing((now - self.start) / self.duration)

    def raw(self, now: float) -> float:
        """Un-eased progress in [0, 1]."""
        if self.duration <= 0:
            return 1.0
        return min(1.0, max(0.0, (now - self.start) / self.duration))

    def done(self, now: float) -> bool:
        """True once the tween has reached its end."""
        return now >= self.start + self.duration

    def value(self, now: float, a: float, b: float) -> float:
        """The eased value between ``a`` and ``b``."""
        return lerp(a, b, self.progress(now))

    @property
    def end(self) -> float:
        """Time at which the tween finishes."""
        return self.start + self.duration


class Animator:
    """Scene time plus the speed setting; makes tweens that start now (or after a delay)."""

    def __init__(self, speed: str = "normal") -> None:
        self.now = 0.0
        self.speed = speed

    @property
    def speed(self) -> str:
        """'normal', 'fast' or 'off'."""
        return self._speed

    @speed.setter
    def speed(self, value: str) -> None:
        if value not in SPEEDS:
            raise ValueError(f"animation speed must be one of {', '.join(SPEEDS)}, not {value!r}")
        self._speed = value
        self.factor = SPEEDS[value]

    @property
    def off(self) -> bool:
        """True when animations snap to their end."""
        return self.factor == 0

    def update(self, dt: float) -> None:
        """Advance scene time."""
        self.now += dt

    def seconds(self, base: float) -> float:
        """``base`` seconds scaled by the speed setting."""
        return base * self.factor

    def tween(self, duration: float, easing: Easing = ease_out_cubic, delay: float = 0.0) -> Tween:
        """A tween of ``duration`` (scaled by speed) starting after ``delay`` (also scaled)."""
        return Tween(self.now + delay * self.factor, duration * self.factor, easing)


def wobble(t: float, amount: float = 1.0) -> float:
    """A damped sine in [-amount, amount], for shakes (e.g. an illegal drop)."""
    return amount * math.sin(t * math.pi * 6) * (1 - t)

"""Sound effects: load them once, play them by name, and stay quiet when audio is unavailable.

A card game must never crash or nag because a machine has no sound card: if the mixer
cannot start, or a file is missing, this logs one line and carries on in silence.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable

import pygame

from game.failures import quiet_stderr
from game.resources import MissingAsset, sound_path

__all__ = ["EFFECTS", "Sound"]

log = logging.getLogger(__name__)

# Every effect sounds/generate.py writes; the UI refers to them by these names.
EFFECTS: tuple[str, ...] = (
    "deal",
    "play",
    "draw",
    "shuffle",
    "penalty",
    "skip",
    "macau",
    "win",
    "lose",
    "click",
    "error",
)


class Sound:
    """Plays named effects; ``volume`` (0..1) and ``muted`` take effect at once."""

    def __init__(
        self, *, volume: float = 0.8, muted: bool = False, names: Iterable[str] = EFFECTS
    ) -> None:
        self._volume = _clamp(volume)
        self._muted = muted
        self._effects: dict[str, pygame.mixer.Sound] = {}
        self._unknown: set[str] = set()
        self.available = _start_mixer()
        if self.available:
            for name in names:
                self._load(name)
            self._apply_volume()

    @property
    def volume(self) -> float:
        """Loudness from 0 (silent) to 1 (full)."""
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self._volume = _clamp(value)
        self._apply_volume()

    @property
    def muted(self) -> bool:
        """True while sound is switched off; the volume is kept for when it comes back."""
        return self._muted

    @muted.setter
    def muted(self, value: bool) -> None:
        self._muted = bool(value)
        if self._muted and self.available:
            pygame.mixer.stop()  # cut anything already playing, not just the next effect
        self._apply_volume()

    def play(self, name: str) -> None:
        """Play effect ``name`` (e.g. ``"deal"``); does nothing when muted or without audio."""
        if self._muted or not self.available:
            return
        effect = self._effects.get(name)
        if effect is None:
            if name not in self._unknown and name not in EFFECTS:
                self._unknown.add(name)
                log.warning(
                    "No sound effect called %r; known effects: %s", name, ", ".join(EFFECTS)
                )
            return
        effect.play()

    def stop(self) -> None:
        """Stop every effect that is playing."""
        if self.available:
            pygame.mixer.stop()

    def _load(self, name: str) -> None:
        try:
            # As bytes: pygame cannot open a name holding a lone surrogate, which is how
            # Python reads a folder named in another encoding than UTF-8 (a Latin-1 "café").
            self._effects[name] = pygame.mixer.Sound(file=os.fsencode(sound_path(name)))
        except MissingAsset as exc:
            log.warning("Sound %r will be silent: %s", name, exc)
        except (pygame.error, OSError) as exc:
            log.warning("Sound %r will be silent: could not read it (%s)", name, exc)

    def _apply_volume(self) -> None:
        level = 0.0 if self._muted else self._volume
        for effect in self._effects.values():
            effect.set_volume(level)


def _clamp(value: float) -> float:
    return min(1.0, max(0.0, float(value)))


def _start_mixer() -> bool:
    """Open the audio device if nobody has yet; False (after one log line) when it cannot."""
    try:
        if not pygame.mixer.get_init():
            # Small buffer: a card slap that lags the animation feels wrong. The sound
            # libraries of a machine with no sound card write a page of their own complaints
            # to the terminal; the one line in the log says it.
            with quiet_stderr():
                pygame.mixer.init(frequency=44_100, size=-16, channels=2, buffer=512)
    except Exception as exc:
        log.warning("Sound is off: the audio device could not be opened (%s)", exc)
        return False
    return True

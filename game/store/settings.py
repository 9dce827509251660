"""The player's settings, kept as versioned JSON in ``config_dir()/settings.json``.

A damaged file is renamed aside and defaults are used; a single bad value falls back to
its default without losing the others, and the player is told which. Keys this version
does not know (written by a newer version) are ignored on load but kept on save.
"""

from __future__ import annotations

import contextlib
import json
import math
from collections.abc import Iterable
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from game.store.files import (
    atomic_write_json,
    nested_deeper_than,
    read_json_object,
    remove_stale_temporaries,
    set_aside,
    unreadable_reason,
    updating,
)
from game.store.paths import StoreUnavailable, config_dir, where

FORMAT = "macau-settings"
VERSION = 1
FILE_NAME = "settings.json"
# A remembered window size outside these bounds is a damaged value, not a window.
WINDOW_MIN = 100
WINDOW_MAX = 16384

# The card backs the game draws (game.ui.cardart paints them).
CARD_BACKS: tuple[str, ...] = ("blue", "red", "green")

# The volume goes in steps of a tenth (the Settings screen's 0%…100%): a volume written by
# hand between two steps is taken as the nearest, so the one shown is the one heard.
VOLUME_STEPS = 10

# A setting holds lists and objects at most this deep (the last setup is three deep: the
# setup, its seats, a seat). One deeper was not written by a game, and may be too deep to
# write back at all.
MAX_NESTING = 8

# The settings the player chooses on the Settings screen, by the names its rows show: a bad
# one of these is told (the window's size is the game's own memory).
CHOSEN_WORDS: dict[str, str] = {
    "volume": "Volume",
    "muted": "Mute sound",
    "animation_speed": "Animation speed",
    "card_back": "Card back",
    "four_colour": "Four-colour deck",
    "large_index": "Large indices",
    "hand_sort": "Sort my hand",
    "fullscreen": "Fullscreen",
    "bot_pace": "Bots' pace",
}

# The last setup is the game's own memory too, but a bad one is told and put back to its
# default, as a chosen setting is: left in the file it would go back with every save.
TOLD_WORDS: dict[str, str] = {**CHOSEN_WORDS, "last_setup": "Quick game table"}

CHOICES: dict[str, tuple[str, ...]] = {
    "animation_speed": ("normal", "fast", "off"),
    "card_back": CARD_BACKS,
    "hand_sort": ("suit", "rank", "none"),
    "bot_pace": ("slow", "normal", "fast"),  # (a scale: one way faster, the other slower)
}


@dataclass(frozen=True)
class Settings:
    """Everything the options screen changes. Change one with ``dataclasses.replace``."""

    volume: float = 0.8
    muted: bool = False
    animation_speed: str = "normal"
    card_back: str = "blue"
    four_colour: bool = False
    large_index: bool = False
    hand_sort: str = "suit"
    fullscreen: bool = False
    bot_pace: str = "normal"
    last_setup: dict[str, Any] | None = None
    # The window's size when the game was last quit (windowed, even if it ended fullscreen).
    window_size: tuple[int, int] | None = None

    @classmethod
    def load(cls, path: Path | None = None) -> LoadedSettings:
        """Read the settings file (defaults if there is none); never raises."""
        return load_settings(path)

    def save(self, path: Path | None = None, only: Iterable[str] | None = None) -> None:
        """Write the settings atomically; StoreUnavailable (with a sentence) on failure.

        ``only``: write just these settings, keeping the others as the file has them."""
        save_settings(self, path, only)


@dataclass(frozen=True)
class LoadedSettings:
    """Settings as loaded, and a sentence for the player if something had to be fixed."""

    settings: Settings
    problem: str | None = None


def _settings_path(path: Path | None) -> Path:
    # Only saving needs a writable folder: a read-only one still holds readable settings.
    return where("config") / FILE_NAME if path is None else path


def _valid(name: str, value: Any, default: Any) -> bool:
    if name == "volume":
        # Compared as it is, never made a float first: a whole number too large for a float
        # (10**400 written by hand) is then simply out of range, as NaN and infinity are.
        return isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= 1
    if name in CHOICES:
        return value in CHOICES[name]
    if name == "window_size":
        return value is None or (
            isinstance(value, list | tuple)
            and len(value) == 2
            and all(
                isinstance(v, int) and not isinstance(v, bool) and WINDOW_MIN <= v <= WINDOW_MAX
                for v in value
            )
        )
    if name == "last_setup":
        return value is None or (
            isinstance(value, dict)
            and all(isinstance(key, str) for key in value)
            and _writable(value)
        )
    return isinstance(value, type(default))


def _writable(value: Any) -> bool:
    """Whether ``value`` read from the file can be written back as it is: not nested too
    deeply to be one a game wrote, and holding no number JSON cannot write (a hand-written
    1e999 reads as infinity)."""
    if nested_deeper_than(value, MAX_NESTING):
        return False
    try:
        json.dumps(value, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        return False
    return True


def volume_step(volume: float) -> float:
    """The volume step nearest ``volume`` (a half step goes up)."""
    return math.floor(volume * VOLUME_STEPS + 0.5) / VOLUME_STEPS


def _read_mapping(values: dict[str, Any]) -> tuple[Settings, list[str]]:
    """Settings from a plain dict, and the names of those whose value was bad."""
    defaults = Settings()
    chosen: dict[str, Any] = {}
    bad: list[str] = []
    for field in fields(Settings):
        default = getattr(defaults, field.name)
        value = values.get(field.name, default)
        if not _valid(field.name, value, default):
            bad.append(field.name)
            continue
        if field.name == "volume":
            value = volume_step(float(value))
        elif field.name == "window_size" and value is not None:
            value = (value[0], value[1])  # JSON gives a list
        chosen[field.name] = value
    return Settings(**chosen), bad


def _bad_values_told(document: dict[str, Any], path: Path | None) -> LoadedSettings:
    """Settings from a readable file; chosen settings (and the last setup) with a bad value
    are named for the player and written back as their defaults (so they are told once),
    the rest kept. A newer game's file is read as it is: its values may be good there."""
    settings, bad = _read_mapping(document["settings"])
    told = [name for name in bad if name in TOLD_WORDS]
    version = document.get("version")
    if not told or (isinstance(version, int) and version > VERSION):
        return LoadedSettings(settings)
    with contextlib.suppress(StoreUnavailable, OSError, ValueError):  # (told again, then)
        save_settings(settings, path, only=told)
    words = ", ".join(TOLD_WORDS[name] for name in told)
    return LoadedSettings(
        settings,
        f"Some settings in the settings file could not be used ({words}), so those are "
        "back to their defaults; the others are kept.",
    )


def load_settings(path: Path | None = None) -> LoadedSettings:
    """Read settings; a damaged file is set aside and defaults used, with a ``problem``.

    A file that cannot be read (no permission) is left where it is.
    """
    target = _settings_path(path)
    remove_stale_temporaries(target)
    try:
        document = read_json_object(target)
        if document is None:
            return LoadedSettings(Settings())
        if document.get("format") != FORMAT or not isinstance(document.get("settings"), dict):
            raise ValueError("not a settings file")
        return _bad_values_told(document, path)
    except OSError as exc:
        return LoadedSettings(
            Settings(),
            f"The settings file could not be read ({unreadable_reason(exc)}), "
            "so default settings are used. It was left where it is.",
        )
    except ValueError as exc:
        # (A file grown past any settings file's size is told so: "damaged" sent a player
        # who padded it by hand looking for a broken line.)
        what = "was too large to be read" if "too large" in str(exc) else "was damaged"
        try:
            moved = set_aside(target, "corrupt", keep_suffix=True)
        except StoreUnavailable:
            return LoadedSettings(
                Settings(),
                f"The settings file {what} and could not be moved aside, "
                "so default settings are used.",
            )
        return LoadedSettings(
            Settings(),
            f"The settings file {what}, so default settings are used. It was kept as {moved.name}.",
        )


def save_settings(
    settings: Settings, path: Path | None = None, only: Iterable[str] | None = None
) -> None:
    """Write ``settings`` atomically, keeping keys a newer version of the game wrote.

    With ``only``, just those settings are written and the file keeps the others as it has
    them: another copy of the game running at the same time may have changed them since
    this one read the file, and must not find its changes undone. (A file with no
    settings to keep, missing or damaged, gets them all.) A value in the file that cannot be
    written back (nested too deeply to be one a game wrote, or an infinite number) is left
    out, so that it cannot stop every save.
    """
    target = config_dir() / FILE_NAME if path is None else path
    with updating(target):
        _merge_and_write(settings, target, only)


def _merge_and_write(settings: Settings, target: Path, only: Iterable[str] | None) -> None:
    values: dict[str, Any] = {}
    version = VERSION
    mine = asdict(settings)
    try:
        existing = read_json_object(target)
        if existing is not None and isinstance(existing.get("settings"), dict):
            values.update(
                (name, value) for name, value in existing["settings"].items() if _writable(value)
            )
            if only is not None:
                mine = {key: mine[key] for key in only}
            # A newer game's file keeps its version: its own keys are kept too, and the
            # newer game must not take the file for one an older game wrote from scratch.
            found = existing.get("version")
            if isinstance(found, int) and not isinstance(found, bool) and found > VERSION:
                version = found
    except ValueError:
        pass  # a damaged file has nothing worth keeping; load() sets it aside
    except OSError as exc:
        # Writing over a file that could not be read would lose the settings in it.
        raise StoreUnavailable(
            f"The settings file could not be read ({unreadable_reason(exc)}), so it was not "
            "written over: this change lasts until you quit."
        ) from exc
    values.update(mine)
    try:
        json.dumps(values, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as exc:
        raise ValueError("The last game setup holds something that cannot be saved.") from exc
    atomic_write_json(target, {"format": FORMAT, "version": version, "settings": values})


def settings_file() -> Path:
    """Where the settings file is (it may not exist yet)."""
    return where("config") / FILE_NAME

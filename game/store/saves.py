"""The saved game in progress and the player's named custom rule sets.

The engine hands over plain, JSON-ready data; this module only keeps it safe. The game is
stored in an envelope ``{"format": "macau-save", "version": 1, "saved_at", "game"}`` in
``state_dir()/current_game.json``; rule sets as ``{name: rules text}`` in
``config_dir()/rulesets.json``. Both are written atomically; damaged files are set aside.
"""

from __future__ import annotations

import contextlib
import errno
import json
import math
import shutil
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.store.files import (
    MAX_SAVE_JSON,
    aside_name,
    atomic_write_bytes,
    atomic_write_json,
    read_json_object,
    remove_stale_temporaries,
    set_aside,
    unreadable_reason,
    updating,
)
from game.store.models import name_key, normal_name
from game.store.paths import StoreUnavailable, config_dir, state_dir, where

SAVE_FORMAT = "macau-save"
SAVE_VERSION = 1
SAVE_NAME = "current_game.json"

NEWER_SAVE = "The saved game was made by a newer version of Macau."

RULES_FORMAT = "macau-rulesets"
RULES_VERSION = 1
RULES_NAME = "rulesets.json"


@dataclass(frozen=True)
class LoadResult:
    """The saved game (None if there is none to resume) and a sentence if there was trouble."""

    data: dict[str, Any] | None
    problem: str | None = None
    saved_at: float | None = None
    newer: bool = False  # left in place: a newer version of Macau wrote it
    unreadable: bool = False  # left in place: it is there, but could not be read (permission)


def save_game(data: dict[str, Any], saved_at: float | None = None) -> None:
    """Save the game in progress, replacing any earlier save all at once. ``saved_at`` keeps
    the time of an earlier save when the save is only amended (a seat renamed): the menu
    says when the game was left, and a save given up for a new game ends then."""
    envelope = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "saved_at": time.time() if saved_at is None else saved_at,
        "game": data,
    }
    # Compact, in one pass: the table saves after every move, on the thread that draws,
    # and indented JSON goes through Python's slow encoder (about 4 ms of the 6 ms a save
    # took; the random streams alone are thousands of numbers, one a line).
    try:
        text = json.dumps(envelope, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    except (TypeError, ValueError) as exc:
        raise ValueError("The game holds something that cannot be saved as JSON.") from exc
    atomic_write_bytes(state_dir() / SAVE_NAME, (text + "\n").encode("utf-8"))


def _set_aside_message(path: Path, what: str) -> str:
    try:
        moved = set_aside(path, "corrupt", keep_suffix=True)
    except StoreUnavailable:
        return f"The {what} could not be read and was left where it is."
    return f"The {what} was damaged and could not be used. It was kept as {moved.name}."


def _unreadable_message(exc: OSError, what: str) -> str:
    return f"The {what} could not be read ({unreadable_reason(exc)}) and was left where it is."


def sane_time(value: Any) -> float | None:
    """``value`` as a time stamp, or None when it is not a finite time after 1970.

    A save edited by hand or damaged on disk may hold a huge integer or NaN here; such a
    time is simply not shown rather than allowed to crash the menu.
    """
    if not isinstance(value, int | float) or isinstance(value, bool):
        return None
    try:
        seconds = float(value)
    except OverflowError:
        return None
    if not math.isfinite(seconds) or not 0 <= seconds <= time.time() + 366 * 86400:
        return None
    return seconds


def load_game() -> LoadResult:
    """The saved game, if any; a damaged save is set aside (never deleted). Never raises.

    A save that cannot be read (no permission) is left where it is, with a ``problem``.
    """
    path = where("state") / SAVE_NAME
    remove_stale_temporaries(path)
    try:
        envelope = read_json_object(path, MAX_SAVE_JSON)
    except ValueError:
        return LoadResult(None, _set_aside_message(path, "saved game"))
    except OSError as exc:
        return LoadResult(None, _unreadable_message(exc, "saved game"), unreadable=True)
    if envelope is None:
        return LoadResult(None)
    version = envelope.get("version")
    if not isinstance(version, int) or envelope.get("format") != SAVE_FORMAT:
        return LoadResult(None, _set_aside_message(path, "saved game"))
    if version > SAVE_VERSION:
        # Left in place: the newer version of the game that wrote it can still resume it.
        return LoadResult(None, NEWER_SAVE, newer=True)
    game = envelope.get("game")
    if not isinstance(game, dict):
        return LoadResult(None, _set_aside_message(path, "saved game"))
    return LoadResult(game, None, sane_time(envelope.get("saved_at")))


def keep_unreadable_save() -> str:
    """Rename a save that could not be read out of the way of a new table's save, which
    would otherwise replace it unseen; the sentence to show. Renaming needs no permission to
    read the file, and where the folder refuses it the new table cannot be saved either."""
    path = where("state") / SAVE_NAME
    try:
        moved = set_aside(path, "unreadable", keep_suffix=True)
    except StoreUnavailable:
        return "The saved game that could not be read was left where it is."
    return f"The saved game that could not be read was kept as {moved.name}."


def has_saved_game() -> bool:
    """True when there is a saved game file to offer to resume."""
    try:
        return (where("state") / SAVE_NAME).is_file()
    except OSError as exc:
        # No folder can have so long a name: no save. Else one may be there, unseen (a
        # folder that may not be looked in), and a new table asks before it replaces it.
        return exc.errno != errno.ENAMETOOLONG


def clear_saved_game() -> None:
    """Remove the saved game (after it finished or the player abandoned it)."""
    try:
        (where("state") / SAVE_NAME).unlink(missing_ok=True)
    except NotADirectoryError:
        return  # no folder for a save, so no save: the folder is told once at start
    except OSError as exc:
        if exc.errno == errno.ENAMETOOLONG:
            return  # nor can a folder have so long a name
        raise StoreUnavailable(f"Macau could not remove the saved game ({exc.strerror}).") from exc


@dataclass(frozen=True)
class RuleSets:
    """The saved custom rule sets and a sentence if the file had to be set aside."""

    rule_sets: dict[str, str]
    problem: str | None = None
    readable: bool = True


def rule_sets_stamp() -> tuple[int, int] | None:
    """When the saved rule sets file last changed, as its modification time and size; None
    while there is none (or it cannot be looked at). A screen that lists the sets reads
    them again once this changes: another copy of the game may have saved or deleted one."""
    try:
        found = (where("config") / RULES_NAME).stat()
    except OSError:
        return None
    return (found.st_mtime_ns, found.st_size)


def read_rule_sets() -> RuleSets:
    """The saved rule sets by name, with a ``problem`` when a damaged file was set aside.

    A file that cannot be read (no permission) is left in place and ``readable`` is False.
    """
    path = where("config") / RULES_NAME
    with updating(path):  # a repair writes the file: as a change, never over another's
        return _read_rule_sets(path)


def _read_rule_sets(path: Path) -> RuleSets:
    remove_stale_temporaries(path)
    try:
        document = read_json_object(path)
    except ValueError:
        return RuleSets({}, _set_aside_message(path, "custom rule sets file"))
    except OSError as exc:
        return RuleSets({}, _unreadable_message(exc, "custom rule sets file"), readable=False)
    if document is None:
        return RuleSets({})
    sets = document.get("rule_sets")
    if document.get("format") != RULES_FORMAT or not isinstance(sets, dict):
        return RuleSets({}, _set_aside_message(path, "custom rule sets file"))
    tidy, damage = _tidy_rule_sets(sets)
    if tidy == sets or _newer(document):
        return RuleSets(tidy)  # a newer game's file is read as it is, never repaired
    return RuleSets(tidy, _repair_rule_sets(path, tidy, damage))


def peek_rule_sets() -> dict[str, str] | None:
    """The saved rule sets by name as ``read_rule_sets`` gives them, read without setting
    a damaged file aside or repairing it (that is told where the sets are shown); None
    when the file cannot be read or is damaged."""
    try:
        document = read_json_object(where("config") / RULES_NAME)
    except (ValueError, OSError):  # (StoreUnavailable too: no folder for them)
        return None
    if document is None:
        return {}
    sets = document.get("rule_sets")
    if document.get("format") != RULES_FORMAT or not isinstance(sets, dict):
        return None
    return _tidy_rule_sets(sets)[0]


def _newer(document: dict[str, Any]) -> bool:
    """Whether a newer version of Macau wrote ``document`` (its own entries are kept)."""
    version = document.get("version")
    return isinstance(version, int) and not isinstance(version, bool) and version > RULES_VERSION


UNNAMED_RULE_SET = "Unnamed rule set"


def _tidy_rule_sets(sets: dict[str, Any]) -> tuple[dict[str, str], list[str]]:
    """The rule sets of a file edited by hand, as the game saves them: names tidied as
    ``save_rule_set`` tidies them, one name (letter case aside) for one set, a set without
    a name called ``UNNAMED_RULE_SET``; and what could not be kept as it was."""
    tidy: dict[str, str] = {}
    taken: set[str] = set()  # the names' keys, so a thousand sets are not compared pairwise
    no_text = no_name = renamed = 0
    for raw, text in sets.items():
        if not isinstance(text, str):
            no_text += 1
            continue
        name = normal_name(raw)  # as they are saved now (an older game kept them as typed)
        if not name_key(name):
            name, no_name = UNNAMED_RULE_SET, no_name + 1
        base, n = name, 1
        while name_key(name) in taken:
            n += 1
            name = f"{base} ({n})"
        renamed += name != base
        taken.add(name_key(name))
        tidy[name] = text
    damage = []
    if no_text:
        damage.append(f"{_sets(no_text)} held no rules text and could not be used")
    if no_name:
        damage.append(f"{_sets(no_name)} had no name and {_is(no_name)} now “{UNNAMED_RULE_SET}”")
    if renamed:
        damage.append(f"{_sets(renamed)} shared a name with another and got a number after it")
    return tidy, damage


def _sets(n: int) -> str:
    return "1 saved rule set" if n == 1 else f"{n} saved rule sets"


def _is(n: int) -> str:
    return "is" if n == 1 else "are"


def _repair_rule_sets(path: Path, tidy: dict[str, str], damage: list[str]) -> str | None:
    """Write ``tidy`` in place of the file; the file as it was is kept beside it when
    anything but the spacing of a name changed (``damage``). Returns what the player is
    told, None when only spacing was tidied."""
    if not damage:
        with contextlib.suppress(OSError, StoreUnavailable):
            _write_rule_sets(tidy)
        return None
    what = "; ".join(damage)
    try:
        kept = aside_name(path, "before-repair", keep_suffix=True)
        shutil.copy2(path, kept)
        _write_rule_sets(tidy)
    except (OSError, StoreUnavailable):
        return f"In the custom rule sets file, {what}. The file was left as it is."
    return f"In the custom rule sets file, {what}. The file as it was is kept as {kept.name}."


def load_rule_sets() -> dict[str, str]:
    """The saved rule sets by name (empty if none or unreadable)."""
    return read_rule_sets().rule_sets


def _write_rule_sets(sets: dict[str, str]) -> None:
    """Write ``sets`` as the saved rule sets. What else the file holds is kept: other keys,
    and, in a file a newer version of Macau wrote, its version and the entries it stores as
    more than a text (this version cannot read them, that one still can)."""
    path = config_dir() / RULES_NAME
    try:
        found = read_json_object(path)
    except (OSError, ValueError):
        found = None
    document: dict[str, Any] = dict(found) if found is not None else {}
    kept: dict[str, Any] = {}
    if _newer(document) and isinstance(document.get("rule_sets"), dict):
        kept = {n: v for n, v in document["rule_sets"].items() if not isinstance(v, str)}
    else:
        document["version"] = RULES_VERSION
    document.update(format=RULES_FORMAT, rule_sets={**kept, **sets})
    atomic_write_json(path, document)


def _existing_rule_sets() -> dict[str, str]:
    # Writing over a file that could not be read would lose every rule set in it.
    found = read_rule_sets()
    if not found.readable:
        raise StoreUnavailable(found.problem or "The custom rule sets file could not be read.")
    return found.rule_sets


def _rule_set_name(name: str) -> str:
    """``name`` tidied as a player's name is (``normal_name``): the rounds of the set keep
    it so, and a name of invisible characters alone is no name."""
    clean = normal_name(name)
    if not name_key(clean):
        raise ValueError("A rule set needs a name.")
    return clean


def same_rule_set_name(name: str, names: Iterable[str]) -> str | None:
    """The name among ``names`` that ``name`` stands for (letter case and spacing aside:
    "home" and "Home" are one rule set), or None."""
    key = name_key(name)
    return next((n for n in names if name_key(n) == key), None)


def save_rule_set(name: str, text: str) -> None:
    """Save (or replace) the rule set called ``name``; one saved under the same name in
    other letter case is replaced too, and the name takes the spelling given now."""
    with updating(where("config") / RULES_NAME):
        sets = _existing_rule_sets()
        clean = _rule_set_name(name)
        key = name_key(clean)
        sets = {n: t for n, t in sets.items() if name_key(n) != key}
        sets[clean] = text
        _write_rule_sets(sets)


def delete_rule_set(name: str) -> bool:
    """Forget the rule set called ``name``; False (and nothing changed) if there is none."""
    with updating(where("config") / RULES_NAME):
        sets = _existing_rule_sets()
        held = same_rule_set_name(_rule_set_name(name), sets)
        if held is None:
            return False
        del sets[held]
        _write_rule_sets(sets)
        return True

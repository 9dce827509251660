"""Rounds and matches kept back while another program held the statistics file.

A program that keeps the file's write lock (a database browser with unsaved changes, for
minutes or hours) must neither freeze the window nor lose a round. The store waits a moment
for the lock (``opening.LOCK_WAIT_S``), then keeps what it meant to record here instead and
records it, oldest first, at its next write or the next opening that finds the file free: a
later round's end, leaving the table, the Statistics screen, the next start.

Each record is one small JSON file in a folder beside the statistics file (``macau-pending``
beside ``macau.sqlite3``), written whole under a temporary name and then renamed, so a copy
of the game killed while keeping one leaves no half of it, and two copies keeping records
at once never write over each other's. A record is stored once however often it is reported
(a round by its ``round_key``, a match by its key), so two copies recording the same kept
file at once store it once. A file that cannot be read, or whose record can never be stored,
is renamed aside rather than deleted, and never holds the others up.
"""

from __future__ import annotations

import contextlib
import logging
import time
import uuid
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any, cast

from game.store.files import atomic_write_json, read_json_object, set_aside
from game.store.models import GameRecord, MatchRecord, MatchSeat, SeatResult
from game.store.paths import StoreUnavailable

__all__ = ["Kept", "folder", "keep", "put_aside", "recorded", "waiting"]

log = logging.getLogger(__name__)

VERSION = 1

Record = GameRecord | MatchRecord


@dataclass(frozen=True)
class Kept:
    """A record waiting to be stored, and the file that keeps it."""

    path: Path
    record: Record


def folder(db: Path) -> Path:
    """Where the records kept for the statistics file ``db`` wait."""
    return db.with_name(f"{db.stem}-pending")


def keep(db: Path, record: Record) -> None:
    """Keep ``record`` until the statistics file ``db`` can be written (OSError or
    StoreUnavailable if it cannot be kept either). A round without a ``round_key`` gets one,
    so that two copies of the game recording it from here store it once."""
    if isinstance(record, GameRecord) and record.round_key is None:
        record = replace(record, round_key=uuid.uuid4().hex)
    kind = "round" if isinstance(record, GameRecord) else "match"
    place = folder(db)
    # Named by the time first, so that the files list in the order they were kept.
    name = f"{_next_stamp(place):020d}-{uuid.uuid4().hex[:8]}.json"
    for attempt in range(2):
        place.mkdir(parents=True, exist_ok=True)
        try:
            atomic_write_json(place / name, {"version": VERSION, kind: asdict(record)})
            return
        except FileNotFoundError:
            if attempt:  # the folder went again: not a race with ``tidy``
                raise


def _next_stamp(place: Path) -> int:
    """The time now in nanoseconds, or just after the latest record kept if that is later:
    a clock set back between two rounds (a corrected clock) must not file the later round
    before the earlier one, which is recorded first."""
    stamp = time.time_ns()
    try:
        kept = [p.name[:20] for p in place.glob("*.json")]
    except OSError:
        return stamp
    latest = max((int(k) for k in kept if k.isdigit()), default=-1)
    return max(stamp, latest + 1)


def tidy(db: Path) -> None:
    """Remove the folder of kept records once it is empty (every record stored, none set
    aside), so nothing is left behind that looks like unfinished business. Another copy of
    the game keeping a record meanwhile makes the folder again (``keep``)."""
    with contextlib.suppress(OSError):  # not empty, already gone, or not ours to remove
        folder(db).rmdir()


def waiting(db: Path) -> list[Kept]:
    """The records kept for ``db``, oldest first. A file that is not a record is renamed
    aside; one from a newer version of the game is left for that version to store."""
    try:
        names = sorted(folder(db).glob("*.json"))
    except OSError:
        return []
    found = []
    for path in names:
        try:
            document = read_json_object(path)
        except OSError:
            continue  # unreadable now (or taken by another copy meanwhile): tried next time
        except ValueError:
            put_aside(path)
            continue
        if document is None:
            continue
        version = document.get("version")
        if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
            continue
        try:
            found.append(Kept(path, _record(document)))
        except (ValueError, TypeError, ArithmeticError):
            put_aside(path)
    return found


def recorded(kept: Kept) -> None:
    """``kept`` is in the statistics now: its file goes (another copy may have removed it)."""
    with contextlib.suppress(OSError):
        kept.path.unlink(missing_ok=True)


def put_aside(path: Path) -> None:
    """Rename a kept file that cannot be stored out of the way, so it holds nothing up."""
    try:
        moved = set_aside(path, "unrecorded", keep_suffix=False)  # no longer a .json
    except StoreUnavailable:
        log.warning("a kept record could not be set aside: %s", path)
        return
    log.warning("a kept record that cannot be stored was set aside as %s", moved)


def _record(document: dict[str, Any]) -> Record:
    """The record a kept file holds; ValueError or TypeError when it holds none."""
    kinds = [kind for kind in ("round", "match") if kind in document]
    if document.get("version") != VERSION or len(kinds) != 1:
        raise ValueError("not a kept record")
    cls = GameRecord if kinds == ["round"] else MatchRecord
    return cast(Record, _build(cls, document[kinds[0]]))


_PLAIN: dict[str, tuple[type, ...]] = {
    "int": (int,),
    "float": (int, float),
    "str": (str,),
    "bool": (bool,),
}
_PARTS: dict[str, type[Any]] = {
    "tuple[SeatResult, ...]": SeatResult,
    "tuple[MatchSeat, ...]": MatchSeat,
    "MatchRecord": MatchRecord,
}


def _build(cls: type[Any], data: dict[str, Any]) -> Any:
    """An instance of the record dataclass ``cls`` from ``asdict``'s output, each field of
    the type its annotation names (a file may have been edited by hand)."""
    if not isinstance(data, dict):
        raise ValueError(f"not a {cls.__name__}")
    values: dict[str, Any] = {}
    for field in fields(cls):
        if field.name not in data:
            continue  # the dataclass's default, or the TypeError of a required field
        value: Any = data[field.name]
        kind = str(field.type)
        base = kind.removesuffix(" | None")
        if value is None and base != kind:
            values[field.name] = None
        elif base in _PLAIN:
            allowed = _PLAIN[base]
            if not isinstance(value, allowed) or (base != "bool" and isinstance(value, bool)):
                raise ValueError(f"{field.name} is not a {base}")
            try:
                values[field.name] = float(cast(float, value)) if base == "float" else value
            except OverflowError as exc:  # a whole number too large for a float
                raise ValueError(f"{field.name} is out of range") from exc
        elif base.startswith("tuple["):
            if not isinstance(value, list):
                raise ValueError(f"{field.name} is not a list")
            part = _PARTS[base]
            values[field.name] = tuple(_build(part, item) for item in value)
        elif base in _PARTS and isinstance(value, dict):
            values[field.name] = _build(_PARTS[base], value)
        else:
            raise ValueError(f"{field.name} is not a {base}")
    return cls(**values)

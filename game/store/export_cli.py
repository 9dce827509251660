"""``python main.py stats --export PATH``: write the statistics to a CSV or JSON file."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TextIO

from game.store.db import Store
from game.store.export import name_problem
from game.store.opening import NOT_RECORDED
from game.store.paths import StoreUnavailable


def _say(line: str, stream: TextIO | None = None) -> None:
    """Print ``line``; a folder named in another encoding than UTF-8 (a Latin-1 "café"
    reaches Python holding a lone surrogate) is shown with a stand-in for the letter that
    cannot be, where a strict terminal would end the command with a traceback."""
    shown = "".join("\ufffd" if "\ud800" <= ch <= "\udfff" else ch for ch in line)
    print(shown, file=sys.stdout if stream is None else stream)


def _complain(line: str) -> None:
    """A refusal or a note on stderr, signed by the command as every command signs its own."""
    _say(f"macau stats: {line}", sys.stderr)


def run_export(path: str) -> int:
    """Export statistics and history to ``path``; print one line and return the exit code.

    0 on success, 2 for a path that cannot be written (wrong suffix, missing folder), 1 if
    the statistics could not be read. A statistics file found damaged is set aside as the
    game does it, and what could be recovered from it exported (stderr says so); when
    nothing could be, nothing is written.
    """
    target = Path(path).expanduser()
    problem = name_problem(target)
    if problem:
        _complain(f"Cannot export to {path}: {problem}.")
        return 2
    if target.is_dir():
        _complain(f"Cannot export to {path}: it is a folder, not a file name.")
        return 2
    if not target.parent.is_dir():
        why = "is a file, not a folder" if target.parent.exists() else "does not exist"
        _complain(f"Cannot export to {path}: the folder {target.parent} {why}.")
        return 2
    store = Store.open()
    try:
        # The game's own note says games will not be recorded: beside an export, only why.
        note = (store.problem or "").replace(NOT_RECORDED, "").strip()
        # Nothing could be read, or the file was damaged and nothing of it recovered: an
        # empty export would look like a backup of it, and written over an earlier one it
        # would lose the only readable copy. Nor is an earlier export replaced by an empty
        # one when the statistics file is gone or emptied outside the game.
        # (players alone, seated in no round or match kept, are no one's statistics: a file
        # that kept only them had nothing recovered)
        anything = bool(store.presets() or store.matches(limit=1))  # rounds, or a points match
        nothing_saved = store.salvage is not None and (store.salvage.nothing or not anything)
        earlier = target.exists() and target.stat().st_size > 0  # (an empty file is no loss)
        if store.stand_in or nothing_saved or (earlier and not anything):
            kept = f", {path} is left as it was" if target.exists() else ""
            none = "no round or match to export. "
            if store.stand_in or (store.salvage is not None and store.salvage.nothing):
                none = ""
            elif store.salvage is not None:
                none = "no round or match was recovered. "
            _complain(f"Nothing exported{kept}: {none}{note}".rstrip())
            return 1
        if note:
            if store.salvage is not None:
                note += " The export holds what was recovered."
            _complain(note)
        written, games, players, matches = store.export_counted(target)
    except StoreUnavailable as exc:
        _complain(f"Cannot export to {path}: {exc}")
        return 2
    except Exception as exc:  # the one line a command-line user sees instead of a traceback
        _complain(f"Export failed: {exc}")
        return 1
    finally:
        store.close()
    files = " and ".join(str(p) for p in written)
    rounds = f"{games:,} recorded round{'' if games == 1 else 's'}"
    people = f"{players:,} profile{'' if players == 1 else 's'}"
    held = f"{rounds}, {matches:,} match{'' if matches == 1 else 'es'}" if matches else rounds
    _say(f"Exported {held} and {people} to {files}.")
    return 0

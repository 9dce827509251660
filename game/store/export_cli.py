"""``python main.py stats --export PATH``: write the statistics to a CSV or JSON file."""

from __future__ import annotations

import sys
from pathlib import Path

from game.store.db import Store
from game.store.export import name_problem
from game.store.opening import NOT_RECORDED
from game.store.paths import StoreUnavailable


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
        print(f"Cannot export to {path}: {problem}.", file=sys.stderr)
        return 2
    if target.is_dir():
        print(f"Cannot export to {path}: it is a folder, not a file name.", file=sys.stderr)
        return 2
    if not target.parent.is_dir():
        why = "is a file, not a folder" if target.parent.exists() else "does not exist"
        print(f"Cannot export to {path}: the folder {target.parent} {why}.", file=sys.stderr)
        return 2
    store = Store.open()
    try:
        # The game's own note says games will not be recorded: beside an export, only why.
        note = (store.problem or "").replace(NOT_RECORDED, "").strip()
        # Nothing could be read, or the file was damaged and nothing of it recovered: an
        # empty export would look like a backup of it, and written over an earlier one it
        # would lose the only readable copy.
        nothing_saved = store.salvage is not None and store.salvage.nothing
        if store.stand_in or nothing_saved or (note and target.exists() and not store.presets()):
            kept = f", {path} is left as it was" if target.exists() else ""
            print(f"Nothing exported{kept}: {note}", file=sys.stderr)
            return 1
        if note:
            if store.salvage is not None:
                note += " The export holds what was recovered."
            print(note, file=sys.stderr)
        written, games, players, matches = store.export_counted(target)
    except StoreUnavailable as exc:
        print(f"Cannot export to {path}: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:  # the one line a command-line user sees instead of a traceback
        print(f"Export failed: {exc}", file=sys.stderr)
        return 1
    finally:
        store.close()
    files = " and ".join(str(p) for p in written)
    rounds = f"{games} recorded round{'' if games == 1 else 's'}"
    people = f"{players} profile{'' if players == 1 else 's'}"
    held = f"{rounds}, {matches} match{'' if matches == 1 else 'es'}" if matches else rounds
    print(f"Exported {held} and {people} to {files}.")
    return 0

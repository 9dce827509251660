"""Which running copy of the game owns the saved game.

Two copies of the game open at once share one save: the second would offer to continue
the first one's live round, record it as abandoned when starting a table of its own, and
write its own tables over it. The first copy to look at the save takes a lock on a file
beside it and keeps it while it runs; the others leave the save alone. The lock is the
operating system's (``flock``, or ``msvcrt.locking`` on Windows), so it ends with the
process that holds it: a copy that crashed never keeps the save from the next one.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import IO

from game.store.files import lock_now
from game.store.paths import where

LOCK_NAME = "macau.lock"

ANOTHER_COPY = (
    "Macau is already open in another window, which keeps the saved game: this window "
    "cannot continue it, and the games played here are not saved for Continue."
)

# The lock this process holds: its file, and the open file that holds it.
_held: tuple[Path, IO[bytes]] | None = None


def _try_lock(handle: IO[bytes]) -> bool:
    """Lock ``handle``'s file without waiting; False if another process has it. A file
    system that cannot lock at all (NFS without its lock service, some network or FUSE
    mounts: ENOLCK, EOPNOTSUPP) counts as no lock to share, as a folder with no lock file
    does: the copy goes on as the owner rather than never saving a game."""
    try:
        return lock_now(handle)
    except OSError:
        return True


def owns_saved_game() -> bool:
    """True if this copy of the game may continue, replace and write the saved game.

    The first call takes the lock (and later calls keep it, while its file is still there);
    a copy that finds another holding it is refused until that one quits. Where no lock
    file can be made (a folder that cannot be written) there is nothing to share safely
    either, and no save can be written: the copy goes on as the owner, as a lone copy would.
    """
    global _held
    path = where("state") / LOCK_NAME
    if _held is not None:
        if _held[0] == path and _still_there(path, _held[1]):
            return True
        # The player's folders moved (tests do this), or the lock file was deleted or
        # replaced (a clean-up tool, a sync client): the lock held is no use, since another
        # copy could take the file now at ``path``. Taken again there if no copy has.
        release()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = path.open("a+b")
    except OSError:
        return True
    if not _try_lock(handle):
        handle.close()
        return False
    with contextlib.suppress(OSError):  # only for people looking at the file
        handle.truncate(0)
        handle.write(f"{os.getpid()}\n".encode())
        handle.flush()
    _held = (path, handle)
    return True


def _still_there(path: Path, handle: IO[bytes]) -> bool:
    """Whether the file ``handle`` has open (and locked) is still the one at ``path``."""
    try:
        held, there = os.fstat(handle.fileno()), os.stat(path)
    except (OSError, ValueError):
        return False
    return (held.st_dev, held.st_ino) == (there.st_dev, there.st_ino)


def release() -> None:
    """Give the saved game up (the lock also ends with the process)."""
    global _held
    if _held is not None:
        with contextlib.suppress(OSError):
            _held[1].close()
        _held = None

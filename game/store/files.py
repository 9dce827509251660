"""Safe file handling shared by settings, saves and exports.

Writes go to a temporary file in the same folder, are flushed to disk, then renamed over
the target, so a crash leaves either the old file or the new one, never half of one.
Damaged files are renamed aside, never deleted.
"""

from __future__ import annotations

import contextlib
import errno
import glob
import json
import os
import stat
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO, Any, BinaryIO

from game.store.paths import StoreUnavailable


def timestamp(now: float | None = None) -> str:
    """A local time stamp for file names, e.g. ``20250131-235959``."""
    return time.strftime("%Y%m%d-%H%M%S", time.localtime(now))


def _fsync_folder(folder: Path) -> None:
    # Makes the rename itself durable; Windows cannot open folders, and does not need it.
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


@contextlib.contextmanager
def replacing(path: Path, shared: bool = False) -> Iterator[BinaryIO]:
    """A binary file that replaces ``path`` all at once when the block ends without an error;
    raise StoreUnavailable on failure. What the block writes goes to the file as it goes, so
    a long export is never held whole in memory.

    The file is the player's own (mode 0600) unless ``shared`` (an export, made to be passed
    on): then it gets the permissions a new file gets from the user's umask."""
    folder = path.parent
    tmp_name = ""
    try:
        fd, tmp_name = _temporary(path, shared)
        with os.fdopen(fd, "wb") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, path)
        tmp_name = ""
        _fsync_folder(folder)
    except OSError as exc:
        reason = (exc.strerror or exc.__class__.__name__).lower()
        raise StoreUnavailable(f"Macau could not save {path.name} in {folder} ({reason}).") from exc
    finally:
        if tmp_name:
            with contextlib.suppress(OSError):
                os.unlink(tmp_name)


# A temporary file this old beside one of the game's files was left by a copy of the game
# stopped while writing it (killed, a power cut): the write it belonged to never finished,
# and the file it was to replace is whole. A write in progress takes well under a second.
STALE_TEMPORARY_S = 600.0


def remove_stale_temporaries(
    path: Path, now: float | None = None, *, any_name: str | None = None
) -> int:
    """Remove what ``replacing`` left beside ``path`` when the game was stopped mid-write
    (only files older than ``STALE_TEMPORARY_S``); how many were removed. Never raises.
    With ``any_name`` (a glob, "macau-statistics_*"), what it left for any file so named in
    ``path``'s folder: exports are named anew each time, so none replaces an earlier one's."""
    now = time.time() if now is None else now
    removed = 0
    name = any_name if any_name is not None else glob.escape(path.name)
    try:
        found = list(path.parent.glob(f".{name}.*.tmp"))
    except OSError:
        return 0
    for leftover in found:
        with contextlib.suppress(OSError):
            if leftover.is_file() and now - leftover.stat().st_mtime > STALE_TEMPORARY_S:
                leftover.unlink()
                removed += 1
    return removed


def _temporary(path: Path, shared: bool) -> tuple[int, str]:
    """A new temporary file beside ``path`` (its descriptor and name), private unless
    ``shared``: then with the permissions a new file gets from the user's umask."""
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    if shared and hasattr(os, "umask"):
        mask = os.umask(0o022)
        os.umask(mask)
        with contextlib.suppress(OSError, NotImplementedError):  # no fchmod (Windows)
            os.chmod(fd, 0o666 & ~mask)
    return fd, tmp_name


@contextlib.contextmanager
def replacing_together(paths: Sequence[Path], shared: bool = False) -> Iterator[list[BinaryIO]]:
    """Files that replace ``paths`` together when the block ends without an error, as
    ``replacing`` does one: if any of them cannot be written or put in place, every one of
    ``paths`` is left as it was (or absent, as it was). Raise StoreUnavailable on failure.

    Files that belong together (a CSV export's three) must never be half new, half old.
    """
    staged: list[tuple[Path, str]] = []
    at = paths[0]  # the file named if something fails: the first while the block writes
    try:
        for at in paths:
            # Checked before anything is written: a folder in the way would otherwise be
            # found only when the files before it were already in place.
            if at.is_dir():
                raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(at))
        with contextlib.ExitStack() as stack:
            handles: list[BinaryIO] = []
            for at in paths:
                fd, tmp_name = _temporary(at, shared)
                staged.append((at, tmp_name))
                handles.append(stack.enter_context(os.fdopen(fd, "wb")))
            at = paths[0]
            yield handles
            for handle in handles:
                handle.flush()
                os.fsync(handle.fileno())
        _put_in_place(staged)
        staged = []
        for folder in dict.fromkeys(path.parent for path in paths):
            _fsync_folder(folder)
    except _PlacingFailed as failed:
        reason = (failed.error.strerror or failed.error.__class__.__name__).lower()
        raise StoreUnavailable(
            f"Macau could not save {failed.path.name} in {failed.path.parent} ({reason})."
        ) from failed.error
    except OSError as exc:
        reason = (exc.strerror or exc.__class__.__name__).lower()
        raise StoreUnavailable(
            f"Macau could not save {at.name} in {at.parent} ({reason})."
        ) from exc
    finally:
        for _, tmp_name in staged:
            with contextlib.suppress(OSError):
                os.unlink(tmp_name)


class _PlacingFailed(Exception):
    """A written file could not take its name (``path``); the others were put back."""

    def __init__(self, path: Path, error: OSError) -> None:
        super().__init__(path, error)
        self.path = path
        self.error = error


def _put_in_place(staged: list[tuple[Path, str]]) -> None:
    """Rename each temporary file over its target; when one cannot be, undo those done.

    A file already there is first moved aside (not written over), so that it can come
    back if a later rename fails, say a file another program holds open on Windows.
    """
    done: list[tuple[Path, str | None, bool]] = []  # target, its old file, new one placed
    try:
        for path, tmp_name in staged:
            old: str | None = None
            if os.path.lexists(path):
                fd, old = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".old", dir=path.parent)
                os.close(fd)
                try:
                    os.replace(path, old)
                except OSError:
                    with contextlib.suppress(OSError):
                        os.unlink(old)
                    raise
            done.append((path, old, False))
            os.replace(tmp_name, path)
            done[-1] = (path, old, True)
    except OSError as exc:
        for target, old, placed in reversed(done):
            with contextlib.suppress(OSError):
                if old is not None:
                    os.replace(old, target)
                elif placed:
                    os.unlink(target)
        raise _PlacingFailed(path, exc) from exc
    for _, old, _ in done:
        if old is not None:
            with contextlib.suppress(OSError):
                os.unlink(old)


# The files this process is updating now, and how many blocks hold each (see ``updating``).
_updating: dict[Path, tuple[BinaryIO | None, int]] = {}
_updating_guard = threading.RLock()


@contextlib.contextmanager
def updating(path: Path) -> Iterator[None]:
    """Hold ``path`` for a read, change and replace, so that two copies of the game that
    change it at the same moment take turns: each reads the file the other wrote, and
    neither undoes the other's change. The lock is the operating system's, on a file
    beside it (``settings.json.lock``), so it ends with a process that crashes; blocks
    nested in one process share it. Where no lock can be had (a folder that cannot be
    written, a file system without locks) the block runs anyway, as a lone copy would."""
    key = path.absolute()
    with _updating_guard:
        handle, depth = _updating.get(key, (None, 0))
        if depth == 0:
            handle = _lock_beside(key)
        _updating[key] = (handle, depth + 1)
        try:
            yield
        finally:
            handle, depth = _updating.pop(key)
            if depth > 1:
                _updating[key] = (handle, depth - 1)
            elif handle is not None:
                with contextlib.suppress(OSError):
                    handle.close()  # (which lets the lock go)


# What a lock held by another process answers with (flock: EWOULDBLOCK, which is EAGAIN on
# Linux; msvcrt.locking: EACCES, or EDEADLOCK once its retries are spent).
HELD_ELSEWHERE = frozenset(
    {errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES, getattr(errno, "EDEADLOCK", errno.EDEADLK)}
)

# How long a copy waits for another to finish its change (a change takes milliseconds; one
# held longer belongs to a copy that hangs, and is not worth hanging this one for).
UPDATE_WAIT_S = 5.0
# A lock found held that long is not waited for again for a while: the copy holding it is
# stuck, and each save and read would otherwise wait the whole time anew.
STUCK_FOR_S = 60.0
_stuck_since: dict[Path, float] = {}


def lock_now(handle: IO[bytes]) -> bool:
    """Lock ``handle``'s file for this process without waiting (the operating system's lock,
    ``flock``, or ``msvcrt.locking`` of its first byte on Windows): True if locked, False if
    another process holds it; OSError where the file system cannot lock at all."""
    try:
        if sys.platform == "win32":
            import msvcrt

            handle.seek(0)  # the byte locked is the first one
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        if exc.errno in HELD_ELSEWHERE:
            return False
        raise
    return True


def _lock_beside(path: Path) -> BinaryIO | None:
    """The open lock file beside ``path``, locked (waiting up to ``UPDATE_WAIT_S`` for
    another copy to let it go), or None where it cannot be. A missing folder is made: the
    file is about to be written there."""
    lock = path.with_name(path.name + ".lock")
    try:
        lock.parent.mkdir(parents=True, exist_ok=True)
        handle = lock.open("a+b")
    except OSError:
        return None
    now = time.monotonic()
    stuck = _stuck_since.get(path)
    waiting = 0.0 if stuck is not None and now - stuck < STUCK_FOR_S else UPDATE_WAIT_S
    deadline = now + waiting
    while True:
        try:
            locked = lock_now(handle)
        except OSError:  # a file system without locks: as a lone copy would
            handle.close()
            return None
        if locked:
            _stuck_since.pop(path, None)
            return handle
        if time.monotonic() >= deadline:
            if waiting:
                _stuck_since[path] = time.monotonic()
            handle.close()
            return None
        time.sleep(0.01)


def atomic_write_bytes(path: Path, data: bytes, shared: bool = False) -> None:
    """Replace ``path`` with ``data`` all at once (see ``replacing``)."""
    with replacing(path, shared) as handle:
        handle.write(data)


def atomic_write_json(path: Path, document: Any, shared: bool = False) -> None:
    """Write ``document`` as indented UTF-8 JSON, atomically (``shared``: as for
    ``atomic_write_bytes``). ValueError when it cannot be written as JSON.

    Indented JSON goes through Python's own encoder, one call per level: a document the
    reader took in (edited by hand, a few hundred lists deep) can be too deep for it, which
    is a value that cannot be written, not a crash."""
    try:
        text = json.dumps(document, indent=2, ensure_ascii=False, allow_nan=False)
    except RecursionError as exc:
        raise ValueError(f"Macau could not save {path.name}: it is nested too deeply.") from exc
    atomic_write_bytes(path, (text + "\n").encode("utf-8"), shared)


def aside_name(path: Path, tag: str, *, keep_suffix: bool, now: float | None = None) -> Path:
    """A free name beside ``path`` marked with ``tag`` and the time.

    ``keep_suffix`` gives ``settings.corrupt-<time>.json``; without it the mark goes at
    the end, as in ``macau.sqlite3.corrupt-<time>``.
    """
    stamp = f"{tag}-{timestamp(now)}"
    for n in range(1000):
        extra = f"-{n}" if n else ""
        if keep_suffix:
            name = f"{path.stem}.{stamp}{extra}{path.suffix}"
        else:
            name = f"{path.name}.{stamp}{extra}"
        candidate = path.with_name(name)
        if not candidate.exists():
            return candidate
    raise StoreUnavailable(f"Macau could not find a free name to keep a copy of {path.name}.")


def set_aside(path: Path, tag: str, *, keep_suffix: bool) -> Path:
    """Rename ``path`` out of the way (never delete it) and return its new name."""
    target = aside_name(path, tag, keep_suffix=keep_suffix)
    try:
        os.replace(path, target)
    except OSError as exc:
        reason = (exc.strerror or exc.__class__.__name__).lower()
        raise StoreUnavailable(
            f"Macau could not move {path.name} out of the way ({reason})."
        ) from exc
    return target


# Settings and rule sets are a few kilobytes and a save well under a megabyte; anything far
# larger is not a file the game wrote, and reading it whole could exhaust memory.
MAX_SMALL_JSON = 5 * 1024 * 1024
MAX_SAVE_JSON = 50 * 1024 * 1024


def nested_deeper_than(value: Any, limit: int) -> bool:
    """True when ``value`` (read from JSON) holds lists or objects more than ``limit`` deep.

    Walked without recursion, so a value of any depth the reader accepted can be measured."""
    pending = [(value, 0)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, dict | list):
            if depth == limit:
                return True
            inside = item.values() if isinstance(item, dict) else item
            pending.extend((child, depth + 1) for child in inside)
    return False


def unreadable_reason(exc: OSError) -> str:
    """Why a file could not be read, in lower case: ``permission denied``."""
    return (exc.strerror or exc.__class__.__name__).lower()


def read_json_object(path: Path, max_bytes: int = MAX_SMALL_JSON) -> dict[str, Any] | None:
    """The JSON object in ``path``, None if there is no file (nor, when a folder on the way
    is a file or a name on the way is too long for the system, any folder to hold one: that
    folder is told once at start, not as a file here).

    Raises ValueError when the content is damaged (not JSON, not an object, nested too
    deeply or larger than ``max_bytes``) and OSError when the file cannot be read at all,
    so callers set aside only files that are really damaged.
    """
    try:
        # Not blocking: a named pipe in the file's place would hold the game up until
        # something wrote to it. Only an ordinary file is read.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        try:
            found = os.fstat(fd)
            if stat.S_ISDIR(found.st_mode):
                raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
            if not stat.S_ISREG(found.st_mode):
                raise OSError(errno.EINVAL, "not an ordinary file", str(path))
            if found.st_size > max_bytes:
                raise ValueError("the file is too large")
            handle = os.fdopen(fd, "rb")
        except BaseException:
            os.close(fd)  # (fdopen, had it failed, would not have closed it either)
            raise
        with handle:
            raw = handle.read(max_bytes + 1)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as exc:
        if exc.errno == errno.ENAMETOOLONG:
            return None
        raise
    if len(raw) > max_bytes:  # it grew while being read
        raise ValueError("the file is too large")
    try:
        # "-sig": a file saved as "UTF-8 with BOM" (Windows Notepad) is read, not damaged.
        document = json.loads(raw.decode("utf-8-sig"))
    except (RecursionError, MemoryError) as exc:
        raise ValueError("the file is nested too deeply to read") from exc
    if not isinstance(document, dict):
        raise ValueError("not a JSON object")
    return document

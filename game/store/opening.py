"""Opening the statistics database without ever destroying what is already there.

A damaged file, or one whose tables are not those its version promises, is renamed aside
and a new database takes its place, holding all that could still be read of it (see
``salvage``). A file from a newer version of the game is never moved: it
is read as it is when its tables are still understood, and nothing is recorded into it.
A file or folder that cannot be written is opened read-only (or, failing that, replaced by
an empty database in memory) so the game plays on without recording. A file another program
keeps locked for writing (a database browser with unsaved changes) is waited for a moment
only: it is used as it is when nothing needs writing first, else read as it stands
(``in_use``) and opened again later. Whatever happened is put into one sentence for the
player.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import shutil
import sqlite3
import stat
import tempfile
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from game.store import salvage, schema, sqlerrors
from game.store.files import aside_name, set_aside
from game.store.paths import StoreUnavailable, ensure_writable
from game.store.salvage import Salvage

log = logging.getLogger(__name__)

# How long the game waits at most for another connection to let go of the statistics file's
# write lock. Another copy of the game holds it for milliseconds a round; a program that keeps
# it (a database browser with unsaved changes) must not freeze the window for longer: after
# this the store does without writing for now, and keeps what it meant to record (``pending``).
LOCK_WAIT_S = 2.0
# How long a store waits once it found the file in use, until a write gets through again: a
# program that keeps the file for an hour costs one full wait, not one a round.
LOCK_RECHECK_S = 0.25
BUSY_TIMEOUT_MS = round(LOCK_WAIT_S * 1000)
NOT_RECORDED = "Games will be played but not recorded until this is fixed."
# What the store says while rounds wait for room on a full disk.
FULL = (
    "The disk is full, so Macau cannot record games right now: rounds played meanwhile are "
    "kept while the game stays open and recorded once there is room again."
)
# Less room than this left beside the statistics file is a full disk: SQLite may call the
# failure it meets there an I/O error rather than a full disk.
NO_ROOM_BYTES = 256 * 1024
IN_USE = (
    "The statistics file is in use by another program, so Macau only reads it for now: "
    "rounds played meanwhile are kept and recorded once it is free."
)
NEWER = (
    "The statistics file was made by a newer version of Macau; statistics are not recorded "
    "until you update."
)


@dataclass
class Opened:
    """A connection ready for queries, and whether it may be written."""

    conn: sqlite3.Connection
    read_only: bool
    problem: str | None
    # An empty database in memory standing in for a file that could not be read at all.
    stand_in: bool = False
    # What was recovered from a damaged file set aside while opening (None: none was).
    salvage: Salvage | None = None
    # Read-only because another program held the file's write lock, or the disk was full:
    # opening it again later may write.
    in_use: bool = False
    no_room: bool = False  # the disk was full (``in_use`` too): rounds are held till there is
    # Read-only because the folder or the file could not be written (a read-only folder, no
    # permission): opening it again once the player has mended that may write.
    unwritable: bool = False


def no_room(path: Path, exc: BaseException) -> bool:
    """Whether ``exc``, met opening or writing the file at ``path``, is for want of room."""
    if sqlerrors.is_full(exc):
        return True
    try:
        return shutil.disk_usage(path.parent).free < NO_ROOM_BYTES
    except (OSError, ValueError):
        return False


def _full(path: Path) -> Opened:
    """The file as it stands, read-only while the disk is full (opened again later)."""
    return replace(open_read_only(path, FULL), in_use=True, no_room=True)


def held_connection(target: str, *, uri: bool = False, timeout: float = 5.0) -> sqlite3.Connection:
    """An SQLite connection in autocommit mode, for a store to hold. A store may be opened on
    one thread and then handed to another (a table opens its store while the round is
    played, off the drawing thread), so the connection is not tied to the thread that made
    it; a store is still used by one thread at a time."""
    return sqlerrors.reading_text(
        sqlite3.connect(
            target, uri=uri, timeout=timeout, isolation_level=None, check_same_thread=False
        )
    )


def connect(path: Path) -> sqlite3.Connection:
    """A read-write connection in autocommit mode; the store issues BEGIN/COMMIT itself."""
    conn = held_connection(str(path), timeout=BUSY_TIMEOUT_MS / 1000)
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    return conn


def connect_read_only(path: Path, *, immutable: bool = False) -> sqlite3.Connection:
    """A connection that cannot write, for files in folders the game may not change."""
    query = "immutable=1" if immutable else "mode=ro"
    # Quoted from the path's bytes: a folder named in another encoding than UTF-8 (a Latin-1
    # "café") reaches Python as a string no text encoding accepts, yet names a real file.
    uri = f"file:{urllib.parse.quote(os.fsencode(path.resolve()))}?{query}"
    conn = held_connection(uri, uri=True, timeout=BUSY_TIMEOUT_MS / 1000)
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    return conn


SQLITE_LONGEST_PATH = 504  # bytes of a database's full name SQLite's own files open under


def memory_database(problem: str | None) -> Opened:
    """An empty, current-schema database in memory that nothing is recorded into."""
    conn = held_connection(":memory:")
    schema.migrate(conn)
    return Opened(conn, True, problem, stand_in=True)


# Files this run has checked in full (``PRAGMA integrity_check``), by path, with their size
# and modification time as this run last left them. The full check reads every page (about
# 0.35 s for 20,000 rounds, on the drawing thread at a round's end), so it is made once a run;
# a later open makes the quick one (a fifth of the time), unless the file changed since this
# run had it (another copy of the game, or damage): then it is checked in full again.
_checked: dict[str, tuple[int, int]] = {}


def _stamp(path: Path) -> tuple[int, int]:
    found = path.stat()
    return found.st_size, found.st_mtime_ns


def note_closed(path: Path) -> None:
    """This run closed ``path`` after writing to it: if it had been checked in full, it is
    still the file checked, as it is now (else the next open would check it in full again)."""
    key = str(path.absolute())
    if key in _checked:
        try:
            _checked[key] = _stamp(path)
        except OSError:
            del _checked[key]


def _identity(path: Path) -> tuple[int, int, int]:
    """Which file is at ``path`` and how it stands: another one put in its place changes it."""
    try:
        found = path.stat()
    except OSError:
        return (-1, -1, -1)
    return found.st_ino, found.st_size, found.st_mtime_ns


def forget_checked(path: Path) -> None:
    """Another connection wrote to ``path`` while this run had it: check it in full again."""
    _checked.pop(str(path.absolute()), None)


def _verdict(path: Path) -> str:
    """'absent', 'ok', 'corrupt', 'mismatch' (tables or columns missing), 'unsound' (values
    that break the queries, see ``salvage.unsound``) or 'newer' for the file at ``path``."""
    if not path.exists() or path.stat().st_size == 0:
        return "absent"
    key, stamp = str(path.absolute()), _stamp(path)
    full = _checked.pop(key, None) != stamp
    if not _header_fits(path):
        return "corrupt"
    try:
        conn = connect(path)
    except sqlite3.OperationalError:
        conn = connect_read_only(path)
    try:
        found = schema.user_version(conn)
        if found > schema.CURRENT_VERSION:
            return "newer"
        check = "PRAGMA integrity_check" if full else "PRAGMA quick_check"
        if conn.execute(check).fetchall() != [("ok",)]:
            return "corrupt"
        if not schema.layout_fits(conn, found):
            return "mismatch"
        if full and found == schema.CURRENT_VERSION and salvage.unsound(conn) is not None:
            return "unsound"  # intact to SQLite, yet values in it break what reads them
        _checked[key] = stamp
        return "ok"
    except sqlite3.DatabaseError as exc:
        if sqlerrors.is_damaged(exc):
            return "corrupt"
        raise
    finally:
        conn.close()


def _unsound_words(path: Path) -> str:
    """What made the file set aside at ``path`` unfit to read (``salvage.unsound``)."""
    try:
        conn = connect_read_only(path, immutable=True)  # set aside: nothing is to change
        try:
            return salvage.unsound(conn) or "values that cannot be read as they are"
        finally:
            conn.close()
    except (OSError, sqlite3.Error):
        return "values that cannot be read as they are"


def _header_fits(path: Path) -> bool:
    """Whether the file's own first page is a database's, its write-ahead log aside.

    Read through SQLite, never by opening the file here: closing any descriptor of it drops
    every lock this process holds on it (POSIX), so another copy of the game closing its
    store would take the stores open here for gone and delete the write-ahead log they still
    write rounds into. SQLite keeps its descriptors of a file open while any connection of
    the process holds a lock on it."""
    if not os.access(path, os.R_OK):  # (told as the reading's own error, as before)
        raise PermissionError(errno.EACCES, "Permission denied", str(path))
    try:
        conn = connect_read_only(path, immutable=True)  # (immutable: the log left out)
    except sqlite3.DatabaseError as exc:
        if sqlerrors.is_not_a_database(exc):
            return False
        raise
    try:
        conn.execute("PRAGMA schema_version").fetchone()
        return True
    except sqlite3.DatabaseError as exc:
        if sqlerrors.is_not_a_database(exc):
            return False
        # Malformed without its log: a sound file whose last copying-back from the log
        # was cut short (the disk filled as the game closed) reads so, and reads whole with
        # it. The checks that follow read it with the log and tell damage from that.
        if sqlerrors.is_damaged(exc):
            return True
        raise
    finally:
        conn.close()


def _set_aside_database(path: Path, tag: str) -> Path:
    moved = set_aside(path, tag, keep_suffix=False)
    # The write-ahead log belongs to the file it came from; keep them together.
    for extra in ("-wal", "-shm"):
        companion = path.with_name(path.name + extra)
        if companion.exists():
            companion.replace(moved.with_name(moved.name + extra))
    return moved


def _put_in_place(recovered: Path, path: Path) -> Path | None:
    """Move the file recovered from a damaged one into its place; None when it got there,
    else where it was kept instead: beside a file another copy of the game started there
    meanwhile, which is never replaced under it."""
    try:
        os.link(recovered, path)  # fails if a file is there, where a rename would replace it
    except FileExistsError:
        kept = aside_name(path, "recovered", keep_suffix=False)
        recovered.replace(kept)
        return kept
    except OSError:  # a file system without hard links
        if path.exists():
            kept = aside_name(path, "recovered", keep_suffix=False)
            recovered.replace(kept)
            return kept
        recovered.replace(path)
        return None
    recovered.unlink()
    return None


def wait_for_lock(conn: sqlite3.Connection, statement: str, deadline: float) -> None:
    """Run ``statement``, which takes the write lock, waiting for another connection to let
    go of it until ``deadline`` (on ``time.monotonic``) at most; then the busy error.

    SQLite's own wait is cut to the time left, and the busy errors it gives without waiting
    (another connection recovering the log) are tried again until then. One try is always
    made, however late, so a file nobody holds is written whatever the deadline.
    """
    tries = 0
    try:
        while True:
            left = deadline - time.monotonic()
            conn.execute(f"PRAGMA busy_timeout = {max(0, int(left * 1000))}")
            try:
                conn.execute(statement)
                return
            except sqlite3.OperationalError as exc:
                if not sqlerrors.is_busy(exc) or time.monotonic() >= deadline:
                    raise
            tries += 1
            time.sleep(max(0.0, min(0.02 * tries, deadline - time.monotonic())))
    finally:
        with contextlib.suppress(sqlite3.Error):
            conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")


def write_lock_held(path: Path) -> bool:
    """Whether another connection holds a lock on ``path`` that a write would wait for at
    this moment, asked without waiting (a file that is missing or cannot be opened is not
    held): its write lock; and for a file not yet in WAL mode, which an upgrade switches to
    it, a reader's lock too (an exclusive lock is asked for: in WAL mode it is the write
    lock)."""
    uri = f"file:{urllib.parse.quote(os.fsencode(path.resolve()))}?mode=rw"
    try:
        conn = sqlite3.connect(uri, uri=True, timeout=0, isolation_level=None)
    except (OSError, sqlite3.Error):
        return False
    try:
        conn.execute("BEGIN EXCLUSIVE")
        conn.execute("ROLLBACK")
        return False
    except sqlite3.Error as exc:
        return sqlerrors.is_busy(exc)
    finally:
        conn.close()


def _backup_before_migrating(conn: sqlite3.Connection, path: Path) -> None:
    """Keep a copy of an older database before its first upgrade, in case one goes wrong."""
    found = schema.user_version(conn)
    if found == 0 or found >= schema.CURRENT_VERSION:
        return
    copy = path.with_name(f"{path.name}.before-v{schema.CURRENT_VERSION}")
    if copy.exists():
        return
    # Copy under a temporary name of this thread's own, so a half-written copy is never
    # mistaken for a full one, nor written over by another copy of the game started at the
    # same moment or by another opening in this one (the menu's and a table's overlap).
    # The first finished copy stays: every copy ends before its own process upgrades the
    # file, so a copy that could have been taken after an upgrade always finds one there.
    partial = copy.with_name(f"{copy.name}.{os.getpid()}-{threading.get_ident()}.partial")
    target = sqlite3.connect(str(partial))
    try:
        conn.backup(target)
    finally:
        target.close()
    try:
        os.link(partial, copy)
    except FileExistsError:
        pass
    except OSError:  # a file system without hard links
        if not copy.exists():
            partial.replace(copy)
    partial.unlink(missing_ok=True)


def _prepare(conn: sqlite3.Connection, path: Path) -> None:
    """Make the file ready for the game: in WAL mode, upgraded, bot profiles seeded. A step
    that must change the file waits ``LOCK_WAIT_S`` at most for the write lock (then the busy
    error). A file that needs no change is not waited for: held by another program, it is
    used as it is (WAL lets it be read meanwhile, and writes wait their turn later); free, it
    is still written to once, which tells a file that cannot be written."""
    # WAL lets a second copy of the game read while one writes, and survives kills.
    (mode,) = conn.execute("PRAGMA journal_mode").fetchone()
    if str(mode).lower() != "wal":
        wait_for_lock(conn, "PRAGMA journal_mode = WAL", time.monotonic() + LOCK_WAIT_S)
    # NORMAL in WAL mode loses nothing when the process dies; only a power cut can drop
    # the last round or so, and never corrupts the file.
    conn.execute("PRAGMA synchronous = NORMAL")
    conn.execute("PRAGMA foreign_keys = ON")
    current = schema.up_to_date(conn)
    if not current:
        _backup_before_migrating(conn, path)
    try:
        wait_for_lock(conn, "BEGIN IMMEDIATE", time.monotonic() + (0 if current else LOCK_WAIT_S))
    except sqlite3.OperationalError as exc:
        if current and sqlerrors.is_busy(exc):
            return
        raise
    try:
        # Read the version again under the write lock: another process may have migrated.
        schema.migrate(conn)
        schema.seed_bot_profiles(conn)
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise


def _private_copy(path: Path) -> sqlite3.Connection:
    """``path`` read through a copy of it and its write-ahead log in a temporary folder,
    held in memory: the one way to read rounds still in the log beside a file in a folder
    that cannot be written (SQLite must create the log's index there to read it)."""
    with tempfile.TemporaryDirectory(prefix="macau-read-") as folder:
        copy = Path(folder) / path.name
        shutil.copyfile(path, copy)
        log = path.with_name(path.name + "-wal")
        if log.is_file():
            shutil.copyfile(log, copy.with_name(copy.name + "-wal"))
        disk = sqlite3.connect(str(copy), isolation_level=None)
        try:
            memory = held_connection(":memory:")
            disk.backup(memory)
        finally:
            disk.close()
    return memory


def _connections(path: Path) -> Iterator[tuple[Callable[[], sqlite3.Connection], bool]]:
    """The ways to read ``path`` without writing to it, best first, and whether each reads
    all of it (immutable reading skips the rounds still in a write-ahead log)."""
    logged = path.with_name(path.name + "-wal").is_file()
    yield (lambda: connect_read_only(path)), True
    if logged:
        yield (lambda: _private_copy(path)), True
    yield (lambda: connect_read_only(path, immutable=True)), not logged


def open_read_only(path: Path, problem: str, *, says_unread: bool = False) -> Opened:
    """Show what ``path`` holds without writing to it, or an empty database if it can't
    (then ``problem`` is told that nothing could be read, unless it ``says_unread``)."""
    if not path.is_file():
        return memory_database(problem)
    for opener, whole in _connections(path):
        try:
            conn = opener()
            found = schema.user_version(conn)
            conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        except (OSError, sqlite3.DatabaseError):
            continue
        try:
            if found > schema.CURRENT_VERSION:
                # A newer layout may only add to ours; read it as it is if ours is all there.
                if schema.missing_parts(conn):
                    conn.close()
                    return memory_database(problem)
                return Opened(conn, True, problem)
            if found == 0 and not schema.has_tables(conn) and whole:
                conn.close()
                return memory_database(problem)  # an empty file: nothing to show
            if not schema.layout_fits(conn, found) or (found == 0 and not schema.has_tables(conn)):
                conn.close()
                continue
            if found < schema.CURRENT_VERSION:
                # Upgrade a copy in memory so the queries see the layout they expect.
                copy = held_connection(":memory:")
                conn.backup(copy)
                conn.close()
                schema.migrate(copy)
                return Opened(copy, True, problem)
        except sqlite3.DatabaseError:
            conn.close()
            continue
        return Opened(conn, True, problem)
    # The file is there but nothing in it could be read: an empty screen must not look like
    # a player who has never finished a round.
    if says_unread:
        return memory_database(problem)
    return memory_database(f"Your statistics could not be read, so none are shown. {problem}")


def _writable_companions(path: Path) -> None:
    """Give the write-ahead log and its index the statistics file's permissions again when the
    file may be written and they may not. SQLite makes them with the file's mode, so reading
    the file while it was read-only leaves them read-only, and once the file is writable again
    they alone would keep every round from being recorded. (Only their owner may change
    them; anything else is left as it is, and reported as the file that cannot be written.)"""
    if not os.access(path, os.W_OK):
        return
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except OSError:
        return
    for suffix in ("-wal", "-shm"):
        companion = path.with_name(path.name + suffix)
        if companion.is_file() and not os.access(companion, os.W_OK):
            with contextlib.suppress(OSError):
                os.chmod(companion, mode)


def _drop_orphan_log(path: Path) -> None:
    """Delete a write-ahead log and index left with no database beside them (the file was
    deleted while a connection had it: SQLite leaves them then). The database made anew at
    ``path`` would read them as its own, and show and write the old file's pages in it."""
    for suffix in ("-wal", "-shm"):
        companion = path.with_name(path.name + suffix)
        if companion.is_file():
            log.warning("deleting %s, left by a statistics file that was deleted", companion)
            with contextlib.suppress(OSError):
                companion.unlink()


def name_too_long(path: Path) -> str | None:
    """A sentence saying the statistics file at ``path`` has a name too long for SQLite to
    open, or None when it is short enough."""
    length = len(os.fsencode(path.absolute()))
    if length <= SQLITE_LONGEST_PATH:
        return None
    # SQLite opens no file whose name (with "-journal" after it) passes 512 bytes; it says
    # only that the file cannot be opened, which reads like a permissions problem.
    return (
        f"The statistics file's name is too long for SQLite to open ({length} bytes; "
        f"{SQLITE_LONGEST_PATH} at most): set MACAU_HOME to a shorter folder."
    )


def open_database(path: Path) -> Opened:
    """Open (creating, repairing or upgrading as needed) the database at ``path``."""
    try:
        ensure_writable(path.parent)
    except StoreUnavailable as exc:
        return replace(open_read_only(path, f"{exc} {NOT_RECORDED}"), unwritable=True)
    if path.is_dir():
        return memory_database(
            f"The statistics file {path} is a folder, so Macau cannot use it. {NOT_RECORDED}"
        )
    too_long = name_too_long(path)
    if too_long is not None:
        return memory_database(f"{too_long} {NOT_RECORDED}")
    salvage.clear_leftovers(path)  # of a recovery killed halfway, in an earlier run
    if not path.exists():
        _drop_orphan_log(path)
    _writable_companions(path)
    note: str | None = None
    found = _identity(path)  # the file the verdict is about
    try:
        verdict = _verdict(path)
    except (OSError, sqlite3.DatabaseError) as exc:
        if sqlerrors.is_busy(exc):  # held whole by another program, even against reading
            return replace(open_read_only(path, IN_USE), in_use=True)
        if no_room(path, exc):
            return _full(path)
        reason = sqlerrors.describe(exc, reading=True)
        return open_read_only(
            path,
            f"Macau cannot read its statistics file ({reason}). {NOT_RECORDED}",
            says_unread=True,
        )
    if verdict == "newer":
        # Going back to the newer game must find its statistics where it left them.
        return open_read_only(path, NEWER)
    saved: Salvage | None = None
    damaged = ("corrupt", "mismatch", "unsound")
    if verdict in damaged:
        # What can still be read is copied out first, while the file is where it was.
        recovered, saved = salvage.recover(path)
        if saved.no_room:
            # Set aside now, the file would be left with nothing recovered from it: it stays
            # where it is, shown as far as it reads, until there is room to recover it.
            return _full(path)
        if _identity(path) != found and _verdict(path) == "ok":
            # Another copy of the game recovered it meanwhile and put a sound file in its
            # place: that one is used as it is (setting it aside would hide its rounds).
            if recovered is not None:
                recovered.unlink(missing_ok=True)
            verdict, saved = "ok", None
    if verdict in damaged:
        assert saved is not None
        try:
            moved = _set_aside_database(path, "corrupt")
        except (StoreUnavailable, OSError):
            if recovered is not None:
                recovered.unlink(missing_ok=True)
            return memory_database(
                f"The statistics file {path} cannot be used and could not be moved aside, "
                f"so it was left untouched. {NOT_RECORDED}"
            )
        elsewhere = None
        if recovered is not None:
            try:
                elsewhere = _put_in_place(recovered, path)
            except OSError as exc:
                saved = replace(saved, failure=sqlerrors.describe(exc))
        why = " (tables or columns it needs are missing)" if verdict == "mismatch" else ""
        if verdict == "unsound":
            why = f" (it held {_unsound_words(moved)})"
        note = salvage.note(saved, moved, why, elsewhere)
        log.warning("statistics file %s set aside: %s", path, note)
    conn: sqlite3.Connection | None = None
    try:
        conn = connect(path)
        _prepare(conn, path)
    except (OSError, sqlite3.OperationalError) as exc:
        if conn is not None:
            conn.close()
        if sqlerrors.is_busy(exc):
            # Another program keeps the write lock while something must be written first (an
            # upgrade): what the file holds is shown meanwhile, and opening it again later
            # writes.
            return replace(open_read_only(path, IN_USE), in_use=True)
        if not sqlerrors.is_unwritable(exc):
            raise
        if no_room(path, exc):
            return _full(path)
        problem = f"Macau cannot write its statistics ({sqlerrors.describe(exc)}). {NOT_RECORDED}"
        return replace(open_read_only(path, problem), unwritable=True)
    return Opened(conn, False, note, salvage=saved)

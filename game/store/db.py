"""The statistics store: recorded rounds, profiles, ratings and the queries on them.

Every write is one ``BEGIN IMMEDIATE`` transaction, waiting a moment (``LOCK_WAIT_S``) while
another connection holds the lock. A round or match that still cannot be written because
another program keeps the file is kept beside it and recorded later (see ``pending``). One
that finds the disk full is kept beside it too where there is room for that, else held in
memory for this run (``_held_for_room``), and recorded at the next write that finds room.
When the file cannot be written at all the store turns read-only, says why in ``problem``,
and the game plays on without recording.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import TypeVar

from game.store import export as exporting
from game.store import opening, pending, queries, records, sqlerrors, stats
from game.store.models import (
    OVERALL,
    FastWin,
    GameRecord,
    HistoryEntry,
    MatchEntry,
    MatchRecord,
    Profile,
    ProfileStats,
    RankRow,
)
from game.store.opening import (
    Opened,
    connect,
    connect_read_only,
    forget_checked,
    memory_database,
    note_closed,
    open_database,
)
from game.store.paths import StoreUnavailable, where
from game.store.salvage import Salvage

log = logging.getLogger(__name__)

DB_NAME = "macau.sqlite3"

# What the store says while rounds wait for the file another program keeps (see ``pending``).
KEPT = (
    "The statistics file is in use by another program: rounds played meanwhile are kept "
    "and recorded once it is free."
)
BUSY = "The statistics file is in use by another program: try again once it is free."
FULL = opening.FULL  # what it says while rounds wait for room on a full disk


def _main_file(conn: sqlite3.Connection) -> str:
    """The name of the file ``conn`` has open as "main" ("" for none). Read as bytes and
    decoded as the system names files: a folder whose name is not UTF-8 (a byte left from
    another encoding) made SQLite's text unreadable, and the export stopped the game."""
    saved = conn.text_factory
    conn.text_factory = bytes
    try:
        rows = conn.execute("PRAGMA database_list").fetchall()
    finally:
        conn.text_factory = saved
    for _seq, name, file in rows:
        if name in (b"main", "main"):
            return os.fsdecode(file) if isinstance(file, bytes) else str(file or "")
    return ""


class StoreBusy(StoreUnavailable):
    """Another program kept the statistics file's write lock past the wait: nothing was
    written, and the same write may succeed later."""


class StoreFull(StoreUnavailable):
    """The disk had no room for the write: nothing was written, and the same write may
    succeed once there is room."""


T = TypeVar("T")

# Numbers that tell apart the stores opened in this run (``Store.revision``).
_serials = itertools.count(1)

# Notes about statistics files set aside while opening, by path, not yet passed on, with
# what was recovered from each.
_unseen_notes: dict[Path, tuple[str, Salvage | None]] = {}

# Rounds and matches a full disk had no room for (nor for keeping them beside the file), by
# statistics file, oldest first: held while the game runs, whichever store of that file
# records next (a table's own, the next table's, the Statistics screen's).
_held_for_room: dict[Path, list[GameRecord | MatchRecord]] = {}


def default_path() -> Path:
    """Where the statistics database lives: ``data_dir()/macau.sqlite3``."""
    return where("data") / DB_NAME


def recorded_match(match_key: str, path: Path | None = None) -> tuple[int, str] | None:
    """The rounds recorded of the points match named ``match_key`` and its status
    (``queries.match_rounds``), read at a glance (``_glance``). None where it cannot be read
    now."""
    return _glance(lambda conn: queries.match_rounds(conn, match_key), (0, ""), path)


def save_left_behind(save_id: str, path: Path | None = None) -> bool | None:
    """Whether rounds were recorded after the saved game ``save_id`` while it could not be
    written again (``queries.save_left_behind``): kept to be recorded while another program
    held the file (``pending``), or in the file, read at a glance (``_glance``). None where
    it cannot be read now (or the file is older than the mark)."""
    target = default_path() if path is None else Path(path)
    for kept in pending.waiting(target):
        if isinstance(kept.record, GameRecord) and kept.record.stale_save == save_id:
            return True
    return _glance(lambda conn: queries.save_left_behind(conn, save_id), False, target)


def _glance(read: Callable[[sqlite3.Connection], T], empty: T, path: Path | None) -> T | None:
    """``read`` of the statistics file, ``empty`` when there is none: the file opened
    read-only, waiting at most a moment for another program that holds it, nothing recorded
    or repaired on the way (as ``Store.open`` does). None where it cannot be read now."""
    target = default_path() if path is None else Path(path)
    if not target.is_file():
        return empty
    try:
        conn = sqlerrors.reading_text(
            sqlite3.connect(f"{target.absolute().as_uri()}?mode=ro", uri=True, timeout=0.25)
        )
    except (sqlite3.Error, ValueError):
        return None
    try:
        return read(conn)
    except sqlite3.Error:
        return None
    finally:
        conn.close()


def _writer(record: GameRecord | MatchRecord) -> Callable[[sqlite3.Connection], int]:
    """The write that stores ``record``; ValueError if it cannot be a real round or match."""
    if isinstance(record, GameRecord):
        records.check_record(record)
        return lambda conn: records.insert_game(conn, record)
    records.check_match(record)
    return lambda conn: records.upsert_match(conn, record)


def _value_reason(exc: ValueError) -> str:
    """Why the statistics could not be opened, in the player's words."""
    if isinstance(exc, UnicodeError):
        return "the name of the statistics folder cannot be used"
    return "the statistics file cannot be read"


# The file itself, and the write-ahead log and its index SQLite keeps beside it.
_BESIDE = ("", "-wal", "-shm")


# One opening at a time in this process: the menu's and a table's openings run on threads of
# their own and may overlap, and two finding one damaged file would each recover it and set
# aside what the other had just put in its place. The second finds the file mended.
_OPENING = threading.RLock()  # (an opening that opens the file again itself goes on)


def _opened(target: Path) -> tuple[Opened, bool, bool]:
    """``open_database(target)``, or an empty database in memory saying why it could not
    be opened; and whether it failed for the file being in use, or for want of room."""
    try:
        with _OPENING:
            return open_database(target), False, False
    except (OSError, sqlite3.Error, ValueError) as exc:
        # ValueError: what no file system error says, such as a name Python cannot pass
        # on (UnicodeError); the game must still play, so it is told as a failed open.
        if isinstance(exc, ValueError):
            log.warning("statistics not opened: %s", exc, exc_info=True)
            reason = _value_reason(exc)
        else:
            reason = sqlerrors.describe(exc)
        # Held by another program: nothing is lost meanwhile (rounds are kept), and the
        # file is opened again later.
        in_use = sqlerrors.is_busy(exc)
        no_room = opening.no_room(target, exc)
        later = (
            "Rounds played meanwhile are kept and recorded once it is free."
            if in_use
            else "Games will be played but not recorded."
        )
        failed = f"Macau could not open its statistics ({reason}). {later}"
        return memory_database(opening.FULL if no_room else failed), in_use, no_room


class Store:
    """The player's statistics database. Open with ``Store.open()``; not thread-safe."""

    def __init__(
        self,
        conn: sqlite3.Connection,
        path: Path | None,
        read_only: bool,
        problem: str | None,
        stand_in: bool = False,
        salvage: Salvage | None = None,
        in_use: bool = False,
        no_room: bool = False,
        unwritable: bool = False,
    ) -> None:
        self._conn = conn
        self.path = path
        self.read_only = read_only
        self.problem = problem
        # True when nothing could be read: an empty database in memory stands in for the file.
        self.stand_in = stand_in
        # What was recovered from a damaged file found on opening, which was set aside (None
        # when none was): the file holds that and nothing older.
        self.salvage = salvage
        # Read-only because another program held the file's write lock when it was opened:
        # opening it again later may write (rounds recorded meanwhile are kept, see pending).
        self.in_use = in_use
        # Read-only because the folder or the file could not be written: opening it again
        # once that is mended may write (what is played meanwhile is not recorded).
        self.unwritable = unwritable
        # A write found the file in use and no write got through since: the next ones wait
        # only ``LOCK_RECHECK_S``, so a file kept for an hour costs one full wait.
        self._found_in_use = False
        # Rounds and matches the disk had no room for (nor for keeping them beside the file),
        # oldest first: recorded at the next write that finds room (``_held_for_room``).
        self._held: list[GameRecord | MatchRecord] = (
            [] if path is None else _held_for_room.setdefault(path.absolute(), [])
        )
        self._no_room = no_room  # the last write (or the opening) found the disk full
        self._serial = next(_serials)
        self._writes = 0  # transactions committed through this store
        # Whether another connection writes to the file while this store has it (see close).
        self._version_at_open = self._data_version()
        # The file this store writes to, and its write-ahead log and index beside it, as
        # they were found: to notice the file deleted or replaced (``_follow_file``).
        self._file = self._file_name()
        self._ids: dict[str, tuple[int, int]] = {}
        self._followed: str | None = None  # what the player was told on following the file
        self._note_file()

    @classmethod
    def open(cls, path: Path | None = None) -> Store:
        """Open the database (default ``data_dir()/macau.sqlite3``) and record what was kept
        while it was in use (``record_pending``); never raises."""
        target = default_path() if path is None else Path(path)
        opened, in_use, no_room = _opened(target)
        problem, saved = opened.problem, opened.salvage
        key = target.absolute()
        if problem is not None and not opened.read_only:
            # A file was set aside: whoever opens this file next in this run hears of it
            # too, so the note is not lost when a table opened the file first.
            _unseen_notes[key] = (problem, saved)
        elif problem is None:
            problem, saved = _unseen_notes.pop(key, (None, None))
        store = cls(
            opened.conn,
            target,
            opened.read_only,
            problem,
            opened.stand_in,
            saved,
            in_use=in_use or no_room or opened.in_use,
            no_room=no_room or opened.no_room,
            unwritable=opened.unwritable,
        )
        if not store.read_only and opening.write_lock_held(target):
            # Held as it is opened (a current file needs no write to open): another program
            # keeps it, so its writes wait the short while, not the long one that would
            # freeze the round's last frame first.
            store._found_in_use = True
        try:
            store.record_pending()
        except Exception:  # what was kept stays kept: the store is usable all the same
            log.exception("kept rounds not recorded")
        return store

    def __enter__(self) -> Store:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        """Close the database; the store cannot be used afterwards. What the disk had no
        room for is recorded now if there is room, else kept beside the file if there is
        room for that, else left held for the next store of the file in this run."""
        if self._held and not self.read_only:
            self._let_go_of_held()
        # What this run wrote is no reason to check the file in full again; what another
        # connection wrote meanwhile (another copy of the game, a tool) may be, so then the
        # next open checks it in full.
        alone = self._data_version() == self._version_at_open
        if self._moved() is not None:
            self._drop_old_log()
        self._conn.close()
        if self.path is not None and not self.stand_in and not self.read_only:
            if alone:
                note_closed(self.path)
            else:
                forget_checked(self.path)

    def _file_name(self) -> str | None:
        """The name of the file the connection has open (None: none, an empty database in
        memory standing in for it)."""
        if self.stand_in or self.path is None:
            return None
        try:
            return _main_file(self._conn) or None
        except sqlite3.Error:
            return None

    def _note_file(self) -> None:
        """Note which files are the open file and its log and index (device and inode), as
        long as some are not noted yet: SQLite makes the log and index at the first read or
        write, and keeps them while this connection is open."""
        if self._file is None or len(self._ids) == len(_BESIDE):
            return
        for suffix in _BESIDE:
            if suffix not in self._ids:
                with contextlib.suppress(OSError):
                    found = os.stat(self._file + suffix)
                    self._ids[suffix] = (found.st_dev, found.st_ino)

    def _moved(self) -> str | None:
        """Whether the open file is no longer the one at its name: "deleted", "replaced", or
        None while it is."""
        if self._file is None or "" not in self._ids:
            return None
        try:
            found = os.stat(self._file)
        except OSError:
            return "deleted"
        # (Asked while the connection is open: the numbers noted cannot be another file's.)
        return None if (found.st_dev, found.st_ino) == self._ids[""] else "replaced"

    def _drop_old_log(self) -> None:
        """For a file deleted or replaced, before its connection is closed: delete its log
        and index, which SQLite leaves where the file has gone. Left beside the file now at
        that name, or one made there later, they would be read as its own, and SQLite would
        show and write the old file's pages in it. Done while this connection still holds
        them open, so the device and inode noted are theirs alone: closed, the numbers may
        go at once to a log another copy of the game makes for the new file, which stays."""
        assert self._file is not None
        for suffix in _BESIDE[1:]:
            name = self._file + suffix
            with contextlib.suppress(OSError):
                found = os.stat(name)
                if (found.st_dev, found.st_ino) == self._ids.get(suffix):
                    os.unlink(name)

    def follow(self) -> None:
        """If the file was deleted or replaced since this store opened it, use the one at
        its place now (made anew if there is none) and say so in ``problem``: what a screen
        asks before it reads, so that all it shows comes from one file. Writes do it too."""
        self._follow_file()

    def _follow_file(self) -> None:
        """Before a write: if the file was deleted or replaced while this store had it open
        (a clean-up tool, a sync client, the player), open the one at ``path`` now, made anew
        if there is none, and say so. Written on, the old one would take every round played
        since with it when the game closes."""
        if self.read_only or self.path is None:
            return
        moved = self._moved()
        if moved is None:
            return
        log.warning("statistics file %s was %s", self._file, moved)
        self._drop_old_log()
        with contextlib.suppress(sqlite3.Error):
            self._conn.close()
        opened, in_use, no_room = _opened(self.path)
        self._conn = opened.conn
        self.read_only, self.stand_in = opened.read_only, opened.stand_in
        self.in_use = in_use or no_room or opened.in_use
        self._no_room = no_room or opened.no_room
        self.unwritable = opened.unwritable
        self._writes += 1  # (what was read from the old file is read again: see revision)
        self._version_at_open = self._data_version()
        self._file, self._ids = self._file_name(), {}
        self._note_file()
        # A file found in the place of one deleted may be the new one another copy of the
        # game (or another window of this one) made: it is told as either.
        done = "deleted or replaced" if moved == "replaced" else "deleted"
        said = f"The statistics file was {done} while Macau was running"
        if self.read_only:  # nor can a new one be made: the reason says what to do
            self._followed = f"{said}."
        else:
            where_now = (
                "in the file found in its place"
                if moved == "replaced"
                else "in a new one from now on"
            )
            self._followed = f"{said}: games are recorded {where_now}."
        # (What opening the file found, a full disk say, is told after it, once.)
        self.problem = f"{self._followed} {opened.problem or ''}".strip()

    def _data_version(self) -> int:
        """SQLite's count of commits by other connections seen by this one (-1 if unknown)."""
        try:
            (version,) = self._conn.execute("PRAGMA data_version").fetchone()
        except sqlite3.Error:
            return -1
        return int(version)

    def worker_opener(self) -> Callable[[], Store] | None:
        """A way for another thread to open this store's file (an SQLite connection may only
        be used by the thread that opened it), or None when the data lives only in this
        connection (an empty or upgraded copy in memory) and must be worked on here.

        The second connection is opened as this one was (read-write or read-only) but
        without the checks and upgrades of ``open``: this one already made them.
        """
        self._follow_file()  # (by its name: never a file deleted, which would be made empty)
        if self.stand_in:
            return None
        file = _main_file(self._conn)
        if not file:
            return None
        path, read_only, problem, named = Path(file), self.read_only, self.problem, self.path

        def open_again() -> Store:
            conn = connect_read_only(path) if read_only else connect(path)
            try:
                conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()  # readable?
                if not read_only:
                    conn.execute("PRAGMA synchronous = NORMAL")  # as open's own connection
                    conn.execute("PRAGMA foreign_keys = ON")
            except sqlite3.Error:
                conn.close()
                raise
            return Store(conn, named, read_only, problem)

        return open_again

    def revision(self) -> tuple[int, int, int]:
        """A value that changes whenever anything is written to the statistics, through this
        store or by another connection (a worker thread, another copy of the game), and
        differs between stores: what was read from the store may be remembered under it."""
        (version,) = self._conn.execute("PRAGMA data_version").fetchone()
        return (self._serial, int(version), self._writes)

    def _let_go_of_held(self) -> None:
        """On closing: record what is held if there is room now, else keep it beside the file
        if there is room for that; what is left stays held for the next store of the file."""
        try:
            self.record_pending()
        except Exception:
            log.exception("held rounds not recorded")
        while self._held and self.path is not None:
            try:
                pending.keep(self.path, self._held[0])
            except (OSError, ValueError) as exc:
                log.info("rounds still held for want of room: %s", exc)
                return
            self._held.pop(0)

    def _stop_recording(self, exc: BaseException) -> None:
        self.read_only = True
        self._no_room = False  # not for want of room now: nothing is held for it
        self.problem = (
            f"Macau cannot record games any more ({sqlerrors.describe(exc)}). "
            "Games already recorded are safe; new ones will not be recorded until this is fixed."
        )

    def _transaction(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``work`` in one write transaction; StoreUnavailable if nothing can be written,
        StoreBusy if another program kept the write lock past the wait (``LOCK_WAIT_S``, or
        ``LOCK_RECHECK_S`` while the file was last found in use)."""
        self._follow_file()
        if self.read_only:
            raise StoreUnavailable(self.problem or "The statistics cannot be changed.")
        conn = self._conn
        wait = opening.LOCK_RECHECK_S if self._found_in_use else opening.LOCK_WAIT_S
        deadline = time.monotonic() + wait
        tries = 0
        while True:
            began = False
            try:
                opening.wait_for_lock(conn, "BEGIN IMMEDIATE", deadline)
                began = True
                result = work(conn)
                conn.execute("COMMIT")
                self._note_file()
                self._writes += 1
                self._found_in_use = False
                self._no_room = False
                return result
            except BaseException as exc:
                if began and conn.in_transaction:
                    # SQLite may have rolled back already (e.g. after a full disk).
                    with contextlib.suppress(sqlite3.Error):
                        conn.execute("ROLLBACK")
                if sqlerrors.is_busy(exc):
                    if time.monotonic() < deadline:  # lost a race inside the transaction
                        tries += 1
                        time.sleep(max(0.0, min(0.02 * tries, deadline - time.monotonic())))
                        continue
                    self._found_in_use = True
                    raise StoreBusy(BUSY) from exc
                if sqlerrors.is_full(exc):  # not for good: the player may make room
                    self._no_room = True
                    raise StoreFull(FULL) from exc
                if (
                    sqlerrors.is_unwritable(exc)
                    or sqlerrors.is_damaged(exc)
                    or sqlerrors.is_missing_schema(exc)
                ):
                    self._stop_recording(exc)
                    raise StoreUnavailable(self.problem) from exc
                raise

    def record_game(self, rec: GameRecord) -> int | None:
        """Store one round (results and ratings together); its id, or None if not recorded.

        Abandoned rounds are kept but neither rated nor counted as losses. A record that
        makes no sense raises ValueError; a store that cannot write returns None. A round
        the file is too busy for (another program keeps it) is kept and recorded later.
        """
        return self._record(rec, _writer(rec))

    def record_match(self, match: MatchRecord) -> int | None:
        """Store a points match as it stands (see ``records.upsert_match``): its id, or None
        if not recorded. Rounds carry their match with them (``GameRecord.match``); this is
        for a match given up between two rounds, when no round is reported. Kept for later,
        as a round is, while another program keeps the file."""
        return self._record(match, _writer(match))

    def _record(
        self, record: GameRecord | MatchRecord, work: Callable[[sqlite3.Connection], int]
    ) -> int | None:
        """Store ``record`` by ``work`` after what was kept before it; its id, or None when
        it is not recorded now (kept for later while the file is in use)."""
        self._follow_file()
        if self.read_only:
            if self._no_room:  # opened on a full disk: opened again later
                self._keep_for_want_of_room(record)
            elif self.in_use:
                self._keep(record)
            return None
        if self.record_pending():
            try:
                return self._transaction(work)
            except StoreBusy:
                pass
            except StoreFull:
                self._keep_for_want_of_room(record)
                return None
            except StoreUnavailable:
                return None
        # Kept after those still waiting, so a match's rounds are recorded in their order.
        if (self._held or self._no_room) and not self.read_only:
            self._keep_for_want_of_room(record)
        else:  # (also once recording stopped on the way: kept beside the file for later)
            self._keep(record)
        return None

    def _keep_for_want_of_room(self, record: GameRecord | MatchRecord) -> None:
        """Keep ``record``, which the disk had no room for, beside the file if there is room
        for that (and nothing is held before it), else in memory (see ``_held``)."""
        self.problem = self._after_followed(FULL)
        if not self._held and self.path is not None:
            try:
                pending.keep(self.path, record)
                return
            except (OSError, ValueError) as exc:
                log.warning("round held in memory, not kept beside the file: %s", exc)
        self._held.append(record)

    def _keep(self, record: GameRecord | MatchRecord) -> None:
        """Keep ``record`` to record once the file is free, and say so in ``problem``."""
        if self.path is None:  # no folder to keep it in
            if self.problem is None:
                self.problem = f"The last round could not be recorded. {BUSY}"
            return
        try:
            pending.keep(self.path, record)
        except (OSError, ValueError) as exc:  # StoreUnavailable is an OSError
            log.warning("round not kept for later: %s", exc, exc_info=True)
            if self.problem in (None, KEPT):
                self.problem = f"The last round could not be recorded nor kept for later ({exc})."
            return
        if self.problem is None:
            self.problem = KEPT

    def record_pending(self) -> bool:
        """Record what was kept while another program held the file (see ``pending``),
        oldest first; True when nothing is left waiting. Waits for the lock as any write."""
        kept = [] if self.path is None else pending.waiting(self.path)
        if self.read_only:  # nothing can be recorded through this store, nor be told so
            return not (kept or self._held)
        for entry in kept:
            written = self._write_waiting(entry.record)
            if written is None:  # set aside, so it does not hold up the others for ever
                pending.put_aside(entry.path)
            elif not written:
                return False
            else:
                pending.recorded(entry)
        if self.path is not None:  # (also a folder made for a record the full disk refused)
            pending.tidy(self.path)
        # Held for want of room: after those kept beside the file, which are older.
        while self._held:
            if self._write_waiting(self._held[0]) is False:
                return False
            self._held.pop(0)
        if self.problem in (KEPT, self._after_followed(FULL)):  # free again, with room
            self.problem = self._followed
        return True

    def give_up_matches_in_play(self, keep: str | None = None) -> int | None:
        """Mark every points match still in play given up, its totals as they stand, but the
        one keyed ``keep``: a match goes on only from the saved game, and this one is in it
        (the save that held another was found damaged, or is gone). How many were given
        up; None when the file cannot be written now (the rounds kept for later are written
        first). A match given up and then reported with more rounds is in play again
        (``records.upsert_match``)."""
        self._follow_file()
        if self.read_only or not self.record_pending():
            return None
        try:
            return self._transaction(
                lambda conn: (
                    conn.execute(
                        "UPDATE matches SET status = 'abandoned' "
                        "WHERE status = 'playing' AND match_key IS NOT ?",
                        (keep,),
                    ).rowcount
                )
            )
        except (StoreBusy, StoreFull, StoreUnavailable):
            return None

    def _after_followed(self, problem: str) -> str:
        """``problem``, after what the player was told on following the file (if it was):
        a full disk found then must not hide that the old file is gone."""
        return problem if self._followed is None else f"{self._followed} {problem}"

    def _write_waiting(self, record: GameRecord | MatchRecord) -> bool | None:
        """Write a record that waited: True when written; False when it must wait on (the
        file in use, the disk full, or not writable at all: kept for a later run); None when
        it can never be stored (its name since given to a bot, a file edited into nonsense)."""
        try:
            self._transaction(_writer(record))
        except StoreBusy:
            if self.problem is None:
                self.problem = KEPT
            return False
        except StoreFull:
            self.problem = self._after_followed(FULL)
            return False
        except StoreUnavailable:
            return False
        except (ValueError, TypeError, ArithmeticError, sqlite3.Error):
            log.warning("a waiting record was refused", exc_info=True)
            return None
        return True

    def profiles(self, include_merged: bool = False) -> list[Profile]:
        """Every profile, humans first; merged-away ones only if asked for."""
        return queries.profiles(self._conn, include_merged)

    def played(self) -> set[str]:
        """The names of the profiles that were seated in some round or match."""
        return queries.played(self._conn)

    def profile(self, name: str) -> Profile | None:
        """The profile called ``name`` (following merges), or None."""
        return records.find_profile(self._conn, name)

    def create_profile(self, name: str) -> Profile:
        """Add a human profile; ValueError if the name is unusable or taken."""
        clean = records.clean_name(name)
        return self._transaction(lambda conn: records.insert_profile(conn, clean, "human"))

    def rename_profile(self, old: str, new: str) -> Profile:
        """Rename a human profile; its history and ratings stay with it."""
        return self._transaction(lambda conn: records.rename(conn, old, new))

    def merge_profiles(self, src: str, dst: str) -> Profile:
        """Move every result of ``src`` to ``dst`` and recompute all ratings in order."""
        return self._transaction(lambda conn: records.merge(conn, src, dst))

    def delete_profile(self, name: str) -> Profile:
        """Remove a human profile with no recorded rounds or matches (ValueError, saying
        why, for a bot, an unknown name or a profile that played); returns it as it was."""
        return self._transaction(lambda conn: records.delete(conn, name))

    def profile_stats(
        self,
        profile: str,
        preset: str | None = None,
        window: int = stats.DEFAULT_WINDOW,
        max_points: int = stats.MAX_SERIES_POINTS,
        rules_label: str | None = None,
    ) -> ProfileStats:
        """Statistics of one profile (ValueError if there is none by that name).

        ``window`` is the span of the rolling win rate. The win-rate series holds the
        latest ``max_points`` rounds, every one; the rating series is thinned evenly to
        ``max_points``, always keeping the latest round. ``rules_label`` keeps only the
        rounds on custom rules saved under that name (see ``rule_set_labels``).
        """
        return stats.profile_stats(self._conn, profile, preset, window, max_points, rules_label)

    def presets(self) -> list[str]:
        """Every preset (``custom`` for rounds on custom rules) rounds were recorded under."""
        return queries.presets(self._conn)

    def rule_set_labels(self) -> list[str]:
        """Every name custom rules were saved under that rounds were recorded on."""
        return queries.rule_set_labels(self._conn)

    def leaderboard(self, scope: str = OVERALL, rules_label: str | None = None) -> list[RankRow]:
        """Rated profiles (bots too) by conservative rating, best first; with ``rules_label``
        (scope ``custom``), rated over only the rounds on the custom rules saved so."""
        return queries.leaderboard(self._conn, scope, rules_label)

    def fastest_wins(
        self,
        preset: str | None = None,
        limit: int = 10,
        humans_only: bool = False,
        rules_label: str | None = None,
    ) -> list[FastWin]:
        """The quickest won rounds, quickest first (only those on the custom rules saved as
        ``rules_label``, if given)."""
        return queries.fastest_wins(self._conn, preset, limit, humans_only, rules_label)

    def history(
        self,
        profile: str | None = None,
        limit: int | None = None,
        preset: str | None = None,
        rules_label: str | None = None,
    ) -> list[HistoryEntry]:
        """Recorded rounds, newest first (only ``profile``'s, only ``preset``'s, only those on
        the custom rules saved as ``rules_label``, if given); the latest ``limit`` of those."""
        return queries.history(self._conn, profile, limit, preset, rules_label)

    def matches(
        self,
        profile: str | None = None,
        limit: int | None = None,
        preset: str | None = None,
        ended_only: bool = False,
        rules_label: str | None = None,
    ) -> list[MatchEntry]:
        """Recorded points matches, newest first (only ``profile``'s, only ``preset``'s, only
        those finished or given up, only those on the custom rules saved as ``rules_label``,
        if asked); the latest ``limit`` of those."""
        return queries.matches(self._conn, profile, limit, preset, ended_only, rules_label)

    def export(self, path: Path) -> list[Path]:
        """Write statistics and full history to ``path`` (.csv or .json); files written.

        A CSV export writes the history to ``path``, per-profile statistics to
        ``<stem>_stats.csv`` and points matches to ``<stem>_matches.csv`` beside it (see
        ``game.store.export``).
        """
        return self.export_counted(path)[0]

    def export_counted(self, path: Path) -> tuple[list[Path], int, int, int]:
        """``export``, and how many rounds, profiles and matches it holds: all read in one
        transaction, so another copy of the game recording meanwhile cannot make the files
        (or the counts) disagree with each other."""
        conn = self._conn
        began = not conn.in_transaction
        if began:
            conn.execute("BEGIN")  # deferred: its first read fixes the snapshot every query sees
        try:
            return exporting.export_counted(conn, Path(path))
        finally:
            if began and conn.in_transaction:
                conn.execute("COMMIT")

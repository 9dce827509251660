"""Long work on the statistics (an export, a merge) on a thread of its own, so the window
keeps drawing frames and saying what is happening while it runs.

The work gets a second ``Store`` on the same file: an SQLite connection may only be used by
the thread that opened it, and the file's write-ahead log lets the window's own connection
read meanwhile. A store held only in memory cannot be opened twice; its work runs on the
window's thread instead, at the second poll, after a frame has shown that it started.

A store may also be opened ahead on a thread of its own and then handed to the window's
thread (``StoreAhead``), which uses it from then on.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Generic, TypeVar, cast

from game.store.db import Store

__all__ = ["StoreAhead", "StoreJob"]

log = logging.getLogger(__name__)
T = TypeVar("T")


class StoreJob(Generic[T]):
    """``work`` run on a store like ``store``; ``poll`` from the window's thread until done,
    then ``result`` gives its value or raises what it raised."""

    def __init__(self, store: Store, work: Callable[[Store], T]) -> None:
        self._store = store
        self._work = work
        self._value: T | None = None
        self._error: BaseException | None = None
        self._finished = threading.Event()
        self._here = False  # the work runs on the window's thread (set before _finished)
        self._ran_here = False
        self._polls = 0
        self._worker_state: tuple[bool, str | None] = (False, None)
        self._thread: threading.Thread | None = None
        opener = store.worker_opener()
        if opener is None:
            self._here = True
            return
        # Not a daemon: quitting the game waits for an export to finish its file (one cut
        # short would leave its temporary file behind) and for a merge to commit.
        self._thread = threading.Thread(target=self._run, args=(opener,), name="macau-store-job")
        self._thread.start()

    def _run(self, opener: Callable[[], Store]) -> None:
        try:
            worker = opener()
        except (OSError, sqlite3.Error):
            self._here = True  # the file cannot be opened twice: the window's thread does it
            self._finished.set()
            return
        try:
            self._value = self._work(worker)
        except BaseException as exc:  # handed to the window's thread, which says what failed
            self._error = exc
        finally:
            self._worker_state = (worker.read_only, worker.problem)
            worker.close()
            self._finished.set()

    def poll(self) -> bool:
        """True once the work is done (call from the window's thread, once a frame)."""
        self._polls += 1
        if not self._here and not self._finished.is_set():
            return False
        if self._here:
            if not self._ran_here:
                if self._polls < 2:
                    return False  # this poll comes before the frame saying the work started
                self._ran_here = True
                try:
                    self._value = self._work(self._store)
                except BaseException as exc:
                    self._error = exc
            return True
        read_only, problem = self._worker_state
        if read_only and not self._store.read_only:
            # The other connection found the file cannot be written: nor can this one.
            self._store.read_only, self._store.problem = True, problem
        return True

    def wait(self) -> None:
        """Block until the work is done (for tests)."""
        if self._thread is not None:
            self._thread.join()
        while not self.poll():
            pass

    def result(self) -> T:
        """The work's value, or its exception raised again; only once ``poll`` said done."""
        if self._error is not None:
            raise self._error
        return cast(T, self._value)


class StoreAhead:
    """``Store.open()`` on a thread of its own, begun before the store is needed: opening
    checks the whole file the first time in a run (about 0.25 s at 20,000 rounds, 60 ms for
    the quick check of a later opening), and waits a while for a file another program holds,
    which at a table's round end would hold the frame that lays the last card. ``take``
    gives the store, waiting for it if need be; ``close`` never waits."""

    def __init__(self, path: Path | None = None) -> None:
        self._store: Store | None = None
        self._lock = threading.Lock()
        self._done = False  # the opening has finished (set with ``_store``)
        self._dropped = False  # closed before it finished: the thread closes what it opens
        self._thread = threading.Thread(
            target=self._run, args=(path,), name="macau-store-open", daemon=True
        )
        self._thread.start()

    def _run(self, path: Path | None) -> None:
        store: Store | None = None
        try:
            store = Store.open(path)
        except Exception:  # (Store.open never raises; the table opens it itself if it did)
            log.exception("could not open the statistics store ahead")
        with self._lock:
            self._done = True
            dropped = self._dropped
            if not dropped:
                self._store = store
        if dropped and store is not None:
            store.close()

    @property
    def done(self) -> bool:
        """Whether the opening has finished (``take`` then gives its store at once)."""
        with self._lock:
            return self._done

    def take(self) -> Store | None:
        """The store opened (its owner closes it), or None if opening it failed; once."""
        self._thread.join()
        with self._lock:
            store, self._store = self._store, None
        return store

    def close(self) -> None:
        """Close the store if it was never taken (the table left before the round it was
        opened for ended), without waiting for an opening still under way: that one is
        closed by its own thread as it finishes."""
        with self._lock:
            if not self._done:
                self._dropped = True
                return
            store, self._store = self._store, None
        if store is not None:
            store.close()

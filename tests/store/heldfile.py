"""The statistics file kept locked for writing by another program, as a database browser
with unsaved changes keeps it, for the tests of a file in use."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def held(path: Path) -> Iterator[sqlite3.Connection]:
    """``path`` write-locked by another connection until the block ends (nothing it changed
    is kept). The connection may be let go of from another thread."""
    conn = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
    try:
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("UPDATE profiles SET created = created")  # an edit not yet saved
        yield conn
    finally:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        conn.close()

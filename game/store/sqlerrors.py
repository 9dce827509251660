"""Sorting SQLite failures into the few kinds the store reacts to differently."""

from __future__ import annotations

import errno
import functools
import sqlite3

# Primary result codes from sqlite3.h; Python 3.11 exposes the (extended) code.
_BUSY = 5
_LOCKED = 6
_READONLY = 8
_IOERR = 10
_CORRUPT = 11
_FULL = 13
_CANTOPEN = 14
_NOTADB = 26

# How the store's connections turn SQLite's text into strings: as UTF-8, with any byte that
# is not (a bit flipped in a name on disk) read as "\N{REPLACEMENT CHARACTER}". SQLite's own
# checks pass such a value, and read strictly it made every query that touched its row fail
# (History showed nothing at all) where one odd character in one name is all that is lost.
READ_TEXT = functools.partial(str, encoding="utf-8", errors="replace")


def reading_text(conn: sqlite3.Connection) -> sqlite3.Connection:
    """``conn``, reading text as ``READ_TEXT`` does."""
    conn.text_factory = READ_TEXT
    return conn


def _code(exc: BaseException) -> int | None:
    code = getattr(exc, "sqlite_errorcode", None)
    return None if code is None else int(code) & 0xFF


def _of_kind(exc: BaseException, codes: tuple[int, ...], words: tuple[str, ...]) -> bool:
    """Whether ``exc`` has one of the primary result ``codes``; where SQLite gives no code,
    whether its message holds one of ``words``."""
    code = _code(exc)
    if code is not None:
        return code in codes
    text = str(exc)
    return any(word in text for word in words)


def is_busy(exc: BaseException) -> bool:
    """Another process holds the lock longer than the busy timeout: try again."""
    if not isinstance(exc, sqlite3.OperationalError):
        return False
    return _of_kind(exc, (_BUSY, _LOCKED), ("locked", "busy"))


def is_unwritable(exc: BaseException) -> bool:
    """The file or disk will not take writes (read-only, full, I/O failure, no access)."""
    if isinstance(exc, OSError):
        return True
    if not isinstance(exc, sqlite3.OperationalError):
        return False
    words = ("readonly database", "disk is full", "disk I/O error", "unable to open")
    return _of_kind(exc, (_READONLY, _IOERR, _FULL, _CANTOPEN), words)


def is_full(exc: BaseException) -> bool:
    """The disk (or the user's quota) has no room: the same write may succeed once there is."""
    if isinstance(exc, OSError):
        return exc.errno in (errno.ENOSPC, errno.EDQUOT)
    if not isinstance(exc, sqlite3.OperationalError):
        return False
    return _of_kind(exc, (_FULL,), ("disk is full",))


def is_damaged(exc: BaseException) -> bool:
    """The file is not a database or is malformed."""
    if not isinstance(exc, sqlite3.DatabaseError) or isinstance(exc, sqlite3.IntegrityError):
        return False
    return _of_kind(exc, (_CORRUPT, _NOTADB), ("malformed", "not a database"))


def is_not_a_database(exc: BaseException) -> bool:
    """The file does not begin as a database does (not merely damaged further in)."""
    if not isinstance(exc, sqlite3.DatabaseError):
        return False
    return _of_kind(exc, (_NOTADB,), ("not a database",))


def is_missing_schema(exc: BaseException) -> bool:
    """A table or column the game needs is not in the file (someone changed its layout)."""
    if not isinstance(exc, sqlite3.OperationalError):
        return False
    text = str(exc)
    return any(words in text for words in ("no such table", "no such column", "has no column"))


def describe(exc: BaseException, reading: bool = False) -> str:
    """A plain-English reason a write failed, for the player, or a read with ``reading``. A
    lock another program keeps (a database browser with unsaved changes) is named as such:
    the file is sound and can be written once that program lets go."""
    code = _code(exc)
    text = str(exc)
    if code == _FULL or "disk is full" in text:
        return "the disk is full"
    if code == _READONLY or "readonly" in text:
        return "the statistics file is read-only"
    if code == _CANTOPEN or "unable to open" in text:
        return "the statistics file cannot be opened" + ("" if reading else " for writing")
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror.lower()
    if code == _IOERR or "I/O" in text:
        return "the disk reported an error"
    if is_damaged(exc):
        return "the statistics file is damaged"
    if is_missing_schema(exc):
        return "the statistics file is missing tables or columns it needs"
    if is_busy(exc):
        return "the statistics file is in use by another program"
    # A read that fails for none of these reasons is told in SQLite's words: "the file
    # cannot be read" would only repeat what the player is told around it.
    return f"SQLite said: {text}" if reading else "the statistics file cannot be written"

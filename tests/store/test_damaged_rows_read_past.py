"""Reading a damaged table row by row (``salvage._readable_rows``) always ends, and keeps
every row that can be read: the rows of a table are read one ahead, so the row after a
readable one can fail before that one is given, and a damaged page can give a row out of
order. Neither may make the reading start again where it was, for ever."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from typing import Any

import pytest

from game.store import salvage

Row = tuple[int, str]


class _Damaged:
    """A connection to a table of rows 1–6 where row 4 cannot be read. Reading runs one
    row ahead, as sqlite3's cursor does; ``stray`` gives a row numbered 0 (out of order)
    just before the damage."""

    def __init__(self, stray: bool = False) -> None:
        self.rows = [(n, f"row {n}") for n in range(1, 7)]
        self.stray = stray
        self.executed = 0

    def execute(self, query: str, params: tuple[int]) -> Any:
        self.executed += 1
        if self.executed > 1000:
            raise AssertionError("read again and again")
        (start,) = params
        if query.endswith("LIMIT 1"):
            return _Result(self._one(start))
        return _Result(self._ahead(self._all(start)))

    def _one(self, start: int) -> list[Row]:
        found = [r for r in self.rows if r[0] >= start][:1]
        if found and found[0][0] == 4:
            raise sqlite3.DatabaseError("database disk image is malformed")
        return found

    def _all(self, start: int) -> Iterator[Row]:
        for row in self.rows:
            if row[0] < start:
                continue
            if row[0] == 4:
                if self.stray:
                    yield (0, "stray")
                    yield (0, "stray again")
                raise sqlite3.DatabaseError("database disk image is malformed")
            yield row

    @staticmethod
    def _ahead(rows: Iterator[Row]) -> Iterator[Row]:
        """Each row is given only once the next one has been read."""
        held = next(rows, None)
        while held is not None:
            after = next(rows, None)
            yield held
            held = after


class _Result:
    def __init__(self, rows: Any) -> None:
        self.rows = rows

    def __iter__(self) -> Iterator[Row]:
        return iter(self.rows)

    def fetchall(self) -> list[Row]:
        return list(self.rows)


@pytest.mark.parametrize("stray", [False, True], ids=["read_one_ahead", "a_row_out_of_order"])
def test_every_readable_row_is_read_once_and_the_reading_ends(stray: bool) -> None:
    conn = _Damaged(stray)
    rows, read_all = salvage._readable_rows(conn, "games", ["name"])  # type: ignore[arg-type]
    assert not read_all
    read = [("row 1",), ("row 2",), ("row 3",), ("row 5",), ("row 6",)]
    # A row numbered out of order may be a real one (its number damaged): it is kept.
    assert rows == ([*read[:3], ("stray",), *read[3:]] if stray else read)


def test_the_rows_after_one_numbered_too_high_are_kept() -> None:
    # Row 3's number damaged into 99, with nothing unreadable: every row is still read.
    conn = _Damaged()
    conn.rows = [(1, "a"), (2, "b"), (99, "c"), (5, "d"), (6, "e")]
    rows, _ = salvage._readable_rows(conn, "games", ["name"])  # type: ignore[arg-type]
    assert rows == [("a",), ("b",), ("c",), ("d",), ("e",)]


def test_two_rows_of_one_number_are_both_kept() -> None:
    # A row number is no key: two seats' rows may share one in a damaged file.
    conn = _Damaged()
    conn.rows = [(1, "a"), (2, "b"), (2, "c"), (3, "d")]
    rows, _ = salvage._readable_rows(conn, "results", ["name"])  # type: ignore[arg-type]
    assert rows == [("a",), ("b",), ("c",), ("d",)]

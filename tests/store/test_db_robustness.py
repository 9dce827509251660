"""A statistics file whose tables do not match its version never silently stops recording."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from game.store import Store, schema
from tests.store.conftest import bot, game, human


def _db(home: Path) -> Path:
    return home / "data" / "macau.sqlite3"


def _fill(rounds: int) -> None:
    with Store.open() as store:
        for n in range(rounds):
            assert store.record_game(game(n, "classic", human(0, "Anna", 1), bot(1, "easy", 2)))


def _run(path: Path, *statements: str) -> None:
    conn = sqlite3.connect(str(path), isolation_level=None)
    try:
        for statement in statements:
            conn.execute(statement)
    finally:
        conn.close()


def _records_again(store: Store) -> None:
    assert not store.read_only
    assert store.record_game(game(9, "classic", human(0, "Anna", 1), bot(1, "easy", 2)))


def _set_aside(home: Path) -> list[Path]:
    return list(_db(home).parent.glob("macau.sqlite3.corrupt-*"))


def test_a_dropped_table_is_set_aside_and_a_new_file_started(home: Path) -> None:
    _fill(3)
    _run(_db(home), "DROP TABLE rating_history")
    with Store.open() as store:
        assert store.problem is not None and "damaged" in store.problem
        _records_again(store)
    kept = _set_aside(home)
    assert len(kept) == 1 and kept[0].name in (store.problem or "")
    conn = sqlite3.connect(str(kept[0]))
    assert conn.execute("SELECT COUNT(*) FROM games").fetchone() == (3,)  # nothing lost
    conn.close()


def test_a_dropped_column_is_set_aside_and_a_new_file_started(home: Path) -> None:
    _fill(2)
    _run(_db(home), "ALTER TABLE games DROP COLUMN blocked")
    with Store.open() as store:
        assert store.problem is not None and "damaged" in store.problem
        _records_again(store)
    assert len(_set_aside(home)) == 1


def test_a_table_dropped_while_playing_stops_recording_with_a_reason(home: Path) -> None:
    _fill(1)
    with Store.open() as store:
        _run(_db(home), "DROP TABLE rating_history")
        assert store.record_game(game(5, "classic", human(0, "Anna", 1), bot(1, "easy", 2))) is None
        assert store.read_only
        assert store.problem is not None and "missing tables" in store.problem


def test_a_restored_dump_without_a_version_is_adopted(home: Path) -> None:
    _fill(3)
    source = sqlite3.connect(str(_db(home)))
    dump = list(source.iterdump())
    source.close()
    restored = _db(home).with_name("restored.sqlite3")
    target = sqlite3.connect(str(restored))
    target.executescript("\n".join(dump))
    target.close()
    restored.replace(_db(home))
    with Store.open() as store:
        assert store.problem is None
        assert len(store.history()) == 3
        _records_again(store)
    conn = sqlite3.connect(str(_db(home)))
    assert schema.user_version(conn) == schema.CURRENT_VERSION
    conn.close()
    assert _set_aside(home) == []


@pytest.mark.parametrize("version", [-1, 1, 6, schema.CURRENT_VERSION - 1])
def test_a_version_mark_behind_its_tables_is_taken_from_the_tables(
    home: Path, version: int
) -> None:
    # Set back by hand or damaged: the upgrade from it tried to add tables and columns that
    # were there ("table matches already exists"), told as "cannot be written" and shown as
    # no rounds at all; a negative mark stopped the game opening it with a traceback.
    _fill(3)
    _run(_db(home), f"PRAGMA user_version = {version}")
    with Store.open() as store:
        assert store.problem is None and not store.read_only
        assert len(store.history()) == 3
        _records_again(store)
    conn = sqlite3.connect(str(_db(home)))
    assert schema.user_version(conn) == schema.CURRENT_VERSION
    conn.close()
    assert _set_aside(home) == []


def test_an_unversioned_file_with_strange_tables_is_set_aside(home: Path) -> None:
    _db(home).parent.mkdir(parents=True)
    _run(
        _db(home),
        "CREATE TABLE profiles (id INTEGER PRIMARY KEY)",
        "INSERT INTO profiles VALUES (7)",
    )
    before = _db(home).read_bytes()
    with Store.open() as store:
        assert store.problem is not None and "damaged" in store.problem
        assert "cannot be written" not in store.problem
        _records_again(store)
    kept = _set_aside(home)
    assert [p.read_bytes() for p in kept] == [before]


@pytest.mark.parametrize("version", [schema.CURRENT_VERSION + 1, 99])  # the next one, the likeliest
@pytest.mark.parametrize(
    ("change", "readable"),
    [
        ("CREATE TABLE trophies (id INTEGER PRIMARY KEY)", True),  # tables this version reads
        ("DROP TABLE rating_history", False),  # tables it cannot read
    ],
)
def test_a_file_from_a_newer_version_stays_in_place(
    home: Path, change: str, readable: bool, version: int
) -> None:
    _fill(2)
    _run(_db(home), f"PRAGMA user_version = {version}", change)
    before = _db(home).read_bytes()
    with Store.open() as store:
        assert store.read_only
        assert store.problem is not None and "newer version" in store.problem
        assert "until you update" in store.problem
        assert len(store.history()) == (2 if readable else 0)
        assert store.record_game(game(7, "classic", human(0, "Anna", 1), bot(1, "easy", 2))) is None
    assert _db(home).read_bytes() == before
    assert list(_db(home).parent.glob("macau.sqlite3.*-*")) == []


def test_the_note_of_a_file_set_aside_reaches_the_next_store_once(home: Path) -> None:
    _db(home).parent.mkdir(parents=True)
    _db(home).write_bytes(b"garbage" * 1000)
    with Store.open() as first:  # the table's store, at the end of a round
        assert first.problem is not None and "damaged" in first.problem
    with Store.open() as second:  # the menu's, for the Statistics screen
        assert second.problem == first.problem
    with Store.open() as third:
        assert third.problem is None

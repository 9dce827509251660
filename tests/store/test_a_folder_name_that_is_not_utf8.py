"""Statistics kept in a folder whose name is not UTF-8 (a Latin-1 "café") open as in any
other folder: read-only when they must be, and never by stopping the game."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from game.store import Store
from game.store import db as store_db
from game.store.export_cli import run_export
from game.store.opening import NEWER
from tests.store.conftest import bot, game, human
from tests.store.latin1 import latin1_folder


@pytest.fixture
def latin1_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """MACAU_HOME is a folder named in Latin-1."""
    folder = latin1_folder(tmp_path)
    monkeypatch.setenv("MACAU_HOME", str(folder))
    return folder


def _newer_file(home: Path, rounds: int) -> None:
    """``rounds`` recorded, then the file marked as a newer version's (read-only to us)."""
    with Store.open() as store:
        assert store.problem is None
        for n in range(rounds):
            assert store.record_game(game(n, "classic", human(0, "Anna", 1), bot(1, "easy", 2)))
    conn = sqlite3.connect(str(home / "data" / "macau.sqlite3"), isolation_level=None)
    try:
        conn.execute("PRAGMA user_version = 99")
    finally:
        conn.close()


def test_a_newer_versions_file_in_such_a_folder_is_shown_read_only(latin1_home: Path) -> None:
    _newer_file(latin1_home, 2)
    with Store.open() as store:
        assert store.read_only and not store.stand_in
        assert store.problem == NEWER
        assert len(store.history()) == 2
        assert store.record_game(game(7, "classic", human(0, "Anna", 1), bot(1, "easy", 2))) is None


def test_the_export_command_reads_such_a_folder_and_names_it(
    latin1_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _newer_file(latin1_home, 3)
    target = latin1_home / "stats.csv"
    assert run_export(str(target)) == 0
    out, err = capsys.readouterr()
    assert err == f"macau stats: {NEWER}\n"
    assert out.startswith("Exported 3 recorded rounds and ")
    assert "caf\ufffd" in out  # the letter no encoding takes is shown by a stand-in
    assert target.is_file()


def test_an_export_into_such_a_folder_says_where_it_went(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("MACAU_HOME", str(tmp_path / "home"))
    with Store.open() as store:
        store.record_game(game(1, "classic", human(0, "Anna", 1), bot(1, "easy", 2)))
    target = latin1_folder(tmp_path) / "stats.json"
    assert run_export(str(target)) == 0
    out = capsys.readouterr().out
    assert out.startswith("Exported 1 recorded round and ")
    assert out.rstrip().endswith("caf\ufffd/stats.json.")
    assert target.is_file()


def test_anything_else_going_wrong_while_opening_is_told_not_raised(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def fails(path: Path) -> None:
        # What a strict encoding does with such a name, wherever it is met while opening.
        raise UnicodeEncodeError("utf-8", "caf\udce9", 3, 4, "surrogates not allowed")

    monkeypatch.setattr(store_db, "open_database", fails)
    with Store.open() as store:
        assert store.stand_in and store.read_only
        assert store.problem == (
            "Macau could not open its statistics (the name of the statistics folder cannot "
            "be used). Games will be played but not recorded."
        )
        assert store.history() == []


def test_a_second_connection_for_an_export_opens_in_such_a_folder(latin1_home: Path) -> None:
    """The statistics screen exports (and profiles merge) on a connection of their own,
    opened by the file's name as SQLite holds it: read as text, a name that is not UTF-8
    stopped the game."""
    with Store.open() as store:
        assert store.record_game(game(1, "classic", human(0, "Anna", 1), bot(1, "easy", 2)))
        opener = store.worker_opener()
        assert opener is not None
        other = opener()
        try:
            assert len(other.history()) == 1
            assert other.path is not None and other.path.samefile(store.path)
        finally:
            other.close()

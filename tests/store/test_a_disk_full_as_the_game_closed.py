"""A full disk as the game closes cuts short SQLite's copying of the write-ahead log back
into the file: the file's first page already counts pages the file does not yet hold, and
the rounds are all still in the log. Read with its log the file is whole; it must not be
taken for damaged and set aside. A file that is damaged, met while there is no room to
recover it, is left in place until there is."""

from __future__ import annotations

import errno
import shutil
import struct
from pathlib import Path

import pytest

from game.store import Store, salvage
from game.store.db import FULL
from tests.store.conftest import bot, game, human, integrity


def _db(home: Path) -> Path:
    return home / "data" / "macau.sqlite3"


def _fill(store: Store, rounds: int) -> None:
    for n in range(rounds):
        assert store.record_game(game(n, "polish", human(0, "Anna", 1), bot(1, "easy", 2)))


def _as_a_full_disk_left_it(home: Path, rounds: int) -> None:
    """The file and its log as the game left them when the copy-back failed after the
    first page: that page written from the log, the file not grown beyond it."""
    original = home / "kept" / "macau.sqlite3"
    original.parent.mkdir(parents=True)
    store = Store.open(original)
    _fill(store, rounds)
    _db(home).parent.mkdir(parents=True)
    shutil.copyfile(original, _db(home))  # (copied while open: all is in the log)
    shutil.copyfile(f"{original}-wal", f"{_db(home)}-wal")
    store.close()
    log = Path(f"{_db(home)}-wal").read_bytes()
    size = struct.unpack(">I", log[8:12])[0]
    first = None
    at = 32  # the log's header, then frames: 24 bytes of their own, then the page
    while at + 24 + size <= len(log):
        if struct.unpack(">I", log[at : at + 4])[0] == 1:
            first = log[at + 24 : at + 24 + size]
        at += 24 + size
    assert first is not None
    with _db(home).open("r+b") as cut:
        cut.write(first)
        cut.truncate(size)


def test_a_file_whose_copy_back_was_cut_short_opens_whole(home: Path) -> None:
    _as_a_full_disk_left_it(home, 5)
    with Store.open() as store:
        assert store.problem is None and not store.read_only
        assert len(store.history()) == 5
        _fill(store, 1)
    assert not list(_db(home).parent.glob("*.corrupt-*"))
    assert integrity(_db(home)) == "ok"


def test_a_damaged_file_met_with_no_room_to_recover_it_is_left_in_place(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Store.open() as store:
        _fill(store, 40)
    raw = bytearray(_db(home).read_bytes())
    raw[4096 + 100 : 3 * 4096] = bytes(2 * 4096 - 100)  # the pages after the first
    _db(home).write_bytes(bytes(raw))

    def no_room(source: object, target: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as full:
        full.setattr(salvage.shutil, "copyfile", no_room)
        with Store.open() as store:
            assert store.problem == FULL and store.read_only
    assert _db(home).read_bytes() == bytes(raw)
    assert not list(_db(home).parent.glob("*.corrupt-*"))
    with Store.open() as store:  # room made: recovered and set aside now
        assert store.problem is not None and "damaged" in store.problem
    assert len(list(_db(home).parent.glob("macau.sqlite3.corrupt-*"))) == 1

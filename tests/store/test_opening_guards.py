"""Opening the statistics when the folder or the file is in trouble: a damaged file is kept
whole with its write-ahead log, and a folder Macau may not write to is shown read-only."""

from __future__ import annotations

import errno
import os
import random
import shutil
import types
from pathlib import Path

import pytest

from game.store import Store, paths
from tests.store.conftest import bot, game, human, integrity


def _db(home: Path) -> Path:
    return home / "data" / "macau.sqlite3"


def _fill(store: Store, rounds: int) -> None:
    for n in range(rounds):
        assert store.record_game(game(n, "classic", human(0, "Anna", 1), bot(1, "easy", 2)))


def test_a_damaged_file_is_set_aside_with_its_write_ahead_log(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A game killed while its rounds were still in the log leaves the file and its log; the
    # file is then damaged. The log belongs to the damaged file: it goes aside with it, so the
    # copy kept is whole, and the new file in its place starts with a log of its own.
    live = tmp_path / "live"
    monkeypatch.setenv("MACAU_HOME", str(live))
    with Store.open() as store:
        _fill(store, 12)
        _db(home).parent.mkdir(parents=True)
        for suffix in ("", "-wal"):
            shutil.copyfile(f"{_db(live)}{suffix}", f"{_db(home)}{suffix}")
    log = Path(f"{_db(home)}-wal").read_bytes()
    assert len(log) > 4096  # the rounds are in the log
    _db(home).write_bytes(random.Random(6).randbytes(_db(home).stat().st_size))
    monkeypatch.setenv("MACAU_HOME", str(home))
    with Store.open() as store:
        assert store.problem is not None
        assert "damaged: 12 of 12 rounds were recovered" in store.problem
        _fill(store, 1)
    [kept] = _db(home).parent.glob("macau.sqlite3.corrupt-*[0-9]")
    assert Path(f"{kept}-wal").read_bytes() == log
    assert integrity(_db(home)) == "ok"
    with Store.open() as store:
        assert len(store.history()) == 13


def test_a_folder_macau_may_not_write_to_shows_what_is_there(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The same refusal as a folder made read-only by its permissions, which root (and so a
    # CI running as root) never meets: the test file Macau writes to prove the folder is
    # writable is refused by the system.
    with Store.open() as store:
        _fill(store, 2)
    before = _db(home).read_bytes()

    def refused(**_kw: object) -> tuple[int, str]:
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

    monkeypatch.setattr(paths, "tempfile", types.SimpleNamespace(mkstemp=refused))
    with Store.open() as store:
        assert store.read_only and store.problem is not None
        assert f"Macau cannot write to the folder {_db(home).parent}" in store.problem
        assert "(permission denied)" in store.problem
        assert len(store.history()) == 2  # what was recorded is still shown
        assert store.record_game(game(5, "classic", human(0, "Anna", 1), bot(1, "easy", 2))) is None
    assert _db(home).read_bytes() == before

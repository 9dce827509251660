"""Opening the database never raises and never overwrites what the player already has."""

from __future__ import annotations

import errno
import os
import random
import shutil
import sqlite3
from pathlib import Path

import pytest

from game.store import Store, opening, pending
from game.store.db import FULL
from game.store.models import GameRecord
from game.store.paths import StoreUnavailable
from tests.store.conftest import T0, bot, game, human, integrity


def _db(home: Path) -> Path:
    return home / "data" / "macau.sqlite3"


def _fill(store: Store, rounds: int = 3) -> None:
    for n in range(rounds):
        assert store.record_game(game(n, "classic", human(0, "Anna", 1), bot(1, "easy", 2)))


def test_a_missing_folder_is_created_on_demand(home: Path) -> None:
    assert not home.exists()
    with Store.open() as store:
        assert store.problem is None and not store.read_only
        _fill(store, 1)
    assert _db(home).is_file()


def test_random_bytes_are_set_aside_and_a_new_database_started(home: Path) -> None:
    _db(home).parent.mkdir(parents=True)
    junk = os.urandom(8192)
    _db(home).write_bytes(junk)
    with Store.open() as store:
        assert store.problem is not None and "damaged" in store.problem
        assert not store.read_only
        _fill(store, 1)
    kept = list(_db(home).parent.glob("macau.sqlite3.corrupt-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == junk
    assert kept[0].name in (store.problem or "")


def test_a_damaged_page_is_caught_by_the_integrity_check(home: Path) -> None:
    with Store.open() as store:
        _fill(store, 40)
    raw = bytearray(_db(home).read_bytes())
    page = 4096
    assert len(raw) > 3 * page
    # Keep the header, break the pages after it (the profiles and their index).
    raw[page + 100 : 3 * page] = random.Random(3).randbytes(2 * page - 100)
    _db(home).write_bytes(bytes(raw))
    with Store.open() as store:
        assert store.problem is not None and "damaged" in store.problem
        # The rounds are on other pages: they are all recovered.
        assert "40 of 40 rounds were recovered" in store.problem
        assert len(store.history()) == 40
    kept = list(_db(home).parent.glob("macau.sqlite3.corrupt-*"))
    assert [p.read_bytes() for p in kept] == [bytes(raw)]


def test_a_read_only_file_plays_on_without_recording(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Store.open() as store:
        _fill(store, 2)
    before = _db(home).read_bytes()
    # Root ignores file permissions, so open the file the way SQLite sees a read-only one.
    monkeypatch.setattr(opening, "connect", opening.connect_read_only)
    with Store.open() as store:
        assert store.read_only
        assert store.problem is not None and "not recorded" in store.problem
        assert len(store.history()) == 2  # what was recorded is still shown
        assert store.record_game(game(9, "classic", human(0, "Anna", 1), bot(1, "easy", 2))) is None
        with pytest.raises(StoreUnavailable):
            store.create_profile("Bartek")
    assert _db(home).read_bytes() == before


def test_an_unwritable_folder_shows_what_is_there(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Store.open() as store:
        _fill(store, 2)

    def refuse(folder: Path) -> Path:
        raise StoreUnavailable(f"Macau cannot write to the folder {folder} (permission denied).")

    monkeypatch.setattr(opening, "ensure_writable", refuse)
    with Store.open() as store:
        assert store.read_only and store.problem is not None
        assert "permission denied" in store.problem
        assert len(store.history()) == 2
    assert integrity(_db(home)) == "ok"


def _left_by_a_kill(home: Path, rounds: int) -> Path:
    """A statistics file whose rounds are still all in its write-ahead log, with no log
    index beside it: what a killed game leaves once the folder is restored read-only."""
    with Store.open() as store:
        _fill(store, rounds)
        folder = home / "restored"
        folder.mkdir()
        for suffix in ("", "-wal"):
            shutil.copyfile(f"{_db(home)}{suffix}", folder / f"macau.sqlite3{suffix}")
    return folder / "macau.sqlite3"


def _unreadable_in_place(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reading in place fails as in a read-only folder (root may write anywhere): SQLite
    cannot make the log's index, and immutable reading skips the log."""
    read = opening.connect_read_only

    def without_the_log(path: Path, *, immutable: bool = False) -> sqlite3.Connection:
        if not immutable:
            raise sqlite3.OperationalError("unable to open database file")
        return read(path, immutable=True)

    monkeypatch.setattr(opening, "connect_read_only", without_the_log)


def test_rounds_still_in_the_log_of_a_read_only_folder_are_shown(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _left_by_a_kill(home, 5)
    _unreadable_in_place(monkeypatch)
    opened = opening.open_read_only(path, "Macau cannot write to the folder.")
    assert not opened.stand_in and opened.problem == "Macau cannot write to the folder."
    assert opened.conn.execute("SELECT COUNT(*) FROM games").fetchone() == (5,)
    assert sorted(p.name for p in path.parent.iterdir()) == ["macau.sqlite3", "macau.sqlite3-wal"]


def test_statistics_that_cannot_be_read_are_not_shown_as_none_played(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _left_by_a_kill(home, 5)
    _unreadable_in_place(monkeypatch)

    def no_room(_: Path) -> sqlite3.Connection:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(opening, "_private_copy", no_room, raising=False)
    opened = opening.open_read_only(path, "Macau cannot write to the folder.")
    assert opened.stand_in
    assert opened.problem == (
        "Your statistics could not be read, so none are shown. Macau cannot write to the folder."
    )


def test_a_folder_that_cannot_be_created_never_raises(home: Path) -> None:
    home.parent.mkdir(parents=True, exist_ok=True)
    home.write_text("a file where the folder should be")
    store = Store.open()
    assert store.read_only and store.problem is not None
    assert store.record_game(game(1, "classic", human(0, "Anna", 1), bot(1, "easy", 2))) is None
    assert store.leaderboard() == [] and store.history() == []
    store.close()
    assert home.read_text() == "a file where the folder should be"


def test_a_folder_in_place_of_the_file_never_raises(home: Path) -> None:
    _db(home).mkdir(parents=True)
    with Store.open() as store:
        assert store.read_only and store.problem is not None and "folder" in store.problem
    assert _db(home).is_dir()


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root ignores chmod")
def test_a_read_only_folder_by_permissions(home: Path) -> None:
    with Store.open() as store:
        _fill(store, 1)
    folder = _db(home).parent
    folder.chmod(0o555)
    try:
        with Store.open() as store:
            assert store.read_only and store.problem
            assert f"cannot write to the folder {folder}" in store.problem
            assert len(store.history()) == 1  # the rounds recorded before are still shown
            assert (
                store.record_game(game(5, "classic", human(0, "A", 1), bot(1, "easy", 2))) is None
            )
    finally:
        folder.chmod(0o755)


def test_a_write_ahead_log_left_read_only_is_made_writable_with_the_file(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Read while the file was read-only, SQLite made the log and its index read-only too;
    once the file may be written again, they must not keep every round from being recorded.
    (Permissions are judged by their bits, as for a player: root ignores them.)"""
    with Store.open() as store:
        _fill(store, 1)
    companions = [_db(home).with_name(_db(home).name + s) for s in ("-wal", "-shm")]

    def left_read_only() -> None:
        for companion in companions:
            companion.write_bytes(b"\0" * 64)
            companion.chmod(0o444)

    def modes() -> list[int]:
        return [c.stat().st_mode & 0o777 for c in companions]

    def access(path: object, mode: int) -> bool:
        return not (mode & os.W_OK) or bool(Path(str(path)).stat().st_mode & 0o200)

    monkeypatch.setattr(opening.os, "access", access)
    left_read_only()
    _db(home).chmod(0o444)  # still read-only: they are left as they are
    opening._writable_companions(_db(home))
    assert modes() == [0o444, 0o444]
    _db(home).chmod(0o640)  # writable again: they follow
    opening._writable_companions(_db(home))
    assert modes() == [0o640, 0o640]
    # Opening the statistics does it first.
    seen: list[Path] = []
    real = opening._writable_companions
    monkeypatch.setattr(opening, "_writable_companions", lambda p: seen.append(p) or real(p))
    left_read_only()
    with Store.open() as store:
        assert not store.read_only and store.problem is None
        _fill(store, 1)
    assert seen == [_db(home)]


def _round(n: int) -> GameRecord:
    return game(10 + n, "classic", human(0, "Anna", 1), bot(1, "easy", 2))


def _no_room(store: Store) -> None:
    """The statistics file can grow no more, as on a full disk."""
    pages = store._conn.execute("PRAGMA page_count").fetchone()[0]
    store._conn.execute(f"PRAGMA max_page_count = {pages}")


def _until_full(store: Store) -> int:
    """Record rounds until one finds no room; how many were played (the last one not
    recorded)."""
    for n in range(1000):
        if store.record_game(_round(n)) is None:
            return n + 1
    raise AssertionError("the file never filled up")


def _room(store: Store) -> None:
    store._conn.execute("PRAGMA max_page_count = 1073741823")


def _disk_full(db: Path, record: object) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


def _ended(store: Store) -> list[float]:
    """When each recorded round ended, in the order they were recorded."""
    return [h.ended_at for h in sorted(store.history(), key=lambda h: h.game_id)]


def test_rounds_a_full_disk_has_no_room_for_are_recorded_once_there_is_room(
    store: Store,
) -> None:
    _fill(store, 3)
    _no_room(store)
    recorded = [store.record_game(_round(n)) for n in range(200)]
    assert None in recorded
    assert not store.read_only  # the player may make room: not given up for good
    assert store.problem == FULL
    _room(store)
    assert store.record_game(_round(200)) is not None
    assert store.problem is None
    # Every round is recorded, in the order played: those kept beside the file first.
    assert _ended(store) == [T0 + n * 1000.0 for n in range(3)] + [
        _round(n).ended_at for n in range(201)
    ]
    path = store.path
    assert path is not None and not pending.waiting(path)
    store.close()
    assert integrity(path) == "ok"


def test_with_no_room_beside_the_file_either_rounds_are_held_until_there_is(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pending, "keep", _disk_full)
    _no_room(store)
    played = _until_full(store)
    for n in range(played, played + 2):
        assert store.record_game(_round(n)) is None
    assert store.problem == FULL and len(store._held) == 3
    _room(store)
    assert store.record_game(_round(played + 2)) is not None
    assert store.problem is None
    assert _ended(store) == [_round(n).ended_at for n in range(played + 3)]


def test_rounds_held_for_want_of_room_are_kept_beside_the_file_on_closing(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_keep = pending.keep
    monkeypatch.setattr(pending, "keep", _disk_full)
    _no_room(store)
    played = _until_full(store)
    assert store.record_game(_round(played)) is None
    assert len(store._held) == 2
    monkeypatch.setattr(pending, "keep", real_keep)  # room for a small file, not the database
    path = store.path
    store.close()
    assert path is not None
    with Store.open(path) as again:  # the file may grow again: they are recorded
        assert again.problem is None
        assert _ended(again) == [_round(n).ended_at for n in range(played + 1)]


def test_rounds_held_for_want_of_room_outlive_the_store_that_held_them(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A table's store closes when the player goes back to the menu: with still no room
    # beside the file, its held rounds wait for the next store of the file in this run.
    monkeypatch.setattr(pending, "keep", _disk_full)
    _no_room(store)
    played = _until_full(store)
    path = store.path
    store.close()
    assert path is not None
    with Store.open(path) as again:  # the file may grow: they are recorded on opening
        assert again.problem is None
        assert _ended(again) == [_round(n).ended_at for n in range(played)]


def test_a_disk_failing_after_it_was_full_is_not_told_as_full(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pending, "keep", _disk_full)
    _no_room(store)
    _until_full(store)
    held = len(store._held)
    _room(store)

    def failing(conn: sqlite3.Connection, sql: str, deadline: float) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(opening, "wait_for_lock", failing)
    assert store.record_game(_round(500)) is None
    assert store.read_only and store.problem is not None
    assert store.problem.startswith("Macau cannot record games any more (")
    assert store.record_game(_round(501)) is None
    assert len(store._held) == held  # nothing more held for a room that would not help


def test_a_store_opened_on_a_full_disk_holds_its_rounds_for_the_next_one(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # SQLite may fail to open a file on a full disk with an I/O error rather than "full":
    # little room left beside the file tells it. The table opens the file again later.
    with Store.open() as first:
        _fill(first, 1)

    def unreadable(path: Path) -> str:
        raise sqlite3.OperationalError("disk I/O error")

    real_verdict, real_usage = opening._verdict, shutil.disk_usage
    monkeypatch.setattr(opening, "_verdict", unreadable)
    monkeypatch.setattr(shutil, "disk_usage", lambda where: shutil._ntuple_diskusage(1, 1, 0))  # type: ignore[attr-defined]
    monkeypatch.setattr(pending, "keep", _disk_full)
    with Store.open() as full:
        assert full.problem == FULL and full.read_only and full.in_use
        assert full.record_game(_round(1)) is None
    monkeypatch.setattr(opening, "_verdict", real_verdict)
    monkeypatch.setattr(shutil, "disk_usage", real_usage)
    with Store.open() as again:
        assert again.problem is None
        assert _ended(again) == [T0, _round(1).ended_at]


def _checks_made(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The PRAGMA checks the opening makes of the file, in order."""
    made: list[str] = []
    real = opening.connect

    def traced(path: Path) -> sqlite3.Connection:
        conn = real(path)
        conn.set_trace_callback(
            lambda sql: made.append(sql) if sql.startswith("PRAGMA") and "check" in sql else None
        )
        return conn

    monkeypatch.setattr(opening, "connect", traced)
    return made


def test_a_file_is_checked_in_full_once_a_run_and_quickly_after_its_own_writes(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Store.open() as store:
        _fill(store)
    made = _checks_made(monkeypatch)
    for n in range(3):
        with Store.open() as store:
            assert store.problem is None
            assert store.record_game(
                game(10 + n, "classic", human(0, "Anna", 1), bot(1, "easy", 2))
            )
    # (the full check also reads every value: see salvage.unsound)
    assert made == [
        "PRAGMA integrity_check",
        "PRAGMA foreign_key_check",
        "PRAGMA quick_check",
        "PRAGMA quick_check",
    ]


def test_a_file_changed_since_this_run_had_it_is_checked_in_full_again(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Store.open() as store:
        _fill(store)
    made = _checks_made(monkeypatch)
    Store.open().close()
    other = sqlite3.connect(str(_db(home)))  # another copy of the game records a round
    other.execute("UPDATE profiles SET name = name")
    other.commit()
    other.close()
    os.utime(_db(home), ns=(0, 10**18))  # (a clock that moved, whatever the file system)
    Store.open().close()
    assert made == [
        "PRAGMA integrity_check",
        "PRAGMA foreign_key_check",
        "PRAGMA integrity_check",
        "PRAGMA foreign_key_check",
    ]


def test_a_file_another_copy_wrote_to_while_this_run_had_it_is_checked_in_full_again(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Closing the store stamps the file as checked only if no other connection wrote to it
    meanwhile: another copy's writes are not vouched for by this run's check."""
    with Store.open() as store:
        _fill(store)
    made = _checks_made(monkeypatch)
    store = Store.open()
    other = sqlite3.connect(str(_db(home)))  # another copy records while this one has it
    other.execute("UPDATE profiles SET name = name")
    other.commit()
    other.close()
    store.close()
    Store.open().close()
    Store.open().close()
    assert made == [
        "PRAGMA integrity_check",
        "PRAGMA foreign_key_check",
        "PRAGMA integrity_check",
        "PRAGMA foreign_key_check",
        "PRAGMA quick_check",
    ]


def test_a_file_this_user_may_not_read_is_told_as_permission_denied(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # (As root every file is readable: the refusal the system would give is stood in for.)
    with Store.open() as store:
        _fill(store, 1)
    real_access = os.access

    def refused(path: object, mode: int, *args: object, **kwargs: object) -> bool:
        if Path(str(path)) == _db(home) and mode == os.R_OK:
            return False
        return real_access(path, mode, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "access", refused)
    with Store.open() as store:
        assert store.read_only and store.problem is not None
        assert "cannot read its statistics file (permission denied)" in store.problem


def test_a_read_that_fails_for_an_unnamed_reason_is_told_in_sqlites_words(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A failure to read the file was told as "(the statistics file cannot be written)",
    which sent the player looking for a folder's permissions."""
    with Store.open() as store:
        _fill(store, 1)

    def odd(path: Path) -> str:
        raise sqlite3.OperationalError("no such collation sequence: seats")

    monkeypatch.setattr(opening, "_verdict", odd)
    with Store.open() as store:
        assert store.read_only and store.problem is not None
        assert (
            "cannot read its statistics file (SQLite said: no such collation sequence: seats)"
            in store.problem
        )
        assert "written" not in store.problem


def test_a_name_too_long_for_sqlite_is_told_as_such(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite opens no database whose full name passes about 500 bytes, and says only that
    it cannot be opened, which read like a permissions problem in a folder that is
    writable: the reason is given, and the game plays on unrecorded."""
    from game.store.opening import SQLITE_LONGEST_PATH

    def folder(length: int, letter: str) -> Path:
        """A folder under ``tmp_path`` whose name is ``length`` characters long."""
        home = tmp_path
        while len(str(home)) < length:
            home = home / (letter * min(100, length - len(str(home)) - 1))
        home.mkdir(parents=True)
        return home

    monkeypatch.setenv("MACAU_HOME", str(folder(SQLITE_LONGEST_PATH, "d")))
    with Store.open() as store:
        assert store.stand_in
        assert store.problem is not None
        assert "too long for SQLite to open" in store.problem
        assert "MACAU_HOME" in store.problem
    # Just short enough, the same folder tree opens and records.
    fits = SQLITE_LONGEST_PATH - len("/data/macau.sqlite3")
    monkeypatch.setenv("MACAU_HOME", str(folder(fits, "s")))
    with Store.open() as store:
        assert store.problem is None and not store.stand_in
        assert len(str(store.path)) <= SQLITE_LONGEST_PATH

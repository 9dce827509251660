"""Another program keeping the statistics file locked for writing (a database browser with
unsaved changes) costs a wait of a moment, never a round: the round is kept and recorded
once the file is free. Another copy of the game's brief writes are still waited for."""

from __future__ import annotations

import shutil
import sqlite3
import threading
import time
from dataclasses import replace
from pathlib import Path

import pytest

from game.store import GameRecord, Store, opening, pending, sqlerrors
from game.store import db as store_db
from game.store.db import KEPT, StoreBusy
from game.store.export_cli import run_export
from tests.store.conftest import bot, game, human, match_record
from tests.store.heldfile import held
from tests.store.test_migrations import FIXTURE


def _db(home: Path) -> Path:
    return home / "data" / "macau.sqlite3"


def _round(n: int, **flags: bool) -> GameRecord:
    return game(n, "classic", human(0, "Anna", 1), bot(1, "easy", 2), **flags)


def _waits(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The wait each try for the write lock is given, in seconds, as it is made."""
    given: list[float] = []
    wait = opening.wait_for_lock

    def counted(conn: sqlite3.Connection, statement: str, deadline: float) -> None:
        given.append(deadline - time.monotonic())
        wait(conn, statement, deadline)

    monkeypatch.setattr(opening, "wait_for_lock", counted)
    return given


def _kept(home: Path) -> list[Path]:
    return sorted(pending.folder(_db(home)).glob("*.json"))


def test_a_round_waits_a_moment_then_is_kept_and_recorded_once_the_file_is_free(
    store: Store, home: Path
) -> None:
    assert store.record_game(game(0, "classic", human(0, "Anna", 1), bot(1, "easy", 2)))
    with held(_db(home)):
        began = time.monotonic()
        found = store.record_game(game(1, "classic", human(0, "Anna", 2), bot(1, "easy", 1)))
        waited = time.monotonic() - began
        assert found is None
        assert waited < 10  # the wait is a moment (LOCK_WAIT_S), not 8 tries of 5 seconds
        assert store.problem == KEPT and "in use by another program" in store.problem
        assert not store.read_only  # the file is sound: the next round tries again
        assert len(_kept(home)) == 1
    assert store.record_game(game(2, "classic", human(0, "Anna", 1), bot(1, "easy", 2)))
    assert store.problem is None
    assert _kept(home) == []
    assert not pending.folder(_db(home)).exists()  # nothing left behind once all is stored
    rounds = store.history()
    assert [entry.ended_at for entry in reversed(rounds)] == [
        game(n, "classic").ended_at for n in range(3)
    ]  # all three, in the order they were played
    assert store.profile_stats("Anna").games == 3
    store.close()


def test_a_file_found_in_use_is_then_waited_for_only_briefly(
    store: Store, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(opening, "LOCK_WAIT_S", 0.4)
    waits = _waits(monkeypatch)
    with held(_db(home)):
        for n in range(3):
            assert store.record_game(_round(n)) is None
    # One full wait for the first round; after it the file is presumed still in use, and each
    # later write (the rounds kept before it, then its own) only looks, however long it stays.
    assert waits[0] > 0.2
    assert len(waits) == 3 and all(w <= opening.LOCK_RECHECK_S for w in waits[1:])
    assert len(_kept(home)) == 3
    assert store.record_game(_round(3))
    assert len(store.history()) == 4 and _kept(home) == []
    store.close()


def test_a_file_held_as_it_is_opened_is_waited_for_only_briefly(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A table opens its store as a round begins: a file already held then is held by a
    program that keeps it, so the round's end waits only a moment for it (not the long wait
    that froze its last frame), and the round is kept."""
    Store.open().close()
    waits = _waits(monkeypatch)
    with held(_db(home)):
        store = Store.open()
        assert not store.read_only
        assert store.record_game(_round(0)) is None
    assert waits and all(w <= opening.LOCK_RECHECK_S for w in waits)
    assert len(_kept(home)) == 1
    assert store.record_game(_round(1)) is not None  # free again: both are recorded
    assert len(store.history()) == 2 and _kept(home) == []
    store.close()


def test_a_brief_write_of_another_copy_is_waited_for(store: Store, home: Path) -> None:
    with held(_db(home)) as other:
        # The other copy of the game commits its round a moment later.
        threading.Timer(0.2, lambda: other.execute("ROLLBACK")).start()
        assert store.record_game(_round(0)) is not None
    assert store.problem is None and _kept(home) == []


def test_a_match_and_its_rounds_kept_meanwhile_are_recorded_in_order(
    store: Store, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(opening, "LOCK_WAIT_S", 0.2)
    names = ("Anna", "")
    first = match_record(names, (3, 9), 1, "playing", preset="polish", target=50, key="m")
    given_up = match_record(names, (3, 9), 1, "abandoned", preset="polish", target=50, key="m")
    with held(_db(home)):
        rec = game(1, "polish", human(0, "Anna", 1), bot(1, "easy", 2), is_match=True)
        assert store.record_game(replace(rec, round_key="r1", match=first)) is None
        assert store.record_match(given_up) is None
    store.close()
    with Store.open() as again:  # the next start records them
        assert again.problem is None
        [match] = again.matches()
        assert match.status == "abandoned" and match.rounds == 1
        assert len(again.history()) == 1
    assert _kept(home) == []


def test_opening_a_file_in_use_waits_for_nothing_it_need_not_write(
    store: Store, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert store.record_game(_round(0))
    store.close()
    monkeypatch.setattr(opening, "LOCK_WAIT_S", 60.0)  # any wait would show
    with held(_db(home)):
        began = time.monotonic()
        with Store.open() as again:
            assert time.monotonic() - began < 10
            assert not again.read_only and again.problem is None
            assert len(again.history()) == 1


def _old_file_in_use(home: Path) -> Path:
    """A statistics file from an older version: opening it must write (an upgrade)."""
    db = _db(home)
    db.parent.mkdir(parents=True)
    shutil.copyfile(FIXTURE, db)
    return db


def test_a_file_in_use_that_must_be_upgraded_is_shown_read_only_until_it_is_free(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(opening, "LOCK_WAIT_S", 0.3)
    db = _old_file_in_use(home)
    with held(db):
        began = time.monotonic()
        store = Store.open()
        assert time.monotonic() - began < 10
        assert store.read_only and store.in_use and not store.stand_in
        assert store.problem is not None and "in use by another program" in store.problem
        assert "cannot be written" not in store.problem
        assert len(store.history()) == 5  # what the file holds is shown meanwhile
        # A round played meanwhile is kept, not lost.
        assert store.record_game(_round(0)) is None
        assert len(_kept(home)) == 1
        store.close()
    with Store.open() as free:  # opened again once the file is free: upgraded, recorded
        assert not free.read_only and not free.in_use and free.problem is None
        assert len(free.history()) == 6
    assert _kept(home) == []


def test_a_profile_change_refused_while_the_file_is_in_use_says_so(
    store: Store, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(opening, "LOCK_WAIT_S", 0.2)
    with held(_db(home)), pytest.raises(StoreBusy, match="in use by another program"):
        store.create_profile("Bartek")
    assert store.create_profile("Bartek").name == "Bartek"  # free again: nothing turned off
    store.close()


def test_a_lock_is_named_as_such(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    locked = sqlite3.OperationalError("database is locked")
    assert sqlerrors.describe(locked) == "the statistics file is in use by another program"

    def held_whole(path: Path) -> None:
        raise locked

    # A lock met where the opening does not expect one: nothing can be shown, yet the store
    # says why, keeps rounds, and is opened again later.
    monkeypatch.setattr(store_db, "open_database", held_whole)
    with Store.open() as store:
        assert store.stand_in and store.in_use
        assert store.problem is not None
        assert "in use by another program" in store.problem and "kept" in store.problem
        assert store.record_game(_round(0)) is None
    assert len(_kept(home)) == 1


def test_kept_files_that_cannot_be_stored_are_set_aside_and_hold_nothing_up(
    store: Store, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(opening, "LOCK_WAIT_S", 0.2)
    with held(_db(home)):
        store.record_game(_round(1))
    [kept] = _kept(home)
    folder = kept.parent
    (folder / "0-damaged.json").write_text("{not json", encoding="utf-8")
    # A second copy of the game that listed the same file before this one removed it.
    shutil.copyfile(kept, folder / "1-listed-twice.json")
    assert store.record_pending()
    assert len(store.history()) == 1  # stored once, though reported twice
    assert _kept(home) == []
    [aside] = folder.iterdir()  # the folder stays: it holds the file set aside
    assert aside.name.startswith("0-damaged.json.unrecorded-")
    assert aside.read_text(encoding="utf-8") == "{not json"  # renamed, never deleted
    store.close()


@pytest.mark.parametrize(
    ("field", "value"),
    [("results", "a seat, not a list"), ("started_at", 10**400), ("results", None)],
    ids=["a seat where the list goes", "a time too large for a float", "no seats"],
)
def test_a_kept_file_edited_into_nonsense_is_set_aside_and_later_rounds_are_recorded(
    store: Store, home: Path, monkeypatch: pytest.MonkeyPatch, field: str, value: object
) -> None:
    import json

    monkeypatch.setattr(opening, "LOCK_WAIT_S", 0.2)
    with held(_db(home)):
        store.record_game(_round(1))
    [kept] = _kept(home)
    document = json.loads(kept.read_text(encoding="utf-8"))
    round_ = document["round"]
    round_[field] = round_["results"][0] if value == "a seat, not a list" else value
    # (json writes a whole number of any size, as a hand edit may)
    kept.write_text(json.dumps(document), encoding="utf-8")
    assert store.record_game(_round(2)) is not None  # recorded, not held up
    assert len(store.history()) == 1  # the round of now; the one kept could not be
    [aside] = kept.parent.iterdir()
    assert ".unrecorded-" in aside.name
    store.close()


def test_the_export_command_reads_a_file_in_use_without_waiting(
    store: Store,
    home: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert store.record_game(_round(0))
    store.close()
    monkeypatch.setattr(opening, "LOCK_WAIT_S", 60.0)  # any wait would show
    with held(_db(home)):
        began = time.monotonic()
        assert run_export(str(tmp_path / "out.json")) == 0
        assert time.monotonic() - began < 10
    assert "Exported 1 recorded round" in capsys.readouterr().out


def test_the_export_command_reads_an_old_file_in_use(
    home: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(opening, "LOCK_WAIT_S", 0.2)
    with held(_old_file_in_use(home)):
        assert run_export(str(tmp_path / "out.json")) == 0
    told = capsys.readouterr()
    assert "Exported 5 recorded rounds" in told.out
    assert "in use by another program" in told.err


def test_a_kept_round_reads_back_as_it_was_kept(home: Path) -> None:
    db = _db(home)
    seats = (human(0, "Zoë 北京", 2, points=12, penalty_cards=5), bot(1, "hard", 1))
    seats = (replace(seats[0], out_after_s=None), replace(seats[1], out_after_s=61.5))
    match = match_record(("Zoë 北京", ""), (12, 0), 2, "playing", preset="polish", target=50)
    rec = replace(
        game(4, "polish", *seats, is_match=True, blocked=True),
        round_no=2,
        round_key="k4",
        match=match,
        rules_label=None,
    )
    pending.keep(db, rec)
    pending.keep(db, match)
    (pending.folder(db) / "9-newer.json").write_text('{"version": 99, "round": {}}')
    assert [kept.record for kept in pending.waiting(db)] == [rec, match]
    assert (pending.folder(db) / "9-newer.json").exists()  # left for the newer version


def test_a_record_kept_while_another_copy_removes_the_empty_folder_is_still_kept(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = _db(home)
    write = pending.atomic_write_json
    calls: list[Path] = []

    def racing(path: Path, data: object) -> None:
        calls.append(path)
        if len(calls) == 1:
            pending.tidy(db)  # the other copy stored the last record and tidied up meanwhile
            raise FileNotFoundError(path.parent)
        write(path, data)

    monkeypatch.setattr(pending, "atomic_write_json", racing)
    pending.keep(db, game(1, "classic", human(0, "Anna", 1), bot(1, "easy", 2)))
    assert len(calls) == 2 and len(_kept(home)) == 1


def test_a_folder_left_empty_by_a_record_the_full_disk_refused_goes_at_the_next_write(
    store: Store, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = _db(home)

    def full(path: Path, data: object) -> None:
        raise OSError(28, "No space left on device", str(path))

    with held(db), monkeypatch.context() as patched:
        patched.setattr(pending, "atomic_write_json", full)
        assert store.record_game(_round(1)) is None  # neither recorded nor kept
    assert pending.folder(db).is_dir() and not _kept(home)
    assert store.record_game(_round(2))
    assert not pending.folder(db).exists()


def test_rounds_kept_across_a_clock_set_back_are_recorded_in_the_order_played(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A round won, then the clock corrected an hour back, then a round lost: the round lost
    # is the later one, and the current streak is none.
    db = _db(home)
    won = game(1, "classic", human(0, "Anna", 1), bot(1, "easy", 2))
    lost = game(2, "classic", human(0, "Anna", 2), bot(1, "easy", 1))
    now = 1_780_000_000 * 10**9
    real = time.time_ns
    monkeypatch.setattr(time, "time_ns", lambda: now)
    pending.keep(db, won)
    monkeypatch.setattr(time, "time_ns", lambda: now - 3600 * 10**9)
    pending.keep(db, lost)
    assert [k.record.results[0].place for k in pending.waiting(db)] == [1, 2]  # won, lost
    monkeypatch.setattr(time, "time_ns", real)
    with Store.open() as store:
        store.record_pending()
        assert store.profile_stats("Anna").current_win_streak == 0


def test_a_save_left_behind_is_known_from_a_round_kept_meanwhile(store: Store, home: Path) -> None:
    # The round that passed the save waits beside the file: Continue must still find it.
    assert store.record_game(_round(0))
    with held(_db(home)):
        assert store.record_game(replace(_round(1), stale_save="a1")) is None
        assert len(_kept(home)) == 1
        assert store_db.save_left_behind("a1") is True  # kept, not in the file yet
        assert not store_db.save_left_behind("b2")
    assert store_db.save_left_behind("a1") is True
    assert store_db.save_left_behind("b2") is False
    store.close()

"""Rounds survive processes being killed mid-write and two copies of the game recording."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from game.store import Store
from tests.store.conftest import integrity

LOOP = Path(__file__).with_name("record_loop.py")


def _start(db: Path, count: int, name: str, *extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, str(LOOP), str(db), str(count), name, *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _ids(output: str) -> set[int]:
    # Only whole lines count: a line cut off by the kill was never reported.
    lines = output.split("\n")[:-1]
    return {int(line) for line in lines if line.isdigit()}


def _check_consistent(db: Path, committed: set[int]) -> None:
    assert integrity(db) == "ok"
    conn = sqlite3.connect(str(db))
    try:
        games = {row[0] for row in conn.execute("SELECT id FROM games")}
        assert committed <= games
        # Every round is whole: both seats and a rating row per profile per scope.
        torn = conn.execute(
            """
            SELECT g.id FROM games AS g
            WHERE (SELECT COUNT(*) FROM results WHERE game_id = g.id) != 2
               OR (SELECT COUNT(*) FROM rating_history WHERE game_id = g.id) != 4
            """
        ).fetchall()
        assert torn == []
        counted = conn.execute(
            """
            SELECT COUNT(*) FROM ratings AS r
            WHERE r.games != (SELECT COUNT(*) FROM rating_history AS h
                              WHERE h.profile_id = r.profile_id AND h.scope = r.scope)
            """
        ).fetchone()[0]
        assert counted == 0
    finally:
        conn.close()


def test_rounds_survive_the_process_being_killed_at_random_moments(home: Path) -> None:
    rng = random.Random(20240601)
    db = home / "data" / "macau.sqlite3"
    committed: set[int] = set()
    for cycle in range(50):
        child = _start(db, -1, "Anna")
        assert child.stdout is not None
        if cycle % 2:
            # Kill while the store is opening (recovery, migration, first writes) too.
            time.sleep(rng.uniform(0.05, 0.25))
        else:
            assert child.stdout.readline() == "ready\n", child.stderr
            time.sleep(rng.uniform(0.01, 0.1))
        os.kill(child.pid, signal.SIGKILL)
        out, _ = child.communicate()
        committed |= _ids(out)
        _check_consistent(db, committed)
    assert len(committed) > 100  # the kills really did land mid-stream
    with Store.open(db) as store:
        assert store.problem is None
        assert store.profile_stats("Anna").games >= len(committed)


def test_two_processes_recording_at_once_both_succeed(home: Path) -> None:
    db = home / "data" / "macau.sqlite3"
    go = home / "go"
    children = [_start(db, 100, name, str(go)) for name in ("Anna", "Bartek")]
    for child in children:
        assert child.stdout is not None and child.stdout.readline() == "ready\n"
    go.touch()  # both are open and waiting: now they write at the same time
    outputs = [child.communicate(timeout=120) for child in children]
    for child, (out, err) in zip(children, outputs, strict=True):
        assert child.returncode == 0, err + out
    ids = [_ids(out) for out, _ in outputs]
    assert len(ids[0]) == len(ids[1]) == 100
    assert not ids[0] & ids[1]
    _check_consistent(db, ids[0] | ids[1])
    with Store.open(db) as store:
        assert len(store.history()) == 200
        # No lost update: the bot's rating moved once per round from both processes.
        easy = next(row for row in store.leaderboard() if row.profile == "Bot · easy")
        assert easy.games == 200


def test_copies_of_the_game_started_at_once_on_an_old_file_all_record(home: Path) -> None:
    import shutil

    from game.store import schema
    from tests.store.test_migrations import FIXTURE

    db = home / "data" / "macau.sqlite3"
    db.parent.mkdir(parents=True)
    shutil.copyfile(FIXTURE, db)  # version 1: the first to open it upgrades it
    children = [_start(db, 2, f"P{i}") for i in range(6)]
    outputs = [child.communicate(timeout=120) for child in children]
    for child, (out, err) in zip(children, outputs, strict=True):
        assert child.returncode == 0, err + out  # none fell back to not recording
    backup = db.with_name(f"macau.sqlite3.before-v{schema.CURRENT_VERSION}")
    with sqlite3.connect(backup) as conn:
        assert conn.execute("PRAGMA user_version").fetchone() == (1,)  # the file as it was
    assert not list(db.parent.glob("*.partial"))
    with Store.open(db) as store:
        assert len(store.history()) == 5 + 12


_SECOND_STORE = """
import sys, time
from game.store import Store
from game.store.models import GameRecord, SeatResult
menu = Store.open()   # the menu's store, kept once Statistics was looked at
table = Store.open()  # a table's, opened at its first round's end: the file checked again
seats = (SeatResult(0, "Anna", False, None, 1), SeatResult(1, "Bot · easy", True, "easy", 2))
for line in sys.stdin:
    now = time.time()
    table.record_game(GameRecord("polish", "fp", now - 60, now, seats, round_key=line.strip()))
    print(line.strip(), flush=True)
"""

_OPEN_AND_CLOSE = "from game.store import Store\nStore.open().close()\n"


def test_a_copy_that_opened_its_file_twice_keeps_its_rounds_when_another_copy_closes(
    tmp_path: Path,
) -> None:
    """Opening the statistics a second time in one copy must not drop that copy's locks on
    the file: another copy closing its own would then take it for the last one, checkpoint
    and delete the write-ahead log the first still writes its rounds into."""
    env = {**os.environ, "MACAU_HOME": str(tmp_path), "PYTHONPATH": str(Path.cwd())}
    a = subprocess.Popen(
        [sys.executable, "-c", _SECOND_STORE],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert a.stdin is not None and a.stdout is not None

    def record(key: str) -> None:
        assert a.stdin is not None and a.stdout is not None
        a.stdin.write(key + "\n")
        a.stdin.flush()
        assert a.stdout.readline().strip() == key

    try:
        record("A1")
        subprocess.run([sys.executable, "-c", _OPEN_AND_CLOSE], check=True, env=env)
        record("A2")
        record("A3")
    finally:
        a.send_signal(signal.SIGKILL)  # a crash: nothing is closed or checkpointed
        a.wait()
    db = tmp_path / "data" / "macau.sqlite3"
    assert integrity(db) == "ok"
    conn = sqlite3.connect(str(db))
    try:
        kept = {row[0] for row in conn.execute("SELECT round_key FROM games")}
    finally:
        conn.close()
    assert kept == {"A1", "A2", "A3"}

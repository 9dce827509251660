"""A version-1 database from the committed fixture upgrades with nothing lost."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from game.store import OVERALL, Store, opening, ratings, schema
from tests.store.conftest import game, human, integrity

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "macau_v1.sqlite3"


def _rows(path: Path, sql: str) -> list[tuple[object, ...]]:
    conn = sqlite3.connect(str(path))
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


@pytest.fixture
def v1_copy(home: Path) -> Path:
    target = home / "data" / "macau.sqlite3"
    target.parent.mkdir(parents=True)
    shutil.copyfile(FIXTURE, target)
    return target


def test_the_fixture_is_a_version_1_database() -> None:
    assert _rows(FIXTURE, "PRAGMA user_version") == [(1,)]
    assert _rows(FIXTURE, "SELECT COUNT(*) FROM games") == [(5,)]


def test_upgrading_keeps_every_row_and_backfills_rating_counts(v1_copy: Path) -> None:
    before = {
        table: _rows(v1_copy, f"SELECT * FROM {table} ORDER BY 1, 2")
        for table in ("profiles", "games", "results", "rating_history")
    }
    old_ratings = _rows(v1_copy, "SELECT * FROM ratings ORDER BY 1, 2")
    with Store.open() as store:
        assert store.problem is None and not store.read_only
    assert _rows(v1_copy, "PRAGMA user_version") == [(schema.CURRENT_VERSION,)]
    for table, rows in before.items():
        # Later versions add columns at the end; the old ones keep every value.
        width = len(rows[0])
        after = _rows(v1_copy, f"SELECT * FROM {table} ORDER BY 1, 2")
        assert [row[:width] for row in after] == rows
    # Rounds recorded before bot seats kept their table names have none.
    assert _rows(v1_copy, "SELECT COUNT(*) FROM results WHERE seat_name IS NOT NULL") == [(0,)]
    upgraded = _rows(v1_copy, "SELECT profile_id, scope, mu, sigma, updated_at, games FROM ratings")
    assert sorted(row[:5] for row in upgraded) == sorted(old_ratings)
    counts = dict(
        ((pid, scope), n)
        for pid, scope, n in _rows(
            v1_copy, "SELECT profile_id, scope, COUNT(*) FROM rating_history GROUP BY 1, 2"
        )
    )
    assert {(row[0], row[1]): row[5] for row in upgraded} == counts
    indexes = {
        row[0] for row in _rows(v1_copy, "SELECT name FROM sqlite_master WHERE type='index'")
    }
    assert {"results_by_profile", "history_by_profile"} <= indexes
    assert integrity(v1_copy) == "ok"


def test_a_copy_of_the_old_file_is_kept_before_upgrading(v1_copy: Path) -> None:
    Store.open().close()
    backup = v1_copy.with_name(f"macau.sqlite3.before-v{schema.CURRENT_VERSION}")
    assert _rows(backup, "PRAGMA user_version") == [(1,)]
    assert _rows(backup, "SELECT * FROM results") == _rows(FIXTURE, "SELECT * FROM results")


def test_statistics_and_ratings_carry_on_from_the_old_file(v1_copy: Path) -> None:
    with Store.open() as store:
        anna = store.profile_stats("Anna")
        assert (anna.games, anna.wins, anna.abandoned) == (4, 2, 1)
        board = store.leaderboard()
        assert [row.profile for row in board][:2] == ["Bartek", "Anna"]
        prior = {row.profile: (row.mu, row.sigma) for row in board}
        ids = {p.name: p.id for p in store.profiles()}
        store.record_game(game(50, "classic", human(0, "Anna", 1), human(1, "Bartek", 2)))
        expected = ratings.rate_round(
            {ids["Anna"]: prior["Anna"], ids["Bartek"]: prior["Bartek"]},
            [(ids["Anna"], 1), (ids["Bartek"], 2)],
        )
        after = {row.profile: (row.mu, row.sigma) for row in store.leaderboard(OVERALL)}
        assert after["Anna"] == pytest.approx(expected[ids["Anna"]])
        assert store.profile_stats("Anna").games == 5


def test_an_old_file_that_cannot_be_written_is_upgraded_in_memory_only(
    v1_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = v1_copy.read_bytes()
    monkeypatch.setattr(opening, "connect", opening.connect_read_only)
    with Store.open() as store:
        assert store.read_only
        assert store.leaderboard()[0].games > 0
        assert store.profile_stats("Anna").games == 4
    assert v1_copy.read_bytes() == before

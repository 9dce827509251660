"""A version-1 database from the committed fixture upgrades with nothing lost."""

from __future__ import annotations

import shutil
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from game.store import OVERALL, Store, opening, ratings, schema
from tests.store.conftest import bot, game, human, integrity

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


def _v4_file_with_two_lukasz(path: Path) -> None:
    """A version-4 file (before names were folded beyond A to Z) holding "Łukasz" and
    "łukasz" as two profiles, each with a round of its own."""
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(str(path), isolation_level=None)
    schema.migrate(conn, 4)
    schema.seed_bot_profiles(conn)
    for pid, name in ((101, "Łukasz"), (102, "łukasz")):
        conn.execute(
            "INSERT INTO profiles (id, name, kind, created) VALUES (?, ?, 'human', ?)",
            (pid, name, 1_700_000_000 + pid),
        )
        conn.execute(
            "INSERT INTO games (id, preset, rules_fingerprint, seats, started_at, ended_at,"
            " duration_s) VALUES (?, 'classic', 'f', 1, 0, 60, 60)",
            (pid,),
        )
        conn.execute(
            "INSERT INTO results (game_id, seat, profile_id, place, won) VALUES (?, 0, ?, 1, 1)",
            (pid, pid),
        )
    conn.close()


def test_names_differing_only_in_non_ascii_case_stay_two_profiles_on_upgrade(home: Path) -> None:
    path = home / "data" / "macau.sqlite3"
    _v4_file_with_two_lukasz(path)
    with Store.open() as store:
        assert store.problem is None
        # Nothing merged, renamed or lost: each spelling still has its own round.
        humans = [p.name for p in store.profiles() if not p.is_bot]
        assert sorted(humans) == ["Łukasz", "łukasz"]
        assert store.profile_stats("Łukasz").games == store.profile_stats("łukasz").games == 1
        # Another spelling is one of the two (the older), and no third one can be made.
        assert store.profile("ŁUKASZ") == store.profile("Łukasz")
        store.record_game(game(1, "classic", human(0, "ŁUKASZ", 1)))
        assert store.profile_stats("Łukasz").games == 2
        with pytest.raises(ValueError, match="already exists"):
            store.create_profile("łUKASZ")
        # They can be merged by hand, being one person.
        store.merge_profiles("łukasz", "Łukasz")
        assert store.profile_stats("Łukasz").games == 3


def _v5_file_with_a_match_round(path: Path) -> None:
    """A version-5 file (before matches were recorded as such) holding one round of a
    points match, as every match round was recorded then."""
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(str(path), isolation_level=None)
    schema.migrate(conn, 5)
    schema.seed_bot_profiles(conn)
    conn.execute(
        "INSERT INTO profiles (id, name, kind, created, name_key) VALUES (101, 'Ada', 'human', 0,"
        " 'ada')"
    )
    conn.execute(
        "INSERT INTO games (id, preset, rules_fingerprint, seats, started_at, ended_at,"
        " duration_s, is_match, round_no, round_key) VALUES (1, 'tel_aviv', 'f', 1, 0, 60, 60,"
        " 1, 3, 'k1')"
    )
    conn.execute(
        "INSERT INTO results (game_id, seat, profile_id, place, won, points)"
        " VALUES (1, 0, 101, 1, 1, 0)"
    )
    conn.close()


def test_a_version_5_file_gains_matches_and_keeps_its_rounds_as_single_rounds(
    home: Path,
) -> None:
    path = home / "data" / "macau.sqlite3"
    _v5_file_with_a_match_round(path)
    with Store.open() as store:
        assert store.problem is None and not store.read_only
        [entry] = store.history("Ada")
        # A round recorded before knows no match: it reads as it always did.
        assert (entry.round_no, entry.is_match, entry.match_id) == (3, True, None)
        assert store.matches() == []
        stats = store.profile_stats("Ada")
        assert (stats.games, stats.matches, stats.matches_won) == (1, 0, 0)
    assert _rows(path, "PRAGMA user_version") == [(schema.CURRENT_VERSION,)]
    assert {"matches", "match_results"} <= {
        str(row[0]) for row in _rows(path, "SELECT name FROM sqlite_master WHERE type='table'")
    }
    assert _rows(path, "SELECT match_id FROM games") == [(None,)]
    backup = path.with_name(f"macau.sqlite3.before-v{schema.CURRENT_VERSION}")
    assert _rows(backup, "PRAGMA user_version") == [(5,)]
    assert integrity(path) == "ok"


def _v6_file_with_a_custom_round(path: Path) -> None:
    """A version-6 file (before rounds kept the name of their custom rules) holding a round
    on custom rules and one on a preset, each rated."""
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(str(path), isolation_level=None)
    schema.migrate(conn, 6)
    schema.seed_bot_profiles(conn)
    conn.execute(
        "INSERT INTO profiles (id, name, kind, created, name_key) VALUES (101, 'Ada', 'human', 0,"
        " 'ada')"
    )
    for gid, preset in ((1, "custom"), (2, "polish")):
        conn.execute(
            "INSERT INTO games (id, preset, rules_fingerprint, seats, started_at, ended_at,"
            " duration_s, round_key) VALUES (?, ?, 'f', 2, ?, ?, 60, ?)",
            (gid, preset, gid * 100, gid * 100 + 60, f"k{gid}"),
        )
        conn.execute(
            "INSERT INTO results (game_id, seat, profile_id, place, won) VALUES (?, 0, 101, 1, 1)",
            (gid,),
        )
        conn.execute(
            "INSERT INTO results (game_id, seat, profile_id, place, won)"
            " SELECT ?, 1, id, 2, 0 FROM profiles WHERE name = 'Bot · easy'",
            (gid,),
        )
    conn.close()


def test_a_version_6_file_gains_rule_set_names_and_keeps_its_rounds(home: Path) -> None:
    path = home / "data" / "macau.sqlite3"
    _v6_file_with_a_custom_round(path)
    before = _rows(path, "SELECT * FROM games ORDER BY id")
    with Store.open() as store:
        assert store.problem is None and not store.read_only
        # Rounds recorded before carry no name: custom rules read as they always did.
        assert [(e.preset, e.rules_label) for e in store.history("Ada")] == [
            ("polish", None),
            ("custom", None),
        ]
        assert store.profile_stats("Ada").games == 2
        store.record_game(
            replace(
                game(3, "custom", human(0, "Ada", 1), bot(1, "easy", 2)),
                rules_label="Family Tel Aviv",
            )
        )
        newest = store.history("Ada")[0]
        assert (newest.preset, newest.rules_label) == ("custom", "Family Tel Aviv")
        # One rating for every custom rule set, named or not.
        assert store.profile_stats("Ada", preset="custom").games == 2
        assert "custom" in store.presets() and "Family Tel Aviv" not in store.presets()
    assert _rows(path, "PRAGMA user_version") == [(schema.CURRENT_VERSION,)]
    after = _rows(path, "SELECT * FROM games WHERE id < 3 ORDER BY id")
    assert [row[: len(before[0])] for row in after] == before  # the new column comes last
    assert [row[-1] for row in after] == [None, None]
    backup = path.with_name(f"macau.sqlite3.before-v{schema.CURRENT_VERSION}")
    assert _rows(backup, "PRAGMA user_version") == [(6,)]
    assert integrity(path) == "ok"


def test_a_version_7_file_gains_times_out_and_its_wins_keep_the_rounds_length(
    home: Path,
) -> None:
    path = home / "data" / "macau.sqlite3"
    _v6_file_with_a_custom_round(path)
    conn = sqlite3.connect(str(path), isolation_level=None)
    schema.migrate(conn, 7)
    conn.close()
    before = _rows(path, "SELECT * FROM results ORDER BY game_id, seat")
    with Store.open() as store:
        assert store.problem is None and not store.read_only
        # Rounds recorded before know no time out: a win took the round's length.
        fastest = store.profile_stats("Ada").fastest_win
        assert fastest is not None and (fastest.game_id, fastest.time_s) == (1, 60.0)
        assert [w.time_s for w in store.fastest_wins()] == [60.0, 60.0]
        assert {s.out_after_s for e in store.history() for s in e.seats} == {None}
        store.record_game(
            game(3, "polish", human(0, "Ada", 1, out_after_s=12.5), bot(1, "easy", 2))
        )
        assert store.fastest_wins()[0].time_s == 12.5
    assert _rows(path, "PRAGMA user_version") == [(schema.CURRENT_VERSION,)]
    after = _rows(path, "SELECT * FROM results WHERE game_id < 3 ORDER BY game_id, seat")
    assert [row[:-1] for row in after] == before  # the new column comes last
    assert {row[-1] for row in after} == {None}
    backup = path.with_name(f"macau.sqlite3.before-v{schema.CURRENT_VERSION}")
    assert _rows(backup, "PRAGMA user_version") == [(7,)]
    assert integrity(path) == "ok"


def test_a_version_8_file_gains_the_mark_of_a_save_left_behind(home: Path) -> None:
    # Rounds recorded before name no save: no saved game is found left behind by them.
    from game.store.db import save_left_behind

    path = home / "data" / "macau.sqlite3"
    _v6_file_with_a_custom_round(path)
    conn = sqlite3.connect(str(path), isolation_level=None)
    schema.migrate(conn, 8)
    conn.close()
    assert save_left_behind("a1", path) is None  # (no mark in a version 8 file yet)
    before = _rows(path, "SELECT * FROM games ORDER BY id")
    with Store.open() as store:
        assert store.problem is None and not store.read_only
        store.record_game(
            replace(game(3, "polish", human(0, "Ada", 1), bot(1, "easy", 2)), stale_save="a1")
        )
    assert _rows(path, "PRAGMA user_version") == [(9,)]
    after = _rows(path, "SELECT * FROM games ORDER BY id")
    assert [row[:-1] for row in after[: len(before)]] == before  # the new column comes last
    assert [row[-1] for row in after] == [None] * len(before) + ["a1"]
    assert save_left_behind("a1", path) is True and save_left_behind("b2", path) is False
    assert integrity(path) == "ok"


def test_a_restored_version_7_dump_without_its_indexes_is_upgraded(home: Path) -> None:
    """A file rebuilt from a dump of its tables alone (no indexes, no version mark) opens,
    keeps its rounds and is brought to the current version."""
    path = home / "data" / "macau.sqlite3"
    dump = home / "dump.sqlite3"
    _v6_file_with_a_custom_round(dump)
    source = sqlite3.connect(str(dump), isolation_level=None)
    schema.migrate(source, 7)
    before = source.execute("SELECT * FROM results ORDER BY game_id, seat").fetchall()
    path.parent.mkdir(parents=True, exist_ok=True)
    target = sqlite3.connect(str(path))
    for name, sql in source.execute(
        "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    ).fetchall():
        target.execute(sql)
        rows = source.execute(f'SELECT * FROM "{name}"').fetchall()
        if rows:
            marks = ",".join("?" * len(rows[0]))
            target.executemany(f'INSERT INTO "{name}" VALUES ({marks})', rows)
    target.commit()
    target.close()
    with Store.open() as store:
        assert store.problem is None and not store.read_only
        assert store.profile_stats("Ada").games > 0
    assert _rows(path, "PRAGMA user_version") == [(schema.CURRENT_VERSION,)]
    after = _rows(path, "SELECT * FROM results ORDER BY game_id, seat")
    assert [row[: len(before[0])] for row in after] == before
    assert integrity(path) == "ok"

"""A damaged statistics file is set aside exactly as it was, and all that can still be read
of it is recovered into the new one: a damaged index loses nothing, a damaged page of rows
only the rows on it, and what is recovered agrees with itself (every rating worked out
from the rounds kept)."""

from __future__ import annotations

import errno
import os
import shutil
import sqlite3
import time
from pathlib import Path

import pytest

from game.store import (
    GameRecord,
    MatchRecord,
    MatchSeat,
    SeatResult,
    Store,
    opening,
    ratings,
    salvage,
)
from tests.store.conftest import T0, integrity

ROUNDS = 300
MATCHES = 10  # the first 30 rounds are ten Tel Aviv matches of three rounds


def _db(home: Path) -> Path:
    return home / "data" / "macau.sqlite3"


def _round(n: int) -> GameRecord:
    """Round ``n``: Anna, Bartek and an easy bot, taking turns to win; the first rounds
    make up points matches."""
    ended = T0 + n * 600.0
    order = [(n + k) % 3 for k in range(3)]  # seat order[k] finished in place k + 1
    place = {seat: k + 1 for k, seat in enumerate(order)}
    names = ("Anna", "Bartek", "")
    if n >= 3 * MATCHES:
        seats = tuple(
            SeatResult(s, names[s], s == 2, "easy" if s == 2 else None, place[s],
                       seat_name="Ada" if s == 2 else "")
            for s in range(3)
        )  # fmt: skip
        return GameRecord("polish", "fp-polish", ended - 300, ended, seats)
    match_no, round_no = divmod(n, 3)
    totals = [10 * round_no + 10 * place[s] for s in range(3)]
    over = round_no == 2
    match = MatchRecord(
        f"m{match_no}", "tel_aviv", "fp-tel", 60, ended - 2000, ended, round_no + 1,
        tuple(
            MatchSeat(s, names[s], s == 2, "easy" if s == 2 else None, totals[s],
                      1 + sum(t < totals[s] for t in totals),
                      over and totals[s] == min(totals), seat_name="Ada" if s == 2 else "")
            for s in range(3)
        ),
        "finished" if over else "playing",
    )  # fmt: skip
    seats = tuple(
        SeatResult(s, names[s], s == 2, "easy" if s == 2 else None, place[s],
                   points=10 * place[s], seat_name="Ada" if s == 2 else "")
        for s in range(3)
    )  # fmt: skip
    return GameRecord(
        "tel_aviv", "fp-tel", ended - 300, ended, seats, is_match=True, round_no=round_no + 1,
        round_key=f"m{match_no}r{round_no}", match=match,
    )  # fmt: skip


Figures = dict[str, tuple[int, int, int, int, float, float]]


def _figures(store: Store, names: dict[str, str] | None = None) -> Figures:
    """Each person's rounds, wins, matches and matches won, rating and its spread (under
    the names ``names`` maps them to, if given)."""
    found: Figures = {}
    board = {row.profile: row for row in store.leaderboard()}
    for name in ("Anna", "Bartek"):
        shown = (names or {}).get(name, name)
        stats = store.profile_stats(shown)
        rank = board[shown]
        found[name] = (
            stats.games,
            stats.wins,
            stats.matches,
            stats.matches_won,
            round(rank.mu, 9),
            round(rank.sigma, 9),
        )
    return found


def _played(home: Path) -> Figures:
    """Record every round, leave the file with no write-ahead log, and give the figures."""
    with Store.open() as store:
        for n in range(ROUNDS):
            assert store.record_game(_round(n)) is not None
        figures = _figures(store)
    conn = sqlite3.connect(str(_db(home)))
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    return figures


def _page_size(path: Path) -> int:
    size = int.from_bytes(path.read_bytes()[16:18], "big")
    return 65536 if size == 1 else size


def _leaves(path: Path, name: str) -> list[int]:
    """The leaf pages of the table or index ``name``, in key order, read off its b-tree."""
    conn = sqlite3.connect(str(path))
    (root,) = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (name,)).fetchone()
    conn.close()
    data, size = path.read_bytes(), _page_size(path)

    def walk(page: int) -> list[int]:
        start = (page - 1) * size
        head = start + (100 if page == 1 else 0)
        if data[head] in (10, 13):  # a leaf of an index, of a table
            return [page]
        cells = int.from_bytes(data[head + 3 : head + 5], "big")
        children = []
        for k in range(cells):
            at = start + int.from_bytes(data[head + 12 + 2 * k : head + 14 + 2 * k], "big")
            children.append(int.from_bytes(data[at : at + 4], "big"))
        children.append(int.from_bytes(data[head + 8 : head + 12], "big"))
        return [leaf for child in children for leaf in walk(child)]

    return walk(int(root))


def _zero(path: Path, page: int) -> bytes:
    """Zero page ``page`` (a bad sector, a torn write); the file's bytes after."""
    size = _page_size(path)
    with path.open("r+b") as handle:
        handle.seek((page - 1) * size)
        handle.write(b"\0" * size)
    return path.read_bytes()


def _changed_then_zeroed(home: Path, name: str, *statements: str) -> None:
    """Run ``statements`` on the file, then zero the one leaf page of ``name``."""
    conn = sqlite3.connect(str(_db(home)))
    for statement in statements:
        conn.execute(statement)
    conn.commit()
    conn.close()
    (page,) = _leaves(_db(home), name)
    _zero(_db(home), page)


def _played_then_an_index_zeroed(home: Path) -> tuple[Figures, bytes]:
    """The rounds played (their figures), then the profiles' index zeroed: every row can
    still be read. The bytes of the damaged file."""
    before = _played(home)
    (page,) = _leaves(_db(home), "sqlite_autoindex_profiles_1")
    return before, _zero(_db(home), page)


def _no_recovered_copy_left(home: Path) -> None:
    assert [p.name for p in _db(home).parent.iterdir() if "recover" in p.name] == []


def _kept(home: Path) -> Path:
    (kept,) = _db(home).parent.glob("macau.sqlite3.corrupt-*")
    return kept


def _agrees_with_itself(store: Store) -> None:
    """No seat without its round or profile, no round without seats, and every rating
    what working them all out again from the rounds gives."""
    conn = store._conn
    assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    orphans = conn.execute(
        "SELECT COUNT(*) FROM results WHERE game_id NOT IN (SELECT id FROM games)"
        " OR profile_id NOT IN (SELECT id FROM profiles)"
    ).fetchone()
    assert orphans == (0,)
    empty = conn.execute("SELECT COUNT(*) FROM games WHERE id NOT IN (SELECT game_id FROM results)")
    assert empty.fetchone() == (0,)
    replayed = sqlite3.connect(":memory:", isolation_level=None)
    conn.backup(replayed)
    ratings.replay_all(replayed)
    query = "SELECT profile_id, scope, round(mu, 9), round(sigma, 9), games FROM ratings"
    assert sorted(conn.execute(query)) == sorted(replayed.execute(query))
    history = "SELECT COUNT(*) FROM rating_history"
    assert conn.execute(history).fetchone() == replayed.execute(history).fetchone()
    replayed.close()


def test_a_damaged_index_loses_no_round(home: Path) -> None:
    before, damaged = _played_then_an_index_zeroed(home)
    with Store.open() as store:
        assert store.problem == (
            "The statistics file was damaged: 300 of 300 rounds were recovered. "
            f"The damaged file is kept in {_db(home).parent} as {_kept(home).name}."
        )
        assert store.salvage is not None and not store.salvage.nothing
        assert _figures(store) == before
        assert len(store.history()) == ROUNDS and len(store.matches()) == MATCHES
        _agrees_with_itself(store)
        assert store.record_game(_round(ROUNDS)) is not None  # and it records on
    assert _kept(home).read_bytes() == damaged  # set aside exactly as it was
    assert sorted(p.name for p in _db(home).parent.iterdir() if p.name.startswith(".")) == []


def _played_then_zero_a_middle_page(home: Path, table: str) -> bytes:
    """Every round recorded, then a leaf page from the middle of ``table`` zeroed: the
    file's bytes after."""
    _played(home)
    leaves = _leaves(_db(home), table)
    assert len(leaves) >= 3
    return _zero(_db(home), leaves[len(leaves) // 2])


def test_a_damaged_page_of_seats_loses_only_the_rounds_on_it(home: Path) -> None:
    damaged = _played_then_zero_a_middle_page(home, "results")
    with Store.open() as store:
        rounds = len(store.history())
        assert ROUNDS // 2 < rounds < ROUNDS
        # Every round was still listed: how many were lost is known exactly.
        words = f": {rounds} of 300 rounds were recovered. The damaged file is kept in "
        assert words in (store.problem or "")
        _agrees_with_itself(store)
        anna = store.profile_stats("Anna")
        assert anna.games == sum(1 for e in store.history("Anna") if not e.abandoned)
    assert _kept(home).read_bytes() == damaged


def test_a_damaged_page_of_rounds_says_how_many_were_known(home: Path) -> None:
    _played_then_zero_a_middle_page(home, "games")
    with Store.open() as store:
        rounds = len(store.history())
        assert ROUNDS // 2 < rounds < ROUNDS
        # The rounds' own rows are lost, their seats tell they were there.
        words = f": {rounds} of at least 300 rounds were recovered. The damaged file is kept"
        assert words in (store.problem or "")
        _agrees_with_itself(store)


def test_a_file_cut_short_keeps_the_rounds_before_the_cut(home: Path) -> None:
    _played(home)
    path = _db(home)
    size = path.stat().st_size
    with path.open("r+b") as handle:
        handle.truncate(size // 2 // 4096 * 4096 + 100)  # half a file, ending mid-page
    damaged = path.read_bytes()
    with Store.open() as store:
        assert store.problem is not None and "rounds were recovered" in store.problem
        assert 0 < len(store.history()) < ROUNDS
        _agrees_with_itself(store)
    assert _kept(home).read_bytes() == damaged


def test_a_file_whose_signature_was_overwritten_loses_no_round(home: Path) -> None:
    before = _played(home)
    path = _db(home)
    with path.open("r+b") as handle:
        handle.write(b"not a database!!")  # the 16-byte signature, every page intact
    damaged = path.read_bytes()
    with Store.open() as store:
        assert store.problem is not None
        assert store.problem.startswith("The statistics file was damaged: 300 of 300 rounds")
        assert _figures(store) == before
        _agrees_with_itself(store)
    assert _kept(home).read_bytes() == damaged


def test_profiles_whose_names_were_lost_keep_their_rounds_under_stand_in_names(
    home: Path,
) -> None:
    before = _played(home)
    (page,) = _leaves(_db(home), "profiles")
    _zero(_db(home), page)
    with Store.open() as store:
        assert "300 of 300 rounds were recovered" in (store.problem or "")
        people = [p.name for p in store.profiles() if not p.is_bot]
        assert people == ["Unknown player 1", "Unknown player 2"]
        # The bot level's profile was lost too. Only bots' seats keep a name from the table,
        # and the file made the bot levels' profiles first: it is the easy level's again,
        # its rounds not split off under a name that could never be renamed or merged.
        bots = {p.name: p.bot_level for p in store.profiles() if p.is_bot}
        assert bots["Bot · easy"] == "easy" and not any(n.startswith("Unknown") for n in bots)
        assert store.profile_stats("Bot · easy").games == ROUNDS
        assert "Bot · easy" in [row.profile for row in store.leaderboard()]
        renamed = {"Anna": "Unknown player 1", "Bartek": "Unknown player 2"}
        assert _figures(store, renamed) == before
        store.rename_profile("Unknown player 1", "Anna")
        assert store.profile_stats("Anna").games == ROUNDS
        _agrees_with_itself(store)


def test_a_bot_profile_past_the_levels_lost_is_an_unknown_bot(home: Path) -> None:
    _played(home)
    # A bot profile not among the first four (none is made so today, but a file may hold
    # one): nothing says its level, so it keeps its rounds as an unknown bot.
    moved = [
        f"UPDATE {table} SET profile_id = 99 WHERE profile_id = 2"
        for table in ("results", "match_results", "ratings", "rating_history")
    ]
    _changed_then_zeroed(home, "profiles", *moved, "UPDATE profiles SET id = 99 WHERE id = 2")
    with Store.open() as store:
        assert store.profile_stats("Unknown bot 1").games == ROUNDS
        assert store.profile_stats("Bot · easy").games == 0  # the level seeded again
        assert sorted(p.name for p in store.profiles() if not p.is_bot) == [
            "Unknown player 1",
            "Unknown player 2",
        ]


def test_points_matches_lost_with_their_rounds_kept_are_told(home: Path) -> None:
    before = _played(home)
    (page,) = _leaves(_db(home), "matches")
    _zero(_db(home), page)
    with Store.open() as store:
        assert store.problem is not None
        assert (
            f"{ROUNDS} of {ROUNDS} rounds and 0 of {MATCHES} points matches were recovered"
        ) in store.problem
        assert store.profile_stats("Anna").games == before["Anna"][0]


def test_a_table_that_is_missing_is_worked_out_again_from_the_rounds(home: Path) -> None:
    before = _played(home)
    conn = sqlite3.connect(str(_db(home)))
    conn.execute("DROP TABLE rating_history")
    conn.close()
    with Store.open() as store:
        assert store.problem is not None
        assert store.problem.startswith(
            "The statistics file was damaged (tables or columns it needs are missing): "
            "300 of 300 rounds were recovered"
        )
        assert _figures(store) == before
        assert len(store.profile_stats("Anna").rating_series) == ROUNDS
        _agrees_with_itself(store)


def test_a_file_with_nothing_readable_says_so_and_where_it_is_kept(home: Path) -> None:
    _db(home).parent.mkdir(parents=True)
    _db(home).write_bytes(b"SQLite format 3\x00" + b"\xff" * 8000)
    with Store.open() as store:
        assert store.problem == (
            "The statistics file was damaged and nothing in it could be read, so a new one was "
            f"started. The damaged file is kept in {_db(home).parent} as {_kept(home).name}."
        )
        assert store.salvage is not None and store.salvage.nothing
        assert not store.read_only and store.history() == []


def test_a_recovery_that_fails_says_why_and_leaves_nothing_behind(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, damaged = _played_then_an_index_zeroed(home)

    # (Not for want of room: then the file is left in place until there is room, see
    # test_a_disk_full_as_the_game_closed.)
    def failing(*_: object, **__: object) -> None:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(shutil, "copyfile", failing)
    with Store.open() as store:
        assert store.problem is not None
        assert store.problem.startswith(
            "The statistics file was damaged and could not be recovered (input/output "
            "error), so a new one was started."
        )
        assert store.history() == []
    assert _kept(home).read_bytes() == damaged
    _no_recovered_copy_left(home)


def test_a_file_another_copy_started_meanwhile_is_not_replaced(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _played_then_an_index_zeroed(home)
    set_aside = opening._set_aside_database

    def and_another_copy_starts(path: Path, tag: str) -> Path:
        moved = set_aside(path, tag)
        with Store.open(path) as other:  # another copy of the game, opening just then
            assert other.problem is None
            assert other.record_game(_round(ROUNDS)) is not None
        return moved

    monkeypatch.setattr(opening, "_set_aside_database", and_another_copy_starts)
    with Store.open() as store:
        (recovered,) = _db(home).parent.glob("macau.sqlite3.recovered-*")
        assert store.problem is not None
        assert f"300 of 300 rounds were recovered into {recovered.name}, beside" in store.problem
        assert len(store.history()) == 1  # the other copy's file, as it left it
    assert integrity(recovered) == "ok"
    with Store.open(recovered) as kept:
        assert len(kept.history()) == ROUNDS


def test_a_file_another_copy_recovered_meanwhile_is_used_not_set_aside(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two copies find the file damaged at once; the other one finishes its recovery first
    and records into the sound file it put in place. That file is used, not set aside as
    damaged (which would hide every round the other copy records from then on)."""
    _played_then_an_index_zeroed(home)
    recover = salvage.recover
    started: list[bool] = []

    def while_another_copy_recovers(path: Path) -> object:
        mine = recover(path)
        if not started:  # the other copy: recovers too, puts its file in place, records
            started.append(True)
            with Store.open(path) as other:
                assert other.problem is not None and "300 of 300" in other.problem
                assert other.record_game(_round(ROUNDS)) is not None
        return mine

    monkeypatch.setattr(salvage, "recover", while_another_copy_recovers)
    with Store.open() as store:
        assert len(store.history()) == ROUNDS + 1  # the other copy's round is there
    assert len(list(_db(home).parent.glob("macau.sqlite3.corrupt-*"))) == 1  # the other's
    assert list(_db(home).parent.glob("macau.sqlite3.recovered-*")) == []


def test_a_value_of_the_wrong_type_is_left_out_not_read_into_the_figures(home: Path) -> None:
    _played(home)
    # What a flipped byte can do to a record: a place that is no number.
    _changed_then_zeroed(
        home,
        "sqlite_autoindex_profiles_1",
        "UPDATE results SET place = 'x' WHERE game_id = 100 AND seat = 0",
    )
    with Store.open() as store:
        assert "300 of 300 rounds were recovered" in (store.problem or "")
        seats = store._conn.execute("SELECT COUNT(*), SUM(typeof(place) != 'integer') FROM results")
        assert seats.fetchone() == (3 * ROUNDS - 1, 0)
        for name in ("Anna", "Bartek"):
            assert store.profile_stats(name).games > 0
        _agrees_with_itself(store)


@pytest.mark.parametrize(
    ("error", "told"),
    [
        (ValueError("a value no round can hold"), "a value no round can hold"),
        # An SQLite error of no known cause: its words, not "cannot be written" (a read).
        (
            sqlite3.OperationalError("no such collation sequence: seats"),
            "SQLite said: no such collation sequence: seats",
        ),
    ],
)
def test_damage_that_stops_the_recovery_itself_still_opens_the_game(
    home: Path, monkeypatch: pytest.MonkeyPatch, error: Exception, told: str
) -> None:
    from game.store import salvage

    _played_then_an_index_zeroed(home)

    def unexpected(*_: object) -> None:
        raise error

    monkeypatch.setattr(salvage, "_rebuilt", unexpected)
    with Store.open() as store:
        assert store.problem is not None and not store.read_only
        assert f"could not be recovered ({told})" in store.problem


def test_what_a_recovery_killed_halfway_left_is_cleared_at_a_later_start(home: Path) -> None:
    with Store.open():
        pass
    folder = _db(home).parent
    work = folder / ".macau-recover-abc123"
    work.mkdir()
    (work / "macau.sqlite3").write_bytes(b"a copy of a damaged file")
    rebuilt = folder / ".macau.sqlite3.recovered-4242"
    rebuilt.write_bytes(b"a rebuilt file never put in place")
    busy = folder / ".macau-recover-xyz789"  # another copy recovering right now
    busy.mkdir()
    old = time.time() - 2 * salvage.LEFTOVER_AGE
    for left in (work, rebuilt):
        os.utime(left, (old, old))
    with Store.open() as store:
        assert store.problem is None
    assert not work.exists() and not rebuilt.exists()
    assert busy.exists()


def test_matches_recovered_without_their_rounds_are_counted(home: Path) -> None:
    _played(home)
    conn = sqlite3.connect(str(_db(home)))
    for table in ("games", "results", "rating_history"):
        conn.execute(f"DROP TABLE {table}")
    conn.close()
    with Store.open() as store:
        assert store.problem is not None
        assert store.salvage is not None and store.salvage.rounds == 0
        assert store.problem.startswith(
            "The statistics file was damaged (tables or columns it needs are missing): "
            f"{store.salvage.people} players and {MATCHES} matches (and no recorded rounds) "
            "were recovered."
        )


@pytest.mark.parametrize(
    ("people", "matches", "words"),
    [
        (2, 0, "2 players (and no recorded rounds) were recovered"),
        (1, 0, "1 player (and no recorded rounds) was recovered"),
        (0, 10, "10 matches (and no recorded rounds) were recovered"),
        (0, 1, "1 match (and no recorded rounds) was recovered"),
        (3, 1, "3 players and 1 match (and no recorded rounds) were recovered"),
    ],
)
def test_without_rounds_the_players_and_matches_recovered_are_told(
    people: int, matches: int, words: str
) -> None:
    assert salvage.Salvage(0, 0, False, people, matches).words() == words


@pytest.mark.parametrize(
    ("salvaged", "words"),
    [
        (
            salvage.Salvage(0, 1, True, 1, 1),
            "0 of 1 round were recovered, but 1 player and 1 match were",
        ),
        (
            salvage.Salvage(0, 12, False, 1, 0),
            "0 of at least 12 rounds were recovered, but 1 player was",
        ),
        (salvage.Salvage(0, 12, True, 0, 0), "0 of 12 rounds were recovered"),
        (salvage.Salvage(5, 12, True, 3, 2), "5 of 12 rounds were recovered"),
        (salvage.Salvage(5, 12, True, 3, 2, known_matches=2), "5 of 12 rounds were recovered"),
        (
            salvage.Salvage(1, 1, True, 1, 0, known_matches=1),
            "1 of 1 round and 0 of 1 points match were recovered",
        ),
        (
            salvage.Salvage(0, 12, True, 2, 1, known_matches=3),
            "0 of 12 rounds and 1 of 3 points matches were recovered, but 2 players were",
        ),
    ],
)
def test_with_every_round_lost_the_players_and_matches_kept_are_told(
    salvaged: salvage.Salvage, words: str
) -> None:
    assert salvaged.words() == words


def test_a_damaged_file_opened_by_two_threads_at_once_is_recovered_once(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The menu and a table each open the statistics on a thread of their own: finding one
    damaged file, the two must not recover it into the same file nor set it aside twice."""
    import threading

    before, damaged = _played_then_an_index_zeroed(home)
    real = salvage.recover

    def slow(path: Path) -> object:
        time.sleep(0.3)  # long enough for the other thread to arrive meanwhile
        return real(path)

    monkeypatch.setattr(salvage, "recover", slow)
    opened: list[Store] = []
    failed: list[BaseException] = []

    def open_one() -> None:
        try:
            opened.append(Store.open())
        except BaseException as exc:
            failed.append(exc)

    threads = [threading.Thread(target=open_one) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failed and len(opened) == 2
    assert _kept(home).read_bytes() == damaged  # one file set aside, exactly as it was
    for store in opened:
        assert _figures(store) == before
        store.close()
    assert integrity(_db(home)) == "ok"
    assert sorted(p.name for p in _db(home).parent.iterdir() if p.name.startswith(".")) == []


WRONG_KIND = "values of the wrong kind"
MISSING = "records that refer to others missing from it"
BOTH = ("Anna", "Bartek")


@pytest.mark.parametrize(
    ("statements", "why", "names", "whole"),
    [
        # One value of the wrong type, SQLite's own checks passed: every query over the
        # profiles failed, and each round's recording with it, start after start.
        (["UPDATE profiles SET created = 'abc' WHERE name = 'Anna'"], WRONG_KIND, {}, BOTH),
        # (Bartek's seat of round 50 is left out: Anna's rounds are whole, her rating not.)
        (["UPDATE results SET points = 'x' WHERE game_id = 50 AND seat = 1"], WRONG_KIND, {}, ()),
        # A rating no play reaches: the next round's rating overflowed ("math range error").
        (["UPDATE ratings SET mu = 1e300 WHERE rowid = 1"], WRONG_KIND, {}, BOTH),
        # Anna's rounds kept under a stand-in name, for her to rename
        (
            ["DELETE FROM profiles WHERE name = 'Anna'"],
            MISSING,
            {"Anna": "Unknown player 1"},
            BOTH,
        ),
        # References to a round or a match the file never held: no round, no match lost.
        (["UPDATE rating_history SET game_id = 99999 WHERE rowid = 1"], MISSING, {}, BOTH),
        (["UPDATE games SET match_id = 77 WHERE id = 200"], MISSING, {}, BOTH),
        (["UPDATE results SET game_id = 99999 WHERE game_id = 100 AND seat = 1"], MISSING, {}, ()),
        # Anna merged into Bartek and Bartek into Anna: both vanished from every screen.
        (
            [
                "UPDATE profiles SET merged_into = (SELECT id FROM profiles WHERE name = 'Bartek')"
                " WHERE name = 'Anna'",
                "UPDATE profiles SET merged_into = (SELECT id FROM profiles WHERE name = 'Anna')"
                " WHERE name = 'Bartek'",
            ],
            "players merged into one another in a loop",
            {},
            BOTH,
        ),
    ],
)
def test_a_file_sound_to_sqlite_with_values_that_break_its_reading_is_mended(
    home: Path, statements: list[str], why: str, names: dict[str, str], whole: tuple[str, ...]
) -> None:
    figures = _played_then_changed(home, *statements)
    with Store.open() as store:
        problem = store.problem or ""
        assert f"The statistics file was damaged (it held {why}): 300 of 300 rounds were" in problem
        assert _kept(home).name in problem
        _agrees_with_itself(store)
        found = _figures(store, names)
        assert {n: found[n] for n in whole} == {n: figures[n] for n in whole}
        assert found["Anna"][:4] == figures["Anna"][:4]  # her rounds, wins and matches
        assert store.record_game(_round(ROUNDS)) is not None
        assert len(store.history(limit=5)) == 5
    opening.forget_checked(_db(home))
    with Store.open():  # mended: nothing set aside again
        assert len(list(_db(home).parent.glob("macau.sqlite3.corrupt-*"))) == 1


def _played_then_changed(home: Path, *statements: str) -> Figures:
    """Record the rounds, then run ``statements`` on the file: damage SQLite's own checks do
    not see, as the next start finds it. The figures before the change."""
    figures = _played(home)
    conn = sqlite3.connect(str(_db(home)))
    for statement in statements:
        conn.execute(statement)
    conn.commit()
    conn.close()
    assert integrity(_db(home)) == "ok"
    opening.forget_checked(_db(home))  # as at the next start
    return figures


@pytest.mark.parametrize(
    ("statement", "lost"),
    [
        # Ewa's total mistyped: the match was kept with two of its three seats, ranked
        # without her, and the message told only of the rounds.
        ("UPDATE match_results SET total = 'x' WHERE match_id = 1 AND seat = 2", 1),
        # Bartek's seat names match 999, or a match that is no number: a seat match 1 lost.
        ("UPDATE match_results SET match_id = 999 WHERE match_id = 1 AND seat = 1", 1),
        ("UPDATE match_results SET match_id = 'x' WHERE match_id = 1 AND seat = 1", 1),
        # Bartek's seat moved into match 2 as a fourth seat: both matches are wrong.
        ("UPDATE match_results SET match_id = 2, seat = 3 WHERE match_id = 1 AND seat = 1", 2),
    ],
)
def test_a_match_that_lost_a_seat_is_left_out_whole_and_told(
    home: Path, statement: str, lost: int
) -> None:
    _played_then_changed(home, statement, "UPDATE profiles SET created = 'abc' WHERE name = 'Anna'")
    with Store.open() as store:
        kept = MATCHES - lost
        told = f"300 of 300 rounds and {kept} of {MATCHES} points matches were recovered"
        assert told in (store.problem or "")
        rows = store._conn.execute(
            "SELECT COUNT(*), SUM(seats = (SELECT COUNT(*) FROM match_results"
            " WHERE match_id = matches.id)) FROM matches"
        )
        assert rows.fetchone() == (kept, kept)
        _agrees_with_itself(store)


@pytest.mark.parametrize("seats", ["4", "2", "'x'"])
def test_a_match_whose_count_of_seats_alone_is_damaged_is_kept_and_mended(
    home: Path, seats: str
) -> None:
    # Every seat of match 3 readable, its count of seats wrong: it was left out as a match
    # that lost a seat.
    _played_then_changed(
        home,
        f"UPDATE matches SET seats = {seats} WHERE id = 3",
        "UPDATE profiles SET created = 'abc' WHERE name = 'Anna'",
    )
    with Store.open() as store:
        assert "300 of 300 rounds were recovered" in (store.problem or "")
        matches = store._conn.execute("SELECT COUNT(*) FROM matches").fetchone()
        seats = store._conn.execute("SELECT seats FROM matches WHERE id = 3").fetchone()
        assert (matches, seats) == ((MATCHES,), (3,))
        _agrees_with_itself(store)


def test_a_damaged_file_of_an_older_version_tells_its_rounds_exactly(home: Path) -> None:
    # A version 8 file has no mark of saves left behind: every round read, it lost nothing.
    _played(home)
    conn = sqlite3.connect(str(_db(home)))
    conn.execute("DROP INDEX games_by_stale_save")
    conn.execute("ALTER TABLE games DROP COLUMN stale_save")
    conn.execute("PRAGMA user_version = 8")
    conn.commit()
    conn.close()
    leaves = _leaves(_db(home), "rating_history")
    _zero(_db(home), leaves[len(leaves) // 2])
    with Store.open() as store:
        assert len(store.history()) == ROUNDS
        assert f": {ROUNDS} of {ROUNDS} rounds were recovered" in (store.problem or "")
        _agrees_with_itself(store)


def _hide_rows(path: Path, page: int, hidden: int) -> None:
    """Make the header of leaf page ``page`` count ``hidden`` cells fewer: SQLite then
    reads past the last rows on it without an error, as if they were not there."""
    at = (page - 1) * _page_size(path) + (100 if page == 1 else 0) + 3
    with path.open("r+b") as handle:
        handle.seek(at)
        cells = int.from_bytes(handle.read(2), "big")
        handle.seek(at)
        handle.write((cells - hidden).to_bytes(2, "big"))


def test_rounds_a_damaged_page_hides_are_told_as_known_by_their_seats(home: Path) -> None:
    _played(home)
    leaves = _leaves(_db(home), "games")
    _hide_rows(_db(home), leaves[len(leaves) // 2], 3)
    with Store.open() as store:
        assert len(store.history()) == ROUNDS - 3
        # Read without an error, the rounds' table alone would say 297 of 297.
        assert f": {ROUNDS - 3} of at least {ROUNDS} rounds were recovered" in (store.problem or "")
        _agrees_with_itself(store)


def _last_rating_row_names(home: Path, game_id: int) -> None:
    conn = sqlite3.connect(str(_db(home)))
    conn.execute(
        "UPDATE rating_history SET game_id = ? WHERE rowid = (SELECT MAX(rowid) FROM"
        " rating_history)",
        (game_id,),
    )
    conn.commit()
    conn.close()


def test_one_row_naming_a_round_past_the_last_is_a_damaged_value(home: Path) -> None:
    # A flipped high bit in one rating row's round, and a page of those rows lost besides.
    _played(home)
    _last_rating_row_names(home, ROUNDS + 1024)
    leaves = _leaves(_db(home), "rating_history")
    _zero(_db(home), leaves[len(leaves) // 2])
    with Store.open() as store:
        assert len(store.history()) == ROUNDS
        assert f": {ROUNDS} of {ROUNDS} rounds were recovered" in (store.problem or "")


@pytest.mark.parametrize("cut_short", [False, True])
def test_a_round_renumbered_by_a_flipped_bit_is_one_round_not_two(
    home: Path, cut_short: bool
) -> None:
    # Its seats name the number it had; its row holds one no seat names. Such a pair may
    # also be two rounds (one hidden, one whose seats were lost): the count is "at least",
    # and never more than the file held, with rounds lost besides too ("301" before).
    _played(home)
    conn = sqlite3.connect(str(_db(home)))
    conn.execute("UPDATE games SET id = id + 4096 WHERE id = 150")
    conn.commit()
    conn.close()
    if cut_short:
        _zero(_db(home), _leaves(_db(home), "games")[0])
    with Store.open() as store:
        rounds = len(store.history())
        assert rounds < ROUNDS - 1 if cut_short else rounds == ROUNDS - 1
        assert f": {rounds} of at least {ROUNDS} rounds were recovered" in (store.problem or "")
        _agrees_with_itself(store)


def _round_ids(path: Path) -> set[int]:
    conn = sqlite3.connect(str(path))
    try:
        return {int(row[0]) for row in conn.execute("SELECT id FROM games NOT INDEXED WHERE 1")}
    finally:
        conn.close()


def test_a_hidden_round_and_one_that_lost_its_seats_a_bit_apart_are_two(
    home: Path, tmp_path: Path
) -> None:
    # The pair a renumbering would make, here two rounds: a round's row hidden, and a round
    # one bit apart that lost its seats' and rating rows. Said "299 of 299", as if exact.
    _played(home)
    page = _leaves(_db(home), "games")[1]
    trial = tmp_path / "trial.sqlite3"
    shutil.copyfile(_db(home), trial)
    _hide_rows(trial, page, 1)
    (hidden,) = _round_ids(_db(home)) - _round_ids(trial)
    apart = next(hidden ^ (1 << bit) for bit in range(9) if 0 < hidden ^ (1 << bit) <= ROUNDS)
    conn = sqlite3.connect(str(_db(home)))
    for table in ("results", "rating_history"):
        conn.execute(f"DELETE FROM {table} WHERE game_id = ?", (apart,))
    conn.commit()
    conn.close()
    _hide_rows(_db(home), page, 1)
    with Store.open() as store:
        problem = store.problem or ""
        assert f" of at least {ROUNDS - 1} rounds were recovered" in problem


@pytest.mark.parametrize(
    "statement",
    [
        # One seat's round flipped to 0 (or a rating row's to a number no round has): a
        # damaged value in one row, not a round lost.
        "UPDATE results SET game_id = 0 WHERE game_id = 64 AND seat = 0",
        "UPDATE results SET game_id = 0 WHERE game_id = 64 AND seat = 1",
        "UPDATE rating_history SET game_id = -5 WHERE rowid = 7",
    ],
)
def test_one_row_naming_a_round_not_there_is_no_round_lost(home: Path, statement: str) -> None:
    _played_then_changed(home, statement, "UPDATE results SET place = 'x' WHERE rowid = 1")
    with Store.open() as store:
        assert f" of {ROUNDS} rounds were recovered" in (store.problem or "")
        assert "at least" not in (store.problem or "")


def test_one_round_naming_a_match_not_there_is_no_match_lost(home: Path) -> None:
    _played_then_changed(
        home,
        "UPDATE games SET match_id = 0 WHERE id = (SELECT MIN(id) FROM games WHERE match_id = 8)",
    )
    with Store.open() as store:
        assert len(store.matches()) == MATCHES
        assert "points match" not in (store.problem or "")


def test_a_hidden_round_is_known_though_other_rounds_lost_their_seats(home: Path) -> None:
    # Rounds nothing names any more (their seats' and rating pages lost) are rounds all the
    # same: one hidden round besides them is one more, and the count is no longer exact.
    _played(home)
    for table in ("results", "rating_history"):
        leaves = _leaves(_db(home), table)
        _zero(_db(home), leaves[len(leaves) // 2])
    leaves = _leaves(_db(home), "games")
    _hide_rows(_db(home), leaves[0], 1)
    with Store.open() as store:
        rounds = len(store.history())
        assert rounds < ROUNDS - 1
        assert f": {rounds} of at least {ROUNDS} rounds were recovered" in (store.problem or "")


def test_a_round_row_nothing_names_is_no_round_where_every_seat_was_read(home: Path) -> None:
    # A damaged page can give stale rows of rounds (a page freed long ago, pointed to by a
    # flipped bit): with every seat's and rating row read, a round none of them names is
    # no round the file held ("of at least 301", and far more with a whole stale page).
    _played(home)
    conn = sqlite3.connect(str(_db(home)))
    conn.execute(
        "INSERT INTO games (id, preset, rules_fingerprint, seats, started_at, ended_at,"
        " duration_s) SELECT 4000, preset, rules_fingerprint, seats, started_at, ended_at,"
        " duration_s FROM games WHERE id = 1"
    )
    conn.commit()
    conn.close()
    leaves = _leaves(_db(home), "games")
    _zero(_db(home), leaves[len(leaves) // 2])
    with Store.open() as store:
        rounds = len(store.history())
        assert rounds < ROUNDS
        assert f": {rounds} of at least {ROUNDS} rounds were recovered" in (store.problem or "")


def test_rounds_hidden_with_every_row_naming_them_lost_are_no_exact_count(home: Path) -> None:
    # Nothing read names the hidden rounds, yet the rounds' index still counts them: the
    # count is no more than "at least" ("243 of 298", as if exact, where 300 were held).
    _played(home)
    for table in ("results", "rating_history"):
        _zero(_db(home), _leaves(_db(home), table)[-1])
    _hide_rows(_db(home), _leaves(_db(home), "games")[-1], 2)
    with Store.open() as store:
        rounds = len(store.history())
        problem = store.problem or ""
        assert f": {rounds} of at least " in problem, problem


def test_the_rows_naming_a_round_hidden_too_make_no_exact_count(home: Path) -> None:
    # The last round's seats' and rating rows hidden by their pages' headers: nothing read
    # names it and no error says so, yet their indexes still count them ("299 of 299").
    _played(home)
    conn = sqlite3.connect(str(_db(home)))
    seats = conn.execute("SELECT COUNT(*) FROM results WHERE game_id = ?", (ROUNDS,)).fetchone()
    rated = conn.execute("SELECT COUNT(*) FROM rating_history WHERE game_id = ?", (ROUNDS,))
    hide = {"results": seats[0], "rating_history": rated.fetchone()[0]}
    conn.close()
    for table, rows in hide.items():
        _hide_rows(_db(home), _leaves(_db(home), table)[-1], rows)
    with Store.open() as store:
        assert len(store.history()) == ROUNDS - 1
        assert f": {ROUNDS - 1} of at least {ROUNDS} rounds" in (store.problem or "")


def test_rows_naming_a_round_by_no_number_name_no_round(home: Path) -> None:
    # A page of the file's layout read as seats (a flipped pointer) names rounds by words:
    # they were counted as rounds lost ("242 of 302").
    _played(home)
    conn = sqlite3.connect(str(_db(home)))
    for seat in range(2):
        conn.execute(
            "INSERT INTO results (game_id, seat, profile_id, place) VALUES ('table', ?, 1, 1)",
            (seat,),
        )
    conn.commit()
    conn.close()
    with Store.open() as store:
        assert len(store.history()) == ROUNDS
        assert f": {ROUNDS} of {ROUNDS} rounds were recovered" in (store.problem or "")


def test_a_damaged_index_of_the_rounds_alone_still_tells_the_count_exactly(home: Path) -> None:
    _played(home)
    (page,) = _leaves(_db(home), "games_by_match")
    _zero(_db(home), page)
    with Store.open() as store:
        assert len(store.history()) == ROUNDS
        assert f": {ROUNDS} of {ROUNDS} rounds were recovered" in (store.problem or "")


def test_a_damaged_file_that_cannot_be_moved_aside_leaves_no_recovered_copy(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The damaged file stays as it is when it cannot be set aside, and the copy recovered
    from it is not left in the data folder either."""
    _, damaged = _played_then_an_index_zeroed(home)

    def refuse(*_: object, **__: object) -> Path:
        raise OSError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(opening, "set_aside", refuse)
    with Store.open() as store:
        assert store.problem is not None and "could not be moved aside" in store.problem
    assert _db(home).read_bytes() == damaged
    _no_recovered_copy_left(home)


def test_one_round_of_several_recovered_is_told_with_were() -> None:
    assert salvage.Salvage(1, 3, True, 0, 0).words() == "1 of 3 rounds were recovered"
    assert salvage.Salvage(1, 1, True, 0, 0).words() == "1 of 1 round was recovered"


def test_a_file_nothing_can_be_read_from_gives_no_file_to_take_its_place(tmp_path: Path) -> None:
    path = tmp_path / "macau.sqlite3"
    path.write_bytes(b"\x5a" * 8192)  # never a database
    fresh, saved = salvage.recover(path)
    assert saved.nothing and fresh is None
    assert [p.name for p in tmp_path.iterdir()] == ["macau.sqlite3"]

"""What a recovered statistics file tells and keeps in the finer cases: matches kept where
every round was lost, a column or a rating out of range worked out again, seats of a match
lost to a stray or a hidden row, the players counted once, the bot levels' profiles, and
the count of rounds exact to the row."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from game.store import Store, salvage
from tests.store.conftest import bot, game, human
from tests.store.test_damaged_file_recovered import (
    MATCHES,
    ROUNDS,
    _agrees_with_itself,
    _db,
    _figures,
    _hide_rows,
    _leaves,
    _page_size,
    _played,
    _played_then_changed,
    _zero,
)


def _one_match_left_out_and_told() -> None:
    """Every round recovered, and one points match left out whole and told as lost."""
    with Store.open() as store:
        told = f"300 of 300 rounds and {MATCHES - 1} of {MATCHES} points matches were recovered"
        assert told in (store.problem or "")
        assert len(store.matches()) == MATCHES - 1
        _agrees_with_itself(store)


def test_with_every_round_lost_the_matches_kept_are_still_told() -> None:
    # "0 of 12 rounds were recovered" alone would read as if nothing was kept.
    saved = salvage.Salvage(0, 12, True, 0, 2)
    assert saved.words() == "0 of 12 rounds were recovered, but 2 matches were"


def test_a_column_missing_from_the_ratings_is_worked_out_again(home: Path) -> None:
    # The ratings' count of rated rounds dropped: the leaderboard would show 0.
    before = _played(home)
    conn = sqlite3.connect(str(_db(home)))
    conn.execute("ALTER TABLE ratings DROP COLUMN games")
    conn.close()
    with Store.open() as store:
        assert (store.problem or "").startswith(
            "The statistics file was damaged (tables or columns it needs are missing): "
            "300 of 300 rounds were recovered"
        )
        assert _figures(store) == before
        board = {row.profile: row.games for row in store.leaderboard()}
        assert board["Anna"] == board["Bartek"] == ROUNDS
        _agrees_with_itself(store)


def test_a_rating_in_the_history_no_play_reaches_is_mended(home: Path) -> None:
    # One rating row of the history at 1e300: a file opened as sound would draw the
    # rating chart through it.
    _played_then_changed(home, "UPDATE rating_history SET mu = 1e300 WHERE rowid = 1")
    with Store.open() as store:
        problem = store.problem or ""
        assert (
            "The statistics file was damaged (it held values of the wrong kind): "
            "300 of 300 rounds were recovered"
        ) in problem
        series = store.profile_stats("Anna").rating_series
        assert series and all(abs(point.mu) < 1000 for point in series)
        _agrees_with_itself(store)


def test_a_match_whose_last_seat_strayed_is_left_out_whole_and_told(home: Path) -> None:
    # The last seat's row names a match not there: match 1 kept two of its three seats
    # (no gap in the seat numbers shows it), ranked without the third.
    _played_then_changed(
        home, "UPDATE match_results SET match_id = 999 WHERE match_id = 1 AND seat = 2"
    )
    _one_match_left_out_and_told()


def test_a_merged_player_is_not_counted_twice_among_the_players_recovered(home: Path) -> None:
    # Ania merged into Anna is one player on every screen, not two: there are two
    # players, Anna and Bartek.
    _played(home)
    with Store.open() as store:
        seats = (human(0, "Ania", 1), human(1, "Bartek", 2), bot(2, "easy", 3))
        assert store.record_game(game(ROUNDS + 1, "polish", *seats)) is not None
        store.merge_profiles("Ania", "Anna")
    conn = sqlite3.connect(str(_db(home)))
    for table in ("games", "results", "rating_history"):
        conn.execute(f"DROP TABLE {table}")
    conn.close()
    with Store.open() as store:
        assert (store.problem or "").startswith(
            "The statistics file was damaged (tables or columns it needs are missing): "
            f"2 players and {MATCHES} matches (and no recorded rounds) were recovered."
        )


def test_a_player_whose_bot_level_is_damaged_keeps_their_name(home: Path) -> None:
    # Bytes where a person's (empty) bot level belongs: the profile is mended, not left
    # out (Anna's rounds would come back under "Unknown player 1").
    before = _played_then_changed(home, "UPDATE profiles SET bot_level = X'05' WHERE name = 'Anna'")
    with Store.open() as store:
        assert (
            "The statistics file was damaged (it held values of the wrong kind): "
            "300 of 300 rounds were recovered"
        ) in (store.problem or "")
        assert sorted(p.name for p in store.profiles() if not p.is_bot) == ["Anna", "Bartek"]
        assert _figures(store) == before
        _agrees_with_itself(store)


def test_the_last_bot_levels_profile_lost_is_that_level_again(home: Path) -> None:
    # The hard level is the last of the bot levels' profiles every file starts with: its
    # profile lost, its rounds are the level's again, not "Unknown bot 1"'s for good.
    with Store.open() as store:
        for n in range(20):
            seats = (human(0, "Anna", 1 + n % 3), human(1, "Bartek", 1 + (n + 1) % 3),
                     bot(2, "hard", 1 + (n + 2) % 3))  # fmt: skip
            assert store.record_game(game(n, "polish", *seats)) is not None
    conn = sqlite3.connect(str(_db(home)))
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    (page,) = _leaves(_db(home), "profiles")
    _zero(_db(home), page)
    with Store.open() as store:
        assert "20 of 20 rounds were recovered" in (store.problem or "")
        assert store.profile_stats("Bot · hard").games == 20
        assert not [p.name for p in store.profiles() if p.name.startswith("Unknown bot")]
        _agrees_with_itself(store)


def test_the_rounds_held_are_never_told_as_fewer_than_those_recovered(home: Path) -> None:
    # Round 100 kept one seat's row only (its others and its rating rows gone) and a
    # length that is no number, mended on recovery: it counts as held too, never
    # "300 of 299 rounds were recovered".
    _played_then_changed(
        home,
        "UPDATE games SET duration_s = 'x' WHERE id = 100",
        "DELETE FROM results WHERE game_id = 100 AND seat != 0",
        "DELETE FROM rating_history WHERE game_id = 100",
    )
    with Store.open() as store:
        rounds = len(store.history())
        assert rounds == ROUNDS
        assert f": {rounds} of {rounds} rounds were recovered" in (store.problem or "")


def test_a_match_whose_last_seats_were_on_a_damaged_page_is_left_out_whole(home: Path) -> None:
    # Seat names long enough for two seats' rows a page; the third page (match 2's seats
    # 1 and 2) zeroed. Match 2 keeps its seat 0 alone, with no gap in the seat numbers to
    # show it: kept, it would be a one-seat match "won" by whoever sat there.
    _played(home)
    conn = sqlite3.connect(str(_db(home)))
    conn.execute("UPDATE match_results SET seat_name = printf('%1500s', COALESCE(seat_name, ''))")
    conn.commit()
    conn.execute("VACUUM")
    conn.close()
    leaves = _leaves(_db(home), "match_results")
    assert len(leaves) == 3 * MATCHES // 2  # two seats' rows a page
    _zero(_db(home), leaves[2])
    _one_match_left_out_and_told()


def test_a_damaged_page_of_rounds_loses_exactly_the_rounds_on_it(home: Path) -> None:
    # Reading goes on from the very first round after the damaged page, so exactly the
    # rounds on it are lost, not one more.
    _played(home)
    page = _leaves(_db(home), "games")[2]
    at = (page - 1) * _page_size(_db(home)) + 3  # the leaf's count of rows
    on_page = int.from_bytes(_db(home).read_bytes()[at : at + 2], "big")
    _zero(_db(home), page)
    with Store.open() as store:
        assert len(store.history()) == ROUNDS - on_page
        told = f": {ROUNDS - on_page} of at least {ROUNDS} rounds were recovered"
        assert told in (store.problem or "")


def test_one_round_hidden_that_nothing_names_makes_no_exact_count(home: Path) -> None:
    # The last round, no longer named by any seat's or rating row, hidden by its page's
    # header: one row short is enough for the rounds' index to tell it, and the count is
    # no more than "at least" (not "299 of 299" where 300 were held).
    _played_then_changed(
        home,
        f"DELETE FROM results WHERE game_id = {ROUNDS}",
        f"DELETE FROM rating_history WHERE game_id = {ROUNDS}",
    )
    _hide_rows(_db(home), _leaves(_db(home), "games")[-1], 1)
    with Store.open() as store:
        assert len(store.history()) == ROUNDS - 1
        told = f": {ROUNDS - 1} of at least {ROUNDS - 1} rounds were recovered"
        assert told in (store.problem or "")


def test_a_match_whose_last_seat_a_damaged_page_hides_is_left_out_whole_and_told(
    home: Path,
) -> None:
    # The header of the last page of the matches' seats counts one row fewer: match 10's
    # last seat reads as not there, without an error. Kept, it would be a two-seat match
    # of the seats left, its count of seats "mended", and nothing told.
    _played(home)
    _hide_rows(_db(home), _leaves(_db(home), "match_results")[-1], 1)
    _one_match_left_out_and_told()


@pytest.mark.parametrize(("seat_name", "damage"), [("Ada", "hidden"), ("", "profiles")])
def test_a_match_against_two_bots_of_one_level_is_recovered_whole(
    home: Path, seat_name: str, damage: str
) -> None:
    # The bots of one level share its profile, so two of its seats name one profile: that
    # is no player twice, and the match is no seat short. (The damage makes the recovery
    # copy row by row, where the seats are checked: a hidden rating row, or the profiles
    # lost where the seats kept no bot's name, as in a file of an earlier version.)
    from tests.store.conftest import match_record

    with Store.open() as store:
        for n, key in enumerate(("m1", "m2")):
            match = match_record(("Anna", "", ""), (40, 10, 25), 1, "finished",
                                 preset="tel_aviv", target=30, key=key,
                                 bot_seat_name=seat_name)  # fmt: skip
            seats = (human(0, "Anna", 3, points=40), bot(1, "easy", 1, points=10),
                     bot(2, "easy", 2, points=25))  # fmt: skip
            record = game(n, "tel_aviv", *seats, is_match=True)
            record = replace(record, round_no=1, round_key=f"{key}r1", match=match)
            assert store.record_game(record) is not None
    conn = sqlite3.connect(str(_db(home)))
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    if damage == "hidden":
        _hide_rows(_db(home), _leaves(_db(home), "rating_history")[-1], 1)
    else:
        (page,) = _leaves(_db(home), "profiles")
        _zero(_db(home), page)
    with Store.open() as store:
        assert "2 of 2 rounds were recovered" in (store.problem or "")
        assert "points matches" not in (store.problem or "")
        assert len(store.matches()) == 2
        # The bot level's profile is the level's again, not a stand-in person's.
        assert store.profile_stats("Bot · easy").games == 2
        people = [p.name for p in store.profiles() if not p.is_bot]
        assert people == (["Anna"] if damage == "hidden" else ["Unknown player 1"])
        _agrees_with_itself(store)


@pytest.mark.parametrize("table", ["rating_history", "ratings"])
def test_a_rating_row_a_damaged_page_hides_is_worked_out_again(home: Path, table: str) -> None:
    # Read without an error, the ratings would lack the hidden row: a player gone from the
    # leaderboard, or a point from the rating chart.
    before = _played(home)
    _hide_rows(_db(home), _leaves(_db(home), table)[-1], 1)
    with Store.open() as store:
        assert "300 of 300 rounds were recovered" in (store.problem or "")
        assert _figures(store) == before
        _agrees_with_itself(store)

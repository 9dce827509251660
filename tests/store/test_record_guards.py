"""What a recorded round or match keeps when its report is odd: a clock put back during the
round, a round given up while ahead, a finished match reported again as given up."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from game.store import GameRecord, MatchRecord, MatchSeat, Store
from tests.store.conftest import T0, bot, human, match_record


def test_a_clock_put_back_during_a_round_gives_no_negative_time(store: Store) -> None:
    # The machine's clock went back an hour while the round was played: it ended "before"
    # it started. That round must not top the fastest wins with a negative time, nor with
    # "00:00": it has no time to rank by.
    store.record_game(
        GameRecord("quick", "fp", T0 + 3600, T0 + 60, (human(0, "Anna", 1), bot(1, "easy", 2)))
    )
    store.record_game(
        GameRecord("quick", "fp", T0 + 5000, T0 + 5090, (human(0, "Anna", 1), bot(1, "easy", 2)))
    )
    assert [entry.duration_s for entry in store.history()] == [90.0, 0.0]
    assert [(w.profile, w.duration_s) for w in store.fastest_wins()] == [("Anna", 90.0)]
    stats = store.profile_stats("Anna")
    assert stats.wins == 2 and stats.fastest_win is not None
    assert stats.fastest_win.time_s == 90.0


def test_a_round_given_up_is_won_by_nobody(store: Store, tmp_path: Path) -> None:
    # Anna was ahead (first place) when the round was given up: it is no win.
    seats = (human(0, "Anna", 1), bot(1, "easy", 2))
    store.record_game(GameRecord("polish", "fp", T0, T0 + 120, seats, abandoned=True))
    [entry] = store.history()
    assert entry.abandoned and [s.won for s in entry.seats] == [False, False]
    assert store.profile_stats("Anna").wins == 0 and store.fastest_wins() == []
    store.export(tmp_path / "out.csv")
    with (tmp_path / "out.csv").open(encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [(r["profile"], r["abandoned"], r["won"]) for r in rows] == [
        ("Anna", "1", "0"),
        ("Bot · easy", "1", "0"),
    ]


def _classic_match(status: str, anna_won: bool) -> MatchRecord:
    seats = (
        MatchSeat(0, "Anna", False, None, 320, 1, anna_won),
        MatchSeat(1, "Bot · easy", True, "easy", 510, 2, seat_name="Bot 1"),
    )
    return MatchRecord("m1", "classic", "fp", 500, T0, T0 + 900, 4, seats, status)


def test_a_finished_match_reported_again_as_given_up_stays_finished(store: Store) -> None:
    # A game killed before its save was cleared: leaving that save for a new game reports the
    # match, already finished, as given up with the same rounds. A finished match is final.
    store.record_match(_classic_match("finished", True))
    store.record_match(_classic_match("abandoned", False))
    [match] = store.matches()
    assert (match.status, match.rounds) == ("finished", 4)
    assert [(s.profile, s.won) for s in match.seats] == [("Anna", True), ("Bot · easy", False)]
    anna = store.profile_stats("Anna")
    assert (anna.matches, anna.matches_won, anna.matches_abandoned) == (1, 1, 0)


def test_a_place_beyond_the_seats_or_a_match_without_a_target_is_refused(store: Store) -> None:
    with pytest.raises(ValueError, match="place 3, which is impossible"):
        store.record_game(
            GameRecord("polish", "fp", T0, T0 + 60, (human(0, "A", 1), bot(1, "easy", 3)))
        )
    seats = match_record(("Ann", ""), (0, 20), 1, "playing", preset="tel_aviv", target=500).seats
    with pytest.raises(ValueError, match="positive target"):
        store.record_match(MatchRecord("k1", "tel_aviv", "fp", 0, T0, T0 + 60, 1, seats))
    assert store.history() == [] and store.matches() == []

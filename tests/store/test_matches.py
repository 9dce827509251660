"""A points match is recorded as a whole: once, however often it is reported, kept up to
date round by round, final once finished, and given up with its totals so far."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.store import GameRecord, MatchRecord, Store
from tests.store.conftest import bot, game, human, match_record


def _match(
    totals: tuple[int, ...],
    rounds: int,
    status: str = "playing",
    key: str = "m1",
    names: tuple[str, ...] = ("Ada", "Ben", ""),
) -> MatchRecord:
    return match_record(
        names, totals, rounds, status, preset="tel_aviv", target=500, key=key, bot_seat_name="West"
    )


def _round_of(match: MatchRecord, n: int, *places: int) -> GameRecord:
    seats = [human(0, "Ada", places[0]), human(1, "Ben", places[1]), bot(2, "easy", places[2])]
    return replace(
        game(n, "tel_aviv", *seats, is_match=True), round_no=n, round_key=f"r{n}", match=match
    )


def test_a_match_is_stored_once_and_follows_its_rounds(store: Store) -> None:
    store.record_game(_round_of(_match((0, 40, 25), 1), 1, 1, 3, 2))
    store.record_game(_round_of(_match((60, 40, 525), 2, "finished"), 2, 3, 1, 2))
    # The final round reported again (Continue after a kill) changes nothing.
    store.record_game(_round_of(_match((60, 40, 525), 2, "finished"), 2, 3, 1, 2))
    store.record_match(_match((60, 40, 525), 2, "finished"))
    [match] = store.matches()
    assert (match.status, match.rounds, match.target) == ("finished", 2, 500)
    assert [(s.profile, s.total, s.place, s.won) for s in match.seats] == [
        ("Ada", 60, 2, False),
        ("Ben", 40, 1, True),
        ("Bot · easy", 525, 3, False),
    ]
    assert match.seats[2].seat_name == "West"
    rounds = store.history("Ada")
    assert [(e.round_no, e.match_id) for e in rounds] == [(2, match.match_id), (1, match.match_id)]
    assert match.duration_s == pytest.approx(600.0)  # both rounds' 300 s


def test_a_finished_match_is_final_and_an_older_report_never_takes_totals_back(
    store: Store,
) -> None:
    store.record_match(_match((0, 40, 25), 1))
    store.record_match(_match((120, 40, 25), 2))
    # The save left before round 2 ended, given up for a new game: an older state.
    store.record_match(_match((0, 40, 25), 1, "abandoned"))
    [match] = store.matches()
    assert (match.status, match.rounds) == ("abandoned", 2)
    assert [s.total for s in match.seats] == [120, 40, 25]
    # Continued after all (another copy of the game kept its save) and played out.
    store.record_match(_match((120, 540, 25), 3, "finished"))
    store.record_match(_match((0, 40, 25), 1, "abandoned"))
    [match] = store.matches()
    assert (match.status, match.rounds) == ("finished", 3)
    assert [s.won for s in match.seats] == [False, False, True]


def test_a_match_reported_again_at_the_same_round_keeps_its_first_totals(store: Store) -> None:
    # Two reports of one round of a match in play (a second window, a retry): the first stands.
    store.record_match(_match((10, 40, 25), 2))
    store.record_match(_match((99, 400, 25), 2))
    [match] = store.matches()
    assert [s.total for s in match.seats] == [10, 40, 25]


def test_matches_are_counted_played_won_and_given_up(store: Store) -> None:
    store.record_match(_match((10, 520, 30), 4, "finished", key="a"))
    store.record_match(_match((510, 20, 30), 5, "finished", key="b"))
    store.record_match(_match((10, 20, 30), 1, "abandoned", key="c"))
    store.record_match(_match((10, 20, 30), 1, "playing", key="d"))
    ada = store.profile_stats("Ada")
    assert (ada.matches, ada.matches_won, ada.matches_abandoned) == (2, 1, 1)
    assert store.profile_stats("Ada", preset="classic").matches == 0
    # Newest first (by when each ended), the match still in play left out.
    assert [m.rounds for m in store.matches("Ben", ended_only=True)] == [5, 4, 1]
    assert len(store.matches("Ben", preset="tel_aviv", limit=2)) == 2


def test_a_drawn_match_is_counted_apart_from_the_matches_won(store: Store) -> None:
    store.record_match(_match((10, 520, 30), 4, "finished", key="won"))
    store.record_match(_match((20, 20, 505), 5, "finished", key="drawn"))  # Ada and Ben tie
    store.record_match(_match((510, 20, 30), 3, "finished", key="lost"))
    ada = store.profile_stats("Ada")
    assert (ada.matches, ada.matches_won, ada.matches_drawn) == (3, 1, 1)
    ben = store.profile_stats("Ben")
    assert (ben.matches, ben.matches_won, ben.matches_drawn) == (3, 1, 1)
    # A tie between two seats of one bot level is a drawn match for that level too.
    store.record_match(_match((505, 40, 40), 6, "finished", key="bots", names=("Ada", "", "")))
    easy = store.profile_stats("Bot · easy")
    assert (easy.matches, easy.matches_won, easy.matches_drawn) == (4, 0, 1)


def test_a_merged_profile_takes_its_matches_along(store: Store) -> None:
    store.record_match(_match((10, 520, 30), 4, "finished", names=("Adka", "Ben", "")))
    store.record_game(game(1, "polish", human(0, "Ada", 1)))
    store.merge_profiles("Adka", "Ada")
    assert store.profile_stats("Ada").matches_won == 1
    assert store.matches("Ada")[0].seats[0].profile == "Ada"


def test_a_match_that_makes_no_sense_is_refused(store: Store) -> None:
    with pytest.raises(ValueError, match="winner"):
        store.record_match(
            replace(_match((10, 20, 30), 1), seats=_match((1, 2, 3), 1, "finished").seats)
        )
    with pytest.raises(ValueError, match="state"):
        store.record_match(_match((10, 20, 30), 1, "won"))
    assert store.matches() == []

"""Recording real rounds: what reaches the statistics from a finished or abandoned game."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.engine import PRESETS, Game
from game.store import Store
from game.ui.records import SeatInfo, format_duration, preset_title, record_round

SEATS = [
    SeatInfo("Ania"),
    SeatInfo("North", is_bot=True, bot_level="medium"),
    SeatInfo("Béla"),
    SeatInfo("West", is_bot=True, bot_level="easy"),
]


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Store]:
    monkeypatch.setenv("MACAU_HOME", str(tmp_path))
    opened = Store.open()
    yield opened
    opened.close()


def play_out(preset: str, seed: int, moves: int | None = None) -> Game:
    """A real round of ``preset`` by random legal moves (``moves`` of them, or to the end)."""
    game = Game.new(PRESETS[preset], seats=4, seed=seed)
    rng = random.Random(seed)
    done = 0
    while not game.over and (moves is None or done < moves):
        game.apply(rng.choice(game.legal_actions()))
        done += 1
    return game


def test_polish_round_records_places_and_tallies(store: Store) -> None:
    game = play_out("polish", 5)
    started = time.time() - 200
    game_id = record_round(store, game, SEATS, started, ended_at=started + 125)
    assert game_id is not None
    ania = store.profile_stats("Ania")
    assert ania.games == 1
    assert ania.wins == int(game.places[0] == 1)
    assert ania.avg_place == game.places[0]
    assert ania.biggest_stack == game.tally(0)["biggest_stack"]
    assert ania.points_per_round is None  # polish keeps no points
    entry = store.history()[0]
    assert entry.preset == "polish" and entry.rules_fingerprint == PRESETS["polish"].fingerprint
    assert [s.place for s in entry.seats] == list(game.places)
    assert [s.penalty_cards for s in entry.seats] == [
        game.tally(s)["penalty_cards"] for s in range(4)
    ]
    assert entry.duration_s == pytest.approx(125)
    assert not entry.is_match and not entry.abandoned


def test_bots_are_recorded_as_their_level_profile(store: Store) -> None:
    game = play_out("polish", 8)
    record_round(store, game, SEATS, time.time() - 60)
    assert store.profile_stats("Bot · medium").games == 1
    assert store.profile_stats("Bot · easy").games == 1
    assert store.profile("North") is None


def test_bot_seats_keep_their_table_names_in_the_history(store: Store) -> None:
    game = play_out("polish", 8)
    record_round(store, game, SEATS, time.time() - 60)
    seats = store.history()[0].seats
    assert [(s.profile, s.seat_name) for s in seats] == [
        ("Ania", ""),
        ("Bot · medium", "North"),
        ("Béla", ""),
        ("Bot · easy", "West"),
    ]


def test_classic_round_records_points_as_a_match(store: Store) -> None:
    game = play_out("classic", 3)
    record_round(store, game, SEATS, time.time() - 300)
    entry = store.history()[0]
    assert entry.is_match and entry.round_no == game.round_no
    assert tuple(s.points for s in entry.seats) == game.round_charges[-1]
    stats = store.profile_stats("Béla", preset="classic")
    assert stats.points_per_round == game.round_charges[-1][2]


def test_second_round_of_a_match_records_its_own_points(store: Store) -> None:
    game = play_out("classic", 11)
    record_round(store, game, SEATS, time.time() - 300)
    assert not game.match_over, "this seed must leave the match open after its first round"
    game.next_round()
    rng = random.Random(2)
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    record_round(store, game, SEATS, time.time() - 100)
    latest = store.history()[0]
    assert latest.round_no == 2
    assert tuple(s.points for s in latest.seats) == game.round_charges[-1]


def test_abandoned_round_is_not_counted_as_a_loss(store: Store) -> None:
    game = play_out("polish", 6, moves=12)
    assert not game.over
    game_id = record_round(store, game, SEATS, time.time() - 30, abandoned=True)
    assert game_id is not None
    ania = store.profile_stats("Ania")
    assert (ania.games, ania.wins, ania.abandoned) == (0, 0, 1)
    assert store.history()[0].abandoned
    assert store.leaderboard() == []  # abandoned rounds are not rated


def test_unfinished_round_is_kept_as_abandoned_even_if_not_said(store: Store) -> None:
    game = play_out("quick", 4, moves=6)
    record_round(store, game, SEATS, time.time() - 30)
    assert store.history()[0].abandoned
    places = sorted(s.place for s in store.history()[0].seats)
    assert places[0] == 1 and places[-1] <= 4


def test_recording_never_raises_into_the_game(store: Store) -> None:
    game = play_out("polish", 5)
    assert record_round(store, game, SEATS[:3], time.time()) is None
    assert store.problem and "3 players" in store.problem
    store.problem = None
    store.close()
    assert record_round(store, game, SEATS, time.time()) is None
    assert store.problem


def test_read_only_store_returns_none_and_keeps_its_problem(store: Store) -> None:
    store.read_only = True
    store.problem = "Macau cannot record games any more (disk full)."
    assert record_round(store, play_out("polish", 5), SEATS, time.time()) is None
    assert store.problem == "Macau cannot record games any more (disk full)."


def test_times_and_preset_names_read_like_the_ranking() -> None:
    assert format_duration(97.4) == "01:37"
    assert format_duration(3725) == "1:02:05"
    assert preset_title("tel_aviv") == "Tel Aviv"
    assert preset_title("romanian2") == "Romanian 2"
    assert preset_title(None) == "All presets"


def test_matches_given_up_with_none_played_out_read_as_such() -> None:
    from game.store import ProfileStats
    from game.ui.records import stat_tiles

    def matches(played: int, won: int, given_up: int, drawn: int = 0) -> tuple[str, str] | None:
        stats = ProfileStats(
            "You", None, 1, 1, 1.0, 1.0, None, 1, 1, 0, None, None, 0, 20, (), (),
            matches=played, matches_won=won, matches_abandoned=given_up, matches_drawn=drawn,
        )  # fmt: skip
        found = {t.label: (t.value, t.note) for t in stat_tiles(stats, None, 0)}
        return found.get("Matches won")

    assert matches(0, 0, 0) is None
    assert matches(0, 0, 1) == ("—", "1 match given up")  # not "0 of 0 · 1 more given up"
    assert matches(0, 0, 3) == ("—", "3 matches given up")
    assert matches(4, 1, 0) == ("1 of 4", "points matches played out")
    assert matches(4, 1, 2) == ("1 of 4", "2 more given up")
    # A drawn match (a tie at the lowest total) is not won: the note says so.
    assert matches(4, 1, 0, drawn=2) == ("1 of 4", "2 drawn")
    assert matches(4, 0, 2, drawn=1) == ("0 of 4", "1 drawn · 2 more given up")

"""Statistics of a seeded set of rounds, and renaming and merging profiles."""

from __future__ import annotations

import dataclasses

import pytest

from game.store import GameRecord, SeatResult, Store
from tests.store.conftest import T0, bot, game, human

# Anna: W L W W W (abandoned) L W — by preset and duration as below.
ANNA_ROUNDS = [
    game(1, "classic", human(0, "Anna", 1, biggest_stack=3), bot(1, "easy", 2), duration=400),
    game(2, "classic", human(0, "Anna", 2, biggest_stack=9), bot(1, "easy", 1), duration=100),
    game(
        3, "polish", human(0, "Anna", 1, points=30), bot(1, "hard", 2), duration=250, is_match=True
    ),
    game(
        4,
        "polish",
        human(0, "Anna", 1, points=10),
        bot(1, "hard", 3),
        human(2, "Bob", 2),
        duration=200,
        is_match=True,
    ),
    game(5, "classic", human(0, "Anna", 1), bot(1, "easy", 2), duration=500),
    game(
        6,
        "classic",
        human(0, "Anna", 2, biggest_stack=20),
        bot(1, "easy", 1),
        abandoned=True,
        duration=10,
    ),
    game(
        7,
        "polish",
        human(0, "Anna", 3, points=-5),
        bot(1, "hard", 1),
        human(2, "Bob", 2),
        duration=150,
        is_match=True,
    ),
    game(8, "classic", human(0, "Anna", 1), bot(1, "easy", 2), duration=350),
]


@pytest.fixture
def seeded(store: Store) -> Store:
    for rec in ANNA_ROUNDS:
        assert store.record_game(rec) is not None
    return store


def test_wins_win_rate_and_places(seeded: Store) -> None:
    stats = seeded.profile_stats("Anna")
    assert (stats.games, stats.wins, stats.abandoned) == (7, 5, 1)
    assert stats.win_rate == pytest.approx(5 / 7)
    assert stats.avg_place == pytest.approx((1 + 2 + 1 + 1 + 1 + 3 + 1) / 7)


def test_streaks(seeded: Store) -> None:
    stats = seeded.profile_stats("Anna")
    assert stats.longest_win_streak == 3  # rounds 3, 4, 5; the abandoned one does not break it
    assert stats.current_win_streak == 1


def test_fastest_win_gives_seconds_round_and_date(seeded: Store) -> None:
    fastest = seeded.profile_stats("Anna").fastest_win
    assert fastest is not None
    assert (fastest.duration_s, fastest.game_id, fastest.preset) == (200.0, 4, "polish")
    assert fastest.ended_at == T0 + 4000
    assert seeded.fastest_wins(limit=2, humans_only=True)[0] == fastest
    assert [w.game_id for w in seeded.fastest_wins(preset="classic")] == [2, 8, 1, 5]


def test_a_win_takes_the_time_to_the_winners_last_card_not_the_whole_round(
    store: Store,
) -> None:
    # Polish plays on for the lower places: Anna won round 1 in 30 s of its 300, and round 2
    # in 90 s of its 100. Round 3 was recorded before seats were timed: its 60 s stand.
    store.record_game(
        game(1, "polish", human(0, "Anna", 1, out_after_s=30.0), bot(1, "easy", 2), duration=300)
    )
    store.record_game(
        game(2, "polish", human(0, "Anna", 1, out_after_s=90.0), bot(1, "easy", 2), duration=100)
    )
    store.record_game(game(3, "polish", human(0, "Anna", 1), bot(1, "easy", 2), duration=60))
    fastest = store.profile_stats("Anna").fastest_win
    assert fastest is not None
    assert (fastest.game_id, fastest.time_s, fastest.duration_s) == (1, 30.0, 300.0)
    assert [(w.game_id, w.time_s) for w in store.fastest_wins()] == [
        (1, 30.0),
        (3, 60.0),
        (2, 90.0),
    ]
    # The history keeps each round's length and when each seat went out.
    timed = [(e.duration_s, *(s.out_after_s for s in e.seats)) for e in store.history()]
    assert timed == [(60.0, None, None), (100.0, 90.0, None), (300.0, 30.0, None)]


def test_a_first_place_shared_in_a_blocked_round_is_a_win_without_a_time(store: Store) -> None:
    # A blocked round: two medium bots share first place, as one win of their level, won on
    # the cards left: no seat laid its last card, so the win has no time to rank by.
    store.record_game(
        game(
            1,
            "classic",
            human(0, "Ola", 3),
            bot(1, "medium", 1),
            bot(2, "medium", 1),
            duration=90,
            blocked=True,
        )
    )
    store.record_game(game(2, "classic", human(0, "Ola", 1), bot(1, "medium", 2), duration=120))
    medium = store.profile_stats("Bot · medium")
    assert medium.wins == 1 and medium.fastest_win is None
    wins = [(w.game_id, w.profile) for w in store.fastest_wins()]
    assert wins == [(2, "Ola")]
    # A seat that went out before the round was blocked (or stopped) keeps its time.
    store.record_game(
        game(
            3,
            "polish",
            human(0, "Ola", 1, out_after_s=40.0),
            bot(1, "medium", 2),
            duration=200,
            blocked=True,
        )
    )
    assert [(w.game_id, w.time_s) for w in store.fastest_wins()] == [(3, 40.0), (2, 120.0)]


def test_a_time_out_is_kept_within_the_round(store: Store) -> None:
    store.record_game(game(1, "polish", human(0, "Anna", 1, out_after_s=-4.0), duration=50))
    store.record_game(game(2, "polish", human(0, "Anna", 1, out_after_s=900.0), duration=50))
    nan = float("nan")
    store.record_game(game(3, "polish", human(0, "Anna", 1, out_after_s=nan), duration=50))
    # Newest first: not a number, after the round ended, before the deal (a clock put back).
    assert [e.seats[0].out_after_s for e in store.history()] == [None, 50.0, None]


def test_biggest_stack_ignores_abandoned_rounds(seeded: Store) -> None:
    assert seeded.profile_stats("Anna").biggest_stack == 9


def test_favourite_preset_and_points_per_match_round(seeded: Store) -> None:
    stats = seeded.profile_stats("Anna")
    assert stats.favourite_preset == "classic"
    assert stats.points_per_round == pytest.approx((30 + 10 - 5) / 3)
    polish = seeded.profile_stats("Anna", preset="polish")
    assert (polish.games, polish.wins, polish.favourite_preset) == (3, 2, "polish")
    assert seeded.profile_stats("Anna", preset="classic").points_per_round is None


def test_series_of_win_rate_and_rating(seeded: Store) -> None:
    stats = seeded.profile_stats("Anna", window=3)
    rates = [round(p.win_rate, 4) for p in stats.win_rate_series]
    assert rates == [1.0, 0.5, 0.6667, 0.6667, 1.0, 0.6667, 0.6667]
    assert [p.game_id for p in stats.rating_series] == [1, 2, 3, 4, 5, 7, 8]
    thin = seeded.profile_stats("Anna", max_points=3)
    assert len(thin.rating_series) <= 3 and thin.rating_series[-1] == stats.rating_series[-1]
    # The latest three rounds, every one, each at its own rate: a chart of the latest
    # rounds cuts them out of this series, so none may be thinned away first.
    assert thin.win_rate_series == seeded.profile_stats("Anna").win_rate_series[-3:]
    assert [p.game_id for p in thin.win_rate_series] == [5, 7, 8]


def test_the_latest_rounds_keep_every_point_however_long_the_history(store: Store) -> None:
    # Won every round but each fifth: 1,100 rounds, more than the series holds.
    for n in range(1100):
        places = (2, 1) if n % 5 == 4 else (1, 2)
        store.record_game(game(n, "polish", human(0, "Anna", places[0]), bot(1, "easy", places[1])))
    series = store.profile_stats("Anna", window=5).win_rate_series
    assert len(series) == 1000
    assert [p.game_id for p in series[-50:]] == list(range(1051, 1101))
    assert {round(p.win_rate, 4) for p in series} == {0.8}  # each five rounds hold one loss


def test_a_bot_level_is_a_profile_with_statistics(seeded: Store) -> None:
    easy = seeded.profile_stats("Bot · easy")
    assert (easy.games, easy.wins) == (4, 1)


def test_rename_keeps_history_and_ratings(seeded: Store) -> None:
    before = seeded.profile_stats("Anna")
    renamed = seeded.rename_profile("anna", "Anna Maria")
    assert renamed.name == "Anna Maria"
    after = seeded.profile_stats("Anna Maria")
    assert (after.games, after.wins, after.rating_series) == (
        before.games,
        before.wins,
        before.rating_series,
    )
    # The old name is kept for the renamed player, out of the list: rounds recorded under it
    # (by a table another copy of the game still has) go to them.
    assert seeded.profile("Anna") == seeded.profile("Anna Maria")
    assert "Anna" not in [p.name for p in seeded.profiles()]
    with pytest.raises(ValueError, match="already exists"):
        seeded.rename_profile("Bob", "anna maria")
    with pytest.raises(ValueError, match="Bot"):
        seeded.rename_profile("Bot · easy", "Easy")


def test_merge_moves_results_and_replays_ratings_in_order(seeded: Store, home: object) -> None:
    seeded.record_game(game(9, "classic", human(0, "Ania", 1), bot(1, "hard", 2)))
    seeded.merge_profiles("Ania", "Anna")
    merged = seeded.profile_stats("Anna")
    assert (merged.games, merged.wins) == (8, 6)
    assert "Ania" not in [p.name for p in seeded.profiles()]
    # The same rounds recorded under one name from the start give the same ratings.
    fresh = Store.open(seeded.path.with_name("fresh.sqlite3") if seeded.path else None)
    for rec in ANNA_ROUNDS:
        fresh.record_game(rec)
    fresh.record_game(game(9, "classic", human(0, "Anna", 1), bot(1, "hard", 2)))
    for scope in ("overall", "classic", "polish"):
        assert seeded.leaderboard(scope) == fresh.leaderboard(scope)
    # Rounds recorded later under the old name land on the merged profile.
    seeded.record_game(game(10, "classic", human(0, "Ania", 1), bot(1, "hard", 2)))
    assert seeded.profile_stats("Anna").games == 9
    fresh.close()


def test_profiles_are_humans_then_the_four_bot_levels(store: Store) -> None:
    store.create_profile("Zoe")
    with pytest.raises(ValueError, match="already exists"):
        store.create_profile(" zoe ")
    with pytest.raises(ValueError, match="empty"):
        store.create_profile("   ")
    names = [p.name for p in store.profiles()]
    assert names == ["Zoe", "Bot · easy", "Bot · hard", "Bot · medium", "Bot · random"]


def test_players_are_listed_in_the_order_of_their_alphabets(store: Store) -> None:
    names = "Zofia Łucja adam Émile Ścibor Mateusz Ágnes Øystein Lucja Oscar Đorđe Dora Ivo"
    for name in [*names.split(), "Şerban", "Sebastian"]:
        store.create_profile(name)
    assert [p.name for p in store.profiles() if not p.is_bot] == [
        "adam", "Ágnes", "Dora", "Đorđe", "Émile", "Ivo", "Lucja", "Łucja", "Mateusz",
        "Oscar", "Øystein", "Ścibor", "Sebastian", "Şerban", "Zofia",
    ]  # fmt: skip


def test_equal_ratings_are_ranked_by_name_in_the_same_order(store: Store) -> None:
    # Each beats a newcomer once: the winners are rated alike, and so are the newcomers.
    for n, name in enumerate(("Zofia", "Łucja", "Ágnes")):
        newcomer = human(1, f"{'ZŁÁ'[n]}. newcomer", 2)
        assert store.record_game(game(n, "polish", human(0, name, 1), newcomer))
    board = store.leaderboard()
    assert [row.profile for row in board] == [
        "Ágnes", "Łucja", "Zofia", "Á. newcomer", "Ł. newcomer", "Z. newcomer"
    ]  # fmt: skip
    assert [row.rank for row in board] == [1, 1, 1, 4, 4, 4]  # a shared place, as at the table


def test_history_is_newest_first_and_filters_by_profile(seeded: Store) -> None:
    entries = seeded.history()
    assert [e.game_id for e in entries] == [8, 7, 6, 5, 4, 3, 2, 1]
    assert [e.game_id for e in seeded.history("Bob")] == [7, 4]
    assert [e.game_id for e in seeded.history(limit=2)] == [8, 7]
    assert entries[2].abandoned and not entries[2].seats[0].won


def test_a_bot_seat_keeps_a_tidy_table_name_and_people_none(store: Store) -> None:
    seats = (
        SeatResult(0, "Anna", False, None, 2, seat_name="ignored for people"),
        SeatResult(1, "", True, "medium", 1, seat_name="  Olek\x00  the\tsecond "),
        SeatResult(2, "", True, "medium", 3, seat_name="x" * 80),
        SeatResult(3, "", True, "easy", 4),
    )
    store.record_game(GameRecord("polish", "p", 1_800_000_000, 1_800_000_060, seats))
    entry = store.history()[0]
    assert [s.profile for s in entry.seats] == [
        "Anna",
        "Bot · medium",
        "Bot · medium",
        "Bot · easy",
    ]
    assert [s.seat_name for s in entry.seats] == ["", "Olek the second", "x" * 32, ""]
    # Both medium seats count for the one level profile, whatever they were called.
    assert store.profile_stats("Bot · medium").games == 1


def test_two_people_who_shared_a_table_cannot_be_merged(seeded: Store) -> None:
    seeded.record_game(game(9, "classic", human(0, "Ania", 1), human(1, "Anna", 2)))
    before = seeded.profile_stats("Anna").games
    with pytest.raises(ValueError, match="Ania and Anna played at the same table in 1 round"):
        seeded.merge_profiles("Ania", "Anna")
    assert seeded.profile_stats("Anna").games == before
    assert "Ania" in [p.name for p in seeded.profiles()]


def test_a_round_reported_twice_under_its_key_is_stored_once(store: Store) -> None:
    finished = dataclasses.replace(
        game(1, "classic", human(0, "Anna", 1), bot(1, "easy", 2)), round_key="r1"
    )
    first = store.record_game(finished)
    # Continued after a kill between recording and saving, the last move is played again.
    assert store.record_game(finished) == first
    # The same save left for a new game is reported as abandoned: still one round.
    assert store.record_game(dataclasses.replace(finished, abandoned=True)) == first
    [entry] = store.history()
    assert not entry.abandoned
    anna = store.profile_stats("Anna")
    assert (anna.games, anna.wins, anna.abandoned) == (1, 1, 0)
    assert [row.games for row in store.leaderboard() if row.profile == "Anna"] == [1]


def test_a_round_recorded_abandoned_then_finished_keeps_the_finished_result(store: Store) -> None:
    left = game(1, "classic", human(0, "Anna", 2), bot(1, "easy", 1), abandoned=True)
    store.record_game(dataclasses.replace(left, round_key="r1"))
    store.record_game(game(2, "classic", human(0, "Anna", 2), bot(1, "easy", 1)))  # no key
    finished = game(3, "classic", human(0, "Anna", 1), bot(1, "easy", 2))
    store.record_game(dataclasses.replace(finished, round_key="r1"))
    assert [e.abandoned for e in store.history()] == [False, False]
    anna = store.profile_stats("Anna")
    assert (anna.games, anna.wins, anna.abandoned) == (2, 1, 0)


def test_history_filters_by_preset_before_the_limit(seeded: Store) -> None:
    assert [e.game_id for e in seeded.history("Anna", preset="polish")] == [7, 4, 3]
    assert [e.game_id for e in seeded.history("Anna", limit=2, preset="classic")] == [8, 6]
    assert [e.game_id for e in seeded.history(preset="polish", limit=1)] == [7]


def test_letter_case_is_ignored_in_every_alphabet(store: Store) -> None:
    store.record_game(game(1, "classic", human(0, "łukasz", 1), bot(1, "easy", 2)))
    store.record_game(game(2, "classic", human(0, "Łukasz", 2), bot(1, "easy", 1)))
    store.record_game(game(3, "classic", human(0, " ÉMILE ", 2), bot(1, "easy", 1)))
    assert [p.name for p in store.profiles() if not p.is_bot] == ["ÉMILE", "łukasz"]
    assert store.profile_stats("ŁUKASZ").games == 2
    with pytest.raises(ValueError, match="A profile called 'łukasz' already exists"):
        store.create_profile("Łukasz")
    with pytest.raises(ValueError, match="already exists"):
        store.rename_profile("émile", "ŁUKASZ")
    assert store.rename_profile("łukasz", "Łukasz").name == "Łukasz"  # its own name, capitalised
    assert store.profile("émile") == store.profile("Émile")


def test_a_name_merged_away_goes_to_the_profile_it_was_merged_into(store: Store) -> None:
    store.record_game(game(1, "classic", human(0, "Zoë", 1), bot(1, "easy", 2)))
    store.record_game(game(2, "classic", human(0, "Zoe", 2), bot(1, "easy", 1)))
    store.record_game(game(3, "classic", human(0, "Ana", 1), bot(1, "easy", 2)))
    store.merge_profiles("Zoe", "Zoë")
    with pytest.raises(ValueError, match=r"Zoe is an earlier name of Zoë, .*only Zoë or a new"):
        store.rename_profile("Ana", "Zoe")
    renamed = store.rename_profile("Zoë", "Zoe")  # the typo was the name after all
    assert renamed.name == "Zoe"
    assert [p.name for p in store.profiles() if not p.is_bot] == ["Ana", "Zoe"]
    store.record_game(game(4, "classic", human(0, "zoe", 1), bot(1, "easy", 2)))
    zoe = store.profile_stats("Zoe")
    assert (zoe.games, zoe.wins) == (3, 2)
    assert store.profile("Zoë") == store.profile("Zoe")  # the old name is kept for them
    store.create_profile("Zoë")  # until a new player is given it
    assert store.profile_stats("Zoë").games == 0


def test_the_presets_played_are_listed_once_each(seeded: Store) -> None:
    assert seeded.presets() == ["classic", "polish"]

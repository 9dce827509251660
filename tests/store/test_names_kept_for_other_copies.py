"""Two copies of the game on one data folder: a player renamed or merged in one copy may
still sit, under the old name, at a table in the other, which cannot be told. The old name
is kept for the player, so that table's rounds and its match reach them; a round never
seats one profile twice; and a new player may still be given the old name on purpose."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from game.store import GameRecord, MatchRecord, SeatResult, Store
from tests.store.conftest import bot, game, human, match_record


@pytest.fixture
def copies(home: Path) -> Iterator[tuple[Store, Store]]:
    """The statistics of two copies of the game open at once on one data folder."""
    first, second = Store.open(), Store.open()
    assert first.path == second.path and first.problem is None and second.problem is None
    yield first, second
    first.close()
    second.close()


def _match(names: tuple[str, ...], totals: tuple[int, ...], rounds: int) -> MatchRecord:
    status = "finished" if max(totals) >= 100 else "playing"
    return match_record(names, totals, rounds, status, preset="classic", target=100)


def _round(n: int, seats: tuple[SeatResult, ...], match: MatchRecord) -> GameRecord:
    return replace(
        game(n, "classic", *seats, is_match=True), round_no=n, round_key=f"r{n}", match=match
    )


def _people(store: Store) -> list[str]:
    return [p.name for p in store.profiles() if not p.is_bot]


def _round_profiles(store: Store, name: str) -> list[list[str]]:
    """The people's profiles at each round ``name`` played, newest first."""
    return [[s.profile for s in e.seats if not s.is_bot] for e in store.history(name)]


def test_a_match_seating_a_player_renamed_in_another_copy_goes_on_in_the_renamed_profile(
    copies: tuple[Store, Store],
) -> None:
    playing, other = copies
    names = ("Ada", "Ben", "")
    seats = (human(0, "Ada", 1), human(1, "Ben", 2), bot(2, "easy", 3))
    playing.record_game(_round(1, seats, _match(names, (0, 30, 60), 1)))
    other.rename_profile("Ada", "Adela")
    # The first copy's table still seats "Ada": it plays the match out.
    seats = (human(0, "Ada", 2), human(1, "Ben", 1), bot(2, "easy", 3))
    playing.record_game(_round(2, seats, _match(names, (20, 30, 110), 2)))

    assert _people(playing) == _people(other) == ["Adela", "Ben"]
    adela = other.profile_stats("Adela")
    assert (adela.games, adela.wins, adela.matches, adela.matches_won) == (2, 1, 1, 1)
    [match] = other.matches()
    assert [s.profile for s in match.seats] == ["Adela", "Ben", "Bot · easy"]
    assert _round_profiles(other, "Adela") == [["Adela", "Ben"], ["Adela", "Ben"]]
    assert {row.profile: row.games for row in other.leaderboard()}["Adela"] == 2


def test_a_new_player_may_still_be_given_a_renamed_or_merged_players_old_name(
    store: Store,
) -> None:
    store.record_game(game(1, "classic", human(0, "Ada", 1), bot(1, "easy", 2)))
    store.rename_profile("Ada", "Adela")
    store.record_game(game(2, "classic", human(0, "Zoë", 1), bot(1, "easy", 2)))
    store.record_game(game(3, "classic", human(0, "Zoe", 2), bot(1, "easy", 1)))
    store.merge_profiles("Zoe", "Zoë")
    store.record_game(game(4, "classic", human(0, "Ben", 1), bot(1, "easy", 2)))
    # Another player taking the name would get someone else's rounds: refused, as before.
    with pytest.raises(ValueError, match=r"Ada is an earlier name of Adela, .*only Adela or a"):
        store.rename_profile("Ben", "ada")
    with pytest.raises(ValueError, match=r"Zoe is an earlier name of Zoë, .*only Zoë or a new"):
        store.rename_profile("Ben", "Zoe")

    # A new player of that name, made on purpose, takes it: alike for both kinds of name.
    assert store.create_profile("ada").name == "ada"
    assert store.create_profile("Zoe").name == "Zoe"
    store.record_game(game(5, "classic", human(0, "Ada", 1), human(1, "Adela", 2)))
    store.record_game(game(6, "classic", human(0, "ZOE", 2), human(1, "Zoë", 1)))
    assert _people(store) == ["ada", "Adela", "Ben", "Zoe", "Zoë"]
    assert [store.profile_stats(n).games for n in ("ada", "Adela", "Zoe", "Zoë")] == [1, 2, 1, 3]


def test_a_player_renamed_back_takes_the_old_name_and_keeps_the_new_one(store: Store) -> None:
    store.record_game(game(1, "classic", human(0, "Ada", 1), bot(1, "easy", 2)))
    store.rename_profile("Ada", "Adela")
    store.rename_profile("adela", "Ada")
    store.rename_profile("Ada", "ADA")  # letter case alone: no name is kept for it
    store.record_game(game(2, "classic", human(0, "Adela", 1), bot(1, "easy", 2)))
    assert _people(store) == ["ADA"]
    assert store.profile_stats("ada").games == 2
    assert [p.name for p in store.profiles(include_merged=True) if p.merged_into] == ["Adela"]


def test_two_players_merged_in_another_copy_while_seated_together_keep_two_profiles(
    copies: tuple[Store, Store],
) -> None:
    playing, other = copies
    playing.record_game(game(1, "classic", human(0, "Ada", 1), bot(1, "easy", 2)))
    playing.record_game(game(2, "classic", human(0, "Ben", 1), bot(1, "easy", 2)))
    other.merge_profiles("Ada", "Ben")  # the first copy's new table seats both meanwhile
    names = ("Ada", "Ben", "")
    seats = (human(0, "Ada", 2), human(1, "Ben", 3), bot(2, "medium", 1))
    playing.record_game(_round(3, seats, _match(names, (20, 30, 0), 1)))

    assert _people(other) == ["Ada", "Ben"]
    assert _round_profiles(other, "Ben")[0] == ["Ada", "Ben"]  # not Ben in two seats
    assert [other.profile_stats(n).games for n in ("Ada", "Ben")] == [1, 3]
    games = {row.profile: row.games for row in other.leaderboard()}
    assert (games["Ada"], games["Ben"]) == (1, 3)
    [match] = other.matches()
    assert [s.profile for s in match.seats] == ["Ada", "Ben", "Bot · easy"]
    # Later rounds at that table go on in the two profiles, and the two stay two players.
    seats = (human(0, "Ada", 1), human(1, "Ben", 2), bot(2, "medium", 3))
    playing.record_game(_round(4, seats, _match(names, (20, 60, 110), 2)))
    assert [other.profile_stats(n).games for n in ("Ada", "Ben")] == [2, 4]
    assert other.profile_stats("Ada").matches_won == 1
    with pytest.raises(ValueError, match="they are two players"):
        other.merge_profiles("Ada", "Ben")


def test_a_player_renamed_to_the_name_of_a_newcomer_at_another_copys_table_is_not_joined_to_them(
    copies: tuple[Store, Store],
) -> None:
    playing, other = copies
    playing.record_game(game(1, "classic", human(0, "Ada", 1), bot(1, "easy", 2)))
    other.rename_profile("Ada", "Cleo")  # no profile is called so yet: the store allows it
    playing.record_game(game(2, "classic", human(0, "Ada", 1), human(1, "Cleo", 2)))
    # Two seats, two profiles (in the order they went out): the seat under the profile's own
    # name keeps it, and the one seated as "Ada" is recorded under a profile of that name.
    assert _round_profiles(other, "Cleo")[0] == ["Ada", "Cleo"]
    assert [other.profile_stats(n).games for n in ("Ada", "Cleo")] == [1, 2]


def test_two_names_merged_into_a_third_player_who_is_not_seated_are_kept_apart(
    store: Store,
) -> None:
    for n, name in enumerate(("Ada", "Ben", "Cleo"), 1):
        store.record_game(game(n, "classic", human(0, name, 1), bot(1, "easy", 2)))
    store.merge_profiles("Ada", "Ben")
    store.merge_profiles("Cleo", "Ben")
    store.record_game(game(4, "classic", human(0, "Cleo", 1), human(1, "Ada", 2)))
    assert _round_profiles(store, "Ben")[0] == ["Ben", "Ada"]  # the first seat keeps Ben
    assert _people(store) == ["Ada", "Ben"]

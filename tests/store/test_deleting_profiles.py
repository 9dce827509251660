"""A profile made by mistake, or for a guest who never played, can be deleted; one with
recorded rounds or matches stays, since the other players' records and ratings count them."""

from __future__ import annotations

import pytest

from game.store import Store
from tests.store.conftest import bot, game, human, match_record


def test_a_profile_that_never_played_is_deleted_with_its_earlier_names(store: Store) -> None:
    store.create_profile("Anan")
    store.rename_profile("Anan", "Anna")  # the typo is kept as an earlier name of Anna
    assert store.profile("Anan") is not None
    deleted = store.delete_profile("anna")
    assert deleted.name == "Anna"
    assert store.profile("Anna") is None and store.profile("Anan") is None
    assert "Anna" not in [p.name for p in store.profiles(include_merged=True)]
    # Both names are free again.
    store.create_profile("Anan")
    assert store.profile("Anan") is not None


def test_a_profile_with_rounds_stays_and_says_what_to_do_instead(store: Store) -> None:
    store.record_game(game(1, "polish", human(0, "Ada", 1), bot(1, "easy", 2)))
    store.record_game(game(2, "polish", human(0, "Ada", 2), bot(1, "easy", 1)))
    with pytest.raises(ValueError, match=r"Ada played 2 rounds, .* rename it, or merge it"):
        store.delete_profile("Ada")
    assert store.profile("Ada") is not None
    assert len(store.history("Ada")) == 2


def test_rounds_recorded_under_an_earlier_name_keep_the_profile(store: Store) -> None:
    store.record_game(game(1, "polish", human(0, "Ada", 1), bot(1, "easy", 2)))
    store.create_profile("Adela")
    store.merge_profiles("Ada", "Adela")
    with pytest.raises(ValueError, match="Adela played 1 round,"):
        store.delete_profile("Adela")


def test_a_player_of_a_match_with_no_round_recorded_yet_stays(store: Store) -> None:
    store.record_match(
        match_record(("Ada", ""), (0, 0), 1, "playing", preset="tel_aviv", target=500)
    )
    with pytest.raises(ValueError, match="Ada played a match,"):
        store.delete_profile("Ada")


def test_bots_and_unknown_names_are_refused(store: Store) -> None:
    with pytest.raises(ValueError, match="Bot profiles cannot be deleted"):
        store.delete_profile("Bot · hard")
    with pytest.raises(ValueError, match="There is no profile called 'Nobody'"):
        store.delete_profile("Nobody")


def test_a_merged_name_goes_with_the_profile_it_was_merged_into(store: Store) -> None:
    # Ann renamed Bea (Ann kept as her earlier name), Bea merged into Cy, then Cy deleted:
    # every name of the three goes with Cy and may be made afresh.
    store.create_profile("Ann")
    store.rename_profile("Ann", "Bea")
    store.create_profile("Cy")
    store.merge_profiles("Bea", "Cy")
    assert store.delete_profile("Cy").name == "Cy"
    assert [p.name for p in store.profiles(include_merged=True) if p.kind != "bot"] == []
    assert store.create_profile("Ann").name == "Ann"

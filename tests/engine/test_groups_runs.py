"""RULES.md §3.7: several cards in one turn — groups by rank or suit, runs, and five again."""

from __future__ import annotations

import pytest

from game.engine import FiveAgain, Phase, RankRequested, SuitNamed

from .conftest import ALL_PRESETS, legal, one, play, pos, refused

RANK_GROUPS = ["polish", "quick", "classic", "romanian", "romanian2"]
STOCK = "5S 6S 5D 4S 4D"


@pytest.mark.parametrize("preset", RANK_GROUPS)
def test_groups_rank_lays_several_cards_of_one_rank(preset: str) -> None:
    g = pos(preset, ["8H 8C 8D 9D", "9S 6C"], "8S", STOCK)
    assert g.is_legal("8H 8C 8D")
    refused(g, "9D 8H", "suit")


@pytest.mark.parametrize("preset", RANK_GROUPS)
def test_groups_rank_refuses_a_group_of_one_suit(preset: str) -> None:
    g = pos(preset, ["8H 9H 10H 6C", "9D 6D"], "8S", STOCK)
    refused(g, "8H 9H", "one rank")
    refused(g, "8H 10H", "one rank")


def test_hungarian_groups_rank_or_suit_lays_several_of_one_suit() -> None:
    g = pos("hungarian", ["8H 10H 5H 6C", "9D 6D"], "8S", STOCK.replace("5C", "7C"))
    assert g.is_legal("8H 5H 10H")
    play(g, "8H 5H 10H")
    assert str(g.top) == "10H" and g.suit_in_force == "H"


def test_hungarian_groups_rank_or_suit_also_lays_one_rank() -> None:
    g = pos("hungarian", ["8H 8C 8D 9S", "9D 6C"], "8S", STOCK)
    assert g.is_legal("8C 8H 8D")


def test_tel_aviv_groups_none_lays_one_card_a_turn() -> None:
    g = pos("tel_aviv", ["8H 8C 9S", "9D 6C"], "8S", STOCK)
    refused(g, "8H 8C", "one card")
    assert all(" " not in a for a in legal(g))


@pytest.mark.parametrize("preset", ["polish", "quick", "hungarian"])
def test_group_of_jacks_only_the_last_ones_request_counts(preset: str) -> None:
    g = pos(preset, ["JH JD 9D 6C", "9S 6D", "10D"], "8H", STOCK)
    events = play(g, "JH JD/9")
    assert one(events, RankRequested).rank == "9"
    assert g.request == {"kind": "rank", "rank": "9", "owner": 0}
    with pytest.raises(ValueError, match="last card"):
        g.apply("JH/9 JD")


@pytest.mark.parametrize("preset", ["polish", "quick", "classic", "romanian2"])
def test_group_of_aces_only_the_last_ones_naming_counts(preset: str) -> None:
    g = pos(preset, ["AH AD 9D 6C", "9S 6D", "10D"], "8H", STOCK)
    events = play(g, "AH AD/C")
    assert one(events, SuitNamed).suit == "C"
    assert g.suit_in_force == "C"


# ----- runs (hungarian) --------------------------------------------------------------------
def test_run_of_consecutive_ranks_of_one_suit() -> None:
    g = pos("hungarian", ["5H 6H 7H 10C", "9D 6C"], "8H", STOCK)
    assert g.is_legal("5H 6H 7H")
    assert g.is_legal("7H 6H 5H")  # descending too
    play(g, "5H 6H 7H")
    assert str(g.top) == "7H" and g.current == 1


def test_legal_list_order_depends_on_the_cards_held_not_their_order_in_hand() -> None:
    # Bots pick from the list with a seeded generator, so its order must not depend on how
    # the hand was picked up (each game lists afresh: its caches are its own).
    lists = []
    for hand in ("RJ 5H 6H 7H 7C 8C AS", "AS 8C RJ 7C 7H 6H 5H"):
        g = pos("hungarian", [hand, "9D 6C"], "8H", STOCK)
        lists.append([str(a) for a in g.legal_actions()])
    assert lists[0] == lists[1] and len(lists[0]) > 100


def test_run_may_turn_suit_through_two_cards_of_one_rank() -> None:
    g = pos("hungarian", ["5H 6H 7H 7C 8C 10D", "9D 6C"], "8H", STOCK)
    assert g.is_legal("5H 6H 7H 7C 8C")
    play(g, "5H 6H 7H 7C 8C")
    assert g.suit_in_force == "C" and g.hand_counts[0] == 1


def test_run_does_not_wrap_from_ace_to_two() -> None:
    g = pos("hungarian", ["KH AH AC 2C 10D 9S", "9D 6C"], "8H", STOCK)
    assert g.is_legal("KH AH AC/D")
    refused(g, "KH AH AC 2C", "run")


def test_run_turns_suit_only_through_two_cards_of_one_rank() -> None:
    g = pos("hungarian", ["5H 6H 6C 8C 10D", "9D 6D"], "8H", STOCK)
    refused(g, "5H 6H 6C 8C", "run")
    refused(g, "5H 6H 8C", "run")


def test_only_the_last_card_of_a_run_acts() -> None:
    g = pos("hungarian", ["4H 3H 2H 10C", "9D 6C", "10D"], "8H", STOCK)
    play(g, "4H 3H 2H")
    assert g.penalty == 2 and g.skips == 0 and g.current == 1


def test_run_ending_on_a_four_skips_only_once() -> None:
    g = pos("hungarian", ["6H 5H 4H 10C", "9D 6C", "10D"], "8H", STOCK)
    play(g, "6H 5H 4H")
    assert g.skips == 1 and g.penalty == 0


@pytest.mark.parametrize("preset", [p for p in ALL_PRESETS if p != "hungarian"])
def test_no_runs_outside_hungarian(preset: str) -> None:
    g = pos(preset, ["5H 6H 7H 10C", "9D 6C"], "8H", STOCK)
    refused(g, "5H 6H 7H")


def test_run_is_no_answer_to_an_attack() -> None:
    g = pos("hungarian", ["2H 9C 10C", "2C 3C 4C 6D", "10D"], "8H", STOCK)
    play(g, "2H")
    refused(g, "2C 3C 4C", "attack")


# ----- five again (tel_aviv) -----------------------------------------------------------
def test_tel_aviv_five_makes_the_same_seat_lay_again_or_draw() -> None:
    g = pos("tel_aviv", ["5H 9H 5C 10S", "9D 6C"], "8H", STOCK.replace("5C", "8C"))
    events = play(g, "5H")
    assert one(events, FiveAgain).seat == 0
    assert g.current == 0 and g.phase is Phase.FIVE_AGAIN
    assert legal(g) == {"9H", "5C", "draw"}
    refused(g, "pass", "five")
    play(g, "9H")
    assert g.current == 1 and g.phase is Phase.PLAY


def test_tel_aviv_five_again_continues_after_another_five() -> None:
    g = pos("tel_aviv", ["5H 5C 9C 10S", "9D 6C"], "8H", STOCK.replace("5C", "8C"))
    play(g, "5H")
    play(g, "5C")
    assert g.current == 0 and g.phase is Phase.FIVE_AGAIN
    play(g, "9C")
    assert g.current == 1


def test_tel_aviv_five_again_may_draw_instead() -> None:
    g = pos("tel_aviv", ["5H 10S 9C", "9D 6C"], "8H", "6S 8C")
    play(g, "5H")
    play(g, "draw")
    assert g.current == 1 and g.hand_counts[0] == 3


@pytest.mark.parametrize("preset", [p for p in ALL_PRESETS if p != "tel_aviv"])
def test_five_is_plain_without_five_again(preset: str) -> None:
    g = pos(preset, ["5H 9H 10S", "9D 6C"], "8H", STOCK.replace("5C", "8C"))
    play(g, "5H")
    assert g.current == 1 and g.phase is Phase.PLAY


def test_on_an_attack_a_suit_group_of_attack_cards_counts_every_card() -> None:
    # 2♠ 3♠ would be a run on an ordinary turn; on a waiting attack runs are not laid, so it is
    # a group of one suit, and every attack card of a group counts (RULES §3.7).
    g = pos("hungarian", ["2H 9C 7D", "2S 3S 9S", "7S 6D 5D"], "5H", "10C 10S 10D KD 8H 8D 8C")
    play(g, "2H")
    play(g, "2S 3S")
    assert g.penalty == 2 + 2 + 3 and g.current == 2


def test_under_a_suit_request_a_suit_group_of_attack_cards_counts_every_card() -> None:
    g = pos("hungarian", ["AC 9H 7D", "2H 3H 9S", "7S 6D 5D"], "5C", "10C 10S 10D KD 8C 8D 4C")
    play(g, "AC/H")
    play(g, "2H 3H")
    assert g.penalty == 5 and g.current == 2


def test_on_an_ordinary_turn_the_same_cards_are_a_run_and_only_the_last_acts() -> None:
    g = pos("hungarian", ["2H 3H 9S", "7C 9C 7D", "7S 6D 5D"], "5H", "10C 10S 10D KD 8H 8D 8C")
    play(g, "2H 3H")
    assert g.penalty == 3


def test_a_refusal_on_an_attack_does_not_offer_runs() -> None:
    g = pos("hungarian", ["2H 9C 7D", "2S 3C 9S", "7S 6D 5D"], "5H", "10C 10S 10D KD 8H 8D 8C")
    play(g, "2H")
    reason = refused(g, "2S 3C")
    assert "run" not in reason

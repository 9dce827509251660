"""RULES.md §3.9 and §4: going out on a power card, heads-up finishes, first_out and places."""

from __future__ import annotations

import pytest

from game.engine import PRESETS, Phase, RoundOver, SeatOut, StackLapsed

from .conftest import ALL_PRESETS, legal, one, play, plays, pos, refused

FIRST_OUT = ["quick", "classic", "romanian", "romanian2", "tel_aviv"]
PLACES = ["polish", "hungarian"]
STOCK = "5S 6S 5D 4S 4D 10S 10H"


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_a_seat_may_go_out_on_a_power_card(preset: str) -> None:
    g = pos(preset, ["2H", "9D 6C", "10D 6D"], "8H", STOCK)
    assert g.is_legal("2H")
    events = play(g, "2H")
    assert one(events, SeatOut).seat == 0


def test_polish_power_after_out_false_spares_the_next_seat() -> None:
    g = pos("polish", ["2H", "9D 6C", "10D 6D"], "8H", STOCK)
    play(g, "2H")
    assert not g.over
    assert g.current == 1 and g.penalty == 0 and g.phase is Phase.PLAY


def test_polish_last_card_answering_a_stack_lets_it_lapse() -> None:
    # 2H is aimed at seat 1, who answers with its last card: that 2 has no power, and the
    # stack it answered is aimed at nobody now, so seat 2 owes nothing.
    g = pos("polish", ["2H 9C", "2C", "10D 6D", "10C 6C"], "8H", STOCK)
    play(g, "2H!")
    events = play(g, "2C")
    lapsed = one(events, StackLapsed)
    assert (lapsed.seat, lapsed.card.code, lapsed.total, lapsed.skips) == (1, "2C", 2, 0)
    assert g.current == 2 and g.penalty == 0 and g.phase is Phase.PLAY
    assert legal(g) == {"draw"}  # 2C on top, plain now: seat 2 has no club and no 2


def test_polish_a_king_of_spades_never_comes_back_to_its_player() -> None:
    # Seat 0's K♠ sends 5 back to seat 3, who goes out on a 2: play resumes after seat 0.
    g = pos("polish", ["KS 9C", "10D 6D", "10C 6C", "2S"], "8S", STOCK)
    play(g, "KS!")
    assert g.current == 3 and g.penalty == 5
    events = play(g, "2S")
    assert one(events, StackLapsed).total == 5
    assert g.current == 1 and g.penalty == 0 and g.phase is Phase.PLAY


def test_polish_a_last_king_of_spades_on_a_stack_sends_nothing_anywhere() -> None:
    g = pos("polish", ["KH 9C", "KS", "10D 6D", "10C 6C"], "8H", STOCK)
    play(g, "KH!")
    play(g, "KS")
    assert g.current == 2 and g.penalty == 0 and g.phase is Phase.PLAY


def test_polish_last_four_on_missed_turns_lets_them_lapse() -> None:
    g = pos("polish", ["4H 9C", "4C", "10D 6D", "10C 6C"], "8H", STOCK)
    play(g, "4H!")
    events = play(g, "4C")
    assert one(events, StackLapsed).skips == 1
    assert g.current == 2 and g.skips == 0 and g.phase is Phase.PLAY


def test_hungarian_last_card_on_a_stack_passes_it_on_grown() -> None:
    # power_after_out: the last card acts, so the stack grows and moves on as usual
    g = pos("hungarian", ["2H 9C 7C", "2C", "10D 6D", "10C 6C"], "8H", STOCK)
    play(g, "2H")
    events = play(g, "2C")
    assert not any(isinstance(e, StackLapsed) for e in events)
    assert g.current == 2 and g.penalty == 4 and g.phase is Phase.ATTACK


def test_polish_ace_laid_last_names_nothing() -> None:
    g = pos("polish", ["AH", "9D 6C", "10D 6D"], "8H", STOCK)
    assert legal(g) == {"AH", "draw"}
    refused(g, "AH/S", "names nothing")
    play(g, "AH")
    assert g.request is None and g.phase is Phase.PLAY and g.suit_in_force == "H"


def test_hungarian_power_after_out_true_hits_the_next_seat() -> None:
    g = pos("hungarian", ["2H", "9D 6C", "10D 6D"], "8H", STOCK)
    play(g, "2H")
    assert not g.over
    assert g.current == 1 and g.penalty == 2 and g.phase is Phase.ATTACK


def test_hungarian_ace_laid_last_still_names_a_suit() -> None:
    g = pos("hungarian", ["AH", "9D 6C", "10D 6D"], "8H", STOCK)
    assert g.is_legal("AH/*")  # holds no suit any more: free suit
    refused(g, "AH", "must name")


def test_power_after_out_applies_only_while_the_round_goes_on() -> None:
    # two seats: the round ends when seat 0 goes out, so the 2 hits nobody
    g = pos("hungarian", ["AH", "9D 6C"], "8H", STOCK)
    assert legal(g) == {"AH", "draw"}


@pytest.mark.parametrize("preset", FIRST_OUT)
def test_first_out_ends_the_round_at_once(preset: str) -> None:
    g = pos(preset, ["2H", "9D 6C", "10D"], "8H", STOCK)
    events = play(g, "2H")
    over = one(events, RoundOver)
    assert g.over and g.penalty == 0
    assert over.placings[0] == 0 and g.places[0] == 1
    assert g.legal_actions() == []


@pytest.mark.parametrize("preset", FIRST_OUT)
def test_first_out_places_the_others_by_fewest_cards_or_points(preset: str) -> None:
    g = pos(preset, ["8H", "9D 6C", "KD", "5C 6D 9S"], "8S", STOCK)
    play(g, "8H")
    if PRESETS[preset].scoring == "points":
        # points: 9D 6C = 10, KD = 10, 5C 6D 9S = 15
        assert g.places == (1, 2, 2, 4)
    else:
        assert g.places == (1, 3, 2, 4)
    assert g.placings[0] == 0 and g.placings[-1] == 3


@pytest.mark.parametrize("preset", PLACES)
def test_places_play_on_until_one_seat_holds_cards(preset: str) -> None:
    g = pos(preset, ["8H", "9D 6C", "9H 6D"], "8S", STOCK)
    events = play(g, "8H")
    assert one(events, SeatOut).place == 1
    assert not g.over and g.current == 1
    plays(g, "draw", "9H")  # seat 1 draws 5S; seat 2 lays 9H
    assert not g.over
    play(g, "9D")
    events = play(g, "6D")
    assert one(events, SeatOut).seat == 2
    over = one(events, RoundOver)
    assert over.placings == (0, 2, 1)
    assert g.places == (1, 3, 2)
    assert g.over and g.phase is Phase.ROUND_OVER


@pytest.mark.parametrize("preset", PLACES)
def test_seat_that_is_out_is_passed_over_by_requests(preset: str) -> None:
    g = pos(preset, ["JH 9H 9S", "9D 8D", "", "6H 8C"], "8H", STOCK)
    play(g, "JH/9")
    assert g.current == 1 and g.phase is Phase.RANK_REQUEST
    play(g, "9D")
    assert g.current == 3


def test_hungarian_heads_up_last_card_cannot_be_a_two_or_three_alone() -> None:
    g = pos("hungarian", ["2H", "9D 6C"], "8H", STOCK)
    refused(g, "2H", "heads-up")
    assert legal(g) == {"draw"}
    g = pos("hungarian", ["3H", "9D 6C"], "8H", STOCK)
    refused(g, "3H", "heads-up")


def test_hungarian_heads_up_may_finish_on_several_twos() -> None:
    g = pos("hungarian", ["2H 2C", "9D 6C"], "8H", STOCK)
    assert g.is_legal("2H 2C")
    play(g, "2H 2C")
    assert g.over


def test_hungarian_heads_up_joker_standing_for_a_two_counts_as_a_two() -> None:
    g = pos("hungarian", ["RJ", "9D 6C"], "8H", STOCK)
    refused(g, "RJ=2H", "heads-up")
    assert g.is_legal("RJ=9H")


def test_hungarian_heads_up_rule_counts_seats_at_the_table() -> None:
    g = pos("hungarian", ["2H", "9D 6C", "10D"], "8H", STOCK)
    assert g.is_legal("2H")


@pytest.mark.parametrize("preset", [p for p in ALL_PRESETS if p != "hungarian"])
def test_other_presets_may_finish_heads_up_on_a_two(preset: str) -> None:
    g = pos(preset, ["2H", "9D 6C"], "8H", STOCK)
    assert g.is_legal("2H")


def test_going_out_on_an_attack_never_aims_it_at_the_seat_that_went_out() -> None:
    # Hungarian (power_after_out): seat 0 goes out on 2H while both other seats wait out
    # missed turns. Nobody is there to take the 2: it lapses, and seat 0 stays out.
    g = pos(
        "hungarian",
        ["4S RJ 2H", "4H 4C 4D 9C 8C", "9D 8D 10D"],
        "5H",
        "5S 6S 8S 9S 10S 6C 8H 9H",
        current=1,
    )
    for action in ["4H 4C 4D", "pass", "4S RJ=4H", "pass"]:
        play(g, action)
    assert g.current == 0 and g.missed[1] > 0 and g.missed[2] > 0
    events = play(g, "2H")
    lapsed = one(events, StackLapsed)
    assert (lapsed.seat, lapsed.total, lapsed.reason) == (0, 2, "nobody")
    assert g.hand_counts[0] == 0 and g.placings == [0]
    assert g.current != 0 and g.penalty == 0 and g.phase is not Phase.ATTACK


def test_an_attack_with_every_other_seat_waiting_is_aimed_at_nobody() -> None:
    # Heads-up: seat 1 waits out two missed turns, so seat 0 plays again; its 2 has nobody
    # to hit (it never comes back at its own player) and seat 0 moves on.
    g = pos("polish", ["4H 4C 8C 9C 2C", "9D 8D 10D"], "5H", "5S 6S 8S 9S 10S")
    play(g, "4H 4C")
    play(g, "pass")
    assert g.current == 0
    events = play(g, "2C")
    assert one(events, StackLapsed).reason == "nobody"
    assert g.penalty == 0 and g.current == 0 and g.phase is Phase.PLAY
    assert g.missed[1] == 0  # the turn passed seat 1 once more: its last missed turn

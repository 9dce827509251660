"""The statistics a round keeps for each seat: cards drawn as penalties, the biggest stack
taken, turns missed and Macau calls forgotten (what the history screen and the export show)."""

from __future__ import annotations

import pytest

from game.engine import Stop

from .conftest import play, plays, pos

NOTHING = {"penalty_cards": 0, "biggest_stack": 0, "turns_missed": 0, "macau_forgotten": 0}


def test_a_penalty_taken_in_full_counts_its_cards_and_its_stack() -> None:
    g = pos("polish", ["2H 9C 10C", "6D 7D 8D", "9D 10D"], "8H", "5S 6S 5D 6H")
    plays(g, "2H", "draw")  # seat 1 takes the 2
    assert g.tally(1) == {**NOTHING, "penalty_cards": 2, "biggest_stack": 2}
    assert g.tally(0) == NOTHING


def test_penalty_cards_count_the_cards_drawn_not_the_penalty_owed() -> None:
    # RULES §2.6: when the pack cannot pay, the seat takes what there is and the rest is
    # forgiven. Seat 1 owes 6; the stock holds one card and the pile two under its top.
    g = pos("polish", ["3H 3D 5C 6C", "9S 9D", "8C 8D"], "4H", "KC")
    plays(g, "3H 3D", "draw")
    assert len(g.hand(1)) == 5
    assert g.tally(1) == {**NOTHING, "penalty_cards": 3, "biggest_stack": 6}


@pytest.mark.parametrize("catcher", [0, 2], ids=["off_turn", "on_turn"])
def test_the_cards_of_a_macau_catch_are_penalty_cards(catcher: int) -> None:
    # Seat 1 lays its last-but-one card without calling; seat 0 (off turn) or seat 2 (on its
    # turn) catches it, and it draws five.
    g = pos("polish", ["5H 6S 7D 9D", "8H 9C", "5C 6C 7C"], "8S", "KD QD JD 10C 2C 3C", current=1)
    play(g, "8H")
    play(g, Stop(1), seat=catcher)
    assert len(g.hand(1)) == 6
    assert g.tally(1) == {**NOTHING, "penalty_cards": 5, "macau_forgotten": 1}
    assert g.tally(catcher) == NOTHING


def test_accepting_missed_turns_counts_every_turn_missed() -> None:
    g = pos("polish", ["4H 4S 9C 10C", "5D 6D 7D", "5C 6C 7C"], "4D", "2D 3D 8D 9D")
    plays(g, "4H 4S", "pass")  # seat 1 accepts two missed turns
    assert g.tally(1) == {**NOTHING, "turns_missed": 2}
    assert g.tally(0) == NOTHING

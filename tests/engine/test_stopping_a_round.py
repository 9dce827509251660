"""``Game.stop_round``: a round that would not end is stopped and scored as blocked."""

from __future__ import annotations

import pytest

from game.engine import PRESETS, Game, IllegalMove, RoundOver
from game.engine.invariants import check_invariants

from .conftest import pos


def test_a_stopped_round_places_the_seats_left_by_their_cards() -> None:
    g = pos("polish", ["9C 9D", "8H", "7S 7C 7D", "5S 5C"], pile="10H", stock="2C 3C 4C")
    [over] = g.stop_round()
    assert isinstance(over, RoundOver) and over.blocked
    assert g.over and g.blocked and not g.match_over
    assert g.places == (2, 1, 4, 2)  # one card first, two cards share second
    assert g.legal_actions() == []


def test_a_stopped_round_of_a_points_match_charges_every_seat_left() -> None:
    g = pos("classic", ["9C 9D", "KH", "AS"], pile="10H", stock="2C 3C 4C")
    [over] = g.stop_round()
    assert isinstance(over, RoundOver)
    assert over.charges == (10, 150, 50) and g.scores == [10, 150, 50]
    assert g.places == (1, 3, 2)  # the fewest points first
    g.next_round()  # and the match goes on
    assert not g.over and g.round_no == 2


def test_seats_already_out_keep_their_places() -> None:
    g = pos("polish", ["7H", "9C 9D", "5S 5C 5D"], pile="10H", stock="2C 3C 4C")
    g.apply("7H")  # seat 0 goes out first
    g.stop_round()
    assert g.places == (1, 2, 3)


def test_a_stopped_round_is_saved_and_read_back_as_it_ended() -> None:
    g = Game.new(PRESETS["hungarian"], seats=4, seed=3)
    for _ in range(9):
        g.apply(g.legal_actions()[0])
    g.stop_round()
    check_invariants(g)
    back = Game.from_dict(g.to_dict())
    assert back.over and back.blocked and back.places == g.places
    assert back.events() == g.events() and isinstance(g.events()[-1], RoundOver)


def test_only_a_round_in_play_can_be_stopped() -> None:
    g = pos("polish", ["9C", "8H 8C"], pile="10H", stock="2C 3C 4C")
    g.stop_round()
    with pytest.raises(IllegalMove, match="the round is over"):
        g.stop_round()

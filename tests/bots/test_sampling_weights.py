"""What the hard bot's sampler reads from the public history (docs/bots.md, "Hard (ISMCTS)"):
each check builds a small position, plays a few moves and reads ``infer_weights``."""

from __future__ import annotations

import pytest

from game.bots.sampling import infer_weights
from game.engine import PRESETS, Game, parse_action
from game.engine.cards import Card


def _w(g: Game, seat: int, code: str, viewer: int = 0) -> float:
    return infer_weights(g.view(viewer))[seat].get(Card.parse(code), 1.0)


def _play(g: Game, *moves: str) -> Game:
    for m in moves:
        g.apply(parse_action(m))
    return g


def test_accepting_missed_turns_reads_the_skip_cards_as_missing() -> None:
    g = Game.from_position(
        PRESETS["polish"], ["4H 9C 9D", "5C 6S 7D"], "8H", "KD QD JD 10C 10D 4S 4C 5H 6H"
    )
    _play(g, "4H", "pass")  # seat 1 waits out a turn rather than lay a 4
    assert _w(g, 1, "4S") < 0.5
    assert _w(g, 1, "10C") == 1.0 and _w(g, 1, "KS") == 1.0


def test_a_plain_draw_makes_fitting_cards_about_seven_times_less_likely() -> None:
    # "the cards that would have fitted when it drew on an ordinary turn become about 7x less
    # likely", against 4x for a request or an attack left unanswered.
    g = Game.from_position(
        PRESETS["polish"], ["8C 5D 6D", "9H 9S 10D"], "3C", "KD QD JD 10C 10H 4S 4C 5H 6H"
    )
    _play(g, "8C", "draw")
    factor = 1.0 / _w(g, 1, "10C")
    assert 6.0 <= factor <= 8.0
    assert _w(g, 1, "10H") == 1.0  # would not have fitted


def test_a_named_suit_is_read_as_held_by_the_seat_that_named_it() -> None:
    g = Game.from_position(
        PRESETS["polish"], ["8H 9C 9D", "AH 6S 7D 5C"], "3H", "KD QD JD 10C 10D 4S 4C 5H 6H"
    )
    _play(g, "8H", "AH/S")
    assert _w(g, 1, "9S") == pytest.approx(2.0)
    assert _w(g, 1, "10C") == 1.0 and _w(g, 1, "2D") == 1.0


def test_a_requested_rank_is_read_as_held_by_the_seat_that_asked() -> None:
    g = Game.from_position(
        PRESETS["polish"], ["8H 9C 9D", "JH 6S 7D 5C"], "3H", "KD QD JD 10C 10D 4S 4C 5H 6H"
    )
    _play(g, "8H", "JH/7")
    assert _w(g, 1, "7C") == pytest.approx(2.0)
    assert _w(g, 1, "8D") == 1.0


def test_a_wild_card_laid_after_a_suit_request_ended_still_reads_as_reluctant() -> None:
    # The request is over once answered: a queen laid on an ordinary turn after it says
    # the seat had no plain card that fitted.
    g = Game.from_position(
        PRESETS["polish"],
        ["AH 5S 9D 9C", "5D QC 7D 8D 3C"],
        "3H",
        "KD QD JD 10C 10D 4S 4C 5C 6D 2C",
    )
    _play(g, "AH/D", "5D", "5S", "QC")
    assert _w(g, 1, "10S") < 0.5
    assert _w(g, 1, "10H") == 1.0


def test_a_draw_against_any_suit_but_one_does_not_read_that_suit_as_missing() -> None:
    # An ace that must name another suit it holds, holding none, asks for any suit but the
    # one in force: a seat drawing lacks those suits, not the excluded one.
    rules = PRESETS["polish"].replace(ace_must_differ=True, ace_must_hold=True)
    g = Game.from_position(rules, ["AH 5H 9H", "5C 6S 7D"], "3H", "KD QD JD 10C 10D 4S 4C 5D 6D")
    _play(g, "AH/*", "draw")
    assert _w(g, 1, "9S") < 0.5
    assert _w(g, 1, "2H") == 1.0 and _w(g, 1, "10H") == 1.0


@pytest.mark.parametrize(("hand0", "reluctant"), [("8C 5D 6D 7S", False), ("8C 5D 6D 7S 9H", True)])
def test_an_attack_reads_as_reluctant_only_at_a_seat_holding_more_than_three(
    hand0: str, reluctant: bool
) -> None:
    g = Game.from_position(
        PRESETS["polish"], [hand0, "2C 9S 10D 4S 6S"], "8H", "KC QD JD 10C 10H 4C 5S 5H 6H"
    )
    _play(g, "8C", "2C")  # seat 0 then holds 3 (or 4) cards
    assert (_w(g, 1, "9C") < 1.0) is reluctant


@pytest.mark.parametrize(("hand0", "reluctant"), [("8S 5D 6D", False), ("8S 5D 6D 7D 9D", True)])
def test_the_king_of_spades_is_weighed_against_the_seat_before(hand0: str, reluctant: bool) -> None:
    # KS attacks the previous seat (0, holding 2 or 4), not the next one (2, holding 5).
    g = Game.from_position(
        PRESETS["polish"],
        [hand0, "KS 9C 10D 4C 6C", "3D 4D 5C 6H 7H"],
        "8H",
        "KC QD JD 10C 10H 4H 5S 5H 2D",
    )
    _play(g, "8S", "KS")
    assert (_w(g, 1, "9S") < 1.0) is reluctant

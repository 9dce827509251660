"""The general play generator (stand-in jokers, runs, suit groups) agrees with the verifier.

Every play of up to three cards that ``apply`` would accept is listed, and nothing else, on
hands that hold several copies of a card (three decks), runs that turn suit, and drawn cards.
"""

from __future__ import annotations

from itertools import permutations

import pytest

from game.engine import PRESETS, Game, Phase, Play, Rules
from game.engine.cards import SUITS

from .conftest import legal, pos

CHOICES: tuple[str | None, ...] = (None, *SUITS, "5", "6", "7", "8", "9", "10", "-", "*")
# Hungarian rules without stand-in jokers: every play can be written without a declaration.
NO_JOKERS: Rules = PRESETS["hungarian"].replace(jokers=0, joker_role="none")


def _accepted_short_plays(g: Game) -> set[str]:
    """Every play of one to three cards held that the verifier accepts (by brute force)."""
    hand = g.hand(g.current)
    found: set[str] = set()
    for k in (1, 2, 3):
        for seq in set(permutations(hand, k)):
            for choice in CHOICES:
                for call in (False, True):
                    play = Play(tuple(seq), None, choice, call)
                    if g.is_legal(play):
                        found.add(str(play))
    return found


def _listed_short_plays(g: Game) -> set[str]:
    return {str(a) for a in g.legal_actions() if isinstance(a, Play) and len(a.cards) <= 3}


@pytest.mark.parametrize(
    ("hand", "top"),
    [
        ("7H 7H 7H 8H 9H 7S 8S AH", "9H"),  # three copies, a suit group, a run turning suit
        ("5H 5S 6S JH JH 10C", "5D"),  # a run only through a card of the opener's rank
        ("9S 10S 5H 2C", "5D"),  # neighbours held, but none next to an opener
        ("AH AH AS KH QH JD", "KD"),  # aces name a suit held afterwards, jacks a rank
        ("4C 4C 3D 2D", "8H"),  # nothing fits
    ],
)
def test_listing_matches_the_verifier_with_three_decks(hand: str, top: str) -> None:
    hands = [hand, "KD 6C", "QD", "10D", "9D", "6D", "2S", "3C", "4S"]
    g = pos(NO_JOKERS, hands, top, "3S 3H 4H")
    assert _listed_short_plays(g) == _accepted_short_plays(g)


def test_a_run_may_turn_suit_at_its_first_card() -> None:
    g = pos(NO_JOKERS, ["5H 5S 6S 10C", "9D 6C"], "5D", "3S 3H 4H")
    assert "5H 5S 6S" in legal(g)
    assert not any(a.startswith("5H 6") for a in legal(g))


def test_no_run_starts_where_the_neighbours_do_not_reach_an_opener() -> None:
    g = pos(NO_JOKERS, ["9S 10S 5H 2C", "9D 6C"], "5D", "3S 3H 4H")
    assert sorted(legal(g)) == ["5H", "draw"]


def test_a_drawn_card_opens_every_listed_play() -> None:
    g = pos("hungarian", ["10S 9S 8S 5C", "9D 6C"], "7D", "7S 3H 4H")
    g.apply("draw")
    assert g.phase is Phase.DRAWN
    listed = legal(g)
    assert "7S 8S 9S 10S" in listed and "pass" in listed
    assert all(a == "pass" or a.startswith("7S") for a in listed)


def test_a_listing_does_not_depend_on_what_was_listed_before() -> None:
    hands = ["RJ 7H 8H 9H KS KC", "BJ 2C 3C 4C 6D", "10D 10S"]
    first = pos("hungarian", hands, "7D", "5S 6S 5D 4S 4D")
    before = first.legal_actions()
    for other in ("8D", "KH", "2S"):
        pos("hungarian", hands, other, "5S 6S 5D 4S 4D").legal_actions()
    again = pos("hungarian", hands, "7D", "5S 6S 5D 4S 4D")
    assert [str(a) for a in again.legal_actions()] == [str(a) for a in before]

"""The marker beside the pile says what is in force and for how long, as the rules do."""

from __future__ import annotations

from game.engine import PRESETS, Game, parse_action
from game.ui.moves import marker_text

NAMES = ["You", "Ada", "Ben"]


def _requested() -> Game:
    """Seat 0 has laid J♣ asking for 8s."""
    hands = ["JC 8H 9C", "8S 9D 6C", "10D 8D 6D"]
    g = Game.from_position(PRESETS["polish"], hands=hands, pile="10C", stock="5S 6S 5D 6H 8C")
    g.apply("JC/8")
    return g


def test_a_rank_request_lasts_through_its_owners_turn() -> None:
    g = _requested()
    assert marker_text(g, NAMES) == ("Request: 8s", "through your turn")
    g.apply("8S")  # Ada answers
    g.apply("8D")  # Ben answers; the request still binds the jack's player
    legal = {str(a) for a in g.legal_actions()}
    assert g.current == 0 and "8H" in legal and "9C" not in legal
    assert marker_text(g, NAMES) == ("Request: 8s", "through your turn")
    assert marker_text(g, ["Ania", "Ada", "Ben"])[1] == "through Ania's turn"


def test_a_free_suit_names_the_excluded_suit_as_the_reason_it_is_missing() -> None:
    from game.ui.playflow import suit_note

    g = Game.from_position(
        PRESETS["hungarian"], hands=["AC RJ", "AH 5C 9C 5S 6S", "8D 8C"], pile="7C", stock="2D 3D"
    )
    g.apply("AC/*!")
    assert g.suit_in_force == "" and g.current == 1
    # nothing is in force under a free suit: the suit left out is the one the ace must change
    note = suit_note(g, ["S"], parse_action("AH/S"))
    assert note.startswith("not ♣, the suit the free suit leaves out"), note

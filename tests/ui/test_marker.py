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


def test_a_request_of_a_player_out_on_the_jack_ends_after_the_last_seat_still_in() -> None:
    # With power_after_out the jack keeps its power as its player goes out: that player
    # takes no turn, and the engine ends the request as the turn passes their seat.
    rules = PRESETS["polish"].replace(name="custom", power_after_out=True)
    hands = ["JH", "5C 6C 8C 10C KD", "5D 6D 9S 10S QD"]
    g = Game.from_position(rules, hands=hands, pile="5H", stock="7D 7C 7S 8D 8S 2D 3D")
    g.apply("JH/8")
    assert marker_text(g, NAMES) == ("Request: 8s", "through Ben's turn")
    g.apply("draw")  # Ada
    assert g.request is not None and marker_text(g, NAMES)[1] == "through Ben's turn"
    g.apply("draw")  # Ben: the request ends with his turn
    assert g.request is None


def test_a_requested_face_card_reads_as_a_word() -> None:
    from tests.engine.conftest import face_card_requested

    assert marker_text(face_card_requested(), NAMES)[0] == "Request: aces"


def test_every_rank_a_jack_may_ask_for_has_its_key() -> None:
    import pygame

    from game.ui.choosers import RankChooser
    from tests.ui.menukit import Screen

    for key, rank in ((pygame.K_4, "4"), (pygame.K_q, "Q"), (pygame.K_a, "A")):
        picked: list[str | None] = []
        screen = Screen(RankChooser(["4", "Q", "A", "-"], picked.append, speed="off"))
        screen.key(key)
        screen.frame(30)
        assert picked == [rank]


def test_a_seat_sitting_out_a_turn_is_not_the_one_a_request_binds_through() -> None:
    rules = PRESETS["polish"].replace(name="custom", power_after_out=True)
    hands = ["5H JC", "6C 6H 9D", "4H 4C 9S", "5D 6D 9C 10S QD"]
    g = Game.from_position(rules, hands=hands, pile="5S", stock="7D 7C 7S 8D 8S 2D 3D 2C 3C")
    for move in ("5H", "6H", "4H 4C", "pass", "JC/8"):
        g.apply(move)
    names = ["You", "Ada", "Ben", "Cleo"]
    assert g.missed[3] == 1 and marker_text(g, names)[1] == "through Ben's turn"
    g.apply("draw")  # Ada
    assert marker_text(g, names)[1] == "through Ben's turn"
    g.apply("draw")  # Ben: Cleo sits out her turn, and the turn passes the jack's seat
    assert g.request is None


def test_a_joker_that_ends_the_round_puts_no_suit_in_force() -> None:
    for preset in ("romanian", "classic"):
        hands = ["RJ", "8C 9C 10C", "8D 9D 10D"]
        stock = "2S 3S 4S 7D 8S 9S KD QS"
        g = Game.from_position(PRESETS[preset], hands=hands, pile="5S 6H", stock=stock)
        assert marker_text(g, NAMES) == ("", "")
        g.apply(parse_action("RJ"))  # going out: the joker names nothing (RULES §3.9)
        assert g.over
        assert marker_text(g, NAMES) == ("", ""), preset


def test_a_stand_in_joker_shows_no_suit_beyond_the_card_it_stands_for() -> None:
    # As Q♥ it takes any card, as a real queen does (RULES §3.6, §5): no "♥ Hearts" box. As an
    # ace naming spades it shows the suit named, as an ace does.
    hands = ["9D 8C 5H", "RJ 10S 6C AC", "4D 4C 4S"]
    for move, marker in [("RJ=QH", ""), ("RJ=7S", ""), ("RJ=AS/C", "♣ Clubs")]:
        g = Game.from_position(PRESETS["hungarian"], hands=hands, pile="7S", current=1)
        g.apply(parse_action(move))
        assert marker_text(g, NAMES)[0] == marker, move
    g = Game.from_position(PRESETS["hungarian"], hands=hands, pile="7S", current=1)
    g.apply(parse_action("RJ=QH"))
    assert {"4D", "4C", "4S"} <= {str(a) for a in g.legal_actions()}  # any suit follows

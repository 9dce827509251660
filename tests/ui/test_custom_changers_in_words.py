"""Custom suit changers at the table: the marker and the line under the table tell what
actually ends or answers a named suit, in words for any rank."""

from __future__ import annotations

from game.engine import Card, Game, Rules, parse_action
from game.ui import tabledraw
from game.ui.moves import refusal
from tests.ui.tablekit import Harness

FREE_UNTIL_MET = Rules.from_text(
    "macau-rules 1\nace_scope = until_met\nace_must_differ = yes\nace_must_hold = yes\n"
)
CHANGERS = Rules.from_text(
    "macau-rules 1\nattack_cards = 2 3\nsuit_changers = 8 A K\nrequest_ranks = 5 6 7 9 10\n"
)


def _after(rules: Rules, hands: list[str], pile: str, moves: list[tuple[str, int]]) -> Harness:
    """A table of ``rules`` at a position where the seats named lay ``moves`` in turn."""
    g = Game.from_position(
        rules, hands=hands, pile=pile, stock="6H 6C 8D 8S 9D 9C", current=moves[0][1]
    )
    h = Harness(g)
    for move, seat in moves:
        h.table.apply(parse_action(move), seat)
        h.tick(30)
    return h


def test_a_free_suit_until_met_lasts_until_another_suit_is_laid() -> None:
    # West holds only hearts: a free suit, not hearts; East draws.
    hands = ["9S 9H 10D AD 3C", "AH 10H", "AS 2C 3S 4C 5C"]
    h = _after(FREE_UNTIL_MET, hands, "5H", [("AH/*", 1), ("draw", 2)])
    head, sub = h.table.director.model.marker
    assert head == "Free suit — not ♥"
    assert sub == "until another suit is laid"
    h.pick_and_play("10D")  # a diamond ends it, as any suit but hearts does
    h.tick(30)
    assert h.game.request is None


def test_a_named_suit_lists_any_rank_of_changer_with_its_article() -> None:
    h = _after(CHANGERS, ["9S 9H 10D AD 3C", "4H 10H", "2C KS 4C 5C"], "5S", [("KS/C", 2)])
    line = tabledraw.status_line(h.table)
    # In the words the refusal uses (a card laid that does not answer is refused so).
    assert "Clubs named: lay a club, an 8, a king or an ace, or draw" in line, line
    assert h.game.request_answers() == "a club, an 8, a king or an ace"
    assert "lay a club, an 8, a king or an ace, or draw" in refusal(h.game, 0, (Card.parse("9H"),))

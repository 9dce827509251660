"""The cards the table shows bright are the ones it will take next. A group's middle goes
down in hand order whatever order it was picked in (5♥ 8♥ 6♥ K♥ is laid 5♥ 6♥ 8♥ K♥), so
after 5♥ 8♥ 6♥ the K♥ that ends the group stays bright."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.engine import PRESETS, Card, Game
from game.engine.compiled import compile_rules
from game.ui.moves import Offer, play_options
from tests.ui.tablekit import Harness

STOCK = "2S 2C 10D 10S QD"


def _game(hand: str, pile: str) -> Game:
    return Game.from_position(
        PRESETS["hungarian"], hands=[hand, "5S 5C 6C", "8S 9D 9H"], pile=pile, stock=STOCK
    )


def _bright_to_add(h: Harness) -> set[str]:
    hand = h.table.hand
    return {
        hc.card.code
        for hc in hand.cards
        if hc.uid in h.table.bright and hc.uid not in hand.selection
    }


@pytest.mark.parametrize(
    ("hand", "pile", "middle_out_of_order", "last", "dim", "laid"),
    [
        ("5H 6H 8H KH 9C", "4C 5D", "5H 8H 6H", "KH", "9C", "5H 6H 8H KH"),
        ("5H 6H 8H KH 9C", "4C 5D", "5H KH 6H", "8H", "9C", "5H 6H KH 8H"),
        ("7S 7D 7C RJ 9C", "4C 7H", "7S 7C 7D", "RJ", "9C", "7S 7D 7C RJ"),
    ],
)
def test_the_card_that_ends_a_group_picked_out_of_order_stays_bright(
    hand: str, pile: str, middle_out_of_order: str, last: str, dim: str, laid: str
) -> None:
    h = Harness(_game(hand, pile))
    for code in middle_out_of_order.split():
        h.pick_with_keys(code)
        h.tick(2)
    bright = _bright_to_add(h)
    assert last in bright
    assert dim not in bright  # a card no play of these cards takes stays dim
    h.pick_with_keys(last)
    h.tick(2)
    assert h.table.play_button.primary
    h.key(pygame.K_RETURN)
    h.tick(5)
    while h.stack.top is not h.table:  # a joker's card: the first offered
        h.key(pygame.K_RETURN)
        h.tick(3)
    assert [c.code for c in h.game.pile[-4:]] == laid.split()


@pytest.mark.parametrize(
    ("hand", "pile", "longest"),
    [
        ("5H 6H 8H KH 9C", "4C 5D", 4),
        ("7S 7D 7C RJ 9C", "4C 7H", 4),
        ("5H KH RJ 8H 9C", "4C 7H", 4),
        ("5H 6H 7H 7C 8C KD", "4C 4H", 5),  # a run turning to clubs through the 7s
    ],
)
def test_every_card_of_a_pick_the_table_lays_as_picked_or_arranged_was_bright(
    hand: str, pile: str, longest: int
) -> None:
    """Picks the table lays in the order picked, or with the middle in hand order: each
    card was among those that may follow the cards before it, and a card that may follow
    leads to such a pick."""
    game = _game(hand, pile)
    offer = Offer(*game.legal_actions_capped(20_000, 0))
    cards = list(game.hand(0))
    taken: set[tuple[object, ...]] = set()
    for n in range(1, longest + 1):
        for pick in itertools.permutations(cards, n):
            options = play_options(game, 0, pick, offer)
            if options.legal and options.cards in (pick, Game.arrange_group(pick)):
                taken.add(pick)
                for i in range(n):
                    assert pick[i] in offer.may_follow(pick[:i]), (pick, i)
    for n in range(0, longest):
        for chosen in itertools.permutations(cards, n):
            for card in offer.may_follow(chosen):
                assert any(p[: n + 1] == (*chosen, card) for p in taken), (chosen, card)


def test_a_card_picked_first_out_of_order_brightens_only_cards_that_can_still_end_it() -> None:
    # 7♣ cannot start on 4♥, but 5♥ 6♥ 7♥ 7♣ 8♣ holds it: picked first, the rest of that run
    # may follow, except 8♣ next, since no card left to pick after it ends the play as 8♣.
    game = _game("5H 6H 7H 7C 8C KD", "4C 4H")
    offer = Offer(*game.legal_actions_capped(20_000, 0))
    rules = compile_rules(game.rules)
    after_seven = {c.code for c in offer.may_follow((Card.parse("7C"),), rules)}
    assert {"5H", "6H", "7H"} <= after_seven and "8C" not in after_seven


def _apart(hand: str, pile: str) -> Game:
    """As ``_game``, the other hands and the stock holding none of the cards these use."""
    return Game.from_position(
        PRESETS["hungarian"], hands=[hand, "4D 6D 2D", "KC KS 3D"], pile=pile, stock="2H 3S 4S"
    )


@pytest.mark.parametrize(
    ("hand", "pile"),
    [
        ("8S 7H JH 8H 3C", "5C 10H"),
        ("9S 10S 9D 3C", "4C 9H"),
        ("QD JD QS 4C", "4H QH"),
        ("5H 6H 7H 7C 8C KD", "4C 4H"),
    ],
)
def test_every_pick_the_table_lays_in_any_order_was_bright_card_by_card(
    hand: str, pile: str
) -> None:
    """Even where listed plays go on in the order picked (8♥ 7♥ then J♥), a card that makes
    a play laid in another order stays bright: after 8♥ 7♥, 8♠ lays the run 7♥ 8♥ 8♠. And
    a card bright before any pick starts a pick the table lays."""
    game = _apart(hand, pile)
    offer = Offer(*game.legal_actions_capped(20_000, 0))
    rules = compile_rules(game.rules)
    cards = list(game.hand(0))
    starts = set()
    for n in range(1, len(cards) + 1):
        for pick in itertools.permutations(cards, n):
            if play_options(game, 0, pick, offer).legal:
                starts.add(pick[0])
                for i in range(n):
                    assert pick[i] in offer.may_follow(pick[:i], rules), (pick, i)
    assert offer.may_follow((), rules) == starts


def test_a_run_picked_out_of_order_is_laid_with_the_card_that_was_bright() -> None:
    h = Harness(_apart("8S 7H JH 8H 3C", "5C 10H"))
    for code in ("8H", "7H"):
        h.pick_with_keys(code)
        h.tick(2)
    assert {"8S", "JH"} <= _bright_to_add(h) and "3C" not in _bright_to_add(h)
    assert _laid(h, "8S", 3) == ["7H", "8H", "8S"]


def test_a_card_that_cannot_start_but_ends_a_group_is_bright_before_the_first_pick() -> None:
    # On 5♥ the 7♠ fits only after 7♥, yet picked first it is laid so (7♥ 7♠): the table
    # shows it bright from the start, and a card no play holds stays dim.
    game = Game.from_position(
        PRESETS["polish"], hands=["7S 7H 9C", "4D 6D 2D"], pile="4H 5H", stock="2H 3S 4S"
    )
    h = Harness(game)
    h.tick(2)
    assert {"7S", "7H"} <= _bright_to_add(h) and "9C" not in _bright_to_add(h)
    assert _laid(h, "7S 7H", 2) == ["7H", "7S"]


def _laid(h: Harness, codes: str, count: int) -> list[str]:
    """Pick ``codes`` (after what is picked already) and lay them: the pile's top ``count``."""
    h.pick_with_keys(codes)
    h.tick(2)
    h.key(pygame.K_RETURN)
    h.tick(5)
    return [c.code for c in h.game.pile[-count:]]

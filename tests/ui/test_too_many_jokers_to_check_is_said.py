"""Three stand-in jokers picked from a hand too big to list every play of: the table offers
the ways its listing holds and the ways groups and runs are usually made (5♥ RJ=5♣ RJ=6♣
BJ=7♣, which the listing left out), and says with them that there are more than it can
check."""

from __future__ import annotations

import pygame

from game.engine import PRESETS, Card, Game, parse_action
from game.ui.choosers import CardChooser
from game.ui.moves import TABLE_LISTING_LIMIT, Offer, play_options
from tests.ui.tablekit import Harness

HAND = "RJ BJ RJ 9C 5S 6D 8H 10C JD QS 7C 8C 9D 5H 6H"  # five seats: two decks, four jokers
TOO_MANY = "These are the usual ways to lay 3 jokers together: there are too many to check them all"


def _game() -> Game:
    return Game.from_position(
        PRESETS["hungarian"],
        hands=[HAND, "5S 5C 6C", "8S 8D 9H", "6D 6H", "10C JC"],
        pile="4H 7H",
        stock="2S 2C 10D",
    )


def _pick_with_keys(h: Harness, codes: str) -> None:
    hand = h.table.hand
    for code in codes.split():
        card = Card.parse(code)
        at = next(
            i for i, hc in enumerate(hand.cards) if hc.card == card and hc.uid not in hand.selection
        )
        if hand.cursor is None:
            h.key(pygame.K_RIGHT)
        while hand.cursor != at:
            h.key(pygame.K_RIGHT)
        h.key(pygame.K_UP)


def _answer_every_chooser(h: Harness) -> list[str]:
    subtitles = []
    while isinstance(h.stack.top, CardChooser):
        subtitles.append(h.stack.top.subtitle)
        h.key(pygame.K_RETURN)
        h.tick(3)
    return subtitles


def test_the_ways_listed_come_with_the_words_that_there_are_more() -> None:
    game = _game()
    offer = Offer(*game.legal_actions_capped(TABLE_LISTING_LIMIT, 0))
    assert not offer.complete
    picked = parse_action("5H RJ RJ BJ").cards
    unlisted = parse_action("5H RJ=5C RJ=6C BJ=7C")
    assert game.is_legal(unlisted, 0)
    options = play_options(game, 0, picked, offer)
    assert options.legal and unlisted in options.plays  # a run turning suit on the jokers
    assert options.note == TOO_MANY
    assert not play_options(game, 0, picked[:3], offer).note  # two jokers: every way is tried


def test_the_joker_chooser_says_there_are_too_many_ways_to_check() -> None:
    h = Harness(_game())
    assert not h.table.offer().complete
    _pick_with_keys(h, "5H RJ RJ BJ")
    h.key(pygame.K_RETURN)
    h.tick(3)
    assert isinstance(h.stack.top, CardChooser)
    subtitles = _answer_every_chooser(h)
    assert subtitles and all(s == TOO_MANY for s in subtitles)
    assert [c.code for c in h.game.pile[-4:]] == ["5H", "RJ", "RJ", "BJ"]  # a way listed


def test_one_way_listed_is_shown_with_the_words_before_it_is_laid() -> None:
    h = Harness(_game())
    _pick_with_keys(h, "5H RJ RJ BJ 5S")
    h.key(pygame.K_RETURN)
    h.tick(3)
    chooser = h.stack.top
    assert isinstance(chooser, CardChooser)
    assert len(chooser.options) == 1 and chooser.subtitle == TOO_MANY
    assert len(h.game.pile) == 2  # nothing laid yet
    h.key(pygame.K_RETURN)
    h.tick(3)
    assert [c.code for c in h.game.pile[-5:]] == ["5H", "RJ", "RJ", "BJ", "5S"]

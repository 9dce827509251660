"""A play with stand-in jokers that a capped listing left out is still checked by the
engine when picked: every card each of up to two jokers may stand for is tried, the legal
ways are offered through the usual choosers, and a refusal gives the engine's reason."""

from __future__ import annotations

import itertools

from game.engine import PRESETS, Card, Game, parse_action
from game.ui.choosers import CardChooser
from game.ui.moves import TABLE_LISTING_LIMIT, Offer, PlayOptions, play_options
from tests.ui.tablekit import Harness
from tests.ui.test_table_play import four_jokers

# Hungarian on 10♣: two stand-in jokers, a jack (it requests a rank) and an ace (it names a
# suit), so the plays checked need declarations, suffixes and calls.
SMALL = ["RJ BJ 4C 4H JC AC 9D", "5S 5H", "5C 6H", "6S 7H"]


def _small() -> Game:
    return Game.from_position(PRESETS["hungarian"], hands=SMALL, pile="10C", stock="2S 2H 2C")


def test_every_joker_pick_a_capped_listing_left_out_gets_the_plays_a_full_listing_has() -> None:
    game = _small()
    full = Offer(game.legal_actions(0))
    capped = Offer(*game.legal_actions_capped(3, 0))
    assert not capped.complete
    hand = list(dict.fromkeys(game.hand(0)))
    picks = [
        p
        for n in (2, 3)
        for p in itertools.permutations(hand, n)
        if any(c.is_joker for c in p) and not capped.plays_laying(p)
    ]
    named = reordered = 0
    for picked in picks:
        options = play_options(game, 0, picked, capped)
        listed = full.plays_laying(picked)
        if listed:
            assert options.cards == picked and set(options.plays) == set(listed), picked
            named += bool(options.choices())
            continue
        # Picked in an order that cannot start: laid in one that can, as from the whole
        # listing, or refused alike.
        whole = play_options(game, 0, picked, full)
        assert options.legal == whole.legal, picked
        if options.legal:
            codes = sorted(c.code for c in options.cards)
            assert options.cards[-1] == picked[-1] and codes == sorted(c.code for c in picked)
            assert set(options.plays) == set(full.plays_laying(options.cards)), picked
            reordered += 1
        else:
            assert options.reason and "too many" not in options.reason, picked
    assert named  # some of them name a suit or request a rank: asked with each suffix
    assert reordered


def test_three_jokers_together_are_tried_the_usual_ways_and_a_card_that_cannot_start_says_why() -> (
    None
):
    game = four_jokers()
    capped = Offer(*game.legal_actions_capped(3, 0))

    def options(codes: str) -> PlayOptions:
        return play_options(game, 0, tuple(Card.parse(c) for c in codes.split()), capped)

    three = options("4C RJ BJ RJ")  # too many ways to try all: those groups and runs are made
    assert three.legal and three.note.startswith("These are the usual ways to lay 3 jokers")
    assert parse_action("4C RJ=4C BJ=4C RJ=4H") in three.plays  # the 4s
    assert parse_action("4C RJ=5C BJ=6C RJ=7C") in three.plays  # a run of clubs
    # 7♦ does not fit 10♣, but a joker (which goes on anything here) may start the group,
    # the joker picked last still last: the usual ways of that order are offered.
    seven = options("7D RJ BJ RJ")
    assert seven.legal and seven.cards[0].is_joker and seven.cards[-1] == Card.parse("RJ")
    assert seven.note.startswith("These are the usual ways to lay 3 jokers")
    assert not options("7D").legal


def test_a_joker_play_the_table_did_not_list_is_checked_when_picked() -> None:
    h = Harness(four_jokers())  # 25 cards, four jokers: listed only up to TABLE_LISTING_LIMIT
    h.tick(3)
    assert not h.table.offer().complete
    h.pick_and_play("7D BJ")
    with_joker = h.table.toast
    assert with_joker is not None and "7♦ matches neither" in with_joker[0]
    h.table.toast = None
    h.table.hand.selection.clear()
    h.drag_to_pile("7D")
    assert h.table.toast is not None and h.table.toast[0] == with_joker[0]  # as 7♦ alone
    h.pick_and_play("4C RJ 3H")  # 4♣, the joker as 4♥, 3♥: legal, and not among the plays listed
    chooser = h.stack.top
    assert isinstance(chooser, CardChooser)
    assert "4H" in chooser.faces
    h.click(chooser.tiles[chooser.faces.index("4H")].center)
    h.tick(30)
    assert [c.code for c in h.game.pile[-3:]] == ["4C", "RJ", "3H"]
    assert any("4♥ (red joker)" in line for line in h.table.director.log)


def test_a_pick_the_cut_listing_holds_only_some_plays_of_gets_them_all() -> None:
    """Eleven cards with two jokers on 10♣: 29,729 plays, more than the table lists. The cut
    listing holds 6♣ + joker as a pair of 6s but not as the run 6♣ 7♣, which the engine takes
    all the same: the pick is offered every way."""
    hand = "9C 7C 8H RJ 4C QD BJ 6C 8C KD 10D"
    others = ["5S 5H", "5C", "6S", "6D", "8S", "8D", "9S"]
    game = Game.from_position(
        PRESETS["hungarian"], hands=[hand, *others], pile="10C", stock="2S 2H 2C"
    )
    full = Offer(game.legal_actions(0))
    capped = Offer(*game.legal_actions_capped(TABLE_LISTING_LIMIT, 0))
    assert not capped.complete
    for codes in ("6C RJ", "4C RJ", "8C RJ", "9C RJ BJ"):
        cards = tuple(Card.parse(c) for c in codes.split())
        assert capped.plays_laying(cards)  # some are listed …
        offered = set(play_options(game, 0, cards, capped).plays)
        assert offered == set(full.plays_laying(cards)), codes  # … and all are offered


def _run_on_jokers(hand: str) -> Game:
    """Hungarian on 4♥: two stand-in jokers, hearts to run on, and K♦ to go out with."""
    return Game.from_position(
        PRESETS["hungarian"],
        hands=[hand, "4D 10D 7S 10C", "6D 8D 2S"],
        pile="10S 4H",
        stock="9D 5D 6C 7C 8C 9C",
    )


def test_a_run_picked_in_its_own_order_is_asked_of_the_engine_before_the_hand_order() -> None:
    # Eight cards and two jokers list more plays than the table keeps; the same cards in hand
    # order are listed (a group of hearts, the first joker a second 5♥), the run is not.
    game = _run_on_jokers("RJ BJ 5H 6H 8H 9H 10H KD")
    capped = Offer(*game.legal_actions_capped(TABLE_LISTING_LIMIT, 0))
    assert not capped.complete
    picked = tuple(Card.parse(c) for c in ["5H", "6H", "RJ", "8H", "BJ"])
    assert not capped.plays_laying(picked) and capped.plays_laying(Game.arrange_group(picked))
    options = play_options(game, 0, picked, capped)
    assert options.cards == picked
    full = {str(p) for p in Offer(game.legal_actions(0)).plays_laying(picked)}
    assert {str(p) for p in options.plays} == full
    assert "5H 6H RJ=7H 8H BJ=8D" in full  # a run turning to diamonds: K♦ goes out next


def test_the_run_turning_suit_on_a_joker_is_offered_at_the_table() -> None:
    h = Harness(_run_on_jokers("RJ BJ 5H 6H 8H 9H 10H KD"))
    h.tick(3)
    assert not h.table.offer().complete
    h.pick_and_play("5H 6H RJ 8H BJ")
    chooser = h.stack.top
    assert isinstance(chooser, CardChooser)
    assert {"9H", "8S", "8D", "8C"} <= set(chooser.faces)
    h.click(chooser.tiles[chooser.faces.index("8D")].center)
    h.tick(60)
    top = h.table.game.top_effective
    assert str(top) == "8D"


def test_a_joker_after_one_the_play_fixes_is_asked_by_its_place() -> None:
    h = Harness(_run_on_jokers("RJ BJ 5H 6H 8H 9H 10H KD"))
    h.tick(3)
    h.pick_and_play("5H 6H RJ 8H BJ")  # the red joker can only be 7♥: never asked
    chooser = h.stack.top
    assert isinstance(chooser, CardChooser)
    assert chooser.title == "The second joker stands for…"

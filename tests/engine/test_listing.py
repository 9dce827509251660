"""The general play generator (stand-in jokers, runs, suit groups) agrees with the verifier.

Every play of up to three cards that ``apply`` would accept is listed, and nothing else, on
hands that hold several copies of a card (three decks), runs that turn suit, and drawn cards.
"""

from __future__ import annotations

import gc
from itertools import permutations, product

import pytest

from game.engine import (
    PRESETS,
    Card,
    CardsLaid,
    Game,
    IllegalMove,
    Phase,
    Play,
    Rules,
    listing,
    parse_action,
)
from game.engine.cards import SUITS

from .conftest import legal, pos

CHOICES: tuple[str | None, ...] = (None, *SUITS, "5", "6", "7", "8", "9", "10", "-", "*")
# Hungarian rules without stand-in jokers: every play can be written without a declaration.
NO_JOKERS: Rules = PRESETS["hungarian"].replace(
    jokers=0, joker_role="none", plays_on_anything=frozenset({"A", "Q"})
)


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


_DECLARABLE = [Card.of(rank, suit) for suit in SUITS for rank in range(2, 15)]


def _accepted_joker_plays(g: Game, choices: tuple[str | None, ...]) -> set[str]:
    """Every play of one to three cards held, each stand-in joker declared as each of the 52
    cards, that the verifier accepts (by brute force; no Macau call)."""
    hand = g.hand(g.current)
    found: set[str] = set()
    for k in (1, 2, 3):
        for seq in set(permutations(hand, k)):
            slots = [_DECLARABLE if c.is_joker else [None] for c in seq]
            for declared in product(*slots):
                decl = tuple(declared) if any(d is not None for d in declared) else None
                for choice in choices:
                    play = Play(tuple(seq), decl, choice, False)
                    if g.is_legal(play):
                        found.add(str(play))
    return found


@pytest.mark.parametrize(
    ("hand", "top"),
    [
        ("RJ 5H KH 9C 7D", "8H"),  # a joker in a suit group
        ("RJ BJ 6S 10D 3C", "6D"),  # two jokers alone, or with one card
        ("RJ 2H 3H 9S 10C", "2D"),  # attack cards: a suit group, a run, a rank group
        ("RJ JH 5H 6C 9D", "9H"),  # a joker as the requesting jack
    ],
)
@pytest.mark.parametrize("wild", [True, False])  # jokers play on anything, or must fit
def test_listing_matches_the_verifier_with_a_stand_in_joker(
    hand: str, top: str, wild: bool
) -> None:
    rules = PRESETS["hungarian"]
    if not wild:
        rules = rules.replace(name="custom", plays_on_anything=frozenset({"A", "Q"}))
    g = pos(rules, [hand, "KD 8C 4S 10S 5S QC"], top, "4D 4C 7S")
    listed = {str(a) for a in g.legal_actions() if isinstance(a, Play) and len(a.cards) <= 3}
    listed = {a for a in listed if not a.endswith("!")}
    assert listed == _accepted_joker_plays(g, CHOICES)


def test_a_joker_joins_a_group_of_one_suit() -> None:
    # RULES §3.6: the joker "acts exactly as" the card it is declared; §3.7: several of one suit.
    g = pos("hungarian", ["5H RJ KH 9C", "KD 6C 8C 10C"], "7H", "3S 3H 4H")
    listed = legal(g)
    assert {"5H RJ=5H KH", "5H RJ=10H", "RJ=7H 5H", "RJ=AH 5H KH"} <= listed
    assert "5H KH RJ=AH/C" in listed and "5H KH RJ=AH/H" not in listed  # ace_must_hold
    events = g.apply("5H KH RJ=2H")
    assert g.penalty == 2 and g.top.code == "RJ"  # the joker acts as the 2♥ it stands for
    assert events


@pytest.mark.parametrize("collecting", [True, False])
def test_listing_leaves_the_garbage_collector_as_it_found_it(collecting: bool) -> None:
    # The collector is paused while the general generator lists, and switched back after.
    g = pos("hungarian", ["RJ BJ 2H 3H 5H 9H KH", "2C 4D 9S", "3S 6C", "10D 8D QC"], "7H")
    was = gc.isenabled()
    try:
        if collecting:
            gc.enable()
        else:
            gc.disable()
        assert len(g.legal_actions()) > 1000
        assert gc.isenabled() is collecting
    finally:
        if was:
            gc.enable()
        else:
            gc.disable()


def test_cards_between_go_on_an_attack_in_any_order_that_answers() -> None:
    # RULES §3.1, §3.7: the penalties add. K♠ K♠ 2♠ 3♠ answers K♥ card by card, though the
    # middle listed in hand order (2♠ K♠) would put a king on a 2.
    stock = "4C 4D 4H 5H 6H 7H 8C 8D 9S 10S 6S 7S QC QD 6C"
    g = pos("hungarian", ["KH 9D 9H", "KS RJ 2S 3S 9C", "10D 6D", "5C 5D"], "8H", stock)
    g.apply("KH")
    assert "KS 2S RJ=KS 3S" in legal(g)
    events = g.apply("KS 2S RJ=KS 3S")
    assert g.penalty == 20
    assert any(type(e).__name__ == "AttackPending" and e.total == 20 for e in events)
    # on the stack the cards lie so that each answers the one below, and the event says so
    assert " ".join(c.code for c in g.pile[-4:]) == "KS RJ 2S 3S"
    laid = next(e for e in events if isinstance(e, CardsLaid))
    assert " ".join(c.code for c in laid.cards) == "KS RJ 2S 3S"
    assert laid.declared is not None and laid.declared[1] is not None
    assert laid.declared[1].code == "KS"
    # with no order that answers, the refusal says so
    g = pos("hungarian", ["KH 9D 9H", "2S RJ KS 3S 9C", "10D 6D", "5C 5D"], "8H", stock)
    g.apply("KH")
    with pytest.raises(IllegalMove, match="in any order of the cards between"):
        g.check("2S KS RJ=2S 3S")


def test_two_decks_lay_both_battle_kings_before_the_small_cards() -> None:
    stock = "4C 4D 4H 5H 6H 7H 8C 8D 9S 10S 6S 7S QC QD 6C"
    hands = ["KH 9D 9H", "KS KS 2S 3S 9C", "10D 6D", "5C 5D", "10C 10H"]
    g = pos("hungarian", hands, "8H", stock)
    g.apply("KH")
    g.apply("KS 2S KS 3S")
    assert g.penalty == 20


def test_a_joker_between_attack_cards_of_one_suit_may_stand_for_any_of_them() -> None:
    # RULES §3.6: a joker acts exactly as the card it is declared; §3.7: in a group of attack
    # cards every card counts, so a joker between them counts as what it stands for.
    stock = "4C 4D 4H 5H 6H 7H 8C 8D 10S 6S 7S QC QD"
    g = pos("hungarian", ["2S RJ KS 9C", "6C 9D", "10D 6D"], "9S", stock)
    listed = legal(g)
    assert {"2S RJ=2S KS", "2S RJ=3S KS", "2S RJ=KS KS"} <= listed
    assert "2S RJ=9S KS" not in listed and not g.is_legal("2S RJ=9S KS")
    events = g.apply("2S RJ=3S KS")
    assert g.penalty == 10  # 2 + 3 + 5, to the previous seat (K♠)
    assert any(type(e).__name__ == "AttackPending" and e.target == 2 for e in events)
    # outside a group of attack cards the joker between still copies the first card
    g = pos("hungarian", ["5S RJ 9S 9C", "6C 9D", "10D 6D"], "5D", stock)
    assert g.is_legal("5S RJ=5S 9S") and not g.is_legal("5S RJ=7S 9S")


def test_two_jokers_between_stand_for_cards_in_hand_order() -> None:
    stock = "4C 4D 4H 5H 6H 7H 8C 8D 10S 6S 7S QC QD"
    g = pos("hungarian", ["2S BJ RJ KS 9C", "6C 9D", "10D 6D"], "9S", stock)
    assert g.is_legal("2S RJ=2S BJ=3S KS")  # hand order: RJ before BJ
    assert not g.is_legal("2S RJ=3S BJ=2S KS")  # the same cards in the other order


def _accepted_attack_plays(g: Game, k: int) -> set[str]:
    """Every play of ``k`` cards held, stand-in jokers declared as each of the 52 cards, that
    the verifier accepts (by brute force)."""
    hand = g.hand(g.current)
    found: set[str] = set()
    for seq in set(permutations(hand, k)):
        slots = [_DECLARABLE if c.is_joker else [None] for c in seq]
        for declared in product(*slots):
            decl = tuple(declared) if any(d is not None for d in declared) else None
            for call in (False, True):
                play = Play(tuple(seq), decl, None, call)
                if g.is_legal(play):
                    found.add(str(play))
    return found


@pytest.mark.parametrize("attack", [True, False])
def test_listing_matches_the_verifier_for_four_attack_cards_with_a_joker(attack: bool) -> None:
    stock = "4C 4D 4H 5H 6H 7H 8C 8D 9S 10S 6S 7S QC QD 6C"
    g = pos("hungarian", ["KH 9D 9H", "KS RJ 2S 3S 9C", "10D 6D", "5C 5D"], "8H", stock)
    g.apply("KH" if attack else "9H")
    listed = {str(a) for a in g.legal_actions() if isinstance(a, Play) and len(a.cards) == 4}
    assert listed == _accepted_attack_plays(g, 4)
    assert "KS 2S RJ=KS 3S" in listed if attack else "KS RJ=2S 3S 2S" not in listed


def test_a_group_that_cuts_a_stack_keeps_its_middle_in_hand_order() -> None:
    # The verifier accepted every order of four 7s cutting a stack, while the listing (rightly)
    # offers the middle in hand order only, as for any group.
    g = pos("classic", ["2H 9D 9C", "7S 7H 7D 7C 9S"], "8H", "4C 4D 5C 5D 6C")
    g.apply("2H")
    accepted = {
        " ".join(c.code for c in seq)
        for seq in permutations(g.hand(1)[:4])
        if g.is_legal(Play(tuple(seq), None, None, False))
    }
    listed = {str(a) for a in g.legal_actions() if isinstance(a, Play) and len(a.cards) == 4}
    assert accepted == listed and len(listed) == 12  # any first, any last, middle in order
    # and jokers between copy the first card, here too
    g = pos("hungarian", ["KH 9D 9C", "KC RJ BJ KD 9S"], "8H", "4C 4D 5C 5D 6C")
    g.apply("KH")
    assert not g.is_legal("KC BJ=KS RJ=KH KD") and g.is_legal("KC RJ=KC BJ=KC KD")


def test_copies_and_a_joker_on_an_attack_list_exactly_what_the_verifier_accepts() -> None:
    # Three decks: copies of a card pick the same groups again and again, and most groups of
    # one suit do not answer the attack; the listing skips both without changing its answer.
    others = ["5C 6C", "5D 6D", "7C 8C", "7D 8D", "9C 9D", "10C 10D", "QC QD", "4C 4D", "2S 5S"]
    hand = "2H 2H 3H KH RJ 9H"
    g = pos("hungarian", [hand, *others], "6S 9S", "5H 6H 7H 8H 9S 10S", current=9)
    g.apply("2S")
    assert g.current == 0 and g.phase is Phase.ATTACK
    for k in (2, 3, 4):
        listed = {str(a) for a in g.legal_actions() if isinstance(a, Play) and len(a.cards) == k}
        assert listed == _accepted_attack_plays(g, k), k
    assert "2H 2H RJ=3H 3H" in {str(a) for a in g.legal_actions()}


# ----- capped listings ------------------------------------------------------------------
# Two decks at eight seats: four stand-in jokers in a 25-card hand can be laid in about nine
# million ways (too many to list in a moment, or to hold in memory).
FOUR_JOKERS = "9C 7S 7C 7D 3H 7C 7H 8H 9D RJ RJ JD 4C QD BJ 6C 8C KD 4H 10D 4D JC BJ 6H 4H"


def _four_jokers() -> Game:
    others = ["5S 5H", "5C", "6S", "6D", "8S", "8D", "9S"]
    return Game.from_position(
        PRESETS["hungarian"], [FOUR_JOKERS, *others], pile="10C", stock="2S 2H 2C"
    )


def _split(actions: list[object]) -> tuple[list[object], list[object]]:
    plays = [a for a in actions if isinstance(a, Play)]
    return plays, [a for a in actions if not isinstance(a, Play)]


@pytest.mark.parametrize("limit", [1, 5, 40, 10_000])
def test_a_capped_listing_is_the_start_of_the_full_one_with_every_other_action(
    limit: int,
) -> None:
    g = pos("hungarian", ["7S 7C 8C 9H 9C RJ 5H", "5S 6H"], pile="7H", stock="2S 2H 2C")
    full = g.copy().legal_actions()
    plays, others = _split(full)
    capped, complete = g.legal_actions_capped(limit)
    assert complete == (len(plays) <= limit)
    assert capped == (full if complete else plays[:limit] + others)
    assert g.legal_actions() == full  # a cut listing is not kept as the whole one


def test_a_capped_listing_of_a_huge_hand_stops_at_the_limit_and_every_play_applies() -> None:
    g = _four_jokers()
    capped, complete = g.legal_actions_capped(2_000)
    plays, others = _split(capped)
    assert not complete and len(plays) == 2_000 and [str(a) for a in others] == ["draw"]
    assert any(c.is_joker for p in plays for c in p.cards)
    for play in plays[::97]:
        g.copy().apply(play)  # each one legal: no IllegalMove


# Two decks: every heart but the two queens and one seven. Groups of one suit can be laid in
# about a billion orders; building them all before the limit applies took gigabytes.
LONG_SUIT = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH KH AH 2H 3H 4H 5H 6H 8H 9H 10H JH KH AH"


@pytest.mark.parametrize("jokers", ["", " RJ BJ"])
def test_a_capped_listing_of_a_long_suit_stops_at_the_limit(jokers: str) -> None:
    g = pos("hungarian", [LONG_SUIT + jokers, "5S 5C", "6S", "6D", "8S"], pile="7H", stock="2S")
    capped, complete = g.legal_actions_capped(2_000)
    plays, others = _split(capped)
    assert not complete and len(plays) == 2_000 and [str(a) for a in others] == ["draw"]
    assert any(len(p.cards) > 2 for p in plays)
    for play in plays[::199]:
        g.copy().apply(play)  # each one legal: no IllegalMove


@pytest.mark.parametrize("n", [3, 5, 11])
def test_group_orders_are_made_one_by_one_in_the_listing_order(n: int) -> None:
    every = [pat for first in range(n) for pat in listing._orders_from(n, first, n)]
    # any first, any last, some of the others between them in index order: each once
    assert len(every) == len(set(every)) == n * (n - 1) * 2 ** (n - 2)
    assert all(list(p[1:-1]) == sorted(p[1:-1]) and len(set(p)) == len(p) for p in every)
    real = n - 2  # the last two stand for jokers: only orders holding one are made
    with_joker = [p for first in range(n) for p in listing._orders_from(n, first, real)]
    assert with_joker == [p for p in every if max(p) >= real]
    long_suit = tuple(Card.parse(c) for c in LONG_SUIT.split()[:22])
    assert not isinstance(listing._patterns_from(long_suit, 0), list)  # made as asked for


@pytest.mark.parametrize(
    ("codes", "real"),
    [
        ("6H 6H 6H 6D 6D 6C", 6),
        ("6H 6H 6D 6S 6S RJ RJ BJ", 5),
        ("2H 2H 5H 9H 9H 9H KH BJ BJ", 7),
        ("RJ RJ RJ", 0),
    ],
)
def test_orders_of_a_pool_with_copies_are_the_first_of_each_sequence(codes: str, real: int) -> None:
    pool = tuple(Card.parse(c) for c in codes.split())
    n = len(pool)
    for until in (n, real):
        wanted: list[tuple[Card, ...]] = []
        made: list[tuple[Card, ...]] = []
        for first in range(n):
            for pat in listing._orders_from(n, first, until):
                cards = tuple(pool[k] for k in pat)
                if cards not in wanted:
                    wanted.append(cards)
            made.extend(
                tuple(pool[k] for k in p) for p in listing._distinct_orders(pool, first, until)
            )
        # the very sequences a listing kept before, in the same order (so the same plays)
        assert made == wanted


def test_eleven_sixes_and_six_jokers_list_each_group_once_up_to_the_limit() -> None:
    g = pos(
        "hungarian",
        [
            "6H 6H 6H 6D 6D 6D 6C 6C 6C 6S 6S RJ RJ RJ BJ BJ BJ",
            "5S 5S",
            *["5C", "9S", "9C", "8S", "8C", "7S", "7C"],
        ],
        pile="6S",
    )
    capped, complete = g.legal_actions_capped(20_000)
    plays, _others = _split(capped)
    assert not complete and len(plays) == 20_000 == len(set(plays))
    assert max(len(p.cards) for p in plays) >= 11


@pytest.mark.parametrize("hearts", [10, 12])
def test_a_capped_listing_still_offers_laying_the_whole_hand(hearts: int) -> None:
    # Both jokers and a long run of hearts on 2♥: millions of plays, the longest of them
    # (the whole hand) far past the cut, yet going out is the play nobody would miss.
    run = " ".join(f"{rank}H" for rank in [*range(3, 11), "J", "Q", "K", "A"][:hearts])
    hands = ["RJ BJ " + run, "2C 3D 4S 9D KD", "2D 3C 4C 9S", "6D 7D 8C 9C"]
    g = pos("hungarian", hands, pile="2H", stock="5S 6S 7S 8S")
    capped, complete = g.legal_actions_capped(20_000)
    plays, others = _split(capped)
    assert not complete and len(plays) == 20_000 and [str(a) for a in others] == ["draw"]
    outs = [p for p in plays if len(p.cards) == hearts + 2]
    assert outs and outs == plays[: len(outs)]  # first, in place of the last listed
    g.apply(outs[0])
    assert g.hand_counts[0] == 0 and 0 in g.placings


@pytest.mark.parametrize(
    ("hand", "pile"),
    [
        ("RJ BJ 3H 4H 5H 6H 7H 8H 9H 10H JH KC", "2H"),  # jokers as Q♥ K♥ (or J♣ Q♣), K♣
        ("RJ BJ 2H 3H 4H 6H 7H 8H 9H 10H JH QC", "5H"),  # a joker in the gap, then to ♣
    ],
)
def test_a_capped_listing_offers_a_run_turning_suit_that_lays_the_whole_hand(
    hand: str, pile: str
) -> None:
    # The listing puts groups before runs: its longest plays are groups of hearts, which no
    # club can join, so the whole hand goes down only as a run turning suit past the cut.
    g = pos("hungarian", [hand, "2C 3C 4C 5C 6C"], pile=pile, stock="8C 8D 10D QD KD 2D 3D")
    for limit in (20_000, 250_000):
        capped, complete = g.legal_actions_capped(limit)
        plays, _others = _split(capped)
        assert not complete
        outs = [p for p in plays if len(p.cards) == 12]
        assert len(outs) == 1 and outs == plays[:1]
    g.apply(outs[0])
    assert g.hand_counts[0] == 0 and 0 in g.placings


@pytest.mark.parametrize(
    ("hand", "pile"),
    [
        ("RJ BJ RJ BJ JC 2C KC 3C 9C 7C 3C 6C 6C", "2C"),  # four jokers amid a group of clubs
        ("5H 6H 7H 7C 8C 9C 9S 10S JS RJ BJ 5D", "5S"),  # a run through all four suits
    ],
)
def test_a_capped_listing_offers_going_out_where_the_jokers_are_too_many_to_fit_in(
    hand: str, pile: str
) -> None:
    others = ["4C", "4D", "4S", "JD"]
    g = pos("hungarian", [hand, *others], pile=pile, stock="8C 8D 10D QD KD 2D 3D 9S 9D")
    capped, complete = g.legal_actions_capped(20_000)
    plays, _others = _split(capped)
    assert not complete
    out = plays[0]
    assert len(out.cards) == len(g.hand(0))
    g.apply(out)
    assert g.hand_counts[0] == 0 and 0 in g.placings


def test_a_capped_listing_refuses_a_limit_below_one() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        _four_jokers().legal_actions_capped(0)


def test_passing_blocked_is_checked_without_listing_every_play() -> None:
    g = _four_jokers()
    g.stock.clear()
    del g.pile[:-1]  # nothing to draw: a seat that can lay may still not pass
    with pytest.raises(IllegalMove, match="you can lay a card"):
        g.apply(parse_action("pass"))


def test_a_cut_listing_asked_again_is_the_same_and_is_dropped_once_a_move_is_made() -> None:
    g = _four_jokers()
    first, complete = g.legal_actions_capped(500)
    again, _ = g.legal_actions_capped(500)
    assert not complete and again == first and again is not first  # a copy each time
    g.apply(first[0])  # a single card: the hand and the top change
    while g.current != 0:
        g.apply(g.legal_actions_capped(500)[0][-1])  # the others draw or pass, back to seat 0
    after, _ = g.legal_actions_capped(500)
    assert g.current == 0 and after != first
    assert all(g.copy().is_legal(a) for a in after[::50])


@pytest.mark.parametrize("before", ["legal_actions", "wider cap"])
def test_a_capped_listing_is_the_same_after_the_whole_listing_was_made(before: str) -> None:
    # Listed in full first, the position is cut as a fresh one is: going out comes first.
    hand = "3H 5H 7H 7C 9C JC RJ BJ RJ BJ"
    others = ["5S 5D", "5C 6D", "6S 7D", "9S 9D"]
    g = pos("hungarian", [hand, *others], pile="3S", stock="2S 2C 8S 8D")
    fresh, complete = g.copy().legal_actions_capped(20_000)
    assert not complete and len(fresh[0].cards) == 10  # the run laying the whole hand
    if before == "legal_actions":
        g.legal_actions()
    else:
        assert g.legal_actions_capped(250_000)[1]  # (every play: the whole listing kept)
    capped, complete = g.legal_actions_capped(20_000)
    assert not complete and capped == fresh
    assert g.legal_actions_capped(20_000)[0] == fresh  # and asked again


@pytest.mark.parametrize(
    ("hand", "pile"),
    [
        ("7S 3S 10S", "9S"),  # plays of two cards listed with their Macau call twins
        ("7S 7C 8C 9H 9C RJ 5H", "7H"),
        ("2S KS 9S JS", "8S"),  # a jack's requests as well
    ],
)
def test_a_capped_listing_is_the_same_at_every_limit_whatever_was_listed_before(
    hand: str, pile: str
) -> None:
    # A listing cut by the engine stops only between plays of different cards, so a plain play
    # and its call twin stay together; cut from a whole listing made before, the same.
    g = pos("hungarian", [hand, "4D 5D 6D 10C"], pile=pile, stock="2C 4H 6H")
    limits = range(1, 700)
    # Every cut one first: a whole listing, once made, is kept for the position.
    fresh = [g.copy().legal_actions_capped(limit) for limit in limits]
    assert not fresh[0][1] and fresh[-1][1]
    for limit, first in zip(limits, fresh, strict=True):
        listed = g.copy()
        listed.legal_actions()
        wider = g.copy()
        assert wider.legal_actions_capped(1_000)[1]
        assert listed.legal_actions_capped(limit) == first, limit
        assert wider.legal_actions_capped(limit) == first, limit

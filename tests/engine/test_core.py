"""RULES.md §2: the core every preset shares, checked for each of the seven presets."""

from __future__ import annotations

import dataclasses

import pytest

from game.engine import (
    PRESETS,
    AttackPending,
    CardsDrawn,
    Game,
    IllegalMove,
    Passed,
    PenaltyTaken,
    Phase,
    Reshuffled,
    RoundOver,
    Rules,
    TurnMissed,
)
from game.engine.cards import make_pack

from .conftest import ALL_PRESETS, filler, legal, of, one, play, plays, pos, refused

SKIP_CARD = {
    "polish": "4",
    "quick": "4",
    "classic": "4",
    "hungarian": "4",
    "romanian": "A",
    "romanian2": "4",
}

# Cards that are not plain in each preset (RULES §5): a deal never opens on them.
NOT_PLAIN = {
    "polish": {"2", "3", "4", "J", "Q", "A", "KH", "KS"},
    "quick": {"2", "3", "4", "J", "Q", "A", "KH", "KS"},
    "classic": {"2", "3", "4", "7", "A", "KH", "KS", "RJ", "BJ"},
    "hungarian": {"2", "3", "4", "J", "Q", "A", "KH", "KS", "KC", "KD", "RJ", "BJ"},
    "romanian": {"2", "3", "4", "7", "A", "RJ", "BJ"},
    "romanian2": {"2", "3", "4", "A"},
}


def _kinds(card: object) -> set[str]:
    text = str(card)
    return {text, text[:-1]}


# ----- §2.1 the deal ---------------------------------------------------------------------
@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_deal_gives_hand_size_to_each_seat_and_the_rest_is_the_stock(preset: str) -> None:
    rules = PRESETS[preset]
    for seats in range(rules.min_seats, rules.max_seats + 1):
        g = Game.new(rules, seats=seats, seed=seats)
        size = rules.hand_size_for(seats)
        assert g.hand_counts == [size] * seats
        assert len(g.pile) == 1
        assert g.stock_count == rules.pack_size(seats) - seats * size - 1
        assert g.phase is Phase.PLAY


# ----- §2.2 the starter --------------------------------------------------------------------
@pytest.mark.parametrize("preset", sorted(NOT_PLAIN))
def test_pile_starts_on_a_plain_card(preset: str) -> None:
    rules = PRESETS[preset]
    for seed in range(150):
        g = Game.new(rules, seats=2, seed=seed)
        assert not (_kinds(g.top) & NOT_PLAIN[preset]), f"seed {seed} opened on {g.top}"
        assert g.penalty == 0 and g.skips == 0 and g.request is None


def test_a_plain_starter_never_opens_on_the_five_of_five_again() -> None:
    # Custom rules: Tel-Aviv with a plain starter. Its 5 makes the same seat lay again, so it is
    # a power card and goes back like the others (RULES §2.2).
    rules = PRESETS["tel_aviv"].replace(starter="plain")
    tops = {str(Game.new(rules, seats=4, seed=seed).top) for seed in range(200)}
    power = {t for t in tops if t[:-1] in {"2", "3", "5", "A", "Q"} or t == "KH"}
    assert not power, f"opened on {sorted(power)}"
    assert len(tops) > 20


def test_tel_aviv_starter_may_be_any_card_and_counts_as_resolved() -> None:
    rules = PRESETS["tel_aviv"]
    tops = set()
    for seed in range(300):
        g = Game.new(rules, seats=3, seed=seed)
        tops.add(str(g.top)[:-1])
        assert g.phase is Phase.PLAY
        assert g.penalty == 0 and g.request is None
        assert g.suit_in_force == g.top.suit
    assert {"2", "3", "5", "A", "Q"} & tops, "an any-card starter never opened on a power card"


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_starter_bounced_back_stays_in_the_stock(preset: str) -> None:
    g = Game.new(PRESETS[preset], seats=2, seed=11)
    pack = make_pack(g.rules.decks_for(2), g.rules.jokers)
    assert sorted(map(str, g.pile + g.stock + g.hand(0) + g.hand(1))) == sorted(map(str, pack))


# ----- §2.3 who starts ---------------------------------------------------------------------
@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_seat_after_the_dealer_starts(preset: str) -> None:
    rules = PRESETS[preset]
    for dealer in range(rules.min_seats + 1):
        g = Game.new(rules, seats=rules.min_seats + 1, seed=5, dealer=dealer)
        assert g.dealer == dealer
        assert g.current == (dealer + 1) % g.seats


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_fresh_game_dealer_comes_from_the_seed(preset: str) -> None:
    dealers = {Game.new(PRESETS[preset], seats=2, seed=s).dealer for s in range(40)}
    assert dealers == {0, 1}
    assert (
        Game.new(PRESETS[preset], seats=2, seed=9).dealer
        == Game.new(PRESETS[preset], seats=2, seed=9).dealer
    )


# ----- §2.4 lay one card, several, or draw --------------------------------------------------
@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_lay_a_card_matching_suit_or_rank(preset: str) -> None:
    g = pos(preset, ["6H 8H 9C 10C", "6S 9S 10S"], "8S", filler(3, "6H 8H 9C 10C 6S 9S 10S 8S"))
    assert g.is_legal("8H")
    refused(g, "6H", "suit")
    refused(g, "9C", "suit")
    play(g, "8H")
    assert g.current == 1
    assert g.top == g.top_effective
    assert str(g.top) == "8H" and g.suit_in_force == "H"


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_drawing_is_allowed_even_with_a_playable_card(preset: str) -> None:
    g = pos(preset, ["8H 9C 10C", "6S 9S 10S"], "8S", "6C 6D")
    assert "8H" in legal(g) and "draw" in legal(g)
    events = play(g, "draw")
    assert one(events, CardsDrawn).cards == (g.hand(0)[-1],)
    assert str(g.hand(0)[-1]) == "6C"
    assert g.current == 1


@pytest.mark.parametrize("preset", [p for p in ALL_PRESETS if p != "tel_aviv"])
def test_several_cards_of_one_rank_first_one_legal_last_one_on_top(preset: str) -> None:
    g = pos(preset, ["8H 8C 8D 9C", "6S 9S 10S"], "8S", "6C 6D")
    assert g.is_legal("8H 8C")
    assert g.is_legal("8C 8D 8H")
    play(g, "8C 8D 8H")
    assert [str(c) for c in g.pile] == ["8S", "8C", "8D", "8H"]
    assert g.suit_in_force == "H"
    assert g.hand_counts == [1, 3]


def test_tel_aviv_lays_one_card_a_turn() -> None:
    g = pos("tel_aviv", ["8H 8C 9C", "6S 9S 10S"], "8S", "6C 6D")
    refused(g, "8H 8C", "one card")


@pytest.mark.parametrize("preset", [p for p in ALL_PRESETS if p != "tel_aviv"])
def test_group_whose_first_card_does_not_fit_is_refused(preset: str) -> None:
    g = pos(preset, ["9H 9S 6C", "6S 8D 10S"], "8H", "6D 10C")
    refused(g, "9S 9H", "suit")
    assert g.is_legal("9H 9S")


# ----- §2.5 the drawn card -----------------------------------------------------------------
@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_drawn_card_that_fits_may_be_laid_at_once(preset: str) -> None:
    g = pos(preset, ["6H 10C 10D", "6S 9D 10S"], "8S", "9S 6C")
    play(g, "draw")
    assert g.phase is Phase.DRAWN and g.current == 0
    assert str(g.drawn_card) == "9S"
    assert legal(g) == {"9S", "pass"}
    refused(g, "6H", "drawn")
    refused(g, "draw", "drawn")
    play(g, "9S")
    assert g.current == 1 and str(g.top) == "9S"


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_drawn_card_that_fits_may_be_kept(preset: str) -> None:
    g = pos(preset, ["6H 9C 10C", "6S 9D 10S"], "8S", "9S 6C")
    play(g, "draw")
    events = play(g, "pass")
    assert one(events, Passed).seat == 0
    assert g.current == 1 and g.hand_counts == [4, 3] and str(g.top) == "8S"


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_drawn_card_that_does_not_fit_ends_the_turn(preset: str) -> None:
    g = pos(preset, ["6H 9C 10C", "6S 9D 10S"], "8S", "6C 9S")
    play(g, "draw")
    assert g.current == 1 and g.phase is Phase.PLAY
    assert g.hand_counts == [4, 3]


# ----- §2.6 the stock runs out -------------------------------------------------------------
@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_empty_stock_is_refilled_from_the_pile_under_its_top_card(preset: str) -> None:
    g = pos(preset, ["6H 9C", "6S 9D"], "10H 10D 6C 8S")
    events = play(g, "draw")
    assert one(events, Reshuffled).count == 3
    assert [str(c) for c in g.pile] == ["8S"]
    assert g.stock_count == 2 and g.hand_counts[0] == 3


def test_reshuffle_order_is_a_fair_permutation_fixed_by_the_seed() -> None:
    from collections import Counter

    from game.engine.transitions import shuffle_cards

    pack = make_pack(1, 0)
    a, b = pack[:], pack[:]
    assert shuffle_cards(a, 99) == shuffle_cards(b, 99) and a == b  # the seed fixes the order
    assert sorted(a, key=str) == sorted(pack, key=str) and a != pack
    orders: Counter[str] = Counter()
    first: Counter[str] = Counter()
    seed = 1
    for _ in range(24_000):
        small = pack[:4]
        seed = shuffle_cards(small, seed)
        orders[" ".join(map(str, small))] += 1
        deck = pack[:40]
        seed = shuffle_cards(deck, seed)
        first[str(deck[0])] += 1
    assert len(orders) == 24 and all(800 <= n <= 1200 for n in orders.values())  # 1000 each
    assert len(first) == 40 and all(450 <= n <= 750 for n in first.values())  # 600 each


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_penalty_the_pack_cannot_pay_is_forgiven(preset: str) -> None:
    g = pos(preset, ["3H 9C 10C", "6C 9D"], "9S 8H")
    play(g, "3H")
    assert g.penalty == 3 and g.current == 1
    events = play(g, "draw")
    taken = one(events, PenaltyTaken)
    assert (taken.seat, taken.owed, taken.drawn) == (1, 3, 2)
    assert g.hand_counts == [2, 4] and g.penalty == 0 and g.stock_count == 0


def test_a_pile_of_two_under_an_empty_stock_leaves_one_card_to_draw() -> None:
    # RULES §2.6: all of the pile but its top card makes the new stock, here the one 8♦
    g = pos("polish", ["5C 6C", "5D 6S"], "8D 9H")
    assert g.drawable() == 1 and legal(g) == {"draw"}
    refused(g, "pass")
    play(g, "draw")
    assert [str(c) for c in g.pile] == ["9H"] and g.hand_counts[0] == 3


# ----- §2.7 nothing deadlocks ---------------------------------------------------------------
@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_seat_that_can_neither_lay_nor_draw_passes(preset: str) -> None:
    g = pos(preset, ["6H 9C", "6D 10C 10D"], "8S")
    assert legal(g) == {"pass"}
    refused(g, "draw", "pass")
    events = play(g, "pass")
    assert one(events, Passed).blocked
    assert g.current == 1 and not g.over


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_round_is_blocked_when_every_active_seat_passes_in_a_row(preset: str) -> None:
    g = pos(preset, ["6H 9C", "6D 10C 10D", "9D 10H"], "8S")
    events = plays(g, "pass", "pass", "pass")
    over = one(events, RoundOver)
    assert over.blocked and g.blocked and g.over
    assert g.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)
    if PRESETS[preset].scoring == "points":
        # 6H 9C = 10; 6D 10C 10D = 25; 9D 10H = 15: ranked by points, everyone charged
        assert g.places == (1, 3, 2)
        assert over.charges == (10, 25, 15)
    else:
        # fewest cards: seats 0 and 2 share first place
        assert g.places == (1, 3, 1)
        assert over.charges == (0, 0, 0)


def _waiting(g: Game, seat: int, turns: int) -> Game:
    """``g`` with ``seat`` waiting out ``turns`` missed turns (through a save and restore)."""
    data = g.to_dict()
    data["missed"][seat] = turns
    return Game.from_dict(data)


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_a_waiting_seat_does_not_hold_a_blocked_round_open(preset: str) -> None:
    # "If every active seat passes in a row" (RULES §2.7); a seat waiting out missed turns is
    # not active (§1), even though its 8H would fit once its wait is over.
    g = _waiting(pos(preset, ["6H 9C", "6D 10C 10D", "8H 10H"], "8S"), 2, 2)
    events = plays(g, "pass", "pass")
    assert one(events, RoundOver).blocked and g.over
    assert [str(c) for c in g.hand(2)] == ["8H", "10H"] and g.places[1] == 3


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_a_seat_whose_wait_ends_during_a_blocked_streak_must_pass_too(preset: str) -> None:
    g = _waiting(pos(preset, ["6H 9C", "6D 10C 10D", "9D 10H", "8H 5C"], "8S", current=1), 3, 1)
    plays(g, "pass", "pass")  # seats 1 and 2; seat 3's wait ends as the turn passes it
    assert g.missed[3] == 0 and g.current == 0
    plays(g, "pass", "pass", "pass")  # seats 0, 1 and 2 again: seat 3 has not passed yet
    assert not g.over and g.current == 3
    play(g, "8H")
    assert not g.over and g.current == 0


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_a_play_breaks_the_pass_streak(preset: str) -> None:
    g = pos(preset, ["6H 9C", "6D 10C 10D", "8D 10H"], "8S")
    plays(g, "pass", "pass", "8D")
    assert not g.over and g.current == 0


# ----- §2.8 seats passed over -------------------------------------------------------------
def played_to_places(preset: str) -> Rules:
    """``preset`` played on after a seat goes out (a first-out round ends there instead)."""
    rules = PRESETS[preset]
    return rules if rules.end == "places" else dataclasses.replace(rules, end="places")


@pytest.mark.parametrize("preset", [p for p in ALL_PRESETS if PRESETS[p].end == "first_out"])
def test_a_first_out_round_has_no_position_with_a_seat_out(preset: str) -> None:
    with pytest.raises(IllegalMove, match=r"seat 1 holds no cards.*first seat lays its last"):
        pos(preset, ["8H 9C", "", "6S 9D"], "8S", "6C 6H")


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_attack_passes_over_a_seat_that_is_out(preset: str) -> None:
    g = pos(played_to_places(preset), ["2H 9C 10C", "", "6S 9D", "6D 10D"], "8H", "6C 6H 8C 8D")
    assert g.placings == [1]
    events = play(g, "2H")
    assert one(events, AttackPending).target == 2
    assert g.current == 2 and g.penalty == 2


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_turn_passes_over_a_seat_that_is_out(preset: str) -> None:
    g = pos(played_to_places(preset), ["8H 9C", "", "6S 9D"], "8S", "6C 6H")
    play(g, "8H")
    assert g.current == 2


@pytest.mark.parametrize("preset", sorted(SKIP_CARD))
def test_waiting_seat_passed_over_uses_up_a_missed_turn(preset: str) -> None:
    k = SKIP_CARD[preset]
    g = pos(
        preset,
        [f"{k}H {k}C 2C 9H 10C", "6S 9D 10S", "9C 10D 6D 8D"],
        "8H",
        filler(4, "9H 10C 6S 9D 10S 9C 10D 6D 8D 8H"),
    )
    play(g, f"{k}H {k}C")
    assert g.skips == 2 and g.current == 1
    play(g, "pass")
    assert g.missed[1] == 1 and g.current == 2
    play(g, "9C")
    events = play(g, "2C")  # the attack goes past the waiting seat 1
    assert one(events, TurnMissed).seat == 1
    assert g.missed[1] == 0
    assert one(events, AttackPending).target == 2 and g.current == 2


# ----- §2.9 what is public ------------------------------------------------------------------
@pytest.mark.parametrize("preset", sorted(SKIP_CARD))
def test_turn_passing_a_waiting_seat_uses_up_its_missed_turn(preset: str) -> None:
    k = SKIP_CARD[preset]
    g = pos(preset, [f"{k}H {k}C 9H 10C 6H", "6S 8D 10S", "9C 9S 6D 10D"], "8H", "6C 8C 10H")
    plays(g, f"{k}H {k}C", "pass", "9C")
    events = play(g, "9H")
    assert [(e.seat, e.left) for e in of(events, TurnMissed)] == [(1, 0)]
    assert g.current == 2 and g.missed == [0, 0, 0]
    play(g, "9S")
    assert g.current == 0
    play(g, "draw")
    assert g.current == 1


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_card_counts_are_public_hands_are_not(preset: str) -> None:
    g = Game.new(PRESETS[preset], seats=3, seed=4)
    for seat in range(3):
        v = g.view(seat)
        assert list(v.hand_counts) == g.hand_counts
        assert list(v.hand) == g.hand(seat)
        assert v.stock_count == g.stock_count
        assert sorted(map(str, v.unseen())) == sorted(
            map(str, g.stock + [c for s in range(3) if s != seat for c in g.hand(s)])
        )

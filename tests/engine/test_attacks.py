"""RULES.md §3.1: attack cards, counter rules, the king of spades, and stack cancels."""

from __future__ import annotations

import pytest

from game.engine import (
    PRESETS,
    AttackPending,
    CardsDrawn,
    Game,
    PenaltyTaken,
    Phase,
    StackCancelled,
    TurnMissed,
)

from .conftest import ALL_PRESETS, legal, of, one, play, plays, pos, refused

ATTACKS = {
    "polish": {"2": 2, "3": 3, "KH": 5, "KS": 5},
    "quick": {"2": 2, "3": 3, "KH": 5, "KS": 5},
    "classic": {"2": 2, "3": 3, "KH": 5, "KS": 5, "BJ": 5, "RJ": 10},
    "hungarian": {"2": 2, "3": 3, "KH": 5, "KS": 5},
    "romanian": {"2": 2, "3": 3, "BJ": 5, "RJ": 10},
    "romanian2": {"2": 2, "3": 3},
    "tel_aviv": {"2": 2, "3": 3, "KH": 5},
}
CASES = [(p, card) for p in ALL_PRESETS for card in ATTACKS[p]]
STOCK = "5S 5H 5C 6S 6H 8C 10S 10H 9S"


def _lay(card: str) -> tuple[str, str]:
    """The notation that lays an attack card on a fitting top card, and that top card."""
    if card in ("RJ", "BJ"):
        return f"{card}/H", "8H"
    if card in ("KH", "KS"):
        return card, f"8{card[1]}"
    return f"{card}H", "8H"


def _attacked(preset: str, first: str, answers: str, top: str = "8H") -> object:
    """Seat 0 lays ``first``; seat 1 (holding ``answers``) must answer."""
    g = pos(preset, [f"{first} 9C 10C", f"{answers} 6C", "10D 5D"], top, STOCK)
    play(g, first if not first.endswith("J") else f"{first}/H")
    assert g.phase is Phase.ATTACK and g.current == (2 if first == "KS" else 1)
    return g


@pytest.mark.parametrize(("preset", "card"), CASES)
def test_attack_card_makes_the_next_seat_owe_its_penalty(preset: str, card: str) -> None:
    action, top = _lay(card)
    g = pos(preset, [f"{card if len(card) == 2 else card + 'H'} 9C 10C", "6C 9D", "6D 10D"], top)
    events = play(g, action)
    target = 2 if card == "KS" else 1
    pending = one(events, AttackPending)
    assert (pending.target, pending.total) == (target, ATTACKS[preset][card])
    assert g.current == target and g.penalty == ATTACKS[preset][card]
    assert g.phase is Phase.ATTACK


@pytest.mark.parametrize(
    ("preset", "king"),
    [(p, k) for p in ALL_PRESETS for k in ("KH", "KS") if k not in ATTACKS[p]],
)
def test_king_that_is_no_attack_card_is_plain(preset: str, king: str) -> None:
    g = pos(preset, [f"{king} 9C 10C", "6C 9D", "6D 10D"], f"8{king[1]}", "6S 8C")
    play(g, king)
    assert g.current == 1 and g.penalty == 0 and g.phase is Phase.PLAY


@pytest.mark.parametrize("preset", [p for p in ALL_PRESETS if p != "tel_aviv"])
def test_several_attack_cards_laid_at_once_add_up(preset: str) -> None:
    g = pos(preset, ["2H 2C 2D 9C", "6C 9D", "6D 10D"], "8H", STOCK)
    events = play(g, "2H 2C 2D")
    assert one(events, AttackPending).total == 6
    assert g.penalty == 6 and g.current == 1


def test_hungarian_suit_group_of_attack_cards_counts_every_card() -> None:
    g = pos("hungarian", ["2H KH 9C", "6C 9D", "6D 10D"], "8H", STOCK)
    play(g, "2H KH")
    assert g.penalty == 7 and g.current == 1


def test_hungarian_run_of_attack_cards_acts_by_its_last_card_only() -> None:
    g = pos("hungarian", ["2H 3H 9C", "6C 9D", "6D 10D"], "8H", STOCK)
    play(g, "2H 3H")
    assert g.penalty == 3 and g.current == 1


@pytest.mark.parametrize("preset", ["polish", "quick", "classic", "romanian", "romanian2"])
def test_attack_cards_of_two_ranks_are_no_group(preset: str) -> None:
    g = pos(preset, ["2H 3H 9C", "6C 9D", "6D 10D"], "8H", STOCK)
    refused(g, "2H 3H", "one rank")


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_fighting_back_adds_the_penalties_and_moves_the_total_on(preset: str) -> None:
    g = _attacked(preset, "2H", "2C")
    events = play(g, "2C")
    assert one(events, AttackPending).target == 2
    assert g.penalty == 4 and g.current == 2


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_taking_the_penalty_draws_the_whole_total_and_is_the_whole_turn(preset: str) -> None:
    g = _attacked(preset, "3H", "9D")
    assert legal(g) == {"draw"}
    events = play(g, "draw")
    drawn = one(events, CardsDrawn)
    assert drawn.penalty and drawn.count == 3
    assert one(events, PenaltyTaken).owed == 3
    assert g.hand_counts[1] == 5 and g.current == 2 and g.penalty == 0


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_after_a_penalty_the_top_card_loses_its_power(preset: str) -> None:
    g = pos(preset, ["2H 9C 10C", "6C 9D", "9H 2C 10D"], "8H", STOCK)
    plays(g, "2H", "draw")
    assert g.current == 2 and g.phase is Phase.PLAY and g.penalty == 0
    assert {"9H", "2C"} <= legal(g)
    refused(g, "10D", "suit")


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_pending_attack_refuses_passing(preset: str) -> None:
    g = _attacked(preset, "2H", "9D")
    refused(g, "pass", "attack")


# ----- counter rules ------------------------------------------------------------------------
@pytest.mark.parametrize("preset", ["polish", "quick", "romanian2"])
def test_suit_or_rank_counter_needs_the_suit_or_rank_of_the_top(preset: str) -> None:
    g = _attacked(preset, "2S", "2H 3H 3C", top="8S")
    assert g.is_legal("2H")  # rank
    refused(g, "3H", "no answer to the attack", "fight back with a 2")  # neither suit nor rank
    refused(g, "3C", "attack")
    assert _attacked(preset, "2H", "3H").is_legal("3H")  # suit


@pytest.mark.parametrize("preset", ["polish", "quick"])
def test_suit_or_rank_lets_king_of_hearts_on_a_two_of_hearts(preset: str) -> None:
    g = _attacked(preset, "2H", "KH KS")
    assert g.is_legal("KH")
    refused(g, "KS", "attack")
    play(g, "KH")
    assert g.penalty == 7 and g.current == 2


@pytest.mark.parametrize("preset", ["polish", "quick"])
def test_suit_or_rank_lets_king_of_spades_on_king_of_hearts(preset: str) -> None:
    g = _attacked(preset, "KH", "KS", top="8H")
    events = play(g, "KS")
    # the king of spades sends the total back to the seat before its player
    assert one(events, AttackPending).target == 0
    assert g.penalty == 10 and g.current == 0


@pytest.mark.parametrize("preset", ["classic", "romanian"])
def test_pool_counter_takes_any_attack_card_whatever_the_suit(preset: str) -> None:
    g = _attacked(preset, "2H", "3C BJ")
    assert g.is_legal("3C")
    assert g.is_legal("BJ/S")
    play(g, "3C")
    assert g.penalty == 5


def test_pool_counter_takes_king_of_spades_on_a_two_in_classic() -> None:
    g = _attacked("classic", "2H", "KS")
    play(g, "KS")
    assert g.current == 0 and g.penalty == 7


def test_same_rank_counter_in_tel_aviv_only_stacks_a_rank_on_itself() -> None:
    g = _attacked("tel_aviv", "2H", "2C 3H KH")
    assert g.is_legal("2C")
    refused(g, "3H", "no answer to the attack", "fight back with a 2, or draw")
    refused(g, "KH", "attack")
    play(g, "2C")
    assert g.penalty == 4


def test_same_rank_counter_in_tel_aviv_stacks_king_of_hearts_on_nothing_but_itself() -> None:
    g = _attacked("tel_aviv", "3H", "3C 2H")
    assert legal(g) == {"3C", "draw"}


def test_hungarian_counter_two_and_three_on_any_two_or_three() -> None:
    g = _attacked("hungarian", "2H", "3C 2S KH")
    assert g.is_legal("3C") and g.is_legal("2S")
    # A stand-in joker may be laid as a 2 or a 3 (RJ=2S): it answers too.
    refused(g, "KH", "no answer to the attack", "fight back with a 2, a 3 or a joker,")


def test_hungarian_counter_two_and_three_on_a_battle_king() -> None:
    g = _attacked("hungarian", "KH", "2C 3S")
    assert g.is_legal("2C") and g.is_legal("3S")


def test_hungarian_counter_battle_king_on_battle_king() -> None:
    g = _attacked("hungarian", "KH", "KS")
    play(g, "KS")
    assert g.penalty == 10 and g.current == 0


# ----- the king of spades ----------------------------------------------------------------
@pytest.mark.parametrize("preset", [p for p in ALL_PRESETS if "KS" in ATTACKS[p]])
def test_king_of_spades_hits_previous_seat(preset: str) -> None:
    g = pos(preset, ["9C 10C", "6C 9D", "KS 10D 6D", "9H 8D"], "8S", STOCK, current=2)
    events = play(g, "KS")
    assert one(events, AttackPending).target == 1
    assert g.current == 1 and g.penalty == 5


@pytest.mark.parametrize("preset", [p for p in ALL_PRESETS if "KS" in ATTACKS[p]])
def test_after_king_of_spades_penalty_the_seat_after_its_player_moves(preset: str) -> None:
    g = pos(preset, ["9C 10C", "6C 9D", "KS 10D 6D", "9H 8D"], "8S", STOCK, current=2)
    plays(g, "KS", "draw")
    assert g.hand_counts[1] == 7
    assert g.current == 3 and g.phase is Phase.PLAY


@pytest.mark.parametrize("preset", [p for p in ALL_PRESETS if "KS" in ATTACKS[p]])
def test_king_of_spades_heads_up_lets_its_player_move_again(preset: str) -> None:
    g = pos(preset, ["KS 10D 6D", "6C 9D"], "8S", STOCK)
    plays(g, "KS", "draw")
    assert g.hand_counts == [2, 7]
    assert g.current == 0 and g.phase is Phase.PLAY


@pytest.mark.parametrize("preset", ["polish", "quick"])
def test_last_attack_card_laid_sets_the_direction(preset: str) -> None:
    g = pos(preset, ["9C 10C", "KH 9D", "KS 10D 6D", "9H 8D"], "8S", STOCK, current=2)
    play(g, "KS")  # seat 1 owes 5
    events = play(g, "KH")  # a king of hearts sends the total forward again
    assert one(events, AttackPending).target == 2
    assert g.current == 2 and g.penalty == 10
    play(g, "draw")
    assert g.current == 3


# ----- answers that are not attack cards -------------------------------------------------
@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_queen_ace_jack_or_ordinary_card_never_answers_an_attack(preset: str) -> None:
    g = _attacked(preset, "2H", "QH AH JH 9H")
    for card in ("QH", "JH", "9H"):
        refused(g, card, "attack")
    refused(g, "AH/H" if preset != "romanian" else "AH", "attack")
    assert legal(g) == {"draw"}


# ----- stack cancels -----------------------------------------------------------------------
@pytest.mark.parametrize("stack", ["2H", "KS", "RJ"])
def test_classic_any_seven_cuts_a_waiting_stack(stack: str) -> None:
    top = "8S" if stack == "KS" else "8H"
    g = pos("classic", [f"{stack} 9C 10C", "7C 6C", "6D 10D 7S"], top, STOCK)
    play(g, stack if stack != "RJ" else "RJ/H")
    seat = g.current
    seven = "7S" if stack == "KS" else "7C"
    owed = g.penalty
    events = play(g, seven)
    cut = one(events, StackCancelled)
    assert (cut.seat, str(cut.card), cut.total) == (seat, seven, owed)
    assert g.penalty == 0 and not of(events, CardsDrawn)
    assert g.suit_in_force == seven[1] and str(g.top) == seven
    assert g.phase is Phase.PLAY and g.skips == 0
    # After a K♠ stack play goes on from the seat after the K♠'s player (seat 0), as after a
    # penalty taken; otherwise from the seat after the one who cut.
    assert g.current == (1 if stack == "KS" else (seat + 1) % 3)


def test_a_cut_king_of_spades_does_not_hand_its_player_another_turn() -> None:
    g = pos(
        "classic",
        ["9C 8C 10C", "7D 8D", "KS 9S 6D", "9H 8H 10H"],
        "5S",
        "5C 6C 6S 8S 10S",
        current=2,
    )
    play(g, "KS")
    assert g.current == 1 and g.penalty == 5
    play(g, "7D")
    assert g.current == 3 and g.penalty == 0


def test_classic_seven_cut_may_bring_more_sevens() -> None:
    g = pos("classic", ["2H 9C 10C", "7C 7D 6C", "6D 10D"], "8H", STOCK)
    play(g, "2H")
    play(g, "7C 7D")
    assert g.suit_in_force == "D" and g.penalty == 0 and g.current == 2


@pytest.mark.parametrize("preset", [p for p in ALL_PRESETS if p != "classic"])
def test_seven_does_not_cut_a_stack_outside_classic(preset: str) -> None:
    g = _attacked(preset, "2H", "7H")
    refused(g, "7H" if preset != "romanian" else "7H/H", "attack")


@pytest.mark.parametrize("plain_king", ["KC", "KD"])
def test_hungarian_plain_king_blocks_a_battle_king(plain_king: str) -> None:
    g = _attacked("hungarian", "KH", plain_king)
    events = play(g, plain_king)
    assert one(events, StackCancelled).total == 5
    assert g.penalty == 0 and g.current == 2 and g.phase is Phase.PLAY


def test_hungarian_battle_king_laid_after_the_cutting_king_attacks_anew() -> None:
    # K♣ cuts the K♥ stack; the K♠ laid on it in the same play acts as the last card does.
    g = pos("hungarian", ["KH 8D 8C", "KC KS 6D 10D", "5H 8H 6C", "7H 7C"], "9H", "5C 5D 9C")
    play(g, "KH")
    events = play(g, "KC KS")
    assert one(events, StackCancelled).total == 5
    assert one(events, AttackPending).total == 5
    assert g.penalty == 5 and g.current == 0 and g.phase is Phase.ATTACK  # K♠: the seat before


def test_hungarian_plain_king_laid_last_after_the_cut_attacks_nobody() -> None:
    g = pos("hungarian", ["KH 8D 8C 9S", "KC KS KD 6D 10D", "5H 8H 6C", "7H 7C"], "9H", "5C 5D 9C")
    play(g, "KH")
    events = play(g, "KC KS KD")  # a mixed group after the cut: only the last card acts
    assert one(events, StackCancelled).total == 5
    assert not [e for e in events if isinstance(e, AttackPending)]
    assert g.penalty == 0 and g.current == 2 and g.phase is Phase.PLAY


def test_hungarian_plain_king_does_not_block_a_two() -> None:
    g = _attacked("hungarian", "2H", "KC KD")
    refused(g, "KC", "attack")


@pytest.mark.parametrize("stack", ["2H", "3H", "BJ"])
def test_romanian_four_blocks_a_stack_of_twos_threes_or_jokers(stack: str) -> None:
    g = pos("romanian", [f"{stack} 9C 10C", "4C 6C", "6D 10D"], "8H", STOCK)
    play(g, stack if stack != "BJ" else "BJ/H")
    events = play(g, "4C")
    assert one(events, StackCancelled).card.rank == 4
    assert g.penalty == 0 and g.skips == 0 and g.current == 2
    assert g.suit_in_force == "C"


@pytest.mark.parametrize("preset", [p for p in ALL_PRESETS if p != "romanian"])
def test_four_does_not_block_a_stack_outside_romanian(preset: str) -> None:
    g = _attacked(preset, "2H", "4H")
    refused(g, "4H", "attack")


def test_draw_wild_joker_answers_any_attack_in_classic() -> None:
    g = _attacked("classic", "3S", "RJ", top="8S")
    events = play(g, "RJ/D")
    assert one(events, AttackPending).total == 13
    assert g.current == 2


def test_a_cut_that_ends_the_round_passes_no_waiting_seat() -> None:
    g = pos(
        "classic",
        ["KS 9D 9H", "5D 6D 7D", "7S"],
        "3S",
        "9C 10C JC QC 5H 6H 7H 8H",
        current=0,
    )
    g.missed[1] = 1
    play(g, "KS")
    events = play(g, "7S")  # seat 2 cuts with its last card: the round is over
    assert not of(events, TurnMissed) and g.over and g.missed[1] == 1


def test_hungarian_counter_rule_holds_for_every_card_laid_together_on_an_attack() -> None:
    # 3♠ answers the 2♥, but a battle king never goes on a 2 or a 3 (counter rule hungarian),
    # so the K♠ may not ride in on a group of one suit.
    g = pos("hungarian", ["2H KC 10C", "3S KS 5C", "10D 6D", "7C 8C"], "8H", "5S 6S 5D 6H 10S 9S")
    play(g, "2H")
    assert legal(g) == {"3S", "draw"}
    refused(g, "3S KS", "K♠ cannot go on 3♠ (only 2♠, a 3 or a joker may)")
    g = pos("hungarian", ["3H 9C 10C", "2H KH 5C", "10D 6D", "7C 8C"], "8H", "5S 6S 5D 6H 10S 9S")
    play(g, "3H")
    refused(g, "2H KH", "K♥ cannot go on 2♥")
    play(g, "2H")
    assert g.penalty == 5


def test_hungarian_battle_kings_then_a_two_may_go_together_on_a_battle_king() -> None:
    # battle kings on battle kings, and 2s and 3s on a battle king
    g = pos("hungarian", ["KH 9C 10C", "KS 2S 5C", "10D 6D", "7C 8C"], "8H", "5S 6S 5D 6H 10S 9S")
    play(g, "KH")
    play(g, "KS 2S")
    assert g.penalty == 12


def test_refusal_offers_a_cut_only_where_one_exists_for_this_stack() -> None:
    # hungarian cuts only a battle king's stack (K♣/K♦), never a stack of 2s
    g = pos("hungarian", ["2H 9C 10C", "9H 5C KC", "10D 6D", "7C 8C"], "8H", "5S 6S 5D 6H 10S 9S")
    play(g, "2H")
    message = refused(g, "9H", "no answer to the attack")
    assert "cut" not in message
    g = pos("hungarian", ["KH 9C 10C", "9H 5C KC", "10D 6D", "7C 8C"], "8H", "5S 6S 5D 6H 10S 9S")
    play(g, "KH")
    assert "block the stack with K♣, K♦ or a joker" in refused(g, "9H", "no answer to the attack")


def test_a_refusal_on_an_attack_names_the_cards_that_answer_it() -> None:
    # In words a player knows, not the counter rule's option name.
    g = pos("polish", ["2H 9C", "5D 6C 7S", "8C"], "8H", "9S 10S JS QS")
    play(g, "2H")
    refused(g, "5D", "fight back with a 2, 3♥ or K♥, or draw the penalty")
    g = pos("hungarian", ["KH 9C 10C", "3S KS 5C", "10D 6D", "7C 8C"], "8H", "5S 6S 5D 6H 10S")
    play(g, "KH")
    refused(
        g,
        "5C",
        "fight back with a 2, a 3, K♠ or a joker, or block the stack with K♣, K♦ or a joker",
    )
    g = pos("tel_aviv", ["2H 9C", "5D 6C 7S", "8C"], "8H", "9S 10S JS QS")
    play(g, "2H")
    refused(g, "5D", "fight back with a 2, or draw")


def test_the_card_on_top_is_no_answer_to_itself_with_one_deck() -> None:
    # Tel-Aviv at four seats plays one deck: the K♥ on the pile is the only one, so nothing
    # fights it back and the words say only to take the cards.
    g = pos("tel_aviv", ["KH 9C 4D", "8C 7C", "5S 6S", "8D 9D"], "5H", "2C 3C 4C 6C")
    play(g, "KH")
    assert g.attack_answers() == ("", "")
    g = pos("polish", ["KH 9C 4D", "8C 7C", "5S 6S", "8D"], "5H", "2C 3C 4C 6C")
    play(g, "KH")
    assert g.attack_answers() == ("K♠, 2♥ or 3♥", "")
    # With two decks the other K♥ may be in a hand: it is named.
    g = pos("polish", ["KH 9C 4D", "8C 7C", "5S 6S", "8D", "9D"], "5H", "2C 3C 4C 6C")
    play(g, "KH")
    assert g.attack_answers() == ("K♠, K♥, 2♥ or 3♥", "")
    # A rank that answers in every suit keeps its word, though one of its cards is on top.
    g = pos("polish", ["2H 9C", "5D 6C 7S", "8C"], "8H", "9S 10S JS QS")
    play(g, "2H")
    assert g.attack_answers() == ("a 2, 3♥ or K♥", "")


def test_a_card_a_stand_in_joker_can_be_laid_as_is_still_an_answer() -> None:
    # Every K♥ is on the pile, but a joker standing in may be laid as one: the joker is named
    # (no hand can hold the K♥ itself).
    rules = PRESETS["tel_aviv"].replace(jokers=2, joker_role="any_card")
    g = Game.from_position(rules, hands=["KH 9C 8D", "RJ 6C 5D", "7S 8S 6D"], pile="9S 9H")
    play(g, "KH")
    assert "RJ=KH" in [str(a) for a in g.legal_actions()]
    assert g.attack_answers() == ("a joker", "")
    refused(g, "6C", "fight back with a joker, or draw the penalty")
    g = pos("hungarian", ["KH 9C 8D", "RJ 6C 5D", "7S 8S 6D"], "KS 9H", "2C 3C 4C")
    play(g, "KH")
    assert g.attack_answers()[0] == "a 2, a 3 or a joker"  # both battle kings on the pile


def test_an_attack_nothing_can_fight_back_is_refused_in_plain_words() -> None:
    g = pos("tel_aviv", ["KH 9C 4D", "8C 7C", "5S 6S", "8D 9D"], "5H", "2C 3C 4C 6C")
    play(g, "KH")
    refused(g, "8C", "you owe 5 cards, and nothing fights it back: draw the penalty")
    rules = PRESETS["tel_aviv"].replace(plain_kings_block=True)
    g = Game.from_position(rules, hands=["KH 9C 4D", "KC 5C", "5S 6S"], pile="5H", stock="2C 3C")
    play(g, "KH")
    refused(
        g, "5C", "you owe 5 cards; nothing fights it back: block the stack with K♣ or K♦, or draw"
    )


def test_drawable_counts_what_a_penalty_can_still_draw() -> None:
    g = pos("polish", ["9D 10D 5S", "2H 6C", "KH 8C"], "5D 6D 7H", "4C", current=1)
    assert g.drawable() == 3  # the stock, and the pile under its top card
    plays(g, "2H", "KH")
    assert g.penalty == 7 and g.drawable() == 5
    taken = one(play(g, "draw"), PenaltyTaken)
    assert (taken.owed, taken.drawn) == (7, 5) and g.drawable() == 0

"""The table's hint: the medium bot's move in your place, selected and put into words."""

from __future__ import annotations

import random

import pygame
import pytest

from game.bots import make_bot
from game.engine import DRAW, PASS, PRESETS, Game, Phase, Play, Stop, parse_action
from game.ui.hint import describe, suggest
from tests.ui.tablekit import Harness

SPARE = "9H 10H JC QH KS 6C 5D 10S 9D KC 5C 6S 7S 8S 2S 3S JH"


def polish(hands: list[str], pile: str, current: int = 0) -> Game:
    used = " ".join([*hands, pile]).split()
    spare = " ".join(c for c in SPARE.split() if c not in used)
    return Game.from_position(
        PRESETS["polish"], hands=hands, pile=pile, stock=spare, current=current
    )


def test_h_selects_the_medium_bots_play_and_enter_lays_it() -> None:
    h = Harness(polish(["7S 9C 7H 10D", "2C 4D 9S", "3H 6D", "KD 8D"], "5H"))
    legal = h.game.legal_actions(0)
    expected = suggest(h.game, 0, legal, h.table.version)
    assert isinstance(expected, Play)
    h.key(pygame.K_h, "h")
    picked = [h.table.hand.by_uid(u) for u in h.table.hand.selection]
    assert tuple(hc.card for hc in picked if hc is not None) == expected.cards
    assert h.table.toast is not None and h.table.toast[0].startswith("Hint: lay ")
    assert not h.table.toast_error
    before = h.hand_codes()
    h.key(pygame.K_RETURN)
    h.tick(3)
    assert [c.code for c in h.game.pile[-len(expected.cards) :]] == [c.code for c in expected.cards]
    assert len(h.hand_codes()) == len(before) - len(expected.cards)
    assert h.table.toast is None  # the hint was about a position that is gone


def test_the_hint_is_what_a_medium_bot_in_that_chair_would_do() -> None:
    g = polish(["7S 9C 7H 10D", "2C 4D 9S", "3H 6D", "KD 8D"], "5H")
    legal = g.legal_actions(0)
    bot_choice = make_bot("medium").choose(g.view(0), legal, random.Random(3))
    assert suggest(g, 0, legal, 3) == bot_choice
    assert suggest(g, 0, [], 3) is None


def test_a_draw_hint_selects_nothing_and_says_so() -> None:
    # Nothing fits 5H (no heart, no 5, no queen): the only move is to draw.
    h = Harness(polish(["8S 9C 10D", "2C 4D 9S", "3H 6D", "KD 8D"], "5H"))
    h.table.hand.selection = [h.table.hand.cards[0].uid]
    h.tick()  # the Play button joins the row, and the row is laid out again
    h.click(h.table.hint_button.rect.center)
    assert h.table.hand.selection == []
    assert h.table.toast is not None and h.table.toast[0] == "Hint: draw a card — press Enter"
    assert h.game.current == 0  # a hint never moves for you


def test_the_hint_button_shows_only_on_your_turn() -> None:
    h = Harness(polish(["7S 9C 7H 10D", "2C 4D 9S", "3H 6D", "KD 8D"], "5H"))
    assert h.table.hint_button.visible
    h.key(pygame.K_d)
    h.tick(3)
    while h.game.phase == Phase.DRAWN:
        h.key(pygame.K_SPACE)
        h.tick(3)
    assert h.game.current != 0
    assert not h.table.hint_button.visible
    h.key(pygame.K_h, "h")
    assert h.table.toast is None


def test_hints_in_words() -> None:
    names = ["You", "Ada", "Ben", "Cleo"]
    attack = Game.from_position(
        PRESETS["polish"],
        hands=["2H 9C", "8S 9S", "3H 6D", "KD 8D"],
        pile="5H",
        stock="9H 10H JC QH KS 6C 5D 10S 9D",
        current=0,
    )
    attack.apply("2H")
    assert describe(attack, DRAW, names) == "Hint: take the 2 cards"
    g = polish(["7S 9C 7H 10D", "2C 4D 9S", "3H 6D", "KD 8D"], "5H")
    assert describe(g, DRAW, names) == "Hint: draw a card"
    assert describe(g, parse_action("7H 7S"), names) == "Hint: lay 7♥ then 7♠"
    assert describe(g, parse_action("7H 7S 7D"), names) == "Hint: lay 7♥, 7♠, 7♦"
    assert describe(g, parse_action("AS/H"), names) == "Hint: lay A♠ and name hearts"
    assert describe(g, parse_action("AS/*"), names) == "Hint: lay A♠ and name a free suit"
    assert describe(g, parse_action("JC/8"), names) == "Hint: lay J♣ and ask for 8s"
    assert describe(g, parse_action("JC/-!"), names) == (
        "Hint: lay J♣ and ask for nothing, calling Macau"
    )
    assert describe(g, parse_action("RJ=KH"), names) == "Hint: lay the red joker as K♥"
    assert describe(g, parse_action("stop 2"), names) == (
        "Hint: stop Macau on Ben: they forgot to call it"
    )
    drawn = polish(["8S 9C 10D", "2C 4D 9S", "3H 6D", "KD 8D"], "5H")
    drawn.apply(DRAW)
    assert drawn.phase == Phase.DRAWN
    assert describe(drawn, PASS, names) == "Hint: keep the card you drew"


@pytest.mark.parametrize(
    ("stock", "said"),
    [
        ("9H", "Hint: take the 2 cards (the rest is forgiven)"),
        ("", "Hint: take the card (the rest is forgiven)"),
    ],
)
def test_a_hint_to_take_a_penalty_counts_what_can_still_be_drawn(stock: str, said: str) -> None:
    # 3♣ makes you owe 3; one card in the stock and one under the pile's top can be drawn,
    # or with none in the stock just that one (RULES §2.6).
    g = Game.from_position(
        PRESETS["polish"],
        hands=["9C 5D", "8S 9S", "3H 6D", "KD 3C 4S"],
        pile="5C",
        stock=stock,
        current=3,
    )
    g.apply("3C")
    assert g.phase == Phase.ATTACK and g.penalty == 3
    assert describe(g, DRAW, ["You", "Ada", "Ben", "Cleo"]) == said


def test_enter_after_a_hint_names_the_suit_the_hint_named() -> None:
    # The hint lays the ace and names a suit: Enter plays exactly that, with no chooser asking
    # again (where the chooser would open on the ace's own suit).
    h = Harness(polish(["AS 9H 10H 8C", "2C 4D 9S", "3H 6D", "KD 8D"], "5S"))
    expected = suggest(h.game, 0, h.game.legal_actions(0), h.table.version)
    assert isinstance(expected, Play) and expected.cards[-1].code == "AS"
    assert expected.choice is not None and expected.choice != "S"
    h.key(pygame.K_h, "h")
    h.key(pygame.K_RETURN)
    h.tick(3)
    assert h.game.pile[-1].code == "AS"
    assert h.game.suit_in_force == expected.choice


def test_enter_after_a_hint_lays_the_hinted_joker_card() -> None:
    # The joker goes out with the king (the bots keep a joker that sheds only a card more).
    rules = PRESETS["hungarian"]
    g = Game.from_position(
        rules, hands=["KS RJ", "KH 9C", "10D 6D"], pile="7S", stock="4C 4D 4H 6H 7H 8C"
    )
    expected = suggest(g, 0, g.legal_actions(0), 0)
    assert isinstance(expected, Play) and expected.declared is not None
    h = Harness(g)
    h.key(pygame.K_h, "h")
    h.key(pygame.K_RETURN)
    h.tick(3)
    assert h.game.current != 0 or h.game.phase is not Phase.PLAY
    laid = expected.cards
    assert [c.code for c in h.game.pile[-len(laid) :]] == [c.code for c in laid]
    assert [e.code for e in h.game.pile_eff[-len(laid) :]] == [
        (d or c).code for c, d in zip(laid, expected.declared, strict=True)
    ]


def test_enter_after_a_draw_hint_draws() -> None:
    h = Harness(polish(["8S 9C 10D", "2C 4D 9S", "3H 6D", "KD 8D"], "5H"))
    h.key(pygame.K_h, "h")
    assert h.table.toast is not None and h.table.toast[0] == "Hint: draw a card — press Enter"
    h.key(pygame.K_RETURN)
    h.tick(3)
    assert len(h.game.hand(0)) == 4  # drew the card the hint said to draw


def test_the_hint_goes_out_with_both_jokers_and_ten_hearts() -> None:
    # Millions of plays, the table lists 20,000: laying all twelve cards is among them.
    hand = "RJ BJ 3H 4H 5H 6H 7H 8H 9H 10H JH QH"
    hands = [hand, "2C 3D 4S 9D KD", "2D 3C 4C 9S", "6D 7D 8C 9C"]
    g = Game.from_position(PRESETS["hungarian"], hands, pile="2H", stock="5S 6S 7S 8S")
    h = Harness(g)
    h.key(pygame.K_h, "h")
    h.tick(2)
    assert len(h.table.hand.selection) == 12
    h.key(pygame.K_RETURN)
    h.tick(30)
    assert g.hand_counts[0] == 0


def test_a_hint_goes_when_another_seat_catches_a_forgotten_macau_in_your_turn() -> None:
    # West lays its last but one card without calling; your hint says to stop Macau on it,
    # then East catches West first: the hint is about a position that is gone.
    game = Game.from_position(
        PRESETS["polish"],
        hands=["7S QC 9C 5D", "8C 8S KD", "7C 9D"],
        pile="5H 7H",
        stock="9H KC 4S 6D 10S 10D 9S 3C 4D 6H 8D JC QH",
        current=2,
    )
    h = Harness(game)
    assert h.table.apply(parse_action("7C"), 2)  # no call
    h.settle()
    assert h.game.current == 0 and h.game.macau_catchable == 2
    h.key(pygame.K_h)
    assert h.table.toast is not None and "stop Macau" in h.table.toast[0]
    assert h.table.apply(Stop(2), 1)
    assert h.table.toast is None


def test_a_joker_laid_first_among_others_reads_as_the_one_card_it_stands_for() -> None:
    """ "red joker as A♥, 5♥, 8♥" read as one joker standing for three cards: each joker is
    written as the card it stands for, with which joker it is."""
    from game.ui.moves import played_words

    play = parse_action("RJ=AH 5H 8H BJ=5H")
    assert isinstance(play, Play)
    assert played_words(play.cards, play.declared) == "A♥ (red joker), 5♥, 8♥, 5♥ (black joker)"
    assert played_words(play.cards, play.declared, short=True) == ("A♥ (joker), 5♥, 8♥, 5♥ (joker)")
    lone = parse_action("RJ=KH")
    assert isinstance(lone, Play)
    assert played_words(lone.cards, lone.declared) == "red joker as K♥"


def test_a_suit_the_card_names_itself_is_not_told_as_a_choice() -> None:
    # Tel-Aviv: a queen takes its own suit, with no chooser; an ace's suit is chosen.
    g = Game.from_position(
        PRESETS["tel_aviv"], hands=["QD 9C AS", "8S 9S 5C"], pile="5D", stock="9H 10H JC 6C"
    )
    legal = g.legal_actions()
    queen = next(a for a in legal if isinstance(a, Play) and a.cards[0].code == "QD")
    assert describe(g, queen, ["You", "Ada"], legal) == "Hint: lay Q♦, which names diamonds"
    ace = next(a for a in legal if isinstance(a, Play) and str(a).startswith("AS/H"))
    assert describe(g, ace, ["You", "Ada"], legal) == "Hint: lay A♠ and name hearts"


def test_a_joker_laid_is_the_joker_in_the_hint() -> None:
    g = Game.from_position(
        PRESETS["classic"], hands=["RJ 9C", "8S 9S"], pile="5D", stock="9H 10H JC 6C"
    )
    legal = g.legal_actions()
    joker = next(a for a in legal if isinstance(a, Play) and a.cards[0].code == "RJ")
    assert describe(g, joker, ["You", "Ada"], legal).startswith("Hint: lay the red joker and name ")


def test_a_stand_in_joker_leading_a_group_is_told_as_its_card() -> None:
    g = Game.from_position(
        PRESETS["hungarian"], hands=["RJ 5C", "8S 9S 10H"], pile="7C", stock="9H 10D JC 6C"
    )
    legal = g.legal_actions()
    group = next(
        a for a in legal if isinstance(a, Play) and len(a.cards) == 2 and a.cards[0].is_joker
    )
    told = describe(g, group, ["You", "Ada"], legal)
    assert told.startswith("Hint: lay ") and "the" not in told.split()[2], told
    assert "(red joker)" in told

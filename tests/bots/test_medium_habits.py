"""Medium's habits as docs/bots.md and the README describe them, each in a built position."""

from __future__ import annotations

import random

from game.bots import make_bot
from game.engine import PRESETS, Game, parse_action


def _moves(g: Game, seeds: int = 8) -> set[str]:
    return {
        str(make_bot("medium").choose(g.view(g.current), g.legal_actions(), random.Random(seed)))
        for seed in range(seeds)
    }


def test_medium_skips_a_next_seat_on_its_last_card_and_not_one_with_many() -> None:
    # docs/bots.md: "an attack or a skip gets a bonus that grows as its target ... gets low on
    # cards". Polish, three seats, 4S (a skip) or 9S on 6S.
    def game(next_hand: str) -> Game:
        return Game.from_position(
            "polish",
            ["4S 9S KC 5D 7H", next_hand, "2C 3C 5C 6C 8D"],
            "6S",
            "7C 8H 9H 10H 5H 6H",
            current=0,
        )

    assert _moves(game("8C")) == {"4S"}
    assert _moves(game("8C 9D 10C JD QC")) == {"9S"}


def test_medium_cuts_a_stack_rather_than_take_the_penalty() -> None:
    # docs/bots.md: "a cut (a cancelling card) is always preferred to taking the penalty".
    # Classic: a 7 cuts; 2H laid on medium, whose only answer is the 7.
    for seven in ("7H", "7S"):
        g = Game.from_position(
            "classic",
            ["2H 6D 8D", f"{seven} 9C 10D KC 5S"],
            "9H",
            "7C 8H 9S 10H 5D 6H 8C 9D",
            current=0,
        )
        g.apply(parse_action("2H"))
        assert g.view(1).penalty == 2
        assert _moves(g) == {seven}


def test_medium_passes_two_missed_turns_on_with_a_stand_in_joker() -> None:
    # docs/bots.md: "missed turns are passed on with a joker only when two or more are
    # coming" (one is waited out: test_medium_waits_out_one_missed_turn_...).
    g = Game.from_position(
        "hungarian",
        ["4H 4C 9C 8D 7D KD 6C 5C", "RJ 9S 10S 8S 6S"],
        "5H",
        "7C 8C 9D 10D 5S 6D",
        current=0,
    )
    g.apply(parse_action("4H 4C"))
    assert g.view(1).skips == 2
    assert _moves(g) == {"RJ=4S"}


def test_medium_lays_the_odd_card_first_at_three_and_four_seats_too() -> None:
    # docs/bots.md: the out-next chance counts "times 40 heads-up (20 at more seats)"; README:
    # "lays an odd card first where the group it keeps can go out next turn".
    others = ["10S 10D 9D 7D 6D", "2C 3C 7C 8C JC", "KS QS JS 10C 9C"]
    for seats in (3, 4):
        g = Game.from_position(
            "polish", ["9H 5S 5C 5H", *others[: seats - 1]], "6H", "2D 3D 4D 8D 2S 3S 4S 4H"
        )
        assert _moves(g, 10) == {"9H"}, seats


def test_medium_sheds_a_pair_and_keeps_the_queen_as_its_last_card() -> None:
    # README: medium "sheds groups, saves a queen for when nothing fits"; a wild last card
    # goes out on anything. 3C 3S leaves QH alone; 3C alone keeps 3S QH.
    for nxt in ("8D KC", "8D KC 9H 10H 5H 6H"):
        g = Game.from_position("polish", ["3C 3S QH", nxt], "9C", "2D 2H 5D 6S 7S 9D JD", current=0)
        assert _moves(g) == {"3C 3S!"}, nxt


def test_medium_keeps_its_2_when_the_only_other_seat_waits_even_with_three_cards() -> None:
    # docs/bots.md: an attack is weighed "as nothing where every other seat waits (it then
    # lapses ...)". With three cards left, medium's own count must not be read as a target.
    g = Game.from_position(
        "polish", ["4H 4S 2S 9S 8D", "5D"], "9H", "3D 3H 7S 7H 8S JS JH 2D 10H 5H"
    )
    for act in ("4H 4S", "pass"):
        g.apply(parse_action(act))
    assert g.current == 0 and g.view(0).missed_turns[1] > 0
    assert _moves(g, 6) == {"9S"}


def test_heads_up_medium_asks_for_nothing_after_one_full_circle_of_drawn_jacks() -> None:
    # docs/bots.md: "nothing, too, for a jack just drawn when every seat, itself included,
    # last drew a card and laid it, a jack with a request". Heads-up: each seat has drawn a
    # jack and laid it asking for a rank the other cannot meet, and seat 0 draws a third.
    rules = PRESETS["polish"].replace(groups="none")
    g = Game.from_position(rules, ["5C 6C", "8D 9D"], "9H", "JH JS JD 7C 7D 8S 10S 2H")
    for act in ("draw", "JH/6", "draw", "JS/8", "draw"):
        g.apply(parse_action(act))
    assert g.current == 0 and str(g.view(0).drawn) == "JD"
    assert _moves(g) == {"JD/-"}


def test_medium_takes_a_small_stack_rather_than_send_k_spades_back_to_a_long_hand() -> None:
    # docs/bots.md: "if the stack would likely come straight back to a seat with no defence
    # left, takes a small penalty rather than waste its only defence". Three seats: 3S is
    # laid on medium by seat 2 (twelve cards left); K♠ would send 8 back at seat 2, whose
    # answer (a 2, a 3, K♥) attacks medium again, and medium keeps no other defence.
    from game.engine.cards import STANDARD_52

    hands = ["KS 8S 4S 4D QC 9S", "QH 10H 9D 6D", "3S 8H 2S 6H AH QD JS 4H KC 10S 9H 5C AC"]
    pile = "KD 10D 2D 3D 3C JC 5H 2H 3H 7H 7D 5D 5S"
    used = set(" ".join([*hands, pile]).split())
    stock = " ".join(str(c) for c in STANDARD_52 if str(c) not in used)
    g = Game.from_position("polish", hands, pile, stock, current=2)
    g.apply(parse_action("3S"))
    assert g.current == 0 and g.view(0).penalty == 3
    assert _moves(g) == {"draw"}


def test_medium_keeps_a_cutting_seven_and_lays_a_plain_card_of_the_suit() -> None:
    # docs/bots.md: giving up "stack-cancelling cards (cutting sevens, blocking kings, fours)"
    # costs what they are worth to keep. Classic: 7S and 9S both follow 6S.
    g = Game.from_position(
        "classic", ["7S 9S 5D KC", "10H 10D 9D 8D 6D"], "6S", "2C 3C 4C 5C 6C 8C 10C 3D 4H"
    )
    assert {"7S", "9S"} <= {str(a) for a in g.legal_actions()}
    assert _moves(g, 10) == {"9S"}


def test_medium_keeps_a_blocking_four_in_romanian() -> None:
    # Romanian: a 4 blocks a stack (fours_block), a defence kept like the cutting seven.
    g = Game.from_position(
        "romanian", ["4S 9S 5D KC", "10H 10D 9D 8D 6D"], "6S", "2C 3C 4C 5C 6C 8C 10C 3D 4H"
    )
    assert {"4S", "9S"} <= {str(a) for a in g.legal_actions()}
    assert _moves(g, 10) == {"9S"}

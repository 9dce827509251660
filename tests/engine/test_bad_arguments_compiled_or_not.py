"""Arguments of the wrong kind to a position, a stop, ``explain`` and ``apply_switch`` are
refused with the engine's own errors naming them, the same in the compiled engine as from
source: never a bare TypeError, never True taken for seat 1, never a game that breaks at
its first reshuffle."""

from __future__ import annotations

import re
from typing import Any

import pytest

from game.engine import (
    PRESETS,
    Game,
    IllegalMove,
    NotationError,
    RulesError,
    Stop,
    UnreadableAction,
    parse_action,
)
from game.engine import explain as explain_rules
from game.engine.house import apply_switch

HANDS = ["7S 8S", "9S 10S"]


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"hands": ("7S 8S", 5)}, "each hand must be a text of cards"),
        ({"hands": (h for h in HANDS)}, "hands must be a list of texts"),
        ({"pile": None}, "pile must be a text of cards"),
        ({"stock": ["2C"]}, "stock must be a text of cards"),
        ({"current": True}, "current must be a seat number, not True"),
        ({"current": "0"}, "current must be a seat number, not '0'"),
        ({"current": 7}, "current must be a seat from 0 to 1, not 7"),
        ({"seed": None}, "seed must be a whole number or a text, not None"),
        ({"seed": 1.5}, "seed must be a whole number or a text, not 1.5"),
        ({"suit": ["H"]}, "suit must be one of S H D C"),
        ({"scores": 5}, "scores must be a list of totals"),
        ({"scores": [1, True]}, "scores must be whole numbers from 0 up, not True"),
    ],
)
def test_a_position_refuses_arguments_of_the_wrong_kind(kwargs: dict[str, Any], words: str) -> None:
    given: dict[str, Any] = {"hands": HANDS, "pile": "5H 6H 7H", "stock": "", **kwargs}
    with pytest.raises(IllegalMove, match=words.replace("(", r"\(")):
        Game.from_position("polish", **given)


def test_a_text_seed_deals_a_position_its_reshuffles_as_a_number_would() -> None:
    g = Game.from_position("polish", HANDS, "5H 6H 7H", "", seed="abc")
    again = Game.from_position("polish", HANDS, "5H 6H 7H", "", seed="abc")
    g.apply("draw")  # the stock is empty: the pile under its top card is shuffled in
    again.apply("draw")
    assert g.hand(0) == again.hand(0) and len(g.hand(0)) == 3
    assert [str(a) for a in g.legal_actions()] == [str(a) for a in again.legal_actions()]
    g.reseed("another")
    with pytest.raises(IllegalMove, match="seed must be a whole number or a text"):
        g.reseed(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("target", [True, "1", None, 1.0])
def test_a_stop_takes_only_a_seat_number(target: object) -> None:
    with pytest.raises(IllegalMove, match="stop needs the number of the seat to catch"):
        Stop(target)
    assert Stop(1).target == 1


@pytest.mark.parametrize("text", ["stop ²", "stop ١", "stop ½"])
def test_a_stop_is_written_with_the_digits_0_to_9(text: str) -> None:
    with pytest.raises(NotationError, match="write 'stop N' with the seat number N"):
        parse_action(text)


def test_explain_and_the_switches_take_a_presets_name_and_refuse_other_kinds() -> None:
    assert explain_rules("hungarian") == explain_rules(PRESETS["hungarian"])
    assert apply_switch("polish", "easier_pool") == apply_switch(PRESETS["polish"], "easier_pool")
    for wrong in (None, 5):
        with pytest.raises(RulesError, match="rules must be a Rules or a preset name"):
            explain_rules(wrong)  # type: ignore[arg-type]
        with pytest.raises(RulesError, match="rules must be a Rules or a preset name"):
            apply_switch(wrong, "easier_pool")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="unknown preset 'polska'"):
        explain_rules("polska")


def test_any_sequence_of_hands_or_totals_is_taken_as_a_list() -> None:
    from collections import UserList

    g = Game.from_position("polish", UserList(["7H 8S", "9D KC"]), "5H", scores=range(2))
    assert g.hand_counts == [2, 2] and g.scores == [0, 1]
    with pytest.raises(IllegalMove, match="scores must be a list of totals"):
        Game.from_position("polish", ["7H 8S", "9D KC"], "5H", scores="01")


def test_the_readers_helpers_refuse_arguments_of_the_wrong_kind_naming_them() -> None:
    from game.engine import DRAW, cancel_verb, hand_points

    g = Game.from_position("hungarian", HANDS, "5H 6H 7H", "")
    for wrong in (DRAW, None, "draw"):
        with pytest.raises(IllegalMove, match="suit_to_change takes a play"):
            g.suit_to_change(wrong)
    with pytest.raises(UnreadableAction):
        g.suit_to_change("AS/")
    assert g.suit_to_change("AS/H") == g.suit_to_change(parse_action("AS/H"))  # as to apply
    for limit in ("5", None, 1.5, True):
        with pytest.raises(ValueError, match="limit must be a whole number of plays"):
            g.legal_actions_capped(limit)
    assert hand_points("7H KS") == hand_points(
        Game.from_position("polish", ["7H KS", "2C"], "5H").hand(0)
    )
    assert cancel_verb("7H 4S") == "cut or block"
    for cards in (None, ["7H"], 5):
        with pytest.raises(NotationError, match="hand_points' cards must be a list of cards"):
            hand_points(cards)
        with pytest.raises(NotationError, match="cancel_verb's cards must be a list of cards"):
            cancel_verb(cards)
    with pytest.raises(RulesError, match=r"unknown switch \['x'\]"):
        apply_switch("polish", ["x"])  # type: ignore[arg-type]


def _viewed() -> tuple[Game, Any]:
    g = Game.from_position(
        "polish", hands=["7S 8S 9C", "9S 10S", "2C 3C 4C 5C"], pile="7H", stock="KD QD JD"
    )
    return g, g.view(0)


@pytest.mark.parametrize(
    ("hands", "words"),
    [
        ([["AS"], ["9S", "10S"], ["2C", "3C", "4C", "5C"]], "seat 0 holds 3 cards in the view"),
        ([["8S", "7S", "AS"], ["9S", "10S"], ["2C", "3C", "4C", "5C"]], "the one its view shows"),
        ([["7S", "8S", "9C"], ["9S", "10S"]], "one hand per seat (3), not 2"),
        ([["7S", "8S", "9C"], ["9S", "10S"], "2C 3C 4C 5C"], "seat 2's hand must be a list"),
        ([["7S", "8S", "9C"], ["9S", 10], ["2C", "3C", "4C", "5C"]], "must hold cards, not 10"),
    ],
)
def test_a_game_from_a_view_refuses_hands_the_view_does_not_show(hands: Any, words: str) -> None:
    _, view = _viewed()
    from game.engine import Card

    cards = [
        [Card.parse(c) if isinstance(c, str) else c for c in h] if isinstance(h, list) else h
        for h in hands
    ]
    with pytest.raises(IllegalMove, match=re.escape(words)):
        Game.from_view(view, cards, [Card.parse("KD")])


def test_a_game_from_a_view_takes_the_viewers_cards_in_any_order_and_nothing_but_a_view() -> None:
    from game.engine import Card

    g, view = _viewed()
    hands = [[Card.parse(c) for c in h.split()] for h in ("9C 7S 8S", "9S 10S", "2C 3C 4C 5C")]
    made = Game.from_view(view, hands, [Card.parse(c) for c in ("KD", "QD", "JD")])
    assert sorted(c.code for c in made.hand(0)) == sorted(c.code for c in g.hand(0))
    with pytest.raises(IllegalMove, match="from_view takes a seat's view"):
        Game.from_view(g, hands, [])


def test_a_stop_cannot_be_changed_into_another() -> None:
    # The engine hands out the actions it listed: one changed would change its listing.
    stop = Stop(1)
    with pytest.raises(AttributeError):
        stop.target = 2  # type: ignore[misc]
    assert stop.target == 1

"""A save whose records are damaged inside (a seat's tallies cut short, a finishing order or
winners naming seats not at the table, places, points, a phase the round cannot be in, the
round's record) is refused on loading with the reason, never accepted to fail at a later
move; and every state the engine reaches still loads back."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

import pytest

from game.engine import PRESETS, Game, actions, serial

from .conftest import pos

Damage = Callable[[dict[str, Any]], None]


def _in_play() -> dict[str, Any]:
    """Seat 0 to lay on 5H, four seats holding cards, nothing out yet."""
    return pos("polish", ["7H 8S", "9C 6D", "KH 2D", "QS JD"], "5H", "6S 7S 8D").to_dict()


def _round_over() -> dict[str, Any]:
    """Classic: seat 0 goes out with its last card, so the round is over (the match is not)."""
    g = pos("classic", ["7H", "9C 6D", "KS 2D"], "5H", "8S 8D")
    g.apply("7H")
    assert g.over and not g.match_over
    return g.to_dict()


def _match_over() -> dict[str, Any]:
    """As ``_round_over``, with seat 2 so close to the target that the match ends too."""
    g = pos("classic", ["7H", "9C 6D", "KS 2D"], "5H", "8S 8D", scores=[0, 0, 495])
    g.apply("7H")
    assert g.match_over and g.winners == (0,)
    return g.to_dict()


def _set(key: str, value: object) -> Damage:
    def damage(data: dict[str, Any]) -> None:
        data[key] = value

    return damage


def _set_in(key: str, index: int, value: object) -> Damage:
    def damage(data: dict[str, Any]) -> None:
        data[key][index] = value

    return damage


def _pile_emptied(data: dict[str, Any]) -> None:
    data["pile"] = []
    data["pile_eff"] = []


def _pile_acts_as(code: str) -> Damage:
    def damage(data: dict[str, Any]) -> None:
        data["pile_eff"][-1] = data["_top"] = code

    return damage


IN_PLAY: list[tuple[str, Damage, str]] = [
    ("a seat's tallies cut short", _set_in("_tally", 1, []), "seat 1's tallies read []"),
    ("a tally too many", _set_in("_tally", 2, [0, 0, 0, 0, 0]), "seat 2's tallies read"),
    ("a tally below zero", _set_in("_tally", 0, [0, -1, 0, 0]), "seat 0's tallies read"),
    ("a tally in words", _set_in("_tally", 0, ["1", 0, 0, 0]), "a seat's tallies is"),
    ("tallies that are no list", _set("_tally", "0000"), "_tally is '0000'"),
    ("a seat out not at the table", _set("placings", [99]), "finishing order [99]"),
    ("a seat out that holds cards", _set("placings", [2]), "finishing order [2]"),
    ("a seat out below zero", _set("placings", [-1]), "finishing order [-1]"),
    ("places in a round in play", _set("places", [1, 2, 3, 4]), "round still in play"),
    ("winners of a match in play", _set("winners", [0]), "winners (0,)"),
    ("a round's points cut short", _set("round_charges", [[1]]), "a round's points read"),
    ("a round's points below zero", _set("round_charges", [[0, 0, 0, -5]]), "points read"),
    ("a round's points that are no list", _set("round_charges", [7]), "a round's points is"),
    ("half a missed turn", _set("missed", [1.5, 0, 0, 0]), "missed is [1.5, 0, 0, 0]"),
    ("missed turns in words", _set("missed", ["1", 0, 0, 0]), "missed is"),
    ("seats out as numbers", _set("_out", [0, 0, 0, 0]), "_out is [0, 0, 0, 0]"),
    ("scores in words", _set("scores", ["0", 0, 0, 0]), "scores is"),
    ("a million seats", _set("n", 10**6), "1000000 seats at a table for 2 to"),
    ("seats as true", _set("n", True), "True seats"),
    ("hands as one text", _set("hands", "7H 8S"), "hands is '7H 8S'"),
    ("a suit request as one text", _set("_req_suits", "SH"), "_req_suits is 'SH'"),
    ("a seat with no cards not out", _set_in("hands", 2, []), "seat 2 holds no cards"),
    ("a drawn phase with no card", _set("phase", "drawn"), "the card just drawn"),
    ("a drawn card in a play phase", _set("_drawn", "7H"), "the card just drawn"),
    ("an attack with nothing owed", _set("phase", "attack"), "phase attack with 0 cards"),
    ("cards owed on a plain turn", _set("penalty", 3), "phase play with 3 cards"),
    ("turns to miss on a plain turn", _set("skips", 2), "with 0 cards and 2 turns"),
    ("a round over that is not", _set("phase", "round_over"), "phase round_over when"),
    ("a turn begun when the round ended", _set("_ctx", "match_over"), "a turn begun in"),
    ("a pile card acting as another", _pile_acts_as("6H"), "5H on the pile acts as 6H"),
    ("an empty pile", _pile_emptied, "the pile holds no card"),
    (
        "a seat to act that misses turns",
        _set("missed", [2, 0, 0, 0]),
        "seat 0 is to act while it waits out missed turns",
    ),
    (
        "a record naming a seat not at the table",
        _set("log", [["TurnStarted", 99, "play"]]),
        "the record holds TurnStarted with seat 99",
    ),
    (
        "a record with a count in words",
        _set("log", [["CardsDrawn", 0, "2", {"t": []}, False]]),
        "CardsDrawn with count '2'",
    ),
    (
        "a record with a number where a yes or no goes",
        _set("log", [["CardsDrawn", 0, 2, {"t": []}, 3]]),
        "CardsDrawn with penalty 3",
    ),
    (
        "a record with numbers for cards",
        _set("log", [["CardsLaid", 0, {"t": [7]}, None]]),
        "CardsLaid with cards (7,)",
    ),
]


@pytest.mark.parametrize(
    ("damage", "reason"), [(d, r) for _, d, r in IN_PLAY], ids=[i for i, _, _ in IN_PLAY]
)
def test_a_save_of_a_round_in_play_damaged_inside_is_refused(damage: Damage, reason: str) -> None:
    data = _in_play()
    Game.from_dict(data)  # as saved, it loads
    damage(data)
    with pytest.raises(ValueError, match="saved game is damaged") as caught:
        Game.from_dict(data)
    assert reason in str(caught.value)


OVER: list[tuple[str, Callable[[], dict[str, Any]], Damage, str]] = [
    ("places cut short", _round_over, _set("places", [1, 2]), "places (1, 2) are not one"),
    ("a place of none", _round_over, _set("places", [0, 1, 2]), "places (0, 1, 2)"),
    ("a place past the last", _round_over, _set("places", [1, 2, 4]), "places (1, 2, 4)"),
    ("a seat missing", _round_over, _set("placings", [0, 1]), "finishing order [0, 1]"),
    ("a seat twice", _round_over, _set("placings", [0, 1, 1]), "finishing order [0, 1, 1]"),
    (
        "a seat placed before the seat out",
        _round_over,
        _set("placings", [1, 0, 2]),
        "finishing order [1, 0, 2] does not fit the seats out [0]",
    ),
    ("a round over in play", _round_over, _set("phase", "play"), "phase play when the round"),
    (
        "a match over with no end",
        _round_over,
        _set("match_over", True),
        "against a target of 500, yet the match is over",
    ),
    (
        "a match over on a round's board",
        _match_over,
        _set("phase", "round_over"),
        "phase round_over when the round is over",
    ),
    ("a match over with no winner", _match_over, _set("winners", []), "winners () do not fit"),
    # Totals that from_position refuses: below nothing, or at the target with play going on.
    ("a total below nothing", _round_over, _set("scores", [-5, 0, 0]), "totals read [-5, 0, 0]"),
    (
        "a total at the target, the match going on",
        _round_over,
        _set("scores", [900, 0, 0]),
        "the match's totals [900, 0, 0] against a target of 500, yet the match is going on",
    ),
    (
        "a match over below the target",
        _match_over,
        _set("scores", [0, 10, 30]),
        "against a target of 500, yet the match is over",
    ),
    ("a winner twice", _match_over, _set("winners", [0, 0]), "winners (0, 0)"),
    ("a winner not at the table", _match_over, _set("winners", [5]), "winners (5,)"),
]


@pytest.mark.parametrize(
    ("saved", "damage", "reason"),
    [(s, d, r) for _, s, d, r in OVER],
    ids=[i for i, _, _, _ in OVER],
)
def test_a_save_of_a_round_or_match_over_damaged_inside_is_refused(
    saved: Callable[[], dict[str, Any]], damage: Damage, reason: str
) -> None:
    data = saved()
    Game.from_dict(data)
    damage(data)
    with pytest.raises(ValueError, match="saved game is damaged") as caught:
        Game.from_dict(data)
    assert reason in str(caught.value)


def test_every_field_of_every_event_is_checked_when_a_save_is_loaded() -> None:
    kinds = [
        k
        for k in vars(actions).values()
        if isinstance(k, type) and issubclass(k, actions.Event) and k is not actions.Event
    ]
    assert len(kinds) > 20
    for kind in kinds:
        assert set(kind._fields) <= serial._CHECKED_EVENT_FIELDS, kind.__name__


@pytest.mark.parametrize(
    ("preset", "target"), [("classic", 200), ("tel_aviv", 500), ("polish", 500), ("quick", 500)]
)
def test_every_state_of_a_played_match_loads_back_as_it_was(preset: str, target: int) -> None:
    # (classic to 200 points: three rounds and the match's end within the test's moves)
    chance = random.Random(preset)
    g = Game.new(dataclasses.replace(PRESETS[preset], target=target), seats=3, seed=11)
    loaded = 0
    while loaded < 400:
        data = g.to_dict()
        assert Game.from_dict(data).to_dict() == data
        loaded += 1
        if g.match_over or (g.over and g.rules.scoring != "points"):
            break
        if g.over:
            g.next_round()
            continue
        g.apply(chance.choice(g.legal_actions_capped(200)[0]))
    assert loaded > 40
    assert g.match_over or preset != "classic"

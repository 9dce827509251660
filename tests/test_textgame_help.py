"""The terminal game's help teaches the moves of the rules in play, and only those: each of
its examples is a move the engine accepts under those rules, and a kind of move the rules
refuse (a joker standing in where jokers name a suit, a Macau call where it is called for
you) is not taught."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import pytest

from game.engine import PRESETS, Game, IllegalMove, Play, Rules, Stop, parse_action
from game.engine.cards import RANK_NAMES, STANDARD_52, SUITS
from game.textwords import LINE_WIDTH, help_entries, help_text

# The one card kept in hand after the example is laid: a rank a jack may request and one
# of each suit, so that a suit that must be held, or a rank that must be, is held.
KEPT = ("8S", "8H", "8D", "8C", "9S", "9H", "9D", "9C")


@cache
def accepted_somewhere(preset: str, form: str) -> bool:
    """Whether seat 0 may make the move ``form`` in some position of ``preset``: on any
    top card of the pile, keeping any one card of ``KEPT``."""
    rules = PRESETS[preset]
    action = parse_action(form)
    if isinstance(action, Stop):
        return caught_somewhere(rules)
    assert isinstance(action, Play)
    laid = " ".join(c.code for c in action.cards)
    for top in STANDARD_52:
        for kept in KEPT:
            try:
                g = Game.from_position(
                    rules, hands=[f"{laid} {kept}", "KD QC"], pile=top.code, stock="2D 3D 4D"
                )
            except IllegalMove:
                continue  # a card twice in a one-deck pack
            if g.is_legal(action, 0):
                return True
    return False


def caught_somewhere(rules: Rules) -> bool:
    """Whether seat 0 may catch seat 1, which laid its last card but one without a call."""
    for top in STANDARD_52:
        try:
            g = Game.from_position(
                rules, hands=["KD QC", "9H 8C"], pile=top.code, stock="2D 3D 4D", current=1
            )
        except IllegalMove:
            continue
        for play in g.legal_actions(1):
            if isinstance(play, Play) and not play.call and len(play.cards) == 1:
                after = g.copy()
                after.apply(play, 1)
                if after.is_legal(Stop(1), 0):
                    return True
    return False


def moves_taught(preset: str) -> list[str]:
    """The example moves of the help of ``preset`` (``stop N`` as ``stop 1``), leaving out
    the words of the text game itself (``?``, ``help``, ``quit``) and draw and pass."""
    forms = [form.replace(" N", " 1") for form, _ in help_entries(PRESETS[preset])]
    return [f for f in forms if f not in ("?", "??", "help", "quit", "draw", "pass")]


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_example_in_the_help_is_a_move_the_rules_accept(preset: str) -> None:
    refused = [form for form in moves_taught(preset) if not accepted_somewhere(preset, form)]
    assert refused == []


def _names(form: str, rank: str) -> bool:
    """Whether ``form`` lays a card of ``rank`` (itself, not a joker for one) naming a suit."""
    action = parse_action(form)
    return (
        isinstance(action, Play)
        and action.declared is None
        and action.cards[-1].rank_name == rank
        and action.choice in SUITS
    )


def _lays(form: str, test: Callable[[Play], bool]) -> bool:
    action = parse_action(form)
    return isinstance(action, Play) and test(action)


REQUESTS = ("-", *RANK_NAMES.values())

# Each kind of move: how to tell it among the help's examples, and moves of that kind to
# try on the engine.
KINDS: dict[str, tuple[Callable[[str], bool], tuple[str, ...]]] = {
    "several cards": (lambda f: _lays(f, lambda a: len(a.cards) > 1), ("9S 9D", "9S 10S")),
    "a joker standing in": (lambda f: "=" in f, ("RJ=KH", "RJ=9H")),
    "a joker naming a suit": (lambda f: f.startswith("RJ/"), ("RJ/S",)),
    "a free suit": (lambda f: f.endswith("/*"), ("AH/*", "7H/*", "QH/*", "RJ=AH/*")),
    "a jack's request": (
        lambda f: _lays(f, lambda a: a.cards[-1].rank_name == "J" and a.choice in REQUESTS),
        ("JC/-",),
    ),
    "a Macau call": (lambda f: f.endswith("!"), ("9H!", "10H!")),
    "a catch": (lambda f: f.startswith("stop"), ("stop 1",)),
    **{
        f"{RANK_NAMES[r]} naming a suit": (
            lambda f, rank=RANK_NAMES[r]: _names(f, rank),
            (f"{RANK_NAMES[r]}S/H", f"{RANK_NAMES[r]}H/H"),
        )
        for r in (7, 12, 14)
    },
}


@pytest.mark.parametrize("kind", list(KINDS))
@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_help_teaches_a_kind_of_move_exactly_where_the_rules_allow_it(
    preset: str, kind: str
) -> None:
    taught, tries = KINDS[kind]
    shown = [form for form in moves_taught(preset) if taught(form)]
    allowed = [form for form in tries if accepted_somewhere(preset, form)]
    assert bool(shown) == bool(allowed), (shown, allowed)


@pytest.mark.parametrize(
    ("preset", "absent"),
    [
        ("classic", ["RJ=KH", "8H!", "stop N", "JC/8"]),
        ("romanian", ["RJ=KH", "AS/H", "8H!"]),
        ("hungarian", ["RJ/S"]),
        ("tel_aviv", ["7S 7D", "!", "stop N"]),
        ("quick", ["!", "stop N", "/*"]),
    ],
)
def test_a_form_the_rules_refuse_is_not_in_their_help(preset: str, absent: list[str]) -> None:
    text = help_text(PRESETS[preset])
    assert [form for form in absent if form in text] == []


def test_the_free_suit_is_explained_where_it_can_be_named() -> None:
    assert "/*      free suit (where no suit may be named): any but the one in force" in (
        help_text(PRESETS["hungarian"])
    )
    assert "/*" not in help_text(PRESETS["polish"])


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_help_fits_the_terminal(preset: str) -> None:
    lines = help_text(PRESETS[preset]).splitlines()
    assert lines[0] == "Type a move in notation:"
    assert max(len(line) for line in lines) <= LINE_WIDTH

"""Every level answers with a legal action, on every preset, at several table sizes."""

from __future__ import annotations

import random

import pytest

from game.bots import BOT_LEVELS
from game.engine import PRESETS, Action, Play, Rules, View
from game.engine.rules import RulesError
from tests.randomrules import random_rules

from .conftest import play_round

# Tables mixing every level: heads-up pairs and a four-level table where the preset allows.
TABLES = (
    ("random", "easy"),
    ("medium", "hard"),
    ("easy", "medium", "hard", "random"),
    ("hard", "random", "medium"),
)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_level_plays_only_legal_actions(preset: str) -> None:
    rules = PRESETS[preset]
    decisions = {level: 0 for level in BOT_LEVELS}

    def count(level: str, view: View, legal: list[Action], action: Action) -> None:
        decisions[level] += 1

    seed = 0
    while min(decisions.values()) < 120 and seed < 60:
        for table in TABLES:
            if rules.min_seats <= len(table) <= rules.max_seats:
                play_round(rules, table, seed, count)
        seed += 1
    assert min(decisions.values()) >= 100, decisions


def test_easy_names_suits_and_ranks_it_holds() -> None:
    named: list[bool] = []

    def check(level: str, view: View, legal: list[Action], action: Action) -> None:
        if level != "easy" or not isinstance(action, Play) or action.choice in (None, "-", "*"):
            return
        rest = list(view.hand)
        for card in action.cards:
            rest.remove(card)
        if not rest:
            return
        held = {c.suit for c in rest} | {c.rank_name for c in rest}
        could = any(
            isinstance(a, Play) and a.cards == action.cards and a.choice in held for a in legal
        )
        named.append(action.choice in held or not could)

    for seed in range(40):
        play_round(PRESETS["polish"], ("easy", "random", "easy"), seed, check)
    assert named and all(named)


def test_every_level_plays_legal_actions_under_random_house_rules() -> None:
    # Bots read the rules from the view, so any valid combination of options will do: 60 rule
    # sets, a table of every level on each, each round played to its end.
    rng = random.Random(77)
    decisions = {level: 0 for level in BOT_LEVELS}

    def count(level: str, view: View, legal: list[Action], action: Action) -> None:
        decisions[level] += 1

    played = 0
    while played < 60:
        try:
            rules = Rules(name="custom", **random_rules(rng))
        except RulesError:
            continue
        played += 1
        seats = min(rules.max_seats, 4)
        levels = [BOT_LEVELS[(played + s) % len(BOT_LEVELS)] for s in range(seats)]
        game = play_round(rules, levels, seed=played, on_decision=count)
        assert game.over
    assert min(decisions.values()) >= 100, decisions

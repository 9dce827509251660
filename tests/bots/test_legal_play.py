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


@pytest.mark.parametrize("level", BOT_LEVELS)
def test_every_level_answers_a_hand_of_millions_of_plays_from_a_capped_listing(
    level: str,
) -> None:
    # Four stand-in jokers in a 25-card hand (two decks, eight seats) can be laid in about
    # nine million ways; the table hands bots at most LISTING_LIMIT of them.
    from game.bots import make_bot
    from game.engine import LISTING_LIMIT, Game

    hand = "9C 7S 7C 7D 3H 7C 7H 8H 9D RJ RJ JD 4C QD BJ 6C 8C KD 4H 10D 4D JC BJ 6H 4H"
    others = ["5S 5H", "5C", "6S", "6D", "8S", "8D", "9S"]
    g = Game.from_position(PRESETS["hungarian"], [hand, *others], pile="10C", stock="2S 2H 2C")
    legal, complete = g.legal_actions_capped(LISTING_LIMIT)
    assert not complete
    bot = make_bot(level, iterations=2) if level == "hard" else make_bot(level)
    action = bot.choose(g.view(0), legal, random.Random(3))
    assert action in legal and g.is_legal(action)

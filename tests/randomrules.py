"""Random house rules for the tests: every option of RULES.md §3–5 drawn from its domain.

Many draws are refused by validation; callers skip those (``RulesError``).
"""

from __future__ import annotations

import random
from typing import Any

from game.engine.rules import (
    ACE_SCOPES,
    ATTACK_TOKENS,
    COUNTER_RULES,
    ENDS,
    GROUPS,
    JOKER_ROLES,
    MACAU_CALLS,
    SCORINGS,
    STARTERS,
    TWOS_THREES_COUNTERS,
)


def random_rules(rng: random.Random) -> dict[str, Any]:
    """The options of one random rule set (pass them to ``Rules(name=..., **options)``)."""

    def subset(pool: tuple[str, ...], p: float) -> frozenset[str]:
        return frozenset(x for x in pool if rng.random() < p)

    lo = rng.randint(2, 4)
    return {
        "min_seats": lo,
        "max_seats": rng.randint(lo, 6),
        "default_seats": lo,
        "deck_steps": rng.choice([(), (5,), (4, 6)]),
        "jokers": rng.choice([0, 0, 1, 2]),
        "hand_size": rng.randint(1, 7),
        "hand_size_two_seats": rng.randint(1, 7),
        "starter": rng.choice(STARTERS),
        "attack_cards": subset(ATTACK_TOKENS, 0.5),
        "counter_rule": rng.choice(COUNTER_RULES),
        "twos_threes_counter": rng.choice(TWOS_THREES_COUNTERS),
        "seven_cuts": rng.random() < 0.3,
        "plain_kings_block": rng.random() < 0.2,
        "fours_block": rng.random() < 0.2,
        "skip_rank": rng.choice([None, "4", "A", "8", "5"]),
        "jack_requests": rng.random() < 0.5,
        "jack_must_hold": rng.random() < 0.3,
        "request_ranks": tuple(sorted(subset(("5", "6", "7", "8", "9", "10"), 0.6))),
        "suit_changers": subset(("A", "7", "Q", "joker"), 0.35),
        "seven_own_suit": rng.random() < 0.2,
        "queen_own_suit": rng.random() < 0.2,
        "plays_on_anything": subset(("A", "Q", "7", "joker"), 0.35),
        "anything_on": subset(("Q", "A"), 0.3),
        "ace_scope": rng.choice(ACE_SCOPES),
        "ace_must_differ": rng.random() < 0.3,
        "ace_must_hold": rng.random() < 0.3,
        "joker_role": rng.choice(JOKER_ROLES),
        "groups": rng.choice(GROUPS),
        "runs": rng.random() < 0.3,
        "five_again": rng.random() < 0.2,
        "macau_call": rng.choice(MACAU_CALLS),
        "macau_penalty": rng.randint(0, 5),
        "power_after_out": rng.random() < 0.5,
        "no_attack_finish_heads_up": rng.random() < 0.3,
        "end": rng.choice(ENDS),
        "scoring": rng.choice(SCORINGS),
        "target": rng.choice([50, 100, 500]),
    }

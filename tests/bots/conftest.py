"""Helpers for the bot tests: seeded games played by a table of bots."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest

from game.bench import wide_hand_game
from game.bots import Bot, make_bot
from game.engine import Action, Game, Rules, Stop, View

# Small fixed searches with short playouts keep the hard bot fast and reproducible in tests.
HARD_TEST_ITERATIONS = 20
HARD_TEST_DEPTH = 12


def bot_for_tests(level: str, iterations: int = HARD_TEST_ITERATIONS) -> Bot:
    """A bot of ``level``; the hard one with a fixed small search."""
    if level == "hard":
        return make_bot("hard", iterations=iterations, rollout_depth=HARD_TEST_DEPTH)
    return make_bot(level)


def play_round(
    rules: Rules,
    levels: Sequence[str],
    seed: int,
    on_decision: Callable[[str, View, list[Action], Action], None] | None = None,
    max_actions: int = 2000,
    iterations: int = HARD_TEST_ITERATIONS,
) -> Game:
    """Play one seeded round with ``levels[s]`` at seat ``s``, checking every answer is legal."""
    game = Game.new(rules, seats=len(levels), seed=seed)
    bots = [bot_for_tests(level, iterations) for level in levels]
    rngs = [random.Random(seed * 31 + s) for s in range(len(levels))]
    for _ in range(max_actions):
        if game.over:
            break
        target = game.macau_catchable
        if target >= 0:
            for s in range(game.seats):
                if s in (target, game.current):
                    continue
                legal = game.legal_actions(s)
                assert legal == [Stop(target)]
                answer = bots[s].choose(game.view(s), legal, rngs[s])
                assert answer in legal
                if levels[s] in ("medium", "hard"):
                    assert isinstance(answer, Stop), "medium and hard always catch"
        seat = game.current
        legal = game.legal_actions()
        view = game.view(seat)
        action = bots[seat].choose(view, legal, rngs[seat])
        assert action in legal, f"{levels[seat]} chose {action} not in {legal}"
        if on_decision is not None:
            on_decision(levels[seat], view, legal, action)
        game.apply(action)
    return game


@pytest.fixture
def rng() -> random.Random:
    """A seeded random source."""
    return random.Random(12345)


def wide_joker_game() -> Game:
    """Two jokers and eight hearts on a heart (hungarian): hundreds of thousands of plays."""
    return wide_hand_game()


def count_medium_scores(monkeypatch: pytest.MonkeyPatch) -> list[Action]:
    """Record every action the medium bot's score weighs (for the medium and hard levels)."""
    from game.bots import medium

    scored: list[Action] = []
    real_score = medium.Table.score

    def counted(table: medium.Table, action: Action) -> float:
        scored.append(action)
        return real_score(table, action)

    monkeypatch.setattr(medium.Table, "score", counted)
    return scored

"""Smoke tests of playing strength, with thresholds far below the measured rates."""

from __future__ import annotations

from game.bots.tournament import run_tournament
from game.engine import PRESETS

from .conftest import play_round


def _win_rate(bots: tuple[str, str], games: int, iterations: int | None = None) -> float:
    summary = run_tournament("polish", 2, bots, games, seed=11, iterations=iterations)
    rate: float = summary["per_bot"][bots[0]]["win_rate"]
    return rate


def test_easy_beats_random() -> None:
    assert _win_rate(("easy", "random"), 60) >= 0.7


def test_medium_beats_random() -> None:
    assert _win_rate(("medium", "random"), 60) >= 0.6


def test_medium_is_not_worse_than_easy() -> None:
    assert _win_rate(("medium", "easy"), 80) >= 0.5


def test_hard_beats_random_with_a_small_search() -> None:
    wins = 0
    for game_no in range(10):
        levels = ("hard", "random") if game_no % 2 == 0 else ("random", "hard")
        g = play_round(PRESETS["polish"], levels, 500 + game_no // 2, iterations=15)
        wins += g.places[levels.index("hard")] == 1
    assert wins >= 6

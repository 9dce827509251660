"""Decision latency of each bot level at a four-seat polish table, and of the hard bot against
a forty-card hand (``make bench`` calls this)."""

from __future__ import annotations

import random
import statistics
import time

from game.engine import PRESETS, Game

from . import BOT_LEVELS, make_bot

# A five-seat hungarian table (two decks, four stand-in jokers) where the next seat holds
# forty cards: the search guesses hands that can be laid in hundreds of thousands of ways.
LONG_HAND_SEATS = [
    "5S 9D 6H 4S",
    "RJ BJ RJ BJ 2H 5H 3H 7H 8H 9H 10H JH KH AH 5H 3H 7H 8H 9H 10H JH KH AH 6H 2H "
    "2C 3C 5C 6C 7C 8C 9C 10C JC QC KC AC 2D 3D 4D",
    "2S 3S",
    "4C",
    "5D",
]

# Decisions timed per level: the hard bot thinks for its whole budget, so it gets few.
SAMPLES = {"random": 300, "easy": 300, "medium": 300, "hard": 20, "hard_long_hand": 10}


def bench_bots(samples: dict[str, int] | None = None, seed: int = 1) -> dict[str, dict[str, float]]:
    """Median and p95 decision time (ms) per level; the hard bot at its default budget.

    Positions come from medium-played four-seat polish games; at each decision with a real
    choice (two or more legal actions) of seat 0, the level under test is timed on the same view.
    """
    wanted = dict(SAMPLES if samples is None else samples)
    result: dict[str, dict[str, float]] = {}
    for level in BOT_LEVELS:
        if wanted.get(level, 0) <= 0:
            continue
        bot = make_bot(level)
        driver = make_bot("medium")
        rng = random.Random(seed)
        times: list[float] = []
        game_no = 0
        while len(times) < wanted[level]:
            g = Game.new(PRESETS["polish"], seats=4, seed=seed * 1000 + game_no)
            game_no += 1
            while not g.over and len(times) < wanted[level]:
                seat = g.current
                legal = g.legal_actions()
                view = g.view(seat)
                if seat == 0 and len(legal) > 1:
                    start = time.perf_counter()
                    bot.choose(view, legal, rng)
                    times.append((time.perf_counter() - start) * 1000.0)
                g.apply(driver.choose(view, legal, rng))
        result[level] = _figures(times)
    hard_long = wanted.get("hard_long_hand", 0)
    if hard_long > 0:
        result["hard_long_hand"] = _figures(_long_hand_times(hard_long))
    return result


def _long_hand_times(samples: int) -> list[float]:
    """The hard bot's decision times (ms, default budget) at ``LONG_HAND_SEATS``."""
    g = Game.from_position("hungarian", LONG_HAND_SEATS, "4H", "KD QD 10S JS 8S 7S", 0)
    legal = g.legal_actions()
    times = []
    for i in range(samples):
        bot = make_bot("hard")
        start = time.perf_counter()
        bot.choose(g.view(0), legal, random.Random(i))
        times.append((time.perf_counter() - start) * 1000.0)
    return times


def _figures(times: list[float]) -> dict[str, float]:
    """Median, p95 and count of ``times``."""
    times = sorted(times)
    p95 = times[max(0, min(len(times) - 1, round(0.95 * len(times)) - 1))]
    return {
        "median_ms": round(statistics.median(times), 3),
        "p95_ms": round(p95, 3),
        "samples": float(len(times)),
    }

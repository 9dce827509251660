"""Decision latency of each bot level at a four-seat polish table (``make bench`` calls this)."""

from __future__ import annotations

import random
import statistics
import time

from game.engine import PRESETS, Game

from . import BOT_LEVELS, make_bot

# Decisions timed per level: the hard bot thinks for its whole budget, so it gets few.
SAMPLES = {"random": 300, "easy": 300, "medium": 300, "hard": 20}


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
        times.sort()
        p95 = times[max(0, min(len(times) - 1, round(0.95 * len(times)) - 1))]
        result[level] = {
            "median_ms": round(statistics.median(times), 3),
            "p95_ms": round(p95, 3),
            "samples": float(len(times)),
        }
    return result

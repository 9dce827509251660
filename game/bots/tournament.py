"""Bots against bots: seats rotated so every bot plays every seat equally, games in parallel.

python main.py tournament --preset polish --seats 2 --bots hard,medium --games 2000 --seed 1
    --jobs 2 [--iterations N] [--budget 0.3] [--json PATH|-]

Each game is one deal (one round). Game ``i`` uses deal ``i // seats`` with the bot assignment
rotated by ``i % seats``, so over ``seats`` consecutive games every bot plays every seat on the
same cards, which also takes much of the luck of the deal out of the comparison.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from multiprocessing import Pool
from typing import Any

from game.engine import PRESETS, Game, Rules, Stop

from . import BOT_LEVELS, make_bot
from .base import Bot

# A round that runs this long is stopped and ranked by card counts (bots never stall the
# engine, but a pair of hoarding bots could in principle draw for ever).
ACTION_CAP = 3000
_Z95 = 1.959963984540054


def wilson(wins: int, n: int, z: float = _Z95) -> tuple[float, float]:
    """The Wilson score interval for ``wins`` successes out of ``n``."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def seat_levels(bots: Sequence[str], seats: int, game_index: int) -> list[str]:
    """The bot level at each seat in game ``game_index`` (the bot list cycled, then rotated)."""
    base = [bots[i % len(bots)] for i in range(seats)]
    rot = game_index % seats
    return [base[(s + rot) % seats] for s in range(seats)]


def _make(level: str, iterations: int | None, budget: float) -> Bot:
    if level == "hard":
        return make_bot(level, time_budget=budget, iterations=iterations)
    return make_bot(level)


def play_game(
    rules: Rules,
    levels: Sequence[str],
    deal_seed: int,
    bot_seed: int,
    iterations: int | None = None,
    budget: float = 0.3,
) -> dict[str, Any]:
    """Play one round with ``levels[s]`` at seat ``s``; return places, charges and timings."""
    seats = len(levels)
    game = Game.new(rules, seats=seats, seed=deal_seed)
    bots = [_make(level, iterations, budget) for level in levels]
    rngs = [random.Random(bot_seed * 1009 + s) for s in range(seats)]
    times: list[list[float]] = [[] for _ in range(seats)]
    length = 0
    while not game.over and length < ACTION_CAP:
        target = game.macau_catchable
        if target >= 0:
            # Everybody at the table may call "stop Macau" before the next action.
            for k in range(1, seats):
                s = (target + k) % seats
                if s == game.current:
                    continue
                legal = game.legal_actions(s)
                if legal and isinstance(bots[s].choose(game.view(s), legal, rngs[s]), Stop):
                    game.apply(legal[0], seat=s)
                    break
        seat = game.current
        legal = game.legal_actions()
        view = game.view(seat)
        start = time.perf_counter()
        action = bots[seat].choose(view, legal, rngs[seat])
        elapsed = time.perf_counter() - start
        if len(legal) > 1:
            times[seat].append(elapsed)
        game.apply(action)
        length += 1
    capped = not game.over
    if capped:
        counts = game.hand_counts
        places = [1 + sum(1 for t in counts if t < counts[s]) for s in range(seats)]
        charges = [0] * seats
    else:
        places = list(game.places)
        charges = list(game.round_charges[-1]) if game.round_charges else [0] * seats
    return {
        "levels": list(levels),
        "places": places,
        "charges": charges,
        "length": length,
        "times": times,
        "capped": capped,
    }


def _run_chunk(
    job: tuple[str, str, int, list[str], list[int], int, int | None, float],
) -> list[dict[str, Any]]:
    preset, rules_text, seats, bots, indices, seed, iterations, budget = job
    rules = Rules.from_text(rules_text) if rules_text else PRESETS[preset]
    results = []
    for i in indices:
        deal_seed = seed * 1_000_003 + i // seats
        levels = seat_levels(bots, seats, i)
        results.append(play_game(rules, levels, deal_seed, seed * 7919 + i, iterations, budget))
    return results


def run_tournament(
    preset: str = "polish",
    seats: int = 2,
    bots: Sequence[str] = ("medium", "easy"),
    games: int = 100,
    seed: int = 1,
    jobs: int = 1,
    iterations: int | None = None,
    budget: float = 0.3,
    rules: Rules | None = None,
) -> dict[str, Any]:
    """Run a tournament and return its summary (the same fields ``--json`` writes)."""
    for level in bots:
        if level not in BOT_LEVELS:
            raise ValueError(f"unknown bot level {level!r}; known levels: {', '.join(BOT_LEVELS)}")
        make_bot(level)  # imported here, once, so every worker process inherits the same code
    the_rules = rules if rules is not None else PRESETS[preset]
    the_rules.check_seats(seats)
    rules_text = the_rules.to_text() if rules is not None else ""
    started = time.perf_counter()
    # Chunks keep a whole rotation of a deal together; small enough to balance the workers.
    per_chunk = seats * max(1, 8 // seats)
    chunks = [list(range(i, min(games, i + per_chunk))) for i in range(0, games, per_chunk)]
    jobs_list = [
        (preset, rules_text, seats, list(bots), chunk, seed, iterations, budget) for chunk in chunks
    ]
    results: list[dict[str, Any]] = []
    if jobs <= 1 or len(chunks) <= 1:
        for job in jobs_list:
            results.extend(_run_chunk(job))
    else:
        with Pool(jobs) as pool:
            for part in pool.imap(_run_chunk, jobs_list):
                results.extend(part)
    summary = summarise(results, the_rules, seats, bots)
    summary.update(
        {
            "preset": the_rules.name,
            "seats": seats,
            "bots": list(bots),
            "games": games,
            "seed": seed,
            "jobs": jobs,
            "iterations": iterations,
            "budget": budget,
            "elapsed_s": round(time.perf_counter() - started, 2),
        }
    )
    return summary


def summarise(
    results: Sequence[dict[str, Any]], rules: Rules, seats: int, bots: Sequence[str]
) -> dict[str, Any]:
    """Per-level win rates (Wilson 95%), places, points and decision times."""
    points = rules.scoring == "points"
    per: dict[str, dict[str, Any]] = {}
    for level in dict.fromkeys(bots):
        per[level] = {"seat_games": 0, "wins": 0, "place_sum": 0, "points_sum": 0, "times": []}
    for res in results:
        for s, level in enumerate(res["levels"]):
            row = per[level]
            row["seat_games"] += 1
            row["wins"] += res["places"][s] == 1
            row["place_sum"] += res["places"][s]
            row["points_sum"] += res["charges"][s]
            row["times"].extend(res["times"][s])
    out: dict[str, Any] = {}
    for level, row in per.items():
        n = row["seat_games"]
        low, high = wilson(row["wins"], n)
        times_ms = sorted(t * 1000.0 for t in row["times"])
        out[level] = {
            "seat_games": n,
            "wins": row["wins"],
            "win_rate": row["wins"] / n if n else 0.0,
            "win_ci95": [round(low, 4), round(high, 4)],
            "avg_place": row["place_sum"] / n if n else 0.0,
            "avg_points_per_round": (row["points_sum"] / n if n else 0.0) if points else None,
            "decisions": len(times_ms),
            "decision_ms_median": round(statistics.median(times_ms), 3) if times_ms else 0.0,
            "decision_ms_p95": round(_percentile(times_ms, 0.95), 3) if times_ms else 0.0,
        }
    lengths = [res["length"] for res in results]
    return {
        "per_bot": out,
        "avg_game_length": statistics.fmean(lengths) if lengths else 0.0,
        "capped_games": sum(1 for res in results if res["capped"]),
        "played": len(results),
    }


def _percentile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of already sorted values (nearest rank)."""
    k = max(0, min(len(sorted_values) - 1, math.ceil(q * len(sorted_values)) - 1))
    return sorted_values[k]


def format_summary(summary: dict[str, Any]) -> str:
    """The summary as a small text table."""
    lines = [
        f"{summary['preset']}, {summary['seats']} seats, bots {','.join(summary['bots'])}, "
        f"{summary['played']} games, seed {summary['seed']}"
        + (f", hard iterations {summary['iterations']}" if summary["iterations"] else "")
        + (
            f", hard budget {summary['budget']} s"
            if "hard" in summary["bots"] and not summary["iterations"]
            else ""
        ),
        f"{'bot':8} {'seat-games':>10} {'win rate':>9} {'95% CI':>15} {'avg place':>9} "
        f"{'pts/round':>9} {'ms median':>9} {'ms p95':>8}",
    ]
    for level, row in summary["per_bot"].items():
        low, high = row["win_ci95"]
        pts = row["avg_points_per_round"]
        lines.append(
            f"{level:8} {row['seat_games']:>10} {row['win_rate']:>9.1%} "
            f"{f'{low:.1%}-{high:.1%}':>15} {row['avg_place']:>9.2f} "
            f"{'-' if pts is None else f'{pts:.1f}':>9} "
            f"{row['decision_ms_median']:>9.2f} {row['decision_ms_p95']:>8.2f}"
        )
    lines.append(
        f"average game length {summary['avg_game_length']:.1f} actions; "
        f"{summary['capped_games']} capped; {summary['elapsed_s']} s"
    )
    return "\n".join(lines)


def cli_main(argv: list[str]) -> int:
    """``python main.py tournament …``: run, print the table, optionally write JSON."""
    p = argparse.ArgumentParser(prog="macau tournament", description=__doc__.splitlines()[0])
    p.add_argument("--preset", default="polish", choices=sorted(PRESETS))
    p.add_argument("--seats", type=int, default=2)
    p.add_argument("--bots", default="medium,easy", help="comma-separated levels, cycled")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--iterations", type=int, default=None, help="hard: fixed iterations")
    p.add_argument("--budget", type=float, default=0.3, help="hard: seconds per decision")
    p.add_argument("--json", default=None, metavar="PATH", help="write JSON to PATH ('-': stdout)")
    args = p.parse_args(argv)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    try:
        summary = run_tournament(
            args.preset,
            args.seats,
            bots,
            args.games,
            args.seed,
            args.jobs,
            args.iterations,
            args.budget,
        )
    except ValueError as exc:
        print(f"tournament: {exc}", file=sys.stderr)
        return 2
    if args.json == "-":
        print(json.dumps(summary, indent=2))
        return 0
    print(format_summary(summary))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(summary, fh, indent=2)
    return 0

"""Timing the statistics store: recording one round, and the statistics screen's queries
on a database of 10,000 rounds. Targets: 5 ms per round, 150 ms for the screen."""

from __future__ import annotations

import random
import statistics
import time
from pathlib import Path

from game.store.db import Store
from game.store.models import BOT_LEVELS, GameRecord, SeatResult, bot_profile_name
from game.store.paths import scratch_home

PRESETS = ("classic", "polish", "hungarian", "romanian")
PLAYERS = ("Anna", "Bartek", "Csilla")


def _record(rng: random.Random, at: float) -> GameRecord:
    order = list(range(4))
    rng.shuffle(order)
    seats = (
        SeatResult(0, PLAYERS[0], False, None, order[0] + 1, biggest_stack=rng.randint(0, 8)),
        SeatResult(1, PLAYERS[rng.randint(1, 2)], False, None, order[1] + 1),
        SeatResult(2, "", True, BOT_LEVELS[rng.randint(0, 3)], order[2] + 1),
        SeatResult(3, "", True, BOT_LEVELS[rng.randint(0, 3)], order[3] + 1),
    )
    return GameRecord(rng.choice(PRESETS), "bench", at, at + rng.uniform(60, 900), seats)


def _fill(store: Store, rounds: int, rng: random.Random) -> None:
    """Insert ``rounds`` plausible rounds in one transaction, bypassing the rating model."""
    conn = store._conn
    ids = {p.name: p.id for p in store.profiles()}
    for name in PLAYERS:
        if name not in ids:
            ids[name] = store.create_profile(name).id
    bots = [ids[bot_profile_name(level)] for level in BOT_LEVELS]
    games, results, history = [], [], []
    start = time.time() - rounds * 600.0
    for game_id in range(1, rounds + 1):
        at = start + game_id * 600.0
        preset = PRESETS[game_id % len(PRESETS)]
        duration = rng.uniform(60, 900)
        games.append((game_id, preset, "bench", 4, at - duration, at, duration, 0, 0, 1, 0))
        seated = [ids["Anna"], ids[PLAYERS[1 + game_id % 2]], *rng.sample(bots, 2)]
        places = rng.sample(range(1, 5), 4)
        for seat, (pid, place) in enumerate(zip(seated, places, strict=True)):
            stack = rng.randint(0, 8)
            results.append((game_id, seat, pid, place, 0, 0, stack, 0, 0, int(place == 1)))
            for scope in ("overall", preset):
                mu, sigma = rng.uniform(15, 35), max(1.0, 8.3 - game_id / 2000)
                history.append((pid, scope, game_id, mu, sigma, at))
    conn.execute("BEGIN IMMEDIATE")
    conn.executemany(
        "INSERT INTO games (id, preset, rules_fingerprint, seats, started_at, ended_at,"
        " duration_s, is_match, abandoned, round_no, blocked)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        games,
    )
    conn.executemany(
        "INSERT INTO results (game_id, seat, profile_id, place, points, penalty_cards,"
        " biggest_stack, turns_missed, macau_forgotten, won) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        results,
    )
    conn.executemany(
        "INSERT INTO rating_history (profile_id, scope, game_id, mu, sigma, at)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        history,
    )
    conn.execute(
        """
        INSERT INTO ratings (profile_id, scope, mu, sigma, updated_at, games)
        SELECT profile_id, scope, AVG(mu), MIN(sigma), MAX(at), COUNT(*)
        FROM rating_history GROUP BY profile_id, scope
        """
    )
    conn.execute("COMMIT")


def bench_store(rounds: int = 10_000, samples: int = 200) -> dict[str, float]:
    """Median ms to record one round; ms for profile_stats + leaderboard on ``rounds``."""
    rng = random.Random(1)
    with scratch_home() as home:
        with Store.open() as store:
            timings = []
            for n in range(samples):
                rec = _record(rng, time.time() + n)
                began = time.perf_counter()
                store.record_game(rec)
                timings.append(time.perf_counter() - began)
        big = Path(home) / "data" / "bench-10k.sqlite3"
        with Store.open(big) as store:
            _fill(store, rounds, rng)
        began = time.perf_counter()
        with Store.open(big) as store:
            opened = time.perf_counter() - began
            began = time.perf_counter()
            store.profile_stats("Anna")
            store.leaderboard()
            screen = time.perf_counter() - began
            began = time.perf_counter()
            store.profile_stats("Anna", preset="classic")
            store.leaderboard("classic")
            store.fastest_wins()
            store.history(limit=50)
            preset_screen = time.perf_counter() - began
    return {
        "record_game_median_ms": statistics.median(timings) * 1000,
        "record_game_p95_ms": sorted(timings)[int(len(timings) * 0.95)] * 1000,
        "stats_and_leaderboard_10k_ms": screen * 1000,
        "preset_screen_10k_ms": preset_screen * 1000,
        "open_10k_ms": opened * 1000,
    }

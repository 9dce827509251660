"""``make bench``: speed and size figures, each compared in the same run where it matters.

The machines are shared and noisy, so the engine and RLCard's UNO are measured in alternating
short slices and the medians are compared; every figure is a median.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from .engine import PRESETS, Game
from .engine._native import engine_is_compiled
from .ui.moves import TABLE_LISTING_LIMIT

SLICE = 0.6  # seconds per measurement slice
ROUNDS = 5


def _playouts(preset: str, seats: int, seconds: float, seed: int) -> tuple[float, float]:
    """Random playouts through the public API: (actions/s, games/s)."""
    rules = PRESETS[preset]
    rng = random.Random(seed)
    actions = games = 0
    g = Game.new(rules, seats=seats, seed=seed)
    start = time.perf_counter()
    end = start + seconds
    while True:
        while not g.over:
            g.apply(rng.choice(g.legal_actions()))
            actions += 1
        games += 1
        if time.perf_counter() >= end:
            break
        g = Game.new(rules, seats=seats, seed=seed + games)
    took = time.perf_counter() - start
    return actions / took, games / took


def _uno(seconds: float, seed: int) -> tuple[float, float] | None:
    """RLCard's UNO with random choices, measured like the engine: (actions/s, games/s)."""
    try:
        from rlcard.games.uno.game import UnoGame  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except ImportError:
        return None
    rng = random.Random(seed)
    game = UnoGame(num_players=4)
    game.np_random.seed(seed)
    actions = games = 0
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
        game.init_game()
        while not game.is_over():
            game.step(rng.choice(game.get_legal_actions()))
            actions += 1
        games += 1
    took = time.perf_counter() - start
    return actions / took, games / took


def _copy_median_us(preset: str = "polish", seats: int = 4) -> float:
    """Median time of ``copy()`` on mid-game states, in microseconds."""
    rng = random.Random(5)
    states: list[Game] = []
    for i in range(40):
        g = Game.new(PRESETS[preset], seats=seats, seed=100 + i)
        for _ in range(rng.randrange(10, 40)):
            if g.over:
                break
            g.apply(rng.choice(g.legal_actions()))
        if not g.over:
            states.append(g)
    samples = []
    for _ in range(30):
        for g in states:
            t0 = time.perf_counter_ns()
            for _ in range(50):
                g.copy()
            samples.append((time.perf_counter_ns() - t0) / 50 / 1000)
    return statistics.median(samples)


# The widest hand tried: two stand-in jokers and eight hearts on a heart (236,701 plays).
WIDE_HAND = ["RJ BJ 2H 3H 5H 6H 9H 10H QH KH", "2C 4D 9S 6D 8C", "3S 6C 7C 8S", "10D 8D QC 4S"]


def wide_hand_game() -> Game:
    """A four-seat hungarian position with ``WIDE_HAND``, seat 0 to play on 7♥."""
    return Game.from_position(
        PRESETS["hungarian"], hands=WIDE_HAND, pile="7H", stock="8H 10C 10S JC JD JS"
    )


# Two decks at eight seats: all four stand-in jokers in a 25-card hand, about nine million plays.
FOUR_JOKERS_HAND = "9C 7S 7C 7D 3H 7C 7H 8H 9D RJ RJ JD 4C QD BJ 6C 8C KD 4H 10D 4D JC BJ 6H 4H"


def four_jokers_game(seat: int = 0) -> Game:
    """An eight-seat hungarian position, ``seat`` to play ``FOUR_JOKERS_HAND`` on 10♣."""
    others = ["5S 5H", "5C", "6S", "6D", "8S", "8D", "9S"]
    hands = [*others[:seat], FOUR_JOKERS_HAND, *others[seat:]]
    return Game.from_position(
        PRESETS["hungarian"], hands=hands, pile="10C", stock="2S 2H 2C", current=seat
    )


# Every joker of three decks and nine hearts attack cards, on a waiting attack at ten seats.
WIDE_ATTACK_HAND = "RJ RJ RJ BJ BJ BJ 2H 2H 2H 3H 3H 3H KH KH KH 3S"


def wide_attack_game() -> Game:
    """A ten-seat hungarian position, seat 0 to answer 2♠ with ``WIDE_ATTACK_HAND``."""
    others = ["5C 6C", "5D 6D", "7C 8C", "7D 8D", "9C 9D", "10C 10D", "QC QD", "4C 4D", "2S 5S"]
    game = Game.from_position(
        PRESETS["hungarian"],
        hands=[WIDE_ATTACK_HAND, *others],
        pile="6S 9S",
        stock="5H 6H 7H 8H 9S 10S",
        current=9,
    )
    game.apply("2S")
    return game


# Forty cards of two decks (long clubs, a joker) answering a battle king at five seats. Its
# groups of one suit must hold attack cards only; built from the whole suit first, their
# orders took 2.5 s to list 253 plays.
LONG_SUIT_ATTACK_HAND = (
    "10D 10H 10S 2C 2S 3S 4C 4C 4D 4H 5C 5C 6C 6C 7D 7H 8C 8C 8H 8H "
    "8S 8S 9C 9S AC AS BJ JC JC JH JS KC KC KD KS QC QC QD QD QH"
)


def long_suit_attack_game() -> Game:
    """A five-seat hungarian position, seat 0 to answer K♥ with ``LONG_SUIT_ATTACK_HAND``."""
    game = Game.from_position(
        PRESETS["hungarian"],
        hands=[LONG_SUIT_ATTACK_HAND, "7C 5S", "2D 3D", "3C 6D", "KH 5D 6S"],
        pile="4H",
        stock="KD 9H 5H",
        current=4,
    )
    game.apply("KH")
    return game


# House rules of three jokers a deck, three decks at ten seats: six stand-in jokers in hand.
SIX_JOKERS_HAND = "BJ RJ BJ RJ BJ RJ 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2C 3C 4C 5C"


def six_jokers_game() -> Game:
    """A ten-seat hungarian position with three jokers a deck, seat 0 to play
    ``SIX_JOKERS_HAND`` on 10♣."""
    others = ["5S 5H", "5C 6C", "6S 6D", "6D 7D", "8S 8C", "8D 9D", "9S 9C", "4C 4D", "4S 4H"]
    return Game.from_position(
        PRESETS["hungarian"].replace(jokers=3),
        hands=[SIX_JOKERS_HAND, *others],
        pile="10C",
        stock="2S 2H 3D 5D 7S",
    )


def _wide_listing_ms(
    samples: int = 5, make: Callable[[], Game] = wide_hand_game, cap: int = 0
) -> tuple[float, int]:
    """Median time to list a wide hand (``make`` builds its game), in milliseconds, and how
    many plays it has (with ``cap``: the first ``cap`` of them, as the window lists)."""
    times = []
    count = 0
    for _ in range(samples):
        fresh = make()
        t0 = time.perf_counter()  # a list this long is never cached: each one is made anew
        if cap:
            count = len(fresh.legal_actions_capped(cap)[0])
        else:
            count = len(fresh.legal_actions())
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times), count


def bench_engine(out: Callable[[str], Any] = print) -> dict[str, Any]:
    """Engine playouts per preset, RLCard UNO side by side, and copy().

    Each round measures every preset once, so a preset's speed against polish is taken per
    round (polish at the same seat count, measured seconds apart) and the median of those
    ratios is quoted: slow drifts of a shared machine cancel out of it.
    """
    configs = [(p, s) for p in PRESETS for s in (2, 4)]
    rates: dict[tuple[str, int], list[float]] = {c: [] for c in configs}
    games: dict[tuple[str, int], list[float]] = {c: [] for c in configs}
    uno: list[float] = []
    uno_games: list[float] = []
    ratio: list[float] = []
    for r in range(ROUNDS):
        for preset, seats in configs:
            a, g = _playouts(preset, seats, SLICE, seed=r * 1000 + seats)
            rates[(preset, seats)].append(a)
            games[(preset, seats)].append(g)
            if (preset, seats) == ("polish", 4):
                u = _uno(SLICE, seed=r)
                if u is not None:
                    uno.append(u[0])
                    uno_games.append(u[1])
                    ratio.append(a / u[0])
    med = {c: statistics.median(v) for c, v in rates.items()}
    vs_polish = {
        (p, s): statistics.median(
            a / b for a, b in zip(rates[(p, s)], rates[("polish", s)], strict=True)
        )
        for p, s in configs
    }
    games_vs_polish = {
        (p, s): statistics.median(
            a / b for a, b in zip(games[(p, s)], games[("polish", s)], strict=True)
        )
        for p, s in configs
    }
    out(f"engine: {'compiled (mypyc)' if engine_is_compiled() else 'pure Python'}")
    out(f"random playouts, medians of {ROUNDS} slices of {SLICE}s")
    out(
        f"  {'preset':10s} {'seats':>5s} {'actions/s':>10s} {'games/s':>8s} "
        f"{'vs polish, same seats: actions/s':>33s} {'games/s':>8s}"
    )
    for preset, seats in configs:
        a = med[(preset, seats)]
        gm = statistics.median(games[(preset, seats)])
        out(
            f"  {preset:10s} {seats:5d} {a:10.0f} {gm:8.1f} {vs_polish[(preset, seats)]:32.2f}x "
            f"{games_vs_polish[(preset, seats)]:7.2f}x"
        )
    result: dict[str, Any] = {
        "playouts": {f"{p}@{s}": med[(p, s)] for p, s in configs},
        "vs_polish": {f"{p}@{s}": vs_polish[(p, s)] for p, s in configs},
        "games_vs_polish": {f"{p}@{s}": games_vs_polish[(p, s)] for p, s in configs},
        "compiled": engine_is_compiled(),
    }
    worst = min(vs_polish.values())
    out(
        f"  slowest preset vs polish at the same seats: {worst:.2f}x "
        f"(median of per-round ratios; target >= 0.5x)"
    )
    result["worst_vs_polish"] = worst
    if uno:
        uno_rate = statistics.median(uno)
        out(
            f"RLCard UNO (4 players): {uno_rate:.0f} actions/s, "
            f"{statistics.median(uno_games):.1f} games/s"
        )
        out(
            f"polish@4 / UNO: {statistics.median(ratio):.2f}x (median of per-slice ratios; "
            f"target >= 2x)"
        )
        result["uno"] = uno_rate
        result["ratio_vs_uno"] = statistics.median(ratio)
    else:
        out("RLCard UNO: not installed (pip install -e '.[bench]')")
    c = _copy_median_us()
    out(f"copy() of a mid-game polish state: {c:.2f} us median (target <= 10 us)")
    result["copy_us"] = c
    wide, plays = _wide_listing_ms()
    out(f"listing the widest hand tried (hungarian, {plays} plays): {wide:.0f} ms median")
    result["wide_listing_ms"] = wide
    wide, plays = _wide_listing_ms(3, wide_attack_game)
    out(
        f"listing six jokers and nine attack cards on an attack (3 decks, {plays} plays): "
        f"{wide:.0f} ms median"
    )
    result["wide_attack_listing_ms"] = wide
    long_ms, plays = _wide_listing_ms(3, long_suit_attack_game)
    out(
        f"listing forty cards of two decks on a battle king ({plays} plays): "
        f"{long_ms:.1f} ms median"
    )
    result["long_suit_attack_listing_ms"] = long_ms
    six, plays = _wide_listing_ms(3, six_jokers_game, TABLE_LISTING_LIMIT)
    out(f"the window's listing of six jokers among 23 cards (3 decks, {plays} plays): {six:.0f} ms")
    result["six_jokers_window_listing_ms"] = six
    return result


def main() -> int:
    """Run every benchmark the project has and print the figures."""
    print("== engine ==")
    bench_engine()
    sections: list[tuple[str, str, str]] = [
        ("bots", "game.bots.bench", "bench_bots"),
        ("store", "game.store.bench", "bench_store"),
        ("table", "game.ui.bench", "bench_ui"),
        ("statistics screen", "game.ui.statsbench", "bench_stats_screen"),
        ("package", "build.bench_dist", "bench_dist"),
    ]
    for title, module, func in sections:
        print(f"== {title} ==")
        try:
            mod = __import__(module, fromlist=[func])
        except ImportError as exc:
            print(f"  not available: {exc}")
            continue
        figures = getattr(mod, func)()
        for key, value in _flatten(figures):
            print(f"  {key}: {value:.3f}" if isinstance(value, float) else f"  {key}: {value}")
    return 0


def _flatten(d: Any, prefix: str = "") -> list[tuple[str, Any]]:
    if isinstance(d, dict):
        items: list[tuple[str, Any]] = []
        for k, v in d.items():
            items.extend(_flatten(v, f"{prefix}{k}." if isinstance(v, dict) else f"{prefix}{k}"))
        return items
    return [(prefix.rstrip("."), d)]


if __name__ == "__main__":
    sys.exit(main())

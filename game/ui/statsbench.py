"""Timing the statistics screen: construct + first draw on a database of 10,000 rounds,
headless at 1280×800. Target: 150 ms.

``bench_stats_screen()`` returns the numbers in milliseconds; it prints nothing.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

__all__ = ["bench_stats_screen"]


def bench_stats_screen(rounds: int = 10_000, samples: int = 9) -> dict[str, float]:
    """Median and worst ms to open the statistics screen (all presets and one preset) on
    ``rounds`` rounds with nothing remembered, the first open of the process (fonts and felt
    too), a reopen of the same unchanged statistics, the rankings screen and the match
    history (the latest 1,000 rounds of one player)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.store import Store
    from game.store.bench import _fill
    from game.store.paths import scratch_home
    from game.ui.history_scene import HistoryScene
    from game.ui.rankings_scene import RankingsScene
    from game.ui.scene import SceneStack
    from game.ui.stats_scene import StatsScene, clear_cache

    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 800))
    try:
        with scratch_home("macau-statsbench-") as home:
            path = Path(home) / "data" / "bench-10k.sqlite3"
            with Store.open(path) as store:
                _fill(store, rounds, random.Random(1))

            def open_screen(
                make: Callable[[Store], StatsScene | RankingsScene | HistoryScene],
                cached: bool = False,
            ) -> float:
                if not cached:
                    clear_cache()
                stack = SceneStack(None, (1280, 800))
                began = time.perf_counter()
                stack.push(make(store))
                stack.update(1 / 60)
                stack.draw(screen)
                spent = time.perf_counter() - began
                stack.clear()
                return spent * 1000

            with Store.open(path) as store:
                cold = open_screen(partial(StatsScene, profile="Anna"))
                overall = [open_screen(partial(StatsScene, profile="Anna")) for _ in range(samples)]
                preset = [
                    open_screen(partial(StatsScene, profile="Anna", preset="classic"))
                    for _ in range(samples)
                ]
                anna = partial(StatsScene, profile="Anna")
                reopen = [open_screen(anna, True) for _ in range(samples)]
                rankings = [open_screen(RankingsScene) for _ in range(samples)]
                history = [
                    open_screen(partial(HistoryScene, profile="Anna")) for _ in range(samples)
                ]
    finally:
        pygame.display.quit()
    return {
        "stats_open_cold_ms": cold,
        "stats_open_median_ms": statistics.median(overall),
        "stats_open_max_ms": max(overall),
        "stats_open_preset_median_ms": statistics.median(preset),
        "stats_reopen_median_ms": statistics.median(reopen),
        "rankings_open_median_ms": statistics.median(rankings),
        "history_open_median_ms": statistics.median(history),
    }


if __name__ == "__main__":
    for name, value in bench_stats_screen().items():
        print(f"{name:32} {value:8.1f}")

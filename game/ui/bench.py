"""Frame-time benchmark of the table: headless 1280×800, four seats, normal animation speed.

``bench_ui()`` returns the numbers (milliseconds, seconds, megabytes); it prints nothing.
"""

from __future__ import annotations

import os
import resource
import statistics
import sys
import time

__all__ = ["bench_ui"]


def bench_ui(frames: int = 1000, seed: int = 5) -> dict[str, float]:
    """Median and p99 frame time (update + draw), the same while a hard bot thinks,
    time from start to the first frame, and peak RSS."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    started = time.perf_counter()
    import pygame

    from game.engine import PRESETS, Game
    from game.store.settings import Settings
    from game.ui.scene import SceneStack
    from game.ui.start import table_for

    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 800))
    stack = SceneStack(None, (1280, 800))
    game = Game.new(PRESETS["polish"], seats=4, seed=seed)
    settings = Settings(animation_speed="normal")
    levels = ("hard", "medium", "medium")
    table = table_for(game, levels, settings=settings, deal=True, autoplay=True)
    stack.push(table)
    dt = 1 / 60
    stack.update(dt)
    stack.draw(screen)
    first_frame = time.perf_counter() - started
    times: list[float] = []
    thinking: list[float] = []
    for _ in range(frames):
        hard_thinking = table.thinking is not None and table.thinking_seat == 1
        t0 = time.perf_counter()
        stack.update(dt)
        stack.draw(screen)
        spent = (time.perf_counter() - t0) * 1000
        times.append(spent)
        if hard_thinking:
            thinking.append(spent)
        if stack.top is not table:
            stack.pop()  # the round board: skip it and keep measuring on a fresh deal
            table._after_round("rematch")
        # Let the worker run as it would between real frames at 60 fps.
        time.sleep(max(0.0, dt - spent / 1000) * 0.05)
    table.worker.close()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    rss_mb = rss / (1024 * 1024) if sys.platform == "darwin" else rss / 1024
    pygame.display.quit()
    return {
        "frame_median_ms": statistics.median(times),
        "frame_p99_ms": _p99(times),
        "thinking_median_ms": statistics.median(thinking) if thinking else 0.0,
        "thinking_p99_ms": _p99(thinking) if thinking else 0.0,
        "thinking_frames": float(len(thinking)),
        "first_frame_s": first_frame,
        "peak_rss_mb": rss_mb,
    }


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]

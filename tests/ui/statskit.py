"""The seeded statistics database of the statistics, rankings, profiles and history tests."""

from __future__ import annotations

import random

from game.store import GameRecord, SeatResult, Store

SIZE = (1280, 800)
PRESETS = ("polish", "classic", "quick")


def seed(store: Store, rounds: int = 60) -> None:
    """Ania, Béla and bots over three presets; Csilla plays only three rounds."""
    rng = random.Random(9)
    for n in range(rounds):
        preset = PRESETS[n % 3]
        names = ["Ania", "Béla" if n >= 3 else "Csilla", "", ""]
        levels = [None, None, "easy", "hard"]
        places = rng.sample(range(1, 5), 4)
        results = tuple(
            SeatResult(s, names[s], levels[s] is not None, levels[s], places[s],
                       points=0 if places[s] == 1 else 10 * places[s],
                       biggest_stack=(n + s) % 9)
            for s in range(4)
        )  # fmt: skip
        start = 1_700_000_000 + n * 3600
        store.record_game(
            GameRecord(preset, "t", start, start + 60 + 7 * n, results, preset == "classic")
        )

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


def play_matches(
    count: int,
    preset: str = "tel_aviv",
    target: int = 60,
    names: tuple[str, ...] = ("You", "Ada", "Ben"),
    size: tuple[int, int] = (960, 600),
) -> None:
    """Play ``count`` whole points matches at a real table, one after another (New match on
    the result screen), the first seat a person whose moves a medium bot makes; each round
    and match is recorded as the table records them, in the store of MACAU_HOME."""
    import pygame

    from game.store.settings import Settings
    from game.ui.botplayer import BotPlayer
    from game.ui.matchtable import MatchTable
    from game.ui.setup import SeatSpec, TableSetup
    from tests.ui.menukit import Screen, play_to_match_end

    seats = (SeatSpec(names[0]), *(SeatSpec(n, "easy") for n in names[1:]))
    setup = TableSetup(preset, seats, target=target)
    off = Settings(animation_speed="off", bot_pace="fast")
    table = MatchTable(setup, setup.new_game(seed=count), settings=off, seed=count)
    table.autoplay = True  # the person's moves are a bot's: the table records them as theirs
    table.bots[0] = BotPlayer("medium", count)
    screen = Screen(table, size)
    for n in range(count):
        play_to_match_end(screen)
        if n < count - 1:
            screen.key(pygame.K_RETURN)  # New match
    screen.stack.clear()

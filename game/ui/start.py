"""Ways to open a table: from the command line's flags, or from any ``Game`` (tests, puzzles).

``MACAU_DEMO`` (penalty, chooser, roundover, log) starts at a prepared position; it is
how the screenshots in ``docs/screenshots`` are taken.
"""

from __future__ import annotations

import argparse
import os
import random
from collections.abc import Mapping, Sequence
from typing import Any

from game.bots import bot_levels
from game.engine import PRESETS, Game, parse_action
from game.store.settings import Settings
from game.ui.setup import (
    SeatSpec,
    TableSetup,
    bot_seats,
    default_seats,
    quick_setup,
    rename_clashing_bots,
)
from game.ui.sound import Sound
from game.ui.table import TableScene

__all__ = ["demo_table", "setup_from_args", "table_for", "table_from_args"]


def table_for(
    game: Game,
    levels: Sequence[str] | None = None,
    *,
    settings: Settings | None = None,
    sound: Sound | None = None,
    deal: bool = False,
    autoplay: bool = False,
    seed: int | None = 0,
) -> TableScene:
    """A table on ``game`` exactly as it stands (no deal animation unless ``deal``)."""
    rules, seats = game.rules, game.seats
    rng = random.Random(seed)

    def rematch() -> Game:
        return Game.new(rules, seats=seats, seed=rng.randrange(1 << 30))

    return TableScene(
        game, levels=levels, settings=settings, sound=sound, seed=seed,
        autoplay=autoplay, new_game=rematch, deal=deal,
    )  # fmt: skip


def setup_from_args(args: argparse.Namespace, last: Mapping[str, Any] | None) -> TableSetup:
    """The table ``python main.py --preset P --seats N --bots a,b --seed S`` asks for, as a
    setup like the New game screen's: you in seat 0 (by the name you last played under),
    then bots of the levels given, cycled over the other seats (medium by default)."""
    preset = getattr(args, "preset", None) or "polish"
    seats = getattr(args, "seats", None) or default_seats(preset)
    levels = bot_levels(getattr(args, "bots", None) or "medium")
    previous = quick_setup(last)
    name = next((s.name for s in previous.seats if s.human), "You")
    bots = bot_seats([levels[i % len(levels)] for i in range(seats - 1)])
    return TableSetup(preset, rename_clashing_bots((SeatSpec(name), *bots)))


def table_from_args(args: argparse.Namespace, *, autoplay: bool = False) -> TableScene:
    """The table ``python main.py --preset P --seats N --bots a,b,c --seed S`` asks for."""
    preset = getattr(args, "preset", None) or "polish"
    if preset not in PRESETS:
        raise SystemExit(f"unknown preset {preset!r}; choose one of {', '.join(PRESETS)}")
    rules = PRESETS[preset]
    seats = getattr(args, "seats", None) or default_seats(preset)
    seats = max(rules.min_seats, min(rules.max_seats, seats))
    levels = bot_levels(getattr(args, "bots", None) or "medium")
    seed = getattr(args, "seed", None)
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 30)
    demo = os.environ.get("MACAU_DEMO", "")
    if demo:
        table = demo_table(demo, levels)
    else:
        game = Game.new(rules, seats=seats, seed=seed)
        table = table_for(game, levels, deal=True, autoplay=autoplay, seed=seed)
    table.settings = Settings.load().settings  # (a prepared position too: as it will look)
    table.animator.speed = "normal" if autoplay else table.settings.animation_speed
    return table


def demo_table(name: str, levels: Sequence[str] = ("medium",)) -> TableScene:
    """A prepared position for screenshots and manual checks."""
    rules = PRESETS["polish"]
    if name == "penalty":
        game = Game.from_position(
            rules, hands=["2H 7D QC 9S KH 5C", "8C 6S 10S 4H", "3D JD 4S 6H 10C", "2D AC 9H KD"],
            pile="4D 9D", stock="2C 6D 5S 8S 10H 7C AS QD JC 8H 3C", current=2,
        )  # fmt: skip
        table = table_for(game, levels)
        table.apply(parse_action("3D"), 2)
        table.apply(parse_action("2D"), 3)
        return table
    if name in ("chooser", "log"):
        game = Game.from_position(
            PRESETS["quick"], hands=["AS 7D QC 9S KH 5S", "3H 8C", "JD 4S 6H 10C", "AC 9D KD"],
            pile="4D 8S", stock="2C 6D 5C 10H 7C AH QD JC 4H 3D", current=0,
        )  # fmt: skip
        table = table_for(game, levels)
        table.show_log = name == "log"
        return table
    if name == "roundover":
        game = Game.from_position(
            PRESETS["classic"], hands=["8S", "3H 8C KH", "JD 4S 6H 10C", "AC 9D"],
            pile="4D 9S", stock="2C 6D 5C 8D 10H 7C AH QD JC 4H 3D", current=0,
        )  # fmt: skip
        # The board a match shows (the cards each seat was left holding), from a table that
        # neither records the round nor saves the game.
        from game.ui.matchtable import MatchTable
        from game.ui.setup import SeatSpec, TableSetup

        names = ("You", "West", "North", "East")
        seats = (SeatSpec(names[0]), *(SeatSpec(n, levels[0]) for n in names[1:]))
        match = MatchTable(TableSetup("classic", seats), game, seed=0, deal=False)
        match.recorded = True
        match.saving = False
        match.recording = False
        match.apply(game.legal_actions(0)[0])
        return match
    raise SystemExit(f"unknown MACAU_DEMO {name!r}: penalty, chooser, log or roundover")

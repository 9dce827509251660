"""Computer players: ``random``, ``easy``, ``medium`` and ``hard`` (ISMCTS). Each sees only its
seat's ``View`` and the legal actions; ``make_bot`` builds one by level name."""

from __future__ import annotations

import random
from typing import Any

from .base import Bot

BOT_LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard")

# How often a bot of each level, not to move, notices a forgotten Macau in time and calls
# "stop Macau" (unless the bot decides for itself with a ``catch`` method): a person should
# usually be caught, but not always. The window and the terminal game both use these odds.
CATCH_CHANCE: dict[str, float] = {"random": 0.3, "easy": 0.4, "medium": 0.75, "hard": 0.95}


def bot_stream(*key: object) -> random.Random:
    """A bot's own random stream, named by ``key`` (a table's seed and a seat, say), and
    never the stream of a deal. ``Game.new(seed=N)`` deals from ``random.Random(N)``, and
    continues it into every reshuffle: a bot handed that same stream (seeded with the
    number the deal was) could replay the deal and know every hand and the stock's order.
    This stream is seeded with a text, which Python hashes (SHA-512), so it is no
    number's stream."""
    return random.Random("macau bot " + " ".join(map(str, key)))


def bot_levels(spec: str) -> list[str]:
    """The levels of a ``--bots`` list, in order (``list_problem`` says first whether it
    can be read)."""
    return [b.strip() for b in spec.split(",") if b.strip()]


def list_problem(spec: str) -> str:
    """What makes a ``--bots`` list unreadable, or "": no level at all, or an empty entry
    (``hard,,medium`` or a trailing comma), which would quietly change the line-up."""
    entries = [b.strip() for b in spec.split(",")]
    if not any(entries):
        return "no bot levels: give at least one, for example --bots medium,hard"
    if not all(entries):
        return f"an empty bot level in --bots {spec!r}: separate the levels by single commas"
    return ""


def levels_problem(spec: str, rules: Any, seats: int | None) -> str:
    """What is wrong with a ``--bots`` list for a table of ``rules`` (``seats``, or its usual
    number), or "": the levels are cycled over the seats after the first, so an empty list
    or entry, an unknown level or more levels than other seats is a mistake. The window's
    command line and the terminal game both ask here."""
    problem = list_problem(spec)
    if problem:
        return problem
    levels = bot_levels(spec)
    for level in levels:
        if level not in BOT_LEVELS:
            return f"unknown bot level {level!r}; known levels: {', '.join(BOT_LEVELS)}"
    table = seats or rules.default_seats
    if len(levels) > table - 1:
        fix = (
            f"give --seats {len(levels) + 1}, or fewer levels"
            if len(levels) + 1 <= rules.max_seats
            else f"{rules.name} seats at most {rules.max_seats}: give at most "
            f"{rules.max_seats - 1} levels"
        )
        return (
            f"{len(levels)} bot levels for {table - 1} other seat{'s' if table != 2 else ''}: {fix}"
        )
    return ""


def make_bot(level: str, **options: Any) -> Bot:
    """Build the bot of ``level``; ``hard`` takes ``time_budget`` (s) and ``iterations``."""
    if level == "random":
        from .simple import RandomBot

        return RandomBot()
    if level == "easy":
        from .simple import EasyBot

        return EasyBot()
    if level == "medium":
        from .medium import MediumBot

        return MediumBot()
    if level == "hard":
        from .hard import HardBot

        return HardBot(**options)
    raise ValueError(f"unknown bot level {level!r}; known levels: {', '.join(BOT_LEVELS)}")


__all__ = [
    "BOT_LEVELS",
    "CATCH_CHANCE",
    "Bot",
    "bot_levels",
    "levels_problem",
    "list_problem",
    "make_bot",
]

"""Computer players: ``random``, ``easy``, ``medium`` and ``hard`` (ISMCTS). Each sees only its
seat's ``View`` and the legal actions; ``make_bot`` builds one by level name."""

from __future__ import annotations

from typing import Any

from .base import Bot

BOT_LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard")

# How often a bot of each level, not to move, notices a forgotten Macau in time and calls
# "stop Macau" (unless the bot decides for itself with a ``catch`` method): a person should
# usually be caught, but not always. The window and the terminal game both use these odds.
CATCH_CHANCE: dict[str, float] = {"random": 0.3, "easy": 0.4, "medium": 0.75, "hard": 0.95}


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


__all__ = ["BOT_LEVELS", "CATCH_CHANCE", "Bot", "make_bot"]

"""Computer players: ``random``, ``easy``, ``medium`` and ``hard`` (ISMCTS). Each sees only its
seat's ``View`` and the legal actions; ``make_bot`` builds one by level name."""

from __future__ import annotations

from typing import Any

from .base import Bot

BOT_LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard")


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


__all__ = ["BOT_LEVELS", "Bot", "make_bot"]

"""Bots at the table: the level's bot if ``game.bots`` provides one, else a random legal move.

A bot only ever gets ``Game.view(seat)`` (a frozen copy) and the legal list, and it thinks
on a worker thread so frames keep flowing while a hard bot searches.
"""

from __future__ import annotations

import logging
import random
import sys
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Protocol

from game.bots import CATCH_CHANCE
from game.engine import Action, Game, Play, Stop, View
from game.ui.moves import TABLE_LISTING_LIMIT

__all__ = ["CATCH_CHANCE", "SWITCH_INTERVAL", "BotPlayer", "BotWorker"]

log = logging.getLogger(__name__)

# Seconds a thread holding the interpreter lock runs before another that wants it takes
# it (``BotWorker``): a frame then waits at most this long for the lock behind a search.
SWITCH_INTERVAL = 0.0002


class _Chooser(Protocol):
    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action: ...


class _RandomBot:
    """Any legal move; prefers laying cards to drawing, so games move along."""

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        plays = [a for a in legal if isinstance(a, Play)]
        calls = [p for p in plays if p.call]
        if calls:
            return rng.choice(calls)
        others = [a for a in legal if not isinstance(a, Stop)]
        if plays and rng.random() < 0.8:
            return rng.choice(plays)
        return rng.choice(others or list(legal))


def _make(level: str) -> _Chooser:
    try:
        from game.bots import make_bot
    except ImportError:
        return _RandomBot()
    try:
        bot: _Chooser = make_bot(level)
    except Exception as exc:  # an unknown level must not stop the table
        log.warning("bot level %r unavailable (%s); playing random legal moves", level, exc)
        return _RandomBot()
    return bot


# Seconds a searching bot thinks over a move of a round played out at once (the table's
# "Finish the round", a table left once every person is out, a saved round played out):
# a table of them settles its lower places in a second or two, not half a minute.
HURRIED_BUDGET = 0.03


class BotPlayer:
    """One bot seat: a level, its own seeded random stream, and the bot behind it."""

    def __init__(self, level: str = "medium", seed: int | None = None) -> None:
        self.level = level
        self.rng = random.Random(seed)
        self.bot = _make(level)
        self._usual_budget: float | None = None  # a searching bot's budget while hurried

    def memory(self) -> dict[str, Any] | None:
        """What the bot keeps between its decisions besides its random stream (the easy
        bot's "forgets Macau this round"), as JSON-ready data; None for a bot that keeps
        nothing (a saved game keeps it with the stream)."""
        memory = getattr(self.bot, "memory", None)
        found = memory() if callable(memory) else None
        return dict(found) if isinstance(found, dict) else None

    def hurry(self, on: bool = True) -> None:
        """Think for at most ``HURRIED_BUDGET`` a move (a searching bot), or as usual again.
        Nobody watches these moves: only the people's places had to be earned in full."""
        budget = getattr(self.bot, "time_budget", None)
        if not isinstance(budget, float):
            return
        if on and self._usual_budget is None:
            self._usual_budget = budget
            self.bot.time_budget = min(budget, HURRIED_BUDGET)  # type: ignore[attr-defined]
        elif not on and self._usual_budget is not None:
            self.bot.time_budget = self._usual_budget  # type: ignore[attr-defined]
            self._usual_budget = None

    @property
    def longest_think(self) -> float:
        """Seconds a decision may take when the bot searches (its time budget), else 0."""
        budget = getattr(self.bot, "time_budget", 0.0)
        if getattr(self.bot, "iterations", None) is not None:
            return 0.0  # a fixed count of iterations: no budget to match
        return float(budget) if isinstance(budget, int | float) else 0.0

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """The bot's move; falls back to a random legal one if the bot fails or strays."""
        try:
            action = self.bot.choose(view, list(legal), self.rng)
        except Exception:  # a bot bug must not freeze the table
            log.exception("bot %s failed; playing a random legal move", self.level)
            action = _RandomBot().choose(view, legal, self.rng)
        if action not in legal:
            log.warning("bot %s chose %s, not legal; playing a random move", self.level, action)
            action = _RandomBot().choose(view, legal, self.rng)
        return action

    def wants_to_catch(self, view: View, target: int) -> bool:
        """Does this bot call "stop Macau" on ``target``? Asks the bot, else its level's odds."""
        ask: Any = getattr(self.bot, "catch", None)
        if callable(ask):
            try:
                return bool(ask(view, target, self.rng))
            except Exception:
                log.exception("bot catch failed")
        return self.rng.random() < CATCH_CHANCE.get(self.level, 0.7)


def _think(bot: BotPlayer, game: Game, seat: int, legal: tuple[Action, ...] | None) -> Action:
    if legal is None:
        legal = tuple(game.legal_actions_capped(TABLE_LISTING_LIMIT, seat)[0])
    return bot.choose(game.view(seat), legal)


class BotWorker:
    """One worker thread for every bot at the table: one move is thought about at a time."""

    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="macau-bot")
        # The drawing thread shares the interpreter lock with a bot's search. At Python's
        # usual switch interval (5 ms), each time a frame let the lock go (to SDL, say) it
        # waited up to 5 ms to have it back, and a frame that resized the table or opened a
        # screen took a tenth to a quarter of a second while a hard bot thought.
        sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_INTERVAL))

    def think(
        self, bot: BotPlayer, game: Game, seat: int, legal: Sequence[Action] | None = None
    ) -> Future[Action]:
        """Start ``bot`` thinking for ``seat``; poll the future each frame.

        ``game`` must be a private copy: the seat's view is built on the worker, so even a
        long history costs the frame nothing, and the bot never sees more than that view.
        Without ``legal``, the moves are listed there too (as the table lists them, at most
        ``TABLE_LISTING_LIMIT`` plays): a big hand with stand-in jokers takes tenths of a
        second to list, which the window's frames go on through.
        """
        listed = None if legal is None else tuple(legal)
        return self._pool.submit(_think, bot, game, seat, listed)

    def close(self) -> None:
        """Stop the worker (a running search finishes in the background and is dropped)."""
        self._pool.shutdown(wait=False, cancel_futures=True)

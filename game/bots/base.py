"""The bot protocol, and the small helpers every level shares.

A bot sees exactly one seat's ``View``, the legal actions of that seat, and a seeded
``random.Random``; it returns one of those actions. It never holds the live ``Game``.
"""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Protocol

from game.engine import Action, Play, View

# Plays the search lists at most in a position it reaches (the root keeps the listing the
# table or the tournament gave the bot, up to ``LISTING_LIMIT``). With
# stand-in jokers a guessed opponent hand of 40 cards can be laid in hundreds of thousands of
# ways; listing them all took one iteration past the whole time budget. The listing's order
# starts with singles and short groups, which the search and its playouts pick from anyway.
SEARCH_LISTING_LIMIT = 2000

# Moves the bots alone may make in a round once every person at the table is out, before the
# table stops it as endless and scores it as a blocked round (``Game.stop_round``). Such
# rounds end within a few hundred moves, but under some house rules bots can loop, and a
# person should not watch them for ever (docs/rules-decisions.md).
ALONE_LIMIT = 1000


def stopped_words(moves: int) -> str:
    """What a table says when it stops a round the bots alone played ``moves`` moves in."""
    return f"The bots played {moves:,} moves without finishing: the round is stopped"


class Bot(Protocol):
    """A computer player: picks one of ``legal`` from what ``view`` shows."""

    level: str

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        """Return one action of ``legal`` (never empty)."""
        ...


def drop_forgetful(legal: Sequence[Action]) -> list[Action]:
    """``legal`` without the plays that leave one card unannounced when the call is offered.

    The engine lists each such play twice (with and without the Macau call); a player who means
    to call never wants the silent twin.
    """
    called = {(a.cards, a.declared, a.choice) for a in legal if isinstance(a, Play) and a.call}
    if not called:
        return list(legal)
    return [
        a
        for a in legal
        if not (isinstance(a, Play) and not a.call and (a.cards, a.declared, a.choice) in called)
    ]


# The most actions the medium bot's score weighs in one decision.
SCORED_AT_MOST = 2048


def widest(actions: list[Action]) -> list[Action]:
    """``actions``, or if there are more than ``SCORED_AT_MOST`` (stand-in jokers in long groups
    can list hundreds of thousands) the ones that lay the most cards: medium counts 10 for each
    card laid, more than almost any habit it weighs, so only those are worth its full score.
    Up to half the room goes first to the actions that lay no joker, though (the draw, the
    plain runs and groups): medium counts a joker kept for later at far more than one card
    laid, so the longest plays, which spend jokers to lay one card more, are often not the
    best ones; the longest (going out among them) fill the rest."""
    if len(actions) <= SCORED_AT_MOST:
        return actions
    longest = sorted(actions, key=_cards_laid, reverse=True)  # the listing's order among equals
    kept = {id(a) for a in [a for a in longest if not _lays_joker(a)][: SCORED_AT_MOST // 2]}
    for a in longest:
        if len(kept) >= SCORED_AT_MOST:
            break
        kept.add(id(a))
    return [a for a in longest if id(a) in kept]


def _lays_joker(action: Action) -> bool:
    return isinstance(action, Play) and any(c.is_joker for c in action.cards)


def _cards_laid(action: Action) -> int:
    return len(action.cards) if isinstance(action, Play) else 0


@contextmanager
def collector_paused(actions: Sequence[Action]) -> Iterator[None]:
    """Pause the garbage collector while a bot works through a very wide listing.

    Sorting and grouping hundreds of thousands of plays makes as many keys and lists, none in
    a cycle; with the collector running, each batch of them set off a walk over every object
    in the process (easy spent two thirds of a 1.4 s decision so). Narrow listings, and a
    collector that was already off, are left alone.
    """
    pause = len(actions) > SCORED_AT_MOST and gc.isenabled()
    if pause:
        gc.disable()
    try:
        yield
    finally:
        if pause:
            gc.enable()

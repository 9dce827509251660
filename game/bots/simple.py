"""The two beginner levels: ``random`` (any legal action) and ``easy`` (plays whatever fits)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from game.engine import Action, Card, MacauForgotten, Play, Stop, View
from game.engine.cards import RANK_NAMES, SUITS

from .base import collector_paused

# How often the easy bot forgets to call Macau (decided once per round: the first time it
# could forget; once caught, it remembers for the rest of the round) and how often it
# overlooks a chance to catch somebody else's forgotten call on its own turn.
FORGET_RATE = 0.25
OVERLOOK_RATE = 0.25

# Stands for the first event of a round taken up from a saved game (see ``EasyBot.recall``).
_RECALLED = object()


class _Unlogged:
    """Stands for the first event of a round first met before anything was logged: each one
    new, so two games' first rounds met so are never taken for one."""


class RandomBot:
    """Any legal action, uniformly."""

    level = "random"

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        """Pick uniformly among ``legal``."""
        return legal[rng.randrange(len(legal))]


class EasyBot:
    """Lays a random card that fits, draws only when nothing fits, names what it holds."""

    level = "easy"

    def __init__(self) -> None:
        # The first event of the round being played and whether this bot forgets Macau in it.
        self._round_key: tuple[object, int, int] | None = None
        self._forgets = False

    def memory(self) -> dict[str, object] | None:
        """What the bot has decided for its round (None before its first decision), for a
        saved game: without it a continued round would decide again, from a random stream
        that has moved on, and every later choice would differ from the game not stopped."""
        if self._round_key is None:
            return None
        _first, round_no, dealer = self._round_key
        return {"round_no": round_no, "dealer": dealer, "forgets": self._forgets}

    def recall(self, memory: Mapping[str, object]) -> None:
        """Take up ``memory`` from a saved game: the round it names keeps its decision.
        ValueError when it is damaged."""
        round_no, dealer, forgets = (memory.get(k) for k in ("round_no", "dealer", "forgets"))
        if not (
            isinstance(round_no, int)
            and isinstance(dealer, int)
            and isinstance(forgets, bool)
            and not isinstance(round_no, bool)
            and not isinstance(dealer, bool)
        ):
            raise ValueError("the saved bot's memory is damaged")
        self._round_key = (_RECALLED, round_no, dealer)
        self._forgets = forgets

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        """A random fitting play, with the suit or rank it names taken from its own hand."""
        with collector_paused(legal):
            return self._choose(view, legal, rng)

    def _choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        stops = [a for a in legal if isinstance(a, Stop)]
        if stops and (len(stops) == len(legal) or rng.random() >= OVERLOOK_RATE):
            return stops[0]
        plays = [a for a in legal if isinstance(a, Play)]
        if not plays:
            rest = [a for a in legal if a not in stops]
            return rest[0] if rest else legal[0]
        self._start_round(view, rng)
        required = view.rules.macau_call == "required"
        if self._forgets and required and any(play.call for play in plays):
            # Forgetting once in a round is the slip; caught for it or not, it remembers from
            # then on (else every later last card could be caught again, round after round).
            seat = view.seat
            if any(isinstance(e, MacauForgotten) and e.seat == seat for e in view.history):
                self._forgets = False
        # The (cards, declared, suffix) offered with each Macau-call setting: a play whose twin
        # with the other setting is offered too is dropped when it is not this round's habit.
        offered: tuple[set[tuple[object, ...]], set[tuple[object, ...]]] = (set(), set())
        if required:
            for play in plays:
                offered[play.call].add((play.cards, play.declared, play.choice))
        groups: dict[tuple[object, ...], list[Play]] = {}
        for play in plays:
            if (
                required
                and play.call == self._forgets
                and (play.cards, play.declared, play.choice) in offered[not play.call]
            ):
                continue
            groups.setdefault((play.cards, play.declared), []).append(play)
        # A random card that may be laid first, then a random play starting with it: a joker
        # that may stand for any of 52 cards, or a card opening many groups, is one card among
        # the others, not most of the choices.
        by_first: dict[Card, list[list[Play]]] = {}
        for variants in groups.values():
            by_first.setdefault(variants[0].cards[0], []).append(variants)
        starting = list(by_first.values())
        plays_of_card = starting[rng.randrange(len(starting))]
        return _named_from_hand(plays_of_card[rng.randrange(len(plays_of_card))], view, rng)

    def _start_round(self, view: View, rng: random.Random) -> None:
        """Draw the per-round "forgets Macau" flag at the first decision of each round."""
        first = view.history[0] if view.history else _Unlogged()
        key: tuple[object, int, int] = (first, view.round_no, view.dealer)
        known = self._round_key
        # The round whose first decision came before anything was in its history (a game's
        # first round logs no deal) goes on where that decision, this bot's own move, now
        # leads the history; another game's round with the same number and dealer does not.
        went_on = (
            known is not None
            and isinstance(known[0], _Unlogged)
            and getattr(first, "seat", -1) == view.seat
        )
        if known is not None and (known[0] is _RECALLED or went_on) and key[1:] == known[1:]:
            # The saved round goes on, or the round begun with nothing in its history: its
            # decision stands.
            self._round_key = key
        elif known is None or key[1:] != known[1:] or key[0] is not known[0]:
            self._round_key = key
            self._forgets = rng.random() < FORGET_RATE


def _named_from_hand(variants: list[Play], view: View, rng: random.Random) -> Play:
    """Among variants differing only in their suffix, one naming a suit or rank still held."""
    if len(variants) == 1:
        return variants[0]
    rest = list(view.hand)
    for card in variants[0].cards:
        rest.remove(card)
    held_suits = {c.suit for c in rest if c.suit in SUITS}
    held_ranks = {RANK_NAMES[c.rank] for c in rest if not c.is_joker}
    fitting = [
        v
        for v in variants
        if v.choice is not None and (v.choice in held_suits or v.choice in held_ranks)
    ]
    if not fitting:
        fitting = [v for v in variants if v.choice in ("-", "*")] or variants
    return fitting[rng.randrange(len(fitting))]

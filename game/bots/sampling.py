"""Guessing the hidden cards: deals of the unseen cards consistent with one seat's view.

Each other seat gets exactly as many cards as it holds. Beyond that the public history says
something: a seat that took a penalty rather than answer an attack, accepted missed turns
rather than pass them on, or drew instead of following a request, probably held no card that
could have answered at that moment: such cards get the factor ``AVOID`` for that seat. A plain
draw on an ordinary turn says a little less (players may hoard): ``HOARD``. A seat that names
a suit or requests a rank probably holds it: ``NAMED``. Each draw of the seat dilutes what was
known (new cards may be anything), and four cards drawn wipe it out.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.engine import (
    Card,
    CardsDrawn,
    CardsLaid,
    FiveAgain,
    Game,
    MissedTurnsAccepted,
    PenaltyTaken,
    RankRequested,
    RequestEnded,
    RoundOver,
    SuitNamed,
    TurnStarted,
    View,
)
from game.engine.cards import RANK_NAMES, SUITS
from game.engine.compiled import Compiled

from .reading import answers_attack, answers_request, roles

AVOID = 0.25
HOARD = 0.25
# A suit named or a rank requested by a seat makes those cards this much likelier in its hand.
NAMED = 2.0
# Drawing this many cards wipes out what the history said about a seat's hand.
DILUTE_CARDS = 4.0
_RANK_OF = {name: rank for rank, name in RANK_NAMES.items()}


def infer_weights(view: View) -> list[dict[Card, float]]:
    """Per seat, a likelihood factor for each unseen card it may hold (missing: 1.0)."""
    c = roles(view)
    me = view.seat
    distinct = list(dict.fromkeys(view.unseen()))
    weights: list[dict[Card, float]] = [{} for _ in range(view.seats)]
    top: Card | None = None
    suit = ""
    req_rank = 0
    req_suits = ""
    phase = "play"
    for ev in view.history:
        if isinstance(ev, TurnStarted):
            phase = ev.phase
        elif isinstance(ev, FiveAgain):
            phase = "play"
        elif isinstance(ev, CardsLaid):
            last = ev.cards[-1]
            if ev.declared is not None and ev.declared[-1] is not None:
                last = ev.declared[-1]
            top = last
            if not last.is_joker:
                suit = last.suit
        elif isinstance(ev, SuitNamed):
            if ev.seat != me and ev.suit in SUITS:
                # Players name a suit they hold (the rule of thumb every level follows).
                _boost(weights[ev.seat], [x for x in distinct if x.suit == ev.suit], NAMED)
            if ev.suit == "*":
                suit = ""
                req_suits = "".join(s for s in SUITS if s != ev.excluded)
            else:
                suit = req_suits = ev.suit
        elif isinstance(ev, RankRequested):
            req_rank = _RANK_OF[ev.rank] if ev.rank else 0
            if ev.seat != me and req_rank:
                _boost(weights[ev.seat], [x for x in distinct if x.rank == req_rank], NAMED)
        elif isinstance(ev, RequestEnded):
            if ev.kind == "rank":
                req_rank = 0
            else:
                req_suits = ""
        elif isinstance(ev, RoundOver):
            weights = [{} for _ in range(view.seats)]
            top, suit, req_rank, req_suits = None, "", 0, ""
        elif isinstance(ev, CardsDrawn) and ev.seat != me:
            # New cards may be anything: what we knew about this seat's hand is diluted.
            _dilute(weights[ev.seat], ev.count)
            if ev.penalty or top is None:
                continue
            if phase == "rank_request" and req_rank:
                _mark(weights[ev.seat], distinct, AVOID, c, top, suit, req_rank, "")
            elif phase == "suit_request" and req_suits:
                _mark(weights[ev.seat], distinct, AVOID, c, top, suit, 0, req_suits)
            elif phase == "play":
                _mark_plain(weights[ev.seat], distinct, c, top, suit)
        elif isinstance(ev, PenaltyTaken) and ev.seat != me and top is not None:
            w = weights[ev.seat]
            for card in distinct:
                if answers_attack(c, card, top, suit):
                    w[card] = w.get(card, 1.0) * AVOID
        elif isinstance(ev, MissedTurnsAccepted) and ev.seat != me:
            w = weights[ev.seat]
            for card in distinct:
                if card in c.skip:
                    w[card] = w.get(card, 1.0) * AVOID
    return weights


def _dilute(w: dict[Card, float], count: int) -> None:
    """After drawing ``count`` cards, old evidence about a seat's hand holds less well."""
    share = min(1.0, count / DILUTE_CARDS)
    for card, factor in list(w.items()):
        w[card] = factor + (1.0 - factor) * share


def _boost(w: dict[Card, float], cards: Sequence[Card], factor: float) -> None:
    for card in cards:
        w[card] = w.get(card, 1.0) * factor


def _mark(
    w: dict[Card, float],
    cards: Sequence[Card],
    factor: float,
    c: Compiled,
    top: Card,
    suit: str,
    rank: int,
    suits: str,
) -> None:
    for card in cards:
        if answers_request(c, card, rank, suits):
            w[card] = w.get(card, 1.0) * factor


def _mark_plain(
    w: dict[Card, float], cards: Sequence[Card], c: Compiled, top: Card, suit: str
) -> None:
    for card in cards:
        if (
            card in c.wild
            or top in c.anything_on
            or card.suit == suit
            or (not top.is_joker and card.rank == top.rank)
        ):
            w[card] = w.get(card, 1.0) * HOARD


def sample_hidden(
    view: View, weights: Sequence[dict[Card, float]], rng: random.Random
) -> tuple[list[list[Card]], list[Card]]:
    """One guess of every hand (the viewer's own as it is) and of the stock (bottom first)."""
    pool = view.unseen()
    rng.shuffle(pool)
    hands: list[list[Card]] = [[] for _ in range(view.seats)]
    hands[view.seat] = list(view.hand)
    others = [s for s in range(view.seats) if s != view.seat and view.hand_counts[s]]
    rng.shuffle(others)
    for s in others:
        need = view.hand_counts[s]
        w = weights[s]
        if not w:
            hands[s] = pool[:need]
            pool = pool[need:]
            continue
        # Weighted sampling without replacement (Efraimidis–Spirakis keys u ** (1 / w)).
        keyed = sorted(
            range(len(pool)),
            key=lambda i: rng.random() ** (1.0 / w.get(pool[i], 1.0)),
            reverse=True,
        )
        chosen = set(keyed[:need])
        hands[s] = [pool[i] for i in sorted(chosen)]
        pool = [pool[i] for i in range(len(pool)) if i not in chosen]
    return hands, pool


def determinize(view: View, weights: Sequence[dict[Card, float]], rng: random.Random) -> Game:
    """A full game agreeing with ``view``, its hidden cards guessed by ``sample_hidden``."""
    hands, stock = sample_hidden(view, weights, rng)
    game = Game.from_view(view, hands, stock, rng.getrandbits(48))
    if not hasattr(game, "_log"):
        # The interpreted engine's from_view leaves the event log unset, so the first apply
        # would fail; an empty log is what a freshly rebuilt game should have anyway.
        game._log = None
    return game

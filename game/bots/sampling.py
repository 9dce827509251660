"""Guessing the hidden cards: deals of the unseen cards consistent with one seat's view.

Each other seat gets exactly as many cards as it holds. Beyond that the public history says
something: a seat that took a penalty rather than answer an attack, accepted missed turns
rather than pass them on, or drew instead of following a request, probably held no card that
could have answered at that moment: such cards get the factor ``AVOID`` for that seat. A plain
draw on an ordinary turn says a little less (players may hoard): ``HOARD``. Laying a card worth
keeping (a wild card, or an attack or skip card at a seat with plenty of cards) where a plain
card would have done says the seat had no such plain card: ``RELUCTANT``. Laying cards of a
rank where groups are allowed says the seat kept none of that rank back: ``GROUPED``. A seat
that names a suit or requests a rank probably holds it: ``NAMED``. A penalty drawn dilutes what
was known in proportion to the new cards' share of the hand; a card drawn on an ordinary turn
does not, since one that fits is usually laid at once.

The stock is refilled only when it runs out, from the pile under its top card, and every one
of those cards was seen on the pile. So after a reshuffle the stock holds only cards that went
into it then (``StockSplit``), every other unseen card is in somebody's hand, and a seat holds
no more of the reshuffled cards than it has drawn since.
"""

from __future__ import annotations

import random
from collections import Counter
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
    Reshuffled,
    RoundOver,
    SuitNamed,
    TurnStarted,
    View,
)
from game.engine.cards import RANK_NAMES, SUITS
from game.engine.compiled import Compiled

from .reading import answers_attack, answers_request, roles

AVOID = 0.25
HOARD = 0.15
# Laying a wild card, or an attack or skip card at a seat with plenty of cards, on an ordinary
# turn makes the plain cards that would have fitted this much likelier to be missing.
RELUCTANT = 0.35
# Laying cards of a rank (where groups are allowed) makes more of that rank this much likelier
# to be missing from the seat's hand.
GROUPED = 0.15
# A suit named or a rank requested by a seat makes those cards this much likelier in its hand.
NAMED = 2.0
# The least weight a card is drawn with (weights only ever shrink by the factors above).
WEIGHT_FLOOR = 1e-12
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
    history = view.history
    counts = _counts_before(view)
    for i, ev in enumerate(history):
        if isinstance(ev, TurnStarted):
            phase = ev.phase
        elif isinstance(ev, FiveAgain):
            phase = "play"
        elif isinstance(ev, CardsLaid):
            last = ev.cards[-1]
            if ev.declared is not None and ev.declared[-1] is not None:
                last = ev.declared[-1]
            if (
                ev.seat != me
                and phase == "play"
                and top is not None
                and not req_rank
                and not req_suits
                and _reluctant(c, last, ev.seat, counts[i])
            ):
                # Laying a card worth keeping when a plain one would have done is rare: the
                # seat probably had no plain card that fitted.
                _mark_plain(weights[ev.seat], distinct, c, top, suit, RELUCTANT, plain_only=True)
            rank = ev.cards[0].rank
            if (
                ev.seat != me
                and phase != "drawn"
                and c.groups != "none"
                and all(x.rank == rank and not x.is_joker for x in ev.cards)
            ):
                # Cards of one rank go down together: the seat probably has no more of it.
                _boost(weights[ev.seat], [x for x in distinct if x.rank == rank], GROUPED)
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
            if ev.penalty:
                # New cards may be anything: what we knew about this seat's hand is diluted.
                # (A card drawn on an ordinary turn is laid at once if it fits, so the seat's
                # lack of fitting cards, marked below, still holds after it.)
                _dilute(weights[ev.seat], ev.count, counts[i + 1][ev.seat])
                continue
            if top is None:
                continue
            if phase == "rank_request" and req_rank:
                _mark(weights[ev.seat], distinct, AVOID, c, top, suit, req_rank, "")
            elif phase == "suit_request" and req_suits:
                _mark(weights[ev.seat], distinct, AVOID, c, top, suit, 0, req_suits)
            elif phase == "play":
                _mark_plain(weights[ev.seat], distinct, c, top, suit, HOARD)
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


def _counts_before(view: View) -> list[list[int]]:
    """Every seat's card count before each event of the history (and, last, now)."""
    counts = list(view.hand_counts)
    out = [list(counts)]
    n = len(counts)
    for ev in reversed(view.history):
        if isinstance(ev, CardsDrawn) and 0 <= ev.seat < n:
            counts[ev.seat] = max(0, counts[ev.seat] - ev.count)
        elif isinstance(ev, CardsLaid) and 0 <= ev.seat < n:
            counts[ev.seat] += len(ev.cards)
        out.append(list(counts))
    out.reverse()
    return out


def _reluctant(c: Compiled, card: Card, seat: int, counts: Sequence[int]) -> bool:
    """Whether laying ``card`` on an ordinary turn gives up a card most players would keep:
    a wild card, or an attack or skip card aimed at a seat that is not low on cards."""
    if card in c.wild or (card.is_joker and c.any_card):
        return True
    n = len(counts)
    if c.attack_value[card]:
        direction = -1 if card is c.king_of_spades else 1
        return _next_count(counts, seat, direction, n) > 3
    if card in c.skip:
        return _next_count(counts, seat, 1, n) > 3
    return False


def _next_count(counts: Sequence[int], seat: int, direction: int, n: int) -> int:
    t = seat
    for _ in range(n):
        t = (t + direction) % n
        if counts[t]:
            return counts[t]
    return 0


def _dilute(w: dict[Card, float], count: int, size: int) -> None:
    """After drawing ``count`` cards into a hand now ``size`` strong, old evidence about the
    hand holds less well: only the older cards are what the history spoke of."""
    share = min(1.0, count / max(1, size))
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
    w: dict[Card, float],
    cards: Sequence[Card],
    c: Compiled,
    top: Card,
    suit: str,
    factor: float,
    plain_only: bool = False,
) -> None:
    """Cards that would have fitted on ``top`` (``suit`` in force) get ``factor``; with
    ``plain_only``, only those without a special role."""
    for card in cards:
        if plain_only and card in c.power:
            continue
        if (
            card in c.wild
            or top in c.anything_on
            or card.suit == suit
            or (not top.is_joker and card.rank == top.rank)
        ):
            w[card] = w.get(card, 1.0) * factor


class StockSplit:
    """What the last reshuffle of the round says about where the unseen cards are.

    ``reshuffled``: the cards that became the stock then, as far as the history shows them
    (the round's first card, under the first lays, is not in it: ``missing`` counts such
    cards). ``drawn``: per seat, the cards it drew from the new stock. ``held``: per seat, how
    many of the older cards it held when the reshuffle came. ``older`` and ``newer``: the
    unseen cards that were not reshuffled (held since before it) and those that were (in the
    stock, or drawn since). ``low`` and ``high``: per seat now holding cards, the fewest and
    most older cards it can hold.
    """

    __slots__ = ("drawn", "held", "high", "low", "missing", "newer", "older", "reshuffled")

    def __init__(
        self,
        reshuffled: list[Card],
        missing: int,
        drawn: list[int],
        held: list[int],
        unseen: list[Card],
        counts: Sequence[int],
    ) -> None:
        self.reshuffled = reshuffled
        self.missing = missing
        self.drawn = drawn
        self.held = held
        # Each seat keeps at least what it cannot have drawn since, at most what it held then.
        self.low = [max(0, k - d) for k, d in zip(counts, drawn, strict=True)]
        self.high = [min(k, h) for k, h in zip(counts, held, strict=True)]
        left = Counter(reshuffled)
        self.older: list[Card] = []
        self.newer: list[Card] = []
        for card in unseen:
            if left[card] > 0:
                left[card] -= 1
                self.newer.append(card)
            else:
                self.older.append(card)


def stock_split(view: View) -> StockSplit | None:
    """The last reshuffle's split of the unseen cards (None: no reshuffle this round)."""
    history = view.history
    n = view.seats
    bottom: Card | None = None  # the pile's bottom card when the segment began (first: unknown)
    laid: list[Card] = []  # cards laid on it since
    last = -1
    reshuffled: list[Card] = []
    missing = count = 0
    for i, ev in enumerate(history):
        if isinstance(ev, CardsLaid):
            laid.extend(ev.cards)
        elif isinstance(ev, Reshuffled):
            pile = ([bottom] if bottom is not None else []) + laid
            if not pile:
                continue
            reshuffled = pile[:-1]
            count = ev.count
            missing = max(0, count - len(reshuffled))
            bottom = pile[-1]
            laid = []
            last = i
        elif isinstance(ev, RoundOver):
            bottom, laid, last = None, [], -1
    if last < 0:
        return None
    drawn = [0] * n
    trigger: CardsDrawn | None = None  # the draw that ran the stock out
    for ev in history[last + 1 :]:
        if isinstance(ev, CardsDrawn) and 0 <= ev.seat < n:
            drawn[ev.seat] += ev.count
            if trigger is None:
                trigger = ev
    held = list(_counts_before(view)[last + 1])
    # Cards of the triggering draw that came off the old stock, before the reshuffle: all
    # draws since, less what the new stock has given.
    before = sum(drawn) - (count - view.stock_count)
    if trigger is not None and before > 0:
        before = min(before, trigger.count)
        drawn[trigger.seat] -= before
        held[trigger.seat] += before
    return StockSplit(reshuffled, missing, drawn, held, view.unseen(), view.hand_counts)


def _weighted_take(
    pool: list[Card], need: int, w: dict[Card, float], rng: random.Random
) -> tuple[list[Card], list[Card]]:
    """``need`` cards of ``pool`` by weighted sampling without replacement, and the rest."""
    if not w:
        return pool[:need], pool[need:]
    # Efraimidis–Spirakis keys u ** (1 / w). The keys are drawn in pool order, so a seed gives
    # the same deal as ever.
    # A weight may reach 0.0 after thousands of events read against one card (a round that
    # goes on and on): the floor keeps the card very unlikely rather than dividing by zero.
    rand = rng.random
    get = w.get
    keys = [rand() ** (1.0 / max(get(card, 1.0), WEIGHT_FLOOR)) for card in pool]
    keyed = sorted(range(len(pool)), key=keys.__getitem__, reverse=True)
    chosen = keyed[:need]
    chosen.sort()
    taken = set(chosen)
    return [pool[i] for i in chosen], [card for i, card in enumerate(pool) if i not in taken]


def sample_hidden(
    view: View,
    weights: Sequence[dict[Card, float]],
    rng: random.Random,
    split: StockSplit | None = None,
) -> tuple[list[list[Card]], list[Card]]:
    """One guess of every hand (the viewer's own as it is) and of the stock (bottom first).

    With ``split`` (``stock_split(view)``), the guess also agrees with the last reshuffle:
    the stock holds only reshuffled cards, and each seat only as many as it drew since.
    """
    hands: list[list[Card]] = [[] for _ in range(view.seats)]
    hands[view.seat] = list(view.hand)
    counts = view.hand_counts
    others = [s for s in range(view.seats) if s != view.seat and counts[s]]
    if split is not None:
        order = others[:]  # the plain deal below shuffles ``others`` from seat order
        rng.shuffle(order)
        sides = _split_sides(order, split, rng)
        if sides is not None:
            older, older_counts, newer = sides
            for s in order:
                hands[s], older = _weighted_take(older, older_counts[s], weights[s], rng)
            for s in order:
                taken, newer = _weighted_take(newer, counts[s] - older_counts[s], weights[s], rng)
                hands[s].extend(taken)
            return hands, newer
    pool = view.unseen()
    rng.shuffle(pool)
    rng.shuffle(others)
    for s in others:
        hands[s], pool = _weighted_take(pool, counts[s], weights[s], rng)
    return hands, pool


def _split_sides(
    others: list[int], split: StockSplit, rng: random.Random
) -> tuple[list[Card], dict[int, int], list[Card]] | None:
    """The unseen cards held since before the reshuffle (shuffled), how many of them each
    seat holds, and the reshuffled ones (shuffled); None if the history does not add up."""
    older = list(split.older)
    newer = list(split.newer)
    rng.shuffle(older)
    rng.shuffle(newer)
    low = split.low
    high = split.high
    # The round's first card went into the stock unrecorded. If it is still unseen (as likely
    # as for any reshuffled card), one of the "older" cards is really it.
    moved = 0
    if split.missing and older:
        unseen_share = len(newer) / max(1, len(split.reshuffled))
        moved = min(split.missing, len(older)) if rng.random() < unseen_share else 0
    for m in (moved, split.missing - moved):
        spare = len(older) - m - sum(low[s] for s in others)
        if 0 <= spare <= sum(high[s] - low[s] for s in others) and m <= len(older):
            break
    else:
        return None
    for _ in range(m):
        newer.append(older.pop(rng.randrange(len(older))))
    # Each seat takes its least; the rest of the older cards go to seats in proportion to the
    # room they have.
    older_counts = {s: low[s] for s in others}
    for _ in range(spare):
        room = [(s, high[s] - older_counts[s]) for s in others if high[s] > older_counts[s]]
        pick = rng.randrange(sum(r for _, r in room))
        for s, r in room:
            if pick < r:
                older_counts[s] += 1
                break
            pick -= r
    return older, older_counts, newer


def determinize(
    view: View,
    weights: Sequence[dict[Card, float]],
    rng: random.Random,
    split: StockSplit | None = None,
) -> Game:
    """A full game agreeing with ``view``, its hidden cards guessed by ``sample_hidden``."""
    hands, stock = sample_hidden(view, weights, rng, split)
    game = Game.from_view(view, hands, stock, rng.getrandbits(48))
    if not hasattr(game, "_log"):
        # The interpreted engine's from_view leaves the event log unset, so the first apply
        # would fail; an empty log is what a freshly rebuilt game should have anyway.
        game._log = None
    return game

"""Reading the table from a view: who sits next, what is still out, and how likely a seat
holds an answer. Shared by the medium bot and the searching bot's sampler."""

from __future__ import annotations

from collections.abc import Sequence

from game.engine import Card, View
from game.engine.cards import JACK
from game.engine.compiled import Compiled, compile_rules


def roles(view: View) -> Compiled:
    """The per-card lookup tables of the view's rules (attack values, skip cards, wilds…)."""
    return compile_rules(view.rules)


def step(seat: int, direction: int, out: Sequence[bool], waiting: Sequence[int] = ()) -> int:
    """The next seat from ``seat`` in ``direction`` that still holds cards and, given the
    missed turns each seat is ``waiting`` out, that is not waiting: an attack, a skip or a
    request passes over a waiting seat to the one after it (RULES §2.8). ``seat`` itself
    where there is none: an attack or a skip laid then reaches nobody, and lapses."""
    n = len(out)
    t = seat
    for _ in range(n - 1):
        t = (t + direction) % n
        if not out[t] and not (waiting and waiting[t] > 0):
            return t
    return seat


def is_cancel_card(c: Compiled, card: Card) -> bool:
    """Whether ``card`` can cancel some stack in these rules (a cutting 7, a blocking king or 4)."""
    return (
        (c.seven_cuts and card.rank == 7)
        or card in c.kings_block
        or (c.fours_block and card.rank == 4)
    )


def answers_attack(c: Compiled, card: Card, top: Card, suit: str) -> bool:
    """Whether ``card`` may be laid on a pending attack topped by ``top`` (``suit`` in force)."""
    if card.is_joker and c.any_card:
        return True  # a stand-in joker can be declared as any fitting attack card
    return c.is_cancel(card, top) or c.counters(card, top, suit)


def counters_attack(c: Compiled, card: Card, top: Card, suit: str) -> bool:
    """Whether ``card`` fights back on a pending attack topped by ``top``, sending the stack on
    (a cancelling card, which answers it too, ends the stack instead)."""
    if card.is_joker and c.any_card:
        return True  # a stand-in joker can be declared as any fitting attack card
    return c.counters(card, top, suit)


def answers_request(c: Compiled, card: Card, rank: int, suits: str) -> bool:
    """Whether ``card`` follows a jack's rank request (``rank``) or an ace's suit request."""
    if card.is_joker and c.any_card:
        return True
    if rank:
        return card.rank == rank or (card.rank == JACK and c.jack_request)
    return card.suit in suits or card in c.changers


def chance_holds(holder_count: int, unseen: int, answers: int) -> float:
    """Chance that a hand of ``holder_count`` random unseen cards holds one of ``answers``."""
    if answers <= 0 or holder_count <= 0 or unseen <= 0:
        return 0.0
    miss = 1.0
    for i in range(min(holder_count, unseen)):
        left = unseen - i
        miss *= max(0.0, (left - answers) / left)
        if miss == 0.0:
            break
    return 1.0 - miss

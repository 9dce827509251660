"""What makes a loaded saved game unplayable: ``Game.from_dict`` checks each game it rebuilds
here, so damage is refused on loading, not met at a later move."""

from __future__ import annotations

import reprlib
from typing import Any

from .cards import RANK_NAMES, SUITS, beyond_pack
from .phase import Phase


def brief(value: object) -> str:
    """``value`` for a message, cut short (a damaged list may hold thousands of items)."""
    return reprlib.repr(value)


def damage(g: Any) -> str:
    """What makes a loaded game unplayable, or ``""``. (A game set up from a position may hold
    part of the pack only, so cards are checked against the pack, not counted up to it.)"""
    if len(g.pile) != len(g.pile_eff) or g._top is not g.pile_eff[-1]:
        return "the top card is not the pile's"
    held = [*g.stock, *g.pile, *(c for h in g.hands for c in h)]
    extra = beyond_pack(held, g.rules.decks_for(g.n), g.rules.jokers)
    if extra:
        return f"more {', '.join(sorted(c.code for c, _, _ in extra))} than the pack holds"
    n = g.n
    for key in ("_ks_layer", "_req_owner", "_req_bound", "_macau_open"):
        if not -1 <= getattr(g, key) < n:
            return f"{key} names seat {getattr(g, key)} of {n}"
    if not 0 <= g.dealer < n:
        return f"dealer is seat {g.dealer} of {n}"
    for key in ("penalty", "skips"):
        if getattr(g, key) < 0:
            return f"{key} is {getattr(g, key)}"
    if g.round_no < 1 or not 0 <= g._blocked_passes < 1 << n:
        return "the round's counters are out of range"
    if g._req_rank and g._req_rank not in RANK_NAMES:
        return f"a request for rank {g._req_rank}"
    if not {g._suit, g._req_excluded} <= {"", *SUITS} or not g._req_suits <= set(SUITS):
        return "a suit in force that is not a suit"
    for s in range(g.n):
        if g.missed[s] < 0:
            return f"seat {s} has {g.missed[s]} missed turns"
        if g._out[s] and g.hands[s]:
            return f"seat {s} is out but holds cards"
        if not g._out[s] and not g.hands[s]:
            return f"seat {s} holds no cards but is not out"
    problem = _records_damage(g) or _turn_damage(g)
    if problem:
        return problem
    if not g.over:
        if g._out[g.current] or not g.hands[g.current]:
            return f"seat {g.current} is to act but holds no cards"
        try:
            if not g.legal_actions_capped(1)[0]:  # (a wide hand: one is enough)
                return "the seat to act has nothing it may do"
        except (IndexError, KeyError, TypeError, ValueError) as exc:
            return f"it cannot be played on ({exc})"
    try:
        for s in range(n):  # what a table shows each seat can be read
            g.view(s)
    except (IndexError, KeyError, TypeError, ValueError) as exc:
        return f"it cannot be shown ({exc})"
    return ""


def _records_damage(g: Any) -> str:
    """What is wrong in the round's and the match's records: the seats out, places, points,
    winners and tallies (the table and the statistics read them seat by seat)."""
    from .state import TALLY_FIELDS

    n = g.n
    for s in range(n):
        tally = g._tally[s]
        if len(tally) != len(TALLY_FIELDS) or min(tally) < 0:
            return f"seat {s}'s tallies read {brief(tally)}"
    placings = g._placings
    out = [s for s in range(n) if g._out[s]]
    # The seats out, in the order they went out; when the round is over, every other seat
    # after them, each once.
    if (
        len(set(placings)) != len(placings)
        or not all(0 <= s < n for s in placings)
        or sorted(placings[: len(out)]) != out
        or len(placings) != (n if g.over else len(out))
    ):
        return f"the finishing order {brief(placings)} does not fit the seats out {out}"
    if g.over:
        if len(g.places) != n or not all(1 <= p <= n for p in g.places):
            return f"the places {brief(g.places)} are not one place for each of {n} seats"
    elif g.places:
        return f"places {brief(g.places)} for a round still in play"
    for charges in g.round_charges:
        if len(charges) != n or min(charges) < 0:
            return f"a round's points read {brief(charges)}"
    scores = g._scores
    if min(scores) < 0:
        return f"the match's totals read {brief(scores)}"
    # A total at the target ends a points match (RULES §6): one still going on has none there.
    if g.rules.scoring == "points" and g.match_over != (max(scores) >= g.rules.target):
        return (
            f"the match's totals {brief(scores)} against a target of {g.rules.target}, "
            f"yet the match is {'over' if g.match_over else 'going on'}"
        )
    winners = g.winners
    if (
        len(set(winners)) != len(winners)
        or not all(0 <= s < n for s in winners)
        or bool(winners) != g.match_over
        or (g.match_over and not g.over)
    ):
        return f"the winners {brief(winners)} do not fit the match"
    return ""


_TURN_PHASES = frozenset(
    (Phase.PLAY, Phase.ATTACK, Phase.SKIP, Phase.RANK_REQUEST, Phase.SUIT_REQUEST)
)
_DRAW_PHASES = frozenset((Phase.PLAY, Phase.RANK_REQUEST, Phase.SUIT_REQUEST))


def _turn_damage(g: Any) -> str:
    """What in the turn's state the engine never leaves: the phase against the round's end,
    the stack waiting and the card just drawn (``invariants.check_invariants`` asserts the
    same after every action)."""
    phase = g.phase
    if g.over != (phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)) or g.match_over != (
        phase is Phase.MATCH_OVER
    ):
        return f"phase {phase.value} when the round is {'over' if g.over else 'in play'}"
    if g._ctx not in (_DRAW_PHASES if phase is Phase.DRAWN else _TURN_PHASES):
        return f"a turn begun in phase {g._ctx.value}"
    if (g._drawn is not None) != (phase is Phase.DRAWN) or (
        g._drawn is not None and g._drawn not in g.hands[g.current]
    ):
        return "the card just drawn is not in the hand of the seat to act"
    for pile_card, acts_as in zip(g.pile, g.pile_eff, strict=True):
        if acts_as != pile_card and not pile_card.is_joker:
            return f"{pile_card.code} on the pile acts as {acts_as.code}"
    if g.over:
        return ""
    if (g.penalty > 0) != (phase is Phase.ATTACK) or (g.skips > 0) != (phase is Phase.SKIP):
        return f"phase {phase.value} with {g.penalty} cards and {g.skips} turns to miss waiting"
    if g.missed[g.current] and phase is not Phase.SKIP:
        return f"seat {g.current} is to act while it waits out missed turns"
    return ""

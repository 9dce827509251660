"""Invariants that hold after every action; ``simulate --check`` and the tests assert them."""

from __future__ import annotations

from collections import Counter

from .cards import make_pack
from .phase import Phase
from .state import LISTING_LIMIT, Game


class InvariantBroken(AssertionError):
    """The engine reached a state the rules cannot produce."""


_PACKS: dict[tuple[int, int], list[int]] = {}


def check_invariants(g: Game) -> None:
    """Raise ``InvariantBroken`` if ``g`` breaks a structural rule of the game."""
    r = g.rules
    key = (r.decks_for(g.n), r.jokers)
    pack_ids = _PACKS.get(key)
    if pack_ids is None:
        pack_ids = _PACKS[key] = sorted(c.idx for c in make_pack(*key))
    held_ids = [c.idx for c in g.stock]
    held_ids += [c.idx for c in g.pile]
    for h in g.hands:
        held_ids += [c.idx for c in h]
    held_ids.sort()
    if held_ids != pack_ids:
        pack = Counter(make_pack(*key))
        held = Counter(g.stock) + Counter(g.pile)
        for h in g.hands:
            held.update(h)
        diff = (held - pack) + (pack - held)
        raise InvariantBroken(f"cards out of place: {sorted(str(c) for c in diff.elements())}")
    if len(g.pile) != len(g.pile_eff) or not g.pile:
        raise InvariantBroken("pile and its effective cards disagree")
    if g.top_effective is not g.pile_eff[-1]:
        raise InvariantBroken("top card is not the pile's last card")
    for s in range(g.n):
        if g._out[s] != (s in g._placings[: len([x for x in g._out if x])]) and not g.over:
            raise InvariantBroken(f"seat {s} out-flag disagrees with placings")
        if g._out[s] and g.hands[s]:
            raise InvariantBroken(f"seat {s} is out but holds cards")
        if g.missed[s] < 0:
            raise InvariantBroken(f"seat {s} has negative missed turns")
    if g.over:
        if sorted(g._placings) != list(range(g.n)):
            raise InvariantBroken(f"placings {g._placings} do not list every seat once")
        if g.legal_actions():
            raise InvariantBroken("a finished round still lists actions")
        return
    if g._out[g.current] or not g.hands[g.current]:
        raise InvariantBroken(f"seat {g.current} to act holds no cards")
    if g.missed[g.current] and g.phase is not Phase.SKIP:
        raise InvariantBroken(f"seat {g.current} acts while waiting out missed turns")
    if (g.penalty > 0) != (g.phase is Phase.ATTACK):
        raise InvariantBroken(f"penalty {g.penalty} but phase {g.phase}")
    if (g.skips > 0) != (g.phase is Phase.SKIP):
        raise InvariantBroken(f"skips {g.skips} but phase {g.phase}")
    if g.phase is Phase.DRAWN and g.drawn_card not in g.hands[g.current]:
        raise InvariantBroken("drawn card is not in the hand")
    # Listed as the tools list, at most ``LISTING_LIMIT`` plays: with stand-in jokers a hand
    # grown long by penalties can be laid in millions of ways.
    if not g.legal_actions_capped(LISTING_LIMIT)[0]:
        raise InvariantBroken("a game that is not over has no legal action")

"""The searching bot's fast parts: a cheap medium-like playout policy, the static evaluation
that ends a capped playout, and the per-seat rewards of a finished round.

These run on the bot's own sampled games (``Game.from_view``), never on the live one.
"""

from __future__ import annotations

import math
import random

from game.engine import Action, Draw, Game, Pass, Phase, Play, Stop
from game.engine.cards import RANK_NAMES, SUITS
from game.engine.compiled import Compiled

from .base import SEARCH_LISTING_LIMIT

_RANK_OF = {name: rank for rank, name in RANK_NAMES.items()}
_SUIT_SET = frozenset(SUITS)
_PLAY, _ATTACK, _SKIP = Phase.PLAY, Phase.ATTACK, Phase.SKIP
# Past this many legal actions (big hands with groups, runs and jokers can list thousands),
# a playout scores a random sample of them instead of all.
_WIDE = 48
# Share of the reward that comes from points left in hand, on points presets.
POINTS_SHARE = 0.3
# Share of the reward that comes from first place alone (the rest: the place reached).
WIN_SHARE = 0.5
# Cards of difference that make one seat's finishing ahead of another's likely (logistic scale).
_SCALE = 1.5


def quick_score(g: Game, c: Compiled, action: Action) -> float:
    """A cheap version of the medium bot's liking for ``action`` in game ``g``."""
    phase = g.phase
    if isinstance(action, Draw):
        return -0.8 * g.penalty if phase is Phase.ATTACK else -1.0
    if isinstance(action, Pass):
        return -0.6 * g.skips if phase is Phase.SKIP else -0.5
    if isinstance(action, Stop):
        return 50.0
    assert isinstance(action, Play)
    seat = g.current
    hand = g.hands[seat]
    cards = action.cards
    left = len(hand) - len(cards)
    if left == 0:
        return 100.0
    last = cards[-1] if action.declared is None else action.effective()[-1]
    s = 3.0 * len(cards)
    value = c.attack_value[last]
    if value:
        if phase is Phase.ATTACK:
            s += 2.0
        else:
            direction = -1 if last is c.king_of_spades else 1
            target = _next_holder(g, seat, direction)
            k = len(g.hands[target])
            s += 4.0 if k <= 2 else (1.0 if k <= 3 else -1.5)
    elif last in c.skip and phase is not Phase.SKIP:
        k = len(g.hands[_next_holder(g, seat, 1)])
        s += 2.5 if k <= 2 else -0.5
    for card in cards:
        if card in c.wild or (card.is_joker and c.any_card):
            s -= 2.5 if phase is Phase.PLAY else 0.5
    choice = action.choice
    if choice is not None and choice not in ("-", "*"):
        if choice in SUITS:
            s += 0.6 * sum(1 for x in hand if x.suit == choice and x not in cards)
        else:
            held = sum(1 for x in hand if x.rank == _RANK_OF[choice] and x not in cards)
            s += 1.5 + 0.6 * held if held else -1.0
    return s


def _next_holder(g: Game, seat: int, direction: int) -> int:
    hands = g.hands
    n = len(hands)
    t = seat
    for _ in range(n):
        t = (t + direction) % n
        if hands[t]:
            return t
    return seat


def policy_action(g: Game, c: Compiled, rng: random.Random, epsilon: float = 0.1) -> Action:
    """The playout move: usually the best by a quick score, sometimes a random legal one.

    This is the hot loop of the search, so the scoring of ``quick_score`` is inlined here with
    everything that does not depend on the action worked out once per move.
    """
    legal, _complete = g.legal_actions_capped(SEARCH_LISTING_LIMIT)
    if len(legal) == 1:
        return legal[0]
    seat = g.current
    hand = g.hands[seat]
    size = len(hand)
    required = c.macau_required
    if len(legal) > _WIDE:
        legal = _thin(legal, size, rng)
    if rng.random() < epsilon:
        for _ in range(4):
            action = legal[rng.randrange(len(legal))]
            if not (
                required
                and isinstance(action, Play)
                and not action.call
                and size - len(action.cards) == 1
            ):
                return action
    phase = g.phase
    plain_turn = phase is _PLAY
    attack_value = c.attack_value
    wild = c.wild
    skip = c.skip
    best = legal[0]
    best_score = -1e9
    suits: dict[str, int] | None = None
    for action in legal:
        if isinstance(action, Play):
            cards = action.cards
            k = len(cards)
            left = size - k
            if left == 0:
                return action
            if required and left == 1 and not action.call:
                continue  # the silent twin of a play that calls Macau
            last = cards[-1] if action.declared is None else action.effective()[-1]
            s = 3.0 * k
            value = attack_value[last]
            if value:
                if phase is _ATTACK:
                    s += 2.0
                else:
                    direction = -1 if last is c.king_of_spades else 1
                    t = len(g.hands[_next_holder(g, seat, direction)])
                    s += 4.0 if t <= 2 else (1.0 if t <= 3 else -1.5)
            elif last in skip and phase is not _SKIP:
                t = len(g.hands[_next_holder(g, seat, 1)])
                s += 2.5 if t <= 2 else -0.5
            for card in cards:
                if card in wild or (card.is_joker and c.any_card):
                    s -= 2.5 if plain_turn else 0.5
            choice = action.choice
            if choice is not None and choice != "-" and choice != "*":
                if suits is None:
                    suits = {}
                    for x in hand:
                        suits[x.suit] = suits.get(x.suit, 0) + 1
                        suits[x.rank_name] = suits.get(x.rank_name, 0) + 1
                held = suits.get(choice, 0)
                for x in cards:
                    if x.suit == choice or x.rank_name == choice:
                        held -= 1
                if choice in _SUIT_SET:
                    s += 0.6 * held
                else:
                    s += 1.5 + 0.6 * held if held else -1.0
        elif isinstance(action, Draw):
            s = -0.8 * g.penalty if phase is _ATTACK else -1.0
        elif isinstance(action, Pass):
            s = -0.6 * g.skips if phase is _SKIP else -0.5
        else:
            s = -100.0
        s += rng.random() * 0.5
        if s > best_score:
            best, best_score = action, s
    return best


def _thin(legal: list[Action], size: int, rng: random.Random) -> list[Action]:
    """A random sample of a very long action list, keeping every non-play and going-out play."""
    keep = [a for a in legal if not isinstance(a, Play) or len(a.cards) == size]
    plays = [a for a in legal if isinstance(a, Play)]
    keep.extend(rng.sample(plays, min(len(plays), _WIDE)))
    return keep


def thin_actions(legal: list[Action], size: int, rng: random.Random) -> list[Action]:
    """``legal`` cut down to at most about ``_WIDE`` actions when it is very long."""
    return _thin(legal, size, rng) if len(legal) > _WIDE else legal


def rewards(g: Game) -> list[float]:
    """Each seat's reward in [0, 1]: first place and the place (1 first, 0 last) blended, and
    on points presets the points left in the seat's hand against the others' hands."""
    n = g.n
    if g.over:
        places = [float(p) for p in g.places]
        wins = [1.0 if p == 1 else 0.0 for p in g.places]
        charges = [float(x) for x in g.round_charges[-1]] if g.round_charges else [0.0] * n
    else:
        places, wins, charges = _estimate(g)
    out = [
        WIN_SHARE * w + (1.0 - WIN_SHARE) * (1.0 - (p - 1.0) / (n - 1))
        for w, p in zip(wins, places, strict=True)
    ]
    if g.rules.scoring == "points":
        # Points against the table's, on the scale of the match's target: a match is lost
        # by the points a seat gathers beyond the others'. (A share of the round's points
        # would leave the loser of a heads-up round nothing to choose: it holds them all,
        # whether 5 or 100.)
        total = sum(charges)
        scale = 2.0 * max(g.rules.target, 100)
        out = [
            (1.0 - POINTS_SHARE) * r
            + POINTS_SHARE * min(1.0, max(0.0, 0.5 + ((total - ch) / (n - 1) - ch) / scale))
            for r, ch in zip(out, charges, strict=True)
        ]
    return out


def _estimate(g: Game) -> tuple[list[float], list[float], list[float]]:
    """Expected places and chances of first place from the cards each seat still has to shed
    (a capped playout), and the points left in each hand."""
    n = g.n
    places = [0.0] * n
    wins = [0.0] * n
    placings = g.placings
    for i, s in enumerate(placings):
        places[s] = float(i + 1)
    if placings:
        wins[placings[0]] = 1.0
    burden = [float(len(h)) for h in g.hands]
    if g.phase is Phase.ATTACK:
        burden[g.current] += 0.7 * g.penalty
    for s in range(n):
        burden[s] += 0.8 * g.missed[s]
    holders = [s for s in range(n) if g.hands[s] and s not in placings]
    base = float(len(placings))
    for s in holders:
        ahead = 0.0
        for t in holders:
            if t != s:
                ahead += 1.0 / (1.0 + math.exp(-(burden[s] - burden[t]) / _SCALE))
        places[s] = base + 1.0 + ahead
    if not placings and holders:
        low = min(burden[s] for s in holders)
        odds = {s: math.exp(-(burden[s] - low) / _SCALE) for s in holders}
        total = sum(odds.values())
        for s in holders:
            wins[s] = odds[s] / total
    charges = [float(sum(x.points for x in h)) for h in g.hands]
    return places, wins, charges

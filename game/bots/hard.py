"""The ``hard`` level: single-observer information-set Monte Carlo tree search.

After Cowling, Powley and Whitehouse (2012), "Information Set Monte Carlo Tree Search". Each
iteration guesses the hidden cards (``sampling.determinize``: card counts, cards seen, and
what the history says each seat lacks), then walks one shared tree restricted to the actions
legal in that guess. Children are chosen by UCB with availability counts: a child's
exploration term uses how often it was *available*, not how often its parent was visited.
A node's reward is that of the seat that moved into it, so every seat plays for itself.
Playouts use a cheap medium-like policy and stop at a depth cap with a static evaluation.
"""

from __future__ import annotations

import math
import numbers
import random
import time
from collections.abc import Callable, Sequence

from game.engine import Action, Card, Game, Phase, Play, Stop, View
from game.engine.cards import SUITS
from game.engine.compiled import Compiled

from .base import (
    SCORED_AT_MOST,
    SEARCH_LISTING_LIMIT,
    collector_paused,
    drop_forgetful,
    widest,
)
from .medium import Table as MediumTable
from .reading import roles
from .rollout import policy_action, quick_score, rewards, thin_actions
from .sampling import determinize, infer_weights, stock_split

# The budget is checked before each iteration; this much is kept back for the last one.
_SAFETY = 0.012
# How often (in iterations) the search checks whether its answer can still change.
_CHECK_EVERY = 8


class _Node:
    """One node of the information-set tree: the actions taken to reach it, by whom."""

    __slots__ = ("actor", "avail", "children", "reward", "visits")

    def __init__(self, actor: int) -> None:
        self.actor = actor
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        self.children: dict[tuple[int, Action], _Node] = {}


# Seconds a decision takes at most by default (the table's pause for a hard bot is never
# shorter: see the window's bots' pace).
DEFAULT_BUDGET = 0.3


class HardBot:
    """ISMCTS with a time budget (default 0.3 s) or a fixed iteration count."""

    level = "hard"

    def __init__(
        self,
        time_budget: float = DEFAULT_BUDGET,
        iterations: int | None = None,
        exploration: float = 0.7,
        rollout_depth: int = 40,
        max_branch: int = 12,
        prior_weight: float = 0.5,
    ) -> None:
        # Any real number (a NumPy one too), as the tournament takes them; never a switch.
        budget: object = time_budget  # (as given: the annotation is no check)
        count: object = iterations
        number = isinstance(budget, numbers.Real) and not isinstance(budget, bool)
        if not (number and math.isfinite(time_budget) and time_budget > 0):
            raise ValueError(
                f"time budget must be a positive number of seconds, not {time_budget!r}"
            )
        whole = isinstance(count, numbers.Integral) and not isinstance(count, bool)
        if iterations is not None and not (whole and iterations >= 1):
            raise ValueError(f"iterations must be a whole number of at least 1, not {iterations!r}")
        self.time_budget = float(time_budget)
        self.iterations = None if iterations is None else int(iterations)
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.max_branch = max_branch
        self.prior_weight = prior_weight
        self.last_iterations = 0

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        """Search from ``view`` and return the most visited legal action."""
        with collector_paused(legal):
            return self._search(view, legal, rng, time.perf_counter())

    def _search(
        self, view: View, legal: Sequence[Action], rng: random.Random, start: float
    ) -> Action:
        for action in legal:
            if isinstance(action, Stop):
                return action
        if len(legal) == 1:
            return legal[0]
        c = roles(view)
        root_actions = drop_forgetful(legal) if c.macau_required else list(legal)
        if len(root_actions) == 1:
            return root_actions[0]
        table = MediumTable(view, root_actions)
        scores: dict[int, float] = {}

        def medium_score(action: Action) -> float:
            # The cut, the priors and the naming all ask; a wide root is worth scoring once.
            value = scores.get(id(action))
            if value is None:
                value = scores[id(action)] = table.score(action)
            return value

        # A play laying the whole hand goes out: no later move can earn a better place or
        # fewer points, so it is taken without a search, which at a small iteration count
        # could miss it among the many plays of a stand-in joker (medium names its card, among
        # the first ``SCORED_AT_MOST``: two jokers and eight hearts go out in 810 ways).
        out = [a for a in root_actions if isinstance(a, Play) and len(a.cards) == len(view.hand)]
        if out:
            return max(out[:SCORED_AT_MOST], key=medium_score)

        if len(root_actions) > self.max_branch:
            # A wide root (groups, runs, jokers) is cut to the medium bot's favourites, so the
            # search spends its iterations on moves a good player would consider.
            ranked = sorted(widest(root_actions), key=medium_score, reverse=True)
            kept = ranked[: self.max_branch]
            kept.extend(a for a in root_actions if not isinstance(a, Play) and a not in kept)
            kept_ids = {id(a) for a in kept}
            root_actions = [a for a in root_actions if id(a) in kept_ids]
        weights = infer_weights(view)
        split = stock_split(view)
        root = _Node(view.seat)
        priors = self._root_priors(medium_score, root_actions)
        # The variants of one ace or jack: the search picks the cards, medium names by default;
        # and the orders of one group: the search picks the cards, medium the one on top.
        namings = _namings(root_actions)
        orderings = _orderings(root_actions)
        undecided = {**orderings, **namings}
        deadline = start + self.time_budget - _SAFETY
        count = 0
        seed = rng.getrandbits(64)
        began = time.perf_counter()
        while True:
            if self.iterations is not None:
                if count >= self.iterations:
                    break
                left = self.iterations - count
            else:
                now = time.perf_counter()
                if count and now >= deadline:
                    break
                # Iterations still to come at the pace so far, with a margin for a slow patch.
                left = int(1.25 * count * (deadline - now) / (now - began)) + 1 if count else 0
            if count and count % _CHECK_EVERY == 0 and _settled(root, view.seat, left, undecided):
                break
            it_rng = random.Random(seed + count)
            game = determinize(view, weights, it_rng, split)
            self._iterate(game, c, root, root_actions, priors, it_rng)
            count += 1
        self.last_iterations = count
        best = root_actions[0]
        best_visits = -1
        for action in root_actions:
            child = root.children.get((view.seat, action))
            if child is not None and child.visits > best_visits:
                best, best_visits = action, child.visits
        if view.phase is Phase.ATTACK or table.last_card_next:
            best = _fought(best, root, view.seat, root_actions, medium_score)
        best = _ordered(best, root, view.seat, orderings, medium_score)
        # Which suit a changer already chosen names: medium's naming without its weighing of
        # the changer against a plain card (that card is no longer the question), so the
        # suit held most is named even where a plain card would have reached it.
        if best not in namings:
            return best
        last = any(n == 1 for s, n in enumerate(view.hand_counts) if s != view.seat)
        score = MediumTable(view).score
        return _named(best, root, view.seat, namings, score, view.hand, last_card_out=last)

    @staticmethod
    def _root_priors(
        score: Callable[[Action], float], actions: list[Action]
    ) -> dict[Action, float]:
        """The medium bot's ranking of the root actions, scaled to 0 (worst) .. 1 (best)."""
        ranked = sorted(actions, key=score)
        top = max(1, len(ranked) - 1)
        return {a: i / top for i, a in enumerate(ranked)}

    def _candidates(self, game: Game, c: Compiled, rng: random.Random, me: int) -> list[Action]:
        """The actions the tree considers here: no silent Macau twins, at most ``max_branch``;
        for the searching seat's own moves, one naming per play (the playout policy's)."""
        legal, _complete = game.legal_actions_capped(SEARCH_LISTING_LIMIT)
        if c.macau_required:
            legal = drop_forgetful(legal)
        legal = [a for a in legal if not isinstance(a, Stop)]
        if game.current == me:
            legal = one_naming_per_play(legal, lambda a: quick_score(game, c, a))
        if len(legal) > self.max_branch:
            legal = thin_actions(legal, len(game.hands[game.current]), rng)
            ranked = sorted(legal, key=lambda a: -quick_score(game, c, a))
            keep = ranked[: self.max_branch]
            keep.extend(a for a in legal if not isinstance(a, Play) and a not in keep)
            legal = [a for a in legal if a in keep]
        return legal

    def _iterate(
        self,
        game: Game,
        c: Compiled,
        root: _Node,
        root_actions: list[Action],
        priors: dict[Action, float],
        rng: random.Random,
    ) -> None:
        node = root
        path = [root]
        first = True
        while not game.over:
            seat = game.current
            first_step = first
            actions = root_actions if first else self._candidates(game, c, rng, root.actor)
            first = False
            if not actions:
                break
            children = node.children
            untried: list[Action] = []
            best: _Node | None = None
            best_action: Action | None = None
            best_value = -1e9
            for action in actions:
                child = children.get((seat, action))
                if child is None:
                    untried.append(action)
                    continue
                child.avail += 1
                value = child.reward / child.visits + self.exploration * math.sqrt(
                    math.log(child.avail) / child.visits
                )
                if first_step:
                    # Progressive bias: the medium bot's opinion, fading as visits grow.
                    value += self.prior_weight * priors[action] / (child.visits + 1)
                if value > best_value:
                    best, best_action, best_value = child, action, value
            if untried:
                if first_step:
                    action = max(untried, key=lambda a: priors[a])
                else:
                    action = untried[rng.randrange(len(untried))]
                child = _Node(seat)
                child.avail = 1
                children[(seat, action)] = child
                game.apply(_same(game, action))
                path.append(child)
                break
            assert best is not None and best_action is not None
            game.apply(_same(game, best_action))
            node = best
            path.append(node)
        depth = 0
        while not game.over and depth < self.rollout_depth:
            game.apply(policy_action(game, c, rng))
            depth += 1
        result = rewards(game)
        for visited in path[1:]:
            visited.visits += 1
            visited.reward += result[visited.actor]


def _naming_key(action: Action) -> tuple[object, ...] | None:
    """What a play lays, for the plays that also name a suit or request a rank."""
    if isinstance(action, Play) and action.choice is not None:
        return (action.cards, action.declared, action.call)
    return None


def _namings(actions: list[Action]) -> dict[Action, list[Action]]:
    """For each play that lays the same cards as another and names something else, all of
    them (the variants of one ace or jack: AH/S, AH/H, ...)."""
    groups: dict[tuple[object, ...], list[Action]] = {}
    for action in actions:
        key = _naming_key(action)
        if key is not None:
            groups.setdefault(key, []).append(action)
    return {a: group for group in groups.values() if len(group) > 1 for a in group}


def _orderings(actions: list[Action]) -> dict[Action, list[Action]]:
    """For each play of several cards that lays the same cards as another in another order,
    all of them (2♥ 2♠ and 2♠ 2♥; their namings too)."""
    groups: dict[tuple[object, ...], list[Action]] = {}
    for action in actions:
        if isinstance(action, Play) and len(action.cards) > 1:
            key = (tuple(sorted(c.code for c in action.cards)), action.call)
            groups.setdefault(key, []).append(action)
    return {
        a: group
        for group in groups.values()
        if len({g.cards for g in group if isinstance(g, Play)}) > 1  # (not namings alone)
        for a in group
    }


def _ordered(
    best: Action,
    root: _Node,
    seat: int,
    orderings: dict[Action, list[Action]],
    score: Callable[[Action], float],
) -> Action:
    """``best``, or the order of its cards the medium bot likes best, unless the search found
    ``best`` clearly better. The orders of one group lead to nearly equal playouts and share
    the iterations between them, so which is visited most is often chance; but the card left
    on top decides what may answer it (2♠ 2♥ leaves 2♥ to a seat on its last card holding
    3♥, where 2♥ 2♠ leaves it nothing), which medium weighs."""
    variants = orderings.get(best)
    return best if variants is None else _medium_unless_beaten(best, root, seat, variants, score)


def _medium_unless_beaten(
    best: Action,
    root: _Node,
    seat: int,
    variants: list[Action],
    score: Callable[[Action], float],
) -> Action:
    """Of ``variants`` (``best`` among them), the medium bot's favourite (the first of equals,
    so the choice is reproducible), unless the search found ``best`` clearly better."""
    favourite = max(variants, key=score)
    return best if _clearly_better(root, seat, best, favourite) else favourite


def _clearly_better(root: _Node, seat: int, ours: Action, theirs: Action) -> bool:
    """Whether the search found ``ours`` better than ``theirs`` by more than two standard
    errors of a difference of win rates at their widest (a reward lies in [0, 1])."""
    mine = root.children.get((seat, ours))
    other = root.children.get((seat, theirs))
    if mine is None or other is None or not other.visits or not mine.visits:
        return False
    gap = mine.reward / mine.visits - other.reward / other.visits
    return gap > math.sqrt(1.0 / mine.visits + 1.0 / other.visits)


def _fought(
    best: Action,
    root: _Node,
    seat: int,
    actions: list[Action],
    score: Callable[[Action], float],
) -> Action:
    """``best``, or the medium bot's favourite play when the search would rather lay nothing
    (take the penalty, draw, wait out missed turns, keep a card just drawn) and did not find
    that clearly better.

    A seat far behind scores about as badly in the playouts whether it takes seven cards or
    cuts the stack (their reward counts places, and a place lost either way looks the same),
    so which of them is visited most is often chance; a good player cuts. On an ordinary turn
    likewise: with the next seat on its last card, drawing and laying a plain card that fits
    lose about as often in the playouts, and a good player lays the card.
    """
    if isinstance(best, Play):
        return best
    plays = [a for a in actions if isinstance(a, Play)]
    if not plays:
        return best
    favourite = max(actions, key=score)  # the first of equals, so the choice is reproducible
    if not isinstance(favourite, Play) or _clearly_better(root, seat, best, favourite):
        return best
    return favourite


def _holds_naming(action: Action, hand: Sequence[Card]) -> bool:
    """Whether the suit ``action`` names, or the rank it asks for, is among the cards held
    after it (True for a play that names nothing)."""
    if not isinstance(action, Play) or action.choice is None:
        return True
    left = list(hand)
    for card in action.cards:
        if card in left:
            left.remove(card)
    choice = action.choice
    if choice in SUITS:
        return any(c.suit == choice and not c.is_joker for c in left)
    if choice.isdigit():
        return any(c.rank == int(choice) and not c.is_joker for c in left)
    return True


def _named(
    best: Action,
    root: _Node,
    seat: int,
    namings: dict[Action, list[Action]],
    score: Callable[[Action], float],
    hand: Sequence[Card] = (),
    last_card_out: bool = False,
) -> Action:
    """``best``, or the variant of its cards that names what the medium bot would (a suit or
    rank it holds, with few still out), unless the search found ``best`` clearly better.

    The variants lead to nearly equal playouts, so which of them is visited most is often
    chance: a suit or a rank the player does not hold. The search keeps its naming only when
    its reward beats the medium variant's by more than two standard errors of a difference
    of win rates at their widest (a reward lies in [0, 1]), and never names what it does not
    hold where the medium variant names what it does, unless another seat holds its last
    card (``last_card_out``): the suit it is likely to hold is then worth denying it, and a
    search clearly against the suit held has usually read that card (A♦ naming diamonds
    with 2♦ kept let a seat whose last card was a diamond go out).
    """
    variants = namings.get(best)
    if variants is None:
        return best
    chosen = _medium_unless_beaten(best, root, seat, variants, score)
    if chosen is not best or not hand or last_card_out or _holds_naming(best, hand):
        return chosen
    plain = max(variants, key=score)
    return plain if _holds_naming(plain, hand) else best


def one_naming_per_play(actions: list[Action], score: Callable[[Action], float]) -> list[Action]:
    """``actions`` with each set of plays that lay the same cards and differ only in the suit
    named or the rank requested cut to the one ``score`` likes best (the first of equals)."""
    best: dict[tuple[object, ...], tuple[float, Action]] = {}
    named = 0
    for action in actions:
        key = _naming_key(action)
        if key is not None:
            named += 1
            value = score(action)
            kept = best.get(key)
            if kept is None or value > kept[0]:
                best[key] = (value, action)
    if named == len(best):
        return actions
    keep = {id(action) for _value, action in best.values()}
    return [a for a in actions if _naming_key(a) is None or id(a) in keep]


def _settled(root: _Node, seat: int, left: int, namings: dict[Action, list[Action]]) -> bool:
    """Whether the most visited root move stays so with ``left`` more iterations whatever
    they do: the answer cannot change, so the rest of the budget would be wasted. A leader
    with other namings of its cards is never settled: which of them is kept depends on how
    their rewards compare, which more iterations can change."""
    first = second = 0
    leader: Action | None = None
    for (actor, action), child in root.children.items():
        if actor != seat:
            continue
        visits = child.visits
        if visits > first:
            first, second, leader = visits, first, action
        elif visits > second:
            second = visits
    return first - second > left and leader not in namings


def _same(game: Game, action: Action) -> Action:
    """The equal action object from ``game``'s own legal list (takes the engine's fast path)."""
    for a in game.legal_actions_capped(SEARCH_LISTING_LIMIT)[0]:
        if a == action:
            return a
    return action

"""Property tests over random games of every preset and of random house rules."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import (
    PRESETS,
    Card,
    CardsDrawn,
    Game,
    IllegalMove,
    NotationError,
    Rules,
    RulesError,
    View,
    parse_action,
)
from game.engine.invariants import check_invariants
from game.engine.rules import (
    CARD_KIND_TOKENS,
    RANK_TOKENS,
)
from tests.randomrules import random_rules

from .conftest import ALL_PRESETS

TABLES = [
    (p, n) for p in ALL_PRESETS for n in range(PRESETS[p].min_seats, PRESETS[p].max_seats + 1)
]
SUFFIXES = ["", "/H", "/S", "/8", "/-", "/*", "=KH", "=2C", "!", "/D!"]
FAST = settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)


def _random_text(g: Game, rng: random.Random) -> str:
    """A random action in notation: a subset of the hand in random order with a suffix."""
    roll = rng.random()
    if roll < 0.1:
        return rng.choice(["draw", "pass", f"stop {rng.randrange(g.seats)}"])
    hand = [str(c) for c in g.hand(g.current)]
    cards = rng.sample(hand, rng.randint(1, min(3, len(hand))))
    if rng.random() < 0.1:
        cards.append(rng.choice(["7H", "QS", "RJ", "2C"]))
    text = " ".join(cards)
    return text + rng.choice(SUFFIXES)


def _try_unlisted(g: Game, rng: random.Random) -> None:
    """A random action is either listed (and accepted) or refused with a reason, unchanged."""
    text = _random_text(g, rng)
    try:
        action = parse_action(text)
    except NotationError:
        before = g.to_dict()
        with pytest.raises(NotationError):
            g.apply(text)
        assert g.to_dict() == before
        return
    listed = {str(a) for a in g.legal_actions()}
    probe = g.copy()
    before = g.to_dict()
    try:
        probe.apply(action)
    except IllegalMove as exc:
        assert str(exc), "a refusal must give a reason"
        assert str(action) not in listed, f"{action} is listed but refused: {exc}"
        assert probe.to_dict() == before
        return
    assert str(action) in listed, f"{action} was accepted but not listed"
    check_invariants(probe)


def _step(g: Game, rng: random.Random) -> str:
    actions = g.legal_actions()
    assert actions, "a game that is not over has a legal action"
    action = rng.choice(actions)
    g.apply(action)
    return str(action)


def _check_view(g: Game) -> None:
    for seat in range(g.seats):
        v = g.view(seat)
        assert list(v.hand) == g.hand(seat)
        assert v.hand_counts == tuple(g.hand_counts)
        assert v.drawn is None or seat == g.current
        for e in v.history:
            if isinstance(e, CardsDrawn) and e.seat != seat:
                assert e.cards == ()
        secret = [g.stock, *(g.hand(s) for s in range(g.seats) if s != seat)]
        for f in dataclasses.fields(View):
            if f.name in ("hand", "history", "drawn", "rules"):
                continue
            value: Any = getattr(v, f.name)
            values = value.values() if isinstance(value, dict) else [value]
            for item in values:
                if isinstance(item, list | tuple) and item and len(item) > 1:
                    for hidden in secret:
                        if len(hidden) > 1:
                            assert list(item) != list(hidden), f"{f.name} leaks hidden cards"
        assert not {"hands", "stock", "_seed", "_drawn"} & set(v._public)
        unseen = Counter(map(str, v.unseen()))
        expect = Counter(map(str, g.stock))
        for s in range(g.seats):
            if s != seat:
                expect.update(map(str, g.hand(s)))
        assert unseen == expect


@FAST
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 2**32), moves=st.integers(0, 2**32))
def test_random_games_keep_every_invariant(table: tuple[str, int], seed: int, moves: int) -> None:
    preset, seats = table
    g = Game.new(PRESETS[preset], seats=seats, seed=seed)
    rng = random.Random(moves)
    for i in range(150):
        check_invariants(g)
        if g.over:
            break
        if i % 3 == 0:
            _try_unlisted(g, rng)
        if i % 25 == 0:
            _check_view(g)
            other = (g.current + 1) % g.seats
            if g.macau_catchable < 0:
                assert g.legal_actions(other) == []
        _step(g, rng)


@FAST
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 2**32), moves=st.integers(0, 2**32))
def test_every_listed_action_applies(table: tuple[str, int], seed: int, moves: int) -> None:
    preset, seats = table
    g = Game.new(PRESETS[preset], seats=seats, seed=seed)
    rng = random.Random(moves)
    for _ in range(40):
        if g.over:
            break
        actions = g.legal_actions()
        for action in rng.sample(actions, min(6, len(actions))):
            probe = g.copy()
            probe.apply(action)
            check_invariants(probe)
            assert g.is_legal(action) and g.is_legal(str(action))
        _step(g, rng)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 2**32), moves=st.integers(0, 2**32))
def test_a_seed_replays_exactly_and_every_game_ends(
    table: tuple[str, int], seed: int, moves: int
) -> None:
    preset, seats = table
    a = Game.new(PRESETS[preset], seats=seats, seed=seed)
    b = Game.new(PRESETS[preset], seats=seats, seed=seed)
    assert a.to_dict() == b.to_dict()
    rng = random.Random(moves)
    for _ in range(20_000):
        if a.over:
            break
        text = _step(a, rng)
        b.apply(text)
    assert a.over, "a random game did not end within 20,000 actions"
    assert a.to_dict() == b.to_dict()
    assert [type(e) for e in a.events()] == [type(e) for e in b.events()]


@FAST
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 2**32), moves=st.integers(0, 2**32))
def test_copy_is_independent_and_a_save_continues_identically(
    table: tuple[str, int], seed: int, moves: int
) -> None:
    preset, seats = table
    g = Game.new(PRESETS[preset], seats=seats, seed=seed)
    rng = random.Random(moves)
    for _ in range(rng.randrange(30)):
        if g.over:
            return
        _step(g, rng)
    if g.over:
        return
    snapshot = g.to_dict()
    copy = g.copy()
    for _ in range(10):
        if copy.over:
            break
        _step(copy, random.Random(1))
    assert g.to_dict() == snapshot
    restored = Game.from_dict(g.to_dict())
    check_invariants(restored)
    assert restored.events() == g.events()  # the round's record comes back too
    r1, r2 = random.Random(moves + 1), random.Random(moves + 1)
    for _ in range(30):
        if g.over:
            break
        assert [str(a) for a in g.legal_actions()] == [str(a) for a in restored.legal_actions()]
        text = _step(g, r1)
        assert _step(restored, r2) == text
        assert restored.to_dict() == g.to_dict()


# ----- random house rules -------------------------------------------------------------------
def test_option_domains_cover_every_rank_and_card_kind() -> None:
    assert set(RANK_TOKENS) < set(CARD_KIND_TOKENS)
    assert {f.name for f in dataclasses.fields(Rules)} >= set(random_rules(random.Random(0)))


def test_random_house_rules_play_random_games_with_every_invariant() -> None:
    rng = random.Random(2024)
    played = refused = 0
    while played < 500:
        try:
            rules = Rules(name="custom", **random_rules(rng))
        except RulesError as exc:
            assert str(exc)
            refused += 1
            assert refused < 200_000, "almost every random rule set was refused"
            continue
        played += 1
        assert Rules.from_text(rules.to_text()) == rules
        seats = rng.randint(rules.min_seats, rules.max_seats)
        g = Game.new(rules, seats=seats, seed=rng.getrandbits(32))
        for i in range(40):
            check_invariants(g)
            if g.over:
                break
            if i % 4 == 0:
                _try_unlisted(g, rng)
            _step(g, rng)
        check_invariants(g)


def test_a_view_carries_no_drawn_card_anywhere_in_its_log() -> None:
    g = Game.new(PRESETS["polish"], seats=2, seed=4)
    while not any(isinstance(e, CardsDrawn) and e.cards for e in g.apply("draw")):
        pass
    for seat in range(2):
        node = g.view(seat)._log  # a chain of (older, *events) tuples
        while node is not None:
            for e in node[1:]:
                assert not (isinstance(e, CardsDrawn) and e.cards)
            node = node[0]


def test_a_game_rebuilt_from_a_view_plays_on_in_either_engine() -> None:
    g = Game.new(PRESETS["polish"], seats=2, seed=1)
    v = g.view(g.current)
    unseen = v.unseen()
    k = v.hand_counts[1 - v.seat]
    hands: list[list[Card]] = [[], []]
    hands[v.seat] = list(v.hand)
    hands[1 - v.seat] = unseen[:k]
    s = Game.from_view(v, hands, unseen[k:], seed=3)
    s.apply(s.legal_actions()[0])  # a play or a draw: the mover's card count changes
    assert s.hand_counts != list(v.hand_counts)

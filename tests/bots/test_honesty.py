"""Bots decide from their view only: the hidden cards can be shuffled without changing a choice,
and nothing a bot is handed leads back to the live game."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.bots import BOT_LEVELS, make_bot
from game.bots import tournament as tournament_module
from game.engine import PRESETS, Action, Game, Rules, View
from game.engine.cards import make_pack

from .conftest import bot_for_tests


def _position(rules: Rules, seats: int, seed: int) -> tuple[list[str], str, str]:
    """A random position: hands, pile and stock (top first) in notation."""
    rng = random.Random(seed)
    pack = make_pack(rules.decks_for(seats), rules.jokers)
    rng.shuffle(pack)
    size = rng.randint(1, 7)
    hands = [" ".join(pack.pop().code for _ in range(size)) for _ in range(seats)]
    top = next(c for c in pack if not c.is_joker)
    pack.remove(top)
    stock = " ".join(c.code for c in pack[: rng.randint(5, len(pack))])
    return hands, top.code, stock


def _shuffle_hidden(hands: list[str], stock: str, me: int, seed: int) -> tuple[list[str], str]:
    """The same counts, with the other hands' cards and the stock dealt anew."""
    rng = random.Random(seed)
    hidden = [t for s, h in enumerate(hands) if s != me for t in h.split()] + stock.split()
    rng.shuffle(hidden)
    new_hands = []
    for s, h in enumerate(hands):
        if s == me:
            new_hands.append(h)
        else:
            k = len(h.split())
            new_hands.append(" ".join(hidden[:k]))
            hidden = hidden[k:]
    return new_hands, " ".join(hidden)


@pytest.mark.parametrize("level", BOT_LEVELS)
@pytest.mark.parametrize("preset", ["polish", "classic", "hungarian", "tel_aviv"])
def test_choice_is_unchanged_when_hidden_cards_are_permuted(level: str, preset: str) -> None:
    rules = PRESETS[preset]
    compared = 0
    for seed in range(12):
        seats = 2 + seed % 3
        hands, pile, stock = _position(rules, seats, seed)
        other_hands, other_stock = _shuffle_hidden(hands, stock, 0, seed + 100)
        a = Game.from_position(rules, hands, pile, stock, current=0)
        b = Game.from_position(rules, other_hands, pile, other_stock, current=0)
        assert a.view(0).hand == b.view(0).hand
        assert a.legal_actions() == b.legal_actions()
        first = bot_for_tests(level).choose(a.view(0), a.legal_actions(), random.Random(seed))
        second = bot_for_tests(level).choose(b.view(0), b.legal_actions(), random.Random(seed))
        assert first == second, (hands, other_hands, pile)
        compared += 1
    assert compared == 12


def _reaches_game(value: object, depth: int = 0) -> bool:
    if isinstance(value, Game):
        return True
    if depth > 3:
        return False
    if isinstance(value, dict):
        return any(_reaches_game(v, depth + 1) for v in value.values())
    if isinstance(value, list | tuple | set | frozenset):
        return any(_reaches_game(v, depth + 1) for v in value)
    return False


def test_no_part_of_a_view_is_a_game() -> None:
    g = Game.new(PRESETS["hungarian"], seats=3, seed=4)
    for _ in range(30):
        g.apply(g.legal_actions()[0])
    view = g.view(1)
    for f in dataclasses.fields(view):
        assert not _reaches_game(getattr(view, f.name)), f.name


def test_the_harness_hands_bots_a_view_and_legal_actions_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[tuple[type, type]] = []

    class Spy:
        level = "spy"

        def __init__(self, inner: object) -> None:
            self.inner = inner

        def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
            seen.append((type(view), type(legal)))
            assert type(view) is View
            return self.inner.choose(view, legal, rng)  # type: ignore[attr-defined,no-any-return]

    real = make_bot
    monkeypatch.setattr(tournament_module, "make_bot", lambda level, **kw: Spy(real(level, **kw)))
    tournament_module.play_game(PRESETS["polish"], ["medium", "easy", "hard"], 3, 3, iterations=5)
    assert seen and all(v is View and lst is list for v, lst in seen)


def test_bot_modules_do_not_import_the_game_class() -> None:
    import game.bots.medium as medium
    import game.bots.simple as simple

    for module in (simple, medium):
        assert not hasattr(module, "Game"), module.__name__

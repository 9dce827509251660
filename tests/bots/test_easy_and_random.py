"""The easy and random bots as the README describes them."""

from __future__ import annotations

import random
from collections import Counter

from game.bots import make_bot
from game.engine import Game


def _easy_moves(g: Game, seeds: int = 60) -> list[str]:
    return [
        str(make_bot("easy").choose(g.view(g.current), g.legal_actions(), random.Random(seed)))
        for seed in range(seeds)
    ]


def test_easy_never_draws_while_a_card_fits() -> None:
    # README/docs: easy "draws only when nothing fits".
    g = Game.from_position("polish", ["9H 5S 7C KD", "10S 10D 9D 8D 6D"], "6H", "2C 3C 4C 5C")
    assert "draw" in {str(a) for a in g.legal_actions()}
    assert "draw" not in _easy_moves(g)


def test_easy_names_a_suit_it_still_holds_not_the_aces_own() -> None:
    # docs/bots.md: "a suit or rank it names is one it still holds". After A♥ only spades
    # are left: naming hearts (the ace's own suit) names a suit it no longer holds.
    g = Game.from_position("polish", ["AH 5S 6S", "10S 10D 9D 8D 6D"], "9H", "2C 3C 4C 5C")
    named = {m for m in _easy_moves(g) if m.startswith("AH")}
    assert named == {"AH/S"}


def test_easy_asks_for_nothing_when_it_holds_no_rank_it_may_request() -> None:
    # A jack's request is a rank it holds, or nothing: with only a king and an ace left (no
    # rank a polish jack may ask for) it asks for nothing.
    g = Game.from_position("polish", ["JH KS AD", "10S 10D 9D 8D 6D"], "9H", "2C 3C 4C 5C")
    jacks = {m for m in _easy_moves(g) if m.startswith("JH")}
    assert jacks == {"JH/-"}


def test_random_bot_picks_every_legal_action() -> None:
    # README: "random lays or draws at random".
    g = Game.from_position("polish", ["9H 5S 7H KD", "10S 10D 9D 8D 6D"], "6H", "2C 3C 4C 5C")
    legal = g.legal_actions()
    bot = make_bot("random")
    rng = random.Random(3)
    seen = Counter(str(bot.choose(g.view(0), legal, rng)) for _ in range(400))
    assert set(seen) == {str(a) for a in legal}

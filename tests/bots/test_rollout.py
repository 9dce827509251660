"""The playout policy and the rewards of ``game.bots.rollout``."""

from __future__ import annotations

import random

from game.bots.reading import roles
from game.bots.rollout import policy_action, rewards
from game.engine import PRESETS, Game, Play


def test_a_random_playout_move_is_never_a_silent_macau_twin() -> None:
    g = Game.from_position(
        PRESETS["polish"], ["9H 5H", "3S 4D 7C 8S 10D 2C"], "7H", "KD QD JD 10C 10H 4S 4C"
    )
    c = roles(g.view(0))
    for k in range(200):
        a = policy_action(g, c, random.Random(k), epsilon=1.0)
        assert not (isinstance(a, Play) and len(a.cards) == 1 and not a.call), a


def test_the_playout_keeps_an_attack_card_when_the_target_holds_plenty() -> None:
    # Like medium (and quick_score): a 2 at a seat holding six cards is worth less than a
    # plain card that fits.
    g = Game.from_position(
        PRESETS["polish"], ["2H 5H 6D 9S", "3S 4D 7C 8S 10D JC"], "7H", "KD QD JD 10C 10H 4S 4C"
    )
    c = roles(g.view(0))
    for k in range(20):
        assert str(policy_action(g, c, random.Random(k), epsilon=0.0)) == "5H"


def test_a_finished_heads_up_round_rewards_the_winner_1_and_the_loser_0() -> None:
    g = Game.from_position(PRESETS["polish"], ["5H", "3S 4D"], "7H", "KD QD JD 10C")
    g.apply("5H")
    assert g.over
    assert rewards(g) == [1.0, 0.0]


def test_a_capped_playout_counts_missed_turns_against_the_seat() -> None:
    # docs/bots.md: "expected places from card counts (a pending penalty and missed turns
    # count against the seat)". Three seats of three cards; seat 2 still waits out a turn.
    g = Game.from_position(
        PRESETS["polish"],
        ["4H 9C 9D 2S", "4S 6S 7D 8C", "5D 6H 7S"],
        "8H",
        "KD QD JD 10C 10D 5H 6C 3C 3D",
    )
    for move in ("4H", "4S", "pass"):
        g.apply(move)
    assert g.missed == [0, 0, 1] and [len(h) for h in g.hands] == [3, 3, 3] and not g.over
    r = rewards(g)
    assert r[2] < r[1] - 0.05 and abs(r[0] - r[1]) < 1e-9

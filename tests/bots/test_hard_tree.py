"""The hard bot's tree, read through the root its settle check is handed (as the existing
tests patch ``hard._settled``): availability counts, per-seat rewards, most visited move."""

from __future__ import annotations

import random

import pytest

from game.bots import hard as hard_module
from game.bots.hard import HardBot, _Node, _settled
from game.engine import PRESETS, Action, Game, Play, View


def _search(
    monkeypatch: pytest.MonkeyPatch, g: Game, iterations: int, seed: int = 3
) -> tuple[Action, _Node, View]:
    roots: list[_Node] = []

    def spy(root: _Node, *_args: object) -> bool:
        roots.append(root)
        return False  # run every iteration

    monkeypatch.setattr(hard_module, "_settled", spy)
    bot = HardBot(iterations=iterations, rollout_depth=12)
    view = g.view(g.current)
    action = bot.choose(view, g.legal_actions(), random.Random(seed))
    assert roots, "the search ran"
    return action, roots[0], view


def _position() -> Game:
    # Heads-up, seat 0 to move with several plays; seat 1 far behind.
    return Game.from_position(
        PRESETS["polish"],
        ["9H 9C 5H 6D KC", "3S 4D 7C 8S 10D JS 5C 6S"],
        "7H",
        "KD QD JD 10C 10H 4S 4C 5S 6H 8D 2D 3D",
    )


def test_a_root_move_is_counted_available_every_iteration_after_it_is_tried(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "a child's UCB exploration term uses its availability count (how often it
    # was legal when its parent was visited)". Every root move is legal every iteration, so
    # the first one tried has been available in every iteration.
    _action, root, view = _search(monkeypatch, _position(), 60)
    mine = [c for (seat, _a), c in root.children.items() if seat == view.seat]
    assert len(mine) >= 2
    assert max(c.avail for c in mine) == 60
    assert all(c.avail >= c.visits for c in mine)


def test_each_node_keeps_the_reward_of_the_seat_that_moved_into_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Heads-up without points a playout's two rewards add up to 1, so the opponent's
    # replies (depth 2) must hold 1 minus the searcher's rewards on those playouts: what
    # the root's children gathered, less at most one expansion playout per child.
    _action, root, view = _search(monkeypatch, _position(), 200)
    checked = 0
    for (seat, _a), child in root.children.items():
        replies = list(child.children.values())
        if seat != view.seat or child.visits < 10 or any(g.actor == seat for g in replies):
            continue  # (a draw is followed by the same seat's keep-or-lay)
        searcher_on_replies = sum(g.visits - g.reward for g in replies)
        assert -1e-9 <= child.reward - searcher_on_replies <= 1 + 1e-9
        checked += 1
    assert checked


def test_the_answer_is_the_most_visited_root_move(monkeypatch: pytest.MonkeyPatch) -> None:
    # "return the most visited legal action" (a plain play, no naming or order).
    checked = 0
    for seed in range(6):
        action, root, view = _search(monkeypatch, _position(), 80, seed)
        mine = {a: c.visits for (seat, a), c in root.children.items() if seat == view.seat}
        top = max(mine.values())
        assert mine.get(action) == top
        checked += isinstance(action, Play)
    assert checked


def test_a_runner_up_that_could_still_tie_leaves_the_search_unsettled() -> None:
    # With ``left`` iterations to come, a lead of exactly ``left`` can still be tied, and
    # a tie goes to the move listed first, which may be the runner-up.
    root = _Node(0)
    lead, runner = _Node(0), _Node(0)
    lead.visits, runner.visits = 10, 4
    root.children[(0, "first")] = runner  # type: ignore[index]
    root.children[(0, "second")] = lead  # type: ignore[index]
    assert not _settled(root, 0, 6, {})
    assert _settled(root, 0, 5, {})

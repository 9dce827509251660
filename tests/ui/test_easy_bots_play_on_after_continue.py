"""A game continued from its save plays on exactly as the game not stopped, easy bots too:
an easy bot's "forgets Macau this round" is kept with its random stream, so Continue does
not decide it again (which moved the stream, and changed every later choice)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pygame
import pytest

from game.engine import Action, Play
from game.store.settings import Settings
from game.ui.matchtable import MatchTable
from game.ui.resume import restore, snapshot
from game.ui.roundend import RoundEndOverlay
from game.ui.scene import SceneStack
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import wait_for_bots

OFF = Settings(animation_speed="off", bot_pace="fast", hand_sort="none")
SETUP = TableSetup(
    "classic",
    (SeatSpec("Anna"), SeatSpec("Ben", "easy"), SeatSpec("Cleo", "easy"), SeatSpec("Dan", "easy")),
    target=2000,  # (long enough for every action the test plays)
)
ACTIONS = 150
SAVES = (20, 50, 80, 110, 140)  # after these many actions, the table is saved as a move saves it


def _your_move(legal: list[Action]) -> Action:
    """The person's move: a function of the position alone, so both games make it alike."""
    plays = [a for a in legal if isinstance(a, Play)]
    return (plays or legal)[0]


def _play(
    table: MatchTable,
    limit: int,
    saves: tuple[int, ...] = (),
    while_thinking: tuple[int, ...] = (),
) -> tuple[list[tuple[int, str]], dict[int, dict[str, Any]]]:
    """Run ``table`` until ``limit`` actions have been applied; every action and, after the
    counts in ``saves``, the snapshot taken right after it (as ``MatchTable.apply`` saves).
    From each count in ``while_thinking`` on, a snapshot is taken once a bot has decided and
    its move is not yet applied (as closing the window then saves), by the count then."""
    pygame.display.init()
    stack = SceneStack(None, (1280, 800))
    acts: list[tuple[int, str]] = []
    taken: dict[int, dict[str, Any]] = {}
    applied = table.apply

    def apply(action: Action, seat: int | None = None) -> bool:
        who = table.viewer if seat is None else seat
        done = applied(action, seat)
        if done:
            acts.append((who, str(action)))
            if len(acts) in saves:
                taken[len(acts)] = json.loads(json.dumps(snapshot(table)))
        return done

    table.apply = apply  # type: ignore[method-assign]
    stack.push(table)
    for _ in range(60 * 600):
        if len(acts) >= limit:
            break
        top = stack.top
        if isinstance(top, RoundEndOverlay):
            assert not table.game.match_over, "the match ended before the test had seen enough"
            top.finish("next")
        elif table.my_turn:
            table.apply(_your_move(table.legal()))
        wait_for_bots(stack.scenes)
        due = [n for n in while_thinking if n <= len(acts)]
        if due and table.thinking is not None and table.thinking.done():
            while_thinking = tuple(n for n in while_thinking if n not in due)
            taken[len(acts)] = json.loads(json.dumps(snapshot(table)))
        stack.update(1 / 60)
    else:
        raise AssertionError("the game stopped moving")
    stack.clear()
    return acts, taken


@pytest.mark.parametrize("seed", [11, 12])
def test_a_continued_game_with_easy_bots_plays_on_as_the_game_not_stopped(seed: int) -> None:
    table = MatchTable(SETUP, SETUP.new_game(seed), settings=OFF, seed=seed)
    acts, saves = _play(table, ACTIONS, SAVES)
    assert sorted(saves) == list(SAVES)
    for at, data in saves.items():
        continued, _ = _play(restore(copy.deepcopy(data), OFF), ACTIONS - at)
        assert continued == acts[at:], f"the game continued from action {at} went otherwise"


def test_a_game_saved_while_a_bot_thinks_continues_with_the_same_decision() -> None:
    """The window closed after a bot has decided and before its move is shown: the save
    holds its random stream as its decision began, not as the decision left it."""
    seed = 11
    table = MatchTable(SETUP, SETUP.new_game(seed), settings=OFF, seed=seed)
    acts, _ = _play(table, ACTIONS)
    again = MatchTable(SETUP, SETUP.new_game(seed), settings=OFF, seed=seed)
    _, saves = _play(again, ACTIONS, while_thinking=(10, 40, 70, 100))
    assert len(saves) == 4
    for at, data in saves.items():
        continued, _ = _play(restore(copy.deepcopy(data), OFF), ACTIONS - at)
        assert continued == acts[at:], f"the game saved at action {at} went otherwise"

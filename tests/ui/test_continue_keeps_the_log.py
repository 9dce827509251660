"""Continue brings the game log back as it was: a move the game was still showing when the
window closed keeps its whole line, and Continue marks where the round picks up once."""

from __future__ import annotations

import pygame
import pytest

from game.engine import PRESETS, Game, parse_action
from game.store.saves import load_game
from game.store.settings import Settings
from game.ui.matchtable import MatchTable
from game.ui.resume import restore
from game.ui.scene import SceneStack
from game.ui.setup import SeatSpec, TableSetup

NORMAL = Settings(animation_speed="normal", hand_sort="none")
SETUP = TableSetup("polish", (SeatSpec("You"), SeatSpec("Ben", "medium")))


def _table() -> tuple[SceneStack, MatchTable]:
    """Ben to lay on 7♥, moved by hand (no bot plays for him)."""
    game = Game.from_position(
        PRESETS["polish"],
        hands=["7S QC 9C 5D", "AH 2H 4D 9S KD"],
        pile="5H 7H",
        stock="9H KC 4S 8S 10D JD 3C 6C",
        current=1,
    )
    pygame.display.init()
    stack = SceneStack(None, (1280, 800))
    table = MatchTable(SETUP, game, settings=NORMAL, seed=1, deal=False)
    table.bots.clear()
    stack.push(table)
    for _ in range(5):
        stack.update(1 / 60)
    return stack, table


def _continued() -> MatchTable:
    saved = load_game().data
    assert saved is not None
    table = restore(saved, NORMAL)
    stack = SceneStack(None, (1280, 800))
    stack.push(table)
    for _ in range(30):
        stack.update(1 / 60)
    stack.clear()  # closed again
    return table


@pytest.mark.parametrize(
    ("move", "line"), [("AH/C", "Ben laid A♥ — names ♣ clubs"), ("2H", "Ben laid 2♥ — you owe 2")]
)
def test_a_move_still_being_shown_when_the_window_closes_keeps_its_whole_line(
    move: str, line: str
) -> None:
    stack, table = _table()
    assert table.apply(parse_action(move), 1)
    stack.update(1 / 60)  # the frame in which the window's close arrives
    stack.clear()  # (what closing the window does: the table saves as it shuts down)
    top = table.game.top.pretty
    assert list(_continued().director.log) == [line, f"Round 1 resumed; {top} on the pile"]


def test_a_move_saved_before_it_is_shown_keeps_its_line() -> None:
    stack, table = _table()
    assert table.apply(parse_action("2H"), 1)  # saved at once: killed now, this is the save
    saved = load_game().data
    assert saved is not None and saved["log"] == ["Ben laid 2♥ — you owe 2"]
    stack.clear()


def test_continue_twice_with_no_move_between_marks_the_round_once() -> None:
    stack, table = _table()
    assert table.apply(parse_action("2H"), 1)
    for _ in range(120):
        stack.update(1 / 60)
    stack.clear()
    once = list(_continued().director.log)
    twice = list(_continued().director.log)
    assert once == ["Ben laid 2♥ — you owe 2", "Round 1 resumed; 2♥ on the pile"]
    assert twice == once

"""The hand-off screen names the person it is passed to whole where the window has room:
its panel widens for a long name, and inside a small window the title shrinks, then is cut,
never running out of the window."""

from __future__ import annotations

import pytest

from game.engine import PRESETS, Game
from game.store.settings import Settings
from game.ui.handoff import HandoffScreen
from game.ui.matchtable import MatchTable
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import Screen
from tests.ui.textkit import drawn_texts, outside, overlaps

LONG = "Bartholomew Konstantinopolous"


def _handoff(size: tuple[int, int]) -> Screen:
    setup = TableSetup("polish", (SeatSpec(LONG), SeatSpec("Ania")))
    game = Game.from_position(PRESETS["polish"], ["9S 8D", "9H 10H"], "5H 7H", "9C KC 4S 8S")
    table = MatchTable(setup, game, settings=Settings(animation_speed="off"), seed=1)
    screen = Screen(table, size)
    screen.stack.push(HandoffScreen(table, 0))
    screen.frame()
    return screen


@pytest.mark.parametrize("size", [(1024, 768), (1280, 800), (1920, 1080)])
def test_a_long_name_is_passed_to_whole(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    screen = _handoff(size)
    drawn = drawn_texts(monkeypatch, screen.stack, size, top_only=True)
    assert f"Pass to {LONG}" in [w for w, _ in drawn]
    assert overlaps(drawn) == [] and outside(drawn, size) == []


def test_the_smallest_window_keeps_the_title_inside(monkeypatch: pytest.MonkeyPatch) -> None:
    size = (960, 600)
    screen = _handoff(size)
    drawn = drawn_texts(monkeypatch, screen.stack, size, top_only=True)
    assert any(w.startswith("Pass to Barth") for w, _ in drawn)
    assert overlaps(drawn) == [] and outside(drawn, size) == []

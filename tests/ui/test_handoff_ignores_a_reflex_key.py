"""Pass-and-play: the hand-off screen is not dismissed by a key the last player pressed a
beat after their turn ended (Space to keep a drawn card) or held down since, nor by a click
begun at once: the next hand shows only when the screen has been up a moment and a key is
pressed afresh, or clicked."""

from __future__ import annotations

import pygame
import pytest

from game.engine import PRESETS, Game
from game.store.settings import Settings
from game.ui import handoff as handoff_module
from game.ui.handoff import READY_DELAY, HandoffScreen
from game.ui.matchtable import MatchTable
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import Screen, handoff_for

SETUP = TableSetup("polish", (SeatSpec("Anna"), SeatSpec("Bart")))
FRAMES_BEFORE_READY = round(READY_DELAY * 60)


@pytest.fixture(autouse=True)
def _the_pause_in_force(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(handoff_module, "READY_DELAY", READY_DELAY)


def _bart_handed_the_screen() -> tuple[Screen, MatchTable, HandoffScreen]:
    """Bart's turn (a hand-off to him first): he draws 9C, which does not fit, and keeps it;
    the screen is handed to Anna."""
    game = Game.from_position(
        PRESETS["polish"],
        hands=["7S 8S 9D 10D KC", "4C 8C 10S JS QD"],
        pile="5S 5H",
        stock="4D 8D 10C JD QS 6C 7C 8H 9C",
        current=1,
    )
    table = MatchTable(SETUP, game, settings=Settings(animation_speed="off"), seed=1, deal=False)
    screen = Screen(table, (960, 600))
    handoff_for(screen, 1)
    screen.frame(FRAMES_BEFORE_READY + 1)
    screen.key(pygame.K_RETURN)
    screen.frame(3)
    assert table.viewer == 1
    screen.key(pygame.K_d, "d")  # 9C: it does not fit on 5H
    screen.send(pygame.KEYUP, key=pygame.K_d, mod=0, unicode="d", scancode=0)
    screen.key(pygame.K_SPACE, " ")  # keep it: the turn passes to Anna
    screen.send(pygame.KEYUP, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    screen.frame(2)
    screen_for_anna = handoff_for(screen, 0)
    return screen, table, screen_for_anna


def test_a_key_pressed_as_the_screen_appears_is_not_ready() -> None:
    screen, table, anna = _bart_handed_the_screen()
    screen.key(pygame.K_SPACE, " ")  # Bart's second reflex press
    screen.send(pygame.KEYUP, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    screen.frame(120)
    assert screen.top is anna and table.viewer == 1
    screen.key(pygame.K_RETURN)  # Anna, a moment later
    screen.frame(3)
    assert screen.top is table and table.viewer == 0


def test_a_key_held_down_since_does_not_count_until_let_go() -> None:
    screen, table, anna = _bart_handed_the_screen()
    screen.key(pygame.K_SPACE, " ")  # pressed early and held: the repeats follow
    for _ in range(FRAMES_BEFORE_READY + 30):
        screen.key(pygame.K_SPACE, " ")
    assert screen.top is anna and table.viewer == 1
    screen.send(pygame.KEYUP, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    screen.key(pygame.K_SPACE, " ")
    screen.frame(3)
    assert screen.top is table and table.viewer == 0


def test_a_click_at_once_is_not_ready_but_one_a_moment_later_is() -> None:
    screen, table, anna = _bart_handed_the_screen()
    screen.click((100, 100))
    screen.frame(3)
    assert screen.top is anna and table.viewer == 1
    screen.frame(FRAMES_BEFORE_READY)
    screen.click((100, 100))
    screen.frame(3)
    assert screen.top is table and table.viewer == 0

"""The next round is dealt with nothing left over from the last one at the table."""

from __future__ import annotations

import pygame

from game.engine import PRESETS, Game, parse_action
from game.store.settings import Settings
from game.ui.matchtable import MatchTable
from game.ui.roundend import RoundEndOverlay
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import Screen


def test_the_last_rounds_bubbles_are_gone_when_the_next_round_is_dealt() -> None:
    # With the animation off the board comes at once: Enter on it straight away used to deal
    # the next round under the winner's "I win!", still running out its time.
    setup = TableSetup("polish", (SeatSpec("You"), SeatSpec("Ada", "easy")))
    game = Game.from_position(
        PRESETS["polish"], hands=["7H", "8C 6S 10S 4H"], pile="5H", stock="2D 3D 9C JS QD KC"
    )
    off = Settings(animation_speed="off", bot_pace="fast")
    table = MatchTable(setup, game, settings=off, seed=3, deal=False)
    screen = Screen(table, (1280, 800))
    table.apply(parse_action("7H"), 0)
    for _ in range(600):
        if isinstance(screen.top, RoundEndOverlay):
            break
        screen.frame()
    assert isinstance(screen.top, RoundEndOverlay)
    assert table.director.bubbles  # the winner's words are still up
    screen.key(pygame.K_RETURN)  # the next round
    assert screen.top is table and table.game.round_no == 2
    screen.frame()
    assert [b.text for b in table.director.bubbles if b.text in ("I win!", "Out!")] == []

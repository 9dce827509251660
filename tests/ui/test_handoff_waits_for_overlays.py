"""'Show my cards' pressed on the hand-off while a catch's penalty cards are in the air waits
for them to land; a screen opened over the hand-off meanwhile (the pause menu, the scores,
the rules, the settings) stays open until it is closed, the cards waiting in the air under
it, and only then do they land and is the hand shown."""

from __future__ import annotations

import pygame
import pytest

from game.engine import PRESETS, Game, parse_action
from game.store.settings import Settings
from game.ui.handoff import HandoffScreen
from game.ui.howto import HowToScreen
from game.ui.matchtable import MatchTable
from game.ui.options import SettingsScreen
from game.ui.roundend import GamePause
from game.ui.scene import Scene
from game.ui.scoreboard import ScoreboardOverlay
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import Screen, handoff_for

# Anna lays her 7♥ and is left with one card without calling Macau; Ben catches her from his
# hand-off, and the penalty cards fly to her while the hand-off is up.
SEATS = (SeatSpec("Anna"), SeatSpec("Ben"))
HANDS = ["7H 9H", "8C 9S 10D"]
STOCK = "2D 3D 4S 6C 6S 7S 8S 9D"

# How each screen is opened from the hand-off: the keys pressed, and the screen expected.
OPENED: dict[str, tuple[list[tuple[int, str]], type[Scene]]] = {
    "pause menu": ([(pygame.K_ESCAPE, "")], GamePause),
    "scoreboard": ([(pygame.K_t, "t")], ScoreboardOverlay),
    "how to play": ([(pygame.K_ESCAPE, ""), (pygame.K_h, "h")], HowToScreen),
    "settings": ([(pygame.K_ESCAPE, ""), (pygame.K_s, "s")], SettingsScreen),
}


def _ben_asks_while_cards_fly() -> tuple[Screen, MatchTable, HandoffScreen]:
    """Ben's hand-off, with Anna caught and her penalty in the air, and Enter pressed."""
    game = Game.from_position(PRESETS["polish"], hands=HANDS, pile="5H", stock=STOCK)
    normal = Settings(animation_speed="normal", bot_pace="normal")
    table = MatchTable(TableSetup("polish", SEATS), game, settings=normal, seed=5, deal=False)
    screen = Screen(table, (1280, 800))
    handoff_for(screen, 0)
    screen.key(pygame.K_RETURN)
    table.apply(parse_action("7H"), 0)
    handoff = handoff_for(screen, 1)
    screen.key(pygame.K_s, "s")
    screen.frame(5)
    screen.key(pygame.K_RETURN)
    assert handoff.waiting and not table.director.idle  # the cards are still flying
    assert not table.director.reveal
    return screen, table, handoff


@pytest.mark.parametrize("opened", OPENED)
def test_a_screen_opened_over_a_waiting_hand_off_stays_until_it_is_closed(opened: str) -> None:
    screen, table, handoff = _ben_asks_while_cards_fly()
    keys, kind = OPENED[opened]
    for key, typed in keys:
        screen.key(key, typed)
    over = screen.top
    assert isinstance(over, kind)
    for _ in range(300):  # long after the penalty would have landed
        screen.frame()
        assert screen.top is over, "the screen opened over the hand-off was closed under it"
        assert not table.director.reveal, "a hand was shown under the screen"
    # Nothing moves while the screen holds the game: the cards wait in the air.
    assert not table.director.idle and handoff.stack is not None
    assert len(table.game.hand(0)) == 1 + table.game.rules.macau_penalty
    for _ in keys:  # close it (and the pause menu it was opened from)
        screen.key(pygame.K_ESCAPE)
    for _ in range(300):  # the penalty lands, then the hand asked for is shown
        if screen.top is table and table.director.idle:
            break
        screen.frame()
    screen.frame(3)
    assert screen.top is table and handoff.stack is None
    assert table.director.reveal and table.viewer == 1  # Ben asked: Ben's hand, now


def test_a_hand_off_that_is_still_waiting_shows_no_hand_under_the_pause_menu() -> None:
    screen, table, handoff = _ben_asks_while_cards_fly()
    screen.key(pygame.K_ESCAPE)
    pause = screen.top
    assert isinstance(pause, GamePause)
    screen.frame(120)
    assert handoff.waiting and screen.top is pause
    assert not table.director.reveal and table.viewer == 0

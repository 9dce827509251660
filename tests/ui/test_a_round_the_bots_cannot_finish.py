"""Once every person is out, a round the bots alone play on without end is stopped after
``FINISH_LIMIT`` of their moves and scored as a blocked round: the places left go by the
cards left, and the board says why rather than "nobody could move"."""

from __future__ import annotations

import pygame
import pytest

from game.engine import PRESETS, Game
from game.store import Store
from game.store.settings import Settings
from game.ui import table as table_module
from game.ui.botplayer import BotPlayer
from game.ui.matchtable import MatchTable
from game.ui.roundend import RoundEndOverlay
from game.ui.setup import SeatSpec, TableSetup
from game.ui.table import bots_finish_round
from tests.ui.menukit import Screen

HANDS = ["", "2C 4D 9S 6C 7C", "3S 6D 7D QH", "KD 8D 5S 10S"]
STOCK = "9H KC 4S 6H 10D 9C 3C 4H 8H JC QS 5C"


def _game() -> Game:
    return Game.from_position(PRESETS["polish"], hands=HANDS, pile="5D", stock=STOCK, current=1)


def test_bots_playing_a_saved_round_out_stop_it_at_the_limit() -> None:
    game = _game()
    bots = {seat: BotPlayer("medium", seed=seat) for seat in (1, 2, 3)}
    assert bots_finish_round(game, bots, limit=3) == "stopped"
    assert game.over and game.blocked
    left = game.hand_counts
    # The person went out first; the bots are placed by the cards they still hold.
    assert game.places[0] == 1
    assert sorted(range(1, 4), key=lambda s: (left[s], s)) == sorted(
        range(1, 4), key=lambda s: (game.places[s], s)
    )


def test_the_table_stops_the_round_and_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_module, "FINISH_LIMIT", 4)
    game = _game()
    seats = (SeatSpec("You"), *(SeatSpec(n, "medium") for n in ("Ada", "Ben", "Cy")))
    table = MatchTable(
        TableSetup("polish", seats), game, seed=7, deal=False,
        settings=Settings(animation_speed="off", bot_pace="fast"),
    )  # fmt: skip
    screen = Screen(table)
    screen.frame(2)
    screen.key(pygame.K_f)  # Finish the round
    for _ in range(2000):
        if game.over:
            break
        screen.frame(draw=False)
    assert game.over and game.blocked and table.round_stopped
    assert any("the round is stopped" in line for line in table.director.log)
    assert table.recorded  # recorded as any round
    screen.frame(60)
    # Its end is told as stopped, not as a round nobody could move in.
    assert table.director.log[-1] == "Round over (stopped)"
    assert not any("(blocked)" in line for line in table.director.log)
    board = screen.stack.top
    assert isinstance(board, RoundEndOverlay)
    assert not board.title().startswith("Blocked")  # you won it by going out
    assert board.title() == "You win the round!"
    # Nor is it recorded as one: the history would say "blocked" where the table said stopped.
    with Store.open() as store:
        (entry,) = store.history("You")
    assert not entry.blocked and entry.seats[0].place == 1 and not entry.abandoned

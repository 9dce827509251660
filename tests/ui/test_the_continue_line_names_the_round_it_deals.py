"""The menu's Continue line names the round Continue will show: a points match saved on a
round's board continues with the next round's deal, and is described so."""

from __future__ import annotations

import random

from game.store.settings import Settings
from game.ui.matchtable import MatchTable
from game.ui.resume import describe, read_saved_game, restore
from game.ui.setup import SeatSpec, TableSetup

OFF = Settings(animation_speed="off")
SETUP = TableSetup(
    "classic", (SeatSpec("Anna"), SeatSpec("Ben", "easy"), SeatSpec("Cleo", "easy")), target=2000
)


def _saved_after(rounds: int) -> MatchTable:
    """The match saved on the board of its ``rounds``-th round (played out at random)."""
    game = SETUP.new_game(seed=5)
    rng = random.Random(5)
    while True:
        while not game.over:
            game.apply(rng.choice(game.legal_actions()), game.current)
        if game.round_no == rounds:
            break
        game.next_round()
    table = MatchTable(SETUP, game, settings=OFF, seed=5, deal=False)
    table.save()
    return table


def test_a_match_saved_on_the_board_of_round_2_offers_round_3() -> None:
    _saved_after(2)
    saved = read_saved_game()
    assert describe(saved).startswith("Classic Macao · 3 players · round 3 · ")
    assert restore(saved.data or {}, OFF).game.round_no == 3


def test_a_match_saved_on_the_first_board_names_round_2() -> None:
    _saved_after(1)
    assert " · round 2 · " in describe(read_saved_game())


def test_a_round_in_play_is_named_as_it_is() -> None:
    table = _saved_after(1)
    table.game.next_round()
    table.save()
    line = describe(read_saved_game())
    assert " · round 2 · " in line

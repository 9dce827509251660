"""Rounds played through the table land in the statistics, and stay there after a restart."""

from __future__ import annotations

from game.store.db import Store
from game.store.settings import Settings
from game.ui.matchtable import MatchTable
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import Screen, play_to_match_end


def test_a_match_played_at_the_table_fills_statistics_and_rankings_across_restarts() -> None:
    seats = (SeatSpec("Ada", "medium"), SeatSpec("Ben", "easy"))
    setup = TableSetup("classic", seats, target=120)
    off = Settings(animation_speed="off", bot_pace="fast")
    table = MatchTable(setup, setup.new_game(seed=5), settings=off, seed=5)
    screen = Screen(table, (960, 600))
    play_to_match_end(screen)
    rounds = len(table.game.round_charges)
    assert rounds >= 1
    table.shutdown()

    for _ in range(2):  # the second pass is a restart: a fresh store on the same file
        with Store.open() as store:
            history = store.history()
            assert len(history) == rounds
            assert all(entry.preset == "classic" and not entry.abandoned for entry in history)
            medium = store.profile_stats("Bot · medium", preset="classic")
            easy = store.profile_stats("Bot · easy", preset="classic")
            assert medium.games == easy.games == rounds
            assert medium.wins + easy.wins >= rounds  # every round has a winner (ties share)
            ranked = {row.profile for row in store.leaderboard("classic")}
            assert {"Bot · medium", "Bot · easy"} <= ranked

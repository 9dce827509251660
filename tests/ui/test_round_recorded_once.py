"""A round is recorded once, whatever moment the game is killed at: between recording a
round and saving, Continue replays the last move and reports the round again, and a new
game reports the save it replaces as abandoned."""

from __future__ import annotations

import pytest

from game.store.db import Store
from game.store.paths import where
from game.store.saves import SAVE_NAME
from game.store.settings import Settings
from game.ui import launch
from game.ui.matchtable import MatchTable
from game.ui.resume import read_saved_game, restore
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import Screen

OFF = Settings(animation_speed="off", bot_pace="fast")


def _play_out(table: MatchTable) -> None:
    screen = Screen(table, (960, 600))
    for _ in range(20000):
        if table.recorded:
            return
        screen.frame(draw=False)
    raise AssertionError("the round did not end")


def test_a_round_recorded_just_before_a_kill_counts_once_when_continued_or_replaced(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    save_file = where("state") / SAVE_NAME
    before_last_move: list[bytes] = []
    record = MatchTable._record_round

    def recorded_then_killed(self: MatchTable) -> None:
        # What a kill right after recording leaves on disk: the save before the last move.
        before_last_move.append(save_file.read_bytes())
        record(self)

    monkeypatch.setattr(MatchTable, "_record_round", recorded_then_killed)
    setup = TableSetup("polish", tuple(SeatSpec(n, "easy") for n in ("Ada", "Ben", "Cleo")))
    _play_out(MatchTable(setup, setup.new_game(seed=9), settings=OFF, seed=9))
    save_file.write_bytes(before_last_move[0])

    continued = restore(read_saved_game().data or {}, OFF)  # Continue
    _play_out(continued)
    assert len(before_last_move) == 2  # the same round was reported again …
    save_file.write_bytes(before_last_move[0])
    launch.record_abandoned_save()  # … and once more by Quick game replacing the save

    with Store.open() as store:
        [entry] = store.history()
        assert not entry.abandoned
        assert store.profile_stats("Bot · easy").games == 1

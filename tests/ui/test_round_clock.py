"""A round's recorded time is the time it was played: hours the game stayed closed between
quitting and Continue (or a new game replacing the save) do not count."""

from __future__ import annotations

import time

import pytest

from game.store.db import Store
from game.store.saves import save_game
from game.store.settings import Settings
from game.ui import launch
from game.ui.matchtable import MatchTable
from game.ui.resume import read_saved_game, restore, snapshot
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import Screen

OFF = Settings(animation_speed="off", bot_pace="fast")
DAY = 86400.0


def _table_played_for(seconds: float) -> MatchTable:
    setup = TableSetup("polish", tuple(SeatSpec(n, "easy") for n in ("Ada", "Ben", "Cleo")))
    table = MatchTable(setup, setup.new_game(seed=4), settings=OFF, seed=4)
    table.started_at = time.time() - seconds
    return table


def _a_day_later(monkeypatch: pytest.MonkeyPatch) -> float:
    later = time.time() + DAY
    monkeypatch.setattr(time, "time", lambda: later)
    return later


def test_a_round_continued_the_next_day_records_only_the_time_played(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    save_game(snapshot(_table_played_for(300)))  # five minutes in, then quit
    _a_day_later(monkeypatch)
    table = restore(read_saved_game().data or {}, OFF)
    screen = Screen(table, (960, 600))
    while not table.recorded:
        screen.frame(draw=False)  # the clock stands still: the rest takes no time
    with Store.open() as store:
        [entry] = store.history()
    assert entry.duration_s == pytest.approx(300, abs=5)


def test_a_round_replaced_the_next_day_records_only_the_time_played(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    save_game(snapshot(_table_played_for(300)))
    _a_day_later(monkeypatch)
    launch.record_abandoned_save()  # Quick game or New game replaces the save
    with Store.open() as store:
        [entry] = store.history()
    assert entry.abandoned
    assert entry.duration_s == pytest.approx(300, abs=5)

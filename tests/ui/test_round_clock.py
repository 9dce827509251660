"""A round's recorded time is the time it was played: hours the game stayed closed between
quitting and Continue (or a new game replacing the save) do not count, nor does the time the
pause menu was open, however few frames the app drew meanwhile (the computer asleep)."""

from __future__ import annotations

import time

import pygame
import pytest

from game.engine import PRESETS, Game, parse_action
from game.store.db import Store
from game.store.saves import save_game
from game.store.settings import Settings
from game.ui import launch
from game.ui.app import App
from game.ui.clock import MAX_STEP, ManualClock
from game.ui.matchtable import MatchTable
from game.ui.resume import played_seconds, read_saved_game, restore, snapshot
from game.ui.roundend import GamePause
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


class StallingClock(ManualClock):
    """The app's clock as ``SystemClock`` behaves, with the wall clock (``time.time``) and
    the steady one (``time.monotonic``) moving along: a frame's step is capped at
    ``MAX_STEP``, while both clocks move on by the whole time that passed, a stall included.
    Setting the clock moves ``wall`` alone."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        super().__init__()
        self.wall = time.time()
        self.steady = 1000.0
        self.stalled = 0.0
        monkeypatch.setattr(time, "time", lambda: self.wall)
        monkeypatch.setattr(time, "monotonic", lambda: self.steady)

    def stall(self, seconds: float) -> None:
        """No frame for ``seconds`` (the computer asleep, the process stopped)."""
        self.stalled += seconds

    def tick(self, fps: int = 0) -> float:
        elapsed = self.step + self.stalled
        self.stalled = 0.0
        self.wall += elapsed
        self.steady += elapsed
        self.advance(elapsed)
        return min(elapsed, MAX_STEP)


def _quick_table_app(clock: StallingClock) -> tuple[App, MatchTable]:
    """The app with a quick round in it: you lay your pair of nines and win."""
    app = App(settings=OFF, clock=clock, fullscreen=False)
    setup = TableSetup("quick", (SeatSpec("Ola"), SeatSpec("Ada", "medium")))
    game = Game.from_position(
        PRESETS["quick"], hands=["9C 9D", "4S 5S KD"], pile="6C", stock="7H 7D 7S 8H"
    )
    table = MatchTable(setup, game, settings=OFF, seed=3, deal=False)
    app.stack.push(table)
    return app, table


def _frames(app: App, n: int) -> None:
    for _ in range(n):
        app.step(app.clock.tick())


def _esc(app: App) -> None:
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        app.handle_event(pygame.event.Event(kind, key=pygame.K_ESCAPE, mod=0, unicode=""))
    _frames(app, 1)


def _ola_wins(table: MatchTable) -> tuple[float, float]:
    """Ola lays her pair and wins: the round's recorded time and her win's time."""
    assert table.apply(parse_action("9C 9D"), 0)
    with Store.open() as store:
        [entry] = store.history()
        fastest = store.profile_stats("Ola").fastest_win
    assert fastest is not None
    return entry.duration_s, fastest.time_s


def _paused_through_a_stall(monkeypatch: pytest.MonkeyPatch) -> tuple[App, MatchTable]:
    """A second at the table, then the pause menu: a second of frames, ten minutes asleep."""
    clock = StallingClock(monkeypatch)
    app, table = _quick_table_app(clock)
    _frames(app, 60)
    _esc(app)
    assert isinstance(app.stack.top, GamePause)
    _frames(app, 60)
    clock.stall(600)
    _frames(app, 1)
    return app, table


def test_a_long_stall_with_the_pause_menu_open_is_not_played_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app, table = _paused_through_a_stall(monkeypatch)
    _esc(app)  # back to the table
    assert app.stack.top is table
    duration, win = _ola_wins(table)
    assert duration == pytest.approx(1, abs=0.1) and win == pytest.approx(1, abs=0.1)


def test_a_game_closed_after_a_stall_in_the_pause_menu_saves_only_the_time_played(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app, _table = _paused_through_a_stall(monkeypatch)
    app.stack.clear()  # the window closed with the pause menu open, as the app quits
    played = played_seconds(read_saved_game().data or {})
    assert played == pytest.approx(1, abs=0.1)


@pytest.mark.parametrize(
    "meanwhile",
    [
        "asleep",  # the lid closed mid-round without pausing: the hours asleep are no play
        "asleep, the steady clock stopped",  # as Linux and macOS count it: wall time moves on
        "clock set back",
        "clock set on",
        "clock set back a little",  # an NTP step, a clock put right by a few seconds
        "clock set on a little",
    ],
)
def test_a_round_is_timed_by_its_play_whatever_the_wall_clock_does(
    meanwhile: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = StallingClock(monkeypatch)
    app, table = _quick_table_app(clock)
    _frames(app, 60)  # a second at the table
    if meanwhile == "asleep":
        clock.stall(3 * 3600)
    elif meanwhile == "asleep, the steady clock stopped":
        clock.wall += 3 * 3600
    else:
        by = 25.0 if meanwhile.endswith("a little") else 3600.0
        clock.wall += -by if "back" in meanwhile else by
    _frames(app, 60)  # and a second more
    duration, win = _ola_wins(table)
    assert duration == pytest.approx(2, abs=0.2) and win == pytest.approx(2, abs=0.2)


def test_a_bot_going_out_as_the_game_resumes_is_timed_without_the_pause(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app, table = _paused_through_a_stall(monkeypatch)
    # A move the table's own frame makes as the pause menu closes, as a bot's finished
    # move is applied.
    from game.ui.table import TableScene

    frame = TableScene.update

    def frame_and_move(self: TableScene, dt: float) -> None:
        frame(self, dt)
        if self is table and not table.paused and not table.game.placings:
            table.apply(parse_action("9C 9D"), 0)

    monkeypatch.setattr(TableScene, "update", frame_and_move)
    _esc(app)
    assert table.game.placings[:1] == [0]
    assert table.out_after[0] == pytest.approx(1, abs=0.1)

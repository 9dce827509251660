"""A win's time is the time from the deal to the winner's last card: where the others play
on for the lower places (polish), the round's length would also count their play. The
round's length stays what the history's Time column shows. Both run on the round's clock,
which stands still while the game is paused."""

from __future__ import annotations

import time

import pygame
import pytest

from game.engine import PRESETS, Game
from game.store.db import Store
from game.store.settings import Settings
from game.ui.matchtable import MatchTable
from game.ui.rankings_scene import RankingsScene
from game.ui.records import format_duration, stat_tiles
from game.ui.roundend import GamePause, RoundEndOverlay
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import Screen

SETUP = TableSetup(
    "polish", (SeatSpec("Ola"), SeatSpec("Ada", "medium"), SeatSpec("Ben", "medium"))
)
FRAME = 1 / 60


class Wall:
    """The wall clock the table reads, moved on by hand: one frame at a time, or by the
    seconds somebody takes over a move."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.now = 1_800_000_000.0
        for name in ("time", "monotonic"):
            monkeypatch.setattr(time, name, lambda: self.now)

    def frames(self, screen: Screen, n: int) -> None:
        for _ in range(n):
            self.now += FRAME
            screen.frame(draw=False)


def _lay_the_last_card(screen: Screen, table: MatchTable, code: str) -> None:
    hc = next(c for c in table.hand.cards if c.card.code == code)
    x, y = table.hand.centre(hc, table.layout)
    for _ in range(2):  # a double-click lays one card
        screen.send(pygame.MOUSEBUTTONDOWN, pos=(round(x), round(y)), button=1)
        screen.send(pygame.MOUSEBUTTONUP, pos=(round(x), round(y)), button=1)


def test_your_win_is_timed_at_your_last_card_not_when_the_bots_finish(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    wall = Wall(monkeypatch)
    # You lay 9♣ and win; Ada and Ben then play on for 2nd place.
    game = Game.from_position(
        PRESETS["polish"], ["9C", "9H 5S", "6H 8H"], "6C", "10D 8D 6D 10H 5D", 0
    )
    table = MatchTable(
        SETUP, game, settings=Settings(animation_speed="off", bot_pace="fast"), deal=False
    )
    screen = Screen(table)
    wall.frames(screen, 30)
    screen.key(pygame.K_ESCAPE)  # ten seconds on the pause menu do not count
    assert isinstance(screen.top, GamePause)
    wall.frames(screen, 600)
    screen.key(pygame.K_ESCAPE)
    assert screen.top is table
    wall.now += 4.0  # you think it over
    _lay_the_last_card(screen, table, "9C")
    assert game.placings == [0] and not game.over
    wall.now += 20.0  # the bots take their time over 2nd place
    for _ in range(3000):
        wall.frames(screen, 1)
        if isinstance(screen.top, RoundEndOverlay):
            break
    assert game.over and game.places[0] == 1
    screen.stack.clear()

    with Store.open() as store:
        [entry] = store.history("Ola")
        ola = next(s for s in entry.seats if s.profile == "Ola")
        assert ola.won
        # 0.5 s of frames before the pause, 4 s to move: the win took about 4.5 s …
        assert ola.out_after_s == pytest.approx(4.5, abs=0.5)
        # … and the round, which went on for 2nd place, 20 s more (the pause in neither).
        assert entry.duration_s == pytest.approx(24.5, abs=1.5)
        second = next(s for s in entry.seats if s.place == 2)
        last = next(s for s in entry.seats if s.place == 3)
        assert second.out_after_s is not None and second.out_after_s > 20
        assert last.out_after_s is None  # left holding cards: never out
        stats = store.profile_stats("Ola")
        tiles = {t.label: t.value for t in stat_tiles(stats, None, 0)}
        assert tiles["Fastest win"] == "00:04"
        rankings = RankingsScene(store)
        assert [(w.profile, format_duration(w.time_s)) for w in rankings.fastest] == [
            ("Ola", "00:04")
        ]


def test_a_win_keeps_its_time_through_continue(monkeypatch: pytest.MonkeyPatch) -> None:
    """Closed after you went out and continued later: your win is still timed at your last
    card, not at the round's end, and the hours the game was closed count in neither."""
    from game.ui.resume import restore, snapshot

    wall = Wall(monkeypatch)
    game = Game.from_position(
        PRESETS["polish"], ["9C", "9H 5S", "6H 8H"], "6C", "10D 8D 6D 10H 5D", 0
    )
    settings = Settings(animation_speed="off", bot_pace="fast")
    table = MatchTable(SETUP, game, settings=settings, deal=False)
    screen = Screen(table)
    wall.now += 4.0
    _lay_the_last_card(screen, table, "9C")
    assert game.placings == [0] and not game.over
    saved = snapshot(table)
    screen.stack.clear()

    wall.now += 3600.0  # closed for an hour
    table = restore(saved, settings)
    screen = Screen(table)
    wall.now += 20.0
    for _ in range(3000):
        wall.frames(screen, 1)
        if isinstance(screen.top, RoundEndOverlay):
            break
    assert table.game.over
    screen.stack.clear()

    with Store.open() as store:
        [entry] = store.history("Ola")
        ola = next(s for s in entry.seats if s.profile == "Ola")
        assert ola.won and ola.out_after_s == pytest.approx(4.0, abs=0.5)
        assert entry.duration_s == pytest.approx(24.0, abs=1.5)


@pytest.mark.parametrize(
    "saved",
    [None, [], "4", {"0": "4"}, {"0": -1.0}, {"0": True}, {"0": float("nan")}, {"1": 4.0}],
)
def test_a_damaged_or_older_save_has_no_time_out(saved: object) -> None:
    """Only a time for a seat that is out, on the round's clock, is taken from a save."""
    from game.ui.resume import _out_after

    game = Game.from_position(PRESETS["polish"], ["", "9H 5S", "6H 8H"], "6C", "10D 8D", 1)
    assert game.placings == [0]
    assert _out_after(saved, game) == {}
    assert _out_after({"0": 4, "1": 3.0}, game) == {0: 4.0}

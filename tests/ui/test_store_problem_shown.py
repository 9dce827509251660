"""A statistics problem met while recording a round is told to the player at the table."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.store.settings import Settings
from game.ui.matchtable import MatchTable
from game.ui.roundend import RoundEndOverlay
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import Screen, play_to_match_end


def _table_over_a_garbage_file(home: Path) -> MatchTable:
    """A Classic match of two bots whose statistics file is not a database at all."""
    (home / "data").mkdir(parents=True)
    (home / "data" / "macau.sqlite3").write_bytes(b"garbage" * 1000)
    seats = (SeatSpec("Ada", "medium"), SeatSpec("Ben", "easy"))
    setup = TableSetup("classic", seats, target=120)
    off = Settings(animation_speed="off", bot_pace="fast")
    return MatchTable(setup, setup.new_game(seed=5), settings=off, seed=5)


def test_a_damaged_statistics_file_is_told_at_the_table_once(
    _home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = _table_over_a_garbage_file(_home)
    said: list[str] = []
    original = table.say

    def say(message: str, error: bool = True) -> None:
        said.append(message)
        original(message, error)

    monkeypatch.setattr(table, "say", say)
    play_to_match_end(Screen(table, (960, 600)))
    assert table.rounds
    told = [m for m in said if "damaged" in m]
    assert len(told) == 1 and "corrupt-" in told[0]
    table.shutdown()


def test_the_round_board_waits_until_a_problem_told_as_the_round_ended_is_read(
    _home: Path,
) -> None:
    # Said as the round was recorded, it was drawn under the round's board, which covers
    # the table a moment later.
    table = _table_over_a_garbage_file(_home)
    screen = Screen(table, (960, 600))
    for _ in range(60000):
        if isinstance(screen.top, RoundEndOverlay):
            break
        screen.frame(draw=False)
    assert isinstance(screen.top, RoundEndOverlay)
    assert table.store_problem and "damaged" in table.store_problem
    assert table.toast is None or table.toast[1].done(table.animator.now)
    table.shutdown()

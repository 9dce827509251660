"""The table opens its statistics store while the round is played, off the drawing thread:
opening checks the whole file (a quarter of a second at 20,000 rounds), and at the round's
end it would hold the frame that lays the last card."""

from __future__ import annotations

import shutil
import sqlite3
import threading
from pathlib import Path

import pytest

from game.store import Store, opening
from game.store.paths import StoreUnavailable
from game.store.settings import Settings
from game.ui.matchtable import MatchTable
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import Screen, play_rounds, store_opened_on

FIXTURES = Path(__file__).parent.parent / "fixtures"


def _bots_table(preset: str = "polish") -> MatchTable:
    seats = (SeatSpec("Ada", "medium"), SeatSpec("Ben", "easy"))
    setup = TableSetup(preset, seats, target=3000)
    off = Settings(animation_speed="off", bot_pace="fast")
    return MatchTable(setup, setup.new_game(seed=3), settings=off, seed=3)


def test_the_first_round_is_recorded_into_a_store_opened_off_the_drawing_thread(
    _home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened_on = store_opened_on(monkeypatch)
    table = _bots_table()
    play_rounds(Screen(table, (960, 600)), 1)
    assert opened_on == ["macau-store-open"]
    table.shutdown()
    with Store.open() as store:
        assert len(store.history()) == 1


def test_a_table_left_before_any_round_ended_closes_the_store_it_opened(
    _home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened_on = store_opened_on(monkeypatch)
    table = _bots_table()
    screen = Screen(table, (960, 600))
    screen.frame(draw=False)
    table.shutdown()
    assert opened_on == ["macau-store-open"]
    assert table._store_ahead is None and table._store is None


def test_a_store_that_cannot_change_by_itself_is_opened_once_a_table(
    _home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file from a newer version is only read, and stays so: opening it again at each
    round's end would only cost time (seconds, for a damaged file that cannot be moved)."""
    Store.open().close()
    with sqlite3.connect(_home / "data" / "macau.sqlite3") as conn:
        conn.execute("PRAGMA user_version = 99")
    opened_on = store_opened_on(monkeypatch)
    table = _bots_table("classic")
    play_rounds(Screen(table, (960, 600)), 3)
    table.shutdown()
    assert opened_on == ["macau-store-open"]


def test_a_store_whose_folder_could_not_be_written_is_tried_again_each_round_off_the_frame(
    _home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def unwritable(folder: Path) -> Path:
        raise StoreUnavailable(f"Macau cannot write to the folder {folder} (read-only).")

    monkeypatch.setattr(opening, "ensure_writable", unwritable)
    opened_on = store_opened_on(monkeypatch)
    table = _bots_table("classic")
    play_rounds(Screen(table, (960, 600)), 3)
    table.shutdown()
    assert opened_on == ["macau-store-open"] * 3


def test_a_held_file_is_opened_again_as_each_round_begins_never_as_one_ends(
    _home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file from an older version that another program holds makes an opening wait (two
    seconds) to upgrade it: at a round's end that froze the frame, round after round."""
    from tests.store.heldfile import held

    (_home / "data").mkdir(parents=True)
    shutil.copyfile(FIXTURES / "macau_v1.sqlite3", _home / "data" / "macau.sqlite3")
    monkeypatch.setattr(opening, "LOCK_WAIT_S", 0.3)
    opened_on = store_opened_on(monkeypatch)
    table = _bots_table("classic")
    with held(_home / "data" / "macau.sqlite3"):
        play_rounds(Screen(table, (960, 600)), 2)
    assert opened_on == ["macau-store-open"] * 2
    table.shutdown()  # leaving, the file free again: the rounds kept are recorded
    with Store.open() as store:
        assert len(store.history()) == 5 + 2  # (the old file's own five, and these two)


def test_leaving_while_the_store_is_still_being_opened_does_not_wait_for_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from game.store.background import StoreAhead

    closed = threading.Event()
    release = threading.Event()

    class Slow:
        def close(self) -> None:
            closed.set()

    def slow_open(cls: type[Store], path: Path | None = None) -> Slow:
        release.wait(5)
        return Slow()

    monkeypatch.setattr(Store, "open", classmethod(slow_open))
    ahead = StoreAhead()
    ahead.close()  # returns at once: the opening goes on
    assert not closed.is_set()
    release.set()
    assert closed.wait(5)  # closed by its own thread as it finished

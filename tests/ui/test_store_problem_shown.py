"""A statistics problem met while recording a round is told to the player at the table."""

from __future__ import annotations

import errno
import sqlite3
import time
from pathlib import Path

import pytest

from game.store import Store, opening, pending
from game.store.db import FULL
from game.store.paths import StoreUnavailable
from game.store.settings import Settings
from game.ui.matchtable import MatchTable
from game.ui.menu import MainMenu
from game.ui.roundend import RoundEndOverlay
from game.ui.setup import SeatSpec, TableSetup
from tests.store.conftest import bot, game, human
from tests.ui.menukit import Screen, play_rounds, play_to_match_end


def _no_room_beside_it(db: Path, record: object) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


def _table_over_a_garbage_file(home: Path) -> MatchTable:
    """A Classic match of two bots whose statistics file is not a database at all."""
    (home / "data").mkdir(parents=True)
    (home / "data" / "macau.sqlite3").write_bytes(b"garbage" * 1000)
    seats = (SeatSpec("Ada", "medium"), SeatSpec("Ben", "easy"))
    setup = TableSetup("classic", seats, target=120)
    off = Settings(animation_speed="off", bot_pace="fast")
    return MatchTable(setup, setup.new_game(seed=5), settings=off, seed=5)


class _UnwritableFolder:
    """The data folder cannot be written (made read-only) until ``mended`` is set."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.mended = False
        self._ensure_writable = opening.ensure_writable
        monkeypatch.setattr(opening, "ensure_writable", self._check)

    def _check(self, folder: Path) -> Path:
        if not self.mended:
            raise StoreUnavailable(f"Macau cannot write to the folder {folder} (read-only).")
        return self._ensure_writable(folder)


def _what_is_said(table: MatchTable, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The list every message the table says goes into from now on."""
    said: list[str] = []
    original = table.say

    def say(message: str, error: bool = True, **how: bool) -> None:
        said.append(message)
        original(message, error, **how)

    monkeypatch.setattr(table, "say", say)
    return said


def test_a_damaged_statistics_file_is_told_at_the_table_once(
    _home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = _table_over_a_garbage_file(_home)
    said = _what_is_said(table, monkeypatch)
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


def test_rounds_a_full_disk_held_back_are_recorded_once_there_is_room(
    _home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full disk is told at the table, and the match goes on being recorded once the
    player has made room: no round is lost and the match's record agrees with its rounds."""
    monkeypatch.setattr(pending, "keep", _no_room_beside_it)
    seats = (SeatSpec("Ada", "medium"), SeatSpec("Ben", "easy"))
    setup = TableSetup("classic", seats, target=400)
    off = Settings(animation_speed="off", bot_pace="fast")
    table = MatchTable(setup, setup.new_game(seed=5), settings=off, seed=5)
    table._store = store = Store.open()
    pages = store._conn.execute("PRAGMA page_count").fetchone()[0]
    store._conn.execute(f"PRAGMA max_page_count = {pages}")  # no room to grow
    earlier = 0  # rounds of other tables, filling the file up
    while store.record_game(game(earlier, "classic", human(0, "Cleo", 1), bot(1, "easy", 2))):
        earlier += 1
    said = _what_is_said(table, monkeypatch)

    def make_room(shown: int) -> None:
        if shown == 2:  # the player makes room
            store._conn.execute("PRAGMA max_page_count = 1073741823")

    play_rounds(Screen(table, (960, 600)), 3, make_room)
    assert said.count(FULL) == 1
    assert table.store_problem == ""  # told, then cleared once recording works again
    history = store.history()
    assert len(history) == earlier + 1 + 3  # the one the file was full for, too
    assert len({h.match_id for h in history if h.match_id is not None}) == 1
    match = store.matches()[0]
    assert match.rounds == 3
    table.shutdown()


def test_rounds_are_recorded_again_once_the_folder_can_be_written(
    _home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A data folder that could not be written when the table opened its statistics (made
    read-only, a full quota) is tried again as the next round begins: once mended, the
    rounds are recorded and the message is taken back."""
    folder = _UnwritableFolder(monkeypatch)
    seats = (SeatSpec("Ada", "medium"), SeatSpec("Ben", "easy"))
    setup = TableSetup("classic", seats, target=3000)
    off = Settings(animation_speed="off", bot_pace="fast")
    table = MatchTable(setup, setup.new_game(seed=5), settings=off, seed=5)
    said = _what_is_said(table, monkeypatch)

    def mend(shown: int) -> None:
        if shown == 1:
            assert table.store_problem and "read-only" in table.store_problem
            folder.mended = True

    play_rounds(Screen(table, (960, 600)), 3, mend)
    assert len([m for m in said if "read-only" in m]) == 1
    assert table.store_problem == ""
    table.shutdown()
    with Store.open() as store:
        assert len(store.history()) == 2  # the rounds after the folder was mended


def test_statistics_opened_while_the_folder_cannot_be_written_are_opened_anew_once_it_can(
    _home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    Store.open().close()
    folder = _UnwritableFolder(monkeypatch)
    menu = MainMenu()
    shown = menu.store()
    assert shown.read_only and "read-only" in shown.problem
    folder.mended = True
    again = menu.store()
    assert again is not shown and not again.read_only and again.problem is None
    menu.shutdown()


def test_statistics_from_a_newer_version_are_opened_once_by_the_menu(_home: Path) -> None:
    Store.open().close()
    with sqlite3.connect(_home / "data" / "macau.sqlite3") as conn:
        conn.execute("PRAGMA user_version = 99")
    menu = MainMenu()
    shown = menu.store()
    assert shown.read_only and not shown.unwritable
    assert menu.store() is shown  # nothing to gain by opening it again at each visit
    menu.shutdown()


def test_a_damaged_statistics_file_is_told_on_the_menu_as_it_is_set_aside(
    _home: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Found damaged as the menu opens the statistics, the file is set aside then: the menu
    says so with its other start-up notices, and the log records it, rather than leaving
    it until Statistics is opened or a round is recorded."""
    (_home / "data").mkdir(parents=True)
    (_home / "data" / "macau.sqlite3").write_bytes(b"garbage" * 1000)
    screen = Screen(MainMenu(), (1280, 800))
    menu = screen.top
    assert isinstance(menu, MainMenu)
    deadline = time.monotonic() + 20
    while not menu.problem and time.monotonic() < deadline:
        screen.frame()
        time.sleep(0.005)
    assert menu.problem == (
        "The statistics file was damaged and set aside: Statistics says what was kept."
    )
    assert any("set aside" in r.getMessage() for r in caplog.records)
    screen.frame(5)
    assert menu.problem.count("statistics file") == 1  # told once
    menu.shutdown()


def test_the_menu_buttons_stay_clear_of_several_notices(_home: Path) -> None:
    """A damaged save, settings and statistics file told at once take four lines in the
    smallest window: the button column moves up rather than run under them."""
    screen = Screen(MainMenu(), (960, 600))
    menu = screen.top
    assert isinstance(menu, MainMenu)
    menu.continue_button.visible = True  # the longest column
    menu.problem = " ".join(
        [
            "The saved game was damaged and could not be used. It was kept as "
            "current_game.corrupt-20261206-061214.json.",
            "The settings file was damaged, so default settings are used. It was kept as "
            "settings.corrupt-20261206-061214.json.",
            "The statistics file was damaged and set aside: Statistics says what was kept.",
        ]
    )
    menu.layout((960, 600))
    box = menu._problem_box(960, 600)
    assert box is not None and box.h > 80
    shown = [b for b in menu.column if b.visible]
    assert len(shown) == 8
    assert all(b.rect.bottom < box.y for b in shown), [b.rect for b in shown]
    menu.shutdown()

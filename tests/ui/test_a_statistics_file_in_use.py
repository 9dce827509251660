"""Another program keeping the statistics file locked (a database browser with unsaved
changes) never freezes the window for long and never loses a round: the table says the file
is in use and keeps the round, recorded on leaving the table or as the next round begins;
the statistics screens show what the file holds and open it anew once it is free."""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

import pytest

from game.store import Store, opening, pending
from game.store.settings import Settings
from game.ui.matchtable import MatchTable
from game.ui.menu import MainMenu
from game.ui.setup import SeatSpec, TableSetup
from tests.store.heldfile import held
from tests.ui.menukit import Screen, store_opened_on

OFF = Settings(animation_speed="off", bot_pace="fast")


def _db(home: Path) -> Path:
    return home / "data" / "macau.sqlite3"


def _statistics_file(home: Path) -> Path:
    Store.open().close()
    return _db(home)


def _table() -> MatchTable:
    setup = TableSetup("polish", tuple(SeatSpec(n, "easy") for n in ("Ada", "Ben", "Cleo")))
    return MatchTable(setup, setup.new_game(seed=9), settings=OFF, seed=9)


def _play_out(screen: Screen, table: MatchTable) -> float:
    """Frames until the round is recorded; the longest frame, in seconds."""
    longest = 0.0
    for _ in range(20000):
        if table.recorded:
            return longest
        began = time.monotonic()
        screen.frame(draw=False)
        longest = max(longest, time.monotonic() - began)
    raise AssertionError("the round did not end")


def _rounds(home: Path) -> int:
    """The rounds in the file, read as it is (opening a store would record what was kept)."""
    conn = sqlite3.connect(str(_db(home)))
    try:
        return int(conn.execute("SELECT COUNT(*) FROM games").fetchone()[0])
    finally:
        conn.close()


def _kept(home: Path) -> int:
    return len(list(pending.folder(_db(home)).glob("*.json")))


def _a_table_waiting_briefly(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[Path, MatchTable, Screen]:
    """The statistics file, and a table on a screen that waits 0.3 s for it when in use."""
    db = _statistics_file(home)
    monkeypatch.setattr(opening, "LOCK_WAIT_S", 0.3)
    table = _table()
    return db, table, Screen(table, (960, 600))


def test_a_round_ended_while_the_file_is_in_use_is_kept_and_recorded_on_leaving(
    _home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db, table, screen = _a_table_waiting_briefly(_home, monkeypatch)
    with held(db):
        longest = _play_out(screen, table)
        assert longest < 10  # a moment's wait, not 40 seconds
        assert "in use by another program" in table.store_problem
        assert table.toast is not None and "kept" in table.toast[0]
        assert _kept(_home) == 1
        assert _rounds(_home) == 0
    table.shutdown()  # leaving the table, the file free again
    assert _rounds(_home) == 1 and _kept(_home) == 0


def test_the_next_round_records_the_round_kept_before_it(
    _home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db, table, screen = _a_table_waiting_briefly(_home, monkeypatch)
    with held(db):
        _play_out(screen, table)
    table._after_round("next")
    _play_out(screen, table)
    assert table.store_problem == ""  # free again: told anew should it be in use again
    assert _rounds(_home) == 2 and _kept(_home) == 0
    table.shutdown()


def _old_statistics_file(home: Path) -> Path:
    """A file from an older version: opening it must write to it (an upgrade)."""
    import shutil

    from tests.store.test_migrations import FIXTURE

    db = _db(home)
    db.parent.mkdir(parents=True)
    shutil.copyfile(FIXTURE, db)
    return db


def _opened_ahead(menu: MainMenu) -> None:
    """Wait for the opening the menu began as it was shown, if one is under way."""
    ahead = menu._store_ahead
    if ahead is not None:
        ahead._thread.join()


def test_statistics_opened_while_the_file_is_in_use_are_opened_anew_once_it_is_free(
    _home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The menu opens the statistics off the drawing thread as it is shown, so an older file
    another program holds (its upgrade waits for the lock) never freezes a click on
    Statistics; shown again once the file is free, the menu opens it anew."""
    monkeypatch.setattr(opening, "LOCK_WAIT_S", 0.3)
    db = _old_statistics_file(_home)
    opened_on = store_opened_on(monkeypatch)
    with held(db):
        menu = MainMenu()
        screen = Screen(menu)
        menu.on_stats()
        shown = getattr(screen.top, "store", None)
        assert isinstance(shown, Store) and shown.read_only and shown.in_use
        assert shown.problem is not None and "in use by another program" in shown.problem
        assert len(shown.history()) == 5  # what the file holds, though it is not upgraded
        screen.frame(3)
        screen.top.close()  # type: ignore[union-attr]
        screen.frame()  # back on the menu: the file is opened again, off the drawing thread
        assert menu._store_ahead is not None
        menu.on_stats()  # before that opening is done: shown as it was read
        assert getattr(screen.top, "store", None) is shown
        screen.top.close()  # type: ignore[union-attr]
        screen.frame()
        _opened_ahead(menu)  # still held as it waited: read only again
        menu.on_stats()
        still = getattr(screen.top, "store", None)
        assert isinstance(still, Store) and still is not shown and still.in_use
        screen.top.close()  # type: ignore[union-attr]
        screen.frame()
        _opened_ahead(menu)
    assert set(opened_on) == {"macau-store-open"}  # never on the drawing thread
    for _ in range(600):  # the menu stays shown, the file free: it opens it anew by itself
        screen.frame(draw=False)
        _opened_ahead(menu)
        if not menu._store.in_use:
            break
    menu.on_stats()
    again = getattr(screen.top, "store", None)
    assert isinstance(again, Store) and again is not still
    assert not again.read_only and again.problem is None
    assert len(again.history()) == 5
    menu.shutdown()


def test_statistics_are_opened_while_the_menu_is_shown(
    _home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Opening checks the whole file the first time in a run (a quarter of a second at
    20,000 rounds): done as the menu is shown, on a thread of its own, not at the click."""
    _statistics_file(_home)
    opened_on = store_opened_on(monkeypatch)
    menu = MainMenu()
    screen = Screen(menu)
    menu.on_stats()
    assert opened_on == ["macau-store-open"]
    shown = getattr(screen.top, "store", None)
    assert isinstance(shown, Store) and not shown.read_only
    screen.top.close()  # type: ignore[union-attr]
    screen.frame()
    menu.on_rankings()
    assert getattr(screen.top, "store", None) is shown and opened_on == ["macau-store-open"]
    menu.shutdown()


def test_a_menu_closed_before_its_statistics_opened_leaves_nothing_open(
    _home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(opening, "LOCK_WAIT_S", 0.3)
    db = _old_statistics_file(_home)
    with held(db):
        menu = MainMenu()
        Screen(menu)
        ahead = menu._store_ahead
        assert ahead is not None
        menu.shutdown()  # at once, while the opening waits for the file
        assert menu._store_ahead is None and menu._store is None
    ahead._thread.join()
    assert ahead.take() is None  # closed by its own thread as it finished


def test_a_reader_holding_an_older_file_never_freezes_a_click(
    _home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A reader's lock on a file not yet in WAL mode holds up its upgrade: the store stays
    read only, and every click shows it as read without opening it on the drawing thread."""
    db = _old_statistics_file(_home)
    opened_on = store_opened_on(monkeypatch)
    reader = sqlite3.connect(str(db), isolation_level=None)
    reader.execute("BEGIN")
    reader.execute("SELECT COUNT(*) FROM sqlite_master").fetchall()
    try:
        menu = MainMenu()
        screen = Screen(menu)
        _opened_ahead(menu)
        for _ in range(3):
            menu.on_stats()
            shown = getattr(screen.top, "store", None)
            assert isinstance(shown, Store) and shown.in_use
            screen.top.close()  # type: ignore[union-attr]
            screen.frame(2)
        assert set(opened_on) == {"macau-store-open"}
        menu.shutdown()
    finally:
        reader.close()


def test_rounds_kept_for_a_file_still_held_wait_for_it_off_the_click(
    _home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A current file opens writable though another program holds it: a click on Statistics
    would have recorded the rounds kept meanwhile, waiting for the lock on the drawing
    thread. Held still, they stay kept; once free, the next click records them."""
    db = _statistics_file(_home)
    menu = MainMenu()
    screen = Screen(menu)
    _opened_ahead(menu)
    menu.on_stats()
    screen.top.close()  # type: ignore[union-attr]
    screen.frame()
    waited_on: list[str] = []
    real = opening.wait_for_lock

    def counted(conn: sqlite3.Connection, statement: str, deadline: float) -> None:
        waited_on.append(threading.current_thread().name)
        real(conn, statement, deadline)

    monkeypatch.setattr(opening, "wait_for_lock", counted)
    with held(db):
        table = _table()
        play = Screen(table)
        _play_out(play, table)
        table.shutdown()
        assert _kept(_home) == 1
        waited_on.clear()
        menu.on_stats()
        assert "MainThread" not in waited_on and _kept(_home) == 1
        screen.top.close()  # type: ignore[union-attr]
        screen.frame()
    menu.on_stats()
    assert _kept(_home) == 0 and _rounds(_home) == 1
    menu.shutdown()

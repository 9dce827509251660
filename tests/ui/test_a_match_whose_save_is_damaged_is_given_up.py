"""A points match goes on only from its save: when the saved game is found damaged and set
aside, the match it held is recorded as given up (History says so), not listed as in play
for ever. A match given up so and reported with more rounds after all is in play again."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import pytest

from game.store.db import Store
from game.ui.history_scene import match_note
from game.ui.launch import LOCK_EVERY
from game.ui.menu import MainMenu
from game.ui.setup import SeatSpec, TableSetup
from tests.store.conftest import match_record
from tests.ui.menukit import Screen, quick_game_home, save_a_classic_match

QUICK = TableSetup("polish", (SeatSpec("Anna"), SeatSpec("Ada", "easy")))


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    quick_game_home(tmp_path, monkeypatch, QUICK)
    return tmp_path


def _told() -> list[str]:
    """How History tells each match."""
    with Store.open() as store:
        return [match_note(m) for m in store.matches()]


def _record(rounds: int, status: str = "playing") -> None:
    with Store.open() as store:
        match = match_record(
            ("Anna", ""), (35, 60), rounds, status, preset="classic", target=500, key="m1"
        )
        assert store.record_match(match) is not None


def _menu_until_store_taken(menu: MainMenu) -> Screen:
    """The menu shown until its statistics are open and a give-up begun then is done."""
    screen = Screen(menu)
    for _ in range(600):
        screen.frame()
        if menu._store is not None and menu._store_ahead is None:
            break
    _until_given_up(screen, menu)
    return screen


def _until_given_up(screen: Screen, menu: MainMenu) -> None:
    """Frames until no give-up is under way (it runs on a thread of its own)."""
    screen.frame()
    for _ in range(600):
        if menu._giving_up is None:
            return
        time.sleep(0.005)
        screen.frame()
    raise AssertionError("the give-up never finished")


def _broken_inside(path: Path) -> bytes:
    """The save's envelope whole, the round in it not a round."""
    envelope = json.loads(path.read_text())
    envelope["game"]["game"] = {"hands": "nonsense"}
    return json.dumps(envelope).encode()


@pytest.mark.parametrize("damage", ["empty", "cut", "noise", "inside"])
def test_the_match_of_a_damaged_save_is_given_up(_home: Path, damage: str) -> None:
    path = save_a_classic_match(_home)
    _record(2)  # two rounds recorded as they ended; the save then damaged
    broken = {"empty": b"", "cut": path.read_bytes()[:200], "noise": b"\x00\xff" * 40}
    path.write_bytes(broken[damage] if damage in broken else _broken_inside(path))
    menu = MainMenu()
    _menu_until_store_taken(menu)
    assert "current_game.corrupt-" in menu.problem and not menu.continue_button.visible
    assert _told() == ["given up after 2 rounds · totals so far · to 500"]
    # Continued after all (a copy of the save put back by hand): in play again.
    _record(3)
    assert _told() == ["3 rounds so far · to 500"]


def test_a_save_that_reads_leaves_its_match_in_play(_home: Path) -> None:
    save_a_classic_match(_home)
    _record(2)
    menu = MainMenu()
    _menu_until_store_taken(menu)
    assert menu.continue_button.visible
    assert _told() == ["2 rounds so far · to 500"]


def test_while_the_file_is_not_free_it_is_tried_again_and_a_new_saved_match_stays(
    _home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save_a_classic_match(_home).write_bytes(b"")
    _record(2)  # the match the damaged save held
    real = Store.give_up_matches_in_play
    tried: list[str | None] = []

    def busy_at_first(store: Store, keep: str | None = None) -> int | None:
        tried.append(keep)
        return None if len(tried) == 1 else real(store, keep)

    monkeypatch.setattr(Store, "give_up_matches_in_play", busy_at_first)
    menu = MainMenu()
    screen = _menu_until_store_taken(menu)
    assert tried == [None] and _told() == ["2 rounds so far · to 500"]
    # Meanwhile a new match is played and saved (its first round recorded as it ended).
    new_save = save_a_classic_match(_home)
    new_key = json.loads(new_save.read_text())["game"]["match_key"]
    with Store.open() as store:
        match = match_record(
            ("Anna", ""), (10, 0), 1, "playing", preset="classic", target=500, key=new_key
        )
        assert store.record_match(match) is not None
    menu.refresh()  # (the menu back from that table)
    screen.frame(30)
    assert len(tried) == 1  # not every frame
    screen.frame(int(LOCK_EVERY * 60) + 2)
    _until_given_up(screen, menu)
    assert tried == [None, new_key]
    assert sorted(_told()) == [
        "1 round so far · to 500",  # the saved match goes on
        "given up after 2 rounds · totals so far · to 500",
    ]


def test_it_is_written_off_the_drawing_thread(_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A file another program holds is waited for (a quarter of a second at each try): never
    # on the thread that draws the menu.
    save_a_classic_match(_home).write_bytes(b"")
    _record(2)
    real = Store.give_up_matches_in_play
    threads: list[str] = []

    def noted(store: Store, keep: str | None = None) -> int | None:
        threads.append(threading.current_thread().name)
        return real(store, keep)

    monkeypatch.setattr(Store, "give_up_matches_in_play", noted)
    _menu_until_store_taken(MainMenu())
    assert threads and threading.main_thread().name not in threads
    assert _told() == ["given up after 2 rounds · totals so far · to 500"]

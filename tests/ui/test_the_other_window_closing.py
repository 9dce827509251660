"""A second window's menu, shown while the first window keeps the saved match, once the
first window has closed: Quick game (by mouse or Enter) asks before it replaces that match,
as a menu opened afterwards does, and the menu itself soon offers Continue and warns that
Quick game would replace the saved game. New game's note catches up the same way."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.store import lock
from game.store.db import Store
from game.store.lock import ANOTHER_COPY
from game.ui import resume
from game.ui.confirm import ConfirmDialog
from game.ui.menu import MainMenu
from game.ui.newgame import NewGameScreen
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import Screen, quick_game_home
from tests.ui.textkit import drawn_texts

ROOT = Path(__file__).resolve().parents[2]
QUICK = TableSetup("polish", (SeatSpec("Anna"), SeatSpec("Ada", "easy")))
QUESTION = "Start Polish Makao · 2 players and replace the saved game?"
NEW_GAME_NOTE = "Start game replaces the game saved for Continue"
SOON = 2.0  # seconds within which a screen notices that the other window has closed

# The first window: a Classic match of its own, saved, kept open until its player closes it
# (a line on its input), as the window's close button leaves a table.
FIRST = textwrap.dedent(
    """
    import os, sys
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    from game.store.settings import Settings
    from game.ui.matchtable import MatchTable
    from game.ui.setup import SeatSpec, TableSetup
    setup = TableSetup(
        "classic", (SeatSpec("Cleo"), SeatSpec("Ben", "medium"), SeatSpec("Dan", "medium")),
        target=500,
    )
    table = MatchTable(setup, setup.new_game(seed=5), settings=Settings(), seed=5)
    table.save()
    print("saving" if table.saving else "not saving", flush=True)
    sys.stdin.readline()
    table.shutdown()
    """
)


class FirstWindow:
    """The other copy of the game, running in a process of its own."""

    def __init__(self, home: Path) -> None:
        env = {**os.environ, "MACAU_HOME": str(home), "PYTHONPATH": str(ROOT)}
        self.process = subprocess.Popen(
            [sys.executable, "-c", FIRST],
            cwd=ROOT,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdout is not None
        assert self.process.stdout.readline().strip() == "saving"

    def close(self) -> None:
        """Its player closes it: the save stays, the lock goes with the process."""
        assert self.process.stdin is not None
        self.process.stdin.write("close\n")
        self.process.stdin.close()
        assert self.process.wait(timeout=60) == 0


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    quick_game_home(tmp_path, monkeypatch, QUICK)
    yield tmp_path
    lock.release()


@pytest.fixture
def first(_home: Path) -> Iterator[FirstWindow]:
    window = FirstWindow(_home)
    yield window
    window.process.kill()
    window.process.wait()


def _save(home: Path) -> bytes:
    return (home / "state" / "current_game.json").read_bytes()


def _nothing_replaced(home: Path, before: bytes) -> None:
    assert _save(home) == before
    with Store.open() as store:
        assert store.history() == [] and store.matches() == []


def _stale_menu(first: FirstWindow, home: Path) -> tuple[Screen, MainMenu, bytes]:
    """The second window's menu, opened while the first runs; then the first is closed."""
    menu = MainMenu()
    screen = Screen(menu)
    assert menu.problem == ANOTHER_COPY and not menu.continue_button.visible
    assert "It replaces" not in menu.descriptions[menu.quick_button]
    first.close()
    return screen, menu, _save(home)  # as the first window left it


def _drawn(monkeypatch: pytest.MonkeyPatch, screen: Screen) -> list[str]:
    return [words for words, _ in drawn_texts(monkeypatch, screen.stack, (1280, 800))]


def _seconds(screen: Screen, seconds: float) -> None:
    screen.frame(round(seconds * 60), draw=False)


def test_quick_game_clicked_in_a_menu_shown_before_the_other_window_closed_asks_first(
    first: FirstWindow, _home: Path
) -> None:
    screen, menu, before = _stale_menu(first, _home)
    screen.click(menu.quick_button.rect.center)  # at once: the menu has not looked again yet
    dialog = screen.top
    assert isinstance(dialog, ConfirmDialog) and dialog.question == QUESTION
    assert dialog.detail.startswith("An unfinished game is saved (Classic Macao · 3 players")
    assert "the match (totals: Cleo 0, Ben 0, Dan 0) as given up" in dialog.detail
    screen.click(dialog.no_button.rect.center)
    assert screen.top is menu
    _nothing_replaced(_home, before)
    # Back on the menu, the other window's match is this one's to continue.
    assert menu.continue_button.visible and menu.problem == ""


def test_enter_in_a_menu_shown_before_the_other_window_closed_asks_first(
    first: FirstWindow, _home: Path
) -> None:
    screen, menu, before = _stale_menu(first, _home)
    assert menu.focused() is menu.quick_button
    screen.key(pygame.K_RETURN)
    dialog = screen.top
    assert isinstance(dialog, ConfirmDialog) and dialog.question == QUESTION
    screen.key(pygame.K_RETURN)  # the safe answer has the focus: keep it
    assert screen.top is menu
    _nothing_replaced(_home, before)


def _counting(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[int]:
    calls: list[int] = []
    real: Callable[..., Any] = getattr(module, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


def test_the_menu_offers_continue_soon_after_the_other_window_closes(
    first: FirstWindow, _home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    menu = MainMenu()
    screen = Screen(menu)
    tries = _counting(monkeypatch, lock, "_try_lock")
    reads = _counting(monkeypatch, resume, "load_game")
    _seconds(screen, 6.0)  # the other window still runs
    assert menu.problem == ANOTHER_COPY and not menu.continue_button.visible
    assert any("another window" in words for words in _drawn(monkeypatch, screen))
    # It looks at the lock now and then (not at each of the 360 frames), and never reads
    # the save meanwhile.
    assert len(tries) <= 6 and reads == []

    first.close()
    before = _save(_home)
    _seconds(screen, SOON)
    screen.frame()
    assert menu.continue_button.visible and menu.problem == ""
    assert menu.focused() is menu.continue_button  # as a game newly saved for Continue is
    drawn = _drawn(monkeypatch, screen)
    assert not any("another window" in words for words in drawn)
    assert any(words.startswith("Classic Macao · 3 players · saved") for words in drawn)
    screen.send(pygame.MOUSEMOTION, pos=menu.quick_button.rect.center, rel=(0, 0), buttons=(0,) * 3)
    drawn = _drawn(monkeypatch, screen)
    assert "Polish Makao · 2 players · you against a bot" in drawn
    assert "It replaces the saved game." in drawn  # under the cards, about Quick game
    screen.click(menu.quick_button.rect.center)
    dialog = screen.top
    assert isinstance(dialog, ConfirmDialog) and dialog.question == QUESTION
    screen.click(dialog.no_button.rect.center)
    _nothing_replaced(_home, before)


def test_new_game_says_start_replaces_the_save_once_the_other_window_closes(
    first: FirstWindow, _home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    menu = MainMenu()
    screen = Screen(menu)
    screen.click(menu.new_button.rect.center)
    new = screen.top
    assert isinstance(new, NewGameScreen)

    def notes() -> list[str]:
        return [words for words in _drawn(monkeypatch, screen) if words == NEW_GAME_NOTE]

    assert notes() == []  # the other window's game is not this one's to replace
    first.close()
    before = _save(_home)
    _seconds(screen, SOON)
    assert notes() == [NEW_GAME_NOTE]
    screen.click(new.start_button.rect.center)
    dialog = screen.top
    assert isinstance(dialog, ConfirmDialog) and "replace the saved game?" in dialog.question
    screen.click(dialog.no_button.rect.center)
    _nothing_replaced(_home, before)

"""Two copies of the game open at once: the second leaves the first one's saved round alone
(no Continue, no abandoned record, no save written over it) and says why; its own round,
which nothing can continue, is recorded as left when its table closes. Once the first is
gone, even killed, its save is the second's. Neither copy undoes the other's settings."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.store import lock
from game.store.db import Store
from game.store.lock import ANOTHER_COPY
from game.store.settings import Settings
from game.ui import launch
from game.ui.matchtable import MatchTable
from game.ui.menu import MainMenu
from game.ui.resume import read_saved_game
from tests.ui.menukit import Screen

ROOT = Path(__file__).resolve().parents[2]

# The first copy: a table of its own, saved, and held open until it is killed.
FIRST = textwrap.dedent(
    """
    import os, time
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    from game.store.settings import Settings
    from game.ui.matchtable import MatchTable
    from game.ui.setup import SeatSpec, TableSetup
    setup = TableSetup("polish", (SeatSpec("Ada"), SeatSpec("Ben", "easy")))
    table = MatchTable(setup, setup.new_game(seed=3), settings=Settings(), seed=3)
    table.save()
    print("saving" if table.saving else "not saving", flush=True)
    time.sleep(120)
    """
)


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("MACAU_HOME", str(tmp_path))
    launch._fallback.clear()
    yield tmp_path
    lock.release()


@pytest.fixture
def first_copy(_home: Path) -> Iterator[subprocess.Popen[str]]:
    env = {**os.environ, "MACAU_HOME": str(_home), "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen(
        [sys.executable, "-c", FIRST], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "saving"
    yield child
    child.kill()
    child.wait()


def test_a_second_copy_leaves_the_first_copys_round_alone(
    first_copy: subprocess.Popen[str], _home: Path
) -> None:
    save = _home / "state" / "current_game.json"
    before = save.read_bytes()
    assert read_saved_game().data is None  # not offered: it is the other copy's live round
    menu = MainMenu()
    screen = Screen(menu, (960, 600))
    assert not menu.continue_button.visible and menu.problem == ANOTHER_COPY
    assert menu.descriptions[menu.quit_button] == "Close this copy of Macau"  # keeps nothing
    screen.click(menu.quick_button.rect.center)
    table = screen.top
    assert isinstance(table, MatchTable) and not table.saving
    assert table.toast is not None and table.toast[0] == ANOTHER_COPY
    screen.frame(30)
    table.shutdown()
    assert save.read_bytes() == before  # neither written over nor cleared
    with Store.open() as store:
        # Not recorded as abandoned: only this copy's own round is, left for good since
        # nothing can continue it.
        [left] = store.history()
        assert left.abandoned and left.seats[0].profile == table.setup.seats[0].name

    first_copy.send_signal(signal.SIGKILL)  # the first copy crashes: its lock goes with it
    first_copy.wait()
    assert read_saved_game().data is not None
    menu.refresh()
    assert menu.continue_button.visible


def test_a_copy_writes_only_the_settings_it_changed(_home: Path) -> None:
    from game.ui.app import App

    Settings().save()
    launch._fallback[:] = [Settings.load().settings]  # this copy read the settings …
    app = App(size=(960, 600))
    Settings(volume=0.2, four_colour=True).save()  # … before the other copy changed two
    launch.change_settings(MainMenu(), last_setup={"preset": "polish"})
    app._keep(window_size=(1000, 700))  # its window, remembered at quit
    kept = Settings.load().settings
    assert (kept.volume, kept.four_colour) == (0.2, True)
    assert kept.last_setup == {"preset": "polish"} and kept.window_size == (1000, 700)


@pytest.mark.skipif(sys.platform == "win32", reason="flock is the lock outside Windows")
@pytest.mark.parametrize("code", ["ENOLCK", "EOPNOTSUPP"])
def test_a_folder_that_cannot_lock_leaves_a_lone_copy_the_owner(
    code: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import errno
    import fcntl

    def cannot_lock(_fd: int, _operation: int) -> None:
        raise OSError(getattr(errno, code), "no locks on this file system")

    monkeypatch.setattr(fcntl, "flock", cannot_lock)
    assert lock.owns_saved_game()  # it saves its games, as a lone copy should


@pytest.mark.skipif(sys.platform == "win32", reason="flock is the lock outside Windows")
def test_a_lock_held_elsewhere_is_told_apart_from_a_folder_that_cannot_lock(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import errno
    import fcntl

    def held(_fd: int, _operation: int) -> None:
        raise OSError(errno.EWOULDBLOCK, "Resource temporarily unavailable")

    monkeypatch.setattr(fcntl, "flock", held)
    assert not lock.owns_saved_game()


def test_a_lock_file_deleted_while_the_game_runs_is_taken_again(_home: Path) -> None:
    # A clean-up tool or a sync client takes the data folder away: the lock held is on a
    # file no longer there, which another copy could lock. The save takes it again.
    from game.ui.setup import SeatSpec, TableSetup

    setup = TableSetup("polish", (SeatSpec("Ada"), SeatSpec("Ben", "easy")))
    table = MatchTable(setup, setup.new_game(seed=3), settings=Settings(), seed=3)
    assert table.saving
    shutil.rmtree(_home / "state")
    table.save()
    assert table.saving and (_home / "state" / lock.LOCK_NAME).exists()
    assert read_saved_game().data is not None
    # Gone again, and a copy opened meanwhile took the new lock file: that copy keeps the
    # save, and this table says so and leaves it alone.
    shutil.rmtree(_home / "state")
    (_home / "state").mkdir()
    with (_home / "state" / lock.LOCK_NAME).open("a+b") as other:
        assert lock._try_lock(other)
        table.save()
        assert not table.saving and not (_home / "state" / "current_game.json").exists()
        assert table.toast is not None and table.toast[0] == ANOTHER_COPY


def test_closing_the_window_gives_the_save_up_while_a_round_is_still_being_recorded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A round the bots play out on a thread of their own may keep the process a second or
    # two after the window closes: a copy opened meanwhile must be the one that saves.
    import argparse
    import threading

    from game.ui import app as app_module

    freed: list[bool] = []

    def recording() -> None:
        for _ in range(500):
            if lock._held is None:
                freed.append(True)
                return
            threading.Event().wait(0.01)
        freed.append(False)

    def played(self: app_module.App, scene: object, frames: int | None = None) -> int:
        assert lock.owns_saved_game()  # the window's game is saved for Continue
        worker = threading.Thread(target=recording)
        worker.start()
        launch._recording.append(worker)
        return 0

    monkeypatch.setattr(app_module.App, "run", played)
    monkeypatch.setattr(app_module.pygame, "quit", lambda: None)  # (the other tests' fonts)
    args = argparse.Namespace(smoke=False, frames=None, preset=None, seats=None, bots=None)
    args.seed = None
    assert app_module.run(args) == 0
    assert freed == [True] and not launch._recording

"""A named pipe where the settings, the custom rule sets or the saved game belong (left by
another program, or a mistaken `mkfifo`) is not read: opening one waits for a writer, which
would hold the game's start up for good. The game says it could not read the file and goes
on with what it has, and a change is not written over it."""

from __future__ import annotations

import gc
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.store import saves
from game.store.files import read_json_object
from game.store.paths import where
from game.store.settings import Settings, load_settings, save_settings, settings_file

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")


def _pipe(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return path


def _done_soon(pipe: Path, call: Callable[[], Any]) -> Any:
    """What ``call`` returns (or raises), failing if it still waits after five seconds."""
    outcome: list[Any] = []

    def run() -> None:
        try:
            outcome.append(call())
        except Exception as exc:  # handed to the test's own thread
            outcome.append(exc)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(5)
    if worker.is_alive():
        os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))  # lets the waiting open end
        pytest.fail("reading a named pipe waited for a writer")
    if isinstance(outcome[0], Exception):
        raise outcome[0]
    return outcome[0]


def test_settings_that_are_a_pipe_give_the_defaults_and_say_why(home: Path) -> None:
    pipe = _pipe(settings_file())
    loaded = _done_soon(pipe, load_settings)
    assert loaded.settings == Settings()
    assert loaded.problem is not None and "not an ordinary file" in loaded.problem
    assert "left where it is" in loaded.problem
    # A change is not written over what could not be read.
    with pytest.raises(Exception, match="could not be read"):
        _done_soon(pipe, lambda: save_settings(Settings(volume=0.5)))


def test_rule_sets_and_a_saved_game_that_are_pipes_do_not_hold_the_game_up(home: Path) -> None:
    pipe = _pipe(home / "config" / "rulesets.json")
    with pytest.raises(OSError, match="not an ordinary file"):
        _done_soon(pipe, lambda: read_json_object(pipe))
    found = _done_soon(pipe, saves.read_rule_sets)
    assert found.rule_sets == {}
    assert found.problem is not None and "could not be read" in found.problem
    save = _pipe(where("state") / saves.SAVE_NAME)
    loaded = _done_soon(save, saves.load_game)
    assert loaded.data is None and loaded.unreadable
    assert loaded.problem is not None and "not an ordinary file" in loaded.problem


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="open files not listed here")
def test_a_folder_in_a_files_place_is_told_and_leaves_no_file_open(home: Path) -> None:
    settings_file().mkdir(parents=True)
    gc.collect()  # (files an earlier test left for the collector close now, not meanwhile)
    before = len(os.listdir("/proc/self/fd"))
    for _ in range(30):
        loaded = load_settings()
        assert loaded.problem is not None and "is a directory" in loaded.problem
    # Thirty readings leaving a file open each would be thirty more; another test's thread
    # may close one of its own meanwhile.
    assert len(os.listdir("/proc/self/fd")) <= before

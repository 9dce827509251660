"""Two copies of the game saving settings or rule sets at the same moment: each reads the
file, changes its own part and writes the whole file back. The other copy is a real second
process here, paused between reading the file and writing it back, which is the moment a
change of this copy would be lost if the two did not take turns."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from game.store.paths import where
from game.store.saves import RULES_NAME, load_rule_sets, save_rule_set
from game.store.settings import Settings, settings_file

ROOT = Path(__file__).resolve().parents[2]

# The other copy: takes its turn on the file, reads it, waits to be told to go on, then
# writes back what it read with its own change.
OTHER_COPY = """
import json, sys
from pathlib import Path
from game.store.files import atomic_write_json, updating
path, key, inner, value = Path(sys.argv[1]), sys.argv[2], sys.argv[3], json.loads(sys.argv[4])
with updating(path):
    document = json.loads(path.read_text())
    print("read", flush=True)
    sys.stdin.readline()
    document[key][inner] = value
    atomic_write_json(path, document)
"""


@pytest.fixture
def other_copy() -> Iterator[Callable[[Path, str, str, object], subprocess.Popen[str]]]:
    started: list[subprocess.Popen[str]] = []

    def start(path: Path, key: str, inner: str, value: object) -> subprocess.Popen[str]:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        process = subprocess.Popen(
            [sys.executable, "-c", OTHER_COPY, str(path), key, inner, json.dumps(value)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        started.append(process)
        assert process.stdout is not None and process.stdout.readline() == "read\n"
        return process

    yield start
    for process in started:
        process.kill()
        process.wait()


def _meanwhile(change: Callable[[], None], other: subprocess.Popen[str]) -> None:
    """This copy makes ``change`` while the other copy holds what it read; then the other
    copy writes. Both changes must be in the file afterwards, in whichever order."""
    worker = threading.Thread(target=change)
    worker.start()
    time.sleep(0.3)  # long enough for a save that does not wait its turn to be written
    assert other.stdin is not None
    other.stdin.write("go\n")
    other.stdin.flush()
    assert other.wait(timeout=30) == 0
    worker.join(timeout=30)
    assert not worker.is_alive()


def test_a_setting_saved_while_another_copy_saves_its_own_is_kept(
    home: Path, other_copy: Callable[[Path, str, str, object], subprocess.Popen[str]]
) -> None:
    Settings().save()
    other = other_copy(settings_file(), "settings", "card_back", "red")
    _meanwhile(lambda: Settings(volume=0.3).save(only=["volume"]), other)
    saved = Settings.load().settings
    assert (saved.volume, saved.card_back) == (0.3, "red")


def test_a_rule_set_saved_while_another_copy_saves_one_is_kept(
    home: Path, other_copy: Callable[[Path, str, str, object], subprocess.Popen[str]]
) -> None:
    save_rule_set("Home", "preset polish")
    other = other_copy(where("config") / RULES_NAME, "rule_sets", "Club", "preset quick")
    _meanwhile(lambda: save_rule_set("Cousins", "preset classic"), other)
    assert sorted(load_rule_sets()) == ["Club", "Cousins", "Home"]


def test_a_copy_stuck_holding_the_file_holds_this_one_up_a_moment_and_only_once(
    home: Path,
    monkeypatch: pytest.MonkeyPatch,
    other_copy: Callable[[Path, str, str, object], subprocess.Popen[str]],
) -> None:
    import game.store.files

    monkeypatch.setattr(game.store.files, "UPDATE_WAIT_S", 0.5)
    Settings().save()
    other_copy(settings_file(), "settings", "card_back", "red")  # and never goes on
    began = time.monotonic()
    Settings(volume=0.3).save(only=["volume"])
    assert 0.5 <= time.monotonic() - began < 5.0  # waited, then went on
    assert Settings.load().settings.volume == 0.3
    began = time.monotonic()
    Settings(volume=0.4).save(only=["volume"])
    assert time.monotonic() - began < 0.45  # not again while that copy stays stuck
    assert Settings.load().settings.volume == 0.4


def test_a_rule_set_saved_with_its_folder_gone_is_saved_under_the_lock(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shutil

    import game.store.files

    save_rule_set("Home", "preset polish")
    shutil.rmtree(where("config"))  # deleted while the game runs
    locked: list[bool] = []
    real = game.store.files._lock_beside

    def recording(path: Path) -> object:
        handle = real(path)
        locked.append(handle is not None)
        return handle

    monkeypatch.setattr(game.store.files, "_lock_beside", recording)
    save_rule_set("Club", "preset quick")
    assert locked and all(locked)
    assert sorted(load_rule_sets()) == ["Club"]

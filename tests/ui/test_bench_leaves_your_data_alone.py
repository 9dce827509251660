"""The measurements ``make bench`` takes of the menu and the statistics run on a home of
their own: the player's statistics, settings and saved game are neither read nor written."""

from __future__ import annotations

import os
from pathlib import Path

from game.store.paths import HOME_ENV, scratch_home
from game.ui.bench import _menu_idle


def test_the_idle_menu_is_measured_on_a_home_of_its_own(_home: Path) -> None:
    (_home / "data").mkdir(parents=True)
    damaged = _home / "data" / "macau.sqlite3"
    damaged.write_bytes(b"not a database" * 100)  # the player's, left for the game to tell
    before = sorted(p.relative_to(_home) for p in _home.rglob("*"))
    figures = _menu_idle(seconds=0.2)
    assert figures["menu_idle_cpu_percent"] >= 0
    assert sorted(p.relative_to(_home) for p in _home.rglob("*")) == before
    assert damaged.read_bytes() == b"not a database" * 100
    assert os.environ[HOME_ENV] == str(_home)


def test_a_scratch_home_is_gone_after_it_and_the_home_before_is_back(_home: Path) -> None:
    with scratch_home() as home:
        assert os.environ[HOME_ENV] == str(home) and home.is_dir()
        (home / "x").write_text("x")
    assert not home.exists() and os.environ[HOME_ENV] == str(_home)

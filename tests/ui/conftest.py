"""Headless setup for UI tests: no window and no sound card needed; and the seeded
statistics database (``store``) and window (``screen``) the statistics screens' tests share."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.store import Store
from game.ui import handoff, launch
from game.ui.stats_scene import clear_cache
from tests.ui.statskit import SIZE, seed


@pytest.fixture(autouse=True)
def _no_window_left_open() -> Iterator[None]:
    """An app a test before left open runs no window here, and settings read from another
    test's folder are not this test's. Apart from ``_home`` so that a test file overriding
    ``_home`` with a setup of its own still starts clean."""
    launch._fallback.clear()
    launch._running.clear()
    yield
    launch._fallback.clear()
    launch._running.clear()


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every UI test keeps its settings, saves and statistics in a folder of its own (a test
    file may override this with a setup of its own)."""
    monkeypatch.setenv("MACAU_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture(autouse=True)
def _recorded_in_its_own_folder(_home: Path) -> Iterator[None]:
    """A saved round the bots play out on a thread of their own is recorded before the
    test's folder goes (the thread finds the folder as the test left it)."""
    yield
    launch.finish_recording()


@pytest.fixture(autouse=True)
def _handoff_answers_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests press Enter on a hand-off screen the frame it appears; the pause that keeps a
    reflex key from being taken for "ready" has tests of its own, which set it back."""
    monkeypatch.setattr(handoff, "READY_DELAY", 0.0)


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Store]:
    monkeypatch.setenv("MACAU_HOME", str(tmp_path))
    clear_cache()
    opened = Store.open()
    seed(opened)
    yield opened
    opened.close()


@pytest.fixture
def screen() -> Iterator[pygame.Surface]:
    pygame.display.init()
    pygame.font.init()
    yield pygame.display.set_mode(SIZE)

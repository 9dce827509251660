"""Exports and merges run beside the window: frames go on being drawn and say what is
happening, a second one waits its turn, and Back behaves as each screen promises."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.store import Store
from game.store.opening import memory_database
from game.ui.profiles_scene import MergeDialog, ProfilesScene
from game.ui.scene import SceneStack
from game.ui.stats_scene import StatsScene
from tests.ui.statskit import SIZE


def key(stack: SceneStack, k: int, unicode: str = "") -> None:
    stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode))


def frames(stack: SceneStack, screen: pygame.Surface, n: int = 1) -> None:
    for _ in range(n):
        stack.update(1 / 60)
        stack.draw(screen)


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str], threading.Event]]:
    """Hold a store function until the returned event is set (released at the end)."""
    events: list[threading.Event] = []

    def hold(name: str) -> threading.Event:
        module, attr = name.rsplit(".", 1)
        real = getattr(__import__(module, fromlist=[attr]), attr)
        event = threading.Event()
        events.append(event)

        def held(*args: Any) -> Any:
            assert event.wait(10), "the test never let the work go on"
            return real(*args)

        monkeypatch.setattr(name, held)
        return event

    yield hold
    for event in events:
        event.set()


def test_an_export_runs_while_frames_are_drawn_and_says_so(
    store: Store, screen: pygame.Surface, tmp_path: Path, gate: Callable[[str], threading.Event]
) -> None:
    go = gate("game.store.export.export_counted")
    stack = SceneStack(None, SIZE)
    scene = stack.push(StatsScene(store, "Ania", export_dir=tmp_path))
    key(stack, pygame.K_j)
    frames(stack, screen, 5)  # the window keeps drawing while the file is written
    assert scene.message.startswith("Exporting macau-statistics_") and scene.message.endswith("…")
    assert not scene.buttons[0].enabled and not scene.buttons[1].enabled
    key(stack, pygame.K_c)  # a second export waits its turn
    assert scene.message == "Still exporting: one export at a time."
    go.set()
    job = scene.export_job
    assert job is not None
    job.wait()
    frames(stack, screen)
    assert scene.message.startswith("Exported macau-statistics_") and not scene.message_is_error
    assert [p.suffix for p in tmp_path.glob("macau-statistics_*")] == [".json"]
    assert scene.buttons[0].enabled and scene.export_job is None


def test_back_leaves_during_an_export_and_the_next_screen_tells_where_it_went(
    store: Store, screen: pygame.Surface, tmp_path: Path, gate: Callable[[str], threading.Event]
) -> None:
    go = gate("game.store.export.export_counted")
    stack = SceneStack(None, SIZE)
    scene = stack.push(StatsScene(store, "Ania", export_dir=tmp_path))
    key(stack, pygame.K_c)
    job = scene.export_job
    key(stack, pygame.K_ESCAPE)
    assert stack.top is None  # left at once; the export goes on
    go.set()
    assert job is not None
    job.wait()
    assert len(list(tmp_path.glob("macau-statistics_*.csv"))) == 3
    again = stack.push(StatsScene(store, "Ania", export_dir=tmp_path))
    frames(stack, screen)
    assert again.message.startswith("Exported macau-statistics_")
    assert again.export_job is None


def test_a_failed_export_says_why(store: Store, screen: pygame.Surface, tmp_path: Path) -> None:
    stack = SceneStack(None, SIZE)
    scene = stack.push(StatsScene(store, "Ania", export_dir=tmp_path / "gone"))
    key(stack, pygame.K_c)
    job = scene.export_job
    assert job is not None
    job.wait()
    frames(stack, screen)
    assert scene.message.startswith("Export failed:") and scene.message_is_error


def test_statistics_held_only_in_memory_export_after_a_frame_has_said_so(
    screen: pygame.Surface, tmp_path: Path
) -> None:
    opened = memory_database(None)
    store = Store(opened.conn, None, True, None)  # an upgraded copy, in memory only
    stack = SceneStack(None, SIZE)
    scene = stack.push(StatsScene(store, export_dir=tmp_path))
    key(stack, pygame.K_c)
    frames(stack, screen)  # this frame says "Exporting…" before the work holds the window
    written = [p for p in tmp_path.glob("macau-*") if p.stat().st_size]  # (its name claimed)
    assert scene.message.startswith("Exporting") and not written
    frames(stack, screen)
    assert scene.message.startswith("Exported") and len(list(tmp_path.glob("macau-*"))) == 3


def test_a_merge_runs_beside_the_window_and_back_waits_for_it(
    store: Store, screen: pygame.Surface, gate: Callable[[str], threading.Event]
) -> None:
    store.create_profile("Zosia")
    go = gate("game.store.records.merge")
    stack = SceneStack(None, SIZE)
    stats = stack.push(StatsScene(store, "Ania"))
    profiles = stack.push(ProfilesScene(store))
    profiles.select([p.name for p in profiles.profiles].index("Zosia"))
    key(stack, pygame.K_m, "m")
    dialog = stack.top
    assert isinstance(dialog, MergeDialog)
    while dialog.chosen != "Ania":
        key(stack, pygame.K_RIGHT)
    key(stack, pygame.K_RETURN)
    frames(stack, screen, 5)
    assert stack.top is profiles and profiles.message == "Merging Zosia into Ania…"
    assert not profiles.new_button.enabled and not profiles.merge_button.enabled
    key(stack, pygame.K_ESCAPE)  # the screens below read the profiles being merged: wait
    frames(stack, screen)
    assert stack.top is profiles and "closes when it is done" in profiles.message
    go.set()
    assert profiles.merging is not None
    profiles.merging.wait()
    frames(stack, screen)
    assert stack.top is stats and "Zosia" not in stats.names
    assert "Zosia" not in [p.name for p in store.profiles()]

"""``macau --smoke``: a headless self-test of the built game, for CI and for a fresh install.

It proves what a packaged build most often gets wrong: the version is readable, the
statistics store opens, records and reads back (in a throwaway ``MACAU_HOME``), and a bot
game runs through the real window loop (``App.run``: events, scene update, drawing,
flip) with every seat a bot, the bundled icon and sounds loaded, for at least
``MIN_FRAMES`` frames. Any problem raises ``SelfTestFailed`` with the reason.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager

from game.failures import SelfTestFailed

__all__ = ["MAX_FRAMES", "MIN_ACTIONS", "MIN_FRAMES", "run_smoke"]

MIN_FRAMES = 300
# Enough moves to have dealt, played and drawn; a stuck bot or worker thread shows here.
MIN_ACTIONS = 12
MAX_FRAMES = 20000
MAX_SECONDS = 90.0  # a stuck bot fails here rather than after every frame is drawn
FRAME_STEP = 1 / 60  # scene seconds per frame: frames run as fast as they draw


@contextmanager
def _env(name: str, value: str) -> Iterator[None]:
    old = os.environ.get(name)
    os.environ[name] = value
    try:
        yield
    finally:
        if old is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = old


def check_version() -> str:
    """The version string, which must have been found (source tree or bundle)."""
    from game import __version__

    if not __version__ or __version__ == "unknown":
        raise SelfTestFailed("the version could not be read from pyproject.toml")
    return __version__


def check_store() -> int:
    """Open the Store, record one round, read it back; returns the recorded game id."""
    from game.engine import PRESETS
    from game.store import GameRecord, SeatResult, Store, bot_profile_name

    rules = PRESETS["polish"]
    now = time.time()
    record = GameRecord(
        preset=rules.name,
        rules_fingerprint=rules.fingerprint,
        started_at=now - 90.0,
        ended_at=now,
        results=(
            SeatResult(seat=0, profile="Smoke", is_bot=False, bot_level=None, place=1),
            SeatResult(
                seat=1, profile=bot_profile_name("easy"), is_bot=True, bot_level="easy", place=2
            ),
        ),
    )
    with Store.open() as store:
        if store.read_only:
            raise SelfTestFailed(f"the statistics store is read-only: {store.problem}")
        game_id = store.record_game(record)
    if game_id is None:
        raise SelfTestFailed("the statistics store did not record a round")
    with Store.open() as store:
        history = store.history("Smoke")
    if not any(entry.game_id == game_id for entry in history):
        raise SelfTestFailed(f"round {game_id} was recorded but cannot be read back")
    return game_id


def play_bot_game(args: argparse.Namespace) -> tuple[int, int]:
    """All seats bots at fast animation through ``App.run``; returns (frames, actions)."""
    from game.ui.app import App
    from game.ui.clock import ManualClock
    from game.ui.start import table_from_args

    table_args = argparse.Namespace(
        preset=getattr(args, "preset", None) or "polish",
        seats=getattr(args, "seats", None) or 4,
        bots=getattr(args, "bots", None) or "easy,medium,easy",
        seed=1 if getattr(args, "seed", None) is None else args.seed,
    )
    # A clock that never sleeps: the loop draws every frame, but 300 frames take as long
    # as drawing them does rather than five seconds of waiting.
    app = App(clock=ManualClock(FRAME_STEP))
    app.remembers_window = False
    table = table_from_args(table_args, autoplay=True)
    table.animator.speed = "fast"
    wanted = max(MIN_FRAMES, getattr(args, "frames", None) or 0)

    deadline = time.perf_counter() + MAX_SECONDS

    def enough(a: App) -> None:
        done = a.frame >= wanted and (table.version >= MIN_ACTIONS or table.game.over)
        if done or time.perf_counter() > deadline:
            a.quit()
        # The loop never sleeps, and on a busy machine the bots' worker thread could wait
        # a long while for its turn: give it one every frame.
        time.sleep(0.0002)

    app.on_frame = enough
    try:
        app.run(table, frames=max(MAX_FRAMES, wanted))
    finally:
        import pygame

        pygame.quit()
    if app.frame < MIN_FRAMES:
        raise SelfTestFailed(f"the window loop stopped after {app.frame} frames")
    if table.version < MIN_ACTIONS and not table.game.over:
        raise SelfTestFailed(
            f"the bots made only {table.version} moves in {app.frame} frames (expected "
            f"{MIN_ACTIONS})"
        )
    return app.frame, table.version


def run_smoke(args: argparse.Namespace) -> int:
    """The whole self-test; prints one summary line and returns 0, or raises."""
    # Headless unless told otherwise: CI has no display and a self-test needs no speakers.
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    started = time.perf_counter()
    version = check_version()
    with (
        tempfile.TemporaryDirectory(prefix="macau-smoke-") as home,
        _env("MACAU_HOME", home),
    ):
        game_id = check_store()
        frames, actions = play_bot_game(args)
    from game.engine._native import engine_is_compiled

    engine = "compiled" if engine_is_compiled() else "pure Python"
    print(
        f"macau smoke: ok: Macau {version}, store recorded round {game_id} and read it back, "
        f"{frames} frames, {actions} moves, engine {engine}, "
        f"{time.perf_counter() - started:.2f}s"
    )
    return 0

"""Starting a match from a setup, and the settings every menu screen shares.

The app's ``settings`` are the source of truth while it runs; screens read and replace
them here, and every change is written to disk at once so it survives a crash.
"""

from __future__ import annotations

import dataclasses
import logging
import random
import time
from typing import Any

from game.engine import Game
from game.store.lock import ANOTHER_COPY
from game.store.paths import StoreUnavailable
from game.store.settings import Settings
from game.ui.matchtable import MatchTable
from game.ui.scene import Scene, SceneStack
from game.ui.setup import TableSetup

__all__ = ["change_settings", "settings_of", "start_match"]

log = logging.getLogger(__name__)

# Used when a screen runs without an app (tests drive bare scene stacks).
_fallback: list[Settings] = []


def settings_of(scene: Scene) -> Settings:
    """The settings in force for ``scene``."""
    app = scene.app
    if app is not None:
        return app.settings
    if not _fallback:
        _fallback.append(Settings.load().settings)
    return _fallback[0]


def change_settings(scene: Scene, **changes: Any) -> tuple[Settings, str]:
    """Replace some settings, keep them on disk; returns them and a problem sentence."""
    new = dataclasses.replace(settings_of(scene), **changes)
    app = scene.app
    if app is not None:
        app.settings = new
    else:
        _fallback[:] = [new]
    try:
        new.save(only=changes)  # another copy of the game may have changed the others
    except (StoreUnavailable, OSError, ValueError) as exc:
        log.warning("settings not saved: %s", exc)
        return new, str(exc)
    return new, ""


def record_abandoned_save() -> None:
    """A saved game about to be replaced by a new one is recorded as abandoned.

    It is kept in the history but counts as neither a win nor a loss; without this a round
    left for the menu and never continued would vanish from the statistics. The save of
    another copy of the game running at the same time is not touched (``read_saved_game``
    does not read it): that round is still being played.
    """
    try:
        from game.store.db import Store
        from game.ui.records import SeatInfo, record_round
        from game.ui.resume import played_seconds, read_saved_game

        saved = read_saved_game()
        if saved.data is None:
            return
        setup = TableSetup.from_dict(saved.data["setup"])
        game = Game.from_dict(saved.data["game"])
        if game.over:
            return  # a finished round was recorded when it ended
        seats = [SeatInfo(s.name, not s.human, s.level or None) for s in setup.seats]
        # Left when it was last saved, after the time it had been played (an older save
        # knows only when it started).
        ended = saved.saved_at if saved.saved_at is not None else time.time()
        played = played_seconds(saved.data)
        started = (
            ended - played if played is not None else float(saved.data.get("started_at") or ended)
        )
        key = saved.data.get("round_key")
        with Store.open() as store:
            # With its key, a round recorded when it ended (the game killed before the save
            # that follows) is not recorded again as abandoned.
            record_round(
                store,
                game,
                seats,
                started,
                abandoned=True,
                ended_at=ended,
                round_key=key if isinstance(key, str) else None,
            )
    except Exception:  # statistics must never stop a new game from starting
        log.exception("could not record the abandoned game")


def start_match(
    stack: SceneStack, scene: Scene, setup: TableSetup, seed: int | None = None
) -> MatchTable:
    """Remember ``setup`` as the last one, deal a fresh game on it and push its table."""
    record_abandoned_save()
    change_settings(scene, last_setup=setup.to_dict())
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 30)
    table = MatchTable(setup, setup.new_game(seed), settings=settings_of(scene), seed=seed)
    stack.push(table)
    table.save()  # Continue works from the first deal on
    if not table.saving:
        table.say(ANOTHER_COPY, error=False)
    return table

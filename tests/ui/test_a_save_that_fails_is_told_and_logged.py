"""A save that fails (a full disk) is told once on the table and written to the log with
each new reason, and that it works again once it does: a save at closing, with no screen
left to tell it on, is in the log too."""

from __future__ import annotations

import errno
import logging

import pytest

from game.store.settings import Settings
from game.ui import matchtable
from game.ui.matchtable import MatchTable
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import Screen

FULL = OSError(errno.ENOSPC, "No space left on device")


def test_a_failing_save_is_said_once_and_logged(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    setup = TableSetup("polish", (SeatSpec("Anna"), SeatSpec("Ben")))
    table = MatchTable(setup, setup.new_game(seed=4), settings=Settings(), seed=4)
    Screen(table, (960, 600))
    failing = [FULL]

    def save(_data: object) -> None:
        if failing:
            raise failing[0]

    monkeypatch.setattr(matchtable, "save_game", save)
    said: list[str] = []
    monkeypatch.setattr(table, "say", lambda message, error=True, **how: said.append(message))
    caplog.set_level(logging.INFO, logger=matchtable.__name__)
    for _ in range(3):
        table.save()
    assert said == [f"The game could not be saved: {FULL}"]
    warned = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert warned == [f"The game could not be saved: {FULL}"]
    failing[:] = [PermissionError(errno.EACCES, "Permission denied")]
    table.save()
    warned = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warned) == 2 and "Permission denied" in warned[1] and len(said) == 1
    failing.clear()
    table.save()
    assert caplog.records[-1].getMessage() == "The game is saved again"
    assert table.save_problem == ""

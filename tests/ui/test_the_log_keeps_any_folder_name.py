"""A log line naming a folder whose name is not UTF-8 (a Latin-1 "café", which Python reads
as a string holding a lone surrogate) is written to the log, not dropped with Python's
"Logging error" report on the terminal."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from game import failures
from tests.store.latin1 import latin1_folder


@pytest.fixture
def own_log() -> Iterator[None]:
    """The game's log set up by the test is taken down after it."""
    root = logging.getLogger()
    level = root.level
    yield
    if failures._handler is not None:
        root.removeHandler(failures._handler)
        failures._handler.close()
    failures._handler, failures._log_file = None, None
    root.setLevel(level)


def test_a_log_line_naming_such_a_folder_is_kept(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    own_log: None,
) -> None:
    home = latin1_folder(tmp_path, b"log-caf\xe9")
    monkeypatch.setenv("MACAU_HOME", str(home))
    written = failures.setup_logging()
    assert written is not None
    # Handed to the game's own file handler only: pytest's log capture, which would see the
    # record too, cannot pass such a string between test processes.
    (handler,) = [
        h for h in logging.getLogger().handlers if getattr(h, "baseFilename", "") == str(written)
    ]
    record = logging.getLogger("game.test").makeRecord(
        "game.test", logging.WARNING, __file__, 0, "Macau cannot write to the folder %s",
        (home / "data",), None,
    )  # fmt: skip
    handler.handle(record)
    assert "Logging error" not in capsys.readouterr().err
    kept = written.read_text(encoding="utf-8")
    assert "Macau cannot write to the folder " in kept
    assert "log-caf\\udce9" in kept  # the letter no encoding takes, as an escape

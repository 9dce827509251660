"""The one place that knows where the player's files live.

Folders come from platformdirs (appname "Macau"). Setting ``MACAU_HOME`` puts all of
them under one folder instead (``data/``, ``config/``, ``state/``, ``log/``), which
tests and portable installs use.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Literal

import platformdirs

APP_NAME = "Macau"
HOME_ENV = "MACAU_HOME"

Kind = Literal["data", "config", "state", "log"]


class StoreUnavailable(OSError):
    """A folder or file the game keeps the player's data in cannot be used.

    ``str()`` of the error is a sentence the game can show as it is.
    """


def where(kind: Kind) -> Path:
    """Where the folder of this kind is, without creating or checking it."""
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home).expanduser() / kind
    # appauthor=False keeps Windows from nesting the folder under a vendor name.
    if kind == "data":
        return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    if kind == "config":
        return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))
    if kind == "state":
        return Path(platformdirs.user_state_dir(APP_NAME, appauthor=False))
    return Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))


@contextmanager
def scratch_home(prefix: str = "macau-bench-") -> Iterator[Path]:
    """A fresh, empty home for every folder of the game (``HOME_ENV``) while the block runs,
    deleted after it: measurements and tools that open the statistics, the settings or the
    saved game never touch the player's own, nor are swayed by what they hold."""
    saved = os.environ.get(HOME_ENV)
    with tempfile.TemporaryDirectory(prefix=prefix) as home:
        os.environ[HOME_ENV] = home
        try:
            yield Path(home)
        finally:
            if saved is None:
                os.environ.pop(HOME_ENV, None)
            else:
                os.environ[HOME_ENV] = saved


def ensure_writable(folder: Path) -> Path:
    """Create ``folder`` if needed and prove a file can be written in it."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        # os.access lies for root and on some network drives; a real file does not.
        fd, probe = tempfile.mkstemp(prefix=".write-test-", dir=folder)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise StoreUnavailable(
            f"Macau cannot write to the folder {folder} ({_why_unwritable(folder, exc)})."
        ) from exc
    return folder


def _why_unwritable(folder: Path, exc: OSError) -> str:
    """The reason ``folder`` cannot be written, in the player's words.

    A file standing in the way gets one plain reason: the system's own words differ with
    where the file is ("file exists" for the folder itself, "not a directory" for a folder
    above it) and with the system.
    """
    for place in (folder, *folder.parents):
        try:
            in_the_way = place.exists() and not place.is_dir()
        except OSError:
            continue
        if in_the_way:
            if place == folder:
                return "a file stands where the folder should be"
            return f"a file stands where the folder {place} should be"
    reason = exc.strerror or exc.__class__.__name__
    return reason.lower()


def data_dir() -> Path:
    """The folder holding the statistics database, created on demand."""
    return ensure_writable(where("data"))


def config_dir() -> Path:
    """The folder holding settings and saved custom rule sets, created on demand."""
    return ensure_writable(where("config"))


def state_dir() -> Path:
    """The folder holding the saved game in progress, created on demand."""
    return ensure_writable(where("state"))


def log_dir() -> Path:
    """The folder for log files, created on demand."""
    return ensure_writable(where("log"))

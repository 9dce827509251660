"""What the player sees when something goes wrong, and the log file behind it.

``run_guarded`` wraps the window's main: every failure becomes one short sentence (a
dialog where a desktop exists, stderr otherwise) and the details go to
``log_dir()/macau.log``. A traceback never reaches the player, only the log.

Exit codes: 1 an unexpected problem (or a failed self-test), 3 no graphical display,
4 a missing game file, 130 interrupted (2 stays argparse's "bad command line").
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import stat
import sys
import tempfile
import textwrap
from collections.abc import Callable, Iterator
from logging.handlers import RotatingFileHandler
from pathlib import Path

# Only the standard library and game.resources here: this module must import even when the
# rest of the game (the store pulls in a compiled rating library) cannot.
from game.resources import MissingAsset, asset_root, is_frozen

__all__ = [
    "EXIT_INTERRUPTED",
    "EXIT_MISSING_ASSET",
    "EXIT_NO_DISPLAY",
    "EXIT_UNEXPECTED",
    "LOG_NAME",
    "NoDisplay",
    "SelfTestFailed",
    "check_player_folders",
    "log_file",
    "report_unexpected",
    "require_display",
    "run_guarded",
    "setup_logging",
    "tell",
]

log = logging.getLogger("macau")

LOG_NAME = "macau.log"
EXIT_UNEXPECTED = 1
EXIT_NO_DISPLAY = 3
EXIT_MISSING_ASSET = 4
EXIT_INTERRUPTED = 130


_handler: logging.Handler | None = None
_log_file: Path | None = None


def _no_display_message() -> str:
    """Why no window opened, and the terminal game's command as this copy is started (the
    app by its name, or ``python main.py`` from the source)."""
    from game.cli import program  # standard library only at its import, like this module

    return (
        "Macau needs a graphical display to open its window, and none was found. "
        f"Start it from a desktop session (or play in a terminal with: {program()} text)."
    )


class SelfTestFailed(RuntimeError):
    """``--smoke`` found something wrong; ``str()`` is the reason, printed as it is."""


class NoDisplay(RuntimeError):
    """No video driver that shows a window to a person is available."""


# Drivers SDL falls back to that draw into memory: the game would run, unseen, forever.
_INVISIBLE_DRIVERS = ("offscreen", "dummy", "evdev")


def require_display() -> None:
    """Raise NoDisplay unless SDL finds a display a person can see.

    An explicit ``SDL_VIDEODRIVER`` (tests, CI, ``--smoke``) is taken at its word. Without
    one, SDL 2.32 quietly picks its offscreen driver when there is no X11 or Wayland, so
    the driver's name is checked, not only whether initialising failed.
    """
    if os.environ.get("SDL_VIDEODRIVER"):
        return
    import pygame

    try:
        with quiet_stderr():  # SDL's own line before it fails ("XDG_RUNTIME_DIR is invalid")
            pygame.display.init()
    except pygame.error as exc:
        raise NoDisplay(str(exc)) from exc
    driver = pygame.display.get_driver()
    if driver in _INVISIBLE_DRIVERS:
        pygame.display.quit()
        raise NoDisplay(f"only the {driver!r} video driver is available")


# ----- the log file ---------------------------------------------------------------------------
def _log_folder() -> Path | None:
    """The user's log folder; a private temp folder when that cannot be written."""
    try:
        from game.store.paths import log_dir

        return log_dir()
    except Exception:  # unwritable, or the store package itself failed to import
        pass
    try:
        folder = Path(tempfile.gettempdir()) / f"macau-log-{_user_tag()}"
        folder.mkdir(mode=0o700, exist_ok=True)
        # Another user's folder of the same name, or a read-only one, must not be used: in a
        # folder others may write to, a planted macau.log link would send the log anywhere.
        if _private(folder):
            with tempfile.TemporaryFile(dir=folder):
                pass
            return folder
    except OSError:
        pass
    try:
        return Path(tempfile.mkdtemp(prefix="macau-log-"))
    except OSError:
        return None


def _private(folder: Path) -> bool:
    """Whether ``folder`` is a real folder of this user that nobody else may write to (on
    systems without owners and modes, whether it is a real folder)."""
    st = folder.lstat()
    if not stat.S_ISDIR(st.st_mode):
        return False  # a link, or a file
    getuid = getattr(os, "getuid", None)
    if getuid is None:
        return True
    return st.st_uid == getuid() and not st.st_mode & 0o022


def _user_tag() -> str:
    # A shared /tmp may already hold another user's folder of the same name.
    getuid = getattr(os, "getuid", None)
    return str(getuid()) if getuid is not None else os.environ.get("USERNAME", "user")


def setup_logging() -> Path | None:
    """Send the game's log records to ``macau.log`` in the log folder; returns its path.

    Called again (tests, a second run in one process) it moves the log to the folder that
    is current now. None when no folder at all can be written: the game still runs.
    """
    global _handler, _log_file
    root = logging.getLogger()
    if _handler is not None:
        root.removeHandler(_handler)
        _handler.close()
        _handler, _log_file = None, None
    folder = _log_folder()
    if folder is not None:
        try:
            handler: logging.Handler = RotatingFileHandler(
                folder / LOG_NAME,
                maxBytes=512 * 1024,
                backupCount=2,
                encoding="utf-8",
                # A path in a folder named in another encoding (a Latin-1 "café" holds a
                # lone surrogate) is written as escapes, not dropped with a traceback.
                errors="backslashreplace",
            )
            _log_file = folder / LOG_NAME
        except OSError:
            handler = logging.NullHandler()
    else:
        handler = logging.NullHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    # A handler on the root keeps Python's last-resort stderr printing out of the player's way.
    root.addHandler(handler)
    if root.level == logging.NOTSET or root.level > logging.INFO:
        root.setLevel(logging.INFO)
    _handler = handler
    return _log_file


def log_file() -> Path | None:
    """The log file currently written, if any."""
    return _log_file


# ----- telling the player ---------------------------------------------------------------------
def _desktop_present() -> bool:
    """Whether a dialog could appear: a real video driver and, on X11/Wayland, a display."""
    if os.environ.get("SDL_VIDEODRIVER", "").lower() in ("dummy", "offscreen", "evdev"):
        return False
    if sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def tell(title: str, message: str, *, error: bool = True, dialog: bool = True) -> None:
    """Say ``message`` to the player: on stderr, and in a dialog where a desktop exists."""
    (log.error if error else log.warning)("%s: %s", title, message)
    # A windowed build on Windows has no stderr at all (sys.stderr is None).
    if sys.stderr is not None:
        with contextlib.suppress(OSError):
            # (a sentence that names the game already is not headed "Macau: " again)
            said = message if message.startswith("Macau ") else f"Macau: {message}"
            print(said, file=sys.stderr)
    if not (dialog and _desktop_present()):
        return
    try:
        import pygame

        # A path may hold a byte that is not UTF-8 (kept as a lone surrogate), which the
        # dialog cannot take: it is shown as \xff instead.
        shown = message.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
        pygame.display.message_box(
            f"Macau: {title}", dialog_lines(shown), message_type="error" if error else "warn"
        )
    except Exception as exc:  # a dialog is a courtesy: stderr and the log already have it
        log.info("no dialog for %r: %s", title, exc)


DIALOG_WIDTH = 72  # characters a dialog line holds


def dialog_lines(message: str) -> str:
    """``message`` broken into lines for a dialog: some desktops' message boxes (SDL's own
    on X11) never wrap, so one long sentence would run off both sides of the screen, taking
    the folder it names with it. Lines it already has are kept; a path too long for a line
    is broken inside, rather than cut off."""
    return "\n".join(
        textwrap.fill(line, DIALOG_WIDTH, break_on_hyphens=False) if line.strip() else line
        for line in message.splitlines()
    )


def check_player_folders() -> str | None:
    """Warn (and carry on) when the folders for statistics, settings or saves are unwritable.

    Returns the sentence shown, or None when every folder can be written.
    """
    from game.store.db import default_path
    from game.store.opening import name_too_long
    from game.store.paths import StoreUnavailable, config_dir, data_dir, state_dir

    def statistics_folder() -> None:
        data_dir()
        # A folder that can be written, but so deep that SQLite cannot open a file in it.
        too_long = name_too_long(default_path())
        if too_long is not None:
            raise StoreUnavailable(too_long)

    problems: list[str] = []
    lost: list[str] = []
    for folder, loss in (
        (statistics_folder, "rounds will not be recorded in the statistics"),
        (config_dir, "settings and saved rule sets will not be kept"),
        (state_dir, "a game left halfway cannot be continued later"),
    ):
        try:
            folder()
        except StoreUnavailable as exc:
            if str(exc) not in problems:
                problems.append(str(exc))
            lost.append(loss)
    if not lost:
        return None
    if len(lost) == 3:
        gone = "games will not be recorded or saved, and settings will not be kept"
    else:
        gone = " and ".join(lost)
    # Every folder that cannot be written, each with its own reason: mending the one named
    # first alone would still leave the rest.
    told = problems[:1]
    for problem in problems[1:]:
        # ("Nor can it …" only after a sentence about what Macau cannot do.)
        again = told[-1].startswith(("Macau cannot ", "Nor can it ")) and problem.startswith(
            "Macau cannot "
        )
        told.append("Nor can it" + problem.removeprefix("Macau cannot") if again else problem)
    message = f"{' '.join(told)} You can play, but {gone}."
    tell("cannot save", message, error=False)
    return message


def _missing_asset_message(exc: MissingAsset) -> str:
    try:
        name = exc.path.relative_to(exc.root).as_posix()
    except ValueError:
        name = exc.path.name
    return f"A game file is missing: {name}. Please reinstall Macau."


def _unexpected_message(where: Path | None) -> str:
    if where is None:
        return "Macau stopped because of an unexpected problem."
    return (
        f"Macau stopped because of an unexpected problem. The details are in the log file: {where}"
    )


def _is_display_failure(exc: BaseException) -> bool:
    """A pygame error raised before any window existed: the display could not be opened."""
    pygame = sys.modules.get("pygame")
    if pygame is None or not isinstance(exc, pygame.error):
        return False
    try:
        return pygame.display.get_surface() is None
    except Exception:
        return True


def _close_window() -> None:
    # A dialog behind a fullscreen window that no longer answers would never be seen.
    pygame = sys.modules.get("pygame")
    if pygame is not None:
        try:
            pygame.display.quit()
        except Exception as exc:
            log.info("closing the window failed: %s", exc)


# ----- the guard ------------------------------------------------------------------------------
def run_guarded(main: Callable[[], int], *, dialogs: bool = True) -> int:
    """Run ``main`` with logging set up; turn every failure into a message and an exit code."""
    from game import __version__

    where = setup_logging()
    log.info(
        "Macau %s starting from %s (%s, Python %s)",
        __version__,
        asset_root(),
        "bundle" if is_frozen() else "source",
        sys.version.split()[0],
    )
    try:
        code = main()
    except SystemExit:
        raise  # argparse and friends: already a message of their own
    except KeyboardInterrupt:
        # A second Ctrl-C while the process winds down (logging's own shutdown) would print
        # a traceback: the first one has been heard.
        with contextlib.suppress(ValueError, OSError):  # not the main thread: nothing to do
            signal.signal(signal.SIGINT, signal.SIG_IGN)
        log.info("interrupted")
        return EXIT_INTERRUPTED
    except SelfTestFailed as exc:
        log.error("self-test failed: %s", exc)
        _tell_failure("self-test failed", f"self-test failed: {exc}", where, dialogs=False)
        return EXIT_UNEXPECTED
    except MissingAsset as exc:
        log.error("missing game file: %s", exc, exc_info=True)
        _close_window()
        _tell_failure("missing file", _missing_asset_message(exc), where, dialogs=dialogs)
        return EXIT_MISSING_ASSET
    except NoDisplay as exc:
        log.error("no display: %s", exc)
        _tell_failure("no display", _no_display_message(), where, dialogs=False)
        return EXIT_NO_DISPLAY
    except Exception as exc:
        if _is_display_failure(exc):
            log.error("no display: %s", exc, exc_info=True)
            _tell_failure("no display", _no_display_message(), where, dialogs=False)
            return EXIT_NO_DISPLAY
        log.exception("unexpected problem")
        _close_window()
        _tell_failure("unexpected problem", _unexpected_message(where), where, dialogs=dialogs)
        return EXIT_UNEXPECTED
    log.info("Macau closed (exit code %s)", code)
    return code


def report_unexpected(command: str) -> int:
    """For a failure nothing expected of a terminal command (its exception being handled):
    the details to the log, one line on stderr saying where they are; the exit code."""
    where = setup_logging()
    log.exception("macau %s stopped", command)
    if sys.stderr is not None:
        print(f"macau {command}: {_unexpected_message(where)}", file=sys.stderr)
    return EXIT_UNEXPECTED


def _tell_failure(title: str, message: str, where: Path | None, *, dialogs: bool) -> None:
    tell(title, message, dialog=dialogs)
    if where is not None and "log file" not in message and sys.stderr is not None:
        print(f"Macau: log file: {where}", file=sys.stderr)


@contextlib.contextmanager
def quiet_stderr() -> Iterator[None]:
    """Silence what C libraries write straight to the process's stderr (file descriptor 2)
    while the block runs; Python's own errors still come back as exceptions."""
    try:
        saved = os.dup(2)
        devnull = os.open(os.devnull, os.O_WRONLY)
    except OSError:  # no stderr to silence (a windowed app), or no descriptors left
        yield
        return
    try:
        os.dup2(devnull, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(devnull)

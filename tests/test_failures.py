"""The start-up warnings about folders, and where the log goes when its own folder fails."""

from __future__ import annotations

import io
import logging
import os
import sys
from pathlib import Path

import pytest

from game import failures

TELL = failures.tell  # as it is, before each test quiets it


@pytest.fixture(autouse=True)
def _quiet(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    told: list[str] = []
    monkeypatch.setattr(failures, "tell", lambda title, message, error=True: told.append(message))
    return told


def test_an_unwritable_settings_folder_says_only_settings_are_lost(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MACAU_HOME", str(tmp_path))
    (tmp_path / "config").write_text("a file where the folder should be")
    message = failures.check_player_folders()
    assert message is not None
    assert f"{tmp_path / 'config'}" in message
    assert message.endswith("You can play, but settings and saved rule sets will not be kept.")
    assert "recorded" not in message and "continued" not in message


def test_two_unwritable_folders_name_both_losses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MACAU_HOME", str(tmp_path))
    (tmp_path / "data").write_text("x")
    (tmp_path / "state").write_text("x")
    message = failures.check_player_folders()
    assert message is not None
    # Each folder named with its reason: the settings' folder, which can be written, is not.
    assert message.startswith(
        f"Macau cannot write to the folder {tmp_path / 'data'} (a file stands where the folder "
        f"should be). Nor can it write to the folder {tmp_path / 'state'} (a file stands where "
        "the folder should be). You can play"
    )
    assert message.endswith(
        "You can play, but rounds will not be recorded in the statistics and a game left "
        "halfway cannot be continued later."
    )


def test_a_file_where_a_folder_should_be_is_told_in_the_same_words_wherever_it_stands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # In place of the data folder itself, and in place of the folder that holds them all:
    # the system says "file exists" for one and "not a directory" for the other.
    monkeypatch.setenv("MACAU_HOME", str(tmp_path))
    (tmp_path / "data").write_text("x")
    message = failures.check_player_folders()
    assert message is not None
    assert message.startswith(
        f"Macau cannot write to the folder {tmp_path / 'data'} "
        "(a file stands where the folder should be)."
    )
    home = tmp_path / "home"
    home.write_text("x")
    monkeypatch.setenv("MACAU_HOME", str(home))
    message = failures.check_player_folders()
    assert message is not None
    assert message.startswith(
        f"Macau cannot write to the folder {home / 'data'} "
        f"(a file stands where the folder {home} should be)."
    )


def _too_deep(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *in_the_way: str) -> Path:
    """MACAU_HOME so deep that SQLite opens no file in it, with a file in the place of each
    folder ``in_the_way`` names; the folder."""
    home = tmp_path
    while len(str(home)) < 600:
        home = home / ("d" * 100)
    home.mkdir(parents=True)
    for name in in_the_way:
        (home / name).write_text("x")
    monkeypatch.setenv("MACAU_HOME", str(home))
    return home


def test_a_folder_too_deep_for_the_statistics_file_is_told_at_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every folder can be made and written, but SQLite opens no file under so long a name:
    # said at start, as an unwritable folder is, not only once Statistics is opened.
    _too_deep(tmp_path, monkeypatch)
    message = failures.check_player_folders()
    assert message is not None
    assert message.startswith("The statistics file's name is too long for SQLite to open")
    assert message.endswith("You can play, but rounds will not be recorded in the statistics.")


def test_a_folder_too_deep_and_another_unwritable_are_both_told(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = _too_deep(tmp_path, monkeypatch, "state")
    message = failures.check_player_folders()
    assert message is not None
    assert message.startswith("The statistics file's name is too long for SQLite to open")
    assert message.endswith(
        f" Macau cannot write to the folder {home / 'state'} (a file stands where the folder "
        "should be). You can play, but rounds will not be recorded in the statistics and a "
        "game left halfway cannot be continued later."
    )


def test_a_sentence_naming_the_game_is_not_headed_with_its_name_again(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(failures, "_desktop_present", lambda: False)
    TELL("cannot save", "Macau cannot write to the folder /x (permission denied).", error=False)
    TELL("cannot save", "The statistics file's name is too long.", error=False)
    assert capsys.readouterr().err.splitlines() == [
        "Macau cannot write to the folder /x (permission denied).",
        "Macau: The statistics file's name is too long.",
    ]


def test_writable_folders_say_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MACAU_HOME", str(tmp_path))
    assert failures.check_player_folders() is None


def _no_log_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The player's own log folder cannot be made (home is a file); the temporary folder is
    a fresh one, returned."""
    monkeypatch.setenv("MACAU_HOME", str(tmp_path / "home-is-a-file"))
    (tmp_path / "home-is-a-file").write_text("x")
    temp = tmp_path / "tmp"
    temp.mkdir()
    monkeypatch.setattr(failures.tempfile, "tempdir", str(temp))
    return temp


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="owners and modes are POSIX")
def test_a_shared_log_folder_others_may_write_to_is_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The player's own log folder cannot be written; in the temporary folder a folder of the
    # expected name is open to everyone, with macau.log linked to another file.
    temp = _no_log_folder(tmp_path, monkeypatch)
    planted = temp / f"macau-log-{os.getuid()}"
    planted.mkdir()
    planted.chmod(0o777)
    victim = tmp_path / "victim.txt"
    victim.write_text("mine\n")
    (planted / "macau.log").symlink_to(victim)
    folder = failures._log_folder()
    assert folder is not None and folder != planted and folder.parent == temp
    assert folder.name.startswith("macau-log-")
    # The player's own private folder of that name is used.
    planted_link = temp / "elsewhere"
    planted.rename(planted_link)
    folder = failures._log_folder()
    assert folder == temp / f"macau-log-{os.getuid()}"
    assert folder.stat().st_mode & 0o777 == 0o700
    assert victim.read_text() == "mine\n"


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="owners and modes are POSIX")
def test_a_link_in_place_of_the_log_folder_is_not_followed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    temp = _no_log_folder(tmp_path, monkeypatch)
    target = tmp_path / "someone-elses"
    target.mkdir(mode=0o700)
    (temp / f"macau-log-{os.getuid()}").symlink_to(target)
    folder = failures._log_folder()
    assert folder is not None and folder.resolve() != target.resolve()


@pytest.mark.parametrize(
    ("frozen", "command"), [(False, "python main.py text"), (True, "macau text")]
)
def test_no_display_names_the_terminal_game_as_this_copy_starts_it(
    frozen: bool,
    command: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import game.resources

    told: list[str] = []
    monkeypatch.setattr(failures, "tell", lambda title, message, dialog=True: told.append(message))
    monkeypatch.setenv("MACAU_HOME", str(tmp_path))
    monkeypatch.setattr(game.resources, "is_frozen", lambda: frozen)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)  # a bundle's own folder

    def no_window() -> int:
        raise failures.NoDisplay("only the 'offscreen' video driver is available")

    assert failures.run_guarded(no_window, dialogs=False) == failures.EXIT_NO_DISPLAY
    assert told[-1].endswith(f"(or play in a terminal with: {command}).")


def test_a_dialog_gets_the_message_in_lines_that_fit_a_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pygame

    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(failures, "_desktop_present", lambda: True)
    monkeypatch.setattr(
        pygame.display, "message_box", lambda title, text, **kw: shown.append((title, text))
    )
    monkeypatch.setenv("MACAU_HOME", str(tmp_path / "a folder with a long name" / "ąęł 日本"))
    (tmp_path / "a folder with a long name").write_text("a file where the folder should be")
    message = failures.check_player_folders()
    assert message is not None and len(message) > 2 * failures.DIALOG_WIDTH
    TELL("Folders", message + "\n\nSecond paragraph.", error=False)
    [(title, text)] = shown
    assert title == "Macau: Folders"
    lines = text.splitlines()
    assert len(lines) > 2 and all(len(line) <= failures.DIALOG_WIDTH for line in lines)
    # Nothing lost: the same characters, only the spaces moved (a long path may break).
    assert "".join(text.split()) == "".join((message + "Second paragraph.").split())
    assert lines[-2:] == ["", "Second paragraph."]


def test_a_dialog_shows_a_folder_name_that_is_not_utf8(monkeypatch: pytest.MonkeyPatch) -> None:
    """A byte of a folder's name that is not UTF-8 (kept by Python as a lone surrogate) made
    the dialog fail to show at all: it is written as \\xff instead."""
    import pygame

    shown: list[str] = []
    monkeypatch.setattr(failures, "_desktop_present", lambda: True)

    def message_box(title: str, text: str, **kw: object) -> None:
        text.encode("utf-8")  # as SDL needs it
        shown.append(text)

    monkeypatch.setattr(pygame.display, "message_box", message_box)
    # The stream and the log get it too; kept here, as the test runner's workers cannot pass
    # such a character on in what they captured.
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    silent = logging.getLogger("macau.tests.silent")
    monkeypatch.setattr(silent, "propagate", False)
    monkeypatch.setattr(failures, "log", silent)
    TELL("Folders", "Statistics in /home/caf\udce9/data cannot be written.", error=False)
    assert shown == ["Statistics in /home/caf\\xe9/data cannot be written."]

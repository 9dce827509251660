"""A data folder that is a file holds no saved game and no settings: the menu does not tell
them as files that could not be read (the folder itself is told once, at start)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.ui.app import App
from game.ui.menu import MainMenu
from game.ui.options import SettingsScreen


def test_a_data_folder_that_is_a_file_is_not_told_as_a_save_or_settings_that_could_not_be_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "afile"
    home.write_text("not a folder\n", encoding="utf-8")
    monkeypatch.setenv("MACAU_HOME", str(home))
    app = App(size=(960, 600))
    try:
        assert app.settings_problem is None
        menu = MainMenu()
        app.stack.push(menu)
        assert menu.problem == "" and not menu.continue_button.visible
    finally:
        app.stack.clear()


def test_a_setting_changed_where_its_folder_cannot_be_written_says_it_is_not_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The settings said why the folder could not be written, under a line saying changes
    # "are kept for next time": they are not, and the words now say so.
    monkeypatch.setenv("MACAU_HOME", str(tmp_path))
    (tmp_path / "config").write_text("a file where the folder should be\n", encoding="utf-8")
    app = App(size=(960, 600))
    try:
        options = SettingsScreen()
        app.stack.push(options)
        options.set(card_back="red")
        assert "config" in options.problem
        assert options.problem.endswith("this change lasts until you quit.")
        assert app.settings.card_back == "red"
    finally:
        app.stack.clear()

"""A data folder that is a file holds no saved game and no settings: the menu does not tell
them as files that could not be read (the folder itself is told once, at start)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.ui.app import App
from game.ui.menu import MainMenu


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

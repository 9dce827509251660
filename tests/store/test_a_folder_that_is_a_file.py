"""A player's folder that is a file, or whose name is too long for the system, holds no saved
game, settings or rule sets: nothing is reported as a file that could not be read (the folder
itself is told once, at start)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.store.paths import StoreUnavailable
from game.store.saves import clear_saved_game, has_saved_game, load_game, read_rule_sets
from game.store.settings import Settings


@pytest.fixture(params=["home", "state and config", "a name too long"])
def blocked(request: pytest.FixtureRequest, home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """MACAU_HOME itself a file, or its state/ and config/ folders files, or named with more
    letters than a folder's name may have."""
    if request.param == "a name too long":
        home = home.parent / ("a" * 300)
        monkeypatch.setenv("MACAU_HOME", str(home))
        return home
    if request.param == "home":
        home.parent.mkdir(parents=True, exist_ok=True)
        home.write_text("not a folder\n", encoding="utf-8")
        return home
    home.mkdir(parents=True)
    for name in ("state", "config"):
        (home / name).write_text("not a folder\n", encoding="utf-8")
    return home


def test_no_saved_game_is_found_and_none_is_said_to_be_unreadable(blocked: Path) -> None:
    loaded = load_game()
    assert loaded.data is None and loaded.problem is None and not loaded.newer
    assert not has_saved_game()
    clear_saved_game()  # nothing to remove: no error either


def test_default_settings_are_used_without_a_word_about_a_settings_file(blocked: Path) -> None:
    loaded = Settings.load()
    assert loaded.settings == Settings() and loaded.problem is None


def test_no_rule_sets_are_found_and_none_is_said_to_be_unreadable(blocked: Path) -> None:
    found = read_rule_sets()
    assert found.rule_sets == {} and found.problem is None and found.readable


def test_saving_settings_names_the_folder_not_a_file_that_could_not_be_read(
    blocked: Path,
) -> None:
    with pytest.raises(StoreUnavailable) as caught:
        Settings(volume=0.3).save()
    assert "could not be read" not in str(caught.value)
    assert "cannot write to the folder" in str(caught.value)
    if len(blocked.name) < 255:
        assert blocked.is_file() or (blocked / "config").is_file()  # nothing was written over

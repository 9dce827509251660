"""A save that is there but cannot be read (no permission) is left in place, and a new
table does not write over it unasked: Quick game and New game ask first, then keep the
saved game under another name, its bytes untouched, and save the new table in its place."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.store import saves
from game.ui.confirm import ConfirmDialog
from game.ui.matchtable import MatchTable
from game.ui.menu import MainMenu
from game.ui.resume import read_saved_game
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import Screen, quick_game_home, save_a_classic_match, save_path

QUICK = TableSetup("polish", (SeatSpec("Anna"), SeatSpec("Ada", "easy")))


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    quick_game_home(tmp_path, monkeypatch, QUICK)
    return tmp_path


def _unreadable_save(home: Path, monkeypatch: pytest.MonkeyPatch) -> bytes:
    """A real save that reading refuses as a file without read permission does (the tests
    may run as root, whom permissions do not stop); the bytes of the file."""
    path = save_a_classic_match(home)
    real = saves.read_json_object

    def refusing(where: Path, *args: Any) -> Any:
        if where.resolve() == path.resolve():
            raise PermissionError(13, "Permission denied", str(where))
        return real(where, *args)

    monkeypatch.setattr(saves, "read_json_object", refusing)
    return path.read_bytes()


def _kept(home: Path, before: bytes) -> None:
    assert save_path(home).read_bytes() == before
    assert [p.name for p in (home / "state").iterdir() if p.suffix == ".json"] == [
        "current_game.json"
    ]


def test_it_is_told_and_left_in_place(_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = _unreadable_save(_home, monkeypatch)
    saved = read_saved_game()
    assert saved.data is None and saved.unreadable and not saved.newer
    assert saved.problem is not None and "could not be read (permission denied)" in saved.problem
    menu = MainMenu()
    Screen(menu)
    assert not menu.continue_button.visible
    assert menu.descriptions[menu.quick_button].endswith(
        "\nThe saved game is kept under another name."
    )
    _kept(_home, before)


def test_quick_game_asks_then_keeps_it_under_another_name(
    _home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = _unreadable_save(_home, monkeypatch)
    menu = MainMenu()
    screen = Screen(menu)
    screen.click(menu.quick_button.rect.center)
    dialog = screen.top
    assert isinstance(dialog, ConfirmDialog)
    assert dialog.question.endswith("and replace the saved game?")
    assert "could not be read" in dialog.detail and "another name" in dialog.detail
    screen.click(dialog.no_button.rect.center)
    assert screen.top is menu
    _kept(_home, before)
    screen.click(menu.quick_button.rect.center)
    dialog = screen.top
    assert isinstance(dialog, ConfirmDialog)
    screen.click(dialog.yes_button.rect.center)
    table = screen.top
    assert isinstance(table, MatchTable) and table.setup == QUICK
    # The new table is saved in its place; the old save is kept, byte for byte.
    assert save_path(_home).read_bytes() != before
    assert json.loads(save_path(_home).read_text())["version"] == 1
    kept = [p for p in (_home / "state").iterdir() if ".unreadable-" in p.name]
    assert len(kept) == 1 and kept[0].read_bytes() == before
    assert kept[0].suffix == ".json"
    assert table.toast is not None and table.toast[0].endswith(f"kept as {kept[0].name}.")

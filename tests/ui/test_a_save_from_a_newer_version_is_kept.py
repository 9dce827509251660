"""A game saved by a newer version of Macau cannot be continued here, but it is not damaged:
it stays where that version looks for it, the menu says where it came from, and Quick game
or New game take its place only once the player agrees."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.ui.confirm import ConfirmDialog
from game.ui.matchtable import MatchTable
from game.ui.menu import MainMenu
from game.ui.newgame import NewGameScreen
from game.ui.resume import read_saved_game
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import Screen, quick_game_home, save_a_classic_match, save_path

QUICK = TableSetup("polish", (SeatSpec("Anna"), SeatSpec("Ada", "easy")))
NEWER = "The saved game was made by a newer version of Macau."


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    quick_game_home(tmp_path, monkeypatch, QUICK)
    return tmp_path


def _newer_save(home: Path, where: str) -> bytes:
    """A real save, marked as written by a newer version in its envelope, its table snapshot
    or its engine state; the bytes of the file."""
    save_a_classic_match(home)
    envelope: dict[str, Any] = json.loads(save_path(home).read_text())
    part = {"envelope": envelope, "snapshot": envelope["game"], "engine": envelope["game"]["game"]}
    part[where]["version"] = 2
    part[where]["only a newer version knows"] = True
    save_path(home).write_text(json.dumps(envelope), encoding="utf-8")
    return save_path(home).read_bytes()


def _kept(home: Path, before: bytes) -> None:
    assert save_path(home).read_bytes() == before
    assert sorted(p.name for p in (home / "state").iterdir() if p.suffix == ".json") == [
        "current_game.json"
    ]


@pytest.mark.parametrize("where", ["envelope", "snapshot", "engine"])
def test_it_is_told_as_newer_and_left_in_place(_home: Path, where: str) -> None:
    before = _newer_save(_home, where)
    saved = read_saved_game()
    assert saved.data is None and saved.newer and saved.problem == NEWER
    _kept(_home, before)
    menu = MainMenu()
    Screen(menu)
    assert menu.problem == NEWER and not menu.continue_button.visible
    assert menu.descriptions[menu.quick_button].endswith(
        "\nIt replaces the saved game made by a newer version of Macau."
    )
    _kept(_home, before)


def _the_question(screen: Screen) -> ConfirmDialog:
    dialog = screen.top
    assert isinstance(dialog, ConfirmDialog)
    assert dialog.question.endswith("and replace the saved game?")
    assert dialog.detail.startswith(NEWER[:-1])
    return dialog


@pytest.mark.parametrize("where", ["envelope", "snapshot"])
def test_quick_game_asks_before_it_takes_the_place_of_a_newer_save(_home: Path, where: str) -> None:
    before = _newer_save(_home, where)
    menu = MainMenu()
    screen = Screen(menu)
    screen.click(menu.quick_button.rect.center)
    screen.click(_the_question(screen).no_button.rect.center)
    assert screen.top is menu
    _kept(_home, before)
    screen.click(menu.quick_button.rect.center)
    screen.click(_the_question(screen).yes_button.rect.center)
    table = screen.top
    assert isinstance(table, MatchTable) and table.setup == QUICK
    assert json.loads(save_path(_home).read_text())["version"] == 1


def test_new_games_start_asks_too(_home: Path) -> None:
    before = _newer_save(_home, "envelope")
    menu = MainMenu()
    screen = Screen(menu)
    screen.click(menu.new_button.rect.center)
    new = screen.top
    assert isinstance(new, NewGameScreen)
    screen.click(new.start_button.rect.center)
    _the_question(screen)
    screen.key(pygame.K_ESCAPE)
    assert screen.top is new
    _kept(_home, before)

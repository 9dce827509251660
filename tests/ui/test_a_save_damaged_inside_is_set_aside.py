"""A save whose records are damaged inside (a seat's tallies cut short, a seat out that is not
at the table) is set aside and told on the menu, not offered to Continue to stop the game at
the first move."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.store.settings import Settings
from game.ui.matchtable import MatchTable
from game.ui.menu import MainMenu
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import Screen

OFF = Settings(animation_speed="off", bot_pace="fast")


def _save_path(home: Path) -> Path:
    return home / "state" / "current_game.json"


def _real_save(home: Path) -> dict[str, Any]:
    """A save written by a real table: you against two easy bots, classic rules."""
    seats = (SeatSpec("Ada", ""), SeatSpec("Ben", "easy"), SeatSpec("Cy", "easy"))
    setup = TableSetup("classic", seats, target=120)
    table = MatchTable(setup, setup.new_game(seed=3), settings=OFF, seed=3)
    table.save()
    table.shutdown()
    envelope: dict[str, Any] = json.loads(_save_path(home).read_text())
    return envelope


@pytest.mark.parametrize(
    ("field", "damaged"),
    [
        ("_tally", [[], [0, 0, 0, 0], [0, 0, 0, 0]]),  # a seat's tallies cut short
        ("placings", [99]),  # a seat out that is not at the table
    ],
)
def test_a_save_damaged_inside_is_set_aside_and_told_on_the_menu(
    _home: Path, field: str, damaged: object
) -> None:
    envelope = _real_save(_home)
    envelope["game"]["game"][field] = damaged
    _save_path(_home).write_text(json.dumps(envelope), encoding="utf-8")
    menu = MainMenu()
    screen = Screen(menu, (960, 600))
    assert not menu.continue_button.visible  # never offered, so never a crash at the table
    assert "could not be read and was kept aside as current_game.corrupt-" in menu.problem
    kept = [p for p in (_home / "state").iterdir() if p.name.startswith("current_game.corrupt")]
    assert len(kept) == 1 and json.loads(kept[0].read_text()) == envelope  # kept as it was
    assert not _save_path(_home).exists()
    screen.frame()  # the menu draws with the sentence in its box
    assert screen.top is menu


@pytest.mark.parametrize(("seat", "name"), [(1, "ada"), (0, "Bot · easy")])
def test_a_save_whose_seats_the_table_could_not_record_is_set_aside(
    _home: Path, seat: int, name: str
) -> None:
    # Written by hand: two seats of one name (one profile twice in a round), or a person
    # named like a bot level's profile. Start refuses both; a save is refused the same way.
    envelope = _real_save(_home)
    envelope["game"]["setup"]["seats"][seat]["name"] = name
    _save_path(_home).write_text(json.dumps(envelope), encoding="utf-8")
    menu = MainMenu()
    Screen(menu, (960, 600))
    assert not menu.continue_button.visible
    assert "could not be read and was kept aside as current_game.corrupt-" in menu.problem

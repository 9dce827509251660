"""Quick game seats only a table the New game screen would start: a remembered setup it
would refuse (written by hand, or by an older version) gives way to the default table, and
names are tidied as the screen tidies them."""

from __future__ import annotations

import dataclasses
from typing import Any

import pygame
import pytest

from game.store.settings import Settings
from game.ui import launch
from game.ui.matchtable import MatchTable
from game.ui.menu import MainMenu
from game.ui.setup import default_setup
from tests.ui.menukit import Screen


def _quick_game(seats: list[dict[str, Any]], preset: str = "polish") -> MatchTable:
    """Remember a table of ``seats``, then press Enter on Quick game in the main menu."""
    last: dict[str, Any] = {"preset": preset, "seats": seats}
    dataclasses.replace(Settings.load().settings, last_setup=last).save()
    launch._fallback.clear()
    menu = MainMenu()
    screen = Screen(menu)
    assert menu.focused() is menu.quick_button
    screen.key(pygame.K_RETURN)
    table = screen.top
    assert isinstance(table, MatchTable)
    return table


@pytest.mark.parametrize(
    "seats",
    [
        # a person under a bot profile's name: none of their rounds could be recorded
        [{"name": "bot ·  HARD", "level": ""}, {"name": "Ada", "level": "medium"}],
        # two people the statistics take for one profile
        [
            {"name": "Anna", "level": ""},
            {"name": " anna", "level": ""},
            {"name": "Ben", "level": "easy"},
        ],
        # nobody to play: a bot's hand would be shown with no way to play it
        [{"name": "Ada", "level": "easy"}, {"name": "Ben", "level": "easy"}],
    ],
    ids=["person-named-like-a-bot", "one-name-twice", "no-person"],
)
def test_a_remembered_table_new_game_would_refuse_gives_way_to_the_default_one(
    seats: list[dict[str, str]],
) -> None:
    table = _quick_game(seats)
    assert table.setup == default_setup()
    assert table.names == ["You", "Ada", "Ben", "Cleo"]
    # and that is the table remembered for the next Quick game
    assert Settings.load().settings.last_setup == default_setup().to_dict()


def test_remembered_names_are_tidied_as_the_new_game_screen_tidies_them() -> None:
    table = _quick_game(
        [
            {"name": "Anna\tMaria\nLee ", "level": ""},
            {"name": "   ", "level": ""},
            {"name": "\n", "level": "easy"},
            {"name": "Ben", "level": "medium"},
        ]
    )
    assert table.names == ["Anna Maria Lee", "Player 2", "Ada", "Ben"]
    assert table.setup.humans == (0, 1)


def test_a_remembered_table_new_game_would_start_is_seated_as_it_was() -> None:
    seats = [{"name": "Zofia", "level": ""}, {"name": "Ada", "level": "hard"}]
    table = _quick_game(seats, preset="tel_aviv")
    assert table.setup.preset == "tel_aviv"
    assert [s.to_dict() for s in table.setup.seats] == seats


def test_empty_names_are_named_as_blank_ones_are() -> None:
    # "" and "  " alike: people become "Player N", bots take free stock names, and two of
    # them do not clash into a refused table.
    table = _quick_game(
        [
            {"name": "Zofia", "level": ""},
            {"name": "", "level": ""},
            {"name": "", "level": "easy"},
            {"name": "", "level": "easy"},
        ],
        preset="tel_aviv",
    )
    assert table.setup.preset == "tel_aviv"
    assert table.names == ["Zofia", "Player 2", "Ada", "Ben"]


def test_a_seat_written_with_no_level_is_a_person() -> None:
    # A hand-written file may say null where the game writes "": the table is kept.
    seats: list[dict[str, Any]] = [
        {"name": "Zofia", "level": None},
        {"name": "Ada", "level": "hard"},
    ]
    table = _quick_game(seats)
    assert table.names == ["Zofia", "Ada"]
    assert table.setup.humans == (0,)

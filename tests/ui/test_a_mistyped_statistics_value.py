"""A statistics file that passes SQLite's integrity check yet holds one value of the wrong
type: found so as the game opens it, it is set aside and mended (the rounds kept, the
player's name too), and said so; damaged so while a screen shows it, the Statistics screen
says the statistics could not be read, as the History, Profiles and Rankings screens do,
instead of stopping the game."""

from __future__ import annotations

import sqlite3

import pygame
import pytest

from game.store import Store
from game.store.db import default_path
from game.ui.menu import MainMenu
from game.ui.profiles_scene import ProfilesScene
from game.ui.stats_scene import StatsScene, clear_cache
from tests.ui.menukit import Screen
from tests.ui.statskit import seed


def _mistype_a_date() -> None:
    conn = sqlite3.connect(str(default_path()), isolation_level=None)
    try:
        conn.execute("UPDATE profiles SET created = 'abc' WHERE name = 'Ania'")
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    finally:
        conn.close()


@pytest.fixture
def played() -> None:
    clear_cache()
    with Store.open() as store:
        seed(store, rounds=6)


def test_found_at_the_opening_the_file_is_mended_and_statistics_says_so(played: None) -> None:
    _mistype_a_date()
    menu = MainMenu()
    screen = Screen(menu)
    screen.click(menu.stats_button.rect.center)
    scene = screen.top
    assert isinstance(scene, StatsScene)
    assert "Ania" in scene.names and scene.tiles
    assert (scene.store.problem or "").startswith(
        "The statistics file was damaged (it held values of the wrong kind): 6 of 6 rounds "
        "were recovered."
    )
    screen.key(pygame.K_ESCAPE)
    assert screen.top is menu
    menu.shutdown()


def test_coming_back_to_statistics_damaged_meanwhile_says_so(played: None) -> None:
    menu = MainMenu()
    screen = Screen(menu)
    screen.click(menu.stats_button.rect.center)
    scene = screen.top
    assert isinstance(scene, StatsScene) and "Ania" in scene.names
    screen.key(pygame.K_p, "p")
    assert isinstance(screen.top, ProfilesScene)
    _mistype_a_date()
    screen.key(pygame.K_ESCAPE)
    assert screen.top is scene
    assert scene.names == [] and scene.message_is_error
    assert scene.message.startswith("The statistics could not be read (")
    menu.shutdown()

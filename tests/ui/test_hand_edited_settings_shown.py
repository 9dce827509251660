"""A settings file edited by hand, as the screens show it: the volume heard is the one
shown and ← / → reach both ends; a remembered target is the one New game shows and
Quick game plays to; a bad value is told on the main menu, once; a value nested too deeply
to write back never stops a setting being changed or the game being quit."""

from __future__ import annotations

import json
from typing import Any

import pygame
import pytest

from game.store.settings import Settings, settings_file
from game.ui.app import App
from game.ui.clock import ManualClock
from game.ui.controls import Choice
from game.ui.launch import settings_of
from game.ui.matchtable import MatchTable
from game.ui.menu import MainMenu
from game.ui.newgame import NewGameScreen
from game.ui.options import SettingsScreen
from tests.ui.menukit import Screen


def write(values: dict[str, Any], version: int = 1) -> None:
    settings_file().parent.mkdir(parents=True, exist_ok=True)
    document = {"format": "macau-settings", "version": version, "settings": values}
    settings_file().write_text(json.dumps(document))


@pytest.mark.parametrize(
    ("written", "shown", "key", "end"),
    [(0.05, 10, pygame.K_LEFT, 0), (0.85, 90, pygame.K_RIGHT, 100)],
)
def test_the_volume_shown_is_the_one_heard_and_the_arrows_reach_the_end(
    written: float, shown: int, key: int, end: int
) -> None:
    write({"volume": written})
    options = SettingsScreen()
    screen = Screen(options)
    volume = dict(options.rows)["Volume"]
    assert isinstance(volume, Choice)
    assert volume.value == shown and settings_of(options).volume * 100 == pytest.approx(shown)
    options.focus(volume)
    screen.key(key)
    assert volume.value == end and settings_of(options).volume == end / 100


SETUP = {
    "preset": "classic",
    "seats": [{"name": "You", "level": ""}, {"name": "Ada", "level": "medium"}],
    "target": 7,
}


def test_a_remembered_target_off_the_steps_is_shown_on_new_game_and_played_to() -> None:
    write({"last_setup": SETUP})
    menu = MainMenu()
    screen = Screen(menu)
    menu.new_button.click()
    new_game = screen.top
    assert isinstance(new_game, NewGameScreen)
    assert new_game.target.visible and new_game.target.value == 7
    new_game.start()
    screen.frame(3)
    table = screen.stack.find(MatchTable)
    assert table is not None and table.game.rules.target == 7


def test_quick_game_plays_to_the_same_remembered_target() -> None:
    write({"last_setup": SETUP})
    menu = MainMenu()
    screen = Screen(menu)
    menu.quick_button.click()
    screen.frame(3)
    table = screen.stack.find(MatchTable)
    assert table is not None and table.game.rules.target == 7


def test_a_bad_value_is_told_on_the_main_menu_once_and_the_good_ones_kept() -> None:
    write({"animation_speed": "turbo", "hand_sort": "rank"})
    app = App(clock=ManualClock(), fullscreen=False)
    assert app.settings == Settings(hand_sort="rank")
    menu = MainMenu()
    app.stack.push(menu)
    assert "Animation speed" in menu.problem
    # Once the menu is left (to Settings, where it may be mended) and comes back, it is
    # not told again: it stayed for the whole run, after the speed had been set.
    options = SettingsScreen()
    app.stack.push(options)
    options.set(animation_speed="fast")
    options.close()
    assert app.stack.top is menu and "Animation speed" not in menu.problem
    again = App(clock=ManualClock(), fullscreen=False)
    kept = Settings(hand_sort="rank", animation_speed="fast")
    assert again.settings_problem is None and again.settings == kept


def nested(depth: int) -> Any:
    value: Any = []
    for _ in range(depth - 1):
        value = [value]
    return value


@pytest.mark.parametrize("version", [1, 2])  # a newer game's file is not mended on load
def test_a_last_setup_nested_too_deeply_never_stops_a_change_or_the_quit(version: int) -> None:
    write({"last_setup": {"preset": "classic", "x": nested(600)}, "hand_sort": "rank"}, version)
    app = App(clock=ManualClock(), fullscreen=False)
    assert app.settings == Settings(hand_sort="rank")
    menu = MainMenu()
    app.stack.push(menu)
    assert ("Quick game table" in menu.problem) == (version == 1)
    options = SettingsScreen()
    app.stack.push(options)
    options.set(card_back="red")
    assert options.problem == ""
    app.toggle_fullscreen()  # F11
    app.toggle_fullscreen()
    options.back()
    menu.quick_button.click()  # remembers the table it starts as the last setup
    app.step(1 / 60)
    table = app.stack.top
    assert isinstance(table, MatchTable)
    app.run(frames=app.frame + 2)  # quitting keeps the window's size
    kept = Settings.load()
    assert kept.problem is None
    assert kept.settings.card_back == "red" and kept.settings.hand_sort == "rank"
    assert kept.settings.last_setup == table.setup.to_dict()
    assert kept.settings.window_size == app.windowed_size

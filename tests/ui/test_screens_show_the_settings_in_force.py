"""The Settings and New game screens show the settings in force each time they open, in the
running game: a change made on the first opening is shown on the second (and the arrows step
from it), the pause menu's Settings shows what the menu's changed, and New game offers the
table last played."""

from __future__ import annotations

import pygame

from game.store.settings import Settings
from game.ui import launch
from game.ui.app import App
from game.ui.clock import ManualClock
from game.ui.controls import Choice, Toggle
from game.ui.matchtable import MatchTable
from game.ui.menu import MainMenu
from game.ui.newgame import NewGameScreen
from game.ui.options import SettingsScreen
from game.ui.roundend import GamePause
from game.ui.widgets import Widget


def _app() -> tuple[App, MainMenu]:
    """The game as started: settings from the data folder, the main menu on screen."""
    Settings(animation_speed="off", bot_pace="fast").save()
    app = App(clock=ManualClock(), fullscreen=False)
    menu = MainMenu()
    app.stack.push(menu)
    app.step(1 / 60)
    return app, menu


def _key(app: App, key: int) -> None:
    """``key`` pressed and let go in the window."""
    keys = {"key": key, "mod": 0, "unicode": "", "scancode": 0}
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, **keys))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, **keys))
    app.step(1 / 60)


def _open(app: App, menu: MainMenu, button: Widget) -> object:
    menu.focus(button)
    _key(app, pygame.K_RETURN)
    return app.stack.top


def _shown(screen: SettingsScreen) -> dict[str, object]:
    """What each row of the Settings screen shows."""
    shown: dict[str, object] = {}
    for label, widget in screen.rows:
        assert isinstance(widget, Choice | Toggle)
        shown[label] = widget.value if isinstance(widget, Choice) else widget.on
    return shown


def test_settings_opened_again_shows_the_volume_set_the_first_time() -> None:
    app, menu = _app()
    first = _open(app, menu, menu.settings_button)
    assert isinstance(first, SettingsScreen)
    volume = dict(first.rows)["Volume"]
    assert isinstance(volume, Choice) and volume.value == 80
    first.focus(volume)
    for _ in range(3):
        _key(app, pygame.K_LEFT)
    assert app.settings.volume == 0.5
    _key(app, pygame.K_ESCAPE)
    assert app.stack.top is menu

    again = _open(app, menu, menu.settings_button)
    assert isinstance(again, SettingsScreen) and again is not first
    volume = dict(again.rows)["Volume"]
    assert isinstance(volume, Choice) and volume.value == 50
    again.focus(volume)
    _key(app, pygame.K_LEFT)  # one step down from the volume in force
    assert volume.value == 40 and app.settings.volume == 0.4
    assert app.sound.volume == 0.4 and Settings.load().settings.volume == 0.4


def test_every_row_changed_on_the_first_opening_is_shown_on_the_second() -> None:
    app, menu = _app()
    first = _open(app, menu, menu.settings_button)
    assert isinstance(first, SettingsScreen)
    first.set(
        volume=0.3,
        muted=True,
        animation_speed="fast",
        card_back="green",
        four_colour=True,
        large_index=True,
        hand_sort="rank",
        bot_pace="slow",
    )
    _key(app, pygame.K_ESCAPE)
    again = _open(app, menu, menu.settings_button)
    assert isinstance(again, SettingsScreen)
    assert _shown(again) == {
        "Volume": 30,
        "Mute sound": True,
        "Animation speed": "fast",
        "Card back": "green",
        "Four-colour deck": True,
        "Large indices": True,
        "Sort my hand": "rank",
        "Fullscreen (F11)": False,
        "Bots' pace": "slow",
    }


def test_the_pause_menus_settings_show_a_change_made_from_the_main_menu() -> None:
    app, menu = _app()
    options = _open(app, menu, menu.settings_button)
    assert isinstance(options, SettingsScreen)
    options.set(volume=0.2, card_back="red")
    _key(app, pygame.K_ESCAPE)
    _open(app, menu, menu.quick_button)
    table = app.stack.find(MatchTable)
    assert table is not None and table.settings.volume == 0.2
    _key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, GamePause)
    _key(app, pygame.K_s)
    paused = app.stack.top
    assert isinstance(paused, SettingsScreen)
    shown = _shown(paused)
    assert (shown["Volume"], shown["Card back"]) == (20, "red")


def test_new_game_offers_the_table_last_played() -> None:
    app, menu = _app()
    first = _open(app, menu, menu.new_button)
    assert isinstance(first, NewGameScreen) and first.preset == "polish"
    first.pick("hungarian")
    first.focus(first.count)
    _key(app, pygame.K_LEFT)  # one seat fewer than the four offered
    assert first.count.value == 3
    first.start()
    app.step(1 / 60)
    table = app.stack.top
    assert isinstance(table, MatchTable) and table.setup.preset == "hungarian"
    _key(app, pygame.K_ESCAPE)
    _key(app, pygame.K_q)  # quit to the menu
    assert app.stack.top is menu
    assert menu.descriptions[menu.quick_button].startswith("Hungarian Macau · 3 players")

    again = _open(app, menu, menu.new_button)
    assert isinstance(again, NewGameScreen)
    assert again.preset == "hungarian" and again.count.value == 3
    assert again.setup().seats == table.setup.seats


def test_a_screen_built_after_the_window_closed_reads_the_settings_kept_on_disk() -> None:
    Settings(volume=0.6).save()
    app = App(settings=Settings(volume=0.1), clock=ManualClock(), fullscreen=False)
    assert launch.settings_of(SettingsScreen()).volume == 0.1  # built for the open window
    app.run(MainMenu(), frames=2)
    # Settings handed in (as a tool does) are never written: the screen shows the file's.
    assert launch.settings_of(SettingsScreen()).volume == 0.6

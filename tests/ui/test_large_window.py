"""In a large window every screen grows with it, as the table does, and stays inside it;
up to the usual size nothing changes."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.engine import PRESETS
from game.store import Store
from game.ui.history_scene import HistoryScene
from game.ui.howto import HowToScreen
from game.ui.layout import ui_scale
from game.ui.menu import MainMenu
from game.ui.newgame import NewGameScreen
from game.ui.options import SettingsScreen
from game.ui.profiles_scene import MergeDialog, NameDialog, ProfilesScene
from game.ui.rankings_scene import RankingsScene
from game.ui.rulesedit import RulesEditor
from game.ui.scene import Scene
from game.ui.stats_scene import StatsScene
from game.ui.widgets import Button
from tests.ui.menukit import Screen

SMALL, LARGE = (1280, 800), (2560, 1440)

SCREENS: dict[str, Callable[[Store], Scene]] = {
    "main menu": lambda _s: MainMenu(),
    "new game": lambda _s: NewGameScreen(),
    "settings": lambda _s: SettingsScreen(),
    "how to play": lambda _s: HowToScreen(preset="hungarian"),
    "custom rules": lambda _s: RulesEditor(PRESETS["hungarian"], lambda _r: None),
    "statistics": lambda s: StatsScene(s, "Ania"),
    "rankings": lambda s: RankingsScene(s),
    "history": lambda s: HistoryScene(s, "Ania"),
    "profiles": lambda s: ProfilesScene(s),
    "name dialog": lambda _s: NameDialog("Rename Ania", lambda _n: None, "Ania"),
    "merge dialog": lambda _s: MergeDialog("Ania", ["Béla", "Csilla"]),
}


def test_the_scale_is_one_up_to_the_usual_size_and_grows_past_1080p() -> None:
    assert ui_scale((960, 600)) == ui_scale(SMALL) == ui_scale((1600, 1000)) == 1.0
    assert 1.0 < ui_scale((1920, 1080)) < ui_scale(LARGE) <= ui_scale((3840, 2160))


@pytest.mark.parametrize("name", list(SCREENS))
def test_every_screen_grows_with_a_large_window_and_stays_inside_it(
    name: str, store: Store
) -> None:
    heights = {}
    for size in (SMALL, (1920, 1080), LARGE, (3840, 2160), (3840, 1080), (1280, 1440)):
        screen = Screen(SCREENS[name](store), size)
        screen.frame(2)
        scene = screen.top
        widgets = [w for w in scene.widgets.widgets if w.visible]  # type: ignore[attr-defined]
        window = pygame.Rect((0, 0), size)
        for widget in widgets:
            assert window.contains(widget.rect), (name, size, widget, widget.rect)
        buttons = [w.rect.h for w in widgets if isinstance(w, Button)]
        assert buttons, name
        heights[size] = max(buttons)
        assert all(w.ui == ui_scale(size) for w in widgets)
    assert heights[LARGE] >= heights[SMALL] * 1.3, (name, heights)

"""The Continue line's "saved … ago" goes on ageing while the menu stays on screen."""

from __future__ import annotations

import time

import pygame
import pytest

from game.ui.menu import MainMenu
from tests.ui.menukit import Screen


def test_saved_just_now_ages_on_a_menu_left_open(monkeypatch: pytest.MonkeyPatch) -> None:
    menu = MainMenu()
    screen = Screen(menu)
    screen.click(menu.quick_button.rect.center)
    screen.key(pygame.K_ESCAPE)
    screen.key(pygame.K_q, "q")  # back to the menu, the game kept for Continue
    assert screen.top is menu and menu.continue_button.visible
    assert menu.descriptions[menu.continue_button].endswith("saved just now")

    later = time.time() + 2 * 3600
    monkeypatch.setattr(time, "time", lambda: later)
    screen.frame(3)
    assert menu.descriptions[menu.continue_button].endswith("saved 2 hours ago")

"""Back on the main menu, the keyboard's focus is on the item that was opened, so the
next Enter opens it again rather than start a game."""

from __future__ import annotations

import pygame
import pytest

from game.ui.menu import MainMenu
from game.ui.widgets import Button
from tests.ui.menukit import Screen


def _focus(screen: Screen, menu: MainMenu, label: str) -> Button:
    for _ in range(len(menu.column) + 1):
        focused = menu.focused()
        if isinstance(focused, Button) and focused.label == label:
            return focused
        screen.key(pygame.K_DOWN)
    raise AssertionError(f"{label} never focused")


@pytest.mark.parametrize("label", ["New game", "Statistics", "Rankings", "How to play", "Settings"])
def test_esc_back_to_the_menu_leaves_the_focus_on_the_item_opened(label: str) -> None:
    menu = MainMenu()
    screen = Screen(menu)
    item = _focus(screen, menu, label)
    if not item.visible:
        pytest.skip(f"{label} is not offered here")
    screen.key(pygame.K_RETURN)
    assert screen.top is not menu
    screen.key(pygame.K_ESCAPE)
    screen.frame(2)
    assert screen.top is menu
    assert menu.focused() is item


def test_a_game_left_for_the_menu_puts_the_focus_on_continue() -> None:
    menu = MainMenu()
    screen = Screen(menu)
    _focus(screen, menu, "Quick game")
    screen.key(pygame.K_RETURN)
    screen.frame(5)
    screen.key(pygame.K_ESCAPE)
    screen.key(pygame.K_q, "q")
    assert screen.top is menu and menu.continue_button.visible
    assert menu.focused() is menu.continue_button

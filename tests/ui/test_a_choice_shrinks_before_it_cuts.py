"""A value a little too wide for its chooser ("Bot · medium" in a narrow seat row) is drawn a
size or two smaller, whole; only a value much too wide is cut short with "…"."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.controls import Choice


def _room(choice: Choice[str]) -> int:
    return choice.label_room()


def test_a_value_a_little_too_wide_is_drawn_smaller_and_whole() -> None:
    pygame.font.init()
    choice = Choice(
        ["Bot · medium", "Bot · a much longer level name here"], "Bot · medium", size=15
    )
    width = theme.text_size("Bot · medium", 15, True)[0]
    smaller = theme.text_size("Bot · medium", 13, True)[0]
    assert smaller < width  # (two sizes smaller is narrower)
    choice.rect = pygame.Rect(0, 0, 0, 36)
    choice.rect.w = smaller - _room(choice)  # room for it at 13, not at 15
    assert smaller <= _room(choice) < width
    assert choice.shown() == "Bot · medium"
    surface = pygame.Surface((choice.rect.w, 36), pygame.SRCALPHA)
    choice.draw(surface)  # (drawn at the size it fits)
    choice.step(1)
    assert choice.shown().endswith("…")

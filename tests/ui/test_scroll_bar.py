"""A scroll bar is a faint track with a clearly brighter thumb where the view is."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.howto import HowToScreen
from game.ui.screen import Scroll
from tests.ui.menukit import Screen

FELT = (15, 35, 26)


def test_the_track_is_faint_and_the_thumb_stands_out_on_the_window() -> None:
    # The window's own surface has no per-pixel alpha, as a real display's has not.
    surface = pygame.Surface((200, 400))
    surface.fill(FELT)
    scroll = Scroll()
    scroll.content, scroll.view = 1200, 400  # the view is the first third
    scroll.draw_bar(surface, pygame.Rect(0, 0, 200, 400))
    x = 200 - 8 + 2
    thumb = surface.get_at((x, 20))[:3]
    track = surface.get_at((x, 350))[:3]
    assert thumb == theme.MUTED
    # 40/255 of white over the felt: lighter than the felt, far darker than the thumb.
    assert all(f < t < m for f, t, m in zip(FELT, track, theme.MUTED, strict=True)), track


def test_how_to_play_shows_where_you_are_reading() -> None:
    screen = Screen(HowToScreen(preset="polish"))
    scene = screen.top
    assert isinstance(scene, HowToScreen) and scene.scroll.content > scene.scroll.view
    screen.frame()
    surface = screen.surface
    # Down the bar, at the right of the page's panel, the thumb (at the top: nothing read
    # yet) is the brightest part; no solid white track.
    x = scene.view.right - 8 + 2
    column = [surface.get_at((x, y))[:3] for y in range(scene.view.top, scene.view.bottom)]
    assert theme.MUTED in column
    assert (255, 255, 255) not in column

"""On a large window the words of a scrolled screen are drawn larger: one notch of the wheel
moves as many lines as at the usual size, and the bar to drag is as easy to see and hit."""

from __future__ import annotations

import pygame
import pytest

from game.ui.howto import HowToScreen
from game.ui.layout import ui_scale
from tests.ui.menukit import Screen


@pytest.mark.parametrize("size", [(1280, 800), (3840, 2160)])
def test_a_wheel_notch_and_the_bar_grow_with_the_words(size: tuple[int, int]) -> None:
    ui = ui_scale(size)
    howto = HowToScreen(preset="hungarian")
    screen = Screen(howto, size)
    screen.frame(2)
    before = howto.scroll.offset
    pygame.mouse.set_pos(howto.view.center)  # (the wheel scrolls what is under the pointer)
    screen.send(pygame.MOUSEWHEEL, x=0, y=-1, precise_x=0.0, precise_y=-1.0, flipped=False)
    assert howto.scroll.offset - before == round(48 * ui)
    screen.frame()
    assert howto.scroll.bar is not None
    track, thumb = howto.scroll.bar
    assert track.w == round(5 * ui) and thumb.h >= round(30 * ui)
    # The bar answers a click a little either side of it, as wide as it is drawn.
    track_x = track.right + round(7 * ui)
    screen.click((track_x, thumb.bottom + round(20 * ui)))
    assert howto.scroll.offset > before + round(48 * ui)  # a page down

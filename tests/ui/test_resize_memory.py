"""A window dragged through many sizes keeps only what its current size draws: the old
sizes' felt, panels and card art are let go, and a frame at one size draws nothing anew."""

from __future__ import annotations

from game.engine import PRESETS, Game
from game.ui import cardart, theme
from game.ui.surfacecache import SurfaceCache, window_pixels
from tests.ui.tablekit import Harness

SIZES = [(1300 + 40 * i, 820 + 22 * i) for i in range(30)]


def _drag_through_sizes(h: Harness) -> None:
    import pygame

    for size in SIZES:
        h.screen = pygame.display.set_mode(size)
        h.stack.resize(size)
        h.tick(2)
    h.screen = pygame.display.set_mode((1280, 800))
    h.stack.resize((1280, 800))
    h.tick(2)


def test_a_window_dragged_through_thirty_sizes_keeps_two_felts() -> None:
    h = Harness(Game.new(PRESETS["polish"], seats=4, seed=3))
    _drag_through_sizes(h)
    assert theme.felt.cache_info().currsize <= 2
    assert theme.felt((1280, 800)) is theme.felt((1280, 800))  # the current one stays


def test_panels_and_card_art_stay_within_a_few_windows_after_resizes() -> None:
    h = Harness(Game.new(PRESETS["polish"], seats=4, seed=3))
    _drag_through_sizes(h)
    window = window_pixels()
    assert window == 1280 * 800
    assert theme._panels.pixels() <= 3 * window
    assert cardart._arts.pixels() <= 2 * window


def test_a_frame_at_one_size_draws_no_panel_or_card_anew() -> None:
    h = Harness(Game.new(PRESETS["polish"], seats=4, seed=3))
    _drag_through_sizes(h)
    h.tick(100)  # the acting seat's glow pulses through its shades once
    panels, arts = theme._panels.made, cardart._arts.made
    h.tick(100)
    assert (theme._panels.made, cardart._arts.made) == (panels, arts)


def test_the_value_just_made_is_kept_however_large() -> None:
    cache: SurfaceCache[int, int] = SurfaceCache(most=4, windows=1, pixels=lambda v: v)
    huge = 10 * window_pixels()
    assert cache.get(1, lambda: huge) == huge
    assert cache.get(1, lambda: 0) == huge  # kept: not made again
    cache.get(2, lambda: 5)
    assert len(cache) == 1 and cache.get(2, lambda: 0) == 5  # the huge one went first


def test_the_least_recently_used_go_first_past_the_count() -> None:
    cache: SurfaceCache[int, int] = SurfaceCache(most=2, windows=1, pixels=lambda v: 1)
    cache.get(1, lambda: 1)
    cache.get(2, lambda: 2)
    cache.get(1, lambda: 0)  # used again: 2 is now the oldest
    cache.get(3, lambda: 3)
    assert cache.get(1, lambda: 0) == 1 and cache.get(2, lambda: 0) == 0

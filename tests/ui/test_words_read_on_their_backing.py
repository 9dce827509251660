"""Words drawn on a coloured backing stay readable: a refusal's words and its suit pips on
red, the stepping arrows of a field on cream (WCAG 2 contrast: 4.5:1 for words, 3:1 for a
control's marks)."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.controls import ARROW


def _luminance(colour: tuple[int, ...]) -> float:
    def channel(value: int) -> float:
        v = value / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = colour[:3]
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def _contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_a_refusals_words_read_on_its_red() -> None:
    assert _contrast(theme.TEXT, theme.DANGER_FILL) >= 4.5


def test_a_fields_arrows_stand_out_from_its_cream() -> None:
    assert _contrast(ARROW, (250, 246, 232)) >= 3.0


def _reddish(image: pygame.Surface) -> int:
    """How many pixels of ``image`` are drawn in a light red (a heart's tint on dark felt)."""
    w, h = image.get_size()
    return sum(
        1
        for x in range(w)
        for y in range(h)
        if (c := image.get_at((x, y))).a > 200 and c.r > 200 and c.g < 160 and c.b < 160
    )


def test_a_heart_in_a_refusal_is_drawn_in_the_words_colour_not_red_on_red() -> None:
    pygame.display.init()
    pygame.font.init()
    assert _reddish(theme.text("J♥", 18, theme.TEXT, True)) > 10  # on felt: a red heart
    plain = theme.text("J♥", 18, theme.TEXT, True, plain_pips=True)
    assert _reddish(plain) == 0


def test_a_refusal_at_the_table_draws_its_pips_plain() -> None:
    from game.engine import PRESETS, Game
    from game.ui import tabledraw
    from tests.ui.tablekit import Harness

    h = Harness(Game.new(PRESETS["polish"], seats=2, seed=1), size=(960, 600))
    message = "J♥ matches neither the suit in force (spades) nor the rank of 9♠"
    lines, _box = tabledraw._toast_box(message, h.table.layout, 960, error=True)
    assert sum(_reddish(line) for line in lines) == 0
    told, _box = tabledraw._toast_box(message, h.table.layout, 960)  # (a hint, on dark)
    assert sum(_reddish(line) for line in told) > 10

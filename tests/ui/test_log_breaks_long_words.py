"""The game log breaks a word wider than its panel (a long name, a name in a script written
without spaces) instead of drawing it over the panel's edge."""

from __future__ import annotations

import pygame
import pytest

from game.ui import tabledraw, theme


@pytest.mark.parametrize(
    "name",
    [
        "Wolfeschlegelsteinhausenbergerdo",
        "W" * 32,
        "สมชายใจดีมีสุขสมบูรณ์พูนผลเจริญรุ่งเรือง",  # Thai: no spaces between words
        "Ze\u0301lie\u0301" * 5,  # accents typed after their letters
    ],
)
def test_a_log_line_with_a_long_name_fits_the_panel(name: str) -> None:
    pygame.font.init()
    width, size = 200, 15
    line = f"Round 1: {name} deals 5 cards each; 6♠ starts the pile"
    parts = tabledraw._wrapped(line, width, size)
    assert all(theme.text_size(part, size)[0] <= width for part in parts), parts
    assert "".join(parts).replace(" ", "") == line.replace(" ", "")
    # never between a letter and the accent typed after it
    assert not any(part.startswith("\u0301") for part in parts)

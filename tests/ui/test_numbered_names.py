"""A name ending in a number ("Player 10", the name a new seat gets) is never cut to a
shorter number: "Player 1." would read as someone else."""

from __future__ import annotations

import pygame

from game.ui import theme


def test_a_number_is_kept_whole_or_the_first_name_gives_way() -> None:
    pygame.font.init()
    size = 20
    full = theme.text_size("Player 10", size)[0]
    for width in range(full - 1, full // 3, -3):
        shown = theme.fit_name("Player 10", size, width)
        assert theme.text_size(shown, size)[0] <= width
        assert not shown.endswith(" 1."), (width, shown)
        assert shown.endswith(" 10") or shown.endswith("…"), (width, shown)
    # Just short of room: the first name is cut, the number stays.
    assert theme.fit_name("Player 10", size, full - 2).endswith("… 10")


def test_a_surname_is_still_cut_to_its_initial() -> None:
    pygame.font.init()
    size = 20
    width = theme.text_size("Katarzyna K.", size)[0]
    assert theme.fit_name("Katarzyna Kowalska", size, width) == "Katarzyna K."

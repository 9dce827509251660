"""One joker laid with other cards is asked about as "the joker": "the first joker" only
when another joker's question follows."""

from __future__ import annotations

import pygame

from game.engine import PRESETS, Game
from game.ui.choosers import CardChooser
from tests.ui.tablekit import Harness


def _pick_and_lay(h: Harness, codes: tuple[str, ...]) -> CardChooser:
    for code in codes:
        at = h.hand_codes().index(code)
        while h.table.hand.cursor != at:
            h.key(pygame.K_RIGHT)
        h.key(pygame.K_UP)
    h.key(pygame.K_RETURN)
    chooser = h.stack.top
    assert isinstance(chooser, CardChooser)
    return chooser


def test_one_joker_laid_with_two_sevens_is_the_joker() -> None:
    game = Game.from_position(
        PRESETS["hungarian"],
        hands=["RJ 7H 7S 9D KC", "2C 4D 9H KD", "5C 6C 8D 9S"],
        pile="5H 7C",
        stock="QH KH 4S 8C 10D JS 3C",
    )
    h = Harness(game)
    chooser = _pick_and_lay(h, ("7H", "7S", "RJ"))
    assert chooser.title == "The joker stands for…"
    h.key(pygame.K_ESCAPE)
    h.table.hand.selection.clear()
    chooser = _pick_and_lay(h, ("RJ",))
    assert chooser.title == "The joker stands for…"  # alone, as before

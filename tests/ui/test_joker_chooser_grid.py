"""The joker chooser's grid: it fits every allowed window, and the arrows walk it as a grid."""

from __future__ import annotations

import pygame
import pytest

from game.engine import PRESETS, Game, Rules
from game.ui.choosers import CardChooser
from tests.ui.tablekit import Harness

STOCK = ("7H", "QH", "KC", "4S", "8C", "10D", "JS")
# Stand-in jokers laid only as a card that fits (not on anything): fewer cards to choose.
MUST_FIT = PRESETS["hungarian"].replace(name="custom", plays_on_anything=frozenset({"A", "Q"}))


def open_chooser(
    pile: str, size: tuple[int, int], rules: Rules = PRESETS["hungarian"]
) -> tuple[Harness, CardChooser]:
    """Hungarian: your joker, picked with the keyboard, laid on ``pile``'s top card."""
    game = Game.from_position(
        rules,
        hands=["RJ 5D 9C", "2C 4D 9H KD", "5C 6C 8D 9D", "3H 5S 6S 10C"],
        pile=pile,
        stock=" ".join(c for c in STOCK if c not in pile.split()),
    )
    h = Harness(game, size=size)
    for _ in range(h.hand_codes().index("RJ") + 1):
        h.key(pygame.K_RIGHT)
    h.key(pygame.K_RETURN)
    chooser = h.stack.top
    assert isinstance(chooser, CardChooser)
    return h, chooser


@pytest.mark.parametrize("size", [(960, 600), (1024, 600), (1000, 700), (2400, 600), (960, 1400)])
def test_a_joker_on_a_queen_offers_all_52_cards_inside_the_window(size: tuple[int, int]) -> None:
    h, chooser = open_chooser("5H QH", size)
    assert len(chooser.options) == 52
    window = h.screen.get_rect()
    assert window.contains(chooser.panel)
    for tile in chooser.tiles:
        assert chooser.panel.contains(tile)
    # The title and the help line stay clear of the tiles.
    top = min(t.top for t in chooser.tiles)
    bottom = max(t.bottom for t in chooser.tiles)
    assert top - chooser.panel.top >= 80 and chooser.panel.bottom - bottom >= 40
    # Still cards a player can read: no smaller than the chooser's usual small tiles.
    assert chooser.tiles[0].w >= 58
    # One suit to a row, in rank order.
    rows = sorted({t.y for t in chooser.tiles})
    assert len(rows) == 4
    first = [
        o.caption for o, t in zip(chooser.options, chooser.tiles, strict=True) if t.y == rows[0]
    ]
    assert first == [f"{r}♠" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", *"JQKA")]


def test_up_and_down_move_to_the_tile_above_or_below() -> None:
    h, chooser = open_chooser("5H QH", (960, 600))
    caption = lambda: chooser.options[chooser.focus].caption  # noqa: E731
    chooser.focus = 0  # from the first tile (it opens on a card without a power)
    for _ in range(4):
        h.key(pygame.K_RIGHT)
    assert caption() == "6♠"
    h.key(pygame.K_DOWN)
    assert caption() == "6♥"
    h.key(pygame.K_DOWN)
    h.key(pygame.K_DOWN)
    assert caption() == "6♣"
    h.key(pygame.K_DOWN)  # from the last row round to the first
    assert caption() == "6♠"
    h.key(pygame.K_UP)
    assert caption() == "6♣"
    h.key(pygame.K_LEFT)
    assert caption() == "5♣"
    h.key(pygame.K_RETURN)
    assert h.game.top.code == "RJ" and h.game.top_effective.code == "5C"


def test_down_from_a_short_row_goes_to_the_nearest_tile_below() -> None:
    # A joker on 7♥: the spades' three tiles sit over the middle of the hearts' row.
    h, chooser = open_chooser("5H 7H", (960, 600), MUST_FIT)
    tiles = chooser.tiles
    assert len({t.y for t in tiles}) == 3
    h.key(pygame.K_DOWN)
    below = tiles[chooser.focus]
    assert below.y > tiles[0].y
    nearest = min(
        (t for t in tiles if t.y == below.y), key=lambda t: abs(t.centerx - tiles[0].centerx)
    )
    assert below == nearest
    assert chooser.options[chooser.focus].caption.endswith("♥")

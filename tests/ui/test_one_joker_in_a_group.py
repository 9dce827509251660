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


def test_a_pick_laid_in_another_order_offers_the_joker_every_card_those_orders_take() -> None:
    # 5♥ cannot start on 7♣: 5♥ 6♥ 7♥ joker goes down from 7♥, as a group of hearts (the
    # joker any heart) or as a falling run (the joker 4♥, or a 5 turning it to its suit).
    game = Game.from_position(
        PRESETS["hungarian"],
        hands=["5H 6H 7H RJ 9C 4S", "2C 4D 9H KD", "5C 6C 8D 9S"],
        pile="3D 7C",
        stock="QH KH 4C 8C 10D JS 3C",
    )
    h = Harness(game)
    chooser = _pick_and_lay(h, ("5H", "6H", "7H", "RJ"))
    offered = [o.caption for o in chooser.options]
    assert {"2♥", "K♥", "4♥", "5♠", "5♦", "5♣"} <= set(offered) and "7♠" not in offered
    h.click(chooser.tiles[offered.index("5♠")].center)
    h.tick(10)
    assert [c.code for c in game.pile[-4:]] == ["7H", "6H", "5H", "RJ"]
    assert game.pile_eff[-1].code == "5S"  # the run turned to spades

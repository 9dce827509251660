"""A forgotten Macau caught while an attack stack waits: the fine comes from the stock, and
the stack stays as it was, with its label, rather than emptying and building up again."""

from __future__ import annotations

import pygame

from game.engine import PRESETS, Game, parse_action
from game.store.settings import Settings
from game.ui.scene import SceneStack
from game.ui.start import table_for
from tests.ui.menukit import wait_for_bots


def test_the_fine_flies_from_the_stock_and_the_stack_stays() -> None:
    game = Game.from_position(
        PRESETS["polish"],
        hands=["7H 9C 8D 10S", "2D KD", "3H 4C JC AS", "3D 4H 8C AC 6C"],
        pile="5H 9D",
        stock="9S KC 4S 8S 10D JD 5C 6D 7D 7C",
        current=1,
    )
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 800))
    stack = SceneStack(None, (1280, 800))
    table = table_for(game, ("random",), settings=Settings(animation_speed="normal"))
    table.bots.clear()
    stack.push(table)

    def tick() -> None:
        wait_for_bots(stack.scenes)
        stack.update(1 / 60)
        stack.draw(screen)

    director = table.director
    assert table.apply(parse_action("2D"), 1)  # its last but one card, and no call
    for _ in range(300):
        tick()
    assert director.model.penalty == 2 and game.macau_catchable == 1
    table.on_stop()
    starts, waiting = set(), set()
    for _ in range(120):
        tick()
        starts |= {tuple(map(round, f.src)) for f in director.flights}
        waiting.add(director.model.penalty)
    stock, pile_stack = table.layout.stock.center, table.layout.penalty.center
    assert starts == {tuple(map(round, stock))} and pile_stack != stock
    assert waiting == {2}
    assert len(game.hand(1)) == 1 + 5 and game.penalty == 2

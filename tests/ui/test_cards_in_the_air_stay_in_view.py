"""At normal speed a card never drops out of sight on its way: the cards of a group wait in
view until their turn to fly, and a drawn card flies straight to the place it keeps in a
sorted hand (it used to land at the end and slide under the others to its place)."""

from __future__ import annotations

import pygame

from game.engine import PRESETS, Game, parse_action
from game.store.settings import Settings
from game.ui.scene import SceneStack
from game.ui.start import table_for
from game.ui.table import TableScene

NORMAL = Settings(animation_speed="normal", hand_sort="suit")
OTHERS = ["2C 4D 9S KD 5C", "KH 3H 4C JC AS"]


def _table(hand: str, pile: str, stock: str) -> tuple[SceneStack, TableScene, pygame.Surface]:
    game = Game.from_position(
        PRESETS["polish"], hands=[hand, *OTHERS], pile=pile, stock=stock, current=0
    )
    pygame.display.init()
    screen = pygame.display.set_mode((1280, 800))
    stack = SceneStack(None, (1280, 800))
    table = table_for(game, ("random",), settings=NORMAL)
    table.bots.clear()
    stack.push(table)
    for _ in range(90):  # the deal shown
        stack.update(1 / 60)
        stack.draw(screen)
    return stack, table, screen


def test_every_card_of_a_group_stays_in_view_until_it_lands() -> None:
    stack, table, screen = _table("7S 7C 7D 7H 3S 5D 9C", "6H 8H", "JD 6C 8S 8C")
    drawn: list[str] = []
    blit = table.images.blit_card

    def seen(surface: pygame.Surface, code: str, *args: object, **kw: object) -> pygame.Rect:
        drawn.append(code)
        return blit(surface, code, *args, **kw)  # type: ignore[arg-type]

    table.images.blit_card = seen  # type: ignore[method-assign]
    assert table.apply(parse_action("7H 7S 7C 7D"), 0)
    frames = 0
    while frames < 2 or table.director.flights:
        drawn.clear()
        stack.update(1 / 60)
        stack.draw(screen)
        missing = {"7H", "7S", "7C", "7D"} - set(drawn)
        assert not missing, (frames, missing)
        frames += 1
        if frames == 2:
            assert len(table.director.flights) == 4  # staggered: 7♦ leaves last
    assert frames > 10


def test_drawn_cards_fly_to_the_places_they_keep_in_a_sorted_hand() -> None:
    # Sorted by suit, 2♠ goes first and 8♥ between 7♥ and the clubs: each flies there.
    stack, table, _screen = _table("7H 9C QC 5D 8D 9D", "6S 5S", "2S JD 6C 8H")
    assert table.apply(parse_action("draw"), 0)
    stack.update(1 / 60)
    (flight,) = table.director.flights
    for _ in range(60):
        stack.update(1 / 60)
    codes = [hc.card.code for hc in table.hand.cards]
    assert codes[0] == "2S"
    slots = table.hand.slots(table.layout)
    assert flight.dst == (slots[0][0], slots[0][1])
    assert table.apply(parse_action("pass"), 0)  # kept: the next seats' turns, by hand
    assert table.apply(parse_action("draw"), 1)
    assert table.apply(parse_action("draw"), 2)
    for _ in range(60):
        stack.update(1 / 60)
    assert table.apply(parse_action("draw"), 0)
    stack.update(1 / 60)
    (flight,) = [f for f in table.director.flights if f.tag == "hand"]
    for _ in range(60):
        stack.update(1 / 60)
    codes = [hc.card.code for hc in table.hand.cards]
    at = codes.index(flight.flip_to or "")
    assert codes[at - 1 : at + 1] == ["7H", codes[at]] and codes[at][-1] == "H"
    slots = table.hand.slots(table.layout)
    assert flight.dst == (slots[at][0], slots[at][1])

"""The mouse at the table does what is under it: a card let go over the stock is not laid on
the pile beside it; a card let go over the pile is laid wherever it was held; a card dragged
is drawn over the buttons and words it passes; the third click of a triple-click does not
cancel the suit chooser the double-click opened; a picked card dragged along the hand takes
the cards picked with it; a click on the pile lays the picked cards; a click hits the card
drawn there."""

from __future__ import annotations

import dataclasses
import math

import pygame
import pytest

from game.engine import PRESETS, Game
from game.ui.choosers import ChoiceModal
from game.ui.layout import table_layout
from tests.ui import tablekit
from tests.ui.tablekit import Harness


def _table(hand: str = "7S QC 2H 9C 3S 5H", pile: str = "5S") -> Harness:
    game = Game.from_position(
        PRESETS["polish"],
        hands=[hand, "2C 4D 9D KD 5D", "2D 3D 4C JC", "3C QD 8C AC 6C"],
        pile=pile,
        stock="KC 8D JD 6D 10D",
    )
    h = Harness(game)
    h.tick(3)
    return h


def _centre(h: Harness, code: str) -> tuple[float, float]:
    hc = next(c for c in h.table.hand.cards if c.card.code == code)
    return h.table.hand.centre(hc, h.table.layout)


def test_a_card_let_go_over_the_stock_springs_back() -> None:
    h = _table()
    layout = h.table.layout
    assert layout.drop_zone().colliderect(layout.stock)  # the pile's generous zone reaches it
    x, y = _centre(h, "5H")
    grab = layout.card[0] * 0.4  # held right of its middle: the pointer is further right
    stock = layout.stock.center
    end = (stock[0] + grab, stock[1])
    assert layout.drop_zone().collidepoint(end)  # where the pointer lets go
    h.drag((x + grab, y), end)
    h.tick(3)
    assert "5H" in h.hand_codes() and h.game.top.code == "5S"  # not laid
    assert not h.table.hand.hidden
    # The same card let go with the pointer just beside the pile is laid, as before.
    x, y = _centre(h, "5H")
    pile = layout.pile
    h.drag((x, y), (pile.left - layout.card[0] * 0.3, pile.centery))
    h.tick(3)
    assert "5H" not in h.hand_codes() and h.game.top.code == "5H"


@pytest.mark.parametrize("held", [-0.4, 0.0, 0.4])
def test_a_card_let_go_over_the_pile_is_laid_wherever_it_was_held(held: float) -> None:
    # Half over the pile, below it: held by its lower part, the pointer is past the zone
    # round the pile, and the card sprang back though it was drawn over the pile.
    h = _table()
    layout = h.table.layout
    x, y = _centre(h, "5H")
    grab = layout.card[1] * held  # how far below its middle the card is held
    middle = (layout.pile.centerx, layout.pile.centery + layout.card[1] * 0.5)
    end = (round(middle[0]), round(middle[1] + grab))
    h.drag((round(x), round(y + grab)), end)
    h.tick(3)
    assert h.game.top.code == "5H" and "5H" not in h.hand_codes()


@pytest.mark.parametrize("size", [(960, 600), (1280, 600), (1280, 800)])
def test_a_card_let_go_in_the_buttons_row_is_not_dropped_by_its_middle(
    size: tuple[int, int],
) -> None:
    # Let go in the hand's rows (the buttons' and below) a card moves within the hand, though
    # its middle, held by its lower part in a short window, may be in the zone round the pile.
    layout = table_layout(size, 4)
    zone = layout.drop_zone()
    middle = (zone.centerx, zone.bottom - 2)
    assert layout.drops_on_pile((zone.centerx, zone.bottom + 4), middle)  # above the row
    assert not layout.drops_on_pile((zone.centerx, layout.buttons_y + 2), middle)


def test_a_dragged_card_is_drawn_over_the_buttons_it_passes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    h = _table()
    button = h.table.draw_button
    magenta = (255, 0, 255)
    monkeypatch.setattr(button, "draw", lambda surface: surface.fill(magenta, button.rect))
    x, y = (round(v) for v in _centre(h, "5H"))
    to = button.rect.center
    h.send(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0))
    assert tuple(h.screen.get_at(to))[:3] == magenta
    h.send(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1)
    for i in range(1, 7):  # held by its middle, the card's middle comes over the button
        at = (x + (to[0] - x) * i // 6, y + (to[1] - y) * i // 6)
        h.send(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(1, 0, 0))
    assert h.table.flow.drag is not None and h.table.flow.drag.moving
    assert tuple(h.screen.get_at(to))[:3] != magenta  # the card hides the button there


def test_the_third_click_of_a_triple_click_leaves_the_chooser_open() -> None:
    h = _table("AS 7H QC 2H 9C 6H")
    p = _centre(h, "AS")
    pos = (round(p[0]), round(p[1]))
    for clicks in (1, 2, 3):  # as SDL counts the presses of a triple-click
        h.send(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, clicks=clicks)
        h.send(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    chooser = h.stack.top
    assert isinstance(chooser, ChoiceModal)  # still asking for the suit
    # A click of its own outside the panel still cancels it, and the ace goes back.
    h.send(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1, clicks=1)
    h.send(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1)
    assert h.stack.top is h.table and "AS" in h.hand_codes()


def test_a_picked_card_dragged_along_the_hand_takes_the_picked_cards_along() -> None:
    h = _table("7S 7H 9C 9H QS", pile="5S")
    for code in ("7S", "7H"):
        h.click(h.card_pos(code))
        h.tick(40)
    assert [c.code for c in h.table.hand.selected_cards()] == ["7S", "7H"]
    end = h.table.hand.slots(h.table.layout)[-1]
    start = h.card_pos("7H")
    h.drag(start, (end[0], start[1]))
    h.tick(5)
    assert h.hand_codes() == ["9C", "9H", "QS", "7S", "7H"]
    assert [c.code for c in h.table.hand.selected_cards()] == ["7S", "7H"]  # still picked
    assert not h.table.hand.hidden and h.game.top.code == "5S"


def test_a_click_on_the_pile_lays_the_picked_cards() -> None:
    h = _table("7S 7H 9C 9H QS", pile="7D")
    for code in ("7S", "7H"):
        h.click(h.card_pos(code))
        h.tick(40)
    h.click(h.table.layout.pile.center)
    h.tick(5)
    assert h.hand_codes() == ["9C", "9H", "QS"] and h.game.top.code == "7H"


def test_a_click_hits_the_card_drawn_there() -> None:
    h = _table("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2H 3H 4H 5H 6H 7H 8H 9H 10H", "7C")
    hand, layout = h.table.hand, h.table.layout
    # A picked card stands raised: the strip it left shows the card before it there.
    h.click(h.card_pos("8S"))
    h.tick(40)
    picked = next(c for c in hand.cards if c.card.code == "8S")
    before = next(c for c in hand.cards if c.card.code == "7S")
    x, y = hand.centre(picked, layout)
    low = (round(x - layout.card[0] * 0.45), round(y + layout.card[1] / 2 + layout.lift * 0.6))
    assert hand.hit(low, layout) is before
    # Where nothing else shows below a picked card, it is hit (a click there puts it back).
    h.click(h.card_pos("10H"))
    h.tick(40)
    last = hand.cards[-1]
    assert last.card.code == "10H" and last.uid in hand.selection
    x, y = hand.centre(last, layout)
    right = (round(x + layout.card[0] * 0.3), round(y + layout.card[1] / 2 + layout.lift * 0.6))
    assert hand.hit(right, layout) is last
    # The outer cards are turned: just inside the first card's turned edge is that card.
    first = hand.cards[0]
    fx, fy = hand.centre(first, layout)
    assert first.angle > 3
    w, ch = layout.card
    turn = math.radians(first.angle)
    # The middle of its left edge, turned as it is drawn, a few pixels in.
    edge = (-(w / 2 - 3), 0.0)
    px = fx + edge[0] * math.cos(turn) + edge[1] * math.sin(turn)
    py = fy - edge[0] * math.sin(turn) + edge[1] * math.cos(turn)
    assert hand.hit((round(px), round(py)), layout) is first
    # Its unturned corner, outside what is drawn, is no card.
    corner = (round(fx - w / 2 + 2), round(fy + ch / 2 - 2))
    assert hand.hit(corner, layout) is None


def test_a_picked_group_let_go_where_it_was_keeps_the_hand_and_its_sort(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(tablekit, "OFF", dataclasses.replace(tablekit.OFF, hand_sort="suit"))
    h = _table("5S 7S 8S 9S QH KH", pile="5C")
    before = h.hand_codes()
    for code in ("5S", "8S"):
        h.click(h.card_pos(code))
        h.tick(40)
    start = h.card_pos("8S")
    p = (round(start[0]), round(start[1]))
    h.send(pygame.MOUSEBUTTONDOWN, pos=p, button=1)
    for dy in (-60, -200, -60, 0):  # towards the pile, then back
        h.send(pygame.MOUSEMOTION, pos=(p[0], p[1] + dy), rel=(0, 0), buttons=(1, 0, 0))
    h.send(pygame.MOUSEBUTTONUP, pos=p, button=1)
    h.tick(5)
    assert h.hand_codes() == before and h.table.hand.sort_mode == "suit"

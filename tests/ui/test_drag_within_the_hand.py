"""A card pressed and let go in the hand: a click that wobbles picks the card; a drag along
the hand puts the card where it is drawn; the hand stops sorting only when its order changed."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.engine import PRESETS, Game
from game.ui.playflow import DRAG_THRESHOLD
from tests.ui import tablekit
from tests.ui.tablekit import Harness

HAND = "2S 5S 8S 3H 9H 4C 10C"


@pytest.fixture
def sorted_hand(monkeypatch: pytest.MonkeyPatch) -> Harness:
    """Polish on 5♥, your hand sorted by suit, 6♠ the next card of the stock."""
    monkeypatch.setattr(tablekit, "OFF", dataclasses.replace(tablekit.OFF, hand_sort="suit"))
    game = Game.from_position(
        PRESETS["polish"],
        hands=[HAND, "2C 4D 9C", "3D 6D", "KD 8D"],
        pile="5H",
        stock="6S 10H JC QH KH 5D",
    )
    h = Harness(game)
    h.tick(3)
    assert h.hand_codes() == HAND.split() and h.table.hand.sort_mode == "suit"
    return h


def _strip(h: Harness) -> float:
    """How much of each card shows: the step from one card to the next."""
    slots = h.table.hand.slots(h.table.layout)
    return slots[1][0] - slots[0][0]


def _left_of(h: Harness, code: str, share: float = 0.1) -> tuple[float, float]:
    """A point on ``code``'s visible strip, ``share`` of the way across it from its left."""
    hand = h.table.hand
    hc = next(c for c in hand.cards if c.card.code == code)
    x, y = hand.centre(hc, h.table.layout)
    left = x - h.table.layout.card[0] / 2
    point = (left + _strip(h) * share, y)
    assert hand.hit((round(point[0]), round(point[1])), h.table.layout) is hc
    return point


def test_a_click_that_wobbles_past_the_drag_threshold_picks_the_card(
    sorted_hand: Harness,
) -> None:
    h = sorted_hand
    x, y = _left_of(h, "9H")
    h.drag((x, y), (x + 3, y + DRAG_THRESHOLD + 3), steps=2)
    h.tick(3)
    assert [c.code for c in h.table.hand.selected_cards()] == ["9H"]
    assert h.hand_codes() == HAND.split() and not h.table.hand.hidden
    assert h.table.hand.sort_mode == "suit" and h.table.sort_button.label == "Sort: suit"
    h.table.hand.selection.clear()
    h.click(h.table.layout.stock.center)  # the drawn 6♠ still goes among the spades
    h.tick(5)
    assert h.hand_codes()[:4] == ["2S", "5S", "6S", "8S"]


def test_a_card_held_by_its_left_edge_goes_to_the_place_where_it_is_drawn(
    sorted_hand: Harness,
) -> None:
    h = sorted_hand
    x, y = _left_of(h, "3H")
    h.drag((x, y), (x + _strip(h) * 0.8, y + 4))  # the card now shows nearer 9♥'s place
    h.tick(3)
    assert h.hand_codes() == ["2S", "5S", "8S", "9H", "3H", "4C", "10C"]
    assert not h.table.hand.selection
    assert h.table.hand.sort_mode == "none" and h.table.sort_button.label == "Sort: own"


def test_a_card_lifted_out_of_the_hand_and_put_back_in_its_place_keeps_the_sort(
    sorted_hand: Harness,
) -> None:
    h = sorted_hand
    x, y = (round(v) for v in _left_of(h, "9H"))
    h.send(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1)
    for to in ((x, y - 60), (x, h.table.layout.buttons_y - 40), (x, y - 60), (x + 2, y)):
        h.send(pygame.MOUSEMOTION, pos=to, rel=(0, 0), buttons=(1, 0, 0))
    h.send(pygame.MOUSEBUTTONUP, pos=(x + 2, y), button=1)  # a drag let go: no click
    h.tick(3)
    assert h.hand_codes() == HAND.split() and not h.table.hand.hidden
    assert not h.table.hand.selection
    assert h.table.hand.sort_mode == "suit" and h.table.sort_button.label == "Sort: suit"

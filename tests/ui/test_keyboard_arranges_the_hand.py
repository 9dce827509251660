"""Shift+←/→ moves the card under the cursor one place along the hand, as dragging it
would: the cursor stays on it, and the hand keeps that order ("Sort: own")."""

from __future__ import annotations

import pygame

from game.engine import PRESETS, Game
from tests.ui.tablekit import Harness


def _harness() -> Harness:
    game = Game.from_position(
        PRESETS["polish"],
        hands=["9C 4D KS 7H", "2C 4H 9D", "3S 5C 6C 8D"],
        pile="3D",
        stock="6S QD 8C 4S 7D",
    )
    h = Harness(game)
    h.key(pygame.K_o, "o")  # sorted (by suit or rank): the shifts must undo that
    return h


def shift(h: Harness, key: int) -> None:
    h.send(pygame.KEYDOWN, key=key, mod=pygame.KMOD_LSHIFT, unicode="", scancode=0)


def under_cursor(h: Harness) -> str:
    at = h.table.hand.cursor
    assert at is not None
    return h.hand_codes()[at]


def test_shift_right_and_left_move_the_card_under_the_cursor() -> None:
    h = _harness()
    h.key(pygame.K_RIGHT)
    first = under_cursor(h)
    order = h.hand_codes()
    shift(h, pygame.K_RIGHT)
    shift(h, pygame.K_RIGHT)
    assert h.hand_codes() == [*order[1:3], first, *order[3:]]
    assert under_cursor(h) == first
    assert h.table.sort_button.label == "Sort: own"
    shift(h, pygame.K_LEFT)
    assert h.hand_codes() == [order[1], first, *order[2:]]
    assert under_cursor(h) == first


def test_the_card_stops_at_the_ends_of_the_hand() -> None:
    h = _harness()
    h.key(pygame.K_LEFT)  # the last card
    last = under_cursor(h)
    order = h.hand_codes()
    shift(h, pygame.K_RIGHT)
    assert h.hand_codes() == order and under_cursor(h) == last


def test_the_order_is_kept_for_the_cards_drawn_next() -> None:
    h = _harness()
    h.key(pygame.K_RIGHT)
    shift(h, pygame.K_RIGHT)
    order = h.hand_codes()
    h.key(pygame.K_d, "d")
    h.tick(5)
    assert h.hand_codes()[: len(order)] == order  # the new card comes in at the end
    assert h.table.hand.sort_mode == "none"


def test_plain_arrows_still_only_move_the_cursor() -> None:
    h = _harness()
    order = h.hand_codes()
    h.key(pygame.K_RIGHT)
    h.key(pygame.K_RIGHT)
    assert h.hand_codes() == order and h.table.hand.cursor == 1

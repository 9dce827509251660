"""While a seat that forgot to call Macau may be caught, the line under the table says who
forgot and what Stop Macau! does to them (the rules' own penalty); once the chance has
passed, the line says so no more."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.engine import PRESETS, Game, Rules, parse_action
from game.ui import tabledraw
from tests.ui.tablekit import Harness


def _west_keeps_one(rules: Rules) -> Game:
    """West (seat 1) is to lay 5♦ on 9♦ and keep one card."""
    return Game.from_position(
        rules,
        hands=["7H 9C 8D", "5D KD", "2D 3H 4C JC AS", "3D 4H 8C AC 6C"],
        pile="5H 9D",
        stock="9S KC 4S 8S 10D JD 5C 6D",
        current=1,
    )


def _forgotten(h: Harness) -> None:
    assert h.table.apply(parse_action("5D"), 1)  # no Macau called
    h.tick(2)
    assert h.game.macau_catchable == 1


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
def test_the_line_names_who_forgot_and_what_stop_makes_them_draw(size: tuple[int, int]) -> None:
    h = Harness(_west_keeps_one(PRESETS["polish"]), size=size)
    _forgotten(h)
    assert h.table.stop_button.visible
    line = "West forgot to call Macau: Stop Macau! (S) makes them draw 5"
    assert tabledraw.status_line(h.table) == line
    placed = tabledraw.status_images(h.table, size[0])
    assert all(pygame.Rect((0, 0), size).contains(at) for _image, at in placed)
    h.key(pygame.K_s, "s")
    h.tick(2)
    assert h.game.macau_catchable < 0 and len(h.game.hand(1)) == 6
    assert "forgot" not in tabledraw.status_line(h.table)


def test_the_penalty_named_is_the_rules_own() -> None:
    h = Harness(_west_keeps_one(replace(PRESETS["polish"], macau_penalty=3)))
    _forgotten(h)
    assert tabledraw.status_line(h.table).endswith("Stop Macau! (S) makes them draw 3")


def test_the_line_goes_once_the_next_seat_has_moved() -> None:
    h = Harness(_west_keeps_one(PRESETS["polish"]))
    _forgotten(h)
    assert tabledraw.status_line(h.table).startswith("West forgot to call Macau")
    assert h.table.apply(parse_action("draw"), 2)  # North moves on: the chance has passed
    h.tick(2)
    assert h.game.macau_catchable < 0
    assert "forgot" not in tabledraw.status_line(h.table)
    assert not h.table.stop_button.visible


@pytest.mark.parametrize(("stock", "drawn"), [("", 1), ("9S 4S", 3)])
def test_a_short_pack_is_told_as_what_it_gives(stock: str, drawn: int) -> None:
    # The catch draws what the stock and the pile under the top card hold, the rest forgiven
    # (RULES §2.6): the line says that figure, not the rules' 5.
    game = Game.from_position(
        PRESETS["polish"], hands=["9C 10S 6D", "7H 8D"], pile="5H", stock=stock, current=1
    )
    h = Harness(game)
    assert h.table.apply(parse_action("7H"), 1)  # no Macau called
    h.tick(2)
    assert h.game.drawable() == drawn
    line = f"North forgot to call Macau: Stop Macau! (S) makes them draw {drawn}"
    assert tabledraw.status_line(h.table) == line
    held = h.game.hand_counts[1]
    h.key(pygame.K_s)
    h.settle()
    assert h.game.hand_counts[1] == held + drawn


@pytest.mark.parametrize(
    ("hand", "stock", "drawn"), [("7H 8D", "", 1), ("7H 7S 9C", "", 2), ("7H 7S 9C", "2S 3S 4S", 5)]
)
def test_your_own_call_tells_what_a_catch_would_make_you_draw(
    hand: str, stock: str, drawn: int
) -> None:
    # Laying all but one card puts every card under the last one laid within reach: with a
    # spent stock one card laid gives one to draw, a pair two; a stock of three and a pair
    # give the whole 5.
    game = Game.from_position(
        PRESETS["polish"], hands=[hand, "9H 10S 6D"], pile="5H", stock=stock, current=0
    )
    h = Harness(game)
    h.tick(2)
    said = tabledraw.status_line(h.table)
    assert said.endswith(f"or you may be made to draw {drawn}"), said

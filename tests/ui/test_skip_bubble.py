"""A skip waiting on another seat is shown at that seat, as an attack gets its "+N" at the
pile: a "Miss a turn" (or "Miss 2 turns") bubble there, which moves on with the skip."""

from __future__ import annotations

import pygame
import pytest

from game.engine import PRESETS, Game
from game.ui import tabledraw, theme
from tests.ui.tablekit import FOUR_HANDS, Harness, four_seats, play_moves

SIZES = [(960, 600), (1280, 800)]


def _said(h: Harness) -> list[tuple[int, str]]:
    return [(b.seat, b.text) for b in h.table.director.bubbles]


def _bubble_clear(h: Harness, seat: int) -> None:
    """The seat's bubble, all through its life, is in the window, off the other seats."""
    layout, director = h.table.layout, h.table.director
    (bubble,) = [b for b in director.bubbles if b.seat == seat]
    others = [a.rect for i, a in enumerate(layout.areas) if i not in (0, director.slot(seat))]
    window = h.screen.get_rect()
    own = layout.areas[director.slot(seat)].rect
    name = pygame.Rect(own.x, own.y, own.w, layout.px(30))  # the seat's name, at its top
    for p in (0.0, 0.5, 1.0):
        words, box = tabledraw.bubble_box(h.table, bubble, p, window.w)
        assert window.contains(box) and box.collidelist(others) < 0, (p, box)
        assert not box.colliderect(name), (p, box, name)
        assert words.get_width() <= box.w


@pytest.mark.parametrize("size", SIZES)
def test_a_four_laid_on_another_seat_says_miss_a_turn_at_that_seat(size: tuple[int, int]) -> None:
    h = four_seats("5H 10C", 2, size)
    play_moves(h, (2, "4C"))  # North lays 4♣: East faces a missed turn
    assert (3, "Miss a turn") in _said(h)
    _bubble_clear(h, 3)


@pytest.mark.parametrize("size", SIZES)
def test_a_four_answered_moves_the_bubble_on_with_the_count(size: tuple[int, int]) -> None:
    h = four_seats("5H 10D", 1, size)
    play_moves(h, (1, "4D"))
    assert (2, "Miss a turn") in _said(h)
    play_moves(h, (2, "4C"))  # North answers: East faces two, and North no longer does
    assert (3, "Miss 2 turns") in _said(h)
    assert not [s for s, text in _said(h) if s == 2 and text.startswith("Miss")]
    _bubble_clear(h, 3)


def test_missed_turns_coming_your_way_are_said_by_the_line_not_a_bubble() -> None:
    h = four_seats("5H 10C", 2, (1280, 800))
    play_moves(h, (2, "4C"), (3, "4H"))
    assert not [s for s, text in _said(h) if text.startswith("Miss")]
    assert tabledraw.status_line(h.table).startswith("2 missed turns are coming your way")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seats", [3, 4, 6, 10])
def test_a_loud_bubble_at_any_seat_keeps_off_its_name_and_the_other_seats(
    size: tuple[int, int], seats: int
) -> None:
    h = Harness(Game.new(PRESETS["hungarian"], seats=seats, seed=3), size=size)
    for log in (False, True):
        h.table.show_log = log
        h.tick()
        for seat in range(1, seats):
            h.table.director._bubble(seat, "Miss 2 turns", loud=True)
            _bubble_clear(h, seat)


@pytest.mark.parametrize("size", SIZES)
def test_your_own_bubble_keeps_clear_of_the_stocks_count(size: tuple[int, int]) -> None:
    # An ace naming spades: "Spades!" over your hand, not over "Stock 7" beside it.
    h = four_seats("6S 10H", 0, size, ["AH 7D 10D", *FOUR_HANDS[1:]])
    play_moves(h, (0, "AH/S"))
    layout, director = h.table.layout, h.table.director
    (bubble,) = [b for b in director.bubbles if b.seat == 0]
    count = theme.text(f"Stock {director.model.stock}", layout.px(15), theme.MUTED).get_rect(
        midtop=(layout.stock.centerx, layout.stock.bottom + layout.px(8))
    )
    for p in (0.0, 0.5, 1.0):
        _words, box = tabledraw.bubble_box(h.table, bubble, p, h.screen.get_width())
        assert not box.colliderect(count), (p, box, count)
        assert h.screen.get_rect().contains(box)

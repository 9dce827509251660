"""A group or a run laid by another seat is said at that seat ("5♥ 6♥ 7♥ 7♣ 8♣"), since the
pile shows only its top card; the cards stay above what the seat says next ("Macau!"), a
stand-in joker says what it stands for, and the words are drawn from the text cache."""

from __future__ import annotations

import pygame
import pytest

from game.engine import PRESETS, Game, parse_action
from game.ui import tabledraw, theme
from tests.ui.tablekit import Harness

SIZES = [(960, 600), (1280, 800)]
STOCK = "9H KC 4S 8S 10D JD 5C 2S 6S QS"


def _hungarian(east: str, size: tuple[int, int]) -> Harness:
    """Three seats, East (seat 2) to lay on 4♥."""
    g = Game.from_position(
        PRESETS["hungarian"],
        hands=["7S QC 2H 9S 3H", "6D 4D 9C KD 5D", east],
        pile="10S 4H",
        stock=STOCK,
        current=2,
    )
    return Harness(g, size=size)


def _lay(h: Harness, seat: int, move: str) -> None:
    assert h.table.apply(parse_action(move), seat), move
    h.tick(2)


def _said(h: Harness) -> list[tuple[int, str, str]]:
    return [(b.seat, b.lead, b.text) for b in h.table.director.bubbles]


def _in_view(h: Harness, seat: int) -> None:
    """The seat's bubble, all through its life: whole in the window, off every other seat
    and off its own name."""
    layout, director = h.table.layout, h.table.director
    (bubble,) = [b for b in director.bubbles if b.seat == seat]
    own = layout.areas[director.slot(seat)].rect
    others = [a.rect for i, a in enumerate(layout.areas) if i not in (0, director.slot(seat))]
    window = h.screen.get_rect()
    for p in (0.0, 0.5, 1.0):
        words, box = tabledraw.bubble_box(h.table, bubble, p, window.w)
        assert window.contains(box) and box.collidelist(others) < 0, (p, box)
        assert not box.colliderect(pygame.Rect(own.x, own.y, own.w, layout.px(30)))
        assert words.get_width() <= box.w


@pytest.mark.parametrize("size", SIZES)
def test_a_run_laid_by_another_seat_is_said_at_that_seat(size: tuple[int, int]) -> None:
    h = _hungarian("5H 6H 7H 7C 8C AS 10C", size)
    _lay(h, 2, "5H 6H 7H 7C 8C")
    assert _said(h) == [(2, "", "5♥ 6♥ 7♥ 7♣ 8♣")]
    _in_view(h, 2)
    (bubble,) = h.table.director.bubbles
    h.table.director._bubble(1, "Macau!")  # as long as any other seat's words
    assert bubble.tween.duration == h.table.director.bubbles[-1].tween.duration


@pytest.mark.parametrize("size", SIZES)
def test_the_cards_stay_above_the_call_that_follows_them(size: tuple[int, int]) -> None:
    h = _hungarian("5H 6H 7H 7C 8C AS", size)
    _lay(h, 2, "5H 6H 7H 7C 8C!")
    assert _said(h) == [(2, "5♥ 6♥ 7♥ 7♣ 8♣", "Macau!")]
    _in_view(h, 2)


def test_a_suit_group_and_a_polish_group_are_said_too() -> None:
    h = _hungarian("5H 10H 8H 7C AS", (960, 600))
    _lay(h, 2, "5H 10H 8H")
    assert _said(h) == [(2, "", "5♥ 10♥ 8♥")]
    g = Game.from_position(
        PRESETS["polish"],
        hands=["8S QC 2H 9C 3S", "2C 4D 9S KD 5D", "2D 3H 4C JC AS", "3D 7H 7C 7D 6C"],
        pile="5H 9D 7S",
        stock="9H KC 4S 10D JD 5C 6D",
        current=3,
    )
    h = Harness(g, size=(960, 600))
    _lay(h, 3, "7H 7C 7D")
    assert _said(h) == [(3, "", "7♥ 7♣ 7♦")]


def test_a_stand_in_joker_says_what_it_stands_for_alone_or_in_a_run() -> None:
    h = _hungarian("5H 6H RJ 8H 7C AS", (960, 600))
    _lay(h, 2, "5H 6H RJ=7H 8H")
    assert _said(h) == [(2, "", "5♥, 6♥, 7♥ (joker), 8♥")]
    h = _hungarian("RJ 8H 7C AS", (960, 600))
    _lay(h, 2, "RJ=9H")
    assert _said(h) == [(2, "", "as 9♥")]


def test_a_single_card_and_your_own_group_get_no_such_bubble() -> None:
    h = _hungarian("7H 8C AS", (960, 600))
    _lay(h, 2, "7H")
    assert _said(h) == []
    g = Game.from_position(
        PRESETS["polish"],
        hands=["7H 7C 7D 9C", "2C 4D 9S KD 5D", "2D 3H 4C JC AS"],
        pile="5H 9D 7S",
        stock="9H KC 4S 8S",
    )
    h = Harness(g, size=(960, 600))
    _lay(h, 0, "7H 7C 7D")
    assert _said(h) == []


def test_the_bubble_is_drawn_from_the_cache_frame_after_frame() -> None:
    h = _hungarian("5H 6H 7H 7C 8C AS", (960, 600))
    _lay(h, 2, "5H 6H 7H 7C 8C!")
    h.tick()
    made = theme._text.cache_info().misses + tabledraw._two_lines.cache_info().misses
    h.tick(40)
    assert theme._text.cache_info().misses + tabledraw._two_lines.cache_info().misses == made


def test_the_cards_over_a_call_take_the_four_colour_deck_when_it_is_switched() -> None:
    pygame.font.init()
    lead, size = "8♦ 8♣", 18
    try:
        theme.set_four_colour(False)
        two = pygame.image.tobytes(tabledraw._bubble_words("Macau!", lead, size, theme.INK), "RGBA")
        theme.set_four_colour(True)
        four = pygame.image.tobytes(
            tabledraw._bubble_words("Macau!", lead, size, theme.INK), "RGBA"
        )
        assert four != two
        assert four == pygame.image.tobytes(
            tabledraw._bubble_words("Macau!", lead, size, theme.INK), "RGBA"
        )
    finally:
        theme.set_four_colour(False)

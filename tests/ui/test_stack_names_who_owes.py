"""The waiting stack's words say who draws it ("North draws 5") when it is not you ("To
draw: 5"), the name cut short where the room beside the stack is short."""

from __future__ import annotations

import pygame
import pytest

from game.ui import tabledraw, theme
from tests.ui.tablekit import Harness, four_seats, play_moves
from tests.ui.textkit import drawn_texts

SIZES = [(960, 600), (1280, 800)]


def _words_drawn(monkeypatch: pytest.MonkeyPatch, h: Harness) -> list[tuple[str, pygame.Rect]]:
    return drawn_texts(monkeypatch, h.stack, h.screen.get_size())


@pytest.mark.parametrize("size", SIZES)
def test_the_stack_says_who_draws_it(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    h = four_seats("5H 9D", 2, size)
    play_moves(h, (2, "2D"))  # North lays 2♦: East owes 2
    words = [w for w, _ in _words_drawn(monkeypatch, h)]
    assert "East draws 2" in words and "To draw: 2" not in words
    play_moves(h, (3, "3D"))  # East fights back: now you owe 5
    words = [w for w, _ in _words_drawn(monkeypatch, h)]
    assert "To draw: 5" in words and not [w for w in words if w.endswith(" draws 5")]


def test_a_king_of_spades_names_the_seat_behind_it(monkeypatch: pytest.MonkeyPatch) -> None:
    hands = ["7S QC 2H 9C 3S", "2C 4D 9S KD 5D", "2S 3H 4C JC AS", "KS 4H 8C AC 6C"]
    h = four_seats("5H 10S", 3, (1280, 800), hands)
    play_moves(h, (3, "KS"))  # East lays K♠: the stack goes back to North
    assert "North draws 5" in [w for w, _ in _words_drawn(monkeypatch, h)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", ["Wojciech Szczęsny-Brzęczyszczyk", "W" * 32])
def test_a_long_name_on_the_stack_is_cut_clear_of_the_seats_and_the_stock(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], name: str
) -> None:
    h = four_seats("5H 9D", 2, size)
    names = ["You", "West", "North", name]
    h.table.names[:] = names
    h.table.director.names[:] = names
    play_moves(h, (2, "2D"))
    layout = h.table.layout
    drawn = dict(_words_drawn(monkeypatch, h))
    (words,) = [w for w in drawn if w.endswith(" draws 2")]
    pill, box = tabledraw.penalty_pill(layout, 2, name, names)
    assert drawn[words].size == pill.get_size() and box.contains(drawn[words])
    assert box.collidelist([a.rect for a in layout.areas]) < 0
    count = theme.text_size(f"Stock {h.game.stock_count}", layout.px(15))
    stock_count = pygame.Rect((0, 0), count)
    stock_count.midtop = (layout.stock.centerx, layout.stock.bottom + layout.px(8))
    assert not box.colliderect(stock_count) and box.right <= layout.stock.left
    assert words[:2] == name[:2]

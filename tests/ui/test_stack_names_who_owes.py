"""The waiting stack's words say who draws it ("North draws 5") when it is not you ("To
draw: 5"), the name cut short where the room beside the stack is short."""

from __future__ import annotations

import pygame
import pytest

from game.engine import PRESETS, Game, parse_action
from game.ui import tabledraw, theme
from tests.ui.tablekit import Harness, four_seats, normal_speed_table, play_moves
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


def test_with_no_room_beside_the_stock_the_words_go_under_its_count(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Six seats at 960×600 with the log open: the cards are small, the seat at the left is
    # close to the stock, and the stock's count is wider than the stock.
    from game.engine import Game
    from tests.ui.tablekit import Harness

    hands = ["2S 3C 7C 5D", "7H 8H 9S", "QC 2C 10S", "3H 3S 8C", "2D 6D 9H 4S", "KD 6S 5C 4C 9C"]
    stock = "4H 6H 10H JH KH AH 7D 8D 9D 10D JD QD 2H AD 10C JC AC 7S 8S JS QS KS AS"
    g = Game.from_position("hungarian", hands=hands, pile="5D", stock=stock, current=4)
    h = Harness(g, size=(960, 600))
    h.table.show_log = True
    h.tick(2)
    play_moves(h, (4, "2D"))  # Eve lays 2♦: the next seat owes 2
    layout = h.table.layout
    names = tuple(h.table.names)
    owner = names[5]
    _pill, box = tabledraw.penalty_pill(layout, 2, owner, names)
    count = theme.text_size(f"Stock {h.game.stock_count}", layout.px(15))
    stock_count = pygame.Rect((0, 0), count)
    stock_count.midtop = (layout.stock.centerx, layout.stock.bottom + layout.px(8))
    assert not box.colliderect(stock_count) and not box.colliderect(layout.stock)
    assert box.collidelist([a.rect for a in layout.areas]) < 0
    drawn = dict(_words_drawn(monkeypatch, h))
    assert f"{owner} draws 2" in drawn


def test_a_name_cut_to_nothing_beside_the_stock_is_told_whole_under_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Eight seats in an 800×600 window: beside the stock there is room for "… draws 2"
    # only; the words go under the stock's count with the name whole.
    from game.engine import Game
    from tests.ui.tablekit import Harness

    hands = ["4S 5S", "2D 6D", "7H 8H", "QC 10S", "3H 8C", "9H 4C", "KD 6S", "5C 9C"]
    stock = "4H 6H 10H JH KH AH 7D 8D 9D 10D JD QD 2H AD 10C JC AC 7S 8S JS QS KS AS"
    g = Game.from_position("hungarian", hands=hands, pile="5D", stock=stock, current=1)
    h = Harness(g, size=(800, 600))
    play_moves(h, (1, "2D"))  # the seat after owes 2
    names = tuple(h.table.names)
    drawn = dict(_words_drawn(monkeypatch, h))
    assert f"{names[2]} draws 2" in drawn


@pytest.mark.parametrize("size", [(800, 600), (1024, 768)])
def test_words_under_the_stock_keep_left_of_the_log_and_clear_of_the_seats(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    # The log open and the next seat's name 32 letters long: under the stock, cut short.
    h = four_seats("5H 9D", 2, size)
    h.table.show_log = True
    name = "W" * 32
    names = ["You", "West", "North", name]
    h.table.names[:] = names
    h.table.director.names[:] = names
    play_moves(h, (2, "2D"))
    layout = h.table.layout
    _pill, box = tabledraw.penalty_pill(layout, 2, name, names)
    assert box.right <= layout.log_rect.left and box.left >= 0
    assert box.collidelist([a.rect for a in layout.areas]) < 0
    words = [w for w, _ in _words_drawn(monkeypatch, h) if w.endswith(" draws 2")]
    assert words and words[0].startswith("W")


@pytest.mark.parametrize("taker", [0, 1])
def test_a_stack_taken_from_a_short_pack_says_what_is_drawn_while_the_pile_is_shuffled_in(
    monkeypatch: pytest.MonkeyPatch, taker: int
) -> None:
    # 1 card in the stock and 2 under the top card: K♥ makes the taker owe 5, 3 can be drawn
    hands = ["9S 8C 5D", "10S 10C", "KH 6C 7D"]
    if taker == 1:
        hands = [hands[2], hands[0], hands[1]]
    game = Game.from_position(
        PRESETS["polish"], hands=hands, pile="6H 7H", stock="10D", current=(taker - 1) % 3
    )
    stack, screen, table, _ = normal_speed_table(game)
    assert table.apply(parse_action("KH"), (taker - 1) % 3)
    owes = "To draw: 3" if taker == 0 else f"{table.names[1]} draws 3"
    said: list[str] = []
    for _ in range(300):
        stack.update(1 / 60)
        said += [w for w, _ in drawn_texts(monkeypatch, stack, screen.get_size())]
        if table.director.idle:
            break
    assert owes in said
    assert table.apply(parse_action("draw"), taker)
    told_while_shuffled = False
    for _ in range(300):
        stack.update(1 / 60)
        words = [w for w, _ in drawn_texts(monkeypatch, stack, screen.get_size())]
        assert not [w for w in words if w.endswith(("draw: 5", "draws 5"))], words
        told_while_shuffled |= owes in words and table.director.model.stock > 1
        if table.director.idle:
            break
    assert told_while_shuffled and table.game.hand_counts[taker] == len(hands[taker].split()) + 3

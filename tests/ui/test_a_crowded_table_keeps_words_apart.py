"""In the smallest window a seat's words keep clear of its place once it is out (at ten seats
the right-most top seat's "I win!" was drawn over its "1st"), and the pile's "+2" of the
words of the seat across that laid it (it rose into them)."""

from __future__ import annotations

import pygame
import pytest

from game.engine import PRESETS, Game, parse_action
from game.store.settings import Settings
from game.ui.layout import table_layout
from game.ui.matchtable import MatchTable
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import Screen
from tests.ui.textkit import drawn_texts

SIZE = (960, 600)
NAMES = ["You", "Ada", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana", "Ivo"]


def _table(hands: list[str], pile: str, stock: str, current: int) -> tuple[Screen, MatchTable]:
    names = NAMES[: len(hands)]
    specs = tuple(SeatSpec(n) if i == 0 else SeatSpec(n, "medium") for i, n in enumerate(names))
    game = Game.from_position(
        PRESETS["hungarian"], hands=hands, pile=pile, stock=stock, current=current
    )
    settings = Settings(animation_speed="normal", bot_pace="fast")
    table = MatchTable(TableSetup("hungarian", specs), game, settings=settings, deal=False)
    table.saving = False
    table.bots.clear()
    return Screen(table, SIZE), table


def test_a_top_seats_win_keeps_clear_of_its_place_at_the_rows_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hands = ["9H 9C 10D JS 5D", "7C 7D 8S 9D 10S", "6D 7S 8C 10C JD", "6S 7C 8D 9S 10H",
             "5S 7H 8H 3C 10S", "5H 6H 8C 9D JD", "9H KC 10D JS QS", "4H 4C 4D 4S 6C",
             "6H 8D 9C 10H", "5C 7D 8C 9D"]  # fmt: skip
    top = [a for a in table_layout(SIZE, 10).areas if a.side == "top"]
    last = max(top, key=lambda a: a.rect.right).seat  # the top row's right-most seat
    hands[last] = "6C"
    screen, table = _table(hands, "2C 5C", "2D 3H 8S 7D", current=last)
    assert table.apply(parse_action("6C"), last)
    for _ in range(60):
        screen.frame()
        words = dict(drawn_texts(monkeypatch, screen.stack, SIZE))
        if "I win!" in words and "1st" in words:
            assert not words["I win!"].colliderect(words["1st"])
            return
    raise AssertionError("no I win! beside 1st")


@pytest.mark.parametrize("seats", [2, 4, 6])
def test_the_piles_count_rises_only_where_it_meets_no_seats_words(
    seats: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The seat across lays 8♥ 2♥: its words sit under its box, where the "+2" rising over
    # the pile reached them; it now stays over the pile's top there, and off the card.
    from game.ui import tabledraw

    across = seats // 2
    pool = ["7D 9D", "7S 9S", "7C 9C", "10D 10S", "6D 6S", "8S 8C"]
    hands = [pool[i] if i != across else "8H 2H 10C" for i in range(seats)]
    names = NAMES[:seats]
    specs = tuple(SeatSpec(n) if i == 0 else SeatSpec(n, "medium") for i, n in enumerate(names))
    game = Game.from_position(
        PRESETS["hungarian"], hands=hands, pile="5H", stock="3H 4S JD QD", current=across
    )
    settings = Settings(animation_speed="normal", bot_pace="fast")
    table = MatchTable(TableSetup("hungarian", specs), game, settings=settings, deal=False)
    table.saving = False
    table.bots.clear()
    screen = Screen(table, SIZE)
    drawn: list[tuple[int, pygame.Rect]] = []
    real = tabledraw.bubble_box

    def spy(*args: object) -> tuple[pygame.Surface, pygame.Rect]:
        words, box = real(*args)  # type: ignore[arg-type]
        drawn.append((args[1].seat, box.copy()))  # type: ignore[attr-defined]
        return words, box

    monkeypatch.setattr(tabledraw, "bubble_box", spy)
    assert table.apply(parse_action("8H 2H"), across)
    both = 0
    for _ in range(120):
        drawn.clear()
        screen.frame()
        count = [box for seat, box in drawn if seat < 0]
        words = [box for seat, box in drawn if seat == across]
        for box in count:
            assert box.centery <= table.layout.pile.top + table.layout.px(8)  # off the card
            assert not any(box.colliderect(other) for other in words)
        both += bool(count and words)
    assert both > 10

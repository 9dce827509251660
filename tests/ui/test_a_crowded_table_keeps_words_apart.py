"""At a crowded table in the smallest window each seat's words keep clear of the others',
of who owes the stack waiting ("Cleo draws 3") and of a seat's place once it is out: the
pile's "+3" was drawn over a long group's words, a side seat's words over the owner's
name, and a top seat's "I win!" over its "1st" at the right end of the row."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.engine import PRESETS, Game, parse_action
from game.store.settings import Settings
from game.ui import tabledraw
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


@pytest.fixture
def boxes(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[tuple[int, str], pygame.Rect]]:
    """Where each bubble was drawn in the last frame, by its seat and words."""
    drawn: dict[tuple[int, str], pygame.Rect] = {}
    real = tabledraw.bubble_box

    def spy(*args: object) -> tuple[pygame.Surface, pygame.Rect]:
        words, box = real(*args)  # type: ignore[arg-type]
        bubble = args[1]
        drawn[(bubble.seat, bubble.text)] = box.copy()  # type: ignore[attr-defined]
        return words, box

    monkeypatch.setattr(tabledraw, "bubble_box", spy)
    yield drawn


def test_the_piles_count_and_a_groups_words_keep_apart(
    boxes: dict[tuple[int, str], pygame.Rect],
) -> None:
    hands = ["2H 3H 4H 5D 8D", "6C 7C 8C 9C", "5S 6S 8S 7S 10S 3S 7D RJ", "6D 7H 8H 9H",
             "JC QC KC 10C", "4D 6H 10H JH", "2C 3C 4C 5C", "7S 8S JS QS"]  # fmt: skip
    screen, table = _table(hands, "9D 9S", "2D 3D 4S 5H 6S 10D JD QD", current=1)
    assert table.apply(parse_action("9C 6C 7C!"), 1)
    screen.frame(20)
    assert table.apply(parse_action("7S 5S 6S 8S 10S RJ=7S 3S"), 2)
    seen = 0
    for _ in range(90):
        boxes.clear()
        screen.frame()
        pill = tabledraw.penalty_pill(
            table.layout, table.director.model.penalty, tabledraw._owner(table), table.names
        )[1]
        items = list(boxes.items())
        seen = max(seen, len(items))
        for i, (one, box) in enumerate(items):
            assert not any(box.colliderect(other) for _, other in items[i + 1 :]), items
            if one[0] >= 0 and table.director.model.penalty > 0:
                assert not box.colliderect(pill), (one, pill)
    assert seen >= 3  # Ada's, Ben's and the pile's "+3" were up together


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

"""At a crowded table in the smallest window a seat's words keep clear of its place once it
is out: the right-most top seat's "I win!" was drawn over its "1st"."""

from __future__ import annotations

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

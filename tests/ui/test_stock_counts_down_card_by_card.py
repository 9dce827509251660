"""The stock's count goes down one card at a time as drawn cards leave it, a plain draw's and
an attack stack's alike: never all at once before the cards are seen to go."""

from __future__ import annotations

from itertools import pairwise

import pytest

from game.engine import PRESETS, Game, parse_action
from tests.ui.tablekit import normal_speed_table


@pytest.mark.parametrize(
    ("first", "answer", "drawn"),
    [
        ("3H", "draw", 3),  # East's 3 taken as a stack: three cards
        ("8H", "draw", 1),  # a plain draw on an ordinary turn
    ],
)
def test_the_stock_counts_down_as_each_card_leaves(first: str, answer: str, drawn: int) -> None:
    game = Game.from_position(
        PRESETS["polish"],
        hands=["7S QC 2H 9C", "3H 8H KD 5D", "2D 6S 4C JC"],
        pile="5H",
        stock="9S KC 4S 8S JD 5C 6D QS QD",
        current=1,
    )
    stack, screen, table, _heard = normal_speed_table(game)
    model = table.director.model
    assert table.apply(parse_action(first), 1)
    for _ in range(60):  # the card reaches the pile; North is to answer
        stack.update(1 / 60)
    before = model.stock
    assert before == 9
    assert table.apply(parse_action(answer), 2)
    counts = [model.stock]
    for _ in range(120):
        stack.update(1 / 60)
        stack.draw(screen)
        counts.append(model.stock)
    assert counts[-1] == before - drawn == game.stock_count
    steps = [a - b for a, b in pairwise(counts)]
    assert all(step in (0, 1) for step in steps), counts
    if drawn > 1:
        assert counts[1] > before - drawn, "every card left the stock at once"

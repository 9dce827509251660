"""What a seat says or lays never goes under the Scores button, which a points match keeps
at the top of the play area (below the top row when a seat takes the top-left corner)."""

from __future__ import annotations

import pytest

from game.store.settings import Settings
from game.ui import tabledraw
from game.ui.matchtable import MatchTable
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import Screen


@pytest.mark.parametrize("seats", [4, 5, 6])
@pytest.mark.parametrize("size", [(1280, 800), (960, 600)])
def test_no_seat_speaks_under_the_scores_button(seats: int, size: tuple[int, int]) -> None:
    names = ("Ada", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus")[: seats - 1]
    setup = TableSetup("classic", (SeatSpec("You"), *(SeatSpec(n, "medium") for n in names)))
    table = MatchTable(
        setup, setup.new_game(3), seed=3, settings=Settings(animation_speed="off"), deal=False
    )
    table.bots.clear()
    Screen(table, size)
    button = table.score_button
    assert button.visible
    director = table.director
    for seat in range(1, seats):
        # Two cards laid, then a call under them: the widest a seat's words get at a table.
        bubble = director._bubble(seat, "Macau!", laid=False)
        bubble.lead = "7♦ 7♣ 7♠ 7♥"
        for p in (0.0, 0.5, 1.0):
            _words, box = tabledraw.bubble_box(table, bubble, p, size[0])
            assert not box.colliderect(button.rect), (seat, p, box, button.rect)

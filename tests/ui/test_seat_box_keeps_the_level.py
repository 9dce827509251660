"""A seat box at the table shows a bot's level in full, whatever the bot is called: beside
the name when both fit, else just under it. A name too long for its box keeps what tells it
from the others at the table ("Katarzyna K." beside "Katarzyna N.")."""

from __future__ import annotations

import pygame
import pytest

from game.engine import Game
from game.store.settings import Settings
from game.ui.matchtable import MatchTable
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import Screen
from tests.ui.textkit import drawn_texts, overlaps

SEATS = (
    SeatSpec("Katarzyna Kowalska"),
    SeatSpec("Małgorzata Wójcik-Kamińska", "medium"),
    SeatSpec("Katarzyna Nowak", "hard"),
    SeatSpec("Małgorzata Lewandowska", "easy"),
    SeatSpec("Bo", "random"),
)
HANDS = ["7H 9H 10S", "8C 9S 10D", "2S 3C 4D", "5C 6D 8H", "QS KC JD"]


def _table(size: tuple[int, int], current: int) -> tuple[Screen, MatchTable]:
    """The table with the bot at ``current`` to move (its thinking dots beside its name)."""
    game = Game.from_position(
        "polish", hands=HANDS, pile="5H", stock="2D 3D 4S 6C 6S 7S 8S 9D", current=current
    )
    normal = Settings(animation_speed="off", bot_pace="normal")
    table = MatchTable(TableSetup("polish", SEATS), game, settings=normal, seed=1, deal=False)
    return Screen(table, size), table


def _in_box(
    drawn: list[tuple[str, pygame.Rect]], box: pygame.Rect
) -> list[tuple[str, pygame.Rect]]:
    return [(words, rect) for words, rect in drawn if box.contains(rect)]


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
@pytest.mark.parametrize("current", [0, 1, 2])
def test_a_long_bot_name_leaves_its_level_in_view(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], current: int
) -> None:
    screen, table = _table(size, current)
    screen.frame(3)
    assert current == 0 or table.thinking is not None  # the bot to move is thinking
    drawn = drawn_texts(monkeypatch, screen.stack, size)
    heads = {}
    for seat in range(1, len(SEATS)):
        box = table.layout.areas[table.director.slot(seat)].rect
        inside = _in_box(drawn, box)
        words = [w for w, _rect in inside]
        assert SEATS[seat].level in words, (seat, words)  # whole, not "medi…", not left out
        assert overlaps(inside) == [], inside
        heads[seat] = next(w for w, rect in inside if rect.y == box.y + table.layout.px(8))
    # Both Katarzynas and both Małgorzatas are told apart, by name, not only by their boxes.
    assert len(set(heads.values())) == len(heads), heads
    for seat, head in heads.items():
        first, *rest = SEATS[seat].name.split()
        assert head == SEATS[seat].name or (
            first.startswith(head.split()[0].rstrip("…")) and head.split()[-1][0] == rest[-1][0]
        ), head


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
def test_a_bots_name_and_level_stay_put_when_it_starts_thinking(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """The thinking dots go beside the name only where they fit as the name and level stand
    anyway, so the level does not jump onto the cards on every turn of the bot."""
    placed = []
    for current in (0, 1):  # seat 1 waiting, then thinking
        screen, table = _table(size, current)
        screen.frame(3)
        assert (table.thinking is not None) == (current == 1)
        drawn = drawn_texts(monkeypatch, screen.stack, size)
        box = table.layout.areas[table.director.slot(1)].rect
        placed.append(sorted((w, tuple(r)) for w, r in _in_box(drawn, box) if not w.isdigit()))
    assert placed[0] == placed[1]


TEN = (
    "You",
    "Alexandra Rodriguez",
    "Bartholomew Kowalski",
    "Catherine Zeta-Jones",
    "Dominika Wiśniewska",
    "Elżbieta Nowakowska",
    "Ferdinand Magellan",
    "Gwendolyn Appleby",
    "Hieronymus Bosch",
    "Isadora Duncan",
)


def test_ten_long_names_in_small_boxes_keep_their_first_names_over_the_thinking_dots(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Ten seats with the log open at 1024x768: the boxes are narrow, and the room the dots
    # took cut every bot's name to initials ("C. Z."). The name keeps the room; the dots
    # are left out where they do not fit.
    seats = tuple(SeatSpec(n, "" if i == 0 else "medium") for i, n in enumerate(TEN))
    game = Game.new("hungarian", seats=10, seed=3)
    slow = Settings(animation_speed="off", bot_pace="slow")
    table = MatchTable(TableSetup("hungarian", seats), game, settings=slow, seed=5, deal=False)
    table.show_log = True
    screen = Screen(table, (1024, 768))
    screen.frame(3)
    assert table.thinking is not None
    circles: list[object] = []
    monkeypatch.setattr(pygame.draw, "circle", lambda *args, **kw: circles.append(args))
    drawn = drawn_texts(monkeypatch, screen.stack, (1024, 768))
    for seat in range(1, 10):
        box = table.layout.areas[table.director.slot(seat)].rect
        head = next(w for w, r in _in_box(drawn, box) if r.y == box.y + table.layout.px(8))
        assert len(head.split()[0].rstrip("…")) > 2, head  # not an initial
    assert not circles  # the thinking seat's name is cut: no dots after it


def test_a_short_bot_name_still_has_its_thinking_dots(monkeypatch: pytest.MonkeyPatch) -> None:
    screen, table = _table((1280, 800), 4)  # "Bo", random
    screen.frame(3)
    assert table.thinking is not None
    circles: list[object] = []
    monkeypatch.setattr(pygame.draw, "circle", lambda *args, **kw: circles.append(args))
    drawn_texts(monkeypatch, screen.stack, (1280, 800))
    assert len(circles) == 3

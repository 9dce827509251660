"""A row of the match history always shows the player whose history it is: when the seats
of a big table do not fit, their longest names cut short, and where that would leave them
unreadable the first places, "…", then the player's own place; and the bots' levels stay
beside their names where there is room."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.store import GameRecord, MatchRecord, MatchSeat, SeatResult, Store
from game.ui.history_scene import HistoryScene, SeatCell
from game.ui.scene import SceneStack
from tests.ui.textkit import drawn_texts, outside, overlaps, stack_on_window

ME = "Anna Kowalska"
PEOPLE = (ME, "Anna Nowak-Wiśniewska", "Piotr Zieliński", "Piotr Wójcik")
BOTS = (("Ben", "medium"), ("Eve", "hard"), ("Cleo", "easy"), ("Dan", "medium"))
START = 1_800_000_000
LEVELS = {"medium bot", "hard bot", "easy bot", "bot"}


def _seats(order: list[int]) -> tuple[SeatResult, ...]:
    """Eight seats (four people, four bots with names at the table); seat ``order[k]``
    finished in place k + 1."""
    names = [*PEOPLE, *(name for name, _ in BOTS)]
    levels = [None] * 4 + [level for _, level in BOTS]
    place = {seat: k + 1 for k, seat in enumerate(order)}
    return tuple(
        SeatResult(s, names[s] if s < 4 else "", s >= 4, levels[s], place[s],
                   penalty_cards=3, seat_name=names[s])
        for s in range(8)
    )  # fmt: skip


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Store]:
    """Rounds of eight where Anna Kowalska came last, fifth and first, and a match of
    eight she came seventh in, newest first in that order."""
    monkeypatch.setenv("MACAU_HOME", str(tmp_path))
    opened = Store.open()
    orders = [[0, 4, 5, 2, 3, 6, 1, 7], [4, 5, 2, 3, 0, 6, 1, 7], [4, 5, 2, 3, 6, 1, 7, 0]]
    for n, order in enumerate(orders):  # the oldest first
        start = START + n * 600
        opened.record_game(GameRecord("polish", "p", start, start + 300, _seats(order)))
    names = [*PEOPLE, *(name for name, _ in BOTS)]
    totals = [310, 505, 120, 95, 40, 220, 260, 180]
    ranked = sorted(range(8), key=lambda s: totals[s])
    seats = tuple(
        MatchSeat(s, names[s] if s < 4 else "", s >= 4, BOTS[s - 4][1] if s >= 4 else None,
                  totals[s], ranked.index(s) + 1, ranked.index(s) == 0, seat_name=names[s])
        for s in range(8)
    )  # fmt: skip
    match = MatchRecord("m1", "classic", "c", 500, START - 3600, START + 3000, 7, seats, "finished")
    opened.record_match(match)
    yield opened
    opened.close()


def _rows(drawn: list[tuple[str, pygame.Rect]], history: HistoryScene) -> list[list[str]]:
    """The words of each row's seats, left to right, row by row (newest first)."""
    box = history._box()
    cols = history._columns(box)
    top = box.y + history.px(16) + history.px(34)
    rows: list[list[str]] = []
    for n in range(len(history.entries)):
        y = top + n * history.px(56)
        cells = [
            (rect.x, words)
            for words, rect in drawn
            if cols["seats"] <= rect.x < cols["time"] - history.px(90) and y <= rect.y < y + 20
        ]
        rows.append([words for _, words in sorted(cells)])
    return rows


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
def test_the_players_own_place_is_always_in_the_row(
    store: Store, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode(size)
    stack = SceneStack(None, size)
    history = stack.push(HistoryScene(store, ME))
    assert isinstance(history, HistoryScene) and len(history.entries) == 4
    drawn = drawn_texts(monkeypatch, stack, size)
    assert not overlaps(drawn) and not outside(drawn, size)
    last, fifth, won = _rows(drawn, history)[1:]  # under the match's result
    for row, place in ((last, "8."), (fifth, "5."), (won, "1.")):
        assert ME in row  # whole, not cut
        assert row[row.index(ME) - 1] == place
        assert row[:2] == ["1.", ME if place == "1." else "Ben"]
    assert "…" in last and last[-2:] == ["8.", ME]  # the seats in between left out
    assert last.index("…") < last.index(ME)
    assert fifth[-1] == "…"  # and the seats after hers
    if size == (960, 600):
        assert "…" in fifth[:-1] and fifth.index("…") < fifth.index(ME)
    # The bots' levels where there is room: beside "Ben", the winner in two of the rows.
    assert last[2] in LEVELS and won[4] in LEVELS
    if size == (1280, 800):
        assert "hard bot" in last and "hard bot" in won


def test_a_match_row_shows_the_players_total_however_many_seats(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    size = (960, 600)
    history = HistoryScene(store, ME)
    stack = stack_on_window(history, size)
    match_row = _rows(drawn_texts(monkeypatch, stack, size), history)[0]
    mine = next(i for i, words in enumerate(match_row) if words.startswith("Anna K"))
    assert match_row[mine - 1] == "7." and match_row[mine + 1] == "310"


def test_seats_that_fit_are_all_shown_with_their_levels(store: Store) -> None:
    pygame.font.init()
    history = HistoryScene(store, ME)
    cells = [
        SeatCell("1.", "Ben", "medium bot", "bot"),
        SeatCell("2.", ME, mine=True),
        SeatCell("3.", "Eve", "hard bot", "bot"),
    ]
    full = sum(history._seat_widths(c, "full") for c in cells)
    short = sum(history._seat_widths(c, "short") for c in cells)
    plan = history.seat_plan(cells, full)
    assert [(p.name, p.tag) for p in plan if p is not None] == [
        ("Ben", "medium bot"),
        (ME, ""),
        ("Eve", "hard bot"),
    ]
    tight = history.seat_plan(cells, short)
    assert None not in tight and [p.tag for p in tight if p is not None] == ["bot", "", "bot"]
    less = history.seat_plan(cells, short - 1)  # the last seat is left out, hers is not
    assert [None if p is None else p.name for p in less] == ["Ben", ME, None]
    tiny = history.seat_plan(cells, 60)
    assert [None if p is None else p.cell.mine for p in tiny] == [None, True, None]


LONG = "Wolfgang Amadeus Mozart-Schmidt"  # 31 characters: a name the game allows
WINNER = "Łukasz Żółć-Brzęczyszczykiewicz"


def test_long_names_of_others_are_cut_before_a_seat_is_left_out(store: Store) -> None:
    # Room to spare beside three seats, not for the fourth's long name whole: the long names
    # are cut short rather than the seat left out; the player's own name stays whole.
    pygame.font.init()
    history = HistoryScene(store, ME)
    cells = [
        SeatCell("1.", WINNER),
        SeatCell("2.", ME, mine=True),
        SeatCell("3.", "Eve", "hard bot", "bot"),
        SeatCell("4.", LONG),
    ]
    short = sum(history._seat_widths(c, "short") for c in cells)
    names = [None if p is None else p.name for p in history.seat_plan(cells, short - 60)]
    assert names[1:3] == [ME, "Eve"] and None not in names
    assert names[0].startswith("Łukasz") and names[3].startswith("Wolfgang")
    assert names[3] != LONG and names[3].endswith("…")


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
def test_a_long_own_name_is_cut_short_before_the_winner_is_left_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    monkeypatch.setenv("MACAU_HOME", str(tmp_path / "long"))
    with Store.open() as store:
        three = (
            SeatResult(0, LONG, False, None, 3),
            SeatResult(1, "", True, "easy", 1, seat_name="Gus"),
            SeatResult(2, "", True, "random", 2, seat_name="Hal"),
        )
        store.record_game(GameRecord("polish", "p", START, START + 300, three))
        others = (("Olaf", 2), ("Pia", 4), ("Quin", 5), ("Rosa", 6))
        bots = (SeatResult(s, "", True, "random", p, seat_name=n)
                for s, (n, p) in enumerate(others, 2))  # fmt: skip
        six = (SeatResult(0, LONG, False, None, 3), SeatResult(1, WINNER, False, None, 1), *bots)
        store.record_game(GameRecord("polish", "p", START + 400, START + 700, six))
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_mode(size)
        stack = SceneStack(None, size)
        history = stack.push(HistoryScene(store, LONG))
        drawn = drawn_texts(monkeypatch, stack, size)
    assert not overlaps(drawn) and not outside(drawn, size)
    six_row, three_row = _rows(drawn, history)
    for row in (six_row, three_row):
        mine = next(words for words in row if words.startswith("Wolfgang"))
        assert row[row.index(mine) - 1] == "3."  # the row is about the player's place
        assert row[0] == "1." and row[1] != "…"  # and who won is shown with it
    assert six_row[1].startswith("Łukasz") and three_row[1] == "Gus" and three_row[2] in LEVELS
    assert "Hal" in three_row


def test_a_match_row_cuts_only_the_names_too_long_for_it(store: Store) -> None:
    # Six seats of a match and one long name: each name used to be cut to an equal share
    # ("To…", "Olek" beside room to spare); those that fit stay whole, the long one is cut.
    pygame.font.init()
    history = HistoryScene(store, "Tomasz")
    names = ["Tomasz", "North", "Olek", LONG + " " + WINNER, "Ania", "West"]
    cells = [
        SeatCell(f"{k + 1}.", name, str(100 * k), str(100 * k), mine=name == "Tomasz")
        for k, name in enumerate(names)
    ]
    whole = sum(history._seat_widths(c, "full") for c in cells)
    room = whole - history._name_width(cells[3]) + history.px(90)
    plan = history.seat_plan(cells, room, match=True)
    shown = [p.name for p in plan if p is not None]
    assert len(shown) == 6 and shown[:3] == names[:3] and shown[4:] == names[4:]
    assert shown[3] != names[3] and shown[3].endswith("…")


@pytest.mark.parametrize(
    "alike",
    [
        ("Anna Nowak-Wiśniewska", "Anna Nowak-Kowalczyk"),
        ("Aleksandra Kowalczyk", "Aleksander Kowalczyk"),
        ("Małgorzata Wojciechowska", "Magdalena Wojciechowska"),
    ],
)
def test_two_people_cut_short_never_read_as_one(store: Store, alike: tuple[str, str]) -> None:
    pygame.font.init()
    history = HistoryScene(store, "Ola")
    cells = [SeatCell("1.", alike[0]), SeatCell("2.", alike[1]), SeatCell("3.", "Ola", mine=True)]
    cells.append(SeatCell("4.", LONG))
    short = sum(history._seat_widths(c, "short") for c in cells)
    for room in range(short - 300, short, 5):
        shown = [p.name for p in history.seat_plan(cells, room) if p is not None]
        assert "Ola" in shown and len(set(shown)) == len(shown), (room, shown)

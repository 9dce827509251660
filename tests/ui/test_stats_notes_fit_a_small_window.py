"""In the smallest window the statistics tiles keep their notes where there is room: beside
the value on two lines where one is too wide, and across the whole row for a last tile
alone on it ("#2 of 2 in the rankings" beside the rating was left out with half the row empty)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.store import GameRecord, MatchRecord, MatchSeat, SeatResult, Store
from game.ui.stats_scene import StatsScene, clear_cache
from tests.ui.textkit import drawn_texts, outside, overlaps, stack_on_window

T0 = 1_700_000_000


def _ania_and_olek(rounds: int, unfinished: int = 0) -> Store:
    """A store of ``rounds`` polish rounds of Ania against Olek, Ania first in every third,
    the last ``unfinished`` left unfinished, each a second longer than the one before."""
    clear_cache()
    opened = Store.open()
    for n in range(rounds):
        start = T0 + n * 600
        ania = 1 if n % 3 == 0 else 2
        seats = (
            SeatResult(0, "Ania", False, None, ania, biggest_stack=n % 7),
            SeatResult(1, "Olek", False, None, 3 - ania),
        )
        left = n >= rounds - unfinished
        game = GameRecord("polish", "p", start, start + 60 + n, seats, abandoned=left)
        opened.record_game(game)
    return opened


@pytest.fixture
def store() -> Iterator[Store]:
    """Ania and Olek: 1,200 rounds, Ania first in every third, 57 of them left unfinished,
    and a match Olek won (the tiles then run to eleven, the rating alone on the last row)."""
    opened = _ania_and_olek(1200, 57)
    seats = (
        MatchSeat(0, "Ania", False, None, 520, 2, False),
        MatchSeat(1, "Olek", False, None, 140, 1, True),
    )
    opened.record_match(MatchRecord("m", "classic", "c", 500, T0, T0 + 900, 6, seats, "finished"))
    yield opened
    opened.close()


def test_the_notes_stay_beside_their_values_at_960_by_600(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    size = (960, 600)
    stats = StatsScene(store, "Ania")
    stack = stack_on_window(stats, size)
    tiles = {t.label: t.note for t in stats.tiles}
    assert (
        tiles["Rounds"] == "and 57 left unfinished" and tiles["Rating"] == "#2 of 2 in the rankings"
    )
    assert len(stats.tiles) % 2 == 1  # the rating alone on the last row
    drawn = drawn_texts(monkeypatch, stack, size)
    words = " ".join(text for text, _ in drawn)
    assert tiles["Rating"] in words  # across its row
    shown = [text for text, _ in drawn]
    assert "and 57 left" in shown and "unfinished" in shown  # on two lines beside 1,143
    assert not overlaps(drawn) and not outside(drawn, size)


@pytest.fixture
def rounds_only() -> Iterator[Store]:
    """Ania's 60 rounds of polish against Olek and no match: ten tiles, five rows, each
    note under its value where the row leaves room."""
    opened = _ania_and_olek(60)
    yield opened
    opened.close()


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
def test_a_note_under_its_value_keeps_clear_of_the_next_rows_label(
    rounds_only: Store, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    stats = StatsScene(rounds_only, "Ania")
    assert len(stats.tiles) % 2 == 0
    stack = stack_on_window(stats, size)
    tiles_box = stats._layout()[0]
    drawn = [(t, r) for t, r in drawn_texts(monkeypatch, stack, size) if tiles_box.contains(r)]
    notes = {t.note for t in stats.tiles}
    for note, upper in [(t, r) for t, r in drawn if t in notes]:
        below = [r for _, r in drawn if r.top >= upper.bottom and r.left == upper.left]
        if below:  # (a note under its value, a label of the next row under it)
            assert min(r.top for r in below) - upper.bottom >= stats.px(12), note

"""A double-click lays a card at the pace the player's system sets for double-clicks: SDL
counts the clicks of each press (2 for the second of a double-click), and the table follows
that count; presses that carry no count fall back to the game's own half second. The second
press lays the card the first picked though it rose out from under the pointer."""

from __future__ import annotations

import pygame
import pytest

from game.engine import PRESETS, Game
from tests.ui.tablekit import Harness


class FakeTicks:
    """pygame's millisecond clock, moved on by hand: when each click happens."""

    def __init__(self) -> None:
        self.ms = 10_000

    def __call__(self) -> int:
        return self.ms


@pytest.fixture
def ticks(monkeypatch: pytest.MonkeyPatch) -> FakeTicks:
    fake = FakeTicks()
    monkeypatch.setattr(pygame.time, "get_ticks", fake)
    return fake


def _table(hand: str = "5H 2C 6C KC QD") -> Harness:
    game = Game.from_position(
        PRESETS["polish"],
        hands=[hand, "2D 4D 9S", "3D 3H", "3S 4H"],
        pile="7H",
        stock="9H 10C 4S 8S JD 5C 6D",
        current=0,
    )
    return Harness(game)


def _click(h: Harness, code: str, **clicks: int) -> None:
    """A press and release on ``code`` as SDL reports them (``clicks=n``), or with no count."""
    x, y = h.card_pos(code)
    _click_at(h, (round(x), round(y)), **clicks)


def _click_at(h: Harness, pos: tuple[int, int], **clicks: int) -> None:
    h.send(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    h.send(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False, **clicks)
    h.send(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False, **clicks)


def test_a_double_click_the_system_counts_lays_the_card_though_it_took_450_ms(
    ticks: FakeTicks,
) -> None:
    h = _table()
    _click(h, "5H", clicks=1)
    ticks.ms += 450  # slower than a brisk double-click, within the usual desktop setting
    _click(h, "5H", clicks=2)
    h.tick(3)
    assert h.game.top.code == "5H"
    assert "5H" not in h.hand_codes()


def test_a_double_click_near_a_cards_lower_edge_lays_that_card(ticks: FakeTicks) -> None:
    # Picked by the first click, QD rises out of that band, which then shows KC beneath it.
    h = _table("5H 2C 6C 7C 8C 9C 10H JH KS KC QD")
    x, y = h.card_pos("QD")
    low = (round(x), round(y + h.table.layout.card[1] / 2 - h.table.layout.lift / 2))
    _click_at(h, low, clicks=1)
    beneath = h.table.hand.hit(low, h.table.layout)
    assert beneath is not None and beneath.card.code == "KC"  # (QD picked)
    ticks.ms += 200
    _click_at(h, low, clicks=2)
    h.tick(3)
    assert h.game.top.code == "QD"
    assert "KC" in h.hand_codes() and not h.table.hand.selected_cards()


def test_quick_clicks_on_a_card_and_the_corner_it_rose_from_pick_both(ticks: FakeTicks) -> None:
    # 10 px left of the first click, on KC's corner that QD uncovered as it rose: SDL counts
    # the two presses as a double-click (they are within its 32 px), but they are two picks.
    h = _table("5H 2C 6C 7C 8C 9C 10H JH KS KC QD")
    x, y = h.card_pos("QD")
    low = (round(x), round(y + h.table.layout.card[1] / 2 - h.table.layout.lift / 2))
    _click_at(h, low, clicks=1)
    beside = (low[0] - 10, low[1])
    beneath = h.table.hand.hit(beside, h.table.layout)
    assert beneath is not None and beneath.card.code == "KC"
    assert h.table.hand.lay_on(h.table.hand.cards[-1], beside, h.table.layout)
    ticks.ms += 200
    _click_at(h, beside, clicks=2)
    h.tick(3)
    assert h.game.top.code == "7H"
    assert [c.code for c in h.table.hand.selected_cards()] == ["QD", "KC"]


def test_quick_clicks_on_a_card_and_the_one_beneath_it_pick_both(ticks: FakeTicks) -> None:
    h = _table()
    later, beneath = (h.table.hand.cards[i].card.code for i in (2, 1))
    _click(h, later, clicks=1)
    ticks.ms += 150
    _click(h, beneath, clicks=2)  # SDL counts two clicks close together, on any cards
    h.tick(3)
    assert h.game.top.code == "7H"
    assert [c.code for c in h.table.hand.selected_cards()] == [later, beneath]


def test_two_single_clicks_pick_the_card_and_put_it_back_however_quick(
    ticks: FakeTicks,
) -> None:
    h = _table()
    _click(h, "5H", clicks=1)
    assert [c.code for c in h.table.hand.selected_cards()] == ["5H"]
    ticks.ms += 100  # the system's double-click time is shorter still: two clicks
    _click(h, "5H", clicks=1)
    h.tick(3)
    assert h.game.top.code == "7H"
    assert "5H" in h.hand_codes() and not h.table.hand.selected_cards()


def test_a_double_click_begun_on_another_card_picks_the_card_it_ends_on(
    ticks: FakeTicks,
) -> None:
    h = _table()
    _click(h, "2C", clicks=1)
    ticks.ms += 200
    _click(h, "5H", clicks=2)  # SDL counts two clicks close together, on any cards
    h.tick(3)
    assert h.game.top.code == "7H"
    assert "5H" in [c.code for c in h.table.hand.selected_cards()]


def test_clicks_with_no_count_lay_the_card_within_half_a_second(ticks: FakeTicks) -> None:
    h = _table()
    _click(h, "5H")
    ticks.ms += 450
    _click(h, "5H")
    h.tick(3)
    assert h.game.top.code == "5H"


def test_clicks_with_no_count_further_apart_pick_the_card_and_put_it_back(
    ticks: FakeTicks,
) -> None:
    h = _table()
    _click(h, "5H")
    ticks.ms += 600
    _click(h, "5H")
    h.tick(3)
    assert h.game.top.code == "7H"
    assert "5H" in h.hand_codes() and not h.table.hand.selected_cards()

"""Continue brings your hand back in the order you arranged it, and the hand keeps that
order afterwards, as after a drag; a hand sorted by suit or rank comes back sorted."""

from __future__ import annotations

import random
from concurrent.futures import Future

import pygame

from game.engine import PRESETS, Game, parse_action
from game.store.saves import load_game
from game.store.settings import Settings
from game.ui.matchtable import MatchTable
from game.ui.resume import _rng_state, restore
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import Screen

BY_SUIT = Settings(animation_speed="off", hand_sort="suit")
SETUP = TableSetup("polish", (SeatSpec("You"), SeatSpec("Ben", "medium")))


def _table(bots: bool = False) -> tuple[Screen, MatchTable]:
    """You to play at the start of a round against Ben (a medium bot, waiting unless
    ``bots``)."""
    game = Game.from_position(
        PRESETS["polish"],
        hands=["AS 8H 9C 3D KS", "4H KD JH 9S"],
        pile="5H 7S",
        stock="9H KC 4S 8S",
        current=0,
    )
    table = MatchTable(SETUP, game, settings=BY_SUIT, seed=1, deal=False)
    if not bots:
        table.bots.clear()
    return Screen(table), table


def _codes(table: MatchTable) -> list[str]:
    return [hc.card.code for hc in table.hand.cards]


def _continued() -> tuple[Screen, MatchTable]:
    saved = load_game().data
    assert saved is not None
    table = restore(saved, BY_SUIT)
    table.bots.clear()
    return Screen(table), table


def test_your_own_order_comes_back_and_stays_yours() -> None:
    screen, table = _table()
    assert _codes(table) == ["KS", "AS", "8H", "9C", "3D"]  # sorted by suit
    table.hand.cursor = 1
    for _ in range(2):  # Shift+→ twice: the ace of spades two places on
        screen.key(pygame.K_RIGHT, mod=pygame.KMOD_SHIFT)
    arranged = ["KS", "8H", "9C", "AS", "3D"]
    assert _codes(table) == arranged
    saved = load_game().data
    assert saved is not None and saved["hand_order"] == arranged  # saved at once, no move yet
    screen.stack.clear()
    screen, table = _continued()
    assert _codes(table) == arranged
    assert table.sort_button.label == "Sort: own"
    assert table.apply(parse_action("draw"))  # a new card goes at the end, as after a drag
    screen.frame(3)
    assert _codes(table) == [*arranged, "9H"]


def test_a_sorted_hand_comes_back_sorted() -> None:
    screen, table = _table()
    table.save()
    screen.stack.clear()
    screen, table = _continued()
    assert _codes(table) == ["KS", "AS", "8H", "9C", "3D"]
    assert table.sort_button.label == "Sort: suit"


def test_a_hand_sorted_the_other_way_is_saved_at_once() -> None:
    screen, table = _table()
    table.arrange_hand(table.game.hand(0))  # your own order, as dealt
    table.save()
    screen.key(pygame.K_o)  # then sorted (by suit) again
    assert table.hand.sort_mode == "suit"
    saved = load_game().data
    assert saved is not None and saved["hand_order"] is None  # a sorted hand sorts again


def test_a_card_moved_while_a_bot_thinks_is_saved_at_once() -> None:
    """Saved mid-decision, the bot's random stream is saved as its decision began, so the
    new order need not wait for the bot's move (the window may be closed before it)."""
    _screen, table = _table(bots=True)
    bot = table.bots[1]
    began = bot.rng.getstate()
    # A decision under way (as ``_run_bots`` starts one), moving the bot's stream.
    table.thinking, table.thinking_seat = Future(), 1
    table._think_version, table.think_start_state = table.version, (began, None)
    bot.rng.random()
    table.hand.cursor = 0
    table.flow.shift_card(1)  # Shift+→
    saved = load_game().data
    assert saved is not None and saved["hand_order"][:2] == ["AS", "KS"]
    as_began = random.Random()
    as_began.setstate(began)
    assert saved["bots"]["1"] == _rng_state(as_began) != _rng_state(bot.rng)

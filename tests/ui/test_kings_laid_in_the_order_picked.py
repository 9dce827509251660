"""Cards picked in an order that cannot start are laid in one that can only when the card
that then ends the group does to the table what the card picked last would. Kings of one
rank do different things (K♥ attacks the next seat, K♠ the seat before, K♣ and K♦ nobody),
so K♠ then K♥ on 7♥ is refused with the reason K♠ cannot start, not laid as K♥ K♠."""

from __future__ import annotations

import pygame
import pytest

from game.engine import PRESETS, Game, parse_action
from tests.ui.tablekit import Harness

OTHERS = ["5S 5C 6C", "8S 8D 9H", "6D 6H 10C"]  # West (next), North, East (the seat before)


def _table(preset: str, hand: str, top: str) -> Harness:
    game = Game.from_position(
        PRESETS[preset], hands=[hand, *OTHERS], pile=f"4C {top}", stock="2S 2C 10D QD"
    )
    return Harness(game)


def _refused(h: Harness, pile: int, reason: str) -> None:
    assert len(h.game.pile) == pile  # nothing laid
    assert h.game.current == 0 and h.game.penalty == 0
    assert h.table.toast is not None and h.table.toast[0] == reason
    assert len(h.table.hand.cards) == 4 and not h.table.flow.held


@pytest.mark.parametrize(
    ("preset", "hand", "top", "picked", "reason"),
    [
        # K♥ picked last would send 10 to West; laid as K♥ K♠ they went to East.
        ("hungarian", "KS KH 9C 5D", "7H", "KS KH", "K♠ matches neither the suit in force"),
        ("polish", "KS KH 9C 5D", "7H", "KS KH", "K♠ matches neither the suit in force"),
        # K♥ last attacks; laid as K♥ K♣ the plain K♣ acted last and nobody owed anything.
        ("hungarian", "KC KH 9C 5D", "7H", "KC KH", "K♣ matches neither the suit in force"),
        # K♠ last would send 10 to East; laid as K♠ K♥ they went to West.
        ("hungarian", "KH KS 9C 5D", "7S", "KH KS", "K♥ matches neither the suit in force"),
    ],
)
def test_kings_picked_in_an_order_that_cannot_start_are_refused_with_the_reason(
    preset: str, hand: str, top: str, picked: str, reason: str
) -> None:
    h = _table(preset, hand, top)
    h.pick_with_keys(picked)
    h.tick(2)
    assert h.table.play_button.visible and not h.table.play_button.primary
    h.key(pygame.K_RETURN)
    h.tick(5)
    assert h.table.toast is not None and h.table.toast[0].startswith(reason)
    _refused(h, 2, h.table.toast[0])


def test_kings_picked_with_the_mouse_are_refused_too() -> None:
    h = _table("hungarian", "KS KH 9C 5D", "7H")
    h.pick_and_play("KS KH")
    _refused(h, 2, "K♠ matches neither the suit in force (hearts) nor the rank of 7♥")


def test_on_a_waiting_attack_a_plain_king_picked_last_is_not_swapped_for_a_battle_king() -> None:
    """On a K♥ attack K♠ then K♣ was laid as K♣ K♠: a cut, then K♠ attacking anew."""
    game = Game.from_position(
        PRESETS["hungarian"],
        hands=["KS KC 9C 5D", "5S 5C 6C", "8S 8D 9H", "6D 6H 10C KH"],
        pile="4C 7H",
        stock="2S 2C 10D QD",
        current=3,
    )
    game.apply(parse_action("KH"), 3)
    h = Harness(game)
    h.pick_with_keys("KS KC")
    h.key(pygame.K_RETURN)
    h.tick(5)
    assert [c.code for c in h.game.pile[-2:]] == ["7H", "KH"]
    assert h.game.current == 0 and h.game.penalty == 5
    assert h.table.toast is not None and h.table.toast[0]


def test_the_order_that_can_start_is_laid_as_picked() -> None:
    h = _table("hungarian", "KS KH 9C 5D", "7H")
    h.pick_with_keys("KH KS")
    h.key(pygame.K_RETURN)
    h.tick(5)
    assert [c.code for c in h.game.pile[-2:]] == ["KH", "KS"]
    assert h.game.current == 3 and h.game.penalty == 10  # K♠ last: East owes


def test_plain_cards_of_one_rank_are_still_laid_in_an_order_that_can_start() -> None:
    """9♠ cannot start on 5♦; 9♦ 9♠ can, and 9♠ does nothing 9♦ would not."""
    h = _table("hungarian", "9S 9D KC 7D", "5D")
    h.pick_and_play("9S 9D")
    assert [c.code for c in h.game.pile[-2:]] == ["9D", "9S"]
    assert h.game.current == 1

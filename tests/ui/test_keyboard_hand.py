"""Your hand from the keyboard: the cursor stays on the card you chose, and a card laid
with Enter waits at its place in the hand while a chooser asks its question."""

from __future__ import annotations

import pygame
import pytest

from game.engine import PRESETS, Game
from game.ui.choosers import SuitChooser
from tests.ui.tablekit import Harness


def polish(hands: list[str], pile: str, stock: str, current: int = 0) -> Game:
    return Game.from_position(
        PRESETS["polish"], hands=hands, pile=pile, stock=stock, current=current
    )


def cursor_to(h: Harness, code: str) -> None:
    """Press → until the cursor is on ``code``."""
    for _ in range(len(h.hand_codes())):
        h.key(pygame.K_RIGHT)
        if h.hand_codes()[h.table.hand.cursor or 0] == code:
            return
    raise AssertionError(f"{code} not in {h.hand_codes()}")


def under_cursor(h: Harness) -> str:
    cursor = h.table.hand.cursor
    assert cursor is not None
    return h.hand_codes()[cursor]


@pytest.mark.parametrize(
    ("before", "after"),
    [((1024, 768), (960, 600)), ((1280, 800), (960, 1400)), ((960, 600), (2560, 1440))],
)
def test_a_card_laid_with_enter_waits_at_its_place_in_the_hand_after_a_resize(
    before: tuple[int, int], after: tuple[int, int]
) -> None:
    game = polish(
        ["AD 5D 9C 7S 8S 9S", "2C 4D 9H KD", "5C 6C 8D 9D", "3H 5S 6S 10C"],
        "5H 7D",
        "QH KC 4S 8C 10D JS",
    )
    h = Harness(game, size=before)
    cursor_to(h, "AD")
    h.key(pygame.K_RETURN)
    assert isinstance(h.stack.top, SuitChooser)
    h.screen = pygame.display.set_mode(after)
    h.stack.resize(after)
    h.tick(5)
    layout, hand, flow = h.table.layout, h.table.hand, h.table.flow
    ace = next(hc for hc in hand.cards if hc.card.code == "AD")
    x, y, _ = hand.slots(layout)[hand.index_of(ace.uid)]
    w, ht = layout.card
    held = pygame.Rect(0, 0, w, ht)
    held.center = (round(flow.held_at[0]), round(flow.held_at[1]))
    assert h.screen.get_rect().contains(held), (held, after)
    # At its slot in the new hand (lifted as it was for the cursor), not by the pile.
    assert abs(flow.held_at[0] - x) <= 1 and 0 <= y - flow.held_at[1] <= layout.lift
    assert layout.hand_rect.collidepoint(flow.held_at)
    pygame.image.save(h.screen, f"/tmp/fix-table_shots/held_{after[0]}x{after[1]}.png")
    h.key(pygame.K_h)  # the suit is named: the ace is laid from there
    assert h.game.top.code == "AD" and h.game.suit_in_force == "H"

"""Your hand from the keyboard: the cursor stays on the card you chose, and a card laid
with Enter waits at its place in the hand while a chooser asks its question."""

from __future__ import annotations

import pygame
import pytest

from game.engine import PRESETS, Card, Game, Phase, Play
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
    h.key(pygame.K_h)  # the suit is named: the ace is laid from there
    assert h.game.top.code == "AD" and h.game.suit_in_force == "H"


def test_the_cursor_stays_on_its_card_when_a_drawn_card_is_sorted_in_before_it() -> None:
    h = Harness(polish(["9C 10C", "2C 4D 9H KD", "5C 6C 8D 9D"], "4H 5H", "6S KC 4S 8C"))
    h.key(pygame.K_o, "o")  # sort by suit: spades come before clubs
    cursor_to(h, "10C")
    h.key(pygame.K_d, "d")  # 6♠ does not fit: the turn passes
    h.tick(5)
    assert h.hand_codes() == ["6S", "9C", "10C"]
    assert under_cursor(h) == "10C"


def test_after_drawing_a_card_that_fits_the_cursor_is_on_it_and_enter_lays_it() -> None:
    h = Harness(polish(["9C 10C", "2C 4D 9H KD", "5C 6C 8D 9D"], "4H 5H", "7H KC 4S 8C"))
    h.key(pygame.K_o, "o")
    cursor_to(h, "10C")
    h.key(pygame.K_d, "d")
    h.tick(5)
    assert h.game.phase == Phase.DRAWN and h.hand_codes() == ["7H", "9C", "10C"]
    assert under_cursor(h) == "7H"
    h.key(pygame.K_RETURN)
    h.tick(5)
    assert h.game.top.code == "7H" and h.table.toast is None
    assert under_cursor(h) in ("9C", "10C")


def test_a_draw_after_a_hint_put_the_cursor_away_puts_it_on_the_card_drawn() -> None:
    # 9♣ 10♣ on 5♥: nothing fits, the hint says draw and takes the cursor off the hand;
    # Enter draws 7♥, which fits, and a second Enter lays it, as after D.
    h = Harness(polish(["9C 10C", "2C 4D 9H KD", "5C 6C 8D 9D"], "4H 5H", "7H KC 4S 8C"))
    cursor_to(h, "10C")
    h.key(pygame.K_h, "h")
    assert h.table.hand.cursor is None
    h.key(pygame.K_RETURN)
    h.tick(5)
    assert h.game.phase == Phase.DRAWN and under_cursor(h) == "7H"
    h.key(pygame.K_RETURN)
    h.tick(5)
    assert h.game.top.code == "7H" and h.table.toast is None


def test_the_cursor_stays_on_its_card_after_a_penalty_and_a_sort() -> None:
    game = polish(["9C 10C 3S", "4D 9H KD", "2H 5C 6C 8D"], "4H 5H", "6S QD 8S 4S", current=2)
    game.apply(Play((Card.parse("2H"),)), 2)  # the next seat (you) owes two cards
    h = Harness(game)
    h.key(pygame.K_o, "o")  # by suit: 3♠ 9♣ 10♣
    cursor_to(h, "9C")
    h.key(pygame.K_d, "d")  # take the two penalty cards: 6♠ and Q♦
    h.tick(5)
    assert sorted(h.hand_codes()) == sorted(["3S", "6S", "9C", "10C", "QD"])
    assert h.hand_codes().index("9C") != 1  # it moved along, and the cursor with it
    assert under_cursor(h) == "9C"
    h.key(pygame.K_o, "o")  # by rank now
    assert h.hand_codes()[0] == "3S" and under_cursor(h) == "9C"


def test_enter_with_nothing_picked_and_no_cursor_says_which_keys_give_it_a_card() -> None:
    from game.ui.playflow import ENTER_WITH_NOTHING

    h = Harness(polish(["9C 10C 5S", "2C 4D 9H KD", "5C 6C 8D 9D"], "4H 5H", "7H KC 4S 8C"))
    assert h.table.hand.cursor is None and not h.table.hand.selection
    h.key(pygame.K_RETURN)
    h.tick(2)
    assert h.table.toast is not None and h.table.toast[0] == ENTER_WITH_NOTHING
    assert h.game.top.code == "5H"  # nothing laid, nothing drawn
    h.key(pygame.K_RIGHT)
    h.key(pygame.K_RETURN)  # the cursor's card now: 9♣ does not fit, 5♠ would
    h.tick(2)
    assert h.table.toast is not None and h.table.toast[0] != ENTER_WITH_NOTHING

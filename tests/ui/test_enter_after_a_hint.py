"""Enter after a hint that says to draw, keep or wait: the hint is followed while the
keyboard's cursor is off the hand, and a card the cursor was moved onto is laid instead."""

from __future__ import annotations

import pygame
import pytest

from game.engine import DRAW, PASS, PRESETS, Action, Card, Game, Phase, Play
from tests.ui.tablekit import Harness


def polish(hands: list[str], pile: str, stock: str, current: int = 0) -> Game:
    return Game.from_position(
        PRESETS["polish"], hands=hands, pile=pile, stock=stock, current=current
    )


def attacked() -> Game:
    """You owe 3 (a 3♠ from the seat before you), and K♠ fights back."""
    game = polish(["KS 8S 4D QC 9H", "2C 4H 9D", "3S 5C 6C 8D"], "3D", "6S QD 8C 4S 7D", 2)
    game.apply(Play((Card.parse("3S"),)), 2)
    assert game.phase == Phase.ATTACK and game.current == 0
    return game


def drawn() -> Game:
    """You drew 9♥, which fits 5♥ and may be laid or kept."""
    game = polish(["8S 9C 10D", "2C 4D 9S", "3H 6D", "KD 8D"], "5H", "9H 10H JC QH")
    game.apply(DRAW, 0)
    assert game.phase == Phase.DRAWN
    return game


def skipped() -> Game:
    """A 4 waits on you: answer with your 4♦ or wait out the missed turn."""
    game = polish(["4D 9C 10S", "2C 5D 9S", "4H 6D 8C"], "4S", "9H 10H JC QH", 2)
    game.apply(Play((Card.parse("4H"),)), 2)
    assert game.phase == Phase.SKIP and game.current == 0
    return game


def hint_says(monkeypatch: pytest.MonkeyPatch, action: Action) -> None:
    monkeypatch.setattr("game.ui.table.suggest", lambda *_args: action)


def cursor_to(h: Harness, code: str) -> None:
    for _ in range(len(h.hand_codes()) + 1):
        if h.table.hand.cursor is not None and h.hand_codes()[h.table.hand.cursor] == code:
            return
        h.key(pygame.K_RIGHT)
    raise AssertionError(f"{code} not in {h.hand_codes()}")


CASES = [
    pytest.param(attacked, DRAW, "KS", id="take the cards"),
    pytest.param(drawn, PASS, "9H", id="keep the card you drew"),
    pytest.param(skipped, PASS, "4D", id="wait out the missed turn"),
]


@pytest.mark.parametrize(("position", "hint", "card"), CASES)
def test_enter_lays_the_card_the_cursor_was_moved_onto_after_the_hint(
    monkeypatch: pytest.MonkeyPatch, position: object, hint: Action, card: str
) -> None:
    assert callable(position)
    hint_says(monkeypatch, hint)
    h = Harness(position())
    hand_size = len(h.game.hand(0))
    h.key(pygame.K_h, "h")
    assert h.table.toast is not None and h.table.toast[0].startswith("Hint: ")
    cursor_to(h, card)
    h.key(pygame.K_RETURN)
    h.tick(5)
    assert h.game.pile[-1].code == card
    assert len(h.game.hand(0)) == hand_size - 1


@pytest.mark.parametrize(("position", "hint", "card"), CASES)
def test_enter_right_after_the_hint_does_what_it_says_though_the_cursor_was_on_a_card(
    monkeypatch: pytest.MonkeyPatch, position: object, hint: Action, card: str
) -> None:
    assert callable(position)
    hint_says(monkeypatch, hint)
    h = Harness(position())
    cursor_to(h, card)
    top, hand_size = h.game.pile[-1], len(h.game.hand(0))
    h.key(pygame.K_h, "h")
    assert h.table.hand.cursor is None  # put away: Enter is the hint's now
    h.key(pygame.K_RETURN)
    h.tick(5)
    assert h.game.pile[-1] == top  # nothing laid
    assert len(h.game.hand(0)) >= hand_size  # the cards taken, or the drawn card kept
    assert h.game.current != 0 or h.game.phase == Phase.PLAY


def test_an_arrow_after_the_hint_brings_the_cursor_back_beside_its_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hint_says(monkeypatch, DRAW)
    h = Harness(attacked())
    cursor_to(h, "8S")
    at = h.table.hand.cursor
    assert at is not None
    h.key(pygame.K_h, "h")
    h.key(pygame.K_RIGHT)
    assert h.table.hand.cursor == (at + 1) % len(h.hand_codes())

"""Two decks: copies of a card laid together (10♠ 10♠, K♥ on K♥) lie each its own way on
the pile, so that they read as several cards; the nudges stay put as more cards come."""

from __future__ import annotations

import pygame
import pytest

from game.engine import PRESETS, Game
from game.ui.sprites import CardImages, copies_under
from tests.ui.tablekit import Harness

# Eight seats of polish: two decks, so two 10♠ and two K♥ can meet.
HANDS = ["10S 10S JH QH 8D", "KH 5C", "KH 6C", "2C 7C", "3C 8C", "4D 9C", "5D JC", "6D QC"]


def test_copies_under_counts_the_copies_directly_beneath_the_top() -> None:
    assert copies_under(["7H"]) == 0
    assert copies_under(["7H", "7H"]) == 1
    assert copies_under(["7H", "7H", "9C", "7H"]) == 0
    assert copies_under(["9C", "7H", "7H", "7H"]) == 2


def _pile_cards(
    h: Harness, monkeypatch: pytest.MonkeyPatch
) -> list[tuple[str, tuple[int, int], int]]:
    """The pile's cards as drawn: code, centre and angle (the cards on the pile's spot)."""
    drawn: list[tuple[str, tuple[int, int], int]] = []
    real = CardImages.blit_card

    def spy(
        self: CardImages,
        surface: pygame.Surface,
        code: str,
        width: int,
        centre: tuple[float, float],
        angle: float = 0.0,
        **kw: object,
    ) -> pygame.Rect:
        drawn.append((code, (round(centre[0]), round(centre[1])), round(angle)))
        return real(self, surface, code, width, centre, angle, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(CardImages, "blit_card", spy)
    h.stack.draw(h.screen)
    monkeypatch.undo()
    pile = h.table.layout.pile
    return [d for d in drawn if pile.inflate(pile.w, pile.h).collidepoint(d[1])]


def test_two_copies_laid_together_lie_apart_and_stay_so(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game.from_position(PRESETS["polish"], hands=HANDS, pile="6S", stock="9S 9H 9D")
    h = Harness(game)
    h.pick_with_keys("10S 10S")
    h.key(pygame.K_RETURN)
    h.tick(60)
    assert [c.code for c in game.pile[-2:]] == ["10S", "10S"]
    tens = [d for d in _pile_cards(h, monkeypatch) if d[0] == "10S"]
    assert len(tens) == 2 and tens[0][1:] != tens[1][1:]
    # More cards laid: the two 10♠ keep their places (nothing jitters).
    h.table.apply(game.legal_actions()[0], game.current)
    h.tick(60)
    again = [d for d in _pile_cards(h, monkeypatch) if d[0] == "10S"]
    assert again == tens

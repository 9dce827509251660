"""Two decks: copies of a card on the pile (10♠ 10♠ laid together, or with a card between)
lie each its own way, so that they read as several cards; and no card on the pile moves as
more cards come, the pile is trimmed or the cards under the top are reshuffled away."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.engine import DRAW, PASS, PRESETS, Game, parse_action
from game.store.saves import load_game
from game.store.settings import Settings
from game.ui.matchtable import MatchTable
from game.ui.resume import restore
from game.ui.setup import SeatSpec, TableSetup
from game.ui.sprites import CardImages
from game.ui.table import TableScene
from tests.ui.menukit import Screen
from tests.ui.tablekit import Harness

# Eight seats of polish: two decks, so two 10♠ can meet.
HANDS = ["10S 10S JH QH 8D", "KH 5C", "KH 6C", "2C 7C", "3C 8C", "4D 9C", "5D JC", "6D QC"]
SPADES = ["5S 5C", "7S 6C", "8S 7C", "9S 8C", "6S 9C", "4D JC", "6D QC"]  # to lay in turn
Drawn = tuple[str, tuple[int, int], int]


def _pile_cards(h: Harness | Screen, monkeypatch: pytest.MonkeyPatch) -> list[Drawn]:
    """The pile's cards as drawn: code, centre and angle (the cards about the pile's spot)."""
    drawn: list[Drawn] = []
    real = CardImages.blit_card

    def spy(
        self: CardImages,
        surface: pygame.Surface,
        code: str,
        width: int,
        centre: tuple[float, float],
        angle: float = 0.0,
        **kw: bool | float,
    ) -> pygame.Rect:
        drawn.append((code, (round(centre[0]), round(centre[1])), round(angle)))
        return real(self, surface, code, width, centre, angle, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(CardImages, "blit_card", spy)
    table = h.table if isinstance(h, Harness) else h.top
    assert isinstance(table, TableScene)
    h.stack.draw(h.screen if isinstance(h, Harness) else h.surface)
    monkeypatch.undo()
    pile = table.layout.pile
    return [d for d in drawn if pile.inflate(pile.w, pile.h).collidepoint(d[1])]


def _tens(h: Harness, monkeypatch: pytest.MonkeyPatch) -> list[Drawn]:
    return [d for d in _pile_cards(h, monkeypatch) if d[0] == "10S"]


@pytest.mark.parametrize(("pile", "laid"), [("6S", "10S 10S"), ("6S 10S 9S", "10S")])
def test_copies_lie_apart_and_stay_so(
    pile: str, laid: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    hands = [HANDS[0].replace("10S 10S", laid), *SPADES]
    game = Game.from_position(PRESETS["polish"], hands=hands, pile=pile, stock="9H 9D 2D")
    h = Harness(game)
    h.pick_with_keys(laid)
    h.key(pygame.K_RETURN)
    h.tick(60)
    tens = _tens(h, monkeypatch)
    assert len(tens) == 2 and tens[0][1:] != tens[1][1:]  # (the lower one shows its edge)
    for seat, card in enumerate(("5S", "7S", "8S", "9S", "6S"), start=1):
        h.table.apply(parse_action(card), seat)  # until the pile is trimmed under them
        h.tick(30)
    assert len(game.pile) > 7
    later = _tens(h, monkeypatch)
    assert later and later == tens[-len(later) :]  # the 10♠ still shown have not moved


def test_the_top_card_keeps_its_place_when_the_cards_under_it_are_reshuffled(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = Game.from_position(PRESETS["polish"], hands=HANDS, pile="6S", stock="")
    h = Harness(game)
    h.pick_with_keys("10S 10S")
    h.key(pygame.K_RETURN)
    h.tick(60)
    top = _tens(h, monkeypatch)[-1]
    h.table.apply(DRAW, game.current)  # nothing to draw but the pile under the 10♠
    h.tick(90)
    assert game.stock_count == 1 and len(game.pile) == 1  # 6♠ 10♠ reshuffled, one drawn
    assert _tens(h, monkeypatch) == [top]


def test_continue_lays_the_pile_as_it_was_after_a_reshuffle(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("MACAU_HOME", str(tmp_path))
    shown = Settings(animation_speed="normal", hand_sort="none")
    seats = (SeatSpec("You"), *(SeatSpec(f"Bot {i}", "easy") for i in range(1, 8)))
    hands = [*HANDS[:3], "9S 7C", *HANDS[4:]]
    game = Game.from_position(PRESETS["polish"], hands=hands, pile="6S 7S", stock="9D")
    table = MatchTable(TableSetup("polish", seats), game, settings=shown, seed=1, deal=False)
    table.bots.clear()
    screen = Screen(table)
    table.apply(parse_action("10S"), 0)
    table.apply(DRAW, 1)  # the last card of the stock
    table.apply(DRAW, 2)  # 6♠ 7♠ reshuffled from under the 10♠
    screen.frame(150)
    assert game.stock_count == 1 and [c.code for c in game.pile] == ["10S"]
    if game.current == 2:  # the card drawn fits: kept
        table.apply(PASS, 2)
    assert table.apply(parse_action("9S"), 3)
    table.save()  # (as a move is applied: the 9♠ not shown yet)
    saved = load_game().data or {}
    screen.frame(150)
    before = _pile_cards(screen, monkeypatch)
    assert [d[0] for d in before] == ["10S", "9S"]
    screen.stack.clear()
    again = Screen(restore(saved, shown))
    assert _pile_cards(again, monkeypatch) == before

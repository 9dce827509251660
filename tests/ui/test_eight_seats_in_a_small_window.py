"""An eight-seat table (two decks) on an 800×600 window: every missed turn a seat owes is
told, up to the eight four 4s make, clear of the count beside it and of the Sort button,
and the marker of the suit in force keeps clear of the Scores button and the stock's count
with the log open."""

from __future__ import annotations

import pygame
import pytest

from game.engine import Game, parse_action
from game.store.settings import Settings
from game.ui import tabledraw, tablewords
from game.ui.matchtable import MatchTable
from game.ui.setup import SeatSpec, TableSetup
from game.ui.theme import text_size
from tests.ui.menukit import Screen
from tests.ui.textkit import drawn_texts

NAMES = ["Wilhelmina Zaharieva-Petrova", "Jean-Baptiste Delacroix-Moreau", "Bartholomew K."]
NAMES += ["Maximiliane O.", "Konstantinos P.", "Aleksandra W.", "Christopher M.", "Guðmundur S."]
OFF = Settings(animation_speed="off", bot_pace="fast", hand_sort="none")


def _table(game: Game) -> tuple[Screen, MatchTable]:
    seats = tuple(SeatSpec(n) if i == 0 else SeatSpec(n, "medium") for i, n in enumerate(NAMES))
    table = MatchTable(TableSetup("polish", seats), game, settings=OFF, seed=1, deal=False)
    table.saving = False
    table.bots.clear()  # the other seats wait: the test makes their moves
    return Screen(table, (800, 600)), table


def _sixteen_fours(hands: list[str] | None = None) -> tuple[Screen, MatchTable]:
    """Seats 6 and 7 each lay four 4s: eight turns to miss, coming to you (``hands``: the
    first six seats' hands)."""
    if hands is None:
        hands = ["9H 9C 10D JS 5D QS", "6C 7D 8S 9D 10S", "6D 7S 8C 10C JD", "6S 7C 8D 9S 10H"]
        hands += ["5S 7H 8H 9C 10S", "5H 6H 8C 9D JD"]
    hands = [*hands, "4H 4C 4D 4S 5C", "4H 4C 4D 4S 6C"]
    game = Game.from_position(
        "polish", hands=hands, pile="2C 5D", stock="2D 3H 8S 10H 7C AS QD JC 8H", current=6
    )
    screen, table = _table(game)
    for seat in (6, 7):
        play = next(a for a in table.game.legal_actions() if str(a).count("4") == 4)
        table.apply(play, seat)
        screen.frame(30)
    return screen, table


def _signs(monkeypatch: pytest.MonkeyPatch, screen: Screen) -> list[tuple[int, tuple[int, int]]]:
    """Each row of missed-turn signs drawn in one frame: how many turns, and where."""
    drawn: list[tuple[int, tuple[int, int]]] = []
    real = tabledraw._draw_tokens

    def spy(surface: pygame.Surface, n: int, at: tuple[int, int], *a: object, **k: object) -> None:
        drawn.append((n, at))
        real(surface, n, at, *a, **k)  # type: ignore[arg-type]

    monkeypatch.setattr(tabledraw, "_draw_tokens", spy)
    screen.frame()
    monkeypatch.setattr(tabledraw, "_draw_tokens", real)
    return [(n, at) for n, at in drawn if n > 0]


def test_eight_turns_to_miss_are_told_by_their_number(monkeypatch: pytest.MonkeyPatch) -> None:
    screen, table = _sixteen_fours()
    assert table.game.skips == 8
    words = [w for w, _ in drawn_texts(monkeypatch, screen.stack, (800, 600))]
    assert "×8" in words  # coming your way
    table.apply(parse_action("pass"), 0)
    screen.frame(30)
    assert table.game.missed[0] == 7
    drawn = drawn_texts(monkeypatch, screen.stack, (800, 600))
    [(_, box)] = [(w, r) for w, r in drawn if w == "×7"]
    assert not box.colliderect(table.sort_button.rect)
    count = next(r for w, r in drawn if w == "6 cards")
    assert box.left > count.right and abs(box.centery - count.centery) <= 2


def test_a_few_turns_to_miss_show_a_sign_each(monkeypatch: pytest.MonkeyPatch) -> None:
    hands = ["9H 9C 10D JS 5D QS", "6C 7D 8S 9D 10S", "6D 7S 8C 10C JD", "6S 7C 8D 9S 10H"]
    hands += ["5S 7H 8H 9C 10S", "5H 6H 8C 9D JD", "4H 4C 4D 7S 5C", "KH 2C 6D 8D 6C"]
    game = Game.from_position("polish", hands=hands, pile="2C 5D", stock="2D 3H 8S", current=6)
    screen, table = _table(game)
    table.apply(parse_action("4D 4C 4H"), 6)
    screen.frame(30)
    table.apply(parse_action("pass"), 7)  # the next seat takes them: two more to sit out
    screen.frame(30)
    assert table.game.missed[7] == 2
    assert not any(w.startswith("×") for w, _ in drawn_texts(monkeypatch, screen.stack, (800, 600)))
    signs = _signs(monkeypatch, screen)
    assert [n for n, _ in signs] == [2]


def test_the_marker_keeps_clear_of_the_scores_button_and_the_stock_count() -> None:
    hands = ["JC AC 9H 5D 6S", "6C 7D 8S 9D 10S", "6D 7S 8C 10C JD", "6S 7C 8D 9S 10H"]
    hands += ["5S 7H 8H 9C 10S", "5H 6H 8C 9D JD", "9H 9C 10D JS QS", "4H 4C 4D 4S 6C"]
    game = Game.from_position(
        "polish", hands=hands, pile="2C 5C", stock="2D 3H 8S 10H 7C AS QD JC 8H", current=0
    )
    screen, table = _table(game)
    table.apply(parse_action("AC/H"), 0)
    screen.frame(30)
    screen.key(pygame.K_l, "l")  # the log open takes the right of the table
    screen.frame(5)
    assert table.show_log
    layout = table.layout
    marker = tabledraw._marker_box(table, 800)
    count = pygame.Rect((0, 0), text_size("Stock 000", layout.px(15)))
    count.midtop = (layout.stock.centerx, layout.stock.bottom + layout.px(8))
    assert not marker.colliderect(table.score_button.rect)
    assert not marker.colliderect(count)
    assert marker.right <= layout.log_rect.left
    assert tablewords.marker_spot(layout, marker.w, False, layout.log_rect.left) is not None


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_a_top_seat_going_out_cheers_beside_the_scores_button_not_over_its_place(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """Under its box where the Scores button leaves room, else over it beside the place."""
    hands = ["9H 9C 10D JS 5D QS", "7C 7D 8S 9D 10S", "6D 7S 8C 10C JD", "6C"]
    hands += ["5S 7H 8H 3C 10S", "5H 6H 8C 9D JD", "9H KC 10D JS QS", "4H 4C 4D 4S 6C"]
    game = Game.from_position("polish", hands=hands, pile="2C 5C", stock="2D 3H 8S", current=3)
    screen, table = _table(game)
    screen.surface = pygame.display.set_mode(size)
    screen.stack.resize(size)
    assert table.director.slot(3) == 3 and table.layout.areas[3].side == "top"
    table.apply(parse_action("6C"), 3)
    for _ in range(20):
        screen.frame()
        drawn = drawn_texts(monkeypatch, screen.stack, size)
        words = {w: r for w, r in drawn}
        if "I win!" in words and "1st" in words:
            break
    else:
        raise AssertionError("no cheer next to the place")
    assert not words["I win!"].colliderect(words["1st"])
    assert not words["I win!"].colliderect(table.score_button.rect)


def test_with_a_long_hand_the_number_of_turns_goes_in_the_sign(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Twenty-two cards reach back to your name: no room for "×7" after the sign."""
    ranks = ["5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    pool = [r + s for r in ranks for s in "HCDS"] * 2
    for card in ["5D", "8S", "10H", "7C", "QD", "JC", "8H", "5C", "6C"]:
        pool.remove(card)
    hands = [" ".join(pool[:22])] + [" ".join(pool[22 + i * 5 : 27 + i * 5]) for i in range(5)]
    screen, table = _sixteen_fours(hands)
    table.apply(parse_action("pass"), 0)
    screen.frame(30)
    drawn = drawn_texts(monkeypatch, screen.stack, (800, 600))
    count = next(r for w, r in drawn if w == "22 cards")
    [number] = [r for w, r in drawn if w == "7" and abs(r.centery - count.centery) <= 3]
    first = min(table.hand.centre(hc, table.layout)[0] for hc in table.hand.cards)
    assert count.right < number.left and number.right < first - table.layout.card[0] // 2
    assert not any(w == "×7" for w, _ in drawn)

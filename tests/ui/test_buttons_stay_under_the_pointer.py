"""What is under the pointer stays what the player aimed at: the second click of a quick
double-click on Draw does not press the Keep that came up in its place, picking a card or a
chance to catch a forgotten Macau does not slide the buttons along, and a card let go
outside the window goes back where it was."""

from __future__ import annotations

import pygame
import pytest

from game.engine import PRESETS, Game, Phase, parse_action
from tests.ui.tablekit import Harness


def _heads_up(current: int = 0, mine: str = "7H 10C 8S") -> Game:
    """You hold nothing that fits 9♦ but draw 9♣, which does; West holds 5♦ and K♦."""
    return Game.from_position(
        PRESETS["polish"],
        hands=[mine, "5D KD"],
        pile="5H 9D",
        stock="9C KC 4S 8H 10D JD 5C 6D",
        current=current,
    )


def _press(h: Harness, pos: tuple[int, int], clicks: int) -> None:
    h.send(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    h.send(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, clicks=clicks)
    h.send(pygame.MOUSEBUTTONUP, pos=pos, button=1, clicks=clicks)


def test_the_second_click_of_a_double_click_on_draw_does_not_keep_the_card() -> None:
    h = Harness(_heads_up())
    at = h.table.draw_button.rect.center
    _press(h, at, 1)
    h.tick(2)
    keep = h.table.pass_button
    assert h.game.phase == Phase.DRAWN and keep.visible and keep.rect.collidepoint(at)
    _press(h, at, 2)  # the double-click's second press, now over Keep
    h.tick(2)
    assert h.game.phase == Phase.DRAWN and h.game.current == 0  # the drawn 9♣ may still go
    _press(h, at, 3)  # nor does a triple-click's third
    h.tick(2)
    assert h.game.phase == Phase.DRAWN
    _press(h, at, 1)  # a click of its own keeps it
    h.tick(2)
    assert h.game.current == 1


def test_a_double_click_on_one_button_still_reaches_it() -> None:
    h = Harness(_heads_up())
    h.click(h.card_pos("7H"))
    h.tick(30)
    play = h.table.play_button
    assert play.enabled
    presses: list[int] = []
    play.on_click = lambda: presses.append(1)
    for clicks in (1, 2):
        _press(h, play.rect.center, clicks)
    assert presses == [1, 1]


def test_picking_a_card_does_not_move_the_buttons() -> None:
    h = Harness(_heads_up())
    before = {b.label: b.rect.copy() for b in h.table.action_buttons if b.visible}
    assert "Play" in before and not h.table.play_button.enabled  # greyed until a card is picked
    h.click(h.card_pos("7H"))
    h.tick(30)
    assert h.table.play_button.enabled
    after = {b.label: b.rect.copy() for b in h.table.action_buttons if b.visible}
    assert after == before


def test_a_chance_to_catch_a_forgotten_macau_does_not_move_the_buttons() -> None:
    h = Harness(_heads_up(current=1))
    assert h.table.apply(parse_action("5D"), 1)  # West keeps one card and says nothing
    h.tick(2)
    assert h.game.current == 0 and h.table.stop_button.visible
    row = [b for b in h.table.action_buttons if b.visible and b is not h.table.stop_button]
    shown = {b.label: b.rect.copy() for b in row}
    assert h.table.stop_button.rect.left > max(r.right for r in shown.values())
    h.key(pygame.K_s, "s")
    h.tick(2)
    assert not h.table.stop_button.visible and len(h.game.hand(1)) == 6
    assert {b.label: b.rect.copy() for b in row} == shown


def test_a_card_let_go_outside_the_window_goes_back_and_keeps_the_sort() -> None:
    h = Harness(_heads_up())
    order, sort = h.hand_codes(), h.table.hand.sort_mode
    for end in ((1400, 900), (-40, 780), (640, 830)):
        h.drag(h.card_pos("8S"), end)
        h.tick(30)
        assert h.hand_codes() == order and h.table.hand.sort_mode == sort, end
        assert not h.table.hand.hidden
    h.drag(h.card_pos("8S"), (120, 760))  # let go in the hand, it does move
    h.tick(30)
    assert h.hand_codes()[0] == "8S"


def test_the_button_pressed_last_does_not_keep_its_table_alive() -> None:
    import gc
    import weakref

    h = Harness(_heads_up())
    _press(h, h.table.draw_button.rect.center, 1)
    table = weakref.ref(h.table)
    h.stack.pop()
    del h
    gc.collect()
    assert table() is None


@pytest.mark.parametrize(
    ("size", "log"),
    [((640, 480), False), ((800, 600), False), ((960, 600), True), ((1024, 600), True)],
)
def test_stop_macau_fits_beside_the_row_in_a_narrow_window(
    size: tuple[int, int], log: bool
) -> None:
    h = Harness(_heads_up(current=1, mine="4D 7D"), size=size)  # Macau! in the row too
    h.table.show_log = log
    h.tick(3)
    assert h.table.apply(parse_action("5D"), 1)  # West keeps one card and says nothing
    h.tick(3)
    shown = [b.rect for b in h.table.action_buttons if b.visible]
    assert h.table.stop_button.visible and h.table.macau_button.visible
    room = pygame.Rect((0, 0), size)
    for i, rect in enumerate(shown):
        assert room.contains(rect)
        assert not (log and rect.colliderect(h.table.layout.log_rect))
        assert not any(rect.colliderect(other) for other in shown[i + 1 :])


@pytest.mark.parametrize(
    ("size", "log"), [((1280, 800), True), ((1280, 720), True), ((960, 600), False)]
)
@pytest.mark.parametrize("seats", [2, 3, 6])
def test_where_stop_macau_fits_beside_the_row_the_row_stays_put(
    size: tuple[int, int], log: bool, seats: int
) -> None:
    from game.ui import tabledraw

    h = Harness(Game.new(PRESETS["polish"], seats=seats, seed=1), size=size)
    t = h.table
    t.show_log = log
    rows = [
        [(t.draw_button, "Take 12"), (t.play_button, "Play"), (t.macau_button, "Macau!")],
        [(t.pass_button, "Keep"), (t.play_button, "Play"), (t.macau_button, "Macau!")],
    ]
    for row in rows:
        placed = []
        for stop in (False, True):
            for b in t.action_buttons:
                b.visible = False
            for b, label in [*row, (t.hint_button, "Hint")]:
                b.visible, b.label = True, label
            t.stop_button.visible = stop
            tabledraw.place_buttons(t)
            placed.append([(b.rect.copy(), b.size) for b, _ in row])
        assert placed[0] == placed[1]
        stop_rect = t.stop_button.rect
        assert pygame.Rect((0, 0), size).contains(stop_rect)
        assert not (log and stop_rect.colliderect(t.layout.log_rect))
        assert stop_rect.collidelist([b.rect for b, _ in row]) < 0


def test_where_the_row_must_move_for_stop_macau_it_moves_as_little_as_it_can() -> None:
    from game.ui import tabledraw

    h = Harness(Game.new(PRESETS["polish"], seats=2, seed=1), size=(720, 540))
    t = h.table
    row = [(t.pass_button, "Wait"), (t.play_button, "Play"), (t.hint_button, "Hint")]
    placed = []
    for stop in (False, True):
        for b in t.action_buttons:
            b.visible = False
        for b, label in row:
            b.visible, b.label = True, label
        t.stop_button.visible = stop
        tabledraw.place_buttons(t)
        placed.append([(b.rect.copy(), b.size) for b, _ in row])
    shift = placed[0][0][0].x - placed[1][0][0].x
    assert 0 < shift < 20  # Stop takes its smallest words before the row moves, then a little
    assert [size for _, size in placed[0]] == [size for _, size in placed[1]]
    assert pygame.Rect(0, 0, 720, 540).contains(t.stop_button.rect)

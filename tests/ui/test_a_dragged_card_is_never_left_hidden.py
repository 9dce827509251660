"""A card being dragged goes back to the hand when the drag cannot end with its own release:
a second press comes first (a finger tapping a touch screen while the mouse holds a card),
the window loses the focus, or the pointer moves on with no button held (the release was
lost). It is drawn again and can be picked and laid as before."""

from __future__ import annotations

import pygame

from game.engine import PRESETS, Game
from tests.ui.tablekit import Harness


def _table() -> Harness:
    game = Game.from_position(
        PRESETS["polish"],
        hands=["5H 7H 9C KS 3D", "2C 4D 9S", "2D 3H", "3S 4H"],
        pile="6H",
        stock="9H KC 4S 8S JD 5C 6D",
        current=0,
    )
    h = Harness(game)
    h.tick(3)
    return h


def _hidden(h: Harness) -> list[str]:
    return [hc.card.code for hc in h.table.hand.cards if hc.uid in h.table.hand.hidden]


def _start_dragging(h: Harness, code: str) -> tuple[int, int]:
    """Press on ``code`` and carry it 200 pixels up, the mouse button still down."""
    x, y = h.card_pos(code)
    start = (round(x), round(y))
    h.send(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0), touch=False)
    h.send(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False)
    for i in range(1, 6):
        at = (start[0], start[1] - 40 * i)
        h.send(pygame.MOUSEMOTION, pos=at, rel=(0, -40), buttons=(1, 0, 0), touch=False)
    assert h.table.flow.drag is not None and h.table.flow.drag.moving
    assert _hidden(h) == [code]
    return (start[0], start[1] - 200)


def _can_still_pick(h: Harness, code: str) -> None:
    h.tick(60)
    h.table.hand.selection.clear()
    h.click(h.card_pos(code))
    assert code in [c.code for c in h.table.hand.selected_cards()]


def test_a_tap_on_another_card_mid_drag_sends_the_dragged_card_home() -> None:
    h = _table()
    _start_dragging(h, "5H")
    tap = tuple(round(v) for v in h.card_pos("KS"))
    h.send(pygame.MOUSEBUTTONDOWN, pos=tap, button=1, touch=True)
    h.send(pygame.MOUSEBUTTONUP, pos=tap, button=1, touch=True)
    assert _hidden(h) == []
    pile = tuple(round(v) for v in h.table.layout.pile.center)
    h.send(pygame.MOUSEMOTION, pos=pile, rel=(0, 0), buttons=(1, 0, 0), touch=False)
    h.send(pygame.MOUSEBUTTONUP, pos=pile, button=1, touch=False)  # the mouse lets go late
    h.tick(30)
    assert h.game.top.code == "6H"  # the card let go of is not laid by the late release
    assert _hidden(h) == [] and "5H" in h.hand_codes()
    _can_still_pick(h, "5H")


def test_the_window_losing_the_focus_mid_drag_sends_the_card_home() -> None:
    h = _table()
    _start_dragging(h, "5H")
    h.send(pygame.WINDOWFOCUSLOST)
    assert h.table.flow.drag is None
    assert _hidden(h) == []
    h.send(pygame.WINDOWFOCUSGAINED)
    h.send(pygame.MOUSEMOTION, pos=(640, 300), rel=(0, 0), buttons=(0, 0, 0), touch=False)
    assert h.table.flow.drag is None
    _can_still_pick(h, "5H")


def test_the_pointer_moving_with_no_button_held_ends_the_drag() -> None:
    h = _table()
    at = _start_dragging(h, "5H")
    # the release happened where the table never heard of it
    h.send(pygame.MOUSEMOTION, pos=(at[0] + 5, at[1]), rel=(5, 0), buttons=(0, 0, 0), touch=False)
    assert h.table.flow.drag is None
    assert _hidden(h) == [] and h.game.top.code == "6H"
    _can_still_pick(h, "5H")


def test_a_drag_with_the_button_held_still_lays_the_card() -> None:
    h = _table()
    h.drag_to_pile("5H")
    h.tick(3)
    assert h.game.top.code == "5H" and _hidden(h) == []


def test_enter_while_the_selected_card_is_dragged_holds_it_once_for_the_chooser() -> None:
    # A♠ picked, then dragged, and Enter pressed before the release: the ace is held over
    # the pile for its suit chooser, and not drawn in the hand as well.
    game = Game.from_position(
        PRESETS["polish"],
        hands=["AS 9C 5D 8H", "2C 4D 10S KD 5H"],
        pile="9S",
        stock="9H KC 4S 8S JD 5C 6D",
        current=0,
    )
    h = Harness(game)
    h.tick(3)
    h.pick_with_keys("AS")
    _start_dragging(h, "AS")
    h.key(pygame.K_RETURN)
    h.tick(20)
    flow = h.table.flow
    assert flow.drag is None and [c.code for _uid, c in flow.held] == ["AS"]
    assert _hidden(h) == ["AS"]  # in the hand's place, it is the card held that is drawn
    h.key(pygame.K_RETURN)  # the first suit offered
    h.settle()
    assert "AS" not in h.hand_codes() and h.game.pile[-1].code == "AS"

"""Between two people's turns at a pass-and-play table the hand shown is face down and
belongs to nobody looking: the table's words do not call its seat "you" (a wait it
accepted, a stack aimed at it), and no Sort button hangs over it."""

from __future__ import annotations

import pygame
import pytest

from game.engine import PASS, PRESETS, Game, parse_action
from game.store.settings import Settings
from game.ui import handoff, tabledraw
from game.ui.matchtable import MatchTable
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import Screen, handoff_for

SEATS = (SeatSpec("Anna"), SeatSpec("Dan", "medium"), SeatSpec("Bart"))


def _table(hands: list[str], pile: str, stock: str, current: int) -> tuple[Screen, MatchTable]:
    game = Game.from_position(
        PRESETS["polish"], hands=hands, pile=pile, stock=stock, current=current
    )
    normal = Settings(animation_speed="normal", bot_pace="normal")
    table = MatchTable(TableSetup("polish", SEATS), game, settings=normal, seed=1, deal=False)
    screen = Screen(table)
    return screen, table


def _hand_over(screen: Screen, table: MatchTable, seat: int) -> None:
    handoff_for(screen, seat)
    screen.frame(2)
    screen.key(pygame.K_RETURN)
    screen.frame(3)
    assert table.director.reveal and table.viewer == seat


def test_a_wait_accepted_is_not_told_to_the_table_as_yours(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(handoff, "READY_DELAY", 0.0)
    screen, table = _table(
        ["9C 10C KD 5S 6S", "8C 9D 10D 7D JC", "4H 4C 7C 8S QD"], "5H", "2D 3D 4S 6C 6D 7S 8D 9S", 2
    )
    _hand_over(screen, table, 2)
    assert table.apply(parse_action("4H 4C"))
    _hand_over(screen, table, 0)
    assert table.apply(PASS)  # Anna accepts: she sits out this turn and the next
    for _ in range(400):
        screen.frame()
        if not table.director.reveal and table.director.idle and table.game.current == 1:
            break
    assert not table.director.reveal and screen.top is table
    assert not table.sort_button.visible  # on the very frame the hand goes face down
    assert "sit out" not in tabledraw.status_line(table)
    assert tabledraw.status_line(table) == "Dan is thinking…"


def test_a_stack_aimed_at_a_face_down_hand_names_its_seat() -> None:
    screen, table = _table(
        ["9S 10C KD 5C 6C", "KS 9D 10D 7D JC", "4H 4C 7C 8S QD"], "5S", "2D 3D 4S 6H 6D 7S 8D 9C", 0
    )
    _hand_over(screen, table, 0)
    assert table.apply(parse_action("9S"))
    for _ in range(300):
        screen.frame()
        if not table.director.reveal and table.director.idle:
            break
    table.bots.clear()  # Dan's move made here: K♠ back at Anna, whose hand is put away
    assert table.apply(parse_action("KS"), 1)
    for _ in range(120):
        screen.frame()
        if table.director.model.penalty_target == 0 and table.director.idle:
            break
    assert table.director.model.penalty_target == 0 and not table.director.reveal
    assert tabledraw._owner(table) == "Anna"

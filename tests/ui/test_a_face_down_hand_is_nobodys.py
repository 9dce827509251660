"""Between two people's turns at a pass-and-play table the hand shown is face down and
belongs to nobody looking: the table's words do not call its seat "you" (a wait it
accepted, a stack aimed at it), the words said to the last person about their hand go with
it, and no Sort button hangs over it."""

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


def _until_put_away(screen: Screen, table: MatchTable) -> None:
    """Frames until the hand of the person who just moved is put away for the next."""
    for _ in range(400):
        screen.frame()
        if not table.director.reveal:
            break
    assert not table.director.reveal


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


def test_words_about_the_last_persons_hand_go_with_it(monkeypatch: pytest.MonkeyPatch) -> None:
    # A jack that can ask for nothing is laid at once, and the table says why, about Anna's
    # hand: Bart, who holds two 10s, must not find it above his.
    monkeypatch.setattr(handoff, "READY_DELAY", 0.0)
    game = Game.from_position(
        PRESETS["hungarian"],
        hands=["JS KC QD 2H", "5D 6D 7C 9S 10H", "4C 10C 10S JH QH"],
        pile="5S",
        stock="3H 4D 10D JD QS 6C 7S 9C",
        current=0,
    )
    normal = Settings(animation_speed="normal", bot_pace="normal")
    setup = TableSetup("hungarian", SEATS)
    table = MatchTable(setup, game, settings=normal, seed=1, deal=False)
    screen = Screen(table)
    _hand_over(screen, table, 0)
    screen.click_card(table, "JS")
    screen.frame(40)
    screen.click(table.play_button.rect.center)
    screen.frame(2)
    assert table.toast is not None and "you hold no" in table.toast[0]
    _until_put_away(screen, table)
    assert table.toast is None
    _hand_over(screen, table, 2)
    assert table.toast is None


def test_words_to_the_whole_table_stay_for_the_next_person(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A save that fails is said once: the next person must still find it.
    import errno

    from game.ui import matchtable

    def failing(data: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(handoff, "READY_DELAY", 0.0)
    monkeypatch.setattr(matchtable, "save_game", failing)
    screen, table = _table(
        ["9S 10C KD 5C 6C", "QS 9D 10D 7D JC", "4H 4C 7C 8S QD"], "5S", "2D 3D 4S 6H 6D 7S 8D 9C", 0
    )
    _hand_over(screen, table, 0)
    assert table.apply(parse_action("9S"))
    _until_put_away(screen, table)
    _hand_over(screen, table, 2)
    assert table.toast is not None and "could not be saved" in table.toast[0]

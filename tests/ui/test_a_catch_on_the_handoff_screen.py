"""Pass-and-play: a forgotten Macau caught on the hand-off screen is told in the words of the
person who caught it, with the cards the forgetful seat really drew."""

from __future__ import annotations

import pygame
import pytest

from game.engine import PRESETS, Game, parse_action
from game.store.settings import Settings
from game.ui import tabledraw, theme
from game.ui.handoff import HandoffScreen
from game.ui.matchtable import MatchTable
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import Screen, handoff_for

SETUP = TableSetup("polish", (SeatSpec("Anna"), SeatSpec("Ben")))


def _anna_forgets(
    stock: str, settings: Settings, setup: TableSetup = SETUP
) -> tuple[Screen, MatchTable]:
    """Anna, handed the screen, lays her last but one card without calling Macau."""
    hands = ["7H 9H", "8C 9S 10D", "4D 5S 6S"][: len(setup.seats)]
    game = Game.from_position(PRESETS["polish"], hands=hands, pile="5H", stock=stock)
    table = MatchTable(setup, game, settings=settings, seed=5, deal=False)
    screen = Screen(table, (1280, 800))
    handoff_for(screen, 0)
    screen.key(pygame.K_RETURN)
    table.apply(parse_action("7H"), 0)
    return screen, table


def _caught_on_the_handoff(stock: str, speed: str) -> tuple[Screen, MatchTable, HandoffScreen]:
    """Anna forgets to call Macau; Ben, handed the screen, catches her there."""
    screen, table = _anna_forgets(stock, Settings(animation_speed=speed))
    handoff = handoff_for(screen, 1)
    screen.key(pygame.K_s, "s")
    return screen, table, handoff


def test_the_bubble_does_not_call_the_catcher_you() -> None:
    screen, table, _handoff_screen = _caught_on_the_handoff("2D 3D 4S 6C 6S 7S 8S 9D", "normal")
    screen.key(pygame.K_RETURN)  # Ben's cards
    for _ in range(200):
        screen.frame()
        if screen.top is table and table.director.idle:
            break
    assert table.viewer == 1
    said = {b.seat: b.text for b in table.director.bubbles}
    assert said[0] == "Forgot Macau: +5" and said[1] == "Stop Macau!"


def test_the_handoff_screen_says_how_many_cards_a_short_stock_gave() -> None:
    screen, table, handoff = _caught_on_the_handoff("2D 3D", "off")
    assert table.game.hand_counts[0] == 4  # 1 held, 2 from the stock, 1 from the pile
    assert handoff.caught == "Caught: Anna forgot to call Macau and draws 3"
    screen.key(pygame.K_RETURN)
    screen.frame(5)
    assert "The pile is shuffled into a new stock (1 card)" in table.director.log


def test_the_handoff_screen_says_who_may_be_caught_and_what_it_costs() -> None:
    screen, _table = _anna_forgets("2D 3D 4S 6C", Settings(animation_speed="off"))
    handoff = handoff_for(screen, 1)
    assert handoff.stop_button.visible
    assert handoff.note() == "Anna forgot to call Macau: Stop Macau! (S) makes them draw 5"
    screen.key(pygame.K_s, "s")
    assert handoff.note().startswith("Caught: Anna forgot to call Macau and draws ")


def test_the_table_does_not_call_a_face_down_seat_you() -> None:
    # Anna forgets while a bot is to move: her hand is face down, the line names her.
    seats = (SeatSpec("Anna"), SeatSpec("Bot", "medium"), SeatSpec("Ben"))
    slow = Settings(animation_speed="off", bot_pace="slow")
    screen, table = _anna_forgets("2D 3D", slow, TableSetup("polish", seats))
    screen.frame(3)
    assert screen.top is table and not table.director.reveal
    assert tabledraw._catch_line(table).startswith("Anna forgot to call Macau: Stop Macau! (S)")


@pytest.mark.parametrize("name", ["Maximiliana Wolkenstein-Rodenegg", "W" * 32])
def test_the_catch_on_the_handoff_is_told_whole_in_two_lines(name: str) -> None:
    long = TableSetup("polish", (SeatSpec(name), SeatSpec("Ben")))
    screen, _table = _anna_forgets("2D 3D 4S 6C", Settings(animation_speed="off"), long)
    handoff = handoff_for(screen, 1)
    size, room = handoff.px(16), handoff.panel.w - handoff.px(48)
    for told in ("what the button does", "what it did"):
        lines = handoff._note_lines(size, room)
        assert 1 <= len(lines) <= 2, (told, lines)
        assert all(theme.text_size(line, size, True)[0] <= room for line in lines)
        said = " ".join(lines)
        assert "forgot to call Macau" in said
        assert said.endswith(("makes them draw 5", "and draws 5")), said
        screen.key(pygame.K_s, "s")


@pytest.mark.parametrize(
    "name",
    ["Dr: Anna Maria Kowalska-Nowak", "Caught Kowalska-Nowakowska", "A forgot to call Macau: B"],
)
def test_a_name_with_a_colon_or_caught_in_it_stays_whole_in_the_note(name: str) -> None:
    long = TableSetup("polish", (SeatSpec(name), SeatSpec("Ben")))
    screen, _table = _anna_forgets("2D 3D 4S 6C", Settings(animation_speed="off"), long)
    handoff = handoff_for(screen, 1)
    lines = handoff._note_lines(handoff.px(16), handoff.px(560))
    assert lines == [f"{name} forgot to call Macau:", "Stop Macau! (S) makes them draw 5"]

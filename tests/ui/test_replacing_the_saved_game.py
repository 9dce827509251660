"""Quick game and New game's Start take the place of a saved game only once the player
agrees, in the words a table named on the command line is asked with; the line under the
menu's cards says so beforehand, whether the mouse or the keyboard points at the item."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.store.db import Store
from game.store.saves import clear_saved_game
from game.store.settings import Settings
from game.ui.confirm import ConfirmDialog
from game.ui.matchtable import MatchTable
from game.ui.menu import MainMenu
from game.ui.newgame import NewGameScreen
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import Screen, quick_game_home
from tests.ui.textkit import drawn_texts

SAVED = TableSetup(
    "classic", (SeatSpec("Anna"), SeatSpec("Ben"), SeatSpec("Cleo", "medium")), target=500
)
QUICK = TableSetup("polish", (SeatSpec("Anna"), SeatSpec("Ada", "easy")))


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    quick_game_home(tmp_path, monkeypatch, QUICK)
    return tmp_path


def _save_a_match(home: Path) -> bytes:
    """A Classic match of two people and a bot, saved as Quit to menu leaves it; the bytes
    of its save."""
    off = Settings(animation_speed="off")
    table = MatchTable(SAVED, SAVED.new_game(seed=3), settings=off, seed=3)
    table.save()
    return (home / "state" / "current_game.json").read_bytes()


def _menu_over_a_saved_match(home: Path) -> tuple[Screen, MainMenu, bytes]:
    before = _save_a_match(home)
    menu = MainMenu()
    screen = Screen(menu)
    assert menu.continue_button.visible
    return screen, menu, before


def _nothing_replaced(home: Path, before: bytes) -> None:
    assert (home / "state" / "current_game.json").read_bytes() == before
    with Store.open() as store:
        assert store.history() == [] and store.matches() == []


def _the_question(screen: Screen) -> ConfirmDialog:
    dialog = screen.top
    assert isinstance(dialog, ConfirmDialog)
    assert dialog.question == "Start Polish Makao · 2 players and replace the saved game?"
    assert dialog.detail.startswith("An unfinished game is saved (Classic Macao · 3 players")
    assert "the match (totals: Anna 0, Ben 0, Cleo 0) as given up" in dialog.detail
    assert dialog.yes_button.label == "Start the new table"
    return dialog


def _replaced(screen: Screen) -> None:
    table = screen.top
    assert isinstance(table, MatchTable) and table.setup == QUICK
    with Store.open() as store:
        [match] = store.matches()
        assert match.status == "abandoned"
        assert [s.profile for s in match.seats] == ["Anna", "Ben", "Bot · medium"]


def test_quick_game_by_keyboard_asks_first_and_keeping_the_save_changes_nothing(
    _home: Path,
) -> None:
    screen, menu, before = _menu_over_a_saved_match(_home)
    for keep in (pygame.K_ESCAPE, pygame.K_RETURN):  # Enter: the safe answer has the focus
        menu.focus(menu.quick_button)
        screen.key(pygame.K_RETURN)
        _the_question(screen)
        screen.key(keep)
        assert screen.top is menu and menu.continue_button.visible
        _nothing_replaced(_home, before)
    menu.focus(menu.quick_button)
    screen.key(pygame.K_RETURN)
    _the_question(screen)
    screen.key(pygame.K_LEFT)  # to "Start the new table"
    screen.key(pygame.K_RETURN)
    _replaced(screen)


def test_quick_game_by_mouse_asks_first_and_keeping_the_save_changes_nothing(
    _home: Path,
) -> None:
    screen, menu, before = _menu_over_a_saved_match(_home)
    screen.click(menu.quick_button.rect.center)
    dialog = _the_question(screen)
    screen.click(dialog.no_button.rect.center)
    assert screen.top is menu
    screen.click(menu.quick_button.rect.center)
    dialog = _the_question(screen)
    screen.click((4, 4))  # outside the panel
    assert screen.top is menu
    _nothing_replaced(_home, before)
    screen.click(menu.quick_button.rect.center)
    screen.click(_the_question(screen).yes_button.rect.center)
    _replaced(screen)


def test_new_games_start_asks_first_and_keeping_the_save_keeps_the_choices(
    _home: Path,
) -> None:
    screen, menu, before = _menu_over_a_saved_match(_home)
    screen.click(menu.new_button.rect.center)
    new = screen.top
    assert isinstance(new, NewGameScreen)
    new.target.set(300)  # a choice made on the screen, kept when the save is kept
    screen.click(new.start_button.rect.center)
    dialog = screen.top
    assert isinstance(dialog, ConfirmDialog) and "replace the saved game?" in dialog.question
    assert "as given up" in dialog.detail
    screen.click(dialog.no_button.rect.center)
    assert screen.top is new and new.target.value == 300
    _nothing_replaced(_home, before)
    screen.click(new.start_button.rect.center)
    screen.key(pygame.K_ESCAPE)
    assert screen.top is new
    _nothing_replaced(_home, before)
    screen.click(new.start_button.rect.center)
    screen.key(pygame.K_LEFT)
    screen.key(pygame.K_RETURN)
    table = screen.top
    assert isinstance(table, MatchTable)
    assert screen.stack.scenes == (menu, table)  # New game closed as the table started
    _replaced(screen)


def test_without_a_saved_game_quick_game_and_start_ask_nothing() -> None:
    menu = MainMenu()
    screen = Screen(menu)
    screen.click(menu.new_button.rect.center)
    new = screen.top
    assert isinstance(new, NewGameScreen)
    screen.click(new.start_button.rect.center)
    assert isinstance(screen.top, MatchTable)
    screen.stack.clear()
    clear_saved_game()  # the table left behind is saved: as if it had ended
    menu = MainMenu()
    screen = Screen(menu)
    screen.click(menu.quick_button.rect.center)
    assert isinstance(screen.top, MatchTable)


def _description(monkeypatch: pytest.MonkeyPatch, screen: Screen) -> list[str]:
    menu = screen.stack.scenes[0]
    assert isinstance(menu, MainMenu)
    column_x = menu.column_x(screen.surface.get_width())
    drawn = drawn_texts(monkeypatch, screen.stack, screen.surface.get_size())
    # the lines centred under the cards, left of the buttons, below the fan
    return [words for words, rect in drawn if rect.right < column_x and rect.y > 420]


def test_the_line_under_the_cards_follows_the_mouse_as_it_follows_the_focus(
    _home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    screen, menu, _ = _menu_over_a_saved_match(_home)
    assert menu.focused() is menu.continue_button
    assert _description(monkeypatch, screen)[0].startswith("Classic Macao · 3 players")
    screen.send(pygame.MOUSEMOTION, pos=menu.quick_button.rect.center, rel=(0, 0), buttons=(0,) * 3)
    assert _description(monkeypatch, screen) == [
        "Polish Makao · 2 players · you against a bot",
        "It replaces the saved game.",
    ]
    screen.key(pygame.K_DOWN)  # the keyboard leads again: Quick game's neighbour, focused
    assert menu.focused() is menu.quick_button
    screen.key(pygame.K_DOWN)
    assert menu.focused() is menu.new_button
    assert _description(monkeypatch, screen) == [
        "Choose the rules, the players and the bots",
        "It replaces the saved game.",
    ]
    screen.send(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0,) * 3)  # off the items
    assert _description(monkeypatch, screen)[0] == "Choose the rules, the players and the bots"
    screen.send(pygame.MOUSEMOTION, pos=menu.stats_button.rect.center, rel=(0, 0), buttons=(0,) * 3)
    assert _description(monkeypatch, screen) == ["Your results, round by round"]


def test_the_totals_of_the_match_given_up_are_named_and_long_names_cut() -> None:
    from game.ui.launch import replacing_words
    from game.ui.resume import SavedGame, snapshot

    long = "Wojciech Grzegorz Brzęczyszczykiewicz"
    twins = ("Kowalski family team 1", "Kowalski family team 2")  # cut, still told apart
    seats = (SeatSpec("you"), SeatSpec(long), *map(SeatSpec, twins), SeatSpec("Cleo", "medium"))
    setup = TableSetup("classic", seats)
    table = MatchTable(setup, setup.new_game(seed=3), settings=Settings(animation_speed="off"))
    words = replacing_words(SavedGame(snapshot(table)))
    named = words.split("(totals: ")[1].split(")")[0].split(", ")
    assert named[0] == "You 0" and named[-1] == "Cleo 0" and len(set(named)) == 5
    assert all(len(n) < len(long) for n in named[1:4]), named
    assert named[2] != named[3] and named[2].startswith("Kowalski"), named

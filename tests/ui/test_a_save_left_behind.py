"""A saved game that could not be written while the statistics could (its folder read-only
or full, theirs not) stays where it was last written. Continue from there would play the
rounds recorded since again and count them twice: the table marks the rounds it records
while its saves fail with its last save's id, and Continue refuses that save, keeps it
aside and says why, in a points match as in a table of single rounds."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from game.engine import PRESETS, Game
from game.store.db import Store
from game.store.saves import has_saved_game
from game.store.settings import Settings
from game.ui import launch, matchtable
from game.ui.matchtable import MatchTable
from game.ui.menu import MainMenu
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import Screen
from tests.ui.test_match_recorded import _lay_the_last_card

SEATS = (SeatSpec("You"), SeatSpec("Ada", "medium"))


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MACAU_HOME", str(tmp_path))
    Settings(animation_speed="off", bot_pace="fast").save()
    launch._fallback.clear()
    return tmp_path


def _failing(data: object) -> None:
    raise OSError(errno.EROFS, "Read-only file system")


def _lay_the_nine(screen: Screen, table: MatchTable) -> None:
    """You lay 9♣, your last card: the round is over and recorded."""
    _lay_the_last_card(screen, table)
    screen.frame(30)
    assert table.recorded


def _round_won_while_saves_fail(
    preset: str, monkeypatch: pytest.MonkeyPatch, *, mended_before_the_end: bool = False
) -> MatchTable:
    """You lay your last card (9♣) at a table saved once; every save after that fails
    (unless ``mended_before_the_end``: one more save fails, then they work again). The
    window is closed on the round's board; the save folder is writable again after."""
    game = Game.from_position(PRESETS[preset], ["9C", "8D KH"], "6C", "7H 7D 7S", 0)
    menu = MainMenu()
    screen = Screen(menu)
    setup = TableSetup(preset, SEATS)
    table = MatchTable(setup, game, settings=launch.settings_of(menu), deal=False)
    screen.stack.push(table)
    screen.frame(3)
    table.save()
    assert table.saved_id is not None and not table.save_problem
    with monkeypatch.context() as failing:
        failing.setattr(matchtable, "save_game", _failing)
        table.save()
        assert table.save_problem
        if mended_before_the_end:
            failing.undo()
            table.save()
            assert not table.save_problem
        _lay_the_nine(screen, table)
        screen.stack.clear()  # the window closed on the round's board
    return table


def _continued() -> tuple[Screen, MainMenu]:
    menu = MainMenu()
    screen = Screen(menu)
    screen.frame(2)
    assert menu.continue_button.visible  # the save is there, as last written
    menu.on_continue()
    return screen, menu


@pytest.mark.parametrize("preset", ["polish", "tel_aviv"])
def test_a_save_the_statistics_passed_while_it_failed_is_kept_aside(
    preset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _round_won_while_saves_fail(preset, monkeypatch)
    with Store.open() as store:
        [won] = store.history("You")
        assert not won.abandoned and won.round_no == 1
    screen, menu = _continued()
    assert screen.top is menu and not menu.continue_button.visible
    assert menu.problem is not None
    assert menu.problem.startswith("The saved game could not be kept up to date")
    assert "kept aside as" in menu.problem
    if preset == "tel_aviv":
        assert "1 round of its match, while the save stops earlier, in round 1" in menu.problem
        assert "recorded as given up" in menu.problem
    else:
        assert "rounds played on after it was saved" in menu.problem
    assert not has_saved_game()
    with Store.open() as store:
        assert [(e.round_no, e.abandoned) for e in store.history("You")] == [(1, False)]
        if preset == "tel_aviv":
            [match] = store.matches()
            assert (match.status, match.rounds) == ("abandoned", 1)


def test_a_save_written_again_before_the_round_was_recorded_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # One save failed, the next ones did not: the save on the disk is the round's board.
    _round_won_while_saves_fail("polish", monkeypatch, mended_before_the_end=True)
    screen, menu = _continued()
    assert isinstance(screen.top, MatchTable) and not menu.problem
    with Store.open() as store:
        assert len(store.history("You")) == 1


@pytest.mark.parametrize("renamed", [False, True], ids=["as_left", "renamed_in_profiles"])
def test_a_save_an_older_version_wrote_without_an_id_is_known_too(
    renamed: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Continued, then every save fails while the round is recorded: the save on the disk,
    # which has no id, is named by what it holds, also once a rename rewrote it.
    from game.store.saves import save_game
    from game.ui.resume import read_saved_game, rename_saved_seats

    game = Game.from_position(PRESETS["polish"], ["9C", "8D KH"], "6C", "7H 7D 7S", 0)
    menu = MainMenu()
    screen = Screen(menu)
    table = MatchTable(TableSetup("polish", SEATS), game, settings=launch.settings_of(menu))
    screen.stack.push(table)
    screen.frame(3)
    table.save()
    screen.stack.clear()
    saved = read_saved_game()
    assert saved.data is not None
    older = {k: v for k, v in saved.data.items() if k != "save_id"}
    save_game(older, saved_at=saved.saved_at)
    screen, menu = _continued()
    table = screen.top
    assert isinstance(table, MatchTable)
    screen.frame(5)
    with monkeypatch.context() as failing:
        failing.setattr(matchtable, "save_game", _failing)
        table.save()
        _lay_the_nine(screen, table)
        screen.stack.clear()
    if renamed:
        rename_saved_seats(read_saved_game(), ["Yolanda", "Ada"])
    screen, menu = _continued()
    assert screen.top is menu and menu.problem is not None
    assert "rounds played on after it was saved" in menu.problem
    with Store.open() as store:
        assert len(store.history("You")) == 1

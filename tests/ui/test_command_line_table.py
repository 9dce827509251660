"""A table named on the command line is a whole table: saved for Continue, recorded, with
its scoreboard, and left for the menu, like one started from the menu."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from game.ui import app as app_module
from game.ui.matchtable import MatchTable
from game.ui.menu import MainMenu
from game.ui.resume import read_saved_game
from game.ui.setup import TableSetup


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MACAU_HOME", str(tmp_path))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.delenv("MACAU_DEMO", raising=False)


def _args(**flags: object) -> argparse.Namespace:
    base: dict[str, object] = {"preset": None, "seats": None, "bots": None, "seed": None}
    return argparse.Namespace(**{**base, **flags, "smoke": False, "frames": 3})


def test_the_table_opens_over_the_menu_and_is_saved_for_continue(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[tuple[object, ...]] = []
    real_run = app_module.App.run

    def run(self: app_module.App, scene: object, frames: int | None = None) -> int:
        code = real_run(self, scene, frames=frames)  # type: ignore[arg-type]
        seen.append(tuple(self.stack.scenes) or (scene,))
        return code

    monkeypatch.setattr(app_module.App, "run", run)
    # Fonts are cached for the whole test run: the window's goodbye must not close them.
    monkeypatch.setattr(app_module.pygame, "quit", lambda: None)
    flags = {"preset": "classic", "seats": 3, "bots": "easy,hard", "seed": 5}
    assert app_module.run(_args(**flags)) == 0
    assert isinstance(seen[0][0], MainMenu)
    saved = read_saved_game()
    assert saved.data is not None  # Continue picks it up
    setup = TableSetup.from_dict(saved.data["setup"])
    assert setup.preset == "classic"
    assert [s.level for s in setup.seats] == ["", "easy", "hard"]
    assert len(saved.data["game"]["hands"]) == 3  # and its game, as dealt


def test_the_menu_starts_the_table_at_its_first_frame() -> None:
    from game.ui.start import setup_from_args
    from tests.ui.menukit import Screen

    menu = MainMenu()
    setup = setup_from_args(_args(preset="hungarian", seats=3, bots="medium"), None)
    menu.first_table = (setup, 7)
    screen = Screen(menu)
    screen.frame()
    table = screen.top
    assert isinstance(table, MatchTable)
    assert table.game.rules.name == "hungarian" and table.game.seats == 3
    assert table.setup.names[0] == "You" and table.setup.levels == ["", "medium", "medium"]
    assert menu.first_table is None
    assert screen.stack.scenes[0] is menu  # Quit to menu lands on it


def test_a_saved_game_is_replaced_by_a_command_line_table_only_once_confirmed() -> None:
    import pygame

    from game.ui.confirm import ConfirmDialog
    from game.ui.start import setup_from_args
    from tests.ui.menukit import Screen

    first = Screen(MainMenu())
    first.frame()
    first.click(first.top.quick_button.rect.center)  # type: ignore[attr-defined]
    table = first.top
    assert isinstance(table, MatchTable)
    table.save()
    kept = read_saved_game().data
    assert kept is not None
    for answer, replaced in ((pygame.K_ESCAPE, False), (pygame.K_RETURN, False), ("yes", True)):
        menu = MainMenu()
        menu.first_table = (setup_from_args(_args(preset="hungarian"), None), 7)
        screen = Screen(menu)
        screen.frame()
        dialog = screen.top
        assert isinstance(dialog, ConfirmDialog) and "replace the saved game" in dialog.question
        if answer == "yes":
            screen.click(dialog.yes_button.rect.center)
        else:
            screen.key(answer)  # Esc, or Enter on the safe answer, which has the focus
        saved = read_saved_game().data
        assert saved is not None
        if replaced:
            assert isinstance(screen.top, MatchTable)
            assert TableSetup.from_dict(saved["setup"]).preset == "hungarian"
        else:
            assert screen.top is menu and saved == kept and menu.continue_button.visible


def test_you_keep_the_name_you_last_played_under() -> None:
    from game.ui.start import setup_from_args

    last = TableSetup.from_dict(
        {
            "preset": "polish",
            "seats": [{"name": "Ania", "level": ""}, {"name": "Ben", "level": "easy"}],
        }
    ).to_dict()
    setup = setup_from_args(_args(seats=3, bots="hard"), last)
    assert setup.names[0] == "Ania" and setup.levels == ["", "hard", "hard"]


def test_a_prepared_position_is_drawn_with_the_players_card_settings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from game.store.settings import Settings
    from game.ui.start import table_from_args

    Settings(four_colour=True, large_index=True, animation_speed="off").save()
    monkeypatch.setenv("MACAU_DEMO", "chooser")
    table = table_from_args(_args())
    assert table.settings.four_colour and table.settings.large_index
    assert table.animator.speed == "off"

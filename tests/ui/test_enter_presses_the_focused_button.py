"""From the keyboard, Enter does what the focus ring says: Cancel cancels a merge, a button
greyed out hands the focus on, and Enter in a New game name field starts the table."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.store import Store
from game.ui.matchtable import MatchTable
from game.ui.menu import MainMenu
from game.ui.newgame import NewGameScreen
from game.ui.profiles_scene import MergeDialog, ProfilesScene
from tests.ui.menukit import Screen
from tests.ui.statskit import seed


def _focused(scene: object) -> list[object]:
    return [w for w in scene.widgets.widgets if w.focused]  # type: ignore[attr-defined]


def _profiles() -> tuple[Screen, ProfilesScene]:
    """The Profiles screen over thirty recorded rounds (Ania, Béla, Csilla and bots)."""
    store = Store.open()
    seed(store, 30)
    screen = Screen(ProfilesScene(store))
    profiles = screen.top
    assert isinstance(profiles, ProfilesScene)
    return screen, profiles


def test_enter_on_cancel_in_the_merge_dialog_merges_nothing(_home: Path) -> None:
    screen, profiles = _profiles()
    store = profiles.store
    before = [p.name for p in store.profiles()]
    profiles.select([p.name for p in profiles.profiles].index("Csilla"))
    screen.key(pygame.K_m, "m")
    dialog = screen.top
    assert isinstance(dialog, MergeDialog)
    screen.key(pygame.K_TAB)  # from the picker to Cancel
    assert [b.label for b in dialog.buttons if b.focused] == ["Cancel"]
    screen.key(pygame.K_RETURN)
    assert screen.top is profiles and profiles.merging is None
    assert [p.name for p in store.profiles()] == before
    # With the picker focused Enter still merges, as the dialog says.
    screen.key(pygame.K_m, "m")
    dialog = screen.top
    assert isinstance(dialog, MergeDialog)
    screen.key(pygame.K_RETURN)
    assert screen.top is profiles and profiles.merging is not None
    assert profiles.message == "Merging Csilla into Ania…"
    profiles.merging.wait()
    screen.frame()


def test_a_button_greyed_out_while_focused_hands_the_focus_on(_home: Path) -> None:
    screen, profiles = _profiles()
    profiles.select([p.name for p in profiles.profiles].index("Ania"))
    profiles.widgets.clear_focus()
    profiles.rename_button.focused = True
    screen.frame()
    bot = next(i for i, p in enumerate(profiles.profiles) if p.name.startswith("Bot"))
    profiles.select(bot)  # a bot cannot be renamed: Rename greys out
    screen.frame()
    assert not profiles.rename_button.enabled and not profiles.rename_button.focused
    [held] = _focused(profiles)
    assert getattr(held, "enabled", True) and held.visible


def test_enter_in_a_name_field_starts_the_table(_home: Path) -> None:
    screen = Screen(MainMenu())
    screen.click(screen.top.new_button.rect.center)  # type: ignore[union-attr]
    new = screen.top
    assert isinstance(new, NewGameScreen)
    field = new.rows[0].name
    screen.click(field.rect.center)
    screen.key(pygame.K_END)
    for _ in range(len(field.text)):
        screen.key(pygame.K_BACKSPACE)
    screen.type("Zoë")
    screen.key(pygame.K_KP_ENTER)
    assert isinstance(screen.top, MatchTable)
    assert screen.top.names[0] == "Zoë"

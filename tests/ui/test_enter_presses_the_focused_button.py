"""From the keyboard, Enter does what the focus ring says: Cancel cancels a merge, a button
greyed out hands the focus on, and Enter in a New game name field starts the table."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.store import Store
from game.ui.matchtable import MatchTable
from game.ui.menu import MainMenu
from game.ui.newgame import NewGameScreen
from game.ui.profiles_scene import MergeDialog, NameDialog, ProfilesScene
from tests.ui.menukit import Screen
from tests.ui.statskit import seed


def _focused(scene: object) -> list[object]:
    return [w for w in scene.widgets.widgets if w.focused]  # type: ignore[attr-defined]


def _profiles() -> tuple[Screen, ProfilesScene]:
    """The Profiles screen over thirty recorded rounds (Ania, Béla, Csilla and bots), and
    Dorota, who has played none."""
    store = Store.open()
    seed(store, 30)
    store.create_profile("Dorota")
    screen = Screen(ProfilesScene(store))
    profiles = screen.top
    assert isinstance(profiles, ProfilesScene)
    return screen, profiles


def test_enter_on_cancel_in_the_merge_dialog_merges_nothing(_home: Path) -> None:
    screen, profiles = _profiles()
    store = profiles.store
    before = [p.name for p in store.profiles()]
    profiles.select([p.name for p in profiles.profiles].index("Dorota"))
    screen.key(pygame.K_m, "m")
    dialog = screen.top
    assert isinstance(dialog, MergeDialog)
    screen.key(pygame.K_TAB)  # from the picker to Cancel
    assert [b.label for b in dialog.buttons if b.focused] == ["Cancel"]
    screen.key(pygame.K_RETURN)
    assert screen.top is profiles and profiles.merging is None
    assert [p.name for p in store.profiles()] == before
    # With the picker focused Enter still merges, as the dialog says, and Merge keeps its mark.
    screen.key(pygame.K_m, "m")
    dialog = screen.top
    assert isinstance(dialog, MergeDialog)
    from tests.ui.textkit import drawn_texts

    with pytest.MonkeyPatch.context() as patch:
        assert "Enter" in [w for w, _ in drawn_texts(patch, screen.stack, (1280, 800))]
    screen.key(pygame.K_RETURN)
    assert screen.top is profiles
    if profiles.merging is not None:  # (it may have finished already)
        profiles.merging.wait()
    screen.frame()
    assert "Dorota" not in [p.name for p in profiles.profiles]


def test_a_button_greyed_out_while_focused_shows_no_ring_and_keeps_its_place(
    _home: Path,
) -> None:
    screen, profiles = _profiles()
    people = [p.name for p in profiles.profiles]
    profiles.select(people.index("Csilla"))
    profiles.widgets.clear_focus()
    profiles.rename_button.focused = True
    bot = next(i for i, name in enumerate(people) if name.startswith("Bot"))
    profiles.select(bot)  # a bot cannot be renamed: Rename greys out
    screen.frame()
    button = profiles.rename_button
    assert not button.enabled and button.focused
    ringed, bare = pygame.Surface((400, 120)), pygame.Surface((400, 120))
    button.draw(ringed)
    button.focused = False
    button.draw(bare)
    button.focused = True
    assert pygame.image.tobytes(ringed, "RGB") == pygame.image.tobytes(bare, "RGB")
    profiles.select(people.index("Csilla"))  # a person again: Rename takes Enter as before
    screen.frame()
    screen.key(pygame.K_RETURN)
    assert isinstance(screen.top, NameDialog)


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


def test_a_button_marked_enter_loses_the_mark_once_the_focus_is_elsewhere(
    _home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hand-off's "I'm Bart — show my cards  Enter": Tab to Menu, and Enter presses Menu
    (what the ring shows), so the Enter mark is no longer drawn beside the other button."""
    from game.engine import PRESETS, Game
    from game.store.settings import Settings
    from game.ui import handoff
    from game.ui.roundend import GamePause
    from game.ui.setup import SeatSpec, TableSetup
    from tests.ui.menukit import handoff_for
    from tests.ui.textkit import drawn_texts

    monkeypatch.setattr(handoff, "READY_DELAY", 0.0)
    setup = TableSetup("polish", (SeatSpec("Anna"), SeatSpec("Bart")))
    game = Game.from_position(
        PRESETS["polish"], hands=["5C 9H", "8C 9S"], pile="5H", stock="2D 3D 4S 6S"
    )
    off = Settings(animation_speed="off")
    screen = Screen(MatchTable(setup, game, settings=off, seed=5, deal=False))
    shown = handoff_for(screen, 0)
    words = [w for w, _ in drawn_texts(monkeypatch, screen.stack, (1280, 800))]
    assert "Enter" in words
    screen.key(pygame.K_TAB)
    assert [b.label for b in _focused(shown)] == ["Menu"]
    words = [w for w, _ in drawn_texts(monkeypatch, screen.stack, (1280, 800))]
    assert "Enter" not in words and "Esc" in words
    screen.key(pygame.K_RETURN)
    assert isinstance(screen.top, GamePause)

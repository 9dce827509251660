"""Deleting a player on the Profiles screen: asked first (Keep has the focus), refused with
the reason for a player who played and for one seated at a table kept for later, and never
offered for a bot level."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.store import GameRecord, SeatResult
from game.store.db import Store
from game.ui.confirm import ConfirmDialog
from game.ui.menu import MainMenu
from game.ui.profiles_scene import ProfilesScene
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import Screen, quick_game_home
from tests.ui.profileskit import open_profiles, select


@pytest.fixture
def profiles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Screen, ProfilesScene]:
    quick = TableSetup("polish", (SeatSpec("Cleo"), SeatSpec("West", "easy")))
    quick_game_home(tmp_path, monkeypatch, quick)
    with Store.open() as store:
        for name in ("Ada", "Anan", "Cleo"):
            store.create_profile(name)
        seats = (
            SeatResult(0, "Ada", False, None, 1),
            SeatResult(1, "West", True, "easy", 2, seat_name="West"),
        )
        store.record_game(GameRecord("polish", "fp", 1.7e9, 1.7e9 + 300, seats))
    menu = MainMenu()
    screen = Screen(menu)
    return screen, open_profiles(screen, menu)


def _names(scene: ProfilesScene) -> list[str]:
    return [p.name for p in scene.profiles]


def test_a_player_who_never_played_is_deleted_once_confirmed(
    profiles: tuple[Screen, ProfilesScene],
) -> None:
    screen, scene = profiles
    select(scene, "Anan")
    screen.key(pygame.K_DELETE)
    dialog = screen.top
    assert isinstance(dialog, ConfirmDialog) and dialog.question == "Delete Anan?"
    screen.key(pygame.K_RETURN)  # Keep has the focus: a stray Enter loses nothing
    assert screen.top is scene and "Anan" in _names(scene)
    screen.click(scene.delete_button.rect.center)
    dialog = screen.top
    assert isinstance(dialog, ConfirmDialog)
    screen.click(dialog.yes_button.rect.center)
    assert screen.top is scene
    assert "Anan" not in _names(scene)
    assert (scene.message, scene.message_is_error) == ("Deleted profile Anan.", False)
    with Store.open() as store:
        assert store.profile("Anan") is None


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("Ada", "Ada played 1 round, "),  # the other players' records count it
        ("Cleo", "Cleo sits at the Quick game table: "),  # its next round would make her again
    ],
)
def test_a_player_who_must_stay_is_kept_with_the_reason_and_no_question(
    profiles: tuple[Screen, ProfilesScene], name: str, reason: str
) -> None:
    screen, scene = profiles
    select(scene, name)
    screen.key(pygame.K_DELETE)
    assert screen.top is scene  # no question: the answer is known
    assert scene.message_is_error and scene.message.startswith(reason)
    assert name in _names(scene) and scene.current is not None


def test_a_bot_level_cannot_be_deleted(profiles: tuple[Screen, ProfilesScene]) -> None:
    screen, scene = profiles
    select(scene, "Bot · easy")
    assert not scene.delete_button.enabled
    screen.key(pygame.K_DELETE)
    assert screen.top is scene and "Bot · easy" in _names(scene)

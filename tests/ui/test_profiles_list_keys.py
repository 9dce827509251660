"""The Profiles list by keyboard and wheel: PageUp/PageDown and Home/End move the highlight
as in the other lists, the wheel takes the highlight along so the buttons never act on a
profile out of view, a shortcut that cannot act says why, and a rename to the same name
says nothing changed."""

from __future__ import annotations

import pygame

from game.store import Store
from game.ui.profiles_scene import NameDialog, ProfilesScene
from tests.store.conftest import bot, game, human
from tests.ui.menukit import Screen


def _profiles(count: int = 14) -> tuple[Screen, ProfilesScene]:
    store = Store.open()
    for n in range(count):
        store.create_profile(f"Player {n:02d}")
    store.record_game(game(1, "polish", human(0, "Player 00", 1), bot(1, "easy", 2)))
    scene = ProfilesScene(store)
    return Screen(scene, (960, 600)), scene


def test_page_and_end_keys_move_the_highlight_and_keep_it_in_view() -> None:
    screen, scene = _profiles()
    shown = scene.visible_rows()
    assert len(scene.profiles) > shown
    screen.key(pygame.K_END)
    assert scene.selected == len(scene.profiles) - 1 and scene.selected in scene.in_view()
    screen.key(pygame.K_HOME)
    assert scene.selected == 0 and scene.first == 0
    screen.key(pygame.K_PAGEDOWN)
    assert scene.selected == shown and scene.selected in scene.in_view()
    screen.key(pygame.K_PAGEUP)
    assert scene.selected == 0


def test_the_wheel_takes_the_highlight_along() -> None:
    screen, scene = _profiles()
    screen.key(pygame.K_HOME)
    for _ in range(3):
        screen.send(pygame.MOUSEWHEEL, x=0, y=-3)
    assert scene.first > 0 and scene.selected in scene.in_view()
    screen.key(pygame.K_END)
    screen.send(pygame.MOUSEWHEEL, x=0, y=40)
    assert scene.first == 0 and scene.selected in scene.in_view()


def test_a_shortcut_on_a_bot_level_says_why_it_does_nothing() -> None:
    screen, scene = _profiles(2)
    scene.select(next(i for i, p in enumerate(scene.profiles) if p.is_bot))
    screen.key(pygame.K_F2)
    assert not isinstance(screen.top, NameDialog)
    assert "is a bot level" in scene.message and scene.message_is_error


def test_a_rename_to_the_same_name_says_nothing_changed() -> None:
    screen, scene = _profiles(2)
    scene.select([p.name for p in scene.profiles].index("Player 01"))
    screen.key(pygame.K_F2)
    assert isinstance(screen.top, NameDialog)
    screen.key(pygame.K_RETURN)  # the name as it opened
    assert screen.top is scene
    assert scene.message == "Player 01 is already called that: nothing changed."

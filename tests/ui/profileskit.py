"""Driving the Profiles screen as a player does: opened from the menu through Statistics,
a player picked, renamed with F2 and merged with M."""

from __future__ import annotations

import pygame

from game.ui.menu import MainMenu
from game.ui.profiles_scene import MergeDialog, NameDialog, ProfilesScene
from game.ui.stats_scene import StatsScene
from tests.ui.menukit import Screen


def open_profiles(screen: Screen, menu: MainMenu) -> ProfilesScene:
    """Statistics, then Profiles (P), from the menu."""
    screen.click(menu.stats_button.rect.center)
    assert isinstance(screen.top, StatsScene)
    screen.key(pygame.K_p, "p")
    profiles = screen.top
    assert isinstance(profiles, ProfilesScene)
    return profiles


def select(profiles: ProfilesScene, name: str) -> None:
    """Pick the player called ``name`` in the list."""
    profiles.select([p.name for p in profiles.profiles].index(name))


def rename(
    screen: Screen, profiles: ProfilesScene, old: str, typed: str, *, clear: bool = True
) -> NameDialog:
    """Pick ``old``, F2, type ``typed`` (in place of the name, which opens selected whole,
    or after it when not ``clear``: End first) and press Enter; the dialog."""
    select(profiles, old)
    screen.key(pygame.K_F2)
    dialog = screen.top
    assert isinstance(dialog, NameDialog)
    if not clear:
        screen.key(pygame.K_END)
    screen.type(typed)
    screen.key(pygame.K_RETURN)
    return dialog


def open_merge(screen: Screen, profiles: ProfilesScene, source: str) -> MergeDialog:
    """Pick ``source`` and press M; the merge dialog."""
    select(profiles, source)
    screen.key(pygame.K_m, "m")
    dialog = screen.top
    assert isinstance(dialog, MergeDialog)
    return dialog


def merge(screen: Screen, dialog: MergeDialog, profiles: ProfilesScene, target: str) -> None:
    """Step the dialog to ``target``, confirm, and wait for the merge to finish."""
    while dialog.chosen != target:
        screen.key(pygame.K_RIGHT)
    screen.key(pygame.K_RETURN)
    if profiles.merging is not None:
        profiles.merging.wait()
    screen.frame()
    assert profiles.merging is None

"""The game installed in, or keeping its files in, a folder whose name is not UTF-8 (a
Latin-1 "café", which Python reads as a string holding a lone surrogate): its font, sounds
and icon load, and the Statistics button opens its screen."""

from __future__ import annotations

import logging
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import resources
from game.store import Store
from game.store.opening import NEWER
from game.store.settings import Settings
from game.ui import theme
from game.ui.app import App
from game.ui.clock import ManualClock
from game.ui.menu import MainMenu
from game.ui.sound import EFFECTS, Sound
from game.ui.stats_scene import StatsScene, clear_cache
from tests.store.latin1 import latin1_folder
from tests.ui.menukit import Screen
from tests.ui.statskit import seed
from tests.ui.textkit import forget_fonts


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The game's files copied into a Latin-1 named folder, which the game takes them from."""
    real = resources.asset_root()
    root = latin1_folder(tmp_path, b"macau-caf\xe9")
    for part in ("sprites/fonts", "sprites/icon", "sounds"):
        shutil.copytree(real / part, root / part)
    monkeypatch.setattr(resources, "asset_root", lambda: root)
    forget_fonts()
    yield root
    forget_fonts()


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def test_the_shipped_font_is_used_from_such_a_folder(installed: Path) -> None:
    pygame.font.init()
    shipped = installed / "sprites" / "fonts" / "DejaVuSans.ttf"
    assert theme._font_file(False) == str(shipped)
    drawn = theme.font(24).render("Macau 10", True, (0, 0, 0))
    original = Path(resources.__file__).resolve().parent.parent / "sprites/fonts/DejaVuSans.ttf"
    expected = pygame.font.Font(str(original), 24).render("Macau 10", True, (0, 0, 0))
    assert _pixels(drawn) == _pixels(expected)
    # FreeType reads it too: a Thai letter, which DejaVu lacks, is known to be missing.
    assert theme._lacks("\u0e01", False)
    assert theme.text("Ania · Béla", 20).get_width() > 0


def test_freetype_is_handed_the_file_where_the_disk_spells_the_name_otherwise(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the file system's encoding is Latin-1, "café" is b"caf\\xe9" on disk while
    FreeType would look for its UTF-8 bytes: the file is opened for it instead."""
    pygame.font.init()
    folder = tmp_path / "café"
    folder.mkdir()
    copy = folder / "DejaVuSans.ttf"
    shutil.copyfile(resources.asset_root() / "sprites" / "fonts" / "DejaVuSans.ttf", copy)
    plain = tmp_path / "DejaVuSans.ttf"
    shutil.copyfile(copy, plain)
    monkeypatch.setattr(theme.os, "fsencode", lambda name: str(name).encode("latin-1"))
    assert not theme._utf8(str(copy))
    assert theme._utf8(str(plain))
    handed: list[object] = []
    real = pygame.freetype.Font
    monkeypatch.setattr(
        pygame.freetype, "Font", lambda file, size: handed.append(file) or real(file, size)
    )
    forget_fonts()
    try:
        assert theme._has(str(copy), "A") is True
        assert theme._has(str(copy), "\u0e01") is False  # DejaVu has no Thai
    finally:
        forget_fonts()
    assert len(handed) == 1 and not isinstance(handed[0], str)


def test_the_sounds_load_from_such_a_folder(
    installed: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="game.ui.sound"):
        sound = Sound()
    if not sound.available:
        pytest.skip("no audio driver on this machine")
    assert caplog.records == []
    assert sorted(sound._effects) == sorted(EFFECTS)


def test_the_window_icon_loads_from_such_a_folder(
    installed: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    icons: list[pygame.Surface] = []
    monkeypatch.setattr(pygame.display, "set_icon", icons.append)
    App(settings=Settings(animation_speed="off"), clock=ManualClock(), fullscreen=False)
    assert [icon.get_size() for icon in icons] == [(64, 64)]


def test_statistics_kept_in_such_a_folder_open_from_the_menu(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A newer version's statistics file must be opened read-only, by a SQLite URI.
    home = latin1_folder(tmp_path, b"home-caf\xe9")
    monkeypatch.setenv("MACAU_HOME", str(home))
    clear_cache()
    with Store.open() as store:
        seed(store, rounds=6)
    conn = sqlite3.connect(str(home / "data" / "macau.sqlite3"), isolation_level=None)
    conn.execute("PRAGMA user_version = 99")
    conn.close()
    menu = MainMenu()
    screen = Screen(menu)
    screen.click(menu.stats_button.rect.center)
    scene = screen.top
    assert isinstance(scene, StatsScene)
    assert scene.store.problem == NEWER
    assert "Ania" in scene.names and scene.tiles
    menu.shutdown()

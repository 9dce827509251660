"""A shipped font cut short (an interrupted copy or download) opens, then fails at the first
word drawn: it is found out when opened, logged, and another font draws the game's text."""

from __future__ import annotations

import logging
import shutil
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import resources
from game.ui import theme
from tests.ui.textkit import forget_fonts


@pytest.fixture
def cut_short(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The game's files, with its regular font cut to its first 3,000 bytes."""
    root = tmp_path / "install"
    shutil.copytree(resources.asset_root() / "sprites" / "fonts", root / "sprites" / "fonts")
    damaged = root / "sprites" / "fonts" / "DejaVuSans.ttf"
    damaged.write_bytes(damaged.read_bytes()[:3000])
    monkeypatch.setattr(resources, "asset_root", lambda: root)
    forget_fonts()
    yield damaged
    forget_fonts()


def test_a_font_cut_short_is_logged_and_another_draws_the_text(
    cut_short: Path, caplog: pytest.LogCaptureFixture
) -> None:
    pygame.font.init()
    with caplog.at_level(logging.WARNING, logger="game.ui.theme"):
        line = theme.text("Macau 10", 24)
        accented = theme.text("Béla · Żaneta", 24)
    assert line.get_width() > 40 and accented.get_width() > 40
    assert theme._font_file(False) != str(cut_short)
    warnings = [r.getMessage() for r in caplog.records]
    assert len(warnings) == 1
    assert str(cut_short) in warnings[0] and "cannot draw text" in warnings[0]


def test_the_bold_font_beside_it_is_still_used(cut_short: Path) -> None:
    pygame.font.init()
    bold = cut_short.with_name("DejaVuSans-Bold.ttf")
    assert theme._font_file(True) == str(bold)
    assert theme.text("Macau 10", 24, bold=True).get_width() > 40

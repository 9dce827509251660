"""Text in every script a player may type a name in is drawn with real letters."""

from __future__ import annotations

import pygame
import pytest

from game.ui import theme


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def test_cjk_letters_are_drawn_and_not_as_empty_boxes() -> None:
    pygame.font.init()
    if not pygame.font.match_font("notosanscjksc,droidsansfallbackfull,droidsansfallback"):
        pytest.skip("this machine has no font with Chinese or Japanese letters")
    # Missing letters would all be the same empty box: two different names, one picture.
    assert _pixels(theme.text("山田", 20)) != _pixels(theme.text("太郎", 20))
    mixed = theme.text("Ana 山田 ♥", 20)
    assert mixed.get_width() > theme.text_size("Ana  ♥", 20)[0]
    # Latin text is drawn as before, in the main font alone.
    assert _pixels(theme.text("Zoë", 20)) == _pixels(theme.font(20).render("Zoë", True, theme.TEXT))


@pytest.mark.parametrize(
    "file", ["PingFang", "Hiragino Sans GB", "STHeiti Medium", "Songti", "Arial Unicode"]
)
def test_the_cjk_fonts_macos_ships_are_among_the_fallbacks_asked_for(file: str) -> None:
    # On macOS pygame names a system font after its file; the names asked for must match.
    import pygame.sysfont

    from game.ui.theme import _FALLBACK_FONTS

    fonts: dict[str, object] = {}
    pygame.sysfont._parse_font_entry_darwin(file, f"/System/Library/Fonts/{file}.ttc", fonts)  # type: ignore[attr-defined]
    names = set(fonts)
    assert names & set(_FALLBACK_FONTS.split(",")), names

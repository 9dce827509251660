"""A name too wide for its room is cut where a reader still reads it: an emoji (a flag, a
skin tone, a joined sequence) is kept whole or left out, never halved, and a right-to-left
name is cut with "…" rather than to an initial whose full stop would be drawn on the
wrong side in the game's left-to-right lines."""

from __future__ import annotations

import pygame
import pytest

from game.ui import bidi, theme

FLAG, CODER = "🇵🇱", "👩🏽\u200d💻"


@pytest.mark.parametrize("name", [f"Anna Maria {FLAG}", f"Kasia Nowak {CODER}"])
def test_an_emoji_is_never_cut_in_half(name: str) -> None:
    pygame.font.init()
    emoji = name.split()[-1]
    full = theme.text_size(name, 16, True)[0]
    for width in range(full - 1, 20, -4):
        shown = theme.fit_name(name, 16, width, True)
        assert emoji in shown or not any(ch in shown for ch in emoji), (width, shown)
        cut = theme.fit(name, 16, width, True)
        assert emoji in cut or not any(ch in cut for ch in emoji), (width, cut)


@pytest.mark.parametrize("name", ["محمد عبد الرحمن الهاشمي", "דוד בן־גוריון"])
def test_a_right_to_left_name_is_cut_not_abbreviated(name: str) -> None:
    pygame.font.init()
    full = theme.text_size(name, 16, True)[0]
    for width in range(full - 1, 30, -6):
        shown = theme.fit_name(name, 16, width, True)
        assert "." not in shown and bidi.has_rtl(shown), (width, shown)
        assert name.startswith(shown.removeprefix("…")), (width, shown)  # (its end at the left)


def test_a_latin_name_is_still_abbreviated() -> None:
    pygame.font.init()
    width = theme.text_size("Katarzyna K.", 16, True)[0]
    assert theme.fit_name("Katarzyna Kowalska", 16, width, True) == "Katarzyna K."
    assert (
        theme.fit_name("Łukasz Żółtowski", 16, theme.text_size("Łukasz Ż.", 16, True)[0], True)
        == "Łukasz Ż."
    )


def _halves(text: str) -> bool:
    """Whether ``text`` holds half a flag (an odd run of regional indicator letters)."""
    run = 0
    for ch in text + " ":
        if "\U0001f1e6" <= ch <= "\U0001f1ff":
            run += 1
        elif run % 2:
            return True
        else:
            run = 0
    return False


def test_names_told_apart_by_a_last_flag_keep_their_flags_whole() -> None:
    pygame.font.init()
    names = ("Maximiliano🇩🇪🇵🇱", "Maximiliano🇩🇪🇵🇹", "Annabelle🇵🇱", "Annabelle🇵🇹")
    for width in range(24, 140, 4):
        for name in names:
            shown = theme.fit_name(name, 16, width, True, names)
            assert not _halves(shown), (width, shown)
            assert "\u200d" not in shown[:1], (width, shown)


def test_a_right_to_left_text_cut_short_ends_at_its_left() -> None:
    pygame.font.init()
    cut = theme.fit("محمد عبد الله الحسيني", 16, 80, True)
    assert cut.startswith("…") and "محمد".startswith(cut[1:3])

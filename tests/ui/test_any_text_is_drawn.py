"""Whatever a player types or pastes as a name is drawn, never a reason to stop the game:
invisible characters, marks on their own, emoji sequences, right-to-left names and letters
the game's own font lacks."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame
import pytest

from game.resources import font_path
from game.ui import bidi, theme

NASTY = [
    "",
    " ",
    "\u200b",  # zero-width space
    "\u200d",  # zero-width joiner
    "\u200c",  # zero-width non-joiner
    "\u200f",  # right-to-left mark
    "\u200e\u202e\u2066",  # direction marks, override, isolate
    "\ufeff",  # byte order mark
    "\u00ad",  # soft hyphen
    "\u2060",  # word joiner
    "\u0301",  # a combining accent with nothing to sit on
    "\u0301\u0302\u0303",
    "\ufe0f",  # a variation selector alone
    "\U0001f3fd",  # a skin tone alone
    "Kasia \U0001f469\u200d\U0001f4bb",  # 👩‍💻
    "\U0001f468\u200d\U0001f469\u200d\U0001f467",  # 👨‍👩‍👧
    "\U0001f3f3\ufe0f\u200d\U0001f308",  # 🏳️‍🌈
    "\u2764\ufe0f\u200d\U0001f525",  # ❤️‍🔥
    "\U0001f44d\U0001f3fd",  # 👍🏽
    "\U0001f1f5\U0001f1f1",  # 🇵🇱
    "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",  # Scotland
    "山\u200b田",
    "山\u0301",
    "\U0001d5a0\U0001d5c7\U0001d5c7\U0001d5ba",  # "𝖠𝗇𝗇𝖺" from a fancy-letters site
    "\U0002a6d6\U00020000",  # CJK letters beyond the first plane
    "\U000f0000",  # private use, beyond the first plane
    "\U0010ffff",  # a noncharacter
    "\ud800",  # half of a surrogate pair
    "Anna\x00Maria",
    "Anna\tMaria\nKowalska\r",
    "अर्जुन",  # Hindi
    "สมชาย",  # Thai, no spaces
    "김민수",  # Korean
    "מִרְיָם",  # Hebrew with vowel points
    "مهدی\u200cزاده",  # Persian with a zero-width non-joiner
    "Anna (אנה) 3 ♥",
    "\u200f♠\u200d♥\u0301",
    "W" * 300,
]


@pytest.fixture(autouse=True)
def _fonts() -> None:
    pygame.font.init()


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("content", NASTY)
def test_any_string_is_drawn_without_an_error(content: str, bold: bool) -> None:
    image = theme.text(content, 20, theme.INK, bold)
    assert image.get_width() >= 1 and image.get_height() >= theme.font(20, bold).get_height()
    # Measured and fitted too, as the name fields and seat boxes do.
    assert theme.text_size(content, 13, bold)[0] >= 1
    assert theme.text_size(theme.fit(content, 20, 60, bold), 20, bold)[0] <= 60 or len(content) < 2


def test_an_invisible_character_alone_draws_nothing() -> None:
    for invisible in ("\u200b", "\u200d", "\u200f", "\u00ad", "\u2060"):
        image = theme.text(invisible, 20)
        assert image.get_width() == 1
        assert not any(image.get_at((0, y)).a for y in range(image.get_height()))


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def test_a_joiner_between_two_letters_does_not_change_how_they_are_drawn() -> None:
    plain = theme.text("Anna Kowalska", 20)
    assert _pixels(theme.text("Anna\u200b Kowalska", 20)) == _pixels(plain)


def test_plain_text_is_drawn_by_the_font_alone() -> None:
    f = theme.font(20)
    for words in ("Anna", "Round 1: Ada deals", "Zoë Łucja"):
        assert _pixels(theme.text(words, 20)) == _pixels(f.render(words, True, theme.TEXT))


# --- right to left ---------------------------------------------------------------------------


def test_a_hebrew_name_reads_right_to_left() -> None:
    # Hebrew letters take no other form beside their neighbours: read right to left, a name
    # looks as its letters would in reverse order, left to right (the final nun at the left).
    f = theme.font(20)
    assert _pixels(theme.text("שרה כהן", 20)) == _pixels(f.render("ןהכ הרש", True, theme.TEXT))


def test_a_right_to_left_name_sits_in_a_left_to_right_line() -> None:
    f = theme.font(20)
    for shown, looks in [
        ("Pass to שרה", "Pass to הרש"),
        ("Anna (אנה) 3", "Anna (הנא) 3"),  # the brackets stay round the name
        ("שרה 2024", "2024 הרש"),  # a number reads left to right, after the name
    ]:
        assert _pixels(theme.text(shown, 20)) == _pixels(f.render(looks, True, theme.TEXT)), shown


def test_an_arabic_name_is_shaped_right_to_left() -> None:
    path = font_path("DejaVuSans.ttf")
    assert path is not None
    shaper = pygame.font.Font(str(path), 20)
    shaper.set_direction(pygame.DIRECTION_RTL)
    shaper.set_script("Arab")
    name = "محمد"
    assert _pixels(theme.text(name, 20)) == _pixels(shaper.render(name, True, theme.TEXT))
    # and the game's font itself is left reading left to right
    f = theme.font(20)
    assert _pixels(theme.text("Anna", 20)) == _pixels(f.render("Anna", True, theme.TEXT))


def test_the_levels_of_a_line_follow_the_bidirectional_algorithm() -> None:
    assert bidi.levels("ab אב") == [0, 0, 0, 1, 1]
    assert bidi.levels("אב cd") == [1, 1, 0, 0, 0]
    assert bidi.levels("אב 12 גד") == [1, 1, 1, 2, 2, 1, 1, 1]
    assert bidi.levels("a (אב) 3") == [0, 0, 0, 1, 1, 0, 0, 2]  # 2: a number after it
    assert bidi.levels("\u05d0\u05b8") == [1, 1]  # a vowel point goes with its letter
    assert bidi.visual_order([0, 1, 2, 1, 0]) == [0, 3, 2, 1, 4]
    scripts = [bidi.script_of(ch) for ch in "שمअกaж山 "]
    assert scripts == ["Hebr", "Arab", "Deva", "Thai", "", "", "", None]


# --- fonts for letters the game's font lacks --------------------------------------------------


@pytest.fixture
def fallbacks(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., None]]:
    """Sets the machine's fallback fonts (none to begin with); caches emptied around it."""
    chosen: list[tuple[str, str]] = []
    monkeypatch.setattr(theme, "_fallback_files", lambda: tuple(chosen))
    caches = (theme._text, theme._font_for, theme._face, theme._lacks)

    def use(*files: str) -> None:
        chosen[:] = [(file, file) for file in files]
        for cache in caches:
            cache.cache_clear()

    use()
    yield use
    for cache in caches:
        cache.cache_clear()


def _dejavu(bold: bool) -> str:
    path = font_path("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    assert path is not None
    return str(path)


# The bold DejaVu lacks the sans-serif mathematical letters the regular one has: in bold, a
# name written in them ("𝖠𝗇𝗇𝖺") needs another font, as a Thai name needs one on every machine.
FANCY = "\U0001d5a0\U0001d5c7\U0001d5c7\U0001d5ba"


def test_a_letter_the_font_lacks_is_drawn_in_the_first_other_font_that_has_it(
    fallbacks: Callable[..., None],
) -> None:
    boxes = theme.text(FANCY, 20, bold=True)
    fallbacks(_dejavu(True), _dejavu(False))  # the first lacks it too
    drawn = theme.text(FANCY, 20, bold=True)
    assert _pixels(drawn) != _pixels(boxes)
    regular = pygame.font.Font(_dejavu(False), 20)
    regular.bold = True  # no bold face of its own: thickened
    assert _pixels(drawn) == _pixels(regular.render(FANCY, True, theme.TEXT))
    # Joined by a ZWJ (as emoji are), two letters of that font are drawn there together.
    pair = FANCY[0] + "\u200d" + FANCY[1]
    assert _pixels(theme.text(pair, 20, bold=True)) == _pixels(
        regular.render(pair, True, theme.TEXT)
    )


def test_without_any_font_for_a_letter_its_box_is_drawn(fallbacks: Callable[..., None]) -> None:
    f = theme.font(20, True)
    assert _pixels(theme.text(FANCY, 20, bold=True)) == _pixels(f.render(FANCY, True, theme.TEXT))


def test_the_fonts_asked_for_cover_the_scripts_dejavu_lacks() -> None:
    asked = set(theme._FALLBACK_FONTS.split(",")) | set(theme._SCRIPT_FONTS.split(","))
    for script in ("devanagari", "bengali", "tamil", "thai", "khmer", "sinhala", "kr"):
        assert f"notosans{script}" in asked
    assert {"nirmalaui", "leelawadeeui", "malgungothic", "segoeuiemoji"} <= asked


def test_a_name_in_a_script_that_needs_shaping_is_shaped_as_that_script(
    fallbacks: Callable[..., None], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Untold, the shaper leaves a Devanagari र् before a consonant as it is typed instead of
    # making it the hook above that consonant. One font with both scripts (here the game's
    # own, standing in for one such as FreeSerif) still shapes each as its own.
    asked: list[tuple[bool, str]] = []
    face = theme._face

    def spy(which: int, size: int, bold: bool, rtl: bool, script: str) -> pygame.font.Font:
        asked.append((rtl, script))
        return face(which, size, bold, rtl, script)

    monkeypatch.setattr(theme, "_face", spy)
    theme.text("Anna अर्जुन สมชาย محمد", 20)
    assert sorted(set(asked)) == [(False, ""), (False, "Deva"), (False, "Thai"), (True, "Arab")]

"""Colours, fonts and cached text for every scene.

Text is rendered once per (text, size, colour, bold) and kept: drawing a frame blits
prepared surfaces and never calls the font renderer. Suit characters (♠♥♦♣) are drawn
with the card art's vector pips, so they look right whatever font the machine has.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import pygame
import pygame.freetype

from game.resources import font_path
from game.ui.cardart import suit_colour, suit_symbol
from game.ui.surfacecache import SurfaceCache

__all__ = [
    "ACCENT",
    "ACCENT_DARK",
    "DANGER",
    "FELT",
    "FELT_DARK",
    "FELT_LIGHT",
    "GOLD",
    "INK",
    "MUTED",
    "PANEL",
    "PANEL_EDGE",
    "SHADOW",
    "SUIT_CHARS",
    "TEXT",
    "Colour",
    "font",
    "text",
    "text_size",
]

Colour = tuple[int, int, int]

FELT: Colour = (22, 102, 64)
FELT_LIGHT: Colour = (36, 132, 84)
FELT_DARK: Colour = (10, 62, 38)
RAIL: Colour = (70, 40, 22)
TEXT: Colour = (244, 240, 228)
MUTED: Colour = (176, 200, 184)
INK: Colour = (30, 30, 34)
GOLD: Colour = (246, 196, 72)
ACCENT: Colour = (250, 206, 92)
ACCENT_DARK: Colour = (186, 138, 30)
DANGER: Colour = (222, 62, 58)
PANEL: Colour = (16, 34, 26)
PANEL_EDGE: Colour = (96, 150, 116)
SHADOW: tuple[int, int, int, int] = (0, 0, 0, 90)
BUTTON: Colour = (240, 232, 208)
BUTTON_HOVER: Colour = (255, 246, 222)
BUTTON_TEXT: Colour = (36, 40, 36)
BUTTON_DISABLED: Colour = (120, 132, 124)

SUIT_CHARS: dict[str, str] = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
# A fallback list for machines without DejaVu: all of these carry the Latin letters we use.
_SYSTEM_FONTS = "dejavusans,segoeui,helveticaneue,arial,liberationsans,freesans"


# Fonts that carry Chinese, Japanese and Korean letters, which DejaVu lacks: a name typed
# through an input method ("山田太郎") is drawn in the first one the machine has.
_FALLBACK_FONTS = (
    "notosanscjksc,notosanscjkjp,notosanscjk,sourcehansans,droidsansfallbackfull,"
    "droidsansfallback,wenquanyimicrohei,wenquanyizenhei,microsoftyahei,msgothic,yugothic,"
    "malgungothic,simsun,pingfangsc,hiraginosans,applesdgothicneo,arialunicodems,"
    # macOS: pygame names a font there after its file (PingFang.ttc is "pingfang")
    "pingfang,hiraginosansgb,stheitimedium,stheitilight,songti,arialunicode"
)


@lru_cache(maxsize=2)
def _font_file(bold: bool) -> str | None:
    """The file of the font ``font`` uses (None for pygame's own)."""
    shipped = font_path("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    if shipped is not None:
        return str(shipped)
    return pygame.font.match_font(_SYSTEM_FONTS, bold=bold) or None


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """A font of ``size`` pixels: a shipped font, else a common system sans, else pygame's."""
    if not pygame.font.get_init():
        pygame.font.init()
    path = _font_file(bold)
    if path:
        return pygame.font.Font(path, size)
    f = pygame.font.Font(None, round(size * 1.3))  # pygame's default font runs small
    f.bold = bold
    return f


# Whether suit pips in text take the four-colour deck's inks (the player's setting, which
# the window keeps here so every line of text agrees with the cards beside it).
_four_colour_text = [False]


def set_four_colour(on: bool) -> None:
    """Draw the suit pips of text in four colours (as the cards are) or in two."""
    _four_colour_text[0] = on


@lru_cache(maxsize=64)
def fallback_font(size: int, bold: bool = False) -> pygame.font.Font | None:
    """A font of ``size`` pixels for letters the main font lacks, if the machine has one."""
    path = pygame.font.match_font(_FALLBACK_FONTS, bold=bold)
    if not path:
        return None
    f = pygame.font.Font(path, size)
    # no bold face of its own (often so for these fonts): pygame thickens the regular one
    f.bold = bold and pygame.font.match_font(_FALLBACK_FONTS, bold=False) == path
    return f


@lru_cache(maxsize=2)
def _glyph_finder(bold: bool) -> pygame.freetype.Font | None:
    """The main font opened by FreeType, which (unlike pygame.font) says which letters it
    lacks; None when that cannot be known."""
    path = _font_file(bold)
    try:
        if not pygame.freetype.get_init():
            pygame.freetype.init()
        return pygame.freetype.Font(path, 16) if path else None
    except (OSError, pygame.error):
        return None


@lru_cache(maxsize=4096)
def _lacks(ch: str, bold: bool) -> bool:
    """True when the main font has no letter for ``ch`` (a CJK character, say)."""
    if ord(ch) < 0x2E80:  # below the CJK blocks DejaVu covers what the game writes
        return False
    finder = _glyph_finder(bold)
    if finder is None:
        return False
    return finder.get_metrics(ch)[0] is None


def text(
    content: str,
    size: int,
    colour: Colour = TEXT,
    bold: bool = False,
    four_colour: bool | None = None,
) -> pygame.Surface:
    """``content`` rendered once; suit characters drawn as pips (in suit colour on light
    text, or in the text colour when ``colour`` is dark enough to be on a light panel), in
    four colours or two as ``four_colour`` says (by default, as the player's setting), and
    letters the main font lacks in a fallback font, when the machine has one."""
    four = _four_colour_text[0] if four_colour is None else four_colour
    return _text(content, size, colour, bold, four)


@lru_cache(maxsize=2048)
def _text(content: str, size: int, colour: Colour, bold: bool, four_colour: bool) -> pygame.Surface:
    f = font(size, bold)
    spare = fallback_font(size, bold) if any(_lacks(ch, bold) for ch in content) else None
    pieces: list[pygame.Surface] = []
    run, run_font = "", f
    for ch in content:
        suit = SUIT_CHARS.get(ch)
        if suit is None:
            ch_font = spare if spare is not None and _lacks(ch, bold) else f
            if run and ch_font is not run_font:
                pieces.append(run_font.render(run, True, colour))
                run = ""
            run += ch
            run_font = ch_font
            continue
        if run:
            pieces.append(run_font.render(run, True, colour))
            run = ""
        pip_colour = _pip_colour(suit, colour, four_colour)
        pip = suit_symbol(suit, max(6, round(size * 0.78)), pip_colour)
        box = pygame.Surface((pip.get_width() + 2, f.get_height()), pygame.SRCALPHA)
        box.blit(pip, (1, (f.get_height() - pip.get_height()) // 2 + 1))
        pieces.append(box)
    if run or not pieces:
        pieces.append(run_font.render(run, True, colour))
    width = sum(p.get_width() for p in pieces)
    height = max(p.get_height() for p in pieces)
    out = pygame.Surface((max(1, width), height), pygame.SRCALPHA)
    x = 0
    for piece in pieces:
        out.blit(piece, (x, (height - piece.get_height()) // 2))
        x += piece.get_width()
    return out


def _pip_colour(suit: str, colour: Colour, four_colour: bool) -> Colour:
    ink = suit_colour(suit, four_colour)
    if sum(colour) < 200:  # dark text on a light background: the suit's own ink reads well
        return ink
    # On dark felt dark pips vanish: each suit takes a light tint of its ink (spades the
    # text colour; clubs green in the four-colour deck).
    if max(ink) - min(ink) < 60:  # black or grey: a pip in the text's own colour
        return colour
    if ink[0] > max(ink[1], ink[2]):
        return (255, 120, 120)
    if ink[2] > max(ink[0], ink[1]):
        return (140, 180, 255)
    if ink[1] > max(ink[0], ink[2]):
        return (120, 220, 140)
    return colour


def text_size(content: str, size: int, bold: bool = False) -> tuple[int, int]:
    """Width and height ``content`` would take."""
    return text(content, size, TEXT, bold).get_size()


def fit(content: str, size: int, width: int, bold: bool = False) -> str:
    """``content``, cut short with an ellipsis if it is wider than ``width`` pixels."""
    if width <= 0 or text_size(content, size, bold)[0] <= width:
        return content
    cut = content
    while cut and text_size(cut + "…", size, bold)[0] > width:
        cut = cut[:-1]
    return cut.rstrip() + "…"


def fit_size(content: str, size: int, width: int, bold: bool = False, smallest: int = 12) -> int:
    """The largest font size up to ``size`` (and not below ``smallest``) at which ``content``
    is at most ``width`` pixels wide."""
    while size > smallest and text_size(content, size, bold)[0] > width:
        size -= 1
    return size


def fit_name(
    name: str, size: int, width: int, bold: bool = False, others: Sequence[str] = ()
) -> str:
    """A player's ``name`` as it fits in ``width`` pixels, keeping what tells it apart from
    ``others`` (the names shown with it): in full, else the first name and as much of the
    surname as sets it apart ("Katarzyna K.", "Anna Kowals." beside "Anna Kowalczyk"), else
    that with the first name cut short ("Katar… K.") or to its initial ("K. K."), else cut
    short with "…"."""
    if text_size(name, size, bold)[0] <= width:
        return name
    first, *rest = name.split()
    if rest:
        surname = rest[-1]
        k = 1 + max((_surname_shared(name, other) for other in others), default=0)
        tail = surname if k >= len(surname) else surname[:k] + "."
        room = width - text_size(f" {tail}", size, bold)[0]
        if text_size(first, size, bold)[0] <= room:
            return f"{first} {tail}"
        cut = fit(first, size, room, bold) if room > 0 else ""
        if len(cut) > 2:  # at least two letters of the first name before the "…"
            return f"{cut} {tail}"
        if text_size(f"{first[0]}.", size, bold)[0] <= room:
            return f"{first[0]}. {tail}"
    return fit(name, size, width, bold)


def _surname_shared(name: str, other: str) -> int:
    """How many letters the surnames of ``name`` and ``other`` share at their start, when
    the two have the same first name (0 when not, and for ``name`` itself)."""
    mine, theirs = name.casefold().split(), other.casefold().split()
    if mine == theirs or len(theirs) < 2 or mine[0] != theirs[0]:
        return 0
    a, b = mine[-1], theirs[-1]
    shared = 0
    while shared < min(len(a), len(b)) and a[shared] == b[shared]:
        shared += 1
    return shared


def wrap(content: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Break ``content`` into lines no wider than ``width`` pixels."""
    lines: list[str] = []
    for paragraph in content.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if line and text_size(candidate, size, bold)[0] > width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines


def wrap_long_words(words: str, size: int, width: int, bold: bool = False) -> list[str]:
    """``wrap``, and a word wider than a line (a folder's path) broken across lines,
    after a path separator where one falls near the end of the line."""
    lines: list[str] = []
    for line in wrap(words, size, width, bold):
        while len(line) > 1 and text_size(line, size, bold)[0] > width:
            cut = len(line) - 1
            while cut > 1 and text_size(line[:cut], size, bold)[0] > width:
                cut -= 1
            separator = max(line.rfind("/", 0, cut), line.rfind("\\", 0, cut))
            if separator >= cut * 2 // 3:
                cut = separator + 1
            lines.append(line[:cut])
            line = line[cut:]
        lines.append(line)
    return lines


def _area(surface: pygame.Surface) -> int:
    return surface.get_width() * surface.get_height()


# Panels by look and size, for the window's current size only (a window dragged through
# sizes left each size's panels, window-sized ones among them, for good). Bounded by pixels
# rather than by count: a window-sized panel weighs as much as hundreds of buttons. The
# table's panels and its acting seat's pulsing glow come to about two windows' worth.
_panels: SurfaceCache[
    tuple[tuple[int, int], tuple[int, int, int, int], tuple[int, int, int, int] | None, int, bool],
    pygame.Surface,
] = SurfaceCache(most=256, windows=3, pixels=_area)


def rounded_panel(
    size: tuple[int, int],
    fill: tuple[int, int, int, int],
    edge: tuple[int, int, int, int] | None = None,
    radius: int = 12,
    shadow: bool = True,
) -> pygame.Surface:
    """A translucent rounded rectangle (with a soft drop shadow), cached by its look."""
    return _panels.get(
        (size, fill, edge, radius, shadow), lambda: _draw_panel(size, fill, edge, radius, shadow)
    )


def _draw_panel(
    size: tuple[int, int],
    fill: tuple[int, int, int, int],
    edge: tuple[int, int, int, int] | None,
    radius: int,
    shadow: bool,
) -> pygame.Surface:
    w, h = size
    pad = 6 if shadow else 0
    surf = pygame.Surface((w + pad * 2, h + pad * 2), pygame.SRCALPHA)
    if shadow:
        for i, alpha in enumerate((18, 26, 34)):
            r = pygame.Rect(pad - 3 + i, pad + 1 + i, w + 6 - 2 * i, h + 4 - 2 * i)
            pygame.draw.rect(surf, (0, 0, 0, alpha), r, border_radius=radius + 3)
    body = pygame.Rect(pad, pad, w, h)
    pygame.draw.rect(surf, fill, body, border_radius=radius)
    if edge is not None:
        pygame.draw.rect(surf, edge, body, width=2, border_radius=radius)
    return surf


def blit_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    fill: tuple[int, int, int, int] = (*PANEL, 220),
    edge: tuple[int, int, int, int] | None = (*PANEL_EDGE, 200),
    radius: int = 12,
    shadow: bool = True,
) -> None:
    """Draw a cached rounded panel at ``rect`` (nothing if it has no room at all, as in a
    window squeezed far below the smallest size a layout plans for)."""
    if rect.w <= 0 or rect.h <= 0:
        return
    panel = rounded_panel((rect.w, rect.h), fill, edge, radius, shadow)
    pad = 6 if shadow else 0
    surface.blit(panel, (rect.x - pad, rect.y - pad))


# The current size and the one before: each is a whole window of pixels (15 MB at
# 2560×1440), and a window dragged through sizes used to keep sixteen of them for good.
@lru_cache(maxsize=2)
def felt(size: tuple[int, int]) -> pygame.Surface:
    """The table: a radial felt gradient with a soft vignette, rendered once per window size."""
    w, h = size
    small = pygame.Surface((64, 40))
    for y in range(40):
        for x in range(64):
            dx = (x - 31.5) / 32
            dy = (y - 19.5) / 20
            d = min(1.0, (dx * dx + dy * dy) ** 0.5)
            t = d**1.8
            c = tuple(round(FELT_LIGHT[i] * (1 - t) + FELT_DARK[i] * t) for i in range(3))
            small.set_at((x, y), c)
    out = (
        pygame.transform.smoothscale(small, (w, h)).convert()
        if pygame.display.get_surface()
        else (pygame.transform.smoothscale(small, (w, h)))
    )
    # A faint weave so the felt does not look like flat plastic.
    weave = pygame.Surface((w, h), pygame.SRCALPHA)
    for y in range(0, h, 3):
        pygame.draw.line(weave, (0, 0, 0, 10), (0, y), (w, y))
    out.blit(weave, (0, 0))
    return out

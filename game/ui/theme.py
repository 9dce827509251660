"""Colours, fonts and cached text for every scene.

Text is rendered once per (text, size, colour, bold) and kept: drawing a frame blits
prepared surfaces and never calls the font renderer. Suit characters (♠♥♦♣) are drawn
with the card art's vector pips, so they look right whatever font the machine has.

A line that is not plain ASCII is drawn in runs: each of one font (letters the shipped
DejaVu Sans lacks come from a system font that has them), of one direction (a Hebrew or
Arabic name is shaped right to left, see ``bidi``) and of one script, which the shaper is
told where it needs to know it (Arabic, Devanagari, Thai…), placed left to right. Marks and
invisible joiners stay in the run of the letter before them, and a run with nothing to
draw is left out: no text a player types can make drawing fail.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Sequence
from functools import lru_cache

import pygame
import pygame.freetype

from game.graphemes import breaks_at, joins
from game.resources import font_path
from game.ui import bidi
from game.ui.cardart import suit_colour, suit_symbol
from game.ui.surfacecache import SurfaceCache

__all__ = [
    "ACCENT",
    "ACCENT_DARK",
    "DANGER",
    "DANGER_FILL",
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

log = logging.getLogger(__name__)

Colour = tuple[int, int, int]

FELT: Colour = (22, 102, 64)
FELT_LIGHT: Colour = (36, 132, 84)
FELT_DARK: Colour = (10, 62, 38)
TEXT: Colour = (244, 240, 228)
MUTED: Colour = (176, 200, 184)
INK: Colour = (30, 30, 34)
GOLD: Colour = (246, 196, 72)
ACCENT: Colour = (250, 206, 92)
ACCENT_DARK: Colour = (186, 138, 30)
DANGER: Colour = (222, 62, 58)
# Behind light words (a refusal, the stack's "To draw"): deep enough for them to read (4.8:1).
DANGER_FILL: Colour = (196, 48, 46)
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
# through an input method ("山田太郎") is drawn in the first one the machine has that has
# its letters.
_FALLBACK_FONTS = (
    "notosanscjksc,notosanscjkjp,notosanscjk,sourcehansans,droidsansfallbackfull,"
    "droidsansfallback,wenquanyimicrohei,wenquanyizenhei,microsoftyahei,msgothic,yugothic,"
    "malgungothic,simsun,pingfangsc,hiraginosans,applesdgothicneo,arialunicodems,"
    # macOS: pygame names a font there after its file (PingFang.ttc is "pingfang")
    "pingfang,hiraginosansgb,stheitimedium,stheitilight,songti,arialunicode"
)
# Then fonts for the other scripts DejaVu lacks (Korean, Indic, Thai, Lao, Khmer, Myanmar,
# Sinhala, Ethiopic) and for emoji, as Windows, macOS and Linux name them. A letter is drawn
# in the first of all these that has it, then in any other Noto Sans font, then in a font
# with a bit of everything. With none of them on the machine, a letter DejaVu lacks is
# drawn as DejaVu's empty box.
_SCRIPT_FONTS = (
    "notosanscjkkr,notosanskr,nanumgothic,undotum,baekmukgulim,"
    "notosansdevanagari,notosansbengali,notosansgurmukhi,notosansgujarati,notosansoriya,"
    "notosanstamil,notosanstelugu,notosanskannada,notosansmalayalam,notosanssinhala,"
    "nirmalaui,mangal,vrinda,latha,kohinoordevanagari,devanagarisangammn,banglasangammn,"
    "tamilsangammn,lohitdevanagari,lohitbengali,lohittamil,lohittelugu,lohitkannada,"
    "notosansthai,notosansthaiui,notosanslao,notosanskhmer,notosansmyanmar,leelawadeeui,"
    "leelawadee,tahoma,thonburi,khmerui,myanmartext,garuda,loma,waree,laosangammn,"
    "notosansethiopic,ebrima,kefa,abyssinicasil,"
    "notoemoji,segoeuiemoji,segoeuisymbol,notocoloremoji,applecoloremoji,notosanssymbols,"
    "notosanssymbols2"
)
_LAST_RESORT_FONTS = "freesans,freeserif,unifont,symbola,code2000"


def _openable(path: str) -> bytes:
    """``path`` as pygame can open it whatever its folders are called: pygame cannot open a
    string holding a lone surrogate, which is how Python reads a folder named in another
    encoding than UTF-8 (a Latin-1 "café"), but it opens the same name as bytes."""
    return os.fsencode(path)


@lru_cache(maxsize=2)
def _font_file(bold: bool) -> str | None:
    """The file of the font ``font`` uses (None for pygame's own)."""
    shipped = font_path("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    if shipped is not None:
        if _draws(str(shipped)):
            return str(shipped)
        # A copy or a download cut short opens, then fails at the first word drawn.
        log.warning("The font %s cannot draw text (it may be damaged); using another", shipped)
    return pygame.font.match_font(_SYSTEM_FONTS, bold=bold) or None


def _draws(path: str) -> bool:
    """Whether the font file at ``path`` opens and draws a letter."""
    if not pygame.font.get_init():
        pygame.font.init()
    try:
        pygame.font.Font(_openable(path), 16).render("Ag", True, TEXT)
    except (pygame.error, OSError, ValueError):
        return False
    return True


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """A font of ``size`` pixels: a shipped font, else a common system sans, else pygame's."""
    return _open_main(size, bold)


def _open_main(size: int, bold: bool) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    path = _font_file(bold)
    if path:
        return pygame.font.Font(_openable(path), size)
    f = pygame.font.Font(None, round(size * 1.3))  # pygame's default font runs small
    f.bold = bold
    return f


# Whether suit pips in text take the four-colour deck's inks (the player's setting, which
# the window keeps here so every line of text agrees with the cards beside it).
_four_colour_text = [False]


def set_four_colour(on: bool) -> None:
    """Draw the suit pips of text in four colours (as the cards are) or in two."""
    _four_colour_text[0] = on


def four_colour_text() -> bool:
    """Whether text draws its suit pips in four colours: a part of the key of any drawn
    text kept for later."""
    return _four_colour_text[0]


@lru_cache(maxsize=1)
def _fallback_files() -> tuple[tuple[str, str], ...]:
    """The machine's fonts that may draw a letter the main font lacks, best first, each as
    its regular file and its bold one (the regular again when it has none: pygame then
    thickens it)."""
    if not pygame.font.get_init():
        pygame.font.init()
    names = [*_FALLBACK_FONTS.split(","), *_SCRIPT_FONTS.split(",")]
    listed = set(names)
    names += sorted(
        n for n in pygame.font.get_fonts() if n.startswith("notosans") and n not in listed
    )
    names += _LAST_RESORT_FONTS.split(",")
    files: dict[str, str] = {}
    for name in names:
        regular = pygame.font.match_font(name)
        if regular and regular not in files:
            files[regular] = pygame.font.match_font(name, bold=True) or regular
    return tuple(files.items())


@lru_cache(maxsize=64)
def _glyphs(path: str | None) -> pygame.freetype.Font | None:
    """The font file ``path`` opened by FreeType, which (unlike pygame.font) says which
    letters it lacks; None when that cannot be known."""
    try:
        if not pygame.freetype.get_init():
            pygame.freetype.init()
        if not path:
            return None
        # FreeType takes no bytes for a name (see ``_openable``): such a file is handed to it
        # open, and stays open as long as the font is kept.
        return pygame.freetype.Font(path if _utf8(path) else open(path, "rb"), 16)
    except (OSError, pygame.error):
        return None


def _utf8(path: str) -> bool:
    """Whether FreeType, which reads a name as UTF-8, finds ``path`` by its name: not when
    the name holds a lone surrogate, nor where the file system's encoding is not UTF-8 and
    the name's bytes on disk differ from its UTF-8 ones."""
    try:
        return path.encode("utf-8") == os.fsencode(path)
    except UnicodeEncodeError:
        return False


def _has(path: str | None, ch: str) -> bool | None:
    """Whether the font file ``path`` has a letter for ``ch`` (None: cannot be known)."""
    finder = _glyphs(path)
    if finder is None:
        return None
    try:
        return finder.get_metrics(ch)[0] is not None
    except (pygame.error, ValueError, UnicodeError):
        return False


@lru_cache(maxsize=4096)
def _lacks(ch: str, bold: bool) -> bool:
    """True when the main font has no letter for ``ch`` (a Thai or a Chinese one, say)."""
    if ch.isascii():
        return False
    return _has(_font_file(bold), ch) is False


_MAIN = -1  # the main font, in place of an index into ``_fallback_files``
_PIP = -2  # a suit drawn as a pip


@lru_cache(maxsize=4096)
def _font_for(ch: str, bold: bool) -> int:
    """Which font draws ``ch``: ``_MAIN``, or the index of the first fallback font that has
    it (the main font's box stands in when no font on the machine has it)."""
    if not _lacks(ch, bold):
        return _MAIN
    for i, (regular, _bold) in enumerate(_fallback_files()):
        if _has(regular, ch):
            return i
    return _MAIN


@lru_cache(maxsize=128)
def _face(which: int, size: int, bold: bool, rtl: bool, script: str) -> pygame.font.Font:
    """Font ``which`` (see ``_font_for``) at ``size``, set to shape text right to left
    (``rtl``) and as ``script`` (see ``bidi.script_of``) when told to: a font of its own,
    so that the one ``font`` gives stays as it was."""
    shaped = rtl or bool(script)
    if which == _MAIN:
        f = _open_main(size, bold) if shaped else font(size, bold)
    else:
        regular, heavy = _fallback_files()[which]
        try:
            f = pygame.font.Font(_openable(heavy if bold else regular), size)
        except (OSError, pygame.error):  # FreeType reads it, the renderer cannot
            return _face(_MAIN, size, bold, rtl, script)
        f.bold = bold and heavy == regular
    if rtl:
        f.set_direction(pygame.DIRECTION_RTL)
    if script:
        f.set_script(script)
    return f


def text(
    content: str,
    size: int,
    colour: Colour = TEXT,
    bold: bool = False,
    four_colour: bool | None = None,
    plain_pips: bool = False,
) -> pygame.Surface:
    """``content`` rendered once; suit characters drawn as pips (in suit colour on light
    text, or in the text colour when ``colour`` is dark enough to be on a light panel, or
    with ``plain_pips``: on a coloured backing, such as an error's red, a red pip vanishes), in
    four colours or two as ``four_colour`` says (by default, as the player's setting),
    letters the main font lacks in a fallback font, when the machine has one, and words
    written right to left (Hebrew, Arabic) right to left. Any string is drawn: what cannot
    be (a joiner on its own) is left out."""
    four = _four_colour_text[0] if four_colour is None else four_colour
    return _text(content, size, colour, bold, four, plain_pips)


@lru_cache(maxsize=2048)
def _text(
    content: str, size: int, colour: Colour, bold: bool, four_colour: bool, plain_pips: bool
) -> pygame.Surface:
    f = font(size, bold)
    if content.isascii() and content.isprintable() and content.strip():
        return f.render(content, True, colour)  # the usual case: one run in the main font
    # A NUL ends the renderer's string and a lone surrogate is no text at all.
    line = "".join("\ufffd" if "\ud800" <= ch <= "\udfff" else ch for ch in content if ch != "\0")
    # Runs in reading order, each (font, level, script, letters): one font, one direction
    # and one script to shape as.
    runs: list[tuple[int, int, str | None, str]] = []
    levels = bidi.levels(line) if bidi.has_rtl(line) else [0] * len(line)
    for ch, level in zip(line, levels, strict=True):
        if ch in SUIT_CHARS:
            runs.append((_PIP, level, None, ch))
            continue
        # A mark or a joiner goes with the letter before it (the font that draws that
        # letter draws it; alone it has no width, and the renderer refuses it).
        joined = joins(ch)
        which = _MAIN if joined else _font_for(ch, bold)
        script = None if joined else bidi.script_of(ch)
        if runs:
            kind, at_level, run_script, letters = runs[-1]
            same_font = joined or kind == which
            same_script = script is None or run_script is None or script == run_script
            if kind != _PIP and at_level == level and same_font and same_script:
                runs[-1] = (kind, level, script if run_script is None else run_script, letters + ch)
                continue
        runs.append((which, level, script, ch))
    pieces: list[pygame.Surface] = []
    for at in bidi.visual_order([run[1] for run in runs]):
        which, level, script, letters = runs[at]
        if which == _PIP:
            ink = colour if plain_pips else _pip_colour(SUIT_CHARS[letters], colour, four_colour)
            pieces.append(_pip_box(SUIT_CHARS[letters], f, size, ink))
            continue
        rtl = level % 2 == 1
        piece = _rendered(_face(which, size, bold, rtl, script or ""), letters, colour)
        if piece is None:
            continue
        if piece.get_height() > 2 * f.get_height():  # a colour emoji font's fixed-size glyphs
            scale = f.get_height() / piece.get_height()
            piece = pygame.transform.smoothscale(
                piece, (max(1, round(piece.get_width() * scale)), f.get_height())
            )
        pieces.append(piece)
    width = sum(p.get_width() for p in pieces)
    height = max((p.get_height() for p in pieces), default=f.get_height())
    out = pygame.Surface((max(1, width), height), pygame.SRCALPHA)
    x = 0
    for piece in pieces:
        out.blit(piece, (x, (height - piece.get_height()) // 2))
        x += piece.get_width()
    return out


def _rendered(f: pygame.font.Font, letters: str, colour: Colour) -> pygame.Surface | None:
    """``letters`` drawn in ``f``; None when there is nothing to draw (zero width)."""
    try:
        piece = f.render(letters, True, colour)
    except (pygame.error, ValueError, UnicodeError):
        return None  # a run the renderer refuses must not take the game down
    return piece if piece.get_width() > 0 else None


def _pip_box(suit: str, f: pygame.font.Font, size: int, ink: Colour) -> pygame.Surface:
    """A suit's pip in ``ink``, in a box as tall as a line of ``f``."""
    pip = suit_symbol(suit, max(6, round(size * 0.78)), ink)
    box = pygame.Surface((pip.get_width() + 2, f.get_height()), pygame.SRCALPHA)
    box.blit(pip, (1, (f.get_height() - pip.get_height()) // 2 + 1))
    return box


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
    """``content``, cut short with an ellipsis if it is wider than ``width`` pixels (never
    inside a character drawn as one: ``_breaks_at``)."""
    if width <= 0 or text_size(content, size, bold)[0] <= width:
        return content
    cut = content[: _head_that_fits(content, size, width, bold)]  # (what fits without the "…")
    while cut and (text_size(cut + "…", size, bold)[0] > width or not breaks_at(content, len(cut))):
        cut = cut[:-1]
    if bidi.starts_rtl(content):
        # Read right to left, the text's end is drawn at its left: the "…" goes there.
        return "…" + cut.rstrip()
    return cut.rstrip() + "…"


def _initial(word: str, k: int = 1) -> bool:
    """Whether the first ``k`` characters of ``word`` make an initial to abbreviate it by:
    letters of a left-to-right script, not cut from the marks that go with them (an emoji,
    a number or a right-to-left name is shown whole or cut with "…" instead)."""
    head = word[:k]
    return (
        len(head) == k
        and all(ch.isalpha() for ch in head)
        and not bidi.has_rtl(head)
        and breaks_at(word, k)
    )


def fit_size(content: str, size: int, width: int, bold: bool = False, smallest: int = 12) -> int:
    """The largest font size up to ``size`` (and not below ``smallest``) at which ``content``
    is at most ``width`` pixels wide."""
    while size > smallest and text_size(content, size, bold)[0] > width:
        size -= 1
    return size


def fit_name(
    name: str, size: int, width: int, bold: bool = False, others: Sequence[str] = ()
) -> str:
    """``_fit_name``, worked out once for each name, room and table: the seat boxes ask it
    every frame, and a name cut alike with another compares it with every other name."""
    return _fit_name(name, size, width, bold, tuple(others))


@lru_cache(maxsize=512)
def _fit_name(name: str, size: int, width: int, bold: bool, others: tuple[str, ...]) -> str:
    """A player's ``name`` as it fits in ``width`` pixels, keeping what tells it apart from
    ``others`` (the names shown with it): in full, else the first name and as much of the
    surname as sets it apart ("Katarzyna K.", "Anna Kowals." beside "Anna Kowalczyk"), else
    that with the first name cut short ("Katar… K.") or to its initial ("K. K."), else cut
    short with "…"."""
    if text_size(name, size, bold)[0] <= width:
        return name
    first, *rest = name.split()
    # Others of the same first name and surname differ in between ("Anna Maria Kowalczyk",
    # "Anna Zofia Kowalczyk"): "Anna Kowalczyk" would read the same for each of them.
    twins = bool(rest) and any(
        other.casefold() != name.casefold()
        and other.split()[:1] == [first]
        and other.split()[-1].casefold() == rest[-1].casefold()
        for other in others
    )
    if rest and not twins and not bidi.has_rtl(name):
        # (a right-to-left name is cut with "…": its initial and full stop would be drawn
        # on the wrong sides in the game's left-to-right lines)
        surname = rest[-1]
        k = 1 + max((_surname_shared(name, other) for other in others), default=0)
        # A number is never abbreviated: "Player 1." would read as another player than
        # "Player 10"; nor an emoji, cut from its skin tone or its other half.
        whole = k >= len(surname) or not _initial(surname, k)
        tail = surname if whole else surname[:k] + "."
        room = width - text_size(f" {tail}", size, bold)[0]
        if text_size(first, size, bold)[0] <= room:
            return f"{first} {tail}"
        cut = fit(first, size, room, bold) if room > 0 else ""
        if len(cut) > 2:  # at least two letters of the first name before the "…"
            return f"{cut} {tail}"
        if _initial(first) and text_size(f"{first[0]}.", size, bold)[0] <= room:
            return f"{first[0]}. {tail}"
    shown = fit(name, size, width, bold)
    alike = [o for o in others if o != name and fit(o, size, width, bold) == shown]
    if alike:  # cut alike ("Katarzyna Wiśnie…" twice): the part where it differs is kept
        at = max(common_prefix(name, other) for other in alike)
        return fit_around(name, min(at, len(name) - 1), size, width, bold)
    return shown


def common_prefix(a: str, b: str) -> int:
    """How many letters ``a`` and ``b`` share at their start."""
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def fit_around(content: str, at: int, size: int, width: int, bold: bool = False) -> str:
    """As much of ``content`` as fits in ``width`` pixels around its letter ``at``, with an
    ellipsis where it is cut: from the start where that reaches ``at``, else a window
    widened on both sides in turn."""

    def shown(lo: int, hi: int) -> str:
        # Never inside a character drawn as one (a flag's other half, a joined emoji): the
        # window narrows to whole ones, or where none is left, widens to take its own whole.
        a, b = lo, hi
        while a < b and not breaks_at(content, a):
            a += 1
        while b > a and not breaks_at(content, b):
            b -= 1
        if a < b:
            lo, hi = a, b
        else:
            while lo > 0 and not breaks_at(content, lo):
                lo -= 1
            while hi < len(content) and not breaks_at(content, hi):
                hi += 1
        cut = content[lo:hi]
        return ("…" + cut.lstrip() if lo else cut) + ("…" if hi < len(content) else "")

    def fits(lo: int, hi: int) -> bool:
        return text_size(shown(lo, hi), size, bold)[0] <= width

    while at > 0 and joins(content[at]):
        at -= 1  # a mark is shown with its letter
    end = at + 1  # and the letter with its marks (where a skin tone alone tells two apart)
    while end < len(content) and joins(content[end]):
        end += 1
    if fits(0, end):  # the start kept, as far on as fits
        hi = end
        while hi < len(content) and fits(0, hi + 1):
            hi += 1
        return shown(0, hi).rstrip("…").rstrip() + ("…" if hi < len(content) else "")
    lo, hi = at, end
    if not fits(lo, hi):
        return fit(content, size, width, bold)
    grew = True
    while grew:
        grew = False
        if lo > 0 and fits(lo - 1, hi):
            lo, grew = lo - 1, True
        if hi < len(content) and fits(lo, hi + 1):
            hi, grew = hi + 1, True
    while lo < hi - 1 and joins(content[lo]):
        lo += 1  # a mark never starts the window: it belongs to the letter cut off before it
    words = shown(lo, hi)
    return words if words.strip("… ") else fit(content, size, width, bold)  # (a bare space)


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


# A whole number standing alone ("4", "1,000", "(54"): kept on one line with the word after it.
_FIGURE = re.compile(r"[(\[]?\d+(?:,\d{3})*")


def wrap(content: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Break ``content`` into lines no wider than ``width`` pixels; a " · " between two parts
    stays at the end of a line, never starting the next, and a figure stays with the word
    after it ("4 players", "5 cards")."""
    lines: list[str] = []
    for paragraph in content.split("\n"):
        line = ""
        words: list[str] = []
        for word in paragraph.split(" "):
            if word == "·" and words:
                words[-1] += " ·"
            elif words and word and _FIGURE.fullmatch(words[-1]):
                words[-1] += f" {word}"
            else:
                words.append(word)
        for word in words:
            candidate = f"{line} {word}" if line else word
            if line and text_size(candidate, size, bold)[0] > width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines


@lru_cache(maxsize=64)
def balanced_wrap(words: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
    """``wrap_long_words`` into as few lines, made as even as they can be: the narrowest
    width that takes no more lines than ``width`` does, so a message does not end on a
    word left alone on its last line. (Kept for the messages shown frame after frame.)"""
    lines = wrap_long_words(words, size, width, bold)
    if len(lines) < 2 or len(wrap(words, size, width, bold)) != len(lines):
        # (A word wider than a line, a folder's path say, is broken where it must be: a
        # search over widths measuring it letter by letter cost a frame a tenth of a second.)
        return tuple(lines)

    def fits(limit: int) -> list[str] | None:
        # Broken between words only: a narrower width must never cut a word in two.
        got = wrap(words, size, limit, bold)
        narrow = all(text_size(line, size, bold)[0] <= limit for line in got)
        return got if narrow and len(got) <= len(lines) else None

    lo, hi = max(1, width // len(lines) - 1), width  # hi fits in as few lines; lo never does
    while hi - lo > 2:
        mid = (lo + hi) // 2
        if fits(mid) is not None:
            hi = mid
        else:
            lo = mid
    return tuple(fits(hi) or lines)


def wrap_long_words(words: str, size: int, width: int, bold: bool = False) -> list[str]:
    """``wrap``, and a word wider than a line (a folder's path, a long name) broken across
    lines, after a path separator where one falls near the end of the line."""
    lines: list[str] = []
    for line in wrap(words, size, width, bold):
        while len(line) > 1 and (cut := _head_that_fits(line, size, width, bold)) < len(line):
            separator = max(line.rfind("/", 0, cut), line.rfind("\\", 0, cut))
            if separator >= cut * 2 // 3:
                cut = separator + 1
            # Not inside a character drawn as one (a letter and its accent, 👩‍💻, a flag).
            while cut > 1 and not breaks_at(line, cut):
                cut -= 1
            lines.append(line[:cut])
            line = line[cut:]
        lines.append(line)
    return lines


def at_most(lines: list[str], most: int, size: int, width: int, bold: bool = False) -> list[str]:
    """Wrapped ``lines`` kept to ``most`` (at least one): the rest joined onto the last one
    kept, cut short with "…" to ``width``."""
    most = max(1, most)
    if len(lines) <= most:
        return lines
    return [*lines[: most - 1], fit(" ".join(lines[most - 1 :]), size, width, bold)]


def _head_that_fits(line: str, size: int, width: int, bold: bool) -> int:
    """How many letters of ``line`` from its start fit in ``width`` (all of them, or at
    least one however narrow the width). Heads twice as long each time until one is too
    wide, then halved back: a head is only measured up to about twice a line's length. (A
    path of a few thousand letters measured letter by letter, each head measured whole, took
    seconds.)"""
    fit, probe = 0, 16
    while True:
        probe = min(probe, len(line))
        if text_size(line[:probe], size, bold)[0] > width:
            over = probe
            break
        fit = probe
        if probe == len(line):
            return fit
        probe *= 2
    while over - fit > 1:
        mid = (fit + over) // 2
        if text_size(line[:mid], size, bold)[0] > width:
            over = mid
        else:
            fit = mid
    return max(fit, 1)


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

"""Card faces and backs drawn with pygame at exactly the pixel size asked.

Nothing here is a bitmap: every pip, figure and pattern is vector-drawn on a canvas
two to four times larger and shrunk once with ``smoothscale``, which gives
antialiased edges at any size without a blurry upscale. Results are cached.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Final

import pygame

from game.store.settings import CARD_BACKS
from game.ui.surfacecache import SurfaceCache

if TYPE_CHECKING:
    from pygame.typing import ColorLike

__all__ = [
    "BACKS",
    "CARD_RATIO",
    "CODES",
    "FOUR_COLOURS",
    "JOKERS",
    "RANKS",
    "SUITS",
    "SUIT_COLOURS",
    "CardArt",
    "card_art",
    "suit_colour",
    "suit_symbol",
]

Colour = tuple[int, int, int]
Point = tuple[float, float]

RANKS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS: Final = ("S", "H", "D", "C")
JOKERS: Final = ("RJ", "BJ")
CODES: Final = tuple(rank + suit for suit in SUITS for rank in RANKS) + JOKERS
BACKS: Final = CARD_BACKS  # the settings accept exactly these
CARD_RATIO: Final = 1.4  # poker size, 63 x 88 mm

RED: Final = (200, 24, 40)
BLACK: Final = (22, 22, 28)
BLUE: Final = (18, 84, 196)
GREEN: Final = (14, 128, 56)
SUIT_COLOURS: Final[dict[str, Colour]] = {"S": BLACK, "H": RED, "D": RED, "C": BLACK}
FOUR_COLOURS: Final[dict[str, Colour]] = {"S": BLACK, "H": RED, "D": BLUE, "C": GREEN}

PAPER: Final = (253, 251, 245)
EDGE: Final = (150, 150, 156)
INK: Final = (32, 26, 26)
GOLD: Final = (228, 176, 48)
NAVY: Final = (34, 58, 140)
CRIMSON: Final = (186, 34, 44)
SKIN: Final = (250, 222, 188)
SILVER: Final = (206, 212, 222)
CREAM: Final = (250, 242, 220)
LEAF: Final = (40, 140, 70)


def suit_colour(suit: str, four_colour: bool = False) -> Colour:
    """Ink colour of a suit; the four-colour deck makes diamonds blue and clubs green."""
    return (FOUR_COLOURS if four_colour else SUIT_COLOURS)[suit]


# --- pips ------------------------------------------------------------------------------------
# A pip is polygons and circles in a unit box: height 1, centred on (0, 0), y pointing down.

_Shape = tuple[tuple[tuple[Point, ...], ...], tuple[tuple[float, float, float], ...]]


def _heart_outline(n: int = 96) -> list[Point]:
    # The classic heart curve; smoother than two circles and a triangle at big sizes.
    raw = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        raw.append((x, y))
    top = min(y for _, y in raw)
    bottom = max(y for _, y in raw)
    scale = 1 / (bottom - top)
    middle = (top + bottom) / 2
    return [(x * scale * 0.94, (y - middle) * scale) for x, y in raw]


def _flared_stem(top: float, half_top: float, half_foot: float) -> tuple[Point, ...]:
    # A stem whose sides curve outwards into a foot, like the printed spade and club.
    left = []
    for i in range(13):
        s = i / 12
        left.append((-(half_top + (half_foot - half_top) * s**2.4), top + (0.5 - top) * s))
    right = [(-x, y) for x, y in reversed(left)]
    return (*left, *right)


@cache
def _pip_shape(suit: str) -> _Shape:
    heart = _heart_outline()
    if suit == "H":
        return ((tuple(heart),), ())
    if suit == "S":
        body = tuple((x * 0.86, -y * 0.8 - 0.1) for x, y in heart)
        return ((body, _flared_stem(0.12, 0.035, 0.2)), ())
    if suit == "D":
        corners = [(0.0, -0.5), (0.39, 0.0), (0.0, 0.5), (-0.39, 0.0)]
        outline: list[Point] = []
        for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1], strict=True):
            nx, ny = (by - ay), -(bx - ax)  # points outwards for this winding
            length = math.hypot(nx, ny)
            for i in range(10):
                s = i / 10
                bow = 0.045 * math.sin(math.pi * s) / length  # concave sides read as a diamond pip
                outline.append((ax + (bx - ax) * s - nx * bow, ay + (by - ay) * s - ny * bow))
        return ((tuple(outline),), ())
    if suit == "C":
        r = 0.235
        lobes = ((0.0, -0.5 + r, r), (-0.255, 0.08, r), (0.255, 0.08, r), (0.0, 0.0, 0.14))
        return ((_flared_stem(0.05, 0.04, 0.2),), lobes)
    raise ValueError(f"unknown suit {suit!r}; suits are S, H, D and C")


def _draw_pip(
    surf: pygame.Surface,
    suit: str,
    centre: Point,
    height: float,
    colour: Colour,
    flip: bool = False,
) -> None:
    polygons, circles = _pip_shape(suit)
    cx, cy = centre
    sign = -1.0 if flip else 1.0  # pips are left-right symmetric, so flip == rotate 180
    for polygon in polygons:
        points = [(cx + x * height, cy + sign * y * height) for x, y in polygon]
        pygame.draw.polygon(surf, colour, points)
    for x, y, r in circles:
        pygame.draw.circle(surf, colour, (cx + x * height, cy + sign * y * height), r * height)


@lru_cache(maxsize=256)
def _suit_symbol(suit: str, size: int, rgba: tuple[int, int, int, int]) -> pygame.Surface:
    big = pygame.Surface((size * 4, size * 4), pygame.SRCALPHA)
    big.fill((*rgba[:3], 0))  # transparent but same RGB, so the shrunk edge does not go grey
    _draw_pip(big, suit, (size * 2, size * 2), size * 4 * 0.96, (rgba[0], rgba[1], rgba[2]))
    if rgba[3] != 255:
        big.fill((255, 255, 255, rgba[3]), special_flags=pygame.BLEND_RGBA_MULT)
    return _finish(pygame.transform.smoothscale(big, (size, size)))


def suit_symbol(suit: str, size: int, colour: ColorLike) -> pygame.Surface:
    """A square ``size`` x ``size`` pip of ``suit`` in ``colour``.

    The surface is cached and shared: blit it, never draw on it.
    """
    if size < 1:
        raise ValueError(f"a suit symbol needs a size of at least 1 pixel, not {size}")
    c = pygame.Color(colour)
    return _suit_symbol(suit, size, (c.r, c.g, c.b, c.a))


# --- letters ---------------------------------------------------------------------------------


@lru_cache(maxsize=64)
def _font(pixels: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(None, pixels)


@lru_cache(maxsize=512)
def _letters(text: str, cap_height: int, colour: Colour, max_width: int = 0) -> pygame.Surface:
    # Sized by cap height rather than font size, so "K" and "10" line up whatever the font.
    font = _font(max(8, round(cap_height * 1.5)))
    ink = font.render(text, True, colour)
    cap = font.render("H", True, colour).get_bounding_rect()
    box = ink.get_bounding_rect()
    top = min(cap.top, box.top)
    bottom = max(cap.bottom, box.bottom)
    cropped = ink.subsurface(pygame.Rect(box.left, top, box.width, bottom - top))
    scale = cap_height / cap.height
    width = box.width * scale
    if max_width and width > max_width:
        width = max_width  # condense "10" rather than shrink it, as printed decks do
    return pygame.transform.smoothscale(
        cropped, (max(1, round(width)), round((bottom - top) * scale))
    )


def _blit_centred(surf: pygame.Surface, image: pygame.Surface, centre: Point) -> None:
    surf.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]))))


def _layer(size: tuple[int, int]) -> pygame.Surface:
    # Blitting onto fully transparent pixels copies the source RGB, so an overlay filled with
    # black would leave a dark fringe on the rounded corners once shrunk; use the edge colour.
    layer = pygame.Surface(size, pygame.SRCALPHA)
    layer.fill((*EDGE, 0))
    return layer


def _finish(surf: pygame.Surface) -> pygame.Surface:
    # convert_alpha() needs a display mode; without one the plain SRCALPHA surface is fine.
    return surf.convert_alpha() if pygame.display.get_surface() is not None else surf


# --- geometry helpers ------------------------------------------------------------------------


def _bezier(p0: Point, p1: Point, p2: Point, steps: int = 14) -> list[Point]:
    out = []
    for i in range(steps + 1):
        t = i / steps
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        out.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
    return out


def _star(centre: Point, outer: float, inner: float, points: int = 5) -> list[Point]:
    out = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = -math.pi / 2 + math.pi * i / points
        out.append((centre[0] + r * math.cos(a), centre[1] + r * math.sin(a)))
    return out


@dataclass(frozen=True)
class _Box:
    """A rectangle in canvas pixels addressed by fractions (0..1) of its width and height."""

    x: float
    y: float
    w: float
    h: float

    def p(self, fx: float, fy: float) -> Point:
        return (self.x + fx * self.w, self.y + fy * self.h)

    def pts(self, seq: Iterable[Point]) -> list[Point]:
        return [self.p(fx, fy) for fx, fy in seq]

    def rect(self, fx0: float, fy0: float, fx1: float, fy1: float) -> pygame.Rect:
        x0, y0 = self.p(fx0, fy0)
        x1, y1 = self.p(fx1, fy1)
        return pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))


def _shape(surf: pygame.Surface, fill: Colour, points: Sequence[Point], line: int) -> None:
    pygame.draw.polygon(surf, fill, points)
    pygame.draw.polygon(surf, INK, points, line)


# --- layouts ---------------------------------------------------------------------------------

_L, _C, _R = 0, 1, 2
_SIX = ((_L, 0.0), (_R, 0.0), (_L, 0.5), (_R, 0.5), (_L, 1.0), (_R, 1.0))
_EIGHT_SIDES = tuple((col, row) for row in (0.0, 1 / 3, 2 / 3, 1.0) for col in (_L, _R))
# Pip positions of the French deck: (column, row) with rows from 0 (top) to 1 (bottom).
_PIPS: Final[dict[str, tuple[tuple[int, float], ...]]] = {
    "2": ((_C, 0.0), (_C, 1.0)),
    "3": ((_C, 0.0), (_C, 0.5), (_C, 1.0)),
    "4": ((_L, 0.0), (_R, 0.0), (_L, 1.0), (_R, 1.0)),
    "5": ((_L, 0.0), (_R, 0.0), (_C, 0.5), (_L, 1.0), (_R, 1.0)),
    "6": _SIX,
    "7": (*_SIX, (_C, 0.25)),
    "8": (*_SIX, (_C, 0.25), (_C, 0.75)),
    "9": (*_EIGHT_SIDES, (_C, 0.5)),
    "10": (*_EIGHT_SIDES, (_C, 1 / 6), (_C, 5 / 6)),
}


@dataclass(frozen=True)
class _Layout:
    """Where things go on a face, in card widths (a card is 1 wide and 1.4 tall)."""

    index_x: float  # centre of the corner index
    index_top: float
    index_cap: float  # cap height of the rank
    index_pip: float
    index_gap: float
    index_max_w: float
    columns: tuple[float, float, float]
    rows: tuple[float, float]
    pip: float
    ace: float
    panel: tuple[float, float, float, float]  # court frame x0, y0, x1, y1
    joker_letter: float


_NORMAL = _Layout(
    index_x=0.105,
    index_top=0.065,
    index_cap=0.135,
    index_pip=0.1,
    index_gap=0.035,
    index_max_w=0.155,
    columns=(0.315, 0.5, 0.685),
    rows=(0.3, 1.1),
    pip=0.19,
    ace=0.46,
    panel=(0.215, 0.075, 0.785, 1.325),
    joker_letter=0.07,
)
_LARGE = _Layout(
    index_x=0.155,
    index_top=0.05,
    index_cap=0.245,
    index_pip=0.17,
    index_gap=0.04,
    index_max_w=0.21,  # "10" ends clear of the left pips (they begin at 0.275)
    columns=(0.35, 0.5, 0.65),
    rows=(0.28, 1.12),
    pip=0.15,
    ace=0.34,
    panel=(0.32, 0.075, 0.68, 1.325),
    joker_letter=0.1,
)

# What each court figure holds, and in which hand, so every court reads differently.
_HELD: Final[dict[str, str]] = {
    "KS": "sword",
    "KH": "sword_behind",
    "KD": "axe",
    "KC": "orb",
    "QS": "sceptre",
    "QH": "flower",
    "QD": "fan",
    "QC": "flower",
    "JS": "halberd",
    "JH": "leaf",
    "JD": "spear",
    "JC": "shield",
}
_HAIR: Final[dict[str, Colour]] = {
    "S": (70, 46, 30),
    "H": (214, 160, 60),
    "D": (150, 70, 36),
    "C": (40, 34, 30),
}


class CardArt:
    """Draws and caches every face and the chosen back at one card width."""

    def __init__(
        self,
        width: int,
        *,
        four_colour: bool = False,
        large_index: bool = False,
        back: str = "blue",
    ) -> None:
        if width < 16:
            raise ValueError(f"cards need to be at least 16 pixels wide, not {width}")
        if back not in BACKS:
            raise ValueError(f"unknown card back {back!r}; choose one of {', '.join(BACKS)}")
        self.width = width
        self.height = round(width * CARD_RATIO)
        self.four_colour = four_colour
        self.large_index = large_index
        self.back = back
        # Small cards need more supersampling for thin lines to survive the shrink. Powers of
        # two only: smoothscale by 3 rounds opaque pixels down to alpha 253.
        self._scale = 4 if width < 128 else 2
        self._layout = _LARGE if large_index else _NORMAL
        self._faces: dict[str, pygame.Surface] = {}
        self._back: pygame.Surface | None = None

    @property
    def size(self) -> tuple[int, int]:
        """(width, height) of every card surface."""
        return (self.width, self.height)

    def pixels(self) -> int:
        """How many pixels the faces and back drawn so far hold."""
        drawn = len(self._faces) + (self._back is not None)
        return drawn * self.width * self.height

    def colour(self, suit: str) -> Colour:
        """The ink of ``suit`` in this deck's colour scheme."""
        return suit_colour(suit, self.four_colour)

    def face(self, code: str) -> pygame.Surface:
        """The face of ``code`` (e.g. ``"10H"``, ``"QS"``, ``"RJ"``); the same object each call."""
        surf = self._faces.get(code)
        if surf is None:
            surf = self._faces[code] = self._render_face(code)
        return surf

    def back_surface(self) -> pygame.Surface:
        """The back of every card in this deck; the same object each call."""
        if self._back is None:
            self._back = self._render_back()
        return self._back

    # --- rendering -------------------------------------------------------------------------

    def _canvas(self) -> tuple[pygame.Surface, float]:
        s = self._scale
        surf = pygame.Surface((self.width * s, self.height * s), pygame.SRCALPHA)
        return surf, float(self.width * s)

    def _shrink(self, canvas: pygame.Surface) -> pygame.Surface:
        return _finish(pygame.transform.smoothscale(canvas, self.size))

    def _line(self, u: float, fraction: float = 0.008) -> int:
        return max(1, round(max(u * fraction, self._scale * 0.75)))

    def _blank(self, surf: pygame.Surface, u: float, paper: Colour) -> None:
        radius = round(u * 0.07)
        surf.fill((*EDGE, 0))  # transparent outside, edge-coloured so corners shrink cleanly
        rect = surf.get_rect()
        pygame.draw.rect(surf, EDGE, rect, border_radius=radius)
        edge = self._scale  # one pixel once shrunk
        pygame.draw.rect(
            surf, paper, rect.inflate(-2 * edge, -2 * edge), border_radius=radius - edge
        )

    def _render_face(self, code: str) -> pygame.Surface:
        surf, u = self._canvas()
        self._blank(surf, u, PAPER)
        if code in JOKERS:
            self._paint_joker(surf, u, red=code == "RJ")
            return self._shrink(surf)
        rank, suit = code[:-1], code[-1:]
        if rank not in RANKS or suit not in SUITS:
            raise ValueError(
                f"unknown card {code!r}; use a rank 2-10, J, Q, K or A and a suit S, H, D or C, "
                "or RJ / BJ for the jokers"
            )
        colour = self.colour(suit)
        if rank in _PIPS:
            self._paint_pips(surf, u, rank, suit, colour)
        elif rank == "A":
            self._paint_ace(surf, u, suit, colour)
        else:
            self._paint_court(surf, u, rank, suit, colour)
        self._paint_index(surf, u, rank, suit, colour)
        return self._shrink(surf)

    def _paint_index(
        self, surf: pygame.Surface, u: float, rank: str, suit: str, colour: Colour
    ) -> None:
        lay = self._layout
        glyph = _letters(rank, round(lay.index_cap * u), colour, round(lay.index_max_w * u))
        pip_y = lay.index_top + lay.index_cap + lay.index_gap + lay.index_pip / 2
        corner = _layer((math.ceil(2 * lay.index_x * u), math.ceil((pip_y + lay.index_pip) * u)))
        corner.blit(
            glyph, (round(lay.index_x * u - glyph.get_width() / 2), round(lay.index_top * u))
        )
        _draw_pip(corner, suit, (lay.index_x * u, pip_y * u), lay.index_pip * u, colour)
        self._blit_corners(surf, corner)

    def _blit_corners(self, surf: pygame.Surface, corner: pygame.Surface) -> None:
        surf.blit(corner, (0, 0))
        w, h = surf.get_size()
        surf.blit(
            pygame.transform.flip(corner, True, True),
            (w - corner.get_width(), h - corner.get_height()),
        )

    def _paint_pips(
        self, surf: pygame.Surface, u: float, rank: str, suit: str, colour: Colour
    ) -> None:
        lay = self._layout
        top, bottom = lay.rows
        for column, row in _PIPS[rank]:
            centre = (lay.columns[column] * u, (top + (bottom - top) * row) * u)
            # Pips below the middle are printed upside down, as on a real card.
            _draw_pip(surf, suit, centre, lay.pip * u, colour, flip=row > 0.5)

    def _paint_ace(self, surf: pygame.Surface, u: float, suit: str, colour: Colour) -> None:
        lay = self._layout
        centre = (0.5 * u, CARD_RATIO / 2 * u)
        if suit == "S":
            # The ace of spades traditionally carries an ornament round its pip.
            ring = lay.ace * 0.78 * u
            pygame.draw.circle(surf, GOLD, centre, ring, self._line(u, 0.018))
            pygame.draw.circle(surf, colour, centre, ring + self._line(u, 0.02), self._line(u))
            for i in range(8):
                a = math.pi / 8 + i * math.pi / 4
                dot = (centre[0] + math.cos(a) * ring, centre[1] + math.sin(a) * ring)
                pygame.draw.circle(surf, CRIMSON, dot, u * 0.018)
            _draw_pip(surf, suit, centre, lay.ace * 1.08 * u, colour)
        else:
            _draw_pip(surf, suit, centre, lay.ace * u, colour)

    # --- courts ----------------------------------------------------------------------------

    def _paint_court(
        self, surf: pygame.Surface, u: float, rank: str, suit: str, colour: Colour
    ) -> None:
        x0, y0, x1, y1 = (v * u for v in self._layout.panel)
        line = self._line(u)
        frame = pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))
        pygame.draw.rect(surf, CREAM, frame)
        half = pygame.Surface((frame.width, frame.height // 2), pygame.SRCALPHA)
        self._paint_figure(half, rank, suit, colour, line)
        # Court cards are double-headed: the lower half is the upper one turned round.
        surf.blit(half, frame.topleft)
        surf.blit(
            pygame.transform.flip(half, True, True), (frame.x, frame.bottom - half.get_height())
        )
        pygame.draw.line(
            surf, colour, (frame.x, frame.centery), (frame.right - 1, frame.centery), line
        )
        pygame.draw.rect(surf, GOLD, frame.inflate(-2 * line, -2 * line), line)
        pygame.draw.rect(surf, colour, frame, line)

    def _paint_figure(
        self, surf: pygame.Surface, rank: str, suit: str, colour: Colour, line: int
    ) -> None:
        w, h = surf.get_size()
        b = _Box(0, 0, w, h)
        second = NAVY if colour == RED else CRIMSON
        held = _HELD[rank + suit]
        right = suit in ("S", "D")  # which hand holds the emblem

        def near(fx: float) -> float:  # on the emblem's side
            return fx if right else 1 - fx

        def mirrored(points: Iterable[Point]) -> list[Point]:
            return b.pts((near(fx), fy) for fx, fy in points)

        if held in ("sword_behind", "halberd", "spear"):
            self._paint_held(surf, b, held, right, colour, second, line)

        # Torso in the suit colour; mirrored below the centre line it reads as one long robe.
        robe = [(0.1, 1.0), (0.1, 0.8), (0.2, 0.69), (0.38, 0.64), (0.62, 0.64), (0.8, 0.69)]
        _shape(surf, colour, b.pts([*robe, (0.9, 0.8), (0.9, 1.0)]), line)
        _shape(surf, second, b.pts([(0.38, 0.65), (0.62, 0.65), (0.58, 1.0), (0.42, 1.0)]), line)
        pygame.draw.rect(surf, GOLD, b.rect(0.465, 0.67, 0.535, 1.0))
        for fy in (0.76, 0.9):
            _draw_pip(surf, suit, b.p(0.5, fy), h * 0.07, colour)
        for fx, fy in ((0.2, 0.93), (0.8, 0.93)):
            _draw_pip(surf, suit, b.p(near(fx), fy), h * 0.07, GOLD)
        # The far arm crosses the chest; the near arm holds the emblem.
        far_arm = [(0.1, 0.8), (0.2, 0.69), (0.3, 0.72), (0.56, 0.84), (0.52, 0.93), (0.16, 0.88)]
        _shape(surf, second, mirrored(far_arm), line)
        _shape(surf, GOLD, mirrored([(0.5, 0.82), (0.58, 0.85), (0.54, 0.95), (0.46, 0.92)]), line)
        pygame.draw.circle(surf, SKIN, b.p(near(0.6), 0.91), w * 0.035)
        pygame.draw.circle(surf, INK, b.p(near(0.6), 0.91), w * 0.035, line)
        near_arm = [(0.8, 0.69), (0.9, 0.8), (0.9, 0.86), (0.76, 0.86), (0.74, 0.74)]
        _shape(surf, second, mirrored(near_arm), line)
        _shape(surf, GOLD, mirrored([(0.75, 0.82), (0.91, 0.82), (0.91, 0.87), (0.75, 0.87)]), line)

        # Collar: ermine for the king, pearls for the queen, a ruff for the jack.
        white = (250, 250, 250)
        if rank == "K":
            _shape(surf, white, b.pts([(0.3, 0.62), (0.7, 0.62), (0.64, 0.72), (0.36, 0.72)]), line)
            for fx in (0.4, 0.5, 0.6):
                pygame.draw.circle(surf, INK, b.p(fx, 0.67), max(1, w * 0.012))
        elif rank == "Q":
            for i in range(9):
                a = math.pi * (i + 0.5) / 9
                bead = b.p(0.5 + 0.15 * math.cos(a), 0.6 + 0.1 * math.sin(a))
                pygame.draw.circle(surf, white, bead, w * 0.018)
                pygame.draw.circle(surf, INK, bead, w * 0.018, max(1, line // 2))
        else:
            ruff = [(0.31 + 0.38 * i / 12, 0.61 if i % 2 == 0 else 0.7) for i in range(13)]
            _shape(surf, white, b.pts([*ruff, (0.69, 0.6), (0.31, 0.6)]), line)

        # Hair behind the head: long for the queen, a bob for the jack, grey for the king.
        if rank == "Q":
            hair = _HAIR[suit]
            _shape(surf, hair, b.pts([(0.36, 0.35), (0.64, 0.35), (0.7, 0.62), (0.3, 0.62)]), line)
            pygame.draw.ellipse(surf, hair, b.rect(0.32, 0.2, 0.68, 0.5))
        elif rank == "J":
            pygame.draw.ellipse(surf, _HAIR[suit], b.rect(0.33, 0.22, 0.67, 0.52))
        else:
            pygame.draw.ellipse(surf, (222, 222, 226), b.rect(0.33, 0.24, 0.67, 0.54))

        head = b.rect(0.37, 0.26, 0.63, 0.6)
        pygame.draw.ellipse(surf, SKIN, head)
        pygame.draw.ellipse(surf, INK, head, line)
        for fx in (0.45, 0.55):
            pygame.draw.circle(surf, INK, b.p(fx, 0.4), max(1.0, w * 0.014))
        pygame.draw.line(surf, INK, b.p(0.5, 0.42), b.p(near(0.485), 0.48), line)
        if rank == "K":
            beard = [(0.37, 0.44), (0.43, 0.51), (0.57, 0.51), (0.63, 0.44), (0.61, 0.58)]
            _shape(surf, (238, 238, 240), b.pts([*beard, (0.5, 0.67), (0.39, 0.58)]), line)
            pygame.draw.line(surf, INK, b.p(0.45, 0.53), b.p(0.55, 0.53), line)
        else:
            lips = CRIMSON if rank == "Q" else INK
            pygame.draw.line(surf, lips, b.p(0.46, 0.53), b.p(0.54, 0.53), line + (rank == "Q"))

        # Headgear: a tall crown, a small tiara, or a cap with a plume.
        if rank == "K":
            crown = [(0.37, 0.28), (0.355, 0.07), (0.43, 0.16), (0.5, 0.03), (0.57, 0.16)]
            _shape(surf, GOLD, b.pts([*crown, (0.645, 0.07), (0.63, 0.28)]), line)
            for fx, fy in ((0.355, 0.07), (0.5, 0.03), (0.645, 0.07)):
                pygame.draw.circle(surf, GOLD, b.p(fx, fy), w * 0.025)
                pygame.draw.circle(surf, INK, b.p(fx, fy), w * 0.025, line)
            for fx, jewel in ((0.43, second), (0.5, colour), (0.57, second)):
                pygame.draw.circle(surf, jewel, b.p(fx, 0.235), w * 0.02)
        elif rank == "Q":
            tiara = [(0.39, 0.29), (0.4, 0.18), (0.45, 0.22), (0.5, 0.13), (0.55, 0.22)]
            _shape(surf, GOLD, b.pts([*tiara, (0.6, 0.18), (0.61, 0.29)]), line)
            for fx, fy in ((0.4, 0.17), (0.5, 0.12), (0.6, 0.17)):
                pygame.draw.circle(surf, (250, 250, 250), b.p(fx, fy), w * 0.02)
            pygame.draw.circle(surf, colour, b.p(0.5, 0.24), w * 0.018)
        else:
            plume = _bezier((0.44, 0.18), (0.34, 0.02), (0.24, 0.08))
            plume += _bezier((0.24, 0.08), (0.36, 0.1), (0.5, 0.2))
            _shape(surf, colour, mirrored((1 - fx, fy) for fx, fy in plume), line)
            cap = [(0.33, 0.3), (0.35, 0.19), (0.5, 0.14), (0.65, 0.19), (0.67, 0.3)]
            _shape(surf, second, b.pts(cap), line)
            pygame.draw.rect(surf, GOLD, b.rect(0.34, 0.26, 0.66, 0.3))

        if held not in ("sword_behind", "halberd", "spear"):
            self._paint_held(surf, b, held, right, colour, second, line)

        # The suit and the rank letter in the free corner of the panel.
        free = near(0.13)
        _draw_pip(surf, suit, b.p(free, 0.12), h * 0.15, colour)
        _blit_centred(surf, _letters(rank, max(2, round(h * 0.12)), colour), b.p(free, 0.33))

    def _paint_held(
        self,
        surf: pygame.Surface,
        b: _Box,
        held: str,
        right: bool,
        colour: Colour,
        second: Colour,
        line: int,
    ) -> None:
        w = b.w

        def sx(fx: float) -> float:
            return fx if right else 1 - fx

        def at(fx: float, fy: float) -> Point:
            return b.p(sx(fx), fy)

        def poly(points: Iterable[Point]) -> list[Point]:
            return [at(fx, fy) for fx, fy in points]

        if held in ("sword", "sword_behind"):
            x = 0.84 if held == "sword" else 0.76
            top = 0.06 if held == "sword" else 0.02
            _shape(
                surf,
                SILVER,
                poly(
                    [
                        (x - 0.03, 0.8),
                        (x - 0.03, top + 0.06),
                        (x, top),
                        (x + 0.03, top + 0.06),
                        (x + 0.03, 0.8),
                    ]
                ),
                line,
            )
            _shape(
                surf,
                GOLD,
                poly([(x - 0.09, 0.8), (x + 0.09, 0.8), (x + 0.09, 0.84), (x - 0.09, 0.84)]),
                line,
            )
            _shape(
                surf,
                second,
                poly([(x - 0.02, 0.84), (x + 0.02, 0.84), (x + 0.02, 0.95), (x - 0.02, 0.95)]),
                line,
            )
        elif held == "axe":
            _shape(
                surf,
                (150, 100, 50),
                poly([(0.83, 0.98), (0.83, 0.2), (0.86, 0.2), (0.86, 0.98)]),
                line,
            )
            blade = [*_bezier((0.86, 0.22), (0.99, 0.3), (0.86, 0.42)), (0.86, 0.22)]
            _shape(surf, SILVER, poly(blade), line)
        elif held == "orb":
            pygame.draw.circle(surf, GOLD, at(0.84, 0.78), w * 0.09)
            pygame.draw.circle(surf, INK, at(0.84, 0.78), w * 0.09, line)
            pygame.draw.line(surf, colour, at(0.75, 0.78), at(0.93, 0.78), line * 2)
            pygame.draw.line(surf, INK, at(0.84, 0.69), at(0.84, 0.6), line * 2)
            pygame.draw.line(surf, INK, at(0.8, 0.64), at(0.88, 0.64), line * 2)
        elif held == "sceptre":
            _shape(
                surf, GOLD, poly([(0.825, 0.98), (0.825, 0.24), (0.855, 0.24), (0.855, 0.98)]), line
            )
            pygame.draw.circle(surf, colour, at(0.84, 0.2), w * 0.05)
            pygame.draw.circle(surf, INK, at(0.84, 0.2), w * 0.05, line)
            _shape(surf, GOLD, poly(_star((0.84, 0.1), 0.05, 0.02, 4)), line)
        elif held == "flower":
            pygame.draw.line(surf, LEAF, at(0.82, 0.9), at(0.84, 0.4), line * 2)
            _shape(
                surf,
                LEAF,
                poly([*_bezier((0.83, 0.6), (0.95, 0.5), (0.94, 0.62)), (0.83, 0.62)]),
                line,
            )
            for i in range(5):
                a = -math.pi / 2 + i * 2 * math.pi / 5
                petal = at(0.84 + 0.05 * math.cos(a), 0.34 + 0.045 * math.sin(a))
                pygame.draw.circle(surf, colour if colour != BLACK else CRIMSON, petal, w * 0.04)
            pygame.draw.circle(surf, GOLD, at(0.84, 0.34), w * 0.03)
        elif held == "fan":
            for i in range(7):
                a = math.pi + math.pi * i / 6
                tip = (0.84 + 0.14 * math.cos(a), 0.76 + 0.2 * math.sin(a))
                pygame.draw.line(surf, INK, at(0.84, 0.8), at(*tip), line)
            fan = [(0.84, 0.8)] + [
                (0.84 + 0.13 * math.cos(a), 0.76 + 0.18 * math.sin(a))
                for a in (math.pi + math.pi * k / 12 for k in range(13))
            ]
            _shape(surf, second, poly(fan), line)
        elif held in ("halberd", "spear"):
            _shape(
                surf,
                (150, 100, 50),
                poly([(0.84, 0.98), (0.84, 0.1), (0.865, 0.1), (0.865, 0.98)]),
                line,
            )
            _shape(surf, SILVER, poly([(0.825, 0.1), (0.8525, 0.0), (0.88, 0.1)]), line)
            if held == "halberd":
                blade = [*_bezier((0.865, 0.12), (0.99, 0.18), (0.865, 0.3)), (0.865, 0.12)]
                _shape(surf, SILVER, poly(blade), line)
            else:
                pygame.draw.rect(
                    surf,
                    colour,
                    b.rect(min(sx(0.83), sx(0.875)), 0.14, max(sx(0.83), sx(0.875)), 0.2),
                )
        elif held == "leaf":
            leaf = _bezier((0.84, 0.92), (0.98, 0.6), (0.86, 0.3)) + _bezier(
                (0.86, 0.3), (0.72, 0.6), (0.84, 0.92)
            )
            _shape(surf, LEAF, poly(leaf), line)
            pygame.draw.line(surf, INK, at(0.84, 0.9), at(0.86, 0.34), line)
        elif held == "shield":
            shield = [
                (0.74, 0.66),
                (0.94, 0.66),
                (0.94, 0.8),
                *_bezier((0.94, 0.8), (0.93, 0.93), (0.84, 0.98)),
                *_bezier((0.84, 0.98), (0.75, 0.93), (0.74, 0.8)),
            ]
            _shape(surf, second, poly(shield), line)
            _draw_pip(surf, "S" if colour == BLACK else "H", at(0.84, 0.8), b.h * 0.12, GOLD)
        pygame.draw.circle(surf, SKIN, at(0.84, 0.84), w * 0.035)
        pygame.draw.circle(surf, INK, at(0.84, 0.84), w * 0.035, line)

    # --- jokers ----------------------------------------------------------------------------

    def _paint_joker(self, surf: pygame.Surface, u: float, red: bool) -> None:
        lay = self._layout
        ink = RED if red else BLACK
        other = GOLD if red else (150, 150, 160)
        line = self._line(u)

        # Corner index: JOKER spelt downwards and a star, as on printed jokers.
        step = lay.joker_letter * 1.32
        height = lay.index_top + 5 * step + lay.index_pip * 1.1
        corner = _layer((math.ceil(2 * lay.index_x * u), math.ceil(height * u)))
        for i, ch in enumerate("JOKER"):
            glyph = _letters(ch, round(lay.joker_letter * u), ink)
            _blit_centred(corner, glyph, (lay.index_x * u, (lay.index_top + step * (i + 0.4)) * u))
        star_y = lay.index_top + 5 * step + lay.index_pip * 0.45
        pygame.draw.polygon(
            corner,
            ink,
            _star((lay.index_x * u, star_y * u), lay.index_pip * 0.5 * u, lay.index_pip * 0.2 * u),
        )
        self._blit_corners(surf, corner)

        x0 = lay.panel[0] - 0.015
        width = 1 - 2 * x0
        top = (CARD_RATIO - 1.96 * width) / 2
        b = _Box(x0 * u, top * u, width * u, width * u)  # square units, so the face stays round
        w = b.w

        body = [(0.2, 1.02), (0.8, 1.02), (0.9, 1.62), (0.1, 1.62)]
        _shape(surf, ink, b.pts(body), line)
        for row in range(3):
            for col in range(4):
                cx = 0.2 + 0.2 * col + (0.1 if row % 2 else 0.0)
                cy = 1.14 + 0.18 * row
                if 0.16 < cx < 0.84:
                    diamond = [(cx, cy - 0.08), (cx + 0.07, cy), (cx, cy + 0.08), (cx - 0.07, cy)]
                    pygame.draw.polygon(surf, other, b.pts(diamond))
        ruff = []
        for i in range(17):
            ruff.append((0.18 + 0.64 * i / 16, 0.94 if i % 2 == 0 else 1.08))
        ruff += [(0.82, 0.9), (0.18, 0.9)]
        _shape(surf, (250, 250, 250), b.pts(ruff), line)

        # Three-pointed hat with bells, in alternating colours.
        lobes = (
            ((0.34, 0.6), (0.12, 0.36), (0.04, 0.74), (0.26, 0.46), (0.47, 0.5), ink),
            ((0.66, 0.6), (0.88, 0.36), (0.96, 0.74), (0.74, 0.46), (0.53, 0.5), ink),
            ((0.38, 0.56), (0.36, 0.2), (0.56, 0.06), (0.52, 0.28), (0.62, 0.56), other),
        )
        for start, ctl1, tip, ctl2, end, fill in lobes:
            lobe = _bezier(start, ctl1, tip) + _bezier(tip, ctl2, end)
            _shape(surf, fill, b.pts(lobe), line)
            pygame.draw.circle(surf, GOLD, b.p(*tip), w * 0.045)
            pygame.draw.circle(surf, INK, b.p(*tip), w * 0.045, line)

        face = b.rect(0.33, 0.52, 0.67, 0.92)
        pygame.draw.ellipse(surf, SKIN, face)
        pygame.draw.ellipse(surf, INK, face, line)
        _shape(surf, other, b.pts([(0.3, 0.62), (0.7, 0.62), (0.68, 0.54), (0.32, 0.54)]), line)
        for fx in (0.43, 0.57):
            pygame.draw.circle(surf, INK, b.p(fx, 0.7), w * 0.02)
            pygame.draw.circle(surf, (244, 150, 150), b.p(fx - 0.02, 0.79), w * 0.03)
        pygame.draw.circle(surf, RED, b.p(0.5, 0.76), w * 0.032)
        pygame.draw.arc(
            surf, INK, b.rect(0.41, 0.72, 0.59, 0.87), math.pi * 1.1, math.pi * 1.9, line * 2
        )

        word = _letters("JOKER", round(0.15 * w), ink, round(0.9 * w))
        _blit_centred(surf, word, b.p(0.5, 1.8))
        for fx in (0.08, 0.92):
            pygame.draw.polygon(
                surf, other if red else ink, _star(b.p(fx, 0.16), w * 0.06, w * 0.025)
            )

    # --- backs -----------------------------------------------------------------------------

    def _render_back(self) -> pygame.Surface:
        surf, u = self._canvas()
        self._blank(surf, u, (252, 252, 252))
        margin = round(u * 0.06)
        inner = surf.get_rect().inflate(-2 * margin, -2 * margin)
        field = pygame.Surface(inner.size, pygame.SRCALPHA)
        {"blue": self._back_trellis, "red": self._back_rosettes, "green": self._back_diamonds}[
            self.back
        ](field, u)
        # Round the field's corners by keeping only the alpha of a rounded mask.
        mask = pygame.Surface(inner.size, pygame.SRCALPHA)
        mask.fill((255, 255, 255, 0))
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=round(u * 0.04))
        field.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surf.blit(field, inner.topleft)
        return self._shrink(surf)

    def _back_frame(self, field: pygame.Surface, u: float, colour: Colour) -> None:
        rect = field.get_rect().inflate(-round(u * 0.06), -round(u * 0.06))
        pygame.draw.rect(field, colour, rect, self._line(u, 0.012), border_radius=round(u * 0.03))

    def _back_trellis(self, field: pygame.Surface, u: float) -> None:
        base, light = (28, 66, 156), (110, 150, 226)
        field.fill(base)
        w, h = field.get_size()
        step = u * 0.11
        line = self._line(u, 0.01)
        n = int((w + h) / step) + 2
        for i in range(-n, n):
            x = i * step
            pygame.draw.line(field, light, (x, 0), (x + h, h), line)
            pygame.draw.line(field, light, (x, 0), (x - h, h), line)
        for i in range(-n, n):
            for j in range(int(h / step) + 2):
                x, y = i * step + (j % 2) * step / 2, j * step / 2
                if 0 <= x <= w:
                    pygame.draw.circle(field, (235, 240, 255), (x, y), u * 0.012)
        self._back_frame(field, u, (235, 240, 255))
        # Oval medallion with the four suits.
        centre = (w / 2, h / 2)
        oval = pygame.Rect(0, 0, round(u * 0.5), round(u * 0.66))
        oval.center = (round(centre[0]), round(centre[1]))
        pygame.draw.ellipse(field, base, oval)
        pygame.draw.ellipse(field, (235, 240, 255), oval, self._line(u, 0.014))
        for suit, (dx, dy) in zip(SUITS, ((0, -1), (1, 0), (0, 1), (-1, 0)), strict=True):
            spot = (centre[0] + dx * u * 0.12, centre[1] + dy * u * 0.17)
            _draw_pip(field, suit, spot, u * 0.11, (235, 240, 255))

    def _back_rosettes(self, field: pygame.Surface, u: float) -> None:
        base, light, gold = (160, 26, 38), (214, 84, 86), (244, 206, 128)
        field.fill(base)
        w, h = field.get_size()
        step = u * 0.16
        for j in range(int(h / step) + 2):
            for i in range(int(w / step) + 2):
                cx = i * step + (step / 2 if j % 2 else 0)
                cy = j * step
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    pygame.draw.circle(
                        field, light, (cx + dx * step * 0.18, cy + dy * step * 0.18), step * 0.16
                    )
                pygame.draw.circle(field, gold, (cx, cy), step * 0.08)
        self._back_frame(field, u, gold)
        centre = (w / 2, h / 2)
        for radius, colour in ((0.24, gold), (0.21, base)):
            for i in range(12):
                a = i * math.pi / 6
                petal = (
                    centre[0] + math.cos(a) * u * radius * 0.62,
                    centre[1] + math.sin(a) * u * radius * 0.62,
                )
                pygame.draw.circle(field, colour, petal, u * radius * 0.4)
        pygame.draw.circle(field, gold, centre, u * 0.1)
        pygame.draw.circle(field, base, centre, u * 0.07)
        _draw_pip(field, "H", centre, u * 0.08, gold)

    def _back_diamonds(self, field: pygame.Surface, u: float) -> None:
        dark, light, cream = (16, 92, 58), (46, 140, 92), (236, 232, 206)
        field.fill(dark)
        w, h = field.get_size()
        centre = (w / 2, h / 2)
        ring = u * 0.045
        rings = int(max(w, h) / ring) + 2
        # Concentric diamonds from the outside in, alternating, give a guilloché-like field.
        for k in range(rings, 0, -1):
            r = k * ring
            colour = light if k % 2 else dark
            pygame.draw.polygon(
                field,
                colour,
                [
                    (centre[0], centre[1] - r * 1.4),
                    (centre[0] + r, centre[1]),
                    (centre[0], centre[1] + r * 1.4),
                    (centre[0] - r, centre[1]),
                ],
            )
        self._back_frame(field, u, cream)
        size = u * 0.16
        medal = [
            (centre[0], centre[1] - size * 1.4),
            (centre[0] + size, centre[1]),
            (centre[0], centre[1] + size * 1.4),
            (centre[0] - size, centre[1]),
        ]
        pygame.draw.polygon(field, cream, medal)
        _draw_pip(field, "C", centre, u * 0.14, dark)


# Shared art by width and options, for the window's current size only: each size has its
# own card widths, and sixteen decks of old sizes used to stay for good.
# At one size a frame uses few widths at once: the table's two (held by its CardImages too),
# one for the round board or a chooser over it, up to four on the card options, one each for
# the menus' fan, How to play and the hand-over screen. Cards in flight pass through the
# widths between the table's two, one face each; sixteen entries keep those of a deal's
# staggered cards, which reach the same widths a few frames apart. Two windows' worth of
# pixels holds every deck of a frame (all 54 faces at the table's width are under one).
_arts: SurfaceCache[tuple[int, bool, bool, str], CardArt] = SurfaceCache(
    most=16, windows=2, pixels=CardArt.pixels
)


def card_art(
    width: int, *, four_colour: bool = False, large_index: bool = False, back: str = "blue"
) -> CardArt:
    """A shared ``CardArt`` for these options, so every scene reuses the same cached faces."""
    return _arts.get(
        (width, four_colour, large_index, back),
        lambda: CardArt(width, four_colour=four_colour, large_index=large_index, back=back),
    )

"""What the statistics screens draw with: a line chart with axes, gridlines and dashed
reference lines, the rating bar with whiskers, the ``‹ value ›`` picker and the backdrop.

Charts are rendered once into a surface when their data changes; a frame only blits it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise

import pygame

from game.ui import theme
from game.ui.controls import fit_apart
from game.ui.widgets import Widget

__all__ = [
    "Axis",
    "Picker",
    "RefLine",
    "Series",
    "content_top",
    "dashed_hline",
    "draw_backdrop",
    "draw_message",
    "draw_whisker_bar",
    "message_lines",
    "nice_ticks",
    "render_line_chart",
]

GRID = (255, 255, 255, 26)
AXIS = (176, 200, 184)
PLOT_BG = (0, 0, 0, 60)


@dataclass(frozen=True)
class Axis:
    """One axis: its span, where the gridlines go and how their labels read."""

    lo: float
    hi: float
    ticks: Sequence[float] = ()
    fmt: Callable[[float], str] = field(default=lambda v: f"{v:g}")
    title: str = ""

    def at(self, value: float, start: int, length: int) -> float:
        """The pixel offset of ``value`` along an axis ``length`` pixels long from ``start``."""
        span = self.hi - self.lo or 1.0
        return start + (value - self.lo) / span * length


@dataclass(frozen=True)
class Series:
    """A line through ``points`` (x, y); ``band`` is an optional shaded (x, low, high) strip."""

    points: Sequence[tuple[float, float]]
    colour: theme.Colour = theme.ACCENT
    width: int = 2
    band: Sequence[tuple[float, float, float]] = ()


@dataclass(frozen=True)
class RefLine:
    """A labelled horizontal dashed line, e.g. a bot level's current rating."""

    y: float
    label: str
    colour: theme.Colour = theme.MUTED


def nice_ticks(lo: float, hi: float, count: int = 5) -> list[float]:
    """Round-numbered gridline positions covering ``lo``..``hi`` (about ``count`` of them)."""
    if hi <= lo:
        return [lo]
    raw = (hi - lo) / max(1, count)
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    first = math.ceil(lo / step - 1e-9) * step
    ticks = []
    value = first
    while value <= hi + step * 1e-9:
        ticks.append(round(value, 10))
        value += step
    return ticks


def dashed_hline(
    surface: pygame.Surface,
    colour: tuple[int, ...],
    x0: int,
    x1: int,
    y: int,
    dash: int = 8,
    gap: int = 6,
    width: int = 1,
) -> None:
    """A horizontal dashed line from ``x0`` to ``x1``."""
    x = x0
    while x < x1:
        pygame.draw.line(surface, colour, (x, y), (min(x + dash, x1), y), width)
        x += dash + gap


def _thin(points: Sequence[tuple[float, float]], limit: int) -> Sequence[tuple[float, float]]:
    # More points than pixels only costs time: keep an even selection and always the last.
    if len(points) <= limit:
        return points
    step = len(points) / limit
    picked = [points[int(i * step)] for i in range(limit)]
    picked[-1] = points[-1]
    return picked


def render_line_chart(
    size: tuple[int, int],
    series: Sequence[Series],
    x_axis: Axis,
    y_axis: Axis,
    *,
    refs: Sequence[RefLine] = (),
    empty_text: str = "",
    ui: float = 1.0,
) -> pygame.Surface:
    """A transparent surface of ``size`` with the plot area, gridlines, axis labels,
    reference lines and antialiased series (words at scale ``ui``). ``empty_text`` is shown
    when no series has points."""
    w, h = size
    small = round(13 * ui)

    def sc(n: float) -> int:  # a line's width, a dot, a gap: at the words' scale
        return max(1, round(n * ui))

    surf = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    label_w = max((theme.text_size(y_axis.fmt(t), small)[0] for t in y_axis.ticks), default=20)
    # Reference labels get their own margin on the right so the series never runs under them.
    ref_size = round(12 * ui)
    ref_w = max((theme.text_size(r.label, ref_size, True)[0] for r in refs), default=0)
    right_pad = ref_w + sc(16) if refs else sc(8)
    foot = round((44 if x_axis.title else 28) * ui)
    plot = pygame.Rect(label_w + sc(10), sc(6), w - label_w - sc(10) - right_pad, h - foot)
    pygame.draw.rect(surf, PLOT_BG, plot, border_radius=sc(6))

    def px(x: float) -> float:
        return x_axis.at(x, plot.x, plot.w)

    def py(y: float) -> float:
        return plot.bottom - (y_axis.at(y, 0, plot.h))

    for tick in y_axis.ticks:
        y = round(py(tick))
        if plot.top <= y <= plot.bottom:
            pygame.draw.line(surf, GRID, (plot.x, y), (plot.right - 1, y))
            label = theme.text(y_axis.fmt(tick), small, AXIS)
            surf.blit(label, label.get_rect(midright=(plot.x - sc(6), y)))
    shown = ""
    last: pygame.Rect | None = None
    for tick in x_axis.ticks:
        x = round(px(tick))
        if plot.left <= x <= plot.right:
            pygame.draw.line(surf, GRID, (x, plot.top), (x, plot.bottom - 1))
            words = x_axis.fmt(tick)
            if words == shown:
                continue  # the same label again says nothing: its gridline is enough
            label = theme.text(words, small, AXIS)
            box = label.get_rect(midtop=(x, plot.bottom + sc(5)))
            box.clamp_ip(pygame.Rect(0, 0, w, h))
            if last is not None and box.left < last.right + sc(6):
                continue  # a narrow chart: every other label, never one over another
            shown, last = words, box
            surf.blit(label, box)
    pygame.draw.line(surf, AXIS, plot.bottomleft, plot.bottomright)
    pygame.draw.line(surf, AXIS, plot.topleft, plot.bottomleft)
    if x_axis.title:
        title = theme.text(x_axis.title, small, theme.MUTED)
        surf.blit(title, title.get_rect(midbottom=(plot.centerx, h - 1)))

    _draw_refs(surf, plot, refs, py, ref_size, ui)
    drawn = False
    for line in series:
        points = _thin(line.points, max(2, plot.w // 2))
        if line.band:
            band = _thin([(x, lo) for x, lo, _ in line.band], plot.w // 2)
            top = _thin([(x, hi) for x, _, hi in line.band], plot.w // 2)
            outline = [(px(x), py(y)) for x, y in top] + [(px(x), py(y)) for x, y in band[::-1]]
            if len(outline) >= 3:
                shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
                shade.set_clip(plot)  # a band may overshoot the y range
                pygame.draw.polygon(shade, (*line.colour, 58), outline)
                surf.blit(shade, (0, 0))
        coords = [(px(x), py(y)) for x, y in points]
        # Inside the plot (and its dot's width around it): a point off the axes' ranges is
        # cut off at the edge, never drawn over the labels beside it.
        width = sc(line.width)
        edge = width + sc(3)
        surf.set_clip(plot.inflate(2 * edge, 2 * edge))
        if len(coords) == 1:
            first = (round(coords[0][0]), round(coords[0][1]))
            pygame.draw.circle(surf, line.colour, first, sc(4))
        for a, b in pairwise(coords):
            pygame.draw.aaline(surf, line.colour, a, b, width)
        if coords:
            drawn = True
            end = (round(coords[-1][0]), round(coords[-1][1]))
            pygame.draw.circle(surf, line.colour, end, width + sc(2))
        surf.set_clip(None)
    if not drawn and empty_text:
        # On a backing of the panel's colour: a reference line may run through the middle.
        note = theme.text(empty_text, round(16 * ui), theme.MUTED)
        at = note.get_rect(center=plot.center)
        backing = at.inflate(round(16 * ui), round(8 * ui))
        theme.blit_panel(
            surf, backing, (*theme.PANEL, 255), None, radius=backing.h // 2, shadow=False
        )
        surf.blit(note, at)
    return surf


def _draw_refs(
    surf: pygame.Surface,
    plot: pygame.Rect,
    refs: Sequence[RefLine],
    py: Callable[[float], float],
    size: int = 12,
    ui: float = 1.0,
) -> None:
    """Dashed lines with their labels (at scale ``ui``) beside their lines, nudged apart where
    they would overlap, and never below the plot's foot (the time axis's labels are there)."""
    dash, gap, width = (max(1, round(n * ui)) for n in (8, 6, 1))
    labels: list[pygame.Surface] = []
    wanted: list[int] = []
    for ref in sorted(refs, key=lambda r: -r.y):
        y = round(py(ref.y))
        if not plot.top <= y <= plot.bottom:
            continue
        dashed_hline(surf, (*ref.colour, 200), plot.x + 1, plot.right + 4, y, dash, gap, width)
        labels.append(theme.text(ref.label, size, ref.colour, True))
        wanted.append(y - labels[-1].get_height() // 2 - 1)
    height = max((label.get_height() for label in labels), default=0)
    for label, top in zip(labels, stacked_tops(wanted, height, plot.bottom + 1), strict=True):
        surf.blit(label, label.get_rect(topleft=(plot.right + round(8 * ui), top)))


def stacked_tops(wanted: Sequence[int], height: int, floor: int) -> list[int]:
    """Where labels ``height`` tall go, wanted at the tops ``wanted`` (top to bottom): each
    as near its own as it can be without overlapping the one above, and the stack lifted
    where it would run below ``floor``."""
    tops: list[int] = []
    for want in wanted:
        tops.append(want if not tops else max(want, tops[-1] + height))
    bottom = floor
    for i in reversed(range(len(tops))):
        tops[i] = min(tops[i], bottom - height)
        bottom = tops[i]
    return tops


def draw_whisker_bar(
    surface: pygame.Surface,
    rect: pygame.Rect,
    axis: Axis,
    *,
    bar_to: float,
    centre: float,
    spread: float,
    colour: theme.Colour = theme.ACCENT,
    faded: bool = False,
) -> None:
    """A bar from the axis start to ``bar_to`` with a dot at ``centre`` and whiskers at
    ``centre ± spread``: the ranked (conservative) rating, the estimate and its doubt."""
    y = rect.centery

    def at(v: float) -> int:
        return round(axis.at(max(axis.lo, min(axis.hi, v)), rect.x, rect.w))

    line = max(2, round(rect.h / 11))  # (2 px and a dot of 4 at the usual 22 px)
    alpha = 110 if faded else 220
    bar = pygame.Rect(rect.x, y - rect.h // 4, max(2, at(bar_to) - rect.x), rect.h // 2)
    fill = pygame.Surface(bar.size, pygame.SRCALPHA)
    pygame.draw.rect(fill, (*colour, alpha), fill.get_rect(), border_radius=3)
    surface.blit(fill, bar)
    lo, hi = at(centre - spread), at(centre + spread)
    ink = theme.MUTED if faded else theme.TEXT
    pygame.draw.line(surface, ink, (lo, y), (hi, y), line)
    for x in (lo, hi):
        pygame.draw.line(surface, ink, (x, y - rect.h // 3), (x, y + rect.h // 3), line)
    pygame.draw.circle(surface, ink, (at(centre), y), 2 * line)


class Picker(Widget):
    """``‹ value ›`` with a caption: click an arrow, or focus it and press Left/Right."""

    focusable = True

    def __init__(
        self,
        caption: str,
        options: Sequence[str],
        index: int = 0,
        on_change: Callable[[int], None] | None = None,
        people: bool = True,
    ) -> None:
        super().__init__()
        self.caption = caption
        self.options = list(options)
        self.index = index
        self.on_change = on_change
        self.people = people  # the options are people's names (else cut at their end first)

    def step(self, delta: int) -> None:
        """Move to the next (or previous) option, wrapping around."""
        if not self.options:
            return
        self.index = (self.index + delta) % len(self.options)
        if self.on_change is not None:
            self.on_change(self.index)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A click on the left half goes back, on the right half forward."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.step(-1 if event.pos[0] < self.rect.centerx else 1)
                return True
        elif event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            self.step(-1 if event.y > 0 else 1)
            return True
        elif (
            event.type == pygame.KEYDOWN
            and self.focused
            and event.key in (pygame.K_LEFT, pygame.K_RIGHT)
        ):
            self.step(-1 if event.key == pygame.K_LEFT else 1)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Caption above, the arrows and the current option."""
        edge = (*theme.ACCENT, 255) if self.focused else (*theme.PANEL_EDGE, 220)
        theme.blit_panel(surface, self.rect, (*theme.PANEL, 235), edge, radius=10, shadow=False)
        px = self.px
        caption = theme.text(self.caption, px(13), theme.MUTED, True)
        at = (self.rect.x + px(4), self.rect.y - px(3))
        surface.blit(caption, caption.get_rect(bottomleft=at))
        for glyph, x in (("‹", self.rect.x + px(18)), ("›", self.rect.right - px(18))):
            arrow = theme.text(glyph, px(28), theme.ACCENT, True)
            surface.blit(arrow, arrow.get_rect(center=(x, self.rect.centery - 2)))
        value = self.options[self.index] if self.options else "—"
        # A long name shrinks a little, then is cut short keeping what tells it from the
        # other options ("Maximilian A." beside "Maximilian B."): it never covers the arrows.
        room = self.rect.w - px(64)
        size = theme.fit_size(value, px(19), room, True, smallest=px(15))
        shown = fit_apart(value, size, room, True, self.options, self.people)
        label = theme.text(shown, size, theme.TEXT, True)
        surface.blit(label, label.get_rect(center=self.rect.center))


# Lines of the red band: a damaged file's report names the folder and the file kept.
PROBLEM_LINES = 3


def draw_backdrop(surface: pygame.Surface, title: str, problem: str | None, ui: float = 1.0) -> int:
    """Felt, the screen's title and, when the store has one, its problem in a red band (at
    scale ``ui``). Returns the y where the content may start."""
    w, h = surface.get_size()
    surface.blit(theme.felt((w, h)), (0, 0))
    heading = theme.text(title, round(34 * ui), theme.ACCENT, True)
    surface.blit(heading, (40, round(26 * ui)))
    if problem:
        line_h, size = round(20 * ui), round(15 * ui)
        lines = theme.wrap(problem, size, w - 110)[:PROBLEM_LINES]
        band = pygame.Rect(40, round(96 * ui), w - 80, round(14 * ui) + line_h * len(lines))
        theme.blit_panel(surface, band, (120, 30, 28, 235), (*theme.DANGER, 255), 8, False)
        for i, line in enumerate(lines):
            at = (band.x + 14, band.y + round(7 * ui) + line_h * i)
            surface.blit(theme.text(line, size, theme.TEXT), at)
    return content_top(problem, w, ui)


def content_top(problem: str | None, width: int, ui: float = 1.0) -> int:
    """Where a screen's content starts below the title (and the problem band, if any)."""
    if not problem:
        return round(104 * ui)
    lines = len(theme.wrap(problem, round(15 * ui), width - 110)[:PROBLEM_LINES])
    return round((96 + 14) * ui) + round(20 * ui) * lines + round(14 * ui)


def message_lines(
    words: str, width: int, height: int, ui: float = 1.0, bold: bool = True
) -> tuple[list[str], int]:
    """``words`` wrapped to ``width`` pixels in as few lines as fit in ``height`` pixels,
    at the largest of the usual message sizes that fits (else the smallest, its last line
    cut short): the lines and the size."""
    sizes = [round(n * ui) for n in (16, 14, 13)]
    for size in sizes:
        lines = theme.wrap_long_words(words, size, width, bold)
        if len(lines) * (theme.text_size("Ag", size, bold)[1] + 1) <= height:
            return lines, size
    size = sizes[-1]
    most = max(1, height // (theme.text_size("Ag", size, bold)[1] + 1))
    return theme.at_most(
        theme.wrap_long_words(words, size, width, bold), most, size, width, bold
    ), size


def draw_message(
    surface: pygame.Surface,
    words: str,
    box: pygame.Rect,
    colour: theme.Colour,
    ui: float = 1.0,
    bold: bool = True,
) -> None:
    """A message wrapped inside ``box`` (see ``message_lines``), centred on it vertically."""
    lines, size = message_lines(words, box.w, box.h, ui, bold)
    line_h = theme.text_size("Ag", size, bold)[1] + 1
    y = box.centery - len(lines) * line_h // 2
    for line in lines:
        surface.blit(theme.text(line, size, colour, bold), (box.x, y))
        y += line_h

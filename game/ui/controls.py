"""Form controls for the menus: a value cycler (also used as a number stepper), an on/off
switch and a row of chips for a set of options. Each is a focusable ``Widget``: the mouse
clicks them, Left/Right (or Enter/Space) change the focused one.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Generic, TypeVar

import pygame

from game.ui import theme
from game.ui.widgets import Widget

__all__ = ["Chips", "Choice", "Toggle", "fit_middle", "stepper_values"]

V = TypeVar("V")

_FIELD = (250, 246, 232, 255)
_FIELD_HOVER = (255, 252, 240, 255)
# The arrows of a field that steps through values: a deeper gold than the accent's, to stand
# out from the cream field as a control should (4.1:1; the accent's dark gold gave 2.9:1).
ARROW = (158, 110, 20)


def stepper_values(low: int, high: int, step: int = 1) -> list[int]:
    """The values a number stepper walks through."""
    return list(range(low, high + 1, step))


def fit_apart(
    name: str, size: int, width: int, bold: bool, others: Sequence[str], person: bool = True
) -> str:
    """A player's ``name`` as it fits in ``width`` pixels, told apart from ``others`` (the
    names listed with it, ``name`` among them) where a way of cutting it can: as the seat
    boxes cut names ("Maximilian A." beside "Maximilian B."), else at the end ("Anna Maria
    Konst…" beside "Anna Zofia Konst…"), else in the middle. Not a ``person``'s name (a rule
    set's, "Custom: Family Tel Aviv"): cut at the end first."""
    if theme.text_size(name, size, bold)[0] <= width:
        return name
    shown = _fit_all(tuple(others), size, width, bold, person).get(name)
    if shown is not None:
        return shown
    return (
        theme.fit_name(name, size, width, bold, others)
        if person
        else theme.fit(name, size, width, bold)
    )


@lru_cache(maxsize=64)
def _fit_all(
    names: tuple[str, ...], size: int, width: int, bold: bool, person: bool = True
) -> dict[str, str]:
    """How each of ``names`` too wide for ``width`` is shown (see ``fit_apart``), worked out
    once for the whole list: a name's surname is compared only with the names of the same
    first name, so hundreds of profiles cost a moment, not a second."""
    long = [n for n in dict.fromkeys(names) if theme.text_size(n, size, bold)[0] > width]
    by_first: dict[str, list[str]] = {}
    for n in long:
        by_first.setdefault(n.split()[0].casefold() if n.split() else "", []).append(n)
    shown = {
        n: theme.fit_name(n, size, width, bold, group)
        if person
        else theme.fit(n, size, width, bold)
        for group in by_first.values()
        for n in group
    }
    for cut in (theme.fit, fit_middle):
        counts: dict[str, int] = {}
        for words in shown.values():
            counts[words] = counts.get(words, 0) + 1
        alike = [n for n, words in shown.items() if counts[words] > 1]
        if not alike:
            break
        for n in alike:
            shown[n] = cut(n, size, width, bold)
    groups: dict[str, list[str]] = {}
    for n, words in shown.items():
        groups.setdefault(words, []).append(n)
    for group in groups.values():
        for n in group if len(group) > 1 else ():
            # Still alike ("Player…ng name" for "Player number 18 …" and "… 19 …"): the
            # part where this name parts from the most like it is kept, "Player number 18…".
            at = max(theme.common_prefix(n, other) for other in group if other != n)
            shown[n] = theme.fit_around(n, min(at, len(n) - 1), size, width, bold)
    return shown


def fit_middle(content: str, size: int, width: int, bold: bool = False) -> str:
    """``content``, cut in the middle with an ellipsis if it is wider than ``width`` pixels:
    names that differ only at the end ("… v2") stay told apart."""
    if width <= 0 or theme.text_size(content, size, bold)[0] <= width:
        return content
    for keep in range(len(content) - 1, 0, -1):
        head, tail = content[: (keep + 1) // 2], content[len(content) - keep // 2 :]
        cut = head.rstrip() + "…" + tail.lstrip()
        if theme.text_size(cut, size, bold)[0] <= width:
            return cut
    return "…"


def _focus_ring(surface: pygame.Surface, rect: pygame.Rect) -> None:
    pygame.draw.rect(surface, theme.ACCENT, rect.inflate(6, 6), 2, border_radius=12)


class Choice(Widget, Generic[V]):
    """‹ value ›: steps through ``values``; ends stop (numbers) or wrap (``wrap=True``). A
    value too long for the field is cut at its end, or in its middle (``cut="middle"``)."""

    focusable = True

    def __init__(
        self,
        values: Sequence[V],
        value: V,
        on_change: Callable[[V], None] | None = None,
        *,
        show: Callable[[V], str] = str,
        wrap: bool = True,
        size: int = 18,
        cut: str = "end",
    ) -> None:
        super().__init__()
        self.values = list(values)
        self.cut = cut
        self.index = self.values.index(value) if value in self.values else 0
        self.on_change = on_change
        self.show = show
        self.wrap = wrap
        self.size = size
        self.enabled = True
        self.hovered = False

    @property
    def value(self) -> V:
        """The value shown."""
        return self.values[self.index]

    def set(self, value: V) -> None:
        """Show ``value`` without calling back."""
        if value in self.values:
            self.index = self.values.index(value)

    def step(self, delta: int) -> None:
        """Move by ``delta`` values and report the new one."""
        n = len(self.values)
        if not self.enabled or n < 2:
            return
        new = (self.index + delta) % n if self.wrap else max(0, min(n - 1, self.index + delta))
        if new != self.index:
            self.index = new
            if self.on_change is not None:
                self.on_change(self.value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Clicks on the left or right half step back or on; arrow keys when focused."""
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.step(-1 if event.pos[0] < self.rect.x + self.rect.h else 1)
                return True
        elif event.type == pygame.MOUSEWHEEL and self.hovered:
            # Down goes on through a list, as the list would scroll; a number (a stepper
            # whose ends stop, rather than wrap) goes up with the wheel turned up, as a
            # volume does. (A list may hold numbers it shows as words: seats by name.)
            down = event.y < 0
            self.step((1 if down else -1) if self.wrap else (-1 if down else 1))
            return True
        elif event.type == pygame.KEYDOWN and self.focused:
            if event.key == pygame.K_LEFT:
                self.step(-1)
                return True
            if event.key in (pygame.K_RIGHT, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.step(1)
                return True
        return False

    def shown(self) -> str:
        """The value as drawn between the arrows: a long one (a seat's name as first dealer)
        cut short with "…"."""
        return self._label()[0]

    def label_room(self) -> int:
        """The width the value has between the arrows (centred half the field's height in,
        a small gap kept beside each)."""
        arrow_w = theme.text_size("›", self.size + self.px(8), True)[0]
        return self.rect.w - self.rect.h - arrow_w - self.px(6)

    def _smallest(self) -> int:
        """The smallest size a value takes before it is cut: two sizes below its own at the
        usual scale, as many more as the scale is larger (a larger window never shows less
        of a value than a smaller one)."""
        return self.size - math.ceil(2 * max(1.0, self.ui))

    def fits(self, text: str) -> bool:
        """Whether ``text`` is shown whole between the arrows (at most ``_smallest``)."""
        return theme.text_size(text, self._smallest(), True)[0] <= self.label_room()

    def _label(self) -> tuple[str, int]:
        """``shown`` and its size: a value a little too long for the field takes a size or
        two smaller ("Bot · medium" in a narrow seat row) before it is cut short."""
        room = self.label_room()
        text = self.show(self.value)
        for size in range(self.size, self._smallest() - 1, -1):
            if theme.text_size(text, size, True)[0] <= room:
                return text, size
        fit = fit_middle if self.cut == "middle" else theme.fit
        return fit(text, self.size, room, True), self.size

    def draw(self, surface: pygame.Surface) -> None:
        """Field with arrows at both ends and the value in the middle."""
        r = self.rect
        fill = _FIELD_HOVER if self.hovered else _FIELD
        if not self.enabled:
            fill = (170, 176, 170, 255)
        theme.blit_panel(surface, r, fill, None, radius=min(10, r.h // 2), shadow=False)
        if self.focused:
            _focus_ring(surface, r)
        can_back = self.wrap or self.index > 0
        can_on = self.wrap or self.index < len(self.values) - 1
        for x, glyph, live in ((r.x + r.h // 2, "‹", can_back), (r.right - r.h // 2, "›", can_on)):
            ink = ARROW if live else (190, 186, 170)
            arrow = theme.text(glyph, self.size + self.px(8), ink, True)
            surface.blit(arrow, arrow.get_rect(center=(x, r.centery - 2)))
        words, size = self._label()
        label = theme.text(words, size, theme.INK, True)
        surface.blit(label, label.get_rect(center=r.center))


class Toggle(Widget):
    """An on/off switch with the state written beside it."""

    focusable = True

    def __init__(self, on: bool, on_change: Callable[[bool], None] | None = None) -> None:
        super().__init__()
        self.on = on
        self.on_change = on_change
        self.enabled = True

    def flip(self) -> None:
        """Switch and report."""
        if not self.enabled:
            return
        self.on = not self.on
        if self.on_change is not None:
            self.on_change(self.on)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Click, or Enter/Space/Left/Right when focused."""
        if not self.visible:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.flip()
                return True
        elif event.type == pygame.KEYDOWN and self.focused:
            keys = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
            if event.key in keys or (event.key == pygame.K_LEFT and self.on):
                self.flip()
                return True
            if event.key == pygame.K_RIGHT and not self.on:
                self.flip()
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """A pill with a sliding knob, and On/Off."""
        r, px = self.rect, self.px
        half = px(13)
        track = pygame.Rect(r.x, r.centery - half, px(52), 2 * half)
        fill = (*theme.ACCENT, 255) if self.on else (90, 110, 98, 255)
        theme.blit_panel(surface, track, fill, None, radius=half, shadow=False)
        knob_x = track.right - half if self.on else track.x + half
        pygame.draw.circle(surface, (252, 250, 244), (knob_x, track.centery), px(10))
        ink = theme.TEXT if self.on else theme.MUTED
        word = theme.text("On" if self.on else "Off", px(17), ink)
        surface.blit(word, word.get_rect(midleft=(track.right + px(10), track.centery)))
        if self.focused:
            ring = pygame.Rect(r.x, r.y, track.w + px(14) + word.get_width(), r.h)
            _focus_ring(surface, ring)


class Chips(Widget):
    """A row of small toggles for a set-valued option (``tokens`` shown with ``show``)."""

    focusable = True

    def __init__(
        self,
        tokens: Sequence[str],
        chosen: set[str],
        on_change: Callable[[set[str]], None] | None = None,
        *,
        show: Callable[[str], str] = str,
    ) -> None:
        super().__init__()
        self.tokens = list(tokens)
        self.chosen = set(chosen)
        self.on_change = on_change
        self.show = show
        self.cursor = 0
        self.enabled = True

    def chip_rects(self) -> list[pygame.Rect]:
        """Where each chip is, wrapping onto a second line when the row is too narrow."""
        rects: list[pygame.Rect] = []
        px = self.px
        x, y = self.rect.x, self.rect.y
        h = min(px(30), self.rect.h)
        for token in self.tokens:
            w = max(px(34), theme.text_size(self.show(token), px(16), True)[0] + px(16))
            if x + w > self.rect.right and x > self.rect.x:
                x, y = self.rect.x, y + h + px(6)
            rects.append(pygame.Rect(x, y, w, h))
            x += w + px(6)
        return rects

    def flip(self, token: str) -> None:
        """Add or remove ``token`` and report the new set."""
        if not self.enabled:
            return
        self.chosen ^= {token}
        if self.on_change is not None:
            self.on_change(set(self.chosen))

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Click a chip; when focused Left/Right move along the row and Space/Enter flip."""
        if not self.visible:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, rect in enumerate(self.chip_rects()):
                if rect.collidepoint(event.pos):
                    self.cursor = i
                    self.flip(self.tokens[i])
                    return True
        elif event.type == pygame.KEYDOWN and self.focused and self.tokens:
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                step = -1 if event.key == pygame.K_LEFT else 1
                self.cursor = (self.cursor + step) % len(self.tokens)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.flip(self.tokens[self.cursor])
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Chosen chips gold, the others dark; the keyboard cursor ringed."""
        for i, (token, rect) in enumerate(zip(self.tokens, self.chip_rects(), strict=True)):
            on = token in self.chosen
            fill = (*theme.ACCENT, 255) if on else (*theme.PANEL, 230)
            edge = None if on else (*theme.PANEL_EDGE, 200)
            theme.blit_panel(surface, rect, fill, edge, radius=8, shadow=False)
            ink = theme.INK if on else theme.MUTED
            label = theme.text(self.show(token), self.px(16), ink, True)
            surface.blit(label, label.get_rect(center=rect.center))
            if self.focused and i == self.cursor:
                pygame.draw.rect(surface, theme.TEXT, rect.inflate(4, 4), 2, border_radius=9)

    def height_for(self, width: int) -> int:
        """The height the chips need at ``width``."""
        old = self.rect
        self.rect = pygame.Rect(0, 0, width, self.px(30))
        bottom = max((r.bottom for r in self.chip_rects()), default=self.px(30))
        self.rect = old
        return bottom

"""The base of the full-window menu screens: felt backdrop, a title, a widget group with
keyboard focus (Up/Down or Tab move, Enter presses, Esc goes back), and a scroll helper.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.ui import theme
from game.ui.layout import Scaled
from game.ui.scene import Scene
from game.ui.widgets import Button, TextInput, Widget, WidgetGroup

__all__ = ["MenuScreen", "Scroll", "draw_backdrop", "draw_paragraph"]


def draw_backdrop(surface: pygame.Surface, title: str, subtitle: str = "", ui: float = 1.0) -> None:
    """The felt, slightly darkened so panels and text stand out, with a centred title (at
    scale ``ui``)."""
    surface.blit(theme.felt(surface.get_size()), (0, 0))
    veil = _veil(surface.get_size())
    surface.blit(veil, (0, 0))
    if title:
        image = theme.text(title, round(34 * ui), theme.ACCENT, True)
        surface.blit(image, image.get_rect(midtop=(surface.get_width() // 2, round(22 * ui))))
    if subtitle:
        image = theme.text(subtitle, round(16 * ui), theme.MUTED)
        surface.blit(image, image.get_rect(midtop=(surface.get_width() // 2, round(66 * ui))))


_VEILS: dict[tuple[int, int], pygame.Surface] = {}


def _veil(size: tuple[int, int]) -> pygame.Surface:
    veil = _VEILS.get(size)
    if veil is None:
        veil = pygame.Surface(size, pygame.SRCALPHA)
        veil.fill((0, 12, 6, 70))
        _VEILS.clear()
        _VEILS[size] = veil
    return veil


def draw_paragraph(
    surface: pygame.Surface,
    content: str,
    topleft: tuple[int, int],
    width: int,
    size: int = 17,
    colour: theme.Colour = theme.TEXT,
    bold: bool = False,
    spacing: int = 4,
) -> int:
    """Wrapped text; returns the y below the last line."""
    x, y = topleft
    for line in theme.wrap(content, size, width, bold):
        image = theme.text(line, size, colour, bold)
        surface.blit(image, (x, y))
        y += image.get_height() + spacing
    return y


@dataclass
class Scroll:
    """A vertical scroll position over content taller than its viewport."""

    offset: float = 0.0
    content: int = 0
    view: int = 0
    # Where the bar was last drawn (track and thumb), for the mouse to take hold of; and
    # while the thumb is dragged, how far below the thumb's top the pointer holds it.
    bar: tuple[pygame.Rect, pygame.Rect] | None = None
    held: int | None = None
    # The scale the bar was last drawn at (``ui_scale``): the wheel's step and the bar grow
    # with the words they scroll.
    ui: float = 1.0

    def _px(self, n: float) -> int:
        return round(n * self.ui)

    @property
    def limit(self) -> float:
        """The largest offset."""
        return max(0.0, float(self.content - self.view))

    @property
    def at_end(self) -> bool:
        """Whether the end of the content is in view (all of it fits, or it is scrolled to
        its end): a resize keeps it there."""
        return self.offset >= self.limit

    def by(self, pixels: float) -> None:
        """Scroll by ``pixels`` (clamped)."""
        self.offset = max(0.0, min(self.limit, self.offset + pixels))

    def handle_event(self, event: pygame.event.Event, area: pygame.Rect) -> bool:
        """The wheel over ``area``, PageUp/PageDown, Home/End, and the bar: its thumb dragged,
        a click on its track above or below the thumb moving a page that way."""
        if self._bar_event(event):
            return True
        if event.type == pygame.MOUSEWHEEL and (
            area.collidepoint(pygame.mouse.get_pos()) or not pygame.mouse.get_focused()
        ):
            self.by(-event.y * self._px(48))
            return True
        if event.type == pygame.KEYDOWN:
            steps = {
                pygame.K_PAGEDOWN: self.view * 0.9,
                pygame.K_PAGEUP: -self.view * 0.9,
                pygame.K_HOME: -self.content,
                pygame.K_END: self.content,
            }
            if event.key in steps:
                self.by(steps[event.key])
                return True
        return False

    def _bar_event(self, event: pygame.event.Event) -> bool:
        """The mouse on the bar as last drawn: True when it took the event."""
        if self.held is not None:
            if event.type == pygame.MOUSEMOTION and self.bar is not None:
                track, thumb = self.bar
                room = max(1, track.h - thumb.h)
                top = event.pos[1] - self.held - track.y
                self.offset = max(0.0, min(self.limit, top / room * self.limit))
                return True
            if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
                self.held = None
                return True
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1 or self.bar is None:
            return False
        track, thumb = self.bar
        # A thin bar is hard to hit: it answers a little either side of it.
        if not track.inflate(self._px(16), 0).collidepoint(event.pos):
            return False
        if thumb.top <= event.pos[1] < thumb.bottom:
            self.held = event.pos[1] - thumb.top
        else:
            self.by(self.view * 0.9 * (1 if event.pos[1] >= thumb.bottom else -1))
        return True

    def draw_bar(self, surface: pygame.Surface, area: pygame.Rect, ui: float = 1.0) -> None:
        """A thin bar at the right edge of ``area`` when there is more to see, at scale
        ``ui``."""
        self.ui = ui
        px = self._px
        if self.content <= self.view or self.view <= 0:
            self.bar = None
            self.held = None
            return
        track = pygame.Rect(area.right - px(8), area.y + px(4), px(5), area.h - px(8))
        # A faint track under the thumb: blended as a panel (pygame.draw drops the alpha on the
        # window, which made the track solid white, brighter than the thumb itself).
        theme.blit_panel(surface, track, (255, 255, 255, 40), None, radius=px(3), shadow=False)
        h = max(px(30), round(track.h * self.view / self.content))
        y = track.y + round((track.h - h) * self.offset / max(1.0, self.limit))
        thumb = pygame.Rect(track.x, y, track.w, h)
        if self.held is not None and self.bar is not None and self.bar[1].h != h:
            # Resized while dragged: held at the same share of the thumb's height.
            self.held = self.held * h // max(1, self.bar[1].h)
        pygame.draw.rect(
            surface, theme.MUTED if self.held is None else theme.TEXT, thumb, border_radius=px(3)
        )
        self.bar = (track, thumb)


class MenuScreen(Scaled, Scene):
    """An opaque screen of widgets. ``back`` runs on Esc (default: close the screen).

    In a large window it is drawn larger, as the table is (``ui``, ``px``): ``resize`` scales
    the widgets, and the layout and drawing give their sizes through ``px``.
    """

    title = ""
    subtitle = ""

    def __init__(self, on_back: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.widgets = WidgetGroup(click_focuses=True)  # a form: the keys go on from a click
        self.on_back = on_back
        self.size = (1280, 800)

    def back(self) -> None:
        """Leave the screen."""
        if self.on_back is not None:
            self.on_back()
        else:
            self.close()

    def focus(self, widget: Widget) -> None:
        """Give ``widget`` the keyboard focus."""
        self.widgets.clear_focus()
        if isinstance(widget, TextInput):
            widget.focus(True)
        else:
            widget.focused = True

    def focused(self) -> Widget | None:
        """The widget with the focus, if any."""
        return next((w for w in self.widgets.widgets if w.focused and w.visible), None)

    def resume(self) -> None:
        """Focus the first control so the keyboard works at once."""
        if self.focused() is None:
            self.widgets.focus_next()

    def pause(self) -> None:
        """Stop any text input while another screen is on top."""
        current = self.focused()
        if isinstance(current, TextInput):
            current.focus(False)

    def shutdown(self) -> None:
        """Stop any text input."""
        self.pause()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Widgets first; then Up/Down move the focus and Esc goes back."""
        if self.widgets.handle_event(event) and event.type != pygame.MOUSEMOTION:
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
                return True
            if event.key in (pygame.K_DOWN, pygame.K_UP):
                self.widgets.focus_next(1 if event.key == pygame.K_DOWN else -1)
                self.on_focus_moved()
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            # A click elsewhere ends typing in a field.
            current = self.focused()
            if isinstance(current, TextInput) and not current.rect.collidepoint(event.pos):
                current.focus(False)
        return True

    def on_focus_moved(self) -> None:
        """Hook: the keyboard focus moved (scrolling screens bring it into view)."""

    def update(self, dt: float) -> None:
        """Blink carets and the like."""
        self.widgets.update(dt)

    def resize(self, size: tuple[int, int]) -> None:
        """Remember the size and take its scale; subclasses place their widgets in ``layout``."""
        self.size = size
        self.ui = self.widgets.scale_to(size)
        self.layout(size)

    def layout(self, size: tuple[int, int]) -> None:
        """Place the widgets for ``size``."""

    def draw(self, surface: pygame.Surface) -> None:
        """Backdrop, then ``draw_body``, then the widgets."""
        draw_backdrop(surface, self.title, self.subtitle, self.ui)
        self.draw_body(surface)
        self.widgets.draw(surface)

    def draw_body(self, surface: pygame.Surface) -> None:
        """Panels and text under the widgets."""


def button_row(
    buttons: list[Button], centre_x: int, y: int, gap: int = 14, height: int = 46
) -> None:
    """Lay ``buttons`` side by side, centred on ``centre_x``."""
    widths = [b.preferred_width() + 8 for b in buttons]
    x = centre_x - (sum(widths) + gap * (len(buttons) - 1)) // 2
    for b, w in zip(buttons, widths, strict=True):
        b.rect = pygame.Rect(x, y, w, height)
        x += w + gap

"""Widgets shared by every scene: Button, Label, TextInput, Panel, and a focus group.

A widget owns a ``rect`` (set by the scene's layout), answers ``handle_event`` with True
when it used the event, and draws from cached surfaces. Keyboard focus moves with Tab
inside a ``WidgetGroup``; Enter or Space presses the focused button.
"""

from __future__ import annotations

import contextlib
import sys
import unicodedata
import weakref
from collections.abc import Callable, Iterable
from typing import NamedTuple

import pygame
import pygame.scrap

from game.ui import bidi, theme
from game.ui.caret import caret_xs, nearest_caret, step, word_step
from game.ui.layout import Scaled, ui_scale

__all__ = ["Button", "Label", "Panel", "TextInput", "Widget", "WidgetGroup", "next_focus"]


class Widget(Scaled):
    """Something with a rectangle that can be drawn and may react to input.

    ``rescale`` draws it at another scale (``ui``; see ``ui_scale``): its words, paddings and
    marks grow, its ``size`` (the font size, where it has one) from the size it was made with.
    """

    focusable = False
    base_size: int | None = None

    def rescale(self, ui: float) -> None:
        """Draw at scale ``ui`` (1: the usual size)."""
        self.ui = ui
        size = getattr(self, "size", None)
        if isinstance(size, int):
            if self.base_size is None:
                self.base_size = size
            self.size = round(self.base_size * ui)

    def __init__(self, rect: pygame.Rect | None = None) -> None:
        self.rect = pygame.Rect(rect) if rect is not None else pygame.Rect(0, 0, 0, 0)
        self.visible = True
        self.focused = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Return True when the event was used."""
        return False

    def update(self, dt: float) -> None:
        """Advance any animation."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the widget; no state changes."""


class Label(Widget):
    """A line of cached text anchored at a point of its rect."""

    def __init__(
        self,
        content: str,
        size: int = 20,
        colour: theme.Colour = theme.TEXT,
        bold: bool = False,
        anchor: str = "center",
    ) -> None:
        super().__init__()
        self.content = content
        self.size = size
        self.colour = colour
        self.bold = bold
        self.anchor = anchor

    def draw(self, surface: pygame.Surface) -> None:
        """Blit the cached text."""
        if not self.visible or not self.content:
            return
        image = theme.text(self.content, self.size, self.colour, self.bold)
        box = image.get_rect(**{self.anchor: getattr(self.rect, self.anchor)})
        surface.blit(image, box)


class Panel(Widget):
    """A translucent rounded panel, optionally with a title."""

    def __init__(self, title: str = "", radius: int = 14) -> None:
        super().__init__()
        self.title = title
        self.radius = radius

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the panel and its title."""
        if not self.visible or self.rect.w <= 0:
            return
        theme.blit_panel(surface, self.rect, radius=self.radius)
        if self.title:
            image = theme.text(self.title, 26, theme.ACCENT, True)
            surface.blit(image, image.get_rect(midtop=(self.rect.centerx, self.rect.y + 16)))


# The longest gap between two presses of one double-click that the guard below trusts to
# have followed a press on the same button (systems allow up to about 0.9 s).
_CLICK_RUN_MS = 1000


class Button(Widget):
    """A push button: hover, press and disabled looks, keyboard focus, optional hotkey hint."""

    focusable = True
    # The button the latest press went to (held weakly: a scene left behind is let go), and
    # when (``pygame.time.get_ticks``).
    _last_press: tuple[weakref.ref[Button] | None, int] = (None, 0)

    def __init__(
        self,
        label: str,
        on_click: Callable[[], None] | None = None,
        *,
        hint: str = "",
        size: int = 20,
        primary: bool = False,
        toggle: bool = False,
    ) -> None:
        super().__init__()
        self.label = label
        self.on_click = on_click
        self.hint = hint
        self.show_hint = True  # drawn beside the label (a crowded row may leave it out)
        self.size = size
        self.primary = primary
        self.toggle = toggle
        self.on = False
        self.enabled = True
        self.hovered = False
        self.pressed = False

    def preferred_width(self) -> int:
        """Width that fits the label (and hint) with padding."""
        px = self.px
        w = theme.text_size(self.label, self.size, True)[0] + px(36)
        if self.hint and self.show_hint:
            w += theme.text_size(self.hint, self._hint_size())[0] + px(8)
        return max(w, px(84))

    def _hint_size(self) -> int:
        return max(self.px(11), self.size - self.px(7))

    def click(self) -> None:
        """Activate as if clicked (does nothing when disabled or hidden)."""
        if not self.enabled or not self.visible:
            return
        if self.toggle:
            self.on = not self.on
        if self.on_click is not None:
            self.on_click()

    def _own_press(self, event: pygame.event.Event) -> bool:
        """Whether a press on this button is meant for it. The later presses of a double- or
        triple-click (SDL counts them by the system's double-click time and distance) are
        only if the first went to this same button: a button that has just come up under
        the pointer (Keep where Draw was, once the card is drawn) ignores the second click
        meant for the one before it."""
        now = pygame.time.get_ticks()
        last, at = Button._last_press
        if (getattr(event, "clicks", None) or 1) >= 2 and (
            last is None or last() is not self or now - at > _CLICK_RUN_MS
        ):
            return False
        Button._last_press = (weakref.ref(self), now)
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Mouse hover/press/release; Enter or Space when focused."""
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.pressed = self.enabled and self._own_press(event)
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self.pressed
            self.pressed = False
            if was and self.rect.collidepoint(event.pos):
                self.click()
                return True
        elif (
            event.type == pygame.KEYDOWN
            and self.focused
            and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
        ):
            self.click()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw body, label and hint in the current state."""
        if not self.visible or self.rect.w <= 0:
            return
        r = self.rect
        if not self.enabled:
            fill, ink = (70, 86, 76, 200), theme.BUTTON_DISABLED
        elif self.primary or self.on:
            fill = (*(theme.GOLD if self.hovered else theme.ACCENT), 255)
            ink = theme.INK
        else:
            fill = (*(theme.BUTTON_HOVER if self.hovered else theme.BUTTON), 245)
            ink = theme.BUTTON_TEXT
        body = r.move(0, 2) if self.pressed else r
        theme.blit_panel(
            surface, body, fill, None, radius=min(12, r.h // 2), shadow=not self.pressed
        )
        # A greyed-out button keeps the focus's place (Rename while a bot is picked gets it
        # back with a person) but shows no ring: Enter cannot press it.
        if self.focused and self.enabled:
            pygame.draw.rect(surface, theme.TEXT, body.inflate(6, 6), 2, border_radius=14)
        label = theme.text(self.label, self.size, ink, True)
        if self.hint and self.show_hint:
            hint = theme.text(self.hint, self._hint_size(), _faded(ink))
            gap = self.px(8)
            total = label.get_width() + gap + hint.get_width()
            x = body.centerx - total // 2
            surface.blit(label, label.get_rect(midleft=(x, body.centery)))
            at = (x + label.get_width() + gap, body.centery + 1)
            surface.blit(hint, hint.get_rect(midleft=at))
        else:
            surface.blit(label, label.get_rect(center=body.center))


def _faded(ink: theme.Colour) -> theme.Colour:
    return (
        round(ink[0] * 0.55 + 128 * 0.45),
        round(ink[1] * 0.55 + 128 * 0.45),
        round(ink[2] * 0.55 + 128 * 0.45),
    )


REFUSED_SHOWN = 1.2  # seconds the edge of a full text field stays red after more is typed


class Completion(NamedTuple):
    """A text offered to complete what is typed in a ``TextInput``: the ``whole`` text taken,
    and the ``rest`` shown after what is typed ("ice" for "al" of "Alice")."""

    whole: str
    rest: str


class TextInput(Widget):
    """A one-line text field using the platform's text input (IME aware).

    ``pygame.key.start_text_input`` runs while the field has focus; committed text comes
    as TEXTINPUT events and the composition in progress as TEXTEDITING. Ctrl+V (Cmd+V on
    macOS) pastes the clipboard's text. What is typed or pasted is kept composed (NFC: a
    letter and its accent typed apart are one letter, which Backspace takes back whole) and
    on one line; tidying a name further is for whoever takes it from the field.

    Typing goes in at the caret (``caret``, between two characters of ``text``): Left and
    Right move it, Home and End take it to either end, Backspace takes back the character
    before it and Delete the one after, and a click puts it where the field was clicked.
    Ctrl+A (or ``select_all``, as a field opened to change a name is) selects the whole
    text: typing or pasting then replaces it, Backspace or Delete clears it, Ctrl+C copies
    it and Ctrl+X cuts it, and a caret key or a click puts the caret back in it. With Ctrl
    the arrows move a word at a time, and Backspace and Delete take back a word.

    ``typed`` tells whether the text is the player's: set by typing, pasting or deleting in
    the field, cleared when a screen puts a text in (a seat's stock name, say).

    ``suggest``, where a screen gives one, completes what is typed: given the text, it
    gives the ``Completion``s that fit it, best first (a known player's name, and what it
    adds to the text). While the caret is at the end of the text, the rest of the first the
    field can show whole is shown greyed after it, and Right or End takes it.
    """

    focusable = True

    def __init__(
        self,
        text: str = "",
        *,
        max_length: int = 24,
        size: int = 22,
        on_submit: Callable[[str], None] | None = None,
        placeholder: str = "",
    ) -> None:
        super().__init__()
        self._text = ""
        self.caret = 0
        self.selected_all = False  # the whole text is selected (``select_all``)
        self.text = text
        self.max_length = max_length
        self.size = size
        self.on_submit = on_submit
        self.placeholder = placeholder
        self.suggest: Callable[[str], Iterable[Completion]] | None = None
        self.composition = ""
        # Typing goes into the field only while it is being edited. Esc ends the editing but
        # keeps the keyboard focus here, so the arrows carry on from this field and Enter
        # edits it again.
        self.editing = False
        self._blink = 0.0
        # Seconds left of the red edge that says typing met ``max_length`` (``refused``), and
        # how many times it has (a screen telling the limit tells each time).
        self._refused = 0.0
        self.refusals = 0
        # How far the line is scrolled left (pixels) while editing a text wider than the
        # field: kept from frame to frame, so that the view moves only when the caret would
        # leave it, as in any text field.
        self._scroll = 0

    @property
    def text(self) -> str:
        """What the field holds."""
        return self._text

    @text.setter
    def text(self, value: str) -> None:
        # A text put in from outside (a seat's default name) is edited from its end.
        self._text = value
        self.caret = len(value)
        self.selected_all = False
        self.typed = False

    def select_all(self) -> None:
        """Select the whole text, so that what is typed next replaces it."""
        self.selected_all = bool(self._text)
        self.caret = len(self._text)

    def _take_selection(self) -> None:
        """Typing or pasting over the whole text selected: it goes first."""
        if self.selected_all:
            self._text, self.caret, self.selected_all = "", 0, False

    def focus(self, on: bool) -> None:
        """Take the focus and start editing, or give both up."""
        self.focused = on
        self.edit(on)

    def edit(self, on: bool) -> None:
        """Start or stop editing (and the platform text input with it); the focus stays."""
        self.editing = on
        if on:
            pygame.key.start_text_input()
            pygame.key.set_text_input_rect(self.rect)
        else:
            pygame.key.stop_text_input()
            self.composition = ""
            self.selected_all = False
            self._scroll = 0  # drawn from the start of its text until edited again

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Typing, editing, the caret keys, Enter; a click focuses the field and places
        the caret."""
        if not self.visible:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            inside = self.rect.collidepoint(event.pos)
            # Where the text was drawn when clicked: scrolled while editing, else from its start.
            origin = self._inner().x - (self._view_scroll() if self.editing else 0)
            if inside != self.editing or inside != self.focused:
                self.focus(inside)
            if inside and not self.composition:
                self.caret = nearest_caret(self.text, self.size, event.pos[0] - origin)
                self.selected_all = False
                self._blink = 0.0
            return inside
        if not self.focused:
            return False
        if not self.editing:
            # Focused after Esc: Enter edits again; everything else (the arrows, a second
            # Esc that leaves the screen) is the screen's.
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.edit(True)
                return True
            return False
        if event.type == pygame.TEXTINPUT:
            self._take_selection()
            self.insert(event.text)
            self.composition = ""
            return True
        if event.type == pygame.TEXTEDITING:
            if event.text:
                self._take_selection()
            self.composition = event.text
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in _CARET_KEYS:
                if event.key in (pygame.K_RIGHT, pygame.K_END) and self.complete():
                    return True
                # While a composition is in progress these keys are the input method's.
                if not self.composition:
                    self._caret_key(event.key, words=_paste_keys(event.mod))
                return True
            if event.key == pygame.K_a and _paste_keys(event.mod):
                self.select_all()
                return True
            if event.key in (pygame.K_c, pygame.K_x) and _paste_keys(event.mod):
                if self.selected_all:
                    _put_clipboard_text(self.text)
                    if event.key == pygame.K_x:
                        self._text, self.caret, self.selected_all = "", 0, False
                        self.typed = True
                return True
            if event.key == pygame.K_v and _paste_keys(event.mod):
                pasted = _clipboard_text()
                if pasted:  # (nothing to paste leaves a name selected whole as it is)
                    self._take_selection()
                    self.insert(pasted)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.on_submit is not None:
                    self.on_submit(self.text)
                return True
            if event.key == pygame.K_ESCAPE:
                # Esc ends the typing, keeping what was typed and the focus; a second Esc
                # reaches the screen (which would leave it and lose its other choices too).
                self.edit(False)
                return True
            # Printable keys arrive as TEXTINPUT; swallow their KEYDOWN so hotkeys stay quiet.
            return bool(event.unicode and event.unicode.isprintable())
        return False

    def completion(self) -> str:
        """What ``suggest`` would add to the text typed, shown greyed after it while editing
        with the caret at the end ("" where nothing is offered)."""
        offered = self._offered()
        return offered.rest if offered else ""

    def _offered(self) -> Completion | None:
        """The first of what ``suggest`` offers while the caret is at the end of the text
        typed that the field shows whole, the text typed and the rest after it, and the whole
        once taken (a rest out of view would be taken unseen, and one scrolled into view
        would hide what was typed); nothing for a text read right to left, whose end is drawn
        on the left."""
        text = self.text
        if (
            self.suggest is None
            or not self.editing
            or self.composition
            or self.selected_all
            or self.caret != len(text)
            or not text.strip()
            or text[-1].isspace()
            or bidi.has_rtl(text)
        ):
            return None
        room, typed = self._room(), theme.text_size(text, self.size)[0]

        def fits(o: Completion) -> bool:  # while offered, and once taken ("al" → "ALICE")
            wide = max(
                typed + theme.text_size(o.rest, self.size)[0],
                theme.text_size(o.whole, self.size)[0],
            )
            return wide <= room and bool(o.rest) and not bidi.has_rtl(o.whole)

        return next((o for o in self.suggest(text) if fits(o)), None)

    def complete(self) -> bool:
        """Take the text ``suggest`` offers, in its own spelling ("al" becomes "Alice");
        False where none is offered."""
        offered = self._offered()
        if offered is None:
            return False
        self._text, self.caret = offered.whole, len(offered.whole)
        self.typed = True
        self._blink = 0.0
        return True

    def _caret_key(self, key: int, words: bool = False) -> None:
        """Move the caret, or delete beside it, for one of ``_CARET_KEYS`` (by a word with
        ``words``: Ctrl held); with the whole text selected, Backspace and Delete clear it and
        the others end the selection at the start (Left, Home) or the end."""
        text, at = self.text, self.caret
        # (A letter and its accents, or an emoji of several code points, go whole.)
        moved = word_step if words else step
        if self.selected_all:
            self.selected_all = False
            if key in (pygame.K_BACKSPACE, pygame.K_DELETE):
                self._text, self.caret = "", 0
            else:
                self.caret = 0 if key in (pygame.K_LEFT, pygame.K_HOME) else len(text)
        elif key == pygame.K_LEFT:
            self.caret = moved(text, at, -1)
        elif key == pygame.K_RIGHT:
            self.caret = moved(text, at, 1)
        elif key == pygame.K_HOME:
            self.caret = 0
        elif key == pygame.K_END:
            self.caret = len(text)
        elif key == pygame.K_BACKSPACE:
            start = moved(text, at, -1)
            self._text, self.caret = text[:start] + text[at:], start
        elif key == pygame.K_DELETE:
            self._text = text[:at] + text[moved(text, at, 1) :]
        if self._text != text:
            self.typed = True
        self._blink = 0.0  # the caret shows at once where it went

    def insert(self, text: str) -> None:
        """Put typed or pasted ``text`` in at the caret, on one line (line breaks and tabs
        become spaces, other control characters go) and composed; what would make the field
        longer than ``max_length`` is left out of it."""
        line = "".join(
            " " if ch.isspace() else ch
            for ch in text
            if ch.isspace() or unicodedata.category(ch) != "Cc"
        )
        before, after = self.text[: self.caret], self.text[self.caret :]
        limit = max(self.max_length, len(self.text))
        # Far more than fits even spelt decomposed; the rest is cut one character at a time,
        # since composing may join what is typed to the letters around it: a character as
        # the player sees it, so an emoji of several code points (👩‍💻, a flag) or a letter
        # and its accents is kept or left out whole, never cut to another one.
        typed = line
        line = line[: 4 * limit]
        while True:
            head = unicodedata.normalize("NFC", before + line)
            whole = unicodedata.normalize("NFC", head + after)
            if len(whole) <= limit or not line:
                break
            joined = before + line
            line = line[: max(0, step(joined, len(joined), -1) - len(before))]
        if line != typed:
            self._refused = REFUSED_SHOWN  # said, not silently left out
            self.refusals += 1
        self._text, self.caret = whole, min(len(head), len(whole))
        self.typed = True
        self._blink = 0.0

    @property
    def refused(self) -> bool:
        """Whether typing or pasting has just met ``max_length`` (some of it was left out):
        the field's edge is red for a moment, and a screen may say what the limit is."""
        return self._refused > 0

    def update(self, dt: float) -> None:
        """Blink the caret; keep the view where it now shows the caret."""
        self._blink = (self._blink + dt) % 1.0
        self._refused = max(0.0, self._refused - dt)
        if self.editing:
            self._scroll = self._view_scroll()

    def _inner(self) -> pygame.Rect:
        """Where the text goes: the field less its padding."""
        return self.rect.inflate(-2 * self.px(10), 0)

    def _line(self) -> tuple[str, int]:
        """The line shown while editing (any composition in progress at the caret) and the
        caret's place in it, after the composition."""
        at = self.caret
        return self.text[:at] + self.composition + self.text[at:], at + len(self.composition)

    def _room(self) -> int:
        """How wide a stretch of the line the field shows."""
        return self._inner().w - 3  # the caret is drawn two pixels wide, one in from its x

    def _view_scroll(self) -> int:
        """How far to scroll the line being edited: as far as before, unless the caret would
        be out of view, and never so far that the field shows space after the end."""
        line, at = self._line()
        xs = caret_xs(line, self.size)
        room = self._room()
        scroll = max(min(self._scroll, xs[at]), xs[at] - room)
        return max(0, min(scroll, max(xs) - room))

    def caret_x(self) -> int:
        """Where the caret is drawn across the screen while editing (its left pixel)."""
        line, at = self._line()
        return self._inner().x - self._view_scroll() + caret_xs(line, self.size)[at] + 1

    def draw(self, surface: pygame.Surface) -> None:
        """Field, text, composition underlined, caret. A text wider than the field never
        runs out of it: while typing it scrolls to keep the caret in view; otherwise it
        shows its beginning and ends in "…"."""
        if not self.visible:
            return
        edge = (*theme.ACCENT, 255) if self.focused else (*theme.PANEL_EDGE, 220)
        if self.refused:
            edge = (*theme.DANGER, 255)
        theme.blit_panel(surface, self.rect, (250, 248, 240, 255), edge, radius=8, shadow=False)
        if self.focused and not self.editing:
            # Focused but not typing (after Esc): ringed like any other focused control.
            pygame.draw.rect(surface, theme.TEXT, self.rect.inflate(6, 6), 2, border_radius=11)
        inner = self._inner()
        cy = self.rect.centery
        old_clip = surface.get_clip()
        surface.set_clip(inner.clip(old_clip))
        if self.editing:
            line, at = self._line()
            xs = caret_xs(line, self.size)
            x = inner.x - self._view_scroll()
        else:
            line, at = theme.fit(self.text, self.size, inner.w), 0
            xs, x = [0], inner.x
        if line:
            shown = theme.text(line, self.size, theme.INK)
            where = shown.get_rect(midleft=(x, cy))
            if self.editing and self.selected_all:
                pygame.draw.rect(surface, _SELECTED, where.inflate(4, 2), border_radius=3)
            surface.blit(shown, where)
        elif self.placeholder:
            hint = theme.text(self.placeholder, self.size, _HINTED)
            surface.blit(hint, hint.get_rect(midleft=(x, cy)))
        rest = self.completion()
        if rest:  # after the text, greyed as the placeholder is: Right or End takes it
            ghost = theme.text(rest, self.size, _HINTED)
            surface.blit(ghost, ghost.get_rect(midleft=(x + xs[-1], cy)))
        if self.editing and self.composition:
            ends = xs[self.caret : at + 1]  # a composition read right to left runs leftwards
            y = cy + theme.text_size(line, self.size)[1] // 2
            pygame.draw.line(surface, _COMPOSING, (x + min(ends), y), (x + max(ends), y))
        if self.editing and self._blink < 0.55:
            top, bottom = cy - self.size // 2, cy + self.size // 2
            pygame.draw.line(surface, theme.INK, (x + xs[at] + 1, top), (x + xs[at] + 1, bottom), 2)
        surface.set_clip(old_clip)


# The keys that move the caret or delete beside it while a field is being edited.
_CARET_KEYS = frozenset(
    {
        pygame.K_LEFT,
        pygame.K_RIGHT,
        pygame.K_HOME,
        pygame.K_END,
        pygame.K_BACKSPACE,
        pygame.K_DELETE,
    }
)
_COMPOSING = (80, 80, 160)  # the underline of a composition in progress
_HINTED = (150, 150, 150)  # a field's placeholder, and the rest of a name offered
_SELECTED = (168, 200, 240)  # behind a text selected whole


def _paste_keys(mod: int) -> bool:
    """True for Ctrl (or Cmd on macOS) without Alt: AltGr, which is Ctrl+Alt on Windows,
    types letters on many keyboards."""
    command = pygame.KMOD_CTRL | (pygame.KMOD_GUI if sys.platform == "darwin" else 0)
    return bool(mod & command) and not mod & pygame.KMOD_ALT


def _put_clipboard_text(text: str) -> None:
    """Put ``text`` on the clipboard; nothing happens where there is no clipboard to write
    (a display without one, as in a headless run)."""
    with contextlib.suppress(pygame.error):
        pygame.scrap.put_text(text)


def _clipboard_text() -> str:
    """The clipboard's text; empty when there is none or no clipboard to read (a display
    without one, as in a headless run)."""
    try:
        return pygame.scrap.get_text()
    except pygame.error:
        return ""


def next_focus(
    order: Iterable[Widget], step: int, can_focus: Callable[[Widget], bool]
) -> Widget | None:
    """The widget after (``step`` 1) or before (-1) the focused one in ``order`` that may take
    the focus, round the ends; with nothing focused, the first (or the last). A widget that
    lost the right to the focus while holding it (a switch greyed out once used) still marks
    the place the move goes on from."""
    items = list(order)
    n = len(items)
    direction = 1 if step >= 0 else -1
    at = next((i for i, w in enumerate(items) if w.focused), -1 if direction > 0 else n)
    for _ in range(n):
        at = (at + direction) % n
        if can_focus(items[at]):
            return items[at]
    return None


def _can_focus(widget: Widget) -> bool:
    return widget.focusable and widget.visible and getattr(widget, "enabled", True)


class WidgetGroup:
    """Widgets of one scene: routes events (top-most first), Tab moves keyboard focus."""

    def __init__(
        self,
        widgets: Iterable[Widget] = (),
        *,
        click_focuses: bool = False,
        tab_focuses: bool = True,
    ) -> None:
        self.widgets: list[Widget] = list(widgets)
        # On a form (a menu screen) a click moves the keyboard focus to what was clicked, so
        # Enter and the arrows carry on from there. Elsewhere keys keep their fixed meaning
        # (at the table Enter lays and Space keeps; "Next round  Enter" stays Enter).
        self.click_focuses = click_focuses
        # Where every key already has its one meaning (the table), Tab focuses nothing: a
        # focused button would take Enter and Space from the keys the scene documents.
        self.tab_focuses = tab_focuses

    def add(self, *widgets: Widget) -> None:
        """Append widgets (drawn in order, hit-tested in reverse)."""
        self.widgets.extend(widgets)

    def scale_to(self, size: tuple[int, int]) -> float:
        """Draw every widget at the scale of a window of ``size`` (``ui_scale``); returns it."""
        ui = ui_scale(size)
        for widget in self.widgets:
            widget.rescale(ui)
        return ui

    def focusables(self) -> list[Widget]:
        """Visible focusable widgets, enabled ones only."""
        return [w for w in self.widgets if _can_focus(w)]

    def focus_next(self, step: int = 1) -> None:
        """Move focus to the next (or previous) focusable widget."""
        target = next_focus(self.widgets, step, _can_focus)
        if target is None:
            return
        self.clear_focus()
        _set_focus(target, True)

    def clear_focus(self) -> None:
        """Nothing focused."""
        for w in self.widgets:
            if w.focused:
                _set_focus(w, False)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Tab cycles focus (where it may); otherwise the widgets get the event, top-most first."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB and self.tab_focuses:
            self.focus_next(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        used = False
        for w in reversed(self.widgets):
            if w.handle_event(event):
                used = True
                # The keyboard carries on from what was clicked: Enter after a click must
                # not press the button that had the focus before it.
                # A widget that took the focus itself (a text field, clicked) leaves it on
                # no other: one focus, whatever the widget did with the click.
                clicked = self.click_focuses and event.type == pygame.MOUSEBUTTONDOWN
                if clicked and w in self.focusables():
                    for other in self.widgets:
                        if other is not w and other.focused:
                            _set_focus(other, False)
                    if not w.focused:
                        _set_focus(w, True)
                    elif isinstance(w, TextInput) and w.editing:
                        # The field it took over from stopped the window's text input as it
                        # gave up the focus: typing went nowhere in a field below another.
                        w.edit(True)
                if event.type != pygame.MOUSEMOTION:
                    break
        return used

    def update(self, dt: float) -> None:
        """Update every widget."""
        for w in self.widgets:
            w.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw every visible widget in order. Once the focus is on another button, a button
        marked "Enter" (a board's Next round, a hand-off's I'm ready) shows no hint: Enter
        presses the focused one, which its ring shows."""
        # Only a button takes Enter from the marked one: a focused picker leaves it its Enter.
        focus = next(
            (w for w in self.widgets if w.focused and _can_focus(w) and isinstance(w, Button)),
            None,
        )
        for w in self.widgets:
            if not w.visible:
                continue
            if focus is not None and w is not focus and isinstance(w, Button) and w.hint == "Enter":
                shown, w.show_hint = w.show_hint, False
                w.draw(surface)
                w.show_hint = shown
            else:
                w.draw(surface)


def _set_focus(widget: Widget, on: bool) -> None:
    if isinstance(widget, TextInput):
        widget.focus(on)
    else:
        widget.focused = on

"""The pass-and-play hand-off: an opaque screen between two people's turns.

Nothing of the table is drawn while it is up, so the next player can take the seat
without seeing anyone's cards; a click (or Enter) turns the table to their chair. A
forgotten Macau can still be caught from here, and Esc opens the pause menu.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import tabledraw, theme
from game.ui.cardart import BACKS, card_art
from game.ui.layout import Scaled
from game.ui.moves import stop_targets
from game.ui.scene import Scene
from game.ui.screen import button_row, draw_backdrop
from game.ui.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from game.ui.matchtable import MatchTable

__all__ = ["HandoffScreen"]

_READY_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
# How long the screen is up before a key or a click on it counts: Space pressed to keep a
# drawn card, or Enter to lay one, a beat after the turn ended (or held down) must not turn
# the table to the next person in front of the last one.
READY_DELAY = 0.5
RECENT_LINE = 21  # the height of a line of "Since your last turn" (unscaled)


class HandoffScreen(Scaled, Scene):
    """ "Pass to Anna — click when ready"; closes by showing Anna's hand."""

    part_of_play = True  # handing the screen over is part of the round
    hides_table = True  # nothing at the table is seen: the bots hold back their catches

    def __init__(self, table: MatchTable, seat: int) -> None:
        super().__init__()
        self.caught = ""  # a catch made from this screen, said on it
        self.waiting = False  # asked to show the hand while cards were still in the air
        self.table = table
        self.seat = seat
        # What the others did while this person looked away (the table behind is hidden, and
        # a group laid shows only its top card on the pile).
        self.recent = table.since_turn(seat)
        name = table.names[seat]
        self.ready_label = f"I'm {name} — show my cards"
        self.ready_button = Button(self.ready_label, self.ready, hint="Enter")
        self.ready_button.primary = True
        self.stop_button = Button("Stop Macau!", self.stop, hint="S")
        # Shown from the first frame only when a catch is possible, so the row never jumps.
        self.stop_button.visible = bool(stop_targets(table.legal()))
        self.menu_button = Button("Menu", table.open_pause, hint="Esc", size=16)
        self.widgets = WidgetGroup([self.ready_button, self.stop_button, self.menu_button])
        self.panel = pygame.Rect(0, 0, 620, 400)
        # A click means ready only when pressed and released here: the release of the click
        # that ended the last player's turn (a draw acts on the press) must not show the
        # next hand to the player still at the mouse.
        self.pressed = False
        self.seen_for = 0.0  # seconds this screen has been on top (``READY_DELAY``)
        # Keys pressed before the screen counted, or held since before it appeared: their
        # repeats are not "ready" either, until they are let go.
        self.held_keys: set[int] = set()
        if pygame.get_init() and pygame.display.get_init():
            down = pygame.key.get_pressed()
            self.held_keys = {key for key in _READY_KEYS if down[key]}

    def ready(self) -> None:
        """The named player has the screen: show their hand, once every card in the air has
        landed. A catch made from this screen sends the penalty cards to the hand shown
        before; turning the table to the next person while they fly would land them, face
        up, in the new hand. A screen opened over this one meanwhile (the pause menu, the
        scores, the rules) is left open: the hand shows once it is closed."""
        if self.stack is None:
            return
        if not self.table.director.idle or self.stack.top is not self:
            self.waiting = True  # ``update`` shows the hand once the table is still and seen
            return
        self.waiting = False
        self.close()
        self.table.show_hand(self.seat)

    def stop(self) -> None:
        """Catch a player who forgot to call Macau (for the first person who may), and say
        so here: the table behind this screen, where the catch shows, is hidden."""
        t = self.table
        targets = stop_targets(t.legal())
        if not targets:
            return
        caught = targets[0]
        held = t.game.hand_counts[caught]
        t.on_stop(self.seat)  # the catch is made by the person this screen is handed to
        if t.game.macau_catchable < 0:
            # What was drawn: a short stock and pile give fewer than the penalty (RULES §2.6).
            drawn = t.game.hand_counts[caught] - held
            if not t.game.rules.macau_penalty:
                self.caught = f"Caught: {t.names[caught]} forgot to call Macau (no penalty)"
                return
            what = f"draws {drawn}" if drawn > 0 else "has nothing left to draw"
            self.caught = f"Caught: {t.names[caught]} forgot to call Macau and {what}"

    def note(self) -> str:
        """The line under the buttons' heading: a catch made here, else while one may be
        made, who forgot and what the button does (the table's own line is hidden behind
        this screen, and a friend new to the rule would see a bare button)."""
        if self.caught or not self.stop_button.visible:
            return self.caught
        targets = stop_targets(self.table.legal())
        return tabledraw.catch_words(self.table, targets[0], False) if targets else ""

    def _note_lines(self, size: int, room: int) -> list[str]:
        """``note`` in at most two lines of ``room`` pixels: who forgot and what the catch
        does (or did) each whole where they fit so, the name shortened where it is long."""
        told = self.note()
        if not told or theme.text_size(told, size, True)[0] <= room:
            return [told] if told else []

        def who_and_what(words: str) -> list[str]:
            """Split after "… forgot to call Macau:" where both halves fit (before a catch:
            after it the words run on, "… and draws 5")."""
            who, mark, what = words.rpartition(" forgot to call Macau: ")
            halves = (f"{who}{mark.rstrip()}", what)
            fit = all(theme.text_size(x, size, True)[0] <= room for x in halves)
            return list(halves) if what and not self.caught and fit else []

        def fitting(lines: list[str]) -> bool:
            return len(lines) <= 2 and all(theme.text_size(x, size, True)[0] <= room for x in lines)

        lines = who_and_what(told) or theme.wrap(told, size, room, True)
        if fitting(lines):
            return lines
        names = self.table.names
        for name in sorted(set(names), key=len, reverse=True):
            if name and name in told:  # the seat that forgot: half a line at most
                told = told.replace(name, theme.fit_name(name, size, room // 2, True, names), 1)
                break
        lines = who_and_what(told) or theme.wrap(told, size, room, True)
        lines = theme.at_most(lines, 2, size, room, True)
        return [theme.fit(line, size, room, True) for line in lines]

    def resize(self, size: tuple[int, int]) -> None:
        """Centre the panel and its buttons."""
        w, h = size
        self.ui = self.widgets.scale_to(size)
        px = self.px
        # Wider for a long name, so "Pass to …" is shown whole where the window has room,
        # and for a long line of what happened since ("… Dmitri owes 2 — Macau!"), whose
        # end is what the person needs to know.
        heading = theme.text_size(self._heading(), px(44), True)[0] + px(48)
        lines = [theme.text_size(line, px(16))[0] + px(48) for line in self.recent]
        tall = px(420) + (px(RECENT_LINE) * (len(self.recent) + 1) + px(8) if self.recent else 0)
        wide = max(px(640), heading, *lines)
        self.panel = pygame.Rect(0, 0, min(w - 60, wide), min(h - 60, tall))
        self.panel.center = (w // 2, h // 2)
        # Widened for a line, it stays clear of the Menu button at the window's top right.
        menu = pygame.Rect(w - px(130), 16, px(112), px(36))
        if self.panel.w > px(640) and self.panel.colliderect(menu.inflate(px(16), px(16))):
            clear = 2 * (menu.left - px(8) - w // 2)
            self.panel.w = min(self.panel.w, max(px(640), clear))
            self.panel.center = (w // 2, h // 2)
        # A long name leaves the button the words it needs, inside the panel.
        stop_w = 0
        if self.stop_button.visible:  # its width as the row will lay it out
            stop_w = self._button_width(self.stop_button) + px(14)
        room = self.panel.w - px(60) - stop_w
        long = self._button_width(self.ready_button, self.ready_label) > room
        self.ready_button.label = "Show my cards" if long else self.ready_label
        row = [self.ready_button] + ([self.stop_button] if self.stop_button.visible else [])
        button_row(row, self.panel.centerx, self.panel.bottom - px(78), px(14), px(50))
        self.menu_button.rect = menu

    def _heading(self) -> str:
        return f"Pass to {self.table.names[self.seat]}"

    def _button_width(self, button: Button, label: str | None = None) -> int:
        """The width ``button_row`` gives ``button`` with ``label`` (its own by default)."""
        original = button.label
        if label is not None:
            button.label = label
        width = button.preferred_width() + 8
        button.label = original
        return width

    def resume(self) -> None:
        """Enter means ready."""
        self.widgets.clear_focus()
        self.ready_button.focused = True

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Enter/Space ready, S stop, Esc menu; a click anywhere else also means ready. A key
        or a click counts once the screen has been up ``READY_DELAY``, and a key only when
        pressed afresh."""
        if event.type == pygame.KEYUP:
            self.held_keys.discard(event.key)
        elif event.type == pygame.KEYDOWN and event.key in _READY_KEYS:
            if event.key in self.held_keys or self.seen_for < READY_DELAY:
                self.held_keys.add(event.key)
                return True
        elif event.type == pygame.MOUSEBUTTONDOWN and self.seen_for < READY_DELAY:
            return True  # (the release that follows finds ``pressed`` unset)
        if self.widgets.handle_event(event) and event.type != pygame.MOUSEMOTION:
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.ready()
            elif event.key == pygame.K_ESCAPE:
                self.table.open_pause()
            elif event.key == pygame.K_s:
                self.stop()
            elif event.key == pygame.K_t:
                self.table.open_scoreboard()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            # Pressed here: the release of a click begun at the table (the last move) is not
            # taken for the next person's "ready".
            self.pressed = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.pressed:
                self.ready()
            self.pressed = False
        return True

    def update(self, dt: float) -> None:
        """Offer the catch only while the engine allows one; show the hand asked for once
        the table is still and nothing is open over this screen."""
        seen = self.stack is not None and self.stack.top is self
        if seen:
            self.seen_for += dt
        if self.waiting and seen and self.table.director.idle:
            self.ready()
            return
        can_stop = bool(stop_targets(self.table.legal()))
        if can_stop != self.stop_button.visible:
            self.stop_button.visible = can_stop
            self.resize(self.stack.size if self.stack is not None else (1280, 800))
        self.widgets.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Backdrop, a fan of card backs, whose turn it is, and the buttons."""
        t, g = self.table, self.table.game
        draw_backdrop(surface, "")
        p = self.panel
        theme.blit_panel(surface, p, (*theme.PANEL, 235), (*theme.ACCENT, 200), radius=22)
        back = t.settings.card_back if t.settings.card_back in BACKS else "blue"
        px = self.px
        art = card_art(px(70), back=back)
        image = art.back_surface()
        shown = max(1, min(g.hand_counts[self.seat], 7))  # as many backs as cards, up to 7
        mid = (shown - 1) / 2
        for i in range(shown):
            turned = pygame.transform.rotozoom(image, (mid - i) * 9, 1.0)
            c = (p.centerx + px((i - mid) * 30), p.y + px(92 + abs(i - mid) * 5))
            surface.blit(turned, turned.get_rect(center=c))
        name = t.names[self.seat]
        room = p.w - px(48)  # a long name shrinks the title, then is cut short, in the panel
        heading = self._heading()
        size = theme.fit_size(heading, px(44), room, True, px(28))
        title = theme.text(theme.fit(heading, size, room, True), size, theme.ACCENT, True)
        surface.blit(title, title.get_rect(midtop=(p.centerx, p.y + px(170))))
        cards = g.hand_counts[self.seat]
        line = f"{name}'s turn · round {g.round_no} · {cards} card{'s' if cards != 1 else ''}"
        sub = theme.text(theme.fit(line, px(19), room), px(19), theme.TEXT)
        surface.blit(sub, sub.get_rect(midtop=(p.centerx, p.y + px(228))))
        # The way in named as the screen was reached: a player on the keys presses Enter.
        keys = self.app is not None and self.app.keys_last
        look_away = f"Everyone else, look away — {'press Enter' if keys else 'click'} when ready"
        hint = theme.text(theme.fit(look_away, px(16), room), px(16), theme.MUTED)
        surface.blit(hint, hint.get_rect(midtop=(p.centerx, p.y + px(262))))
        notes = self._note_lines(px(16), room)
        for i, line in enumerate(notes):
            note = theme.text(line, px(16), theme.GOLD, True)
            surface.blit(note, note.get_rect(midtop=(p.centerx, p.y + px(290 + 21 * i))))
        self._draw_recent(surface, p.y + px(294 + 21 * len(notes)), room)
        self.widgets.draw(surface)

    def _draw_recent(self, surface: pygame.Surface, y: int, room: int) -> None:
        """ "Since your last turn", and the log's lines since then, each cut to the panel."""
        if not self.recent:
            return
        px, x = self.px, self.panel.centerx
        head = theme.text("Since your last turn", px(15), theme.MUTED, True)
        surface.blit(head, head.get_rect(midtop=(x, y)))
        for i, line in enumerate(self.recent, start=1):
            words = theme.text(self._fitted(line, px(16), room), px(16), theme.TEXT)
            surface.blit(words, words.get_rect(midtop=(x, y + px(RECENT_LINE) * i)))

    def _fitted(self, line: str, size: int, room: int) -> str:
        """``line`` in ``room`` pixels: the names in it shortened first (half the room shared
        among them), so what was done and how many cards stay whole; then cut."""
        names = self.table.names
        named = sorted({n for n in names if n and n in line}, key=len, reverse=True)
        share = room // (len(named) + 2)
        for name in named:
            if theme.text_size(line, size)[0] <= room:
                break
            line = line.replace(name, theme.fit_name(name, size, share, False, names))
        # Still too long: what was laid is cut short, not what it did ("— Dmitri owes 12",
        # after the last dash), which is what the person about to play needs.
        head, dash, tail = line.partition(" — ")
        if dash and theme.text_size(line, size)[0] > room:
            left = room - theme.text_size(dash + tail, size)[0]
            if left >= theme.text_size("Cleo laid…", size)[0]:
                return theme.fit(head, size, left) + dash + tail
        return theme.fit(line, size, room)

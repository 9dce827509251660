"""Scenes drawn over the table: the pause menu and the end-of-round board; and confetti.

Both are transparent scenes on the same stack as the table, so the table keeps
animating underneath. The round board is a ``Modal[str]`` answering "next", "rematch"
or "quit".
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.ui import theme
from game.ui.layout import Scaled
from game.ui.roundend import fit_round_title, ordinal
from game.ui.scene import Modal
from game.ui.tween import Animator, ease_out_back, ease_out_cubic
from game.ui.widgets import Button, WidgetGroup

__all__ = ["Confetti", "PauseOverlay", "RoundOverOverlay", "RoundRow"]

_CONFETTI_COLOURS = [
    (246, 196, 72),
    (222, 62, 58),
    (80, 170, 255),
    (250, 250, 250),
    (120, 220, 120),
]


class Confetti:
    """A burst of paper bits; each bit's position is a pure function of the time since start
    and of the size of the surface it is drawn on, so the burst fills a window resized while
    it falls (it is laid out for ``size``, and scales with the surface's height)."""

    def __init__(
        self, size: tuple[int, int], start: float, count: int = 140, seed: int = 7
    ) -> None:
        rng = random.Random(seed)
        h = size[1]
        self.start = start
        self.height = h  # the height the burst is laid out for
        self.bits = [
            (
                rng.uniform(0, 1),  # x, as a share of the width
                rng.uniform(-h * 0.6, -10),  # y at start
                rng.uniform(-40, 40),  # drift
                rng.uniform(140, 320),  # fall speed
                rng.uniform(0, math.tau),  # phase
                rng.choice(_CONFETTI_COLOURS),
                rng.randint(5, 10),
            )
            for _ in range(count)
        ]

    def done(self, now: float) -> bool:
        """True once every bit has fallen out of sight."""
        return now - self.start > 4.5

    def draw(self, surface: pygame.Surface, now: float) -> None:
        """Draw the bits at ``now``."""
        t = now - self.start
        if t < 0:
            return
        width, height = surface.get_size()
        scale = height / max(1, self.height)
        for share, y, drift, speed, phase, colour, size in self.bits:
            py = (y + speed * t) * scale
            if py > height + 10:
                continue
            px = share * width + drift * t + 14 * math.sin(phase + t * 4)
            flat = abs(math.cos(phase + t * 6))
            r = pygame.Rect(0, 0, size, max(2, round(size * 0.6 * flat)))
            r.center = (round(px), round(py))
            surface.fill(colour, r)


class PauseOverlay(Scaled, Modal[str]):
    """Esc: resume or quit (returns "resume" or "quit")."""

    def __init__(self, on_result: Callable[[str | None], None] | None = None) -> None:
        super().__init__(on_result)
        self.widgets = WidgetGroup()
        self.resume_button = Button(
            "Resume", lambda: self.finish("resume"), hint="Esc", primary=True
        )
        self.quit_button = Button("Quit", lambda: self.finish("quit"), hint="Q")
        self.widgets.add(self.resume_button, self.quit_button)
        self.panel = pygame.Rect(0, 0, 360, 230)

    def resize(self, size: tuple[int, int]) -> None:
        """Centre the panel and its buttons (grown with the table in a large window)."""
        self.ui = self.widgets.scale_to(size)
        px = self.px
        self.panel = pygame.Rect(0, 0, px(360), px(230))
        self.panel.center = (size[0] // 2, size[1] // 2)
        for i, b in enumerate((self.resume_button, self.quit_button)):
            b.rect = pygame.Rect(0, 0, px(220), px(46))
            b.rect.center = (self.panel.centerx, self.panel.y + px(110 + i * 64))

    def resume(self) -> None:
        """Focus Resume so Enter continues the game."""
        self.widgets.clear_focus()
        self.widgets.focus_next()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Esc resumes, Q quits; buttons and Tab focus as usual."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.finish("resume")
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_q:
            self.finish("quit")
        else:
            self.widgets.handle_event(event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """Veil, panel, title and buttons."""
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 10, 5, 150))
        surface.blit(veil, (0, 0))
        theme.blit_panel(surface, self.panel, (*theme.PANEL, 245), (*theme.ACCENT, 220), radius=18)
        title = theme.text("Paused", self.px(34), theme.ACCENT, True)
        at = (self.panel.centerx, self.panel.y + self.px(22))
        surface.blit(title, title.get_rect(midtop=at))
        self.widgets.draw(surface)


@dataclass(frozen=True)
class RoundRow:
    """One line of the round board."""

    name: str
    place: int
    cards_left: int
    charge: int | None = None
    total: int | None = None
    you: bool = False


class RoundOverOverlay(Scaled, Modal[str]):
    """Places (or this round's charges and totals) and Next round / Rematch / Quit."""

    round_board = True  # the table's confetti goes on under it (TableScene.update)

    def __init__(
        self,
        title: str,
        rows: Sequence[RoundRow],
        *,
        can_continue: bool,
        match_note: str = "",
        blocked: bool = False,
        on_result: Callable[[str | None], None] | None = None,
        speed: str = "normal",
    ) -> None:
        super().__init__(on_result)
        self.title = title
        self.blocked = blocked  # (a title cut to a count keeps its "Blocked: ")
        self.rows = sorted(rows, key=lambda r: (r.place, r.name))
        self.match_note = match_note
        self.points = any(r.total is not None for r in rows)
        self.animator = Animator(speed)
        self.appear = self.animator.tween(0.45, ease_out_back)
        self.widgets = WidgetGroup()
        self.buttons: list[Button] = []
        if can_continue:
            self.buttons.append(
                Button("Next round", lambda: self.finish("next"), hint="Enter", primary=True)
            )
        self.buttons.append(
            Button("Rematch", lambda: self.finish("rematch"), hint="R", primary=not can_continue)
        )
        self.buttons.append(Button("Quit", lambda: self.finish("quit"), hint="Q"))
        self.widgets.add(*self.buttons)
        self.panel = pygame.Rect(0, 0, 0, 0)

    def resize(self, size: tuple[int, int]) -> None:
        """Size the board to its rows and centre it."""
        w, h = size
        self.ui = self.widgets.scale_to(size)
        px = self.px
        row_h = px(34) if h >= 700 else 28
        height = px(150) + row_h * len(self.rows) + px(80) + (px(24) if self.match_note else 0)
        self.row_h = row_h
        self.panel = pygame.Rect(
            0, 0, min(w - 40, px(640 if self.points else 540)), min(h - 30, height)
        )
        self.panel.center = (w // 2, h // 2)
        widths = [b.preferred_width() + px(10) for b in self.buttons]
        x = self.panel.centerx - (sum(widths) + px(16) * (len(widths) - 1)) // 2
        for b, bw in zip(self.buttons, widths, strict=True):
            b.rect = pygame.Rect(x, self.panel.bottom - px(66), bw, px(46))
            x += bw + px(16)

    def resume(self) -> None:
        """Focus the first button so Enter does the obvious thing."""
        self.widgets.clear_focus()
        self.widgets.focus_next()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Enter/N next round, R rematch, Q or Esc quit; buttons with the mouse."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_r:
                self.finish("rematch")
                return True
            if event.key in (pygame.K_q, pygame.K_ESCAPE):
                self.finish("quit")
                return True
            if event.key == pygame.K_n and self.buttons[0].label == "Next round":
                self.finish("next")
                return True
        self.widgets.handle_event(event)
        return True

    def update(self, dt: float) -> None:
        """Pop-in animation (the buttons ride along with the panel)."""
        self.animator.update(dt)
        offset = round((1 - self.appear.progress(self.animator.now)) * 60)
        for b in self.buttons:
            b.rect.y = self.panel.bottom - self.px(66) + offset

    def draw(self, surface: pygame.Surface) -> None:
        """The board."""
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 10, 5, round(150 * ease_out_cubic(min(1.0, self.animator.now * 4 + 0.01)))))
        surface.blit(veil, (0, 0))
        s = self.appear.progress(self.animator.now)
        offset = round((1 - s) * 60)
        panel = self.panel.move(0, offset)
        theme.blit_panel(surface, panel, (*theme.PANEL, 248), (*theme.ACCENT, 230), radius=20)
        px = self.px
        # (a title too wide for the board takes a smaller size, then fewer words)
        winners = [row.name for row in self.rows if row.place == 1]
        names = [row.name for row in self.rows]
        words, size = fit_round_title(
            self.title, winners, names, self.blocked, panel.w - px(40), px(38), px(22)
        )
        title = theme.text(words, size, theme.ACCENT, True)
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + px(22))))
        y = panel.y + px(86)
        cols = self._columns(panel)
        heads = ["Place", "Player", "Cards left"] + (["This round", "Total"] if self.points else [])
        for (x, anchor), head in zip(cols, heads, strict=False):
            img = theme.text(head, px(15), theme.MUTED, True)
            surface.blit(img, img.get_rect(**{anchor: (x, y)}))
        y += px(30)
        # A long name ends in "…" short of the "Cards left" column, as in the seat boxes.
        name_room = cols[2][0] - theme.text_size(heads[2], px(15), True)[0] - px(12) - cols[1][0]
        for row in self.rows:
            if row.you:
                band = pygame.Rect(panel.x + px(20), y - 4, panel.w - px(40), self.row_h - 2)
                theme.blit_panel(surface, band, (255, 255, 255, 28), None, radius=8, shadow=False)
            colour = theme.GOLD if row.place == 1 else theme.TEXT
            bold = row.place == 1 or row.you
            values = [ordinal(row.place), theme.fit(row.name, px(20), name_room, bold)]
            values.append(str(row.cards_left))
            if self.points:
                values += ["—" if row.charge is None else f"+{row.charge}", str(row.total or 0)]
            for (x, anchor), value in zip(cols, values, strict=False):
                img = theme.text(value, px(20), colour, bold)
                surface.blit(img, img.get_rect(**{anchor: (x, y)}))
            y += self.row_h
        if self.match_note:
            note = theme.text(self.match_note, px(18), theme.ACCENT, True)
            surface.blit(note, note.get_rect(midtop=(panel.centerx, y + 4)))
        self.widgets.draw(surface)

    def _columns(self, panel: pygame.Rect) -> list[tuple[int, str]]:
        px = self.px
        x = panel.x + px(40)
        right = panel.right - px(40)
        if self.points:
            return [(x, "topleft"), (x + px(90), "topleft"), (panel.x + px(360), "topright"),
                    (panel.x + px(480), "topright"), (right, "topright")]  # fmt: skip
        return [(x, "topleft"), (x + px(110), "topleft"), (right, "topright")]

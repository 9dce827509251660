"""The Settings screen: sound, animation speed, the cards' look, hand sorting, fullscreen
and the bots' pace. Every change applies at once (to a table running underneath too)
and is written to disk straight away.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.bots.hard import DEFAULT_BUDGET
from game.store.settings import CHOICES, CHOSEN_WORDS, Settings, volume_step
from game.ui import theme
from game.ui.cardart import BACKS, card_art
from game.ui.controls import Choice, Toggle, stepper_values
from game.ui.launch import change_settings, settings_of
from game.ui.screen import MenuScreen
from game.ui.sprites import CardImages
from game.ui.table import THINK_MARGIN, TableScene
from game.ui.widgets import Button, Widget

__all__ = ["SettingsScreen", "apply_settings"]

_WORDS = {
    "normal": "Normal",
    "fast": "Fast",
    "off": "Off (instant)",
    "slow": "Slow",
    "suit": "By suit",
    "rank": "By rank",
    "none": "Your own order",
    "blue": "Blue trellis",
    "red": "Red rosettes",
    "green": "Green diamonds",
}
_PREVIEW = ("AS", "10H", "QD", "7C")


def _word(value: object) -> str:
    return _WORDS.get(str(value), str(value).capitalize())


# Beside the volume where the sound device could not be opened (the log says why).
NO_SOUND = "No sound device: the game is silent"
# A searching bot's pause is never shorter than its thinking (a shorter one would tell the
# table when it had no choice), so "Fast" can be no faster than that for hard bots.
HARD_PACE = f"Hard bots take {DEFAULT_BUDGET + THINK_MARGIN:.1f} s a move at least, to think"


def apply_settings(scene: MenuScreen, settings: Settings) -> None:
    """Make ``settings`` take effect now: sound, window, and every table on the stack."""
    app = scene.app
    if app is not None:
        app.sound.volume = settings.volume
        app.sound.muted = settings.muted
        if app.fullscreen != settings.fullscreen:
            app.toggle_fullscreen()
    if scene.stack is None:
        return
    for table in scene.stack.scenes:
        if not isinstance(table, TableScene):
            continue
        # Only a change to the sort itself re-sorts: the hand's order is the player's (O at
        # the table, or cards dragged into place) whatever else is changed.
        sort_changed = table.settings.hand_sort != settings.hand_sort
        table.settings = settings
        table.images = CardImages(settings, *table._widths())
        if table.hurrying:
            table.set_speed_after_hurry(settings.animation_speed)
        elif not table.autoplay:
            table.animator.speed = settings.animation_speed
        if sort_changed:
            table.hand_sort_changed(settings.hand_sort)


class SettingsScreen(MenuScreen):
    """Every option as a row: label on the left, control on the right, previews beside."""

    title = "Settings"
    subtitle = "Changes apply at once and are kept for next time"

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[tuple[str, Widget]] = []
        self.problem = ""
        s = self._settings()
        words = CHOSEN_WORDS  # the rows' names, which a bad value in the file is told by
        self._row(
            words["volume"],
            Choice(
                stepper_values(0, 100, 10),
                round(volume_step(s.volume) * 100),
                lambda v: self.set(volume=v / 100),
                show=lambda v: f"{v}%",
                wrap=False,
            ),
        )
        self._row(words["muted"], Toggle(s.muted, lambda on: self.set(muted=on)))
        self._row(words["animation_speed"], self._choice("animation_speed", s))
        self._row(
            words["card_back"],
            Choice(list(BACKS), s.card_back, lambda v: self.set(card_back=v), show=_word),
        )
        self._row(words["four_colour"], Toggle(s.four_colour, lambda on: self.set(four_colour=on)))
        self._row(words["large_index"], Toggle(s.large_index, lambda on: self.set(large_index=on)))
        self._row(words["hand_sort"], self._choice("hand_sort", s))
        self.fullscreen = Toggle(s.fullscreen, lambda on: self.set(fullscreen=on))
        self._row(f"{words['fullscreen']} (F11)", self.fullscreen)
        self._row(words["bot_pace"], self._choice("bot_pace", s))
        self.back_button = Button("Done", self.back, hint="Esc", primary=True)
        self.widgets.add(*(w for _, w in self.rows), self.back_button)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.back_rects: list[tuple[str, pygame.Rect]] = []

    def _settings(self) -> Settings:
        return settings_of(self)

    def _choice(self, key: str, s: Settings) -> Choice[str]:
        # The bots' pace is a scale from slow to fast: it stops at either end rather than go
        # round from Fast to Slow.
        return Choice(
            list(CHOICES[key]),
            getattr(s, key),
            lambda v: self.set(**{key: v}),
            show=_word,
            wrap=key != "bot_pace",
        )

    def _row(self, label: str, widget: Widget) -> None:
        self.rows.append((label, widget))

    def set(self, **changes: Any) -> None:
        """Change, apply and keep some settings."""
        told = self.problem
        new, self.problem = change_settings(self, **changes)
        apply_settings(self, new)
        if self.problem != told:
            self.layout(self.size)  # the problem's lines take room in the panel

    def _problem_lines(self) -> list[str]:
        """Why the last change could not be kept, wrapped to the panel (a long folder path
        broken at its separators), at most three lines."""
        if not self.problem:
            return []
        width = min(self.size[0] - 60, self.px(980)) - self.px(80)
        return theme.at_most(
            theme.wrap_long_words(self.problem, self.px(15), width), 3, self.px(15), width
        )

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Clicking a card back in the preview picks it."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for back, rect in self.back_rects:
                if rect.collidepoint(event.pos):
                    chooser = self.rows[3][1]
                    assert isinstance(chooser, Choice)
                    chooser.set(back)
                    self.set(card_back=back)
                    return True
        return super().handle_event(event)

    def layout(self, size: tuple[int, int]) -> None:
        """A centred panel of rows, previews to the right of the controls."""
        self.fullscreen.on = self._settings().fullscreen  # F11 changes the window, and so this
        w, h = size
        px = self.px
        row_h = px(50) if h >= 760 else (44 if h >= 680 else 40)
        # The problem's first line has room above Done; more lines make the panel taller,
        # and the rows a little shorter when the window has no more height to give.
        extra = max(0, len(self._problem_lines()) - 1) * self._problem_line_h()
        if extra:
            row_h = min(row_h, (h - 98 - px(120) - extra) // len(self.rows))
        height = px(40) + row_h * len(self.rows) + px(80) + extra
        self.panel = pygame.Rect(0, 0, min(w - 60, px(980)), height)
        top = max(px(96), (h - self.panel.h) // 2 + px(30))
        self.panel.midtop = (w // 2, min(top, max(90, h - self.panel.h - 8)))  # all on screen
        # The controls stand right of the widest label: at the usual sizes a fixed column, in
        # a narrow window (an 800×600 screen) no wider than the labels, to leave the previews
        # room.
        x = self.panel.x + px(300)
        if self.panel.w < px(900):
            widest = max(theme.text_size(label, px(19), True)[0] for label, _ in self.rows)
            x = self.panel.x + min(px(300), px(40) + widest + px(28))
        for i, (_label, widget) in enumerate(self.rows):
            y = self.panel.y + px(28) + i * row_h
            widget.rect = pygame.Rect(x, y, px(240), row_h - px(12))
        self.back_button.rect = pygame.Rect(0, 0, px(180), px(46))
        self.back_button.rect.midbottom = (self.panel.centerx, self.panel.bottom - px(18))
        self.row_h = row_h

    def draw_body(self, surface: pygame.Surface) -> None:
        """Panel, labels, and previews of the card back and the faces."""
        p, px = self.panel, self.px
        theme.blit_panel(surface, p, (*theme.PANEL, 225), (*theme.PANEL_EDGE, 200), radius=18)
        for label, widget in self.rows:
            ink = theme.ACCENT if widget.focused else theme.TEXT
            image = theme.text(label, px(19), ink, True)
            surface.blit(image, image.get_rect(midleft=(p.x + px(40), widget.rect.centery)))
        self._draw_previews(surface)
        if self.app is not None and not self.app.sound.available:
            # Said where sound is set, once asked, not as a warning: a machine may have none.
            volume = self.rows[0][1].rect
            x = volume.right + px(50)
            words = theme.fit(NO_SOUND, px(15), p.right - px(30) - x)
            image = theme.text(words, px(15), theme.MUTED)
            surface.blit(image, image.get_rect(midleft=(x, volume.centery)))
        self._draw_pace_note(surface)
        lines = self._problem_lines()
        y = p.bottom - px(70) - len(lines) * self._problem_line_h()
        for line in lines:
            image = theme.text(line, px(15), theme.DANGER)
            surface.blit(image, image.get_rect(midtop=(p.centerx, y)))
            y += self._problem_line_h()

    def _draw_pace_note(self, surface: pygame.Surface) -> None:
        """Beside the bots' pace, how fast a hard bot can be: on two lines where the window
        is narrow."""
        px, pace = self.px, self.rows[-1][1].rect
        x = pace.right + (px(50) if self.panel.w >= px(900) else px(24))
        room = self.panel.right - px(30) - x
        lines = theme.at_most(theme.wrap(HARD_PACE, px(15), room), 2, px(15), room)
        line_h = self._problem_line_h()
        y = pace.centery - len(lines) * line_h // 2
        for line in lines:
            image = theme.text(theme.fit(line, px(15), room), px(15), theme.MUTED)
            surface.blit(image, (x, y))
            y += line_h

    def _problem_line_h(self) -> int:
        return theme.text_size("Ag", self.px(15))[1] + 1

    def _draw_previews(self, surface: pygame.Surface) -> None:
        s = self._settings()
        px = self.px
        x0 = self.rows[0][1].rect.right + (px(50) if self.panel.w >= px(900) else px(24))
        room = self.panel.right - px(30) - x0
        # Card backs: all three, the chosen one raised and ringed. Four faces must fit beside
        # the controls: smaller in a narrow window, and left out where they would be too small
        # to read (the chooser names the back).
        back_row = self.rows[3][1].rect
        w = min(px(64), room // 5)
        if self.panel.w < px(900):
            w = min(px(64), (room - 3 * px(10)) // 4)
        self.back_rects = []
        if w < 30:
            return
        for i, back in enumerate(BACKS):
            art = card_art(w, back=back)
            image = art.back_surface()
            chosen = back == s.card_back
            rect = image.get_rect(
                topleft=(x0 + i * (w + px(16)), back_row.y - px(46) - (px(8) if chosen else 0))
            )
            surface.blit(image, rect)
            if chosen:
                pygame.draw.rect(surface, theme.ACCENT, rect.inflate(6, 6), 3, border_radius=8)
            self.back_rects.append((back, rect))
        # Faces as they will look with the colour and index settings.
        face_row = self.rows[5][1].rect
        art = card_art(w, four_colour=s.four_colour, large_index=s.large_index, back=s.card_back)
        for i, code in enumerate(_PREVIEW):
            image = art.face(code)
            at = (x0 + i * (w + px(10)), face_row.y - px(20))
            surface.blit(image, image.get_rect(topleft=at))

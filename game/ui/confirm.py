"""A yes/no question over the current screen, for a step that throws work away.

``ConfirmDialog`` is a ``Modal[bool]``: True when the player confirms, None when they keep
things as they are (the second button, Esc, or a click outside the panel). The safe answer
has the focus, so a stray Enter loses nothing.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui import theme
from game.ui.layout import Scaled
from game.ui.scene import Modal
from game.ui.screen import button_row, draw_paragraph
from game.ui.widgets import Button, WidgetGroup

__all__ = ["ConfirmDialog"]


class ConfirmDialog(Scaled, Modal[bool]):
    """``question`` with a line of ``detail``; ``yes`` confirms, ``no`` keeps things."""

    def __init__(
        self,
        question: str,
        detail: str,
        yes: str,
        no: str,
        on_result: Callable[[bool | None], None],
    ) -> None:
        super().__init__(on_result)
        self.question = question
        self.detail = detail
        self.yes_button = Button(yes, lambda: self.finish(True), size=18)
        self.no_button = Button(no, self.cancel, hint="Esc", size=18, primary=True)
        self.widgets = WidgetGroup([self.no_button, self.yes_button])
        self.panel = pygame.Rect(0, 0, 560, 240)

    def resize(self, size: tuple[int, int]) -> None:
        """Centre the panel, as tall as its words, with the buttons at its foot."""
        self.ui = self.widgets.scale_to(size)
        px = self.px
        width = min(size[0] - 40, px(560))
        text_w = width - px(56)
        # As ``draw`` lays them out: each line its own height and 4 px, then the buttons'
        # row (its top 70 px above the panel's foot) a little below the last line.
        asked = len(theme.wrap(self.question, px(24), text_w, True))
        told = len(theme.wrap(self.detail, px(17), text_w))
        words = asked * (theme.text_size("Ag", px(24), True)[1] + 4)
        words += told * (theme.text_size("Ag", px(17))[1] + 4)
        height = px(26) + words + px(10) + px(24) + px(70)
        self.panel = pygame.Rect(0, 0, width, min(size[1] - 40, height))
        self.panel.center = (size[0] // 2, size[1] // 2)
        button_row(
            [self.yes_button, self.no_button],
            self.panel.centerx,
            self.panel.bottom - px(70),
            px(16),
            px(46),
        )

    def resume(self) -> None:
        """The safe answer has the focus."""
        self.widgets.clear_focus()
        self.no_button.focused = True

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Buttons, Tab and Enter as usual; Esc or a click outside keeps things as they are."""
        escape = event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
        outside = (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and not self.panel.collidepoint(event.pos)
        )
        if escape or outside:
            self.cancel()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            yes = event.key == pygame.K_LEFT  # the buttons sit yes-left, no-right
            self.widgets.clear_focus()
            (self.yes_button if yes else self.no_button).focused = True
        else:
            self.widgets.handle_event(event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """Veil, panel, the question, the detail and the two buttons."""
        px = self.px
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 10, 5, 160))
        surface.blit(veil, (0, 0))
        p = self.panel
        theme.blit_panel(surface, p, (*theme.PANEL, 248), (*theme.ACCENT, 220), radius=18)
        x, width = p.x + px(28), p.w - px(56)
        bottom = draw_paragraph(
            surface, self.question, (x, p.y + px(26)), width, px(24), theme.ACCENT, bold=True
        )
        draw_paragraph(surface, self.detail, (x, bottom + px(10)), width, px(17), theme.TEXT)
        self.widgets.draw(surface)

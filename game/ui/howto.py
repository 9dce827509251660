"""How to play, written by the engine from the rule options (``explain_sections`` and
``power_cards``), so every preset and every custom rule set gets true help.

Each power card is shown as small card pictures beside what it does and its worked
example. The page is rendered once per rule set and width, then scrolled (wheel,
Up/Down, PageUp/PageDown, Home/End). Left/Right switch between the rule sets.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.engine import PRESETS, Rules
from game.engine.explain import (
    PRESET_TITLES,
    PowerCard,
    explain_sections,
    power_cards,
    rules_name,
    summary,
)
from game.ui import theme
from game.ui.cardart import card_art
from game.ui.controls import Choice
from game.ui.launch import settings_of
from game.ui.layout import Scaled
from game.ui.screen import MenuScreen, Scroll
from game.ui.widgets import Button

__all__ = ["HowToScreen", "render_page"]

IN_FORCE = "in force"


@dataclass(frozen=True)
class _Style(Scaled):
    width: int
    four_colour: bool
    ui: float = 1.0
    large_index: bool = False


def _lead(paragraph: str) -> tuple[str, str]:
    """Split "Attacks. When…" into a short bold lead and the rest."""
    head, sep, rest = paragraph.partition(". ")
    if sep and len(head.split()) <= 3 and head[:1].isupper() and not head.startswith("Example"):
        return head, rest
    return "", paragraph


def _paragraph(
    page: list[tuple[pygame.Surface, int, int]],
    y: int,
    text: str,
    x: int,
    width: int,
    size: int = 17,
    colour: theme.Colour = theme.TEXT,
    bold: bool = False,
    four_colour: bool = False,
) -> int:
    for line in theme.wrap(text, size, width, bold):
        image = theme.text(line, size, colour, bold, four_colour)  # pips as the cards have them
        page.append((image, x, y))
        y += image.get_height() + 3
    return y


def _power_block(
    page: list[tuple[pygame.Surface, int, int]], y: int, card: PowerCard, style: _Style
) -> int:
    px = style.px
    card_w, step = px(50), px(26)
    art = card_art(card_w, four_colour=style.four_colour, large_index=style.large_index)
    codes = card.codes[:4]
    fan_w = step * 3 + card_w  # four fanned cards; fewer are centred in the same column
    left = 8 + (fan_w - (step * (len(codes) - 1) + card_w)) // 2
    for i, code in enumerate(codes):
        face = pygame.transform.rotozoom(art.face(code), (len(codes) / 2 - i - 0.5) * 6, 1.0)
        page.append((face, left + i * step, y + round(abs(i - (len(codes) - 1) / 2) * 3)))
    x = 8 + fan_w + px(24)
    width = style.width - x - 10
    top = y
    four = style.four_colour
    title = theme.text(card.title, px(20), theme.ACCENT, True, four)
    page.append((title, x, y))
    y = _paragraph(page, y + title.get_height() + 4, card.text, x, width, px(17), four_colour=four)
    example = "Example: " + card.example
    y = _paragraph(page, y + 4, example, x, width, px(16), theme.MUTED, four_colour=four)
    return max(y, top + px(80)) + px(18)


def render_page(
    rules: Rules,
    width: int,
    four_colour: bool = False,
    ui: float = 1.0,
    seats: int | None = None,
    large_index: bool = False,
) -> pygame.Surface:
    """The whole help text for ``rules`` at ``width`` pixels (and scale ``ui``), as one tall
    surface; with ``seats``, what the rules mean at a table of that many players too. The
    cards shown take the four-colour deck and the large indices as the settings have them."""
    style = _Style(width, four_colour, ui, large_index)
    px = style.px
    page: list[tuple[pygame.Surface, int, int]] = []
    four = four_colour
    said = summary(rules, seats)
    y = _paragraph(page, 0, said, 8, width - 16, px(18), four_colour=four) + px(16)
    cards = power_cards(rules)
    # Each power card's paragraph becomes its block, drawn where the text has it, so a
    # paragraph between the cards (naming a suit, before the aces) stays in its place.
    blocks = {f"{c.title}. {c.text}": c for c in cards}
    examples = {f"Example: {c.example}" for c in cards}
    for section in explain_sections(rules, seats):
        heading = theme.text(section.title, px(26), theme.ACCENT, True)
        page.append((heading, 8, y))
        y += heading.get_height() + px(8)
        rule_y = y - 4
        page.append((_rule(width - 16), 8, rule_y))
        drawn: list[PowerCard] = []
        for paragraph in section.paragraphs:
            if section.cards and paragraph in examples:
                continue
            if section.cards and paragraph in blocks:
                if not drawn:
                    y += px(6)
                drawn.append(blocks[paragraph])
                y = _power_block(page, y, blocks[paragraph], style)
                continue
            lead, rest = _lead(paragraph)
            if lead:
                y = _paragraph(page, y, lead, 8, width - 16, px(18), theme.GOLD, True, four)
            y = _paragraph(page, y, rest, 8, width - 16, px(17), four_colour=four) + px(10)
        if section.cards:
            for card in cards:
                if card not in drawn:
                    y = _power_block(page, y, card, style)
        y += px(14)
    heading = theme.text(TABLE_TITLE, px(26), theme.ACCENT, True)
    page.append((heading, 8, y))
    y += heading.get_height() + px(8)
    page.append((_rule(width - 16), 8, y - 4))
    for paragraph in table_paragraphs(rules):
        lead, rest = _lead(paragraph)
        y = _paragraph(page, y, lead, 8, width - 16, px(18), theme.GOLD, True, four)
        y = _paragraph(page, y, rest, 8, width - 16, px(17), four_colour=four) + px(10)
    surface = pygame.Surface((width, max(1, y)), pygame.SRCALPHA)
    for image, x, at in page:
        surface.blit(image, (x, at))
    return surface


TABLE_TITLE = "At the table"


def table_paragraphs(rules: Rules) -> list[str]:
    """How the rules are played in this window: the buttons and keys for each thing the
    rules ask of a player (the engine's sections say what the rules are, not where to click)."""
    several = rules.groups != "none" or rules.runs
    what = "a group" if rules.groups != "none" else "a run"  # (groups off: runs alone)
    picking = (
        f"Click several cards to pick {what} and drop them on the pile, or press Play (Enter)"
        if several
        else "Or click a card to pick it and press Play (Enter)"
    )
    paras = [
        f"Laying. Drag a card to the pile, or double-click it. {picking}. With the keys, ← "
        "and → move along your hand, ↑ picks a card and Enter plays.",
        "Drawing. Click the stock or Draw (D). When cards are owed to you the same button "
        "reads Take and takes them; a card you drew that fits may be laid, or kept (Space).",
        "Your hand. Sort (O) orders it by suit or by rank; drag a card within it, or press "
        "Shift+← or Shift+→, to keep your own order. ↓ puts back a card picked with ↑.",
    ]
    if rules.skip_rank:
        paras.append(
            "Missed turns. Wait (Space) accepts missed turns that come your way; each pause "
            "sign under a name is a turn that seat still sits out."
        )
    if rules.macau_call == "required":
        n = rules.macau_penalty
        paras.append(
            "Macau. Before you lay the card that leaves you one, press Macau! (M); the button "
            "shows while it may be needed. When another seat forgets, Stop Macau! (S) shows "
            + (f"for a moment: press it and they draw {n}." if n else "for a moment.")
        )
    else:
        paras.append("Macau. The call is made for you in these rules.")
    if rules.scoring == "points":
        scores = "; Scores (T) shows the match's totals"
    else:
        scores = "; Scores (T) shows each round's places and the rounds each seat has won"
    # Finish the round shows only where the round goes on after a person is out.
    finish = (
        " Once every person is out, Finish the round (F) lets the bots play the rest at once."
        if rules.end == "places"
        else ""
    )
    paras.append(
        "Help. Hint (H) selects what a good player would lay in your place; Log (L) lists "
        f"every move of the round{scores}; Menu (Esc) pauses the game and leads to these "
        f"rules.{finish}"
    )
    return paras


def _rule(width: int) -> pygame.Surface:
    line = pygame.Surface((width, 2), pygame.SRCALPHA)
    line.fill((*theme.ACCENT, 90))
    return line


class HowToScreen(MenuScreen):
    """The rules of a preset (or of the game in progress), scrollable, with card pictures."""

    title = "How to play"

    def __init__(
        self,
        rules: Rules | None = None,
        preset: str | None = None,
        seats: int | None = None,
        label: str = "Rules in force",
        rules_label: str | None = None,
    ) -> None:
        super().__init__()
        self.in_force = rules
        self.label = label  # what the picker calls ``rules``
        self.rules_label = rules_label  # the name custom ``rules`` were saved under
        self.seats = seats
        options = ([IN_FORCE] if rules is not None else []) + list(PRESETS)
        start = IN_FORCE if rules is not None else (preset if preset in PRESETS else "polish")
        # A saved rule set's long name is cut in its middle, keeping "(custom)" in view.
        self.picker: Choice[str] = Choice(
            options, start, self._picked, show=self._name, cut="middle"
        )
        self.back_button = Button("Back", self.back, hint="Esc")
        self.widgets.add(self.picker, self.back_button)
        self.scroll = Scroll()
        self.page: pygame.Surface | None = None
        self.page_key: tuple[object, ...] = ()
        self.view = pygame.Rect(0, 0, 0, 0)

    def _name(self, key: str) -> str:
        if key == IN_FORCE:
            assert self.in_force is not None
            # Named as the text names them: a preset's title only while they play as it. The
            # target is the table's choice (New game sets it beside the preset), so a preset
            # played to another one keeps its title; the text tells the target.
            rules, base = self.in_force, PRESETS.get(self.in_force.name)
            if base is not None:
                rules = rules.replace(target=base.target, name=rules.name)
            name = rules_name(rules)
            if name != PRESET_TITLES.get(self.in_force.name) and self.rules_label:
                # The set's own name first: where both do not fit, "Rules in force" goes.
                full = f"{self.label}: {self.rules_label} (custom)"
                laid_out = self.picker.rect.w > 0  # (before that, said in full)
                if laid_out and not self.picker.fits(full):
                    return f"{self.rules_label} (custom)"
                return full
            return f"{self.label} (custom)" if name == "custom rules" else f"{self.label}: {name}"
        return PRESET_TITLES.get(key, key)

    @property
    def rules(self) -> Rules:
        """The rule set shown."""
        key = self.picker.value
        if key == IN_FORCE and self.in_force is not None:
            return self.in_force
        return PRESETS[key]

    def _picked(self, _key: str) -> None:
        self.scroll.offset = 0

    def resume(self) -> None:
        """Focus the rule set picker, so Left/Right switch at once."""
        self.widgets.clear_focus()
        self.picker.focused = True

    def layout(self, size: tuple[int, int]) -> None:
        """Picker under the title, the page below, Back at the bottom."""
        w, h = size
        px = self.px
        top, picker_h, gap = px(76), px(42), px(20)
        self.picker.rect = pygame.Rect(0, 0, min(px(560), w - 300), picker_h)
        self.picker.rect.midtop = (w // 2, top)
        self.view = pygame.Rect(0, 0, min(w - 80, px(960)), h - top - picker_h - gap - px(84))
        self.view.midtop = (w // 2, top + picker_h + gap)
        self.back_button.rect = pygame.Rect(0, 0, px(150), px(44))
        self.back_button.rect.midbottom = (w // 2, h - px(18))

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Scrolling keys and the wheel; Left/Right on the picker; Esc back."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.scroll.by(self.px(-60 if event.key == pygame.K_UP else 60))
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.picker.step(-1 if event.key == pygame.K_LEFT else 1)
            return True
        if self.scroll.handle_event(event, self.view):
            return True
        return super().handle_event(event)

    def _page(self) -> pygame.Surface:
        settings = settings_of(self)
        four, large = settings.four_colour, settings.large_index
        # The table's own seat count tells the pack and the hand size of the rules in force.
        seats = self.seats if self.picker.value == IN_FORCE else None
        key = (self.rules, self.view.w - 40, four, self.ui, seats, large)
        if self.page is None or key != self.page_key:
            self.page = render_page(self.rules, self.view.w - 40, four, self.ui, seats, large)
            self.page_key = key
        return self.page

    def draw_body(self, surface: pygame.Surface) -> None:
        """The page, clipped to its panel, and a scroll bar."""
        v = self.view
        theme.blit_panel(surface, v, (*theme.PANEL, 230), (*theme.PANEL_EDGE, 200), radius=16)
        page = self._page()
        inner = v.inflate(-20, -24)
        was = self.scroll.content
        if was and page.get_height() != was:
            # The page wrapped anew (the window resized, the text scale changed): the reader
            # keeps the place in the text, not the pixel offset.
            self.scroll.offset *= page.get_height() / was
        self.scroll.view, self.scroll.content = inner.h, page.get_height()
        self.scroll.by(0)
        area = pygame.Rect(0, round(self.scroll.offset), inner.w, inner.h)
        surface.blit(page, inner.topleft, area)
        self.scroll.draw_bar(surface, v, self.ui)
        if self.scroll.limit > 0:
            words = "Scroll: wheel, ↑ ↓, Page Up / Page Down, or drag the bar"
            hint = theme.text(words, self.px(14), theme.MUTED)
            surface.blit(hint, hint.get_rect(bottomright=(v.right, v.bottom + self.px(22))))

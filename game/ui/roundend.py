"""Overlays of the match table: the pause menu and the end-of-round board.

The round board shows every seat's place, the cards each was left holding (shown only
now that the round is over, so pass-and-play keeps its secrets until the end), and for
points presets this round's charge and the running total.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.engine import Card
from game.ui import theme
from game.ui.cardart import card_art
from game.ui.layout import Scaled
from game.ui.scene import Modal
from game.ui.screen import button_row
from game.ui.tween import Animator, ease_out_back
from game.ui.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from game.ui.matchtable import MatchTable

__all__ = ["GamePause", "RoundEndOverlay", "ordinal", "round_title"]


def charge_words(points: int) -> str:
    """A round's points charged as the boards show them: "+35", and "0" for none."""
    return f"+{points}" if points else "0"


def listed(names: Sequence[str]) -> str:
    """Names as a sentence lists them: "Ada", "Ada and Ben", "Ada, Ben and Cleo"."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def names_said(
    said: Callable[[list[str]], str],
    names: list[str],
    size: int,
    room: int,
    among: Sequence[str],
    least: int,
) -> str | None:
    """``said(names)`` as it fits in ``room`` pixels at ``size``: whole, else with the names
    shortened to the part that tells them apart from ``among`` ("Katarzyna K."), a lone name
    cut as short as it must be. None where several names do not fit so, or one would keep
    less than ``least`` pixels or only a piece from its middle, which no longer says who:
    the caller counts them instead."""
    if theme.text_size(said(names), size)[0] <= room:
        return said(names)
    bare = theme.text_size(said([""] * len(names)), size)[0]
    share = (room - bare) // max(1, len(names))
    short = [theme.fit_name(name, size, share, False, among) for name in names]
    readable = share > least and not any(n.startswith("…") for n in short)
    if len(names) == 1 or (readable and theme.text_size(said(short), size)[0] <= room):
        return said(short)
    return None


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th…; a dash for no place."""
    if n <= 0:
        return "—"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def round_title(
    names: Sequence[str], winners: Sequence[int], you: int | None, blocked: bool
) -> str:
    """Who won the round, for its board: "You win the round!", "Ada wins the round", or
    everyone sharing first place ("Blocked: you and Ada share the round"), with no cheer
    for a place shared. ``you`` is the seat to call "you" (the one person at the table)."""
    if not winners:
        return "Blocked round" if blocked else "Round over"
    lead = "Blocked: " if blocked else ""  # won on cards left, not by going out
    if len(winners) == 1:
        if winners[0] == you:
            return f"{lead}{'you' if blocked else 'You'} win the round!"
        return f"{lead}{names[winners[0]]} wins the round"
    # "you" first, the others in seat order.
    who = ["you" if s == you else names[s] for s in sorted(winners, key=lambda s: (s != you, s))]
    listed = f"{', '.join(who[:-1])} and {who[-1]}"
    if not lead:
        listed = listed[:1].upper() + listed[1:]
    return f"{lead}{listed} share the round"


def lone_you(names: Sequence[str], humans: Sequence[int]) -> int | None:
    """The seat the boards call "you": the one person at the table, seated as "You"."""
    return humans[0] if len(humans) == 1 and names[humans[0]] == "You" else None


def fit_round_title(
    words: str,
    winners: Sequence[str],
    names: Sequence[str],
    blocked: bool,
    room: int,
    size: int,
    smallest: int,
) -> tuple[str, int]:
    """``round_title``'s ``words`` for ``room`` pixels, and the size drawn: ``size`` or
    smaller, down to ``smallest``; past that it counts those sharing first place (the rows
    below name them), or cuts a lone winner's name short as the seat boxes do (``names``
    are every seat's, to keep what tells it apart); anything longer ends in "…"."""
    start = size
    size = theme.fit_size(words, start, room, True, smallest=smallest)
    if theme.text_size(words, size, True)[0] > room and len(winners) > 1:
        lead = "Blocked: " if blocked else ""
        words = f"{lead}{len(winners)} players share the round"
        size = theme.fit_size(words, start, room, True, smallest=smallest)
    elif theme.text_size(words, size, True)[0] > room and len(winners) == 1:
        name, tail = winners[0], " wins the round"
        head = words.removesuffix(tail).removesuffix(name)
        if head + name + tail == words:
            beside = theme.text_size(head + tail, size, True)[0]
            words = head + theme.fit_name(name, size, room - beside, True, names) + tail
            # Shortened, the name may fit larger again ("Wojciech M." needs far less room).
            size = theme.fit_size(words, start, room, True, smallest=smallest)
    return theme.fit(words, size, room, True), size


def _veil(surface: pygame.Surface, alpha: int = 150) -> None:
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((0, 10, 5, alpha))
    surface.blit(veil, (0, 0))


class _ButtonModal(Scaled, Modal[str]):
    """A modal whose buttons answer strings; Up/Down/Tab move focus, Enter presses."""

    def __init__(self, on_result: Callable[[str | None], None] | None) -> None:
        super().__init__(on_result)
        self.widgets = WidgetGroup()
        self.buttons: list[Button] = []

    def scale_to(self, size: tuple[int, int]) -> None:
        """Take the scale of a window of ``size``; the buttons' words follow."""
        self.ui = self.widgets.scale_to(size)

    def add(self, label: str, answer: str, hint: str = "", primary: bool = False) -> Button:
        """A button that finishes the modal with ``answer``."""
        button = Button(label, lambda: self.finish(answer), hint=hint, primary=primary)
        self.buttons.append(button)
        self.widgets.add(button)
        return button

    def resume(self) -> None:
        """Focus the first button at first; back from a screen opened here, the button that
        opened it keeps the focus (the next Enter opens it again, not what the first does)."""
        if any(w.focused and w.visible for w in self.widgets.widgets):
            return
        self.widgets.clear_focus()
        self.widgets.focus_next()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Buttons; Up/Down move the focus."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.widgets.focus_next(-1 if event.key == pygame.K_UP else 1)
            return True
        self.widgets.handle_event(event)
        return True


class GamePause(_ButtonModal):
    """Esc at the table: resume, scoreboard, how to play, settings or quit to the menu.

    Resume and Quit close it with their answer. With ``on_open``, the scoreboard, how to
    play and settings open over it instead (``on_open`` gets "scores", "howto" or
    "settings"), so Esc there comes back here, one step at a time."""

    def __init__(
        self,
        on_result: Callable[[str | None], None] | None = None,
        on_open: Callable[[str], None] | None = None,
    ) -> None:
        super().__init__(on_result)
        self.on_open = on_open
        self.add("Resume", "resume", "Esc", primary=True)
        self.add("Scoreboard", "scores", "T")
        self.add("How to play", "howto", "H")
        self.add("Settings", "settings", "S")
        self.add("Quit to menu", "quit", "Q")
        self.answers = ["resume", "scores", "howto", "settings", "quit"]
        for button, answer in zip(self.buttons, self.answers, strict=True):
            if answer in ("scores", "howto", "settings"):
                button.on_click = lambda answer=answer: self.open(answer)
        self.panel = pygame.Rect(0, 0, 380, 100 + 62 * len(self.buttons))

    def open(self, answer: str) -> None:
        """Open the scoreboard, how to play or settings over the pause menu (or, with no
        ``on_open``, close with that answer); the button stays focused for the return."""
        if self.on_open is None:
            self.finish(answer)
            return
        self.widgets.clear_focus()
        self.buttons[self.answers.index(answer)].focused = True
        self.on_open(answer)

    def resize(self, size: tuple[int, int]) -> None:
        """Centre the panel and stack the buttons."""
        self.scale_to(size)
        px = self.px
        # Below the last button the same margin as between the title and the first.
        self.panel = pygame.Rect(0, 0, px(380), px(100 + 62 * len(self.buttons)))
        self.panel.center = (size[0] // 2, size[1] // 2)
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(0, 0, px(260), px(48))
            b.rect.center = (self.panel.centerx, self.panel.y + px(104 + i * 62))

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Esc resumes; T, H, S and Q are shortcuts."""
        keys = {pygame.K_ESCAPE: "resume", pygame.K_t: "scores", pygame.K_h: "howto"}
        keys[pygame.K_s] = "settings"
        keys[pygame.K_q] = "quit"
        if event.type == pygame.KEYDOWN and event.key in keys:
            answer = keys[event.key]
            if answer in ("resume", "quit"):
                self.finish(answer)
            else:
                self.open(answer)
            return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        """Veil, panel, title, buttons."""
        _veil(surface)
        theme.blit_panel(surface, self.panel, (*theme.PANEL, 245), (*theme.ACCENT, 220), radius=18)
        title = theme.text("Paused", self.px(34), theme.ACCENT, True)
        at = (self.panel.centerx, self.panel.y + self.px(22))
        surface.blit(title, title.get_rect(midtop=at))
        self.widgets.draw(surface)


class RoundEndOverlay(_ButtonModal):
    """Places, hands left, charges and totals; Next round / Match result / Play again."""

    round_board = True  # the table's confetti goes on under it (TableScene.update)

    def __init__(
        self, table: MatchTable, on_result: Callable[[str | None], None] | None = None
    ) -> None:
        super().__init__(on_result)
        self.table = table
        g = table.game
        self.points = g.rules.scoring == "points"
        places = list(g.places)
        self.order = sorted(range(g.seats), key=lambda s: (places[s] or 99, s))
        self.places = places
        self.hands = [[c.code for c in g.hand(s)] for s in range(g.seats)]
        self.charges = list(g.round_charges[-1]) if g.round_charges and self.points else []
        self.totals = list(g.scores) if self.points else []
        if g.match_over:
            self.add("Match result", "result", "Enter", primary=True)
        elif self.points:
            self.add("Next round", "next", "Enter", primary=True)
        else:
            self.add("Play again", "next", "Enter", primary=True)
        self.scores_button = Button("Scoreboard", table.open_scoreboard, hint="T")
        self.buttons.append(self.scores_button)
        self.widgets.add(self.scores_button)
        self.add("Menu", "quit", "Esc")  # (Q too, as in the pause menu)
        self.animator = Animator(table.animator.speed)
        self.appear = self.animator.tween(0.45, ease_out_back)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.row_h = 60

    def title(self) -> str:
        """Who won the round, or who share first place (or that it was blocked)."""
        t, g = self.table, self.table.game
        winners = [s for s in range(g.seats) if self.places[s] == 1]
        return round_title(t.names, winners, lone_you(t.names, t.humans), t.shown_blocked)

    def resize(self, size: tuple[int, int]) -> None:
        """Size rows to the window and the seat count; centre the board."""
        w, h = size
        self.scale_to(size)
        px = self.px
        n = len(self.order)
        # Every row between the heading and the buttons, however many seats: rows shrink to
        # fit a short window (their cards are then written out rather than drawn).
        room = min(h - px(300), h - 20 - px(160) - px(90))
        self.row_h = max(26, min(px(66), room // max(1, n)))
        height = px(160) + self.row_h * n + px(90)
        self.panel = pygame.Rect(0, 0, min(w - 40, px(860)), min(h - 20, height))
        self.panel.center = (w // 2, h // 2)
        button_row(self.buttons, self.panel.centerx, self.panel.bottom - px(70), px(14), px(46))

    def handle_event(self, event: pygame.event.Event) -> bool:
        """T scoreboard, Esc/Q menu (the game is kept for Continue), N next; the rest as
        buttons."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_t:
                self.table.open_scoreboard()
                return True
            if event.key in (pygame.K_q, pygame.K_ESCAPE):
                self.finish("quit")
                return True
            if event.key == pygame.K_n:
                self.buttons[0].click()
                return True
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        """The pop-in animation."""
        self.animator.update(dt)

    def fitted_title(self, room: int) -> tuple[str, int]:
        """The title as it is drawn ``room`` pixels wide, and its size (``fit_round_title``:
        smaller, then counting those sharing first place or cutting a lone winner's name)."""
        names = self.table.names
        winners = [names[s] for s, place in enumerate(self.places) if place == 1]
        return fit_round_title(
            self.title(), winners, names, self.table.shown_blocked, room, self.px(36), self.px(22)
        )

    def draw(self, surface: pygame.Surface) -> None:
        """The board."""
        _veil(surface)
        p = self.panel
        lift = round((1 - self.appear.progress(self.animator.now)) * 40)
        panel = p.move(0, lift)
        theme.blit_panel(surface, panel, (*theme.PANEL, 248), (*theme.ACCENT, 230), radius=20)
        px = self.px
        g = self.table.game
        words, size = self.fitted_title(panel.w - px(48))
        title = theme.text(words, size, theme.ACCENT, True)
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + px(20))))
        note = f"Round {g.round_no}"
        left = f"ranked by the {'points' if self.points else 'cards'} left"
        if self.table.round_stopped:
            note += f" · stopped, the bots playing on without end: the rest {left}"
        elif g.blocked:  # (the match's target is on the scoreboard)
            note += f" · nobody could move: {left}"
        elif self.points:
            note += f" · the match ends at {g.rules.target} points, lowest total wins"
        if g.match_over:
            note = self.match_over_note(panel.w - px(48))
        sub = theme.text(theme.fit(note, px(16), panel.w - px(48)), px(16), theme.MUTED)
        surface.blit(sub, sub.get_rect(midtop=(panel.centerx, panel.y + px(66))))
        self._draw_rows(surface, panel)
        self.widgets.draw(surface)

    def match_over_note(self, room: int | None = None) -> str:
        """Why the match ended, under the last round's title: who reached the target (the
        match result screen that follows names the winner). Given ``room`` (pixels), long
        names are shortened, then counted, so that how the match is decided still shows."""
        g = self.table.game
        target = g.rules.target
        over = [s for s in range(g.seats) if g.scores[s] >= target] if self.points else []
        if not over:
            return "The match is over"
        tail = f" reached {target}: the match is over, lowest total wins"

        def said(names: list[str]) -> str:
            who = listed(names)
            return f"{who[:1].upper()}{who[1:]}{tail}"

        names = ["you" if self.table.names[s] == "You" else self.table.names[s] for s in over]
        if room is None:
            return said(names)
        fitted = names_said(said, names, self.px(16), room, self.table.names, self.px(40))
        return f"{len(names)} players{tail}" if fitted is None else fitted

    def _cards_column(self, name_x: int, room_end: int, card_w: int) -> int:
        """Where the cards left start: after the longest name where the cards leave it room
        (long names are not cut while the cards left show "none"), never before the usual
        column."""
        px = self.px
        usual = name_x + px(210)
        needs = []
        for seat in self.order:
            codes = self.hands[seat]
            if not codes:
                needs.append(theme.text_size("none", px(16))[0])
            elif self.row_h < 44:
                words = " ".join(Card.parse(code).pretty for code in codes)
                needs.append(theme.text_size(words, px(16))[0])
            else:
                needs.append(round(card_w * (1 + 0.7 * (len(codes) - 1))))
        names = max(
            theme.text_size(self.table.names[seat], px(20), self.places[seat] == 1)[0]
            for seat in self.order
        )
        wanted = name_x + names + px(14)
        return max(usual, min(wanted, room_end - max(needs, default=0)))

    def _draw_rows(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        px = self.px
        x0, y = panel.x + px(34), panel.y + px(104)
        right = panel.right - px(34)
        name_x, round_x = x0 + px(80), right - px(110)
        card_w = max(22, min(px(40), round((self.row_h - 8) / 1.4)))
        room_end = right - px(230 if self.points else 10)  # where the cards left must end
        hand_x = self._cards_column(name_x, room_end, card_w)
        heads = [("Place", x0, "topleft"), ("Player", name_x, "topleft")]
        heads.append(("Cards left", hand_x, "topleft"))
        if self.points:
            heads += [("Round", round_x, "topright"), ("Total", right, "topright")]
        for label, x, anchor in heads:
            img = theme.text(label, px(14), theme.MUTED, True)
            surface.blit(img, img.get_rect(**{anchor: (x, y)}))
        y += px(26)
        settings = self.table.settings  # (the faces as at the table: small cards need it most)
        art = card_art(card_w, four_colour=settings.four_colour, large_index=settings.large_index)
        room = room_end - hand_x
        for seat in self.order:
            place = self.places[seat]
            band = pygame.Rect(panel.x + px(18), y, panel.w - px(36), self.row_h - 6)
            if seat in self.table.humans:
                theme.blit_panel(surface, band, (255, 255, 255, 22), None, radius=10, shadow=False)
            mid = band.centery
            gold = place == 1
            colour = theme.GOLD if gold else theme.TEXT
            # A long name is cut before the cards left, as in the seat boxes, told apart
            # from the others at the table.
            names = self.table.names
            name = theme.fit_name(names[seat], px(20), hand_x - px(14) - name_x, gold, names)
            for text, x in ((ordinal(place), x0), (name, name_x)):
                img = theme.text(text, px(20), colour, gold)
                surface.blit(img, img.get_rect(midleft=(x, mid)))
            codes = self.hands[seat]
            if not codes:
                img = theme.text("none", px(16), theme.MUTED)
                surface.blit(img, img.get_rect(midleft=(hand_x, mid)))
            elif self.row_h < 44:  # too low a row for readable cards: their names instead
                words = " ".join(Card.parse(code).pretty for code in codes)
                shown = theme.fit(words, px(16), room)
                img = theme.text(shown, px(16), theme.TEXT)
                surface.blit(img, img.get_rect(midleft=(hand_x, mid)))
                codes = []
            step = min(card_w * 0.7, room / max(1, len(codes)))
            for i, code in enumerate(codes):
                face = art.face(code)
                surface.blit(face, face.get_rect(midleft=(hand_x + i * step, mid)))
            if self.points:
                charge = self.charges[seat] if seat < len(self.charges) else 0
                for text, x in ((charge_words(charge), round_x), (str(self.totals[seat]), right)):
                    img = theme.text(text, px(20), colour, True)
                    surface.blit(img, img.get_rect(midright=(x, mid)))
            y += self.row_h

"""The rankings: every profile and bot level by rating, overall, per preset or per named
custom rule set, and the fastest wins (the ranking of won rounds by their time)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime

import pygame

from game.store import OVERALL, FastWin, RankRow, Store, shared_ranks
from game.ui import theme
from game.ui.charts import Axis, Picker, content_top, draw_backdrop, draw_whisker_bar, nice_ticks
from game.ui.controls import fit_apart
from game.ui.layout import Scaled
from game.ui.records import format_duration, preset_title
from game.ui.scene import Scene
from game.ui.stats_scene import BOT_COLOURS, filter_choices, filter_title, picker_needs
from game.ui.widgets import Button, WidgetGroup

__all__ = ["PROVISIONAL_GAMES", "RankingsScene"]

log = logging.getLogger(__name__)

PROVISIONAL_GAMES = 10
"""Below this many rated rounds a rating is marked provisional: it can still move a lot."""

ROW_H = 34
FASTEST_SHOWN = 10
FASTEST_ROW_MIN = 40  # the height one fastest win needs, both its lines


class RankingsScene(Scaled, Scene):
    """Leaderboard by conservative rating with uncertainty bars, and the fastest wins."""

    def __init__(self, store: Store, scope: str = OVERALL, rules_label: str | None = None) -> None:
        super().__init__()
        self.store = store
        self.size = (1280, 800)
        self.rows: list[RankRow] = []
        self.fastest: list[FastWin] = []
        self.error = ""
        self.scroll = 0
        # Custom rules (and any other rules recorded) get a scope once rounds were rated there,
        # and each name custom rules were saved under and played on one after it, rated over
        # its own rounds alone ("Custom: Family").
        choices = [(OVERALL if p is None else p, label) for p, label in filter_choices(store)]
        self.scopes = choices
        start = (scope, rules_label) if (scope, rules_label) in choices else (scope, None)
        self.scope_picker = Picker(
            "Scope  ← →",
            [self._title(choice) for choice in choices],
            choices.index(start) if start in choices else 0,
            lambda _: self.refresh(),
            people=False,
        )
        self.back = Button("Back", self.close, hint="Esc", primary=True)
        self.widgets = WidgetGroup([self.scope_picker, self.back])
        self.refresh()

    @staticmethod
    def _title(choice: tuple[str, str | None]) -> str:
        return "Overall" if choice[0] == OVERALL else filter_title(choice)

    @property
    def scope(self) -> str:
        """``overall`` or the preset whose ratings and times are shown."""
        return self.scopes[self.scope_picker.index][0]

    @property
    def rules_label(self) -> str | None:
        """The name of the custom rule set shown (scope ``custom``), or None for them all."""
        return self.scopes[self.scope_picker.index][1]

    def refresh(self) -> None:
        """Read the leaderboard and fastest wins of the current scope."""
        self.scroll = 0
        self.error = ""
        preset = None if self.scope == OVERALL else self.scope
        try:
            label = self.rules_label
            self.rows = self.store.leaderboard(self.scope, label)
            self.fastest = self.store.fastest_wins(preset, FASTEST_SHOWN, rules_label=label)
        except Exception as exc:  # a damaged file must not take the screen down with it
            log.warning("rankings unreadable: %s", exc)
            self.rows, self.fastest = [], []
            self.error = f"The rankings could not be read ({exc})."

    @staticmethod
    def provisional(row: RankRow) -> bool:
        """True while a rating rests on too few rounds to mean much."""
        return row.games < PROVISIONAL_GAMES

    # --- frame -----------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        """Place the scope picker and the Back button."""
        self.size = size
        self.ui = self.widgets.scale_to(size)
        px = self.px
        w, h = size
        # As wide as its longest scope needs ("Custom: Wakacje 2024" and "… 2025" were cut
        # alike), from its usual width up to the room the title leaves.
        title_end = 40 + theme.text_size("Rankings", round(34 * self.ui), True)[0] + px(44)
        wide = max(px(250), min(picker_needs(self.scope_picker, self.ui), w - 40 - title_end))
        self.scope_picker.rect = pygame.Rect(w - 40 - wide, px(38), wide, px(42))
        width = self.back.preferred_width()
        self.back.rect = pygame.Rect(w - 40 - width, h - px(76), width, px(46))
        self.scroll_by(0)  # a taller window fits more rows: never leave the panel half empty

    def _boxes(self) -> tuple[pygame.Rect, pygame.Rect]:
        w, h = self.size
        px = self.px
        top = content_top(self.store.problem, w, self.ui)
        bottom = h - px(96)
        # Narrower than the usual smallest window (an 800×600 screen), the board takes more.
        share = 0.63 if w >= 960 else 0.7
        board = pygame.Rect(40, top, int((w - 100) * share), bottom - top)
        gap = px(20)
        fast = pygame.Rect(board.right + gap, top, w - 40 - board.right - gap, bottom - top)
        return board, fast

    def visible_rows(self) -> int:
        """How many leaderboard lines fit in the panel."""
        board, _ = self._boxes()
        return max(1, (board.h - self.px(118)) // self.px(ROW_H))

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Left/Right scope, Up/Down or the wheel scroll, Esc back."""
        if event.type == pygame.KEYDOWN:
            keys: dict[int, Callable[[], None]] = {
                pygame.K_ESCAPE: self.close,
                pygame.K_UP: lambda: self.scroll_by(-1),
                pygame.K_DOWN: lambda: self.scroll_by(1),
                pygame.K_PAGEUP: lambda: self.scroll_by(-self.visible_rows()),
                pygame.K_PAGEDOWN: lambda: self.scroll_by(self.visible_rows()),
            }
            if not self.scope_picker.focused:
                keys[pygame.K_LEFT] = lambda: self.scope_picker.step(-1)
                keys[pygame.K_RIGHT] = lambda: self.scope_picker.step(1)
            action = keys.get(event.key)
            if action is not None:
                action()
                return True
        if event.type == pygame.MOUSEWHEEL and not self.scope_picker.rect.collidepoint(
            pygame.mouse.get_pos()
        ):
            self.scroll_by(-event.y)
            return True
        self.widgets.handle_event(event)
        return True

    def scroll_by(self, lines: int) -> None:
        """Scroll the leaderboard, never past its ends."""
        most = max(0, len(self.rows) - self.visible_rows())
        self.scroll = max(0, min(most, self.scroll + lines))

    def update(self, dt: float) -> None:
        """Widgets only."""
        self.widgets.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Backdrop, leaderboard, fastest wins and buttons."""
        draw_backdrop(surface, "Rankings", self.store.problem or self.error or None, self.ui)
        px = self.px
        board, fast = self._boxes()
        self._draw_board(surface, board)
        self._draw_fastest(surface, fast)
        legend = (
            "Dot: rating μ. Whiskers: μ ± 3σ, where the true skill almost surely lies. "
            f"Sorted by the bar, μ − 3σ. Faded: provisional, under {PROVISIONAL_GAMES} rounds."
        )
        room = self.back.rect.x - 40 - 16  # wrapped to end before the Back button
        lines = theme.wrap(legend, px(13), room)
        line_h = theme.text_size("Ag", px(13))[1] + 2
        y = self.back.rect.centery - len(lines) * line_h // 2
        for line in lines:
            surface.blit(theme.text(line, px(13), theme.MUTED), (40, y))
            y += line_h
        self.widgets.draw(surface)

    def _draw_board(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        theme.blit_panel(surface, box, radius=16)
        px = self.px
        scope = self._title((self.scope, self.rules_label))
        _draw_title(surface, f"Leaderboard · {scope}", box, px)
        # A wide panel gives long names more room, up to half of it; the bars keep the rest.
        widest = max((theme.text_size(r.profile, px(18), True)[0] for r in self.rows), default=0)
        rating_w = theme.text_size("00.0 ± 0.0", px(17))[0]
        rating_x = max(px(330), min(px(66 + 12) + widest + rating_w, box.w // 2))
        # The bars keep at least 100 px (a narrow window's names are cut shorter instead).
        rating_x = min(rating_x, box.w - px(20 + 70 + 20 + 100))
        cols = {
            "rank": box.x + px(46),
            "name": box.x + px(66),
            "rating": box.x + rating_x,
            "bar": box.x + rating_x + px(20),
            "games": box.right - px(20),
        }
        bar_w = cols["games"] - px(70) - cols["bar"]
        y = box.y + px(58)
        for text, x, anchor in (
            ("#", cols["rank"], "topright"),
            ("Player", cols["name"], "topleft"),
            ("Rating μ ± σ", cols["rating"], "topright"),
            ("Rounds", cols["games"], "topright"),
        ):
            head = theme.text(text, px(14), theme.MUTED, True)
            surface.blit(head, head.get_rect(**{anchor: (x, y)}))
        if not self.rows:
            nobody = "Nobody is rated here yet: finish a game first."
            note = theme.text(nobody, px(17), theme.MUTED)
            surface.blit(note, note.get_rect(center=box.center))
            return
        axis = self._axis()
        for tick in axis.ticks:
            x = round(axis.at(tick, cols["bar"], bar_w))
            label = theme.text(f"{tick:g}", px(12), theme.MUTED)
            surface.blit(label, label.get_rect(midtop=(x, y + 2)))
            line_top, line_bottom = y + px(20), box.bottom - px(18)
            pygame.draw.line(surface, (46, 78, 60), (x, line_top), (x, line_bottom))
        y += px(30)
        shown = self.rows[self.scroll : self.scroll + self.visible_rows()]
        for n, row in enumerate(shown, start=self.scroll):
            self._draw_row(surface, row, y, cols, bar_w, axis, banded=n % 2 == 1)
            y += px(ROW_H)
        if len(self.rows) > len(shown):
            more = f"{self.scroll + 1}–{self.scroll + len(shown)} of {len(self.rows)} · ↑ ↓ scroll"
            img = theme.text(more, px(12), theme.MUTED)
            surface.blit(img, img.get_rect(bottomright=(box.right - px(20), box.bottom - 4)))

    def _axis(self) -> Axis:
        lo = min(0.0, min(r.conservative for r in self.rows))
        hi = max(r.mu + 3 * r.sigma for r in self.rows)
        ticks = nice_ticks(lo, hi, 5)
        if len(ticks) > 1 and ticks[-1] < hi:  # the longest whisker ends under a number
            ticks.append(round(ticks[-1] + ticks[1] - ticks[0], 10))
        return Axis(min(lo, ticks[0]), max(hi, ticks[-1]) + 1, ticks)

    def _draw_row(
        self,
        surface: pygame.Surface,
        row: RankRow,
        y: int,
        cols: dict[str, int],
        bar_w: int,
        axis: Axis,
        banded: bool,
    ) -> None:
        """One player's line; ``banded`` lines get a light band behind them (every other
        line, by its place in the list: ranks repeat where ratings are shared)."""
        faded = self.provisional(row)
        px = self.px
        row_h = px(ROW_H)
        colour = BOT_COLOURS.get(row.bot_level or "", theme.ACCENT) if row.is_bot else theme.ACCENT
        ink = theme.MUTED if faded else (theme.GOLD if row.rank == 1 else theme.TEXT)
        if banded:
            left = cols["name"] - px(50)
            band = pygame.Rect(left, y - 4, cols["games"] - left + px(16), row_h)
            theme.blit_panel(surface, band, (255, 255, 255, 14), None, radius=6, shadow=False)
        mid = y + row_h // 2 - 4
        rating = f"{row.mu:.1f} ± {row.sigma:.1f}"
        # The name has the room up to the rating (the widest a rating gets, so the names of
        # every row end in line); the "provisional" tag goes before the name is cut short,
        # as the row is faded and the legend says what fading means.
        room = cols["rating"] - theme.text_size("00.0 ± 0.0", px(17))[0] - px(12) - cols["name"]
        name_w = theme.text_size(row.profile, px(18), not faded)[0]
        tag = theme.text("provisional", px(11), theme.MUTED) if faded else None
        if tag is not None and name_w + px(8) + tag.get_width() > room:
            tag = None
        others = [r.profile for r in self.rows]  # cut short, it keeps what tells it apart
        name = fit_apart(row.profile, px(18), room, not faded, others)
        for text, x, anchor, size, bold in (
            (str(row.rank), cols["rank"], "midright", px(18), False),
            (name, cols["name"], "midleft", px(18), not faded),
            (rating, cols["rating"], "midright", px(17), False),
            (f"{row.games:,}", cols["games"], "midright", px(17), False),
        ):
            img = theme.text(text, size, ink, bold)
            surface.blit(img, img.get_rect(**{anchor: (x, mid)}))
        if tag is not None:
            surface.blit(tag, tag.get_rect(midleft=(cols["name"] + name_w + px(8), mid + 1)))
        bar = pygame.Rect(cols["bar"], mid - px(11), bar_w, px(22))
        draw_whisker_bar(
            surface,
            bar,
            axis,
            bar_to=row.conservative,
            centre=row.mu,
            spread=3 * row.sigma,
            colour=colour,
            faded=faded,
        )

    def fastest_fitting(self) -> int:
        """How many fastest wins the panel shows. Each takes two lines (who and time, then
        where and when): in a small window fewer are shown rather than drawn over each other."""
        _, box = self._boxes()
        room = box.bottom - 16 - (box.y + self.px(58 + 30))
        return min(len(self.fastest), max(1, room // self.px(FASTEST_ROW_MIN)))

    def fastest_ranks(self) -> list[int]:
        """The rank of each fastest win: wins whose times read the same (to the second, as
        shown) share one, as tied ratings do."""
        return shared_ranks([format_duration(win.time_s) for win in self.fastest])

    def _draw_fastest(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        theme.blit_panel(surface, box, radius=16)
        px = self.px
        choice = (self.scope, self.rules_label)
        scope = "every preset" if self.scope == OVERALL else self._title(choice)
        # In a narrow panel the scope, which the picker above names, gives way.
        _draw_title(surface, f"Fastest wins · {scope}", box, px, short="Fastest wins")
        overall = self.scope == OVERALL
        cols = [
            (box.x + px(40), "topright"),
            (box.x + px(52), "topleft"),
            (box.right - px(20), "topright"),
        ]
        heads = ["#", "Player", "Time"]
        y = box.y + px(58)
        for (x, anchor), head in zip(cols, heads, strict=True):
            img = theme.text(head, px(14), theme.MUTED, True)
            surface.blit(img, img.get_rect(**{anchor: (x, y)}))
        y += px(30)
        if not self.fastest:
            note = theme.text("No wins yet.", px(17), theme.MUTED)
            surface.blit(note, note.get_rect(center=box.center))
            return
        room = box.bottom - 16 - y
        shown = self.fastest[: self.fastest_fitting()]
        step = min(px(46), room // max(1, len(shown)))
        wide = box.right - px(20) - cols[1][0]

        def detail_of(win: FastWin, day: str) -> str:
            when = datetime.fromtimestamp(win.ended_at).strftime(day)
            return f"{preset_title(win.preset)} · {when}" if overall else when

        # The year gives way (on every line alike) before the rules or the day are cut short.
        day = "%d %b %Y"
        if any(theme.text_size(detail_of(win, day), px(12))[0] > wide for win in shown):
            day = "%d %b"
        for rank, win in zip(self.fastest_ranks(), shown, strict=False):
            first = rank == 1
            ink = theme.GOLD if first else theme.TEXT
            detail = detail_of(win, day)
            duration = format_duration(win.time_s)
            # The name ends in "…" before the time rather than run under it.
            room = cols[2][0] - theme.text_size(duration, px(19), True)[0] - px(12) - cols[1][0]
            others = [w.profile for w in self.fastest]
            name = fit_apart(win.profile, px(17), room, first, others)
            for (x, anchor), text, size, bold in zip(
                cols,
                (str(rank), name, duration),
                (px(17), px(17), px(19)),
                (False, first, True),
                strict=True,
            ):
                img = theme.text(text, size, ink, bold)
                surface.blit(img, img.get_rect(**{anchor: (x, y)}))
            detail = theme.fit(detail, px(12), wide)
            surface.blit(theme.text(detail, px(12), theme.MUTED), (cols[1][0], y + px(21)))
            y += step


def _draw_title(
    surface: pygame.Surface,
    words: str,
    box: pygame.Rect,
    px: Callable[[float], int],
    short: str = "",
) -> None:
    """A panel's title at its top left, made smaller (then cut short) to stay inside it;
    ``short`` is said instead where ``words`` would be cut."""
    room = box.w - px(40)
    if short and theme.text_size(words, px(15), True)[0] > room:
        words = short
    size = theme.fit_size(words, px(20), room, True, smallest=px(15))
    title = theme.text(theme.fit(words, size, room, True), size, theme.TEXT, True)
    surface.blit(title, title.get_rect(midleft=(box.x + px(20), box.y + px(16 + 12))))

"""The scoreboard (every round's charges and the running totals) and the match result.

Points come from the engine (``round_charges`` per round, ``scores`` for the totals);
presets without points show each round's places and count the rounds won.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

import pygame

from game.ui import theme
from game.ui.overlays import Confetti
from game.ui.roundend import (
    _ButtonModal,
    _veil,
    charge_words,
    listed,
    lone_you,
    names_said,
    ordinal,
)
from game.ui.scene import Modal
from game.ui.screen import Scroll, button_row, draw_backdrop
from game.ui.tween import Animator

if TYPE_CHECKING:
    from game.ui.matchtable import MatchTable

__all__ = ["MatchEndScreen", "ScoreboardOverlay", "score_lines"]


def score_lines(table: MatchTable) -> tuple[list[tuple[str, list[str]]], list[str], str]:
    """(rows of (label, cells per seat), totals per seat, what the totals mean)."""
    g = table.game
    rows, wins, _widths = _finished(table)
    rows = list(rows)
    if g.rules.scoring == "points":
        if not g.over:
            rows.append((f"Round {g.round_no}", _round_so_far(table)))
        totals = [str(s) for s in g.scores]
        return rows, totals, f"Totals · the match ends at {g.rules.target}, lowest total wins"
    if not g.over:
        rows.append((f"Round {len(table.rounds) + 1}", _round_so_far(table)))
    return rows, [str(w) for w in wins], "Rounds won"


_Row = tuple[str, list[str]]
# The rows of the rounds played, the rounds each seat won, and the widest label at each
# scale: worked out once per round, not every frame (a table can be kept for a thousand).
_FINISHED: WeakKeyDictionary[
    MatchTable, tuple[tuple[int, ...], list[_Row], list[int], dict[int, int]]
]
_FINISHED = WeakKeyDictionary()


def _finished(table: MatchTable) -> tuple[list[_Row], list[int], dict[int, int]]:
    g = table.game
    key = (id(g), id(table.rounds), len(table.rounds), len(g.round_charges), g.seats)
    kept = _FINISHED.get(table)
    if kept is not None and kept[0] == key:
        return kept[1], kept[2], kept[3]
    n = g.seats
    rows: list[_Row] = []
    wins = [0] * n
    if g.rules.scoring == "points":
        for i, charges in enumerate(g.round_charges, start=1):
            rows.append((f"Round {i}", [charge_words(c) for c in charges]))
    else:
        for i, record in enumerate(table.rounds, start=1):
            places = list(record.get("places", []))[:n]
            places += [0] * (n - len(places))
            for s, p in enumerate(places):
                wins[s] += p == 1
            rows.append((f"Round {i}", [ordinal(p) for p in places]))
    widths: dict[int, int] = {}
    _FINISHED[table] = (key, rows, wins, widths)
    return rows, wins, widths


def _round_so_far(table: MatchTable) -> list[str]:
    """The round being played: the place of each seat already out, "playing" for the rest."""
    out = list(table.game.placings)
    return [ordinal(out.index(s) + 1) if s in out else "playing" for s in range(table.game.seats)]


def leaders(table: MatchTable) -> set[int]:
    """Seats in front now: the winners of a finished match, else the best totals."""
    g = table.game
    if g.match_over:
        return set(g.winners)
    if g.rules.scoring == "points":
        if not any(g.scores):
            return set()
        best = min(g.scores)
        return {s for s, v in enumerate(g.scores) if v == best}
    wins = _finished(table)[1]
    top = max(wins, default=0)
    return {s for s, w in enumerate(wins) if w == top and top > 0}


def _label_width(table: MatchTable, rows: list[tuple[str, list[str]]], ui: float) -> int:
    """The width of the grid's first column: its widest label ("Round 12", "Total")."""
    size = round(16 * ui)
    done, _wins, widths = _finished(table)
    widest = widths.get(size)
    if widest is None:
        widest = widths[size] = max(
            (theme.text_size(label, size)[0] for label, _c in done), default=0
        )
    widest = max(
        [widest]
        + [theme.text_size(label, size)[0] for label, _cells in rows[len(done) :]]
        + [theme.text_size(sums, round(18 * ui), True)[0] for sums in ("Total", "Wins")]
    )
    return widest + round(24 * ui)


def _column_needs(table: MatchTable, ui: float, least: float = 110) -> list[int]:
    """The width each seat's column needs for its player's whole name, and at least
    ``least`` (at scale 1): 110 spaces the columns well, 72 still holds "playing" and a
    four-figure total."""
    return [
        max(round(least * ui), theme.text_size(name, round(17 * ui), True)[0] + round(16 * ui))
        for name in table.names
    ]


def grid_width(table: MatchTable, ui: float = 1.0) -> int:
    """The width the grid needs to head every column with its player's whole name (at scale
    ``ui``); a panel gives it what the window allows."""
    return _label_width(table, score_lines(table)[0], ui) + sum(_column_needs(table, ui))


def _columns(needs: list[int], room: float) -> list[float]:
    """Column widths in ``room``: each what it needs and an even share of what is left or,
    short of room, the short names what they need and the long ones the rest, evenly."""
    if sum(needs) <= room:
        spare = (room - sum(needs)) / max(1, len(needs))
        return [need + spare for need in needs]
    widths = [0.0] * len(needs)
    left = list(range(len(needs)))
    while left:
        share = room / len(left)
        fits = [s for s in left if needs[s] <= share]
        if not fits:
            for s in left:
                widths[s] = share
            break
        for s in fits:
            widths[s] = needs[s]
            room -= needs[s]
        left = [s for s in left if s not in fits]
    return widths


@lru_cache(maxsize=16)
def _headings(
    names: tuple[str, ...], rooms: tuple[int, ...], largest: int, smallest: int
) -> tuple[int, tuple[str, ...]]:
    """The size and words heading columns ``rooms`` pixels wide. A name too long for its
    column keeps the part that tells it from the others ("Katarzyna K."), at a smaller size
    if that spares a first name cut short ("Katar… K."). Kept, not worked out each frame:
    cutting a name measures many trial words."""

    def heads(size: int) -> tuple[str, ...]:
        return tuple(
            theme.fit_name(n, size, room, True, names) for n, room in zip(names, rooms, strict=True)
        )

    size = min(range(largest, smallest - 1, -1), key=lambda s: sum("…" in w for w in heads(s)))
    return size, heads(size)


ROW_H = 32  # a round's row in the grid, at the usual scale


def keep_place(scroll: Scroll, old_ui: float, new_ui: float) -> None:
    """After a resize from scale ``old_ui`` to ``new_ui``: the latest rounds, where they
    were in view, stay in view; any other place keeps the round at the top of the view (the
    rows' height goes with the scale)."""
    if scroll.at_end:
        scroll.offset = 1e9
    else:
        scroll.offset = float(int(scroll.offset) // round(ROW_H * old_ui) * round(ROW_H * new_ui))


def _draw_grid(
    surface: pygame.Surface,
    table: MatchTable,
    area: pygame.Rect,
    scroll: Scroll,
    ui: float = 1.0,
) -> None:
    """Header of names, the round rows (scrolled) and a totals row pinned at the bottom
    (at scale ``ui``: see ``ui_scale``)."""

    def px(n: float) -> int:
        return round(n * ui)

    rows, totals, meaning = score_lines(table)
    n = table.game.seats
    row_h = px(ROW_H)
    body = pygame.Rect(area.x, area.y + px(36), area.w, area.h - px(36) - px(56))
    if row_h * len(rows) > body.h:
        # Whole rows only: scrolled to the latest rounds (or the first), no row is cut.
        body.h -= body.h % row_h
    label_w = _label_width(table, rows, ui)
    # The scroll bar, when the rounds overflow, gets a strip of its own beside the columns.
    room = area.w - label_w - (12 if row_h * len(rows) > body.h else 0)
    needs = _column_needs(table, ui)
    if sum(needs) > room:  # narrower columns for the short names
        needs = _column_needs(table, ui, least=72)
    cols = _columns(needs, room)
    front = leaders(table)

    def cell_x(s: int) -> int:
        return round(area.x + label_w + sum(cols[:s]) + cols[s] / 2)

    rooms = tuple(round(c) - px(8) for c in cols)
    size, shown = _headings(tuple(table.names), rooms, px(17), px(13))
    for s in range(n):
        name = theme.text(shown[s], size, theme.GOLD if s in front else theme.TEXT, True)
        surface.blit(name, name.get_rect(midtop=(cell_x(s), area.y)))
    scroll.view, scroll.content = body.h, row_h * len(rows)
    scroll.by(0)  # clamp an offset set before the content was measured ("the latest rounds")
    clip = surface.get_clip()
    surface.set_clip(body)
    # Only the rows in view are drawn: a table kept going for a thousand rounds draws as
    # fast as one of ten.
    first = max(0, int(scroll.offset) // row_h)
    last = min(len(rows), first + body.h // row_h + 2)
    y = body.y - round(scroll.offset) + first * row_h
    for i in range(first, last):
        label, cells = rows[i]
        if i % 2 == 0:
            band = pygame.Rect(area.x, y, area.w, row_h)
            theme.blit_panel(surface, band, (255, 255, 255, 16), None, radius=6, shadow=False)
        img = theme.text(label, px(16), theme.MUTED)
        surface.blit(img, img.get_rect(midleft=(area.x + 10, y + row_h // 2)))
        for s, cell in enumerate(cells):
            ink = theme.MUTED if cell == "playing" else theme.TEXT
            img = theme.text(cell, px(17), ink)
            surface.blit(img, img.get_rect(center=(cell_x(s), y + row_h // 2)))
        y += row_h
    surface.set_clip(clip)
    scroll.draw_bar(surface, body, ui)
    foot = pygame.Rect(area.x, area.bottom - px(50), area.w, px(46))
    theme.blit_panel(surface, foot, (*theme.ACCENT, 40), (*theme.ACCENT, 160), radius=10)
    # Points add up to a total; where places are all that is kept, the row counts wins.
    summed = "Total" if table.game.rules.scoring == "points" else "Wins"
    img = theme.text(summed, px(18), theme.ACCENT, True)
    surface.blit(img, img.get_rect(midleft=(area.x + 10, foot.centery)))
    for s, total in enumerate(totals):
        img = theme.text(total, px(22), theme.GOLD if s in front else theme.TEXT, True)
        surface.blit(img, img.get_rect(center=(cell_x(s), foot.centery)))
    note = theme.text(meaning, px(14), theme.MUTED)
    surface.blit(note, note.get_rect(midtop=(area.centerx, foot.bottom + px(8))))


class ScoreboardOverlay(Modal[None]):
    """Every round so far and the running totals, over the table (T, Esc or Enter close)."""

    def __init__(self, table: MatchTable) -> None:
        super().__init__(None)
        self.table = table
        self.scroll = Scroll()
        self.close_button = _ButtonModal(None)
        self.done = self.close_button.add("Close", "close", "Esc", primary=True)
        self.done.on_click = self.cancel
        self.panel = pygame.Rect(0, 0, 0, 0)

    def resize(self, size: tuple[int, int]) -> None:
        """Width by the seats and their names (as the window allows), height by the rounds."""
        w, h = size
        n = self.table.game.seats
        rows = len(score_lines(self.table)[0])
        old_ui = self.close_button.ui
        self.close_button.scale_to(size)
        px, ui = self.close_button.px, self.close_button.ui
        wide = max(px(200 + 110 * n), grid_width(self.table, ui) + px(48))
        self.panel = pygame.Rect(0, 0, min(w - 40, wide), min(h - 40, px(290 + 32 * rows)))
        self.panel.center = (w // 2, h // 2)
        keep_place(self.scroll, old_ui, ui)
        button_row([self.done], self.panel.centerx, self.panel.bottom - px(64), height=px(46))

    def startup(self) -> None:
        """Open at the latest rounds."""
        self.scroll.offset = 1e9

    def resume(self) -> None:
        """Enter closes."""
        self.done.focused = True

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Esc, T or Enter close; the wheel and PageUp/PageDown scroll."""
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_ESCAPE,
            pygame.K_t,
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
        ):
            self.cancel()
            return True
        if not self.scroll.handle_event(event, self.panel):
            self.close_button.widgets.handle_event(event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """Veil, panel, the grid and the Close button."""
        _veil(surface, 160)
        p, px = self.panel, self.close_button.px
        theme.blit_panel(surface, p, (*theme.PANEL, 248), (*theme.ACCENT, 230), radius=20)
        title = theme.text("Scoreboard", px(32), theme.ACCENT, True)
        surface.blit(title, title.get_rect(midtop=(p.centerx, p.y + px(18))))
        grid = pygame.Rect(p.x + px(24), p.y + px(70), p.w - px(48), p.h - px(168))
        _draw_grid(surface, self.table, grid, self.scroll, self.close_button.ui)
        self.close_button.widgets.draw(surface)


class MatchEndScreen(_ButtonModal):
    """The match result: the winner (or a drawn match), the final totals, what next."""

    transparent = False

    def __init__(
        self, table: MatchTable, on_result: Callable[[str | None], None] | None = None
    ) -> None:
        super().__init__(on_result)
        self.table = table
        self.add("New match", "rematch", "Enter", primary=True)
        self.add("Main menu", "quit", "Esc")
        self.scroll = Scroll()
        self.animator = Animator(table.animator.speed)
        self.confetti: Confetti | None = None
        self.size = (1280, 800)

    def headline(self, names: Sequence[str] | None = None) -> str:
        """ "Anna wins the match!" or "Drawn match: Anna, Ben and Cleo" (with ``names`` in
        place of the table's, to say it in shortened names)."""
        t, g = self.table, self.table.game
        names = t.names if names is None else names
        # The one person at the table is "you", named first, as on the round's board.
        you = lone_you(t.names, t.humans)
        order = sorted(g.winners, key=lambda s: (s != you, s))
        winners = ["you" if s == you else names[s] for s in order]
        if len(winners) > 1:
            return f"Drawn match: {', '.join(winners[:-1])} and {winners[-1]}"
        if not winners:
            return "Match over"
        if winners[0] == "you":
            return "You win the match!"
        return f"{winners[0]} wins the match!"

    def result_lines(self, room: int | None = None) -> tuple[str, str]:
        """Under the headline: how long the match ran and who reached the target ("12
        rounds played to 500 points; Ben reached it"; given ``room`` in pixels, long names
        shortened, then counted, as the round board does), then, at three seats or more,
        the final places by total, lowest first, equal totals sharing one ("1st Ada · 2nd
        you · 3rd Ben"; heads-up the headline says it all)."""
        t, g = self.table, self.table.game
        you = lone_you(t.names, t.humans)
        names = ["you" if s == you else t.names[s] for s in range(g.seats)]
        rounds = len(g.round_charges) or len(t.rounds)
        head = f"{rounds} round{'s' if rounds != 1 else ''} played to {g.rules.target} points"
        scores = list(g.scores)
        over = [names[s] for s in range(g.seats) if scores[s] >= g.rules.target]

        def said(who: list[str]) -> str:
            return f"{head}; {listed(who)} reached it"

        line = head
        if over:
            fitted = (
                said(over)
                if room is None
                else names_said(said, over, self.px(18), room, t.names, self.px(40))
            )
            line = fitted or said([f"{len(over)} players"])
        if g.seats < 3:
            return line, ""
        order = sorted(range(g.seats), key=lambda s: (scores[s], s))
        places = [
            f"{ordinal(1 + sum(1 for x in scores if x < scores[s]))} {names[s]}" for s in order
        ]
        return line, " · ".join(places)

    def fitted_headline(self, room: int) -> tuple[str, int]:
        """The headline and its size for ``room`` pixels: smaller first; then the winners'
        names shortened to the part that tells them apart ("Katarzyna K."); a draw too wide
        even so says how many share it (the gold names in the grid say who)."""
        px, names = self.px, self.table.names
        words = self.headline()
        size = theme.fit_size(words, px(46), room, True, px(28))
        if theme.text_size(words, size, True)[0] <= room:
            return words, size
        winners = self.table.game.winners
        bare = theme.text_size(self.headline([""] * len(names)), size, True)[0]
        share = (room - bare) // max(1, len(winners))
        short = [theme.fit_name(name, size, share, True, names) for name in names]
        words = self.headline(short)
        if len(winners) > 1 and any(short[s].endswith("…") for s in winners):
            words = f"Drawn match between {len(winners)} players"
        return theme.fit(words, size, room, True), size

    def resize(self, size: tuple[int, int]) -> None:
        """Buttons along the bottom; the grid keeps its place (``keep_place``)."""
        self.size = size
        old_ui = self.ui
        self.scale_to(size)
        px = self.px
        button_row(self.buttons, size[0] // 2, size[1] - px(84), px(14), px(50))
        keep_place(self.scroll, old_ui, self.ui)

    def startup(self) -> None:
        """Confetti when a person at the table wins or shares the match, as the table does
        for a round: not for a bot that beat them, nor with animation off. The grid opens
        at the last rounds, the ones that decided the match (as the scoreboard does)."""
        self.scroll.offset = 1e9  # as far as it goes, once the grid is measured
        people_won = any(s in self.table.humans for s in self.table.game.winners)
        if people_won and self.animator.speed != "off":
            self.confetti = Confetti(self.size, 0.0)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Esc to the menu, Enter a new match (focused), wheel scrolls."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.finish("quit")
            return True
        self.scroll.handle_event(event, pygame.Rect((0, 0), self.size))
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        """Confetti time."""
        self.animator.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Backdrop, headline, the final grid, confetti."""
        w, h = self.size
        g = self.table.game
        draw_backdrop(surface, "")
        px = self.px
        words, size = self.fitted_headline(w - px(60))
        head = theme.text(words, size, theme.ACCENT, True)
        surface.blit(head, head.get_rect(midtop=(w // 2, px(34))))
        line, places = self.result_lines(w - px(40))
        sub = theme.text(theme.fit(line, px(18), w - px(40)), px(18), theme.MUTED)
        surface.blit(sub, sub.get_rect(midtop=(w // 2, px(96))))
        # The places take a line of their own where they fit whole (eight long names may not:
        # the gold names and the totals in the grid still tell them).
        below = 0
        if places and theme.text_size(places, px(18))[0] <= w - px(40):
            img = theme.text(places, px(18), theme.TEXT)
            surface.blit(img, img.get_rect(midtop=(w // 2, px(122))))
            below = px(26)
        n = g.seats
        rows = len(score_lines(self.table)[0])
        wide = max(px(200 + 110 * n), grid_width(self.table, self.ui) + px(40))
        tall = min(h - px(260) - below, px(200 + 32 * rows))
        panel = pygame.Rect(0, 0, min(w - 60, wide), tall)
        panel.midtop = (w // 2, max(px(136) + below, (h - panel.h) // 2))
        theme.blit_panel(surface, panel, (*theme.PANEL, 235), (*theme.PANEL_EDGE, 200), radius=18)
        grid = panel.inflate(-px(40), -px(70)).move(0, -px(10))
        _draw_grid(surface, self.table, grid, self.scroll, self.ui)
        self.widgets.draw(surface)
        if self.confetti is not None and not self.confetti.done(self.animator.now):
            self.confetti.draw(surface, self.animator.now)

"""Match history: one player's recorded rounds, newest first, with every seat's place.

Opened from the statistics screen on the player and preset shown there. Each line is one
round: when it was played and on which rules, how the player finished, every seat in the
order they finished, the player's own tallies (penalty cards, missed turns, forgotten calls)
and how long the round took. A round of a points match names its match ("match 2 ·
round 3"), and the match's result has a line of its own, marked out, above its last
round: every seat's final total, the target and who reached it (or the totals so far of a
match given up).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from itertools import pairwise
from typing import TypeVar

import pygame

from game.engine import PRESETS
from game.store import HistoryEntry, HistorySeat, MatchEntry, MatchEntrySeat, Store
from game.ui import theme
from game.ui.charts import content_top, draw_backdrop
from game.ui.controls import fit_middle
from game.ui.layout import Scaled
from game.ui.records import format_duration, preset_title
from game.ui.roundend import listed, names_said, ordinal
from game.ui.scene import Scene
from game.ui.stats_scene import (
    PlayerAndPreset,
    filter_choices,
    place_pickers,
    player_and_preset_pickers,
    shown_profiles,
)
from game.ui.widgets import Button, WidgetGroup

__all__ = [
    "HISTORY_LIMIT",
    "HistoryScene",
    "PlannedSeat",
    "SeatCell",
    "latest_rows",
    "match_note",
    "match_result_words",
    "merge_rows",
    "ordinal",
    "own_seat",
    "result_lines",
    "result_words",
    "seat_label",
    "seat_summary",
]

log = logging.getLogger(__name__)

HISTORY_LIMIT = 1000
"""How many of the player's latest rounds (of the preset chosen), and of their match
results, are read; the export holds every one."""

ROW_H = 56

SeatT = TypeVar("SeatT", HistorySeat, MatchEntrySeat)


@dataclass(frozen=True)
class SeatCell:
    """One seat of a row: its place ("1.", "–"), name, what is said beside it (a bot's
    level, a match's total) and that said shorter, and whether it is the player's own."""

    mark: str
    name: str
    tag: str = ""
    short_tag: str = ""
    mine: bool = False


@dataclass(frozen=True)
class PlannedSeat:
    """A seat as a row draws it: the name (cut if need be) and the tag shown."""

    cell: SeatCell
    name: str
    tag: str


def seats_in_order(entry: HistoryEntry) -> list[tuple[str, HistorySeat]]:
    """A round's seats as the list shows them: by place ("1.", "2.", …); an unfinished round
    has no order of finishing, so its seats go round the table, unnumbered ("–")."""
    if entry.abandoned:
        return [("–", s) for s in sorted(entry.seats, key=lambda s: s.seat)]
    return [(f"{s.place}.", s) for s in sorted(entry.seats, key=lambda s: (s.place, s.seat))]


def own_seat(seats: Sequence[SeatT], profile: str) -> SeatT | None:
    """``profile``'s seat among ``seats``: for a bot level that held several, its best
    placed (then the first round the table), as the statistics count it: its best place, a
    win if any of its seats won."""
    return min(
        (s for s in seats if s.profile == profile), key=lambda s: (s.place, s.seat), default=None
    )


def result_words(entry: HistoryEntry, profile: str) -> str:
    """How ``profile`` finished this round, in words: ``Won``, ``2nd of 4``, ``Unfinished``."""
    return _finish_words(entry.seats, profile, entry.abandoned, "Unfinished", "Won", "Shared win")


def match_result_words(entry: MatchEntry, profile: str) -> str:
    """How ``profile`` finished a match: ``Match won``, ``Match drawn`` (a tie at the lowest
    total), ``2nd of 4``, ``Given up``."""
    return _finish_words(
        entry.seats, profile, entry.abandoned, "Given up", "Match won", "Match drawn"
    )


def _finish_words(
    seats: Sequence[SeatT],
    profile: str,
    abandoned: bool,
    left: str,
    won: str,
    shared_win: str,
) -> str:
    """``profile``'s finish among ``seats``: ``left`` if ``abandoned``, ``won`` or
    ``shared_win`` for first place, else its place (shared or not) of how many."""
    mine = own_seat(seats, profile)
    if abandoned:
        return left
    if mine is None:
        return "–"
    shared = sum(1 for s in seats if s.place == mine.place) > 1
    if mine.won:
        return shared_win if shared else won
    return f"{ordinal(mine.place)}{' (shared)' if shared else ''} of {len(seats)}"


def match_note(entry: MatchEntry, room: int | None = None, size: int = 13, least: int = 40) -> str:
    """The line under a match's seats: how long it went and who reached the target, or how
    far it got before it was given up. Given ``room`` (pixels, at ``size``), the names of
    those who reached it are shortened, then counted, so that the target is still said."""
    rounds = _count(entry.rounds, "round")
    if entry.abandoned:
        return f"given up after {rounds} · totals so far · to {entry.target}"
    if not entry.finished:
        return f"{rounds} so far · to {entry.target}"
    reached = [seat_label(s)[0] for s in entry.seats if s.total >= entry.target]
    if not reached:
        return f"{rounds} · to {entry.target}"

    def said(names: list[str]) -> str:
        return f"{rounds} · {listed(names)} reached {entry.target}"

    if room is None:
        return said(reached)
    among = [seat_label(s)[0] for s in entry.seats]
    return names_said(said, reached, size, room, among, least) or said([f"{len(reached)} players"])


def merge_rows(
    rounds: list[HistoryEntry], matches: list[MatchEntry]
) -> list[HistoryEntry | MatchEntry]:
    """Rounds and match results in one list, newest first: a match's result ends when its
    last round does (or later, when given up between rounds), so it comes just above it,
    and above every round of it: with the machine's clock put back during the match, a
    round played before the last can bear a later time than the result (never dated
    before its start), which was listed among its own rounds."""
    latest: dict[int, float] = {}
    for entry in rounds:
        if entry.match_id is not None:
            latest[entry.match_id] = max(entry.ended_at, latest.get(entry.match_id, 0.0))

    def when(row: HistoryEntry | MatchEntry) -> float:
        if isinstance(row, HistoryEntry):
            return row.ended_at
        return max(row.ended_at, latest.get(row.match_id, 0.0))

    rows: list[HistoryEntry | MatchEntry] = [*matches, *rounds]
    # Stable: rounds keep their order, and a result stays above a round of the same moment.
    rows.sort(key=when, reverse=True)
    return rows


def latest_rows(
    rounds: list[HistoryEntry], matches: list[MatchEntry], limit: int
) -> tuple[list[HistoryEntry | MatchEntry], bool]:
    """``merge_rows`` of the latest ``limit`` rounds and match results read, down to where
    both are complete, and whether older ones were left out. A long-time player's matches
    reach much further back than their latest rounds do: listed below the oldest round,
    they would stand there with none of their rounds, as if those were not recorded."""
    rows = merge_rows(rounds, matches)
    ends = [min(r.ended_at for r in part) for part in (rounds, matches) if len(part) >= limit]
    if not ends:
        return rows, False
    oldest = max(ends)
    return [row for row in rows if row.ended_at >= oldest], True


def result_lines(
    entry: HistoryEntry | MatchEntry, profile: str, width: int, px: Callable[[float], int]
) -> tuple[str, str]:
    """``result_words`` as the Result column shows it in ``width`` pixels: on one line when
    it fits, else a shared place as ``2nd of 4`` with ``shared place`` on the line below."""
    if isinstance(entry, MatchEntry):
        words = match_result_words(entry, profile)
    else:
        words = result_words(entry, profile)
    if theme.text_size(words, px(17), True)[0] <= width or " (shared)" not in words:
        return theme.fit(words, px(17), width, True), ""
    return theme.fit(words.replace(" (shared)", ""), px(17), width, True), "shared place"


def _count(n: int, thing: str) -> str:
    return f"{n:,} {thing}" if n == 1 else f"{n:,} {thing}s"


def seat_label(seat: HistorySeat | MatchEntrySeat) -> tuple[str, str]:
    """A seat's name in the history and, for a bot recorded with its name at the table, its
    level beside it: ``("West", "medium bot")``; otherwise the profile's current name alone."""
    if seat.is_bot and seat.seat_name and seat.seat_name != seat.profile:
        return seat.seat_name, f"{seat.bot_level} bot" if seat.bot_level else "bot"
    return seat.profile, ""


def seat_summary(seat: HistorySeat) -> str:
    """One seat's tallies that are worth saying (an empty string when there is none)."""
    parts = []
    if seat.points:
        parts.append(f"{seat.points} points")
    if seat.penalty_cards:
        parts.append(_count(seat.penalty_cards, "penalty card"))
    if seat.biggest_stack:
        parts.append(f"biggest stack {seat.biggest_stack}")
    if seat.turns_missed:
        parts.append(_count(seat.turns_missed, "turn") + " missed")
    if seat.macau_forgotten:
        times = "once" if seat.macau_forgotten == 1 else f"{seat.macau_forgotten} times"
        parts.append(f"forgot Macau {times}")
    return " · ".join(parts)


class HistoryScene(PlayerAndPreset, Scaled, Scene):
    """The recorded rounds of one player (optionally on one preset), newest first; the
    player and the preset can be changed here as on the statistics screen."""

    def __init__(
        self,
        store: Store,
        profile: str | None,
        preset: str | None = None,
        rules_label: str | None = None,
    ) -> None:
        super().__init__()
        self.store = store
        self.size = (1280, 800)
        self.entries: list[HistoryEntry | MatchEntry] = []
        # Whether older rows were left out of ``entries`` (there were more than it reads).
        self.cut = False
        self.error = ""
        self.scroll = 0
        try:
            self.names = shown_profiles(store)
            # A name another copy of the game has since renamed or merged: its player now.
            found = None if profile is None else store.profile(profile)
            profile = profile if found is None else found.name
        except Exception as exc:  # a damaged file must not take the screen down with it
            log.warning("profiles unreadable: %s", exc)
            self.names = []
        if profile is not None and profile not in self.names:
            self.names.insert(0, profile)
        self.filters = filter_choices(store)
        self.player, self.preset_picker = player_and_preset_pickers(
            self.names, profile, preset, self.refresh, self.filters, rules_label
        )
        self.back = Button("Back", self.close, hint="Esc", primary=True)
        self.widgets = WidgetGroup([self.player, self.preset_picker, self.back])
        self.refresh()

    def refresh(self) -> None:
        """Read the player's latest rounds (on the preset, if one is chosen)."""
        self.scroll = 0
        self.error = ""
        self.entries = []
        self.cut = False
        if self.profile is None:
            return
        try:
            # Filtered in the query: the limit counts this preset's rounds, not every round.
            label = self.rules_label
            rounds = self.store.history(self.profile, HISTORY_LIMIT, self.preset, label)
            # A match in play has no result yet: its rounds say which match they belong to.
            matches = self.store.matches(self.profile, HISTORY_LIMIT, self.preset, True, label)
            self.entries, self.cut = latest_rows(rounds, matches, HISTORY_LIMIT)
        except Exception as exc:  # a damaged file must not take the screen down with it
            log.warning("history unreadable: %s", exc)
            self.error = f"The match history could not be read ({exc})."

    # --- frame -----------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        """Place the pickers and the Back button."""
        self.size = size
        self.ui = self.widgets.scale_to(size)
        w, h = size
        place_pickers(w, self.player, self.preset_picker, self.ui, "Match history")
        width = self.back.preferred_width()
        self.back.rect = pygame.Rect(w - 40 - width, h - self.px(76), width, self.px(46))
        self.scroll_by(0)  # a taller window fits more rows: never leave the panel half empty

    def _box(self) -> pygame.Rect:
        w, h = self.size
        top = content_top(self.store.problem or self.error or None, w, self.ui)
        return pygame.Rect(40, top, w - 80, h - self.px(96) - top)

    def visible_rows(self) -> int:
        """How many rounds fit in the panel."""
        return max(1, (self._box().h - self.px(64)) // self.px(ROW_H))

    def scroll_by(self, lines: int) -> None:
        """Scroll the list, never past its ends."""
        most = max(0, len(self.entries) - self.visible_rows())
        self.scroll = max(0, min(most, self.scroll + lines))

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Left/Right the player, Up/Down the preset; Page Up/Down, Home/End or the wheel
        scroll; Esc goes back."""
        if event.type == pygame.KEYDOWN:
            page = self.visible_rows()
            keys: dict[int, Callable[[], None]] = {
                pygame.K_ESCAPE: self.close,
                pygame.K_PAGEUP: lambda: self.scroll_by(-page),
                pygame.K_PAGEDOWN: lambda: self.scroll_by(page),
                pygame.K_HOME: lambda: self.scroll_by(-len(self.entries)),
                pygame.K_END: lambda: self.scroll_by(len(self.entries)),
                **self.picker_keys(),
            }
            action = keys.get(event.key)
            if action is not None:
                action()
                return True
        pickers = (self.player.rect, self.preset_picker.rect)
        if event.type == pygame.MOUSEWHEEL and not any(
            r.collidepoint(pygame.mouse.get_pos()) for r in pickers
        ):
            self.scroll_by(-event.y)
            return True
        self.widgets.handle_event(event)
        return True

    def update(self, dt: float) -> None:
        """Widgets only."""
        self.widgets.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Backdrop, the list of rounds and the Back button."""
        draw_backdrop(surface, "Match history", self.store.problem or self.error or None, self.ui)
        box = self._box()
        theme.blit_panel(surface, box, radius=16)
        self._draw_list(surface, box)
        help_text = "Page Up/Down, Home, End or the wheel scroll · the export holds every round"
        note = theme.text(help_text, self.px(13), theme.MUTED)
        if 40 + note.get_width() + 16 <= self.back.rect.x:
            surface.blit(note, note.get_rect(midleft=(40, self.back.rect.centery)))
        self.widgets.draw(surface)

    def _columns(self, box: pygame.Rect) -> dict[str, int]:
        px = self.px
        wide = box.w >= px(1000)
        # Room under the date for "Tel Aviv · match 123 · round 12".
        when_w = px(240) if wide else px(220)
        result_w = px(170) if wide else px(140)
        return {
            "when": box.x + px(20),
            "result": box.x + px(20) + when_w,
            "seats": box.x + px(20) + when_w + result_w,
            "time": box.right - px(20),
        }

    def _draw_list(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        cols = self._columns(box)
        px = self.px
        row_h = px(ROW_H)
        y = box.y + px(16)
        for text, x, anchor in (
            ("When · rules", cols["when"], "topleft"),
            ("Result", cols["result"], "topleft"),
            ("Seats in the order they finished", cols["seats"], "topleft"),
            ("Time", cols["time"], "topright"),
        ):
            head = theme.text(text, px(14), theme.MUTED, True)
            surface.blit(head, head.get_rect(**{anchor: (x, y)}))
        if not self.entries:
            words = "No rounds recorded here yet: finish a round and it is listed here."
            if self.error:
                words = "The history could not be read."
            note = theme.text(words, px(17), theme.MUTED)
            surface.blit(note, note.get_rect(center=box.center))
            return
        y += px(34)
        shown = self.entries[self.scroll : self.scroll + self.visible_rows()]
        for n, entry in enumerate(shown):
            band = pygame.Rect(box.x + 8, y - px(6), box.w - 16, row_h - px(4))
            if isinstance(entry, MatchEntry):
                # A match's result stands out from the rounds around it.
                fill, edge = (*theme.ACCENT, 34), (*theme.ACCENT, 150)
                theme.blit_panel(surface, band, fill, edge, radius=6, shadow=False)
                self._draw_match(surface, entry, y, cols)
            else:
                if (self.scroll + n) % 2 == 1:
                    fill = (255, 255, 255, 14)
                    theme.blit_panel(surface, band, fill, None, radius=6, shadow=False)
                self._draw_entry(surface, entry, y, cols)
            y += row_h
        if len(self.entries) > len(shown):
            first, last = self.scroll + 1, self.scroll + len(shown)
            more = theme.fit(self.counter(first, last), px(12), box.w - px(40))
            img = theme.text(more, px(12), theme.MUTED)
            surface.blit(img, img.get_rect(bottomright=(box.right - px(20), box.bottom - 4)))

    def counter(self, first: int, last: int) -> str:
        """Which rows are shown, of how many rounds and match results, and where older ones
        are when the list leaves them out: "1–12 of 1,333 rows: the latest 1,000 rounds and
        333 match results · older ones are in the export"."""
        results = sum(1 for row in self.entries if isinstance(row, MatchEntry))
        rounds = len(self.entries) - results
        latest = "the latest " if self.cut else ""
        if results:
            held = f"{latest}{_count(rounds, 'round')} and {_count(results, 'match result')}"
            words = f"{first:,}–{last:,} of {len(self.entries):,} rows: {held}"
        else:
            words = f"{first:,}–{last:,} of {latest}{_count(rounds, 'round')}"
        return words + (" · older ones are in the export" if self.cut else "")

    def _seat_widths(self, cell: SeatCell, tags: str) -> int:
        """The room ``cell`` takes in a row, with its full tag (``tags="full"``), its short
        one or none: place, a gap, name, the tag and the space before the next seat."""
        px = self.px
        width = theme.text_size(cell.mark, px(14))[0] + px(4) + px(16)
        width += theme.text_size(cell.name, px(15), cell.mine)[0]
        tag = {"full": cell.tag, "short": cell.short_tag}.get(tags, "")
        return width + (theme.text_size(tag, px(12))[0] + px(4) if tag else 0)

    def seat_plan(
        self, cells: Sequence[SeatCell], room: int, match: bool = False
    ) -> list[PlannedSeat | None]:
        """What a row shows of ``cells`` (in the order they finished) in ``room`` pixels:
        each seat shown with the name and tag it is drawn with, None where seats are left
        out ("…").

        As many seats as fit, the first places first, and always the player's own (their
        place is what the row is about), each gap marked; a bot's level is shortened to
        "bot" where the seats would not fit otherwise, and kept in full, the first places
        first, where room is left. The others' names share the room (the longest cut short,
        to no less than 100 px in a round's row) before a seat more is left out; a match's
        totals are never shortened, and its names share the room before any seat is. Where
        even the first place and the player's own do not fit so, their names are cut shorter
        still rather than the winner left out (the player's own name is the least news in
        their own history); only when that leaves no name readable, the player's alone, cut
        to the room."""
        n = len(cells)
        own = next((i for i, c in enumerate(cells) if c.mine), None)
        gap = theme.text_size("…", self.px(15))[0] + self.px(16)
        full = [self._seat_widths(c, "full") for c in cells]
        short = full if match else [self._seat_widths(c, "short") for c in cells]
        for first in range(n, 0, -1):
            shown = self._shown(first, own, n)
            gaps = sum(1 for a, b in pairwise(shown) if b > a + 1)
            gaps += shown[-1] < n - 1
            spare = room - sum(short[i] for i in shown) - gaps * gap
            if spare >= 0:
                # Each bot's level back in full, the first places first, while room is left.
                levels: set[int] = set()
                for i in shown:
                    if full[i] - short[i] <= spare:
                        spare -= full[i] - short[i]
                        levels.add(i)
                return self._planned(cells, shown, levels)
            if match and first == n:
                shared = self._shared_names(cells, room)
                if shared is not None:
                    return shared
            # These seats, the longest names cut, before any seat more is left out.
            cut = None if match else self._cut_plan(cells, shown, room, short, self.px(100), True)
            if cut is not None:
                return cut
        # Fewer seats with names that can still be told apart, before more with stubs.
        for least in (self.px(100), self.px(56)):
            for first in range(n, 0, -1):
                cut = self._cut_plan(cells, self._shown(first, own, n), room, short, least)
                if cut is not None:
                    return cut
        # Not even that: the player's own seat (else the winner's), cut to what is left.
        mine = own if own is not None else 0
        cell = cells[mine]
        tags = "full" if match else ""
        before = gap if mine > 0 else 0
        after = gap if mine < n - 1 else 0
        left = room - before - after - (self._seat_widths(cell, tags) - self._name_width(cell))
        name = theme.fit(cell.name, self.px(15), max(self.px(24), left), cell.mine)
        plan: list[PlannedSeat | None] = [None] if before else []
        plan.append(PlannedSeat(cell, name, cell.tag if match else ""))
        return plan + ([None] if after else [])

    @staticmethod
    def _shown(first: int, own: int | None, n: int) -> list[int]:
        """The ``first`` places and the player's own, of ``n`` seats."""
        shown = list(range(min(first, n)))
        if own is not None and own >= first:
            shown.append(own)
        return shown

    def _name_width(self, cell: SeatCell) -> int:
        return theme.text_size(cell.name, self.px(15), cell.mine)[0]

    def _cut_names(self, cells: Sequence[SeatCell], room: int, least: int) -> list[str] | None:
        """The names of ``cells`` cut to fit ``room`` pixels together: the names that fit a
        common width whole, the longer ones cut to the widest such width; None when that
        width is under ``least`` pixels, or when two names would be cut to one."""
        widths = [self._name_width(c) for c in cells]
        left, count, cap = room, len(widths), room
        for width in sorted(widths):
            if width * count > left:
                cap = left // count
                break
            left -= width
            count -= 1
        if cap < least:
            return None
        size = self.px(15)
        names = [
            c.name if w <= cap else theme.fit(c.name, size, cap, c.mine)
            for c, w in zip(cells, widths, strict=True)
        ]
        # Two people cut to one name ("Anna Nowak-…" twice) could not be told apart.
        if len(set(names)) < len({c.name for c in cells}):
            return None
        return names

    def _planned(
        self,
        cells: Sequence[SeatCell],
        shown: list[int],
        levels: set[int],
        names: dict[int, str] | None = None,
    ) -> list[PlannedSeat | None]:
        """The seats ``shown`` (``levels``: those with their full tag; ``names``: those with
        their names cut short, and how), None at each gap."""
        plan: list[PlannedSeat | None] = []
        cut = names or {}
        for a, i in enumerate(shown):
            if a and i > shown[a - 1] + 1:
                plan.append(None)
            cell = cells[i]
            tag = cell.tag if i in levels else cell.short_tag
            plan.append(PlannedSeat(cell, cut.get(i, cell.name), tag))
        if shown[-1] < len(cells) - 1:
            plan.append(None)
        return plan

    def _cut_plan(
        self,
        cells: Sequence[SeatCell],
        shown: list[int],
        room: int,
        short: list[int],
        least: int,
        own_whole: bool = False,
    ) -> list[PlannedSeat | None] | None:
        """The seats ``shown`` with bots' levels short and the longest names cut to share the
        room (``short``: each seat's width so; ``own_whole``: the player's own name kept
        whole); None where a name would be cut under ``least`` pixels."""
        n = len(cells)
        gap = theme.text_size("…", self.px(15))[0] + self.px(16)
        gaps = sum(1 for a, b in pairwise(shown) if b > a + 1) + (shown[-1] < n - 1)
        fixed = sum(short[i] for i in shown) + gaps * gap
        cut = [i for i in shown if not (own_whole and cells[i].mine)]
        fixed -= sum(self._name_width(cells[i]) for i in cut)
        names = self._cut_names([cells[i] for i in cut], room - fixed, least)
        if names is None:
            return None
        return self._planned(cells, shown, set(), dict(zip(cut, names, strict=True)))

    def _shared_names(
        self, cells: Sequence[SeatCell], room: int
    ) -> list[PlannedSeat | None] | None:
        """Every seat of a match with its total, in the room the places and totals leave:
        the names that fit it whole kept whole, only the longest cut (as a round's row cuts
        them: an equal share cut "Tomasz" and "Olek" beside one long name, room to spare);
        None when those would be cut too short to read."""
        fixed = sum(self._seat_widths(c, "full") - self._name_width(c) for c in cells)
        names = self._cut_names(cells, room - fixed, self.px(40))
        if names is None:
            return None
        return [PlannedSeat(c, name, c.tag) for c, name in zip(cells, names, strict=True)]

    def _draw_seats(
        self,
        surface: pygame.Surface,
        cells: Sequence[SeatCell],
        x: int,
        room: int,
        y: int,
        match: bool = False,
    ) -> None:
        """The seats of a row from ``x`` up to ``room`` as ``seat_plan`` has them, the
        player's own picked out."""
        px = self.px
        for planned in self.seat_plan(cells, room - x, match):
            if planned is None:
                surface.blit(theme.text("…", px(15), theme.MUTED), (x, y + 1))
                x += theme.text_size("…", px(15))[0] + px(16)
                continue
            cell = planned.cell
            place = theme.text(cell.mark, px(14), theme.MUTED)
            surface.blit(place, (x, y + 2))
            x += place.get_width() + px(4)
            ink = theme.ACCENT if cell.mine else theme.TEXT
            label = theme.text(planned.name, px(15), ink, cell.mine)
            surface.blit(label, (x, y))
            x += label.get_width()
            if planned.tag:
                tag = theme.text(planned.tag, px(12), theme.MUTED)
                surface.blit(tag, (x + px(4), y + px(3)))
                x += px(4) + tag.get_width()
            x += px(16)

    def _round_seats(self, entry: HistoryEntry, profile: str) -> list[SeatCell]:
        seats = []
        for mark, seat in seats_in_order(entry):
            name, level = seat_label(seat)
            short = "bot" if level else ""
            seats.append(SeatCell(mark, name, level, short, seat.profile == profile))
        return seats

    def _rules_words(self, preset: str) -> str:
        # A preset by its title, custom rules as such; other rules by the name they carry.
        known = preset in PRESETS or preset == "custom"
        return preset_title(preset) if known else preset

    def _rules_line(self, preset: str, label: str | None, tail: str, room: int) -> str:
        """The rules a round or match was played on, then ``tail`` ("· match 2 · round 3"),
        cut to ``room``. A saved rule set goes by its name: "Family (custom rules)" where it
        fits, else a shorter note or none, and then the name cut in its middle, so the tail
        (and the name's end) stay."""
        size = self.px(13)
        if not label or preset != "custom":
            return theme.fit(self._rules_words(preset) + tail, size, room)
        for note in (" (custom rules)", " (custom)", ""):
            if theme.text_size(f"{label}{note}{tail}", size)[0] <= room:
                return f"{label}{note}{tail}"
        name_room = room - theme.text_size(tail, size)[0]
        if name_room < self.px(40):
            return theme.fit(label + tail, size, room)
        return fit_middle(label, size, name_room) + tail

    def _draw_match(
        self, surface: pygame.Surface, entry: MatchEntry, y: int, cols: dict[str, int]
    ) -> None:
        """A match's result: the target, every seat by its total, who reached the target."""
        profile = self.profile or ""
        px = self.px
        when = datetime.fromtimestamp(entry.ended_at).strftime("%d %b %Y %H:%M")
        column_room = cols["result"] - cols["when"] - px(12)
        tail = f" · match {entry.match_id} · result"
        rules = self._rules_line(entry.preset, entry.rules_label, tail, column_room)
        surface.blit(theme.text(when, px(16), theme.TEXT), (cols["when"], y))
        surface.blit(theme.text(rules, px(13), theme.ACCENT), (cols["when"], y + px(22)))
        mine = own_seat(entry.seats, profile)
        ink = theme.GOLD if mine is not None and mine.won else theme.TEXT
        result, shared = result_lines(entry, profile, cols["seats"] - cols["result"] - px(12), px)
        surface.blit(theme.text(result, px(17), ink, True), (cols["result"], y))
        if shared:
            surface.blit(theme.text(shared, px(13), theme.MUTED), (cols["result"], y + px(22)))
        if entry.abandoned:  # no order of finishing: round the table, as a round left early
            order = [("–", s) for s in sorted(entry.seats, key=lambda s: s.seat)]
        else:
            order = [
                (f"{s.place}.", s) for s in sorted(entry.seats, key=lambda s: (s.place, s.seat))
            ]
        seats = [
            SeatCell(mark, seat_label(s)[0], str(s.total), str(s.total), s.profile == profile)
            for mark, s in order
        ]
        self._draw_seats(surface, seats, cols["seats"], cols["time"] - px(90), y, match=True)
        room = cols["time"] - cols["seats"]
        note = theme.fit(match_note(entry, room, px(13), px(40)), px(13), room)
        surface.blit(theme.text(note, px(13), theme.MUTED), (cols["seats"], y + px(22)))
        duration = theme.text(format_duration(entry.duration_s), px(16), theme.TEXT)
        surface.blit(duration, duration.get_rect(topright=(cols["time"], y)))

    def _draw_entry(
        self, surface: pygame.Surface, entry: HistoryEntry, y: int, cols: dict[str, int]
    ) -> None:
        profile = self.profile or ""
        px = self.px
        when = datetime.fromtimestamp(entry.ended_at).strftime("%d %b %Y %H:%M")
        tail = ""
        if entry.match_id is not None:  # two matches' rounds are told apart by their match
            tail += f" · match {entry.match_id}"
        if entry.is_match:
            tail += f" · round {entry.round_no}"
        column_room = cols["result"] - cols["when"] - px(12)
        surface.blit(theme.text(when, px(16), theme.TEXT), (cols["when"], y))
        rules = self._rules_line(entry.preset, entry.rules_label, tail, column_room)
        surface.blit(theme.text(rules, px(13), theme.MUTED), (cols["when"], y + px(22)))
        mine = own_seat(entry.seats, profile)
        ink = theme.GOLD if mine is not None and mine.won and not entry.abandoned else theme.TEXT
        result, shared = result_lines(entry, profile, cols["seats"] - cols["result"] - px(12), px)
        surface.blit(theme.text(result, px(17), ink, True), (cols["result"], y))
        if shared:
            surface.blit(theme.text(shared, px(13), theme.MUTED), (cols["result"], y + px(22)))
        # Every seat in the order it finished, the player's own name picked out.
        seats = self._round_seats(entry, profile)
        self._draw_seats(surface, seats, cols["seats"], cols["time"] - px(90), y)
        # Under them, a blocked round said first (it is why the winner was charged too, in
        # a points preset: cut from the end of a long rules line, it went unsaid), then the
        # player's own tallies.
        notes = ["Blocked round"] if entry.blocked else []
        if mine is not None and seat_summary(mine):
            notes.append(seat_summary(mine))
        if notes:
            tallies = theme.fit(" · ".join(notes), px(13), cols["time"] - cols["seats"])
            surface.blit(theme.text(tallies, px(13), theme.MUTED), (cols["seats"], y + px(22)))
        duration = theme.text(format_duration(entry.duration_s), px(16), theme.TEXT)
        surface.blit(duration, duration.get_rect(topright=(cols["time"], y)))

"""The statistics screen: one profile's figures and charts, over all presets or one.

Everything shown is read from the store when the profile or preset changes and kept in
``tiles`` and two prepared chart surfaces; drawing a frame only blits them.
"""

from __future__ import annotations

import contextlib
import logging
import math
import os
import time
from collections.abc import Callable, Sequence
from datetime import datetime
from itertools import pairwise
from pathlib import Path

import platformdirs
import pygame

from game.engine import PRESETS
from game.store import OVERALL, ProfileStats, RankRow, Store
from game.store.background import StoreJob
from game.store.export import matches_path, stats_path
from game.store.files import remove_stale_temporaries
from game.store.models import name_key
from game.store.paths import HOME_ENV, where
from game.ui import theme
from game.ui.charts import (
    Axis,
    Picker,
    RefLine,
    Series,
    content_top,
    draw_backdrop,
    nice_ticks,
    render_line_chart,
)
from game.ui.layout import Scaled
from game.ui.records import Tile, preset_title, stat_tiles
from game.ui.scene import Scene
from game.ui.widgets import Button, WidgetGroup

__all__ = [
    "BOT_COLOURS",
    "PRESET_CHOICES",
    "SPANS",
    "PlayerAndPreset",
    "StatsScene",
    "clear_cache",
    "export_folder",
    "filter_choices",
    "filter_title",
    "place_pickers",
    "player_and_preset_pickers",
    "preset_choices",
]

log = logging.getLogger(__name__)

PRESET_CHOICES: tuple[str | None, ...] = (None, *PRESETS)
"""The preset filter: every preset (None) or one of them."""

Filter = tuple[str | None, str | None]
"""A choice of the preset filter: the preset (None: all), and the name of the saved custom
rules it keeps to (None: any), with preset ``custom``."""

PRESET_FILTERS: tuple[Filter, ...] = tuple((p, None) for p in PRESET_CHOICES)

SPANS = (50, 200, 1000)
"""How many recent games the win-rate chart can cover (N cycles through them)."""

_CACHE: dict[tuple[object, ...], tuple[ProfileStats, list[RankRow]]] = {}
_CACHE_SIZE = 32


def clear_cache() -> None:
    """Forget every remembered statistics read (benchmarks measure uncached opens)."""
    _CACHE.clear()


def _read(
    store: Store, profile: str, preset: str | None, label: str | None = None
) -> tuple[ProfileStats, list[RankRow]]:
    """A profile's statistics and its scope's leaderboard, remembered until anything at all
    is written (a round recorded, a match given up, a profile renamed or merged, by this
    copy of the game or another): on 10,000 rounds the query is most of the screen's open
    time, and players flip between presets and come back to this screen often."""
    key = (store.revision(), profile, preset, label)
    found = _CACHE.get(key)
    if found is None:
        stats = store.profile_stats(profile, preset, rules_label=label)
        board = store.leaderboard(OVERALL if preset is None else preset, label)
        found = (stats, board)
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.pop(next(iter(_CACHE)))
        _CACHE[key] = found
    return found


Exported = tuple[list[Path], int, int, int]

# An export runs on a thread of its own (a long-time player's takes seconds) and belongs to
# the statistics file, not to the screen that started it. Back leaves at once while the
# export goes on to write its file: the player asked for it and a half-made one is of no
# use. The statistics screen open on that file when it ends (this one, or one opened again
# later) says where it went. One export per file at a time: a second is refused meanwhile.
_exports: dict[Path | None, StoreJob[Exported]] = {}


BOT_COLOURS = {
    "random": (170, 170, 170),
    "easy": (120, 210, 140),
    "medium": (120, 180, 255),
    "hard": (255, 130, 120),
}


def export_folder() -> Path:
    """Where exports go: the data folder under MACAU_HOME, else Documents, else home."""
    if os.environ.get(HOME_ENV):
        return where("data")
    for candidate in (platformdirs.user_documents_dir(), str(Path.home())):
        folder = Path(candidate)
        if folder.is_dir():
            return folder
    return where("data")


def _listed(names: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def shown_profiles(store: Store) -> list[str]:
    """The players the statistics and the history offer: none before a person has finished a
    round (only the bots' empty profiles exist then, and "Bot · easy" is nobody's own), and
    of the bot levels only those that have played (every level's profile exists from the
    start). A person's profile is offered as soon as it is made."""
    found = store.profiles()
    if not any(p.kind == "human" for p in found):
        return []
    played = store.played() if any(p.is_bot for p in found) else set()
    return [p.name for p in found if not p.is_bot or p.name in played]


def preset_choices(store: Store) -> tuple[str | None, ...]:
    """The preset filter's choices: every preset, then ``custom`` (rounds on custom rules)
    and any other rules recorded, once a round was played on them."""
    try:
        played = store.presets()
    except Exception:  # a damaged file: the presets the game knows are offered
        played = []
    return (*PRESET_CHOICES, *(p for p in played if p not in PRESETS))


def filter_choices(store: Store) -> tuple[Filter, ...]:
    """The preset filter's choices on the statistics, the history and the rankings:
    ``preset_choices``, with each name custom rules were saved under and played on after
    "Custom rules"."""
    try:
        labels = store.rule_set_labels()
    except Exception:  # a damaged file: the presets the game knows are offered
        labels = []
    out: list[Filter] = []
    for preset in preset_choices(store):
        out.append((preset, None))
        if preset == "custom":
            out += [("custom", label) for label in labels]
    return tuple(out)


def filter_title(choice: Filter) -> str:
    """How a choice of the preset filter reads: "Polish", "Custom rules", "Custom: Family"."""
    preset, label = choice
    return preset_title(preset) if label is None else f"Custom: {label}"


def player_and_preset_pickers(
    names: list[str],
    profile: str | None,
    preset: str | None,
    on_change: Callable[[], None],
    choices: tuple[Filter, ...] = PRESET_FILTERS,
    label: str | None = None,
) -> tuple[Picker, Picker]:
    """The player (← →) and preset (↑ ↓) pickers the statistics and the history share;
    ``choices`` are the preset filter's (see ``filter_choices``), ``preset`` and ``label``
    the one to show first."""
    start = names.index(profile) if profile in names else 0
    player = Picker("Player  ← →", names, start, lambda _: on_change())
    first = (preset, label) if (preset, label) in choices else (preset, None)
    preset_picker = Picker(
        "Preset  ↑ ↓",
        [filter_title(c) for c in choices],
        choices.index(first) if first in choices else 0,
        lambda _: on_change(),
        people=False,
    )
    return player, preset_picker


class PlayerAndPreset:
    """What a screen with ``player_and_preset_pickers`` shows: a player and a preset filter."""

    names: list[str]
    player: Picker
    preset_picker: Picker
    filters: tuple[Filter, ...] = PRESET_FILTERS

    @property
    def profile(self) -> str | None:
        """The player shown."""
        return self.names[self.player.index] if self.names else None

    @property
    def preset(self) -> str | None:
        """The preset filter (None: every preset and custom rule set)."""
        return self.filters[self.preset_picker.index][0]

    @property
    def rules_label(self) -> str | None:
        """The saved custom rules the filter keeps to (None: any rules of the preset)."""
        return self.filters[self.preset_picker.index][1]

    def picker_keys(self) -> dict[int, Callable[[], None]]:
        """↑ ↓ step the preset, ← → the player (unless a picker has the focus: it takes them)."""
        keys: dict[int, Callable[[], None]] = {
            pygame.K_UP: lambda: self.preset_picker.step(-1),
            pygame.K_DOWN: lambda: self.preset_picker.step(1),
        }
        if not (self.player.focused or self.preset_picker.focused):
            keys[pygame.K_LEFT] = lambda: self.player.step(-1)
            keys[pygame.K_RIGHT] = lambda: self.player.step(1)
        return keys


def picker_needs(picker: Picker, ui: float = 1.0) -> int:
    """How wide ``picker`` must be (at scale ``ui``) to show its longest option whole."""
    size = round(19 * ui)
    widest = max((theme.text_size(o, size, True)[0] for o in picker.options), default=0)
    return widest + round(72 * ui)  # the arrows either side


def place_pickers(
    width: int, player: Picker, preset_picker: Picker, ui: float = 1.0, title: str = ""
) -> None:
    """Both pickers at the top right of a window ``width`` wide (at scale ``ui``), the
    player's narrower where the screen's ``title`` (drawn at the top left) needs the room.
    Each is as wide as its longest option needs, within bounds: the player's first (up to
    its usual width), then the preset's (for "Custom: Family Tel Aviv") from what is left."""

    def px(n: float) -> int:
        return round(n * ui)

    def needs(picker: Picker) -> int:
        return picker_needs(picker, ui)

    title_end = 40 + theme.text_size(title, round(34 * ui), True)[0] + px(20) if title else 40
    room = width - 40 - title_end - px(24)  # both pickers and the gap between them
    person = min(px(280), max(px(160), needs(player)))
    wide = max(px(230), min(needs(preset_picker), room - person))
    preset_picker.rect = pygame.Rect(width - 40 - wide, px(38), wide, px(42))
    right = preset_picker.rect.x - px(24)
    left = max(right - px(280), title_end)
    player.rect = pygame.Rect(left, px(38), max(px(160), right - left), px(42))


class StatsScene(PlayerAndPreset, Scaled, Scene):
    """Statistics of one profile with a preset filter, two charts and CSV/JSON export."""

    def __init__(
        self,
        store: Store,
        profile: str | None = None,
        preset: str | None = None,
        *,
        export_dir: Path | None = None,
        rules_label: str | None = None,
    ) -> None:
        super().__init__()
        self.store = store
        self.export_dir = export_dir
        self.size = (1280, 800)
        self.message = ""
        self.message_is_error = False
        self.exported: list[Path] = []  # the files the last export this screen saw wrote
        self.span = SPANS[1]
        self.stats: ProfileStats | None = None
        self.tiles: list[Tile] = []
        self.bot_ratings: dict[str, float] = {}
        self._charts: tuple[pygame.Surface, pygame.Surface] | None = None
        self._stale = False
        self._shown_id: int | None = None  # the profile shown when another screen opened
        self._moved_to: str | None = None  # where the profiles screen moved that one's games
        self._wrapped: tuple[tuple[str, int, int], list[str]] = (("", 0, 0), [])
        self.names = self._profile_names()
        self.filters = filter_choices(store)
        self.player, self.preset_picker = player_and_preset_pickers(
            self.names, profile, preset, self.refresh, self.filters, rules_label
        )
        self.buttons = [
            Button("Export CSV", self.export_csv, hint="C"),
            Button("Export JSON", self.export_json, hint="J"),
            Button("Profiles", self.open_profiles, hint="P"),
            Button("Rankings", self.open_rankings, hint="R"),
            Button("History", self.open_history, hint="H"),
            Button("Back", self.close, hint="Esc", primary=True),
        ]
        self.widgets = WidgetGroup([self.player, self.preset_picker, *self.buttons])
        self.refresh()
        unread = store.stand_in or (store.salvage is not None and store.salvage.nothing)
        if not unread and not self.names and not self.message_is_error:
            # Before anyone has finished a round only the bots have profiles. (Statistics
            # that could not be read, or recovered from a damaged file, are no sign of
            # that: the store's problem says so.)
            self._say("No rounds of yours yet: finish one and your statistics appear here.")
        if self.export_job is not None:
            self._say("Exporting… (started before this screen was opened)")
        self._enable_exports()

    # --- data ------------------------------------------------------------------------------
    def _profile_names(self) -> list[str]:
        try:
            return shown_profiles(self.store)
        except Exception as exc:  # a damaged file must not take the screen down with it
            log.warning("profiles unreadable: %s", exc)
            self._say(f"The statistics could not be read ({exc}).", error=True)
            return []

    def refresh(self) -> None:
        """Read the shown profile's figures and rebuild the charts."""
        self._charts = None
        self.stats = None
        self.tiles = []
        if self.profile is None:
            return
        try:
            self.stats, board = _read(self.store, self.profile, self.preset, self.rules_label)
        except Exception as exc:  # a damaged file must not take the screen down with it
            log.warning("statistics unreadable: %s", exc)
            self._say(f"The statistics could not be read ({exc}).", error=True)
            return
        if self.stats.profile != self.profile:
            # Renamed or merged by another copy of the game: the statistics follow the old
            # name to the player, and so do the picker and the rankings' line.
            self.names = self._profile_names()
            self.player.options = self.names
            if self.stats.profile in self.names:
                self.player.index = self.names.index(self.stats.profile)
        mine = next((row for row in board if row.profile == self.stats.profile), None)
        self.bot_ratings = {row.bot_level: row.mu for row in board if row.bot_level}
        shared = mine is not None and sum(row.rank == mine.rank for row in board) > 1
        self.tiles = stat_tiles(self.stats, mine, len(board), shared)

    def _say(self, text: str, error: bool = False) -> None:
        self.message = text
        self.message_is_error = error
        self._charts = None  # the message takes room from the charts

    def _message_lines(self) -> list[str]:
        """The message wrapped to the window (a long export path broken at its folders),
        at most three lines."""
        if not self.message:
            return []
        key = (self.message, self.px(14), self.size[0] - 80)
        if self._wrapped[0] != key:  # worked out once per message and size, not every frame
            self._wrapped = (key, theme.at_most(theme.wrap_long_words(*key), 3, *key[1:]))
        return self._wrapped[1]

    # --- actions ---------------------------------------------------------------------------
    def export_csv(self) -> None:
        """The Export CSV button and its key."""
        self.export(".csv")

    def export_json(self) -> None:
        """The Export JSON button and its key."""
        self.export(".json")

    @property
    def export_job(self) -> StoreJob[Exported] | None:
        """The export of this screen's statistics file that is running or not yet told."""
        return _exports.get(self.store.path)

    def export(self, suffix: str) -> bool:
        """Start writing the statistics as CSV or JSON to the export folder (the screen says
        where once it is done); False, and why, if an export is running already."""
        if self.export_job is not None:
            self._say("Still exporting: one export at a time.")
            return False
        folder = self.export_dir or export_folder()
        stamp = datetime.now().strftime("%Y-%m-%d_%H%M%S")
        target, claimed = _claim(folder, f"macau-statistics_{stamp}", suffix)
        # What an export stopped mid-write (the game killed) left in the folder goes first.
        remove_stale_temporaries(target, any_name="macau-statistics_*")

        def run(store: Store) -> Exported:
            try:
                return store.export_counted(target)
            except BaseException:
                if claimed:  # the empty file that held the name, unless written meanwhile
                    with contextlib.suppress(OSError):
                        if target.stat().st_size == 0:
                            target.unlink()
                raise

        _exports[self.store.path] = StoreJob(self.store, run)
        self._say(f"Exporting {target.name}…")
        self._enable_exports()
        return True

    def _export_ended(self, job: StoreJob[Exported]) -> None:
        """Say where the export went, or why it failed."""
        try:
            written = job.result()[0]
        except Exception as exc:  # shown to the player, who can pick another folder later
            log.warning("export failed: %s", exc)
            self._say(f"Export failed: {exc}", error=True)
            return
        self.exported = written
        # The folder once, then the files' names: two full paths would not fit the window.
        folders = {p.parent for p in written}
        if len(folders) == 1:
            self._say(f"Exported {_listed([p.name for p in written])} to {next(iter(folders))}")
        else:
            self._say("Exported to " + _listed([str(p) for p in written]))

    def _enable_exports(self) -> None:
        idle = self.export_job is None
        for button in self.buttons[:2]:
            button.enabled = idle

    def open_profiles(self) -> None:
        """Open the profiles screen on top; this one reloads when it comes back."""
        from game.ui.profiles_scene import ProfilesScene

        if self.stack is not None:
            self.stack.push(ProfilesScene(self.store, on_moved=self._moved))

    def _moved(self, old: str, new: str) -> None:
        """A rename or a merge on the profiles screen: the player shown follows their games
        (by name, as a profile merged away may be gone by the time this screen is back)."""
        shown = self._moved_to or self.profile
        if shown is not None and name_key(old) == name_key(shown):
            self._moved_to = new

    def open_rankings(self) -> None:
        """Open the rankings on top, on the preset shown here."""
        from game.ui.rankings_scene import RankingsScene

        if self.stack is not None:
            scope = self.preset or OVERALL
            self.stack.push(RankingsScene(self.store, scope, self.rules_label))

    def open_history(self) -> None:
        """Open the match history of the player and preset shown here."""
        from game.ui.history_scene import HistoryScene

        if self.stack is not None:
            history = HistoryScene(self.store, self.profile, self.preset, self.rules_label)
            self.stack.push(history)

    def pause(self) -> None:
        """Another screen may rename or merge profiles: reload on return, still showing the
        same player (by the profile, since its name may change)."""
        self._stale = True
        self._shown_id = None
        if self.profile is not None:
            try:
                found = self.store.profile(self.profile)
            except Exception:  # a damaged file: the list falls back to its first player
                found = None
            self._shown_id = None if found is None else found.id

    def resume(self) -> None:
        """Reload the profile list if a screen above may have changed it; the player shown
        is followed through a rename, or into the profile it was merged into."""
        if not self._stale:
            return
        self._stale = False
        shown = self._moved_to or self._name_now(self._shown_id) or self.profile
        self._moved_to = None
        self.names = self._profile_names()
        self.player.options = self.names
        self.player.index = self.names.index(shown) if shown in self.names else 0
        self.refresh()

    def _name_now(self, profile_id: int | None) -> str | None:
        """The name profile ``profile_id`` goes by now, following merges; None if gone."""
        if profile_id is None:
            return None
        try:
            by_id = {p.id: p for p in self.store.profiles(include_merged=True)}
        except Exception:  # a damaged file: the list falls back to its first player
            return None
        found = by_id.get(profile_id)
        seen: set[int] = set()
        while found is not None and found.merged_into is not None and found.id not in seen:
            seen.add(found.id)
            found = by_id.get(found.merged_into)
        return None if found is None else found.name

    # --- frame -----------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        """Lay out pickers, tiles, charts and buttons for ``size``."""
        self.size = size
        self.ui = self.widgets.scale_to(size)
        px = self.px
        w, h = size
        place_pickers(w, self.player, self.preset_picker, self.ui, "Statistics")
        y, button_h = h - px(76), px(46)
        back = self.buttons[-1]
        back.rect = pygame.Rect(
            w - 40 - back.preferred_width(), y, back.preferred_width(), button_h
        )
        # The other buttons share the row left of Back; in a narrow window their labels get
        # smaller rather than run into it.
        row = self.buttons[:-1]
        room = back.rect.x - 24 - 40
        for label_size in (20, 18, 16, 14):
            for button in row:
                button.size = px(label_size)
            gap = px(14 if label_size == 20 else 10)
            if sum(b.preferred_width() for b in row) + gap * (len(row) - 1) <= room:
                break
        # Narrower still (an 800×600 screen): less room around each label, as far as it goes.
        widths = [b.preferred_width() for b in row]
        excess = sum(widths) + gap * (len(row) - 1) - room
        if excess > 0:
            gap = px(6)
            excess = sum(widths) + gap * (len(row) - 1) - room
            cut = min(px(24), max(0, -(-excess // len(row))))
            widths = [w - cut for w in widths]
        x = 40
        for button, width in zip(row, widths, strict=True):
            button.rect = pygame.Rect(x, y, width, button_h)
            x += width + gap
        self._charts = None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Arrows pick player and preset, N the chart span, letters the buttons."""
        if event.type == pygame.KEYDOWN:
            keys: dict[int, Callable[[], None]] = {
                pygame.K_ESCAPE: self.close,
                pygame.K_c: self.export_csv,
                pygame.K_j: self.export_json,
                pygame.K_p: self.open_profiles,
                pygame.K_r: self.open_rankings,
                pygame.K_h: self.open_history,
                pygame.K_n: self.next_span,
                **self.picker_keys(),
            }
            action = keys.get(event.key)
            if action is not None:
                action()
                return True
        self.widgets.handle_event(event)
        return True

    def _span_legend(self, short: bool = False) -> str:
        """How many games the win-rate chart shows, and what N does: more, or back to
        fewer after the most; nothing where every game is shown at the fewest. ``short``:
        the same in fewer words, for a narrow window ("last 1,000 · N: fewer")."""
        games = self.stats.games if self.stats else 0
        if games <= SPANS[0]:
            return (f"all {games:,}" if short else f"every round ({games:,})") if games else ""
        more = "more" if games > self.span and self.span != SPANS[-1] else "fewer"
        shown = f"last {self.span:,}" if games > self.span else f"all {games:,}"
        if short:
            return f"{shown} · N: {more}"
        return f"{shown} rounds · N shows {more}"

    def next_span(self) -> None:
        """Show more (or, after the most or every game, fewer) recent games in the win-rate
        chart."""
        games = self.stats.games if self.stats else 0
        if games <= self.span:  # every game shown: more would show the same
            self.span = SPANS[0]
        else:
            self.span = SPANS[(SPANS.index(self.span) + 1) % len(SPANS)]
        self._charts = None

    def update(self, dt: float) -> None:
        """Widgets, and the end of a running export; the figures change on input only."""
        job = self.export_job
        if job is not None and job.poll():
            del _exports[self.store.path]
            self._export_ended(job)
            self._enable_exports()
        self.widgets.update(dt)

    def _layout(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The tiles panel and the two chart panels."""
        w, h = self.size
        px = self.px
        top = content_top(self.store.problem, w, self.ui)
        # The message has its lines between the panels and the buttons.
        bottom = h - px(96) - len(self._message_lines()) * self._message_line_h()
        share = 0.38 if w >= 960 else 0.42  # (an 800×600 screen: the tiles' words need it)
        tiles = pygame.Rect(40, top, min(px(460), int(w * share)), bottom - top)
        right_x = tiles.right + px(20)
        right_w = w - 40 - right_x
        gap = px(16)
        half = (bottom - top - gap) // 2
        win = pygame.Rect(right_x, top, right_w, half)
        rating = pygame.Rect(right_x, top + half + gap, right_w, bottom - top - half - gap)
        return tiles, win, rating

    def charts(self) -> tuple[pygame.Surface, pygame.Surface]:
        """The two chart surfaces, rendered for the current data and size."""
        if self._charts is None:
            _, win_box, rating_box = self._layout()
            inset, head = self.px(28), self.px(56)
            self._charts = (
                self._win_chart((win_box.w - inset, win_box.h - head)),
                self._rating_chart((rating_box.w - inset, rating_box.h - head)),
            )
        return self._charts

    def _win_chart(self, size: tuple[int, int]) -> pygame.Surface:
        stats = self.stats
        points: list[tuple[float, float]] = []
        games = stats.games if stats else 0
        if stats and stats.win_rate_series:
            # The store keeps a point for every one of the latest rounds, the last being
            # round ``games``: the span is cut out of them first, and the chart then thins
            # what is left to its width, so a short span keeps every round it covers.
            series = stats.win_rate_series
            number = games - len(series) + 1
            points = [
                (number + n, point.win_rate * 100)
                for n, point in enumerate(series)
                if number + n > games - self.span
            ]
        lo, hi = float(max(1, games - self.span + 1)), float(max(2, games))
        x_ticks = [t for t in nice_ticks(lo, hi, 5) if float(t).is_integer()] if points else []
        if games == 1:
            # One game: its point in the middle, under its own number only.
            lo, hi, x_ticks = 0.5, 1.5, [1.0] if points else []
        refs = []
        if stats and stats.games:
            refs.append(RefLine(stats.win_rate * 100, f"all-time {stats.win_rate:.0%}"))
        return render_line_chart(
            size,
            [Series(points, theme.ACCENT, 2)],
            Axis(lo, hi, x_ticks, lambda v: f"#{v:,.0f}", "round number"),
            Axis(0, 100, (0, 25, 50, 75, 100), lambda v: f"{v:.0f}%"),
            refs=refs,
            empty_text="No finished rounds yet",
            ui=self.ui,
        )

    def _rating_chart(self, size: tuple[int, int]) -> pygame.Surface:
        history = self.stats.rating_series if self.stats else ()
        points = [(p.at, p.mu) for p in history]
        band = [(p.at, p.mu - p.sigma, p.mu + p.sigma) for p in history]
        refs = [
            RefLine(mu, f"{level} {mu:.1f}", BOT_COLOURS.get(level, theme.MUTED))
            for level, mu in self.bot_ratings.items()
        ]
        values = [y for _, y in points] + [r.y for r in refs] or [25.0]
        lo, hi = min(values) - 3, max(values) + 3
        # The rounds in the order they were rated, which a clock set back since may have
        # stamped out of order: the axis spans the earliest to the latest.
        t0 = min(p.at for p in history) if history else time.time()
        t1 = max(t0 + 1, max(p.at for p in history) if history else t0)
        fmt = _time_format(t0, t1)
        x_ticks = _time_ticks(t0, t1) if history else []
        if len({p.at for p in history}) == 1:
            # One moment: the point in the middle of an hour, under its date and time.
            at = history[0].at
            t0, t1, x_ticks, fmt = at - 1800, at + 1800, [at], "%d %b %H:%M"
        return render_line_chart(
            size,
            [Series(points, (140, 200, 255), 2, band)],
            Axis(t0, t1, x_ticks, _tick_label(fmt, x_ticks), ""),
            Axis(lo, hi, nice_ticks(lo, hi, 7), lambda v: f"{v:g}"),
            refs=refs,
            empty_text="No rated rounds yet",
            ui=self.ui,
        )

    def draw(self, surface: pygame.Surface) -> None:
        """Backdrop, tiles, charts, buttons and the last message."""
        draw_backdrop(surface, "Statistics", self.store.problem, self.ui)
        px = self.px
        tiles_box, win_box, rating_box = self._layout()
        theme.blit_panel(surface, tiles_box, radius=16)
        self._draw_tiles(surface, tiles_box)
        win_chart, rating_chart = self.charts()
        # Under one custom rule set's name, the rating over its rounds alone.
        scope = filter_title((self.preset, self.rules_label))
        heads = (
            (
                win_box,
                f"Win rate · rolling {self.stats.window if self.stats else 20} rounds",
                (self._span_legend(), self._span_legend(short=True)),
            ),
            (
                rating_box,
                f"Rating over time · {scope}",
                ("shade ± σ · dashed: bots today", "± σ · dashed: bots"),
            ),
        )
        for (box, title, legends), chart in zip(heads, (win_chart, rating_chart), strict=True):
            theme.blit_panel(surface, box, radius=16)
            words, legend = self._chart_head(box.w - px(36), title, legends)
            label = theme.text(words, px(18), theme.TEXT, True)
            surface.blit(label, (box.x + px(18), box.y + px(14)))
            if legend:
                note = theme.text(legend, px(13), theme.MUTED)
                surface.blit(note, note.get_rect(topright=(box.right - px(18), box.y + px(18))))
            surface.blit(chart, (box.x + px(14), box.y + px(46)))
        colour = (255, 150, 140) if self.message_is_error else theme.MUTED
        y = rating_box.bottom + px(8)
        for line in self._message_lines():
            surface.blit(theme.text(line, px(14), colour), (40, y))
            y += self._message_line_h()
        self.widgets.draw(surface)

    def _chart_head(self, room: int, title: str, legends: tuple[str, str]) -> tuple[str, str]:
        """A chart's title and the legend beside it in ``room`` pixels: the legend in full,
        else in short (it says what N does), else none; the title cut short only where even
        alone it does not fit (a long rule set's name)."""
        px = self.px
        width = theme.text_size(title, px(18), True)[0]
        for legend in legends:
            if legend and width + px(16) + theme.text_size(legend, px(13))[0] <= room:
                return title, legend
        return theme.fit(title, px(18), room, True), ""

    def _message_line_h(self) -> int:
        return theme.text_size("Ag", self.px(14))[1] + 1

    def _draw_tiles(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        px = self.px
        if not self.tiles:
            note = theme.text("No statistics to show", px(18), theme.MUTED)
            surface.blit(note, note.get_rect(center=box.center))
            return
        cols, rows = 2, (len(self.tiles) + 1) // 2
        cell_w = (box.w - px(24)) // cols
        cell_h = (box.h - px(24)) // rows
        for i, tile in enumerate(self.tiles):
            x = box.x + px(12) + (i % cols) * cell_w + px(10)
            y = box.y + px(12) + (i // cols) * cell_h + px(6)
            # A narrow window's cells are narrow: each line fits its cell, smaller or cut short.
            # A last tile alone on its row has the row (room for its note beside its value).
            alone = i == len(self.tiles) - 1 and i % cols == 0
            room = (cell_w * (cols if alone else 1)) - px(16)
            size = theme.fit_size(tile.label, px(14), room, True, px(11))
            label = theme.fit(tile.label, size, room, True)
            surface.blit(theme.text(label, size, theme.MUTED, True), (x, y))
            value_size = px(30) if cell_h >= px(96) else px(22)
            # A long value ("Custom rules" as the favourite) shrinks, then is cut, in its cell.
            size = theme.fit_size(tile.value, value_size, room, True, px(18))
            value = theme.text(theme.fit(tile.value, size, room, True), size, theme.TEXT, True)
            line_h = theme.text_size("Ag", value_size, True)[1]
            value_at = (x, y + px(20) + (line_h - value.get_height()) // 2)
            surface.blit(value, value_at)
            if tile.note:
                # Its line, and how low it may reach: clear of the next row's label, or
                # of the panel's edge under the last row.
                foot = y + cell_h - (px(4) if i // cols == rows - 1 else px(10))
                below = (y + px(24 + 4) + value_size, foot)
                _draw_tile_note(surface, tile.note, value, value_at, below, room, px)


def _draw_tile_note(
    surface: pygame.Surface,
    note: str,
    value: pygame.Surface,
    value_at: tuple[int, int],
    below: tuple[int, int],
    room: int,
    px: Callable[[float], int],
) -> None:
    """A tile's context line ("lower is better", "#2 of 4", "1 match given up") under its
    value; in a small window, where the cell has no room under it, beside the value when
    it fits there whole, on one line or on two as tall as the value, so a figure such as
    "—" for matches won is not left unexplained. Where neither fits it is left out: the
    figures come first."""
    x, value_y = value_at
    note_y, cell_bottom = below
    if note_y + px(16) <= cell_bottom:
        size = theme.fit_size(note, px(13), room, False, px(11))
        surface.blit(theme.text(theme.fit(note, size, room), size, theme.MUTED), (x, note_y))
        return
    beside = room - value.get_width() - px(8)
    size = theme.fit_size(note, px(13), beside, False, px(11))
    lines = [note]
    if theme.text_size(note, size)[0] > beside:
        size = px(11)
        lines = theme.wrap(note, size, beside)
        tall = len(lines) * theme.text_size("Ag", size)[1]
        if len(lines) > 2 or tall > value.get_height() + px(4):
            return
        if any(theme.text_size(line, size)[0] > beside for line in lines):
            return
    bottom = value_y + value.get_height() - px(3)  # on the value's baseline, near enough
    for line in reversed(lines):
        image = theme.text(line, size, theme.MUTED)
        at = image.get_rect(bottomleft=(x + value.get_width() + px(8), bottom))
        surface.blit(image, at)
        bottom = at.top


def _time_ticks(t0: float, t1: float) -> list[float]:
    """Where the rating chart's time axis from ``t0`` to ``t1`` is marked: five ticks evenly
    apart, or under four seconds, where those would repeat a second, each whole second."""
    if t1 - t0 >= 4:
        return [t0 + (t1 - t0) * i / 4 for i in range(5)]
    return [float(s) for s in range(math.ceil(t0), math.floor(t1) + 1)]


def _tick_label(fmt: str, ticks: Sequence[float]) -> Callable[[float], str]:
    """How each tick of a time axis in ``fmt`` reads: as local time, and with its zone
    where the clocks were put back between two ticks (summer time ending), which would
    otherwise read 01:00, 01:30, 01:00, 01:30."""
    local = [datetime.fromtimestamp(t) for t in ticks]
    if all(a < b for a, b in pairwise(local)):
        return lambda v: datetime.fromtimestamp(v).strftime(fmt)
    return lambda v: datetime.fromtimestamp(v).astimezone().strftime(f"{fmt} %Z")


def _time_format(t0: float, t1: float) -> str:
    """How the rating chart's time axis from ``t0`` to ``t1`` reads: each of its five ticks
    told apart, and in order (20:31 then 07:31 would seem to go back without the day, Oct
    then Jul without the year)."""
    span = t1 - t0
    first, last = datetime.fromtimestamp(t0), datetime.fromtimestamp(t1)
    if span <= 8 * 60:
        return "%H:%M:%S"  # minutes apart from a few minutes on
    if span <= 2 * 86400 and first.date() == last.date():
        return "%H:%M"
    if span <= 6 * 86400:
        return "%a %H:%M"  # across midnight, a tick a day or more apart: the day too
    if first.year == last.year:
        return "%d %b"
    # Ticks over 50 days apart never share a month; nearer ones are told by their day.
    return "%d %b '%y" if span <= 200 * 86400 else "%b %Y"


def _export_files(target: Path) -> list[Path]:
    """The files an export to ``target`` writes (a CSV export writes two more beside it)."""
    if target.suffix == ".csv":
        return [target, stats_path(target), matches_path(target)]
    return [target]


def _claim(folder: Path, stem: str, suffix: str) -> tuple[Path, bool]:
    """The first free name for an export begun now (``stem``, then ``stem-2``…), and whether
    it was claimed: made empty, exclusively, so that an export begun in the same second (in
    another copy of the game too) takes the next name; the export then writes over it. A
    folder that cannot be looked into or written is left to the export, which says why."""
    n = 1
    while True:
        target = folder / (f"{stem}{suffix}" if n == 1 else f"{stem}-{n}{suffix}")
        n += 1
        if _taken(target):
            continue
        try:
            with target.open("x"):
                return target, True
        except FileExistsError:
            continue
        except OSError:
            return target, False


def _taken(target: Path) -> bool:
    """Whether an earlier export holds a file of an export to ``target``; a folder that
    cannot be looked into is left to the export, which says what stopped it."""
    try:
        return any(p.exists() for p in _export_files(target))
    except OSError:
        return False

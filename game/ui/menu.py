"""The main menu, the first screen of the game.

Continue (when a game is saved), Quick game (the last setup, or you against three
medium bots on Polish rules), New game, Statistics and Rankings (when those screens are
installed), How to play, Settings and Quit. Up/Down and Enter or the mouse; Esc quits.
A saved game that cannot be read is set aside and the reason shown here.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import time
from functools import lru_cache
from typing import Any

import pygame

from game.engine import PRESETS, RulesError
from game.store.lock import ANOTHER_COPY
from game.ui import theme
from game.ui.cardart import card_art
from game.ui.launch import (
    LOCK_EVERY,
    OtherCopyWatch,
    record_abandoned_save,
    settings_of,
    start_match_asking,
)
from game.ui.resume import (
    SavedGame,
    behind_the_statistics,
    describe,
    read_saved_game,
    restore,
    set_aside_behind,
    set_aside_save,
)
from game.ui.scene import Scene
from game.ui.screen import MenuScreen, draw_paragraph
from game.ui.setup import TableSetup, quick_setup, quick_setup_told
from game.ui.widgets import Button

__all__ = ["MainMenu", "optional_scene"]

log = logging.getLogger(__name__)
AGE_EVERY = 20.0  # seconds between two workings-out of the Continue line's "saved … ago"

_FAN = ("AS", "KH", "QD", "JC", "10H")


@lru_cache(maxsize=len(_FAN) * 2)
def _fan_card(
    code: str, angle: int, width: int, four_colour: bool, large_index: bool
) -> pygame.Surface:
    """A card of the menu's fan, turned: made once per look and size, not every frame (the
    menu stands still most of the time it is shown, and turning five cards was half of
    drawing it)."""
    art = card_art(width, four_colour=four_colour, large_index=large_index)
    return pygame.transform.rotozoom(art.face(code), angle, 1.0)


def optional_scene(module: str, name: str) -> type[Scene] | None:
    """A scene class from a module that may not be installed yet (None when missing)."""
    try:
        found = getattr(importlib.import_module(module), name)
    except Exception:  # a missing or broken optional screen only hides its button
        return None
    return found if isinstance(found, type) and issubclass(found, Scene) else None


class MainMenu(MenuScreen):
    """The first screen: where every other screen starts and returns to."""

    def __init__(self) -> None:
        super().__init__()
        self.saved = SavedGame(None)
        self.described_at = 0.0  # when the Continue line's "saved … ago" was worked out
        self.problem = ""
        self.other_copy = OtherCopyWatch()  # while another window keeps the saved game
        self._store: Any = None
        # The statistics, opened on a thread of their own while the menu is shown, so that
        # Statistics and Rankings open at once (``_open_store_ahead``).
        self._store_ahead: Any = None
        self._stale_for = 0.0  # seconds on screen since a store only read was last reopened
        self._told_set_aside = False  # a damaged statistics file set aside has been told
        self._settings_told = ""  # what damaged settings found at start-up were told as
        # A damaged save was found: the match it held is to be recorded as given up, in
        # the first store opened that can be written (``_give_up_matches_left``).
        self._matches_left = False
        self._give_up_wait = 0.0  # seconds before it is tried again (the file not free)
        self._giving_up: Any = None  # the try under way, on a thread of its own
        # The line under the cards describes the item the mouse rests on once it moves, and
        # the focused one once a key is pressed: whichever the player used last.
        self.pointer_leads = False
        # A table named on the command line: started over the menu at the first frame, so
        # it is saved, recorded and left for the menu like any other.
        self.first_table: tuple[TableSetup, int | None] | None = None
        self.continue_button = Button("Continue", self.on_continue, primary=True, size=22)
        self.quick_button = Button("Quick game", self.on_quick, size=22)
        self.new_button = Button("New game", self.on_new, size=22)
        self.stats_scene = optional_scene("game.ui.stats_scene", "StatsScene")
        self.rankings_scene = optional_scene("game.ui.rankings_scene", "RankingsScene")
        self.stats_button = Button("Statistics", self.on_stats, size=22)
        self.rankings_button = Button("Rankings", self.on_rankings, size=22)
        self.stats_button.visible = self.stats_scene is not None
        self.rankings_button.visible = self.rankings_scene is not None
        self.howto_button = Button("How to play", self.on_howto, size=22)
        self.settings_button = Button("Settings", self.on_settings, size=22)
        self.quit_button = Button("Quit", self.back, hint="Esc", size=22)
        self.column = [
            self.continue_button,
            self.quick_button,
            self.new_button,
            self.stats_button,
            self.rankings_button,
            self.howto_button,
            self.settings_button,
            self.quit_button,
        ]
        self.widgets.add(*self.column)
        self.descriptions = {
            self.quick_button: "",
            self.new_button: "Choose the rules, the players and the bots",
            self.stats_button: "Your results, round by round",
            self.rankings_button: "Who is the strongest at this table",
            self.howto_button: "The rules of every variant, with examples",
            self.settings_button: "Sound, speed, cards and the window",
            self.quit_button: "Close Macau",
        }

    # --- lifecycle -----------------------------------------------------------------------------
    def pause(self) -> None:
        """Covered by another screen: what was told once at start-up has been seen."""
        super().pause()
        if self._settings_told:
            self.problem = self.problem.replace(self._settings_told, "").strip()
            self._settings_told = ""

    def resume(self) -> None:
        """Look for a saved game each time the menu comes back."""
        self.refresh()
        self._open_store_ahead()
        super().resume()

    def _open_store_ahead(self) -> None:
        """Begin opening the statistics store off the drawing thread, unless the menu has
        one it can write to or an opening is under way. Opening checks the whole file the
        first time in a run (a quarter of a second at 20,000 rounds) and waits up to two
        seconds for an older file another program holds: done when Statistics is clicked,
        the click froze the window that long. One only read because the file was held or
        the folder could not be written is opened again so (it may be free or mended), and
        kept meanwhile: a click before the new opening is done shows it as it was read."""
        ahead = self._store_ahead
        if ahead is not None:
            if not ahead.done:
                return
            self._take_ahead()  # finished while the menu was away: the newest reading
        if self._store is None or _only_read(self._store):
            from game.store.background import StoreAhead

            self._store_ahead = StoreAhead()

    def _reopen_while_stale(self, dt: float) -> None:
        """While the menu is shown with a store only read because another program held the
        file, open it again off the drawing thread every ``LOCK_EVERY`` seconds, so
        Statistics shows it writable soon after it is freed. (One read from a folder that
        cannot be written is read through a copy of the whole file: opened again each time
        the menu comes back, not every few seconds.)"""
        store = self._store
        if store is None or not store.in_use:
            self._stale_for = 0.0
            return
        self._stale_for += dt
        if self._stale_for >= LOCK_EVERY:
            self._stale_for = 0.0
            self._open_store_ahead()

    def _tell_set_aside(self) -> None:
        """Once the statistics opened ahead are ready: if their file was found damaged and set
        aside, say so beside the other start-up notices, as soon as it happens (Statistics
        shows what was recovered), rather than only once Statistics is opened."""
        ahead = self._store_ahead
        if ahead is not None and ahead.done:
            self._take_ahead()
        store = self._store
        if self._told_set_aside or store is None or store.salvage is None:
            return
        self._told_set_aside = True
        note = "The statistics file was damaged and set aside: Statistics says what was kept."
        self.problem = f"{self.problem} {note}".strip()
        self.layout(self.size)

    def _give_up_matches_left(self, dt: float) -> None:
        """Once the statistics opened ahead are ready and can be written: the points match
        a save found damaged held is recorded as given up (it cannot go on), rather than
        listed in History as in play for ever. Only the save goes on with a match, so every
        match in play but the one the save now holds (a new table's, saved meanwhile) is
        given up; none while another copy of the game keeps the save, or the save cannot
        be read. Written on a thread of its own (a file another program holds is waited
        for), and tried again every ``LOCK_EVERY`` seconds while the file is not free."""
        job = self._giving_up
        if job is not None:
            if job.poll():
                self._giving_up = None
                with contextlib.suppress(Exception):  # (statistics never stop the menu)
                    self._matches_left = job.result() is None
            return
        store = self._store
        if not self._matches_left or self._store_ahead is not None or store is None:
            return
        self._give_up_wait -= dt
        if self._give_up_wait > 0:
            return
        self._give_up_wait = LOCK_EVERY
        saved = self.saved
        if store.read_only or saved.problem == ANOTHER_COPY or saved.newer or saved.unreadable:
            return
        key = saved.data.get("match_key") if saved.data is not None else None
        keep = key if isinstance(key, str) else None
        from game.store.background import StoreJob

        self._giving_up = StoreJob(store, lambda s: s.give_up_matches_in_play(keep))

    def _take_ahead(self) -> bool:
        """The store opened ahead (waiting for it to finish) in place of the menu's own; False
        if the opening failed, the menu's own then kept."""
        ahead, self._store_ahead = self._store_ahead, None
        taken = ahead.take() if ahead is not None else None
        if taken is None:
            return False
        if self._store is not None:
            self._store.close()
        self._store = taken
        return True

    def refresh(self) -> None:
        """Offer Continue only for a save that can be read; otherwise say why."""
        could_continue = self.continue_button.visible
        kept_elsewhere = self.saved.problem == ANOTHER_COPY
        self.saved = read_saved_game()
        self._matches_left |= self.saved.damaged
        if self.saved.problem:
            self.problem = self.saved.problem
        elif kept_elsewhere:  # the other window has closed: what it said no longer holds
            self.problem = self.problem.replace(ANOTHER_COPY, "").strip()
        app = self.app
        told = getattr(app, "settings_problem", None)
        if told:  # damaged settings found at start-up: told here once, beside any save problem
            self.problem = f"{self.problem} {told}".strip()
            app.settings_problem = None  # type: ignore[union-attr]
            self._settings_told = told  # (until the menu is left: the Settings may mend it)
        self.continue_button.visible = self.saved.data is not None
        quick, why = quick_setup_told(settings_of(self).last_setup)
        self.descriptions[self.quick_button] = f"{quick.title()} · {quick.who()}"
        if why:
            self.descriptions[self.quick_button] += (
                f"\nYour last table cannot be dealt again here ({why}): this is the usual one."
            )
        self.descriptions[self.new_button] = "Choose the rules, the players and the bots"
        if self.saved.data is not None or self.saved.newer:
            # Starting another table takes the place of the saved one: say so beforehand.
            whose = " made by a newer version of Macau" if self.saved.newer else ""
            for button in (self.quick_button, self.new_button):
                self.descriptions[button] += f"\nIt replaces the saved game{whose}."
        elif self.saved.unreadable:
            for button in (self.quick_button, self.new_button):
                self.descriptions[button] += "\nThe saved game is kept under another name."
        self.quick_button.primary = not self.continue_button.visible
        self.descriptions[self.continue_button] = describe(self.saved)
        self.described_at = time.time()
        self._describe_quit()
        # Back from a screen, the item that opened it keeps the focus (the next Enter opens
        # it again, rather than start a game); a game newly kept for Continue takes it, and
        # an item gone leaves the focus to the first one.
        focused = self.focused()
        continue_came = self.continue_button.visible and not could_continue
        if focused is None or not getattr(focused, "visible", True) or continue_came:
            self.widgets.clear_focus()
        self.layout(self.size)

    def _describe_quit(self) -> None:
        """What quitting keeps: the saved game, where there is one this copy looks after."""
        if self.saved.problem == ANOTHER_COPY:
            quitting = "Close this copy of Macau"
        elif self.saved.data is not None:
            quitting = "Your saved game stays for Continue"
        else:
            quitting = "Close Macau"
        self.descriptions[self.quit_button] = quitting

    def update(self, dt: float) -> None:
        """Start the table the command line asked for, once the menu is on screen; offer
        the saved game once the other window that kept it has closed."""
        super().update(dt)
        if self.saved.data is not None and abs(time.time() - self.described_at) >= AGE_EVERY:
            # "saved 5 minutes ago" goes on ageing while the menu stays on screen.
            self.descriptions[self.continue_button] = describe(self.saved)
            self.described_at = time.time()
        on_top = self.stack is not None and self.stack.top is self
        if on_top:
            self._reopen_while_stale(dt)
            self._tell_set_aside()
            self._give_up_matches_left(dt)
        if on_top and self.saved.problem == ANOTHER_COPY and self.other_copy.closed(dt):
            # Continue appears, and Quick game says it would replace the saved game. As when
            # the menu comes back, a game newly kept for Continue takes the focus.
            self.refresh()
            if self.focused() is None:
                self.widgets.focus_next()
        if self.first_table is not None and self.stack is not None and self.stack.top is self:
            setup, seed = self.first_table
            self.first_table = None
            # A saved game would be replaced: asked first, as for Quick game and New game.
            start_match_asking(self.stack, self, setup, seed)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """As any menu; the mouse or the keyboard, whichever moved last, picks the item
        described."""
        if event.type == pygame.MOUSEMOTION:
            self.pointer_leads = True
        elif event.type == pygame.KEYDOWN:
            self.pointer_leads = False
        return super().handle_event(event)

    def described(self) -> Button | None:
        """The item the line under the cards is about: the one under the mouse while the
        mouse leads, else the focused one (or the one under the mouse when none is)."""
        hovered = next((b for b in self.column if b.visible and b.hovered), None)
        focused = self.focused()
        if self.pointer_leads and hovered is not None:
            return hovered
        return focused if isinstance(focused, Button) else hovered

    def back(self) -> None:
        """Esc or Quit: leave the game."""
        if self.app is not None:
            self.app.quit()
        else:
            self.close()

    # --- actions -------------------------------------------------------------------------------
    def on_continue(self) -> None:
        """Resume the saved game exactly where it was."""
        if self.stack is None or self.saved.data is None:
            return
        behind = ""
        try:
            behind = behind_the_statistics(self.saved)
        except Exception:  # the statistics unreadable: the save goes on as it is
            log.warning("saved game not checked against the statistics", exc_info=True)
        if behind:
            log.warning("saved game behind the statistics: %s", behind)
            record_abandoned_save()  # the match given up; its rounds stay as recorded
            self._no_continue(set_aside_behind(behind))
            return
        try:
            table = restore(self.saved.data, settings_of(self))
        except Exception:  # a save that cannot be resumed must never stop the game
            log.warning("saved game not resumed", exc_info=True)
            self._no_continue(set_aside_save())
            return
        self.stack.push(table)

    def _no_continue(self, problem: str) -> None:
        """The save set aside: say why, and offer the other ways to play."""
        self.problem = problem
        self.saved = SavedGame(None)
        self.continue_button.visible = False
        self.quick_button.primary = True
        self._describe_quit()
        self.layout(self.size)

    def on_quick(self) -> None:
        """The last table again (or the default one), once the player agrees to replace a
        saved game."""
        if self.stack is not None:
            setup = quick_setup(settings_of(self).last_setup)
            start_match_asking(self.stack, self, setup)

    def on_new(self) -> None:
        """The New game screen."""
        from game.ui.newgame import NewGameScreen

        if self.stack is not None:
            self.stack.push(NewGameScreen(self._people_known()))

    def _people_known(self) -> list[str]:
        """The people the statistics know, for New game to offer as a name is typed: as last
        read while the store is being opened again (never waited for here), none before it
        is first open or where it cannot be read."""
        ahead = self._store_ahead
        if ahead is not None and ahead.done:
            self._take_ahead()
        if self._store is None:
            return []
        try:
            return [p.name for p in self._store.profiles() if not p.is_bot]
        except Exception:  # (statistics never stop the menu)
            log.warning("the players known could not be read", exc_info=True)
            return []

    def store(self) -> Any:
        """The statistics store, opened as the menu was shown (``_open_store_ahead``) and
        kept while the menu lives; waited for only where there is none yet. One only read
        gives way to the one opened again since, once that opening is done (never two at
        once: they would both upgrade an older file); with no opening begun (the menu never
        shown), one only read is opened again now. In one kept, the rounds a table kept
        while the file was in use are recorded first, unless another program still holds
        the file (recording would wait for it here, on the drawing thread)."""
        ahead = self._store_ahead
        fresh = ahead is not None and (self._store is None or ahead.done)
        if fresh:
            self._take_ahead()
        store = self._store
        if store is not None and _only_read(store) and self._store_ahead is None and not fresh:
            store.close()
            self._store = None
        if self._store is None:
            from game.store.db import Store

            self._store = Store.open()  # records what was kept, when it can
        else:
            from game.store.opening import write_lock_held

            self._store.follow()  # the file deleted or replaced meanwhile: the one there now
            path = self._store.path
            if path is None or not write_lock_held(path):
                self._store.record_pending()
        return self._store

    def shutdown(self) -> None:
        """Close the statistics store."""
        super().shutdown()
        if self._store_ahead is not None:
            self._store_ahead.close()  # never waits: its thread closes what it opens
            self._store_ahead = None
        if self._store is not None:
            self._store.close()
            self._store = None

    def on_stats(self) -> None:
        """The statistics screen (installed separately)."""
        if self.stack is not None and self.stats_scene is not None:
            self.stack.push(self.stats_scene(self.store()))  # type: ignore[call-arg]

    def on_rankings(self) -> None:
        """The rankings screen (installed separately)."""
        if self.stack is not None and self.rankings_scene is not None:
            self.stack.push(self.rankings_scene(self.store()))  # type: ignore[call-arg]

    def on_howto(self) -> None:
        """How to play, starting on the rules of the quick game."""
        from game.ui.howto import HowToScreen

        if self.stack is not None:
            quick = quick_setup(settings_of(self).last_setup)
            try:
                rules = quick.rules()
            except RulesError:  # a saved text that no longer parses: the presets only
                self.stack.push(HowToScreen())
                return
            if quick.preset in PRESETS and rules == PRESETS[quick.preset]:
                self.stack.push(HowToScreen(preset=quick.preset))
                return
            # Custom rules, or a preset played to another target: shown first, named as the
            # quick game's, so that the target the table plays to is the one told.
            self.stack.push(
                HowToScreen(
                    rules=rules,
                    seats=len(quick.seats),
                    label="Quick game",
                    rules_label=quick.rules_label,
                )
            )

    def on_settings(self) -> None:
        """The settings screen."""
        from game.ui.options import SettingsScreen

        if self.stack is not None:
            self.stack.push(SettingsScreen())

    # --- layout and drawing --------------------------------------------------------------------
    @staticmethod
    def column_x(width: int) -> int:
        """Where the button column starts in a window ``width`` wide."""
        return round(width * 0.64)

    def layout(self, size: tuple[int, int]) -> None:
        """Logo on the left, the button column on the right."""
        w, h = size
        shown = [b for b in self.column if b.visible]
        px = self.px
        bh, gap = (px(52), px(12)) if h >= 700 else (44, 8)
        total = len(shown) * bh + (len(shown) - 1) * gap
        x = self.column_x(w)
        y = max(20, (h - total) // 2)
        box = self._problem_box(w, h)
        if box is not None:  # several notices at once: the column stays clear above them
            y = max(20, min(y, box.y - gap - total))
        for b in shown:
            b.rect = pygame.Rect(x, y, min(px(360), w - x - 40), bh)
            y += bh + gap

    def draw_body(self, surface: pygame.Surface) -> None:
        """The logo, a fan of cards, the focused item's description and any problem."""
        w, h = surface.get_size()
        px = self.px
        cx = round(w * 0.32)
        card_w = max(70, min(px(120), w // 11))
        settings = settings_of(self)
        base_y = round(h * 0.52)
        for i, code in enumerate(_FAN):
            angle = (2 - i) * 11
            face = _fan_card(code, angle, card_w, settings.four_colour, settings.large_index)
            dx = (i - 2) * card_w * 0.52
            dy = abs(i - 2) ** 1.6 * card_w * 0.09
            surface.blit(face, face.get_rect(center=(round(cx + dx), round(base_y + dy))))
        logo_size = max(64, min(px(96), w // 13))
        logo = theme.text("Macau", logo_size, theme.ACCENT, True)
        top = round(h * 0.14)
        shadow = theme.text("Macau", logo_size, (0, 0, 0), True)
        shadow.set_alpha(90)
        surface.blit(shadow, shadow.get_rect(midtop=(cx + 3, top + 4)))
        surface.blit(logo, logo.get_rect(midtop=(cx, top)))
        tag = theme.text("the shedding card game · Makao · Macao", px(18), theme.MUTED)
        surface.blit(tag, tag.get_rect(midtop=(cx, top + logo.get_height() + px(4))))
        self._draw_description(surface, cx, base_y + card_w * 1.4 * 0.5 + px(56))
        box = self._problem_box(w, h)
        if box is not None:
            theme.blit_panel(surface, box, (120, 30, 28, 235), (*theme.DANGER, 255), radius=12)
            at = (box.x + px(16), box.y + px(11))
            draw_paragraph(surface, self.problem, at, box.w - px(32), px(16))

    def _problem_box(self, w: int, h: int) -> pygame.Rect | None:
        """Where the notices (a damaged save, settings or statistics file) are drawn, at the
        foot of a window ``w`` × ``h``; None when there are none."""
        if not self.problem:
            return None
        px = self.px
        box = pygame.Rect(0, 0, min(w - 80, px(760)), 0)
        lines = theme.wrap(self.problem, px(16), box.w - px(32))
        box.h = px(22) + px(22) * len(lines)
        box.midbottom = (w // 2, h - px(16))
        return box

    def _draw_description(self, surface: pygame.Surface, cx: int, y: float) -> None:
        current = self.described()
        text = self.descriptions.get(current, "") if current is not None else ""
        if not text and self.continue_button.visible:
            text = "Saved game: " + self.descriptions.get(self.continue_button, "")
        # Centred under the cards, clear of the button column: a long one (the name of a
        # saved rule set) wraps.
        room = 2 * (self.column_x(surface.get_width()) - 24 - cx)
        for i, paragraph in enumerate(text.split("\n")):  # a second one is a warning, in gold
            ink = theme.TEXT if i == 0 else theme.ACCENT
            for line in theme.wrap(paragraph, self.px(18), room):
                image = theme.text(line, self.px(18), ink)
                surface.blit(image, image.get_rect(midtop=(cx, round(y))))
                y += image.get_height() + self.px(4)


def _only_read(store: Any) -> bool:
    """Whether ``store`` is read only for now, worth opening again: another program held
    its file, or its folder could not be written."""
    return bool(store.in_use or store.unwritable)

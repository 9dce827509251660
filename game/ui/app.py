"""The window and the main loop: one clock, one scene stack, settings and sound.

``run(args)`` is what ``game.cli`` calls. It opens the main menu, or the table directly
(you at seat 0 against bots) when table flags are given.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import logging
import os
import signal
import sys
import time
import warnings
from collections.abc import Callable, Iterator
from typing import Any, cast

import pygame

from game.failures import quiet_stderr
from game.resources import MissingAsset, icon_path
from game.store.paths import StoreUnavailable
from game.store.settings import Settings
from game.ui import theme
from game.ui.clock import Clock, SystemClock
from game.ui.scene import Scene, SceneStack, pressed_keys
from game.ui.sound import Sound

__all__ = [
    "COMPARE_PIXELS",
    "DEFAULT_SIZE",
    "FPS",
    "FPS_STILL",
    "MIN_SIZE",
    "STILL_FRAMES",
    "App",
    "keypad_as_main",
    "run",
]

log = logging.getLogger(__name__)

DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (960, 600)
FPS = 60
# Frames a second with the window in the background, to spare the computer's power: not the
# one typed into (still in view, so the game goes on at its pace, only less smoothly), and
# minimized or hidden (nothing to see; the table's time still runs at its pace, each frame's
# step being at most ``clock.MAX_STEP``).
FPS_UNFOCUSED = 20
FPS_HIDDEN = 10
# A screen that stays the same (a player thinking over a hand, a menu) is neither shown again
# nor drawn 60 times a second: after ``STILL_FRAMES`` frames that drew the same picture the
# loop sleeps until input arrives (answered at once) or for 1/FPS_STILL s, so what moves by
# time alone (a bot's move, a clock) starts at most that late, then runs at the full rate.
FPS_STILL = 20
STILL_FRAMES = 10
# While the picture moves, it is compared with the one shown only every so many frames, one
# more for each this many pixels of window (a compare reads the whole window: about 0.3 ms
# at 1280×800, 5 ms at 3840×2160), and flipped unseen in between.
COMPARE_PIXELS = 2_000_000
# A held key repeats after this many milliseconds, then every so many (the usual desktop pace).
KEY_REPEAT = (400, 40)
# How long F11 must have been quiet before it switches the window again. Making the window
# anew costs it the focus, and SDL then reports a held F11 as let go and pressed afresh;
# the desktop's repeats of a held key come a few hundredths of a second apart (the first
# within 0.7 s of the switch), so a press after this long is a new one.
F11_QUIET_S = 1.0
# The keys whose repeat means more of the same: moving along, scrolling, deleting. Any other
# held key acts once, or a held Enter would lay a card and then confirm a board the player
# never saw, and a held D would draw card after card.
REPEATING_KEYS = frozenset(
    {
        pygame.K_LEFT,
        pygame.K_RIGHT,
        pygame.K_UP,
        pygame.K_DOWN,
        pygame.K_PAGEUP,
        pygame.K_PAGEDOWN,
        pygame.K_BACKSPACE,
        pygame.K_DELETE,
        pygame.K_TAB,
    }
)
# The number pad's keys stand for the main keys they are marked with, so that every screen
# takes them as it takes those: digits (and the point) while NumLock is on or the key types
# them (a Mac has no NumLock), the arrows, Home/End, PageUp/PageDown, Insert and Delete
# while it is off. Enter is taken as it is everywhere already.
_KEYPAD_DIGITS = {
    pygame.K_KP_0: pygame.K_0, pygame.K_KP_1: pygame.K_1, pygame.K_KP_2: pygame.K_2,
    pygame.K_KP_3: pygame.K_3, pygame.K_KP_4: pygame.K_4, pygame.K_KP_5: pygame.K_5,
    pygame.K_KP_6: pygame.K_6, pygame.K_KP_7: pygame.K_7, pygame.K_KP_8: pygame.K_8,
    pygame.K_KP_9: pygame.K_9, pygame.K_KP_PERIOD: pygame.K_PERIOD,
}  # fmt: skip
_KEYPAD_MOVES = {
    pygame.K_KP_4: pygame.K_LEFT, pygame.K_KP_6: pygame.K_RIGHT,
    pygame.K_KP_8: pygame.K_UP, pygame.K_KP_2: pygame.K_DOWN,
    pygame.K_KP_7: pygame.K_HOME, pygame.K_KP_1: pygame.K_END,
    pygame.K_KP_9: pygame.K_PAGEUP, pygame.K_KP_3: pygame.K_PAGEDOWN,
    pygame.K_KP_0: pygame.K_INSERT, pygame.K_KP_PERIOD: pygame.K_DELETE,
}  # fmt: skip


def keypad_as_main(event: pygame.event.Event) -> pygame.event.Event:
    """A number pad key's KEYDOWN or KEYUP as the main key it stands for now (the same event
    for any other key)."""
    key = event.key
    if key not in _KEYPAD_DIGITS:
        return event
    typed = getattr(event, "unicode", "")
    numbers = bool(event.mod & pygame.KMOD_NUM) or (typed != "" and typed.isprintable())
    main = _KEYPAD_DIGITS[key] if numbers else _KEYPAD_MOVES.get(key)
    if main is None:
        return event  # the middle 5 with NumLock off stands for nothing
    return pygame.event.Event(event.type, {**event.dict, "key": main})


class App:
    """Owns the window, the clock, the scene stack, the settings and the sound."""

    def __init__(
        self,
        *,
        size: tuple[int, int] | None = None,
        settings: Settings | None = None,
        clock: Clock | None = None,
        sound: Sound | None = None,
        fullscreen: bool | None = None,
    ) -> None:
        with quiet_stderr():  # the sound libraries' complaints of a machine with no sound card
            pygame.init()
        self.settings_problem: str | None = None
        # Settings read from disk are kept there as the window changes (F11, its size at
        # quit); settings handed in (tests, tools) stay in memory.
        self._keeps_settings = settings is None
        # A self-test's window (often a headless one) says nothing of the player's window.
        self.remembers_window = True
        if settings is None:
            loaded = Settings.load()
            settings = loaded.settings
            self.settings_problem = loaded.problem
            if loaded.problem:
                # Damaged or unreadable settings must not pass unnoticed: the player's
                # choices are gone for this session, and the copy kept aside can be mended.
                log.warning("settings: %s", loaded.problem)
                print(f"macau: {loaded.problem}", file=sys.stderr)
        self._settings = settings
        theme.set_four_colour(settings.four_colour)
        self.clock: Clock = clock if clock is not None else SystemClock()
        self.sound = sound if sound is not None else _make_sound(self.settings)
        self.fullscreen = self.settings.fullscreen if fullscreen is None else fullscreen
        if size is None:
            size = self.settings.window_size or DEFAULT_SIZE
        self._windowed_size = _clamp_size(_fit_desktop(size))
        self.screen = self._open_window(self._windowed_size)
        self.stack = SceneStack(self, self.screen.get_size())
        self.running = True
        self.frame = 0
        self.focused = True  # the window takes the keys (as far as the system has said)
        self.shown = True  # not minimized nor hidden
        self._keys_down: set[int] = set()  # pressed and not yet released: the rest are repeats
        # The last press was a key, not a mouse button: a table opened by keys names the keys.
        self.keys_last = False
        # When F11 last switched the window or was reported down since (``F11_QUIET_S``):
        # without this a held F11 flipped the window every few tenths of a second.
        self._f11_last: float | None = None
        self.on_frame: Callable[[App], None] | None = None
        # The picture last shown (None: show the next one whatever it is) and how many frames
        # since drew the same one.
        self._shown: bytearray | None = None
        self._behind = False  # whether a later picture than ``_shown`` was flipped unseen
        self._still = 0
        self._close_question: Scene | None = None  # asked before closing the window, if open
        # Screens are built before they are pushed: until then they read these settings.
        from game.ui import launch  # (launch builds tables: imported late)

        launch.app_opened(self)

    # --- the window -------------------------------------------------------------------------
    def _open_window(self, size: tuple[int, int]) -> pygame.Surface:
        pygame.display.set_caption("Macau")
        try:
            # As bytes, which pygame opens in a folder named in another encoding than UTF-8.
            pygame.display.set_icon(pygame.image.load(os.fsencode(icon_path(64))))
        except (MissingAsset, pygame.error, FileNotFoundError) as exc:
            log.info("no window icon: %s", exc)
        if self.fullscreen:
            screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            self._set_minimum()
        # Held Backspace, arrows and Page keys repeat as on any desktop (letters already do,
        # as the platform's text input).
        pygame.key.set_repeat(*KEY_REPEAT)
        return screen

    def _set_minimum(self) -> None:
        # The OS enforces this while the user drags; VIDEORESIZE below catches the rest.
        # pygame-ce deprecates Window.from_display_module() in favour of display.get_window(),
        # which newer releases have; use whichever this pygame-ce offers, without the warning.
        with contextlib.suppress(AttributeError, pygame.error), warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            get_window = getattr(pygame.display, "get_window", None)
            window = get_window() if get_window else pygame.Window.from_display_module()
            window.minimum_size = minimum_size()

    @property
    def size(self) -> tuple[int, int]:
        """Current window size in pixels."""
        return self.screen.get_size()

    def toggle_fullscreen(self) -> None:
        """F11: switch between a resizable window and fullscreen.

        The setting follows, as if switched on the Settings screen, so that screen shows it
        and the next start opens the same way.
        """
        if not self.fullscreen:
            self._windowed_size = self.size
        self.fullscreen = not self.fullscreen
        self.screen = self._open_window(self._windowed_size)
        self._shown = None
        if self.settings.fullscreen != self.fullscreen:
            self._keep(fullscreen=self.fullscreen)
        self.stack.resize(self.screen.get_size())

    @property
    def settings(self) -> Settings:
        """The settings in force."""
        return self._settings

    @settings.setter
    def settings(self, value: Settings) -> None:
        self._settings = value
        theme.set_four_colour(value.four_colour)  # text pips follow the deck's colours

    @property
    def windowed_size(self) -> tuple[int, int]:
        """The window's size out of fullscreen (what the next start opens at)."""
        return self._windowed_size if self.fullscreen else self.size

    def _keep(self, **changes: object) -> None:
        """Change some settings and write them to disk (if they came from there)."""
        self.settings = dataclasses.replace(self.settings, **changes)  # type: ignore[arg-type]
        if not self._keeps_settings:
            return
        try:
            self.settings.save(only=changes)  # another copy of the game may have changed the rest
        except (StoreUnavailable, OSError, ValueError) as exc:
            log.warning("settings not saved: %s", exc)  # the window is not worth a message

    def resize(self, size: tuple[int, int]) -> None:
        """Adopt a new window size (never below the minimum) and relayout every scene."""
        wanted = _clamp_size(size)
        self._shown = None  # a window made anew or larger shows nothing until the next flip
        if not self.fullscreen and wanted != size:
            self.screen = pygame.display.set_mode(wanted, pygame.RESIZABLE)
        else:
            self.screen = pygame.display.get_surface() or self.screen
        if self.screen.get_size() != self.stack.size:
            self.stack.resize(self.screen.get_size())

    # --- the loop ---------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        """Window-level events here; the rest goes down the scene stack."""
        if event.type == pygame.QUIT:
            self.close_window()
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            size = (event.w, event.h) if event.type == pygame.VIDEORESIZE else (event.x, event.y)
            self.resize(size)
            return
        if event.type in (pygame.WINDOWFOCUSGAINED, pygame.WINDOWFOCUSLOST):
            self.focused = event.type == pygame.WINDOWFOCUSGAINED
        elif event.type in (pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN):
            self.shown = False
        elif event.type in (
            pygame.WINDOWRESTORED,
            pygame.WINDOWSHOWN,
            pygame.WINDOWEXPOSED,
            pygame.WINDOWMAXIMIZED,
        ):
            self.shown = True
            self._shown = None  # uncovered: the system may have lost what it showed
        if event.type in (pygame.KEYDOWN, pygame.KEYUP):
            # Held keys are told apart by the key pressed, whatever it stands for: NumLock
            # may change while a number pad key is held.
            pressed = event.key
            event = keypad_as_main(event)
        keys = pressed_keys(event)
        if keys is not None:
            self.keys_last = keys
        if event.type == pygame.KEYUP:
            self._keys_down.discard(pressed)
        elif event.type == pygame.WINDOWFOCUSLOST:
            self._keys_down.clear()  # a key let go in another window never comes up here
        elif event.type == pygame.KEYDOWN:
            repeat = pressed in self._keys_down
            self._keys_down.add(pressed)
            if repeat and not self._repeats(event.key):
                return
            if repeat:  # marked, for a screen where held differs from pressed (``held``)
                event = pygame.event.Event(event.type, {**event.dict, "held": True})
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            last = self._f11_last
            if last is None or self.clock.now() - last >= F11_QUIET_S:
                self.toggle_fullscreen()
            self._f11_last = self.clock.now()  # (after the switch: once the new window is up)
            return
        self.stack.handle_event(event)

    def close_window(self) -> None:
        """The window's close button, Alt+F4 or Cmd+Q: the game closes now (tables keep
        themselves as they shut down), unless a scene holding unsaved work asks first. Closed
        again while that question is open, it closes: the player insists."""
        asking, self._close_question = self._close_question, None
        if asking is None or asking.stack is None:
            for scene in reversed(self.stack.scenes):
                question = scene.ask_before_closing()
                if question is not None:
                    self._close_question = question
                    return
        self.running = False

    def _repeats(self, key: int) -> bool:
        """Whether a held ``key`` acts again on the screen in front."""
        if key not in REPEATING_KEYS:
            return False
        top = self.stack.top
        return top is None or key not in top.held_keys_act_once

    def step(self, dt: float, first: pygame.event.Event | None = None) -> None:
        """One frame: events (``first``, already taken from the queue, before the rest),
        update, draw, and show the picture if it changed."""
        events = pygame.event.get()
        if first is not None:
            events.insert(0, first)
        for event in events:
            self.handle_event(event)
        self.stack.update(dt)
        self.stack.draw(self.screen)
        self._show()
        self.frame += 1
        if self.frame == 1:
            _mark_first_frame()
        if self.on_frame is not None:
            self.on_frame(self)
        if not len(self.stack):
            self.running = False

    def _show(self) -> None:
        """Flip the drawn picture onto the window unless it is the one already there: a
        flip costs more than the comparison (copying the whole window to the system). A
        lone change on a still screen (a caret's blink, a hover) leaves it still after one
        more frame; only a picture that goes on changing brings back the full rate."""
        w, h = self.screen.get_size()
        if self._still == 0 and self.frame % (1 + w * h // COMPARE_PIXELS):
            pygame.display.flip()  # moving: compared now and then only
            self._behind = True  # the window shows a later picture than the one kept
            return
        # The raw pixel rows (a view of the pixels alone would refuse a window whose rows are
        # padded); released at once, as a view keeps the surface locked against drawing.
        with memoryview(cast(Any, self.screen.get_buffer())) as view:  # (typed as no buffer)
            same = self._shown is not None and self._shown == view
            if not same:
                if self._shown is not None and len(self._shown) == view.nbytes:
                    self._shown[:] = view
                else:
                    self._shown = bytearray(view)
        if same and not self._behind:
            self._still += 1
            return
        pygame.display.flip()
        self._behind = False
        if same:
            self._still += 1  # the same as at the last comparison: not moving any more
        else:
            self._still = STILL_FRAMES - 1 if self.still else 0

    @property
    def still(self) -> bool:
        """Whether the last ``STILL_FRAMES`` frames drew the same picture."""
        return self._still >= STILL_FRAMES

    def next_frame(self) -> None:
        """Wait for the next frame at the rate in force, sleeping through a still screen
        until input arrives, and run it."""
        rate = self.frame_rate
        first = self.clock.wait(1 / FPS_STILL) if self.still and rate > FPS_STILL else None
        self.step(self.clock.tick(rate), first)

    def run(self, scene: Scene | None = None, frames: int | None = None) -> int:
        """Push ``scene`` and loop until quit (or ``frames`` frames); returns the exit code."""
        if scene is not None:
            self.stack.push(scene)
        with _terminate_answered_by(self.terminate):
            while self.running and (frames is None or self.frame < frames):
                self.next_frame()
        self.stack.clear()
        if self.remembers_window and self.settings.window_size != self.windowed_size:
            self._keep(window_size=self.windowed_size)
        from game.ui import launch

        launch.app_closed(self)
        return 0

    @property
    def frame_rate(self) -> int:
        """Frames a second now: fewer with the window in the background."""
        if not self.shown:
            return FPS_HIDDEN
        return FPS if self.focused else FPS_UNFOCUSED

    def quit(self) -> None:
        """Leave the loop after this frame."""
        self.running = False

    def terminate(self, signum: int = 0, frame: object = None) -> None:
        """SIGTERM (a shutdown, ``kill``): close now, as the window's close button does
        but without asking about unsaved work, since nobody is there to answer before the
        system ends the process anyway. Tables keep themselves as they shut down."""
        log.info("asked to end (signal %s)", signum)
        self.running = False


@contextlib.contextmanager
def _terminate_answered_by(handler: Any) -> Iterator[None]:
    """SIGTERM answered by ``handler`` while in the block, and as before after it."""
    before = _on_terminate(handler)
    try:
        yield
    finally:
        _on_terminate(signal.SIG_DFL if before is None else before)


def _on_terminate(handler: Any) -> Any:
    """Let ``handler`` answer SIGTERM (SDL would make it a close button's click, which may
    ask a question first); the handler it replaces, or None where there was none set from
    Python or signals cannot be set (not the main thread, no SIGTERM)."""
    with contextlib.suppress(ValueError, OSError, AttributeError):
        return signal.signal(signal.SIGTERM, handler)
    return None


def _mark_first_frame() -> None:
    # build/bench_dist.py times launch to first frame from outside the process.
    path = os.environ.get("MACAU_FIRST_FRAME_MARK")
    if path:
        with contextlib.suppress(OSError), open(path, "w", encoding="utf-8") as fh:
            fh.write(f"{time.time():.6f}\n")


def _desktop() -> tuple[int, int] | None:
    try:
        return pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        return None


def _fit_desktop(size: tuple[int, int]) -> tuple[int, int]:
    # A window larger than the screen would hide the hand below the bottom edge.
    desktop = _desktop()
    if desktop is None:
        return size
    return (min(size[0], desktop[0]), min(size[1], desktop[1]))


def minimum_size() -> tuple[int, int]:
    """The smallest window: ``MIN_SIZE``, or the whole screen where that is smaller (an
    800×600 screen): a window wider than the screen would hide the seats and buttons at its
    right edge, and the table is laid out to fit whatever size it is given."""
    desktop = _desktop()
    if desktop is None or desktop[0] <= 0 or desktop[1] <= 0:
        return MIN_SIZE
    return (min(MIN_SIZE[0], desktop[0]), min(MIN_SIZE[1], desktop[1]))


def _clamp_size(size: tuple[int, int]) -> tuple[int, int]:
    least = minimum_size()
    return (max(least[0], size[0]), max(least[1], size[1]))


def _make_sound(settings: Settings) -> Sound:
    try:
        return Sound(volume=settings.volume, muted=settings.muted)
    except Exception as exc:
        log.warning("sound disabled: %s", exc)
        return Sound(volume=0.0, muted=True, names=())


def run(args: argparse.Namespace) -> int:
    """Open the window on the main menu, or straight on a table when the command line
    names one (``--preset``, ``--seats``, ``--bots``, ``--seed``; see ``game.cli``)."""
    started = time.perf_counter()
    smoke = bool(getattr(args, "smoke", False))
    frames: int | None = getattr(args, "frames", None)
    if smoke:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        frames = frames or 240
    from game.ui.start import table_from_args

    app = App()
    app.remembers_window = not smoke
    flags = ("preset", "seats", "bots", "seed")
    direct = (
        smoke
        or os.environ.get("MACAU_DEMO")
        or any(getattr(args, f, None) is not None for f in flags)
    )
    if smoke or os.environ.get("MACAU_DEMO"):
        scene: Scene = table_from_args(args, autoplay=smoke)
    else:
        from game.ui.menu import MainMenu

        menu = MainMenu()
        if direct:
            from game.ui.start import setup_from_args

            menu.first_table = (setup_from_args(args, app.settings.last_setup), args.seed)
        scene = menu
    with _terminate_answered_by(_noted_while_closing):
        # The loop answers SIGTERM by closing (``App.terminate``); once it has, closing goes on
        # to the end: the table's save, then the rounds the bots play out being recorded.
        code = app.run(scene, frames=frames)
        if smoke:
            elapsed = time.perf_counter() - started
            print(f"macau smoke: {app.frame} frames in {elapsed:.2f}s")
        pygame.quit()
        # The window is closed and its game saved: a copy opened now keeps the save, even
        # while this process still records a round the bots play out.
        from game.store import lock
        from game.ui import launch

        lock.release()
        launch.finish_recording()
    return code


def _noted_while_closing(signum: int = 0, frame: object = None) -> None:
    """SIGTERM while the window closes (a logout right after it): ending there would lose
    the round being recorded, whose save is already replaced. It is noted, and closing
    finishes first, a few seconds at most, well inside the time a system gives before it
    ends a process outright."""
    log.info("asked to end (signal %s): ending once closed and recorded", signum)

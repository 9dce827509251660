"""A screen that does not change is not shown again and again: the window is flipped only
when the picture changed (or the system may have lost it), and once the picture has stayed
the same a while the loop sleeps until input arrives, which it then answers first."""

from __future__ import annotations

import pygame
import pytest

from game.engine import PRESETS, Game
from game.store.settings import Settings
from game.ui import app as app_module
from game.ui.app import FPS, FPS_STILL, STILL_FRAMES, App
from game.ui.clock import ManualClock
from game.ui.scene import Scene
from game.ui.start import table_for


class Canvas(Scene):
    """Fills the screen with ``colour``; remembers the events it was given, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.colour = (0, 80, 0)
        self.keys: list[int] = []

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            self.keys.append(event.key)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(self.colour)


class WaitingClock(ManualClock):
    """A test clock that records the loop's waits and hands out prepared events; a wait
    with nothing ready passes its whole time, as the system's does, so the next frame's step
    is that much longer."""

    def __init__(self) -> None:
        super().__init__()
        self.waits: list[float] = []
        self.ready: list[pygame.event.Event] = []
        self._slept = 0.0

    def wait(self, seconds: float) -> pygame.event.Event | None:
        self.waits.append(seconds)
        if self.ready:
            return self.ready.pop(0)
        self._slept += seconds
        return None

    def tick(self, fps: int = 0) -> float:
        step, self._slept = self.step + self._slept, 0.0
        self.advance(step - self.step)
        return super().tick(fps) + step - self.step


@pytest.fixture
def flips(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    counted: list[int] = []
    real = pygame.display.flip
    monkeypatch.setattr(pygame.display, "flip", lambda: (counted.append(1), real())[1])
    return counted


def _app(clock: ManualClock | None = None) -> tuple[App, Canvas]:
    app = App(settings=Settings(), clock=clock or ManualClock(), fullscreen=False)
    canvas = Canvas()
    app.stack.push(canvas)
    pygame.event.clear()
    return app, canvas


def test_the_same_picture_is_flipped_once(flips: list[int]) -> None:
    app, canvas = _app()
    for _ in range(5):
        app.step(1 / FPS)
    assert len(flips) == 1
    canvas.colour = (200, 0, 0)
    app.step(1 / FPS)
    assert len(flips) == 2
    app.step(1 / FPS)
    assert len(flips) == 2


def test_one_changed_pixel_is_shown(flips: list[int]) -> None:
    class Caret(Canvas):
        def draw(self, surface: pygame.Surface) -> None:
            super().draw(surface)
            surface.set_at((surface.get_width() - 1, surface.get_height() - 1), (255, 255, 255))

    app, _ = _app()
    app.step(1 / FPS)
    app.stack.replace(Caret())
    app.step(1 / FPS)
    assert len(flips) == 2


@pytest.mark.parametrize(
    "event",
    [
        pygame.event.Event(pygame.WINDOWEXPOSED),
        pygame.event.Event(pygame.WINDOWRESTORED),
        pygame.event.Event(pygame.WINDOWSHOWN),
    ],
)
def test_a_window_uncovered_is_shown_again(flips: list[int], event: pygame.event.Event) -> None:
    app, _ = _app()
    app.step(1 / FPS)
    app.step(1 / FPS)
    pygame.event.post(event)
    app.step(1 / FPS)
    assert len(flips) == 2


def test_a_resized_window_is_shown_again(flips: list[int]) -> None:
    app, _ = _app()
    app.step(1 / FPS)
    app.resize(app.size)  # the system made the window anew at the same size
    app.step(1 / FPS)
    assert len(flips) == 2


def test_a_still_screen_sleeps_until_input_and_answers_it_first() -> None:
    clock = WaitingClock()
    app, canvas = _app(clock)
    for _ in range(1 + STILL_FRAMES):  # shown, then drawn the same STILL_FRAMES times
        app.next_frame()
    assert clock.waits == []
    clock.ready = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a")]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_b, mod=0, unicode="b"))
    for _ in range(3):
        app.next_frame()
    assert clock.waits == [1 / FPS_STILL] * 3
    assert canvas.keys == [pygame.K_a, pygame.K_b]  # the key that woke the loop came first


def test_a_moving_screen_never_sleeps() -> None:
    clock = WaitingClock()
    app, canvas = _app(clock)

    def move(_: App) -> None:
        canvas.colour = (app.frame % 256, 0, 0)

    app.on_frame = move
    for _ in range(100):
        app.next_frame()
    assert clock.waits == []


def test_a_window_in_the_background_keeps_its_own_pace() -> None:
    clock = WaitingClock()
    app, _ = _app(clock)
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    for _ in range(3 * STILL_FRAMES):
        app.next_frame()
    assert app.frame_rate <= FPS_STILL
    assert clock.waits == []  # already as slow as a still screen: tick's wait is enough


def test_bots_play_on_by_time_while_the_screen_sleeps_between_moves() -> None:
    """Nobody touches the table: the bots' moves come by time alone, and the loop sleeps
    only while nothing moves, so the round still goes on to its end."""
    clock = WaitingClock()
    app = App(settings=Settings(bot_pace="normal"), clock=clock, fullscreen=False)
    game = Game.new(PRESETS["polish"], seats=2, seed=5)
    table = table_for(game, ["medium"], settings=app.settings, sound=app.sound, autoplay=True)
    app.stack.push(table)
    frames = 0
    while not table.game.over and frames < 20_000:
        app.next_frame()
        frames += 1
    assert table.game.over
    assert clock.waits  # the pauses between moves were slept through
    assert len(clock.waits) < frames


def test_a_lone_change_leaves_the_screen_still_after_one_more_frame(flips: list[int]) -> None:
    """A caret's blink on a still screen is shown, and the loop sleeps again at once instead
    of drawing ``STILL_FRAMES`` more frames at the full rate."""
    clock = WaitingClock()
    app, canvas = _app(clock)
    for _ in range(1 + STILL_FRAMES):
        app.next_frame()
    assert app.still and len(flips) == 1
    canvas.colour = (255, 255, 255)  # the caret blinks
    app.next_frame()  # (slept first: the screen was still)
    assert len(flips) == 2 and not app.still
    waits = len(clock.waits)
    app.next_frame()  # the full rate for one frame, which draws the same picture
    assert app.still and len(clock.waits) == waits
    app.next_frame()
    assert len(clock.waits) == waits + 1


def test_a_picture_that_keeps_changing_is_flipped_every_frame_on_a_large_window(
    flips: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a large window a moving picture is compared only now and then; every frame is
    flipped all the same, even one that returns to the picture last compared, and once it
    stops the screen goes still."""
    app, canvas = _app()
    w, h = app.size
    monkeypatch.setattr(app_module, "COMPARE_PIXELS", w * h // 3)  # every fourth frame
    app.step(1 / FPS)
    for i in range(30):  # two pictures in turn: every frame differs from the one before
        canvas.colour = (200, 0, 0) if i % 2 else (0, 0, 200)
        app.step(1 / FPS)
    assert len(flips) == 31
    for _ in range(4 + STILL_FRAMES):
        app.step(1 / FPS)
    assert app.still
    assert len(flips) <= 33  # the last picture once more at most, then nothing


@pytest.mark.parametrize("depth", [16, 24])
def test_a_window_with_padded_rows_is_compared_too(
    flips: list[int], monkeypatch: pytest.MonkeyPatch, depth: int
) -> None:
    """Some systems give a window of 16 or 24 bits a pixel, whose rows end in padding."""
    app, canvas = _app()
    app.screen = pygame.Surface((1279, 801), depth=depth)  # as such a system gives it
    assert app.screen.get_pitch() > 1279 * app.screen.get_bytesize()
    for _ in range(3):
        app.step(1 / FPS)
    canvas.colour = (0, 0, 250)
    app.step(1 / FPS)
    app.step(1 / FPS)
    assert len(flips) == 2

"""The window survives what a desktop does to it mid-game: minimise and restore during an
animation, a resize below the minimum, and F11 back and forth."""

from __future__ import annotations

import pygame

from game.engine import PRESETS, Game
from game.store.settings import Settings
from game.ui.app import F11_QUIET_S, FPS, FPS_HIDDEN, FPS_UNFOCUSED, MIN_SIZE, App
from game.ui.clock import ManualClock
from game.ui.start import table_for


def _app() -> tuple[App, ManualClock]:
    clock = ManualClock()
    app = App(settings=Settings(animation_speed="normal"), clock=clock, fullscreen=False)
    game = Game.new(PRESETS["polish"], seats=4, seed=3)
    table = table_for(game, ["medium"], settings=app.settings, sound=app.sound, deal=True)
    app.stack.push(table)
    return app, clock


def _all_cards_on_screen(app: App) -> None:
    table = app.stack.top
    width, height = app.size
    hand = table.hand  # type: ignore[attr-defined]
    layout = table.layout  # type: ignore[attr-defined]
    for hc in hand.cards:
        x, y = hand.centre(hc, layout)
        assert 0 <= x <= width and 0 <= y <= height


def test_minimised_and_restored_mid_animation_plays_on() -> None:
    app, clock = _app()
    for _ in range(10):  # the deal is animating
        app.step(clock.tick())
    before = app.stack.top.game.to_dict()  # type: ignore[attr-defined]
    pygame.event.post(pygame.event.Event(pygame.WINDOWMINIMIZED))
    app.step(clock.tick())
    app.step(30.0)  # a long time away: one huge frame
    pygame.event.post(pygame.event.Event(pygame.WINDOWRESTORED))
    for _ in range(120):
        app.step(clock.tick())
    assert app.running
    assert app.stack.top.game.to_dict() != before or app.stack.top.game.over  # type: ignore[attr-defined]
    _all_cards_on_screen(app)


def test_resize_below_the_minimum_keeps_the_minimum_and_every_card_on_screen() -> None:
    app, clock = _app()
    for _ in range(5):
        app.step(clock.tick())
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=500, h=300, size=(500, 300)))
    for _ in range(30):
        app.step(clock.tick())
    width, height = app.size
    assert width >= MIN_SIZE[0] and height >= MIN_SIZE[1]
    _all_cards_on_screen(app)


def test_f11_toggles_fullscreen_and_back() -> None:
    app, clock = _app()
    app.step(clock.tick())
    _f11(app)
    assert app.fullscreen
    _f11(app)
    assert not app.fullscreen
    for _ in range(10):
        app.step(clock.tick())
    _all_cards_on_screen(app)


F11 = {"key": pygame.K_F11, "mod": 0, "unicode": "", "scancode": 0}


def _f11(app: App) -> None:
    """F11 pressed and let go, a while after it was last pressed (a key still held, or
    pressed again at once, would only repeat)."""
    assert isinstance(app.clock, ManualClock)
    app.clock.advance(F11_QUIET_S)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, **F11))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, **F11))
    app.step(1 / 60)


def test_a_held_f11_switches_once_though_making_the_window_reports_it_let_go() -> None:
    app, clock = _app()
    app.step(clock.tick())
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, **F11))
    app.step(clock.tick())
    assert app.fullscreen
    # The new window took the focus: SDL reports the key let go, then down again, and the
    # desktop's repeats follow, for as long as it is held (here two seconds).
    for event in (pygame.KEYUP, pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED):
        pygame.event.post(pygame.event.Event(event, **F11))
    for _ in range(120):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, **F11))
        app.step(clock.tick())
    assert app.fullscreen  # one switch, not one every few tenths of a second
    pygame.event.post(pygame.event.Event(pygame.KEYUP, **F11))  # let go at last
    app.step(clock.tick())
    _f11(app)  # the next press switches back
    assert not app.fullscreen


def test_f11_is_kept_like_the_settings_switch() -> None:
    app = App(clock=ManualClock(), fullscreen=False)  # settings from the (empty) data folder
    _f11(app)
    assert app.fullscreen and app.settings.fullscreen
    assert Settings.load().settings.fullscreen  # the next start opens fullscreen too
    # Another setting changed afterwards must not switch the window back out of fullscreen.
    from game.ui.menu import MainMenu
    from game.ui.options import SettingsScreen

    app.stack.push(MainMenu())
    screen = SettingsScreen()
    app.stack.push(screen)
    assert screen.fullscreen.on  # the switch shows the window as it is
    screen.set(volume=0.3)
    assert app.fullscreen and Settings.load().settings == Settings(fullscreen=True, volume=0.3)
    _f11(app)  # F11 with the Settings screen open: its switch follows
    assert not app.fullscreen and not Settings.load().settings.fullscreen
    assert not screen.fullscreen.on


def test_the_window_opens_at_the_size_it_was_quit_at() -> None:
    first = App(clock=ManualClock(), fullscreen=False)
    assert first.size != MIN_SIZE
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=500, h=300, size=(500, 300)))
    first.run(frames=3)
    assert first.size == MIN_SIZE
    assert Settings.load().settings.window_size == MIN_SIZE
    again = App(clock=ManualClock(), fullscreen=False)
    assert again.size == MIN_SIZE
    assert App(size=(1000, 700), clock=ManualClock(), fullscreen=False).size == (1000, 700)


def test_a_window_quit_in_fullscreen_remembers_its_windowed_size() -> None:
    app = App(clock=ManualClock(), fullscreen=False)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=500, h=300, size=(500, 300)))
    app.step(1 / 60)
    _f11(app)
    app.run(frames=app.frame + 2)
    kept = Settings.load().settings
    assert kept.fullscreen and kept.window_size == MIN_SIZE


def test_settings_handed_in_are_not_written() -> None:
    app, _clock = _app()
    _f11(app)
    app.run(frames=app.frame + 2)
    assert app.settings.fullscreen
    assert Settings.load().settings == Settings()  # nothing reached the data folder


def test_text_pips_follow_the_four_colour_setting() -> None:
    import dataclasses

    from game.ui import theme
    from game.ui.cardart import suit_colour

    def inks(line: str) -> set[tuple[int, int, int]]:
        image = theme.text(line, 40, theme.INK)  # dark text: each pip in its suit's own ink
        w, h = image.get_size()
        return {tuple(image.get_at((x, y)))[:3] for x in range(w) for y in range(h)}  # type: ignore[misc]

    app = App(settings=Settings(four_colour=True), clock=ManualClock(), fullscreen=False)
    try:
        assert suit_colour("D", True) in inks("♦") and suit_colour("C", True) in inks("♣")
        app.settings = dataclasses.replace(app.settings, four_colour=False)  # switched off
        assert suit_colour("D") in inks("♦") and suit_colour("C", True) not in inks("♣")
    finally:
        theme.set_four_colour(False)


def test_the_window_in_the_background_draws_fewer_frames() -> None:
    app, clock = _app()
    for event, rate in (
        (None, FPS),
        (pygame.WINDOWFOCUSLOST, FPS_UNFOCUSED),  # another window typed into: still in view
        (pygame.WINDOWMINIMIZED, FPS_HIDDEN),
        (pygame.WINDOWRESTORED, FPS_UNFOCUSED),
        (pygame.WINDOWFOCUSGAINED, FPS),
        (pygame.WINDOWFOCUSLOST, FPS_UNFOCUSED),
    ):
        if event is not None:
            pygame.event.post(pygame.event.Event(event))
        app.step(clock.tick())
        assert app.frame_rate == rate
    # The loop holds the window's frame rate.
    asked: list[int] = []
    tick = clock.tick

    def noting(fps: int = 0) -> float:
        asked.append(fps)
        return tick(fps)

    clock.tick = noting  # type: ignore[method-assign]
    app.run(frames=app.frame + 2)
    assert asked == [FPS_UNFOCUSED, FPS_UNFOCUSED]

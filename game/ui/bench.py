"""Frame-time benchmark of the table: headless 1280×800 (and 2560×1440), four seats, normal
animation speed.

``bench_ui()`` returns the numbers (milliseconds, seconds, megabytes); it prints nothing.
"""

from __future__ import annotations

import os
import resource
import statistics
import sys
import time
from typing import Any

__all__ = ["bench_ui"]


def bench_ui(frames: int = 1000, seed: int = 5) -> dict[str, float]:
    """Median and p99 frame time (update + draw), the same while a hard bot thinks and in a
    2560×1440 window, time from start to the first frame, peak RSS, and what the drawing
    caches hold back at 1280×800 after the window was dragged through 40 sizes."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    started = time.perf_counter()
    import pygame

    pygame.display.init()
    pygame.font.init()
    stack, screen, table = _bots_table((1280, 800), seed)
    stack.update(1 / 60)
    stack.draw(screen)
    first_frame = time.perf_counter() - started
    times, thinking = _play_frames(stack, screen, table, frames)
    wide_frame, wide_click = _wide_hand(stack, screen)
    your_turn, bot_turn = _four_jokers_first_frames(stack, screen)
    rss_mb = _peak_rss_mb()  # before the large window's bigger surfaces
    large, _ = _play_frames(*_bots_table((2560, 1440), seed), frames=400)
    large_rss_mb = _peak_rss_mb()
    felts, resized_mb = _cached_after_resizes(seed, 40)
    waiting = _waiting_for_you(seed)
    menu = _menu_idle()
    resizing = _resizing_frames(seed)
    pygame.display.quit()
    return {
        "frame_median_ms": statistics.median(times),
        "frame_p99_ms": _p99(times),
        "thinking_median_ms": statistics.median(thinking) if thinking else 0.0,
        "thinking_p99_ms": _p99(thinking) if thinking else 0.0,
        "thinking_frames": float(len(thinking)),
        "first_frame_s": first_frame,
        "wide_hand_frame_median_ms": wide_frame,
        "wide_hand_click_ms": wide_click,
        "four_jokers_your_turn_first_frame_ms": your_turn,
        "four_jokers_bot_turn_first_frame_ms": bot_turn,
        "large_window_frame_median_ms": statistics.median(large),
        "large_window_frame_p99_ms": _p99(large),
        "peak_rss_mb": rss_mb,
        "large_window_peak_rss_mb": large_rss_mb,
        "felts_kept_after_40_resizes": float(felts),
        "panels_and_cards_mb_after_40_resizes": resized_mb,
        **waiting,
        **menu,
        **resizing,
    }


def _play_frames(
    stack: Any, screen: Any, table: Any, frames: int
) -> tuple[list[float], list[float]]:
    """Frame times (ms) of ``frames`` frames of a bots' game, and those while seat 1 (the
    hard bot) thinks; a finished round is followed by a fresh deal."""
    import pygame

    from game.ui.scene import SceneStack
    from game.ui.table import TableScene

    assert isinstance(stack, SceneStack) and isinstance(screen, pygame.Surface)
    assert isinstance(table, TableScene)
    dt = 1 / 60
    times: list[float] = []
    thinking: list[float] = []
    for _ in range(frames):
        hard_thinking = table.thinking is not None and table.thinking_seat == 1
        t0 = time.perf_counter()
        stack.update(dt)
        stack.draw(screen)
        spent = (time.perf_counter() - t0) * 1000
        times.append(spent)
        if hard_thinking:
            thinking.append(spent)
        if stack.top is not table:
            stack.pop()  # the round board: skip it and keep measuring on a fresh deal
            table._after_round("rematch")
        # Let the worker run as it would between real frames at 60 fps.
        time.sleep(max(0.0, dt - spent / 1000) * 0.05)
    table.worker.close()
    return times, thinking


def _bots_table(
    size: tuple[int, int], seed: int, levels: tuple[str, ...] = ("hard", "medium", "medium")
) -> tuple[Any, Any, Any]:
    """A window of ``size`` holding a dealt four-seat polish table of bots (seats 1 to 3 at
    ``levels``, seat 0 medium) at normal animation speed: (scene stack, screen, table)."""
    import pygame

    from game.engine import PRESETS, Game
    from game.store.settings import Settings
    from game.ui.scene import SceneStack
    from game.ui.start import table_for

    screen = pygame.display.set_mode(size)
    stack = SceneStack(None, size)
    game = Game.new(PRESETS["polish"], seats=4, seed=seed)
    settings = Settings(animation_speed="normal")
    table = table_for(game, levels, settings=settings, deal=True, autoplay=True)
    stack.push(table)
    return stack, screen, table


def _resizing_frames(seed: int, frames: int = 300) -> dict[str, float]:
    """Median frames that resize the window (between 1280×800 and 1100×700: new card and
    table sizes, as on a maximise or a restore) while a hard bot searches and while no bot
    thinks, at 60 frames a second: the drawing thread shares the interpreter lock with the
    search, and waits for it each time it lets it go (``botplayer.SWITCH_INTERVAL``)."""
    import pygame

    stack, screen, table = _bots_table((1280, 800), seed, ("hard", "hard", "hard"))
    thinking: list[float] = []
    idle: list[float] = []
    for i in range(frames):
        size = (1100, 700) if i % 2 else (1280, 800)
        search = table.thinking
        hard = search is not None and not search.done() and table.thinking_seat != 0
        nobody = search is None
        t0 = time.perf_counter()
        screen = pygame.display.set_mode(size)
        stack.resize(size)
        stack.update(1 / 60)
        stack.draw(screen)
        spent = time.perf_counter() - t0
        if hard:
            thinking.append(spent * 1000)
        elif nobody:
            idle.append(spent * 1000)
        if stack.top is not table:
            stack.pop()  # the round board: skip it and go on with a fresh deal
            table._after_round("rematch")
        time.sleep(max(0.0, 1 / 60 - spent))
    table.worker.close()
    stack.clear()
    return {
        "resize_frame_median_ms": statistics.median(idle) if idle else 0.0,
        "resize_frame_hard_thinking_median_ms": statistics.median(thinking) if thinking else 0.0,
        "resize_frames_hard_thinking": float(len(thinking)),
    }


def _cached_after_resizes(seed: int, sizes: int) -> tuple[int, float]:
    """How many window-sized felts, and how many megabytes of panels and card art, the
    caches hold at 1280×800 after a table's window was dragged from 1300×820 to 2500×1480
    in ``sizes`` steps and back (what RSS cannot show: the allocator keeps freed memory)."""
    import pygame

    from game.ui import cardart, theme

    stack, screen, table = _bots_table((1280, 800), seed)
    for i in range(sizes + 1):
        size = (1300 + i * 1200 // sizes, 820 + i * 660 // sizes) if i < sizes else (1280, 800)
        screen = pygame.display.set_mode(size)
        stack.resize(size)
        for _ in range(3):
            stack.update(1 / 60)
            stack.draw(screen)
    table.worker.close()
    stack.clear()
    pixels = theme._panels.pixels() + cardart._arts.pixels()
    return theme.felt.cache_info().currsize, pixels * 4 / (1024 * 1024)


def _wide_hand(stack: object, screen: object) -> tuple[float, float]:
    """Median frame and the click on a card, holding the widest hand tried (hungarian, two
    stand-in jokers and eight hearts on a heart: 236,305 legal plays)."""
    import pygame

    from game.bench import wide_hand_game
    from game.store.settings import Settings
    from game.ui.scene import SceneStack
    from game.ui.start import table_for

    assert isinstance(stack, SceneStack) and isinstance(screen, pygame.Surface)
    stack.clear()
    table = table_for(
        wide_hand_game(), ("random",), settings=Settings(animation_speed="off", hand_sort="none")
    )
    stack.push(table)
    dt = 1 / 60
    for _ in range(30):
        stack.update(dt)
        stack.draw(screen)
    times = []
    for _ in range(60):
        t0 = time.perf_counter()
        stack.update(dt)
        stack.draw(screen)
        times.append((time.perf_counter() - t0) * 1000)
    card = next(hc for hc in table.hand.cards if hc.card.code == "5H")
    x, y = table.hand.centre(card, table.layout)
    pos = (x - table.layout.card[0] * 0.35, y)  # the card's visible left strip
    t0 = time.perf_counter()
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        stack.handle_event(pygame.event.Event(kind, pos=pos, button=1))
    stack.update(dt)
    stack.draw(screen)
    click = (time.perf_counter() - t0) * 1000
    if len(table.hand.selection) != 1:
        raise RuntimeError("the benchmark's click missed the card it meant to choose")
    table.worker.close()
    stack.clear()
    return statistics.median(times), click


def _four_jokers_first_frames(
    stack: object, screen: object, samples: int = 3
) -> tuple[float, float]:
    """The worst of ``samples`` first frames of a turn with four stand-in jokers in a 25-card
    hand (millions of plays, listed up to the table's cap): yours, then a medium bot's."""
    import pygame

    from game.bench import four_jokers_game
    from game.store.settings import Settings
    from game.ui.scene import SceneStack
    from game.ui.start import table_for

    assert isinstance(stack, SceneStack) and isinstance(screen, pygame.Surface)
    worst: list[float] = []
    for seat in (0, 1):
        times = []
        for _ in range(samples):
            stack.clear()
            settings = Settings(animation_speed="normal", hand_sort="none")
            table = table_for(four_jokers_game(seat), ("medium",), settings=settings, deal=False)
            stack.push(table)
            t0 = time.perf_counter()
            stack.update(1 / 60)
            stack.draw(screen)
            times.append((time.perf_counter() - t0) * 1000)
            table.worker.close()
        worst.append(max(times))
    stack.clear()
    return worst[0], worst[1]


def _waiting_for_you(seed: int, seconds: float = 3.0) -> dict[str, float]:
    """The whole loop (the app's own clock) at a table waiting for you to play, nothing
    moving: the share of a core it takes, and the frames drawn and flips made a second.
    Headless, where a flip costs little; on a real window a flip copies the whole window."""

    from game.engine import PRESETS, Game
    from game.store.settings import Settings
    from game.ui.app import App

    app = App(settings=Settings(), size=(1280, 800), fullscreen=False)
    app.remembers_window = False
    game = Game.new(PRESETS["polish"], seats=2, seed=seed)
    table = _table_for_you(game, app)
    app.stack.push(table)
    settle = time.perf_counter() + 20.0
    while time.perf_counter() < settle and not (_waits_for_you(table) and app.still):
        app.next_frame()
    cpu, frames, flips = _idle(app, seconds)
    waited = _waits_for_you(table)
    app.stack.clear()
    return {
        "waiting_for_you_cpu_percent": cpu if waited else float("nan"),
        "waiting_for_you_frames_per_s": frames,
        "waiting_for_you_flips_per_s": flips,
    }


def _menu_idle(seconds: float = 3.0) -> dict[str, float]:
    """The whole loop on the main menu left alone: the share of a core it takes."""
    from game.store.paths import scratch_home
    from game.store.settings import Settings
    from game.ui.app import App
    from game.ui.menu import MainMenu

    # The menu opens the statistics, reads the saved game and takes the lock: on a home of
    # its own, as a first start has it, never the player's.
    with scratch_home():
        app = App(settings=Settings(), size=(1280, 800), fullscreen=False)
        app.remembers_window = False
        menu = MainMenu()
        app.stack.push(menu)
        settle = time.perf_counter() + 20.0
        while time.perf_counter() < settle and not app.still:
            app.next_frame()
        cpu, _frames, _flips = _idle(app, seconds)
        still = app.still
        menu.shutdown()
        app.stack.clear()
    return {"menu_idle_cpu_percent": cpu if still else float("nan")}


def _idle(app: Any, seconds: float) -> tuple[float, float, float]:
    """Run ``app``'s own loop for ``seconds``: the share of a core it took, and the frames
    drawn and flips made a second."""
    import pygame

    flips = [0]
    real_flip = pygame.display.flip

    def counted_flip() -> None:
        flips[0] += 1
        real_flip()

    pygame.display.flip = counted_flip
    try:
        frame, cpu, wall = app.frame, time.process_time(), time.perf_counter()
        while time.perf_counter() - wall < seconds:
            app.next_frame()
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    finally:
        pygame.display.flip = real_flip
    return 100 * cpu / wall, (app.frame - frame) / wall, flips[0] / wall


def _table_for_you(game: Any, app: Any) -> Any:
    """A table of ``game`` with you in seat 0 against medium bots, dealt as at the start."""
    from game.ui.start import table_for

    levels = ["medium"] * (game.seats - 1)
    return table_for(game, levels, settings=app.settings, sound=app.sound, deal=True)


def _waits_for_you(table: Any) -> bool:
    """Whether the table's round waits for seat 0 (you) to act."""
    return not table.game.over and table.game.current == 0 and table.thinking is None


def _peak_rss_mb() -> float:
    """The process's peak resident memory so far, in megabytes."""
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return rss / (1024 * 1024) if sys.platform == "darwin" else rss / 1024


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]

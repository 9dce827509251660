"""A round played out by random bots runs to several hundred lines of the game log (850 in
four-seat polish): the log keeps them all, back to the deal. Beyond its limit the oldest
lines go, and the top of the log says how many."""

from __future__ import annotations

import pygame
import pytest

from game.engine import PRESETS, Game
from game.ui.director import LOG_LINES
from tests.ui.tablekit import Harness
from tests.ui.textkit import drawn_texts


def _log_read_from_the_top(monkeypatch: pytest.MonkeyPatch, extra: int) -> list[str]:
    h = Harness(Game.new(PRESETS["polish"], 4, seed=3))
    log = h.table.director.log
    log.clear()
    first = "Round 1: Ada deals 5 cards each; 6♠ starts the pile"
    log.append(first)
    log.extend(f"Ben drew 1 card ({n})" for n in range(extra))
    h.key(pygame.K_l, "l")
    assert h.table.show_log
    h.key(pygame.K_HOME)
    h.tick()
    texts = [words for words, _ in drawn_texts(monkeypatch, h.stack, (1280, 800))]
    return [first, *texts]


def test_a_long_round_keeps_its_whole_log_back_to_the_deal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first, *texts = _log_read_from_the_top(monkeypatch, 900)
    assert any(words.startswith(first[:12]) for words in texts)  # the deal, read back to
    assert not any("not kept" in words for words in texts)


def test_lines_beyond_the_limit_are_told_at_the_top(monkeypatch: pytest.MonkeyPatch) -> None:
    _first, *texts = _log_read_from_the_top(monkeypatch, LOG_LINES + 25)
    dropped = 25 + 1  # (and the deal's own line)
    assert f"… {dropped} earlier lines not kept" in texts
    assert "Ben drew 1 card (0)" not in texts and "Ben drew 1 card (25)" in texts


def test_home_reaches_the_deal_above_long_lines_not_yet_shown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Lines not yet shown have their rows guessed (wrapping 2,000 lines at once froze the
    # log's opening): read from the top, the view stays there as they are put right, even
    # where every guess was short (one row each).
    from game.ui import tabledraw

    monkeypatch.setattr(tabledraw, "_rows_guessed", lambda *_args: 1)
    h = Harness(Game.new(PRESETS["polish"], 4, seed=3))
    log = h.table.director.log
    log.clear()
    log.append("Round 1: Ada deals 5 cards each; 6♠ starts the pile")
    stack = "Ben laid 2♥ 2♠ 2♦ 2♣ — the stack is 8 — Cleo owes 8 — and Macau! "
    log.extend(f"{stack * (1 + n % 3)}({n})" for n in range(300))
    log.extend(f"Ben drew 1 card ({n})" for n in range(1200))
    h.key(pygame.K_l, "l")
    h.key(pygame.K_HOME)
    h.tick(3)
    texts = [words for words, _ in drawn_texts(monkeypatch, h.stack, (1280, 800))]
    assert any(words.startswith("Round 1:") for words in texts), texts[:12]
    h.key(pygame.K_PAGEDOWN)  # and down from there again
    h.tick()
    texts = [words for words, _ in drawn_texts(monkeypatch, h.stack, (1280, 800))]
    assert not any(words.startswith("Round 1:") for words in texts)
    assert h.table.log_back > 0


def test_continue_still_tells_how_many_earlier_lines_went(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from game.store.settings import Settings
    from game.ui.matchtable import MatchTable
    from game.ui.resume import restore, snapshot
    from game.ui.setup import SeatSpec, TableSetup

    setup = TableSetup("polish", (SeatSpec("You"), SeatSpec("Ada", "random")))
    off = Settings(animation_speed="off")
    table = MatchTable(setup, setup.new_game(seed=4), settings=off, seed=4)
    table.director.log.extend(f"Ada drew 1 card ({n})" for n in range(LOG_LINES + 300))
    before = table.director.log_dropped
    assert before >= 300
    data = snapshot(table)
    table.shutdown()

    again = restore(data, off)
    h = Harness(Game.new(PRESETS["polish"], 2, seed=1))
    h.stack.pop()
    h.stack.push(again)
    h.key(pygame.K_l, "l")
    h.key(pygame.K_HOME)
    h.tick(2)
    dropped = again.director.log_dropped
    assert dropped >= before  # (and the line that says where the round picks up)
    texts = [words for words, _ in drawn_texts(monkeypatch, h.stack, (1280, 800))]
    assert f"… {dropped:,} earlier lines not kept" in texts


def _drawn_at(monkeypatch: pytest.MonkeyPatch, h: Harness) -> dict[str, int]:
    """Each log line drawn once, and where (its top)."""
    drawn = drawn_texts(monkeypatch, h.stack, h.screen.get_size())
    counts: dict[str, int] = {}
    for words, _ in drawn:
        counts[words] = counts.get(words, 0) + 1
    return {words: rect.y for words, rect in drawn if counts[words] == 1}


def test_lines_read_back_stay_put_as_the_newest_line_gains_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    h = Harness(Game.new(PRESETS["polish"], 4, seed=3))
    log = h.table.director.log
    log.clear()
    log.extend(f"Ben drew 1 card ({n})" for n in range(400))
    log.append("Cleo laid 7♥")
    h.key(pygame.K_l, "l")
    h.key(pygame.K_PAGEUP)
    h.tick()
    before = _drawn_at(monkeypatch, h)
    # The move's line gains its consequences and wraps onto more rows, as the log's words
    # are added to the line of the move they belong to.
    log[-1] += " — the stack is 8 — Dan owes 8 — Macau! — Cleo has one card left and Ben is next"
    h.tick()
    after = _drawn_at(monkeypatch, h)
    moved = {w: after[w] - y for w, y in before.items() if w in after and w.startswith("Ben")}
    assert moved and set(moved.values()) == {0}, moved


def test_each_notch_of_the_wheel_moves_the_lines_read_by_one_notch(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Lines not yet shown have their rows guessed; one coming into view with more rows than
    # guessed must not shift those above it.
    import random

    h = Harness(Game.new(PRESETS["polish"], 4, seed=3))
    log = h.table.director.log
    log.clear()
    pick = random.Random(1)
    words = [
        "Ben",
        "laid",
        "2♥",
        "2♠",
        "2♦",
        "the",
        "stack",
        "is",
        "now",
        "eight",
        "cards",
        "Cleo",
        "owes",
        "eight",
        "Macau!",
    ]
    for n in range(150):
        log.append(f"({n:03}) " + " ".join(pick.choice(words) for _ in range(pick.randint(2, 30))))
    h.key(pygame.K_l, "l")
    h.key(pygame.K_HOME)
    h.tick()
    log_rect = h.table.layout.log_rect
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: log_rect.center)
    notch = h.table.layout.px(48)
    seen = _drawn_at(monkeypatch, h)
    odd = []
    for _ in range(60):
        h.send(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
        now = _drawn_at(monkeypatch, h)
        moves = {seen[w] - y for w, y in now.items() if w in seen and w.startswith("(")}
        if moves != {notch}:
            odd.append(moves)
        seen = now
    assert not odd, odd


def _lines_log(h: Harness, count: int) -> None:
    log = h.table.director.log
    log.clear()
    log.extend(f"Ben drew 1 card ({n})" for n in range(count))


def test_the_log_reopens_on_its_newest_line_after_being_read_from_the_top(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    h = Harness(Game.new(PRESETS["polish"], 4, seed=3))
    _lines_log(h, 300)
    h.key(pygame.K_l, "l")
    h.key(pygame.K_HOME)
    h.tick()
    h.key(pygame.K_l, "l")  # closed, read from the top
    h.table.director.log.append("Cleo laid 7♥")
    h.key(pygame.K_l, "l")
    h.tick()
    texts = [words for words, _ in drawn_texts(monkeypatch, h.stack, (1280, 800))]
    assert "Cleo laid 7♥" in texts and "newer below · End" not in texts


@pytest.mark.parametrize("sizes", [((1920, 1080), (800, 600)), ((1280, 800), (960, 600))])
def test_the_line_read_stays_in_view_when_the_window_shrinks(
    monkeypatch: pytest.MonkeyPatch, sizes: tuple[tuple[int, int], tuple[int, int]]
) -> None:
    big, small = sizes
    h = Harness(Game.new(PRESETS["polish"], 4, seed=3), size=big)
    _lines_log(h, 600)
    h.key(pygame.K_l, "l")
    for _ in range(3):
        h.key(pygame.K_PAGEUP)
    h.tick()
    read = min(
        (rect.y, words)
        for words, rect in drawn_texts(monkeypatch, h.stack, big)
        if words.startswith("Ben drew")
    )[1]
    h.screen = pygame.display.set_mode(small)
    h.stack.resize(small)
    h.tick(2)
    texts = [words for words, _ in drawn_texts(monkeypatch, h.stack, small)]
    assert read in texts


def test_reading_the_oldest_lines_as_they_go_keeps_to_the_oldest_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    h = Harness(Game.new(PRESETS["polish"], 4, seed=3))
    _lines_log(h, LOG_LINES)
    h.key(pygame.K_l, "l")
    h.key(pygame.K_HOME)
    h.tick()
    log_rect = h.table.layout.log_rect
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: log_rect.center)
    for _ in range(3):  # a little way down from the top
        h.send(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
    for n in range(40):  # each new line lets the oldest go, the line read among them
        h.table.director.log.append(f"Cleo drew 1 card ({n})")
        h.tick()
    texts = [words for words, _ in drawn_texts(monkeypatch, h.stack, (1280, 800))]
    assert "… 40 earlier lines not kept" in texts and "Ben drew 1 card (40)" in texts


@pytest.mark.parametrize("key", [pygame.K_END, pygame.K_PAGEDOWN], ids=["End", "PageDown"])
def test_a_scroll_from_the_top_of_a_full_log_holds_as_a_line_comes_in_the_same_frame(
    monkeypatch: pytest.MonkeyPatch, key: int
) -> None:
    h = Harness(Game.new(PRESETS["polish"], 4, seed=3))
    _lines_log(h, LOG_LINES + 10)
    h.key(pygame.K_l, "l")
    h.key(pygame.K_HOME)
    h.tick()
    h.table.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    h.table.director.log.append("Cleo laid 7♥")  # lets go the line the view was on
    h.tick()
    texts = [words for words, _ in drawn_texts(monkeypatch, h.stack, (1280, 800))]
    assert not any("not kept" in words for words in texts)  # left the top, as asked
    assert ("Cleo laid 7♥" in texts) == (key == pygame.K_END)

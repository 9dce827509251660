"""The end of a points match: confetti only for a person who wins (or shares) it, and the
final grid, like the scoreboard, opens at the last rounds, the ones that decided it."""

from __future__ import annotations

import pygame
import pytest

from game.engine import PRESETS, Action, Game
from game.store.settings import Settings
from game.ui.matchtable import MatchTable
from game.ui.roundend import RoundEndOverlay
from game.ui.scoreboard import MatchEndScreen, ScoreboardOverlay
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import Screen
from tests.ui.textkit import drawn_texts

SETUP = TableSetup("tel_aviv", (SeatSpec("You"), SeatSpec("Ada", "easy"), SeatSpec("Ben", "easy")))


def _one_move_from_the_end(seed: int) -> tuple[Game, Action, int]:
    """A Tel-Aviv match to 500 played out by every seat laying its first legal move, stopped
    before the move that ends it: the game, that move and the seat that makes it."""

    def moves() -> int:
        g = Game.new(PRESETS["tel_aviv"], seats=3, seed=seed)
        n = 0
        while not g.match_over:
            if g.over:
                g.next_round()
            g.apply(g.legal_actions()[0])
            n += 1
        return n

    g = Game.new(PRESETS["tel_aviv"], seats=3, seed=seed)
    for _ in range(moves() - 1):
        if g.over:
            g.next_round()
        g.apply(g.legal_actions()[0])
    return g, g.legal_actions()[0], g.current


def _match_end(
    seed: int, size: tuple[int, int] = (960, 600), speed: str = "off"
) -> tuple[Screen, MatchEndScreen]:
    """The match-end screen reached at the table: the last move, the round's board, Enter."""
    g, last, seat = _one_move_from_the_end(seed)
    off = Settings(animation_speed=speed, bot_pace="fast")
    table = MatchTable(SETUP, g, settings=off, seed=seed, deal=False)
    table.bots.clear()  # the last move is played as given
    screen = Screen(table, size)
    table.apply(last, seat)
    for _ in range(600):
        if isinstance(screen.top, RoundEndOverlay):
            break
        screen.frame(draw=False)
    assert isinstance(screen.top, RoundEndOverlay)
    screen.key(pygame.K_RETURN)  # "Match result"
    end = screen.top
    assert isinstance(end, MatchEndScreen) and g.match_over
    screen.frame()
    return screen, end


def _scoreboard(g: Game, size: tuple[int, int]) -> tuple[Screen, ScoreboardOverlay]:
    """The scoreboard (T) opened over a table of ``g`` in a window of ``size``."""
    off = Settings(animation_speed="off", bot_pace="fast")
    table = MatchTable(SETUP, g, settings=off, seed=4, deal=False)
    table.bots.clear()
    screen = Screen(table, size)
    screen.key(pygame.K_t, "t")
    board = screen.top
    assert isinstance(board, ScoreboardOverlay)
    return screen, board


def _shown_rounds(end: MatchEndScreen) -> tuple[int, int]:
    """The first and last round whose row is wholly in the grid's view."""
    row_h = end.scroll.content // len(end.table.game.round_charges)
    first = -(-round(end.scroll.offset) // row_h) + 1
    last = (round(end.scroll.offset) + end.scroll.view) // row_h
    return first, last


def test_no_confetti_when_a_bot_wins_the_match_and_the_person_loses() -> None:
    _screen, end = _match_end(seed=4)
    assert end.table.game.winners == (2,)  # Ben
    assert end.confetti is None


@pytest.mark.parametrize(("speed", "confetti"), [("fast", True), ("off", False)])
def test_confetti_when_the_person_wins_the_match(speed: str, confetti: bool) -> None:
    # (Not with animation off, "instant": nothing on the screen moves then.)
    _screen, end = _match_end(seed=7, speed=speed)
    assert end.table.game.winners == (0,)
    assert (end.confetti is not None) is confetti


def test_the_final_grid_opens_at_the_last_rounds() -> None:
    screen, end = _match_end(seed=4)  # eleven rounds: more than a 960×600 window shows
    rounds = len(end.table.game.round_charges)
    assert end.scroll.limit > 0
    first, last = _shown_rounds(end)
    assert last == rounds and first > 1
    screen.key(pygame.K_HOME)  # and the first rounds are a key away
    screen.frame()
    assert _shown_rounds(end)[0] == 1


def test_the_scoreboard_opens_at_the_last_rounds() -> None:
    g, _, _ = _one_move_from_the_end(seed=4)
    _screen, board = _scoreboard(g, (960, 600))
    assert board.scroll.limit > 0 and board.scroll.offset == board.scroll.limit


def test_the_first_row_in_view_is_whole_at_the_last_rounds() -> None:
    """Opened at the last rounds, the grid shows whole rows: its view is a whole number of
    rows, so the first row in view is not cut at the top."""
    _screen, end = _match_end(seed=4)
    row_h = end.scroll.content // len(end.table.game.round_charges)
    assert end.scroll.view % row_h == 0
    assert round(end.scroll.offset) % row_h == 0


def test_the_match_end_says_who_reached_the_target_and_the_final_places(monkeypatch) -> None:
    screen, end = _match_end(seed=4)
    g = end.table.game
    line, places = end.result_lines()
    assert [s for s in range(3) if g.scores[s] >= 500] == [0]
    assert line == "11 rounds played to 500 points; you reached it"  # the person lost it
    assert places.startswith("1st Ben · ")  # Ben won it (lowest total)
    order = [part.split(" ", 1)[1] for part in places.split(" · ")]
    totals = {"you": g.scores[0], "Ada": g.scores[1], "Ben": g.scores[2]}
    assert [totals[name] for name in order] == sorted(totals.values())
    drawn = [w for w, _r in drawn_texts(monkeypatch, screen.stack, (960, 600), top_only=True)]
    assert places in drawn and line in drawn


def test_the_round_board_writes_nothing_charged_as_the_scoreboard_does(monkeypatch) -> None:
    """The round's winner is charged nothing: "0" on the round's board as in the grid, not
    "+0" beside the others' "+35"."""
    g, last, seat = _one_move_from_the_end(seed=4)
    off = Settings(animation_speed="off", bot_pace="fast")
    table = MatchTable(SETUP, g, settings=off, seed=4, deal=False)
    table.bots.clear()
    screen = Screen(table, (960, 600))
    table.apply(last, seat)
    screen.until(RoundEndOverlay)
    screen.frame()
    drawn = [w for w, _r in drawn_texts(monkeypatch, screen.stack, (960, 600), top_only=True)]
    charges = g.round_charges[-1]
    assert 0 in charges and any(charges)
    assert "+0" not in drawn and "0" in drawn
    assert {f"+{c}" for c in charges if c} <= set(drawn)


def test_a_resize_keeps_the_scoreboard_on_the_rounds_being_read() -> None:
    g, _, _ = _one_move_from_the_end(seed=4)
    screen, board = _scoreboard(g, (1000, 640))
    screen.frame()
    assert board.scroll.limit > 0
    screen.key(pygame.K_HOME)
    screen.frame()
    assert board.scroll.offset == 0
    for size in ((960, 600), (1000, 640)):
        screen.stack.resize(size)
        screen.frame()
        assert board.scroll.limit > 0 and board.scroll.offset == 0  # Round 1 still at the top


def test_a_smaller_window_keeps_the_latest_round_of_the_scoreboard_in_view() -> None:
    """Opened where every round fits, then made smaller: the rounds that no longer fit are
    the first ones, not the latest (as they would be were the board pinned to its top)."""
    g, _, _ = _one_move_from_the_end(seed=4)
    screen, board = _scoreboard(g, (1280, 1000))
    screen.frame()
    assert board.scroll.limit == 0
    for size in ((1000, 640), (960, 600)):
        screen.stack.resize(size)
        screen.frame()
        assert board.scroll.limit > 0 and board.scroll.offset == board.scroll.limit, size


def test_a_smaller_window_keeps_the_last_rounds_of_the_match_end_in_view() -> None:
    screen, end = _match_end(seed=4, size=(1280, 800))
    rounds = len(end.table.game.round_charges)
    assert _shown_rounds(end)[1] == rounds
    screen.stack.resize((960, 600))
    screen.frame()
    assert _shown_rounds(end)[1] == rounds


def test_a_resize_to_another_scale_keeps_the_round_at_the_top_of_the_scoreboard() -> None:
    """The rows' height goes with the window's scale: the place is kept in rounds, not in
    pixels, so the round read at the top stays there, whole."""
    g = Game.new(PRESETS["tel_aviv"].replace(target=3000), seats=3, seed=5)
    while len(g.round_charges) < 30:  # thirty rounds: more than even 3840×2160 shows
        if g.over:
            g.next_round()
        g.apply(g.legal_actions()[0])
    screen, board = _scoreboard(g, (960, 600))
    screen.key(pygame.K_HOME)
    screen.frame()
    board.scroll.by(2 * round(32 * board.close_button.ui))  # round 3 at the top
    screen.frame()
    for size in ((1920, 1080), (3840, 2160), (1280, 800), (960, 600)):
        screen.stack.resize(size)
        screen.frame()
        assert board.scroll.offset == 2 * round(32 * board.close_button.ui), size

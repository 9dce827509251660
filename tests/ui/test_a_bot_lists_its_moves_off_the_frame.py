"""A bot's moves are listed on the table's worker thread with its thinking, not on the frame
that starts its turn: with several stand-in jokers in a big hand the listing takes tenths of
a second, and the window stood still for that long."""

from __future__ import annotations

from game.bench import four_jokers_game
from game.engine import Play
from tests.ui.tablekit import Harness


def test_a_bots_turn_starts_without_listing_its_moves_on_the_frame() -> None:
    h = Harness(four_jokers_game(seat=1), levels=("easy",), bots=True)
    seat = h.game.current
    assert seat == 1
    h.table._run_bots(h.table.animator.now)
    thinking = h.table.thinking
    assert thinking is not None and h.table.thinking_seat == seat
    assert seat not in h.table._listings  # the worker lists them
    move = thinking.result(timeout=60)
    assert isinstance(move, Play) and h.game.is_legal(move, seat)
    h.settle()
    assert h.game.current != seat


def test_the_bots_thread_hands_the_lock_back_to_the_frame_quickly() -> None:
    # At Python's usual 5 ms switch interval a frame that let the interpreter lock go waited
    # that long to have it back from a searching bot, each time (make bench measures the
    # frames: resize_frame_hard_thinking_median_ms).
    import sys

    from game.ui.botplayer import SWITCH_INTERVAL, BotWorker

    was = sys.getswitchinterval()
    try:
        sys.setswitchinterval(0.005)
        worker = BotWorker()
        assert sys.getswitchinterval() <= SWITCH_INTERVAL <= 0.0005
        worker.close()
    finally:
        sys.setswitchinterval(was)

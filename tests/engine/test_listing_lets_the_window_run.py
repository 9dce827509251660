"""A long listing (a big hand with stand-in jokers) on a thread other than the main one lets
the main thread run now and then: compiled, the listing would otherwise hold the interpreter
lock throughout, and a bot listing its moves on the table's worker thread froze the window.
On the main thread itself it never stops to let others run."""

from __future__ import annotations

import threading
import time

import pytest

from game.bench import four_jokers_game


def test_a_long_listing_off_the_main_thread_lets_the_main_thread_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sleeps: list[int] = []
    real = time.sleep

    def sleep(seconds: float) -> None:
        sleeps.append(threading.get_ident())
        real(seconds)

    monkeypatch.setattr(time, "sleep", sleep)
    here, _full = four_jokers_game().legal_actions_capped(20_000)
    assert sleeps == []  # the main thread never waits on itself
    listed: list[object] = []
    worker = threading.Thread(
        target=lambda: listed.append(four_jokers_game().legal_actions_capped(20_000)[0])
    )
    worker.start()
    worker.join()
    assert sleeps and set(sleeps) == {worker.ident}
    assert listed == [here]  # and lists just the same

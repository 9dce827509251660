"""Every time the statistics hold is a date (1970 to 9999): a round or match whose times
are not is refused when recorded, and a file holding one (damage SQLite's own checks do
not see) is mended as it opens. A time beyond the dates stopped every screen showing it
(History, Statistics, Rankings, Profiles) with "year 318857 is out of range"."""

from __future__ import annotations

import dataclasses
import math
import sqlite3
from datetime import datetime
from pathlib import Path

import pytest

from game.store import GameRecord, Store, opening
from game.store.db import default_path
from tests.store.conftest import bot, game, human, match_record

BEYOND = [1e13, -1.0, math.inf, -math.inf, math.nan]


def _round(n: int) -> GameRecord:
    return game(n, "polish", human(0, "Anna", 1 + n % 2), bot(1, "easy", 2 - n % 2))


@pytest.mark.parametrize("moment", BEYOND)
@pytest.mark.parametrize("which", ["started_at", "ended_at"])
def test_a_round_at_no_date_is_refused(store: Store, moment: float, which: str) -> None:
    rec = dataclasses.replace(_round(1), **{which: moment})
    with pytest.raises(ValueError, match="dates from 1970 to 9999"):
        store.record_game(rec)
    assert store.history() == []


@pytest.mark.parametrize("moment", BEYOND)
def test_a_match_at_no_date_is_refused(store: Store, moment: float) -> None:
    match = match_record(("Anna", ""), (20, 40), 2, "playing", preset="tel_aviv", target=100)
    with pytest.raises(ValueError, match="dates from 1970 to 9999"):
        store.record_match(dataclasses.replace(match, ended_at=moment))
    assert store.matches() == []


def test_the_first_and_last_dates_are_recorded(store: Store) -> None:
    assert store.record_game(dataclasses.replace(_round(1), started_at=0.0, ended_at=60.0))
    last = datetime(9999, 12, 30).timestamp()
    assert store.record_game(dataclasses.replace(_round(2), started_at=last, ended_at=last))
    assert len(store.history()) == 2


def _beyond(home: Path, statement: str) -> None:
    """Six rounds and a points match recorded, then ``statement`` run on the file."""
    with Store.open() as store:
        for n in range(6):
            assert store.record_game(_round(n))
        match = match_record(("Anna", ""), (20, 40), 2, "playing", preset="tel_aviv", target=100)
        assert store.record_match(match)
    conn = sqlite3.connect(str(default_path()), isolation_level=None)
    try:
        conn.execute(statement)
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    finally:
        conn.close()
    opening.forget_checked(default_path())  # as at the next start


def _every_time_is_a_date(store: Store) -> None:
    """What the screens show of the file, each of its times read as a date."""
    times = [p.created for p in store.profiles(include_merged=True)]
    for entry in store.history():
        times += [entry.started_at, entry.ended_at, entry.duration_s]
    for m in store.matches():
        times += [m.started_at, m.ended_at]
    times += [w.ended_at for w in store.fastest_wins()]
    stats = store.profile_stats("Anna")
    times += [point.at for point in stats.rating_series]
    for moment in times:
        datetime.fromtimestamp(moment)


@pytest.mark.parametrize(
    ("statement", "rounds"),
    [
        ("UPDATE games SET ended_at = 1e13 WHERE id = 3", 5),
        ("UPDATE games SET started_at = -1e11 WHERE id = 3", 5),
        # Worked out from others, these are mended, and no round is lost for them.
        ("UPDATE games SET duration_s = 1e300 WHERE id = 3", 6),
        ("UPDATE results SET out_after_s = 9e99 WHERE game_id = 3", 6),
        ("UPDATE rating_history SET at = 1e13 WHERE game_id = 3", 6),
        ("UPDATE profiles SET created = -1e12 WHERE name = 'Anna'", 6),
        ("UPDATE matches SET ended_at = 1e13", 6),
    ],
)
def test_a_file_holding_a_time_beyond_the_dates_is_mended(
    home: Path, statement: str, rounds: int
) -> None:
    _beyond(home, statement)
    with Store.open() as store:
        assert (store.problem or "").startswith("The statistics file was damaged")
        assert len(store.history()) == rounds
        assert store.profile("Anna") is not None
        _every_time_is_a_date(store)
        assert store.record_game(_round(7))  # and it records on

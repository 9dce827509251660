"""Shared test set-up: every test gets its own MACAU_HOME, and rounds are built tersely."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from game.store import GameRecord, MatchRecord, MatchSeat, SeatResult, Store

T0 = 1_700_000_000.0


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh, private MACAU_HOME for each test."""
    folder = tmp_path / "home"
    monkeypatch.setenv("MACAU_HOME", str(folder))
    return folder


@pytest.fixture
def store(home: Path) -> Store:
    """A store in the test's MACAU_HOME."""
    opened = Store.open()
    assert opened.problem is None
    return opened


def human(seat: int, name: str, place: int, **extra: int) -> SeatResult:
    """A human seat's result."""
    return SeatResult(seat, name, False, None, place, **extra)


def bot(seat: int, level: str, place: int, **extra: int) -> SeatResult:
    """A bot seat's result."""
    return SeatResult(seat, f"bot {seat}", True, level, place, seat_name=f"Bot {seat}", **extra)


def game(
    n: int, preset: str, *seats: SeatResult, duration: float = 300.0, **flags: bool
) -> GameRecord:
    """Round number ``n`` (it sets the clock) of ``preset`` with ``seats``."""
    ended = T0 + n * 1000.0
    return GameRecord(preset, f"fp-{preset}", ended - duration, ended, tuple(seats), **flags)


def match_record(
    names: tuple[str, ...],
    totals: tuple[int, ...],
    rounds: int,
    status: str,
    *,
    preset: str,
    target: int,
    key: str = "m1",
    bot_seat_name: str = "",
) -> MatchRecord:
    """A points match of ``rounds`` rounds so far: a seat named "" is an easy bot (called
    ``bot_seat_name`` at the table); the lowest total wins a finished match."""
    seats = tuple(
        MatchSeat(
            seat=s,
            profile=name or "Bot · easy",
            is_bot=not name,
            bot_level=None if name else "easy",
            total=t,
            place=1 + sum(1 for o in totals if o < t),
            won=status == "finished" and t == min(totals),
            seat_name="" if name else bot_seat_name,
        )
        for s, (name, t) in enumerate(zip(names, totals, strict=True))
    )
    return MatchRecord(key, preset, "fp", target, T0, T0 + 600 * rounds, rounds, seats, status)


def integrity(path: Path) -> str:
    """PRAGMA integrity_check of the file at ``path``, read by a separate connection."""
    conn = sqlite3.connect(str(path))
    try:
        return str(conn.execute("PRAGMA integrity_check").fetchone()[0])
    finally:
        conn.close()

"""A statistics file where a stored name holds bytes that are not UTF-8 (a bit flipped on
disk, which SQLite's own checks do not see) is read whole: the odd byte reads as "\ufffd"
and every round, figure and export is there. Read strictly, every query touching such a
row failed, and History showed no round at all."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from game.store import Store
from tests.store.conftest import bot, game, human

ODD = "\ufffd"


def _damaged(home: Path) -> None:
    """Three rounds of Anna against a bot, then bytes that are not UTF-8 written into the
    second round's rules fingerprint and into the bot's name where it sat."""
    with Store.open() as store:
        for n in range(3):
            store.record_game(
                game(n, "polish", human(0, "Anna", 1 + n % 2), bot(1, "easy", 2 - n % 2))
            )
    conn = sqlite3.connect(str(home / "data" / "macau.sqlite3"), isolation_level=None)
    try:
        conn.execute("UPDATE games SET rules_fingerprint = CAST(x'6670ff70' AS TEXT) WHERE id = 2")
        conn.execute("UPDATE results SET seat_name = CAST(x'426fff74' AS TEXT) WHERE seat = 1")
        conn.execute("UPDATE profiles SET name = CAST(x'626f74ff31' AS TEXT) WHERE name = 'bot 1'")
    finally:
        conn.close()


def test_every_round_is_listed_with_the_odd_byte_shown(home: Path) -> None:
    _damaged(home)
    with Store.open() as store:
        assert store.problem is None
        rounds = store.history()
        assert len(rounds) == 3
        assert [r.rules_fingerprint for r in rounds] == ["fp-polish", f"fp{ODD}p", "fp-polish"]
        bots = {(s.profile, s.seat_name) for r in rounds for s in r.seats if s.is_bot}
        assert bots == {("Bot · easy", f"Bo{ODD}t")}
        assert store.profile_stats("Anna").games == 3
        assert {row.profile for row in store.leaderboard()} == {"Anna", "Bot · easy"}


def test_the_export_holds_every_round(home: Path) -> None:
    _damaged(home)
    with Store.open() as store:
        assert store.export(home / "all.json") == [home / "all.json"]
    data = json.loads((home / "all.json").read_text(encoding="utf-8"))
    assert len(data["history"]) == 3

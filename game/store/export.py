"""Exporting statistics, the full round history and the points matches as CSV or JSON.

JSON (``stats.json``): one document ``{"format": "macau-stats", "version": 6, "exported_at",
"profiles": [...], "leaderboards": {scope: [...]}, "rule_set_leaderboards": {name: [...]},
"history": [...], "matches": [...]}``. Version 2 added ``matches`` and each round's
``match_id``; version 3 each round's and match's ``rules_label`` (the name custom rules were
saved under, or null); version 4 each match seat's ``reached_target``, as the CSV has it;
version 5 each round seat's ``out_after_s`` (seconds from the deal to its last card, null
for a seat that never went out or a round recorded before), each profile's ``matches_drawn``
(drawn matches, which ``matches_won`` no longer counts) and its ``fastest_win``'s ``win_s``
(the time the win took, which the fastest win is chosen by; ``duration_s`` stays the round's
length); version 6 ``rule_set_leaderboards``, the leaderboard of each name custom rules were
saved under, rated over only the rounds played on them (the ``custom`` scope rates every
custom rule set together). Both formats list the players who have played a round or a match.

CSV (``stats.csv``): the history, one row per seat of every round (``HISTORY_COLUMNS``),
plus two files beside it: ``stats_stats.csv``, one row per profile (``STATS_COLUMNS``), and
``stats_matches.csv``, one row per seat of every points match (``MATCH_COLUMNS``; a round's
``match_id`` names its match there). Since version 5 ``fastest_win_s`` is the time the win
took, as the statistics screen shows it, ``matches_won`` leaves out the drawn matches, which
``matches_drawn`` (the profiles' file's last column) counts, and the rounds' file ends in
``out_after_s``. CSV
times are ISO 8601 in UTC and true/false columns 1/0; JSON times are Unix seconds. A CSV
text cell that begins with = + - @, a tab or a carriage return (a player called "=1+1" or
"-=Kasia=-"; not a negative number) is written after an apostrophe, so that a spreadsheet
shows it as text instead of running it as a formula, and so is one after a ";" or a tab
inside a text ("Kasia;'=1+1"): a spreadsheet that splits lines at ";" (as Polish, Hungarian,
Romanian and German ones do) would start a cell there. JSON keeps every text as it is. An
export writes over an earlier export's files of the same names, but not over a file beside
it that is not one (``results_stats.csv`` of the player's own).
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import re
import sqlite3
import stat
import time
from collections.abc import Iterable, Iterator
from dataclasses import asdict
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any, BinaryIO

from game.store import queries, stats
from game.store.files import replacing, replacing_together
from game.store.models import OVERALL, HistoryEntry, MatchEntry, ProfileStats
from game.store.paths import StoreUnavailable

FORMAT = "macau-stats"
VERSION = 6

HISTORY_COLUMNS = (
    "game_id",
    "preset",
    "rules_fingerprint",
    "started_at",
    "ended_at",
    "duration_s",
    "is_match",
    "abandoned",
    "blocked",
    "round_no",
    "seat",
    "profile",
    "is_bot",
    "bot_level",
    "place",
    "won",
    "points",
    "penalty_cards",
    "biggest_stack",
    "turns_missed",
    "macau_forgotten",
    "seat_name",
    "match_id",
    "rules_label",
    "out_after_s",
)

MATCH_COLUMNS = (
    "match_id",
    "preset",
    "rules_fingerprint",
    "target",
    "status",
    "rounds",
    "started_at",
    "ended_at",
    "duration_s",
    "seat",
    "profile",
    "is_bot",
    "bot_level",
    "seat_name",
    "total",
    "place",
    "won",
    "reached_target",
    "rules_label",
)

STATS_COLUMNS = (
    "profile",
    "is_bot",
    "games",
    "wins",
    "win_rate",
    "avg_place",
    "fastest_win_s",
    "fastest_win_game_id",
    "longest_win_streak",
    "biggest_stack",
    "favourite_preset",
    "points_per_round",
    "abandoned",
    "mu",
    "sigma",
    "conservative",
    "matches",
    "matches_won",
    "matches_abandoned",
    "matches_drawn",
)


def iso(seconds: float) -> str:
    """A Unix time as ISO 8601 in UTC, to the millisecond."""
    return datetime.fromtimestamp(seconds, UTC).isoformat(timespec="milliseconds")


def stats_path(path: Path) -> Path:
    """The per-profile file written beside a CSV export."""
    return path.with_name(f"{path.stem}_stats.csv")


def matches_path(path: Path) -> Path:
    """The points matches' file written beside a CSV export."""
    return path.with_name(f"{path.stem}_matches.csv")


def _history_rows(entries: list[HistoryEntry]) -> Iterator[list[Any]]:
    for entry in reversed(entries):  # oldest first reads naturally in a spreadsheet
        for seat in entry.seats:
            yield (
                [
                    entry.game_id,
                    entry.preset,
                    entry.rules_fingerprint,
                    iso(entry.started_at),
                    iso(entry.ended_at),
                    f"{entry.duration_s:.3f}",
                    int(entry.is_match),
                    int(entry.abandoned),
                    int(entry.blocked),
                    entry.round_no,
                    seat.seat,
                    seat.profile,
                    int(seat.is_bot),
                    seat.bot_level or "",
                    seat.place,
                    int(seat.won),
                    seat.points,
                    seat.penalty_cards,
                    seat.biggest_stack,
                    seat.turns_missed,
                    seat.macau_forgotten,
                    seat.seat_name,
                    "" if entry.match_id is None else entry.match_id,
                    entry.rules_label or "",
                    "" if seat.out_after_s is None else f"{seat.out_after_s:.3f}",
                ]
            )


def _match_rows(entries: list[MatchEntry]) -> Iterator[list[Any]]:
    for entry in reversed(entries):  # oldest first, as the history
        for seat in entry.seats:
            yield (
                [
                    entry.match_id,
                    entry.preset,
                    entry.rules_fingerprint,
                    entry.target,
                    entry.status,
                    entry.rounds,
                    iso(entry.started_at),
                    iso(entry.ended_at),
                    f"{entry.duration_s:.3f}",
                    seat.seat,
                    seat.profile,
                    int(seat.is_bot),
                    seat.bot_level or "",
                    seat.seat_name,
                    seat.total,
                    seat.place,
                    int(seat.won),
                    int(seat.total >= entry.target),
                    entry.rules_label or "",
                ]
            )


@contextlib.contextmanager
def _replacing(path: Path) -> Iterator[IO[str]]:
    """A UTF-8 text file that replaces ``path`` all at once when the block ends without an
    error (``files.replacing``, with the permissions of a file to be passed on)."""
    with replacing(path, shared=True) as raw, _text(raw) as text:
        yield text


@contextlib.contextmanager
def _text(raw: BinaryIO) -> Iterator[IO[str]]:
    """``raw`` written as UTF-8 text; the file itself is left open, to be synced and closed
    by whoever opened it."""
    text = io.TextIOWrapper(raw, encoding="utf-8", newline="")
    yield text
    text.flush()
    text.detach()


# What makes a spreadsheet read a cell as a formula (or, for tab and carriage return, as
# the start of one once the cell is split) when a text begins with it.
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"-?\d+(\.\d+)?")  # what the export writes numbers as
# A ";" or a tab, and any spaces, before what would begin a formula in a cell split there.
_SPLIT_FORMULA = re.compile(r"([;\t][ \t]*)(?=[=+\-@\r])")


def _cell(value: Any) -> Any:
    """``value`` as a CSV cell: a text that a spreadsheet would run as a formula (a player
    called "=HYPERLINK(…)" or "-=Kasia=-") behind an apostrophe, which shows it as text, and
    so is each part of it after a ";" or a tab, where a spreadsheet splitting at them would
    begin a cell. A negative number ("-1.250000", a rating) stays a number."""
    if not isinstance(value, str):
        return value
    value = _SPLIT_FORMULA.sub(r"\1'", value)
    formula = value.startswith(_FORMULA_STARTS)
    return "'" + value if formula and not _NUMBER.fullmatch(value) else value


def _replaceable(path: Path, header: tuple[str, ...]) -> bool:
    """Whether an export may write ``path``, a file beside the one it was given: anything
    but a file the export can read that is not an earlier export's (with that ``header``,
    quoted or not, as earlier versions wrote it). What cannot be looked into (a folder, a
    pipe, a file it may not read) is left to the writing, which says what stopped it."""
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            return True
        with path.open("r", encoding="utf-8-sig", newline="") as handle:
            line = handle.readline()
    except OSError:
        return True
    except UnicodeDecodeError:
        return False  # (not text this game writes)
    try:
        first = next(csv.reader([line]), [])
    except csv.Error:
        return False
    return tuple(first[:3]) == header[:3]  # (later versions added columns at the end)


def _write_csv(raw: BinaryIO, header: tuple[str, ...], rows: Iterable[list[Any]]) -> None:
    with _text(raw) as handle:
        # A byte-order mark lets spreadsheet programs see UTF-8 names ("Bot · easy") correctly.
        handle.write("\ufeff")
        writer = csv.writer(handle)
        writer.writerow(header)
        writer.writerows([_cell(value) for value in row] for row in rows)


def _dumps(value: Any, depth: int) -> str:
    """``value`` as ``json.dumps(..., indent=2)`` writes it ``depth`` levels down a
    document (strings never hold a raw line break, so indenting every line is safe)."""
    text = json.dumps(value, indent=2, ensure_ascii=False, allow_nan=False)
    return text.replace("\n", "\n" + "  " * depth)


def _write_json(path: Path, members: list[tuple[str, Any]]) -> None:
    """A JSON object of ``members``, byte for byte as ``json.dumps(dict(members),
    indent=2)`` and a line break would write it; a member whose value is an iterator is
    written one item at a time."""
    with _replacing(path) as handle:
        handle.write("{")
        for i, (key, value) in enumerate(members):
            handle.write(("," if i else "") + "\n  " + _dumps(key, 1) + ": ")
            if not isinstance(value, Iterator):
                handle.write(_dumps(value, 1))
                continue
            empty = True
            for item in value:
                handle.write(("[" if empty else ",") + "\n    " + _dumps(item, 2))
                empty = False
            handle.write("[]" if empty else "\n  ]")
        handle.write("\n}\n")


def _all_stats(conn: sqlite3.Connection) -> list[tuple[ProfileStats, bool]]:
    """Every player who has played: a round or a match, a match still being played too, as
    the export lists those (the bot levels' profiles exist from the start, and a name may be
    made and never seated; neither is a player to list)."""
    names = queries.played(conn)
    return [
        (stats.profile_stats(conn, p.name), p.is_bot)
        for p in queries.profiles(conn)
        if p.name in names
    ]


def _match_dict(entry: MatchEntry) -> dict[str, Any]:
    """A match as the JSON export writes it: each seat says whether it reached the target,
    as the CSV's ``reached_target`` column does."""
    found = asdict(entry)
    for seat, seat_dict in zip(entry.seats, found["seats"], strict=True):
        seat_dict["reached_target"] = seat.total >= entry.target
    return found


def _stats_row(stats: ProfileStats, is_bot: bool, rating: tuple[float, float] | None) -> list[Any]:
    fastest = stats.fastest_win
    mu, sigma = rating if rating is not None else (None, None)
    return [
        stats.profile,
        int(is_bot),
        stats.games,
        stats.wins,
        f"{stats.win_rate:.4f}",
        "" if stats.avg_place is None else f"{stats.avg_place:.4f}",
        "" if fastest is None else f"{fastest.time_s:.3f}",
        "" if fastest is None else fastest.game_id,
        stats.longest_win_streak,
        stats.biggest_stack,
        stats.favourite_preset or "",
        "" if stats.points_per_round is None else f"{stats.points_per_round:.4f}",
        stats.abandoned,
        "" if mu is None else f"{mu:.6f}",
        "" if sigma is None else f"{sigma:.6f}",
        "" if mu is None or sigma is None else f"{mu - 3 * sigma:.6f}",
        stats.matches,
        stats.matches_won,
        stats.matches_abandoned,
        stats.matches_drawn,
    ]


def name_problem(path: Path) -> str:
    """Why ``path`` cannot name an export (its suffix chooses the format), or ""."""
    if not path.suffix and path.name.lower() in (".csv", ".json"):
        # ".csv" alone is a hidden file's name with no suffix, not a suffix.
        return f"give the file a name before {path.name}, for example stats{path.name}"
    if path.suffix.lower() not in (".csv", ".json"):
        return "the file name must end in .csv or .json"
    return ""


def export(conn: sqlite3.Connection, path: Path) -> list[Path]:
    """Write the export chosen by ``path``'s suffix; return the files written."""
    return export_counted(conn, path)[0]


def export_counted(conn: sqlite3.Connection, path: Path) -> tuple[list[Path], int, int, int]:
    """``export``, and how many rounds, profiles and matches the files hold (read once, for
    both)."""
    problem = name_problem(path)
    if problem:
        raise ValueError(f"{problem[0].upper()}{problem[1:]}.")
    suffix = path.suffix.lower()
    entries = queries.history(conn)
    matches = queries.matches(conn)
    all_stats = _all_stats(conn)
    counts = (len(entries), len(all_stats), len(matches))
    if suffix == ".json":
        scopes = [OVERALL] + [
            str(row[0])
            for row in conn.execute(
                "SELECT DISTINCT scope FROM ratings WHERE scope != ? ORDER BY scope", (OVERALL,)
            )
        ]
        # Rounds and matches are turned into dictionaries one at a time as they are written:
        # the whole document at once took ten times the file's size in memory.
        _write_json(
            path,
            [
                ("format", FORMAT),
                ("version", VERSION),
                ("exported_at", time.time()),
                ("profiles", [dict(asdict(stats), is_bot=is_bot) for stats, is_bot in all_stats]),
                (
                    "leaderboards",
                    {
                        scope: [asdict(row) for row in queries.leaderboard(conn, scope)]
                        for scope in scopes
                    },
                ),
                (
                    "rule_set_leaderboards",
                    {
                        label: [asdict(row) for row in queries.leaderboard(conn, "custom", label)]
                        for label in queries.rule_set_labels(conn)
                    },
                ),
                ("history", (asdict(entry) for entry in entries)),
                ("matches", (_match_dict(entry) for entry in matches)),
            ],
        )
        return [path], *counts
    ratings = {row.profile: (row.mu, row.sigma) for row in queries.leaderboard(conn, OVERALL)}
    written = [path, stats_path(path), matches_path(path)]
    for beside, header in ((written[1], STATS_COLUMNS), (written[2], MATCH_COLUMNS)):
        if not _replaceable(beside, header):
            raise StoreUnavailable(
                f"{beside.name} is already there and is not a Macau export: it is left as it"
                " was. Choose another name, or move that file"
            )
    # All three or none: a rounds file beside the players' file of an earlier export would
    # disagree with it, and a failed export must leave what was there as it was.
    with replacing_together(written, shared=True) as (rounds, people, seats):
        _write_csv(rounds, HISTORY_COLUMNS, _history_rows(entries))
        _write_csv(
            people,
            STATS_COLUMNS,
            (_stats_row(s, is_bot, ratings.get(s.profile)) for s, is_bot in all_stats),
        )
        _write_csv(seats, MATCH_COLUMNS, _match_rows(matches))
    return written, *counts

"""Reading statistics out of the database for the screens and for export."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from typing import Any

from game.store import ratings
from game.store.models import (
    OVERALL,
    FastWin,
    HistoryEntry,
    HistorySeat,
    MatchEntry,
    MatchEntrySeat,
    Profile,
    RankRow,
    shared_ranks,
    sort_key,
)
from game.store.records import PROFILE_COLUMNS, profile_from_row, require_profile


def profiles(conn: sqlite3.Connection, include_merged: bool = False) -> list[Profile]:
    """Profiles, humans first then bots, each group by name (``models.sort_key``: sorted
    here, since SQLite cannot order letters outside A to Z by their alphabet)."""
    where = "" if include_merged else "WHERE merged_into IS NULL"
    rows = conn.execute(f"SELECT {PROFILE_COLUMNS} FROM profiles {where}").fetchall()
    found = [profile_from_row(row) for row in rows]
    return sorted(found, key=lambda p: (p.is_bot, sort_key(p.name)))


def played(conn: sqlite3.Connection) -> set[str]:
    """The names of the profiles (as merged) seated in some round or match."""
    rows = conn.execute(
        """
        SELECT p.name FROM profiles AS p
        WHERE p.merged_into IS NULL AND (
            EXISTS (SELECT 1 FROM results AS r WHERE r.profile_id = p.id)
            OR EXISTS (SELECT 1 FROM match_results AS m WHERE m.profile_id = p.id))
        """
    ).fetchall()
    return {str(row[0]) for row in rows}


def presets(conn: sqlite3.Connection) -> list[str]:
    """Every preset (or ``custom`` rule set) some round was recorded under, by name."""
    rows = conn.execute("SELECT DISTINCT preset FROM games ORDER BY preset").fetchall()
    return [str(row[0]) for row in rows]


def rule_set_labels(conn: sqlite3.Connection) -> list[str]:
    """Every name custom rules were saved under and some round was played on, in a reader's
    order."""
    rows = conn.execute(
        "SELECT DISTINCT rules_label FROM games WHERE preset = 'custom' AND rules_label IS NOT NULL"
    ).fetchall()
    return sorted((str(row[0]) for row in rows), key=sort_key)


def leaderboard(
    conn: sqlite3.Connection, scope: str = OVERALL, rules_label: str | None = None
) -> list[RankRow]:
    """Everyone rated in ``scope``, best conservative rating (mu - 3 sigma) first; ratings
    that read the same share a rank (1, 1, 3). With ``rules_label`` (scope ``custom``), the
    ratings over only the rounds on the custom rules saved under that name
    (``ratings.rule_set_ratings``)."""
    if rules_label is None:
        rows = conn.execute(
            """
            SELECT p.name, p.kind, p.bot_level, r.mu, r.sigma, r.games
            FROM ratings AS r JOIN profiles AS p ON p.id = r.profile_id
            WHERE r.scope = ? AND p.merged_into IS NULL
            """,
            (scope,),
        ).fetchall()
    else:
        rows = _rule_set_board(conn, scope, rules_label)
    # Ranked by the rating as the screens show it, mu and sigma to a tenth: two players whose
    # ratings read the same there share a rank, rather than one of them being placed above
    # the other by a difference too small to be shown. Equal ones (everyone who has yet to
    # play starts alike) by name, as in every list.
    shown = [_shown_rating(float(row[3]), float(row[4])) for row in rows]
    order = sorted(range(len(rows)), key=lambda i: (shown[i], sort_key(str(rows[i][0]))))
    ranks = shared_ranks([shown[i] for i in order])
    return [
        RankRow(
            rank=rank,
            profile=str(rows[i][0]),
            is_bot=rows[i][1] == "bot",
            bot_level=rows[i][2],
            mu=float(rows[i][3]),
            sigma=float(rows[i][4]),
            games=int(rows[i][5]),
        )
        for rank, i in zip(ranks, order, strict=True)
    ]


def _rule_set_board(conn: sqlite3.Connection, scope: str, label: str) -> list[tuple[Any, ...]]:
    """The leaderboard's rows for the custom rules saved as ``label`` (none outside the
    ``custom`` scope): (name, kind, bot level, mu, sigma, rounds)."""
    if scope != "custom":
        return []
    state, _ = ratings.rule_set_ratings(conn, label)
    people = {
        int(row[0]): row[1:]
        for row in conn.execute(
            "SELECT id, name, kind, bot_level FROM profiles WHERE merged_into IS NULL"
        ).fetchall()
    }
    return [
        (*people[pid], mu, sigma, games)
        for (pid, _), (mu, sigma, _at, games) in state.items()
        if pid in people
    ]


def _shown_rating(mu: float, sigma: float) -> tuple[int, int]:
    """What the leaderboard sorts by, best first, in whole tenths as the rating is shown:
    the bar (mu - 3 sigma), then mu. Equal for two ratings exactly when they read alike."""
    mu_10, sigma_10 = round(round(mu, 1) * 10), round(round(sigma, 1) * 10)
    return -(mu_10 - 3 * sigma_10), -mu_10


# The time a win took (``results`` r, ``games`` g): from the deal to the winner's last card.
# Rounds recorded before seats were timed have only their length; a seat that won a blocked
# round never laid its last card, so it has none (NULL).
WIN_TIME = (
    "CASE WHEN g.blocked = 1 THEN r.out_after_s ELSE COALESCE(r.out_after_s, g.duration_s) END"
)


def fastest_wins(
    conn: sqlite3.Connection,
    preset: str | None = None,
    limit: int = 10,
    humans_only: bool = False,
    rules_label: str | None = None,
) -> list[FastWin]:
    """The quickest wins, quickest first, by the time each took (``FastWin.time_s``).

    One per round and profile, as the statistics count wins: a bot level whose two seats
    share first place won that round once, in its quicker seat's time. A first place shared
    in a blocked round, won on the cards left rather than by going out, has no time."""
    # A win timed at nothing (the clock put back during its round) has no time to rank by.
    filters = ["r.won = 1", "g.abandoned = 0", f"{WIN_TIME} > 0"]
    args: list[Any] = []
    if preset is not None:
        filters.append("g.preset = ?")
        args.append(preset)
    if rules_label is not None:
        filters.append("g.rules_label = ?")
        args.append(rules_label)
    if humans_only:
        filters.append("p.kind = 'human'")
    args.append(limit)
    rows = conn.execute(
        f"""
        SELECT g.id, p.name, g.preset, g.duration_s, g.ended_at,
               MIN({WIN_TIME}) AS win_s
        FROM games AS g
        JOIN results AS r ON r.game_id = g.id
        JOIN profiles AS p ON p.id = r.profile_id
        WHERE {" AND ".join(filters)}
        GROUP BY g.id, r.profile_id
        ORDER BY win_s, g.id, MIN(r.seat)
        LIMIT ?
        """,
        args,
    ).fetchall()
    return [
        FastWin(int(gid), str(name), str(p), float(duration), float(ended), float(win))
        for gid, name, p, duration, ended, win in rows
    ]


# Rounds whose seats one query reads by id (well under SQLite's limit on parameters).
_IDS_PER_QUERY = 500


def _rows_by_id(conn: sqlite3.Connection, query: str, ids: list[int]) -> Iterator[Any]:
    """The rows of ``query`` for ``ids`` (ascending), whose ``{marks}`` stands for the ids.

    Read by id, not by the range from the first to the last: a player who plays now and then,
    or a preset filter, picks rounds spread over the whole file, and the range then held the
    seats of nearly every round recorded (135,553 rows read to show 1,229 of them).
    """
    for start in range(0, len(ids), _IDS_PER_QUERY):
        chunk = ids[start : start + _IDS_PER_QUERY]
        yield from conn.execute(query.format(marks=",".join("?" * len(chunk))), chunk)


_HISTORY_SEATS = """
    SELECT r.game_id, r.seat, p.name, p.kind, p.bot_level, r.place, r.won, r.points,
           r.penalty_cards, r.biggest_stack, r.turns_missed, r.macau_forgotten, r.seat_name,
           r.out_after_s
    FROM results AS r JOIN profiles AS p ON p.id = r.profile_id
    WHERE r.game_id IN ({marks})
    ORDER BY r.game_id, r.seat
"""


def history(
    conn: sqlite3.Connection,
    profile: str | None = None,
    limit: int | None = None,
    preset: str | None = None,
    rules_label: str | None = None,
) -> list[HistoryEntry]:
    """Recorded rounds, newest first, optionally only those ``profile`` took part in, only
    those of ``preset`` and only those on custom rules saved as ``rules_label``; ``limit``
    counts the rounds that pass."""
    args: list[Any] = []
    filters: list[str] = []
    if profile is not None:
        filters.append("g.id IN (SELECT game_id FROM results WHERE profile_id = ?)")
        args.append(require_profile(conn, profile).id)
    if preset is not None:
        filters.append("g.preset = ?")
        args.append(preset)
    if rules_label is not None:
        filters.append("g.rules_label = ?")
        args.append(rules_label)
    where = f"WHERE {' AND '.join(filters)}" if filters else ""
    limit_sql = ""
    if limit is not None:
        limit_sql = "LIMIT ?"
        args.append(limit)
    games = conn.execute(
        f"""
        SELECT id, preset, rules_fingerprint, started_at, ended_at, duration_s,
               is_match, abandoned, blocked, round_no, match_id, rules_label
        FROM games AS g {where} ORDER BY g.id DESC {limit_sql}
        """,
        args,
    ).fetchall()
    if not games:
        return []
    seats_by_game: dict[int, list[HistorySeat]] = {int(row[0]): [] for row in games}
    for row in _rows_by_id(conn, _HISTORY_SEATS, sorted(seats_by_game)):
        seats = seats_by_game.get(int(row[0]))
        if seats is None:
            continue
        seats.append(
            HistorySeat(
                seat=int(row[1]),
                profile=str(row[2]),
                is_bot=row[3] == "bot",
                bot_level=row[4],
                place=int(row[5]),
                won=bool(row[6]),
                points=int(row[7]),
                penalty_cards=int(row[8]),
                biggest_stack=int(row[9]),
                turns_missed=int(row[10]),
                macau_forgotten=int(row[11]),
                seat_name=str(row[12] or ""),
                out_after_s=None if row[13] is None else float(row[13]),
            )
        )
    return [
        HistoryEntry(
            game_id=int(gid),
            preset=str(preset),
            rules_fingerprint=str(fingerprint),
            started_at=float(started),
            ended_at=float(ended),
            duration_s=float(duration),
            is_match=bool(is_match),
            abandoned=bool(abandoned),
            blocked=bool(blocked),
            round_no=int(round_no),
            seats=tuple(seats_by_game[int(gid)]),
            match_id=None if match_id is None else int(match_id),
            rules_label=None if label is None else str(label),
        )
        for (
            gid,
            preset,
            fingerprint,
            started,
            ended,
            duration,
            is_match,
            abandoned,
            blocked,
            round_no,
            match_id,
            label,
        ) in games
    ]


_MATCH_SEATS = """
    SELECT r.match_id, r.seat, p.name, p.kind, p.bot_level, r.total, r.place, r.won,
           r.seat_name
    FROM match_results AS r JOIN profiles AS p ON p.id = r.profile_id
    WHERE r.match_id IN ({marks})
    ORDER BY r.match_id, r.seat
"""


# The name of a match's custom rules, as its last round has it.
MATCH_LABEL = (
    "SELECT g.rules_label FROM games AS g WHERE g.match_id = m.id ORDER BY g.id DESC LIMIT 1"
)


def match_rounds(conn: sqlite3.Connection, match_key: str) -> tuple[int, str]:
    """How many rounds of the points match named ``match_key`` are recorded, and its status
    (``playing``, ``finished``, ``abandoned``); ``(0, "")`` for a match not recorded."""
    row = conn.execute(
        "SELECT rounds, status FROM matches WHERE match_key = ?", (match_key,)
    ).fetchone()
    return (0, "") if row is None else (int(row[0]), str(row[1]))


def save_left_behind(conn: sqlite3.Connection, save_id: str) -> bool:
    """Whether a round was recorded after the saved game ``save_id``, while the table could
    not write its saves (``GameRecord.stale_save``)."""
    row = conn.execute("SELECT 1 FROM games WHERE stale_save = ? LIMIT 1", (save_id,))
    return row.fetchone() is not None


def matches(
    conn: sqlite3.Connection,
    profile: str | None = None,
    limit: int | None = None,
    preset: str | None = None,
    ended_only: bool = False,
    rules_label: str | None = None,
) -> list[MatchEntry]:
    """Recorded points matches, newest first (only ``profile``'s, only ``preset``'s, only
    those whose last round was on custom rules saved as ``rules_label`` if given; only those
    finished or given up if ``ended_only``); ``limit`` counts the matches that pass."""
    args: list[Any] = []
    filters: list[str] = []
    if profile is not None:
        filters.append("m.id IN (SELECT match_id FROM match_results WHERE profile_id = ?)")
        args.append(require_profile(conn, profile).id)
    if preset is not None:
        filters.append("m.preset = ?")
        args.append(preset)
    if rules_label is not None:
        filters.append(f"({MATCH_LABEL}) = ?")
        args.append(rules_label)
    if ended_only:
        filters.append("m.status != 'playing'")
    where = f"WHERE {' AND '.join(filters)}" if filters else ""
    limit_sql = ""
    if limit is not None:
        limit_sql = "LIMIT ?"
        args.append(limit)
    rows = conn.execute(
        f"""
        SELECT m.id, m.preset, m.rules_fingerprint, m.target, m.started_at, m.ended_at,
               (SELECT COALESCE(SUM(g.duration_s), 0) FROM games AS g WHERE g.match_id = m.id),
               m.rounds, m.status, ({MATCH_LABEL})
        FROM matches AS m {where} ORDER BY m.ended_at DESC, m.id DESC {limit_sql}
        """,
        args,
    ).fetchall()
    if not rows:
        return []
    seats_by_match: dict[int, list[MatchEntrySeat]] = {int(row[0]): [] for row in rows}
    for row in _rows_by_id(conn, _MATCH_SEATS, sorted(seats_by_match)):
        seats = seats_by_match.get(int(row[0]))
        if seats is None:
            continue
        seats.append(
            MatchEntrySeat(
                seat=int(row[1]),
                profile=str(row[2]),
                is_bot=row[3] == "bot",
                bot_level=row[4],
                total=int(row[5]),
                place=int(row[6]),
                won=bool(row[7]),
                seat_name=str(row[8] or ""),
            )
        )
    return [
        MatchEntry(
            match_id=int(mid),
            preset=str(preset_id),
            rules_fingerprint=str(fingerprint),
            target=int(target),
            started_at=float(started),
            ended_at=float(ended),
            duration_s=float(duration),
            rounds=int(rounds),
            status=str(status),
            seats=tuple(seats_by_match[int(mid)]),
            rules_label=None if label is None else str(label),
        )
        for (
            mid,
            preset_id,
            fingerprint,
            target,
            started,
            ended,
            duration,
            rounds,
            status,
            label,
        ) in rows
    ]

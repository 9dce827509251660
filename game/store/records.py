"""Writing to the database: rounds and profiles. Each function runs inside a transaction
that the caller opened, so a round (or a merge) is stored completely or not at all."""

from __future__ import annotations

import math
import sqlite3
import time
from collections.abc import Sequence
from typing import Any

from game.store import ratings
from game.store.models import (
    LATEST_TIME,
    MATCH_STATUSES,
    OVERALL,
    GameRecord,
    MatchRecord,
    MatchSeat,
    Profile,
    SeatResult,
    bot_profile_name,
    name_key,
    normal_name,
)

MAX_NAME_LENGTH = 32
# A saved rule set's name, as a round keeps it (the rules editor takes at most 40 characters).
MAX_RULES_LABEL_LENGTH = 60

PROFILE_COLUMNS = "id, name, kind, bot_level, created, merged_into"


def profile_from_row(row: tuple[Any, ...]) -> Profile:
    """A Profile from a ``SELECT PROFILE_COLUMNS`` row."""
    pid, name, kind, level, created, merged = row
    return Profile(
        id=int(pid),
        name=str(name),
        kind=str(kind),
        bot_level=None if level is None else str(level),
        created=float(created),
        merged_into=None if merged is None else int(merged),
    )


def clean_name(name: str) -> str:
    """A profile name as it is stored (``normal_name``: the New game screen and the profiles
    dialog tidy a name the same way); ValueError with a reason if it cannot be one."""
    tidy = normal_name(name)
    if not tidy:
        raise ValueError("A profile name cannot be empty.")
    if len(tidy) > MAX_NAME_LENGTH:
        raise ValueError(f"A profile name can be at most {MAX_NAME_LENGTH} characters long.")
    return tidy


def _row_called(conn: sqlite3.Connection, name: str) -> tuple[Any, ...] | None:
    """The profile row whose name is ``name`` in any letter case and spacing.

    A file from before v5 may hold two profiles whose names differ only in the case of a
    letter outside A to Z ("Łukasz", "łukasz"): the exact spelling is preferred, then the
    older profile. A file opened read-only keeps the keys it was written with, which a
    newer key may not match: its exact spelling is found all the same."""
    exact = normal_name(name)
    # A name as stored is found first, also one a newer ``normal_name`` would tidy: a file
    # may hold "Anna" and "Anna" with a Hangul filler as two people from before fillers were
    # taken out of names, and each must stay theirs (the screens pass stored names).
    rows: list[tuple[Any, ...]] = conn.execute(
        f"""
        SELECT {PROFILE_COLUMNS} FROM profiles
        WHERE name_key = ? OR name = ? COLLATE BINARY OR name = ? COLLATE BINARY
        ORDER BY name = ? COLLATE BINARY DESC, name = ? COLLATE BINARY DESC, id
        """,
        (name_key(name), exact, name, name, exact),
    ).fetchall()
    if len(rows) < 2 or rows[0][1] in (name, exact):
        return rows[0] if rows else None
    # Several profiles share the key and none is spelt so: the one spelt with the very same
    # letters in another case comes first. A file may hold "ştefan" (cedilla) and "ștefan"
    # (comma below) as two people from before the key took them for one name; "ȘTEFAN" is
    # the second of them, as it was when those profiles were made.
    folded = exact.casefold()
    same_letters = [row for row in rows if normal_name(str(row[1])).casefold() == folded]
    return (same_letters or rows)[0]


def find_profile(conn: sqlite3.Connection, name: str) -> Profile | None:
    """The profile called ``name`` (any letter case), following merges to where it went."""
    row = _row_called(conn, name)
    seen: set[int] = set()
    while row is not None and row[5] is not None and int(row[5]) not in seen:
        seen.add(int(row[5]))
        row = conn.execute(
            f"SELECT {PROFILE_COLUMNS} FROM profiles WHERE id = ?", (row[5],)
        ).fetchone()
    return None if row is None else profile_from_row(row)


def require_profile(conn: sqlite3.Connection, name: str) -> Profile:
    """Like find_profile, but a missing profile is a ValueError the UI can show."""
    profile = find_profile(conn, name)
    if profile is None:
        raise ValueError(f"There is no profile called {name.strip()!r}.")
    return profile


def insert_profile(
    conn: sqlite3.Connection, name: str, kind: str, bot_level: str | None = None
) -> Profile:
    """Add a new profile; ValueError if the name is taken (in any letter case).

    A name kept for a player who was renamed or merged away (see ``_check_name_free``) goes
    to the new profile: the rounds recorded under it come here from now on."""
    for alias in _check_name_free(conn, name, None):
        _give_up_alias(conn, alias)
    cursor = conn.execute(
        "INSERT INTO profiles (name, kind, bot_level, created, name_key) VALUES (?, ?, ?, ?, ?)",
        (name, kind, bot_level, time.time(), name_key(name)),
    )
    pid = cursor.lastrowid
    assert pid is not None
    return Profile(pid, name, kind, bot_level, time.time())


def _merged_target(conn: sqlite3.Connection, profile_id: int) -> Profile:
    """Where the merged-away profile ``profile_id`` went, following merges."""
    row = conn.execute(
        f"SELECT {PROFILE_COLUMNS} FROM profiles WHERE id = ?", (profile_id,)
    ).fetchone()
    seen: set[int] = set()
    while row[5] is not None and int(row[5]) not in seen:
        seen.add(int(row[5]))
        row = conn.execute(
            f"SELECT {PROFILE_COLUMNS} FROM profiles WHERE id = ?", (row[5],)
        ).fetchone()
    return profile_from_row(row)


def _check_name_free(
    conn: sqlite3.Connection, name: str, owner: int | None, own_key: bool = False
) -> list[int]:
    """ValueError with the reason if ``name`` cannot become profile ``owner``'s (a new
    profile's, when None); else the rows that keep that name for a renamed or merged-away
    player, which ``owner`` takes the name from.

    A renamed or merged-away player's old name is kept, pointing at the profile, so that
    rounds recorded under it later (a saved setup, another copy of the game) land there.
    That profile may take the name back, and so may a new profile (a new player of that
    name, deliberately made, who then gets those rounds); another player may not, as they
    would get the rounds of someone else.

    With ``own_key`` (the owner's name respelt: letter case, spacing) another player whose
    name shares the key is no clash: only a file from an older version that told the two
    names apart holds one, and the respelling changes nothing between them.
    """
    rows = conn.execute(
        "SELECT id, name, merged_into FROM profiles WHERE name_key = ? AND id IS NOT ?",
        (name_key(name), owner),
    ).fetchall()
    aliases: list[int] = []
    for pid, taken, merged in rows:
        if merged is None:
            if own_key:
                continue
            raise ValueError(_taken(name, str(taken)))
        target = _merged_target(conn, int(pid))
        if owner is not None and target.id != owner:
            raise ValueError(
                f"{taken} is an earlier name of {target.name}, and rounds recorded as {taken} "
                f"go there: only {target.name} or a new profile can take the name."
            )
        aliases.append(int(pid))
    return aliases


def _give_up_alias(conn: sqlite3.Connection, alias: int) -> None:
    """Remove the row that kept a name for the profile it points at (its only job was to
    send that name's rounds there); names kept through it point there directly."""
    target = _merged_target(conn, alias)
    conn.execute("UPDATE profiles SET merged_into = ? WHERE merged_into = ?", (target.id, alias))
    conn.execute("DELETE FROM profiles WHERE id = ?", (alias,))


def _taken(name: str, taken: str) -> str:
    """Why ``name`` is refused when the profile ``taken`` has its key: in the player's own
    spelling when the two differ ("Weiss" beside "Weiß": ß and ss are one name)."""
    typed = normal_name(name)
    if typed == taken:
        return f"A profile called {taken!r} already exists."
    return f"A profile called {taken!r} already exists, and {typed!r} counts as the same name."


def _seat_profile_id(conn: sqlite3.Connection, seat: SeatResult | MatchSeat) -> int:
    if seat.is_bot:
        name = bot_profile_name(seat.bot_level) if seat.bot_level else clean_name(seat.profile)
        found = find_profile(conn, name)
        if found is None:
            return insert_profile(conn, name, "bot", seat.bot_level).id
        return found.id
    name = clean_name(seat.profile)
    found = find_profile(conn, seat.profile)  # (a stored spelling first: ``_row_called``)
    if found is None:
        return insert_profile(conn, name, "human").id
    if found.is_bot:
        raise ValueError(f"{name!r} is the name of a bot profile, not a player.")
    return found.id


def _seat_profile_ids(
    conn: sqlite3.Connection, seats: Sequence[SeatResult | MatchSeat]
) -> list[int]:
    """The profile of each of ``seats``, in order; one person never holds two seats.

    A table seats names, and a name kept for a renamed or merged-away player leads to that
    player's profile. A table seating both names of one profile (another copy of the game
    seated them before the rename or merge, and could not be told) holds two people: the
    seat under the profile's own name keeps it (else the first such seat), and each other
    seat gets a profile of its own name, as before the rename or merge, rather than rating a
    player against themselves and counting one round twice in their statistics.
    """
    ids = [_seat_profile_id(conn, seat) for seat in seats]
    people = [i for i, seat in enumerate(seats) if not seat.is_bot]
    keys = {i: name_key(seats[i].profile) for i in people}
    through_alias = {i: _reached_through_alias(conn, seats[i].profile) for i in people}
    holder: dict[int, int] = {}  # profile id -> the seat that keeps it
    for i in sorted(people, key=lambda i: through_alias[i]):  # own names first
        first = holder.setdefault(ids[i], i)
        if first == i or keys[first] == keys[i]:
            continue  # one name twice: nothing tells the seats apart
        try:
            ids[i] = insert_profile(conn, clean_name(seats[i].profile), "human").id
        except ValueError:  # a file from before v5 with two spellings of one name: as before
            continue
        holder[ids[i]] = i
    return ids


def _reached_through_alias(conn: sqlite3.Connection, name: str) -> bool:
    """True when ``name`` is kept for a renamed or merged-away player, not a profile's own."""
    row = _row_called(conn, name)
    return row is not None and row[5] is not None


def _table_name(seat: SeatResult | MatchSeat) -> str | None:
    """What a bot seat was called at the table, kept when it says more than its profile."""
    if not seat.is_bot:
        return None
    return normal_name(seat.seat_name, MAX_NAME_LENGTH) or None


def rules_label(label: str | None) -> str | None:
    """A rule set's name as a round keeps it: tidied as a name is (``normal_name``: on one
    line, its spacing collapsed, no invisible characters but the joiners a word is spelt
    with), cut to ``MAX_RULES_LABEL_LENGTH``; None when nothing is left."""
    if label is None:
        return None
    return normal_name(label, MAX_RULES_LABEL_LENGTH) or None


def check_record(rec: GameRecord) -> None:
    """ValueError with a reason if ``rec`` cannot be a real round."""
    if not rec.preset or rec.preset == OVERALL:
        raise ValueError(f"{rec.preset!r} cannot be a preset name.")
    if not rec.results:
        raise ValueError("A round needs at least one seat.")
    _check_times("A round", rec.started_at, rec.ended_at)
    seats = [r.seat for r in rec.results]
    if len(set(seats)) != len(seats):
        raise ValueError("Two results name the same seat.")
    for result in rec.results:
        if not 1 <= result.place <= len(rec.results):
            raise ValueError(f"Seat {result.seat} has place {result.place}, which is impossible.")
        if not result.is_bot:
            clean_name(result.profile)
    if rec.match is not None:
        check_match(rec.match)


def _check_times(what: str, *moments: float) -> None:
    """ValueError unless every one of ``moments`` is a date (1970 to 9999): a time beyond
    them stopped every screen that shows it."""
    for moment in moments:
        if not (isinstance(moment, int | float) and 0 <= moment <= LATEST_TIME):
            raise ValueError(f"{what} must start and end at dates from 1970 to 9999.")


def check_match(match: MatchRecord) -> None:
    """ValueError with a reason if ``match`` cannot be a real points match."""
    if not match.match_key:
        raise ValueError("A match needs a key.")
    if not match.preset or match.preset == OVERALL:
        raise ValueError(f"{match.preset!r} cannot be a preset name.")
    if match.status not in MATCH_STATUSES:
        raise ValueError(f"{match.status!r} is not the state of a match.")
    if match.target <= 0 or match.rounds < 0:
        raise ValueError("A match needs a positive target and a count of rounds played.")
    if not match.seats:
        raise ValueError("A match needs at least one seat.")
    _check_times("A match", match.started_at, match.ended_at)
    seats = [s.seat for s in match.seats]
    if len(set(seats)) != len(seats):
        raise ValueError("Two seats of the match have the same number.")
    for seat in match.seats:
        if not 1 <= seat.place <= len(match.seats):
            raise ValueError(f"Seat {seat.seat} has place {seat.place}, which is impossible.")
        if seat.won and match.status != "finished":
            raise ValueError("Only a finished match has a winner.")
        if not seat.is_bot:
            clean_name(seat.profile)


def upsert_match(conn: sqlite3.Connection, match: MatchRecord) -> int:
    """Store ``match`` as it stands (created on its first report); its id.

    A match is reported again and again under one key, so each report replaces what is
    stored, except that a finished match is final, and a report of fewer rounds than stored
    is an older state reported again (a game killed after recording a round and continued,
    or its save left for a new game): it may mark the match given up, never take back its
    totals. A match given up and then reported with more rounds was continued after all.
    """
    row = conn.execute(
        "SELECT id, status, rounds FROM matches WHERE match_key = ?", (match.match_key,)
    ).fetchone()
    if row is None:
        cursor = conn.execute(
            """
            INSERT INTO matches (match_key, preset, rules_fingerprint, target, seats,
                                 started_at, ended_at, rounds, status)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            (
                match.match_key,
                match.preset,
                match.rules_fingerprint,
                match.target,
                len(match.seats),
                match.started_at,
                max(match.started_at, match.ended_at),
                match.rounds,
                match.status,
            ),
        )
        match_id = cursor.lastrowid
        assert match_id is not None
        _write_match_seats(conn, match_id, match)
        return match_id
    match_id, status, rounds = int(row[0]), str(row[1]), int(row[2])
    if status == "finished":
        return match_id
    if match.rounds < rounds or (match.status == "playing" and match.rounds == rounds):
        if match.status == "abandoned" and status == "playing":
            conn.execute("UPDATE matches SET status = 'abandoned' WHERE id = ?", (match_id,))
        return match_id
    conn.execute(
        "UPDATE matches SET ended_at = MAX(started_at, ?), rounds = ?, status = ? WHERE id = ?",
        (match.ended_at, match.rounds, match.status, match_id),
    )
    conn.execute("DELETE FROM match_results WHERE match_id = ?", (match_id,))
    _write_match_seats(conn, match_id, match)
    return match_id


def _write_match_seats(conn: sqlite3.Connection, match_id: int, match: MatchRecord) -> None:
    ordered = sorted(match.seats, key=lambda s: s.seat)
    profile_ids = _seat_profile_ids(conn, ordered)
    conn.executemany(
        """
        INSERT INTO match_results (match_id, seat, profile_id, seat_name, total, place, won)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        """,
        [
            (
                match_id,
                s.seat,
                pid,
                _table_name(s),
                s.total,
                s.place,
                int(s.won and match.status == "finished"),
            )
            for s, pid in zip(ordered, profile_ids, strict=True)
        ],
    )


def _already_recorded(conn: sqlite3.Connection, rec: GameRecord) -> int | None:
    """The id of the round ``rec`` reports again, if it is stored already.

    A round stored as abandoned and then reported finished (a save left for a new game
    that was continued after all) keeps the finished report: the abandoned one is dropped.
    """
    if rec.round_key is None:
        return None
    row = conn.execute(
        "SELECT id, abandoned FROM games WHERE round_key = ?", (rec.round_key,)
    ).fetchone()
    if row is None:
        return None
    game_id, abandoned = int(row[0]), bool(row[1])
    if rec.abandoned or not abandoned:
        return game_id
    # An abandoned round was never rated, so nothing but its own rows refer to it.
    conn.execute("DELETE FROM results WHERE game_id = ?", (game_id,))
    conn.execute("DELETE FROM games WHERE id = ?", (game_id,))
    return None


def insert_game(conn: sqlite3.Connection, rec: GameRecord) -> int:
    """Store one round with its results and, unless abandoned, its rating changes.

    A round already stored under the same ``round_key`` is not stored again: its id is
    returned (see ``_already_recorded``). The match a round belongs to is brought up to date
    in the same transaction, so a final round and its match result are stored together.
    """
    match_id = None if rec.match is None else upsert_match(conn, rec.match)
    known = _already_recorded(conn, rec)
    if known is not None:
        return known
    # A clock that jumps backwards must not produce a negative (record-breaking) time.
    duration = max(0.0, rec.ended_at - rec.started_at)
    cursor = conn.execute(
        """
        INSERT INTO games (preset, rules_fingerprint, seats, started_at, ended_at, duration_s,
                           is_match, abandoned, round_no, blocked, round_key, match_id,
                           rules_label, stale_save)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
        (
            rec.preset,
            rec.rules_fingerprint,
            len(rec.results),
            rec.started_at,
            rec.ended_at,
            duration,
            int(rec.is_match),
            int(rec.abandoned),
            rec.round_no,
            int(rec.blocked),
            rec.round_key,
            match_id,
            rules_label(rec.rules_label),
            rec.stale_save,
        ),
    )
    game_id = cursor.lastrowid
    assert game_id is not None
    ordered = sorted(rec.results, key=lambda r: r.seat)
    profile_ids = _seat_profile_ids(conn, ordered)
    conn.executemany(
        """
        INSERT INTO results (game_id, seat, profile_id, place, points, penalty_cards,
                             biggest_stack, turns_missed, macau_forgotten, won, seat_name,
                             out_after_s)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
        [
            (
                game_id,
                r.seat,
                pid,
                r.place,
                r.points,
                r.penalty_cards,
                r.biggest_stack,
                r.turns_missed,
                r.macau_forgotten,
                int(r.place == 1 and not rec.abandoned),
                _table_name(r),
                _out_after(r.out_after_s, duration),
            )
            for r, pid in zip(ordered, profile_ids, strict=True)
        ],
    )
    if not rec.abandoned:
        seats = [(pid, r.place) for r, pid in zip(ordered, profile_ids, strict=True)]
        ratings.rate_game(conn, game_id, rec.preset, rec.ended_at, seats)
    return game_id


def _out_after(seconds: float | None, duration: float) -> float | None:
    """When a seat went out, as stored: within the round's length (a seat cannot go out
    after the round ended); None without a time that is a number, or with none after the
    deal (the machine's clock was put back during the round: the time is not known)."""
    if seconds is None or not math.isfinite(seconds) or seconds <= 0:
        return None
    return min(float(seconds), duration)


def rename(conn: sqlite3.Connection, old: str, new: str) -> Profile:
    """Give a human profile a new name (a change of letter case alone is allowed). The old
    name is kept for the profile, as a merged-away name is: a table that still seats it
    (another copy of the game, which this one cannot reseat) records its rounds here rather
    than under a new profile of the old name."""
    profile = require_profile(conn, old)
    if profile.is_bot:
        raise ValueError("Bot profiles keep their names.")
    name = clean_name(new)
    respelt = name_key(name) == name_key(profile.name)
    for alias in _check_name_free(conn, name, profile.id, own_key=respelt):
        # A name kept for this very profile: the profile takes it over.
        _give_up_alias(conn, alias)
    conn.execute(
        "UPDATE profiles SET name = ?, name_key = ? WHERE id = ?",
        (name, name_key(name), profile.id),
    )
    if name_key(profile.name) != name_key(name):
        conn.execute(
            "INSERT INTO profiles (name, kind, created, merged_into, name_key)"
            " VALUES (?, 'human', ?, ?, ?)",
            (profile.name, time.time(), profile.id, name_key(profile.name)),
        )
    return Profile(profile.id, name, profile.kind, None, profile.created, None)


def delete(conn: sqlite3.Connection, name: str) -> Profile:
    """Remove a human profile that was never seated in a recorded round or match (one made
    by mistake, or for a guest who never played), with the earlier names kept for it. A
    profile with rounds stays: they are part of the other players' records and ratings, so
    it can only be renamed or merged into another."""
    profile = require_profile(conn, name)
    if profile.is_bot:
        raise ValueError("Bot profiles cannot be deleted.")
    ids = "SELECT id FROM profiles WHERE id = ? OR merged_into = ?"  # with its earlier names
    (rounds,) = conn.execute(
        f"SELECT COUNT(DISTINCT game_id) FROM results WHERE profile_id IN ({ids})",
        (profile.id, profile.id),
    ).fetchone()
    (matches,) = conn.execute(
        f"SELECT COUNT(*) FROM match_results WHERE profile_id IN ({ids})",
        (profile.id, profile.id),
    ).fetchone()
    if rounds or matches:
        played = f"{rounds} round" + ("" if rounds == 1 else "s") if rounds else "a match"
        raise ValueError(
            f"{profile.name} played {played}, which the other players' records and ratings "
            "count, so the profile stays: rename it, or merge it into another player."
        )
    for table in ("ratings", "rating_history"):
        conn.execute(f"DELETE FROM {table} WHERE profile_id IN ({ids})", (profile.id, profile.id))
    conn.execute("DELETE FROM profiles WHERE id = ? OR merged_into = ?", (profile.id, profile.id))
    return profile


def merge(conn: sqlite3.Connection, src: str, dst: str) -> Profile:
    """Fold human profile ``src`` into ``dst`` and recompute every rating in order."""
    source = require_profile(conn, src)
    target = require_profile(conn, dst)
    if source.id == target.id:
        raise ValueError("A profile cannot be merged into itself.")
    if source.is_bot or target.is_bot:
        raise ValueError("Bot profiles cannot be merged.")
    (together,) = conn.execute(
        "SELECT COUNT(DISTINCT a.game_id) FROM results AS a JOIN results AS b "
        "ON a.game_id = b.game_id WHERE a.profile_id = ? AND b.profile_id = ?",
        (source.id, target.id),
    ).fetchone()
    if together:
        # One person cannot hold two seats of a round: these are two people.
        rounds = "round" if together == 1 else "rounds"
        raise ValueError(
            f"{source.name} and {target.name} played at the same table in {together} {rounds}: "
            "they are two players, so they cannot be merged."
        )
    conn.execute("UPDATE results SET profile_id = ? WHERE profile_id = ?", (target.id, source.id))
    conn.execute(
        "UPDATE match_results SET profile_id = ? WHERE profile_id = ?", (target.id, source.id)
    )
    # The old name keeps pointing at the merged profile, so rounds recorded under it later
    # (a saved setup, another copy of the game) still land in the right place.
    conn.execute(
        "UPDATE profiles SET merged_into = ? WHERE id = ? OR merged_into = ?",
        (target.id, source.id, source.id),
    )
    ratings.replay_all(conn)
    return target

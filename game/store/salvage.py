"""Saving what a damaged statistics file still holds before it is set aside.

A bad sector or a torn write spoils a page or two, and the integrity check then fails for
the whole file, although most of it can still be read: every row of it, when the page held
an index. So the rows are copied into a new file first, which takes the damaged one's place:

1. The whole file is rebuilt: each table is read from its rows alone into a new file
   whose indexes are built anew, so a damaged index or free page loses nothing.
2. When that fails (a page of rows is damaged, tables or columns are missing, a value is
   of the wrong type), each table is copied row by row into a file of the current layout,
   stepping over the rows that cannot be read to the next ones that can.

After a copy row by row the new file is made to agree with itself: a row holding a value of
the wrong type, a round whose seats were all lost and the seats of a round that was lost
are left out; a profile whose name was lost
gets a stand-in name the player can change on the Profiles screen; and ratings not read in
full are worked out again from the rounds kept. The damaged file is only ever read through
a copy of it, so it is set aside exactly as it was.
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import sqlite3
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.store import ratings, schema, sqlerrors
from game.store.models import BOT_LEVELS, LATEST_TIME, bot_profile_name, name_key

# The first 16 bytes of every SQLite database file.
SQLITE_HEADER = b"SQLite format 3\x00"

log = logging.getLogger(__name__)

# The tables whose rows the ratings are worked out from, and the ratings themselves.
_RATED = ("games", "results", "ratings", "rating_history")
_LOWEST, _HIGHEST = -(2**63), 2**63 - 1


@dataclass(frozen=True)
class Salvage:
    """What was recovered from a damaged statistics file into the new one."""

    rounds: int  # rounds in the new file
    known: int  # rounds the damaged file is known to have held
    complete: bool  # every round could be read, so ``known`` is exact
    people: int  # profiles of people in the new file
    matches: int  # points matches in the new file
    failure: str | None = None  # why nothing could be recovered, when not for damage alone
    no_room: bool = False  # nothing could be recovered for want of room on the disk
    known_matches: int | None = None  # points matches the damaged file is known to have held

    @property
    def lost_matches(self) -> bool:
        """True when some points match the damaged file held is not in the new one."""
        return self.known_matches is not None and self.known_matches > self.matches

    @property
    def nothing(self) -> bool:
        """True when no round, match or person could be recovered."""
        return not (self.rounds or self.matches or self.people)

    def words(self) -> str:
        """How much was recovered: ``300 of 300 rounds were recovered``."""
        if self.known == 0:
            # Without rounds the players and the points matches are all there is: both told.
            return f"{self._others(True)} (and no recorded rounds) {self._were()} recovered"
        known = f"{self.known:,}" if self.complete else f"at least {self.known:,}"
        were = "was" if self.rounds == 1 and self.known == 1 else "were"
        noun = "round" if self.known == 1 else "rounds"
        told = f"{self.rounds:,} of {known} {noun}"
        if self.lost_matches:
            # Rounds kept whole do not say that the points matches they made up were lost.
            many = "match" if self.known_matches == 1 else "matches"
            told += f" and {self.matches:,} of {self.known_matches:,} points {many}"
            were = "were"
        told += f" {were} recovered"
        matches = 0 if self.lost_matches else self.matches  # (told already where lost)
        if self.rounds == 0 and (self.people or matches):
            # "0 of 12 rounds" alone reads as if nothing at all was kept.
            told += f", but {self._others(False, matches)} {self._were(matches)}"
        return told

    def _others(self, always: bool, matches: int | None = None) -> str:
        """The players and ``matches`` (the matches recovered unless given) recovered:
        ``3 players and 1 match``; the players are named even when there are none where
        ``always`` and there are no matches either."""
        matches = self.matches if matches is None else matches
        held = []
        if self.people or (always and not matches):
            held.append(f"{self.people:,} player{'' if self.people == 1 else 's'}")
        if matches:
            held.append(f"{matches:,} match{'' if matches == 1 else 'es'}")
        return " and ".join(held)

    def _were(self, matches: int | None = None) -> str:
        told = self.people + (self.matches if matches is None else matches)
        return "was" if told == 1 else "were"


NOTHING = Salvage(0, 0, False, 0, 0)


def note(saved: Salvage, moved: Path, why: str = "", elsewhere: Path | None = None) -> str:
    """The sentence that tells the player a damaged file was set aside as ``moved`` and what
    was recovered from it; ``elsewhere`` is where the recovered file went when it could not
    take the damaged one's place. ``why`` qualifies "damaged": " (tables … are missing)"."""
    # The folder before the file's name: a long folder may be all a narrow window shows.
    kept = f"The damaged file is kept in {moved.absolute().parent} as {moved.name}."
    if saved.failure:
        return (
            f"The statistics file was damaged{why} and could not be recovered "
            f"({saved.failure}), so a new one was started. {kept}"
        )
    if saved.nothing:
        if saved.complete:  # read in full: there was nothing in it to lose
            return f"The statistics file was damaged{why} and held no rounds. {kept}"
        return (
            f"The statistics file was damaged{why} and nothing in it could be read, so a new "
            f"one was started. {kept}"
        )
    if elsewhere is not None:  # another copy of the game started a new file meanwhile
        return (
            f"The statistics file was damaged{why}: {saved.words()} into {elsewhere.name}, "
            f"beside the new file another copy of Macau started. {kept}"
        )
    return f"The statistics file was damaged{why}: {saved.words()}. {kept}"


# A recovery's work left older than this was cut short (the game killed halfway): another
# copy of the game recovering now would be minutes old at most.
LEFTOVER_AGE = 3600.0


def clear_leftovers(path: Path, now: float | None = None) -> None:
    """Remove what a recovery of ``path`` killed halfway left beside it: its work folder
    (a copy of the damaged file) and its rebuilt file not yet put in place."""
    now = time.time() if now is None else now
    for pattern in (".macau-recover-*", f".{path.name}.recovered-*"):
        for left in path.parent.glob(pattern):
            try:
                if now - left.stat().st_mtime < LEFTOVER_AGE:
                    continue
                if left.is_dir():
                    shutil.rmtree(left, ignore_errors=True)
                else:
                    left.unlink()
            except OSError:
                continue  # (another copy removed it meanwhile, or it cannot be: left alone)


def recover(path: Path) -> tuple[Path | None, Salvage]:
    """A new file beside ``path`` holding all that can be read of it (None when nothing
    can), and what it holds. ``path`` itself is not changed; never raises."""
    fresh = path.with_name(f".{path.name}.recovered-{os.getpid()}-{threading.get_ident()}")
    try:
        with tempfile.TemporaryDirectory(prefix=".macau-recover-", dir=path.parent) as work:
            copy = Path(work) / path.name
            # A copy of the file and its write-ahead log: reading the log writes beside it.
            shutil.copyfile(path, copy)
            _mend_header(copy)
            wal = path.with_name(path.name + "-wal")
            if wal.is_file():
                shutil.copyfile(wal, copy.with_name(copy.name + "-wal"))
            built = Path(work) / "recovered.sqlite3"
            saved = _rebuilt(copy, built) or _copied(copy, built)
            if saved.nothing:
                return None, saved
            os.replace(built, fresh)
    except Exception as exc:  # whatever the damage holds, the game must still open
        log.warning("statistics not recovered: %s", exc, exc_info=True)
        with contextlib.suppress(OSError):
            fresh.unlink(missing_ok=True)
        # Recovery reads the damaged file, and writes a new one beside it only where it can.
        told = isinstance(exc, OSError | sqlite3.Error)
        reason = sqlerrors.describe(exc, reading=True) if told else str(exc)
        return None, Salvage(0, 0, False, 0, 0, reason, no_room=sqlerrors.is_full(exc))
    return fresh, saved


def _mend_header(copy: Path) -> None:
    """Write SQLite's 16-byte signature back over whatever overwrote it in ``copy`` (the
    recovery's own copy): without it SQLite reads nothing of a file whose every page may
    still be intact. A file that was never a database stays unreadable all the same."""
    with copy.open("r+b") as handle:
        first = handle.read(len(SQLITE_HEADER))
        if first != SQLITE_HEADER and len(first) == len(SQLITE_HEADER):
            handle.seek(0)
            handle.write(SQLITE_HEADER)


def _reading(source: Path) -> sqlite3.Connection:
    """A connection that reads ``source`` as far as it goes. A file cut short is refused
    whole unless SQLite is told to read the schema it finds (it writes nothing for that;
    and ``source`` is a copy anyway)."""
    conn = sqlerrors.reading_text(sqlite3.connect(str(source), isolation_level=None))
    conn.execute("PRAGMA writable_schema = ON")
    return conn


def _rebuilt(source: Path, target: Path) -> Salvage | None:
    """Every row of ``source`` copied whole into a new file of the current layout at
    ``target``, its indexes built anew from the rows; None if some row cannot be read, or
    ``source`` is not a well-formed statistics file of the current version (an older one is
    copied row by row into the current layout instead)."""
    src = _reading(source)
    hidden = False
    try:
        found = schema.user_version(src)
        current = found == schema.CURRENT_VERSION and schema.layout_fits(src, found)
        hidden = current and any(_rows_hidden(src, table) for table in _HIDEABLE)
    except sqlite3.DatabaseError as exc:
        if not sqlerrors.is_damaged(exc):
            raise
        current = False
    finally:
        src.close()
    if not current or hidden:
        return None  # (rows hidden: copied row by row, and made to agree with each other)
    conn = sqlite3.connect(str(target), isolation_level=None)
    try:
        conn.execute("BEGIN")
        schema.migrate(conn)
        conn.execute("DELETE FROM profiles")  # the bot levels come with the rows, ids and all
        conn.execute("COMMIT")
        conn.execute("PRAGMA writable_schema = ON")  # see _reading
        conn.execute("ATTACH DATABASE ? AS damaged", (str(source),))
        conn.execute("BEGIN")
        for table, columns in schema.layout().items():
            listed = ", ".join(f'"{c}"' for c in sorted(columns))
            # Read from the rows alone, and (WHERE 1) inserted row by row: a plain copy of
            # one table into another copies its indexes as they are, damage and all.
            conn.execute(
                f'INSERT INTO main."{table}" ({listed}) '
                f'SELECT {listed} FROM damaged."{table}" NOT INDEXED WHERE 1'
            )
        conn.execute("COMMIT")
        conn.execute("DETACH DATABASE damaged")
        conn.execute("PRAGMA writable_schema = OFF")
        if conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)] and not unsound(conn):
            rounds = _count(conn, "SELECT COUNT(*) FROM games")
            return Salvage(rounds, rounds, True, _people(conn), _matches(conn))
    except sqlite3.DatabaseError as exc:
        # A row that cannot be read, or that breaks a rule of its table: row by row, then.
        if not (sqlerrors.is_damaged(exc) or isinstance(exc, sqlite3.IntegrityError)):
            raise
    finally:
        conn.close()
    _remove(target)
    return None


def _copied(source: Path, target: Path) -> Salvage:
    """Every row of ``source`` that can be read, copied table by table into a new file of
    the current layout at ``target``, made to agree with itself."""
    src = _reading(source)
    dst = sqlite3.connect(str(target), isolation_level=None)
    try:
        try:
            found = schema.tables_in(src)
        except sqlite3.DatabaseError as exc:
            if not sqlerrors.is_damaged(exc):
                raise
            return NOTHING  # not even the list of tables can be read
        promised = _promised(src)
        hidden = {table: _rows_hidden(src, table) for table in _HIDEABLE}
        dst.execute("BEGIN")
        schema.migrate(dst)
        # The bot levels' profiles are seeded again after the copy, where they are missing:
        # the rounds refer to the ids the file gave them.
        dst.execute("DELETE FROM profiles")
        whole: dict[str, bool] = {}
        for table, columns in schema.layout().items():
            have = found.get(table, frozenset())
            copied = sorted(columns & have)
            # What the file's own version has of the table: a column or table added by a
            # later version is no loss (an older file is whole without it).
            expected = columns & promised.get(table, columns)
            if not copied:
                whole[table] = not expected
                continue
            rows, read_all = _readable_rows(src, table, copied)
            listed = ", ".join(f'"{c}"' for c in copied)
            marks = ", ".join("?" * len(copied))
            # OR IGNORE: a row the damage left breaking a rule of the table is left out.
            dst.executemany(f'INSERT OR IGNORE INTO "{table}" ({listed}) VALUES ({marks})', rows)
            whole[table] = read_all and len(rows) == _count(dst, f'SELECT COUNT(*) FROM "{table}"')
            whole[table] = whole[table] and set(copied) >= expected
        checks = _well_typed(dst)
        known, all_named = _known(
            dst,
            "games",
            "SELECT game_id FROM results UNION ALL SELECT game_id FROM rating_history",
            checks["games"],
            all(whole[t] and not hidden[t] for t in ("results", "rating_history")),
        )
        known_matches, _ = _known(
            dst,
            "matches",
            "SELECT match_id FROM match_results UNION ALL"
            " SELECT match_id FROM games WHERE match_id IS NOT NULL",
            checks["matches"],
            all(whole[t] and not hidden[t] for t in ("match_results", "games")),
        )
        # Exact where every row of the rounds was read (none hidden), and no round is known
        # by others' rows alone.
        exact = whole["games"] and all_named and not hidden["games"]
        # Rows a damaged page hides are lost as surely as those that cannot be read: from a
        # match's seats, and from the ratings.
        seats_lost = not whole["match_results"] or hidden["match_results"]
        dropped = _tidy(dst, checks, seats_lost=seats_lost)
        if dropped or not all(whole[t] and not hidden[t] for t in _RATED):
            ratings.replay_all(dst)
        schema.seed_bot_profiles(dst)
        dst.execute("COMMIT")
        rounds = _count(dst, "SELECT COUNT(*) FROM games")
        matches = _matches(dst)
        return Salvage(
            rounds,
            max(known, rounds),
            exact,
            _people(dst),
            matches,
            known_matches=max(known_matches, matches),
        )
    finally:
        src.close()
        dst.close()


# The tables whose rows may be hidden (``_rows_hidden``) that the count of rounds and matches
# recovered reads.
_NAMING = ("games", "results", "rating_history", "matches", "match_results")
# Those, and the ratings, which are worked out again where any row is missing.
_HIDEABLE = (*_NAMING, "ratings")


def _rows_hidden(src: sqlite3.Connection, table: str) -> bool:
    """Whether ``table`` may hold rows that reading it does not give: one of its indexes
    counts more rows than reading the table itself gives (a damaged page's header can count
    fewer rows than it holds, and those read as not there, without an error). An index
    that cannot be read, or counts fewer, is damaged itself and tells nothing of the rows."""
    try:
        rows = _count(src, f'SELECT COUNT(*) FROM "{table}" NOT INDEXED WHERE 1')
        indexes = [
            str(name)
            for (name,) in src.execute(
                "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?", (table,)
            )
        ]
    except sqlite3.DatabaseError:
        return True  # (not read whole either way)
    for index in indexes:
        try:
            first = src.execute("SELECT name FROM pragma_index_info(?)", (index,)).fetchone()
            if first is None or first[0] is None:
                continue  # (an index on an expression)
            through = _count(
                src,
                f'SELECT COUNT(*) FROM (SELECT 1 FROM "{table}" INDEXED BY "{index}"'
                f' ORDER BY "{first[0]}")',
            )
        except sqlite3.DatabaseError:
            continue
        if through > rows:
            return True
    return False


def _known(
    conn: sqlite3.Connection, table: str, refer: str, sound: str, refs_whole: bool
) -> tuple[int, bool]:
    """How many rounds (or matches) the damaged file is known to have held at least,
    counted from the rows copied into ``conn``: the rows of ``table`` that are ``sound``
    (of their columns' types), and the ids that the rows ``refer`` lists (a round's seats
    and rating rows; a match's seats and rounds) name; and whether that is all.

    A row others name is one. So is an id ``table`` lacks (a damaged page hid its row, or
    it could not be read) that two or more rows name; one lone row naming an id not there
    holds a damaged value, not a lost row (a round has a seat's row and rating rows for
    each of at least two seats; a match a row for each seat). A row nothing names is one
    only where the rows that would name it were not all read (``refs_whole``): read whole,
    they name every round there was, and such a row is a stale one a damaged page gave, or
    a round under a number a flipped bit changed, whose own number is named. Even then, a
    row nothing names whose id differs by one bit from a missing id may be that round:
    those pairs are counted once, so that the count never says more than the file held."""
    referred, alone, missing, renumbered = conn.execute(
        f"WITH given(id) AS ({refer}),"
        # (A number only: a page of another table read as this one's gives text there.)
        " refs AS (SELECT id FROM given WHERE typeof(id) = 'integer'),"
        " named AS (SELECT id FROM refs GROUP BY id),"
        f' held AS (SELECT id FROM "{table}" WHERE {sound}),'
        " lost AS (SELECT id FROM refs WHERE id NOT IN (SELECT id FROM held)"
        " GROUP BY id HAVING COUNT(*) > 1),"
        " alone AS (SELECT id FROM held WHERE id NOT IN (SELECT id FROM named)),"
        " pairs AS (SELECT lost.id AS was, alone.id AS now FROM lost JOIN alone"
        " ON ((lost.id | alone.id) - (lost.id & alone.id)) IN"
        f" ({', '.join(str(1 << bit) for bit in range(63))}))"
        " SELECT (SELECT COUNT(*) FROM held WHERE id IN (SELECT id FROM named)),"
        " (SELECT COUNT(*) FROM alone), (SELECT COUNT(*) FROM lost),"
        " MIN((SELECT COUNT(DISTINCT was) FROM pairs), (SELECT COUNT(DISTINCT now) FROM pairs))"
    ).fetchone()
    if refs_whole:
        return int(referred) + int(missing), int(missing) == 0
    count = int(referred) + int(alone) + int(missing) - int(renumbered)
    return count, int(missing) == 0 and int(alone) == 0


def _promised(src: sqlite3.Connection) -> dict[str, frozenset[str]]:
    """The tables and columns the file's version promises (the current layout where the
    version cannot be read, or is none of ours)."""
    try:
        version = schema.user_version(src)
    except sqlite3.DatabaseError:
        return schema.layout()
    return schema.layout(version) if 0 < version <= schema.CURRENT_VERSION else schema.layout()


def _readable_rows(
    conn: sqlite3.Connection, table: str, columns: list[str]
) -> tuple[list[tuple[Any, ...]], bool]:
    """The ``columns`` of every row of ``table`` that can be read, in rowid order, and
    whether that is all of them. The table is read from its rows alone (never through an
    index, which may be what is damaged); where reading stops at a damaged page, it goes
    on from the next row that can be read."""
    listed = ", ".join(f'"{c}"' for c in columns)
    query = f'SELECT rowid, {listed} FROM "{table}" NOT INDEXED WHERE rowid >= ? ORDER BY rowid'

    def first_row(start: int) -> list[Any] | None:
        """The first row from ``start`` on (none: []), or None where it cannot be read."""
        try:
            return conn.execute(query + " LIMIT 1", (start,)).fetchall()
        except sqlite3.DatabaseError:
            return None

    def readable(start: int) -> bool:
        return first_row(start) is not None

    # Every row read is kept (a row read twice is one row to the table it goes into, whose
    # key leaves the second out; a row number is no key of its own: two seats' rows may
    # share one in a damaged file).
    rows: list[tuple[Any, ...]] = []
    read_all = True

    def keep(row: Any) -> None:
        rows.append(tuple(row[1:]))

    start: int | None = _LOWEST
    while start is not None:
        last = start - 1  # the furthest row read (one numbered lower is out of order)
        try:
            for row in conn.execute(query, (start,)):
                keep(row)
                last = max(last, int(row[0]))
            break
        except sqlite3.DatabaseError:
            read_all = False
            if last < start:
                # Rows are read one ahead: the row after the first can fail before the
                # first is given. Taken alone, the first is read, and reading goes on after.
                alone = first_row(start)
                if alone and int(alone[0][0]) >= start:
                    keep(alone[0])
                    last = int(alone[0][0])
            # Always further on: a row numbered out of order (a cut file's last page can
            # give one numbered 0) must not send the reading back where it was, for ever.
            after = max(last, start) + 1
            start = None if after > _HIGHEST else _first_readable(readable, after)
    return rows, read_all


def _first_readable(readable: Callable[[int], bool], floor: int) -> int | None:
    """The lowest rowid from ``floor`` on where reading succeeds again, or None if it
    nowhere does: further and further ahead until it does, then back by halves to where
    the damaged rows end (a damaged page holds a run of rowids, so what fails is a run)."""
    failed, step, probe = floor - 1, 1, floor
    while probe <= _HIGHEST and not readable(probe):
        failed, probe, step = probe, probe + step, step * 2
    if probe > _HIGHEST:
        if failed >= _HIGHEST or not readable(_HIGHEST):
            return None
        probe = _HIGHEST
    while probe - failed > 1:
        middle = (failed + probe) // 2
        if readable(middle):
            probe = middle
        else:
            failed = middle
    return probe


# A rating's μ and σ beyond these cannot come from rounds played (they start at 25 and
# 8.3, and move by a few points a round), and the rating sums overflow on them.
_RATING_BOUND = 1000.0
_SANE_RATING = f"ABS(mu) <= {_RATING_BOUND} AND sigma > 0 AND sigma <= {_RATING_BOUND}"

# The columns that hold a moment (seconds since 1970) or a span of seconds: one outside what
# a date can be (``LATEST_TIME``) stopped every screen that shows it.
_TIMES = frozenset(
    {"created", "started_at", "ended_at", "duration_s", "updated_at", "at", "out_after_s"}
)
_SANE_TIME = f"BETWEEN 0 AND {LATEST_TIME}"

# Profiles whose merges lead round in a loop (each merged into the next, the last into the
# first): no profile of the loop is the one its rounds are counted under.
_MERGE_LOOPS = """
    WITH RECURSIVE walk(start, at, steps) AS (
        SELECT id, merged_into, 1 FROM profiles WHERE merged_into IS NOT NULL
        UNION ALL
        SELECT walk.start, profiles.merged_into, walk.steps + 1
        FROM walk JOIN profiles ON profiles.id = walk.at
        WHERE profiles.merged_into IS NOT NULL AND walk.at != walk.start AND walk.steps < 64
    )
    SELECT DISTINCT start FROM walk WHERE at = start OR steps >= 64
"""


def _well_typed(conn: sqlite3.Connection) -> dict[str, str]:
    """Per table of the current layout, the condition its rows meet when every value is
    of its column's type (and a rating within what play can make of it, a time one a date
    can be). A damaged record
    can carry text or bytes where a number belongs (a flipped byte changes a value's type):
    such a row would break the queries."""
    kinds = {"INTEGER": ("integer",), "REAL": ("real", "integer"), "TEXT": ("text",)}
    checks: dict[str, str] = {}
    for table in schema.layout():
        parts = []
        for _, column, declared, not_null, _, _ in conn.execute(
            "SELECT * FROM pragma_table_info(?)", (table,)
        ):
            allowed = [*kinds.get(str(declared).upper(), ()), *(() if not_null else ("null",))]
            if allowed:
                listed = ", ".join(f"'{kind}'" for kind in allowed)
                parts.append(f'typeof("{column}") IN ({listed})')
            if column in _TIMES:
                parts.append(f'("{column}" IS NULL OR "{column}" {_SANE_TIME})')
        if table in ("ratings", "rating_history"):
            parts.append(_SANE_RATING)
        checks[table] = " AND ".join(parts) or "1"
    return checks


def _mistyped(conn: sqlite3.Connection) -> int:
    """How many rows hold a value of the wrong type (see ``_well_typed``)."""
    return sum(
        _count(conn, f'SELECT COUNT(*) FROM "{table}" WHERE NOT ({check})')
        for table, check in _well_typed(conn).items()
    )


def unsound(conn: sqlite3.Connection) -> str | None:
    """What makes a file that SQLite finds intact unfit to be read, in words, or None: a
    value of the wrong type (text where a time belongs: every query over its table fails,
    and each round's recording with it), a rating no play can reach (its sums overflow), a
    row that refers to a profile, a round or a match that is not there, merges that lead
    round in a loop (their players vanish from every screen). Each is mended by copying
    the file row by row (``recover``), as damage is."""
    if _mistyped(conn):
        return "values of the wrong kind"
    if conn.execute("PRAGMA foreign_key_check").fetchone() is not None:
        return "records that refer to others missing from it"
    if conn.execute(_MERGE_LOOPS).fetchone() is not None:
        return "players merged into one another in a loop"
    return None


def _tidy(conn: sqlite3.Connection, checks: dict[str, str], seats_lost: bool = False) -> bool:
    """Make the copied rows agree with one another; True if a round, a seat of one or a
    rating was left out (the ratings must then be worked out again). ``checks``: the
    conditions of well-typed rows (``_well_typed``); ``seats_lost``: some rows of the points
    matches' seats could not be read."""
    dropped = False
    # A match is recorded with every seat: one that lost a seat would rank the others
    # without it, so it is left out whole (and told among the matches not recovered); its
    # rounds stay, as rounds. Its seat is lost where its row holds a damaged value, where
    # its seats are not numbered 0 to n - 1 with a player each, or (rows lost, or a row
    # naming no match) where it has fewer rows than seats; else a count of seats that
    # differs from its rows is the damaged value, and is mended.
    seat_check = checks["match_results"]
    short = {
        int(row[0])
        for row in conn.execute(
            f"SELECT DISTINCT match_id FROM match_results WHERE NOT ({seat_check})"
            " AND typeof(match_id) = 'integer'"
        )
    }
    # (A seat's row that names no match held is a seat some match lost.)
    strays = _count(
        conn,
        "SELECT COUNT(*) FROM match_results WHERE typeof(match_id) != 'integer'"
        " OR match_id NOT IN (SELECT id FROM matches)",
    )
    # A count of seats that is no number is mended from the seats' rows, as a wrong one is.
    conn.execute(
        "UPDATE matches SET seats = (SELECT COUNT(*) FROM match_results"
        " WHERE match_id = matches.id) WHERE typeof(seats) != 'integer'"
    )
    # A profile's name is worth more than its mistyped date or merge: those are mended, so
    # the player keeps their name (a row left out would come back as "Unknown player 1").
    conn.execute(
        "UPDATE profiles SET created = ? WHERE typeof(created) NOT IN ('real', 'integer')"
        f" OR NOT created {_SANE_TIME}",
        (time.time(),),
    )
    conn.execute(
        "UPDATE profiles SET merged_into = NULL"
        " WHERE typeof(merged_into) NOT IN ('integer', 'null')"
    )
    # Spans worked out from other values are mended too, not worth a round: a seat's time
    # to go out is not known, a round's length is the span between its start and end.
    number = "typeof({0}) IN ('real', 'integer') AND {0} " + _SANE_TIME
    conn.execute(
        "UPDATE results SET out_after_s = NULL"
        f" WHERE out_after_s IS NOT NULL AND NOT ({number.format('out_after_s')})"
    )
    conn.execute(
        "UPDATE games SET duration_s = MAX(0, ended_at - started_at)"
        f" WHERE NOT ({number.format('duration_s')}) AND {number.format('started_at')}"
        f" AND {number.format('ended_at')}"
    )
    conn.execute(
        "UPDATE profiles SET bot_level = NULL WHERE typeof(bot_level) NOT IN ('text', 'null')"
    )
    for table, check in checks.items():
        cursor = conn.execute(f'DELETE FROM "{table}" WHERE NOT ({check})')
        dropped = dropped or (table in _RATED and cursor.rowcount > 0)
    changes = conn.total_changes
    conn.execute("DELETE FROM results WHERE game_id NOT IN (SELECT id FROM games)")
    conn.execute("DELETE FROM games WHERE id NOT IN (SELECT game_id FROM results)")
    conn.execute("DELETE FROM rating_history WHERE game_id NOT IN (SELECT id FROM games)")
    dropped = dropped or conn.total_changes != changes
    conn.execute("DELETE FROM match_results WHERE match_id NOT IN (SELECT id FROM matches)")
    conn.execute("DELETE FROM matches WHERE id NOT IN (SELECT match_id FROM match_results)")
    rows = "(SELECT COUNT(*) FROM match_results WHERE match_id = matches.id)"
    # The seats of a match are numbered 0 to n - 1, one player each: a gap, a number past
    # them or a person twice is a seat lost or one strayed in from another match. (The bots
    # of one level share that level's profile, so several seats may hold one bot profile:
    # one of the first ones, which every file starts with, or one named so, or a seat that
    # kept the bot's name from the table.)
    person = (
        f"profile_id NOT BETWEEN 1 AND {len(BOT_LEVELS)}"
        " AND profile_id NOT IN (SELECT id FROM profiles WHERE kind = 'bot')"
        " AND COALESCE(seat_name, '') = ''"
    )
    short |= {
        int(r[0])
        for r in conn.execute(
            "SELECT match_id FROM match_results GROUP BY match_id HAVING MIN(seat) != 0"
            " OR MAX(seat) != COUNT(*) - 1 OR COUNT(DISTINCT CASE WHEN"
            f" {person} THEN profile_id END) != SUM({person})"
        )
    }
    if seats_lost or strays > 0:
        short |= {int(r[0]) for r in conn.execute(f"SELECT id FROM matches WHERE seats > {rows}")}
    conn.executemany("DELETE FROM matches WHERE id = ?", [(m,) for m in sorted(short)])
    conn.execute("DELETE FROM match_results WHERE match_id NOT IN (SELECT id FROM matches)")
    conn.execute(f"UPDATE matches SET seats = {rows} WHERE seats != {rows}")
    conn.execute("UPDATE games SET match_id = NULL WHERE match_id NOT IN (SELECT id FROM matches)")
    conn.execute(
        "UPDATE profiles SET merged_into = NULL WHERE merged_into NOT IN (SELECT id FROM profiles)"
    )
    # Merged in a loop: each is a player of its own again, its rounds its own.
    conn.execute(f"UPDATE profiles SET merged_into = NULL WHERE id IN ({_MERGE_LOOPS})")
    _stand_in_profiles(conn)
    schema.fill_name_keys(conn)  # a file older than v5 has no name keys to copy
    return dropped


def _stand_in_profiles(conn: sqlite3.Connection) -> None:
    """A profile for each one whose row was lost while its rounds were not, named
    ``Unknown player 1`` and so on: the player can rename it, or merge it into their own.
    One whose every seat kept a name from the table was a bot (only bots' seats keep one):
    it becomes ``Unknown bot 1``, its level unknown, unless it is one of the first four
    profiles: every file starts with the bot levels' (``schema.seed_bot_profiles``, in
    ``BOT_LEVELS`` order, before any person's), so such a one is that level's again and its
    rounds and rating are not split from the level's for good (a bot profile cannot be
    renamed or merged)."""
    lost = conn.execute(
        """
        WITH seats AS (SELECT profile_id, seat_name FROM results
                       UNION ALL SELECT profile_id, seat_name FROM match_results),
             ids AS (SELECT profile_id FROM seats UNION SELECT profile_id FROM ratings
                     UNION SELECT profile_id FROM rating_history)
        SELECT ids.profile_id,
               (SELECT COUNT(*) FROM seats WHERE seats.profile_id = ids.profile_id) > 0
               AND NOT EXISTS (SELECT 1 FROM seats WHERE seats.profile_id = ids.profile_id
                               AND seats.seat_name IS NULL)
        FROM ids WHERE ids.profile_id NOT IN (SELECT id FROM profiles)
        ORDER BY 1
        """
    ).fetchall()
    taken = {str(row[0]) for row in conn.execute("SELECT name_key FROM profiles")}
    numbers = {"human": 0, "bot": 0}
    for profile_id, was_bot in lost:
        kind = "bot" if was_bot else "human"
        # (Such a one is that level's whatever its seats kept: those of earlier versions
        # kept no bot's name.)
        if 1 <= profile_id <= len(BOT_LEVELS):
            level = BOT_LEVELS[profile_id - 1]
            name = bot_profile_name(level)
            if name_key(name) not in taken:
                taken.add(name_key(name))
                conn.execute(
                    "INSERT INTO profiles (id, name, kind, bot_level, created, name_key)"
                    " VALUES (?, ?, 'bot', ?, ?, ?)",
                    (int(profile_id), name, level, time.time(), name_key(name)),
                )
                continue
        name = ""
        while not name or name_key(name) in taken:
            numbers[kind] += 1
            name = f"Unknown {'bot' if was_bot else 'player'} {numbers[kind]}"
        taken.add(name_key(name))
        conn.execute(
            "INSERT INTO profiles (id, name, kind, created, name_key) VALUES (?, ?, ?, ?, ?)",
            (int(profile_id), name, kind, time.time(), name_key(name)),
        )


def _count(conn: sqlite3.Connection, query: str) -> int:
    return int(conn.execute(query).fetchone()[0])


def _people(conn: sqlite3.Connection) -> int:
    return _count(
        conn, "SELECT COUNT(*) FROM profiles WHERE kind = 'human' AND merged_into IS NULL"
    )


def _matches(conn: sqlite3.Connection) -> int:
    return _count(conn, "SELECT COUNT(*) FROM matches")


def _remove(path: Path) -> None:
    for extra in ("", "-journal", "-wal", "-shm"):
        with contextlib.suppress(OSError):
            Path(f"{path}{extra}").unlink(missing_ok=True)

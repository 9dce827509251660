"""The database layout and its forward migrations.

``PRAGMA user_version`` holds the schema version. Each entry of ``MIGRATIONS`` takes the
database from the previous version to its key; entries are never edited once released,
only new ones added, so every old file can be brought up to date step by step.
"""

from __future__ import annotations

import sqlite3
import time

from game.store.models import BOT_LEVELS, bot_profile_name, name_key

V1: tuple[str, ...] = (
    """
    CREATE TABLE profiles (
        id          INTEGER PRIMARY KEY,
        name        TEXT NOT NULL UNIQUE COLLATE NOCASE,
        kind        TEXT NOT NULL CHECK (kind IN ('human', 'bot')),
        bot_level   TEXT,
        created     REAL NOT NULL,
        merged_into INTEGER REFERENCES profiles(id)
    )
    """,
    """
    CREATE TABLE games (
        id                INTEGER PRIMARY KEY,
        preset            TEXT NOT NULL,
        rules_fingerprint TEXT NOT NULL,
        seats             INTEGER NOT NULL,
        started_at        REAL NOT NULL,
        ended_at          REAL NOT NULL,
        duration_s        REAL NOT NULL,
        is_match          INTEGER NOT NULL DEFAULT 0,
        abandoned         INTEGER NOT NULL DEFAULT 0,
        round_no          INTEGER NOT NULL DEFAULT 1,
        blocked           INTEGER NOT NULL DEFAULT 0
    )
    """,
    """
    CREATE TABLE results (
        game_id         INTEGER NOT NULL REFERENCES games(id),
        seat            INTEGER NOT NULL,
        profile_id      INTEGER NOT NULL REFERENCES profiles(id),
        place           INTEGER NOT NULL,
        points          INTEGER NOT NULL DEFAULT 0,
        penalty_cards   INTEGER NOT NULL DEFAULT 0,
        biggest_stack   INTEGER NOT NULL DEFAULT 0,
        turns_missed    INTEGER NOT NULL DEFAULT 0,
        macau_forgotten INTEGER NOT NULL DEFAULT 0,
        won             INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, seat)
    )
    """,
    """
    CREATE TABLE ratings (
        profile_id INTEGER NOT NULL REFERENCES profiles(id),
        scope      TEXT NOT NULL,
        mu         REAL NOT NULL,
        sigma      REAL NOT NULL,
        updated_at REAL NOT NULL,
        PRIMARY KEY (profile_id, scope)
    )
    """,
    """
    CREATE TABLE rating_history (
        id         INTEGER PRIMARY KEY,
        profile_id INTEGER NOT NULL REFERENCES profiles(id),
        scope      TEXT NOT NULL,
        game_id    INTEGER NOT NULL REFERENCES games(id),
        mu         REAL NOT NULL,
        sigma      REAL NOT NULL,
        at         REAL NOT NULL
    )
    """,
)

# v2: the statistics screen and leaderboard must stay fast with thousands of rounds, so
# look-ups by profile get indexes, and each rating carries its own count of rated rounds
# (back-filled from the history) instead of counting the history on every view.
V2: tuple[str, ...] = (
    # Covering indexes: a profile's statistics are read from the index alone.
    "CREATE INDEX results_by_profile"
    " ON results (profile_id, game_id, place, won, biggest_stack, points)",
    "CREATE INDEX history_by_profile ON rating_history (profile_id, scope, game_id, at, mu, sigma)",
    "CREATE INDEX history_by_game ON rating_history (game_id)",
    "CREATE INDEX games_by_duration ON games (duration_s)",
    "ALTER TABLE ratings ADD COLUMN games INTEGER NOT NULL DEFAULT 0",
    """
    UPDATE ratings SET games = (
        SELECT COUNT(*) FROM rating_history AS h
        WHERE h.profile_id = ratings.profile_id AND h.scope = ratings.scope
    )
    """,
)

# v3: a bot seat keeps the name it had at the table ("West", or one typed in the new-game
# screen), so the history can say which of three medium bots finished where; its results
# still go to the level's one profile. NULL for people (their profile is their name, and
# follows renames) and for rounds recorded before.
V3: tuple[str, ...] = ("ALTER TABLE results ADD COLUMN seat_name TEXT",)

# v4: every round carries the key the table gave it when it was dealt, so one round is
# stored once however often it is reported: a game killed between recording a round and
# saving replays the last move when continued and reports the round again, and a save left
# for a new game is reported as abandoned although its round may have been recorded. NULL
# for rounds recorded before (and for rounds reported without a key).
V4: tuple[str, ...] = (
    "ALTER TABLE games ADD COLUMN round_key TEXT",
    "CREATE UNIQUE INDEX games_by_round_key ON games (round_key)",
)

# v5: profile names are told apart ignoring letter case in every alphabet, not only A to Z
# as the names column's NOCASE does: "łukasz" and "Łukasz" are one player. Each profile
# carries its name's key (``models.name_key``), filled in by ``fill_name_keys`` since SQLite
# cannot fold letter case beyond ASCII. The key is not unique: a file may already hold two
# profiles whose names differ only so, with rounds of their own. Neither is merged into the
# other or renamed (they may be two people); look-ups prefer the exact spelling, and no new
# profile or rename may take a key already in use.
V5: tuple[str, ...] = (
    "ALTER TABLE profiles ADD COLUMN name_key TEXT",
    "CREATE INDEX profiles_by_name_key ON profiles (name_key)",
)

# v6: a points match is recorded as a whole, not only round by round: without it nothing
# said that a match was won, its final totals or its target, and the rounds of two matches
# could not be told apart. A match is stored under the key the table gave it when it was
# first dealt (reported after every round, at its end and when given up, it is stored once)
# and kept up to date as it goes: ``status`` is 'playing' until it is 'finished' or
# 'abandoned', and ``match_results`` holds each seat's total so far. Each round of a match
# names it in ``games.match_id``; NULL for single rounds and for rounds recorded before.
V6: tuple[str, ...] = (
    """
    CREATE TABLE matches (
        id                INTEGER PRIMARY KEY,
        match_key         TEXT NOT NULL UNIQUE,
        preset            TEXT NOT NULL,
        rules_fingerprint TEXT NOT NULL,
        target            INTEGER NOT NULL,
        seats             INTEGER NOT NULL,
        started_at        REAL NOT NULL,
        ended_at          REAL NOT NULL,
        rounds            INTEGER NOT NULL DEFAULT 0,
        status            TEXT NOT NULL DEFAULT 'playing'
                          CHECK (status IN ('playing', 'finished', 'abandoned'))
    )
    """,
    """
    CREATE TABLE match_results (
        match_id   INTEGER NOT NULL REFERENCES matches(id),
        seat       INTEGER NOT NULL,
        profile_id INTEGER NOT NULL REFERENCES profiles(id),
        seat_name  TEXT,
        total      INTEGER NOT NULL,
        place      INTEGER NOT NULL,
        won        INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (match_id, seat)
    )
    """,
    "CREATE INDEX match_results_by_profile ON match_results (profile_id, match_id, won)",
    "ALTER TABLE games ADD COLUMN match_id INTEGER REFERENCES matches(id)",
    "CREATE INDEX games_by_match ON games (match_id)",
)

# v7: a round played on custom rules keeps the name the player saved them under ("Family
# Tel Aviv"), so the history can tell two rule sets apart; every custom set is still one
# preset, "custom", with one rating. NULL for presets, for custom rules never named (or
# changed since) and for rounds recorded before.
V7: tuple[str, ...] = ("ALTER TABLE games ADD COLUMN rules_label TEXT",)

# v8: each seat keeps when it went out (seconds from the deal to its last card, on the
# round's clock), so a fastest win is the time the win took: where the others play on for
# the lower places (polish, hungarian), the round's length includes their play. NULL for a
# seat that never went out (left holding cards, a blocked round) and for rounds recorded
# before, whose fastest win stays the round's length.
V8: tuple[str, ...] = (
    "ALTER TABLE results ADD COLUMN out_after_s REAL",
    # The statistics read a win's time too: the index still covers them.
    "DROP INDEX IF EXISTS results_by_profile",
    "CREATE INDEX results_by_profile"
    " ON results (profile_id, game_id, place, won, biggest_stack, points, out_after_s)",
)

# v9: a round recorded while the table's saved game could not be written (its folder
# read-only or full, the statistics' not) names the save it left behind, by the id written
# into each save: Continue from that save would play the rounds recorded since again and
# count them twice, so it is refused. NULL for every other round and for rounds before.
V9: tuple[str, ...] = (
    "ALTER TABLE games ADD COLUMN stale_save TEXT",
    "CREATE INDEX games_by_stale_save ON games (stale_save)",
)

MIGRATIONS: dict[int, tuple[str, ...]] = {
    1: V1,
    2: V2,
    3: V3,
    4: V4,
    5: V5,
    6: V6,
    7: V7,
    8: V8,
    9: V9,
}
CURRENT_VERSION = max(MIGRATIONS)


class SchemaMismatch(sqlite3.DatabaseError):
    """The file's tables are not what its version says: treated like a damaged file."""


def user_version(conn: sqlite3.Connection) -> int:
    """The schema version stored in the file (0 for a new, empty database)."""
    row = conn.execute("PRAGMA user_version").fetchone()
    return int(row[0])


def migrate(conn: sqlite3.Connection, target: int = CURRENT_VERSION) -> int:
    """Bring the schema up to ``target`` inside the caller's transaction.

    Returns the version found before migrating.
    """
    found = user_version(conn)
    start = max(found, 0)  # (a negative version is none of ours: as no version)
    if found < target and has_tables(conn):
        # A restored dump keeps the tables but not the version, and a version set back by
        # hand (or damaged) can be behind its tables: adopt what they hold, rather than run
        # migrations that would add what is there already.
        adopted = recognised_version(conn)
        if adopted is None and found <= 0:
            raise SchemaMismatch("the tables match no version of the statistics file")
        start = max(start, adopted or 0)
    for version in range(start + 1, target + 1):
        for statement in MIGRATIONS[version]:
            conn.execute(statement)
        if version == 1:
            seed_bot_profiles(conn)
        if version == 5:
            fill_name_keys(conn)
    if target > found or start > found:
        # PRAGMA cannot take a parameter; ``target`` is an int from this module.
        conn.execute(f"PRAGMA user_version = {int(max(target, start))}")
    return found


def seed_bot_profiles(conn: sqlite3.Connection) -> None:
    """Make sure one profile exists per bot level."""
    now = time.time()
    conn.executemany(
        "INSERT OR IGNORE INTO profiles (name, kind, bot_level, created) VALUES (?, 'bot', ?, ?)",
        [(bot_profile_name(level), level, now) for level in BOT_LEVELS],
    )
    if user_version(conn) >= 5:
        fill_name_keys(conn)


def up_to_date(conn: sqlite3.Connection) -> bool:
    """True when ``migrate`` and ``seed_bot_profiles`` would change nothing in the file, so
    it can be used without writing to it first: a file another program keeps locked for
    writing (a database browser with unsaved changes) still opens at once."""
    if user_version(conn) != CURRENT_VERSION:
        return False
    for level in BOT_LEVELS:
        # ``name`` compares without case, as the UNIQUE constraint the seeding relies on.
        found = conn.execute(
            "SELECT 1 FROM profiles WHERE name = ?", (bot_profile_name(level),)
        ).fetchone()
        if found is None:
            return False
    rows = conn.execute("SELECT name, name_key FROM profiles").fetchall()
    return all(key == name_key(str(name)) for name, key in rows)


def fill_name_keys(conn: sqlite3.Connection) -> None:
    """Give every profile the key of its name where it has none (all of them on the upgrade
    to v5, a bot level seeded since) or one ``name_key`` no longer gives: the key learnt to
    take "Ştefan" (cedilla) for "Ștefan" (comma below), and an older file's keys must
    still find their profiles."""
    rows = conn.execute("SELECT id, name, name_key FROM profiles").fetchall()
    conn.executemany(
        "UPDATE profiles SET name_key = ? WHERE id = ?",
        [(name_key(str(name)), int(pid)) for pid, name, key in rows if key != name_key(str(name))],
    )


_LAYOUTS: dict[int, dict[str, frozenset[str]]] = {}


def layout(version: int = CURRENT_VERSION) -> dict[str, frozenset[str]]:
    """The tables, and the columns of each, that a database of ``version`` must have."""
    if version not in _LAYOUTS:
        conn = sqlite3.connect(":memory:")
        try:
            migrate(conn, version)
            _LAYOUTS[version] = tables_in(conn)
        finally:
            conn.close()
    return _LAYOUTS[version]


def tables_in(conn: sqlite3.Connection) -> dict[str, frozenset[str]]:
    """The player's tables in ``conn`` (SQLite's own left out) and their columns."""
    names = [
        str(row[0])
        for row in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    ]
    return {
        name: frozenset(
            str(col[1]) for col in conn.execute("SELECT * FROM pragma_table_info(?)", (name,))
        )
        for name in names
    }


def missing_parts(conn: sqlite3.Connection, version: int = CURRENT_VERSION) -> list[str]:
    """What ``conn`` lacks of the layout ``version`` expects, e.g. ``['table ratings']``.

    Extra tables or columns are allowed: a newer version may add some.
    """
    found = tables_in(conn)
    missing: list[str] = []
    for table, columns in layout(version).items():
        if table not in found:
            missing.append(f"table {table}")
            continue
        missing.extend(f"column {table}.{col}" for col in sorted(columns - found[table]))
    return missing


def recognised_version(conn: sqlite3.Connection) -> int | None:
    """For a file without a version that holds tables (a restored dump): its layout's version.

    None when the tables match no version's layout.
    """
    for version in sorted(MIGRATIONS, reverse=True):
        if not missing_parts(conn, version):
            return version
    return None


def layout_fits(conn: sqlite3.Connection, found: int) -> bool:
    """True if the tables are those the file's version ``found`` promises (or adoptable,
    if it has no version)."""
    if found <= 0:
        # No version (or a negative one, none of ours): a new file, or a restored dump
        # whose layout migrate will adopt.
        return not has_tables(conn) or recognised_version(conn) is not None
    return not missing_parts(conn, found)


def has_tables(conn: sqlite3.Connection) -> bool:
    """True if the file holds any table of the player's (not just SQLite's own)."""
    return bool(tables_in(conn))

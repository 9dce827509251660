"""The database layout and its forward migrations.

``PRAGMA user_version`` holds the schema version. Each entry of ``MIGRATIONS`` takes the
database from the previous version to its key; entries are never edited once released,
only new ones added, so every old file can be brought up to date step by step.
"""

from __future__ import annotations

import sqlite3
import time

from game.store.models import BOT_LEVELS, bot_profile_name

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

MIGRATIONS: dict[int, tuple[str, ...]] = {1: V1, 2: V2}
CURRENT_VERSION = max(MIGRATIONS)


def user_version(conn: sqlite3.Connection) -> int:
    """The schema version stored in the file (0 for a new, empty database)."""
    row = conn.execute("PRAGMA user_version").fetchone()
    return int(row[0])


def migrate(conn: sqlite3.Connection, target: int = CURRENT_VERSION) -> int:
    """Bring the schema up to ``target`` inside the caller's transaction.

    Returns the version found before migrating.
    """
    found = user_version(conn)
    for version in range(found + 1, target + 1):
        for statement in MIGRATIONS[version]:
            conn.execute(statement)
        if version == 1:
            seed_bot_profiles(conn)
    if target > found:
        # PRAGMA cannot take a parameter; ``target`` is an int from this module.
        conn.execute(f"PRAGMA user_version = {int(target)}")
    return found


def seed_bot_profiles(conn: sqlite3.Connection) -> None:
    """Make sure one profile exists per bot level."""
    now = time.time()
    conn.executemany(
        "INSERT OR IGNORE INTO profiles (name, kind, bot_level, created) VALUES (?, 'bot', ?, ?)",
        [(bot_profile_name(level), level, now) for level in BOT_LEVELS],
    )

"""One profile's statistics, computed mostly inside SQLite so that a profile with thousands
of rounds still opens its statistics screen at once."""

from __future__ import annotations

import sqlite3
from collections import Counter
from typing import Any

from game.store import ratings
from game.store.models import OVERALL, FastWin, ProfileStats, RatingPoint, WinRatePoint
from game.store.queries import MATCH_LABEL, WIN_TIME
from game.store.records import require_profile

DEFAULT_WINDOW = 20
MAX_SERIES_POINTS = 1000
"""The rating series is thinned evenly to this many points (keeping the latest): a chart has
no more room. The win-rate series holds this many latest rounds, every one (``_win_rates``)."""

# One row per finished round of the profile, oldest first. A bot level that held several
# seats in a round counts once: its best place, a win if any seat won, its mean points, the
# time its quickest winning seat took (``queries.WIN_TIME``).
_ROUNDS = """
    SELECT g.id, g.preset, g.ended_at, g.duration_s, g.is_match,
           MIN(r.place), MAX(r.won), MAX(r.biggest_stack), AVG(r.points),
           MIN(CASE WHEN r.won = 1 AND {win} > 0 THEN {win} END)
    FROM results AS r JOIN games AS g ON g.id = r.game_id
    WHERE r.profile_id = :profile AND g.abandoned = 0 AND (:preset IS NULL OR g.preset = :preset)
      AND (:label IS NULL OR g.rules_label = :label)
    GROUP BY r.game_id
    ORDER BY r.game_id
""".replace("{win}", WIN_TIME)

# Thinned in SQL so a long history is not copied into Python only to be thrown away.
_RATINGS = """
    WITH numbered AS (
        SELECT game_id, at, mu, sigma,
               ROW_NUMBER() OVER (ORDER BY game_id) AS n, COUNT(*) OVER () AS total
        FROM rating_history WHERE profile_id = :profile AND scope = :scope
          AND (:label IS NULL OR game_id IN (SELECT id FROM games WHERE rules_label = :label))
    )
    SELECT game_id, at, mu, sigma FROM numbered
    WHERE (total - n) % ((total + :points - 1) / :points) = 0
    ORDER BY n
"""


def _rule_set_series(
    conn: sqlite3.Connection, profile: int, label: str, max_points: int
) -> list[tuple[int, float, float, float]]:
    """``profile``'s rating over the rounds on the custom rules saved as ``label``, round by
    round (round, when, mu, sigma), thinned as ``_RATINGS`` thins the stored series: evenly,
    always keeping the latest."""
    _, history = ratings.rule_set_ratings(conn, label)
    mine = [(game, at, mu, sigma) for pid, _, game, mu, sigma, at in history if pid == profile]
    step = -(-len(mine) // max_points) if mine else 1
    return [row for n, row in enumerate(mine, 1) if (len(mine) - n) % step == 0]


def _win_rates(rounds: list[Any], window: int, max_points: int) -> tuple[WinRatePoint, ...]:
    """The win rate over the last ``window`` rounds as of each of the latest ``max_points``
    rounds, oldest first. Not thinned: the chart shows the latest 50, 200 or 1,000 rounds,
    cut out of these, and thins only what it shows. (A series thinned over the whole history
    first kept every tenth round of 9,800, which left five points for the latest 50.)"""
    first = len(rounds) - max_points
    won_in_window = 0
    points = []
    for n, row in enumerate(rounds):
        won_in_window += row[6]
        if n >= window:
            won_in_window -= rounds[n - window][6]
        if n >= first:
            points.append(WinRatePoint(row[0], row[2], won_in_window / min(n + 1, window)))
    return tuple(points)


def _streaks(wins: list[int]) -> tuple[int, int]:
    longest = run = 0
    for won in wins:
        run = run + 1 if won else 0
        longest = max(longest, run)
    return longest, run


def profile_stats(
    conn: sqlite3.Connection,
    name: str,
    preset: str | None = None,
    window: int = DEFAULT_WINDOW,
    max_points: int = MAX_SERIES_POINTS,
    rules_label: str | None = None,
) -> ProfileStats:
    """The statistics of one profile, over every preset or just ``preset``; with
    ``rules_label``, only the rounds on custom rules saved under that name (its rating
    series is the rating over those rounds alone, ``ratings.rule_set_ratings``)."""
    if window < 1 or max_points < 1:
        raise ValueError("The window and the series must cover at least one round.")
    profile = require_profile(conn, name)
    args: dict[str, Any] = {
        "profile": profile.id,
        "preset": preset,
        "points": max_points,
        "scope": OVERALL if preset is None else preset,
        "label": rules_label,
    }
    rounds = conn.execute(_ROUNDS, args).fetchall()
    games = len(rounds)
    wins = [row[6] for row in rounds]
    longest, current = _streaks(wins)
    won_rounds = [row for row in rounds if row[6]]
    # A win timed at nothing (the clock put back during its round) has no time to rank by.
    timed = [row for row in won_rounds if row[9] is not None]
    fastest = min(timed, key=lambda row: (row[9], row[0]), default=None)
    played = Counter(row[1] for row in rounds)
    last_played = {row[1]: row[0] for row in rounds}
    favourite = max(played, key=lambda p: (played[p], last_played[p])) if played else None
    match_points = [row[8] for row in rounds if row[4]]
    if rules_label is None:
        rated = conn.execute(_RATINGS, args).fetchall()
    else:
        rated = _rule_set_series(conn, profile.id, rules_label, max_points)
    abandoned = conn.execute(
        """
        SELECT COUNT(DISTINCT g.id) FROM results AS r JOIN games AS g ON g.id = r.game_id
        WHERE r.profile_id = :profile AND g.abandoned = 1
          AND (:preset IS NULL OR g.preset = :preset)
          AND (:label IS NULL OR g.rules_label = :label)
        """,
        args,
    ).fetchone()[0]
    # A bot level that held several seats of a match counts the match once, won if any won.
    # A tie at the lowest total is a drawn match (RULES §6): each seat in the tie is one of
    # its winners, and the match counts as drawn, not won (also for a level that held two
    # of the tied seats: the game calls it a drawn match).
    matches = conn.execute(
        f"""
        SELECT m.status, MAX(r.won),
               (SELECT COUNT(*) FROM match_results AS w WHERE w.match_id = m.id AND w.won = 1)
        FROM match_results AS r JOIN matches AS m ON m.id = r.match_id
        WHERE r.profile_id = :profile AND m.status != 'playing'
          AND (:preset IS NULL OR m.preset = :preset)
          AND (:label IS NULL OR ({MATCH_LABEL}) = :label)
        GROUP BY r.match_id
        """,
        args,
    ).fetchall()
    finished = [(won, winners) for status, won, winners in matches if status == "finished"]
    return ProfileStats(
        profile=profile.name,
        preset=preset,
        games=games,
        wins=sum(wins),
        win_rate=sum(wins) / games if games else 0.0,
        avg_place=sum(row[5] for row in rounds) / games if games else None,
        fastest_win=None
        if fastest is None
        else FastWin(fastest[0], profile.name, fastest[1], fastest[3], fastest[2], fastest[9]),
        longest_win_streak=longest,
        current_win_streak=current,
        biggest_stack=max((row[7] for row in rounds), default=0),
        favourite_preset=favourite,
        points_per_round=sum(match_points) / len(match_points) if match_points else None,
        abandoned=int(abandoned),
        window=window,
        win_rate_series=_win_rates(rounds, window, max_points),
        rating_series=tuple(RatingPoint(*row) for row in rated),
        matches=len(finished),
        matches_won=sum(1 for won, winners in finished if won and winners == 1),
        matches_abandoned=sum(1 for status, _, _ in matches if status == "abandoned"),
        matches_drawn=sum(1 for won, winners in finished if won and winners > 1),
    )

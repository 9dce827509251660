"""Skill ratings with openskill's Plackett-Luce model.

Every finished round is rated from its finishing order, once in its preset's scope and
once in the 'overall' scope. Each seat is a team of one; seats that share a place tie.
Humans and bot levels share one scale, so the bots anchor it.

One profile may hold several seats in a round (three "Bot · easy" seats at one table):
each seat is rated from the profile's rating before the round and the profile takes the
mean of its seats' results, so one round moves it once, not three times.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from openskill.models import PlackettLuce

from game.store.models import OVERALL

MODEL = PlackettLuce()
DEFAULT_MU = float(MODEL.mu)
DEFAULT_SIGMA = float(MODEL.sigma)

Rating = tuple[float, float]
SeatPlace = tuple[int, int]
"""(profile id, place) for one seat."""


def rate_round(priors: Mapping[int, Rating], seats: Sequence[SeatPlace]) -> dict[int, Rating]:
    """New (mu, sigma) per profile after one round; empty if fewer than two profiles played."""
    if len({profile for profile, _ in seats}) < 2:
        return {}
    teams = []
    for profile, _ in seats:
        mu, sigma = priors.get(profile, (DEFAULT_MU, DEFAULT_SIGMA))
        teams.append([MODEL.rating(mu=mu, sigma=sigma)])
    rated = MODEL.rate(teams, ranks=[float(place) for _, place in seats])
    sums: dict[int, tuple[float, float, int]] = {}
    for (profile, _), team in zip(seats, rated, strict=True):
        mu_sum, sigma_sum, count = sums.get(profile, (0.0, 0.0, 0))
        sums[profile] = (mu_sum + float(team[0].mu), sigma_sum + float(team[0].sigma), count + 1)
    return {profile: (mu / n, sigma / n) for profile, (mu, sigma, n) in sums.items()}


def scopes_for(preset: str) -> tuple[str, str]:
    """The two scopes a round of ``preset`` is rated in."""
    return (OVERALL, preset)


def rate_game(
    conn: sqlite3.Connection, game_id: int, preset: str, at: float, seats: Sequence[SeatPlace]
) -> None:
    """Rate one recorded round, inside the caller's transaction."""
    profiles = sorted({profile for profile, _ in seats})
    marks = ",".join("?" * len(profiles))
    for scope in scopes_for(preset):
        rows = conn.execute(
            "SELECT profile_id, mu, sigma FROM ratings"
            f" WHERE scope = ? AND profile_id IN ({marks})",
            (scope, *profiles),
        ).fetchall()
        priors = {int(pid): (float(mu), float(sigma)) for pid, mu, sigma in rows}
        updated = rate_round(priors, seats)
        if not updated:
            continue
        conn.executemany(
            """
            INSERT INTO ratings (profile_id, scope, mu, sigma, updated_at, games)
            VALUES (?, ?, ?, ?, ?, 1)
            ON CONFLICT (profile_id, scope) DO UPDATE SET
                mu = excluded.mu, sigma = excluded.sigma,
                updated_at = excluded.updated_at, games = ratings.games + 1
            """,
            [(pid, scope, mu, sigma, at) for pid, (mu, sigma) in sorted(updated.items())],
        )
        conn.executemany(
            "INSERT INTO rating_history (profile_id, scope, game_id, mu, sigma, at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [(pid, scope, game_id, mu, sigma, at) for pid, (mu, sigma) in sorted(updated.items())],
        )


def _rated_rounds(
    conn: sqlite3.Connection, label: str | None = None
) -> Iterable[tuple[int, str, float, list[SeatPlace]]]:
    """Every rated round in recording order; with ``label``, only those on the custom rules
    saved under that name."""
    rows = conn.execute(
        """
        SELECT g.id, g.preset, g.ended_at, r.profile_id, r.place
        FROM games AS g JOIN results AS r ON r.game_id = g.id
        WHERE g.abandoned = 0
          AND (:label IS NULL OR (g.preset = 'custom' AND g.rules_label = :label))
        ORDER BY g.id, r.seat
        """,
        {"label": label},
    )
    current: tuple[int, str, float] | None = None
    seats: list[SeatPlace] = []
    for game_id, preset, ended_at, profile, place in rows:
        if current is not None and current[0] != game_id:
            yield (*current, seats)
            seats = []
        current = (int(game_id), str(preset), float(ended_at))
        seats.append((int(profile), int(place)))
    if current is not None:
        yield (*current, seats)


# A profile's rating in one scope after a replay: mu, sigma, when it last changed, rounds.
Replayed = dict[tuple[int, str], tuple[float, float, float, int]]
# One step of a rating's history: profile, scope, round, mu, sigma, when.
Step = tuple[int, str, int, float, float, float]


def _replay(
    rounds: Iterable[tuple[int, str, float, list[SeatPlace]]],
    scopes: Callable[[str], Iterable[str]],
) -> tuple[Replayed, list[Step]]:
    """Rate ``rounds`` in order from nothing, each in the ``scopes`` of its preset."""
    state: Replayed = {}
    history: list[Step] = []
    for game_id, preset, at, seats in rounds:
        for scope in scopes(preset):
            priors = {
                pid: (entry[0], entry[1])
                for pid, _ in seats
                if (entry := state.get((pid, scope))) is not None
            }
            for pid, (mu, sigma) in sorted(rate_round(priors, seats).items()):
                games = state.get((pid, scope), (0.0, 0.0, 0.0, 0))[3]
                state[(pid, scope)] = (mu, sigma, at, games + 1)
                history.append((pid, scope, game_id, mu, sigma, at))
    return state, history


def rule_set_ratings(conn: sqlite3.Connection, label: str) -> tuple[Replayed, list[Step]]:
    """The ratings over only the rounds on the custom rules saved as ``label`` (in the scope
    ``custom``), worked out afresh from those rounds in recording order. Not stored: the
    stored ``custom`` scope rates every custom rule set together, while a family's own
    rules get their own ranking this way, and it follows every merge and recovery of the
    rounds it is read from. The last answer is kept until the file changes (a write by this
    connection or another): the statistics screen asks for the board and the series."""
    (version,) = conn.execute("PRAGMA data_version").fetchone()
    # The connection itself, not its id: a closed one's id may come back for another file.
    key = (conn, conn.total_changes, int(version), label)
    last = _last_rule_set[0]
    if last is None or last[0] is not conn or last[1:] != key[1:]:
        replayed = _replay(_rated_rounds(conn, label), lambda _preset: ("custom",))
        _last_rule_set[:] = [key, replayed]
    found: tuple[Replayed, list[Step]] = _last_rule_set[1]
    return found


_last_rule_set: list[Any] = [None, None]  # (connection, changes, data version, label), answer


def replay_all(conn: sqlite3.Connection) -> None:
    """Recompute every rating from scratch in recording order (after a merge)."""
    state, history = _replay(_rated_rounds(conn), scopes_for)
    conn.execute("DELETE FROM rating_history")
    conn.execute("DELETE FROM ratings")
    conn.executemany(
        "INSERT INTO ratings (profile_id, scope, mu, sigma, updated_at, games)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        [(pid, scope, *values) for (pid, scope), values in sorted(state.items())],
    )
    conn.executemany(
        "INSERT INTO rating_history (profile_id, scope, game_id, mu, sigma, at)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        history,
    )

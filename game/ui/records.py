"""Recording a finished (or abandoned) round in the statistics store, and the words the
statistics screens use for what was recorded.

The table calls ``record_round`` once at every round end. Recording must never stop a
game: any failure is logged, described in ``store.problem`` and answered with None.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from game.engine import Game
from game.store import (
    GameRecord,
    MatchRecord,
    MatchSeat,
    ProfileStats,
    RankRow,
    SeatResult,
    Store,
    bot_profile_name,
)

__all__ = [
    "SeatInfo",
    "Tile",
    "format_duration",
    "match_record",
    "preset_title",
    "record_match",
    "record_round",
    "round_record",
    "stat_tiles",
]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class SeatInfo:
    """Who sat in one seat: a named player, or a bot recorded as its level's profile."""

    name: str
    is_bot: bool = False
    bot_level: str | None = None

    @property
    def profile(self) -> str:
        """The profile this seat's results go to (``Bot · medium`` for a medium bot)."""
        if self.is_bot and self.bot_level:
            return bot_profile_name(self.bot_level)
        return self.name


def format_duration(seconds: float) -> str:
    """A round's length as ``mm:ss`` (``h:mm:ss`` past an hour), the way the ranking shows it."""
    total = max(0, round(seconds))
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes:02d}:{secs:02d}"


def _places(game: Game) -> tuple[int, ...]:
    """Places of every seat; for a round left early, the seats still holding cards are
    ranked by how many they hold (ties share), after those already out."""
    if game.over and game.places:
        return tuple(game.places)
    counts = game.hand_counts
    places = [0] * game.seats
    for i, seat in enumerate(game.placings):
        places[seat] = i + 1
    holders = sorted((s for s in range(game.seats) if places[s] == 0), key=lambda s: counts[s])
    base = len(game.placings)
    for i, seat in enumerate(holders):
        tied = i and counts[seat] == counts[holders[i - 1]]
        places[seat] = places[holders[i - 1]] if tied else base + i + 1
    return tuple(places)


def match_record(
    game: Game,
    seats: Sequence[SeatInfo],
    match_key: str,
    started_at: float,
    *,
    abandoned: bool = False,
    ended_at: float | None = None,
) -> MatchRecord | None:
    """The MatchRecord of ``game``'s match as it stands; None when its rules score no points
    (its rounds are single rounds). ``abandoned`` gives the match up, unless the engine says
    it is over: then it is finished, whoever reports it."""
    if len(seats) != game.seats:
        raise ValueError(f"The match has {game.seats} seats but {len(seats)} players were given.")
    rules = game.rules
    if rules.scoring != "points":
        return None
    totals = [int(t) for t in game.scores]
    status = "finished" if game.match_over else "abandoned" if abandoned else "playing"
    winners = set(game.winners) if game.match_over else set()
    return MatchRecord(
        match_key=match_key,
        preset=rules.name,
        rules_fingerprint=rules.fingerprint,
        target=rules.target,
        started_at=started_at,
        ended_at=time.time() if ended_at is None else ended_at,
        rounds=len(game.round_charges),
        seats=tuple(
            MatchSeat(
                seat=seat,
                profile=info.profile,
                is_bot=info.is_bot,
                bot_level=info.bot_level if info.is_bot else None,
                total=totals[seat],
                # The lowest total wins (RULES §6): places by total, ties sharing.
                place=1 + sum(1 for t in totals if t < totals[seat]),
                won=seat in winners,
                seat_name=info.name if info.is_bot else "",
            )
            for seat, info in enumerate(seats)
        ),
        status=status,
    )


def round_record(
    game: Game,
    seats: Sequence[SeatInfo],
    started_at: float,
    *,
    abandoned: bool = False,
    ended_at: float | None = None,
    round_key: str | None = None,
    match: MatchRecord | None = None,
    rules_label: str | None = None,
    out_after: Mapping[int, float] | None = None,
    stopped: bool = False,
) -> GameRecord:
    """The GameRecord of ``game``'s current round; ValueError if the seats do not fit.

    ``round_key`` names the round (see ``MatchTable.round_key``): reported twice, it is
    stored once. ``match`` is the match the round belongs to, as it stands with it;
    ``rules_label`` the name its custom rules were saved under; ``out_after`` when each seat
    that went out laid its last card, in seconds from the deal on the clock ``started_at``
    is on (a win's time: the others may play on for the lower places). ``stopped``: the
    table stopped the round (``Game.stop_round``), which is scored as a blocked round but
    was not one, so it is not recorded as blocked."""
    if len(seats) != game.seats:
        raise ValueError(f"The round has {game.seats} seats but {len(seats)} players were given.")
    rules = game.rules
    is_match = rules.scoring == "points"
    charges: Sequence[int] = (0,) * game.seats
    # Points belong to the round just finished; an abandoned round was never scored.
    if is_match and game.over and game.round_charges:
        charges = game.round_charges[-1]
    places = _places(game)
    results = []
    for seat, info in enumerate(seats):
        tally = game.tally(seat)
        results.append(
            SeatResult(
                seat=seat,
                profile=info.profile,
                is_bot=info.is_bot,
                bot_level=info.bot_level if info.is_bot else None,
                place=places[seat],
                points=int(charges[seat]),
                penalty_cards=tally.get("penalty_cards", 0),
                biggest_stack=tally.get("biggest_stack", 0),
                turns_missed=tally.get("turns_missed", 0),
                macau_forgotten=tally.get("macau_forgotten", 0),
                seat_name=info.name if info.is_bot else "",
                out_after_s=None if out_after is None else out_after.get(seat),
            )
        )
    return GameRecord(
        preset=rules.name,
        rules_fingerprint=rules.fingerprint,
        started_at=started_at,
        ended_at=time.time() if ended_at is None else ended_at,
        results=tuple(results),
        is_match=is_match,
        abandoned=abandoned or not game.over,
        blocked=bool(game.blocked) and game.over and not stopped,
        round_no=game.round_no,
        round_key=round_key,
        match=match,
        rules_label=rules_label if rules.name == "custom" else None,
    )


def record_round(
    store: Store,
    game: Game,
    seats: Sequence[SeatInfo],
    started_at: float,
    *,
    abandoned: bool = False,
    ended_at: float | None = None,
    round_key: str | None = None,
    match_key: str | None = None,
    match_started_at: float | None = None,
    rules_label: str | None = None,
    out_after: Mapping[int, float] | None = None,
    stopped: bool = False,
    stale_save: str | None = None,
) -> int | None:
    """Record the round that just ended (or was left); its id, or None if not recorded.

    A round that is not over is stored as abandoned: kept in the history, neither a win
    nor a loss. With ``match_key``, a round of a points match also records its match as
    it stands, in the same write: the final round records the match result, and a round
    left halfway gives the match up. ``stale_save``: the id of the table's last save, which
    could not be written since (``GameRecord.stale_save``). Never raises: on failure
    ``store.problem`` says why.
    """
    try:
        match = None
        # One moment for both, so the match result is listed just above its final round.
        ended_at = time.time() if ended_at is None else ended_at
        if match_key is not None:
            match = match_record(
                game,
                seats,
                match_key,
                started_at if match_started_at is None else match_started_at,
                abandoned=abandoned or not game.over,
                ended_at=ended_at,
            )
        record = round_record(
            game,
            seats,
            started_at,
            abandoned=abandoned,
            ended_at=ended_at,
            round_key=round_key,
            match=match,
            rules_label=rules_label,
            out_after=out_after,
            stopped=stopped,
        )
        return store.record_game(replace(record, stale_save=stale_save))
    except Exception as exc:  # the game goes on whatever happens to its statistics
        log.warning("round not recorded: %s", exc, exc_info=True)
        if not store.problem:
            store.problem = f"The last round could not be recorded ({exc})."
        return None


def record_match(
    store: Store,
    game: Game,
    seats: Sequence[SeatInfo],
    match_key: str,
    started_at: float,
    *,
    abandoned: bool = False,
    ended_at: float | None = None,
) -> int | None:
    """Record ``game``'s match as it stands without a round (a match given up between two
    rounds); its id, or None if not recorded or not a points match. Never raises."""
    try:
        match = match_record(
            game, seats, match_key, started_at, abandoned=abandoned, ended_at=ended_at
        )
        return None if match is None else store.record_match(match)
    except Exception as exc:  # the game goes on whatever happens to its statistics
        log.warning("match not recorded: %s", exc, exc_info=True)
        if not store.problem:
            store.problem = f"The match could not be recorded ({exc})."
        return None


def preset_title(preset: str | None) -> str:
    """How a preset's id reads on screen: ``tel_aviv`` → ``Tel Aviv``; None → ``All presets``;
    ``custom`` → ``Custom rules``."""
    if preset is None:
        return "All presets"
    if preset == "custom":
        return "Custom rules"  # the rounds played on rules changed in the rules editor
    words = preset.replace("_", " ").split()
    titled = " ".join(w.capitalize() for w in words)
    # "romanian2" is the second Romanian variant: keep its number apart from the name.
    return titled[:-1] + " " + titled[-1] if titled[-1:].isdigit() else titled


@dataclass(frozen=True)
class Tile:
    """One figure of the statistics screen: what it is, its value, and a line of context."""

    label: str
    value: str
    note: str = ""


def _match_tiles(stats: ProfileStats) -> list[Tile]:
    """The points matches' figure, shown only to a profile that has played one. Matches
    given up count apart: none played out is no figure ("—"), not "0 of 0". A drawn match
    (a tie at the lowest total) is not won: the note says how many were drawn."""
    given_up = stats.matches_abandoned
    if not stats.matches and not given_up:
        return []
    if not stats.matches:
        return [Tile("Matches won", "—", f"{given_up:,} match{'es' * (given_up > 1)} given up")]
    notes = [f"{stats.matches_drawn:,} drawn"] if stats.matches_drawn else []
    if given_up:
        notes.append(f"{given_up:,} more given up")
    note = " · ".join(notes) or "points matches played out"
    return [Tile("Matches won", f"{stats.matches_won:,} of {stats.matches:,}", note)]


def stat_tiles(
    stats: ProfileStats, rank: RankRow | None, ranked: int, shared: bool = False
) -> list[Tile]:
    """The figures the statistics screen shows for ``stats``, in reading order: ``rank`` is
    the profile's line of the leaderboard (``ranked`` lines long), ``shared`` whether another
    line has the same rank (a shared place reads as it does in the history)."""
    fastest = stats.fastest_win
    dash = "—"
    tiles = [
        Tile(
            "Rounds",
            f"{stats.games:,}",
            # (Besides the rounds counted: "1 · 1 left unfinished" read as if that one was.)
            f"and {stats.abandoned:,} left unfinished" if stats.abandoned else "",
        ),
        Tile(
            "Wins",
            f"{stats.wins:,}",
            f"{stats.games - stats.wins:,} not won" if stats.games else "",
        ),
        Tile("Win rate", f"{stats.win_rate:.1%}" if stats.games else dash),
        Tile("Average place", dash if stats.avg_place is None else f"{stats.avg_place:.2f}"),
        Tile(
            "Fastest win",
            dash if fastest is None else format_duration(fastest.time_s),
            "" if fastest is None else preset_title(fastest.preset),
        ),
        Tile(
            "Longest win streak",
            f"{stats.longest_win_streak:,}",
            f"current streak {stats.current_win_streak:,}" if stats.games else "",
        ),
        Tile("Biggest stack taken", f"{stats.biggest_stack} cards" if stats.games else dash),
        Tile(
            "Favourite preset",
            preset_title(stats.favourite_preset) if stats.favourite_preset else dash,
        ),
        Tile(
            "Points per round",
            dash if stats.points_per_round is None else f"{stats.points_per_round:.1f}",
            "lower is better" if stats.points_per_round is not None else "scoring presets only",
        ),
        *_match_tiles(stats),
        Tile(
            "Rating",
            dash if rank is None else f"{rank.mu:.1f} ± {rank.sigma:.1f}",
            _rank_note(rank, ranked, shared),
        ),
    ]
    return tiles


def _rank_note(rank: RankRow | None, ranked: int, shared: bool) -> str:
    """Where the profile stands on the leaderboard. A shared rank says so as a shared place
    does in the history, and in fewer words, to fit the tile's width."""
    if rank is None:
        return ""
    if shared:
        return f"#{rank.rank:,} (shared) of {ranked:,} ranked"
    return f"#{rank.rank:,} of {ranked:,} in the rankings"

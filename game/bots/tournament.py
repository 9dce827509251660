"""Bots against bots: seats rotated so every bot plays every seat equally, games in parallel.

python main.py tournament --preset polish --seats 2 --bots hard,medium --games 2000 --seed 1
    --jobs 2 [--iterations N] [--budget 0.3] [--json PATH|-] [--results PATH] [--shard K/N]
python main.py tournament --merge PATH [PATH ...] [--json PATH|-]

Each game is one deal (one round). Game ``i`` uses deal ``i // seats`` with the bot assignment
rotated by ``i % seats``, so over ``seats`` consecutive games every bot plays every seat on the
same cards, which also takes much of the luck of the deal out of the comparison. With three
different levels or more, every other deal seats them in the reverse order, so who plays after
whom is balanced too (``seat_levels``).

A game depends only on the seed and its number, so a long tournament can be split and
resumed. ``--results`` appends every finished game to a file (one JSON line each, after a
header line naming the tournament, and a line for each run with the games it was asked for)
and skips the games the file already holds, so a run that was stopped picks up where it left
off. ``--shard K/N`` plays only the deals whose number is K modulo N (whole rotations stay
together), so N processes or machines can share the work; ``--merge`` summarises the results
files of the shards as one tournament.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import random
import statistics
import sys
import time
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from multiprocessing.pool import AsyncResult
from pathlib import Path
from typing import Any, TextIO

from game.engine import LISTING_LIMIT, PRESETS, Game, Rules, RulesError, Stop
from game.engine.rules import as_rules
from game.plainout import Parser
from game.workers import pool_size, worker_pool

from . import BOT_LEVELS, bot_levels, bot_stream, list_problem, make_bot
from .base import Bot

# A round that runs this long is stopped and ranked as if it ended there (``capped_result``):
# bots never stall the engine, but under some house rules two bots can trade the same few
# cards for ever.
ACTION_CAP = 3000
# The longest a hard bot may think per decision (a decision takes 0.3 s at the table).
MAX_BUDGET = 600.0
MAX_ITERATIONS = 100_000  # a search this long already takes about a minute a decision
# The longest line a results file may hold: a game's record, with the decision times of at
# most ``ACTION_CAP`` actions (about 25 characters each), is far shorter.
MAX_RECORD_CHARS = 1 << 22
_Z95 = 1.959963984540054


def wilson(wins: int, n: int, z: float = _Z95) -> tuple[float, float]:
    """The Wilson score interval for ``wins`` successes out of ``n``."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def seat_levels(bots: Sequence[str], seats: int, game_index: int) -> list[str]:
    """The bot level at each seat in game ``game_index``: the bot list cycled over the seats,
    then rotated by ``game_index % seats``. Play passes to the next seat, so rotating alone
    would keep who plays after whom: with three different levels or more (``a,b,c``), ``b``
    would always take ``a``'s attacks. Where the list read backwards is not one of its own
    rotations, every other deal is therefore played with it backwards (``c,b,a``), so the
    result does not depend on the order the levels were given in. (A lineup such as
    ``hard,medium,medium,medium``, or any of two seats, is its own reverse up to rotation,
    and is played as before.)"""
    base = [bots[i % len(bots)] for i in range(seats)]
    if _sits_both_ways(bots, seats) and (game_index // seats) % 2 == 1:
        base = base[::-1]
    rot = game_index % seats
    return [base[(s + rot) % seats] for s in range(seats)]


def _sits_both_ways(bots: Sequence[str], seats: int) -> bool:
    """Whether the lineup read backwards is a seating of its own, not one of its rotations:
    then every other deal seats it backwards (``seat_levels``)."""
    base = [bots[i % len(bots)] for i in range(seats)]
    backwards = base[::-1]
    return not any(backwards == base[k:] + base[:k] for k in range(seats))


def _make(level: str, iterations: int | None, budget: float) -> Bot:
    if level == "hard":
        return make_bot(level, time_budget=budget, iterations=iterations)
    return make_bot(level)


def _own_stream(seed: int, deal_seed: int) -> random.Random:
    """A bot's stream ``random.Random(seed)``, unless that is the stream the round is dealt
    from (Python seeds a stream by the number's size, sign aside): a bot handed it could
    replay the deal. Only ``--seed 0``'s first round comes to that; every other seed's
    rounds keep the streams they always had, so earlier runs replay as they were."""
    if abs(seed) == abs(deal_seed):
        return bot_stream("tournament", seed)
    return random.Random(seed)


def play_game(
    rules: Rules,
    levels: Sequence[str],
    deal_seed: int,
    bot_seed: int,
    iterations: int | None = None,
    budget: float = 0.3,
) -> dict[str, Any]:
    """Play one round with ``levels[s]`` at seat ``s``; return places, charges and timings."""
    seats = len(levels)
    game = Game.new(rules, seats=seats, seed=deal_seed)
    bots = [_make(level, iterations, budget) for level in levels]
    rngs = [_own_stream(bot_seed * 1009 + s, deal_seed) for s in range(seats)]
    times: list[list[float]] = [[] for _ in range(seats)]
    length = 0
    while not game.over and length < ACTION_CAP:
        target = game.macau_catchable
        if target >= 0:
            # Everybody at the table may call "stop Macau" before the next action.
            for k in range(1, seats):
                s = (target + k) % seats
                if s == game.current:
                    continue
                legal = game.legal_actions(s)
                if legal and isinstance(bots[s].choose(game.view(s), legal, rngs[s]), Stop):
                    game.apply(legal[0], seat=s)
                    length += 1  # an action like any other (as one by the seat to act is)
                    break
        seat = game.current
        legal, _complete = game.legal_actions_capped(LISTING_LIMIT)
        view = game.view(seat)
        start = time.perf_counter()
        action = bots[seat].choose(view, legal, rngs[seat])
        elapsed = time.perf_counter() - start
        if len(legal) > 1:
            times[seat].append(elapsed)
        # Naming the seat makes the engine check the move itself, rather than trust an
        # object it listed: a bot's answer is checked like a person's.
        game.apply(action, seat=seat)
        length += 1
    capped = not game.over
    if capped:
        places, charges = capped_result(game, rules)
    else:
        places = list(game.places)
        charges = list(game.round_charges[-1]) if game.round_charges else [0] * seats
    return {
        "levels": list(levels),
        "places": places,
        "charges": charges,
        "length": length,
        "times": times,
        "capped": capped,
    }


def capped_result(game: Game, rules: Rules) -> tuple[list[int], list[int]]:
    """Places and charges of a round stopped at the cap, as if it ended there (RULES §4, §6).

    The seats already out keep their finishing order; the rest follow, fewest cards (or
    points, when the rules score points) first, equal ones sharing a place. Each of them is
    charged the points in hand when the rules score points.
    """
    n = len(game.hand_counts)
    scoring = rules.scoring == "points"
    points = [sum(c.points for c in game.hand(s)) for s in range(n)]
    key = points if scoring else list(game.hand_counts)
    places = [0] * n
    for i, s in enumerate(game.placings):
        places[s] = i + 1
    holders = sorted((s for s in range(n) if not places[s]), key=lambda s: (key[s], s))
    base = n - len(holders)
    for i, s in enumerate(holders):
        if i and key[s] == key[holders[i - 1]]:
            places[s] = places[holders[i - 1]]
        else:
            places[s] = base + i + 1
    charges = [points[s] if scoring and s in holders else 0 for s in range(n)]
    return places, charges


def _run_chunk(
    job: tuple[str, str, int, list[str], list[int], int, int | None, float],
) -> list[dict[str, Any]]:
    preset, rules_text, seats, bots, indices, seed, iterations, budget = job
    rules = Rules.from_text(rules_text) if rules_text else PRESETS[preset]
    results = []
    for i in indices:
        deal_seed = seed * 1_000_003 + i // seats
        levels = seat_levels(bots, seats, i)
        result = play_game(rules, levels, deal_seed, seed * 7919 + i, iterations, budget)
        result["game"] = i
        results.append(result)
    return results


def check_tournament(
    preset: str,
    seats: int,
    bots: Sequence[str],
    games: int,
    seed: int,
    jobs: int,
    iterations: int | None,
    budget: float,
    rules: Rules | None = None,
    shard: tuple[int, int] | None = None,
) -> Rules:
    """The rules a tournament would play, or ``ValueError`` saying what is wrong with its
    arguments (``run_tournament`` checks them so before any game is played)."""
    if not bots:
        raise ValueError("no bots: give at least one level, for example --bots hard,medium")
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    if seed < 0:
        raise ValueError(
            f"seed must be a whole number from 0 up, not {seed} (it would repeat deals)"
        )
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs}")
    if iterations is not None and not 1 <= iterations <= MAX_ITERATIONS:
        raise ValueError(
            f"iterations must be from 1 to {MAX_ITERATIONS:,} (about a minute a decision), "
            f"not {iterations}"
        )
    if not (math.isfinite(budget) and 0 < budget <= MAX_BUDGET):
        raise ValueError(
            f"budget must be a number of seconds above 0 and at most {MAX_BUDGET:g}, not {budget}"
        )
    for level in bots:
        if level not in BOT_LEVELS:
            raise ValueError(f"unknown bot level {level!r}; known levels: {', '.join(BOT_LEVELS)}")
        # Imported here, once, so every worker process inherits the same code; the hard
        # bot built as the games will build it, so an option it refuses stops the run now.
        make_bot(
            level, **({"time_budget": budget, "iterations": iterations} if level == "hard" else {})
        )
    the_rules = rules if rules is not None else as_rules(preset)  # (RulesError if unknown)
    the_rules.check_seats(seats)
    if len(bots) > seats:
        fix = (
            f"give --seats {len(bots)} or fewer levels"
            if len(bots) <= the_rules.max_seats
            else f"{the_rules.name} seats at most {the_rules.max_seats}: give at most "
            f"{the_rules.max_seats} levels"
        )
        raise ValueError(f"{len(bots)} bot levels for {seats} seats: {fix}")
    if shard is not None and not (shard[1] >= 1 and 0 <= shard[0] < shard[1]):
        raise ValueError(f"shard {shard[0]}/{shard[1]}: want K/N with 0 <= K < N")
    # Counted, never listed: a mistyped --games 10000000000 must not fill the memory.
    if shard is not None and not _games_in_shard(games, seats, shard):
        deals = -(-games // seats)
        raise ValueError(
            f"shard {shard[0]}/{shard[1]} holds no deal of {games} games "
            f"({deals} deal{'s' if deals != 1 else ''} of {seats} games): "
            "play more games or use fewer shards"
        )
    return the_rules


def run_tournament(
    preset: str = "polish",
    seats: int = 2,
    bots: Sequence[str] = ("medium", "easy"),
    games: int = 100,
    seed: int = 1,
    jobs: int = 1,
    iterations: int | None = None,
    budget: float = 0.3,
    rules: Rules | None = None,
    shard: tuple[int, int] | None = None,
    results_path: str | Path | None = None,
) -> dict[str, Any]:
    """Run a tournament and return its summary (the same fields ``--json`` writes).

    ``shard=(k, n)`` plays only the deals numbered k modulo n. With ``results_path`` every
    finished game is appended to that file, the games it already holds are not played again,
    and the summary covers every game of this tournament (and shard) the file holds.
    """
    the_rules = check_tournament(
        preset, seats, bots, games, seed, jobs, iterations, budget, rules, shard
    )
    rules_text = the_rules.to_text() if rules is not None else ""
    started = time.perf_counter()
    header = {
        "preset": the_rules.name,
        "rules": rules_text,
        "seats": seats,
        "bots": list(bots),
        "seed": seed,
        "iterations": iterations,
        "budget": budget,
    }
    # Game numbers are counted and listed as they are played, never held in a list: a
    # mistyped --games 10000000000 must start playing, not fill the memory first.
    in_shard = _games_in_shard(games, seats, shard)
    results: list[dict[str, Any]] = []
    recorded: dict[int, dict[str, Any]] = {}
    sink: TextIO | None = None
    if results_path is not None:
        path = Path(results_path)
        # Appending (never truncating), and held by this run alone: a second run given the
        # same file is refused rather than writing over the lines of the first.
        try:
            sink = path.open("a", encoding="utf-8")
        except OSError as exc:  # (checked before, but root may pass a check a write fails)
            raise type(exc)(f"cannot keep results in {path}: {exc.strerror or exc}") from exc
        try:
            _hold(sink, path)
            fresh = path.stat().st_size == 0
            recorded = {} if fresh else read_results(path, header, repair=True)[1]
        except BaseException:
            sink.close()
            raise
        recorded = {
            i: game for i, game in recorded.items() if i < games and _in_shard(i, seats, shard)
        }
        results = list(recorded.values())
        if fresh:
            sink.write(json.dumps({"tournament": header}) + "\n")
        elif not _ends_a_line(path):
            # Stopped right before its last line's newline: that game is whole, and the
            # next must not be written onto its line.
            sink.write("\n")
        # How many games this run was asked for: a merge then knows the games that were
        # never played, even the last ones (a shard left out, a run stopped halfway).
        sink.write(json.dumps({"run": {"games": games}}) + "\n")
        sink.flush()
    # Chunks keep a whole rotation of a deal together; small enough to balance the workers.
    per_chunk = seats * max(1, 8 // seats)
    chunks = -(-(in_shard - len(recorded)) // per_chunk)
    wanted = _unplayed(games, seats, shard, recorded)
    jobs_list = (
        (preset, rules_text, seats, list(bots), chunk, seed, iterations, budget)
        for chunk in iter(lambda: list(itertools.islice(wanted, per_chunk)), [])
    )
    try:
        if jobs <= 1 or chunks <= 1:
            for job in jobs_list:
                _keep(_run_chunk(job), results, sink)
        else:
            processes = pool_size(jobs, chunks)
            with worker_pool(processes) as pool:
                # A few chunks queued per worker, no more: Pool.imap would queue them all.
                queued: deque[AsyncResult[list[dict[str, Any]]]] = deque()
                for job in jobs_list:
                    queued.append(pool.apply_async(_run_chunk, (job,)))
                    if len(queued) >= 4 * processes:
                        _keep(queued.popleft().get(), results, sink)
                while queued:
                    _keep(queued.popleft().get(), results, sink)
    finally:
        if sink is not None:
            sink.close()
    results.sort(key=lambda r: int(r["game"]))
    summary = summarise(results, the_rules, seats, bots)
    summary.update(
        {
            "preset": the_rules.name,
            "rules": rules_text,
            "seats": seats,
            "bots": list(bots),
            "games": games,
            "seed": seed,
            "jobs": jobs,
            "iterations": iterations,
            "budget": budget,
            "elapsed_s": round(time.perf_counter() - started, 2),
        }
    )
    if shard is not None:
        summary["shard"] = f"{shard[0]}/{shard[1]}"
    return summary


def _in_shard(game: int, seats: int, shard: tuple[int, int] | None) -> bool:
    """Whether game number ``game`` is one of the shard's (every game is, without shards)."""
    return shard is None or (game // seats) % shard[1] == shard[0]


def _games_in_shard(games: int, seats: int, shard: tuple[int, int] | None) -> int:
    """How many of games ``0 … games-1`` the shard plays, counted without listing them."""
    if shard is None:
        return games
    k, n = shard
    deals = -(-games // seats)  # the last one short when games is not a multiple of seats
    mine = max(0, -(-(deals - k) // n))  # deals k, k+n, k+2n, … below ``deals``
    short = (seats - games % seats) % seats
    return mine * seats - (short if mine and (deals - 1) % n == k else 0)


def _unplayed(
    games: int, seats: int, shard: tuple[int, int] | None, done: dict[int, Any]
) -> Iterator[int]:
    """The shard's game numbers below ``games`` that ``done`` does not hold, in order."""
    k, n = shard if shard is not None else (0, 1)
    for deal in range(k, -(-games // seats), n):
        for game in range(deal * seats, min((deal + 1) * seats, games)):
            if game not in done:
                yield game


def _ends_a_line(path: Path) -> bool:
    """Whether the file ends with a newline (or is empty)."""
    with path.open("rb") as fh:
        if fh.seek(0, 2) == 0:
            return True
        fh.seek(-1, 2)
        return fh.read(1) == b"\n"


def _keep(part: list[dict[str, Any]], results: list[dict[str, Any]], sink: TextIO | None) -> None:
    """Add finished games to ``results`` and, if recording, to the results file at once."""
    results.extend(part)
    if sink is not None:
        for res in part:
            sink.write(json.dumps(res) + "\n")
        sink.flush()


def _hold(sink: TextIO, path: Path) -> None:
    """Lock a results file for this run (where the system has advisory locks); ``ValueError``
    if another run holds it."""
    try:
        import fcntl
    except ImportError:  # Windows: one run per file is up to the user there
        return
    try:
        fcntl.flock(sink.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise ValueError(
            f"{path} is in use by another tournament run: give each run its own results file"
        ) from None


def read_results(
    path: Path, header: dict[str, Any] | None = None, repair: bool = False
) -> tuple[dict[str, Any], dict[int, dict[str, Any]]]:
    """The tournament a results file belongs to, and the games it records by game number.

    Raises ``ValueError`` as ``_read_results`` does."""
    first, games, _ = _read_results(path, header, repair)
    return first, games


def _read_results(
    path: Path, header: dict[str, Any] | None = None, repair: bool = False
) -> tuple[dict[str, Any], dict[int, dict[str, Any]], int]:
    """The tournament a results file belongs to, the games it records by game number, and
    the games the last run writing to it was asked for (0 if written before runs said so:
    a run resumed with another --games, a mistyped one stopped at once too, sets it anew).

    Raises ``ValueError`` when the file is not a results file, belongs to a different
    tournament than ``header`` (if given), or is damaged other than in its last line. A last
    line cut short (the run was killed while writing it, or is writing it now) is skipped;
    with ``repair`` it is also removed from the file, so that the game is played again.
    """
    lines: list[str] = []
    try:
        with path.open(encoding="utf-8") as fh:
            # Line by line, each no longer than a game's record can be: a file that is no
            # results file at all (a device that never ends, a huge log) is not read whole.
            while line := fh.readline(MAX_RECORD_CHARS + 1):
                if len(line) > MAX_RECORD_CHARS:
                    raise ValueError(
                        f"{path}, line {len(lines) + 1}: too long for a game record; "
                        "not a tournament results file"
                    )
                lines.append(line.removesuffix("\n"))
    except UnicodeDecodeError:
        raise ValueError(f"{path}: not a tournament results file (not text)") from None
    except IsADirectoryError:
        raise ValueError(f"{path} is a folder, not a results file") from None
    if not lines:
        raise ValueError(f"{path}: empty, not a tournament results file")
    records: list[dict[str, Any]] = []
    cut_short = False  # a last line cut short: removed (with ``repair``) once the file is ours
    for n, line in enumerate(lines):
        try:
            record = json.loads(line)
        except (json.JSONDecodeError, RecursionError):  # (nested too deep to read: damaged)
            if n == len(lines) - 1 and n > 0:
                cut_short = True
                break
            raise ValueError(f"{path}, line {n + 1}: not valid JSON") from None
        if not isinstance(record, dict):
            raise ValueError(f"{path}, line {n + 1}: not a tournament record")
        records.append(record)
    first = records[0].get("tournament")
    if not isinstance(first, dict):
        raise ValueError(f"{path}: no tournament header on its first line")
    _check_header(first, path)
    differ = _differences(first, header) if header is not None else []
    if differ:
        raise ValueError(
            f"{path} holds a different tournament ({', '.join(differ)} "
            f"{'differs' if len(differ) == 1 else 'differ'}); "
            "use another results file"
        )
    games: dict[int, dict[str, Any]] = {}
    asked = 0
    for n, record in enumerate(records[1:], start=2):
        if "run" in record:
            run = record["run"]
            count = run.get("games") if isinstance(run, dict) else None
            if not isinstance(count, int) or isinstance(count, bool) or count < 1:
                raise ValueError(f"{path}, line {n}: a run line with no count of games")
            asked = count
            continue
        problem = _game_problem(record, first)
        if problem:
            raise ValueError(f"{path}, line {n}: not a game record of this tournament ({problem})")
        games.setdefault(record["game"], record)
    if cut_short and repair:  # only now known to be this tournament's file
        path.write_text("".join(x + "\n" for x in lines[:-1]), encoding="utf-8")
    return first, games, asked


def _check_header(header: dict[str, Any], path: Path) -> None:
    """``ValueError`` naming what is wrong with a results file's tournament header."""
    expected: dict[str, Any] = {
        "preset": str,
        "rules": str,
        "seats": int,
        "bots": list,
        "seed": int,
        "iterations": (int, type(None)),
        "budget": (int, float),
    }
    for key, kind in expected.items():
        if key not in header:
            raise ValueError(f"{path}: the tournament header lacks {key!r}")
        if not isinstance(header[key], kind) or isinstance(header[key], bool):
            raise ValueError(f"{path}: the tournament header's {key!r} is {header[key]!r}")
    if not header["rules"] and header["preset"] not in PRESETS:
        raise ValueError(f"{path}: the tournament header names no known preset or rules")
    try:
        rules = Rules.from_text(header["rules"]) if header["rules"] else PRESETS[header["preset"]]
    except ValueError as exc:
        raise ValueError(f"{path}: the tournament header's rules cannot be used: {exc}") from None
    bots = header["bots"]
    if not bots or any(level not in BOT_LEVELS for level in bots):
        raise ValueError(f"{path}: the tournament header's bots are {bots!r}")
    # Only what no version of the game ever wrote is refused: earlier versions took more bot
    # levels than seats, and wider iteration counts and budgets than a run takes now.
    if not rules.min_seats <= header["seats"] <= rules.max_seats:
        raise ValueError(f"{path}: the tournament header's seats are {header['seats']}")
    iterations, budget = header["iterations"], header["budget"]
    if iterations is not None and iterations < 1:
        raise ValueError(f"{path}: the tournament header's iterations are {iterations}")
    try:
        usable = math.isfinite(budget) and budget > 0
    except OverflowError:  # a whole number too large for a float: no run wrote that
        usable = False
    if not usable:
        shown = str(budget) if len(str(budget)) <= 20 else "a number too large"
        raise ValueError(f"{path}: the tournament header's budget is {shown}")


def _game_problem(record: dict[str, Any], header: dict[str, Any]) -> str:
    """What is wrong with one game line of a results file, or "" (``play_game``'s fields)."""
    seats = header["seats"]
    game = record.get("game")
    if not isinstance(game, int) or isinstance(game, bool) or game < 0:
        return "no game number"

    def per_seat(key: str, ok: Any) -> bool:
        value = record.get(key)
        return isinstance(value, list) and len(value) == seats and all(ok(x) for x in value)

    def whole(x: Any) -> bool:  # (none of them below 0)
        return isinstance(x, int) and not isinstance(x, bool) and x >= 0

    def number(x: Any) -> bool:  # a time: seconds, finite and not below 0
        return isinstance(x, (int, float)) and not isinstance(x, bool) and 0 <= x < math.inf

    if not per_seat("levels", lambda x: x in header["bots"]):
        return "its bots are not this tournament's"
    if _sits_both_ways(header["bots"], seats) and record["levels"] != seat_levels(
        header["bots"], seats, record["game"]
    ):
        # Written before three levels or more sat both ways round: mixed with games seated
        # now, the figures would be of neither seating.
        return "its seats are in the order of an earlier version, which sat them one way round"
    if not per_seat("places", lambda x: whole(x) and 1 <= x <= seats):
        return f"it needs a place from 1 to {seats} for each seat"
    if not per_seat("charges", whole):
        return "it needs the points charged to each seat"
    if not per_seat("times", lambda x: isinstance(x, list) and all(number(t) for t in x)):
        return "it needs each seat's decision times"
    if not whole(record.get("length")) or not isinstance(record.get("capped"), bool):
        return "it needs its length and whether it was capped"
    return ""


def _differences(first: dict[str, Any], header: dict[str, Any]) -> list[str]:
    """The header fields in which two tournaments differ. With a fixed iteration count the
    hard bot's time budget is never used, so runs that differ only in it are one tournament."""
    keys = set(first) | set(header)
    if first.get("iterations") is not None and header.get("iterations") is not None:
        keys.discard("budget")
    return sorted(k for k in keys if first.get(k) != header.get(k))


def merge_results(paths: Iterable[str | Path]) -> dict[str, Any]:
    """One summary of the games recorded in several results files of one tournament (its
    shards, or runs resumed into different files); a game recorded twice counts once."""
    header: dict[str, Any] | None = None
    games: dict[int, dict[str, Any]] = {}
    asked = 0
    for raw in paths:
        path = Path(raw)
        if not path.exists():
            raise ValueError(f"{path}: no such results file")
        header, recorded, count = _read_results(path, header)
        asked = max(asked, count)
        for i, record in recorded.items():
            # A file's games from its last run's count on are no part of it, as that run's
            # own summary leaves them out (a file of an earlier version has no count).
            if not count or i < count:
                games.setdefault(i, record)
    if header is None:
        raise ValueError("no results files given")
    _check_whole(games, asked)
    rules = Rules.from_text(header["rules"]) if header["rules"] else PRESETS[header["preset"]]
    results = [games[i] for i in sorted(games)]
    summary = summarise(results, rules, header["seats"], header["bots"])
    summary.update({k: header[k] for k in ("preset", "rules", "seats", "bots", "seed")})
    same = PRESETS.get(header["preset"])
    if header["rules"] and same is not None and same.fingerprint != rules.fingerprint:
        # Merged figures of a changed set under a preset's name never pass for the preset's
        # (the results files keep the rules, not the options the command line set).
        summary["preset"] = f"{header['preset']} (custom)"
    elif not summary["preset"]:
        summary["preset"] = "custom rules"
    summary.update(
        {
            "games": len(results),
            "jobs": None,
            "iterations": header["iterations"],
            "budget": header["budget"],
            "elapsed_s": None,
        }
    )
    return summary


def _check_whole(games: dict[int, Any], asked: int = 0) -> None:
    """``ValueError`` unless ``games`` are one whole tournament, numbered 0 to n-1 where
    n is at least ``asked``, the games the runs were last asked for: merged files of shards of
    another split, a shard left out or a run stopped halfway would summarise a sample that
    is no tournament, and look like a finished one."""
    if not games:
        raise ValueError("the results files hold no game yet: nothing to summarise")
    top = max(max(games), asked - 1)
    missing = top + 1 - len(games)
    if missing:
        gaps = (i for i in range(top + 1) if i not in games)
        shown = ", ".join(str(i) for i in itertools.islice(gaps, 6))
        shown += ", …" if missing > 6 else ""
        raise ValueError(
            f"the tournament has games 0 to {top} but {missing} of them "
            f"{'is' if missing == 1 else 'are'} missing from the results files ({shown}): "
            "a shard's file was left out, the files split the tournament differently, or a "
            "run stopped halfway; "
            "run the same command again with its --results file to finish it, then merge "
            "every shard's file"
        )


def summarise(
    results: Sequence[dict[str, Any]], rules: Rules, seats: int, bots: Sequence[str]
) -> dict[str, Any]:
    """Per-level win rates (Wilson 95%), places, points and decision times."""
    points = rules.scoring == "points"
    per: dict[str, dict[str, Any]] = {}
    for level in dict.fromkeys(bots):
        per[level] = {"seat_games": 0, "wins": 0, "place_sum": 0, "points_sum": 0, "times": []}
    for res in results:
        for s, level in enumerate(res["levels"]):
            row = per[level]
            row["seat_games"] += 1
            row["wins"] += res["places"][s] == 1
            row["place_sum"] += res["places"][s]
            row["points_sum"] += res["charges"][s]
            row["times"].extend(res["times"][s])
    out: dict[str, Any] = {}
    for level, row in per.items():
        n = row["seat_games"]
        low, high = wilson(row["wins"], n)
        times_ms = sorted(t * 1000.0 for t in row["times"])
        out[level] = {
            "seat_games": n,
            "wins": row["wins"],
            "win_rate": row["wins"] / n if n else 0.0,
            "win_ci95": [round(low, 4), round(high, 4)],
            "avg_place": row["place_sum"] / n if n else 0.0,
            "avg_points_per_round": (row["points_sum"] / n if n else 0.0) if points else None,
            "decisions": len(times_ms),
            "decision_ms_median": round(statistics.median(times_ms), 3) if times_ms else 0.0,
            "decision_ms_p95": round(_percentile(times_ms, 0.95), 3) if times_ms else 0.0,
        }
    lengths = [res["length"] for res in results]
    return {
        "per_bot": out,
        "avg_game_length": statistics.fmean(lengths) if lengths else 0.0,
        "capped_games": sum(1 for res in results if res["capped"]),
        "played": len(results),
    }


def _percentile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of already sorted values (nearest rank)."""
    k = max(0, min(len(sorted_values) - 1, math.ceil(q * len(sorted_values)) - 1))
    return sorted_values[k]


def format_summary(summary: dict[str, Any]) -> str:
    """The summary as a small text table."""
    lines = [
        f"{summary['preset']}, {summary['seats']} seats, bots {','.join(summary['bots'])}, "
        f"{summary['played']} game{'s' if summary['played'] != 1 else ''}, seed {summary['seed']}"
        + (f", shard {summary['shard']}" if "shard" in summary else "")
        + (
            f", hard iterations {summary['iterations']}"
            if "hard" in summary["bots"] and summary["iterations"]
            else ""
        )
        + (
            f", hard budget {summary['budget']} s"
            if "hard" in summary["bots"] and not summary["iterations"]
            else ""
        ),
        f"{'bot':8} {'seat-games':>10} {'win rate':>9} {'95% CI':>15} {'avg place':>9} "
        f"{'pts/round':>9} {'ms median':>9} {'ms p95':>8}",
    ]
    for level, row in summary["per_bot"].items():
        # From the counts, not from the JSON's four decimals: rounded twice, the last
        # digit shown could be off by one.
        low, high = wilson(row["wins"], row["seat_games"])
        pts = row["avg_points_per_round"]
        lines.append(
            f"{level:8} {row['seat_games']:>10} {row['win_rate']:>9.1%} "
            f"{f'{low:.1%}-{high:.1%}':>15} {row['avg_place']:>9.2f} "
            f"{'-' if pts is None else f'{pts:.1f}':>9} "
            f"{row['decision_ms_median']:>9.2f} {row['decision_ms_p95']:>8.2f}"
        )
    took = summary["elapsed_s"]
    lines.append(
        f"average game length {summary['avg_game_length']:.1f} actions; "
        f"{summary['capped_games']} capped" + ("" if took is None else f"; {took} s")
    )
    return "\n".join(lines)


def cli_main(argv: list[str]) -> int:
    """``python main.py tournament …``: run, print the table, optionally write JSON."""
    from game.cli import _add_rules_options, _seed, _whole, told_rules

    p = Parser(
        prog="macau tournament",
        description=__doc__.splitlines()[0],
        epilog="Each game is one deal; a game depends only on the seed and its number. "
        "Stop a long run with Ctrl-C and run the same command again: with --results it goes "
        "on where it stopped.",
    )
    p.add_argument("--preset", default=None, help=f"one of {', '.join(PRESETS)} (default polish)")
    p.add_argument(
        "--seats",
        type=_whole,
        default=None,
        help="seats at each table (default 2; for a custom rule set that seats no two, its usual "
        "count)",
    )
    p.add_argument(
        "--bots",
        default=None,
        help=f"comma-separated levels ({', '.join(BOT_LEVELS)}), cycled over the seats "
        "(default medium,easy)",
    )
    p.add_argument("--games", type=_whole, default=None, help="games to play (default 200)")
    p.add_argument("--seed", type=_seed, default=None, help="which deals (default 1)")
    p.add_argument(
        "--jobs",
        type=_whole,
        default=1,
        help="games played in parallel (default 1; at most four per core)",
    )
    p.add_argument(
        "--iterations",
        type=_whole,
        default=None,
        help="hard: a fixed number of iterations a decision",
    )
    p.add_argument(
        "--budget", type=float, default=None, help="hard: seconds a decision (default 0.3)"
    )
    p.add_argument(
        "--json",
        nargs="?",
        const="-",
        default=None,
        metavar="PATH",
        help="print the results as JSON, or write them to PATH ('-' or no PATH: stdout)",
    )
    p.add_argument(
        "--results",
        default=None,
        metavar="PATH",
        help="append each finished game to PATH and skip the games it holds (resume)",
    )
    p.add_argument(
        "--shard", default=None, metavar="K/N", help="play only the deals numbered K modulo N"
    )
    _add_rules_options(p, "play a custom rule set (rules text form) instead of a preset")
    p.add_argument(
        "--merge",
        nargs="+",
        default=None,
        metavar="PATH",
        help="summarise these results files as one tournament instead of playing",
    )
    args = p.parse_args(argv)
    problem = _arguments_problem(args)
    if problem:
        print(f"macau tournament: {problem}", file=sys.stderr)
        return 2
    preset = args.preset or "polish"
    games = 200 if args.games is None else args.games
    given = "medium,easy" if args.bots is None else args.bots
    problem = list_problem(given)
    if problem:
        print(f"macau tournament: {problem}", file=sys.stderr)
        return 2
    bots = bot_levels(given)
    custom: Rules | None = None
    if args.rules_file is not None or args.set:
        try:
            custom, told = told_rules(preset, args.rules_file, args.set, p.prog)
        except (OSError, UnicodeDecodeError, RulesError) as exc:
            print(f"macau tournament: cannot use these rules: {exc}", file=sys.stderr)
            return 2
        same = PRESETS.get(custom.name)
        if same is not None and same.fingerprint == custom.fingerprint:
            preset, custom = custom.name, None  # a preset's own rules, by file: that preset
    rules = PRESETS[preset] if custom is None else custom
    # Two seats unless asked, or where a custom set seats no two: as many as it usually has.
    seats = args.seats
    if seats is None:
        seats = 2 if rules.min_seats <= 2 <= rules.max_seats else rules.default_seats
    seed = 1 if args.seed is None else args.seed
    budget = 0.3 if args.budget is None else args.budget
    plan = (preset, seats, bots, games, seed, args.jobs, args.iterations, budget)
    shard = None
    if not args.merge:
        try:
            shard = _parse_shard(args.shard) if args.shard else None
            check_tournament(*plan, custom, shard)
        except ValueError as exc:
            print(f"macau tournament: {exc}", file=sys.stderr)
            return 2
        if games % seats:
            print(
                f"macau tournament: note: {games} game{'s' if games != 1 else ''} is not a "
                f"multiple of {seats} seats, so the last deal is not played from every seat",
                file=sys.stderr,
            )
        elif games % (2 * seats) and _sits_both_ways(bots, seats):
            print(
                f"macau tournament: note: {games} games is not a multiple of {2 * seats}, so the "
                "levels sit one way round on one deal more than the other way",
                file=sys.stderr,
            )
    try:
        if args.merge:
            summary = merge_results(args.merge)
        else:
            summary = run_tournament(*plan, rules=custom, shard=shard, results_path=args.results)
            if custom is not None:
                # Told as simulate tells it ("polish with skip_rank=Q"); the results file
                # keeps the rules as they are, so shards and resumes match by the rules alone.
                summary["preset"] = told
    except (ValueError, OSError) as exc:
        print(f"macau tournament: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        kept = (
            f"; the games finished so far are in {args.results}: run the same command again "
            "to go on"
            if args.results
            else ""
        )
        print(f"\nmacau tournament: stopped{kept}", file=sys.stderr)
        return 130
    if args.json == "-":
        print(json.dumps(summary, indent=2))
        return 0
    print(format_summary(summary))
    if args.json:
        try:
            with open(args.json, "w", encoding="utf-8") as fh:
                json.dump(summary, fh, indent=2)
        except OSError as exc:
            # The games are played: print the JSON rather than lose it.
            print(
                f"macau tournament: cannot write JSON to {args.json}: {exc.strerror or exc}; "
                "it follows on the standard output",
                file=sys.stderr,
            )
            print(json.dumps(summary, indent=2))
            return 1
    return 0


def _arguments_problem(args: argparse.Namespace) -> str:
    """What is wrong with the command line before any game is played, or ""."""
    if args.merge:
        given = [
            f"--{name}"
            for name in ("preset", "seats", "bots", "games", "seed", "iterations", "budget")
            if getattr(args, name) is not None
        ]
        given += [
            flag
            for flag, value in (
                ("--shard", args.shard),
                ("--results", args.results),
                ("--rules-file", args.rules_file),
                ("--set", args.set or None),
            )
            if value is not None
        ]
        if given:
            return (
                f"--merge reads the tournament from its results files: leave out {', '.join(given)}"
            )
    elif args.rules_file is not None and args.preset is not None:
        return "--rules-file plays its own rule set: leave out --preset"
    elif args.preset is not None and args.preset not in PRESETS:
        return f"unknown preset {args.preset!r}; choose from {', '.join(PRESETS)}"
    if args.json is not None and args.json != "-":
        if not args.json.strip():
            return "--json needs a file name, or - for the screen"
        problem = _unwritable(Path(args.json))
        if problem:
            return f"cannot write JSON to {args.json}: {problem}"
    if args.results is not None:
        if not args.results.strip():
            return "--results needs a file name"
        problem = _unwritable(Path(args.results))
        if problem:
            return f"cannot keep results in {args.results}: {problem}"
    if args.json is not None and args.json != "-":
        kept = [("the results file", args.results)] + [
            ("the results file", path) for path in args.merge or []
        ]
        for what, path in kept:
            if path is not None and _same_file(Path(args.json), Path(path)):
                return f"--json {args.json} would write over {what} {path}: give it another name"
    return ""


def _same_file(a: Path, b: Path) -> bool:
    """Whether ``a`` and ``b`` name one file (a link to it too), existing or not."""
    try:
        return a.resolve() == b.resolve() or (a.exists() and b.exists() and a.samefile(b))
    except (OSError, RuntimeError):  # (a loop of links: not one file to write anyway)
        return False


def _unwritable(path: Path) -> str:
    """Why a file could not be written at ``path`` (checked before hours of games), or ""."""
    if path.is_dir():
        return "it is a folder"
    folder = path.parent
    if not folder.is_dir():
        if folder.exists():
            return f"{folder} is a file, not a folder"
        return f"there is no folder {folder}"
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        return "permission denied"
    return ""


def _parse_shard(text: str) -> tuple[int, int]:
    """``"K/N"`` as ``(K, N)``; ``ValueError`` naming the expected form otherwise."""
    k, sep, n = text.partition("/")
    if not sep or not k.strip().isdigit() or not n.strip().isdigit():
        raise ValueError(f"shard {text!r}: want K/N, for example 0/4")
    return int(k), int(n)

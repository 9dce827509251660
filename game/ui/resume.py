"""The saved table: what ``MatchTable`` writes after every action and how Continue rebuilds it.

A snapshot holds the engine state (``Game.to_dict``), the setup (names, people and bot
levels, rules), the seat whose view is at the bottom, the random streams of the table and
of every bot (so a resumed bot plays on as it would have), and the match's round history.
The store wraps it in a versioned, atomically written envelope.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.engine import Game
from game.store.files import set_aside
from game.store.paths import StoreUnavailable, where
from game.store.saves import SAVE_NAME, load_game
from game.store.settings import Settings
from game.ui.setup import TableSetup

if TYPE_CHECKING:
    from game.ui.matchtable import MatchTable

__all__ = ["SNAPSHOT_KIND", "SavedGame", "describe", "read_saved_game", "restore", "snapshot"]

SNAPSHOT_KIND = "macau-table"
SNAPSHOT_VERSION = 1


def _rng_state(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def _set_rng(rng: random.Random, state: Any) -> None:
    if isinstance(state, list) and len(state) == 3 and isinstance(state[1], list):
        rng.setstate((state[0], tuple(state[1]), state[2]))
    else:
        raise ValueError("a random stream in the save is damaged")


def snapshot(table: MatchTable) -> dict[str, Any]:
    """Everything needed to resume ``table`` exactly, as JSON-ready data."""
    return {
        "kind": SNAPSHOT_KIND,
        "version": SNAPSHOT_VERSION,
        "setup": table.setup.to_dict(),
        "game": table.game.to_dict(),
        "viewer": table.viewer,
        "rng": _rng_state(table.rng),
        "match_rng": _rng_state(table.match_rng),
        "bots": {str(s): _rng_state(bot.rng) for s, bot in table.bots.items()},
        "rounds": table.rounds,
        "started_at": table.started_at,
        "log": list(table.director.log),  # public lines only: the table's game log
    }


def restore(data: dict[str, Any], settings: Settings | None = None) -> MatchTable:
    """A table exactly where ``snapshot`` left it; ValueError when the data does not fit.

    A save taken between two rounds of a match resumes with the next round's deal.
    """
    from game.ui.matchtable import MatchTable

    if data.get("kind") != SNAPSHOT_KIND or not isinstance(data.get("version"), int):
        raise ValueError("this is not a saved table")
    if data["version"] > SNAPSHOT_VERSION:
        raise ValueError("the saved game was made by a newer version of Macau")
    try:
        setup = TableSetup.from_dict(data["setup"])
        game = Game.from_dict(data["game"])
    except (KeyError, TypeError) as exc:
        raise ValueError(f"the saved game is incomplete ({exc})") from exc
    if game.seats != len(setup.seats):
        raise ValueError("the saved game and its seats do not match")
    between_rounds = game.over and not game.match_over and game.rules.scoring == "points"
    if between_rounds:
        game.next_round()  # its events are shown as the deal
    table = MatchTable(setup, game, settings=settings, deal=between_rounds)
    _set_rng(table.rng, data.get("rng"))
    _set_rng(table.match_rng, data.get("match_rng"))
    bots = data.get("bots", {})
    if not isinstance(bots, dict):
        raise ValueError("the saved bots are damaged")
    for key, state in bots.items():
        seat = int(key)
        if seat in table.bots:
            _set_rng(table.bots[seat].rng, state)
    viewer = data.get("viewer", 0)
    if isinstance(viewer, int) and 0 <= viewer < game.seats:
        table.director.viewer = viewer
    rounds = data.get("rounds", [])
    table.rounds = [r for r in rounds if isinstance(r, dict)] if isinstance(rounds, list) else []
    started = data.get("started_at")
    table.started_at = float(started) if isinstance(started, int | float) else time.time()
    table.recorded = game.over
    log = data.get("log", [])
    if isinstance(log, list):  # an older save has none; a damaged one loses only its log
        table.director.log.extend(line for line in log if isinstance(line, str))
    if between_rounds:
        table.started_at = time.time()
    else:
        table.director.note_resumed()
    return table


@dataclass(frozen=True)
class SavedGame:
    """What the menu knows about the save: the data, a line to show, or a problem."""

    data: dict[str, Any] | None
    problem: str | None = None
    saved_at: float | None = None


def read_saved_game() -> SavedGame:
    """Load the save and check it can be resumed; an unusable save is set aside."""
    loaded = load_game()
    if loaded.data is None:
        return SavedGame(None, loaded.problem)
    try:
        TableSetup.from_dict(loaded.data["setup"])
        Game.from_dict(loaded.data["game"])
        if loaded.data.get("kind") != SNAPSHOT_KIND:
            raise ValueError("not a saved table")
    except Exception:  # anything unreadable is treated the same: kept aside, not resumed
        return SavedGame(None, _set_aside_save())
    return SavedGame(loaded.data, None, loaded.saved_at)


def _set_aside_save() -> str:
    try:
        moved = set_aside(where("state") / SAVE_NAME, "corrupt", keep_suffix=True)
    except (StoreUnavailable, OSError):
        return "The saved game could not be read, so it cannot be continued."
    return f"The saved game could not be read and was kept aside as {moved.name}."


def describe(saved: SavedGame) -> str:
    """One line for the Continue button: rules, round, players and when it was saved."""
    if saved.data is None:
        return ""
    try:
        setup = TableSetup.from_dict(saved.data["setup"])
        game_round = int(saved.data["game"].get("round_no", 1))
    except (KeyError, TypeError, ValueError, AttributeError):
        return ""
    parts = [setup.title()]
    if game_round > 1:
        parts.append(f"round {game_round}")
    if saved.saved_at is not None:
        parts.append(_ago(time.time() - saved.saved_at))
    return " · ".join(parts)


def _ago(seconds: float) -> str:
    if seconds < 90:
        return "saved just now"
    if seconds < 3600:
        return f"saved {round(seconds / 60)} minutes ago"
    if seconds < 86400 * 2:
        hours = round(seconds / 3600)
        return f"saved {hours} hour{'s' if hours != 1 else ''} ago"
    return f"saved {round(seconds / 86400)} days ago"

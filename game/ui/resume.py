"""The saved table: what ``MatchTable`` writes after every action and how Continue rebuilds it.

A snapshot holds the engine state (``Game.to_dict``), the setup (names, people and bot
levels, rules), the seat whose view is at the bottom, the random streams of the table and
of every bot and what a bot has decided for its round (so a resumed bot plays on as it
would have), and the match's round history.
The store wraps it in a versioned, atomically written envelope.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import random
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.engine import Card, Game, Rules, RulesError
from game.engine.serial import FORMAT_VERSION
from game.store.files import set_aside
from game.store.lock import ANOTHER_COPY, owns_saved_game
from game.store.paths import StoreUnavailable, where
from game.store.saves import NEWER_SAVE, SAVE_NAME, load_game, sane_time, save_game
from game.store.settings import Settings
from game.ui.setup import TableSetup, duplicate_name, label_held, person_named_like_a_bot

if TYPE_CHECKING:
    from game.ui.matchtable import MatchTable

__all__ = [
    "SNAPSHOT_KIND",
    "NewerSave",
    "SavedGame",
    "behind_the_statistics",
    "describe",
    "only_between_rounds",
    "played_seconds",
    "read_saved_game",
    "rename_saved_seats",
    "restore",
    "saved_setup",
    "set_aside_behind",
    "set_aside_save",
    "snapshot",
]

SNAPSHOT_KIND = "macau-table"
SNAPSHOT_VERSION = 1


class NewerSave(ValueError):
    """The snapshot, or the engine state in it, was written by a newer version of Macau: it
    is not damaged, and that version can still resume it."""


def _rng_state(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def _rng_tuple(state: Any) -> tuple[Any, ...]:
    """A saved random stream as ``random.setstate`` takes it; ValueError if it is damaged.

    The state is tried on a spare generator, so a damaged one (a negative or huge word, a
    float, the wrong length) is found while reading the save, not when Continue is pressed.
    """
    if not (isinstance(state, list) and len(state) == 3 and isinstance(state[1], list)):
        raise ValueError("a random stream in the save is damaged")
    gauss = state[2]
    if gauss is not None and not (
        isinstance(gauss, float) and math.isfinite(gauss) and abs(gauss) < 1e6
    ):
        raise ValueError("a random stream in the save is damaged")
    if not all(isinstance(word, int) and not isinstance(word, bool) for word in state[1]):
        raise ValueError("a random stream in the save is damaged")
    parsed = (state[0], tuple(state[1]), gauss)
    try:
        random.Random().setstate(parsed)
    except (ValueError, TypeError, OverflowError) as exc:
        raise ValueError("a random stream in the save is damaged") from exc
    return parsed


@dataclass(frozen=True)
class _Parsed:
    """Everything ``restore`` takes from a snapshot, already checked."""

    setup: TableSetup
    game: Game
    rng: tuple[Any, ...]
    match_rng: tuple[Any, ...]
    bots: dict[int, tuple[Any, ...]]
    bot_memory: dict[int, dict[str, Any]]
    viewer: int | None
    rounds: list[dict[str, Any]]
    started_at: float | None
    log: list[str]
    hand_order: list[Card] | None
    arrangements: dict[int, tuple[str, list[Card]]]
    round_key: str | None
    played_s: float | None
    match_key: str | None
    match_started_at: float | None
    out_after: dict[int, float]
    save_id: str  # (``_identity``: a digest for a save written without one)


def _parse(data: Any) -> _Parsed:
    """Check a snapshot field by field; ValueError with a reason when it cannot be resumed."""
    if not isinstance(data, dict):
        raise ValueError("this is not a saved table")
    if data.get("kind") != SNAPSHOT_KIND or not isinstance(data.get("version"), int):
        raise ValueError("this is not a saved table")
    engine_version = data["game"].get("version") if isinstance(data.get("game"), dict) else None
    if data["version"] > SNAPSHOT_VERSION or (
        isinstance(engine_version, int)
        and not isinstance(engine_version, bool)
        and engine_version > FORMAT_VERSION
    ):
        raise NewerSave("the saved game was made by a newer version of Macau")
    try:
        setup = TableSetup.from_dict(data["setup"])
        engine_data = data["game"]
        # The engine builds every seat before it checks one: a damaged seat count of a
        # billion would exhaust memory, so it must match the setup first.
        if not isinstance(engine_data, dict) or engine_data.get("n") != len(setup.seats):
            raise ValueError("the saved game and its seats do not match")
        game = Game.from_dict(engine_data)
    except (KeyError, TypeError, AttributeError, IndexError, OverflowError) as exc:
        raise ValueError(f"the saved game is incomplete ({exc})") from exc
    if game.seats != len(setup.seats):
        raise ValueError("the saved game and its seats do not match")
    # As Start refuses them: two seats of one name would be recorded as one profile twice
    # in a round, and a person named like a bot level's profile could not be recorded.
    clash = duplicate_name(setup.names)
    if clash is not None:
        raise ValueError(f"two seats of the saved game are called {clash}")
    if person_named_like_a_bot(setup.seats) is not None:
        raise ValueError("a person in the saved game is named like a bot level")
    # A rule set changed or deleted since the deal no longer names these rules: the table
    # and its rounds go on as unnamed custom rules, as a new table would be.
    setup = label_held(setup, game.rules)
    bots = data.get("bots", {})
    if not isinstance(bots, dict):
        raise ValueError("the saved bots are damaged")
    bot_states: dict[int, tuple[Any, ...]] = {}
    for key, state in bots.items():
        try:
            seat = int(key)
        except ValueError as exc:
            raise ValueError("the saved bots are damaged") from exc
        bot_states[seat] = _rng_tuple(state)
    # An older save has no bot memory, and a damaged one loses only that: the bot decides
    # afresh, as a new round.
    memory = data.get("bot_memory", {})
    bot_memory: dict[int, dict[str, Any]] = {}
    for key, value in memory.items() if isinstance(memory, dict) else ():
        if isinstance(value, dict) and str(key).isascii() and str(key).isdigit():
            bot_memory[int(key)] = value
    viewer = data.get("viewer", 0)
    order = data.get("hand_order")
    try:  # a hand sorted as the settings say has none; a damaged one is sorted so
        hand_order = [Card.parse(code) for code in order] if isinstance(order, list) else None
    except (ValueError, TypeError, AttributeError):
        hand_order = None
    arrangements = _arrangements(data.get("arrangements"), game.seats)
    key = data.get("round_key")
    match_key = data.get("match_key")
    log = data.get("log", [])
    return _Parsed(
        setup=setup,
        game=game,
        rng=_rng_tuple(data.get("rng")),
        match_rng=_rng_tuple(data.get("match_rng")),
        bots=bot_states,
        bot_memory=bot_memory,
        viewer=viewer
        if isinstance(viewer, int) and not isinstance(viewer, bool) and 0 <= viewer < game.seats
        else None,
        rounds=_rounds(data.get("rounds", []), game.seats),
        started_at=sane_time(data.get("started_at")),
        # an older save has no log; a damaged one loses only its log
        log=[line for line in log if isinstance(line, str)] if isinstance(log, list) else [],
        hand_order=hand_order,
        arrangements=arrangements,
        # an older save has none: its round gets a new key when continued
        round_key=key if isinstance(key, str) and 0 < len(key) <= 64 else None,
        played_s=played_seconds(data),
        # an older save has none: its match is recorded from the round after it is continued
        match_key=match_key if isinstance(match_key, str) and 0 < len(match_key) <= 64 else None,
        match_started_at=sane_time(data.get("match_started_at")),
        out_after=_out_after(data.get("out_after"), game),
        save_id=_identity(data),
    )


def _identity(data: dict[str, Any]) -> str:
    """What names the save ``data`` in the statistics' marks (``GameRecord.stale_save``):
    the id it was written with, or for a save without one (an older version's) a digest of
    what it holds."""
    given = data.get("save_id")
    if isinstance(given, str) and 0 < len(given) <= 64:
        return given
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, default=str)
    return "digest-" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def _restore_moment(table: MatchTable, data: dict[str, Any], before: int) -> None:
    """What the round in play had in hand besides the game (an older or damaged save has
    none, and loses only that): the requests the log will name as they end, how far each
    person had read the log, a Macau call made, the bots' catch already declined, and the
    round being finished at once."""
    asked = data.get("log_asked")
    if isinstance(asked, dict):
        table.director.words.asked.update(
            {k: v for k, v in asked.items() if k in ("rank", "suit") and isinstance(v, str)}
        )
    read = data.get("log_read")
    lines = len(table.director.log)
    for key, value in read.items() if isinstance(read, dict) else ():
        if (
            isinstance(key, str)
            and key.isascii()
            and key.isdigit()
            and 0 <= int(key) < table.game.seats
            and _whole(value, 0, lines)
        ):
            table.log_read[int(key)] = before + value
    if data.get("macau_called") is True:
        if table.pass_and_play:
            table.call_kept = table.viewer  # given back when that person's hand is shown
        else:
            table.macau_on = table.macau_button.on = True  # (dropped if it no longer fits)
    if data.get("catch_decided") is True and table.game.macau_catchable >= 0:
        table.catch_checked = table.version
    if data.get("hurrying") is True:
        table.on_hurry()  # (only while every person is out, as the button)


def _out_after(value: Any, game: Game) -> dict[int, float]:
    """When each seat out went out, on the round's clock; an older or damaged save has none
    (its winner's time is then the round's length, as before those times were kept)."""
    if not isinstance(value, dict):
        return {}
    out: dict[int, float] = {}
    for key, seconds in value.items():
        seat = int(key) if isinstance(key, str) and key.isdigit() else -1
        if (
            seat in game.placings
            and isinstance(seconds, (int, float))
            and not isinstance(seconds, bool)
            and 0.0 <= seconds < 1e9
        ):
            out[seat] = float(seconds)
    return out


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _rounds(rounds: Any, seats: int) -> list[dict[str, Any]]:
    """The match's finished rounds, as the scoreboard reads them: each a place for every seat
    (0 for none) and the points each was charged (none in a game without points).

    ValueError when damaged: edited by hand, they would be accepted here and stop the game
    later, when the scoreboard is opened."""
    if not isinstance(rounds, list):
        raise ValueError("the saved rounds are damaged")
    checked: list[dict[str, Any]] = []
    for record in rounds:
        if not isinstance(record, dict):
            raise ValueError("the saved rounds are damaged")
        places, charges = record.get("places"), record.get("charges", [])
        if not (
            isinstance(places, list)
            and len(places) == seats
            and all(_whole(p, 0, seats) for p in places)
            and isinstance(charges, list)
            and len(charges) in (0, seats)
            and all(_whole(c, 0, 10**9) for c in charges)
        ):
            raise ValueError("the saved rounds are damaged")
        checked.append({"places": list(places), "charges": list(charges)})
    return checked


def played_seconds(data: dict[str, Any]) -> float | None:
    """How long the saved round had been played when it was saved; None for an older save
    (which kept only when the round started) or a damaged value."""
    value = data.get("played_s")
    if not isinstance(value, int | float) or isinstance(value, bool):
        return None
    seconds = float(value)
    return seconds if math.isfinite(seconds) and 0 <= seconds <= 366 * 86400 else None


def _bot_rng(table: MatchTable, seat: int) -> random.Random:
    """The random stream of the bot at ``seat`` to save: as its decision began while it is
    still thinking (the game saved is the position before its move), else its own."""
    before = table.state_before(seat)
    if before is None:
        return table.bots[seat].rng
    rng = random.Random()
    rng.setstate(before[0])
    return rng


def _bot_memory(table: MatchTable, seat: int) -> dict[str, Any] | None:
    """What the bot at ``seat`` keeps between decisions, as its decision began while it is
    still thinking, else as it is (``BotPlayer.memory``)."""
    before = table.state_before(seat)
    if before is None:
        return table.bots[seat].memory()
    return dict(before[1]) if isinstance(before[1], dict) else None


def snapshot(table: MatchTable) -> dict[str, Any]:
    """Everything needed to resume ``table`` exactly, as JSON-ready data."""
    shown = table.director.words_when_shown()  # with the move still being shown
    read_to = dict(table.log_read)
    d = table.director
    if table.pass_and_play and d.reveal:
        # The person at the screen has read the log as shown so far, and their own move's
        # lines, even those still being shown: their hand-off after Continue tells only what
        # came since (a bot's catch still being shown among it).
        read_to[table.viewer] = max(d.log_dropped + len(d.log), table.own_move_read)
    return {
        "kind": SNAPSHOT_KIND,
        "version": SNAPSHOT_VERSION,
        "setup": table.setup.to_dict(),
        "game": table.game.to_dict(),
        "viewer": table.viewer,
        "rng": _rng_state(table.rng),
        "match_rng": _rng_state(table.match_rng),
        "bots": {str(s): _rng_state(_bot_rng(table, s)) for s in table.bots},
        "bot_memory": {
            str(s): memory
            for s, memory in ((s, _bot_memory(table, s)) for s in table.bots)
            if memory is not None
        },
        "rounds": table.rounds,
        "started_at": table.started_at,
        # The round's clock stops while the game is closed: Continue goes on from here.
        "played_s": max(0.0, time.time() - table.started_at),
        "round_key": table.round_key,
        "match_key": table.match_key,
        "match_started_at": table.match_started_at,
        # When the seats already out went out, for the winner's time in the statistics.
        "out_after": {str(s): t for s, t in table.out_after.items() if t is not None},
        # Public lines only: the table's game log, with the lines of a move still being shown,
        # and how many of its oldest lines it had let go.
        "log": list(shown.lines),
        "log_dropped": shown.lines.dropped,
        # What the log's words of a request's end name (a request made before the save).
        "log_asked": dict(shown.asked),
        # Pass-and-play: how far into the saved log each person had read when their turn
        # ended (the hand-off's "Since your last turn").
        "log_read": {
            str(seat): max(0, read - shown.lines.dropped) for seat, read in read_to.items()
        },
        # Macau! pressed before the card that leaves one is laid: the call stays made.
        "macau_called": table.macau_on,
        # "Finish the round" pressed: the bots go on finishing it at once after Continue.
        "hurrying": table.hurrying,
        # The bots have had their chance to catch the forgotten call in force: Continue
        # gives them no second one (their streams have moved on since).
        "catch_decided": table.game.macau_catchable >= 0 and table.catch_checked == table.version,
        # The top card's serial on the pile (its cards lie where they lay: ``pile_offset``).
        "pile_laid": table.director.top_serial_when_shown(),
        # The order of your hand when you arranged it yourself (a sorted hand sorts again).
        "hand_order": [hc.card.code for hc in table.hand.cards]
        if table.hand.sort_mode == "none"
        else None,
        # Pass-and-play: how each of the others left their hand when they passed the screen,
        # and the sort of the person at it (their own order is ``hand_order``).
        "arrangements": {
            **{
                str(seat): [card.code for card in order] if mode == "none" else mode
                for seat, (mode, order) in table.arrangements.items()
                if seat != table.viewer
            },
            **(
                {
                    str(table.viewer): [hc.card.code for hc in table.hand.cards]
                    if table.hand.sort_mode == "none"
                    else table.hand.sort_mode
                }
                if table.pass_and_play
                else {}
            ),
        },
    }


def _arrangements(saved: Any, seats: int) -> dict[int, tuple[str, list[Card]]]:
    """Pass-and-play: how the people not at the screen left their hands (``"suit"``,
    ``"rank"`` or their own order of the cards). An older save has none, and a damaged entry
    is dropped: that hand is sorted as the settings say."""
    found: dict[int, tuple[str, list[Card]]] = {}
    for key, value in saved.items() if isinstance(saved, dict) else ():
        if not (isinstance(key, str) and key.isascii() and key.isdigit()):
            continue
        seat = int(key)
        if not 0 <= seat < seats:
            continue
        if value in ("suit", "rank"):
            found[seat] = (value, [])
        elif isinstance(value, list):
            try:
                found[seat] = ("none", [Card.parse(code) for code in value])
            except (ValueError, TypeError, AttributeError):
                continue
    return found


def _between_rounds(game: Game) -> bool:
    """True for a table saved on a round's board, a match's or one of single rounds:
    Continue deals the next round."""
    return game.over and not game.match_over


def only_between_rounds(saved: SavedGame) -> bool:
    """Whether ``saved`` is a table of single rounds left on its round board: every round
    it played is recorded, so a new table takes its place without a question."""
    if saved.data is None:
        return False
    try:
        game = Game.from_dict(saved.data["game"])
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError):
        return False
    return _between_rounds(game) and game.rules.scoring != "points"


def restore(data: dict[str, Any], settings: Settings | None = None) -> MatchTable:
    """A table exactly where ``snapshot`` left it; ValueError when the data does not fit.

    A save taken between two rounds of a match resumes with the next round's deal.
    """
    from game.ui.matchtable import MatchTable, sorts_kept

    parsed = _parse(data)
    game = parsed.game
    between_rounds = _between_rounds(game)
    if between_rounds:
        game.next_round()  # its events are shown as the deal
    table = MatchTable(parsed.setup, game, settings=settings, deal=between_rounds)
    table.rng.setstate(parsed.rng)
    table.match_rng.setstate(parsed.match_rng)
    for seat, state in parsed.bots.items():
        if seat in table.bots:
            table.bots[seat].rng.setstate(state)
    for seat, memory in parsed.bot_memory.items():
        recall = getattr(table.bots[seat].bot, "recall", None) if seat in table.bots else None
        if callable(recall):
            with contextlib.suppress(ValueError):  # damaged: the bot decides afresh
                recall(memory)
    if parsed.viewer is not None:
        table.director.viewer = parsed.viewer
    if parsed.hand_order is not None and not between_rounds:
        table.arrange_hand(parsed.hand_order)
    arrangements = sorts_kept(parsed.arrangements) if between_rounds else parsed.arrangements
    table.arrangements.update(arrangements)
    own = arrangements.get(table.viewer)
    if own is not None and own[0] != "none" and parsed.hand_order is None:
        table.sort_hand(own[0])  # the sort the person at the screen left, not the setting's
    elif own is not None and own[0] == "none" and parsed.hand_order is None:
        table.arrange_hand(own[1])  # their own order, as they left it mid-round
    table.rounds = parsed.rounds
    if parsed.played_s is not None:
        # Only the time played counts, not the hours (or days) the game was closed.
        table.started_at = time.time() - parsed.played_s
    else:
        table.started_at = parsed.started_at if parsed.started_at is not None else time.time()
    table.recorded = game.over
    dropped = data.get("log_dropped")
    if isinstance(dropped, int) and _whole(dropped, 0, 1 << 40):
        # The oldest lines the log had let go before the save: still counted, and told.
        table.director.words.lines.dropped += dropped
    before = table.director.log_dropped + len(table.director.log)
    table.director.log.extend(parsed.log)
    if not between_rounds:
        _restore_moment(table, data, before)
    laid = data.get("pile_laid")
    if not between_rounds and isinstance(laid, int) and _whole(laid, len(game.pile), 1 << 20):
        table.director.model.laid = laid  # (an older or damaged save: counted anew)
    table.saved_id = parsed.save_id  # the save on the disk, until this table writes anew
    if parsed.match_key is not None:
        table.match_key = parsed.match_key  # the same match: one record, however it ends
    if parsed.match_started_at is not None:
        table.match_started_at = parsed.match_started_at
    if parsed.round_key is not None and not between_rounds:
        table.round_key = parsed.round_key  # the same round: recorded once, however it ends
        table.out_after.update(parsed.out_after)
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
    # A save a newer version of Macau wrote, left in place for it: this version cannot
    # continue it, and a new table asks before it takes its place.
    newer: bool = False
    # A save that is there but could not be read (no permission), left in place: a new
    # table asks first, then keeps it under another name rather than write over it.
    unreadable: bool = False
    # A damaged save found (and set aside): the points match it held cannot go on.
    damaged: bool = False


def read_saved_game() -> SavedGame:
    """Load the save and check it can be resumed; an unusable save is set aside, and one
    made by a newer version of Macau is left in place (``newer``).

    The save of another copy of the game running at the same time is left alone: it is
    that copy's live round."""
    if not owns_saved_game():
        return SavedGame(None, ANOTHER_COPY)
    loaded = load_game()
    if loaded.data is None:
        damaged = loaded.problem is not None and not (loaded.newer or loaded.unreadable)
        return SavedGame(
            None,
            loaded.problem,
            newer=loaded.newer,
            unreadable=loaded.unreadable,
            damaged=damaged,
        )
    data = _as_custom_if_the_preset_changed(loaded.data)
    try:
        _parse(data)  # the same checks restore makes, so Continue is only offered
    except NewerSave:
        # Not damaged: left where the version that wrote it looks for it, as a save whose
        # envelope is newer is.
        return SavedGame(None, NEWER_SAVE, loaded.saved_at, newer=True)
    except Exception:  # anything unreadable is treated the same: kept aside, not resumed
        return SavedGame(None, set_aside_save(), damaged=True)
    return SavedGame(data, None, loaded.saved_at)


def _as_custom_if_the_preset_changed(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` of a game saved on a preset whose rules have changed since (a later version
    of the game changed the preset) as a game on custom rules started from that preset: the
    round goes on with the rules it was dealt with, and it is neither shown nor recorded as
    the preset it no longer is, as rules dealt before a saved rule set was changed are
    recorded as custom. A new game deals the preset as it is now. Anything else (damaged
    data too, which ``_parse`` reports) is returned as it is."""
    try:
        setup, engine = data["setup"], data["game"]
        if setup.get("rules_text") is not None:
            return data  # custom rules: they are what they say
        setup_rules = TableSetup.from_dict(setup).rules()
        saved = Rules.from_text(engine["rules"])
    except (KeyError, TypeError, AttributeError, ValueError, RulesError):
        return data
    if saved.fingerprint == setup_rules.fingerprint:
        return data
    text = saved.replace(name="custom").to_text()
    custom = {**setup, "preset": "custom", "rules_text": text, "rules_base": setup_rules.name}
    return {**data, "setup": custom, "game": {**engine, "rules": text}}


def saved_setup(saved: SavedGame) -> TableSetup | None:
    """Who sits where in the saved game (None when nothing is saved)."""
    if saved.data is None:
        return None
    try:
        return TableSetup.from_dict(saved.data["setup"])
    except (KeyError, TypeError, ValueError):  # read_saved_game checked it: not expected
        return None


def rename_saved_seats(saved: SavedGame, names: Sequence[str]) -> None:
    """Write the saved game again with its seats called ``names``, in seat order; all the
    rest stays as it was, when it was saved included. The seats' later rounds and their
    match are recorded under the names they sit under, so a renamed profile reaches them
    here. StoreUnavailable or OSError when the save cannot be written."""
    if saved.data is None:
        return
    setup = saved.data["setup"]
    seats = [{**seat, "name": name} for seat, name in zip(setup["seats"], names, strict=True)]
    renamed = [
        (str(seat.get("name", "")), name, bool(seat.get("level")))
        for seat, name in zip(setup["seats"], names, strict=True)
        if seat.get("name") != name
    ]
    log = saved.data.get("log")
    # The same game under new names: the same save to the statistics' marks.
    data = {**saved.data, "setup": {**setup, "seats": seats}, "save_id": _identity(saved.data)}
    if renamed and isinstance(log, list):
        lines = [line for line in log if isinstance(line, str)]
        at_table = [str(seat.get("name", "")) for seat in setup["seats"]]
        data["log"] = renamed_log(lines, renamed, at_table)
    save_game(data, saved_at=saved.saved_at)


RENAMED = "Renamed: "  # how the log's line telling the renames begins

# Words the log itself says, in any letter case (its moves, counts, cards and headings): a
# seat with one in its name is not renamed in the lines ("Ben laid 5♥ — Macau!", "Round 2",
# "the red joker" would change too), nor one with a digit or a sign in it; the closing line
# tells the rename.
_LOG_TEXT = """a add added adds after again an and are as asked asks at attack blocked by called
    cancel cannot card cards caught count deal deals dealt done draw drawn draws drew each
    else every extra face faces for forgiven free from go goes hand has have how if in into
    is it its joker jokers keep keeps laid lapse lapses left longer macau make match may miss
    missed misses move name named names new no nothing now of on once one or other out over
    owe owes own pack pass passes penalty pile place played red black request resumed round
    seat shuffled sit sits skips stack start stock stop stopped suit that the their then
    this to took total turn turns waiting went were which without you your spades hearts
    diamonds clubs ace aces king kings queen queens jack jacks two three four five six seven
    eight nine ten twos threes fours fives sixes sevens eights nines tens"""
_LOG_WORDS = frozenset(_LOG_TEXT.split())


def _spoken(name: str) -> bool:
    """Whether ``name`` reads only as a name in the log: letters alone (a space, a hyphen or
    an apostrophe between), none of them a word the log says."""
    letters = all(ch.isalpha() or ch in " -'" for ch in name)
    return letters and not any(word.casefold() in _LOG_WORDS for word in name.split())


def renamed_log(
    lines: list[str], renamed: Sequence[tuple[str, str, bool]], names: Sequence[str] = ()
) -> list[str]:
    """The saved game's log with each seat ``(old, new, is_bot)`` renamed called by its new
    name, and a line that tells who was renamed: a person renamed to a bot's name moves that
    bot to another, and the log must not then give the person the bot's moves. Names are
    replaced as whole words, all at once (Anna → Ben and Ben → Cleo do not chain), and every
    name at the table (``names``, the seats' names before) is read whole first, so "Anna
    Maria" is not taken for Anna. Lines that told earlier renames stay as they were. A seat
    called "You" is told in the second person ("You owe", "you owe"), which no other name
    reads in, and one called as the log's own words read ("Macau", "5") would change them
    too: lines naming either are left as they were and the closing line tells the rename."""
    plain = {o: n for o, n, _ in renamed if o and "You" not in (o, n) and _spoken(o)}
    if plain:
        whole = {name: name for name in names if name} | plain
        listed = "|".join(re.escape(name) for name in sorted(whole, key=len, reverse=True))
        # (Not inside a word, nor a card's rank: a seat called A is not the A of A♥.)
        pattern = re.compile(rf"(?<![\w♠♥♦♣])(?:{listed})(?![\w♠♥♦♣])")
        lines = [
            line if line.startswith(RENAMED) else pattern.sub(lambda m: whole[m.group(0)], line)
            for line in lines
        ]
    told = [
        f"{'the bot ' if bot else ''}{old} {'are' if old == 'You' else 'is'} called {new} now"
        for old, new, bot in renamed
        if old
    ]
    if told:
        lines = [*lines, f"{RENAMED}{'; '.join(told)}."]
    return lines


def set_aside_save() -> str:
    """Move the saved game out of the way (never delete it); the sentence to show."""
    try:
        moved = set_aside(where("state") / SAVE_NAME, "corrupt", keep_suffix=True)
    except (StoreUnavailable, OSError):
        return "The saved game could not be read, so it cannot be continued."
    return f"The saved game could not be read and was kept aside as {moved.name}."


def behind_the_statistics(saved: SavedGame) -> str:
    """Why the saved game cannot go on, where the statistics have recorded rounds played
    after it, or "". A save that could not be written while the statistics could (its
    folder read-only or full, the other not) stays where it was last written; going on
    from there would deal rounds already recorded again, and count them twice. The table
    marks the rounds it records while its saves fail with the id of its last save
    (``GameRecord.stale_save``), so such a save is known whatever its rules.

    A points match is also checked by its rounds (for a save written before the mark): one
    round ahead is the round in play recorded as it ended, the game stopped before the save
    that follows: Continue replays its last move, and the round is recorded once
    (``round_key``). A save on a round's board deals the next round under a new key, so
    there the statistics may not be a round ahead."""
    if saved.data is None:
        return ""
    try:
        parsed = _parse(saved.data)
    except Exception:  # (Continue then tells the save cannot be read)
        return ""
    from game.store.db import recorded_match, save_left_behind

    told = "The saved game could not be kept up to date: the statistics hold"
    passed = save_left_behind(parsed.save_id) is True
    key, game = parsed.match_key, parsed.game
    if key is None or game.rules.scoring != "points":
        if not passed:
            return ""
        return (
            f"{told} rounds played on after it was saved. Going on from the save would play "
            "them again and count them twice"
        )
    found = recorded_match(key)
    if found is None:  # the statistics cannot be read now: the save goes on as it is
        return ""
    recorded, status = found
    kept = len(game.round_charges)
    between = _between_rounds(game)
    if not passed and recorded <= (kept if between else kept + 1):
        return ""
    at = game.round_no + 1 if between else game.round_no
    stops = f"stops earlier, in round {at}" if passed else f"stops at round {at}"
    rounds = f"{recorded} round{'' if recorded == 1 else 's'}"
    if status == "finished":
        return (
            f"{told} its match played to the end in {rounds}, while the save {stops}. The "
            "result stands: going on from the save would count those rounds twice"
        )
    return (
        f"{told} {rounds} of its match, while the save {stops}. Going on from there would "
        "count those rounds twice, so the match is recorded as given up with them"
    )


def set_aside_behind(reason: str) -> str:
    """Move a save that is ``behind_the_statistics`` out of the way; the sentence to show."""
    try:
        moved = set_aside(where("state") / SAVE_NAME, "behind", keep_suffix=True)
    except (StoreUnavailable, OSError):
        return f"{reason}."
    return f"{reason}, and the save was kept aside as {moved.name}."


def describe(saved: SavedGame) -> str:
    """One line for the Continue button: rules, round, players and when it was saved. A
    match saved between two rounds names the round Continue deals."""
    if saved.data is None:
        return ""
    try:
        setup = TableSetup.from_dict(saved.data["setup"])
        game = Game.from_dict(saved.data["game"])
    except (KeyError, TypeError, ValueError, AttributeError):
        return ""
    game_round = game.round_no + 1 if _between_rounds(game) else game.round_no
    parts = [label_held(setup, game.rules).title()]
    if game_round > 1:
        parts.append(f"round {game_round}")
    if saved.saved_at is not None:
        parts.append(_ago(time.time() - saved.saved_at))
    return " · ".join(parts)


def _ago(seconds: float) -> str:
    if not math.isfinite(seconds) or seconds < 90:
        return "saved just now"
    if seconds < 3600:
        return f"saved {round(seconds / 60)} minutes ago"
    if seconds < 86400 * 2:
        hours = round(seconds / 3600)
        return f"saved {hours} hour{'s' if hours != 1 else ''} ago"
    return f"saved {round(seconds / 86400)} days ago"

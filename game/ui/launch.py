"""Starting a match from a setup, and the settings every menu screen shares.

The app's ``settings`` are the source of truth while it runs; screens read and replace
them here, and every change is written to disk at once so it survives a crash. A screen
is built before it is pushed, so before it has an app of its own: it reads the settings
of the app whose window is open (``app_opened``), as it will once pushed.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import random
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.engine import Game
from game.store.lock import ANOTHER_COPY, owns_saved_game
from game.store.paths import StoreUnavailable
from game.store.saves import keep_unreadable_save
from game.store.settings import Settings
from game.ui import theme
from game.ui.botplayer import BotPlayer
from game.ui.confirm import ConfirmDialog
from game.ui.controls import fit_apart
from game.ui.matchtable import MatchTable, new_match_key
from game.ui.resume import SavedGame, describe, only_between_rounds, read_saved_game
from game.ui.scene import Scene, SceneStack
from game.ui.setup import TableSetup, as_spoken, label_held
from game.ui.table import all_people_out, bots_finish_round

if TYPE_CHECKING:
    from game.ui.app import App

__all__ = [
    "LOCK_EVERY",
    "OtherCopyWatch",
    "app_closed",
    "app_opened",
    "change_settings",
    "every_person_out",
    "finish_recording",
    "played_out",
    "record_abandoned_save",
    "record_left_game",
    "replace_question",
    "replacing_words",
    "settings_of",
    "start_match",
    "start_match_asking",
]

log = logging.getLogger(__name__)

# The app whose window is open: the screens built for it read its settings.
_running: list[App] = []
# Used when a screen runs without an app (tests drive bare scene stacks).
_fallback: list[Settings] = []
# Saved rounds the bots are playing out to be recorded, on threads of their own.
_recording: list[threading.Thread] = []


def app_opened(app: App) -> None:
    """``app`` runs the window now: a screen not yet pushed reads and changes its settings."""
    _running[:] = [app]


def app_closed(app: App) -> None:
    """``app`` no longer runs the window. A screen without an app then reads the settings
    from disk again, where every change was kept, not a copy from before the app ran."""
    if app in _running:
        _running.clear()
        _fallback.clear()


def _app_for(scene: Scene) -> App | None:
    # A screen is built before it is pushed onto the stack it will run on: until then it
    # belongs to the app whose window is open. One on a stack without an app has none.
    if scene.stack is not None:
        return scene.stack.app
    return _running[0] if _running else None


def settings_of(scene: Scene) -> Settings:
    """The settings in force for ``scene``."""
    app = _app_for(scene)
    if app is not None:
        return app.settings
    if not _fallback:
        _fallback.append(Settings.load().settings)
    return _fallback[0]


def change_settings(scene: Scene, **changes: Any) -> tuple[Settings, str]:
    """Replace some settings, keep them on disk; returns them and a problem sentence."""
    new = dataclasses.replace(settings_of(scene), **changes)
    app = _app_for(scene)
    if app is not None:
        app.settings = new
    else:
        _fallback[:] = [new]
    try:
        new.save(only=changes)  # another copy of the game may have changed the others
    except (StoreUnavailable, OSError, ValueError) as exc:
        log.warning("settings not saved: %s", exc)
        told = str(exc)
        if "until you quit" not in told:  # (a folder that cannot be written says why only)
            told = f"{told.rstrip('.')}: this change lasts until you quit."
        return new, told
    return new, ""


LOCK_EVERY = 1.5  # seconds between two looks at whether the copy keeping the save has closed


class OtherCopyWatch:
    """Notices, while a screen is shown, that another running copy of the game, which kept
    the saved game, has closed: the save is then this copy's to continue or replace.

    It tries the lock once every ``LOCK_EVERY`` seconds of frames, and does nothing on the
    frames between (no file is opened, the save is not read). The try that gets the lock
    keeps it, as the first look at the save does when the game starts."""

    def __init__(self) -> None:
        self.waited = 0.0

    def closed(self, dt: float) -> bool:
        """Count ``dt`` more seconds of waiting; True once the other copy has gone."""
        self.waited += dt
        if self.waited < LOCK_EVERY:
            return False
        self.waited = 0.0
        return owns_saved_game()


def record_abandoned_save(background: bool = False) -> None:
    """A saved game about to be replaced by a new one is recorded as abandoned.

    Its round in play is kept in the history but counts as neither a win nor a loss; a
    points match it belongs to is recorded as given up, with the totals so far, whether the
    save is halfway through a round or between two rounds. Without this a game left for the
    menu and never continued would vanish from the statistics. A round in which every
    person is already out is settled for them: the bots play it out first (``played_out``)
    and it is recorded as finished, so a win already earned counts. The save of another
    copy of the game running at the same time is not touched (``read_saved_game`` does not
    read it): that game is still being played.

    With ``background``, a round the bots must play out first (seconds at a big table of
    searching bots) is played and recorded on a thread of its own, from the save as read
    now, so the new table starts at once (``finish_recording`` waits for it).
    """
    try:
        saved = read_saved_game()
        if saved.data is None:
            return
        if background and _bots_play_it_out(saved.data):
            # Not a daemon: quitting waits for the round to be recorded.
            worker = threading.Thread(
                target=_record_quietly,
                args=(saved.data, saved.saved_at),
                name="macau-record-left",
            )
            worker.start()
            _recording.append(worker)
            return
        record_left_game(saved.data, saved.saved_at)
    except Exception:  # statistics must never stop a new game from starting
        log.exception("could not record the abandoned game")


def _bots_play_it_out(data: dict[str, Any]) -> bool:
    """Whether the saved round is one only the bots still play (``played_out``)."""
    game = Game.from_dict(data["game"])
    return every_person_out(TableSetup.from_dict(data["setup"]), game)


def _record_quietly(data: dict[str, Any], saved_at: float | None) -> None:
    try:
        record_left_game(data, saved_at)
    except Exception:  # statistics must never stop the game
        log.exception("could not record the abandoned game")


def finish_recording() -> None:
    """Wait until the saved rounds being played out on threads of their own are recorded."""
    while _recording:
        _recording.pop().join()


def record_left_game(data: dict[str, Any], saved_at: float | None) -> None:
    """Record a game left for good, from its ``snapshot`` data, as ``record_abandoned_save``
    tells: its round in play as left unfinished (or played out by the bots when only they
    are still in), a points match as given up. ``saved_at`` is when it was left. A table
    that cannot be saved for Continue (another copy of the game keeps the save) is
    recorded so as it closes, as its save would be when replaced."""
    from game.store.db import Store
    from game.ui.records import SeatInfo, record_match, record_round
    from game.ui.resume import _out_after, played_seconds

    saved_game = Game.from_dict(data["game"])
    # A rule set changed or deleted since the deal no longer names these rules.
    setup = label_held(TableSetup.from_dict(data["setup"]), saved_game.rules)
    game = saved_game
    out_after: dict[int, float] | None = None
    stopped = False
    if not saved_game.over:
        try:
            finished = played_out(data)
        except Exception:  # the round is then recorded as it was left
            log.exception("the bots could not finish the saved round")
            finished = None
        if finished is not None:
            game, out_after, stopped = finished
        else:  # left with a person still in: the seats already out keep their times
            out_after = _out_after(data.get("out_after"), saved_game)
    match_key = data.get("match_key")
    if game.rules.scoring != "points":
        match_key = None
    elif not isinstance(match_key, str):
        # A save from before matches were recorded: its match has no row yet (one made
        # after a Continue would have put its key in the save), so it gets one now, given
        # up with the totals so far, as the question before the new table says.
        match_key = new_match_key()
    if saved_game.over and match_key is None:
        return  # a finished round was recorded when it ended
    seats = [SeatInfo(s.name, not s.human, s.level or None) for s in setup.seats]
    # Left when it was last saved, after the time it had been played (an older save
    # knows only when it started).
    ended = saved_at if saved_at is not None else time.time()
    played = played_seconds(data)
    started = ended - played if played is not None else float(data.get("started_at") or ended)
    match_started = data.get("match_started_at")
    if not isinstance(match_started, int | float) or isinstance(match_started, bool):
        match_started = started
    key = data.get("round_key")
    with Store.open() as store:
        if not saved_game.over:
            # Left halfway (abandoned), or finished by the bots just now. With its key, a
            # round recorded before (when it ended, the game killed before the save that
            # follows) is not recorded again.
            record_round(
                store,
                game,
                seats,
                started,
                abandoned=not game.over,
                ended_at=ended,
                round_key=key if isinstance(key, str) else None,
                match_key=match_key,
                match_started_at=float(match_started),
                rules_label=setup.rules_label,
                out_after=out_after,
                stopped=stopped,
            )
        if game.over and match_key is not None and not game.match_over:
            # Between two rounds (the one the bots just finished, maybe): the rounds are
            # recorded, the match is given up.
            record_match(
                store,
                game,
                seats,
                match_key,
                float(match_started),
                abandoned=True,
                ended_at=ended,
            )


def every_person_out(setup: TableSetup, game: Game) -> bool:
    """True when the round is still going but every person at the table has gone out: only
    bots play on, for the places left."""
    return not game.over and all_people_out(game, setup.humans)


def played_out(data: dict[str, Any]) -> tuple[Game, dict[int, float], bool] | None:
    """The saved round (``snapshot`` data) played to its end by the table's bots, when every
    person at the table is already out, with when each seat went out on the round's clock
    and whether it had to be stopped (``bots_finish_round``); None when a person is still in
    (or the round cannot be finished).

    The bots play as they would have after Continue: with their own random streams and
    what they remembered of the round. They finish it at once, as the table does when it
    is left: the seats they take out go out when the round was saved. This takes as long as
    their decisions do, a fraction of a second for most tables (a hard bot searches for
    ``HURRIED_BUDGET`` a move here)."""
    from game.ui.resume import _parse

    parsed = _parse(data)
    game, setup = parsed.game, parsed.setup
    if not every_person_out(setup, game):
        return None
    bots: dict[int, BotPlayer] = {}
    for seat, spec in enumerate(setup.seats):
        if spec.human:
            continue
        bot = bots[seat] = BotPlayer(spec.level or "medium")
        bot.hurry()  # out of sight, before a new table can start
        if seat in parsed.bots:
            bot.rng.setstate(parsed.bots[seat])
        recall = getattr(bot.bot, "recall", None)
        if callable(recall) and seat in parsed.bot_memory:
            with contextlib.suppress(ValueError):  # damaged: the bot decides afresh
                recall(parsed.bot_memory[seat])
    out_before = set(game.placings)
    finished = bots_finish_round(game, bots)
    if not finished:
        return None
    out_after = dict(parsed.out_after)
    if parsed.played_s is not None:
        counts = game.hand_counts
        for seat in game.placings:
            # (The seats left holding cards at the end are placed, but never went out.)
            if seat not in out_before and counts[seat] == 0:
                out_after[seat] = parsed.played_s
    return game, out_after, finished == "stopped"


def replacing_words(saved: SavedGame) -> str:
    """What starting a new table does to the saved game, in a sentence for the question
    asked first: a round in play is recorded as left unfinished, unless every person at
    the table is out (the bots then play it out and it counts); a points match (halfway
    through a round or between two) is recorded as given up with its totals so far, and
    the rounds it finished stay in the history."""
    data = saved.data
    names: list[str] = []
    try:
        game = Game.from_dict(data["game"]) if data is not None else None
        setup = TableSetup.from_dict(data["setup"]) if data is not None else None
        settled = game is not None and setup is not None and every_person_out(setup, game)
        names = setup.names if setup is not None else []
    except Exception:  # a save that cannot be read says nothing about what is lost
        game, settled = None, False
    if game is None or game.rules.scoring != "points":
        if settled:
            return (
                "Only the bots are still playing it, so they first play its round to the end, "
                "and it counts as finished. Then the new table takes its place."
            )
        return "The new table takes its place, and its round is recorded as left unfinished."
    # Whose total is whose, as the scoreboard shows them: the match may be one worth keeping.
    # (A long name is cut, told apart from the others, so ten of them still fit the
    # question at the smallest window.)
    if len(names) == len(game.scores):
        spoken = [as_spoken(n) for n in names]
        room = theme.text_size("M" * 12, 18, False)[0]  # (a name's room, at a text's size)
        short = [fit_apart(n, 18, room, False, spoken) for n in spoken]
        totals = "totals: " + ", ".join(f"{n} {t}" for n, t in zip(short, game.scores, strict=True))
    else:
        totals = "totals " + " / ".join(str(t) for t in game.scores)
    if game.over:
        return (
            f"The new table takes its place: the match ({totals}) is recorded as given "
            "up, and the rounds it finished stay in your history."
        )
    if settled:
        return (
            "Only the bots are still playing it, so they first play the round in play to the "
            f"end, and it counts. Then the new table takes its place: the match ({totals} "
            "before that round) is recorded as given up unless that round ends it, and the "
            "rounds it finished stay in your history."
        )
    return (
        f"The new table takes its place: the round in play is recorded as left unfinished "
        f"and the match ({totals}) as given up; the rounds it finished stay in your "
        "history."
    )


def start_match(
    stack: SceneStack, scene: Scene, setup: TableSetup, seed: int | None = None
) -> MatchTable:
    """Remember ``setup`` as the last one, deal a fresh game on it and push its table. The
    saved game it replaces is recorded first (a round only bots still play, as they play it
    out, on a thread of its own)."""
    record_abandoned_save(background=True)
    change_settings(scene, last_setup=setup.to_dict())
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 30)
    table = MatchTable(setup, setup.new_game(seed), settings=settings_of(scene), seed=seed)
    stack.push(table)
    table.save()  # Continue works from the first deal on
    if not table.saving:
        table.say(ANOTHER_COPY, error=False, everyone=True)
    return table


def replace_question(
    saved: SavedGame, setup: TableSetup, answered: Callable[[bool | None], None]
) -> ConfirmDialog:
    """The question asked before ``setup`` takes the place of the saved game: what is saved
    and what becomes of it (a match is recorded as given up; a game a newer version of Macau
    saved is lost to that version too). True starts the new table."""
    question = f"Start {setup.title()} and replace the saved game?"
    if saved.newer:
        detail = (
            "The saved game was made by a newer version of Macau: this version cannot "
            "continue it, but that one still can. The new table takes its place."
        )
    elif saved.unreadable:
        detail = (
            "The saved game is there but could not be read, so this version cannot tell "
            "what it holds. The new table is saved in its place; the saved game is kept "
            "under another name, to continue once it can be read again."
        )
    else:
        detail = f"An unfinished game is saved ({describe(saved)}). " + replacing_words(saved)
    return ConfirmDialog(question, detail, "Start the new table", "Keep it", answered)


def start_match_asking(
    stack: SceneStack,
    scene: Scene,
    setup: TableSetup,
    seed: int | None = None,
    *,
    saved: SavedGame | None = None,
    before: Callable[[], None] | None = None,
) -> None:
    """``start_match``, once the player agrees when the new table would take the place of
    a saved game: a match of an evening must not end on one stray click, nor a game a newer
    version of Macau saved be written over unasked. Keeping the saved game changes nothing.
    ``before`` runs just before the table starts (New game closes itself there).

    Whether to ask is decided on the save as it is now, read here: what a screen read when
    it was shown (``saved``, still accepted from older callers) may be out of date. Another
    copy of the game that kept the save may have closed since, and its save would then be
    replaced by this one's new table."""
    # Another running copy's save reads as none: it is not replaced.
    saved = read_saved_game()

    def begin() -> None:
        kept = keep_unreadable_save() if saved.unreadable else ""
        if before is not None:
            before()
        table = start_match(stack, stack.top or scene, setup, seed)
        if kept:
            table.say(kept, error=False, everyone=True)

    if (saved.data is None and not saved.newer and not saved.unreadable) or only_between_rounds(
        saved
    ):
        begin()
        return

    def answered(start: bool | None) -> None:
        if start:
            begin()

    stack.push(replace_question(saved, setup, answered))

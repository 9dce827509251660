"""The table as the menus start it: a setup of people and bots, matches of rounds, saving.

``MatchTable`` is the game table plus what a whole evening needs: it saves after every
action (and when it closes), records each finished round in the statistics when that
module exists, hands the screen from one person to the next in pass-and-play, shows the
scoreboard (button at the top, key T) and ends a match on the match result screen.
"""

from __future__ import annotations

import dataclasses
import logging
import random
import re
import time
import uuid
from typing import Any

import pygame

from game.engine import Action, Card, Game, RoundOver
from game.store.background import StoreAhead
from game.store.lock import ANOTHER_COPY, owns_saved_game
from game.store.paths import StoreUnavailable
from game.store.saves import clear_saved_game, save_game
from game.store.settings import Settings
from game.ui import tabledraw
from game.ui.setup import TableSetup
from game.ui.table import TableScene
from game.ui.tween import Tween
from game.ui.widgets import Button

__all__ = ["MatchTable"]

log = logging.getLogger(__name__)
# Time between two frames beyond their step by more than this is no play: the process was
# stopped, or the computer slept (a slow frame or a window dragged takes far less).
STALL_SECONDS = 30.0
# The wall clock parting from the steady one (``time.monotonic``) by more than this between
# two frames was set, back or on: the round's clock moves with it, whatever the size.
CLOCK_SET_SECONDS = 1.0

# Said at the table when it is left with every person out, while the bots finish the round.
LEAVING_WORDS = "The bots finish the round, then back to the menu."
# The log's line that opens a round ("Round 2: Ben deals 5 cards each; 9♣ starts the pile").
ROUND_HEADING = re.compile(r"Round \d+: ")
# The line that marks where a continued round picks up: not something anyone did.
ROUND_RESUMED = re.compile(r"Round \d+ resumed")


def sorts_kept(
    arrangements: dict[int, tuple[str, list[Card]]],
) -> dict[int, tuple[str, list[Card]]]:
    """Each person's arrangement of their hand for the next round: the sort they chose, and
    no order of their own (that was of the last round's cards: the deal sorts as set)."""
    return {seat: kept for seat, kept in arrangements.items() if kept[0] != "none"}


def new_round_key() -> str:
    """A name for a round just dealt, unique among all rounds ever dealt.

    It is saved with the round and recorded with it, so the statistics store the round
    once even when it is reported twice: when the game is killed after recording a round
    but before saving, Continue replays the last move and reports the round again.
    """
    return uuid.uuid4().hex


def new_match_key() -> str:
    """A name for a points match just begun, unique among all matches ever begun.

    Saved with the table and recorded with each of the match's rounds, so the statistics
    keep one match however often it is reported: after each round, at its end, and when
    its save is given up for a new game."""
    return uuid.uuid4().hex


class MatchTable(TableScene):
    """A table built from a ``TableSetup``; saves, records, hands over and keeps score."""

    def __init__(
        self,
        setup: TableSetup,
        game: Game,
        *,
        settings: Settings | None = None,
        seed: int | None = None,
        deal: bool = True,
    ) -> None:
        self.setup = setup
        self.match_rng = random.Random(seed)
        super().__init__(
            game,
            settings=settings,
            seed=seed,
            deal=deal,
            new_game=self._fresh_game,
            names=setup.names,
            humans=setup.humans,
            seat_levels=setup.levels,
        )
        self.started_at = time.time()
        # When each seat went out, on the round's clock (None: out before this table began).
        self.out_after: dict[int, float | None] = dict.fromkeys(game.placings)
        # When (``time.time``, as ``started_at``) a screen over the table began holding the
        # game. The pause is taken off the round's clock by the time that passed, not by the
        # frames' steps: those are capped, and a long stall with the pause menu open (the
        # computer asleep) would count as time played.
        self.held_since: float | None = None
        self.frame_wall: float | None = None  # the wall clock at the last frame
        self.frame_steady: float | None = None  # ``time.monotonic`` at the last frame
        # Quit with every person out: the bots are finishing the round, then the table closes.
        self.leaving = False
        self.round_key = new_round_key()
        self.match_key = new_match_key()
        self.match_started_at = self.started_at
        self.rounds: list[dict[str, Any]] = []  # places (and charges) of each finished round
        self.recorded = game.over
        # Another copy of the game running at the same time keeps the save: writing this
        # table over it would lose that copy's round.
        self.saving = owns_saved_game()
        # Whether its rounds and matches go into the statistics (a demonstration's do not).
        self.recording = True
        self.save_problem = ""
        # The id written into this table's last save that reached the disk: while saving
        # fails, the rounds recorded name it as left behind (``GameRecord.stale_save``).
        self.saved_id: str | None = None
        self._store: Any = None
        # Opened on a thread of its own while a round is played, so the frame that ends it
        # does not wait for the file's checks (``_open_store_ahead``).
        self._store_ahead: StoreAhead | None = None
        self._ahead_round: str | None = None  # the round it was last opened (or kept) for
        self.store_problem = ""  # the statistics problem last told to the player
        self.store_toast: tuple[str, Tween] | None = None  # the message telling it
        # Pass-and-play: how each person last left their hand (a sort, or their own order
        # of the cards), given back when the screen is handed to them again.
        self.arrangements: dict[int, tuple[str, list[Card]]] = {}
        # Pass-and-play: how far each person had read the log when their turn ended (its
        # lines counted from the first ever written), for the hand-off's "since your turn".
        self.log_read: dict[int, int] = {}
        # Pass-and-play: the log's lines (counted from the first ever written) through the
        # last move the person at the screen made.
        self.own_move_read = 0
        # Pass-and-play, continued: the seat whose Macau call was made before the save, given
        # back once their hand is shown again (-1: none).
        self.call_kept = -1
        # A sort chosen in the settings while no hand was shown: for the next one shown.
        self.sort_next: str | None = None
        if self.pass_and_play:
            self.director.reveal = False  # nobody sees a hand until it is handed to them

    # --- setup -------------------------------------------------------------------------------
    @property
    def pass_and_play(self) -> bool:
        """True when two or more people share the screen."""
        return len(self.humans) >= 2

    def _fresh_game(self) -> Game:
        return self.setup.new_game(self.match_rng.randrange(1 << 30))

    def _make_buttons(self) -> None:
        super()._make_buttons()
        self.score_button = Button("Scores", self.open_scoreboard, hint="T", size=16)
        self.widgets.add(self.score_button)

    def play_area_buttons(self) -> list[Button]:
        """The Scores button, at the top of the play area."""
        return [self.score_button] if self.score_button.visible else []

    def resize(self, size: tuple[int, int]) -> None:
        """The table's layout, plus the scoreboard button at the top of the play area, whose
        box the marker of the suit or rank in force keeps clear of."""
        super().resize(size)
        self._place_score_button()
        self.layout = dataclasses.replace(self.layout, reserved=(self.score_button.rect.copy(),))
        self.director.layout = self.layout

    def _place_score_button(self) -> None:
        layout = self.layout
        left = [a.rect for a in layout.areas[1:] if a.side == "left"]
        tops = [a.rect for a in layout.areas[1:] if a.side == "top"]
        px = layout.px
        self.score_button.rescale(layout.ui)
        corner = pygame.Rect(14, 14, px(120), px(34))
        if not any(corner.colliderect(r.inflate(12, 12)) for r in left + tops):
            self.score_button.rect = corner  # the top-left corner is free at most tables
            return
        top_y = max(12, max((r.bottom for r in tops), default=0) + 10)
        # Under the top row at the left edge, when the left seats (and the words said above
        # them) leave room: clear of the top-left seat's words, which go under its box.
        edge = pygame.Rect(14, top_y, px(120), px(34))
        said = px(40)
        if not any(edge.colliderect(r.inflate(12, 12).union(r.move(0, -said))) for r in left):
            self.score_button.rect = edge
            return
        x = (max(r.right for r in left) + 14) if left else 14
        self.score_button.rect = pygame.Rect(x, top_y, px(120), px(34))

    # --- saving and recording ----------------------------------------------------------------
    @property
    def finished(self) -> bool:
        """True once nothing is left to resume: the match is over. A table of single rounds
        is kept on its round board too: Continue deals the next round, and the rounds each
        seat has won there stay on its scoreboard."""
        return self.game.match_over

    def save(self) -> None:
        """Save the game in progress, or clear the save once the game is finished.

        A move is saved as it is applied, before the next bot starts thinking, with the log
        as it will read once the move has been shown (``Director.log_when_shown``). Saved
        while a bot thinks (the window closed), its random stream and memory are saved as
        its decision began, so Continue makes the decision the game stopped in."""
        if not self.saving:
            return
        if not owns_saved_game():
            # The lock file went with the data folder (deleted while the game ran) and
            # another copy opened since took the save: this table leaves it to that one.
            self.saving = False
            self.say(ANOTHER_COPY, error=False, everyone=True)
            return
        from game.ui.resume import snapshot

        self._stop_clock_while_held()
        try:
            if self.finished:
                clear_saved_game()
                self.saved_id = None
            else:
                data = snapshot(self)
                data["save_id"] = uuid.uuid4().hex
                save_game(data)
                self.saved_id = data["save_id"]
            if self.save_problem:
                log.info("The game is saved again")
            self.save_problem = ""
        except (StoreUnavailable, OSError, ValueError) as exc:
            # The game plays on; the player hears about it once rather than every move, and
            # the log keeps each new reason (a save at closing has no screen to tell it on).
            if not self.save_problem:
                self.say(f"The game could not be saved: {exc}", everyone=True)
            if str(exc) != self.save_problem:
                log.warning("The game could not be saved: %s", exc)
            self.save_problem = str(exc)

    def hand_rearranged(self) -> None:
        """Save the new order of your hand at once, so Continue brings it back even if the
        game is closed before the next move (a bot thinking meanwhile is saved as its
        decision began, ``TableScene.state_before``)."""
        super().hand_rearranged()
        self.save()

    def apply(self, action: Action, seat: int | None = None) -> bool:
        """Apply, then save; a round that just ended is recorded once."""
        own = self.pass_and_play and self.director.reveal and seat in (None, self.viewer)
        if not super().apply(action, seat):
            return False
        if own:
            # Pass-and-play: the person at the screen has read their own move's lines, even
            # those still to be shown when the game is saved (``resume.snapshot``).
            shown = self.director.words_when_shown().lines
            self.own_move_read = shown.dropped + len(shown)
        self._after_move()
        return True

    def stop_endless_round(self) -> None:
        """Stop the round the bots alone play on without end; recorded and saved as a move."""
        super().stop_endless_round()
        self._after_move()

    def _after_move(self) -> None:
        self._note_seats_out()
        if self.game.over and not self.recorded:
            self.recorded = True
            self._record_round()
        self.save()

    def _note_seats_out(self) -> None:
        """Time each seat that has just laid its last card: its win (or place) was settled
        then, though the others may play on for the lower places. The seats left holding
        cards at the round's end are placed too, but never went out."""
        counts = self.game.hand_counts
        for seat in self.game.placings:
            if seat not in self.out_after and counts[seat] == 0:
                self.out_after[seat] = time.time() - self.started_at

    def _follow_the_wall(self, dt: float) -> None:
        """Keep the round's clock to the time played when the wall clock and the frames part
        ways: no frame for a long while (the computer asleep, the process stopped) is no
        play, and a clock set back or forward between two frames moves the round's clock
        with it rather than take time off the round or add it."""
        now, steady = time.time(), time.monotonic()
        last, self.frame_wall = self.frame_wall, now
        last_steady, self.frame_steady = self.frame_steady, steady
        if last is None or last_steady is None:
            return
        # The clock set (an NTP step, a hand on the settings, a time zone): even a few
        # seconds would be taken off the round or added to it.
        drift = (now - last) - (steady - last_steady)
        if abs(drift) <= CLOCK_SET_SECONDS:
            drift = 0.0
        # No frame for a long while, which the steady clock counts too (asleep, stopped).
        stall = (steady - last_steady) - dt
        if abs(stall) > STALL_SECONDS:
            drift += stall
        if drift:
            self.started_at += drift
            if self.held_since is not None:
                self.held_since += drift

    def _stop_clock_while_held(self) -> None:
        """Take the time the game has been held so far off the round's clock (on resuming,
        and before the clock is read for a save or a record)."""
        if self.held_since is not None:
            now = time.time()
            self.started_at += max(0.0, now - self.held_since)
            self.held_since = now

    def _open_store_ahead(self) -> None:
        """At a round's first frame, begin opening the statistics store on a thread of its
        own unless the table has one it can write to: the round is recorded into it when it
        ends. One opened read-only because another program held the file, or its folder
        could not be written, is opened again so: the file may be free by now, or the
        folder mended (what was kept meanwhile is recorded as it opens). Opened at the
        round's end, a held file's wait froze that frame for seconds, round after round."""
        if self.recorded or self._ahead_round == self.round_key:
            return
        self._ahead_round = self.round_key
        if self._store is not None and (self._store.unwritable or self._store.in_use):
            self._store.close()
            self._store = None
        if self._store is None and self._store_ahead is None:
            self._store_ahead = StoreAhead()

    def _record_round(self) -> None:
        self._stop_clock_while_held()
        g = self.game
        charges = list(g.round_charges[-1]) if g.round_charges else []
        self.rounds.append({"places": list(g.places), "charges": charges})
        try:
            from game.ui.records import SeatInfo, record_round
        except ImportError:
            return
        try:
            if self._store is None and self._store_ahead is not None:
                self._store, self._store_ahead = self._store_ahead.take(), None
            if self._store is None:
                from game.store.db import Store

                self._store = Store.open()
            seats = [SeatInfo(s.name, not s.human, s.level or None) for s in self.setup.seats]
            # A points match is recorded with each of its rounds: the final round carries the
            # match result, so leaving before the result screen loses nothing.
            record_round(
                self._store,
                g,
                seats,
                self.started_at,
                round_key=self.round_key,
                match_key=self.match_key,
                match_started_at=self.match_started_at,
                rules_label=self.setup.rules_label,
                out_after={s: t for s, t in self.out_after.items() if t is not None},
                stopped=self.round_stopped,
                # Continue from a save this round has passed would play it again.
                stale_save=self.saved_id if self.save_problem else None,
            )
        except Exception:  # statistics must never stop the game
            log.exception("could not record the round")
        self._tell_store_problem()

    def _tell_store_problem(self) -> None:
        """Say once at the table why rounds are not (or no longer) recorded as expected."""
        problem = getattr(self._store, "problem", None)
        if not problem:
            self.store_problem = ""  # (the file in use is free again): told anew if it recurs
        elif problem != self.store_problem:
            self.store_problem = str(problem)
            self.say(self.store_problem, everyone=True)
            self.store_toast = self.toast

    def shutdown(self) -> None:
        """Closing the table (window closed, back to the menu) saves first. A table that
        cannot be saved for Continue (another copy of the game keeps the save) is left for
        good: its round in play is recorded as left unfinished and a points match as given
        up, as a save is when a new table replaces it."""
        self.save()
        if not self.saving and self.recording and not self.finished:
            from game.ui.launch import record_left_game
            from game.ui.resume import snapshot

            try:
                record_left_game(snapshot(self), time.time())
            except Exception:  # statistics must never stop the window closing
                log.exception("could not record the game left")
        if self._store_ahead is not None:
            self._store_ahead.close()  # (opened for a round that did not end)
            self._store_ahead = None
        if self._store is not None:
            try:
                # Rounds kept while another program held the statistics file: it may be free
                # now (else they wait for the next start, or the next table).
                self._store.record_pending()
            except Exception:
                log.exception("could not record the rounds kept for later")
            try:
                self._store.close()
            except Exception:
                log.exception("could not close the statistics store")
            self._store = None
        super().shutdown()

    # --- pass-and-play -----------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """The table's frame; between people's turns, hide the hand and hand the screen over."""
        self._follow_the_wall(dt)
        self._open_store_ahead()
        # The round's clock (its recorded time) stops while paused. Settled before the
        # frame's moves, so a bot's move applied on resuming is timed without the pause.
        if self.paused and not self.game.over:
            if self.held_since is None:
                self.held_since = time.time()
        elif self.held_since is not None:
            self._stop_clock_while_held()
            self.held_since = None
        super().update(dt)
        if not self.pass_and_play or self.stack is None or self.autoplay:
            return
        d, g = self.director, self.game
        if not d.idle or self.flow.busy:
            return
        if d.reveal and (g.over or g.current != self.viewer):
            d.reveal = False
            self.log_read[d.viewer] = d.log_dropped + len(d.log)
            self.flow.drop_drag()  # a card held under the pointer goes back, face down
            self.hand.selection.clear()
            self.hand.cursor = self.hand.parked_uid = None  # the next person starts afresh
            if not self.toast_everyone:
                # Words said to the person at the screen ("you hold no 10…") are theirs.
                self.toast = None
            tabledraw.refresh_buttons(self)  # (this frame is drawn yet: no Sort over no hand)
        if (
            not g.over
            and g.current in self.humans
            and not d.reveal
            and self.stack.top is self
            and self.overlay_at is None
        ):
            from game.ui.handoff import HandoffScreen

            self.stack.push(HandoffScreen(self, g.current))

    def since_turn(self, seat: int, most: int = 4) -> list[str]:
        """The log's lines since ``seat``'s person last had the screen (this round's only, the
        latest ``most``): what the others did while they looked away, for the hand-off. The
        log of a table shared by several people tells nobody's cards."""
        d = self.director
        lines = list(d.log)
        start = self.log_read.get(seat, 0) - d.log_dropped
        recent = lines[max(0, start) :]
        for i in range(len(recent) - 1, -1, -1):
            if ROUND_HEADING.match(recent[i]):  # this round's deal: nothing before it
                recent = recent[i:]
                break
        return [line for line in recent if not ROUND_RESUMED.match(line)][-most:]

    def show_hand(self, seat: int) -> None:
        """Turn the table to ``seat``'s chair and show that hand (after the hand-off), sorted
        or in the order that person left it."""
        d = self.director
        hand = self.hand
        if d.viewer in self.humans and hand.cards:
            self.arrangements[d.viewer] = (hand.sort_mode, [hc.card for hc in hand.cards])
        d.viewer = seat
        d.reveal = True
        hand.cards.clear()
        hand.selection.clear()
        hand.hidden.clear()
        hand.cursor = hand.hover = hand.parked_uid = None
        self.macau_on = self.macau_button.on = seat == self.call_kept
        self.call_kept = -1
        mode, order = self.arrangements.get(seat, (self.settings.hand_sort, []))
        if self.sort_next is not None:  # chosen at this hand-off, by its person
            mode, self.sort_next = self.sort_next, None
        hand.sort_mode = mode
        d.resync()
        if mode == "none":
            self.arrange_hand(order)
        else:
            self.sort_hand(mode)
        self._bright_key = ()
        tabledraw.place_buttons(self)

    def hand_sort_changed(self, mode: str) -> None:
        """As at any table; but between two people's turns the hand view still holds the
        last one's cards, hidden: the new sort is for the person the screen goes to next."""
        if self.pass_and_play and not self.director.reveal:
            self.sort_next = mode
            return
        super().hand_sort_changed(mode)

    # --- scoreboard, pause and the end of a round ------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """T opens the scoreboard; the rest as at any table."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_t:
            self.open_scoreboard()
            return True
        return super().handle_event(event)

    def open_scoreboard(self) -> None:
        """The scores of every round so far, over the table."""
        if self.stack is not None:
            from game.ui.scoreboard import ScoreboardOverlay

            self.stack.push(ScoreboardOverlay(self))

    def open_pause(self) -> None:
        """Esc: resume, scoreboard, how to play (the rules in force), settings, quit to menu."""
        if self.stack is not None:
            from game.ui.roundend import GamePause

            self.stack.push(GamePause(self._paused, on_open=self._paused))

    def _paused(self, answer: str | None) -> None:
        """The pause menu's answer; the scoreboard, how to play and settings open over it."""
        if self.stack is None:
            return
        if answer == "scores":
            self.open_scoreboard()
        elif answer == "howto":
            from game.ui.howto import HowToScreen

            rules, label = self.game.rules, self.setup.rules_label
            self.stack.push(HowToScreen(rules=rules, seats=self.game.seats, rules_label=label))
        elif answer == "settings":
            from game.ui.options import SettingsScreen

            self.stack.push(SettingsScreen())
        elif answer == "quit":
            self.leave()
        else:
            self.leaving = False  # back to the table after all: its round board comes as ever

    def leave(self) -> None:
        """Close the table. Once every person at it is out the round is settled for them, so
        the bots first play it out at once, as "Finish the round" does, and it is recorded
        as finished: a win earned is not thrown away. Instead of the round board the menu
        then comes (a match goes on with Continue, from the next round)."""
        if not self.game.over and self.every_person_out and not self.autoplay:
            if not self.leaving:
                self.leaving = True
                self.on_hurry()  # the line under the table says why the table stays a while
            return
        super().leave()

    @property
    def hurry_words(self) -> str:
        """As at any table; once leaving, where the player goes then too."""
        return LEAVING_WORDS if self.leaving else super().hurry_words

    def _round_over(self, event: RoundOver) -> None:
        super()._round_over(event)
        if self.leaving:
            self.overlay_at = self.animator.now  # no board to wait for: on to the menu

    def _show_round_board(self) -> None:
        from game.ui.roundend import RoundEndOverlay

        told = self.store_toast
        if told is not None and told is self.toast and not told[1].done(self.animator.now):
            # Told as the round was recorded, the problem would be drawn under the board,
            # which covers the table: the board waits until it has been read.
            self.overlay_at = told[1].start + told[1].duration
            return
        self.store_toast = None
        if self.leaving:
            self.leave()  # the round is recorded: on to the menu
            return
        if self.stack is not None:
            self.stack.push(RoundEndOverlay(self, on_result=self._after_round))

    def _after_round(self, answer: str | None) -> None:
        if answer == "result":
            from game.ui.scoreboard import MatchEndScreen

            if self.stack is not None:
                self.stack.push(MatchEndScreen(self, on_result=self._after_round))
            return
        if answer not in ("next", "rematch"):
            self.leave()
            return
        if answer == "rematch":
            self.rounds.clear()
            self.match_key = new_match_key()
            self.match_started_at = time.time()
        if self.pass_and_play:
            self.director.reveal = False
        self.arrangements = sorts_kept(self.arrangements)
        super()._after_round(answer)
        self.recorded = self.game.over
        self.started_at = time.time()
        self.out_after = {}
        self.held_since = None
        self.round_key = new_round_key()
        self.save()

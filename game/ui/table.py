"""The game table: you at the bottom, bots around, stock and pile in the middle.

Data flows one way: an input event becomes an engine action (built from your selection
and the choosers' answers, checked by the engine), ``apply`` returns events, and the
``Director`` plays them back as animation. Bots think on a worker thread and move at a
pace a person can follow. Drawing lives in ``tabledraw``; starting a table in ``start``.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, wait
from typing import Any

import pygame

from game.bots import bot_stream
from game.bots.base import ALONE_LIMIT, stopped_words
from game.engine import (
    DRAW,
    PASS,
    Action,
    Card,
    Draw,
    Game,
    IllegalMove,
    Phase,
    Play,
    RoundOver,
    Stop,
)
from game.store.settings import Settings
from game.ui import tabledraw
from game.ui.botplayer import BotPlayer, BotWorker
from game.ui.director import Director, Mulling
from game.ui.hand import HandView
from game.ui.hint import describe, suggest
from game.ui.layout import TableLayout, table_layout
from game.ui.moves import (
    TABLE_LISTING_LIMIT,
    Offer,
    in_button_words,
    seat_names,
    stop_targets,
)
from game.ui.overlays import Confetti, PauseOverlay, RoundOverOverlay, RoundRow
from game.ui.playflow import PlayFlow
from game.ui.roundend import round_title
from game.ui.scene import Scene, pressed_keys
from game.ui.sound import Sound
from game.ui.sprites import CardImages
from game.ui.tween import Animator, Tween, ease_out_cubic
from game.ui.widgets import Button, WidgetGroup

__all__ = ["TableScene", "all_people_out", "bots_finish_round", "catching_bot"]

# Seconds between a bot's moves, by animation speed. With animation off the cards no
# longer fly, but the moves still come at a pace a person can follow (that of "fast"):
# "Bots' pace" (PACE_FACTOR) sets it, and only "Finish the round" plays without pauses.
BOT_PACE = {"normal": 0.7, "fast": 0.3, "off": 0.3}
PACE_FACTOR = {"normal": 1.0, "fast": 0.55, "slow": 1.7}
# Beyond a searching bot's time budget, the pause every move of it takes (see ``_run_bots``).
THINK_MARGIN = 0.1
# Seconds a person gets to shout "stop Macau" before the bots do. A reaction time, not an
# animation: the same at every animation speed (none while the bots finish the round).
CATCH_DELAY = 0.9
# Seconds of a frame the bots may use to move on while they finish the round at once.
HURRY_FRAME = 0.012


# Moves the bots alone may make in a round (every person out) before it is stopped as endless
# and scored as a blocked round (``Game.stop_round``; the text game stops at the same count).
FINISH_LIMIT = ALONE_LIMIT


def all_people_out(game: Game, humans: Sequence[int]) -> bool:
    """True once every person (the seats ``humans``) has gone out: only bots play on, for
    the places left."""
    return bool(humans) and all(s in game.placings for s in humans)


def catching_bot(game: Game, bots: Mapping[int, BotPlayer], target: int) -> int | None:
    """The seat whose bot calls "stop Macau" on ``target`` now, if one does: each bot that is
    not to move is asked in seat order after the one who forgot, as around a table. The bot to
    move is not asked: the catch is in its legal list on its turn, taken as its level does."""
    n = game.seats
    for k in range(1, n):
        seat = (target + k) % n
        bot = bots.get(seat)
        if (
            bot is not None
            and seat != game.current
            and game.is_legal(Stop(target), seat)
            and bot.wants_to_catch(game.view(seat), target)
        ):
            return seat
    return None


def bots_finish_round(game: Game, bots: Mapping[int, BotPlayer], limit: int = FINISH_LIMIT) -> str:
    """Play the rest of the round with ``bots`` at once, as the table does once every person
    is out: after each move the bots may call a forgotten Macau, then the seat to act moves.
    A round still going after ``limit`` moves is stopped (``Game.stop_round``).

    "over" once the round is over, "stopped" where it had to be stopped; "" (false) when a
    seat without a bot is to act."""
    checked = -1  # the move after which the bots last looked for a forgotten call
    for moves in range(limit):
        if game.over:
            return "over"
        target = game.macau_catchable
        if target >= 0 and checked != moves:
            checked = moves
            catcher = catching_bot(game, bots, target)
            if catcher is not None:
                game.apply(Stop(target), catcher)
                continue
        seat = game.current
        bot = bots.get(seat)
        if bot is None:
            return ""
        legal, _complete = game.legal_actions_capped(TABLE_LISTING_LIMIT, seat)
        game.apply(bot.choose(game.view(seat), legal), seat)
    if game.over:
        return "over"
    game.stop_round()
    return "stopped"


def toast_seconds(message: str) -> float:
    """How long a message stays up: long enough to read it."""
    return min(12.0, max(2.6, 1.0 + 0.3 * len(message.split())))


class TableScene(Scene):
    """One round (or match) of Macau at a table of 2–10 seats.

    By default you play seat 0 against bots. ``humans`` seats several people at one screen
    (pass-and-play): the table is drawn from the ``viewer``'s chair, whose hand is at the
    bottom, and ``seat_levels`` gives every seat's bot level ("" for a person).
    """

    # ↑ picks the card under the cursor and the next ↑ puts it back: held, it would only
    # flick the card up and down.
    held_keys_act_once = frozenset({pygame.K_UP})

    def __init__(
        self,
        game: Game,
        *,
        levels: Sequence[str] | None = None,
        settings: Settings | None = None,
        sound: Sound | None = None,
        seed: int | None = None,
        autoplay: bool = False,
        new_game: Callable[[], Game] | None = None,
        deal: bool = True,
        names: Sequence[str] | None = None,
        humans: Sequence[int] | None = None,
        seat_levels: Sequence[str] | None = None,
    ) -> None:
        super().__init__()
        self.game = game
        self.settings = settings if settings is not None else Settings()
        self._sound = sound
        # Seeds the bots. Never ``random.Random(seed)``: the table's next deal may be made
        # from that very stream (a match's next round, a rematch), so a bot seeded from it
        # could replay the deal (see ``bot_stream``).
        self.rng = bot_stream("table", seed) if seed is not None else random.Random()
        n = game.seats
        self.humans: tuple[int, ...] = tuple(sorted(set(humans))) if humans is not None else (0,)
        if seat_levels is not None:
            self.levels = ["" if s in self.humans else seat_levels[s] for s in range(n)]
        else:
            wanted = list(levels or [])
            self.levels = [""] + [
                (wanted[i - 1] if i - 1 < len(wanted) else (wanted[-1] if wanted else "medium"))
                for i in range(1, n)
            ]
        self.autoplay = autoplay
        # Every person out and the bots left to play the round out: they may do it at once
        # (no pause between moves, no animation) until the round is over.
        self.hurrying = False
        self._speed_before = ""
        # The table's ``version`` when only bots were left to play the round, and whether
        # the round was stopped because they played on without end (``stop_endless_round``).
        self.alone_from: int | None = None
        self.round_stopped = False
        self.bots = {
            s: BotPlayer(self.levels[s] or "medium", self.rng.randrange(1 << 30))
            for s in range(n)
            if s not in self.humans
        }
        if autoplay:
            for s in self.humans:
                self.bots[s] = BotPlayer("medium", self.rng.randrange(1 << 30))
        self.names = list(names) if names is not None else seat_names(n)
        self.new_game = new_game
        self.animator = Animator(self.settings.animation_speed)
        self.hand = HandView(self.settings.hand_sort)
        self.director = Director(game, self.names, self.hand, self.animator, self.play_sound)
        self.director.on_round_over = self._round_over
        self.director.viewer = self.humans[0] if self.humans else 0
        if not game.over and game.placings and game.placings[0] in self.humans:
            # (a round continued from a save: that first place was cheered as it went out)
            self.director.cheered_round = game.round_no
        self.director.words.private_seat = self.humans[0] if len(self.humans) == 1 else -1
        self.worker = BotWorker()
        self.thinking: Future[Action] | None = None
        self.thinking_seat = -1
        self.think_since = 0.0
        # The thinking bot's random stream and memory as its decision began (``state_before``):
        # a game saved while it thinks keeps those, so Continue makes the same decision.
        self.think_start_state: tuple[Any, object] = (None, None)
        self.version = 0  # actions applied so far: a bot's answer to an older table is dropped
        # The last hint: (table version, the cards it selected, the action). Enter then plays
        # that very action (its suit, rank or joker card too) while nothing has changed.
        self.hinted: tuple[int, tuple[int, ...], Action] | None = None
        self._offer: Offer | None = None
        self._offer_key: tuple[object, ...] = ()
        # Each seat's listing of the current position (``listing``), and that position.
        self._listings: dict[int, tuple[list[Action], bool]] = {}
        self._listings_key: tuple[object, ...] = ()
        self.catch_checked = -1
        # When the window to catch a forgotten Macau started showing, and the table version it
        # belongs to: every action closes a window, so each one gets its own reaction time.
        self.catchable_since = 0.0
        self.catch_window = -1
        self.layout: TableLayout = table_layout((1280, 800), n)
        self.images = CardImages(self.settings, *self._widths())
        self.flow = PlayFlow(self)
        self.toast: tuple[str, Tween] | None = None
        self.toast_error = True  # a refusal (red) or a plain message (dark)
        self.toast_waits = False  # "Wait for your turn.": gone when it comes
        # Said to the whole table (a save or the statistics failing), not about one hand:
        # it stays when a pass-and-play hand is hidden for the next person.
        self.toast_everyone = False
        self._show_log = False
        # How far the log is scrolled back from its newest line, in pixels (0: following).
        self.log_back = 0.0
        self.log_height = 0  # the height of all its lines at the last frame drawn
        # Read back: the line the view keeps to (counted from the first ever written) and
        # how far below the view's top its top was drawn, so lines coming in below, or
        # growing, move nothing read (nor a resized window, but for the room it has).
        self.log_anchor: tuple[int, int] | None = None
        self.log_resized = False  # the window's size changed since the log was drawn
        self.log_scrolled = False  # scrolled since the log was drawn
        # How many rows each line wraps to, at the width and size of ``log_rows_at``: worked
        # out once a line is first shown; until then guessed from a quick measure (and kept
        # negative), so a long log opens (or a window resizes) without wrapping every line.
        self.log_rows: dict[str, int] = {}
        self.log_rows_at = (0, 0)
        self.log_at_top = False  # scrolled back to its oldest line at the last frame
        self.confetti: Confetti | None = None
        self.round_result: RoundOver | None = None
        self.overlay_at: float | None = None
        self.macau_on = False
        # You drew with the keyboard's cursor in the hand: once the card is in, the cursor
        # goes to it if it may be laid (then it is the only card that may).
        self.cursor_to_drawn = False
        self.bright: set[int] = set()
        self._bright_key: tuple[object, ...] = ()
        self._make_buttons()
        self._deal_pending = deal

    # --- setup -------------------------------------------------------------------------------
    def _widths(self) -> tuple[int, int]:
        return self.layout.card[0], self.layout.small[0]

    def _make_buttons(self) -> None:
        self.draw_button = Button("Draw", self.on_draw, hint="D")
        self.pass_button = Button("Keep", self.on_pass, hint="Space")
        self.play_button = Button("Play", self.flow.play_selection, hint="Enter", primary=True)
        self.macau_button = Button("Macau!", self._toggle_macau, hint="M", toggle=True)
        self.stop_button = Button("Stop Macau!", self.on_stop, hint="S", primary=True)
        self.hint_button = Button("Hint", self.on_hint, hint="H")
        self.hint_button.visible = False
        self.hurry_button = Button("Finish the round", self.on_hurry, hint="F")
        self.hurry_button.visible = False
        self.action_buttons = [
            self.draw_button,
            self.pass_button,
            self.play_button,
            self.macau_button,
            self.stop_button,
            self.hint_button,
            self.hurry_button,
        ]
        self.sort_button = Button(f"Sort: {self._sort_label()}", self.cycle_sort, hint="O", size=16)
        self.log_button = Button("Log", self._toggle_log, hint="L", size=16, toggle=True)
        self.menu_button = Button("Menu", self.open_pause, hint="Esc", size=16)
        # Every button here has its own key, and Enter and Space keep theirs (README: Enter
        # lays, Space keeps or waits): Tab moves no focus that would make them press a button.
        self.widgets = WidgetGroup(
            [*self.action_buttons, self.sort_button, self.log_button, self.menu_button],
            tab_focuses=False,
        )

    def _sort_label(self) -> str:
        return {"suit": "suit", "rank": "rank"}.get(self.hand.sort_mode, "own")

    @property
    def sound(self) -> Sound | None:
        """The app's sound (or the one given), None when there is none."""
        if self._sound is not None:
            return self._sound
        return self.app.sound if self.app is not None else None

    def play_sound(self, name: str) -> None:
        """Play an effect; silence when there is no audio, and while the bots are hurried
        through the rest of a round (a move every few frames would rattle), but for the cheer
        of a person going out first."""
        if self.sound is not None and (not self.hurrying or name in ("win", "lose")):
            self.sound.play(name)

    def startup(self) -> None:
        """Deal with animation, or show the position as it is."""
        if self._deal_pending:
            tabledraw.start_deal(self)
        else:
            self.director.resync()

    def shutdown(self) -> None:
        """Let the bot worker go."""
        self.worker.close()

    @property
    def show_log(self) -> bool:
        """Whether the game log is open (the table makes room for it where the window allows)."""
        return self._show_log

    @show_log.setter
    def show_log(self, value: bool) -> None:
        self.log_button.on = value  # lit while the log is open, however it was opened
        if value != self._show_log:
            self._show_log = value
            # The log opens on its newest lines, however it was left.
            self.log_back, self.log_at_top, self.log_anchor = 0.0, False, None
            self.resize(self.layout.size)

    def resize(self, size: tuple[int, int]) -> None:
        """Recompute the whole layout for the new window size."""
        old, self.layout = self.layout, table_layout(size, self.game.seats, log=self._show_log)
        self.log_resized = True
        if old != self.layout:
            # Cards in the air fly between places of the old layout, at its card size: they
            # land now (where they land follows the new layout) rather than fly off the window.
            self.director.land_flights()
            self.flow.relayout(old, self.layout)
        self.director.layout = self.layout
        self.images = CardImages(self.settings, *self._widths())
        for hc in self.hand.cards:
            hc.placed = False  # jump to the new slots rather than glide across the screen
        tabledraw.place_buttons(self)

    # --- state queries -----------------------------------------------------------------------
    @property
    def viewer(self) -> int:
        """The seat at the bottom of the screen, whose hand is shown."""
        return self.director.viewer

    @property
    def my_turn(self) -> bool:
        """True when the viewer is to act (hand shown), nothing is playing, no dialog open."""
        return (
            not self.autoplay
            and not self.game.over
            and self.game.current == self.viewer
            and self.viewer in self.humans
            and self.director.reveal
            and self.director.idle
            and not self.flow.busy
        )

    def legal(self) -> list[Action]:
        """The viewer's legal actions, plus a Stop any person at the table may call now.

        Asked every frame, so it is kept for as long as the position and the viewer stay the
        same: a long hand with stand-in jokers lists hundreds of thousands of plays. The
        list is shared; do not change it.
        """
        return self.offer().legal

    def _position(self) -> tuple[object, ...]:
        """What a listing depends on: a new one is made when any of it changes."""
        g = self.game
        return (
            id(g),
            self.version,
            g.current,
            g.phase,
            g.over,
            g.macau_catchable,
            tuple(g.hand_counts),
        )

    def offer(self) -> Offer:
        """What the viewer may do now, worked out once per position (see ``legal``)."""
        key = (*self._position(), self.viewer)
        if self._offer is None or self._offer_key != key:
            complete = True
            if self.game.over:
                legal: list[Action] = []
            else:
                legal, complete = self.listing(self.viewer)
                stops = [a for a in self._human_stops() if a not in legal]
                if stops:
                    legal = [*legal, *stops]  # (the listing itself is shared)
            self._offer = Offer(legal, complete)
            self._offer_key = key
        return self._offer

    def _human_stops(self) -> list[Stop]:
        return [
            a
            for s in self.humans
            if s != self.viewer
            for a in self.legal_of(s)
            if isinstance(a, Stop)
        ]

    def listing(self, seat: int) -> tuple[list[Action], bool]:
        """``seat``'s legal actions, at most ``TABLE_LISTING_LIMIT`` plays of them, and
        whether that is all of them (a big hand with stand-in jokers can be laid in millions
        of ways; the rest are checked when picked, see ``moves.play_options``).

        Listed once per position and seat: the buttons, the bright cards, a bot's move and a
        hint all read the same list. It is shared; do not change it.
        """
        key = self._position()
        if key != self._listings_key:
            self._listings_key = key
            self._listings = {}
        found = self._listings.get(seat)
        if found is None:
            found = self._listings[seat] = self.game.legal_actions_capped(TABLE_LISTING_LIMIT, seat)
        return found

    def listed(self, seat: int) -> list[Action] | None:
        """``seat``'s legal actions if ``listing`` has listed this position for it already."""
        found = self._listings.get(seat) if self._listings_key == self._position() else None
        return None if found is None else found[0]

    def legal_of(self, seat: int) -> list[Action]:
        """``seat``'s legal actions as the table lists them (see ``listing``)."""
        return self.listing(seat)[0]

    # --- actions -----------------------------------------------------------------------------
    def apply(self, action: Action, seat: int | None = None) -> bool:
        """Ask the engine to do ``action`` for ``seat`` (the viewer by default); animate the
        events or show the reason."""
        if seat is None:
            seat = self.viewer
        # A draw by choice, whose card may fit or not (not a penalty): on an ordinary turn,
        # under a request, or after laying a five (lay again or draw).
        choosing = self.game.phase in (
            Phase.PLAY,
            Phase.SUIT_REQUEST,
            Phase.RANK_REQUEST,
            Phase.FIVE_AGAIN,
        )
        yours = self.game.current == self.viewer  # (another seat may catch a Macau in it)
        try:
            events = self.game.apply(action, seat)
        except IllegalMove as exc:
            self.say(in_button_words(str(exc), self.game.phase))
            return False
        self.version += 1
        mull = None
        bot = self.bots.get(seat)
        ended = not self.game.over and self.game.current != seat
        if bot is not None and choosing and isinstance(action, Draw) and ended:
            # The card cannot be laid, and the turn has ended: the bot still looks at it as
            # long as it would decide on one that could.
            mull = Mulling(seat, self._bot_pace(bot))
        if seat == self.viewer:
            # Cards picked while the others played stay picked until you act.
            self.hand.selection.clear()
        if seat == self.viewer or yours:
            self.toast = None  # a hint or an earlier refusal is about a position now gone
        if seat == self.viewer and isinstance(action, Play):
            self.macau_on = False
            self.macau_button.on = False
        keys = self.hand.cursor is not None or self.hand.parked_uid is not None  # (a hint's)
        if seat == self.viewer and isinstance(action, Draw) and keys:
            self.cursor_to_drawn = True
        self.director.play(events, mull)
        return True

    def say(
        self,
        message: str,
        error: bool = True,
        *,
        until_your_turn: bool = False,
        everyone: bool = False,
    ) -> None:
        """Show a short message above your hand (an illegal move's reason, for instance);
        ``until_your_turn``: one that asks you to wait goes when your turn comes;
        ``everyone``: one about the whole table, not the hand shown (see ``toast_everyone``)."""
        # Words stay up long enough to read whatever the animation speed: a short refusal
        # for 2.6 s, a long message about 0.3 s a word more (at most 12 s).
        shown = Tween(self.animator.now, toast_seconds(message), ease_out_cubic)
        self.toast = (message[:1].upper() + message[1:], shown)
        self.toast_error = error
        self.toast_waits = until_your_turn
        self.toast_everyone = everyone
        if error:
            self.play_sound("error")

    def on_draw(self) -> None:
        """Draw a card, or take the whole penalty; on your turn, say why when you may not."""
        if not self.my_turn:
            return
        if self.offer().draw:
            self.apply(DRAW)
            return
        # The stock is the obvious thing to click: a refused draw gets its rule, as a card does.
        try:
            self.game.check(DRAW, self.viewer)
        except IllegalMove as exc:
            self.say(in_button_words(str(exc), self.game.phase))

    def on_pass(self) -> None:
        """Keep the drawn card, accept missed turns, or pass when blocked."""
        if self.my_turn and self.offer().pass_:
            self.apply(PASS)

    def on_hint(self) -> None:
        """Select what the medium bot would lay in your place (or say what it would do)."""
        if not self.my_turn:
            return
        action = suggest(self.game, self.viewer, self.legal_of(self.viewer), self.version)
        if action is None:
            return
        uids: list[int] = []
        if isinstance(action, Play):
            for card in action.cards:
                for hc in self.hand.cards:
                    if hc.card == card and hc.uid not in uids:
                        uids.append(hc.uid)
                        break
            if action.call and self.macau_button.visible:
                self.macau_on = self.macau_button.on = True
        else:
            self.hand.park_cursor()  # Enter now does what the hint says, until an arrow key
        self.hand.selection = uids
        self.hinted = (self.version, tuple(uids), action)
        told = describe(self.game, action, self.names, self.offer().legal)
        if not isinstance(action, Play):
            # The Play button (marked Enter) stays dim here: say what Enter does instead.
            told += " — press Enter"
        self.say(told, error=False)

    def hinted_action(self, uids: Sequence[int] = ()) -> Action | None:
        """The hint's action if it is still the one to play: the position is the one it was
        given for and ``uids`` (the cards about to be laid) are the cards it selected."""
        if self.hinted is None:
            return None
        version, selected, action = self.hinted
        if version != self.version or tuple(uids) != selected:
            return None
        return action

    def on_stop(self, by: int | None = None) -> None:
        """Call "stop Macau" on a seat that forgot to call: for person ``by`` if they may
        (the one a hand-off screen is handed to), else the viewer, else any person."""
        if self.game.over or not self.director.idle:
            return
        first = self.viewer if by is None else by
        for seat in sorted(self.humans, key=lambda s: (s != first, s != self.viewer)):
            targets = stop_targets(self.legal_of(seat))
            if targets:
                self.apply(Stop(targets[0]), seat)
                return

    def _toggle_macau(self) -> None:
        self.macau_on = self.macau_button.on

    def cycle_sort(self) -> None:
        """Sort your hand the other way (by suit, by rank), and keep that as the setting: the
        Settings screen shows it and the next game sorts so. Not while no hand is shown (a
        hand-off between two people): the cards face down would show how they rank."""
        if not self.director.reveal:
            return
        mode = "rank" if self.hand.sort_mode == "suit" else "suit"
        self.hand.sort(mode)
        self.hand_rearranged()
        tabledraw.place_buttons(self)
        from game.ui.launch import change_settings  # (launch builds tables: imported late)

        _kept, problem = change_settings(self, hand_sort=mode)
        self.settings = dataclasses.replace(self.settings, hand_sort=mode)
        if problem:
            self.say(problem, everyone=True)

    def hand_rearranged(self) -> None:
        """Your hand was sorted anew, or a card moved in it by a drag or Shift+←/→ (a table
        that keeps a saved game saves its order)."""
        self.sort_button.label = f"Sort: {self._sort_label()}"
        self.director.retarget_hand_flights()  # cards on their way go to their new places

    def sort_hand(self, mode: str) -> None:
        """Sort your hand by ``mode`` ("suit" or "rank") and keep sorting it so, leaving the
        setting as it is (the hand of one person of several, or as a saved game had it)."""
        self.hand.sort(mode)
        self.sort_button.label = f"Sort: {self._sort_label()}"
        self.director.retarget_hand_flights()

    def hand_sort_changed(self, mode: str) -> None:
        """The "Sort my hand" setting is now ``mode``: the hand shown is sorted so."""
        self.sort_hand(mode)

    def arrange_hand(self, order: Sequence[Card]) -> None:
        """Your hand in your own ``order`` (as a saved game kept it), which it then keeps as a
        drag does: the cards still held go in that order, any others after them."""
        held = list(self.game.hand(self.viewer))
        arranged = []
        for card in order:
            if card in held:
                held.remove(card)
                arranged.append(card)
        self.hand.sort("none")
        self.hand.cards.clear()
        self.hand.sync(arranged + held)
        self.sort_button.label = f"Sort: {self._sort_label()}"

    def _toggle_log(self) -> None:
        self.show_log = not self.show_log

    def open_pause(self) -> None:
        """Esc: the pause overlay (resume, quit)."""
        if self.stack is not None:
            self.stack.push(PauseOverlay(self._paused))

    def _paused(self, answer: str | None) -> None:
        if answer == "quit":
            self.leave()

    def leave(self) -> None:
        """Close the table: back to the scene below, or quit when there is none."""
        stack = self.stack
        if stack is not None and len(stack) > 1:
            self.close()
        elif self.app is not None:
            self.app.quit()
        else:
            self.close()

    # --- round end ---------------------------------------------------------------------------
    @property
    def every_person_out(self) -> bool:
        """True once every person at the table has gone out: only bots play on, for the
        places left."""
        return all_people_out(self.game, self.humans)

    @property
    def can_hurry(self) -> bool:
        """Whether the round may be finished at once: every person at the table is out and
        only bots play on."""
        return (
            not self.game.over and not self.autoplay and not self.hurrying and self.every_person_out
        )

    @property
    def hurry_words(self) -> str:
        """The line under the table while the bots finish the round at once."""
        return "The bots finish the round…"

    def on_hurry(self) -> None:
        """Let the bots play the rest of the round without pauses or animation."""
        if not self.can_hurry:
            return
        self.hurrying = True
        self._speed_before = self.animator.speed
        self.animator.speed = "off"
        for bot in self.bots.values():
            bot.hurry()

    def set_speed_after_hurry(self, speed: str) -> None:
        """The animation speed to return to once the round is finished."""
        self._speed_before = speed

    def _stop_hurrying(self) -> None:
        if self.hurrying:
            self.hurrying = False
            self.animator.speed = self._speed_before
            for bot in self.bots.values():
                bot.hurry(False)

    def _round_over(self, event: RoundOver) -> None:
        self._stop_hurrying()  # the results come at the usual pace
        self.round_result = event
        me = self.viewer
        g = self.game
        if g.match_over:
            # The round that ends a match is judged by the match: first place in it means
            # little to a person whose total has just crossed the target.
            firsts = set(g.winners)
        else:
            firsts = {s for s in range(len(event.places)) if event.places[s] == 1}
        # Judged for the people at the table (in pass-and-play, whoever won among them), not
        # by whose hand happens to be shown last.
        won = bool(firsts & set(self.humans)) if self.humans else me in firsts
        if not won:
            self.play_sound("lose")
        elif self.director.cheered_round != g.round_no:  # (else cheered as it went out)
            self.play_sound("win")
        if any(s in firsts for s in self.humans) and self.animator.speed != "off":
            # A celebration for a person at this table, not for a bot that beat them (and
            # none with animation off: nothing on the screen moves then).
            self.confetti = Confetti(self.layout.size, self.animator.now)
        self.overlay_at = self.animator.now + self.animator.seconds(1.6)

    def _show_round_board(self) -> None:
        g, ev = self.game, self.round_result
        assert ev is not None and self.stack is not None
        points = g.rules.scoring == "points"
        rows = [
            RoundRow(
                self.names[s],
                ev.places[s] if s < len(ev.places) else 0,
                len(g.hand(s)),
                ev.charges[s] if points and s < len(ev.charges) else None,
                g.scores[s] if points else None,
                you=s == self.viewer,
            )
            for s in range(g.seats)
        ]
        first = [s for s in range(g.seats) if ev.places[s] == 1]
        you = self.viewer if len(self.humans) == 1 else None
        title = round_title(self.names, first, you, self.shown_blocked)
        note = ""
        if g.match_over and self.director.match_over is not None:
            winners = self.director.match_over.winners
            note = "Match drawn" if len(winners) > 1 else f"Match won by {self.names[winners[0]]}"
        can_continue = points and not g.match_over
        self.stack.push(
            RoundOverOverlay(
                title,
                rows,
                can_continue=can_continue,
                match_note=note,
                blocked=self.shown_blocked,
                on_result=self._after_round,
                speed=self.animator.speed,
            )
        )

    def _after_round(self, answer: str | None) -> None:
        self._stop_hurrying()
        if answer == "next":
            self.director.play(self.game.next_round())
        elif answer == "rematch":
            self.game = self.new_game() if self.new_game else self.game
            self.director.game = self.game
        else:
            self.leave()
            return
        self.round_result = None
        self.round_stopped = False
        self.confetti = None
        self.version += 1
        self.director.queue.clear()
        self.director.bubbles.clear()  # the last round's words ("I win!") end with it
        if self.hand.sort_mode == "none":
            # An order of your own was of the last round's cards: the new ones come as the
            # setting sorts them (which the Settings screen still shows).
            self.hand.sort_mode = self.settings.hand_sort
        self.hand.sync([])
        tabledraw.start_deal(self)

    # --- the frame ---------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Buttons first, then the open log's scrolling, then keys and the mouse on your hand,
        the stock and the pile."""
        if event.type == pygame.WINDOWFOCUSLOST:
            self.flow.drop_drag()  # the button may come up in another window, unheard here
        # The words above the hand follow the last press: a key, or the mouse (a card, a
        # button or the stock alike).
        keys = pressed_keys(event)
        if keys is not None:
            self.flow.by_keys = keys
        if self.widgets.handle_event(event) and event.type != pygame.MOUSEMOTION:
            return True
        if self._show_log and self._scroll_log(event):
            return True
        return self.flow.handle_event(event)

    def _scroll_log(self, event: pygame.event.Event) -> bool:
        """The wheel over the open log, or PageUp/PageDown/Home/End, reads back through it."""
        step = 0.0
        if event.type == pygame.MOUSEWHEEL:
            if not self.layout.log_rect.collidepoint(pygame.mouse.get_pos()):
                return False
            step = event.y * self.layout.px(48)
        elif event.type == pygame.KEYDOWN:
            page = self.layout.log_rect.h * 0.8
            keys = {pygame.K_PAGEUP: page, pygame.K_PAGEDOWN: -page}
            keys[pygame.K_HOME] = float(self.log_height)
            keys[pygame.K_END] = -float(self.log_height)
            if event.key not in keys:
                return False
            step = keys[event.key]
        else:
            return False
        self.log_back = max(0.0, self.log_back + step)  # the drawing caps it at the oldest line
        self.log_at_top = False  # (the drawing tells whether it is back there)
        self.log_scrolled = True
        if self.log_anchor is not None:  # the line read moves with the scroll, and no more
            index, y = self.log_anchor
            self.log_anchor = (index, round(y + step))
        return True

    def pause(self) -> None:
        """A screen opened over the table: a card being dragged goes back to the hand."""
        self.flow.drop_drag()

    @property
    def paused(self) -> bool:
        """True while a screen over the table holds the game (the pause menu, the scores, the
        rules, the settings): no bot moves, nobody is caught, and the round's clock stops.
        A chooser for your own play or a pass-and-play hand-off is part of the game."""
        top = self.stack.top if self.stack is not None else None
        return top is not None and top is not self and not getattr(top, "part_of_play", False)

    def update(self, dt: float) -> None:
        """Advance animations, move the bots, refresh what the buttons offer. While a screen
        holds the game (``paused``) the table's time stands still: cards in flight, a bot's
        move being shown and a person's time to catch a forgotten Macau all wait for it, and
        no move starts (nor sounds) under it, the round's last one included. (On the round's
        board, over a finished round, the confetti goes on.)"""
        frozen = self.paused and not self._board_shown()
        self.animator.update(0.0 if frozen else dt)
        if not frozen:
            self.director.update(dt)
        coming = [f.card for f in self.director.hand_flights()]
        self.hand.update(
            dt, self.layout, self.animator.off, coming, face_down=not self.director.reveal
        )
        self.widgets.update(dt)
        now = self.animator.now
        if self.toast is not None and (
            self.toast[1].done(now) or (self.toast_waits and self.my_turn)
        ):
            self.toast = None
        if self.confetti is not None and self.confetti.done(now):
            self.confetti = None
        if self.cursor_to_drawn and self.director.idle:
            self._cursor_on_drawn_card()
        if (
            self.overlay_at is not None
            and now >= self.overlay_at
            and self.director.idle
            and self.stack is not None
            and self.stack.top is self
        ):
            # (Only over the table itself: a pause menu or help opened as the round ended
            # is closed first, and the next round is never dealt under it.)
            self.overlay_at = None
            self._show_round_board()
        if self.director.idle and not self.game.over and not self.flow.busy and not self.paused:
            self._catch_forgotten_macau(now)
            self._run_bots(now)
            if self.hurrying:
                self._hurry_on(now)
        tabledraw.refresh_buttons(self)

    def _hurry_on(self, now: float) -> None:
        """While the bots finish the round at once, go on within this frame: nothing is
        animated, so a move is shown as soon as it is made and the next bot starts thinking
        at once, its answer awaited for up to ``HURRY_FRAME`` seconds of the frame (a move a
        frame or two at a crowded table took several seconds)."""
        end = time.perf_counter() + HURRY_FRAME
        while self.hurrying and not self.game.over and not self.flow.busy and not self.paused:
            d = self.director
            while True:  # (animation off: every card lands at once)
                queued = len(d.queue)
                d.update(0.0)
                if d.idle or len(d.queue) == queued:
                    break
            if not d.idle:
                return
            before = self.version
            self._catch_forgotten_macau(now)
            self._run_bots(now)
            if self.version != before:
                continue
            left = end - time.perf_counter()
            if self.thinking is None or left <= 0:
                return
            wait([self.thinking], timeout=left)
            if not self.thinking.done():
                return

    def _board_shown(self) -> bool:
        """Whether the round's board is open (every card of the round has landed by then):
        either board, this table's or a match's."""
        scenes = self.stack.scenes if self.stack is not None else ()
        return any(getattr(scene, "round_board", False) for scene in scenes)

    def _cursor_on_drawn_card(self) -> None:
        self.cursor_to_drawn = False
        g = self.game
        if g.phase != Phase.DRAWN or g.current != self.viewer or g.drawn_card is None:
            return  # it did not fit: the cursor stays on the card it was on
        drawn = [hc.uid for hc in self.hand.cards if hc.card == g.drawn_card]
        if drawn:  # (the newest copy, in a two-deck game)
            self.hand.cursor_uid = self.hand.hover = max(drawn)
            self.hand.parked_uid = None

    def _catch_forgotten_macau(self, now: float) -> None:
        target = self.game.macau_catchable
        if target < 0 or self.catch_checked == self.version:
            return
        if self.catch_window != self.version:
            # A new window (the one before closed unchecked when a person moved at once): it
            # starts now, or a later forgotten call would be caught with no pause at all.
            self.catch_window, self.catchable_since = self.version, 0.0
        top = self.stack.top if self.stack is not None else None
        if getattr(top, "hides_table", False):
            # The screen is being handed over (the hand-off offers the catch): no one at the
            # table can see what happens, so the bots wait, and the person's window starts
            # once the table shows again.
            self.catchable_since = 0.0
            return
        if self.catchable_since <= 0:
            self.catchable_since = now
        window = 0.0 if self.hurrying else CATCH_DELAY
        waiting = now - self.catchable_since < window
        if waiting and target in self.humans:
            return  # a person forgot: give the bots a human-like reaction time
        if target not in self.humans and not self.autoplay and waiting:
            return  # a person gets the first chance to catch a bot, whoever moves next
        self.catch_checked = self.version
        self.catchable_since = 0.0
        seat = catching_bot(self.game, self.bots, target)
        if seat is not None:
            self.apply(Stop(target), seat)

    def _bot_pace(self, bot: BotPlayer) -> float:
        """Seconds a bot's move takes at least, from the start of its thinking."""
        if self.hurrying:
            return 0.0
        pace = BOT_PACE[self.animator.speed] * PACE_FACTOR.get(self.settings.bot_pace, 1.0)
        # A searching bot thinks for its whole budget only when it has a choice, and moves at
        # once when it has none: a pause shorter than the budget would tell the table which.
        return max(pace, bot.longest_think + THINK_MARGIN if bot.longest_think else 0.0)

    def _run_bots(self, now: float) -> None:
        if self._stop_if_endless():
            return
        seat = self.game.current
        bot = self.bots.get(seat)
        if bot is None or (self.game.macau_catchable >= 0 and self.catch_checked != self.version):
            return
        if self.thinking is None:
            # The table's own list where it has one for this position; else the worker lists.
            legal = self.listed(seat)
            self.think_start_state = (bot.rng.getstate(), bot.memory())
            self.thinking = self.worker.think(bot, self.game.copy(), seat, legal)
            self.thinking_seat, self.think_since = seat, now
            self._think_version = self.version
            return
        pace = self._bot_pace(bot)
        if not self.thinking.done() or now - self.think_since < pace:
            return
        future, self.thinking = self.thinking, None
        if self._think_version != self.version or self.thinking_seat != seat:
            return  # the table moved on (a catch) while the bot thought
        self.apply(future.result(), seat)

    def state_before(self, seat: int) -> tuple[Any, object] | None:
        """The random stream state and memory of the bot at ``seat`` as its decision in this
        position began, while it is still thinking; None when it is not (its own are then
        the ones its next decision starts from)."""
        pending = self.thinking is not None and self._think_version == self.version
        return self.think_start_state if pending and self.thinking_seat == seat else None

    def _stop_if_endless(self) -> bool:
        """Stop the round once the bots alone have made ``FINISH_LIMIT`` moves in it."""
        if self.game.over or not self.every_person_out:
            self.alone_from = None
            return False
        if self.alone_from is None:
            self.alone_from = self.version
        if self.version - self.alone_from < FINISH_LIMIT or self.thinking is not None:
            return False
        if not self.director.idle:
            return False
        self.stop_endless_round()
        return True

    def stop_endless_round(self) -> None:
        """End a round the bots alone keep playing without end, scored as a blocked round:
        the places left go by the cards left (``Game.stop_round``)."""
        self.round_stopped = True
        self.director.words.heading(stopped_words(FINISH_LIMIT))
        self.director.words.stopped = True
        self.version += 1
        self.director.play(self.game.stop_round())

    def play_area_buttons(self) -> list[Button]:
        """Buttons drawn over the play area, which a seat's words keep clear of (none here;
        a match table has its Scores)."""
        return []

    @property
    def shown_blocked(self) -> bool:
        """Whether the round over is told as blocked: nobody could move (not a round the
        table stopped, whose first places were won by going out)."""
        return self.game.blocked and not self.round_stopped

    def draw(self, surface: pygame.Surface) -> None:
        """Everything, in tabledraw."""
        tabledraw.draw_table(self, surface)

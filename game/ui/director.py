"""Plays the engine's events back as animation, sound and log lines, one after another.

The engine has already moved on when events arrive; the ``TableModel`` is what the table
shows, and it follows the events as they play (a card leaves a hand when it takes off
and joins the pile when it lands). Once the queue is empty and nothing is in the air, the
model is synced to the engine, so a missed detail can never linger. The words of the
game log are the ``GameLog``'s, which can also tell the lines of events not shown yet.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import partial

from game.engine import (
    AttackPending,
    Card,
    CardsDrawn,
    CardsLaid,
    Event,
    FiveAgain,
    Game,
    MacauCalled,
    MacauCaught,
    MacauForgotten,
    MatchOver,
    MissedTurnsAccepted,
    Passed,
    PenaltyTaken,
    Phase,
    RankRequested,
    RequestEnded,
    Reshuffled,
    RoundOver,
    SeatOut,
    SkipPending,
    StackCancelled,
    StackLapsed,
    SuitNamed,
    TurnMissed,
    TurnStarted,
    cancel_verb,
)
from game.engine.explain_words import rank_plural
from game.textwords import count_words
from game.ui.hand import HandView
from game.ui.layout import TableLayout
from game.ui.moves import SUIT_CHAR, SUIT_NAMES, marker_text, played_words
from game.ui.sprites import BACK, UNDER_PILE, Flight, pile_angle, pile_offset
from game.ui.tween import Animator, Tween, ease_in_out_cubic, ease_out_cubic

__all__ = ["Bubble", "Director", "GameLog", "TableModel"]

PILE_SHOWN = 7


@dataclass(frozen=True)
class Mulling:
    """Not an engine event: a bot ``seat`` looks at the card it drew for ``seconds``, as it
    does when the card may be laid. Its turn ends at once when the card cannot be laid, and
    moving on at once would tell the table which."""

    seat: int
    seconds: float


@dataclass
class TableModel:
    """What the table shows right now (it trails the engine while events play)."""

    counts: list[int]
    pile: list[Card]
    stock: int
    current: int
    penalty: int = 0
    penalty_shown: float = 0.0  # the stack on screen: grows card by card towards ``penalty``
    penalty_target: int = -1
    skips: int = 0
    skips_target: int = -1  # the seat the missed turns wait on
    missed: list[int] = field(default_factory=list)
    places: dict[int, int] = field(default_factory=dict)
    marker: tuple[str, str] = ("", "")
    declared_top: Card | None = None
    # The cards landed on the pile this round (the top card's serial): each card's place on
    # the pile is fixed by its serial (``pile_offset``), kept through a reshuffle or a trim.
    laid: int = 0

    def serial(self, at: int) -> int:
        """The serial of the pile card at index ``at`` of ``pile``."""
        return self.laid - (len(self.pile) - 1 - at)

    @classmethod
    def of(cls, game: Game, names: Sequence[str]) -> TableModel:
        """The model of ``game`` at rest."""
        model = cls(list(game.hand_counts), [], 0, game.current)
        model.sync(game, names)
        return model

    def sync(self, game: Game, names: Sequence[str]) -> None:
        """Catch up with the engine completely."""
        self.counts = list(game.hand_counts)
        pile = list(game.pile[-PILE_SHOWN:])
        if pile != self.pile or not self.laid:
            # (the pile as shown: kept, and so the places of its cards; else counted anew)
            self.pile, self.laid = pile, len(game.pile)
        self.stock = game.stock_count
        self.current = game.current
        attack = game.phase == Phase.ATTACK
        self.penalty = game.penalty if attack else 0
        self.penalty_target = game.current if attack else -1
        self.skips = game.skips if game.phase == Phase.SKIP else 0
        self.skips_target = game.current if game.phase == Phase.SKIP else -1
        self.missed = list(game.missed)
        places = game.places
        self.places = (
            {s: p for s, p in enumerate(places) if p}
            if game.over
            else {s: i + 1 for i, s in enumerate(game.placings)}
        )
        self.marker = marker_text(game, names)
        top, eff = game.top, game.top_effective
        self.declared_top = eff if top is not None and top.is_joker and eff != top else None


@dataclass
class Bubble:
    """A speech bubble or floating word at a seat (or the pile when ``seat`` is -1)."""

    seat: int
    text: str
    tween: Tween
    loud: bool = False
    lead: str = ""  # the cards the seat has just laid, on a line above ``text``
    laid: bool = False  # ``text`` is the cards the seat has just laid
    # Where the bubbles shown when it came are for the rest of their lives, by seat: (x, y,
    # w, h) of a box holding them all; None until it is first drawn (``tabledraw._draw_words``).
    keep_off: dict[int, tuple[int, int, int, int]] | None = None


# The most lines the game log keeps: a round played by random bots runs to several hundred
# (850 in four-seat polish), and the log reads back to its deal. Beyond it the oldest go,
# and the log says how many.
LOG_LINES = 2000


class LogLines(deque[str]):
    """The log's lines, the newest last, counting the oldest ones let go to make room: a
    log read back keeps its place by them."""

    dropped = 0

    def append(self, line: str) -> None:
        if len(self) == self.maxlen:
            self.dropped += 1
        super().append(line)

    def extend(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.append(line)


class GameLog:
    """The game log's lines, one event at a time: a line of its own for a move, or words
    added to the line of the move they belong to ("Ben laid 2♥ — you owe 2")."""

    def __init__(self, names: list[str], macau_penalty: int = 5, target: int = 0) -> None:
        self.names = names  # the director's own list: a seat renamed is named so here too
        self.macau_penalty = macau_penalty  # what a forgotten call costs, for what is forgiven
        self.target = target  # the points that end a match (where the rules score points)
        self.lines = LogLines(maxlen=LOG_LINES)
        self.line_open = False  # the last line is a move's, and what follows adds to it
        # Lines said since the move's (``aside``): what follows still adds to the move's.
        self.open_back = 0
        self.stopped = False  # the table stopped this round: its end is not told as blocked
        # The one person at the table, whose own turns may be told in full (-1 when several
        # people share the screen: each line must read the same whatever their cards).
        self.private_seat = -1
        # What the requests in force ask for, by kind ("rank", "suit"), in the words their
        # end is told in ("8s", "♥ hearts"): the engine's end of a request names neither.
        self.asked: dict[str, str] = {}
        # A catch's line, said before the cards it costs are drawn: a reshuffle those cards
        # need is told above it, as it is above a penalty taken (RULES §2.6).
        self.catch_said = False

    def copy(self) -> GameLog:
        """The log as it is now, to write on without changing this one."""
        other = GameLog(self.names, self.macau_penalty, self.target)
        other.lines = LogLines(self.lines, maxlen=self.lines.maxlen)
        other.lines.dropped = self.lines.dropped
        other.line_open = self.line_open
        other.open_back = self.open_back
        other.stopped = self.stopped
        other.private_seat = self.private_seat
        other.asked = dict(self.asked)
        other.catch_said = self.catch_said
        return other

    def write(self, event: Event) -> None:
        """The words ``event`` adds to the log (most add some)."""
        handler = getattr(self, f"_on_{type(event).__name__}", None)
        catch_said = self.catch_said
        self.catch_said = False
        if handler is not None:
            if catch_said and isinstance(event, Reshuffled):
                caught = self.lines.pop()
                handler(event)
                self.say(caught)
                self.catch_said = True  # the cards are still to come
            else:
                handler(event)

    def say(self, line: str) -> None:
        """A new line, which the words of the events that follow it may join."""
        self.lines.append(line)
        self.line_open = True
        self.open_back = 0

    def heading(self, line: str) -> None:
        """A line of its own: nothing is added to it."""
        self.lines.append(line)
        self.line_open = False

    def aside(self, line: str) -> None:
        """A line of its own said in the middle of a move (a stack lapsing as it is laid):
        what the move goes on to add (its Macau) still joins the move's line."""
        self.lines.append(line)
        if self.line_open:
            self.open_back += 1
            self.line_open = self.open_back < len(self.lines)

    def clause(self, seat: int, third: str, second: str) -> str:
        """``seat``'s name and the verb phrase in the matching person ("You owe", "East owes")."""
        name = self.names[seat]
        return f"{name} {second}" if name == "You" else f"{name} {third}"

    def add_to_line(self, words: str) -> None:
        """``words`` after a dash on the open line, else a line of their own."""
        if self.lines and self.line_open:
            self.lines[-1 - self.open_back] += f" — {_mid_line(words)}"
        else:
            self.say(words[:1].upper() + words[1:])

    def _on_TurnStarted(self, ev: TurnStarted) -> None:
        self.line_open = False

    def _on_CardsLaid(self, ev: CardsLaid) -> None:
        words = played_words(ev.cards, ev.declared)
        if len(ev.cards) == 1 and ev.cards[0].is_joker:
            words = f"the {words}"  # "laid the red joker", as "laid 7♥"
        self.say(f"{self.names[ev.seat]} laid {words}")

    def _on_CardsDrawn(self, ev: CardsDrawn) -> None:
        if not ev.penalty:
            s = "" if ev.count == 1 else "s"
            self.say(f"{self.names[ev.seat]} drew {ev.count} card{s}")

    def _on_AttackPending(self, ev: AttackPending) -> None:
        self.add_to_line(self.clause(ev.target, f"owes {ev.total}", f"owe {ev.total}"))

    def _on_PenaltyTaken(self, ev: PenaltyTaken) -> None:
        forgiven = ev.owed - ev.drawn
        extra = f" ({forgiven} forgiven: the pack ran out)" if forgiven else ""
        self.say(f"{self.names[ev.seat]} took {count_words(ev.drawn, 'penalty card')}{extra}")

    def _on_StackCancelled(self, ev: StackCancelled) -> None:
        self.add_to_line(f"the stack of {ev.total} is {cancel_verb([ev.card], done=True)}")

    def _on_StackLapsed(self, ev: StackLapsed) -> None:
        if ev.total:
            waiting = f"the stack of {ev.total} lapses"
        else:  # "1 missed turn lapses", "2 missed turns lapse"
            waiting = (
                f"{ev.skips} missed turn lapses"
                if ev.skips == 1
                else f"{ev.skips} missed turns lapse"
            )
        if ev.reason == "out":
            self.aside(f"{self.names[ev.seat]} went out on {ev.card.pretty}: {waiting}")
        else:
            self.aside(f"Every other seat is out or waiting: {waiting}")

    def _on_Reshuffled(self, ev: Reshuffled) -> None:
        cards = "1 card" if ev.count == 1 else f"{ev.count} cards"
        self.say(f"The pile is shuffled into a new stock ({cards})")

    def _on_SuitNamed(self, ev: SuitNamed) -> None:
        named = _suit_words(ev).rstrip("!").lower()
        you = self.names[ev.seat] == "You"
        free = "a " if ev.suit == "*" else ""  # "names a free suit, not ♥"
        self.add_to_line(f"{'name' if you else 'names'} {free}{named}")
        self.asked["suit"] = named

    def _on_RankRequested(self, ev: RankRequested) -> None:
        ask = "ask for" if self.names[ev.seat] == "You" else "asks for"
        self.add_to_line(f"{ask} {rank_plural(ev.rank)}" if ev.rank else f"{ask} nothing")
        self.asked["rank"] = rank_plural(ev.rank) if ev.rank else ""

    def _on_RequestEnded(self, ev: RequestEnded) -> None:
        # Told on the move that ends it (met, or its round of turns over), as a stack's end
        # is: the marker beside the pile goes without a word otherwise.
        asked = self.asked.pop(ev.kind, "")
        if asked.startswith("free suit"):
            self.add_to_line("the free suit is over")
        elif asked:
            self.add_to_line(f"{asked} no longer asked for")
        else:  # (asked before the game was continued, or for nothing)
            self.add_to_line(f"the {'jack' if ev.kind == 'rank' else 'suit'} request is over")

    def _on_SkipPending(self, ev: SkipPending) -> None:
        turns = "turn" if ev.count == 1 else "turns"
        self.add_to_line(
            self.clause(
                ev.target, f"faces {ev.count} missed {turns}", f"face {ev.count} missed {turns}"
            )
        )

    def _on_MissedTurnsAccepted(self, ev: MissedTurnsAccepted) -> None:
        turns = "turn" if ev.count == 1 else "turns"
        self.say(self.clause(ev.seat, f"misses {ev.count} {turns}", f"miss {ev.count} {turns}"))

    def _on_TurnMissed(self, ev: TurnMissed) -> None:
        # A line of its own: what follows (a stack passed over this seat to the next, the
        # mover's Macau) is not its doing, and joins the move's line.
        self.aside(
            self.clause(
                ev.seat, f"sits out a turn ({ev.left} left)", f"sit out a turn ({ev.left} left)"
            )
        )

    def _on_Passed(self, ev: Passed) -> None:
        if ev.blocked:
            self.say(self.clause(ev.seat, "cannot move and passes", "cannot move and pass"))
        elif ev.seat == self.private_seat:
            # Said only to the one person at the table: a drawn card that cannot be laid ends
            # the turn with nothing to say, so "keeps it" would tell the others it fits.
            if self.line_open:
                self.add_to_line("keep it" if self.names[ev.seat] == "You" else "keeps it")
            else:  # the draw's line is not this log's (the game was continued after it)
                self.say(self.clause(ev.seat, "keeps the card drawn", "keep the card drawn"))

    def _on_FiveAgain(self, ev: FiveAgain) -> None:
        self.add_to_line("you go again" if self.names[ev.seat] == "You" else "goes again")

    def _on_MacauCalled(self, ev: MacauCalled) -> None:
        self.add_to_line("Macau!")

    def _on_MacauForgotten(self, ev: MacauForgotten) -> None:
        self.add_to_line("no Macau called")  # told even when nobody stops it in time

    def _on_MacauCaught(self, ev: MacauCaught) -> None:
        caught = self.names[ev.seat]
        object_ = "you" if caught == "You" else caught
        if not self.macau_penalty:
            self.say(f"{self.names[ev.by]} caught {object_} (no penalty)")
            return
        drawer = self.clause(ev.seat, f"draws {ev.penalty}", f"draw {ev.penalty}")
        forgiven = self.macau_penalty - ev.penalty
        extra = f" ({forgiven} forgiven: the pack ran out)" if forgiven > 0 else ""
        self.say(f"{self.names[ev.by]} caught {object_} — {_mid_line(drawer)}{extra}")
        self.catch_said = True

    def _on_SeatOut(self, ev: SeatOut) -> None:
        self.say(self.clause(ev.seat, f"is out — place {ev.place}", f"are out — place {ev.place}"))

    def _on_RoundOver(self, ev: RoundOver) -> None:
        if self.stopped:
            line = "Round over (stopped)"
        else:
            line = "Round over" + (" (blocked)" if ev.blocked else "")
        # Where the rules score points, what each seat left holding is charged.
        charged = [f"{self._mid_name(s)} +{c}" for s, c in enumerate(ev.charges) if c]
        if charged:
            line += " — points: " + ", ".join(charged)
        self.say(line)
        self.stopped = False

    def _on_MatchOver(self, ev: MatchOver) -> None:
        # Every seat whose total reached the target has lost (RULES §6), not only the one
        # the event names first.
        over = [s for s, score in enumerate(ev.scores) if score >= self.target] or [ev.loser]
        reached = [
            f"{self._mid_name(s)} ({ev.scores[s]})"
            if ev.scores[s] != self.target
            else self._mid_name(s)
            for s in over
        ]
        line = f"{_and_words(reached)} reached {self.target}"
        winners = [self._mid_name(s) for s in ev.winners]
        if len(winners) > 1:
            low = ev.scores[ev.winners[0]]
            line += f" — drawn match: {_and_words(winners)}, {low} points each"
        else:
            wins = "win" if winners[0] == "you" else "wins"
            line += f" — {winners[0]} {wins} the match with {ev.scores[ev.winners[0]]} points"
        self.heading("Match over: " + line)

    def _mid_name(self, seat: int) -> str:
        """A seat's name in the middle of a line: "you" for the person at the table."""
        name = self.names[seat]
        return "you" if name == "You" else name


class Director:
    """Queues event batches and turns each event into flights, bubbles, sounds and words."""

    def __init__(
        self,
        game: Game,
        names: Sequence[str],
        hand: HandView,
        animator: Animator,
        play_sound: Callable[[str], None],
    ) -> None:
        self.game = game
        self.names = list(names)
        self.hand = hand
        self.animator = animator
        self.play_sound = play_sound
        self.model = TableModel.of(game, names)
        self.layout: TableLayout | None = None
        self.flights: list[Flight] = []
        self.bubbles: list[Bubble] = []
        self.words = GameLog(self.names, game.rules.macau_penalty, game.rules.target)
        self.queue: deque[Event | Mulling] = deque()
        self.mulling = -1  # the seat looking at the card it drew (``Mulling``), if any
        self.launch: dict[int, tuple[float, float]] = {}  # uid -> where a dropped card is
        self.on_round_over: Callable[[RoundOver], None] | None = None
        self.match_over: MatchOver | None = None
        # The seat whose hand is at the bottom; seats are drawn rotated around it, so in
        # pass-and-play each player sees the table from their own chair.
        self.viewer = 0
        # False while the bottom hand must stay face down (pass-and-play between turns).
        self.reveal = True
        self._wait_until = 0.0
        self._skip_bubble: Bubble | None = None  # "Miss a turn" at the seat a skip waits on
        # The seat a catch has just fined: its penalty cards come from the stock, and an
        # attack stack waiting meanwhile stays where it is (both are penalty draws).
        self._fined = -1
        # The round (its number) in which the seat shown went out first and heard it: the
        # round's end does not cheer a second time, long after, once the others have finished.
        self.cheered_round = -1

    @property
    def log(self) -> deque[str]:
        """The game log's lines, as far as the events have been shown."""
        return self.words.lines

    @property
    def log_dropped(self) -> int:
        """How many of the log's oldest lines were let go to make room for new ones."""
        return self.words.lines.dropped

    def log_when_shown(self) -> list[str]:
        """The log as it will read once every event queued now has been shown: what a save
        keeps, so a move applied but still being shown when the game closes keeps its line."""
        return list(self.words_when_shown().lines)

    def words_when_shown(self) -> GameLog:
        """The game log once every event queued now has been shown (its lines, the old ones
        let go, the requests in force): a copy, the log itself left as it is."""
        words = self.words.copy()
        for event in self.queue:
            if not isinstance(event, Mulling):
                words.write(event)
        return words

    # --- feeding -----------------------------------------------------------------------------
    def play(self, events: Sequence[Event], mull: Mulling | None = None) -> None:
        """Queue a batch of events (as the viewer may see them); ``mull`` goes in after the
        card its seat drew."""
        for e in events:
            self.queue.append(e.public(self.viewer))
            if mull is not None and isinstance(e, CardsDrawn) and e.seat == mull.seat:
                self.queue.append(mull)
                mull = None

    def stack_drawn(self) -> int | None:
        """What taking the stack on view draws, once its take is queued behind a reshuffle
        still being shown (the pack short: what is left, the rest forgiven); None when no
        take of that stack is queued."""
        for event in self.queue:
            if isinstance(event, AttackPending):
                return None  # the stack on view grows first
            if isinstance(event, PenaltyTaken):
                return event.drawn if event.owed == self.model.penalty else None
        return None

    @property
    def idle(self) -> bool:
        """Nothing queued and nothing in the air: the model equals the engine."""
        return not self.queue and not self.flights

    def _grow_stack(self, dt: float) -> None:
        """The penalty stack gains (or pours out) a card at a time, so an attack is seen land."""
        m = self.model
        target = float(m.penalty)
        if self.animator.off or dt <= 0:
            m.penalty_shown = target
            return
        rate = 14.0 / max(self.animator.factor, 0.25)  # cards per second
        step = rate * dt
        if m.penalty_shown < target:
            m.penalty_shown = min(target, m.penalty_shown + step)
        elif m.penalty_shown > target:
            m.penalty_shown = max(target, m.penalty_shown - 2 * step)

    def update(self, dt: float) -> None:
        """Land finished flights, start due events, and sync once everything has played."""
        now = self.animator.now
        for flight in list(self.flights):
            if flight.on_leave is not None and flight.started(now):
                _leave(flight)
            if flight.tween.done(now):
                self.flights.remove(flight)
                if flight.on_land is not None:
                    flight.on_land()
        self.bubbles = [b for b in self.bubbles if not b.tween.done(now)]
        self._grow_stack(dt)
        while self.queue and now >= self._wait_until:
            if isinstance(self.queue[0], Mulling) and self.flights:
                break  # the seat looks at its card once it has it, as when it may lay it
            wait = self._handle(self.queue.popleft())
            self._wait_until = now + wait
            if wait > 0:
                break
        if self.animator.off:
            self.land_flights()
        if self.idle:
            self.resync()

    def land_flights(self) -> None:
        """Every card in the air lands at once, as if its flight had ended (animation off;
        a resize, after which the places they were flying to are gone)."""
        for flight in list(self.flights):
            self.flights.remove(flight)
            if flight.on_leave is not None:
                _leave(flight)
            if flight.on_land is not None:
                flight.on_land()

    def resync(self) -> None:
        """Make the model and your hand match the engine."""
        self.mulling = -1
        self._fined = -1
        self.model.sync(self.game, self.names)
        self.hand.sync(self.game.hand(self.viewer), face_down=not self.reveal)

    # --- geometry ----------------------------------------------------------------------------
    def slot(self, seat: int) -> int:
        """Where ``seat`` sits on screen: 0 at the bottom, then clockwise as in the layout."""
        return (seat - self.viewer) % self.game.seats

    def seat_at(self, slot: int) -> int:
        """The seat drawn in layout ``slot``."""
        return (slot + self.viewer) % self.game.seats

    def seat_point(self, seat: int) -> tuple[float, float]:
        """Where cards of ``seat`` fly to and from."""
        assert self.layout is not None
        slot = self.slot(seat)
        if slot == 0:
            r = self.layout.hand_rect
            return (r.centerx, r.centery)
        return self.layout.areas[slot].fan_centre

    def top_serial(self) -> int:
        """The serial the engine's top card has on the pile once the cards flying to it have
        landed (``TableModel.laid``)."""
        return self.model.laid + sum(1 for f in self.flights if f.tag == "pile")

    def top_serial_when_shown(self) -> int:
        """``top_serial`` once every event queued now has been shown, the cards of the lays
        still to be shown counted too: what a save keeps (as ``log_when_shown``)."""
        queued = sum(len(e.cards) for e in self.queue if isinstance(e, CardsLaid))
        return self.top_serial() + queued

    def _pile_point(self, card: Card, serial: int) -> tuple[tuple[float, float], float]:
        """Where ``card`` lies on the pile, and its tilt (``serial``: see ``pile_offset``)."""
        assert self.layout is not None
        dx, dy = pile_offset(card, self.game.round_no, self.layout.card[0], serial)
        c = self.layout.pile.center
        return (c[0] + dx, c[1] + dy), pile_angle(card, self.game.round_no, serial)

    def _bubble(
        self, seat: int, text: str, seconds: float = 1.4, loud: bool = False, laid: bool = False
    ) -> Bubble:
        # Speech is information, not decoration: it stays readable even with animation off.
        duration = seconds * max(self.animator.factor, 0.6)
        # A seat says one thing at a time: its newest words take the place of what it said
        # before ("Out!" after "Macau!"), which the log keeps. The cards it has just laid stay
        # above what it says after them ("Macau!", a suit named): a run followed by a call
        # would otherwise be seen for a moment only.
        before = [b for b in self.bubbles if b.seat == seat]
        lead = before[0].text if before and before[0].laid and not laid else ""
        self.bubbles = [b for b in self.bubbles if b.seat != seat]
        tween = Tween(self.animator.now, duration, ease_out_cubic)
        bubble = Bubble(seat, text, tween, loud, lead=lead, laid=laid)
        self.bubbles.append(bubble)
        return bubble

    def _unsay(self, bubble: Bubble | None) -> None:
        """Take ``bubble`` away before its time: what it said no longer holds."""
        self.bubbles = [b for b in self.bubbles if b is not bubble]

    def note_deal(self) -> None:
        """Start the log of a round with its deal: who dealt, how many cards, the first card."""
        g = self.game
        each = max(g.hand_counts, default=0)
        dealt = self.words.clause(g.dealer, "deals", "deal")
        cards = f"{each} card{'s' if each != 1 else ''}"
        self._heading(f"Round {g.round_no}: {dealt} {cards} each", "starts the pile")

    def note_resumed(self) -> None:
        """Mark in the log where a resumed round picks up: once, when it is continued again
        with nothing played since it was last marked."""
        line = self._heading_line(f"Round {self.game.round_no} resumed", "on the pile")
        if not self.log or self.log[-1] != line:
            self.words.heading(line)

    def _heading(self, words: str, top: str) -> None:
        """A line of its own (nothing is added to it) naming the top card of the pile."""
        self.words.heading(self._heading_line(words, top))

    def _heading_line(self, words: str, top: str) -> str:
        pile = self.game.pile
        return f"{words}; {pile[-1].pretty} {top}" if pile else words

    # --- events ------------------------------------------------------------------------------
    def _handle(self, event: Event | Mulling) -> float:
        """Start the show for ``event``; returns seconds before the next event may start."""
        if isinstance(event, Mulling):
            self.mulling = event.seat
            return event.seconds  # a bot's pause, already as the settings make it
        self.words.write(event)
        handler = getattr(self, f"_on_{type(event).__name__}", None)
        if handler is None:
            return 0.0
        wait: float = handler(event)
        return self.animator.seconds(wait)

    def _on_TurnStarted(self, ev: TurnStarted) -> float:
        self.mulling = -1
        # Words said from now on belong to another turn: the cards laid before are no lead
        # for them (a jack laid alone later must not read as the group laid the turn before).
        for bubble in self.bubbles:
            bubble.laid = False
        self.model.current = ev.seat
        return 0.0

    def _on_CardsLaid(self, ev: CardsLaid) -> float:
        assert self.layout is not None
        m, an = self.model, self.animator
        big = self.layout.card[0]
        self.play_sound("play")
        # Each card's serial on the pile: after those landed and those still flying to it.
        top = self.top_serial()
        for i, card in enumerate(ev.cards):
            dst, angle = self._pile_point(card, top + i + 1)
            # A card counts as laid as it leaves the hand, yours as anyone's.
            m.counts[ev.seat] = max(0, m.counts[ev.seat] - 1)
            if ev.seat == self.viewer:
                hc = self.hand.remove(card, prefer=self.launch)
                src = self.launch.pop(hc.uid, None) if hc is not None else None
                if src is None and hc is not None:
                    src = self.hand.centre(hc, self.layout)
                src = src or self.seat_point(self.viewer)
                code, flip, w0, a0 = card.code, None, big, hc.angle if hc else 0.0
            else:
                src = self.seat_point(ev.seat)
                code, flip, w0, a0 = BACK, card.code, self.layout.small[0], 0.0
            # Your cards all leave the hand at once (one waiting there would sit over the
            # hand already closed up without it) and land one after another; another seat's
            # come out of its fan one after another.
            if ev.seat == self.viewer:
                tween = an.tween(0.38 + 0.09 * i, ease_out_cubic)
            else:
                tween = an.tween(0.38, ease_out_cubic, delay=0.09 * i)
            self.flights.append(
                Flight(
                    code,
                    src,
                    dst,
                    tween,
                    a0=a0,
                    a1=angle,
                    width0=w0,
                    width1=big,
                    flip_to=flip,
                    on_land=partial(
                        self._land_on_pile, card, ev.declared[i] if ev.declared else None
                    ),
                    tag="pile",
                )
            )
        if len(ev.cards) > 1 and ev.seat != self.viewer:
            # A group or a run: only its top card stays in view on the pile.
            self._bubble(ev.seat, _laid_words(ev), laid=True)
        elif ev.declared and ev.declared[-1] is not None:
            self._bubble(ev.seat, f"as {ev.declared[-1].pretty}")
        return 0.3 + 0.09 * (len(ev.cards) - 1)

    def _land_on_pile(self, card: Card, stands: Card | None = None) -> None:
        """A laid card reaches the pile; a joker shows at once the card it stands for."""
        self.model.pile.append(card)
        self.model.laid += 1
        self.model.declared_top = stands if card.is_joker else None
        del self.model.pile[:-PILE_SHOWN]

    def _on_CardsDrawn(self, ev: CardsDrawn) -> float:
        assert self.layout is not None
        m, an = self.model, self.animator
        stack = ev.penalty and ev.seat != self._fined  # the attack stack taken, not a fine
        self._fined = -1
        src = self.layout.penalty.center if stack else self.layout.stock.center
        if stack:
            m.penalty = 0
        self.play_sound("draw")
        big, small = self.layout.card[0], self.layout.small[0]
        step = 0.05 if ev.count > 3 else 0.09
        for i in range(ev.count):
            if ev.seat == self.viewer:
                card = ev.cards[i] if i < len(ev.cards) else None
                # Aimed below at its gap in the hand (a card put at the end and then sorted
                # into place slid under the others).
                flight = Flight(
                    BACK,
                    src,
                    src,
                    an.tween(0.42, ease_out_cubic, delay=step * i),
                    width0=big,
                    width1=big,
                    flip_to=card.code if card and self.reveal else None,
                    arc=30,
                    tag="hand",
                    card=card,
                )
                flight.on_land = partial(self.land_in_hand, flight)
                flight.on_leave = self._stock_gives
            else:
                flight = Flight(
                    BACK,
                    src,
                    self.seat_point(ev.seat),
                    an.tween(0.4, ease_in_out_cubic, delay=step * i),
                    a0=0,
                    a1=10,
                    width0=big,
                    width1=small,
                    arc=20,
                    on_land=partial(self._land_at_seat, ev.seat),
                    on_leave=self._stock_gives,
                    tag="seat",
                )
            self.flights.append(flight)
        self.retarget_hand_flights()
        return 0.25 + step * ev.count

    def land_in_hand(self, flight: Flight) -> None:
        """A card drawn or dealt to you lands: it goes into the hand where it flew."""
        if flight.card is not None:
            self.hand.add(flight.card, at=flight.dst, face_down=not self.reveal)
        self.model.counts[self.viewer] += 1

    def hand_flights(self) -> list[Flight]:
        """The cards flying to your hand, in the order they land."""
        return [f for f in self.flights if f.tag == "hand"]

    def retarget_hand_flights(self) -> None:
        """Aim each card flying to your hand at the gap the hand keeps for it (its place as
        the hand will add it, the others on their way counted): so it flies straight there
        and lands without a card moving. Called as cards set off, and again when the hand's
        order changes meanwhile (sorted the other way, a card moved): they fly on from where
        they are."""
        if self.layout is None:
            return
        flights = self.hand_flights()
        _held, slots = self.hand.card_slots(
            self.layout, [f.card for f in flights], face_down=not self.reveal
        )
        now = self.animator.now
        for flight, (x, y, _angle) in zip(flights, slots, strict=True):
            flight.retarget((x, y), now)

    def _land_at_seat(self, seat: int) -> None:
        self.model.counts[seat] += 1

    def _on_AttackPending(self, ev: AttackPending) -> float:
        self.model.penalty = ev.total
        self.model.penalty_target = ev.target
        self.play_sound("penalty")
        self._bubble(-1, f"+{ev.added}", 1.0, loud=True)
        return 0.15

    def _on_PenaltyTaken(self, ev: PenaltyTaken) -> float:
        self.model.penalty = 0
        self.model.penalty_target = -1
        return 0.1

    def _on_StackCancelled(self, ev: StackCancelled) -> float:
        self.model.penalty = 0
        # The words How to play uses: a 7 cuts a stack, a 4 or K♣/K♦ blocks it.
        self._bubble(-1, cancel_verb([ev.card], done=True).capitalize() + "!", 1.2, loud=True)
        return 0.2

    def _on_StackLapsed(self, ev: StackLapsed) -> float:
        m = self.model
        m.penalty = 0
        m.penalty_target = -1
        m.skips = 0
        self._unsay(self._skip_bubble)
        self._bubble(-1, "Lapsed", 1.2)
        return 0.2

    def _on_Reshuffled(self, ev: Reshuffled) -> float:
        assert self.layout is not None
        m, an = self.model, self.animator
        for flight in [f for f in self.flights if f.tag == "pile"]:
            # (the card the pile keeps may still be on its way: it is the top card)
            self.flights.remove(flight)
            if flight.on_land is not None:
                flight.on_land()
        under = m.pile[:-1]
        m.pile = m.pile[-1:]
        self.play_sound("shuffle")
        big = self.layout.card[0]
        shown = under[-6:]
        # The stock's count grows as the cards shown flying to it land, each bringing its
        # share of those shuffled in (the last one the rest), as the deal counts them out.
        shares = [ev.count // len(shown)] * len(shown) if shown and not an.off else []
        if shares:
            shares[-1] += ev.count - sum(shares)
        else:
            m.stock += ev.count
        # (the top card keeps its serial, and so its place)
        for i, card in enumerate(shown):
            src, angle = self._pile_point(card, m.laid - len(shown) + i)
            self.flights.append(
                Flight(
                    card.code,
                    src,
                    self.layout.stock.center,
                    an.tween(0.45, ease_in_out_cubic, delay=0.06 * i),
                    a0=angle,
                    a1=0,
                    width0=big,
                    width1=big,
                    flip_to=BACK,
                    arc=24,
                    tag=UNDER_PILE,  # they leave from beneath the top card, which stays seen
                    on_land=partial(self._stock_grows, shares[i]) if shares else None,
                )
            )
        # The next move (often a draw from the new stock) waits for the last of them.
        return max(0.6, 0.45 + 0.06 * (len(shown) - 1) + 0.05)

    def _stock_grows(self, count: int) -> None:
        self.model.stock += count

    def _stock_gives(self) -> None:
        """A drawn card sets off: the stock's count goes down by one as each card leaves
        (an attack's stack too: its cards come from the stock)."""
        self.model.stock = max(0, self.model.stock - 1)

    def _on_SuitNamed(self, ev: SuitNamed) -> float:
        self._bubble(ev.seat, _suit_words(ev))
        return 0.15

    def _on_RankRequested(self, ev: RankRequested) -> float:
        said = rank_plural(ev.rank) if ev.rank else ""
        text = f"{said[:1].upper()}{said[1:]}!" if ev.rank else "Nothing"
        self._bubble(ev.seat, text)
        return 0.15

    def _on_SkipPending(self, ev: SkipPending) -> float:
        self.model.skips = ev.count
        self.model.skips_target = ev.target
        self.play_sound("skip")
        # The seat it waited on before has answered it with a skip card of its own.
        self._unsay(self._skip_bubble)
        self._skip_bubble = None
        if ev.target != self.viewer:  # (yours is said by the line under the table)
            # As loud as an attack's "+N", at the seat it waits on: nothing at the pile shows it.
            words = "Miss a turn" if ev.count == 1 else f"Miss {ev.count} turns"
            self._skip_bubble = self._bubble(ev.target, words, loud=True)
        return 0.15

    def _on_MissedTurnsAccepted(self, ev: MissedTurnsAccepted) -> float:
        self.model.skips = 0
        self.model.missed[ev.seat] = ev.count - 1
        self._bubble(ev.seat, "I'll wait")
        return 0.35

    def _on_TurnMissed(self, ev: TurnMissed) -> float:
        self.model.missed[ev.seat] = ev.left
        self._bubble(ev.seat, "Missed turn")
        return 0.35

    def _on_Passed(self, ev: Passed) -> float:
        if ev.blocked:
            self._bubble(ev.seat, "Pass")
        return 0.1

    def _on_FiveAgain(self, ev: FiveAgain) -> float:
        self._bubble(ev.seat, "Five again")
        return 0.1

    def _on_MacauCalled(self, ev: MacauCalled) -> float:
        self._bubble(ev.seat, "Macau!", 1.6, loud=True)
        self.play_sound("macau")
        return 0.25

    def _on_MacauForgotten(self, ev: MacauForgotten) -> float:
        return 0.0

    def _on_MacauCaught(self, ev: MacauCaught) -> float:
        self._bubble(ev.by, "Stop Macau!", 1.6, loud=True)
        # Said where the caught seat is looked at too: a forgotten call is the one rule a
        # newcomer breaks without a word otherwise (the log, closed by default, has it).
        # "You" only while that seat's person is at the screen: a catch made on the hand-off
        # screen of pass-and-play is read by the person who made it.
        yours = ev.seat == self.viewer and self.reveal
        forgot = "You forgot to call Macau" if yours else "Forgot Macau"
        self._bubble(ev.seat, f"{forgot}: +{ev.penalty}" if ev.penalty else forgot, 2.4)
        self.play_sound("penalty")
        self._fined = ev.seat
        return 0.3

    def _on_SeatOut(self, ev: SeatOut) -> float:
        self.model.places[ev.seat] = ev.place
        self._bubble(ev.seat, "Out!" if ev.place > 1 else "I win!", 2.0, loud=True)
        ends = any(isinstance(e, RoundOver) for e in self.queue)  # (which sounds itself)
        if ev.place == 1 and ev.seat == self.viewer and self.reveal and not ends:
            self.play_sound("win")  # as the last card lands, not when the others finish
            self.cheered_round = self.game.round_no
        return 0.3

    def _on_RoundOver(self, ev: RoundOver) -> float:
        if self.on_round_over is not None:
            self.on_round_over(ev)
        return 0.0

    def _on_MatchOver(self, ev: MatchOver) -> float:
        self.match_over = ev
        return 0.0


def _suit_words(ev: SuitNamed) -> str:
    """What a seat says naming a suit: "♣ Clubs!", or "Free suit" (with the one it may not be)."""
    if ev.suit == "*":
        return "Free suit" + (f", not {SUIT_CHAR[ev.excluded]}" if ev.excluded else "")
    return f"{SUIT_CHAR[ev.suit]} {SUIT_NAMES[ev.suit]}!"


def _laid_words(ev: CardsLaid) -> str:
    """The cards of a play, short: "5♥ 6♥ 7♥ 7♣ 8♣", "7♥, 8♥ (joker), 9♥"."""
    return played_words(ev.cards, ev.declared, short=True)


def _and_words(items: list[str]) -> str:
    """'Ada', 'Ada and Ben', 'Ada, Ben and Cy'."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _mid_line(words: str) -> str:
    """``words`` as they go on after a dash: "You owe 5" reads "you owe 5" there."""
    return "you" + words[3:] if words.startswith("You ") else words


def _leave(flight: Flight) -> None:
    """Run a flight's ``on_leave`` once."""
    leave, flight.on_leave = flight.on_leave, None
    if leave is not None:
        leave()

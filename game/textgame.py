"""A terminal game: you are seat 0 against computer players. Type actions in notation.

``run_text_game`` checks the command line and deals; ``play`` runs a prepared game (a new deal
or a position from notation) to the end of its round, or of its match where the rules score
points. ``describe``, ``narrate`` and ``status`` put the game into words for your seat.
"""

from __future__ import annotations

import contextlib
import random
import re
import sys
from collections import Counter
from collections.abc import Sequence
from typing import TextIO

from .bots import BOT_LEVELS, make_bot
from .bots.base import Bot
from .engine import (
    PRESETS,
    Action,
    Card,
    Game,
    IllegalMove,
    NotationError,
    Phase,
    Play,
    Stop,
    View,
    parse_action,
)
from .engine.actions import (
    AttackPending,
    CardsDrawn,
    CardsLaid,
    Event,
    MacauCalled,
    MacauCaught,
    MacauForgotten,
    MissedTurnsAccepted,
    Passed,
    PenaltyTaken,
    RankRequested,
    Reshuffled,
    RoundOver,
    SeatOut,
    SkipPending,
    StackCancelled,
    StackLapsed,
    SuitNamed,
    TurnMissed,
)
from .engine.cards import SUIT_NAMES

HELP = """Type a move in notation:
  7H            lay one card            7S 7D     lay several (first must fit)
  AS/H          ace naming hearts       JC/8      jack requesting 8s (JC/- for nothing)
  RJ=KH         joker standing for K♥   8H!       lay and call Macau
  draw          draw a card / take the penalty
  pass          keep the drawn card / accept missed turns
  stop N        catch seat N who forgot to call Macau
  ?             your legal moves        ??        every one of them
  help          this list again         q         quit"""

# "?" shows this many legal moves at most: with stand-in jokers a hand can have thousands.
SHOWN_MOVES = 40
LINE_WIDTH = 78


def describe(e: Event, me: int) -> str | None:
    """One event in words, as seat ``me`` sees it: "You" with the verb that goes with it."""
    name = _seat_name(getattr(e, "seat", -1), me)
    if isinstance(e, CardsLaid):
        cards = " ".join(
            c.pretty + (f" (as {d.pretty})" if d is not None else "")
            for c, d in zip(e.cards, e.declared or (None,) * len(e.cards), strict=True)
        )
        return f"{name} laid {cards}"
    if isinstance(e, CardsDrawn):
        if e.penalty:
            return None  # said with the penalty or the catch it pays
        what = _cards(e.cards) if e.seat == me and e.cards else _count(e.count, "card")
        return f"{name} drew {what}"
    if isinstance(e, AttackPending):
        return _says(e.target, me, f"owe {e.total}", f"owes {e.total}")
    if isinstance(e, PenaltyTaken):
        text = f"{name} took {_count(e.drawn, 'penalty card')}"
        if e.drawn < e.owed:
            text += f" of the {e.owed} owed (the rest is forgiven)"
        return text
    if isinstance(e, StackCancelled):
        return f"{name} cut the stack of {e.total} with {e.card.pretty}"
    if isinstance(e, StackLapsed):
        if e.total:
            waiting = f"the stack of {e.total} lapses"
        else:
            waiting = f"{_count(e.skips, 'missed turn')} {'lapses' if e.skips == 1 else 'lapse'}"
        if e.reason == "out":
            return f"{name} went out on {e.card.pretty}: {waiting}"
        return f"every other seat is out or waiting: {waiting}"
    if isinstance(e, Reshuffled):
        return f"the pile was shuffled into a new stock ({_count(e.count, 'card')})"
    if isinstance(e, SuitNamed):
        if e.suit == "*":
            return f"{name} named a free suit (anything but {SUIT_NAMES[e.excluded]})"
        return f"{name} named {SUIT_NAMES[e.suit]}"
    if isinstance(e, RankRequested):
        return f"{name} requested {e.rank + 's' if e.rank else 'nothing'}"
    if isinstance(e, SkipPending):
        return f"{_seat_name(e.target, me)} must miss {_count(e.count, 'turn')} or answer"
    if isinstance(e, MissedTurnsAccepted):
        return f"{name} will miss {_count(e.count, 'turn')}"
    if isinstance(e, TurnMissed):
        return _says(e.seat, me, "miss a turn", "misses a turn") + f" ({e.left} left)"
    if isinstance(e, Passed):
        if e.blocked:
            return _says(e.seat, me, "are blocked and pass", "is blocked and passes")
        return f"{name} kept the card"
    if isinstance(e, MacauCalled):
        return _says(e.seat, me, "call Macau!", "calls Macau!")
    if isinstance(e, MacauForgotten):
        return _says(e.seat, me, "have", "has") + " one card and did not call Macau"
    if isinstance(e, MacauCaught):
        caught = _says(e.seat, me, f"draw {e.penalty}", f"draws {e.penalty}")
        return f"{_seat_name(e.by, me)}: stop Macau! {caught}"
    if isinstance(e, SeatOut):
        return f"{name} went out (place {e.place})"
    if isinstance(e, RoundOver):
        return "the round is over" + (" (blocked)" if e.blocked else "")
    return None


def narrate(events: Sequence[Event], me: int) -> list[str]:
    """The events of one action in words, as seat ``me`` sees them. The penalty cards ``me``
    drew are named with the penalty or the catch they pay (your own draws are yours to see);
    another seat's show only their number."""
    lines: list[str] = []
    drawn: tuple[Card, ...] = ()
    for i, event in enumerate(events):
        e = event.public(me)
        if isinstance(e, CardsDrawn) and e.penalty and e.seat == me and e.cards:
            if i and isinstance(events[i - 1], MacauCaught) and lines:
                lines[-1] += ": " + _cards(e.cards)  # the catch comes before its cards
            else:
                drawn = e.cards  # the penalty taken comes after its cards
            continue
        text = describe(e, me)
        if text is None:
            continue
        if isinstance(e, PenaltyTaken) and e.seat == me and drawn:
            text += ": " + _cards(drawn)
            drawn = ()
        lines.append(text)
    return lines


def legal_moves(legal: Sequence[Action], every: bool = False) -> str:
    """The legal moves in wrapped lines: the first ``SHOWN_MOVES`` of them unless ``every``,
    since a hand with stand-in jokers can have thousands, too many to read."""
    moves = [str(a) for a in legal]
    shown = moves if every else moves[:SHOWN_MOVES]
    text = _wrapped("Legal:", shown)
    if len(shown) < len(moves):
        more = len(moves) - len(shown)
        text += f"\n… and {more} more (type a move in notation; `??` lists them all)"
    return text


def _wrapped(head: str, items: Sequence[str], width: int = LINE_WIDTH) -> str:
    """``head`` and ``items``, comma-separated, in lines of at most ``width`` characters
    (unless one item is longer) that never break inside an item ("7S 7D" stays whole)."""
    lines: list[str] = []
    line = head
    fresh = True  # nothing on the line yet but its start
    for i, item in enumerate(items):
        word = item + ("," if i + 1 < len(items) else "")
        if not fresh and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = " "
        line += " " + word
        fresh = False
    lines.append(line)
    return "\n".join(lines)


def status(g: Game, me: int) -> str:
    """The table at the start of your turn, in one line: what the top card acts as, what is
    asked of you, and where every other seat stands."""
    view = g.view(me)
    top = g.top.pretty
    if g.top_effective != g.top:
        top += f" as {g.top_effective.pretty}"
    parts = [f"Top {top} (suit in force: {g.suit_in_force or '-'})"]
    req = g.request
    if req and req["kind"] == "rank":
        parts.append(f"request: {req['rank']}s")
    elif req and req["free"]:
        parts.append(f"free suit: anything but {SUIT_NAMES[req['excluded']]}")
    elif req:
        parts.append("suit request: " + " or ".join(SUIT_NAMES[s] for s in req["suits"]))
    if g.penalty:
        parts.append(f"To draw: {g.penalty}")
    if g.phase is Phase.SKIP and g.current == me:
        parts.append(f"Miss {_count(g.skips, 'turn')} or answer")
    parts.append(f"stock {g.stock_count}")
    parts.append("others " + ", ".join(_standing(view, s) for s in range(g.seats) if s != me))
    return " | ".join(parts)


def _standing(view: View, seat: int) -> str:
    """One other seat in the status line: its card count, or that it is out or waiting."""
    if view.out[seat]:
        return f"{seat}:out"
    text = f"{seat}:{view.hand_counts[seat]}"
    if view.missed_turns[seat]:
        text += f" (misses {view.missed_turns[seat]})"
    return text


def _seat_name(seat: int, me: int) -> str:
    return "You" if seat == me else f"Seat {seat}"


def _says(seat: int, me: int, you: str, other: str) -> str:
    """``seat`` doing something, the verb agreeing with the name: "You miss", "Seat 2 misses"."""
    return f"{_seat_name(seat, me)} {you if seat == me else other}"


def _count(n: int, thing: str) -> str:
    """``n`` things: "1 card", "5 cards"."""
    return f"{n} {thing}" if n == 1 else f"{n} {thing}s"


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(c.pretty for c in cards)


def _personal(reason: str, me: int) -> str:
    """An engine refusal in the words this game uses: "you" for your seat ("seat 0 does not
    hold A♠" reads "you do not hold A♠"), "Seat N" for the others."""

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        return "you" if seat == me else f"Seat {seat}"

    text = re.sub(r"\bseat (\d+)", name, reason)
    return text.replace("you does not", "you do not").replace("not you's", "not yours")


class _Refused(IllegalMove):
    """A move refused by the text game itself, already in its player's words."""


def _typed_move(g: Game, line: str, me: int) -> Action:
    """The move typed on ``line`` (``NotationError`` if it is not notation). Mistakes the engine
    would answer in words meant for a program (two moves on one line, a seat that is not at
    the table, a card typed twice) are refused here first (``_Refused``), in a player's words."""
    words = line.lower().split()
    if len(words) > 1 and any(w in ("draw", "pass") for w in words):
        raise _Refused("type one move at a time")
    action = parse_action(line)
    if isinstance(action, Stop):
        if g.rules.macau_call != "required":
            raise _Refused("Macau is called automatically in these rules: nobody forgets it")
        if not 0 <= action.target < g.seats:
            raise _Refused(f"there is no seat {action.target} (seats 0–{g.seats - 1})")
    if isinstance(action, Play):
        held = Counter(g.hand(me))
        for card, typed in Counter(action.cards).items():
            if typed > held[card] > 0:
                raise _Refused(
                    f"{card.pretty} is listed {_times(typed)} but you hold {_number(held[card])}"
                )
    return _only_completion(g, action, me)


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{_number(n)} times")


def _number(n: int) -> str:
    return {1: "one", 2: "two", 3: "three", 4: "four"}.get(n, str(n))


def _only_completion(g: Game, action: Action, seat: int) -> Action:
    """A play typed without the suit or rank its last card must name, where only one is
    allowed (a queen that names its own suit, an ace with one suit left to name): that play.
    Anything else comes back as typed, for the engine to accept or refuse."""
    if not isinstance(action, Play) or action.choice is not None or g.is_legal(action, seat):
        return action
    same = [
        a
        for a in g.legal_actions(seat)
        if isinstance(a, Play)
        and a.cards == action.cards
        and a.declared == action.declared
        and a.call == action.call
    ]
    return same[0] if len(same) == 1 else action


QUIT_WORDS = ("q", "quit", "exit")

# How often a bot of each level notices a forgotten Macau in time, unless the bot decides for
# itself (a ``catch`` method): the window's odds (game/ui/botplayer.py), copied here because
# the terminal game runs without pygame.
CATCH_CHANCE = {"random": 0.3, "easy": 0.4, "medium": 0.75, "hard": 0.95}


class BotSeat:
    """A computer player at the table: a level's bot and its own seeded random stream, so that
    a game dealt with the same seed plays out the same way every time."""

    def __init__(self, level: str, seed: int) -> None:
        self.level = level
        self.bot: Bot = make_bot(level)
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: list[Action]) -> Action:
        """The bot's move among ``legal``."""
        return self.bot.choose(view, legal, self.rng)

    def wants_to_catch(self, view: View, target: int) -> bool:
        """Whether this bot calls "stop Macau" on ``target``: its own ``catch``, else the
        odds of its level."""
        ask = getattr(self.bot, "catch", None)
        if callable(ask):
            return bool(ask(view, target, self.rng))
        return self.rng.random() < CATCH_CHANCE.get(self.level, 0.7)


def _bot_levels(spec: str | None) -> list[str]:
    """The levels listed in ``--bots`` (empty entries left out), or medium when not given."""
    if spec is None:
        return ["medium"]
    return [b.strip() for b in spec.split(",") if b.strip()]


def _refusal(preset: str, seats: int | None, spec: str | None) -> str:
    """Why the text game cannot seat this table, or ``""`` when it can."""
    if preset not in PRESETS:
        return f"unknown preset {preset!r}; choose from {', '.join(PRESETS)}"
    rules = PRESETS[preset]
    if seats is not None and not rules.min_seats <= seats <= rules.max_seats:
        return f"{preset} is played by {rules.min_seats} to {rules.max_seats} seats, not {seats}"
    levels = _bot_levels(spec)
    if not levels:
        return "no bot levels: give at least one, for example --bots medium,hard"
    unknown = [b for b in levels if b not in BOT_LEVELS]
    if unknown:
        return f"unknown bot level {unknown[0]!r}; known levels: {', '.join(BOT_LEVELS)}"
    return ""


def run_text_game(
    preset: str,
    seats: int | None,
    seed: int | None,
    bots_spec: str | None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    *,
    stderr: TextIO | None = None,
) -> int:
    """Deal and play in the terminal as seat 0; returns the exit code (2, with the reason on
    ``stderr``, for a table it cannot seat)."""
    out = stdout if stdout is not None else sys.stdout
    problem = _refusal(preset, seats, bots_spec)
    if problem:
        print(problem, file=stderr if stderr is not None else sys.stderr)
        return 2
    g = Game.new(PRESETS[preset], seats=seats, seed=seed)
    levels = _bot_levels(bots_spec)
    bots = {s: BotSeat(levels[(s - 1) % len(levels)], s) for s in range(1, g.seats)}
    match = f" A match to {g.rules.target} points." if g.rules.scoring == "points" else ""
    print(
        f"Macau ({preset}), {g.seats} seats. You are seat 0.{match} Type ? for your moves.",
        file=out,
    )
    print(HELP, file=out)
    return play(g, bots, stdin if stdin is not None else sys.stdin, out)


class _Quit(Exception):
    """The player left: typed q, quit or exit, or closed the input (Ctrl-D)."""


def play(g: Game, bots: dict[int, BotSeat], stdin: TextIO, stdout: TextIO, me: int = 0) -> int:
    """Play ``g`` to its end, ``me`` typing moves and ``bots`` moving for every other seat;
    returns the exit code. A game made by ``Game.from_position`` plays as well as a new deal."""
    with contextlib.suppress(_Quit):
        _Table(g, bots, stdin, stdout, me).run()
    return 0


class _Table:
    """One game in the terminal: whose turn it is decides who is asked for a move."""

    def __init__(
        self, g: Game, bots: dict[int, BotSeat], stdin: TextIO, stdout: TextIO, me: int
    ) -> None:
        self.g = g
        self.bots = bots
        self.inp = stdin
        self.out = stdout
        self.me = me

    def say(self, text: str = "") -> None:
        print(text, file=self.out)

    def ask(self, prompt: str) -> str:
        """The next line typed, stripped; ``_Quit`` for a quit word or the end of the input."""
        self.out.write(prompt)
        self.out.flush()
        line = self.inp.readline()
        if not line:
            # Ctrl-D: end the prompt's line, or the shell's prompt lands on it.
            self.out.write("\n")
            raise _Quit
        line = line.strip()
        if line.lower() in QUIT_WORDS:
            raise _Quit
        return line

    def tell(self, events: list[Event]) -> None:
        for text in narrate(events, self.me):
            self.say("  " + text)

    def run(self) -> None:
        """Play the round; where the rules score points, play rounds until the match is over."""
        g, me = self.g, self.me
        while True:
            while not g.over:
                if g.current == me:
                    self.your_turn()
                else:
                    self.bot_turn()
                self.catch_forgotten_macau()
            if g.rules.scoring != "points":
                order = ", ".join(_seat_name(s, me) for s in g.placings)
                self.say(f"\nFinishing order: {order}")
                return
            self.say_points()
            if g.match_over:
                self.say_standings()
                return
            self.ask("Press Enter for the next round (q to quit)> ")
            g.next_round()
            dealer = _says(g.dealer, me, "deal", "deals")
            self.say(f"\nRound {g.round_no}: {dealer}.")

    def say_points(self) -> None:
        """The points each seat was charged this round, and the totals so far."""
        g = self.g
        charges = g.round_charges[-1]
        self.say(
            f"\nPoints charged in round {g.round_no} (the match ends when a total reaches "
            f"{g.rules.target}):"
        )
        for s in range(g.seats):
            self.say(f"  {_seat_name(s, self.me):<8} {charges[s]:>4}   total {g.scores[s]:>4}")

    def say_standings(self) -> None:
        """The final totals, lowest first: the lowest total wins the match."""
        g, me = self.g, self.me
        self.say("\nFinal standings (the lowest total wins):")
        for s in sorted(range(g.seats), key=lambda s: (g.scores[s], s)):
            place = 1 + sum(1 for t in g.scores if t < g.scores[s])
            self.say(f"  {place}. {_seat_name(s, me):<8} {g.scores[s]:>4}")
        names = [_seat_name(s, me) for s in g.winners]
        if len(names) > 1:
            self.say(f"A drawn match: {' and '.join(names)} share the lowest total.")
        else:
            self.say(_says(g.winners[0], me, "win", "wins") + " the match.")

    def bot_turn(self) -> None:
        g = self.g
        seat = g.current
        # Every bot had its one chance to catch a forgotten Macau right after the action
        # (catch_forgotten_macau), so "stop" is not among its moves.
        legal = [a for a in g.legal_actions(seat) if not isinstance(a, Stop)]
        self.tell(g.apply(self.bots[seat].choose(g.view(seat), legal)))

    def catch_forgotten_macau(self) -> None:
        """RULES §3.8: until the next action any other seat may call "stop Macau" on a seat
        that forgot. You are asked first (a person reacts slower than a bot, and the window
        gives a person the first chance too), then each bot in seat order after the seat
        that forgot, at its level's odds."""
        g, me = self.g, self.me
        target = g.macau_catchable
        if target < 0:
            return
        catch = Stop(target)
        if g.is_legal(catch, me):
            answer = self.ask(
                f'Seat {target} forgot to call Macau: type "stop {target}" to catch them, '
                "or press Enter> "
            )
            if " ".join(answer.lower().split()) in ("s", f"stop {target}", f"stop{target}"):
                self.tell(g.apply(catch, me))
                return
        for k in range(1, g.seats):
            seat = (target + k) % g.seats
            bot = self.bots.get(seat)
            if bot is None or not g.is_legal(catch, seat):
                continue
            if bot.wants_to_catch(g.view(seat), target):
                self.tell(g.apply(catch, seat))
                return

    def your_turn(self) -> None:
        g, me = self.g, self.me
        self.say()
        self.say(status(g, me))
        self.say(
            "Your hand: " + " ".join(c.code for c in sorted(g.hand(me), key=lambda c: c.order))
        )
        while True:
            line = self.ask(f"[{g.phase.value}] your move> ")
            if not line:
                continue
            if line.lower() == "help":
                self.say(HELP)
                continue
            if line in ("?", "??"):
                self.say(legal_moves(g.legal_actions(), every=line == "??"))
                continue
            try:
                events = g.apply(_typed_move(g, line, me), me)
            except _Refused as exc:
                self.say(f"  not allowed: {exc}")
                continue
            except (IllegalMove, NotationError) as exc:
                self.say(f"  not allowed: {_personal(str(exc), me)}")
                continue
            self.tell(events)
            return

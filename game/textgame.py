"""A terminal game: you are seat 0 against computer players. Type actions in notation."""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Callable
from functools import partial
from typing import Any, TextIO

from .bots import BOT_LEVELS
from .engine import PRESETS, Action, Game, IllegalMove, NotationError, Play, parse_action
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
  ?             list your legal moves   help      this list again
  q             quit"""


def describe(e: Event, me: int) -> str | None:
    """One event in words, as seat ``me`` sees it."""
    name = _seat_name
    if isinstance(e, CardsLaid):
        cards = " ".join(
            c.pretty + (f"(as {d.pretty})" if d is not None else "")
            for c, d in zip(e.cards, e.declared or (None,) * len(e.cards), strict=True)
        )
        return f"{name(e.seat, me)} laid {cards}"
    if isinstance(e, CardsDrawn):
        if e.penalty:
            return None
        what = " ".join(c.pretty for c in e.cards) if e.seat == me else f"{e.count} card(s)"
        return f"{name(e.seat, me)} drew {what}"
    if isinstance(e, AttackPending):
        return f"{name(e.target, me)} owe{'s' if e.target != me else ''} {e.total}"
    if isinstance(e, PenaltyTaken):
        return f"{name(e.seat, me)} took {e.drawn} penalty card(s)"
    if isinstance(e, StackCancelled):
        return f"{name(e.seat, me)} cut the stack of {e.total} with {e.card.pretty}"
    if isinstance(e, StackLapsed):
        waiting = f"the stack of {e.total}" if e.total else f"{e.skips} missed turn(s)"
        if e.reason == "out":
            return f"{name(e.seat, me)} went out on {e.card.pretty}: {waiting} lapses"
        return f"every other seat is out or waiting: {waiting} lapses"
    if isinstance(e, Reshuffled):
        return f"the pile was shuffled into a new stock ({e.count} cards)"
    if isinstance(e, SuitNamed):
        if e.suit == "*":
            return f"{name(e.seat, me)} named a free suit (anything but {SUIT_NAMES[e.excluded]})"
        return f"{name(e.seat, me)} named {SUIT_NAMES[e.suit]}"
    if isinstance(e, RankRequested):
        return f"{name(e.seat, me)} requested {e.rank + 's' if e.rank else 'nothing'}"
    if isinstance(e, SkipPending):
        return f"{name(e.target, me)} must miss {e.count} turn(s) or answer"
    if isinstance(e, MissedTurnsAccepted):
        return f"{name(e.seat, me)} will miss {e.count} turn(s)"
    if isinstance(e, TurnMissed):
        return f"{name(e.seat, me)} misses a turn ({e.left} left)"
    if isinstance(e, Passed):
        return f"{name(e.seat, me)} {'is blocked and passes' if e.blocked else 'kept the card'}"
    if isinstance(e, MacauCalled):
        return f"{name(e.seat, me)}: Macau!"
    if isinstance(e, MacauForgotten):
        return f"{name(e.seat, me)} has one card and did not call Macau"
    if isinstance(e, MacauCaught):
        return f"{name(e.by, me)}: stop Macau! {name(e.seat, me)} draws {e.penalty}"
    if isinstance(e, SeatOut):
        return f"{name(e.seat, me)} went out (place {e.place})"
    if isinstance(e, RoundOver):
        return "the round is over" + (" (blocked)" if e.blocked else "")
    return None


def _seat_name(seat: int, me: int) -> str:
    return "You" if seat == me else f"Seat {seat}"


def _personal(reason: str, me: int) -> str:
    """An engine refusal in the words this game uses: "you" for your seat ("seat 0 does not
    hold A♠" reads "you do not hold A♠"), "Seat N" for the others."""

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        return "you" if seat == me else f"Seat {seat}"

    text = re.sub(r"\bseat (\d+)", name, reason)
    return text.replace("you does not", "you do not").replace("not you's", "not yours")


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


def _random_choice(rng: random.Random, g: Game, seat: int) -> Any:
    return rng.choice(g.legal_actions(seat))


def _make_bots(preset: str, seats: int, spec: str | None) -> list[Callable[[Game, int], Any]]:
    levels = (spec or "").split(",") if spec else []
    bots: list[Callable[[Game, int], Any]] = []
    for i in range(1, seats):
        level = levels[(i - 1) % len(levels)] if levels else "medium"
        try:
            from .bots import make_bot

            bot = make_bot(level)
            rng = random.Random(i)

            def choose(g: Game, seat: int, bot: Any = bot, rng: random.Random = rng) -> Any:
                return bot.choose(g.view(seat), g.legal_actions(seat), rng)

            bots.append(choose)
        except (ImportError, ValueError):
            bots.append(partial(_random_choice, random.Random(i)))
    return bots


def run_text_game(
    preset: str,
    seats: int | None,
    seed: int | None,
    bots_spec: str | None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """Play one round in the terminal; returns the exit code."""
    inp = stdin or sys.stdin
    out = stdout or sys.stdout
    if preset not in PRESETS:
        print(f"unknown preset {preset!r}; choose from {', '.join(PRESETS)}", file=out)
        return 2
    rules = PRESETS[preset]
    if seats is not None and not rules.min_seats <= seats <= rules.max_seats:
        print(
            f"{preset} is played by {rules.min_seats} to {rules.max_seats} seats, not {seats}",
            file=out,
        )
        return 2
    unknown = [b for b in (bots_spec or "").split(",") if b and b not in BOT_LEVELS]
    if unknown:
        print(f"unknown bot level {unknown[0]!r}; known levels: {', '.join(BOT_LEVELS)}", file=out)
        return 2
    g = Game.new(rules, seats=seats, seed=seed)
    bots = _make_bots(preset, g.seats, bots_spec)
    me = 0
    print(f"Macau ({preset}), {g.seats} seats. You are seat 0. Type ? for your moves.", file=out)
    print(HELP, file=out)
    while not g.over:
        if g.current != me:
            action = bots[g.current - 1](g, g.current)
            for e in g.apply(action):
                text = describe(e.public(me), me)
                if text:
                    print("  " + text, file=out)
            continue
        counts = ", ".join(f"{s}:{c}" for s, c in enumerate(g.hand_counts) if s != me)
        req = g.request
        extra = ""
        if req and req["kind"] == "rank":
            extra = f" | request: {req['rank']}s"
        elif req:
            extra = f" | suit request: {req['suits']}"
        if g.penalty:
            extra += f" | To draw: {g.penalty}"
        print(
            f"\nTop {g.top.pretty} (suit in force: {g.suit_in_force or '-'}){extra} | stock "
            f"{g.stock_count} | others {counts}",
            file=out,
        )
        print(
            "Your hand: " + " ".join(c.code for c in sorted(g.hand(me), key=lambda c: c.order)),
            file=out,
        )
        out.write(f"[{g.phase.value}] your move> ")
        out.flush()
        line = inp.readline()
        if not line:
            return 0
        line = line.strip()
        if line in ("q", "quit"):
            return 0
        if line == "help":
            print(HELP, file=out)
            continue
        if line == "?":
            print("Legal: " + ", ".join(str(a) for a in g.legal_actions()), file=out)
            continue
        try:
            action = _only_completion(g, parse_action(line), me)
            events = g.apply(action, me)
        except (IllegalMove, NotationError) as exc:
            print(f"  not allowed: {_personal(str(exc), me)}", file=out)
            continue
        for e in events:
            text = describe(e, me)
            if text:
                print("  " + text, file=out)
    order = ", ".join(_seat_name(s, me) for s in g.placings)
    print(f"\nFinishing order: {order}", file=out)
    return 0

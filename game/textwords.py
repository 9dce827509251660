"""The terminal game's words: events, the status line and refusals, as your seat reads them.

``describe`` and ``narrate`` tell what happened ("You miss a turn", "Seat 2 laid 7♥"),
``status`` what is on the table, ``legal_moves`` what you may do, and ``personal`` turns an
engine refusal into "you" and "Seat N".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .engine import (
    Action,
    Card,
    Game,
    Phase,
    Rules,
    View,
    cancel_verb,
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
    RequestEnded,
    Reshuffled,
    RoundOver,
    SeatOut,
    SkipPending,
    StackCancelled,
    StackLapsed,
    SuitNamed,
    TurnMissed,
)
from .engine.cards import RANK_NAMES, RANK_WORDS, SUIT_NAMES, parse_rank
from .engine.explain_words import rank_plural
from .engine.rules import CARD_KIND_TOKENS, rank_jobs

LINE_WIDTH = 78

# The ranks in the order of a run, each with its notation.
_RUN = tuple(RANK_NAMES[r] for r in range(2, 15))


def help_entries(r: Rules) -> list[tuple[str, str]]:
    """The moves the rules ``r`` allow, each as an example in notation and what it does: a
    form the engine refuses under ``r`` (a joker standing in where jokers name a suit, a
    Macau call where Macau is called for you) is not taught."""
    # The examples lay plain cards (a 7 where it has no power), which no rule adds to.
    plain = [t for t in _RUN if t not in rank_jobs(r)]
    liked = [t for t in ("7", "9", "8", "6", "10", "5") if t in plain] + plain
    card = liked[0] if liked else "7"
    entries = [(f"{card}H", "lay one card")]
    if r.groups != "none":
        entries.append((f"{card}S {card}D", "lay several of a rank (first must fit)"))
    if r.groups == "rank_or_suit" and len(liked) > 1:
        entries.append((f"{card}S {liked[1]}S", "lay several of a suit"))
    run = next((_RUN[i : i + 3] for i in range(11) if set(_RUN[i : i + 3]) <= set(plain)), None)
    if r.runs and run:
        entries.append((" ".join(t + "H" for t in run), "lay a run (one suit, in a row)"))
    changers = [t for t in CARD_KIND_TOKENS if t in r.suit_changers and (r.jokers or t != "joker")]
    for token in changers:
        if token == "joker":
            entries.append(("RJ/S", "joker naming spades"))
        elif _names_own_suit(r, token):
            entries.append((f"{token}H/H", f"{RANK_WORDS[parse_rank(token)]} naming its own suit"))
        else:
            entries.append((f"{token}S/H", f"{RANK_WORDS[parse_rank(token)]} naming hearts"))
    # A free suit is named where no suit may be: none held (ace_must_hold), or a card that
    # names only its own suit laid on that suit (ace_must_differ).
    free = [t for t in changers if r.ace_must_hold or (r.ace_must_differ and _names_own_suit(r, t))]
    if free:
        code = "RJ" if free[0] == "joker" else f"{free[0]}H"
        entries.append(
            (f"{code}/*", "free suit (where no suit may be named): any but the one in force")
        )
    if r.jack_requests and r.request_ranks:
        rank = "8" if "8" in r.request_ranks else r.request_ranks[0]
        entries.append((f"JC/{rank}", f"jack requesting {rank_plural(rank)}"))
        entries.append(("JC/-", "jack requesting nothing"))
    if r.jokers and r.joker_role == "any_card":
        entries.append(("RJ=KH", "joker standing for K♥"))
    if r.macau_call == "required":
        entries.append((f"{card}H!", "lay and call Macau"))
    penalty = " / take the penalty" if r.attack_cards else ""
    missed = " / accept missed turns" if r.skip_rank else ""
    entries += [("draw", "draw a card" + penalty), ("pass", "keep the drawn card" + missed)]
    if r.macau_call == "required":
        entries.append(("stop N", "catch seat N who forgot to call Macau"))
    entries += [
        ("?", "your legal moves"),
        ("??", "every one of them"),
        ("help", "this list again"),
        ("quit", "leave the game"),
    ]
    return entries


def _names_own_suit(r: Rules, token: str) -> bool:
    return (token == "7" and r.seven_own_suit) or (token == "Q" and r.queen_own_suit)


def help_text(r: Rules, width: int = LINE_WIDTH) -> str:
    """``help_entries`` under a heading, two to a line where they fit in ``width``."""
    entries = help_entries(r)
    form_width = max(len(form) for form, _ in entries) + 2
    texts = [f"{form:<{form_width}}{meaning}" for form, meaning in entries]
    column = (width - 2) // 2
    lines = ["Type a move in notation:"]
    i = 0
    while i < len(texts):
        left = texts[i]
        if i + 1 < len(texts) and len(left) < column and 2 + column + len(texts[i + 1]) <= width:
            lines.append("  " + left.ljust(column) + texts[i + 1])
            i += 2
        else:
            lines.append("  " + left)
            i += 1
    return "\n".join(lines)


# The prompt's word for what your turn is about (the engine's phase names are identifiers).
PHASE_WORDS: dict[Phase, str] = {
    Phase.PLAY: "your turn",
    Phase.DRAWN: "you drew",
    Phase.ATTACK: "attack",
    Phase.SKIP: "missed turns",
    Phase.RANK_REQUEST: "rank request",
    Phase.SUIT_REQUEST: "suit request",
    Phase.FIVE_AGAIN: "after a five",
}

# "?" shows this many legal moves at most: with stand-in jokers a hand can have thousands.
SHOWN_MOVES = 40


def describe(e: Event, me: int, macau_penalty: int = 0) -> str | None:
    """One event in words, as seat ``me`` sees it: "You" with the verb that goes with it.
    ``macau_penalty``: what a forgotten call costs, to tell a catch the pack cut short."""
    name = seat_name(getattr(e, "seat", -1), me)
    if isinstance(e, CardsLaid):
        # "the red joker (as K♥), the black joker (as K♥)": a joker is named as one, and a
        # group holding one is listed with commas so each stand-in reads with its own card
        words = [
            ("the " if c.is_joker else "") + c.pretty + (f" (as {d.pretty})" if d else "")
            for c, d in zip(e.cards, e.declared or (None,) * len(e.cards), strict=True)
        ]
        sep = ", " if any(c.is_joker for c in e.cards) else " "
        return f"{name} laid {sep.join(words)}"
    if isinstance(e, CardsDrawn):
        if e.penalty:
            return None  # said with the penalty or the catch it pays
        what = cards_words(e.cards) if e.seat == me and e.cards else count_words(e.count, "card")
        return f"{name} drew {what}"
    if isinstance(e, AttackPending):
        return says(e.target, me, f"owe {e.total}", f"owes {e.total}")
    if isinstance(e, PenaltyTaken):
        text = f"{name} took {count_words(e.drawn, 'penalty card')}"
        if e.drawn < e.owed:
            text += f" of the {e.owed} owed (the rest is forgiven)"
        return text
    if isinstance(e, StackCancelled):
        return (
            f"{name} {cancel_verb([e.card], done=True)} the stack of {e.total} with {e.card.pretty}"
        )
    if isinstance(e, StackLapsed):
        if e.total:
            waiting = f"the stack of {e.total} lapses"
        else:
            waiting = (
                f"{count_words(e.skips, 'missed turn')} {'lapses' if e.skips == 1 else 'lapse'}"
            )
        if e.reason == "out":
            return f"{name} went out on {e.card.pretty}: {waiting}"
        return f"every other seat is out or waiting: {waiting}"
    if isinstance(e, Reshuffled):
        return f"the pile was shuffled into a new stock ({count_words(e.count, 'card')})"
    if isinstance(e, SuitNamed):
        if e.suit == "*":
            return f"{name} named a free suit (anything but {SUIT_NAMES[e.excluded]})"
        return f"{name} named {SUIT_NAMES[e.suit]}"
    if isinstance(e, RankRequested):
        return f"{name} requested {rank_plural(e.rank) if e.rank else 'nothing'}"
    if isinstance(e, RequestEnded):  # (what it asked is in the status line until then)
        return "the jack's request is over" if e.kind == "rank" else "the suit request is over"
    if isinstance(e, SkipPending):
        # Whether anything can answer is the status line's to say (every four may be laid).
        return says(e.target, me, "face", "faces") + f" {count_words(e.count, 'missed turn')}"
    if isinstance(e, MissedTurnsAccepted):
        return f"{name} will miss {count_words(e.count, 'turn')}"
    if isinstance(e, TurnMissed):
        return says(e.seat, me, "miss a turn", "misses a turn") + f" ({e.left} left)"
    if isinstance(e, Passed):
        if e.blocked:
            return says(e.seat, me, "are blocked and pass", "is blocked and passes")
        # Only a card that fits can be kept: told to its owner alone, as the window does.
        return "You kept the card" if e.seat == me else None
    if isinstance(e, MacauCalled):
        return says(e.seat, me, "call Macau!", "calls Macau!")
    if isinstance(e, MacauForgotten):
        return says(e.seat, me, "have", "has") + " one card and did not call Macau"
    if isinstance(e, MacauCaught):
        caught = says(e.seat, me, f"draw {e.penalty}", f"draws {e.penalty}")
        if e.penalty < macau_penalty:  # as a penalty taken short says (RULES §2.6)
            caught += f" of the {macau_penalty} (the rest is forgiven)"
        return f"{seat_name(e.by, me)}: stop Macau! {caught}"
    if isinstance(e, SeatOut):
        return f"{name} went out (place {e.place})"
    if isinstance(e, RoundOver):
        return "the round is over" + (" (blocked)" if e.blocked else "")
    return None


def narrate(events: Sequence[Event], me: int, macau_penalty: int = 0) -> list[str]:
    """The events of one action in words, as seat ``me`` sees them. The penalty cards ``me``
    drew are named with the penalty or the catch they pay (your own draws are yours to see);
    another seat's show only their number. ``macau_penalty`` as for ``describe``."""
    lines: list[str] = []
    drawn: tuple[Card, ...] = ()
    caught = -1  # the line of a catch still waiting for its cards (a reshuffle may come first)
    for event in events:
        e = event.public(me)
        if isinstance(e, CardsDrawn) and e.penalty:
            if e.seat == me and e.cards:
                if caught >= 0:
                    lines[caught] += ": " + cards_words(e.cards)  # the catch, then its cards
                else:
                    drawn = e.cards  # the penalty taken comes after its cards
            caught = -1
            continue
        text = describe(e, me, macau_penalty)
        if text is None:
            continue
        if isinstance(e, Reshuffled) and caught >= 0:
            # Told before the catch that is still to name its cards, as before a penalty
            # taken: the cards drawn come after the reshuffle, and so does the stock left.
            lines.insert(caught, text)
            caught += 1
            continue
        if isinstance(e, PenaltyTaken) and e.seat == me and drawn:
            text += ": " + cards_words(drawn)
            drawn = ()
        lines.append(text)
        if isinstance(e, MacauCaught):
            caught = len(lines) - 1
    return lines


def legal_moves(
    legal: Sequence[Action], every: bool = False, complete: bool = True, width: int = LINE_WIDTH
) -> str:
    """The legal moves in lines of ``width``: the first ``SHOWN_MOVES`` of them unless
    ``every``, since a hand with stand-in jokers can have thousands, too many to read.
    ``complete`` False: ``legal`` is only the start of a longer list
    (``Game.legal_actions_capped``)."""
    moves = [str(a) for a in legal]
    shown = moves if every else moves[:SHOWN_MOVES]
    text = _wrapped("Legal:", shown, width)
    if len(shown) < len(moves):
        more = len(moves) - len(shown)
        more_words = f"{more} more" if complete else f"{more} more and others besides"
        listed = "`??` lists them all" if complete else f"`??` lists {len(moves)}"
        text += f"\n… and {more_words} (type a move in notation; {listed})"
    elif not complete:
        text += "\n… and others besides (type a move in notation)"
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
    req = g.request
    if g.suit_in_force:
        top += f" (suit in force: {SUIT_NAMES[g.suit_in_force]})"
    elif not (req and req["kind"] == "suit" and req["free"]):
        top += " (no suit in force)"  # a free suit says so below
    parts = [f"Top {top}"]
    if req and req["kind"] == "rank":
        bound = g.rank_request_until()
        # The engine's words ("8s or a jack", "8s, a jack or a joker"), as the refusals say.
        answers = g.request_answers() or f"{rank_plural(str(req['rank']))}, which nobody can lay"
        parts.append(f"request: {answers}, through {_whose(bound, me)} turn")
    elif req:
        if req["free"]:
            asked = f"free suit: anything but {SUIT_NAMES[req['excluded']]}"
        else:
            asked = "suit request: " + " or ".join(SUIT_NAMES[s] for s in req["suits"])
        parts.append(f"{asked} ({_how_long(req, me)})")
    if g.penalty:
        fight, cut = g.attack_answers()  # told apart, as the window's line tells them
        ways = [f"fight back with {fight}"] if fight else []
        ways += [f"{g.cancel_verb()} it with {cut}"] if cut else []
        parts.append(f"To draw: {g.penalty}" + (f" (or {', or '.join(ways)})" if ways else ""))
    if g.phase is Phase.SKIP and g.current == me:
        answers = g.skip_answers()
        parts.append(
            f"Miss {count_words(g.skips, 'turn')}"
            + (f" or answer with {answers}" if answers else " (nothing can answer)")
        )
    parts.append(f"stock {g.stock_count}")
    parts.append("others " + ", ".join(_standing(view, s) for s in range(g.seats) if s != me))
    return " | ".join(parts)


def _whose(seat: int, me: int) -> str:
    return "your" if seat == me else f"{seat_name(seat, me)}'s"


def _how_long(req: dict[str, object], me: int) -> str:
    """How long a suit request lasts, as the window's marker says it."""
    if req.get("until_met"):
        if req.get("free"):
            return "until another suit is laid"
        suits = str(req.get("suits", ""))
        return "until one of them is laid" if len(suits) > 1 else "until that suit is laid"
    bound = req.get("bound")
    if isinstance(bound, int) and bound >= 0:
        return "you only" if bound == me else f"{seat_name(bound, me)} only"
    return "the next player only"


def deal_words(g: Game, me: int) -> str:
    """A fresh deal as the window's log starts it: who dealt, how many cards each, and the
    card turned up to start the pile ("You deal 5 cards each; 9♥ starts the pile")."""
    each = count_words(max(g.hand_counts, default=0), "card")
    return says(g.dealer, me, "deal", "deals") + f" {each} each; {g.top.pretty} starts the pile"


def _standing(view: View, seat: int) -> str:
    """One other seat in the status line: its card count, or that it is out or waiting."""
    if view.out[seat]:
        return f"{seat}:out"
    text = f"{seat}:{view.hand_counts[seat]}"
    if view.missed_turns[seat]:
        text += f" (misses {view.missed_turns[seat]})"
    return text


def seat_name(seat: int, me: int) -> str:
    return "You" if seat == me else f"Seat {seat}"


def says(seat: int, me: int, you: str, other: str) -> str:
    """``seat`` doing something, the verb agreeing with the name: "You miss", "Seat 2 misses"."""
    return f"{seat_name(seat, me)} {you if seat == me else other}"


def count_words(n: int, thing: str) -> str:
    """``n`` things: "1 card", "5 cards"."""
    return f"{n} {thing}" if n == 1 else f"{n} {thing}s"


def cards_words(cards: Sequence[Card]) -> str:
    return " ".join(c.pretty for c in cards)


def cards_left(head: str, cards: Sequence[Card], width: int = LINE_WIDTH) -> str:
    """``head`` followed by the cards a seat was left holding at the end of a round, in
    hand order ("held K♥ 9♠"; "went out" for none), wrapped under the first card."""
    if not cards:
        return head + "went out"
    first = head + "held"
    indent = " " * len(first)
    lines = [first]
    for card in sorted(cards, key=lambda c: c.order):
        if len(lines[-1]) + 1 + len(card.pretty) > width and lines[-1] not in (first, indent):
            lines.append(indent)
        lines[-1] += " " + card.pretty
    return "\n".join(lines)


def personal(reason: str, me: int) -> str:
    """An engine refusal in the words this game uses: "you" for your seat ("seat 0 does not
    hold A♠" reads "you do not hold A♠"), "Seat N" for the others."""

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        return "you" if seat == me else f"Seat {seat}"

    text = re.sub(r"\bseat (\d+)", name, reason)
    return text.replace("you does not", "you do not").replace("not you's", "not yours")


def times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{number(n)} times")


def number(n: int) -> str:
    return {1: "one", 2: "two", 3: "three", 4: "four"}.get(n, str(n))

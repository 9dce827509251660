"""Actions (``Play``, ``Draw``, ``Pass``, ``Stop``), their notation, and the events of ``apply``.

The whole action space, in notation (``str(action)`` gives it back, ``parse_action`` reads it):

* ``draw`` — draw one card, or take the whole pending penalty.
* ``pass`` — keep a drawn card, accept pending missed turns, or pass when blocked.
* ``7S 7D`` — lay cards in that order (the first must be legal, the last becomes the top).
* ``AS/H`` — the last card names a suit (``/*`` is a free suit); ``JC/8`` requests a rank,
  ``JC/-`` requests nothing.
* ``RJ=KH`` — a joker standing for a card (``RJ=AS/H`` as an ace naming hearts);
  ``RJ/S`` — a joker naming a suit.
* a trailing ``!`` calls "Macau" (``8H!``); ``stop N`` calls "stop Macau" on seat N.
"""

from __future__ import annotations

import sys
from typing import ClassVar, Final

from .cards import (
    RANK_NAMES,
    SUITS,
    Card,
    NotationError,
    notation_text,
    parse_rank,
    parse_suit,
)
from .phase import IllegalMove

# Every suffix the last card of a play can carry: a suit, the free suit, no request, a rank.
SUFFIXES: Final[tuple[str, ...]] = (*SUITS, "*", "-", *RANK_NAMES.values())


class Action:
    """Base class of the four action kinds."""

    __slots__ = ()


class Play(Action):
    """Lay one or more cards. ``declared`` gives the card each joker stands for (or ``None``).

    A play cannot be changed once made (its fields are read-only): the engine hands the same
    objects to every caller, and checks a play it listed itself by identity. (The compiled
    build refuses writes to the private fields too; run from source, as for any Python
    object, they are private by convention only: guarding them there costs listing a third.)
    A play built by hand with fields of the wrong kind is refused as an ``IllegalMove`` when
    checked or applied; the compiled build, whose fields are typed, refuses it as it is made,
    with ``TypeError`` (checking every field of every play listed would cost the listing).
    """

    __slots__ = ("_call", "_cards", "_choice", "_declared", "_hash")

    def __init__(
        self,
        cards: tuple[Card, ...],
        declared: tuple[Card | None, ...] | None = None,
        choice: str | None = None,
        call: bool = False,
    ) -> None:
        self._cards: Final = cards
        # Declarations that declare nothing, one per card, are no declarations: the play is
        # the one listed, parsed and shown without them (``7S``), and equal to it. (Of the
        # wrong length or kinds they are kept, to be refused when the play is checked.)
        self._declared: Final = (
            None
            if isinstance(declared, tuple)
            and isinstance(cards, tuple)
            and len(declared) == len(cards)
            and declared.count(None) == len(declared)
            else declared
        )
        self._choice: Final = choice
        self._call: Final = call
        self._hash = -1  # computed when first asked: listing makes many plays never hashed

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in the order they are laid (the last becomes the top card)."""
        return self._cards

    @property
    def declared(self) -> tuple[Card | None, ...] | None:
        """For each card, what a joker stands for (``None`` for a real card), or ``None``."""
        return self._declared

    @property
    def choice(self) -> str | None:
        """The suit (``S H D C``, ``*``) or rank (``5``…``10``, ``-``) the last card names."""
        return self._choice

    @property
    def call(self) -> bool:
        """Whether this play calls "Macau"."""
        return self._call

    def __eq__(self, other: object) -> bool:
        return self is other or (
            isinstance(other, Play)
            and self.cards == other.cards
            and self.declared == other.declared
            and self.choice == other.choice
            and self.call == other.call
        )

    def __hash__(self) -> int:
        h = self._hash
        if h == -1:
            h = self._hash = hash((self.cards, self.declared, self.choice, self.call))
        return h

    def effective(self) -> tuple[Card, ...]:
        """The cards as they act: each joker replaced by the card it stands for."""
        if self.declared is None:
            return self.cards
        return tuple(
            d if d is not None else c for c, d in zip(self.cards, self.declared, strict=True)
        )

    def __str__(self) -> str:
        parts = []
        for i, card in enumerate(self.cards):
            text = card.code
            if self.declared is not None and self.declared[i] is not None:
                text += "=" + self.declared[i].code  # type: ignore[union-attr]
            parts.append(text)
        text = " ".join(parts)
        if self.choice is not None:
            text += "/" + self.choice
        if self.call:
            text += "!"
        return text

    def __repr__(self) -> str:
        return f"Play({str(self)!r})"


class Draw(Action):
    """Draw one card, or take the pending penalty."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Draw)

    def __hash__(self) -> int:
        return 1

    def __str__(self) -> str:
        return "draw"

    def __repr__(self) -> str:
        return "Draw()"


class Pass(Action):
    """Keep a drawn card, accept missed turns, or pass when blocked."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pass)

    def __hash__(self) -> int:
        return 2

    def __str__(self) -> str:
        return "pass"

    def __repr__(self) -> str:
        return "Pass()"


class Stop(Action):
    """Call "stop Macau" on ``target``, a seat that forgot to call Macau."""

    __slots__ = ("_target",)

    def __init__(self, target: object) -> None:
        # Checked as given (typed ``object``, or a compiled engine would take True for 1).
        if isinstance(target, bool) or not isinstance(target, int):
            raise IllegalMove(f"stop needs the number of the seat to catch, not {target!r}")
        self._target: Final = target

    @property
    def target(self) -> int:
        """The seat caught. Read-only, as a play's fields are: the engine hands out the
        actions it listed, and one changed in a caller's hands would change its listing."""
        return self._target

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Stop) and other.target == self.target

    def __hash__(self) -> int:
        return 3 + 7 * self.target

    def __str__(self) -> str:
        return f"stop {self.target}"

    def __repr__(self) -> str:
        return f"Stop({self.target})"


DRAW: Final = Draw()
PASS: Final = Pass()


def parse_action(text: object) -> Action:
    """Parse action notation (see the module docstring); raises ``NotationError``."""
    text = notation_text(text, "an action (such as 7H, draw or pass)")
    t = text.strip()
    low = t.lower()
    if low == "draw":
        return DRAW
    if low == "pass":
        return PASS
    if low.startswith("stop"):
        rest = t[4:].strip()
        if not (rest.isascii() and rest.isdigit()):
            raise NotationError(f"{text!r}: write 'stop N' with the seat number N")
        return Stop(int(rest))
    if not t:
        raise NotationError("empty action: write a card list, 'draw', 'pass' or 'stop N'")
    call = t.endswith("!")
    if call:
        t = t[:-1].rstrip()
        if t.lower() in ("draw", "pass"):
            raise NotationError(
                f"{text!r}: Macau is called with the cards that leave you one ('7H!'), "
                "not with a draw or a pass"
            )
    if "!" in t:
        raise NotationError(f"{text!r}: the Macau call '!' goes at the very end (AH/S!)")
    tokens = t.split()
    if not tokens:
        raise NotationError(f"{text!r} lays no card")
    choice: str | None = None
    last = tokens[-1]
    if last.startswith("/"):
        raise NotationError(
            f"{text!r}: write the suit or rank right after its card, without a space (QC/H)"
        )
    if "/" in last:
        last, _, choice = last.partition("/")
        tokens[-1] = last
        choice = _parse_choice(choice, text)
    cards: list[Card] = []
    declared: list[Card | None] = []
    for tok in tokens:
        if "/" in tok:
            raise NotationError(f"{text!r}: only the last card may name a suit or rank")
        base, eq, stands = tok.partition("=")
        card = Card.parse(base)
        if eq:
            if not card.is_joker:
                raise NotationError(f"{tok!r}: only a joker can stand for another card")
            target = Card.parse(stands)
            if target.is_joker:
                raise NotationError(f"{tok!r}: a joker cannot stand for a joker")
            declared.append(target)
        else:
            declared.append(None)
        cards.append(card)
    decl = tuple(declared) if any(d is not None for d in declared) else None
    return Play(tuple(cards), decl, choice, call)


def _parse_choice(raw: str, text: str) -> str:
    if raw in ("-", "*"):
        return raw
    try:
        return parse_suit(raw)
    except NotationError:
        pass
    try:
        rank = parse_rank(raw)
    except NotationError:
        raise NotationError(
            f"{text!r}: after '/' name a suit (S H D C, * for a free suit), "
            f"a rank to ask for (such as 7) or '-' for nothing"
        ) from None
    return RANK_NAMES[rank]


# ----- events ----------------------------------------------------------------------------
# Plain records the UI animates and the log prints. Cards drawn by a seat are in the event;
# a view for another seat strips them (``Event.public``).


class Event:
    """Base class of everything ``apply`` reports: a plain record, compared and printed
    field by field, and read-only once made: the round's log, every copy of the game, every
    view's ``history`` and the caller of ``apply`` share the same objects, so none of them
    may change what the others see. (Written out rather than as dataclasses: a dataclass's
    generated ``__init__`` is interpreted code, and a turn creates several events.)"""

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()

    def public(self, seat: int) -> Event:
        """This event as ``seat`` may see it (hidden cards removed)."""
        return self

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in self._fields)

    __hash__ = None  # type: ignore[assignment]  # mutable records, like dataclasses

    def __repr__(self) -> str:
        inner = ", ".join(f"{f}={getattr(self, f)!r}" for f in self._fields)
        return f"{type(self).__name__}({inner})"


class TurnStarted(Event):
    """It is now ``seat``'s turn (``phase`` names what it must deal with)."""

    __slots__ = ("phase", "seat")
    _fields: ClassVar[tuple[str, ...]] = ("seat", "phase")

    def __init__(self, seat: int, phase: str) -> None:
        self.seat: Final = seat
        self.phase: Final = phase


class CardsLaid(Event):
    """``seat`` laid ``cards`` (``declared``: what each joker stands for), in the order they
    went down on the pile: the play's order, except on a waiting attack, where a group's middle
    goes down in the order that answers (see ``Legality._chain_order``)."""

    __slots__ = ("cards", "declared", "seat")
    _fields: ClassVar[tuple[str, ...]] = ("seat", "cards", "declared")

    def __init__(
        self, seat: int, cards: tuple[Card, ...], declared: tuple[Card | None, ...] | None = None
    ) -> None:
        self.seat: Final = seat
        self.cards: Final = cards
        self.declared: Final = declared


class CardsDrawn(Event):
    """``seat`` drew ``count`` cards (``cards`` is empty for other seats' eyes)."""

    __slots__ = ("cards", "count", "penalty", "seat")
    _fields: ClassVar[tuple[str, ...]] = ("seat", "count", "cards", "penalty")

    def __init__(
        self, seat: int, count: int, cards: tuple[Card, ...] = (), penalty: bool = False
    ) -> None:
        self.seat: Final = seat
        self.count: Final = count
        self.cards: Final = cards
        self.penalty: Final = penalty

    def public(self, seat: int) -> Event:
        if seat == self.seat or not self.cards:
            return self
        return CardsDrawn(self.seat, self.count, (), self.penalty)


class AttackPending(Event):
    """``target`` owes ``total`` cards unless it fights back."""

    __slots__ = ("added", "target", "total")
    _fields: ClassVar[tuple[str, ...]] = ("target", "total", "added")

    def __init__(self, target: int, total: int, added: int) -> None:
        self.target: Final = target
        self.total: Final = total
        self.added: Final = added


class PenaltyTaken(Event):
    """``seat`` took the penalty: drew ``drawn`` of the ``owed`` cards (the rest forgiven)."""

    __slots__ = ("drawn", "owed", "seat")
    _fields: ClassVar[tuple[str, ...]] = ("seat", "owed", "drawn")

    def __init__(self, seat: int, owed: int, drawn: int) -> None:
        self.seat: Final = seat
        self.owed: Final = owed
        self.drawn: Final = drawn


class StackCancelled(Event):
    """``seat`` cancelled a stack of ``total`` cards with ``card``."""

    __slots__ = ("card", "seat", "total")
    _fields: ClassVar[tuple[str, ...]] = ("seat", "card", "total")

    def __init__(self, seat: int, card: Card, total: int) -> None:
        self.seat: Final = seat
        self.card: Final = card
        self.total: Final = total


class StackLapsed(Event):
    """A stack of ``total`` cards or ``skips`` missed turns lapses, aimed at nobody, when
    ``seat`` lays ``card``. ``reason`` is ``"out"``: the seat went out on a card whose power
    does not act (``power_after_out: false``) while the stack was waiting on it; or
    ``"nobody"``: every other seat is out or waiting out missed turns."""

    __slots__ = ("card", "reason", "seat", "skips", "total")
    _fields: ClassVar[tuple[str, ...]] = ("seat", "card", "total", "skips", "reason")

    def __init__(self, seat: int, card: Card, total: int, skips: int, reason: str) -> None:
        self.seat: Final = seat
        self.card: Final = card
        self.total: Final = total
        self.skips: Final = skips
        self.reason: Final = reason


class Reshuffled(Event):
    """The pile under its top card became the new stock (``count`` cards)."""

    __slots__ = ("count",)
    _fields: ClassVar[tuple[str, ...]] = ("count",)

    def __init__(self, count: int) -> None:
        self.count: Final = count


class SuitNamed(Event):
    """``seat`` named ``suit`` (``*`` is a free suit: any suit but ``excluded``)."""

    __slots__ = ("excluded", "seat", "suit")
    _fields: ClassVar[tuple[str, ...]] = ("seat", "suit", "excluded")

    def __init__(self, seat: int, suit: str, excluded: str = "") -> None:
        self.seat: Final = seat
        self.suit: Final = suit
        self.excluded: Final = excluded


class RankRequested(Event):
    """``seat`` requested ``rank`` (``None``: nothing) for one round."""

    __slots__ = ("rank", "seat")
    _fields: ClassVar[tuple[str, ...]] = ("seat", "rank")

    def __init__(self, seat: int, rank: str | None) -> None:
        self.seat: Final = seat
        self.rank: Final = rank


class RequestEnded(Event):
    """A jack's or an ace's request is over."""

    __slots__ = ("kind",)
    _fields: ClassVar[tuple[str, ...]] = ("kind",)

    def __init__(self, kind: str) -> None:
        self.kind: Final = kind


class SkipPending(Event):
    """``target`` must miss ``count`` turns unless it answers with a skip card."""

    __slots__ = ("count", "target")
    _fields: ClassVar[tuple[str, ...]] = ("target", "count")

    def __init__(self, target: int, count: int) -> None:
        self.target: Final = target
        self.count: Final = count


class MissedTurnsAccepted(Event):
    """``seat`` accepted ``count`` missed turns (this one included)."""

    __slots__ = ("count", "seat")
    _fields: ClassVar[tuple[str, ...]] = ("seat", "count")

    def __init__(self, seat: int, count: int) -> None:
        self.seat: Final = seat
        self.count: Final = count


class TurnMissed(Event):
    """``seat`` was passed over while waiting; ``left`` missed turns remain."""

    __slots__ = ("left", "seat")
    _fields: ClassVar[tuple[str, ...]] = ("seat", "left")

    def __init__(self, seat: int, left: int) -> None:
        self.seat: Final = seat
        self.left: Final = left


class Passed(Event):
    """``seat`` ended its turn without laying (kept a drawn card, or was blocked)."""

    __slots__ = ("blocked", "seat")
    _fields: ClassVar[tuple[str, ...]] = ("seat", "blocked")

    def __init__(self, seat: int, blocked: bool = False) -> None:
        self.seat: Final = seat
        self.blocked: Final = blocked


class FiveAgain(Event):
    """``seat`` laid a five and must lay one more card or draw."""

    __slots__ = ("seat",)
    _fields: ClassVar[tuple[str, ...]] = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat: Final = seat


class MacauCalled(Event):
    """``seat`` called Macau (``auto``: the table said it for them)."""

    __slots__ = ("auto", "seat")
    _fields: ClassVar[tuple[str, ...]] = ("seat", "auto")

    def __init__(self, seat: int, auto: bool = False) -> None:
        self.seat: Final = seat
        self.auto: Final = auto


class MacauForgotten(Event):
    """``seat`` holds one card and did not call Macau: others may call stop."""

    __slots__ = ("seat",)
    _fields: ClassVar[tuple[str, ...]] = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat: Final = seat


class MacauCaught(Event):
    """``by`` caught ``seat`` forgetting Macau; ``seat`` draws the penalty."""

    __slots__ = ("by", "penalty", "seat")
    _fields: ClassVar[tuple[str, ...]] = ("seat", "by", "penalty")

    def __init__(self, seat: int, by: int, penalty: int) -> None:
        self.seat: Final = seat
        self.by: Final = by
        self.penalty: Final = penalty


class SeatOut(Event):
    """``seat`` emptied its hand and finished in ``place`` (1-based)."""

    __slots__ = ("place", "seat")
    _fields: ClassVar[tuple[str, ...]] = ("seat", "place")

    def __init__(self, seat: int, place: int) -> None:
        self.seat: Final = seat
        self.place: Final = place


class RoundOver(Event):
    """The round ended: finishing order, per-seat places, charges, and whether it was blocked."""

    __slots__ = ("blocked", "charges", "places", "placings")
    _fields: ClassVar[tuple[str, ...]] = ("placings", "places", "charges", "blocked")

    def __init__(
        self,
        placings: tuple[int, ...],
        places: tuple[int, ...],
        charges: tuple[int, ...],
        blocked: bool,
    ) -> None:
        self.placings: Final = placings
        self.places: Final = places
        self.charges: Final = charges
        self.blocked: Final = blocked


class MatchOver(Event):
    """The match ended: ``winners`` (several means a drawn match) and ``loser``: of the seats
    whose totals reached the target in the last round, each of which has lost, the one with
    the highest total (the first in seat order among equal ones)."""

    __slots__ = ("loser", "scores", "winners")
    _fields: ClassVar[tuple[str, ...]] = ("winners", "loser", "scores")

    def __init__(self, winners: tuple[int, ...], loser: int, scores: tuple[int, ...]) -> None:
        self.winners: Final = winners
        self.loser: Final = loser
        self.scores: Final = scores


def _set_in_init(self: Event, name: str, value: object) -> None:
    """Interpreted events: only the event classes' own ``__init__`` may set a field."""
    if sys._getframe(1).f_code not in _INIT_CODES:
        raise AttributeError(f"{type(self).__name__}.{name} is read-only: events are a record")
    object.__setattr__(self, name, value)


_INIT_CODES: set[object] = set()  # the event constructors' code (interpreted build only)
if not hasattr(Event, "__mypyc_attrs__"):
    # Compiled, the Final fields are read-only already; run from source, they are made so here
    # (asking the constructor's frame is far cheaper than raising to see if a slot is set),
    # so that both builds refuse the same changes.
    _INIT_CODES.update(
        vars(cls)["__init__"].__code__ for cls in Event.__subclasses__() if "__init__" in vars(cls)
    )
    setattr(Event, "__setattr__", _set_in_init)  # noqa: B010  (mypy forbids assigning a method)

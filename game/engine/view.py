"""What one seat may see: its own hand, every card count, the pile and the public state.

A ``View`` holds no reference to the ``Game``: a bot given a view cannot reach another hand or
the order of the stock. ``Game.from_view`` rebuilds a full game from a view plus a guess of the
hidden cards, which is how the searching bot samples the unseen.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .actions import Event
from .cards import RANK_NAMES, SUITS, Card, make_pack
from .phase import Phase
from .rules import Rules

if TYPE_CHECKING:
    from .state import Game


@dataclass(frozen=True)
class View:
    """One seat's knowledge of the game."""

    seat: int
    rules: Rules
    seats: int
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    pile: tuple[Card, ...]
    pile_effective: tuple[Card, ...]
    stock_count: int
    current: int
    phase: Phase
    penalty: int
    skips: int
    suit_in_force: str
    request_rank: str | None
    request_suits: str
    request_owner: int
    missed_turns: tuple[int, ...]
    out: tuple[bool, ...]
    placings: tuple[int, ...]
    scores: tuple[int, ...]
    dealer: int
    round_no: int
    over: bool
    macau_catchable: int
    drawn: Card | None
    _public: dict[str, Any] = field(repr=False, compare=False)
    _log: Any = field(default=None, repr=False, compare=False)

    @classmethod
    def of(cls, game: Game, seat: int) -> View:
        """Take ``seat``'s view of ``game``."""
        from .state import PUBLIC_FIELDS

        g = game
        public = {k: _snapshot(getattr(g, k)) for k in PUBLIC_FIELDS}
        return cls(
            seat=seat,
            rules=g.rules,
            seats=g.n,
            hand=tuple(g.hands[seat]),
            hand_counts=tuple(len(h) for h in g.hands),
            pile=tuple(g.pile),
            pile_effective=tuple(g.pile_eff),
            stock_count=len(g.stock),
            current=g.current,
            phase=g.phase,
            penalty=g.penalty,
            skips=g.skips,
            suit_in_force=g.suit_in_force,
            request_rank=RANK_NAMES[g._req_rank] if g._req_rank else None,
            request_suits="".join(s for s in SUITS if s in g._req_suits),
            request_owner=g._req_owner,
            missed_turns=tuple(g.missed),
            out=tuple(g._out),
            placings=tuple(g._placings),
            scores=tuple(g._scores),
            dealer=g.dealer,
            round_no=g.round_no,
            over=g.over,
            macau_catchable=g.macau_catchable,
            drawn=g._drawn if seat == g.current else None,
            _public=public,
            _log=g._log,
        )

    @property
    def history(self) -> tuple[Event, ...]:
        """This round's public record: every event, with no drawn card in it (even this seat's
        own; its cards are in ``hand``), nor a seat keeping the card it drew (which would
        tell that card fits). The events are the game's own records, read-only."""
        cached = self._public.get("_history")
        if cached is None:
            nodes = []
            node = self._log
            while node is not None:  # a chain of (older, *events) tuples
                nodes.append(node)
                node = node[0]
            cached = tuple(e for chunk in reversed(nodes) for e in chunk[1:])
            # The view is frozen; the public snapshot dict is private to this view.
            self._public["_history"] = cached
        return cached

    @property
    def top(self) -> Card:
        """The top card of the pile as laid."""
        return self.pile[-1]

    @property
    def top_effective(self) -> Card:
        """The card the top of the pile acts as."""
        return self.pile_effective[-1]

    def unseen(self) -> list[Card]:
        """Cards this seat cannot see: in other hands or in the stock (with repeats)."""
        pack = make_pack(self.rules.decks_for(self.seats), self.rules.jokers)
        for card in (*self.hand, *self.pile):
            pack.remove(card)
        return pack


def _snapshot(value: Any) -> Any:
    if isinstance(value, list):
        return [v[:] if isinstance(v, list) else v for v in value]
    return value

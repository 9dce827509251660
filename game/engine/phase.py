"""The phases of the state machine, and the error an illegal action raises."""

from __future__ import annotations

import enum

from .cards import NotationError


class Phase(enum.Enum):
    """What the seat to act must deal with; legal actions and ``apply`` dispatch on it."""

    PLAY = "play"  # an ordinary turn: lay or draw
    DRAWN = "drawn"  # drew a card that fits: lay it or keep it
    ATTACK = "attack"  # a penalty is aimed at this seat: fight back or take it
    SKIP = "skip"  # missed turns are aimed at this seat: answer or accept
    RANK_REQUEST = "rank_request"  # a jack's request is in force
    SUIT_REQUEST = "suit_request"  # an ace's (or joker's, or 7's) suit request binds this seat
    FIVE_AGAIN = "five_again"  # laid a five: lay one more or draw
    ROUND_OVER = "round_over"
    MATCH_OVER = "match_over"

    # Members are singletons: hashing by identity keeps the engine's lookups cheap
    # (Enum's own hash is a Python-level call on the member's name).
    __hash__ = object.__hash__


class IllegalMove(ValueError):
    """An action the rules forbid now; the message names the rule. The game is unchanged."""


class NoSuchSeat(IllegalMove, IndexError):
    """A seat number that is not a seat at this table (or not a whole number).

    An ``IllegalMove`` like any refused action, and an ``IndexError`` as asking a list for an
    item it does not have would be.
    """


class UnreadableAction(IllegalMove, NotationError):
    """Text given to ``apply``, ``check`` or ``is_legal`` that is not action notation.

    An ``IllegalMove`` like any refused action (so one ``except IllegalMove`` covers typed
    input), and a ``NotationError`` as ``parse_action`` raises for the same text.
    """

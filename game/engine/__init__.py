"""The Macau rules engine: pure Python, no pygame, no I/O.

Public API (kept stable; see the README's "Engine API"):

>>> from game.engine import Card, PRESETS, Game
>>> g = Game.new(PRESETS["polish"], seats=4, seed=7)
>>> len(g.hand(g.current))
5
"""

from ._native import prefer_fresh_modules

prefer_fresh_modules()

from .actions import (  # noqa: E402
    DRAW,
    PASS,
    Action,
    AttackPending,
    CardsDrawn,
    CardsLaid,
    Draw,
    Event,
    FiveAgain,
    MacauCalled,
    MacauCaught,
    MacauForgotten,
    MatchOver,
    MissedTurnsAccepted,
    Pass,
    Passed,
    PenaltyTaken,
    Play,
    RankRequested,
    RequestEnded,
    Reshuffled,
    RoundOver,
    SeatOut,
    SkipPending,
    StackCancelled,
    StackLapsed,
    Stop,
    SuitNamed,
    TurnMissed,
    TurnStarted,
    parse_action,
)
from .cards import Card, NotationError, hand_points, parse_cards  # noqa: E402
from .explain import explain  # noqa: E402
from .house import HOUSE_SWITCHES, apply_switch  # noqa: E402
from .legal import cancel_verb  # noqa: E402
from .phase import IllegalMove, NoSuchSeat, Phase, UnreadableAction  # noqa: E402
from .rules import PRESETS, Rules, RulesError  # noqa: E402
from .state import LISTING_LIMIT, Game  # noqa: E402
from .view import View  # noqa: E402

__all__ = [
    "DRAW",
    "HOUSE_SWITCHES",
    "LISTING_LIMIT",
    "PASS",
    "PRESETS",
    "Action",
    "AttackPending",
    "Card",
    "CardsDrawn",
    "CardsLaid",
    "Draw",
    "Event",
    "FiveAgain",
    "Game",
    "IllegalMove",
    "MacauCalled",
    "MacauCaught",
    "MacauForgotten",
    "MatchOver",
    "MissedTurnsAccepted",
    "NoSuchSeat",
    "NotationError",
    "Pass",
    "Passed",
    "PenaltyTaken",
    "Phase",
    "Play",
    "RankRequested",
    "RequestEnded",
    "Reshuffled",
    "RoundOver",
    "Rules",
    "RulesError",
    "SeatOut",
    "SkipPending",
    "StackCancelled",
    "StackLapsed",
    "Stop",
    "SuitNamed",
    "TurnMissed",
    "TurnStarted",
    "UnreadableAction",
    "View",
    "apply_switch",
    "cancel_verb",
    "explain",
    "hand_points",
    "parse_action",
    "parse_cards",
]

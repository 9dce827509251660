"""The Macau rules engine: pure Python, no pygame, no I/O.

Public API (kept stable; see the README's "Engine API"):

>>> from game.engine import Card, PRESETS, Game
>>> g = Game.new(PRESETS["polish"], seats=4, seed=7)
>>> len(g.hand(g.current))
5
"""

from .actions import (
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
    Stop,
    SuitNamed,
    TurnMissed,
    TurnStarted,
    parse_action,
)
from .cards import Card, NotationError, hand_points, parse_cards
from .phase import IllegalMove, Phase
from .rules import HOUSE_SWITCHES, PRESETS, Rules, RulesError, apply_switch
from .state import Game
from .view import View

__all__ = [
    "DRAW",
    "HOUSE_SWITCHES",
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
    "Stop",
    "SuitNamed",
    "TurnMissed",
    "TurnStarted",
    "View",
    "apply_switch",
    "hand_points",
    "parse_action",
    "parse_cards",
]

"""Where the player's data lives: folders, statistics and ratings, settings and saves.

The UI and CLI use only the names exported here.
"""

from game.store.db import Store
from game.store.models import (
    BOT_LEVELS,
    OVERALL,
    FastWin,
    GameRecord,
    HistoryEntry,
    HistorySeat,
    MatchEntry,
    MatchEntrySeat,
    MatchRecord,
    MatchSeat,
    Profile,
    ProfileStats,
    RankRow,
    RatingPoint,
    SeatResult,
    WinRatePoint,
    bot_profile_name,
    shared_ranks,
)
from game.store.paths import StoreUnavailable, config_dir, data_dir, log_dir, state_dir

__all__ = [
    "BOT_LEVELS",
    "OVERALL",
    "FastWin",
    "GameRecord",
    "HistoryEntry",
    "HistorySeat",
    "MatchEntry",
    "MatchEntrySeat",
    "MatchRecord",
    "MatchSeat",
    "Profile",
    "ProfileStats",
    "RankRow",
    "RatingPoint",
    "SeatResult",
    "Store",
    "StoreUnavailable",
    "WinRatePoint",
    "bot_profile_name",
    "config_dir",
    "data_dir",
    "log_dir",
    "shared_ranks",
    "state_dir",
]

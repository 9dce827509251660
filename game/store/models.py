"""Plain records passed in and out of the statistics store."""

from __future__ import annotations

import unicodedata
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from game.graphemes import cut

OVERALL = "overall"
"""The rating scope that spans every preset."""

BOT_LEVELS = ("random", "easy", "medium", "hard")


def bot_profile_name(level: str) -> str:
    """The one profile that stands for every bot of ``level``, e.g. ``Bot · easy``."""
    return f"Bot · {level}"


# Invisible characters a name keeps inside a word, where they change how it is drawn: the
# zero-width non-joiner between two parts of a Persian name that must not join (the Persian
# keyboard's Shift+Space), and the zero-width joiner of an emoji sequence (👩‍💻).
_JOINERS = frozenset("\u200c\u200d")
_BLACK_FLAG = "\U0001f3f4"  # with tag characters after it, a region's flag (Scotland's)


# Characters that draw nothing though they are not spacing by Unicode's tables (the Hangul
# fillers, the blank braille pattern): a name holds them as a space, so they tidy away.
_BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
# Marks that draw nothing on their own (the combining grapheme joiner, two Khmer inherent
# vowels): a name drops them.
_IGNORED = frozenset("\u034f\u17b4\u17b5")


def _variation(ch: str) -> bool:
    """A variation selector: it picks how the character before it is drawn (an emoji in
    colour, a Mongolian letter's form), and draws nothing itself."""
    return (
        "\ufe00" <= ch <= "\ufe0f"
        or "\u180b" <= ch <= "\u180f"
        or "\U000e0100" <= ch <= "\U000e01ef"
    )


def _selects(ch: str, after: str) -> bool:
    """Whether a variation selector after ``ch`` (and before ``after``) belongs to it: after
    a symbol, a punctuation mark or ℹ (the emoji ❤️, ‼️, ↔️, ℹ️ in colour, and #️⃣), a digit
    of a keycap (1️⃣: the keycap mark follows) or a Mongolian letter; not after a plain
    letter, a space or a mark, where it would only hide in the name."""
    kind = unicodedata.category(ch)
    if kind == "Nd":
        return after == "\u20e3"
    mongolian = kind[0] == "L" and "\u1800" <= ch <= "\u18af"
    return (kind[0] in "SP" and ch != "_") or ch == "\u2139" or mongolian


def _tag(ch: str) -> bool:
    return "\U000e0020" <= ch <= "\U000e007f"


def _noncharacter(ch: str) -> bool:
    """True for the code points Unicode keeps for a program's own use, never for text."""
    code = ord(ch)
    return 0xFDD0 <= code <= 0xFDEF or (code & 0xFFFE) == 0xFFFE


def normal_name(text: str, limit: int | None = None) -> str:
    """``text`` as a name is kept wherever one enters (the New game screen, the profiles
    dialog, the statistics): composed (NFC), on one line with its spacing collapsed, and
    without the invisible format characters a keyboard, a phone or a paste slips in (a
    zero-width space, direction marks, a byte order mark, a soft hyphen, a blank filler, a
    variation selector after a letter), which would make two names that look the same two
    players. The joiners stay between two letters, where
    they belong to the spelling, and so do the tags of a region's flag; what no text may
    hold (a lone surrogate, a noncharacter) goes. At most ``limit`` characters, if given.

    Private-use characters and code points this Python's Unicode tables do not know yet
    (an emoji newer than them) are kept: they may well be what the player typed."""
    kept: list[str] = []
    for ch in text:
        kind = unicodedata.category(ch)
        if ch.isspace() or ch in _BLANKS:
            kept.append(" ")
        elif kind == "Cc" or kind == "Cs" or _noncharacter(ch) or ch in _IGNORED:
            continue
        elif kind == "Cf" and ch not in _JOINERS:
            if _tag(ch) and kept and (kept[-1] == _BLACK_FLAG or _tag(kept[-1])):
                kept.append(ch)
        else:
            kept.append(ch)
    # Variation selectors are weighed once the name is composed (composing may take apart
    # the character one follows: ⫝̸ is ⫝ and a mark; a selector after a mark selects
    # nothing), and before the joiners, which stay only between two visible characters.
    composed = unicodedata.normalize("NFC", "".join(kept))
    chosen = unicodedata.normalize(
        "NFC",
        "".join(
            ch
            for i, ch in enumerate(composed)
            if not _variation(ch) or (i and _selects(composed[i - 1], composed[i + 1 : i + 2]))
        ),
    )
    joined = "".join(
        ch for i, ch in enumerate(chosen) if ch not in _JOINERS or _between_letters(chosen, i)
    )
    # Composed anew: a mark may meet its letter only once a joiner between them has gone.
    tidy = " ".join(unicodedata.normalize("NFC", joined).split())
    if limit is not None and len(tidy) > limit:
        # Cut between two characters as the player sees them: an emoji of several code
        # points (👩‍💻, a flag) cut in two would be another emoji. (A joiner left at the end,
        # where no character follows it, goes too.)
        return normal_name(cut(tidy, limit))
    return tidy


def _between_letters(text: str, i: int) -> bool:
    """True when the joiner at ``i`` has a visible character on either side."""
    if i == 0 or i == len(text) - 1:
        return False
    before, after = text[i - 1], text[i + 1]
    return not (before.isspace() or after.isspace() or before in _JOINERS or after in _JOINERS)


# Letters one name is spelt with either way: Romanian ș and ț (comma below) are typed as ş
# and ţ (cedilla) by older keyboards and many phones, and the two look alike.
_SAME_LETTERS = str.maketrans({"ş": "ș", "ţ": "ț"})


def name_key(name: str) -> str:
    """What two spellings of one profile name share: ``Łukasz``, `` łukasz `` and
    ``ŁUKASZ`` are one name. Spacing is tidied and invisible characters ignored (two names
    that look the same are one), and letter case folded in every alphabet (SQLite's NOCASE
    folds only A to Z). The folding is Unicode's caseless matching, in which ß is ss
    ("Weiß" and "Weiss" are one name, as "WEISS" is either in capitals); Romanian ş and ţ
    (cedilla) are ș and ț (comma below)."""
    visible = "".join(
        ch for ch in normal_name(name) if unicodedata.category(ch) != "Cf" and not _variation(ch)
    )
    return unicodedata.normalize("NFC", visible.casefold()).translate(_SAME_LETTERS)


# Letters that are not a plain letter with an accent, so NFD does not take them apart,
# although a reader files them under one: Łucja beside Lucja, Øystein beside Oscar.
_LETTER_BASES = str.maketrans(
    {
        "Ł": "L", "ł": "l", "Ø": "O", "ø": "o", "Đ": "D", "đ": "d", "Ð": "D", "ð": "d",
        "Ħ": "H", "ħ": "h", "Ŧ": "T", "ŧ": "t", "ı": "i", "Æ": "AE", "æ": "ae",
        "Œ": "OE", "œ": "oe", "Þ": "TH", "þ": "th",
    }
)  # fmt: skip


def sort_key(name: str) -> tuple[str, str, str]:
    """How lists of players are ordered: by the letters without their accents and case in
    any alphabet (Ágnes beside Adam, Łucja beside Lucja, Şerban beside Sebastian), then
    with them, so the order is the same every time (SQLite's NOCASE folds only A to Z and
    puts every other first letter after Z)."""
    folded = unicodedata.normalize("NFC", name).casefold()
    bare = "".join(
        ch
        for ch in unicodedata.normalize("NFD", folded.translate(_LETTER_BASES))
        if not unicodedata.combining(ch)
    )
    return bare.casefold(), folded, name


@dataclass(frozen=True)
class SeatResult:
    """How one seat finished a round. ``place`` is 1-based and ties share a place."""

    seat: int
    profile: str
    is_bot: bool
    bot_level: str | None
    place: int
    points: int = 0
    penalty_cards: int = 0
    biggest_stack: int = 0
    turns_missed: int = 0
    macau_forgotten: int = 0
    seat_name: str = ""  # a bot's name at the table (kept beside its level's profile)
    # Seconds from the deal to the seat's last card, on the round's clock (which stops while
    # the game is paused); None for a seat that never went out, or when it was not timed.
    out_after_s: float | None = None


@dataclass(frozen=True)
class MatchSeat:
    """One seat of a points match: its total so far (or final), its place by that total
    (lowest first, ties share) and whether it won a finished match."""

    seat: int
    profile: str
    is_bot: bool
    bot_level: str | None
    total: int
    place: int
    won: bool = False
    seat_name: str = ""  # a bot's name at the table (kept beside its level's profile)


MATCH_STATUSES = ("playing", "finished", "abandoned")

# The last moment (seconds since 1970) a recorded time may name: the start of 31 December
# 9999, UTC, so that it is still a date in every time zone. Times run from 0 (1970) to it.
LATEST_TIME = 253_402_214_400.0


@dataclass(frozen=True)
class MatchRecord:
    """A points match as it stands, reported after each of its rounds, when the engine says
    it is over (``finished``) and when it is given up (``abandoned``)."""

    # Names the match among every match ever dealt: reported many times, it is stored once.
    match_key: str
    preset: str
    rules_fingerprint: str
    target: int
    started_at: float
    ended_at: float
    rounds: int  # rounds played to the end (a round left halfway is not counted)
    seats: tuple[MatchSeat, ...]
    status: str = "playing"


@dataclass(frozen=True)
class GameRecord:
    """One finished (or abandoned) round, as the game reports it to the store."""

    preset: str
    rules_fingerprint: str
    started_at: float
    ended_at: float
    results: tuple[SeatResult, ...]
    is_match: bool = False
    abandoned: bool = False
    blocked: bool = False
    round_no: int = 1
    # Names this round among every round ever dealt: a round reported twice is stored once.
    round_key: str | None = None
    # The match this round belongs to, as it stands with this round (None for a single round).
    match: MatchRecord | None = None
    # The name custom rules were saved under, when they were played as saved (None otherwise).
    rules_label: str | None = None
    # The id of the table's last saved game, when the saves since failed: it is behind this
    # round, and Continue from it is refused (None when the table's save is up to date).
    stale_save: str | None = None


@dataclass(frozen=True)
class Profile:
    """A player (human or one bot level). ``merged_into`` is set once merged away."""

    id: int
    name: str
    kind: str
    bot_level: str | None
    created: float
    merged_into: int | None = None

    @property
    def is_bot(self) -> bool:
        """True for the bot-level profiles."""
        return self.kind == "bot"


@dataclass(frozen=True)
class FastWin:
    """A won round and how long it took. ``duration_s`` is the round's length; ``win_s``
    the time the win took, from the deal to the winner's last card: shorter where the
    others play on for the lower places (polish, hungarian). Rounds recorded before seats
    were timed have no ``win_s``: their length stands for it (``time_s``)."""

    game_id: int
    profile: str
    preset: str
    duration_s: float
    ended_at: float
    win_s: float | None = None

    @property
    def time_s(self) -> float:
        """The time the win is ranked by: ``win_s``, or the round's length without it."""
        return self.duration_s if self.win_s is None else self.win_s


class RatingPoint(NamedTuple):
    """A profile's rating straight after one rated round (a tuple: charts make thousands)."""

    game_id: int
    at: float
    mu: float
    sigma: float

    @property
    def conservative(self) -> float:
        """The rating the leaderboard sorts by: ``mu - 3 * sigma``."""
        return self.mu - 3.0 * self.sigma


class WinRatePoint(NamedTuple):
    """The win rate over the last ``window`` rounds, as of one round."""

    game_id: int
    at: float
    win_rate: float


@dataclass(frozen=True)
class ProfileStats:
    """Everything the statistics screen shows for one profile (optionally one preset).

    Abandoned rounds are counted in ``abandoned`` only; they are neither wins nor losses.
    ``points_per_round`` covers match rounds (the scoring ones) and is None without any.
    ``matches`` counts points matches played to their target: ``matches_won`` of them won
    alone, ``matches_drawn`` shared at the lowest total (a drawn match, RULES §6); matches
    given up are counted in ``matches_abandoned`` only. ``fastest_win`` is the quickest win
    by the time it took (``FastWin.time_s``). ``win_rate_series`` has a point for each of
    the latest rounds (up to ``max_points``), the last for round number ``games``;
    ``rating_series`` covers every rated round, thinned evenly to ``max_points``.
    """

    profile: str
    preset: str | None
    games: int
    wins: int
    win_rate: float
    avg_place: float | None
    fastest_win: FastWin | None
    longest_win_streak: int
    current_win_streak: int
    biggest_stack: int
    favourite_preset: str | None
    points_per_round: float | None
    abandoned: int
    window: int
    win_rate_series: tuple[WinRatePoint, ...]
    rating_series: tuple[RatingPoint, ...]
    matches: int = 0
    matches_won: int = 0
    matches_abandoned: int = 0
    matches_drawn: int = 0


def shared_ranks(keys: Sequence[Hashable]) -> list[int]:
    """The rank of each of ``keys``, which are in order, best first: equal keys share a
    rank and the next key's rank skips as many (1, 1, 3), the way a shared place is
    counted at the table."""
    ranks: list[int] = []
    for n, key in enumerate(keys):
        ranks.append(ranks[-1] if n and key == keys[n - 1] else n + 1)
    return ranks


@dataclass(frozen=True)
class RankRow:
    """One line of the leaderboard, best first. ``rank`` is shared by every row whose
    rating reads the same on screen (``mu`` and ``sigma`` to a tenth)."""

    rank: int
    profile: str
    is_bot: bool
    bot_level: str | None
    mu: float
    sigma: float
    games: int

    @property
    def conservative(self) -> float:
        """The rating the board is sorted by: ``mu - 3 * sigma``."""
        return self.mu - 3.0 * self.sigma


@dataclass(frozen=True)
class HistorySeat:
    """One seat of a recorded round, with the profile's current name."""

    seat: int
    profile: str
    is_bot: bool
    bot_level: str | None
    place: int
    won: bool
    points: int
    penalty_cards: int
    biggest_stack: int
    turns_missed: int
    macau_forgotten: int
    seat_name: str = ""  # a bot's name at the table, when one was recorded
    # Seconds from the deal to its last card; None if it never went out, or was not timed.
    out_after_s: float | None = None


@dataclass(frozen=True)
class HistoryEntry:
    """One recorded round with all its seats."""

    game_id: int
    preset: str
    rules_fingerprint: str
    started_at: float
    ended_at: float
    duration_s: float
    is_match: bool
    abandoned: bool
    blocked: bool
    round_no: int
    seats: tuple[HistorySeat, ...]
    match_id: int | None = None  # the match this round was part of, if recorded with one
    rules_label: str | None = None  # the name its custom rules were saved under, if any


@dataclass(frozen=True)
class MatchEntrySeat:
    """One seat of a recorded match, with the profile's current name."""

    seat: int
    profile: str
    is_bot: bool
    bot_level: str | None
    total: int
    place: int
    won: bool
    seat_name: str = ""


@dataclass(frozen=True)
class MatchEntry:
    """One recorded points match with every seat's total. ``duration_s`` adds up its
    recorded rounds; ``status`` is one of ``MATCH_STATUSES``."""

    match_id: int
    preset: str
    rules_fingerprint: str
    target: int
    started_at: float
    ended_at: float
    duration_s: float
    rounds: int
    status: str
    seats: tuple[MatchEntrySeat, ...]
    rules_label: str | None = None  # the name of its custom rules, as its last round has it

    @property
    def finished(self) -> bool:
        """True once the match was played to its target."""
        return self.status == "finished"

    @property
    def abandoned(self) -> bool:
        """True for a match given up before anyone reached the target."""
        return self.status == "abandoned"

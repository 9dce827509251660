"""``Rules``: every option of the rule book (RULES.md §3–6) as a frozen dataclass; ``PRESETS``.

A ``Rules`` validates itself when built, so a house-rule set that cannot work is refused with a
message naming the options that clash. Rules have a stable text form (``to_text``/``from_text``)
for saving custom rule sets by name, and a short ``fingerprint`` for statistics.
"""

from __future__ import annotations

import dataclasses
import hashlib
import inspect
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .cards import RANK_NAMES, SUIT_SYMBOLS, make_pack

RANK_TOKENS: tuple[str, ...] = tuple(RANK_NAMES[r] for r in range(2, 15))
CARD_KIND_TOKENS: tuple[str, ...] = (*RANK_TOKENS, "joker")
ATTACK_TOKENS: tuple[str, ...] = ("2", "3", "KH", "KS", "BJ", "RJ")
# Fixed by the rule book: what each attack card makes the target draw.
ATTACK_VALUES: dict[str, int] = {"2": 2, "3": 3, "KH": 5, "KS": 5, "BJ": 5, "RJ": 10}

COUNTER_RULES = ("suit_or_rank", "pool", "same_rank", "hungarian")
# How 2s and 3s fight back: as counter_rule says, or by the Hungarian rules' easier/harder switches.
TWOS_THREES_COUNTERS = ("same", "pool", "suit_or_rank")
ACE_SCOPES = ("next", "until_met")
JOKER_ROLES = ("none", "any_card", "draw_wild")
GROUPS = ("none", "rank", "rank_or_suit")
MACAU_CALLS = ("auto", "required")
ENDS = ("first_out", "places")
SCORINGS = ("none", "wins_time", "points")
STARTERS = ("plain", "any")

TEXT_HEADER = "macau-rules 1"
# The options holding a set of card tokens.
SET_OPTIONS = ("attack_cards", "suit_changers", "plays_on_anything", "anything_on")
# Unicode categories no option's text may hold: control characters (tab, CR, VT, NEL...),
# lone surrogates (they cannot be written to a file) and the line and paragraph separators.
# ``str.splitlines`` breaks a line at several of them, so the text form could not hold them.
_UNPRINTABLE = frozenset(("Cc", "Cs", "Zl", "Zp"))


class RulesError(ValueError):
    """A rule set that cannot work: the message names the clashing options and why."""


def _fs(*items: str) -> frozenset[str]:
    return frozenset(items)


def _pack_jokers(jokers: int) -> frozenset[str]:
    """The joker tokens (``RJ``, ``BJ``, and ``joker`` for either) a pack of ``jokers`` per
    deck holds: each deck's jokers alternate red, black, red (``cards.make_pack``)."""
    if not isinstance(jokers, int) or not 0 < jokers <= 3:
        return frozenset()
    return frozenset(c.code for c in make_pack(1, jokers) if c.is_joker) | {"joker"}


@dataclass(frozen=True)
class Rules:
    """Every option of a Macau variant. Build from a preset with ``PRESETS[id].replace(...)``."""

    name: str = "polish"
    # Seats and pack
    min_seats: int = 2
    max_seats: int = 8
    default_seats: int = 4
    deck_steps: tuple[int, ...] = (5,)  # seat counts from which one more deck joins
    jokers: int = 0  # per deck
    hand_size: int = 5
    hand_size_two_seats: int = 5
    starter: str = "plain"
    # Attacks (§3.1)
    attack_cards: frozenset[str] = field(default_factory=lambda: _fs("2", "3", "KH", "KS"))
    counter_rule: str = "suit_or_rank"
    twos_threes_counter: str = "same"  # "pool" / "suit_or_rank": 2s and 3s alone differ
    seven_cuts: bool = False
    plain_kings_block: bool = False
    fours_block: bool = False
    # Missed turns (§3.2)
    skip_rank: str | None = "4"
    # Jack (§3.3)
    jack_requests: bool = True
    jack_must_hold: bool = False
    request_ranks: tuple[str, ...] = ("5", "6", "7", "8", "9", "10")
    # Suit changers and wild cards (§3.4–3.6)
    suit_changers: frozenset[str] = field(default_factory=lambda: _fs("A"))
    seven_own_suit: bool = False
    queen_own_suit: bool = False  # a queen that changes the suit names only its own (tel_aviv)
    plays_on_anything: frozenset[str] = field(default_factory=lambda: _fs("Q"))
    anything_on: frozenset[str] = field(default_factory=lambda: _fs("Q"))
    ace_scope: str = "next"
    ace_must_differ: bool = False
    ace_must_hold: bool = False
    joker_role: str = "none"
    # Several cards (§3.7)
    groups: str = "rank"
    runs: bool = False
    five_again: bool = False
    # Macau and going out (§3.8, §3.9)
    macau_call: str = "required"
    macau_penalty: int = 5
    power_after_out: bool = False
    no_attack_finish_heads_up: bool = False
    # End and scoring (§4, §6)
    end: str = "places"
    scoring: str = "none"
    target: int = 500

    __signature__: ClassVar[inspect.Signature]  # the options, not __new__'s (*args, **options)

    def __new__(cls, *args: Any, **options: Any) -> Rules:
        # The generated __init__ answers an unknown option with a bare TypeError; refuse it
        # here as replace() does, naming it. __init__ keeps its signature for valid use.
        unknown = sorted(set(options) - _OPTION_NAMES)
        if unknown:
            raise RulesError(f"unknown option {', '.join(unknown)}")
        if len(args) > len(_OPTION_NAMES):
            raise RulesError(f"Rules takes at most {len(_OPTION_NAMES)} options, not {len(args)}")
        return super().__new__(cls)

    def __post_init__(self) -> None:
        _canonical(self)
        _validate(self)

    # ----- derived facts -------------------------------------------------------------
    def decks_for(self, seats: int) -> int:
        """How many decks are shuffled together for this many seats."""
        return 1 + sum(1 for step in self.deck_steps if seats >= step)

    def hand_size_for(self, seats: int) -> int:
        """Cards dealt to each seat."""
        return self.hand_size_two_seats if seats == 2 else self.hand_size

    def pack_size(self, seats: int) -> int:
        """Number of cards in the pack for this many seats."""
        decks = self.decks_for(seats)
        return decks * (52 + self.jokers)

    def check_seats(self, seats: object) -> int:
        """``seats`` if this rule set can be dealt to that many seats, else ``RulesError``."""
        if isinstance(seats, bool) or not isinstance(seats, int):
            # True would count as 1 seat and "4" cannot be compared: both are mistakes.
            raise RulesError(f"seats must be a whole number of players, not {seats!r}")
        if not self.min_seats <= seats <= self.max_seats:
            raise RulesError(
                f"{self.name} is played by {self.min_seats} to {self.max_seats} seats, not {seats}"
            )
        need = seats * self.hand_size_for(seats) + 1
        if need > self.pack_size(seats):
            raise RulesError(
                f"hand_size {self.hand_size_for(seats)} for {seats} seats needs {need} cards "
                f"but {self.decks_for(seats)} deck(s) with {self.jokers} joker(s) each hold only "
                f"{self.pack_size(seats)}"
            )
        return seats

    @property
    def jokers_in_pack(self) -> frozenset[str]:
        """The jokers the pack holds, as attack-card tokens (``RJ``, ``BJ``): one joker per
        deck is only ever the red one."""
        return _pack_jokers(self.jokers) & {"RJ", "BJ"}

    @property
    def small_counter_rule(self) -> str:
        """The counter rule 2s and 3s fight back by: ``twos_threes_counter``, or
        ``counter_rule`` where that is ``same``."""
        return self.counter_rule if self.twos_threes_counter == "same" else self.twos_threes_counter

    @property
    def queen_wild(self) -> bool:
        """Queen on anything, anything on a queen."""
        return "Q" in self.plays_on_anything and "Q" in self.anything_on

    def replace(self, **changes: Any) -> Rules:
        """A validated copy with some options changed (named ``custom`` unless a name is given)."""
        known = {f.name for f in dataclasses.fields(self)}
        unknown = sorted(set(changes) - known)
        if unknown:
            raise RulesError(f"unknown option {', '.join(unknown)}")
        if "name" not in changes:
            changes["name"] = "custom"
        return dataclasses.replace(self, **changes)

    # ----- text form and fingerprint -------------------------------------------------
    def to_text(self) -> str:
        """A stable, line-based text form: ``macau-rules 1`` then ``option = value`` lines."""
        lines = [TEXT_HEADER]
        for f in dataclasses.fields(self):
            lines.append(f"{f.name} = {_format_value(getattr(self, f.name))}")
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str) -> Rules:
        """Parse ``to_text`` output. Options left out keep the ``polish`` defaults."""
        if not isinstance(text, str):
            raise RulesError(f"rules text must be a string, not {type(text).__name__}")
        # A file saved by a Windows editor may start with a byte-order mark: it is no text.
        text = text.removeprefix("\ufeff")
        lines = [(n, ln.strip()) for n, ln in enumerate(text.splitlines(), 1) if ln.strip()]
        if not lines or lines[0][1] != TEXT_HEADER:
            raise RulesError(f"rules text must start with {TEXT_HEADER!r}")
        values: dict[str, Any] = {}
        seen: dict[str, int] = {}
        for n, ln in lines[1:]:
            if ln.startswith("#"):
                continue
            key, sep, raw = ln.partition("=")
            key, raw = key.strip(), raw.strip()
            if not sep or key not in _OPTION_NAMES:
                raise RulesError(f"unknown rules line: {ln!r}")
            if key in seen:
                # Which line should win is a guess either way: the text is refused instead.
                raise RulesError(
                    f"rules text line {n} sets {key} again (first set on line {seen[key]})"
                )
            seen[key] = n
            values[key] = _parse_value(key, raw, getattr(PRESETS["polish"], key))
        return cls(**values)

    @property
    def idle_options(self) -> dict[str, str]:
        """The options that have no effect in this set, each with why (``target`` where no
        points are kept: "it counts only where scoring is points"), for telling whoever set
        one that it changes nothing."""
        idle = {key: why for key, why in _IDLE_WHY.items() if _INERT[key][0](self)}
        for key, (now_idle, why) in _IDLE_UNCOUNTED.items():
            if now_idle(self):
                idle[key] = why(self)
        return idle

    @property
    def fingerprint(self) -> str:
        """A short hash of every option but the name, for statistics by rule set. Options
        that can have no effect in this set count as their ``_INERT`` value, so two sets
        that play the same game share a fingerprint."""
        values = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        for key, (idle, value) in _INERT.items():
            if idle(self):
                values[key] = value(self)
        for key, default in _ADDED_LATER.items():
            if values[key] == default:
                del values[key]
        del values["name"]
        body = "\n".join(f"{k} = {_format_value(v)}" for k, v in values.items())
        return hashlib.sha256(body.encode()).hexdigest()[:10]


_OPTION_NAMES: frozenset[str] = frozenset(f.name for f in dataclasses.fields(Rules))
_INIT = inspect.signature(Rules.__init__)
Rules.__signature__ = _INIT.replace(
    parameters=list(_INIT.parameters.values())[1:], return_annotation=inspect.Signature.empty
)

# Options that can have no effect in some sets: (when they are idle, the value they count as
# in the fingerprint). Each counts as the value every preset holds when idle, so no preset's
# fingerprint (statistics are stored by it) changed when this was added.
_INERT: dict[str, tuple[Callable[[Rules], bool], Callable[[Rules], object]]] = {
    "deck_steps": (
        lambda r: any(s > r.max_seats for s in r.deck_steps),
        lambda r: tuple(s for s in r.deck_steps if s <= r.max_seats),
    ),
    "request_ranks": (lambda r: not r.jack_requests, lambda r: ()),
    "ace_scope": (lambda r: not r.suit_changers, lambda r: "next"),
    "macau_penalty": (lambda r: r.macau_call == "auto", lambda r: 5),
    # A round that ends at the first seat out is over before the last card's power could act.
    "power_after_out": (lambda r: r.end == "first_out", lambda r: False),
    "target": (lambda r: r.scoring != "points", lambda r: 500),
    # 2s and 3s given the rule every attack card has anyway, or a pool where the hungarian
    # rule already lets them go on every attack card.
    "twos_threes_counter": (
        lambda r: (
            r.small_counter_rule == r.counter_rule
            or (r.small_counter_rule == "pool" and r.counter_rule == "hungarian")
            or not {"2", "3"} & r.attack_cards
        ),
        lambda r: "same",
    ),
    # Those below count as the option's default when idle, so a set that holds the default
    # keeps the fingerprint it had before they were added.
    # One hand size is never dealt: two seats are not allowed, or only two are.
    "hand_size_two_seats": (lambda r: r.min_seats > 2, lambda r: 5),
    "hand_size": (lambda r: r.max_seats <= 2, lambda r: 5),
    "no_attack_finish_heads_up": (lambda r: r.min_seats > 2, lambda r: False),
    # With no attack cards there is no stack to answer (the options that cancel one are
    # refused without the cards they cancel). ``seven_cuts`` is kept in the fingerprint even
    # then, though its 7 is a plain card (``sevens_cut``): sets saved before that change keep
    # the statistics they had.
    "counter_rule": (lambda r: not r.attack_cards, lambda r: "suit_or_rank"),
    # How many seats a table of these rules has unless told otherwise is no part of the game
    # they play (New game seats any number in their range): a set played at three seats and
    # at five is one set. It counts as the preset's own, so no preset's fingerprint changed.
    "default_seats": (
        lambda r: True,
        lambda r: PRESETS.get(r.name, PRESETS["polish"]).default_seats,
    ),
}


def idle_here(rules: Rules, option: str) -> bool:
    """Whether ``option``, one of ``_INERT``, has no effect in ``rules``: the fingerprint
    counts it as its idle value, and the rules text tells no difference in it."""
    entry = _INERT.get(option)
    return entry is not None and entry[0](rules)


# Why an option of ``_INERT`` does nothing while it is idle (``Rules.idle_options``). Those left
# out change something even then (a deck step past the seat range, the usual seat count), or
# are idle at the value that says so (2s and 3s fighting back by the same rule as the rest).
_IDLE_WHY: dict[str, str] = {
    "request_ranks": "jacks request no rank",
    "ace_scope": "there are no suit changers",
    "macau_penalty": "nobody is caught where macau_call is auto",
    "power_after_out": "the round ends as the first seat goes out",
    "target": "it counts only where scoring is points",
    "hand_size_two_seats": "these rules take no table of two",
    "hand_size": "these rules take only tables of two",
    "no_attack_finish_heads_up": "these rules take no table of two",
    "counter_rule": "there are no attack cards",
}


# Options that can have no effect in a set although the fingerprint counts them as they are
# (``seven_cuts``, kept so for the statistics of sets saved earlier), or that are idle only at
# some values (2s and 3s given the rule they fight back by anyway): when each is idle, and
# why, for ``Rules.idle_options``.
_IDLE_UNCOUNTED: dict[str, tuple[Callable[[Rules], bool], Callable[[Rules], str]]] = {
    "seven_cuts": (lambda r: not r.attack_cards, lambda r: "there are no attack cards"),
    "twos_threes_counter": (
        lambda r: r.twos_threes_counter != "same" and _INERT["twos_threes_counter"][0](r),
        lambda r: (
            "the hungarian rule already lets 2s and 3s go on any attack card"
            if r.counter_rule == "hungarian"
            else "every attack card fights back that way already"
        ),
    ),
}


# Options added after statistics were first stored: at their default they are left out of the
# fingerprint, so the rule sets that do not use them keep the fingerprint they had.
_ADDED_LATER: dict[str, object] = {"queen_own_suit": False, "twos_threes_counter": "same"}


def _canonical(r: Rules) -> None:
    """Store the several-valued options canonically (any iterable is accepted; a string is
    split at spaces), refusing a value that is no collection at all, by the option's name."""
    wrong: list[str] = []

    def store(key: str, make: Callable[[Any], object], want: str) -> None:
        value = getattr(r, key)
        try:
            object.__setattr__(r, key, make(value.split() if isinstance(value, str) else value))
        except TypeError:  # not iterable, or holds unhashable items
            wrong.append(f"{key} takes several values ({want}), not {value!r}")

    for key in SET_OPTIONS:
        store(key, frozenset, "a set of card tokens")
    order = {t: i for i, t in enumerate(RANK_TOKENS)}
    store(
        "request_ranks",
        lambda v: tuple(sorted(set(v), key=lambda t: order.get(t, 99))),
        "a list of ranks",
    )
    steps: Any = r.deck_steps  # typed as a tuple, but any value may come in
    if isinstance(steps, str):  # "5 9" is not split: the steps must be numbers
        wrong.append(f"deck_steps takes several values (seat counts), not {steps!r}")
    else:
        store("deck_steps", tuple, "seat counts")
    if wrong:
        raise RulesError("; ".join(wrong))


def _one_line(text: str) -> bool:
    """Whether ``text`` survives the text form: no line breaks or control characters inside,
    no spaces at either end (``from_text`` strips them)."""
    return text == text.strip() and not any(unicodedata.category(ch) in _UNPRINTABLE for ch in text)


def _format_value(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "-"
    if isinstance(value, frozenset):
        order = {t: i for i, t in enumerate((*CARD_KIND_TOKENS, *ATTACK_TOKENS))}
        return " ".join(sorted(value, key=lambda t: (order.get(t, 99), t))) or "-"
    if isinstance(value, tuple):
        return " ".join(str(v) for v in value) or "-"
    return str(value)


def _parse_value(key: str, raw: str, default: object) -> object:
    expected = "a value of its kind"
    try:
        if isinstance(default, bool):
            expected = "yes or no"
            if raw not in ("yes", "no"):
                raise ValueError
            return raw == "yes"
        if isinstance(default, int):
            expected = "a whole number"
            return int(raw)
        if isinstance(default, frozenset):
            return frozenset() if raw in ("-", "none") else frozenset(raw.split())
        if isinstance(default, tuple):
            expected = "numbers separated by spaces, or -" if key == "deck_steps" else expected
            items = [] if raw in ("-", "none") else raw.split()
            return tuple(int(x) for x in items) if key == "deck_steps" else tuple(items)
        if key == "skip_rank":
            return None if raw in ("-", "none") else raw
        return raw
    except ValueError:
        raise RulesError(f"bad value for {key}: {raw!r} (expected {expected})") from None


def sevens_cut(r: Rules) -> bool:
    """Whether a 7 has the power to cut: ``seven_cuts`` with attack cards to make a stack.
    Without them a 7 has nothing to cut and is a plain card (it may open the pile and be
    asked for), as the rules text tells it."""
    return r.seven_cuts and bool(r.attack_cards)


def _rank_is_power(r: Rules, rank: str) -> bool:
    """Whether every card of ``rank`` has a power under ``r`` (so none of them is plain)."""
    if rank in r.suit_changers or rank in r.plays_on_anything or rank in r.anything_on:
        return True
    if rank == r.skip_rank or rank in r.attack_cards:
        return True
    if (rank, True) in (("J", r.jack_requests), ("7", sevens_cut(r)), ("4", r.fours_block)):
        return True
    if rank == "5" and r.five_again:
        return True
    if rank == "K":
        battle = {"KH", "KS"} <= r.attack_cards
        return battle and r.plain_kings_block
    return False


def _rank_plurals(ranks: list[str]) -> str:
    """Ranks as a plural in words: ``["2", "K"]`` is "2s and kings"."""
    words = {"J": "jacks", "Q": "queens", "K": "kings", "A": "aces"}
    named = [words.get(t, f"{t}s") for t in ranks]
    if not named:
        return ""
    return ", ".join(named[:-1]) + (" and " if len(named) > 1 else "") + named[-1]


def _joker_words(tokens: frozenset[str]) -> str:
    words = {"RJ": "the red joker RJ", "BJ": "the black joker BJ"}
    named = [words[t] for t in ("RJ", "BJ") if t in tokens]
    return " and ".join(named) if named else "no joker"


def _check_types(r: Rules) -> None:
    """Refuse a value of the wrong kind (``"no"`` for a switch, ``5.5`` cards) before it can
    be taken for something else, naming the option."""
    wrong: list[str] = []
    for f in dataclasses.fields(r):
        value = getattr(r, f.name)
        kind = str(f.type)
        if kind == "bool":
            ok = isinstance(value, bool)
            want = "yes or no (True or False)"
        elif kind == "int":
            ok = isinstance(value, int) and not isinstance(value, bool)
            want = "a whole number"
        elif kind == "str":
            ok = isinstance(value, str) and _one_line(value)
            want = "a word on one line (no line breaks, control characters or outer spaces)"
        elif kind == "str | None":
            ok = value is None or isinstance(value, str)
            want = "a rank or none"
        elif kind.startswith("frozenset"):
            ok = isinstance(value, frozenset) and all(isinstance(v, str) for v in value)
            want = "a set of card tokens"
        elif kind == "tuple[int, ...]":
            ok = isinstance(value, tuple) and all(
                isinstance(v, int) and not isinstance(v, bool) and v >= 2 for v in value
            )
            want = "seat counts of 2 or more"
        elif kind.startswith("tuple"):
            ok = isinstance(value, tuple) and all(isinstance(v, str) for v in value)
            want = "a list of ranks"
        else:
            continue
        if not ok:
            wrong.append(f"{f.name} must be {want}, not {value!r}")
    if wrong:
        raise RulesError("; ".join(wrong))


def rank_jobs(r: Rules) -> dict[str, list[str]]:
    """Each power rank of ``r`` with the options that give it its power (``{"7": ["seven_cuts"]}``):
    the ranks a jack may not request."""
    jobs: dict[str, list[str]] = {}
    for token in sorted(r.attack_cards):
        kind = token[0] if token in ("KH", "KS") else token
        # K♥ and K♠ both make the king an attack card: the option is named once.
        if token not in ("BJ", "RJ") and "attack_cards" not in jobs.get(kind, []):
            jobs.setdefault(kind, []).append("attack_cards")
    for name in ("suit_changers", "plays_on_anything", "anything_on"):
        for rank in sorted(getattr(r, name)):
            if rank != "joker":
                jobs.setdefault(rank, []).append(name)
    for rank, name, on in (
        (r.skip_rank, "skip_rank", bool(r.skip_rank)),
        ("7", "seven_cuts", sevens_cut(r)),
        ("4", "fours_block", r.fours_block),
        ("5", "five_again", r.five_again),
        ("K", "plain_kings_block", r.plain_kings_block),
        ("J", "jack_requests", r.jack_requests),
    ):
        if on and rank:
            jobs.setdefault(rank, []).append(name)
    return jobs


def _jobs_words(r: Rules, rank: str, options: list[str]) -> str:
    """The options that give ``rank`` its power, as a refusal names them: a king's attack says
    which kings attack, since only they do ("K♥ and K♠ in attack_cards")."""
    if rank != "K":
        return ", ".join(options)
    kings = " and ".join(f"K{SUIT_SYMBOLS[t[1]]}" for t in ("KH", "KS") if t in r.attack_cards)
    return ", ".join(f"{kings} in {o}" if o == "attack_cards" else o for o in options)


def _validate(r: Rules) -> None:
    """Refuse option combinations that cannot work, naming the options and the reason."""
    problems: list[str] = []

    def need(cond: bool, msg: str) -> None:
        if not cond:
            problems.append(msg)

    _check_types(r)

    for key, allowed in (
        ("counter_rule", COUNTER_RULES),
        ("twos_threes_counter", TWOS_THREES_COUNTERS),
        ("ace_scope", ACE_SCOPES),
        ("joker_role", JOKER_ROLES),
        ("groups", GROUPS),
        ("macau_call", MACAU_CALLS),
        ("end", ENDS),
        ("scoring", SCORINGS),
        ("starter", STARTERS),
    ):
        need(getattr(r, key) in allowed, f"{key} must be one of {', '.join(allowed)}")
    for key in ("suit_changers", "plays_on_anything", "anything_on"):
        bad = sorted(getattr(r, key) - set(CARD_KIND_TOKENS))
        need(not bad, f"{key} holds unknown card kinds {bad} (use 2-10, J, Q, K, A or joker)")
    bad = sorted(r.attack_cards - set(ATTACK_TOKENS))
    need(not bad, f"attack_cards holds {bad}; attack cards are 2, 3, KH, KS, BJ and RJ")
    bad = sorted(set(r.request_ranks) - set(RANK_TOKENS))
    need(not bad, f"request_ranks holds unknown ranks {bad}")
    need(
        r.skip_rank is None or r.skip_rank in RANK_TOKENS, "skip_rank must be a rank, or - for none"
    )
    if problems:
        raise RulesError("; ".join(problems))

    # Seats, pack and deal
    need(
        2 <= r.min_seats <= r.max_seats <= 10,
        "min_seats must be at most max_seats, and both must be from 2 to 10 seats",
    )
    need(
        r.min_seats <= r.default_seats <= r.max_seats,
        "default_seats must lie between min_seats and max_seats",
    )
    need(
        len(r.deck_steps) <= 2 and list(r.deck_steps) == sorted(set(r.deck_steps)),
        "deck_steps takes at most two seat counts, rising (1 to 3 decks)",
    )
    need(0 <= r.jokers <= 3, "jokers must be from 0 to 3 per deck")
    need(
        r.hand_size >= 1 and r.hand_size_two_seats >= 1,
        "hand_size and hand_size_two_seats must be at least 1",
    )
    need(r.macau_penalty >= 0, "macau_penalty cannot be negative")
    need(r.target > 0, "target must be positive")
    if not problems:
        for seats in range(r.min_seats, r.max_seats + 1):
            decks, hand = r.decks_for(seats), r.hand_size_for(seats)
            if seats * hand + 1 > r.pack_size(seats):
                option = "hand_size_two_seats" if seats == 2 else "hand_size"
                problems.append(
                    f"{hand} cards each ({option}) cannot be dealt to {seats} seats from {decks} "
                    f"deck(s) of {52 + r.jokers} cards (that needs {seats * hand + 1}); lower "
                    f"{option} or max_seats, or add a deck (deck_steps)"
                )
                break

    # Jokers: a role needs the joker in the pack (a preset turned to fewer jokers must drop
    # the roles of the jokers it no longer holds; ``house.drop_missing_jokers`` does that).
    joker_kinds = {"BJ", "RJ"} & r.attack_cards
    in_pack = r.jokers_in_pack
    if 0 <= r.jokers <= 3:
        need(
            r.joker_role == "none" or r.jokers > 0,
            f"joker_role {r.joker_role} needs jokers in the pack, but jokers is 0 "
            f"(set joker_role none, or jokers 1 or more)",
        )
        missing = sorted(joker_kinds - in_pack)
        held = f"only {_joker_words(in_pack)}" if in_pack else "no joker"
        need(
            not missing,
            f"attack_cards lists {_joker_words(frozenset(missing))}, but the pack holds {held} "
            f"(jokers is {r.jokers})",
        )
        for key in SET_OPTIONS[1:]:
            need(
                "joker" not in getattr(r, key) or r.jokers > 0,
                f"{key} lists jokers but jokers is 0: the pack holds none",
            )
    if joker_kinds:
        need(
            r.joker_role == "draw_wild",
            f"attack_cards lists {_joker_words(frozenset(joker_kinds))} but joker_role is "
            f"{r.joker_role}: only draw_wild jokers attack on their own",
        )
    for key in ("suit_changers", "anything_on"):
        if "joker" in getattr(r, key):
            need(
                r.joker_role == "draw_wild",
                f"{key} lists jokers but joker_role is {r.joker_role}: only draw_wild jokers "
                f"act on their own (a stand-in joker acts as the card it stands for)",
            )
    need(
        not (r.jokers > 0 and r.joker_role == "none"),
        f"the pack holds jokers (jokers is {r.jokers}) but joker_role is none: choose "
        "any_card or draw_wild",
    )
    if r.joker_role == "draw_wild":
        need(
            "joker" in r.plays_on_anything,
            "joker_role draw_wild: a joker plays on anything, so plays_on_anything must list it",
        )

    # Power ranks may each have one job.
    attack_ranks = {
        t[0] if t in ("KH", "KS") else t for t in r.attack_cards if t not in joker_kinds
    }
    if r.skip_rank is not None:
        need(
            r.skip_rank not in r.suit_changers,
            f"skip_rank {r.skip_rank} is also a suit changer: one rank cannot both make the next "
            f"seat miss a turn and name a suit",
        )
        need(
            r.skip_rank not in attack_ranks,
            f"skip_rank {r.skip_rank} is also an attack card (attack_cards): one rank cannot "
            f"both make the next seat miss a turn and make it draw",
        )
        need(
            not (r.skip_rank == "J" and r.jack_requests),
            "skip_rank J clashes with jack_requests",
        )
    need(
        not ("J" in r.suit_changers and r.jack_requests),
        "J cannot both request a rank (jack_requests) and name a suit (suit_changers)",
    )
    clash = sorted(attack_ranks & r.suit_changers, key=RANK_TOKENS.index)
    # A draw-wild joker does both, but it is one card of its own; a rank of four suits that
    # attacks and names one would leave open which suit the answer must follow (the one laid
    # on or the one named), so the pairing is refused rather than guessed.
    need(
        not clash,
        f"{_rank_plurals(clash)} cannot be both attack cards and suit changers "
        f"({_jobs_words(r, 'K', ['attack_cards']) if 'K' in clash else 'attack_cards'}, "
        f"suit_changers): one rank cannot both make the next seat draw and name a suit",
    )
    # A card that cuts a stack may have another job too (a 4 that skips and blocks 2s, a 7
    # that cuts and names a suit): it cuts only while an attack waits, where no other job of
    # it could be done, and then it only cuts (nothing named, nobody skipped); on any other
    # turn it does its other job. The engine plays every such pairing (checked with
    # ``simulate --check``), so none is refused. A king's other jobs are refused anyway: it
    # is already an attack card.
    if r.plain_kings_block:
        need(
            bool({"KH", "KS"} & r.attack_cards),
            "plain_kings_block needs a battle king (KH or KS) among attack_cards",
        )
    if r.fours_block:
        need(
            bool({"2", "3"} & r.attack_cards or joker_kinds & in_pack),
            "fours_block needs 2s, 3s or jokers in the pack among attack_cards",
        )
    need(
        not (r.seven_own_suit and "7" not in r.suit_changers),
        "seven_own_suit only applies when 7 is a suit changer",
    )
    need(
        not (r.queen_own_suit and "Q" not in r.suit_changers),
        "queen_own_suit only applies when Q is a suit changer",
    )
    need(
        r.twos_threes_counter == "same" or bool({"2", "3"} & r.attack_cards),
        "twos_threes_counter needs 2s or 3s among attack_cards",
    )

    # Jack requests
    if r.jack_requests:
        jobs = rank_jobs(r)  # a jack asks for a plain rank
        if not r.request_ranks:
            problems.append("jack_requests is on but request_ranks is empty: nothing to request")
        else:
            clash = [t for t in r.request_ranks if t in jobs]
            need(
                not clash,
                "a jack may only request plain ranks, but in request_ranks "
                + " and ".join(f"{t} is a power card ({_jobs_words(r, t, jobs[t])})" for t in clash)
                + ": take "
                + ("it" if len(clash) == 1 else "them")
                + " out of request_ranks or change "
                + ("that option" if sum(len(jobs[t]) for t in clash) == 1 else "those options"),
            )
    else:
        need(not r.jack_must_hold, "jack_must_hold needs jack_requests")

    # Suit requests
    if r.ace_must_differ or r.ace_must_hold:
        named = [n for n in ("ace_must_differ", "ace_must_hold") if getattr(r, n)]
        need(
            bool(r.suit_changers),
            " and ".join(named) + (" needs" if len(named) == 1 else " need") + " a suit changer",
        )

    # Several cards
    if r.five_again:
        need(r.groups == "none", "five_again needs groups none (one card a turn)")
        need(
            r.skip_rank != "5",
            "five_again makes the 5 play again, but 5 is also the skip_rank: one rank has one job",
        )
        need(
            "5" not in r.suit_changers,
            "five_again makes the 5 play again, but 5 is also a suit changer (suit_changers): "
            "one rank has one job",
        )
    if r.no_attack_finish_heads_up:
        need(
            bool({"2", "3"} & r.attack_cards),
            "no_attack_finish_heads_up needs 2s or 3s among attack_cards",
        )
    if r.starter == "plain" and all(_rank_is_power(r, t) for t in RANK_TOKENS):
        problems.append(
            "starter is plain, but these options make every card a power card (attack_cards, "
            "skip_rank, suit_changers, plays_on_anything, anything_on, ...): there is no plain "
            "card to start the pile"
        )
    if problems:
        raise RulesError("; ".join(problems))


_POLISH = Rules()

PRESETS: dict[str, Rules] = {
    "polish": _POLISH,
    "quick": dataclasses.replace(
        _POLISH,
        name="quick",
        max_seats=4,
        deck_steps=(),
        ace_scope="until_met",
        macau_call="auto",
        end="first_out",
        scoring="wins_time",
    ),
    "classic": dataclasses.replace(
        _POLISH,
        name="classic",
        max_seats=6,
        deck_steps=(),
        jokers=2,
        attack_cards=_fs("2", "3", "KH", "KS", "BJ", "RJ"),
        counter_rule="pool",
        seven_cuts=True,
        jack_requests=False,
        request_ranks=(),
        suit_changers=_fs("A", "joker"),
        plays_on_anything=_fs("A", "joker"),
        anything_on=frozenset(),
        ace_scope="until_met",
        joker_role="draw_wild",
        macau_call="auto",
        end="first_out",
        scoring="points",
    ),
    "hungarian": dataclasses.replace(
        _POLISH,
        name="hungarian",
        max_seats=10,
        deck_steps=(5, 9),
        jokers=2,
        counter_rule="hungarian",
        plain_kings_block=True,
        jack_must_hold=True,
        plays_on_anything=_fs("A", "Q", "joker"),
        ace_must_differ=True,
        ace_must_hold=True,
        joker_role="any_card",
        groups="rank_or_suit",
        runs=True,
        power_after_out=True,
        no_attack_finish_heads_up=True,
    ),
    "romanian": dataclasses.replace(
        _POLISH,
        name="romanian",
        max_seats=6,
        deck_steps=(),
        jokers=2,
        attack_cards=_fs("2", "3", "BJ", "RJ"),
        counter_rule="pool",
        fours_block=True,
        skip_rank="A",
        jack_requests=False,
        request_ranks=(),
        suit_changers=_fs("7", "joker"),
        plays_on_anything=_fs("7", "joker"),
        anything_on=frozenset(),
        ace_scope="until_met",
        joker_role="draw_wild",
        macau_call="auto",
        end="first_out",
    ),
    "romanian2": dataclasses.replace(
        _POLISH,
        name="romanian2",
        max_seats=6,
        deck_steps=(),
        attack_cards=_fs("2", "3"),
        jack_requests=False,
        request_ranks=(),
        plays_on_anything=frozenset(),
        anything_on=frozenset(),
        macau_call="auto",
        end="first_out",
    ),
    "tel_aviv": dataclasses.replace(
        _POLISH,
        name="tel_aviv",
        max_seats=8,
        hand_size_two_seats=7,
        starter="any",
        attack_cards=_fs("2", "3", "KH"),
        counter_rule="same_rank",
        skip_rank=None,
        jack_requests=False,
        request_ranks=(),
        suit_changers=_fs("A", "Q"),
        queen_own_suit=True,
        plays_on_anything=_fs("A", "Q"),
        anything_on=frozenset(),
        ace_scope="until_met",
        groups="none",
        five_again=True,
        macau_call="auto",
        end="first_out",
        scoring="points",
    ),
}


def as_rules(rules: object) -> Rules:
    """``rules`` as a ``Rules``: one already, or the name of a preset; anything else is
    refused with ``RulesError``."""
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        found = PRESETS.get(rules)
        if found is not None:
            return found
        raise RulesError(f"unknown preset {rules!r}; choose from {', '.join(PRESETS)}")
    raise RulesError(f"rules must be a Rules or a preset name, not {type(rules).__name__}")

"""What a table is started from: the rules, who sits where (people or bots), the target
and the first dealer. Plain data with a JSON form, kept as ``settings.last_setup`` and in
the saved game, so "Quick game" and "Continue" rebuild the same table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from game.engine import PRESETS, Game, Rules, RulesError
from game.graphemes import cut
from game.store.models import bot_profile_name, name_key, normal_name
from game.store.records import MAX_NAME_LENGTH
from game.store.records import rules_label as tidy_rules_label
from game.store.saves import peek_rule_sets, same_rule_set_name

__all__ = [
    "BOT_LEVELS",
    "BOT_NAMES",
    "SeatSpec",
    "TableSetup",
    "default_seats",
    "default_setup",
    "duplicate_name",
    "held_as",
    "label_held",
    "person_named_like_a_bot",
    "quick_setup",
    "quick_setup_told",
    "rename_clashing_bots",
    "rules_title",
    "startable",
    "tidy_name",
]

BOT_LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard")
# Bots get first names, so the log reads like a table of people ("Cleo laid 7♥").
BOT_NAMES: tuple[str, ...] = ("Ada", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana", "Ivo")
# A seat's name is the name its person's rounds are recorded under: one limit for both,
# or a profile renamed to a longer name would be seated (and recorded) under a cut one.
MAX_NAME = MAX_NAME_LENGTH


def rules_title(preset: str, label: str | None = None) -> str:
    """How the rules of a table read: a preset's title, "Custom rules", or the name custom
    rules were saved under ("Family Tel Aviv (custom rules)")."""
    from game.engine.explain import PRESET_TITLES

    if preset in PRESETS:
        return PRESET_TITLES.get(preset, preset)
    return f"{label} (custom rules)" if label else "Custom rules"


def duplicate_name(names: Sequence[str]) -> str | None:
    """The first name used by two seats (ignoring case and spacing), or None.

    The log, the hand-off screen and the statistics tell seats apart by name: two names
    are one when the statistics would record them as one profile."""
    seen: set[str] = set()
    for name in names:
        key = name_key(name)
        if key in seen:
            return name
        seen.add(key)
    return None


def person_named_like_a_bot(seats: Sequence[SeatSpec]) -> tuple[str, str] | None:
    """The first person whose name is a bot level's profile ("Bot · hard", in any letter
    case and spacing), and that level; None when there is none.

    A person's rounds are recorded under their name, and that name is taken by every bot
    of the level: the statistics would refuse each round."""
    levels = {name_key(bot_profile_name(level)): level for level in BOT_LEVELS}
    for seat in seats:
        level = levels.get(name_key(seat.name))
        if seat.human and level is not None:
            return seat.name, level
    return None


def as_spoken(name: str) -> str:
    """``name`` as the table speaks to it: "you" in any letter case is "You", the seat the
    table speaks to in the second person ("You lay 9♣", not "you lays 9♣")."""
    return "You" if name_key(name) == name_key("You") else name


def you_misnamed(seats: Sequence[SeatSpec]) -> str | None:
    """Why no seat here may be called "You", or None when none is (or may be): the table
    speaks to a seat of that name in the second person ("you owe 2", "Pass to You"), so
    only the one person at a table of one person may carry it."""
    people = sum(1 for seat in seats if seat.human)
    for seat in seats:
        if as_spoken(seat.name) != "You":
            continue
        if not seat.human:
            return '"You" is the person at the screen: give this bot another name.'
        if people > 1:
            return (
                'With several people at the table, "You" would mean whoever is looking at '
                "the screen: give this person their own name."
            )
    return None


def rename_clashing_bots(
    seats: Sequence[SeatSpec], typed: Sequence[bool] | None = None
) -> tuple[SeatSpec, ...]:
    """``seats`` with each bot that carries a stock bot name someone else uses renamed to a
    stock name nobody uses: a person who types "Ben" keeps it, and the bot becomes "Dan".
    Among bots the first keeps the name; people and typed names are never renamed. Where
    ``typed`` tells which seats' names the player typed (New game knows), a bot whose stock
    name was typed counts as a person does: it keeps the name, and the other bot yields."""
    keys = [name_key(s.name) for s in seats]
    stock = {name_key(name) for name in BOT_NAMES}
    kept = [s.human or (typed is not None and typed[i]) for i, s in enumerate(seats)]
    out = list(seats)
    for i in range(len(seats)):
        if kept[i] or keys[i] not in stock:
            continue
        if not any(k == keys[i] and (j < i or kept[j]) for j, k in enumerate(keys) if j != i):
            continue  # nobody before it, and no person or typed name, has this name
        free = next((n for n in BOT_NAMES if name_key(n) not in keys), None)
        if free is not None:
            keys[i] = name_key(free)
            out[i] = SeatSpec(free, seats[i].level)
    return tuple(out)


@dataclass(frozen=True)
class SeatSpec:
    """One seat: a person (``level`` empty) or a bot of ``level``, and the name shown."""

    name: str
    level: str = ""

    @property
    def human(self) -> bool:
        """True for a person at the screen."""
        return not self.level

    def to_dict(self) -> dict[str, str]:
        """JSON-ready form."""
        return {"name": self.name, "level": self.level}


@dataclass(frozen=True)
class TableSetup:
    """Everything the New game screen chooses; ``rules()`` and ``new_game()`` build on it."""

    preset: str = "polish"
    seats: tuple[SeatSpec, ...] = field(default_factory=tuple)
    rules_text: str | None = None  # custom rules in their text form (None for a preset)
    target: int | None = None  # points to end a match, for points presets
    dealer: int | None = None  # the first dealer; None deals the first hand at random
    rules_base: str | None = None  # the preset custom rules were started from
    # The name custom rules were saved under, while they are that saved set unchanged: the
    # table, Continue and the statistics show it.
    rules_label: str | None = None

    def rules(self) -> Rules:
        """The rules in force (RulesError if a custom text no longer parses)."""
        base = Rules.from_text(self.rules_text) if self.rules_text else PRESETS[self.preset]
        if base.scoring == "points" and self.target and self.target != base.target:
            base = base.replace(target=self.target, name=base.name)
        return base

    @property
    def humans(self) -> tuple[int, ...]:
        """Seats played by people."""
        return tuple(i for i, s in enumerate(self.seats) if s.human)

    @property
    def names(self) -> list[str]:
        """The names around the table in seat order."""
        return [s.name for s in self.seats]

    @property
    def levels(self) -> list[str]:
        """Every seat's bot level, "" for a person."""
        return [s.level for s in self.seats]

    def new_game(self, seed: int) -> Game:
        """A fresh game on this setup."""
        dealer = self.dealer if self.dealer is not None and self.dealer < len(self.seats) else None
        return Game.new(self.rules(), seats=len(self.seats), seed=seed, dealer=dealer)

    def title(self) -> str:
        """A short description: "Polish Makao · 4 players", "Family (custom rules) · 3 players"."""
        preset = "custom" if self.rules_text else self.preset
        return f"{rules_title(preset, self.rules_label)} · {len(self.seats)} players"

    def who(self) -> str:
        """Who plays, in words: "you against 3 bots", "2 people and a bot"."""
        people, bots = len(self.humans), len(self.seats) - len(self.humans)
        bot_words = "a bot" if bots == 1 else f"{bots} bots"
        if people == 1:
            return f"you against {bot_words}" if bots else "you alone"
        return f"{people} people" + (f" and {bot_words}" if bots else ", pass and play")

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (for ``settings.last_setup`` and saves); what only custom rules
        have is left out of a preset's."""
        data: dict[str, Any] = {
            "preset": self.preset,
            "seats": [s.to_dict() for s in self.seats],
            "rules_text": self.rules_text,
            "target": self.target,
            "dealer": self.dealer,
        }
        if self.rules_base is not None:
            data["rules_base"] = self.rules_base
        if self.rules_label is not None:
            data["rules_label"] = self.rules_label
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, keep_blank: bool = False) -> TableSetup:
        """Read ``to_dict`` output; ValueError naming the problem when it does not fit.

        An empty name becomes "Player N", as the New game screen names seat N, unless
        ``keep_blank`` (``startable`` then names it, a bot with a stock name)."""
        preset = data.get("preset")
        if not isinstance(preset, str) or (preset not in PRESETS and preset != "custom"):
            raise ValueError(f"unknown preset {preset!r}")
        raw_seats = data.get("seats")
        if not isinstance(raw_seats, list) or not raw_seats:
            raise ValueError("no seats")
        seats: list[SeatSpec] = []
        for raw in raw_seats:
            if not isinstance(raw, Mapping):
                raise ValueError("a seat is not a mapping")
            name, level = raw.get("name"), raw.get("level", "")
            if level is None:  # (a hand-written file's "no level": a person, as "" is)
                level = ""
            if not isinstance(name, str) or not isinstance(level, str):
                raise ValueError("a seat needs a name and a level")
            if level and level not in BOT_LEVELS:
                raise ValueError(f"unknown bot level {level!r}")
            name = cut(name, MAX_NAME)  # (an emoji of several code points goes whole)
            if not name and not keep_blank:
                name = f"Player {len(seats) + 1}"
            seats.append(SeatSpec(name, level))
        text = data.get("rules_text")
        target = data.get("target")
        dealer = data.get("dealer")
        base = data.get("rules_base")  # not in setups saved before it was kept
        label = data.get("rules_label")
        custom = preset == "custom"
        setup = cls(
            preset=preset,
            seats=tuple(seats),
            rules_text=text if isinstance(text, str) else None,
            target=target if isinstance(target, int) and target > 0 else None,
            dealer=dealer if isinstance(dealer, int) and 0 <= dealer < len(seats) else None,
            rules_base=base if custom and isinstance(base, str) and base in PRESETS else None,
            rules_label=tidy_rules_label(label) if custom and isinstance(label, str) else None,
        )
        if preset == "custom" and setup.rules_text is None:
            raise ValueError("custom rules without their text")
        try:
            setup.rules().check_seats(len(seats))
        except RulesError as exc:
            raise ValueError(str(exc)) from exc
        return setup


def bot_seats(levels: Sequence[str], first: int = 1) -> list[SeatSpec]:
    """Bots named in seat order, starting at seat ``first``."""
    return [
        SeatSpec(BOT_NAMES[(first + i - 1) % len(BOT_NAMES)], lv) for i, lv in enumerate(levels)
    ]


def default_seats(preset: str) -> int:
    """The usual table size of ``preset`` (four for Polish: you and three bots)."""
    return 4 if preset == "polish" else PRESETS[preset].default_seats


def default_setup(preset: str = "polish") -> TableSetup:
    """You against medium bots at the preset's usual table size (three for Polish)."""
    seats = default_seats(preset)
    return TableSetup(preset, (SeatSpec("You"), *bot_seats(["medium"] * (seats - 1))))


def tidy_name(typed: str, index: int) -> str:
    """A typed name as a seat carries it, and as the statistics record it (``normal_name``):
    on one line, its spacing collapsed (tabs and line breaks included, which the table would
    draw garbled), without invisible characters that would make two names that look alike
    two players, at most ``MAX_NAME`` long, and "Player N" when nothing is left, as the New
    game screen names seat N, and "you" as "You" (``as_spoken``)."""
    return as_spoken(normal_name(typed, MAX_NAME) or f"Player {index + 1}")


def startable(setup: TableSetup) -> TableSetup:
    """``setup`` as the New game screen's Start takes it: names tidied (``tidy_name``), a
    bot without a name given a free stock one, clashing stock-named bots renamed. ValueError
    where Start refuses it: no person at the table, two seats with one name, a person
    named like a bot profile (each round of theirs could not be recorded), or "You" on a
    seat the table would then misspeak to (``you_misnamed``)."""
    used = {name_key(s.name) for s in setup.seats}
    seats: list[SeatSpec] = []
    for i, seat in enumerate(setup.seats):
        name = tidy_name(seat.name, i)
        if not seat.human and not normal_name(seat.name):
            name = next((n for n in BOT_NAMES if name_key(n) not in used), name)
            used.add(name_key(name))
        seats.append(SeatSpec(name, seat.level))
    setup = replace(setup, seats=rename_clashing_bots(seats))
    if not setup.humans:
        raise ValueError("no seat is a person")
    clash = duplicate_name(setup.names)
    if clash is not None:
        raise ValueError(f"two seats are called {clash}")
    bot_named = person_named_like_a_bot(setup.seats)
    if bot_named is not None:
        raise ValueError(f"a person is named like the {bot_named[1]} bots")
    misnamed = you_misnamed(setup.seats)
    if misnamed is not None:
        raise ValueError(misnamed)
    return setup


def quick_setup(last: Mapping[str, Any] | None) -> TableSetup:
    """The last setup if it still makes sense, else you against three medium bots on Polish.

    It is checked as the New game screen checks a table before it starts: settings written
    by hand or by an older version could otherwise seat a table whose rounds cannot be
    recorded, or are recorded twice under one profile."""
    return quick_setup_told(last)[0]


def quick_setup_told(last: Mapping[str, Any] | None) -> tuple[TableSetup, str | None]:
    """``quick_setup``, and why the last setup was not taken when it was not (a bot level
    or preset this version does not know, a table edited by hand): the Quick game button
    says so, rather than deal the usual table without a word."""
    if last:
        try:
            setup = startable(TableSetup.from_dict(last, keep_blank=True))
        except (ValueError, RulesError) as exc:
            return default_setup(), str(exc)
        return label_held(setup), None
    return default_setup(), None


def rules_held(label: str, rules: Rules, sets: Mapping[str, str]) -> bool:
    """Whether the rule set saved as ``label`` still holds ``rules`` (the target aside,
    which New game chooses, as the fingerprint leaves the usual players aside): a set
    changed or deleted since no longer names them, or their rounds would be filed under a
    name that means other rules."""
    return held_as(label, rules, sets) is not None


def held_as(label: str, rules: Rules, sets: Mapping[str, str]) -> str | None:
    """The name, as the set is spelt now, of the rule set saved as ``label`` where it still
    holds ``rules`` (see ``rules_held``); None where it does not. "Kids" saved again as
    "KIDS" is one set, which goes by "KIDS" from then on."""
    held = same_rule_set_name(label, sets)  # (a label kept before names were tidied so)
    if held is None:
        return None
    text = sets[held]
    try:
        saved = Rules.from_text(text).replace(target=rules.target)
    except (RulesError, ValueError):
        return None
    return held if saved.fingerprint == rules.fingerprint else None


def label_held(setup: TableSetup, rules: Rules | None = None) -> TableSetup:
    """``setup`` without its rule set's name where the saved sets no longer hold its rules
    under it (as far as the file of saved sets can be read). ``rules`` are those a saved
    table was dealt, where it is one: the set may have changed or gone since."""
    if setup.rules_label is None:
        return setup
    sets = peek_rule_sets()  # (a damaged file is told, and set aside, by the editor)
    if sets is None:
        return setup  # no telling: the name stays
    held = held_as(setup.rules_label, rules or setup.rules(), sets)
    return setup if held == setup.rules_label else replace(setup, rules_label=held)

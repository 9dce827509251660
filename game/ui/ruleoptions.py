"""How each rule option is edited: its label, its group and the control that fits its type.

Options are read from the ``Rules`` dataclass itself, so an option added to the engine
shows up in the editor without a change here (with its field name as the label until it
gets a friendlier one): booleans become switches, options with a fixed list of values
cyclers, numbers steppers, and sets or lists of cards rows of chips.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.engine import Rules
from game.engine import rules as rules_module
from game.ui.controls import Chips, Choice, Toggle, stepper_values
from game.ui.widgets import Widget

__all__ = ["OptionSpec", "friendly", "make_control", "option_specs", "show_value"]

_CARD_KINDS = rules_module.CARD_KIND_TOKENS
_RANKS = rules_module.RANK_TOKENS

# name: (group, label)
_LABELS: dict[str, tuple[str, str]] = {
    "min_seats": ("Seats and pack", "Fewest players"),
    "max_seats": ("Seats and pack", "Most players"),
    "default_seats": ("Seats and pack", "Usual players"),
    "deck_steps": ("Seats and pack", "Another deck from"),
    "jokers": ("Seats and pack", "Jokers per deck"),
    "hand_size": ("Seats and pack", "Cards dealt"),
    "hand_size_two_seats": ("Seats and pack", "Cards dealt to two"),
    "starter": ("Seats and pack", "First pile card"),
    "attack_cards": ("Attacks", "Attack cards"),
    "counter_rule": ("Attacks", "Fighting back"),
    "twos_threes_counter": ("Attacks", "2s and 3s fight back"),
    "seven_cuts": ("Attacks", "A seven cuts a stack"),
    "plain_kings_block": ("Attacks", "Plain kings block"),
    "fours_block": ("Attacks", "Fours block"),
    "skip_rank": ("Missed turns and requests", "Skip card"),
    "jack_requests": ("Missed turns and requests", "Jacks request a rank"),
    "jack_must_hold": ("Missed turns and requests", "Jack must hold the rank"),
    "request_ranks": ("Missed turns and requests", "Ranks a jack may ask"),
    "suit_changers": ("Suits and wild cards", "Suit changers"),
    "seven_own_suit": ("Suits and wild cards", "A seven names its own suit"),
    "queen_own_suit": ("Suits and wild cards", "A queen names its own suit"),
    "plays_on_anything": ("Suits and wild cards", "Plays on anything"),
    "anything_on": ("Suits and wild cards", "Anything goes on it"),
    "ace_scope": ("Suits and wild cards", "A named suit lasts"),
    "ace_must_differ": ("Suits and wild cards", "Named suit must differ"),
    "ace_must_hold": ("Suits and wild cards", "Must hold the named suit"),
    "joker_role": ("Suits and wild cards", "Jokers"),
    "groups": ("Several cards", "Lay several cards"),
    "runs": ("Several cards", "Runs in one suit"),
    "five_again": ("Several cards", "A five plays again"),
    "macau_call": ("Macau and the end", "Calling Macau"),
    "macau_penalty": ("Macau and the end", "Forgot Macau: draw"),
    "power_after_out": ("Macau and the end", "Last card's power acts"),
    "no_attack_finish_heads_up": ("Macau and the end", "No attack finish heads-up"),
    "end": ("Macau and the end", "The round ends"),
    "scoring": ("Macau and the end", "Scoring"),
    "target": ("Macau and the end", "Match target"),
}

# Option values as words (the engine's ids stay underneath).
_WORDS: dict[str, str] = {
    "suit_or_rank": "Suit or rank",
    "pool": "Any attack card",
    "same_rank": "Same rank only",
    "hungarian": "Hungarian",
    "same": "As other attack cards",
    "next": "Next player",
    "until_met": "Until met",
    "none": "None",
    "any_card": "Stand for any card",
    "draw_wild": "Draw wild",
    "rank": "By rank",
    "rank_or_suit": "By rank or suit",
    "auto": "Called for you",
    "required": "Must be called",
    "first_out": "At the first out",
    "places": "Places played out",
    "wins_time": "Wins and time",
    "points": "Points",
    "plain": "A plain card",
    "any": "Any card",
}

_INT_RANGES: dict[str, tuple[int, int, int]] = {
    "min_seats": (2, 10, 1),
    "max_seats": (2, 10, 1),
    "default_seats": (2, 10, 1),
    "jokers": (0, 3, 1),
    "hand_size": (1, 15, 1),
    "hand_size_two_seats": (1, 15, 1),
    "macau_penalty": (0, 10, 1),
    "target": (100, 3000, 50),
}


@dataclass(frozen=True)
class OptionSpec:
    """One editable option."""

    name: str
    group: str
    label: str
    kind: str  # "bool", "choice", "int", "chips"
    values: tuple[Any, ...] = ()


_DOMAINS: dict[str, str] = {
    "counter_rule": "COUNTER_RULES",
    "twos_threes_counter": "TWOS_THREES_COUNTERS",
    "ace_scope": "ACE_SCOPES",
    "joker_role": "JOKER_ROLES",
    "groups": "GROUPS",
    "macau_call": "MACAU_CALLS",
    "end": "ENDS",
    "scoring": "SCORINGS",
    "starter": "STARTERS",
}


def _domain(name: str) -> tuple[str, ...] | None:
    """The engine's list of values for an option with a fixed set of them."""
    const = _DOMAINS.get(name)
    values: tuple[str, ...] | None = getattr(rules_module, const, None) if const else None
    return values


def option_specs(sample: Rules) -> list[OptionSpec]:
    """Every option of ``Rules`` but its name, in rule-book order, grouped."""
    specs: list[OptionSpec] = []
    for f in dataclasses.fields(Rules):
        if f.name == "name":
            continue
        group, label = _LABELS.get(f.name, ("More options", f.name.replace("_", " ").capitalize()))
        value = getattr(sample, f.name)
        domain = _domain(f.name)
        if isinstance(value, bool):
            specs.append(OptionSpec(f.name, group, label, "bool"))
        elif f.name == "skip_rank":
            specs.append(OptionSpec(f.name, group, label, "choice", (None, *_RANKS)))
        elif domain is not None:
            specs.append(OptionSpec(f.name, group, label, "choice", domain))
        elif isinstance(value, int):
            low, high, step = _INT_RANGES.get(f.name, (0, 20, 1))
            specs.append(OptionSpec(f.name, group, label, "int", (low, high, step)))
        elif f.name == "attack_cards":
            specs.append(OptionSpec(f.name, group, label, "chips", rules_module.ATTACK_TOKENS))
        elif f.name == "deck_steps":
            specs.append(OptionSpec(f.name, group, label, "chips", tuple(map(str, range(2, 11)))))
        elif f.name == "request_ranks":
            specs.append(OptionSpec(f.name, group, label, "chips", _RANKS))
        elif isinstance(value, frozenset | tuple):
            specs.append(OptionSpec(f.name, group, label, "chips", _CARD_KINDS))
        else:
            specs.append(OptionSpec(f.name, group, label, "choice", (value,)))
    order = list(dict.fromkeys(s.group for s in specs))
    return sorted(specs, key=lambda s: order.index(s.group))


def word(value: object) -> str:
    """An option value in words."""
    if value is None:
        return "None"
    if isinstance(value, str):
        return _WORDS.get(value, value)
    return str(value)


def _chip_word(token: str) -> str:
    return {"joker": "Joker", "KH": "K♥", "KS": "K♠", "BJ": "Black joker", "RJ": "Red joker"}.get(
        token, token
    )


def make_control(spec: OptionSpec, value: Any, changed: Callable[[str, Any], None]) -> Widget:
    """The widget editing ``spec``, showing ``value``; ``changed(name, new)`` on each edit."""
    name = spec.name
    if spec.kind == "bool":
        return Toggle(bool(value), lambda on: changed(name, on))
    if spec.kind == "choice":
        return Choice(spec.values, value, lambda v: changed(name, v), show=word)
    if spec.kind == "int":
        low, high, step = spec.values
        values = sorted(set(stepper_values(low, high, step)) | {int(value)})
        return Choice(values, int(value), lambda v: changed(name, v), wrap=False)
    if name == "deck_steps":
        return Chips(
            spec.values,
            {str(v) for v in value},
            lambda chosen: changed(name, tuple(sorted(int(c) for c in chosen))),
        )
    if name == "request_ranks":
        # In rank order, as the rules hold them: the order chips were clicked in is no change.
        ranks = spec.values
        return Chips(
            ranks,
            set(value),
            lambda chosen: changed(name, tuple(r for r in ranks if r in chosen)),
            show=_chip_word,
        )
    return Chips(
        spec.values, set(value), lambda chosen: changed(name, frozenset(chosen)), show=_chip_word
    )


def show_value(control: Widget, value: Any) -> None:
    """Make a control from ``make_control`` show ``value`` without reporting a change (the
    editor changed the option itself, along with another one)."""
    if isinstance(control, Toggle):
        control.on = bool(value)
    elif isinstance(control, Chips):
        control.chosen = {str(v) for v in value}
    elif isinstance(control, Choice):
        if value not in control.values:
            control.values.append(value)
        control.set(value)


def _label(name: str) -> str:
    """The label of option ``name`` as this screen shows it, in quotes."""
    return f"“{_LABELS[name][1]}”" if name in _LABELS else name


def _value_words(values: str) -> str:
    """ "a, b, c" (engine ids) as the editor's words: "“A”, “B”, “C”"."""
    return ", ".join(f"“{word(v.strip())}”" for v in values.split(","))


# Whole engine sentences the editor words its own way (they name no option by its label).
_SENTENCES: list[tuple[str, Any]] = [
    (
        r"\bbad value for (\w+): (['\"])(.*)\2 \(expected (.*)\)",
        lambda m: f"{_label(m.group(1))} cannot be “{m.group(3)}”: it takes {m.group(4)}",
    ),
    (
        r"\bunknown rules line: (['\"])(.*)\1",
        lambda m: f"the line “{m.group(2)}” names no option this version of Macau knows",
    ),
    (
        r"\brules text must start with (['\"])(.*)\1",
        lambda m: f"this is no rule set: its text must start with “{m.group(2)}”",
    ),
    (
        r"\b(\w+) must be one of ([\w, ]+)",
        lambda m: f"{_label(m.group(1))} must be one of " + _value_words(m.group(2)),
    ),
    (r"\bsets (\w+) again\b", lambda m: f"sets {_label(m.group(1))} again"),
]


def friendly(message: str) -> str:
    """An engine message as the editor shows it: its option names and values replaced by the
    labels and words on this screen, in sentences ("" stays "")."""
    if not message.strip():
        return ""
    for pattern, replacement in _SENTENCES:
        message = re.sub(pattern, replacement, message)
    # Only identifiers (with an underscore): "jokers" or "runs" in a sentence are plain words.
    # The few options named by one plain word, where a message names them with a value or
    # at the start of a clause.
    count, groups = _label("jokers"), _label("groups")
    plain: list[tuple[str, Any]] = [
        (r"\bjokers is (\d+)", rf"{count} is \1"),
        (r"\bjokers (\d+) or more", rf"{count} to \1 or more"),
        (r"\bgroups (none|rank_or_suit|rank)\b", lambda m: f"{groups} “{word(m.group(1))}”"),
        (r"\bstarter is (\w+)", lambda m: f"{_label('starter')} is {m.group(1)}"),
        (r"\b(end|scoring) is\b", lambda m: f"{_label(m.group(1))} is"),
        (
            r"(^|; )(jokers|groups|runs|starter|end|scoring|target) (must|takes|cannot)\b",
            lambda m: f"{m.group(1)}{_label(m.group(2))} {m.group(3)}",
        ),
    ]
    for pattern, replacement in plain:
        message = re.sub(pattern, replacement, message)
    names = {n: _LABELS[n][1] for n in _LABELS if "_" in n}
    names.update({v: _WORDS[v] for v in _WORDS if "_" in v})
    option_names = re.compile(rf"\b({'|'.join(sorted(names, key=len, reverse=True))})\b")
    # Not inside quotes: a rules line quoted as typed stays as typed.
    message = re.sub(
        r"“[^”]*”|[^“]+",
        lambda m: (
            m.group(0)
            if m.group(0).startswith("“")
            else option_names.sub(lambda n: f"“{names[n.group(1)]}”", m.group(0))
        ),
        message,
    )
    # An option and a value of it: "“Jokers” is none" shows the value as its control does.
    message = re.sub(
        r"” is ([a-z]+)\b",
        lambda m: f"” is “{word(m.group(1))}”" if m.group(1) in _WORDS else m.group(0),
        message,
    )
    # An option and the value it is set to, side by side: say so.
    message = re.sub(r"\bset (“[^”]+”) (“[^”]+”)", r"set \1 to \2", message)
    message = re.sub(
        r"\bset (“[^”]+”) ([a-z_]+)\b",
        lambda m: f"set {m.group(1)} to “{word(m.group(2))}”",
        message,
    )
    message = re.sub(r"(^|; )(“[^”]+”) (“[^”]+”): ", r"\1With \2 set to \3, ", message)
    message = re.sub(r"(“[^”]+”) (“[^”]+”)", r"\1 set to \2", message)
    message = message.replace("”/“", "” and “")
    # Card codes, in a list ("['KH', 'RJ']", as a typed rules text may hold them) or alone,
    # in the words the chips show.
    message = re.sub(
        r"\[('[^']*'(?:, '[^']*')*)?\]",
        lambda m: ", ".join(_CODE_WORDS.get(t, t) for t in re.findall(r"'([^']*)'", m.group(0))),
        message,
    )
    message = re.sub(r"\b(red|black) joker [RB]J\b", r"\1 joker", message)
    message = re.sub(r"\b(KH|KS|BJ|RJ)\b", lambda m: _CODE_WORDS[m.group(1)], message)
    # Several clashes: one sentence each, each begun with a capital and ended with a stop.
    parts = [part.strip() for part in message.split("; ") if part.strip()]
    return " ".join(_sentence(part) for part in parts)


def _sentence(text: str) -> str:
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?", "…")) else text + "."


_CODE_WORDS = {"BJ": "black joker", "RJ": "red joker", "KH": "K♥", "KS": "K♠", "joker": "jokers"}

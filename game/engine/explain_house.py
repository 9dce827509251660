"""How to play: the house-rules list (what a rule set changes from the preset it comes
nearest) and the title a rule set is shown under."""

from __future__ import annotations

from collections.abc import Callable

from .explain_words import (
    PRESET_TITLES,
    Section,
    _as_played,
    _attack_name,
    _attack_order,
    _battle_kings,
    _counts,
    _four_tops,
    _join,
    _players_words,
    _plural,
    _sorted_tokens,
)
from .rules import PRESETS, Rules, idle_here


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def _tokens_words(tokens: frozenset[str]) -> str:
    return _join([_plural(t) for t in _sorted_tokens(tokens)]) or "none"


_COUNTER_SHORT = {
    "suit_or_rank": "same suit or rank",
    "pool": "any attack card on any attack card",
    "same_rank": "same rank only",
    "hungarian": "2s and 3s on any 2, 3 or battle king, battle kings on battle kings",
}
_JOKER_SHORT = {"none": "none", "any_card": "stand for any card"}
_GROUP_SHORT = {
    "none": "one card a turn",
    "rank": "several of one rank",
    "rank_or_suit": "several of one rank or one suit",
}
_END_SHORT = {"first_out": "at the first player out", "places": "played out for places"}
_SCORING_SHORT = {"none": "none", "wins_time": "wins and their time", "points": "points"}

_Describe = Callable[[Rules], str]
# A label that depends on the cards: (the rules told, the preset they are told against).
_Label = Callable[[Rules, Rules], str]


def _fours_label(r: Rules, base: Rules) -> str:
    """The 4's row names what a 4 blocks where it blocks (only the attacking 2s, 3s and
    jokers of that rule set): in ``r``, or else in ``base``."""
    return f"A 4 blocks {_join(_four_tops(r if r.fours_block else base))}"


_HAND_SIZES = ("hand_size", "hand_size_two_seats")
HOUSE_ROWS: tuple[tuple[tuple[str, ...], str | _Label, _Describe], ...] = (
    (("min_seats", "max_seats"), "Players", _players_words),
    (("default_seats",), "Players by default", lambda r: str(r.default_seats)),
    (("deck_steps",), "Decks", lambda r: _decks_short(r)),
    (("jokers",), "Jokers per deck", lambda r: str(r.jokers)),
    (_HAND_SIZES, "Cards dealt", lambda r: _dealt_short(r)),
    (("starter",), "First card", lambda r: "a plain card" if r.starter == "plain" else "any card"),
    (
        ("attack_cards",),
        "Attack cards",
        lambda r: _join([_attack_name(t) for t in _attack_order(r)]) or "none",
    ),
    (("counter_rule",), "Fighting back", lambda r: _counter_short(r)),
    (
        ("twos_threes_counter",),
        "2s and 3s fight back",
        lambda r: {
            "same": _small_as_others(r),
            "pool": "on any attack card",
            "suit_or_rank": "by suit or rank only",
        }.get(r.twos_threes_counter, r.twos_threes_counter),
    ),
    (("seven_cuts",), "A 7 cuts a stack", lambda r: _yes(r.seven_cuts)),
    (("plain_kings_block",), "K♣ and K♦ block battle kings", lambda r: _yes(r.plain_kings_block)),
    (("fours_block",), _fours_label, lambda r: _yes(r.fours_block)),
    (("skip_rank",), "Missed-turn card", lambda r: _plural(r.skip_rank) if r.skip_rank else "none"),
    (("jack_requests",), "Jacks ask for a rank", lambda r: _yes(r.jack_requests)),
    (("jack_must_hold",), "Jacks ask only for a rank held", lambda r: _yes(r.jack_must_hold)),
    (
        ("request_ranks",),
        "Ranks a jack may ask for",
        lambda r: _join(list(r.request_ranks)) or "none",
    ),
    (("suit_changers",), "Suit changers", lambda r: _tokens_words(r.suit_changers)),
    (("seven_own_suit",), "A 7 names only its own suit", lambda r: _yes(r.seven_own_suit)),
    (("queen_own_suit",), "A queen names only its own suit", lambda r: _yes(r.queen_own_suit)),
    (("plays_on_anything",), "Fit on anything", lambda r: _tokens_words(r.plays_on_anything)),
    (("anything_on",), "Anything fits on", lambda r: _tokens_words(r.anything_on)),
    (
        ("ace_scope",),
        "A named suit binds",
        lambda r: "the next player only" if r.ace_scope == "next" else "until it is laid",
    ),
    (("ace_must_differ",), "Named suit must differ", lambda r: _yes(r.ace_must_differ)),
    (("ace_must_hold",), "Named suit must be held", lambda r: _yes(r.ace_must_hold)),
    (("joker_role",), "Jokers", lambda r: _joker_short(r)),
    (("groups",), "Several cards", lambda r: _GROUP_SHORT[r.groups]),
    (("runs",), "Runs", lambda r: _yes(r.runs)),
    (("five_again",), "A 5 goes again", lambda r: _yes(r.five_again)),
    (
        ("macau_call",),
        "Macau",
        lambda r: "you must call it" if r.macau_call == "required" else "called for you",
    ),
    (
        ("macau_penalty",),
        "Forgotten Macau costs",
        lambda r: f"{r.macau_penalty} card{'s' if r.macau_penalty != 1 else ''}",
    ),
    (("power_after_out",), "Power of the last card acts", lambda r: _yes(r.power_after_out)),
    (
        ("no_attack_finish_heads_up",),
        "No lone 2 or 3 to go out heads-up",
        lambda r: _yes(r.no_attack_finish_heads_up),
    ),
    (("end",), "Round", lambda r: _END_SHORT[r.end]),
    (("scoring",), "Scoring", lambda r: _SCORING_SHORT[r.scoring]),
    (("target",), "Points target", lambda r: str(r.target)),
)


def _small_as_others(r: Rules) -> str:
    """2s and 3s fighting back by the rule every attack card has (``same``), with that rule."""
    if r.counter_rule == "hungarian":  # (its own words already name the 2s and 3s)
        return "as the other attack cards"
    return f"as the other attack cards, {_COUNTER_SHORT[r.counter_rule]}"


def _unused(r: Rules, option: str) -> bool:
    """Whether ``option``'s value is never read in ``r``: 2s and 3s that fight back by the
    same rule as the rest still fight back, and are unused only where they do not attack."""
    if option == "twos_threes_counter":
        return not {"2", "3"} & r.attack_cards
    return _no_effect(r, option)


def _counter_short(r: Rules) -> str:
    if r.counter_rule != "hungarian":
        return _COUNTER_SHORT[r.counter_rule]
    small = [t for t in ("2", "3") if t in r.attack_cards]
    parts = []
    if small:
        on = _join([*small, *(["battle king"] if _battle_kings(r) else [])], "or")
        parts.append(f"{_join([_plural(t) for t in small])} on any {on}")
    if _battle_kings(r):
        parts.append("battle kings on battle kings")
    return ", ".join(parts) or _COUNTER_SHORT["hungarian"]


def _joker_short(r: Rules) -> str:
    if r.joker_role != "draw_wild":
        return _JOKER_SHORT[r.joker_role]
    jobs = ["play on anything"]
    if "joker" in r.suit_changers:
        jobs.append("name a suit")
    if {"BJ", "RJ"} & r.attack_cards:
        jobs.append("attack")
    return _join(jobs)


def _decks_short(r: Rules) -> str:
    """'one; two from 6 players': the decks at the seat counts the rules allow."""
    more = [
        f"{_counts(r.decks_for(s))} from {s} players"
        for s in r.deck_steps
        if r.min_seats < s <= r.max_seats
    ]
    return "; ".join([_counts(r.decks_for(r.min_seats)), *more])


def _dealt_short(r: Rules, seats: Rules | None = None) -> str:
    """The hands ``r`` deals at the seat counts ``seats`` allows (``r``'s own by default):
    a preset is told as it deals at a table of the house rules."""
    seats = seats or r
    if seats.max_seats <= 2:
        return str(r.hand_size_two_seats)
    if seats.min_seats > 2 or r.hand_size_two_seats == r.hand_size:
        return str(r.hand_size)
    return f"{r.hand_size} ({r.hand_size_two_seats} with two players)"


def _no_effect(r: Rules, option: str) -> bool:
    """Whether ``option`` changes nothing in ``r`` (``r`` as played: no missing jokers), so a
    house-rule line about it would only mislead."""
    if option in _AS_FINGERPRINTED:
        return idle_here(r, option)
    idle = {"jack_must_hold": not r.jack_requests, "joker_role": not r.jokers}
    return idle.get(option, False)


# Options idle where the fingerprint counts them so (``rules.idle_here``): two sets that play
# one game are told as one. (Not the hand sizes, deck steps and usual seats it also names:
# those are told as far as they reach.)
_AS_FINGERPRINTED = frozenset(
    {
        "request_ranks",
        "power_after_out",  # the round ends as the first seat goes out: the power never acts
        "macau_penalty",
        "target",
        "counter_rule",
        "twos_threes_counter",
        "ace_scope",
        "no_attack_finish_heads_up",
    }
)


def _house_rows(r: Rules, base: Rules) -> list[str]:
    """One line for each option of ``r`` (as played) that plays differently from ``base``."""
    rows = []
    # Deck steps that no table of ``r`` reaches in ``base`` are no difference either.
    steps = tuple(s for s in base.deck_steps if s <= r.max_seats)
    for options, label, describe in HOUSE_ROWS:
        told = _dealt_short(base, r) if options == _HAND_SIZES else describe(base)
        if all(_no_effect(r, o) for o in options) or describe(r) == told:
            continue
        if options == ("deck_steps",) and r.deck_steps == steps:
            continue
        name = label if isinstance(label, str) else label(r, base)
        title = PRESET_TITLES.get(base.name, base.name)
        shown = describe(r)
        if options == ("groups",) and r.groups == "none" and r.runs:
            # Runs have a line of their own (where they changed), but "one card a turn"
            # alone reads as if they were gone too.
            shown += ", or a run"
        if all(_unused(base, o) for o in options):
            rows.append(f"- {name}: {shown} (unused in {title}).")
        else:
            rows.append(f"- {name}: {shown} ({title}: {told}).")
    return rows


def _base_for(rules: Rules) -> Rules:
    """The preset a rule set is told against: the one its options came from, as far as the
    options show, that is the one they differ from in fewest lines; on a tie the preset it is
    named after, then polish.

    The name alone is no guide: a rules file may say ``name = classic`` and leave out every
    other line, and so hold polish's options (``from_text`` fills in polish's defaults).
    """
    played = _as_played(rules)
    return min(
        PRESETS.values(),
        key=lambda b: (len(_house_rows(played, b)), b.name != rules.name, b.name != "polish"),
    )


def _house_section(rules: Rules) -> Section | None:
    base = _base_for(rules)
    rows = _house_rows(_as_played(rules), base)
    if not rows:
        if rules.name in PRESETS and rules.name != base.name:
            # Named after one preset, yet playing as another: say which.
            return Section(
                "House rules", (f"These are the rules of {rules_name(base)}, unchanged.",)
            )
        return None
    head = f"These rules differ from {rules_name(base)}:"
    return Section("House rules", (head, *rows))


def rules_name(rules: Rules) -> str:
    """The name the help text gives ``rules``: a preset's title only when the options play
    as that preset's (they differ at most in options that do nothing): a file named
    ``classic`` whose options differ is "Classic Macao (custom)", or "custom rules" where
    they are nearer another preset's."""
    if rules.name in PRESETS:
        if _house_rows(_as_played(rules), PRESETS[rules.name]):
            # Told against the preset it is named after only if it came from that one.
            came_from = _base_for(rules).name == rules.name
            return f"{PRESET_TITLES[rules.name]} (custom)" if came_from else "custom rules"
        return PRESET_TITLES[rules.name]
    return "custom rules" if rules.name in ("custom", "") else rules.name

"""How to play: the one-paragraph summary of a rule set, for the new-game screen."""

from __future__ import annotations

from .explain_words import (
    _as_played,
    _attack_name,
    _attack_order,
    _battle_kings,
    _cards_words,
    _counts,
    _four_tops,
    _join,
    _jokers_in_pack,
    _jokers_words,
    _players_words,
    _plural,
    _sorted_tokens,
)
from .rules import Rules

_STACK_SHORT = {
    "suit_or_rank": "stack by suit or rank",
    "pool": "stack on each other freely",
    "same_rank": "stack only on their own rank",
}
_PLAY_SHORT = {
    "none": "One card a turn",
    "rank": "Lay several cards of one rank at once",
    "rank_or_suit": "Lay several cards of one rank or one suit at once",
}


def _stack_short(r: Rules) -> str:
    """How attack cards stack, in a few words, naming only the attack cards there are."""
    small = r.small_counter_rule
    if small == r.counter_rule:
        return _base_stack_short(r)
    names = _join([_plural(t) for t in ("2", "3") if t in r.attack_cards])
    how = "on any attack card" if small == "pool" else "only by suit or rank"
    if r.counter_rule == "hungarian":  # its words are about 2s and 3s: say the rest alone
        base = "stack: kings only on kings" if _battle_kings(r) else "stack"
        return f"{base}, {names} {how}"
    return f"{_base_stack_short(r)} ({names} {how})"


def _base_stack_short(r: Rules) -> str:
    """``_stack_short`` under ``counter_rule`` alone."""
    if r.counter_rule != "hungarian":
        return _STACK_SHORT[r.counter_rule]
    small = [_plural(t) for t in ("2", "3") if t in r.attack_cards]
    kings = _battle_kings(r)
    if small and kings:
        return f"stack: {_join(small)} on any of them, kings only on kings"
    if kings and {"BJ", "RJ"} & r.attack_cards:
        return "stack: kings only on kings, jokers on any of them"
    return "stack on each other freely"


def _summary_jobs(r: Rules) -> list[str]:
    """'aces change the suit', 'queens go on anything, and anything goes on them'…"""
    jobs = []
    if r.skip_rank:
        jobs.append(f"{_plural(r.skip_rank)} make the next player miss a turn")
    if r.jack_requests:
        jobs.append("jacks ask for a rank")
    wild = r.plays_on_anything - ({"joker"} if r.joker_role == "any_card" else set())
    by_jobs: dict[tuple[bool, bool, bool], list[str]] = {}
    for t in _sorted_tokens(r.suit_changers | wild | r.anything_on):
        by_jobs.setdefault((t in wild, t in r.suit_changers, t in r.anything_on), []).append(t)
    order = [(True, True, False), (False, True, False), (True, False, False)]
    for key in sorted(by_jobs, key=lambda k: (order.index(k) if k in order else 3, k)):
        on, changes, under = key
        names = _join([_plural(t) for t in by_jobs[key]])
        doing = " and ".join(
            w for w, ok in (("go on anything", on), ("change the suit", changes)) if ok
        )
        if not doing:
            jobs.append(f"anything goes on {names}")
            continue
        if under:
            doing += ", and anything goes on them" + (
                " once the request is over" if changes else ""
            )
        jobs.append(f"{names} {doing}")
    if r.joker_role == "any_card":
        anywhere = " and go on anything" if "joker" in r.plays_on_anything else ""
        jobs.append(f"jokers stand for any card{anywhere}")
    return jobs


def summary(rules: Rules, seats: int | None = None) -> str:
    """One short paragraph describing ``rules`` (at a table of ``seats``, if given), for the
    new-game screen's preset picker."""
    return " ".join(summary_sentences(rules, seats))


def summary_sentences(rules: Rules, seats: int | None = None) -> list[str]:
    """``summary`` sentence by sentence: the players, deck and deal first, how the round is
    won last (a screen short of room keeps those two and as many of the others as fit)."""
    r = _as_played(rules)
    two = (
        f" ({r.hand_size_two_seats} for two)"
        if r.hand_size_two_seats != r.hand_size and r.min_seats == 2
        else ""
    )
    base = r.decks_for(r.min_seats)
    more = ", more for big tables" if r.decks_for(r.max_seats) > base else ""
    jokers = f" with {_jokers_words(base * r.jokers)}" if r.jokers else ""
    decks = "one deck" if base == 1 else f"{_counts(base)} decks"
    sentences = [
        f"{_players_words(r)} players, {decks}{jokers}{more}, "
        f"{_cards_words(r.hand_size)} each{two}."
    ]
    if r.attack_cards:
        tokens = _attack_order(r)
        if set(_jokers_in_pack(r)) <= r.attack_cards:  # every joker there is attacks
            tokens = [t for t in tokens if t not in ("BJ", "RJ")]
            tokens += ["jokers"] if {"BJ", "RJ"} & r.attack_cards else []
        if len(tokens) == 1 and tokens[0] not in ("2", "3", "jokers"):
            # One single card: it has nothing of its own kind to stack on in one deck.
            name = _attack_name(tokens[0])
            text = f"{name} makes players draw"
        else:
            names = _join([t if t == "jokers" else _attack_name(t) for t in tokens])
            text = f"{names} make players draw and {_stack_short(r)}"
        if r.seven_cuts:
            text += "; a 7 cuts a stack"
        if r.plain_kings_block:
            text += "; K♣ and K♦ block battle kings"
        if r.fours_block:
            tops = _four_tops(r)
            if r.attack_cards <= {"2", "3", "BJ", "RJ"}:
                text += "; a 4 blocks a stack"
            elif tops:  # not the battle kings' stacks
                text += f"; a 4 blocks a stack of {_join(tops, 'or')}"
        sentences.append(text[0].upper() + text[1:] + ".")
    jobs = _summary_jobs(r)
    if jobs:
        text = "; ".join(jobs)
        sentences.append(text[0].upper() + text[1:] + ".")
    play = _PLAY_SHORT[r.groups]
    if r.five_again:
        play += ", but a 5 goes again"
    if r.runs:
        play += ", or a run"
    macau = (
        (f"call Macau or draw {r.macau_penalty}" if r.macau_penalty else "call Macau (no penalty)")
        if r.macau_call == "required"
        else "Macau is called for you"
    )
    sentences.append(f"{play}; {macau}.")
    end = (
        "First out wins"
        if r.end == "first_out" or seats == 2 or r.max_seats == 2  # two: nobody plays on
        else "First out wins, the rest play on for places"
    )
    if r.scoring == "points":
        end += f"; a match runs until someone reaches {r.target} points, and the lowest total wins"
    elif r.scoring == "wins_time":
        end += "; wins are timed for the ranking"
    sentences.append(end + ".")
    return sentences

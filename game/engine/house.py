"""House rules beyond single options: the Hungarian rules' easier/harder switches, and the
joker roles a rule set must give up (or may take back) when its jokers are turned down (or up)
in an editor."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .rules import SET_OPTIONS, Rules, RulesError, _pack_jokers, as_rules

# The Hungarian rules' "easier / harder" switches, as the option changes they stand for. A
# switch applies only where it does what its label says (``switch_refusal`` tells why not).
HOUSE_SWITCHES: dict[str, tuple[str, dict[str, Any]]] = {
    # These two change how 2s and 3s fight back, and only them: kings and jokers keep the
    # counter rule (RULES §5: "2s and 3s pool; 2s and 3s only counter by suit or rank").
    "easier_pool": ("Easier: 2s and 3s stack on any draw card", {"twos_threes_counter": "pool"}),
    "harder_suit_or_rank": (
        "Harder: 2s and 3s only stack by suit or rank",
        {"twos_threes_counter": "suit_or_rank"},
    ),
    # Groups on. A 5 that plays again (tel_aviv) is the exception of a one-card-a-turn game:
    # with groups its player lays all their 5s at once instead, so five_again goes off with it.
    "easier_groups": (
        "Easier: cards of one rank may be laid together",
        {"groups": "rank", "five_again": False},
    ),
    # Groups off. A run is several cards laid in one turn too, so "one card a turn" turns
    # runs off with the groups (hungarian would otherwise still lay 5♥ 6♥ 7♥).
    "harder_no_groups": ("Harder: one card a turn", {"groups": "none", "runs": False}),
    "harder_seven_own_suit": (
        "Harder: a 7 that changes the suit may only name its own suit",
        {"seven_own_suit": True},
    ),
}


def switch_refusal(rules: Rules, switch: str) -> str | None:
    """Why ``switch`` cannot make ``rules`` easier or harder as its label says (it is already
    so, it would do the opposite, or the rules lack what it changes); ``None`` if it can."""
    if not isinstance(switch, str) or switch not in HOUSE_SWITCHES:
        return f"unknown switch {switch!r}; known: {', '.join(HOUSE_SWITCHES)}"
    r = rules
    # Worded for the player (the custom-rules screen shows them as they are).
    if switch in ("easier_pool", "harder_suit_or_rank"):
        if not {"2", "3"} & r.attack_cards:
            return "2s and 3s are no attack cards here"
        small = r.small_counter_rule
        # Under the hungarian rule 2s and 3s go on any 2, 3, battle king or draw-wild joker:
        # on every attack card, as in a pool.
        anywhere = small in ("pool", "hungarian")
        if switch == "easier_pool" and anywhere:
            return "2s and 3s stack on any draw card already"
        if switch == "harder_suit_or_rank":
            if small == "suit_or_rank":
                return "2s and 3s stack only by suit or rank already"
            if small == "same_rank":
                return "2s and 3s stack only on their own rank here, which is harder already"
    if switch == "easier_groups" and r.groups != "none":
        kinds = "one rank" if r.groups == "rank" else "one rank or one suit"
        return f"cards of {kinds} may be laid together already"
    if switch == "harder_no_groups" and r.groups == "none" and not r.runs:
        return "one card a turn already"
    if switch == "harder_seven_own_suit":
        if "7" not in r.suit_changers:
            return "a 7 does not change the suit here"
        if r.seven_own_suit:
            return "a 7 names only its own suit already"
    return None


def apply_switch(rules: Rules | str, switch: str) -> Rules:
    """Apply one of the easier/harder house switches (``HOUSE_SWITCHES``) to a rule set (or a
    preset's name); a switch that cannot do what its label says there is refused with
    ``switch_refusal``'s reason."""
    rules = as_rules(rules)
    reason = switch_refusal(rules, switch)
    if reason is not None:
        known = isinstance(switch, str) and switch in HOUSE_SWITCHES
        raise RulesError(f"{switch}: {reason}" if known else reason)
    changed = rules.replace(**HOUSE_SWITCHES[switch][1])
    if changed.twos_threes_counter == changed.counter_rule:  # no rule of their own after all
        changed = changed.replace(twos_threes_counter="same")
    return changed


# ----- jokers the pack no longer holds (the custom-rules screen) -------------------------------
JOKER_OPTIONS = ("joker_role", *SET_OPTIONS)
JOKER_TOKENS = frozenset(("BJ", "RJ", "joker"))  # what names a joker in a card-set option


def drop_missing_jokers(options: Mapping[str, Any]) -> dict[str, Any]:
    """``options`` (option values by name, as ``Rules`` takes them) with every role of a
    joker that ``options["jokers"]`` leaves out of the pack taken away, and joker_role none
    when no joker is left: what turning a preset's jokers down changes with it."""
    out = dict(options)
    held = _pack_jokers(out.get("jokers", 0))
    _keep_jokers(out, held)
    if not held and "joker_role" in out:
        out["joker_role"] = "none"
    return out


def restore_jokers(options: Mapping[str, Any], earlier: Mapping[str, Any]) -> dict[str, Any]:
    """``options`` with the joker roles of ``earlier`` given back, as far as the pack of
    ``options`` holds those jokers: undoes ``drop_missing_jokers`` when jokers come back."""
    out = dict(options)
    for key in SET_OPTIONS:
        out[key] = frozenset(out[key]) | (frozenset(earlier[key]) & JOKER_TOKENS)
    if out["joker_role"] == "none":
        out["joker_role"] = earlier["joker_role"]
    return drop_missing_jokers(out)


def wild_jokers(options: Mapping[str, Any]) -> dict[str, Any]:
    """``options`` with the jokers the pack holds given every role of a draw-wild joker
    (RULES §3.6: it plays on anything, names the suit in force and attacks) when
    ``options["joker_role"]`` is ``draw_wild``: what turning jokers to drawing changes with
    it where no earlier roles are there to give back (``restore_jokers``)."""
    out = dict(options)
    held = _pack_jokers(out.get("jokers", 0))
    if out.get("joker_role") == "draw_wild" and held:
        out["attack_cards"] = frozenset(out["attack_cards"]) | (held - {"joker"})
        for key in ("suit_changers", "plays_on_anything"):
            out[key] = frozenset(out[key]) | {"joker"}
    return out


def jokers_raised(options: Mapping[str, Any], before: int) -> dict[str, Any]:
    """``options`` with the jokers per deck raised from ``before``, where jokers draw: where
    no option names a joker yet (the role was chosen first), the jokers take every role a
    drawing joker has (``wild_jokers``); where the jokers there were all attack cards, the
    ones added attack too. Roles set otherwise by hand are left as set."""
    out = dict(options)
    if out.get("joker_role") != "draw_wild":
        return out
    if not any(JOKER_TOKENS & set(out[key]) for key in SET_OPTIONS):
        return wild_jokers(out)
    had = _pack_jokers(before) - {"joker"}
    if had and had <= set(out["attack_cards"]):
        added = _pack_jokers(out.get("jokers", 0)) - {"joker"}
        out["attack_cards"] = frozenset(out["attack_cards"]) | added
    return out


def drop_idle_jokers(options: Mapping[str, Any]) -> dict[str, Any]:
    """``options`` with the jokers taken out of every role that only a draw-wild joker plays
    (attack card, suit changer, a card that takes anything) when ``options["joker_role"]``
    is not ``draw_wild``: a stand-in joker acts as the card it stands for, never on its own
    (RULES §3.6). A joker that goes on anything stays so as a stand-in (it is laid on any
    card as any card, as in hungarian). What switching a preset's jokers from drawing to
    standing in changes with it; ``restore_jokers`` gives the roles back."""
    out = dict(options)
    role = out.get("joker_role")
    if role != "draw_wild":
        wild = role == "any_card" and "joker" in _tokens(out.get("plays_on_anything", ()))
        _keep_jokers(out, frozenset())
        if wild:
            out["plays_on_anything"] = out["plays_on_anything"] | {"joker"}
    return out


def _keep_jokers(out: dict[str, Any], kept: frozenset[str]) -> None:
    """Take every joker but those in ``kept`` out of the card-set options of ``out``."""
    for key in SET_OPTIONS:
        if key in out:
            out[key] = frozenset(t for t in _tokens(out[key]) if t not in JOKER_TOKENS or t in kept)


def _tokens(value: Any) -> Iterable[str]:
    """The tokens of a card-set option, given as a set or as text ("A Q joker")."""
    if isinstance(value, str):
        return value.split()
    return frozenset(value)

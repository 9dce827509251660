"""How to play: the small words, card names and facts about a rule set the text is made of."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from .cards import RANK_NAMES, RANK_WORDS, Card
from .rules import Rules

WIDTH = 88
PRESET_TITLES: dict[str, str] = {
    "polish": "Polish Makao",
    "quick": "Quick Makao",
    "classic": "Classic Macao",
    "hungarian": "Hungarian Macau",
    "romanian": "Romanian Macao",
    "romanian2": "Romanian Macao #2",
    "tel_aviv": "Tel-Aviv Macau",
}
# The players of the worked examples, seated in play order.
NAMES = ("Anna", "Ben", "Cleo", "Dan")
# "one" to "twelve": the counts a pack or a deal can say in words (ranks 2-10 have theirs).
_NUMBER_WORDS = {1: "one", **{n: RANK_WORDS[n] for n in range(2, 11)}, 11: "eleven", 12: "twelve"}
_RANK_PLURALS = {"J": "jacks", "Q": "queens", "K": "kings", "A": "aces", "joker": "jokers"}
# The suit a rank's picture is drawn in, so a row of card pictures shows a mix of suits.
_SHOWN_SUIT = {
    "2": "H",
    "3": "S",
    "4": "C",
    "5": "D",
    "7": "D",
    "J": "C",
    "Q": "H",
    "K": "D",
    "A": "S",
}
_RANK_TITLES = {
    "2": "Twos",
    "3": "Threes",
    "4": "Fours",
    "5": "Fives",
    "6": "Sixes",
    "7": "Sevens",
    "8": "Eights",
    "9": "Nines",
    "10": "Tens",
    "J": "Jacks",
    "Q": "Queens",
    "K": "Kings",
    "A": "Aces",
}


@dataclass(frozen=True)
class Section:
    """One titled part of the text; ``cards`` are codes of the power cards it is about."""

    title: str
    paragraphs: tuple[str, ...]
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class PowerCard:
    """One kind of power card: its cards (codes), what it does, and a worked example."""

    codes: tuple[str, ...]
    title: str
    text: str
    example: str


# ----- small words -------------------------------------------------------------------------------
def _join(items: list[str], conj: str = "and") -> str:
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + f" {conj} " + items[-1]


def _pretty(code: str) -> str:
    return Card.parse(code).pretty


def _plural(token: str) -> str:
    return _RANK_PLURALS.get(token, token + "s")


def rank_plural(token: str) -> str:
    """A rank in the plural as the rules' texts and the table say it: "8s", "aces"."""
    return _plural(token)


def _word(token: str) -> str:
    return {"J": "jack", "Q": "queen", "K": "king", "A": "ace"}.get(token, token)


def _a(token: str) -> str:
    word = _word(token)
    return ("an " if word[0] in "8ae" else "a ") + word


def _a_card(code: str) -> str:
    """'a 9♠', 'an 8♠', 'an A♠' (said "an eight", "an ace")."""
    return ("an " if code[0] in "8A" else "a ") + _pretty(code)


def _sorted_tokens(tokens: frozenset[str]) -> list[str]:
    order = [*RANK_NAMES.values(), "joker"]
    return sorted(tokens, key=order.index)


def _attack_order(r: Rules) -> list[str]:
    return [t for t in ("2", "3", "KH", "KS", "BJ", "RJ") if t in r.attack_cards]


def _attack_name(token: str) -> str:
    """'2s', 'K♥', 'the red joker': an attack card as a list names it."""
    if token in ("2", "3"):
        return _plural(token)
    if token in ("BJ", "RJ"):
        return "the " + _pretty(token)
    return _pretty(token)


def _four_tops(r: Rules) -> list[str]:
    """What a 4 blocks with ``fours_block``: the attacking 2s, 3s and jokers of ``r``."""
    tops = [_attack_name(t) for t in ("2", "3") if t in r.attack_cards]
    if {"BJ", "RJ"} & r.attack_cards:
        tops.append("jokers")
    return tops


def _players_words(r: Rules) -> str:
    """'2 to 8', or '4' where the rules seat one number of players."""
    return str(r.min_seats) if r.min_seats == r.max_seats else f"{r.min_seats} to {r.max_seats}"


def _cards_words(n: int) -> str:
    """'5 cards', '1 card'."""
    return f"{n} card{'' if n == 1 else 's'}"


def _wild_tokens(r: Rules) -> list[str]:
    return _sorted_tokens(r.plays_on_anything)


def _changer_words(r: Rules) -> str:
    """'another ace', 'another 7 or joker' — what else answers a named suit."""
    return "another " + _join([_word(t) for t in _sorted_tokens(r.suit_changers)], "or")


def _acting_alone(r: Rules) -> frozenset[str]:
    """The kinds that play on anything or name a suit, but for stand-in jokers: those answer
    an attack, missed turns or a request as the card they stand for, so they are never named
    among the cards that cannot."""
    kinds = r.plays_on_anything | r.suit_changers
    return kinds - {"joker"} if r.joker_role == "any_card" else kinds


def _waits(r: Rules, token: str = "") -> str:
    """'an attack, missed turns or a request': what may be waiting on a player here (but what
    ``token``'s cards answer themselves: the skip card is laid on missed turns, a jack on a
    jack's request)."""
    waiting = []
    if r.attack_cards and token not in r.attack_cards:
        waiting.append("an attack")
    if r.skip_rank and token != r.skip_rank:
        waiting.append("missed turns")
    if token == "J" and r.jack_requests:
        if r.suit_changers:
            waiting.append("a suit request")
    elif r.jack_requests or r.suit_changers:
        waiting.append("a request")
    return _join(waiting, "or")


def _battle_kings(r: Rules) -> list[str]:
    return [t for t in ("KH", "KS") if t in r.attack_cards]


def _counts(n: int) -> str:
    return _NUMBER_WORDS.get(n, str(n))


def _jokers_words(n: int) -> str:
    """'one joker', 'two jokers'."""
    return f"{_counts(n)} joker{'s' if n != 1 else ''}"


def _jokers_in_pack(r: Rules) -> tuple[str, ...]:
    """The kinds of joker the pack holds (``Rules.jokers_in_pack``), red first."""
    return tuple(t for t in ("RJ", "BJ") if t in r.jokers_in_pack)


def _jokers_at_most(r: Rules) -> int:
    """How many jokers the biggest table's pack holds."""
    return r.jokers * (1 + len(r.deck_steps))


def _as_played(r: Rules) -> Rules:
    """``r`` with what cannot happen at its table taken out, so no sentence tells of it: jokers
    the pack lacks (in every option that lists them), deck steps beyond ``max_seats``, a
    7 or a 4 that would cancel stacks when nothing attacks, and a hand size for more than
    two seats at a table of two.

    Built without ``replace``, which validates: what is left is true of the game but need not
    be a rule set anybody could choose (a 4 that blocks jokers, in a pack without them).
    """
    in_pack = set(_jokers_in_pack(r))
    changes: dict[str, Any] = {}
    attacks = r.attack_cards - ({"BJ", "RJ"} - in_pack)
    if attacks != r.attack_cards:
        changes["attack_cards"] = attacks
    if not in_pack:
        for key in ("suit_changers", "plays_on_anything", "anything_on"):
            if "joker" in getattr(r, key):
                changes[key] = getattr(r, key) - {"joker"}
        if r.joker_role != "none":
            changes["joker_role"] = "none"
    steps = tuple(s for s in r.deck_steps if s <= r.max_seats)
    if steps != r.deck_steps:
        changes["deck_steps"] = steps
    if r.seven_cuts and not attacks:
        changes["seven_cuts"] = False
    if r.fours_block and not {"2", "3", "BJ", "RJ"} & attacks:
        changes["fours_block"] = False
    if r.max_seats <= 2 and r.hand_size != r.hand_size_two_seats:
        changes["hand_size"] = r.hand_size_two_seats  # the only hand ever dealt
    if not changes:
        return r
    played = copy.copy(r)
    for key, value in changes.items():
        object.__setattr__(played, key, value)
    return played


def _pack_words(r: Rules) -> str:
    base = r.decks_for(r.min_seats)  # the smallest table's decks (a step may start there)
    jokers = f" and {_jokers_words(base * r.jokers)}" if r.jokers else ""
    text = f"{_counts(base)} 52-card deck{'s' if base > 1 else ''}{jokers}"
    steps = [s for s in r.deck_steps if s > r.min_seats and s <= r.max_seats]
    if steps:
        more = [f"{_counts(base + i + 1)} decks from {s} players" for i, s in enumerate(steps)]
        text += (
            "; "
            + _join(more)
            + (", shuffled together" if len(steps) > 1 else " are shuffled together")
        )
        if r.jokers:
            text += (
                ", each with its joker"
                if r.jokers == 1
                else f", each with its {_jokers_words(r.jokers)}"
            )
    return text

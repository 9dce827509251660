"""The in-game "How to play", generated from a ``Rules``, so every custom rule set gets true help.

Nothing here is written per preset: each sentence is chosen by the options it describes, and the
worked examples are checked against the engine's own tables (``compile_rules``), so the text and
the game cannot drift apart. ``explain`` gives plain text; ``explain_sections`` and
``power_cards`` give the pieces a screen lays out (with card codes to draw beside the text).
"""

from __future__ import annotations

import copy
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .cards import RANK_NAMES, STANDARD_52, SUIT_NAMES, SUIT_SYMBOLS, SUITS, Card
from .compiled import compile_rules
from .rules import ATTACK_VALUES, PRESETS, Rules

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
_NUMBER_WORDS = {1: "one", 2: "two", 3: "three"}
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


def _word(token: str) -> str:
    return {"J": "jack", "Q": "queen", "K": "king", "A": "ace"}.get(token, token)


def _a(token: str) -> str:
    word = _word(token)
    return ("an " if word[0] in "8ae" else "a ") + word


def _sorted_tokens(tokens: frozenset[str]) -> list[str]:
    order = [*RANK_NAMES.values(), "joker"]
    return sorted(tokens, key=order.index)


def _attack_order(r: Rules) -> list[str]:
    return [t for t in ("2", "3", "KH", "KS", "BJ", "RJ") if t in r.attack_cards]


def _attack_name(token: str) -> str:
    if token in ("2", "3"):
        return _plural(token)
    return _pretty(token)


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


def _waits(r: Rules) -> str:
    """'an attack, missed turns or a request': what may be waiting on a player here."""
    waiting = []
    if r.attack_cards:
        waiting.append("an attack")
    if r.skip_rank:
        waiting.append("missed turns")
    if r.jack_requests or r.suit_changers:
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
    the pack lacks (in every option that lists them), deck steps beyond ``max_seats``, and a
    7 or a 4 that would cancel stacks when nothing attacks.

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
    if not changes:
        return r
    played = copy.copy(r)
    for key, value in changes.items():
        object.__setattr__(played, key, value)
    return played


def _pack_words(r: Rules) -> str:
    jokers = f" and {_jokers_words(r.jokers)}" if r.jokers else ""
    text = f"one 52-card deck{jokers}"
    steps = r.deck_steps
    if steps:
        more = [f"{_counts(i + 2)} decks from {s} players" for i, s in enumerate(steps)]
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


# ----- the worked examples -----------------------------------------------------------------------
def _fits_counter(r: Rules, card: str, top: str) -> bool:
    c = compile_rules(r)
    top_card = Card.parse(top)
    return c.counters(Card.parse(card), top_card, "" if top_card.is_joker else top_card.suit)


def _target(laid: str, seat: int) -> int:
    return (seat - 1) % 4 if laid == "KS" else (seat + 1) % 4


def _fits_on(r: Rules, code: str) -> str:
    """What may follow card ``code`` in ordinary play: 'a club, a 7 or a queen', 'any card'."""
    card = Card.parse(code)
    token = RANK_NAMES[card.rank]
    if token in r.anything_on:
        return "any card"
    return _join(
        [
            f"a {SUIT_NAMES[card.suit][:-1]}",
            _a(token),
            *(_a(t) for t in _wild_tokens(r) if t != token),
        ],
        "or",
    )


def _attack_example(r: Rules, token: str) -> str:
    code = {"2": "2♥", "3": "3♣"}.get(token)
    first = {"2": "2H", "3": "3C"}.get(token, token)
    if token == "KS":
        two = (
            " With two players, Anna lays K♠, Ben draws 5 and Anna moves again."
            if r.min_seats == 2
            else ""
        )
        return (
            "Four at the table: Cleo lays K♠, so Ben, the player before her, owes 5 and must "
            "answer at once. He draws 5, and the turn goes to Dan, the player after Cleo." + two
        )
    if token in ("BJ", "RJ"):
        name = _pretty(token)
        value = ATTACK_VALUES[token]
        names = " and names hearts" if "joker" in r.suit_changers else ""
        follow = (
            f"Dan must follow the joker with a heart or {_changer_words(r)}."
            if "joker" in r.suit_changers
            else "Dan follows the joker in the suit that was in force before it."
        )
        if "3" in r.attack_cards and _fits_counter(r, token, "3S"):
            return (
                f"Anna lays 3♠: Ben owes 3. Ben lays the {name}{names}: Cleo owes {3 + value}. "
                f"Cleo draws {3 + value}; that is her whole turn, and {follow}"
            )
        return (
            f"Top 9♣. Anna lays the {name} on it{names}: Ben owes {value}. He draws {value}; "
            f"that is his whole turn, and Cleo plays next. "
            + follow.replace("Dan must", "She must").replace("Dan follows", "She follows")
        )
    label = code or _pretty(token)
    suit = Card.parse(first).suit
    text = f"Top 9{SUIT_SYMBOLS[suit]}. Anna lays {label}: Ben owes {ATTACK_VALUES[token]}."
    total = ATTACK_VALUES[token]
    extra = ""
    for follow in ("2S", "3" + suit, "2" + suit, "3H", "KH"):
        f_token = follow if follow[0] == "K" else follow[0]
        if f_token in r.attack_cards and follow != first and _fits_counter(r, follow, first):
            total += ATTACK_VALUES[f_token]
            extra = (
                f" Ben fights back with {_pretty(follow)}: now Cleo owes {total}. Cleo has no "
                f"answer and draws {total}; that is her whole turn. The {_pretty(follow)} has "
                f"lost its power, so Dan just follows it with {_fits_on(r, follow)}."
            )
            break
    if not extra:
        extra = (
            f" Ben has no answer and draws {total}; that is his whole turn. The {label} has lost "
            f"its power, so Cleo just follows it with {_fits_on(r, first)}."
        )
    return text + extra


def _stack_for_cut(r: Rules, blockers: tuple[str, ...]) -> tuple[str, int, int] | None:
    """An attack card (code) among ``blockers`` kinds, its penalty and the seat it hits."""
    for token, code in (("2", "2H"), ("3", "3H"), ("KH", "KH"), ("BJ", "BJ"), ("RJ", "RJ")):
        if token in r.attack_cards and token in blockers:
            return code, ATTACK_VALUES[token], 1
    if "KS" in r.attack_cards and "KS" in blockers:
        return "KS", 5, 3
    return None


def _cut_example(r: Rules, card: str, blockers: tuple[str, ...]) -> str:
    found = _stack_for_cut(r, blockers)
    if found is None:
        return f"{_pretty(card)} has nothing to cancel in these rules."
    code, value, hit = found
    who = NAMES[hit]
    after = NAMES[(hit + 1) % 4]
    pretty = _pretty(card)
    return (
        f"Anna lays {_pretty(code) if code[1] != 'J' else 'the ' + _pretty(code)}: {who} owes "
        f"{value}. {who} lays {pretty}: the stack is gone and nobody draws. {after} plays next "
        f"and follows {pretty} with {_fits_on(r, card)}."
    )


def _skip_example(r: Rules) -> str:
    k = r.skip_rank or "4"
    return (
        f"Anna lays {k}♣: Ben must miss a turn. Ben answers with {k}♦, so Cleo must miss 2 turns. "
        f"Cleo has no {_word(k)} and accepts: this turn is the first she misses, and she sits "
        f"out her next turn too. Dan then just follows the {k}♦ with {_fits_on(r, k + 'D')}."
    )


def _jack_example(r: Rules) -> str:
    rank = "8" if "8" in r.request_ranks else r.request_ranks[0]
    hold = f" (she still holds {rank}♥)" if r.jack_must_hold else ""
    several = f" and {rank}♠ together" if r.groups != "none" else ""
    return (
        f"Three at the table, top 9♣. Anna lays J♣ and asks for {_plural(rank)}{hold}. Ben lays "
        f"{rank}♦{several}. Cleo has no {rank} and no jack, so she draws one card. Then Anna "
        f"herself must lay {_a(rank)} or a jack, or draw. After Anna's turn, normal play resumes."
    )


def _changer_example(r: Rules, token: str) -> str:
    if token == "joker":
        # The red joker: a pack with jokers always holds it.
        held = " (she holds a heart)" if r.ace_must_hold else ""
        return (
            f"Top 9♣. Anna lays the red joker and names hearts{held}: Ben must lay a heart or "
            f"{_changer_words(r)}, or draw one card."
        )
    wild = token in r.plays_on_anything
    top = "9♣"
    card = f"{token}♦" if wild else f"{token}♣"
    on = " on it" if wild else ""
    named, named_word = "♥", "hearts"
    if token == "7" and r.seven_own_suit:
        # A 7 names only its own suit: shown on a 7 of another suit, so the suit changes.
        card, named, named_word = "7♦", "♦", "diamonds"
        if not wild:
            top, on = "7♣", " on it"
    why = []
    if r.ace_must_differ and named != "♣":
        why.append("not clubs, the suit in force")
    if r.ace_must_hold:
        why.append(f"she holds a {named_word[:-1]}")
    because = f" ({'; '.join(why)})" if why else ""
    text = (
        f"Top {top}. Anna lays {card}{on} and names {named_word}{because}: Ben must lay a "
        f"{named_word[:-1]} or {_changer_words(r)}, or draw one card."
    )
    if r.ace_scope == "next":
        code = token + ("D" if card.endswith("♦") else "C")
        return text + (
            f" Ben draws and keeps the card. Now the request is over and the {card} on top is an "
            f"ordinary card again: Cleo follows it as usual, with {_fits_on(r, code)}."
        )
    return text + (
        f" Ben draws and keeps the card, so Cleo too must lay a {named_word[:-1]} or "
        f"{_changer_words(r)}. Cleo lays 6{named}, and play goes on from the 6{named}."
    )


def _joker_plain_example(r: Rules) -> str:
    """A draw-wild joker that neither attacks nor names a suit: the suit in force stays."""
    return (
        "Top 9♣. Anna lays the red joker on it. It names nothing, so clubs stay in force: Ben "
        f"lays {_join(['a club', *(_a(t) for t in _wild_tokens(r))], 'or')}, or draws one card."
    )


def _wild_example(r: Rules, token: str) -> str:
    # A card that only takes anything on top must itself still match the 9♣.
    code = token + ("H" if token in r.plays_on_anything else "C")
    card = _pretty(code)
    if token in r.anything_on:
        text = f"Top 9♣. Anna lays {card} on it, and Ben may lay any card at all on it, say 6♠."
    else:
        text = (
            f"Top 9♣. Anna lays {card} on it: hearts are now in force, so Ben lays "
            f"{_fits_on(r, code)}."
        )
    if "2" in r.attack_cards:
        text += f" But had Anna attacked Ben with a 2, {_a(token)} would not help him."
    return text


def _joker_any_example(r: Rules) -> str:
    if "KH" in r.attack_cards:
        return (
            "Top 7♥. Anna lays the red joker as the king of hearts (written RJ=KH): Ben owes 5, "
            "just as for a real K♥. The joker stays a K♥ until the pile is shuffled into the "
            "stock."
        )
    return (
        "Top 7♥. Anna lays the red joker as the 7♠ (written RJ=7S), and Ben follows it as a "
        f"7♠, with {_fits_on(r, '7S')}."
    )


def _five_example(r: Rules) -> str:
    return (
        "Top 9♠. Anna lays 5♠ and must go on: she lays 5♥, and must go on again, so she lays "
        "8♥ (or draws one card). Then it is Ben's turn."
    )


# ----- the power cards ---------------------------------------------------------------------------
def _attack_text(r: Rules, token: str) -> str:
    value = ATTACK_VALUES[token]
    if token == "KS":
        heads = (
            "; with two players that is the K♠'s own player again, who moves once more"
            if r.min_seats == 2
            else ""
        )
        return (
            "The king of spades makes the previous player draw 5. They must answer at once; if "
            "they fight back, the total goes where their card sends it. If they draw, the turn "
            f"goes to the player after the one who laid the K♠{heads}."
        )
    if token == "KH":
        return "The king of hearts makes the next player draw 5."
    return f"{_a(token).capitalize()} makes the next player draw {value}."


def _joker_wild_text(r: Rules) -> str:
    kinds = [t for t in ("BJ", "RJ") if t in _jokers_in_pack(r)]
    attackers = [t for t in kinds if t in r.attack_cards]
    parts = ["A joker plays on anything"]
    if "joker" in r.suit_changers:
        parts.append("and names the suit to follow")
    text = " ".join(parts) + "."
    if attackers == kinds == ["RJ"]:
        text += f" It attacks the next player: {ATTACK_VALUES['RJ']} cards to draw."
    elif attackers == kinds:
        values = [f"the {_pretty(t)} {ATTACK_VALUES[t]}" for t in attackers]
        text += f" It attacks the next player: {_join(values)} cards."
    elif attackers:
        t, other = attackers[0], next(k for k in kinds if k not in attackers)
        text += (
            f" The {_pretty(t)} attacks the next player ({ATTACK_VALUES[t]} cards); the "
            f"{_pretty(other)} does not."
        )
    # Having no rank, it never joins a group (nor a run): worth saying where others can.
    alone = (
        ", and it is always laid on its own, never with other cards"
        if r.groups != "none" or r.runs
        else ""
    )
    if "joker" in r.suit_changers:
        text += (
            f" It has no rank, so on a joker only the named suit or {_changer_words(r)} "
            f"follows{alone}."
        )
    else:
        text += (
            " It names nothing and has no rank: the suit in force before it stays, only that "
            f"suit or a card that plays on anything follows it{alone}."
        )
    return text


def _joker_any_text(r: Rules) -> str:
    two = ": two jokers can make two kings of hearts" if _jokers_at_most(r) >= 2 else ""
    text = (
        "A joker stands for any card you choose, power cards included, and acts exactly as "
        f"that card until it leaves the pile{two}. You say which card it is as you lay it (in "
        "notation, RJ=KH is a red joker standing for K♥)."
    )
    # Stand-in jokers never list among the cards that play on anything (Rules refuses it):
    # a joker goes anywhere only as a card that could go there.
    text += " The card it stands for must fit where you lay it, like any other card."
    return text


def _jack_text(r: Rules) -> str:
    ranks = _join(list(r.request_ranks), "or")
    hold = (
        " You may only ask for a rank you still hold after laying the jack; if you hold none, "
        "ask for nothing."
        if r.jack_must_hold
        else ""
    )
    several = "one or several, any suit" if r.groups != "none" else "any suit"
    jokers_attack = bool({"BJ", "RJ"} & r.attack_cards)
    banned = [
        _plural(t)
        for t in _sorted_tokens(_acting_alone(r))
        if t != "J" and not (t == "joker" and jokers_attack)
    ]
    if r.attack_cards:
        banned.append("attack cards")
    nothing_else = f", not even {_join(banned, 'or')}" if banned else ""
    return (
        f"A jack asks for a rank: {ranks}. You may also ask for nothing, and then the jack is a "
        f"plain card.{hold} The request lasts one full round: every other player in turn and, "
        f"last, the jack's player too. In that round each player lays the rank asked for "
        f"({several}) or a jack of any suit, which makes a new request and starts a new round; or "
        f"draws one card, and may lay it at once if it is the rank asked for or a jack. Nothing "
        f"else may be laid while the request is in force{nothing_else}."
    )


def _skip_text(r: Rules) -> str:
    k = r.skip_rank or "4"
    several = f" Several {_plural(k)} laid together each count." if r.groups != "none" else ""
    return (
        f"{_a(k).capitalize()} makes the next player miss a turn. They may answer with {_a(k)} of "
        f"any suit: the count grows by one and passes on to the next player. Or they accept: "
        f"this turn is the first one they miss, and they sit out one more turn for every other "
        f"{_word(k)} in the chain, neither playing nor drawing.{several} Once they accept, the "
        f"top card loses its power."
    )


def _kind_roles(r: Rules) -> list[tuple[str, tuple[str, ...], str, list[str], str]]:
    """Every power card kind: (key, codes, title, role texts, example), in reading order."""
    kinds: list[tuple[str, tuple[str, ...], str, list[str], str]] = []
    placed: dict[str, int] = {}

    def add(key: str, codes: tuple[str, ...], title: str, text: str, example: str) -> None:
        if key in placed:
            kinds[placed[key]][3].append(text)
            return
        placed[key] = len(kinds)
        kinds.append((key, codes, title, [text], example))

    def rank_codes(token: str) -> tuple[str, ...]:
        first = _SHOWN_SUIT.get(token, "H")
        return (token + first, *(token + s for s in SUITS if s != first))

    wild_joker = r.joker_role == "draw_wild"
    for token in _attack_order(r):
        if token in ("BJ", "RJ"):
            continue
        if token in ("2", "3"):
            add(token, rank_codes(token), _RANK_TITLES[token], _attack_text(r, token), "")
        else:
            title = "King of hearts" if token == "KH" else "King of spades"
            add(token, (token,), title, _attack_text(r, token), "")
    for i, (key, codes, title, texts, _) in enumerate(kinds):
        kinds[i] = (key, codes, title, texts, _attack_example(r, key))
    if wild_joker:
        if {"BJ", "RJ"} & r.attack_cards:
            example = _attack_example(r, "RJ" if "RJ" in r.attack_cards else "BJ")
        elif "joker" in r.suit_changers:
            example = _changer_example(r, "joker")
        else:
            example = _joker_plain_example(r)
        add("joker", _jokers_in_pack(r), "Jokers", _joker_wild_text(r), example)
    elif r.joker_role == "any_card":
        add("joker", _jokers_in_pack(r), "Jokers", _joker_any_text(r), _joker_any_example(r))
    if r.seven_cuts:
        blockers = tuple(_attack_order(r))
        add(
            "7",
            rank_codes("7"),
            "Sevens",
            "A 7 of any suit cuts a waiting stack of attacks: the whole stack is gone, nobody "
            "draws and nobody is skipped, and the 7's suit is in force.",
            _cut_example(r, "7C", blockers),
        )
    if r.plain_kings_block:
        kings = _join([_pretty(t) for t in _battle_kings(r)], "or")
        add(
            "Kcd",
            ("KC", "KD"),
            "Kings of clubs and diamonds",
            f"The king of clubs or of diamonds blocks a battle king: laid on a waiting attack "
            f"whose top card is {kings}, it cancels the whole stack, and nobody draws.",
            _cut_example(r, "KC", tuple(_battle_kings(r))),
        )
    if r.fours_block:
        tops = [_attack_name(t) for t in ("2", "3") if t in r.attack_cards]
        if {"BJ", "RJ"} & r.attack_cards:
            tops.append("jokers")
        add(
            "4",
            rank_codes("4"),
            "Fours",
            f"A 4 of any suit blocks a waiting stack whose top card is one of the "
            f"{_join(tops, 'or')}: the whole stack is cancelled, and nobody draws.",
            _cut_example(r, "4H", ("2", "3", "BJ", "RJ")),
        )
    if r.skip_rank:
        k = r.skip_rank
        add(k, rank_codes(k), _RANK_TITLES[k], _skip_text(r), _skip_example(r))
    if r.jack_requests:
        add("J", rank_codes("J"), "Jacks", _jack_text(r), _jack_example(r))
    for token in _sorted_tokens(r.suit_changers):
        if token == "joker":
            continue
        wild = token in r.plays_on_anything
        own = (
            " may only name its own suit" if token == "7" and r.seven_own_suit else " names a suit"
        )
        fits = " fits on any card and" if wild else ""
        after = (
            f" Once its request is over, any card fits on {_a(token)}."
            if token in r.anything_on
            else ""
        )
        add(
            token,
            rank_codes(token),
            _RANK_TITLES[token],
            f"{_a(token).capitalize()}{fits}{own} (see Naming a suit).{after}",
            _changer_example(r, token),
        )
    for token in _sorted_tokens(r.plays_on_anything | r.anything_on):
        if token == "joker" or token in r.suit_changers:
            continue
        on = token in r.plays_on_anything
        under = token in r.anything_on
        if on and under:
            text = f"{_a(token).capitalize()} fits on any card, and any card fits on {_a(token)}"
        elif on:
            text = f"{_a(token).capitalize()} fits on any card"
        else:
            text = f"Any card fits on {_a(token)}"
        if _waits(r):
            text += f" (but never while {_waits(r)} is waiting)"
        text += ", and then its own suit is in force." if on and not under else "."
        add(token, rank_codes(token), _RANK_TITLES[token], text, _wild_example(r, token))
    if r.five_again:
        add(
            "5",
            rank_codes("5"),
            "Fives",
            "After you lay a 5 you must lay one more card that fits on it, or draw one card: you "
            "may not stop there. That card is a new move, so another 5 goes again.",
            _five_example(r),
        )
    return kinds


def power_cards(rules: Rules) -> list[PowerCard]:
    """One entry per kind of power card in ``rules``, each with a worked example."""
    return [
        PowerCard(codes, title, " ".join(texts), example)
        for _, codes, title, texts, example in _kind_roles(_as_played(rules))
    ]


# ----- the sections ------------------------------------------------------------------------------
def _plain_cards(r: Rules) -> str:
    power = compile_rules(r).power
    words: list[str] = []
    for rank in range(2, 15):
        plain = [c for c in STANDARD_52 if c.rank == rank and c not in power]
        if len(plain) == 4:
            words.append(_plural(RANK_NAMES[rank]))
        else:
            words.extend(c.pretty for c in plain)
    return _join(words)


def _deck_section(r: Rules, seats: int | None) -> Section:
    paras = []
    if seats is None:
        hand = f"{r.hand_size} cards to each player"
        if r.hand_size_two_seats != r.hand_size and r.min_seats == 2:
            hand += f" ({r.hand_size_two_seats} when only two play)"
        paras.append(
            f"Macau is played by {r.min_seats} to {r.max_seats} players with {_pack_words(r)}."
        )
    else:
        decks = r.decks_for(seats)
        jokers = f" with {_jokers_words(decks * r.jokers)}" if r.jokers else ""
        paras.append(
            f"This table has {seats} players, so the game uses {_counts(decks)} 52-card "
            f"deck{'s' if decks > 1 else ''}{jokers} ({r.pack_size(seats)} cards)."
        )
        hand = f"{r.hand_size_for(seats)} cards to each player"
    start = (
        "If it is a power card, it is slipped back into the stock and the next card is turned "
        "up instead, so play always starts on a plain card."
        if r.starter == "plain"
        else "Whatever that card is, it starts the pile, and its power does not act."
    )
    paras.append(
        f"The dealer shuffles and deals {hand}. The rest goes face down in the middle: this is "
        f"the stock. The top card of the stock is turned up beside it to start the pile. {start}"
    )
    paras.append(
        "The player on the dealer's left goes first, and play passes clockwise. Each new deal "
        "moves one seat on."
    )
    return Section("Deck and deal", tuple(paras))


def _several_cards(r: Rules) -> list[str]:
    paras = []
    if r.groups == "none":
        text = "Lay one card a turn."
        if r.five_again:
            text = "Lay one card a turn (after a 5 you go again, see Power cards)."
    else:
        kinds = "of one rank, such as three 9s"
        if r.groups == "rank_or_suit":
            kinds = "of one rank (three 9s) or of one suit (5♥ 9♥ K♥)"
        text = (
            f"You may lay several cards {kinds}, in one turn. The first must fit; the last one "
            f"you lay goes on top and decides what fits next."
        )
    if r.runs:
        text += (
            " You may also lay a run: cards of one suit in a row, going up or down (5♥ 6♥ 7♥, "
            "or 9♣ 8♣), which may turn into another suit through two cards of one rank "
            "(5♥ 6♥ 7♥ 7♣ 8♣). Ranks go 2 to 10, J, Q, K, A, with no wrap from ace to two. "
            "Runs are for normal play, not for answering an attack or a request."
        )
    paras.append(text)
    if r.groups != "none" or r.runs:
        counts = []
        if r.attack_cards:
            counts.append(
                "when every card is an attack card every card counts (three 2s make 6 to draw)"
                if "2" in r.attack_cards
                else "when every card is an attack card every card counts"
            )
        if r.skip_rank:
            counts.append(f"each of several {_plural(r.skip_rank)} adds a missed turn")
        # A draw-wild joker has no rank, so it is never in a group: only ranks are listed.
        requests = [_plural(t) for t in _sorted_tokens(r.suit_changers) if t != "joker"]
        if r.jack_requests:
            requests.insert(0, "jacks")
        if r.groups == "none":
            requests = []  # a run acts by its last card, said above
        text = "Of several cards laid together only the last one acts"
        if r.groups == "none":
            counts = []  # one card a turn: the only several cards are a run
            text = "A run acts by its last card only"
        if counts:
            text += ", except that " + _join(counts)
            if r.runs:
                text += " (a run still acts by its last card only)"
        text += "."
        if r.groups != "none":
            text += (
                " Only your first and last card are yours to order: the cards between them go"
                " down in the order of your sorted hand."
            )
        if requests:
            text += f" In a group of {_join(requests, 'or')} only the last one's request counts."
        if r.joker_role == "any_card":
            where = [
                w
                for w, ok in (
                    ("a group of one rank", r.groups != "none"),
                    ("a group of one suit", r.groups == "rank_or_suit"),
                    ("a run", r.runs),
                )
                if ok
            ]
            text += f" A joker may join {_join(where, 'or')}, standing for the card it needs"
            if r.groups != "none":
                text += " (between the first and the last card of a group, for the first card)"
            if _jokers_at_most(r) >= 2:
                other = "BJ" if r.jokers >= 2 else "RJ"
                text += (
                    f"; jokers may also be laid together on their own (RJ=KH {other}=KH)"
                    if r.groups != "none"
                    else f"; jokers may also be laid together on their own, as a run (RJ=5H "
                    f"{other}=6H)"
                )
            text += "."
        paras.append(text)
    return paras


def _turn_section(r: Rules) -> Section:
    wild = [_plural(t) for t in _wild_tokens(r)]
    match = (
        "On your turn, lay a card that matches the top card of the pile in suit or in rank: on "
        "the 7♥ any heart or any 7 fits."
    )
    under = [_a(t) for t in _sorted_tokens(r.anything_on)]
    if wild and under:
        match += (
            f" {_join(wild).capitalize()} fit on anything, and anything fits on "
            f"{_join(under, 'or')} (see Power cards)."
        )
    elif wild:
        match += f" {_join(wild).capitalize()} fit on anything (see Power cards)."
    elif under:
        match += f" Anything fits on {_join(under, 'or')} (see Power cards)."
    if r.suit_changers:
        match += (
            " After a suit has been named, match the named suit instead of the top card's suit."
        )
    paras = [match, *_several_cards(r)]
    group = " (first, and more after it, where groups are allowed)" if r.groups != "none" else ""
    paras.append(
        "Instead of laying, you may always draw one card, even when you could lay one. If the "
        f"card you draw fits, you may lay it at once{group} or keep it; if it does not fit, "
        "your turn ends."
    )
    paras.append(
        "When the stock runs out, all of the pile except its top card is shuffled to make a new "
        "stock. If there are still not enough cards for what you must draw, you take what there "
        "is and the rest is forgiven."
    )
    if _waits(r):
        paras.append(
            f"When {_waits(r)} is waiting on you, that is the only thing you may deal with (see "
            f"Power cards)."
        )
    who = []
    if r.skip_rank:
        who.append("waiting out missed turns")
    if r.end == "places":
        who.append("already out")
    if who:
        what = ["turns", *(["attacks"] if r.attack_cards else [])]
        if r.skip_rank:
            what.append("missed turns")
        if r.jack_requests or r.suit_changers:
            what.append("requests")
        uses = (
            " Each time a waiting player is passed over, one of their missed turns is used up."
            if r.skip_rank
            else ""
        )
        paras.append(
            f"A player who is {_join(who, 'or')} is passed over by {_join(what)}: they go on "
            f"to the next player in the same direction.{uses}"
        )
    waiting = " and not waiting out missed turns" if r.skip_rank else ""
    paras.append(
        "If the stock and the pile under the top card are both spent and you can neither lay "
        f"nor draw, you pass. If every player still holding cards{waiting} passes in a row, "
        "the round is blocked (see End and scoring)."
    )
    return Section("Your turn", tuple(paras))


def _counter_words(r: Rules) -> str:
    """How to fight back under ``counter_rule``, with examples from this rule set's cards."""
    atk = r.attack_cards
    jokers = bool({"BJ", "RJ"} & atk)
    kings = _battle_kings(r)
    rule = r.counter_rule
    if rule == "pool":
        ex = []
        if "2" in atk and "3" in atk:
            ex.append("a 2 on a 3")
        if "KS" in atk and "2" in atk:
            ex.append("K♠ on 2♥")
        if jokers and "2" in atk:
            ex.append("a joker on a 2")
        exs = f" ({_join(ex)})" if ex else ""
        return f"lay any attack card on any attack card, whatever its suit or rank{exs}"
    if rule == "same_rank":
        ex = [f"a {t} on a {t}" for t in ("2", "3") if t in atk]
        if len(kings) == 2:
            ex.append("a battle king on a battle king")
        elif kings and r.deck_steps:
            ex.append(f"{_pretty(kings[0])} on {_pretty(kings[0])} when two decks are in play")
        if jokers:
            ex.append("a joker on a joker")
        return f"lay an attack card of the same rank ({_join(ex)}); nothing else stacks"
    if rule == "suit_or_rank":
        ex = []
        if "2" in atk:
            ex.append("2♥ on 2♠")
            if "3" in atk:
                ex.append("3♥ on 2♥")
            if "KH" in atk:
                ex.append("K♥ on 2♥")
        if len(kings) == 2:
            ex.append("K♠ on K♥")
        text = "lay an attack card of the same suit or the same rank as the top card"
        if ex:
            text += f" ({_join(ex)}"
            text += ", but not K♠ on 2♥)" if "KS" in atk and "2" in atk else ")"
        if jokers:
            text += "; a joker goes on any attack, and on a joker only " + (
                "the suit it named"
                if "joker" in r.suit_changers
                else "the suit that was in force before it"
            )
        return text
    # hungarian
    small = [t for t in ("2", "3") if t in atk]
    parts = []
    if small:
        on = [*(_plural(t)[:-1] for t in small), *(["battle king"] if kings else [])]
        parts.append(f"{_join([_plural(t) for t in small])} go on any {_join(on, 'or')}")
    if kings:
        parts.append("a battle king goes only on a battle king")
    if jokers:
        parts.append("a joker goes on any attack")
    return "; ".join(parts) if parts else "lay another attack card"


def _four_tops(r: Rules) -> list[str]:
    tops = [_attack_name(t) for t in ("2", "3") if t in r.attack_cards]
    if {"BJ", "RJ"} & r.attack_cards:
        tops.append("jokers")
    return tops


def _attack_general(r: Rules) -> str:
    cancels = []
    if r.seven_cuts:
        cancels.append("cut it with a 7")
    if r.plain_kings_block and _battle_kings(r):
        cancels.append("block a battle king with K♣ or K♦")
    if r.fours_block:
        cancels.append(f"block {_join(_four_tops(r), 'or')} with a 4")
    cancel = ""
    if cancels:
        cancel = (
            f" Or {_join(cancels, 'or')}: the whole stack is gone, nobody draws, and play goes "
            f"on to the next player as usual"
            + (
                " (after a K♠ stack, to the player after the one who laid the K♠)."
                if "KS" in r.attack_cards
                else "."
            )
        )
    cancelling = {"7"} if r.seven_cuts else set()
    if r.fours_block:
        cancelling.add("4")
    if r.plain_kings_block:
        cancelling.add("K")
    others = [
        _plural(t)
        for t in _sorted_tokens(_acting_alone(r))
        if t not in r.attack_cards
        and t not in cancelling
        and not (t == "joker" and {"BJ", "RJ"} & r.attack_cards)
    ]
    if r.jack_requests:
        others.append("jacks")
    not_even = f", not even {_join(sorted(set(others)), 'or')}" if others else ""
    return (
        f"Attacks. When an attack card is laid on you, fight back: {_counter_words(r)}."
        f"{_chain_words(r)} The "
        f"penalties add up and the total passes on. Or take the penalty: draw the "
        f"whole total, and that is your whole turn.{cancel} Nothing else answers an "
        f"attack{not_even}. After a penalty is taken the top card loses its power: the next "
        f"player just matches it."
    )


def _chain_words(r: Rules) -> str:
    """Where a group of one suit may mix attack ranks that may not go on each other, say that
    cards laid together on an attack must each answer the one before (as the engine checks)."""
    if r.groups != "rank_or_suit" or r.counter_rule not in ("hungarian", "same_rank"):
        return ""
    text = (
        " Cards you lay together on an attack go on it one by one, so each must answer the "
        "one before"
    )
    king = next((k for k in ("KS", "KH") if k in r.attack_cards), None)
    if r.counter_rule == "hungarian" and king and {"2", "3"} <= r.attack_cards:
        pair = f"3{_pretty(king)[-1]} {_pretty(king)}"
        text += f": {pair} on a 2 is refused, for a battle king never goes on a 2 or a 3"
    elif r.counter_rule == "same_rank" and {"2", "3"} <= r.attack_cards:
        text += ": 2♥ 3♥ on a 2 is refused"
    return text + "."


def _suit_general(r: Rules) -> str:
    changers = _join([_a(t) for t in _sorted_tokens(r.suit_changers)], "or")
    rule = []
    if r.ace_must_differ:
        rule.append("it must differ from the suit in force before your card")
    if r.ace_must_hold:
        rule.append("it must be a suit you still hold")
    text = f"Naming a suit. When you lay {changers}, name a suit"
    text += ": " + " and ".join(rule) + "." if rule else "."
    if r.seven_own_suit and r.ace_must_differ:
        text += (
            ' A 7 names only its own suit; a 7 of the suit in force calls "free suit": the '
            "next player may lay any suit but that one."
        )
    if r.ace_must_hold:
        text += (
            ' If you hold no such suit, you call "free suit": the next player may lay any suit '
            "but the one that was in force."
        )
    answer = (
        f"lay that suit or {_changer_words(r)} (which names again), or draw one card and lay "
        f"it at once if it fits"
    )
    if r.ace_scope == "next":
        text += (
            f" The next player must {answer}. The request binds the next player only: after "
            f"their turn the top card's own suit counts again"
            + (" (on a joker, the named suit stays)." if "joker" in r.suit_changers else ".")
        )
    else:
        text += f" Every following player must {answer}, until somebody lays the named suit."
    extra = _acting_alone(r) - r.suit_changers
    if extra:
        text += (
            f" {_join([_plural(t) for t in _sorted_tokens(extra)]).capitalize()} do not help "
            f"against a named suit."
        )
    return text


def _power_section(r: Rules) -> tuple[Section, list[PowerCard]]:
    cards = power_cards(r)
    if not cards:
        return (
            Section(
                "Power cards", ("There are no power cards in these rules: every card is plain.",)
            ),
            cards,
        )
    wild = " (except the ones that fit on anything)" if r.plays_on_anything else ""
    paras = [
        f"Power cards do something when you lay them. They are laid like any other card, "
        f"matching the top card in suit or rank{wild}. The plain cards are the "
        f"{_plain_cards(r)}."
    ]
    if r.attack_cards:
        paras.append(_attack_general(r))
    suit_done = False
    for pc in cards:
        if not suit_done and r.suit_changers and pc.codes[0][:-1] in r.suit_changers:
            paras.append(_suit_general(r))
            suit_done = True
        paras.append(f"{pc.title}. {pc.text}")
        paras.append(f"Example: {pc.example}")
    if r.suit_changers and not suit_done:
        paras.append(_suit_general(r))
    shown = tuple(pc.codes[0] for pc in cards)
    return Section("Power cards", tuple(paras), shown), cards


def _macau_section(r: Rules) -> Section:
    if r.macau_call == "auto":
        paras = [
            'When a player is down to one card, the game says "Macau" for them. Nobody is fined '
            "for being slow to speak."
        ]
    else:
        cost = (
            f"you draw {r.macau_penalty} penalty card{'s' if r.macau_penalty != 1 else ''}"
            if r.macau_penalty
            else "it costs you nothing, but everyone knows"
        )
        paras = [
            'When your turn leaves you with one card, call "Macau" as you lay. If you forget, any '
            'other player may call "stop Macau" to catch you before the next move at the table: '
            f"{cost}. Going out with several cards at once needs no call."
        ]
    return Section("Calling Macau", tuple(paras))


def _points_table(r: Rules) -> str:
    table = "4 to 9: 5 points; 10, J, Q, K: 10; 2: 20; 3: 30; A: 50; K♥: 150"
    if r.jokers:
        table += "; each joker: 140"
    whole = 820 + 140 * r.jokers
    deck = (
        f"One whole deck with its joker{'s' if r.jokers > 1 else ''}"
        if r.jokers
        else "One whole deck"
    )
    return f"Card points: {table}. {deck} is worth {whole}."


def _end_section(r: Rules, seats: int | None) -> Section:
    paras = []
    if r.end == "first_out":
        paras.append(
            "The round ends the moment one player lays their last card: that player wins. The "
            "others are placed by fewest cards"
            + (" (fewest points)" if r.scoring == "points" else "")
            + "; a tie shares a place. You may go out on a power card, but with the round over "
            "its power does not act."
        )
    else:
        acts = (
            "its power still hits the next player (as long as two players still hold cards)"
            if r.power_after_out
            else "its power does not hit the next player, and a stack you answer with your last "
            "card is gone"
        )
        paras.append(
            "The first player to lay their last card wins. The others play on for second place, "
            "third place and so on; the last player still holding cards loses. You may go out "
            f"on a power card: {acts}."
        )
    if r.no_attack_finish_heads_up and seats in (None, 2):
        small = _join([t for t in ("2", "3") if t in r.attack_cards], "or")
        paras.append(
            f"With two players, your last card cannot be a {small} laid alone (a joker standing "
            "for one counts too); two of them laid together are fine."
            if r.joker_role == "any_card"
            else f"With two players, your last card cannot be a {small} laid alone; two of "
            "them laid together are fine."
        )
    blocked = "A blocked round (pack spent, nobody able to move) "
    if r.scoring == "points":
        charged = (
            "every other player is charged the points left in their hand"
            if r.end == "first_out"
            else "the last player holding cards is charged the points left in their hand"
        )
        paras.append(
            f"Scoring: a match of rounds. The player who goes out scores 0; {charged}. "
            + _points_table(r)
        )
        paras.append(
            blocked + "charges every player still holding cards. The match ends the moment a "
            f"total reaches {r.target}: that player has lost, and the lowest total wins. A tie "
            "at the lowest total is a drawn match."
        )
    else:
        paras.append(blocked + "places everyone still holding cards by fewest cards.")
        if r.scoring == "wins_time":
            paras.append(
                "Scoring: you score only when you win. The win and its time go to your "
                "statistics and the ranking."
            )
        else:
            paras.append("There is no scoring: places are kept for your statistics.")
    return Section("End and scoring", tuple(paras))


# ----- house rules -------------------------------------------------------------------------------
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
HOUSE_ROWS: tuple[tuple[tuple[str, ...], str, _Describe], ...] = (
    (("min_seats", "max_seats"), "Players", lambda r: f"{r.min_seats} to {r.max_seats}"),
    (("default_seats",), "Players by default", lambda r: str(r.default_seats)),
    (("deck_steps",), "Decks", lambda r: _decks_short(r)),
    (("jokers",), "Jokers per deck", lambda r: str(r.jokers)),
    (("hand_size", "hand_size_two_seats"), "Cards dealt", lambda r: _dealt_short(r)),
    (("starter",), "First card", lambda r: "a plain card" if r.starter == "plain" else "any card"),
    (
        ("attack_cards",),
        "Attack cards",
        lambda r: _join([_attack_name(t) for t in _attack_order(r)]) or "none",
    ),
    (("counter_rule",), "Fighting back", lambda r: _counter_short(r)),
    (("seven_cuts",), "A 7 cuts a stack", lambda r: _yes(r.seven_cuts)),
    (("plain_kings_block",), "K♣ and K♦ block battle kings", lambda r: _yes(r.plain_kings_block)),
    (("fours_block",), "A 4 blocks 2s, 3s and jokers", lambda r: _yes(r.fours_block)),
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
    more = [f"{_counts(i + 2)} from {s} players" for i, s in enumerate(r.deck_steps)]
    return "; ".join(["one", *more])


def _dealt_short(r: Rules) -> str:
    if r.min_seats > 2 or r.hand_size_two_seats == r.hand_size:
        return str(r.hand_size)
    return f"{r.hand_size} ({r.hand_size_two_seats} with two players)"


def _no_effect(r: Rules, option: str) -> bool:
    """Whether ``option`` changes nothing in ``r`` (``r`` as played: no missing jokers), so a
    house-rule line about it would only mislead."""
    idle = {
        "jack_must_hold": not r.jack_requests,
        "request_ranks": not r.jack_requests,
        "power_after_out": r.end == "first_out",  # the round ends: the power never acts
        "macau_penalty": r.macau_call == "auto",
        "target": r.scoring != "points",
        "counter_rule": not r.attack_cards,
        "ace_scope": not r.suit_changers,
        "joker_role": not r.jokers,
        "no_attack_finish_heads_up": r.min_seats > 2,
    }
    return idle.get(option, False)


def _house_rows(r: Rules, base: Rules) -> list[str]:
    """One line for each option of ``r`` (as played) that plays differently from ``base``."""
    rows = []
    # Deck steps that no table of ``r`` reaches in ``base`` are no difference either.
    steps = tuple(s for s in base.deck_steps if s <= r.max_seats)
    for options, label, describe in HOUSE_ROWS:
        if all(_no_effect(r, o) for o in options) or describe(r) == describe(base):
            continue
        if options == ("deck_steps",) and r.deck_steps == steps:
            continue
        rows.append(f"- {label}: {describe(r)} ({base.name}: {describe(base)}).")
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
            return Section("House rules", (f"These are the rules of {_title(base)}, unchanged.",))
        return None
    head = f"These rules differ from {_title(base)}:"
    return Section("House rules", (head, *rows))


# ----- the public API ----------------------------------------------------------------------------
def _title(rules: Rules) -> str:
    """A preset's title only when the options play as that preset's (they differ at most in
    options that do nothing): a file named ``classic`` whose options differ is
    "classic (custom)"."""
    if rules.name in PRESETS:
        if _house_rows(_as_played(rules), PRESETS[rules.name]):
            return f"{rules.name} (custom)"
        return PRESET_TITLES[rules.name]
    return "custom rules" if rules.name == "custom" else rules.name


def explain_sections(rules: Rules, seats: int | None = None) -> list[Section]:
    """The "How to play" sections for ``rules`` (for ``seats`` players, if given)."""
    if seats is not None:
        rules.check_seats(seats)
    r = _as_played(rules)
    power, _ = _power_section(r)
    sections = [
        _deck_section(r, seats),
        _turn_section(r),
        power,
        _macau_section(r),
        _end_section(r, seats),
    ]
    house = _house_section(rules)
    if house is not None:
        sections.append(house)
    return sections


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
        jobs.append("jokers stand for any card")
    return jobs


def summary(rules: Rules) -> str:
    """One short paragraph describing ``rules``, for the new-game screen's preset picker."""
    r = _as_played(rules)
    two = (
        f" ({r.hand_size_two_seats} for two)"
        if r.hand_size_two_seats != r.hand_size and r.min_seats == 2
        else ""
    )
    more = ", more for big tables" if r.deck_steps else ""
    jokers = f" with {_jokers_words(r.jokers)}" if r.jokers else ""
    sentences = [
        f"{r.min_seats} to {r.max_seats} players, one deck{jokers}{more}, "
        f"{r.hand_size} cards each{two}."
    ]
    if r.attack_cards:
        tokens = _attack_order(r)
        if set(_jokers_in_pack(r)) <= r.attack_cards:  # every joker there is attacks
            tokens = [t for t in tokens if t not in ("BJ", "RJ")]
            tokens += ["jokers"] if {"BJ", "RJ"} & r.attack_cards else []
        if len(tokens) == 1 and tokens[0] not in ("2", "3", "jokers"):
            # One single card: it has nothing of its own kind to stack on in one deck.
            name = _attack_name(tokens[0])
            text = f"{'the ' + name if tokens[0] in ('BJ', 'RJ') else name} makes players draw"
        else:
            names = _join([t if t == "jokers" else _attack_name(t) for t in tokens])
            text = f"{names} make players draw and {_stack_short(r)}"
        if r.seven_cuts:
            text += "; a 7 cuts a stack"
        if r.plain_kings_block:
            text += "; K♣ and K♦ block battle kings"
        if r.fours_block:
            text += "; a 4 blocks a stack"
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
        "First out wins" if r.end == "first_out" else "First out wins, the rest play on for places"
    )
    if r.scoring == "points":
        end += f"; a match runs until someone reaches {r.target} points, and the lowest total wins"
    elif r.scoring == "wins_time":
        end += "; wins are timed for the ranking"
    sentences.append(end + ".")
    return " ".join(sentences)


def _wrap(paragraph: str) -> str:
    if paragraph.startswith("- "):
        return textwrap.fill(paragraph, WIDTH, subsequent_indent="  ")
    return textwrap.fill(paragraph, WIDTH)


def explain(rules: Rules, seats: int | None = None) -> str:
    """The whole "How to play" as plain text, wrapped at 88 columns, titles underlined."""
    title = f"How to play: {_title(rules)}"
    out = [title, "=" * len(title), "", _wrap(summary(rules))]
    for section in explain_sections(rules, seats):
        out += ["", section.title, "-" * len(section.title)]
        previous = ""
        for para in section.paragraphs:
            if not (para.startswith("- ") and previous.startswith("- ")):
                out.append("")
            out.append(_wrap(para))
            previous = para
    return "\n".join(out).lstrip("\n") + "\n"


__all__ = ["PowerCard", "Section", "explain", "explain_sections", "power_cards", "summary"]

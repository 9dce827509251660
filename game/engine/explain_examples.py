"""How to play: the worked examples, each checked against the engine's own tables."""

from __future__ import annotations

import re

from .cards import RANK_NAMES, SUIT_NAMES, Card
from .compiled import compile_rules
from .explain_words import (
    NAMES,
    _a,
    _a_card,
    _changer_words,
    _join,
    _plural,
    _pretty,
    _wild_tokens,
    _word,
)
from .rules import ATTACK_VALUES, Rules


def _fits_counter(r: Rules, card: str, top: str) -> bool:
    c = compile_rules(r)
    top_card = Card.parse(top)
    return c.counters(Card.parse(card), top_card, "" if top_card.is_joker else top_card.suit)


def table_size(r: Rules) -> int:
    """How many players the examples seat: four, or as many as these rules allow."""
    return max(2, min(4, r.max_seats))


def for_table(r: Rules, example: str) -> str:
    """``example`` told at a table of ``table_size(r)``: the players it does not have are the
    ones whose turn it would be there (at two, Cleo is Anna and Dan is Ben; at three, Dan is
    Anna)."""
    n = table_size(r)
    if n == 4:
        return example
    seats = {"Cleo": "Anna", "Dan": "Ben"} if n == 2 else {"Dan": "Anna"}
    return re.sub(r"\b(Cleo|Dan)\b", lambda m: seats.get(m.group(1), m.group(1)), example)


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
        two = "With two players, Anna lays K♠, Ben draws 5 and Anna moves again."
        n = table_size(r)
        if n == 2:
            return two
        return (
            f"{'Four' if n == 4 else 'Three'} at the table: Cleo lays K♠, so Ben, the player "
            f"before her, owes 5 and must answer at once. He draws 5, and the turn goes to "
            f"{NAMES[3 % n]}, the player after Cleo." + (" " + two if r.min_seats == 2 else "")
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
            f"Top {_top(r)}. Anna lays the {name} on it{names}: Ben owes {value}. He draws "
            f"{value}; that is his whole turn, and Cleo plays next. "
            + follow.replace("Dan must", "She must").replace("Dan follows", "She follows")
        )
    label = code or _pretty(token)
    suit = Card.parse(first).suit
    top = _top(r, suit, first[:-1])
    text = f"Top {top}. Anna lays {label}: Ben owes {ATTACK_VALUES[token]}."
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
    n = table_size(r)
    if hit == 3:  # K♠ hits the player before Anna
        hit = n - 1
    who = NAMES[hit]
    # After a K♠ stack the turn goes to the seat after the one who laid the K♠ (RULES §3.1),
    # cut or not, unless that is the seat that cut (two players): then the K♠'s player moves
    # again, as the engine does. Otherwise it goes on from the seat that cut.
    after = (1 if hit != 1 else (hit + 1) % n) if code == "KS" else (hit + 1) % n
    again = ", who laid the K♠," if code == "KS" and after == 0 else ""
    pretty = _pretty(card)
    return (
        f"Anna lays {_pretty(code) if code[1] != 'J' else 'the ' + _pretty(code)}: {who} owes "
        f"{value}. {who} lays {pretty}: the stack is gone and nobody draws. {NAMES[after]}"
        f"{again} plays next and follows {pretty} with {_fits_on(r, card)}."
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
    three = table_size(r) >= 3
    cleo = f" Cleo has no {rank} and no jack, so she draws one card." if three else ""
    return (
        f"{'Three' if three else 'Two'} at the table, top {_top(r)}. Anna lays J♣ and asks for "
        f"{_plural(rank)}{hold}. Ben lays {rank}♦{several}.{cleo} Then Anna herself must lay "
        f"{_a(rank)} or a jack, or draw. After Anna's turn, normal play resumes."
    )


def _changer_example(r: Rules, token: str) -> str:
    if token == "joker":
        # The red joker: a pack with jokers always holds it.
        held = " (she holds a heart)" if r.ace_must_hold else ""
        return (
            f"Top {_top(r)}. Anna lays the red joker and names hearts{held}: Ben must lay a heart "
            f"or {_changer_words(r)}, or draw one card."
        )
    wild = token in r.plays_on_anything
    top = _top(r, "C", token)
    card = f"{token}♦" if wild else f"{token}♣"
    on = " on it" if wild else ""
    named, named_word = "♥", "hearts"
    if (token == "7" and r.seven_own_suit) or (token == "Q" and r.queen_own_suit):
        # It names only its own suit: shown on a card of another suit, so the suit changes.
        card, named, named_word = f"{token}♦", "♦", "diamonds"
        if not wild:
            top, on = f"{token}♣", " on it"
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
    # Cleo meets the request with a plain card (a 6 that skips or names would do more).
    meets = _pretty(_plain_of(r, "6H" if named == "♥" else "6D", token))
    return text + (
        f" Ben draws and keeps the card, so Cleo too must lay a {named_word[:-1]} or "
        f"{_changer_words(r)}. Cleo lays {meets}, and play goes on from the {meets}."
    )


def _top(r: Rules, suit: str = "C", not_rank: str = "") -> str:
    """The top card an example starts from: the 9 of ``suit``, or another plain card of it
    where the 9 has a power in ``r`` (a 9 that skips or names a suit would need words of its
    own) or is the rank the example lays on it."""
    return _pretty(_plain_of(r, "9" + suit, not_rank))


def _plain_of(r: Rules, liked: str, not_rank: str) -> str:
    """``liked`` (a card code), else the best liked plain card of its suit, where ``liked``
    has a power in ``r`` or is of rank ``not_rank`` (the card the example lays beside it: one
    deck holds one 9♣); ``liked`` itself where no card of the suit will do."""
    fits = [c for c in _plain_codes(r) if c[-1] == liked[-1] and c[:-1] != not_rank]
    return liked if liked in fits or not fits else fits[0]


def _joker_plain_example(r: Rules) -> str:
    """A draw-wild joker that neither attacks nor names a suit: the suit in force stays."""
    return (
        f"Top {_top(r)}. Anna lays the red joker on it. It names nothing, so clubs stay in "
        f"force: Ben lays {_join(['a club', *(_a(t) for t in _wild_tokens(r))], 'or')}, or draws "
        "one card."
    )


def _attacks(r: Rules, code: str) -> bool:
    """Whether card ``code`` (a rank and a suit) is an attack card in ``r``."""
    return code in r.attack_cards or code[:-1] in r.attack_cards


def _wild_example(r: Rules, token: str) -> str:
    # A card that only takes anything on top must itself still match the 9♣; one that goes on
    # anything is shown in hearts, or another suit where the heart attacks (K♥).
    suits = "HDSC" if token in r.plays_on_anything else "C"
    plain = [s for s in suits if not _attacks(r, token + s)]
    if not plain:  # every card of the rank attacks (a wild 2): it does both
        card = _pretty(token + suits[0])
        return (
            f"Top {_top(r, 'C', token)}. Anna lays {card} on it, and it still attacks: Ben owes "
            f"{ATTACK_VALUES[token]}, as after any {token}."
        )
    code = token + plain[0]
    card = _pretty(code)
    top = _top(r, "C", token)
    if token in r.anything_on:
        any_card = _pretty(_plain_of(r, "6S", token))
        text = (
            f"Top {top}. Anna lays {card} on it, and Ben may lay any card at all on it, say "
            f"{any_card}."
        )
    else:
        text = (
            f"Top {top}. Anna lays {card} on it: {SUIT_NAMES[code[-1]]} are now in force, so Ben "
            f"lays {_fits_on(r, code)}."
        )
    # Whether some card of this rank answers a 2 (it attacks too, or cuts or blocks a stack).
    answers = (
        any(_attacks(r, token + s) for s in "HDSC")
        or (token == "7" and r.seven_cuts)
        or (token == "4" and r.fours_block)
    )
    if "2" in r.attack_cards and not answers:
        text += f" But had Anna attacked Ben with a 2, {_a(token)} would not help him."
    return text


# The plain cards the stand-in joker example likes best, in order: a 7♥ on top (the ranks
# after it where the 7 has a power), and the suits after hearts and spades.
_LIKED_RANKS = ("7", "9", "8", "10", "6", "5", "4", "3", "2", "J", "Q", "K", "A")
_LIKED_CODES = tuple(rank + suit for suit in "HSDC" for rank in _LIKED_RANKS)


def _plain_codes(r: Rules) -> list[str]:
    """The cards with no power in ``r`` (the engine's own table), most liked first."""
    power = compile_rules(r).power
    return [code for code in _LIKED_CODES if Card.parse(code) not in power]


def _joker_any_example(r: Rules) -> str:
    """A stand-in joker laid as a card that fits on a plain top card (where jokers play on
    anything, as one that would not fit there itself). Only a card whose whole
    effect the example tells is chosen: K♥ where it attacks, else a plain card (a 7 that names
    a suit or cuts a stack would need more than "Ben follows it")."""
    plain = _plain_codes(r)
    # Where jokers play on anything, the example lays one as a card that would not fit.
    anywhere = "joker" in r.plays_on_anything
    on = ", which plays on anything," if anywhere else ""
    if "KH" in r.attack_cards:
        top = next((c for c in plain if (c[-1] == "H" or c[0] == "K") != anywhere), None)
        if top is not None:
            return (
                f"Top {_pretty(top)}. Anna lays the red joker{on} as the king of hearts (written "
                "RJ=KH): Ben owes 5, just as for a real K♥. The joker stays a K♥ until the pile is "
                "shuffled into the stock."
            )
    if anywhere:
        pairs = [(t, c) for t in plain for c in plain if c[:-1] != t[:-1] and c[-1] != t[-1]]
    else:
        # The same rank in another suit shows best that a joker takes any suit; else the suit.
        pairs = [(t, c) for t in plain for c in plain if c != t and c[:-1] == t[:-1]]
        pairs += [(t, c) for t in plain for c in plain if c != t and c[-1] == t[-1]]
    if not pairs:
        where = (
            "on any card as any card" if anywhere else "as any card that could be laid in its place"
        )
        return f"Anna may lay the red joker {where}; it then acts exactly as that card would."
    top, card = pairs[0]
    return (
        f"Top {_pretty(top)}. Anna lays the red joker{on} as the {_pretty(card)} (written "
        f"RJ={card}), and Ben follows it as {_a_card(card)}, with {_fits_on(r, card)}."
    )


def _five_example(r: Rules) -> str:
    """5♠ on a spade, 5♥ on it, then a heart: the top and the last card plain ones (a 9 that
    skips or an 8 that names a suit would need words of their own)."""
    top, last = _plain_of(r, "9S", "5"), _plain_of(r, "8H", "5")
    return (
        f"Top {_pretty(top)}. Anna lays 5♠ and must go on: she lays 5♥, and must go on again, "
        f"so she lays {_pretty(last)} (or draws one card). Then it is Ben's turn."
    )

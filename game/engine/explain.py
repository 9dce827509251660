"""The in-game "How to play", generated from a ``Rules``, so every custom rule set gets true help.

Nothing here is written per preset: each sentence is chosen by the options it describes, and the
worked examples are checked against the engine's own tables (``compile_rules``), so the text and
the game cannot drift apart. ``explain`` gives plain text; ``explain_sections`` and
``power_cards`` give the pieces a screen lays out (with card codes to draw beside the text).
"""

from __future__ import annotations

import textwrap

from .cards import RANK_NAMES, STANDARD_52, SUITS, Card
from .compiled import compile_rules
from .explain_examples import (
    _attack_example,
    _changer_example,
    _cut_example,
    _five_example,
    _jack_example,
    _joker_any_example,
    _joker_plain_example,
    _skip_example,
    _wild_example,
    for_table,
)
from .explain_house import HOUSE_ROWS, _house_section, rules_name
from .explain_summary import summary, summary_sentences
from .explain_words import (
    _RANK_TITLES,
    _SHOWN_SUIT,
    PRESET_TITLES,
    WIDTH,
    PowerCard,
    Section,
    _a,
    _acting_alone,
    _as_played,
    _attack_order,
    _battle_kings,
    _cards_words,
    _changer_words,
    _counts,
    _four_tops,
    _join,
    _jokers_at_most,
    _jokers_in_pack,
    _jokers_words,
    _pack_words,
    _players_words,
    _plural,
    _pretty,
    _sorted_tokens,
    _waits,
    _wild_tokens,
    _word,
)
from .rules import ATTACK_VALUES, Rules, as_rules


# ----- the power cards ---------------------------------------------------------------------------
def _attack_text(r: Rules, token: str) -> str:
    value = ATTACK_VALUES[token]
    if token == "KS":
        heads = (
            "; with two players the K♠'s own player moves once more (the other has just drawn)"
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
        # The request may end with the joker still on top (it binds the next player only):
        # the named suit stays, and only what fits on anything (jokers at least) follows it
        # then (RULES §3.6; another suit changer answers the request, not the joker).
        if r.ace_scope == "next" and r.plays_on_anything != r.suit_changers:
            plurals = _join([_plural(t) for t in _sorted_tokens(r.plays_on_anything)], "and")
            text += (
                " Once the request is over, the named suit or a card that plays on anything"
                f" ({plurals}) follows it."
            )
    else:
        text += (
            " It names nothing and has no rank: the suit in force before it stays, only that "
            f"suit or a card that plays on anything follows it{alone}."
        )
    return text


def _two_decks(r: Rules) -> str:
    """Where a deck holds one joker, the tables whose pack holds two ("with two decks, from
    5 players"); nothing where every table's pack holds two or more."""
    seats = range(r.min_seats, r.max_seats + 1)
    first = next((s for s in seats if r.jokers * r.decks_for(s) >= 2), None)
    if first is None or first == r.min_seats:
        return ""
    return f"with two decks, from {first} players"


def _joker_any_text(r: Rules) -> str:
    two = ""
    if _jokers_at_most(r) >= 2:
        decks = _two_decks(r)
        two = ": two jokers can make two kings of hearts" + (f" ({decks})" if decks else "")
    text = (
        "A joker stands for any card you choose, power cards included, and acts exactly as "
        f"that card until it leaves the pile{two}. You say which card it is as you lay it (in "
        "notation, RJ=KH is a red joker standing for K♥)."
    )
    if "joker" in r.plays_on_anything:
        # RULES §5 (hungarian): jokers are among the cards that play on anything.
        text += (
            " It plays on anything: on an ordinary turn you may lay it on any card, as any "
            "card. On an attack, missed turns or a request it must stand for a card that "
            "answers them."
        )
    else:
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
    several = ""
    if r.groups != "none":
        # A group of a suit with other cards in it acts by its last card alone, as a run does.
        among = "" if r.groups == "rank" else ", with no other card among them,"
        several = f" Several {_plural(k)} laid together{among} each count."
        if r.runs:
            several += " In a run only the last card acts."
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
        add(
            "4",
            rank_codes("4"),
            "Fours",
            f"A 4 of any suit blocks a waiting stack whose top card is one of the "
            f"{_join(_four_tops(r), 'or')}: the whole stack is cancelled, and nobody draws.",
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
            " may only name its own suit"
            if (token == "7" and r.seven_own_suit) or (token == "Q" and r.queen_own_suit)
            else " names a suit"
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
        # What it may not be laid on, and what may not be laid on it: the skip card is laid
        # on missed turns, a jack on a jack's request, though nothing else is.
        laid, covered = _never_laid(r, token), _never(_waits(r))
        if on and under and laid != covered:
            text = (
                f"{_a(token).capitalize()} fits on any card{laid}, and any card fits "
                f"on {_a(token)}{covered}"
            )
        elif on and under:
            text = (
                f"{_a(token).capitalize()} fits on any card, and any card fits on "
                f"{_a(token)}{covered}"
            )
        elif on:
            text = f"{_a(token).capitalize()} fits on any card{laid}"
        else:
            text = f"Any card fits on {_a(token)}{covered}"
        if on and not under:
            text += (
                ", and then the rank it asks for is in force (its own suit, if it asks for none)."
                if token == "J" and r.jack_requests
                else ", and then its own suit is in force."
            )
        else:
            text += "."
        add(token, rank_codes(token), _RANK_TITLES[token], text, _wild_example(r, token))
    if r.five_again:
        add(
            "5",
            rank_codes("5"),
            "Fives",
            "After you lay a 5 you must lay one more card that fits on it"
            + (" (or a run that starts with one)" if r.runs else "")
            + ", or draw one card: you may not stop there. That card is a new move, so another "
            "5 goes again.",
            _five_example(r),
        )
    return kinds


def _never(waits: str) -> str:
    """' (but never while an attack … is waiting)', or nothing where nothing may wait."""
    return f" (but never while {waits} is waiting)" if waits else ""


def _never_laid(r: Rules, token: str) -> str:
    """When ``token``'s cards, fitting on any card, may not be laid: while what they do not
    answer themselves waits (``_waits``), and, for an attack card, on an attack only as an
    answer to it (as the attacks' own rule for fighting back has it)."""
    waits = _waits(r, token)
    if token not in r.attack_cards:
        return _never(waits)
    if waits:
        return f" (but never while {waits} is waiting, and on an attack only as an answer to it)"
    return " (on an attack only as an answer to it)"


def power_cards(rules: Rules) -> list[PowerCard]:
    """One entry per kind of power card in ``rules``, each with a worked example."""
    return [
        PowerCard(codes, title, " ".join(texts), for_table(rules, example))
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


def _starter_followed(r: Rules) -> str:
    """What still fits on a power card turned up: its power does not act, but a card that
    anything may be laid on stays one (a queen where queens are wild)."""
    on = _sorted_tokens(frozenset(r.anything_on) - {"joker"})
    if not on:
        return ""
    return f" Any card may still follow {_join([_a(t) for t in on], 'or')} turned up."


def _deck_section(r: Rules, seats: int | None) -> Section:
    paras = []
    if seats is None:
        hand = f"{_cards_words(r.hand_size)} to each player"
        if r.hand_size_two_seats != r.hand_size and r.min_seats == 2:
            hand += f" ({r.hand_size_two_seats} when only two play)"
        paras.append(f"Macau is played by {_players_words(r)} players with {_pack_words(r)}.")
    else:
        decks = r.decks_for(seats)
        jokers = f" with {_jokers_words(decks * r.jokers)}" if r.jokers else ""
        paras.append(
            f"This table has {seats} players, so the game uses {_counts(decks)} 52-card "
            f"deck{'s' if decks > 1 else ''}{jokers} ({r.pack_size(seats)} cards)."
        )
        hand = f"{_cards_words(r.hand_size_for(seats))} to each player"
    start = (
        "If it is a power card, it is slipped back into the stock and the next card is turned "
        "up instead, so play always starts on a plain card."
        if r.starter == "plain"
        else "Whatever that card is, it starts the pile, and its power does not act"
        + (
            " (a joker is slipped back into the stock and the next card turned up)."
            if r.jokers
            else "."
        )
        + _starter_followed(r)
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
        if r.skip_rank and r.groups != "none":  # (a run of them acts by its last card)
            counts.append(f"when every card is {_a(r.skip_rank)}, each of them adds a missed turn")
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
            if r.runs and r.groups == "rank_or_suit" and r.attack_cards:
                # Attack cards of one suit in a row are both a run and a group of one suit.
                example = (
                    ", so 2♥ 3♥ makes the next player draw 3"
                    if {"2", "3"} <= r.attack_cards
                    else ""
                )
                text += (
                    " (a run still acts by its last card only: on a normal turn cards of one "
                    f"suit in a row are a run{example}; answering an attack, where runs are "
                    "not laid, the same cards are a group of one suit and every card counts)"
                )
            elif r.runs:
                text += " (a run still acts by its last card only)"
        text += "."
        if r.groups != "none":
            text += (
                " Only your first and last card are yours to order: the cards between them go"
                " down by suit (♠ ♥ ♦ ♣), then by rank, however your hand is sorted."
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
                text += (
                    " (a joker between the first and the last card of a group stands for the "
                    "same card as the first"
                    + (
                        "; in a group of one suit made only of attack cards, where every card "
                        "counts, for any attack card of that suit"
                        if r.groups == "rank_or_suit" and _natural_attack_cards(r)
                        else ""
                    )
                    + ")"
                )
            if _jokers_at_most(r) >= 2:
                other = "BJ" if r.jokers >= 2 else "RJ"
                decks = _two_decks(r)
                text += (
                    f"; jokers may also be laid together on their own (RJ=KH {other}=KH"
                    if r.groups != "none"
                    else f"; jokers may also be laid together on their own, as a run (RJ=5H "
                    f"{other}=6H"
                ) + (f", {decks})" if decks else ")")
            text += "."
        paras.append(text)
    return paras


def _plain_heart(r: Rules) -> Card:
    """The heart of the turn section's matching example: the 7♥ unless a 7 has a power here
    (a 7 that names a suit makes "any heart fits on it" untrue), then another plain heart."""
    power = compile_rules(r).power
    for rank in (7, 9, 8, 10, 6, 5, 4, 3, 13, 12, 11, 2, 14):
        card = Card.of(rank, "H")
        if card not in power:
            return card
    return Card.of(7, "H")  # every heart has a power: the example's words still hold for suits


def _turn_section(r: Rules) -> Section:
    wild = [_plural(t) for t in _wild_tokens(r)]
    example = _plain_heart(r)
    match = (
        "On your turn, lay a card that matches the top card of the pile in suit or in rank: on "
        f"the {example.pretty} any heart or any {RANK_NAMES[example.rank]} fits."
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
    kinds = [kind for kind, on in (("groups", r.groups != "none"), ("runs", r.runs)) if on]
    group = f" (first, and more after it, where {' or '.join(kinds)} are allowed)" if kinds else ""
    paras.append(
        "Instead of laying, you may draw one card, even when you could lay one"
        + (
            f" (not while missed turns wait on you: then lay {_a(r.skip_rank)} or accept them)"
            if r.skip_rank
            else ""
        )
        + ". If the "
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


def _small_counter_words(r: Rules) -> str:
    """Where 2s and 3s fight back by a rule of their own (the easier/harder house switches)."""
    small = r.small_counter_rule
    if small == r.counter_rule:
        return ""
    names = _join([_plural(t) for t in ("2", "3") if t in r.attack_cards])
    if small == "pool":
        return f"; {names}, though, go on any attack card, whatever its suit or rank"
    return f"; {names}, though, go only on an attack card of their own suit or rank"


def _counter_words(r: Rules) -> str:
    """How to fight back under ``counter_rule``, with examples from this rule set's cards."""
    atk = r.attack_cards
    jokers = bool({"BJ", "RJ"} & atk)
    kings = _battle_kings(r)
    rule = r.counter_rule
    if rule == "pool":
        ex = []
        if "2" in atk and "3" in atk and r.small_counter_rule == "pool":
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
        if not ex:  # a lone battle king and one deck: no second card of its rank exists
            return "lay an attack card of the same rank, but one deck holds no second one"
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
    if r.small_counter_rule != "hungarian":
        small = []  # they fight back by a rule of their own, said after this
    parts = []
    if small:
        on = [
            *(_plural(t)[:-1] for t in small),
            *(["battle king"] if kings else []),
            *(["joker"] if jokers else []),
        ]
        parts.append(f"{_join([_plural(t) for t in small])} go on any {_join(on, 'or')}")
    if kings:
        parts.append("a battle king goes only on a battle king")
    if jokers:
        parts.append("a joker goes on any attack")
    return "; ".join(parts) if parts else "lay another attack card"


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
                " (after a K♠ stack, to the player after the one who laid the K♠"
                + (
                    ", or with two players back to the K♠'s own player)."
                    if r.min_seats == 2
                    else ")."
                )
                if "KS" in r.attack_cards
                else "."
            )
        )
    cancelling = {"7"} if r.seven_cuts else set()
    if r.fours_block:
        cancelling.add("4")
    if r.plain_kings_block:
        cancelling.add("K")
    # Kings that play on anything where K♥ or K♠ attacks: the attacking ones answer.
    kings = "the other kings" if {"KH", "KS"} & r.attack_cards else "kings"
    others = [
        kings if t == "K" else _plural(t)
        for t in _sorted_tokens(_acting_alone(r))
        if t not in r.attack_cards
        and t not in cancelling
        and not (t == "joker" and {"BJ", "RJ"} & r.attack_cards)
    ]
    if r.jack_requests:
        others.append("jacks")
    not_even = f", not even {_join(sorted(set(others)), 'or')}" if others else ""
    return (
        f"Attacks. When an attack card is laid on you, fight back: {_counter_words(r)}"
        f"{_small_counter_words(r)}."
        f"{_chain_words(r)} The "
        f"penalties add up and the total passes on. Or take the penalty: draw the "
        f"whole total, and that is your whole turn.{cancel} Nothing else answers an "
        f"attack{not_even}. After a penalty is taken the top card loses its power: the next "
        f"player just matches it."
    )


def _natural_attack_cards(r: Rules) -> bool:
    """Whether some attack card is a natural card (a 2, a 3 or a battle king)."""
    return bool(r.attack_cards - {"BJ", "RJ"})


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
    return text + ". The cards between the first and the last go down in whatever order answers."


def _suit_general(r: Rules) -> str:
    changers = _join([_a(t) for t in _sorted_tokens(r.suit_changers)], "or")
    rule = []
    if r.ace_must_differ:
        rule.append("it must differ from the suit in force before your card")
    if r.ace_must_hold:
        rule.append("it must be a suit you still hold")
    own_words = [
        w
        for t, w, on in (("Q", "a queen", r.queen_own_suit), ("7", "a 7", r.seven_own_suit))
        if on and t in r.suit_changers
    ]
    # (with ace_must_differ a sentence below says it, with what "free suit" then means)
    own_note = (
        f" ({_join(own_words, 'or')} only its own)" if own_words and not r.ace_must_differ else ""
    )
    text = f"Naming a suit. When you lay {changers}, name a suit{own_note}"
    text += ": " + " and ".join(rule) + "." if rule else "."
    own = [t for t, on in (("7", r.seven_own_suit), ("Q", r.queen_own_suit)) if on]
    # A free suit lasts as a named suit does: the next player, or each until one meets it.
    lasts = "" if r.ace_scope == "next" else ", and so may each player after, until somebody does"
    free = []
    if own and r.ace_must_differ:
        free.append(
            f" {_join([_a(t) for t in own], 'or').capitalize()} names only its own suit; one of "
            'the suit in force calls "free suit": the next player may lay any suit but that '
            f"one{lasts}"
        )
    if r.ace_must_hold:
        free.append(
            ' If you hold no such suit, you call "free suit": the next player may lay any suit '
            f"but the one that was in force{lasts}"
        )
    if free and r.ace_must_differ:
        # Laid on a free suit, a changer is refused the suit the free suit leaves out.
        free[-1] += f"; {changers} laid on a free suit may not name that suit either"
    text += "".join(f"{sentence}." for sentence in free)
    answer = (
        f"lay that suit or {_changer_words(r)} (which names again), or draw one card and lay "
        f"it at once if it fits"
    )
    if r.ace_scope == "next":
        text += (
            f" The next player must {answer}. The request binds the next player only: after "
            f"their turn the top card's own suit counts again"
            + (
                (
                    " (on a joker, the named suit stays"
                    + (
                        "; a free suit gives way to the suit in force before the joker"
                        if r.ace_must_hold
                        else ""
                    )
                    + ")."
                )
                if "joker" in r.suit_changers
                else "."
            )
        )
    else:
        text += f" Every following player must {answer}, until somebody lays the named suit."
    extra = _acting_alone(r) - r.suit_changers
    if extra:
        # A queen of the named suit is still laid, as a card of that suit (a joker has none).
        suited = " unless of that suit" if "joker" not in extra else ""
        text += (
            f" {_join([_plural(t) for t in _sorted_tokens(extra)]).capitalize()} do not help "
            f"against a named suit{suited}."
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


def _groups_or_runs(r: Rules) -> bool:
    """Whether a turn may lay several cards at once (groups or runs)."""
    return r.groups != "none" or r.runs


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
        # (Only where a turn may lay several cards: one card a turn, there is no such going out.)
        several = (
            " Going out with several cards at once needs no call." if _groups_or_runs(r) else ""
        )
        paras = [
            'When your turn leaves you with one card, call "Macau" as you lay. If you forget, any '
            'other player may call "stop Macau" to catch you before the next move at the table: '
            f"{cost}.{several}"
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
    heads_up = seats == 2 or (seats is None and r.max_seats == 2)
    if r.end == "places" and heads_up:
        # Nobody is left to play on for places: the round is over once one player is out.
        paras.append(
            "The first player to lay their last card wins, and the other loses. You may go "
            "out on a power card, but with the round over its power does not act."
        )
    elif r.end == "first_out":
        paras.append(
            "The round ends the moment one player lays their last card: that player wins. The "
            "others are placed by fewest "
            + ("points left in hand" if r.scoring == "points" else "cards")
            + "; a tie shares a place. You may go out on a power card, but with the round over "
            "its power does not act."
        )
    else:
        acts = (
            "its power still acts as on any other turn, on whoever it is aimed at (as long as "
            "two players still hold cards)"
            if r.power_after_out
            else "its power does not hit the next player, and a stack you answer with your last "
            "card is gone"
        )
        paras.append(
            "The first player to lay their last card wins. The others play on for second place, "
            "third place and so on; the last player still holding cards loses. You may go out "
            f"on a power card: {acts}."
        )
    if r.no_attack_finish_heads_up and (seats == 2 or (seats is None and r.min_seats == 2)):
        small = _join([t for t in ("2", "3") if t in r.attack_cards], "or")
        stand_in = " (a joker standing for one counts too)" if r.joker_role == "any_card" else ""
        together = "; two of them laid together are fine" if r.groups != "none" else ""
        paras.append(
            f"With two players, your last card cannot be a {small} laid alone{stand_in}{together}."
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
        paras.append(
            blocked + "places everyone still holding cards by fewest cards; a tie shares a place."
        )
        if r.scoring == "wins_time":
            paras.append(
                "Scoring: you score only when you win. The win and its time go to your "
                "statistics and the ranking."
            )
        else:
            paras.append("There is no scoring: places are kept for your statistics.")
    return Section("End and scoring", tuple(paras))


# ----- the public API ----------------------------------------------------------------------------
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


def _wrap(paragraph: str) -> str:
    if paragraph.startswith("- "):
        return textwrap.fill(paragraph, WIDTH, subsequent_indent="  ")
    return textwrap.fill(paragraph, WIDTH)


def explain(rules: Rules | str, seats: int | None = None) -> str:
    """The whole "How to play" as plain text, wrapped at 88 columns, titles underlined
    (``rules`` may be a preset's name)."""
    rules = as_rules(rules)
    title = f"How to play: {rules_name(rules)}"
    out = [title, "=" * len(title), "", _wrap(summary(rules, seats))]
    for section in explain_sections(rules, seats):
        out += ["", section.title, "-" * len(section.title)]
        previous = ""
        for para in section.paragraphs:
            if not (para.startswith("- ") and previous.startswith("- ")):
                out.append("")
            out.append(_wrap(para))
            previous = para
    return "\n".join(out).lstrip("\n") + "\n"


__all__ = [
    "HOUSE_ROWS",
    "PRESET_TITLES",
    "PowerCard",
    "Section",
    "explain",
    "explain_sections",
    "power_cards",
    "rules_name",
    "summary",
    "summary_sentences",
]

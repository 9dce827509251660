"""The thin adapter between what the player picked and the engine's legal actions.

Nothing here decides a rule: it filters ``Game.legal_actions`` by the cards the player
laid (in their order) and reads off which choices remain open (a joker's declaration,
a suit, a rank, the Macau call), so the table can ask only the questions that matter.
Also the words the table shows: seat names, the marker beside the pile.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from game.engine import (
    Action,
    Card,
    Draw,
    Game,
    IllegalMove,
    Pass,
    Phase,
    Play,
    Stop,
)
from game.engine.actions import SUFFIXES
from game.engine.cards import STANDARD_52, SUITS
from game.engine.compiled import Compiled, compile_rules
from game.engine.explain_words import rank_plural

__all__ = [
    "PASS_LABELS",
    "SUIT_NAMES",
    "TABLE_LISTING_LIMIT",
    "Offer",
    "PlayOptions",
    "in_button_words",
    "marker_text",
    "play_options",
    "seat_names",
]

SUIT_NAMES = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}
SUIT_SINGULAR = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}
SUIT_CHAR = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_DIRECTIONS = {2: ["North"], 3: ["West", "East"], 4: ["West", "North", "East"]}
# The most plays the table lists of one position (``Game.legal_actions_capped``), for you, for
# a bot at the table, for a hint. The listing runs on the drawing thread, and the compiled
# engine holds the interpreter lock while it lists, so another thread would freeze the frame
# just the same: 20,000 plays list and index in 20 to 60 ms, where the engine's own
# ``LISTING_LIMIT`` (250,000) froze the window for up to a second. Plays come singles first,
# so every card that may start a play is among them (a card that may open only in a group
# has not been seen in any preset); a play beyond them is checked when picked.
TABLE_LISTING_LIMIT = 20_000
# The engine's Pass, as the table's button calls it in each phase ("Pass" elsewhere).
PASS_LABELS = {Phase.DRAWN: "Keep", Phase.SKIP: "Wait"}


def seat_names(seats: int, human: int | None = 0) -> list[str]:
    """Names around the table: "You", then compass points (or "Bot N" at bigger tables)."""
    names: list[str] = []
    compass = _DIRECTIONS.get(seats)
    others = 0
    for seat in range(seats):
        if seat == human:
            names.append("You")
            continue
        names.append(compass[others] if compass else f"Bot {seat}")
        others += 1
    return names


@dataclass(frozen=True)
class PlayOptions:
    """The legal plays that lay exactly ``cards`` in this order, or why there is none.

    ``note``, when set, says the plays are only some of the ways these cards may be laid
    (too many to check, with three or more stand-in jokers): the choosers show it.
    """

    cards: tuple[Card, ...]
    plays: tuple[Play, ...]
    reason: str = ""
    note: str = ""

    @property
    def legal(self) -> bool:
        """True when at least one way of laying these cards is legal."""
        return bool(self.plays)

    def declarations(self) -> list[tuple[Card | None, ...]]:
        """Distinct joker declarations, in the engine's order (empty when no joker stands in)."""
        seen: list[tuple[Card | None, ...]] = []
        for p in self.plays:
            if p.declared is not None and p.declared not in seen:
                seen.append(p.declared)
        return seen

    def with_declared(self, declared: tuple[Card | None, ...] | None) -> PlayOptions:
        """Only the plays with this declaration."""
        plays = tuple(p for p in self.plays if p.declared == declared)
        return PlayOptions(self.cards, plays, note=self.note)

    def choices(self) -> list[str]:
        """Distinct suit/rank choices (``"H"``, ``"*"``, ``"8"``, ``"-"``); empty if none."""
        seen: list[str] = []
        for p in self.plays:
            if p.choice is not None and p.choice not in seen:
                seen.append(p.choice)
        return seen

    def with_choice(self, choice: str | None) -> PlayOptions:
        """Only the plays making this choice."""
        plays = tuple(p for p in self.plays if p.choice == choice)
        return PlayOptions(self.cards, plays, note=self.note)

    def final(self, call: bool) -> Play | None:
        """The one play left once the choices are made; ``call`` picks the Macau variant."""
        if not self.plays:
            return None
        wanted = [p for p in self.plays if p.call == call]
        return (wanted or list(self.plays))[0]


class Offer:
    """One position's legal actions for a seat, read once for everything the table asks of
    them every frame (which buttons to show, which plays lay the selected cards)."""

    __slots__ = (
        "_by_cards",
        "_follows",
        "_groups",
        "_twice",
        "call",
        "checked",
        "complete",
        "draw",
        "legal",
        "pass_",
        "stops",
        "widened",
    )

    def __init__(self, legal: list[Action], complete: bool = True) -> None:
        self.legal = legal
        # False when the position has more plays than were listed (``legal_actions_capped``):
        # a play not among them may still be legal, and is checked when picked.
        self.complete = complete
        self.draw = any(isinstance(a, Draw) for a in legal)
        self.pass_ = any(isinstance(a, Pass) for a in legal)
        # Whether a play listed leaves one card, so that the Macau call may go with it (where
        # the listing was cut, the cards picked are asked of the engine: ``PlayFlow.call_fits``).
        self.call = any(isinstance(a, Play) and a.call for a in legal)
        self.stops = stop_targets(legal)
        self._by_cards: dict[tuple[Card, ...], tuple[Play, ...]] | None = None
        self._groups: dict[Card, list[tuple[Card, Counter[Card]]]] = {}
        # ``may_follow``'s answers, by the cards picked: the line under the table asks every
        # frame, and with thousands of plays listed one answer takes a tenth of a second.
        self._follows: dict[tuple[tuple[Card, ...], bool], frozenset[Card]] = {}
        self._twice: bool | None = None  # a play holding one card twice (``_doubles``)
        # Picks the listing left out, as the engine answered them (``play_options``): the
        # Play button asks about the cards picked, then laying them asks again.
        self.checked: dict[tuple[Card, ...], PlayOptions] = {}
        # A cut listing's plays of some cards, with every other way the engine takes them.
        self.widened: dict[tuple[Card, ...], PlayOptions] = {}

    def _index(self) -> dict[tuple[Card, ...], tuple[Play, ...]]:
        index = self._by_cards
        if index is None:
            found: dict[tuple[Card, ...], list[Play]] = {}
            for a in self.legal:
                if isinstance(a, Play):
                    found.setdefault(a.cards, []).append(a)
            index = self._by_cards = {k: tuple(v) for k, v in found.items()}
        return index

    def plays_laying(self, cards: tuple[Card, ...]) -> tuple[Play, ...]:
        """The legal plays that lay exactly ``cards``, in this order (indexed when first asked)."""
        return self._index().get(cards, ())

    def orders_of(self, cards: tuple[Card, ...]) -> list[tuple[Card, ...]]:
        """The orders in which exactly ``cards`` make a legal play, in the engine's order."""
        want = sorted(c.code for c in cards)
        return [
            k for k in self._index() if len(k) == len(cards) and sorted(c.code for c in k) == want
        ]

    def next_cards(self, chosen: tuple[Card, ...]) -> set[Card]:
        """The cards that may follow ``chosen`` in a legal play (the first cards of plays when
        nothing is chosen)."""
        n = len(chosen)
        return {cards[n] for cards in self._index() if len(cards) > n and cards[:n] == chosen}

    def may_follow(self, chosen: tuple[Card, ...], rules: Compiled | None = None) -> set[Card]:
        """The cards whose pick after ``chosen`` still leads to a legal play as the table
        lays it: ``next_cards``, and the cards a group of four or more may go on with when
        its middle was picked out of order, since the middle goes down in hand order
        (``Game.arrange_group``: after 5♥ 8♥ 6♥, K♥ makes 5♥ 6♥ 8♥ K♥).

        A pick is laid in another order when it ends on a card that acts as the one picked
        last (``play_options``): given ``rules``, the cards that make such a play with it stay
        bright too (7♥ after 7♠ on 5♥ lays 7♥ 7♠; 8♠ after 8♥ 7♥ lays 7♥ 8♥ 8♠)."""
        key = (chosen, rules is not None)
        known = self._follows.get(key)
        if known is None:
            known = self._follows[key] = frozenset(self._may_follow(chosen, rules))
        return set(known)

    def _may_follow(self, chosen: tuple[Card, ...], rules: Compiled | None) -> set[Card]:
        found = self.next_cards(chosen)
        if chosen and rules is not None:
            # Even where listed plays go on in the order picked: after 8♥ 7♥, 8♠ still makes
            # the run 7♥ 8♥ 8♠, laid so.
            found |= self._reordered_follow(chosen, rules)
        elif rules is not None:
            # Nor must a pick start as a listed play does (``_reordered_follow``): any card
            # of a play but its last may come first, the play's last card picked last; and
            # its last card too, where another of its cards acts alike (7♠ on 5♥, with 7♥
            # held, lays 7♥ 7♠), so those are bright before any card is picked.
            for cards in self._index():
                if len(cards) > 1:
                    found.update(cards[:-1])
                    last = cards[-1]
                    if last not in found and any(_acts_alike(rules, last, c) for c in cards[:-1]):
                        found.add(last)
        if len(chosen) < 2:
            if chosen:
                # The second pick may be any middle card of a group of four or more: 7♣ after
                # 5♥ still lays 5♥ 6♥ 7♥ 7♣ 8♣, the middle in hand order.
                for _last, middle in self._groups_from(chosen[0]):
                    found.update(middle)
            return found
        picked = Counter(chosen[1:])
        for last, middle in self._groups_from(chosen[0]):
            if not picked <= middle:
                continue
            if middle.total() == picked.total():
                found.add(last)  # the next card ends the group
            else:
                found.update(middle - picked)  # it goes in the middle, more cards after it
        return found

    def _reordered_follow(self, chosen: tuple[Card, ...], rules: Compiled) -> set[Card]:
        """The cards that, picked after ``chosen``, are a listed play's cards in another
        order ending on a card that acts as the one picked last, or part of such a play
        with cards still to pick."""
        picked = Counter(chosen)
        found: set[Card] = set()
        n = len(chosen)
        # A card picked can come again only from two decks, where a play may hold it twice.
        done = found if self._doubles() else found | set(picked)
        for cards in self._index():
            # Cheap tests first: a wide listing holds thousands of plays, most of them
            # adding no card not found already.
            if len(cards) <= n or all(c in done for c in cards):
                continue
            if not all(c in cards for c in chosen):
                continue
            rest = Counter(cards)
            if not picked <= rest:
                continue
            rest -= picked
            for card in rest:
                # More to pick after it, one of which can still end the play; or the last.
                after = rest.copy()
                after[card] -= 1
                ends = +after if after.total() else Counter((card,))
                if any(_acts_alike(rules, cards[-1], last) for last in ends):
                    found.add(card)
                    if done is not found:
                        done.add(card)
        return found

    def _doubles(self) -> bool:
        """Whether a listed play holds one card twice (two decks), read once."""
        if self._twice is None:
            self._twice = any(len(set(cards)) < len(cards) for cards in self._index())
        return self._twice

    def _groups_from(self, first: Card) -> list[tuple[Card, Counter[Card]]]:
        """The listed plays of four or more cards starting with ``first`` whose middle is in
        hand order (every group is listed so): (last card, the middle's cards), read once."""
        groups = self._groups.get(first)
        if groups is None:
            groups = self._groups[first] = [
                (cards[-1], Counter(cards[1:-1]))
                for cards in self._index()
                if len(cards) >= 4 and cards[0] == first and Game.arrange_group(cards) == cards
            ]
        return groups


def play_options(
    game: Game, seat: int, cards: Sequence[Card], offer: Offer | None = None
) -> PlayOptions:
    """Legal plays laying ``cards`` in order; else the engine's reason for refusing them.

    ``offer``, if given, is the current position's ``Offer`` for ``seat`` (saves listing it).
    """
    laid = tuple(cards)
    if offer is None:
        offer = Offer(*game.legal_actions_capped(TABLE_LISTING_LIMIT, seat))
    plays = offer.plays_laying(laid)
    if plays:
        return _with_unlisted(game, seat, laid, plays, offer)
    # A group's middle cards go down in hand order (the engine's rule); the player's click
    # order only picks the first and the last card.
    arranged = Game.arrange_group(laid)
    unlisted: PlayOptions | None = None
    if not offer.complete:
        # Not every play is listed: the engine is asked about the order picked first, since
        # the listing may hold the cards in hand order as another play (a group of one suit
        # where a run turning suit on a joker was picked), then about the hand order.
        unlisted = offer.checked.get(laid)
        if unlisted is None:
            unlisted = offer.checked[laid] = _unlisted_options(game, seat, laid, arranged)
        if unlisted.legal:
            listed = offer.plays_laying(unlisted.cards)
            return replace(unlisted, plays=tuple(dict.fromkeys((*listed, *unlisted.plays))))
    if arranged != laid:
        plays = offer.plays_laying(arranged)
        if plays:
            return _with_unlisted(game, seat, arranged, plays, offer)
    if len(laid) > 1:
        # Picked in an order that cannot start (7♠ 7♦ 7♥ on 5♥): the same cards in a legal
        # order, keeping the last card picked (it is the one that acts) where it can be.
        # Another card may end the group only where it does to the table what the card
        # picked last would (``_acts_alike``): 7♥ rather than 7♦ only changes the suit the
        # pile shows, and an ace's suit chooser follows that names the ace laid last. A group
        # that would end on another rank (2♥ rather than 4♥), or on a king that attacks
        # another seat or none (K♠ or K♣ rather than K♥), is another move, refused with the
        # reason the order picked cannot be laid.
        rules = compile_rules(game.rules)
        orders = [o for o in offer.orders_of(laid) if _acts_alike(rules, o[-1], laid[-1])]
        if not offer.complete:
            # the orders listed are only some: another may keep the last card where it is,
            # whether or not the listing got to it
            orders = [o for o in orders if o[-1] == laid[-1]]
            orders += [o for o in _unlisted_orders(game, seat, laid, offer) if o not in orders]
        if orders:
            best = next((o for o in orders if o[-1] == laid[-1]), orders[0])
            note = unlisted.note if unlisted is not None else ""
            # The other orders ending on that card, the jokers in the same places, are more
            # ways of laying the pick: 5♥ 6♥ 7♥ joker on 7♣ goes down as 7♥ 5♥ 6♥ (a group of
            # hearts, the joker any heart) or as 7♥ 6♥ 5♥ (a run: the joker a 4♥, or a 5
            # turning it to another suit), so the joker's chooser offers the cards of both.
            jokers = [c.is_joker for c in best]
            same = [o for o in orders if o[-1] == best[-1] and [c.is_joker for c in o] == jokers]
            if offer.complete:
                plays = tuple(play for o in same for play in offer.plays_laying(o))
            else:  # every way the engine takes, not only the ways the listing got to
                ways = [_with_unlisted(game, seat, o, offer.plays_laying(o), offer) for o in same]
                plays = tuple(dict.fromkeys(play for way in ways for play in way.plays))
                # (three jokers or more: only the usual ways were tried, and the note says so)
                note = next((way.note for way in ways if way.note), note)
            return PlayOptions(best, plays, note=note)
    if unlisted is not None:
        return unlisted
    return PlayOptions(laid, (), refusal(game, seat, laid))


def _acts_alike(rules: Compiled, card: Card, picked: Card) -> bool:
    """Whether ``card`` laid last does to the table what ``picked`` would: the same rank,
    and the same attack (value and the seat it goes to), cut and missed turn, in the
    rules' own tables. Cards of one rank may differ: K♥ attacks the next seat, K♠ the one
    before, K♣ nobody (and it cuts a battle king's stack where plain kings block)."""
    if card == picked:
        return True
    roles = (rules.battle_kings, rules.kings_block, rules.skip, rules.changers, rules.power)
    return (
        card.rank == picked.rank
        and rules.attack_value[card] == rules.attack_value[picked]
        and (card == rules.king_of_spades) == (picked == rules.king_of_spades)
        and all((card in kind) == (picked in kind) for kind in roles)
    )


_SUFFIXES: tuple[str | None, ...] = (None, *SUFFIXES)  # none, or any a last card can carry
# Stand-in jokers in a play the table did not list: every card each may stand for is asked
# of the engine, for at most this many jokers laid together. One joker is 52 declarations
# (a millisecond), two are 2,704 (25 to 50 ms on the Python engine), three would be 140,608
# (seconds: the window would freeze).
CHECKED_JOKERS = 2


def _with_unlisted(
    game: Game, seat: int, cards: tuple[Card, ...], listed: tuple[Play, ...], offer: Offer
) -> PlayOptions:
    """``listed``, the plays laying ``cards`` that the listing holds, and when the listing
    was cut, every other way the engine takes: a cut listing may hold only some of them (a
    joker standing for the same rank comes before the runs and suit groups it could make,
    and the suffixes of the last play listed may be cut short). Where there are too many
    ways to check (three or more jokers), the plays listed come with a note saying so."""
    if offer.complete:
        return PlayOptions(cards, listed)
    checked = offer.widened.get(cards)
    if checked is None:
        checked = offer.widened[cards] = _unlisted_options(game, seat, cards, cards)
    if checked.cards != cards or not checked.plays:
        return PlayOptions(cards, listed, note=checked.note)
    return PlayOptions(cards, tuple(dict.fromkeys((*listed, *checked.plays))), note=checked.note)


# Cards picked in an order that cannot start, from a listing that was cut: the other orders
# of them are asked of the engine for at most this many cards (4 cards: 6 orders).
CHECKED_ORDERS = 4


def _unlisted_orders(
    game: Game, seat: int, laid: tuple[Card, ...], offer: Offer
) -> list[tuple[Card, ...]]:
    """The other orders of ``laid`` ending on its last card that the engine takes, for a
    listing that was cut (it may hold none of them): 7♥ 5♥ joker picked on 9♠, a hand too
    wide to list whole, goes down as 5♥ 7♥ joker."""
    if len(laid) > CHECKED_ORDERS:
        return []
    found: list[tuple[Card, ...]] = []
    for rest in dict.fromkeys(itertools.permutations(laid[:-1])):
        cards = (*rest, laid[-1])
        if cards == laid:
            continue
        checked = offer.widened.get(cards)
        if checked is None:
            checked = offer.widened[cards] = _unlisted_options(game, seat, cards, cards)
        if checked.legal and checked.cards == cards:
            found.append(cards)
    return found


def _unlisted_options(
    game: Game, seat: int, laid: tuple[Card, ...], arranged: tuple[Card, ...]
) -> PlayOptions:
    """The plays laying ``laid`` (or ``arranged``) when the position had too many plays to
    list, each asked of the engine: every suffix and call, and with stand-in jokers every
    card they may stand for (up to ``CHECKED_JOKERS`` jokers); else the engine's reason."""
    jokers = [i for i, c in enumerate(laid) if c.is_joker]
    stand_ins = bool(jokers) and game.rules.joker_role == "any_card"
    if stand_ins and len(jokers) > CHECKED_JOKERS and _may_open(game, seat, laid[0]):
        too_many = (
            f"There are too many ways to lay {len(jokers)} jokers together to check them "
            "all: lay fewer jokers at once"
        )
        for cards in dict.fromkeys((laid, arranged)):
            # The ways a group or a run is usually made (``_likely_stand_ins``): each joker
            # as the card beside it, that rank in another suit, one rank from it, or the
            # play's first card.
            plays = _plays_of(game, seat, cards, _likely_stand_ins(cards))
            if plays:
                usual = (
                    f"These are the usual ways to lay {len(jokers)} jokers together: there "
                    "are too many to check them all"
                )
                return PlayOptions(cards, plays, note=usual)
        return PlayOptions(laid, (), too_many, note=too_many)
    if not stand_ins or len(jokers) <= CHECKED_JOKERS:
        for cards in dict.fromkeys((laid, arranged)):
            plays = _plays_of(game, seat, cards) if stand_ins else _suffixed(game, seat, cards)
            if plays:
                return PlayOptions(cards, plays)
    return PlayOptions(laid, (), refusal(game, seat, laid))


def _suffixed(
    game: Game, seat: int, cards: tuple[Card, ...], declared: tuple[Card | None, ...] | None = None
) -> tuple[Play, ...]:
    """The legal plays laying ``cards`` as ``declared``: each suffix and call tried."""
    return tuple(
        play
        for choice in _SUFFIXES
        for call in (False, True)
        if game.is_legal(play := Play(cards, declared, choice, call), seat)
    )


def _likely_stand_ins(cards: tuple[Card, ...]) -> list[tuple[Card | None, ...]]:
    """Declarations of the stand-in jokers in ``cards`` as groups and runs are made: each
    joker as the card it follows (the first, the card after it), that card's rank in
    another suit, or one rank from it in its suit, or as the play's first card (the middle
    of a group of one suit); worked out left to right, a joker after a joker following what
    the first stands for."""
    found: list[tuple[Card | None, ...]] = []
    first = next((c for c in cards if not c.is_joker), None)

    def near(card: Card) -> list[Card]:
        ranks = [r for r in (card.rank - 1, card.rank + 1) if 2 <= r <= 14]
        return list(
            dict.fromkeys(
                [card]
                + [Card.of(card.rank, suit) for suit in SUITS if suit != card.suit]
                + [Card.of(rank, card.suit) for rank in ranks]
                + ([first] if first is not None else [])
            )
        )

    def walk(i: int, before: Card | None, declared: list[Card | None]) -> None:
        if i == len(cards):
            found.append(tuple(declared))
            return
        card = cards[i]
        if not card.is_joker:
            walk(i + 1, card, [*declared, None])
            return
        beside = before or next((c for c in cards[i:] if not c.is_joker), None)
        for stands in near(beside) if beside is not None else []:
            walk(i + 1, stands, [*declared, stands])

    walk(0, None, [])
    return found


def _plays_of(
    game: Game,
    seat: int,
    cards: tuple[Card, ...],
    declarations: list[tuple[Card | None, ...]] | None = None,
) -> tuple[Play, ...]:
    """The legal plays laying ``cards`` with their stand-in jokers standing for each card of
    the 52 in turn (or as ``declarations`` say). Each declaration is asked once with no
    suffix; only one the engine refuses for want of a suit or rank to name is asked again
    with each suffix."""
    at = [i for i, c in enumerate(cards) if c.is_joker]
    found: list[Play] = []
    if declarations is None:
        declarations = []
        for stands in itertools.product(STANDARD_52, repeat=len(at)):
            declared: list[Card | None] = [None] * len(cards)
            for i, card in zip(at, stands, strict=True):
                declared[i] = card
            declarations.append(tuple(declared))
    for decl in declarations:
        try:
            game.check(Play(cards, decl), seat)
        except ValueError as exc:  # (an IllegalMove)
            if " must name " in str(exc):  # the shape is legal; the last card names something
                found.extend(_suffixed(game, seat, cards, decl))
            continue
        found.append(Play(cards, decl))
        call = Play(cards, decl, None, True)
        if game.is_legal(call, seat):
            found.append(call)
    return tuple(found)


def _may_open(game: Game, seat: int, first: Card) -> bool:
    """Whether a play may start with ``first`` as the engine sees it laid alone (a joker,
    which may stand for any card, always may)."""
    return first.is_joker or bool(_suffixed(game, seat, (first,)))


def refusal(game: Game, seat: int, cards: tuple[Card, ...]) -> str:
    """The engine's reason for refusing ``cards`` (asked with a plausible choice attached)."""
    if game.current != seat:
        return "It is not your turn."
    last = cards[-1]
    # A refused card must be refused for its own sake, not for a missing suit or rank (or a
    # joker's missing card): try each kind of answer, with stand-in jokers standing for the top
    # card or for a card laid with them, and keep the first reason not about the answer.
    attempts: list[str | None] = [None, "S", "H", "D", "C", "-", "8", "*"]
    declarations: list[tuple[Card | None, ...] | None] = [None]
    if game.rules.joker_role == "any_card" and any(c.is_joker for c in cards):
        stand_ins = [game.top_effective, *(c for c in cards if not c.is_joker)]
        declarations = [
            tuple(d if c.is_joker else None for c in cards) for d in dict.fromkeys(stand_ins)
        ]
    reasons: list[str] = []
    for declared in declarations:
        for choice in attempts:
            try:
                game.check(Play(cards, declared, choice), seat)
            except IllegalMove as exc:
                reasons.append(str(exc))
                continue
            except (ValueError, TypeError):
                continue
            # Legal with some answer we did not offer: it needs another joker declaration.
            return f"{last.named} needs a declaration"
    specific = [
        r
        for r in reasons
        if " must name" not in r
        and "request" not in r.lower()
        and "write it as" not in r
        and "stands for" not in r
    ]
    text = in_button_words((specific or reasons or ["That move is not allowed."])[0], game.phase)
    return text[:1].upper() + text[1:]


def in_button_words(reason: str, phase: Phase) -> str:
    """An engine refusal in the words of the table's buttons: where the button for a Pass
    says "Wait" or "Keep", the reason's "pass" says so too ("or wait (Space) to accept
    them", "or keep it (Space)"), so it names something the player can find."""
    label = PASS_LABELS.get(phase)
    if label is None:
        return reason
    reason = re.sub(r"\(pass\)", "(Space)", reason)
    return re.sub(r"\bpass\b", f"{label.lower()} (Space)", reason)


def stop_targets(legal: Sequence[Action]) -> list[int]:
    """Seats that may be caught for a forgotten Macau, from a legal list."""
    return [a.target for a in legal if isinstance(a, Stop)]


def marker_text(game: Game, names: Sequence[str]) -> tuple[str, str]:
    """The marker beside the pile: (headline, how long it lasts), or ("", "") when plain."""
    request = game.request
    if request is not None and request.get("kind") == "rank":
        rank = str(request.get("rank"))
        # The jack's player is bound too (RULES §3.3); once out, the last seat with a turn
        # before theirs (the engine says which).
        bound = game.rank_request_until()
        whose = "your" if names[bound] == "You" else f"{names[bound]}'s"
        return f"Request: {rank_plural(rank)}", f"through {whose} turn"
    if request is not None and request.get("kind") == "suit":
        suits = str(request.get("suits", ""))
        if request.get("free"):
            excluded = str(request.get("excluded", ""))
            head = "Free suit"
            if excluded:
                head += f" — not {SUIT_CHAR.get(excluded, excluded)}"
        else:
            head = " or ".join(f"{SUIT_CHAR[s]} {SUIT_NAMES[s]}" for s in suits if s in SUIT_NAMES)
        if request.get("until_met"):
            if request.get("free"):  # any suit allowed ends it, not only the first of them
                other = "another suit" if request.get("excluded") else "a card"
                return head, f"until {other} is laid"
            if len(suits) > 1:
                return head, "until one of them is laid"
            return head, f"until a {SUIT_SINGULAR.get(suits, 'card of it')} is laid"
        bound = int(request.get("bound", -1))
        if 0 <= bound < len(names):
            return head, "you only" if names[bound] == "You" else f"{names[bound]} only"
        return head, "next player only"
    top = game.top
    suit = game.suit_in_force
    if game.over:
        # Nothing is in force once the round is over: a joker that went out named no suit,
        # and the engine's suit is only the one under it (RULES §3.9).
        return "", ""
    if top is not None and top.is_joker:
        # A stand-in joker acts as the card it stands for (RULES §3.6), shown on it: as a
        # queen it takes any card, as a real queen does.
        top = game.top_effective
    if top is not None and suit and (top.is_joker or suit != top.suit):
        return f"{SUIT_CHAR.get(suit, suit)} {SUIT_NAMES.get(suit, suit)}", "suit in force"
    return "", ""


def played_words(
    cards: Sequence[Card],
    declared: Sequence[Card | None] | None,
    short: bool = False,
    join: str = ", ",
) -> str:
    """The cards of a play in words, in the order laid: "7♥ 8♥ 9♥"; with a stand-in joker
    among others, each joker as the card it stands for and which joker it is, ``join``
    between them ("5♥, 6♥ (red joker), 7♥": "red joker as 6♥, 7♥" read as one joker standing
    for both); a joker laid alone, "red joker as K♥". ``short``: "joker" for either."""
    if not declared or all(d is None for d in declared):
        return " ".join(c.pretty for c in cards)
    if len(cards) == 1 and declared[0] is not None:
        return f"{'joker' if short else cards[0].pretty} as {declared[0].pretty}"
    return join.join(
        f"{d.pretty} ({'joker' if short else c.pretty})" if d is not None else c.pretty
        for c, d in zip(cards, declared, strict=True)
    )

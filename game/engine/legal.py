"""Which plays are legal: the predicates every rule goes through, and the refusals.

``Legality`` is the base of ``Listing`` (``listing.py``, which lists every legal action) and so
of ``Game``. The listing and the checks of ``apply`` go through the same predicates
(``_first_ok``, ``_shape_ok``, ``_choices``), so the list of legal actions and the refusals
always agree. Refusals carry a plain-English reason naming the rule.
"""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING, Final

from .actions import Action, Draw, Pass, Play
from .cards import (
    JACK,
    QUEEN,
    RANK_NAMES,
    RANK_WORDS,
    SUIT_NAMES,
    SUITS,
    Card,
    cards_arg,
    make_pack,
)
from .compiled import ALL_CARDS, Caches, Compiled
from .phase import IllegalMove, Phase

if TYPE_CHECKING:
    from .rules import Rules

# The phases as module constants, defined once for the engine's compiled modules: a constant
# compiles to a C static (an Enum attribute lookup costs a dict probe).
PLAY: Final = Phase.PLAY
ATTACK: Final = Phase.ATTACK
SKIP: Final = Phase.SKIP
RANK_REQUEST: Final = Phase.RANK_REQUEST
SUIT_REQUEST: Final = Phase.SUIT_REQUEST
DRAWN: Final = Phase.DRAWN
FIVE_AGAIN: Final = Phase.FIVE_AGAIN
ROUND_OVER: Final = Phase.ROUND_OVER
MATCH_OVER: Final = Phase.MATCH_OVER


class Legality:
    """Legal-move generation and verification for the ``Game`` state machine."""

    # State the mixin reads (set by Game).
    rules: Rules
    _c: Compiled
    _k: Caches
    n: int
    hands: list[list[Card]]
    stock: list[Card]
    pile: list[Card]
    current: int
    phase: Phase
    _ctx: Phase
    _top: Card
    _suit: str
    _req_rank: int
    _req_suits: frozenset[str]
    _req_excluded: str
    _drawn: Card | None
    _macau_open: int
    skips: int
    _out: list[bool]
    _cut: bool  # the last capped listing stopped before the end (``Game.legal_actions_capped``)

    # ----- single cards -------------------------------------------------------------
    def _joker_opens_anything(self, ctx: Phase) -> bool:
        """Whether a stand-in joker laid first may stand for any card here: where jokers play
        on anything (hungarian), on an ordinary turn; on an attack, missed turns or a request
        it opens only as a card that answers them."""
        return self._c.wild_joker and ctx is PLAY

    def _first_ok(self, e: Card, ctx: Phase) -> bool:
        """Whether card ``e`` (as it acts) may open a play in context ``ctx``."""
        c = self._c
        top = self._top
        if ctx is PLAY:
            if top in c.anything_on or e in c.wild:
                return True
            if top.is_joker:
                return e.suit == self._suit
            return e.suit == self._suit or e.rank == top.rank
        if ctx is ATTACK:
            return c.is_cancel(e, top) or c.counters(e, top, self._suit)
        if ctx is SKIP:
            return e in c.skip
        if ctx is RANK_REQUEST:
            return e.rank == self._req_rank or (e.rank == JACK and c.jack_request)
        if ctx is SUIT_REQUEST:
            return e.suit in self._req_suits or e in c.changers
        return False

    def _first_reason(self, e: Card, ctx: Phase) -> str:
        """Why card ``e`` may not open a play here (the rule that forbids it)."""
        top = self._top
        if ctx is ATTACK:
            answers = self._answers(top, self._suit)
            cut, verb = self._cutters(), cancel_verb(self._cut_cards())
            owed = f"{e.named} is no answer to the attack: you owe {self._penalty_total()} cards"
            if answers == "no card":
                if cut:
                    return f"{owed}; nothing fights it back: {verb} the stack with {cut}, or draw"
                return f"{owed}, and nothing fights it back: draw the penalty"
            return (
                f"{owed}; fight back with {answers}"
                + (f", or {verb} the stack with {cut}" if cut else "")
                + ", or draw the penalty"
            )
        if ctx is SKIP:
            turns, them = ("missed turns", "them") if self.skips != 1 else ("a missed turn", "it")
            return (
                f"{e.named} is no answer to {turns}: {self._skip_words('lay')}pass to accept {them}"
            )
        if ctx is RANK_REQUEST:
            return f"a jack requested {_ranks(self._req_rank)}: " + (
                f"lay {answers}, or draw" if (answers := self._request_words()) else "draw"
            )
        if ctx is SUIT_REQUEST:
            if self._req_excluded and not self._suit:
                return f"free suit: lay {self._request_words()}, or draw"
            named = " or ".join(SUIT_NAMES[s] for s in sorted(self._req_suits))
            answers = self._request_words()
            return f"{named} were named: " + (f"lay {answers}, or draw" if answers else "draw")
        if top.is_joker:
            suit = _A_SUIT.get(self._suit, "the suit in force")
            wild = " or a card that plays on anything" if self._c.wild else ""
            return f"{e.named} does not follow a joker: lay {suit}{wild}"
        return (
            f"{e.named} matches neither the suit in force "
            f"({SUIT_NAMES.get(self._suit, 'none')}) nor the rank of {top.pretty}"
        )

    def _answers(self, top: Card, suit: str | None) -> str:
        """The attack cards that may go on ``top`` (``suit`` in force), in words: "a 2, 3♥
        or K♥" (a rank in every suit goes by its rank alone), "no card" when none may."""
        c = self._c
        fits = [x for x in ALL_CARDS if c.counters(x, top, suit or top.suit)]
        return self._fits_in_words(fits) or "no card"

    def _fits_in_words(self, fits: list[Card]) -> str:
        """``fits`` (cards that would answer) in words, each as a hand may hold it now
        (``_holdable``), and "a joker" where a joker may stand in for any of them: with one
        deck the K♥ on the pile is not named, but a joker laid as K♥ is (RJ=KH)."""
        return _or_words(self._with_stand_in(_card_words(self._holdable(fits)), bool(fits)))

    def _stands_in(self) -> bool:
        """Whether a joker may be laid as any card (``joker_role: any_card``) here: not once
        every joker of the pack lies in the pile."""
        if not (self._c.any_card and self.rules.jokers):
            return False
        return bool(self._holdable([x for x in ALL_CARDS if x.is_joker]))

    def _with_stand_in(self, words: list[str], fits: bool) -> list[str]:
        """``words`` (cards that may be laid), and "a joker" where a joker may stand in for
        any card that ``fits`` (``joker_role: any_card``), as the legal plays have it (RJ=2S):
        also for a card no hand can hold, every copy of it in the pile (RJ=KH)."""
        if fits and self._stands_in() and "a joker" not in words:
            return [*words, "a joker"]
        return words

    def _holdable(self, cards: list[Card]) -> list[Card]:
        """Those of ``cards`` a hand may hold now: not a card (a joker too) whose every copy
        in the pack lies in the pile (with one deck, K♥ on top is no answer to itself). A rank
        that answers in every suit keeps its word ("a 2"): any 2 a hand holds would do, until
        every 2 lies in the pile. A joker standing in for a card (RJ=KH) is named apart, as
        "a joker" (``_with_stand_in``)."""
        wanted = set(cards)
        laid: dict[Card, int] = {}
        for p in self.pile:
            if p in wanted:
                laid[p] = laid.get(p, 0) + 1
        if not laid:
            return cards
        pack: dict[Card, int] = {}
        for x in make_pack(self.rules.decks_for(self.n), self.rules.jokers):
            pack[x] = pack.get(x, 0) + 1
        suits_of: dict[int, int] = {}
        held: set[int] = set()  # ranks of which some card named may still be held
        for x in cards:
            if not x.is_joker:
                suits_of[x.rank] = suits_of.get(x.rank, 0) + 1
                if laid.get(x, 0) < pack.get(x, 0):
                    held.add(x.rank)
        return [
            x
            for x in cards
            if laid.get(x, 0) < pack.get(x, 0)
            or (not x.is_joker and suits_of[x.rank] == 4 and x.rank in held)
        ]

    def _rank_held(self, rank: int) -> bool:
        """Whether a hand may hold a card of ``rank`` now: not every copy in the pile."""
        return self._copies_out(rank) > 0

    def _copies_out(self, rank: int) -> int:
        """How many cards of ``rank`` the pack holds that do not lie in the pile."""
        laid = sum(1 for p in self.pile if not p.is_joker and p.rank == rank)
        return 4 * self.rules.decks_for(self.n) - laid  # (one of each suit per deck)

    def _jokers_out(self) -> int:
        """How many jokers the pack holds that do not lie in the pile."""
        laid = sum(1 for p in self.pile if p.is_joker)
        return self.rules.jokers * self.rules.decks_for(self.n) - laid

    def _suit_held(self, suit: str) -> bool:
        """Whether a hand may hold a card of ``suit`` now: not every one in the pile."""
        laid = sum(1 for p in self.pile if not p.is_joker and p.suit == suit)
        return laid < 13 * self.rules.decks_for(self.n)  # (every rank once per deck)

    def _skip_words(self, verb: str = "") -> str:
        """The cards that answer missed turns, in words ("a four", "a four or a joker"; ""
        once every one lies in the pile); with ``verb``, told as the way besides passing:
        "lay a four or ", "lay a four or a joker, or ", "" with none."""
        rank = self._c.skip_rank  # (-1 without a skip card)
        held = [_a_rank(rank)] if rank > 0 and self._rank_held(rank) else []
        words = _or_words(self._with_stand_in(held, rank > 0))
        if not verb or not words:
            return words
        return f"{verb} {words}" + (", or " if " or " in words else " or ")

    def _request_words(self) -> str:
        """The cards that answer the jack's or the suit changer's request in force, in words
        ("a 7 or a jack", "a club, an ace or a joker", "any suit but hearts, or an ace");
        "" with no request."""
        if self._req_rank:
            # Several of the rank at once where groups may be laid and several copies are
            # still out of the pile, a joker standing in counted ("8s"), else one ("an 8");
            # none with every copy laid.
            out = self._copies_out(self._req_rank)
            jokers = self._jokers_out() if self._stands_in() else 0
            several = self._c.groups != "none" and out + jokers > 1
            asked = _ranks(self._req_rank) if several else _a_rank_asked(self._req_rank)
            held = [asked] if out else []
            held += ["a jack"] if self._rank_held(JACK) else []
            return _or_words(self._with_stand_in(held, True))
        if not self._req_suits:
            return ""
        # The cards by name: which cards change the suit differs from one rule set to
        # another (aces in one, 7s and jokers in another).
        changing = [x for x in ALL_CARDS if x in self._c.changers]
        changers = self._with_stand_in(_card_words(self._holdable(changing)), bool(changing))
        if self._req_excluded and not self._suit:
            return f"any suit but {SUIT_NAMES[self._req_excluded]}" + (
                f", or {_or_words(changers)}" if changers else ""
            )
        suits = [_A_SUIT[s] for s in sorted(self._req_suits) if self._suit_held(s)]
        return _or_words(suits + changers)

    def _cutters(self) -> str:
        """The cards that would cut the stack waiting now, in words ("a 4", "K♣ or K♦"), or
        "" when none would (not just any stack: the one waiting)."""
        return self._fits_in_words(self._cut_fits())

    def _cut_fits(self) -> list[Card]:
        """The cards that would cancel the stack waiting now, held or not."""
        c = self._c
        top = self._top
        return [x for x in ALL_CARDS if c.is_cancel(x, top)]

    def _cut_cards(self) -> list[Card]:
        """The cards that may be laid to cancel the stack waiting now: those a hand may hold,
        or any of them where a joker may stand in (their kind tells "cut" from "block")."""
        fits = self._cut_fits()
        return fits if self._stands_in() else self._holdable(fits)

    def _penalty_total(self) -> int:
        return 0

    # ----- sequences --------------------------------------------------------------
    def _shape_ok(
        self, effs: tuple[Card, ...], phys: tuple[Card, ...], ctx: Phase, explain: bool = True
    ) -> str | None:
        """``None`` if these cards may be laid together in ``ctx``, else the reason (only
        roughly unless ``explain``: the listing asks only whether, for many candidates)."""
        if len(effs) == 1:
            return None
        c = self._c
        first = effs[0]
        same_rank = all(e.rank == first.rank and e.is_joker == first.is_joker for e in effs)
        runs_here = ctx is PLAY and c.runs
        if c.groups == "none" and not runs_here:
            # First: with one card a turn no group would do, and the reasons below would
            # each name one that might.
            if c.runs:
                return (
                    "one card a turn here: runs are for normal play, not for answering an "
                    "attack, a request or missed turns"
                )
            return "one card a turn in these rules"
        if ctx is ATTACK:
            if c.is_cancel(first, self._top) and not c.attack_value[first]:
                if same_rank:
                    return self._middle_reason(effs, phys, False)  # the middle as in any group
                done = cancel_verb([first], done=True)
                return f"a stack is {done} by one card, or several of its rank"
            if not all(c.attack_value[e] for e in effs):
                if same_rank:
                    # K♠ K♣ on K♥: the blocking king goes first (K♣ K♠), its rank after it.
                    cancel = next((e for e in effs if c.is_cancel(e, self._top)), None)
                    if cancel is not None:
                        return (
                            f"{cancel.named} {cancel_verb([cancel])}s the stack only as the "
                            f"first card laid, with more {_rank_plural(cancel.rank)} after it"
                        )
                return "on a pending attack every card laid must be an attack card"
            # The kind of group before the chain: the chain's advice names only cards that
            # could be laid in a group like this one.
            kind = self._kind_reason(effs, ctx, same_rank)
            if kind is not None:
                return kind
            # Laid together, each card goes on the one before. The middle of a group goes
            # down in hand order in the play, but on the stack in any order that answers.
            if self._chain_order(effs) is None:
                if not explain:
                    return "no chain"
                i = 1
                while i < len(effs) - 1 and c.counters(effs[i], effs[i - 1], effs[i - 1].suit):
                    i += 1
                a, b = effs[i - 1], effs[i]
                between = " in any order of the cards between" if len(effs) > 3 else ""
                may = self._joining_answers(effs, i)
                return (
                    f"on a pending attack each card must answer the one before it{between}: "
                    f"{b.named} cannot go on {a.named}"
                    + (f" (only {may} may)" if may else " (no card that fits this group may)")
                )
            return self._middle_reason(effs, phys, not same_rank)  # no runs on an attack
        if ctx is SKIP:
            if not all(e in c.skip for e in effs):
                turns = "missed turns" if self.skips != 1 else "a missed turn"
                return f"on {turns} only {_rank_plural(c.skip_rank)} may be laid"
        elif ctx is RANK_REQUEST and not same_rank:
            return "under a jack's request, lay cards of one rank only"
        kind = self._kind_reason(effs, ctx, same_rank)
        if kind is not None:
            return kind
        if same_rank:
            return self._middle_reason(effs, phys, False)
        if runs_here and self._is_run(effs):
            return None
        return self._middle_reason(effs, phys, True)  # a group of one suit

    def _kind_reason(self, effs: tuple[Card, ...], ctx: Phase, same_rank: bool) -> str | None:
        """Why these cards may not be laid together in any order (their kind: one rank, one
        suit, a run), or ``None`` if they are of a kind that may."""
        c = self._c
        if not c.any_card:
            for e in effs:
                if e.is_joker:
                    return "a joker has no rank, so it is laid on its own, never in a group"
        runs_here = ctx is PLAY and c.runs
        if c.groups == "none":
            # Only reached where runs may be laid.
            if self._is_run(effs):
                return None
            return "one card a turn in these rules, or a run" + self._no_wrap(effs)
        if same_rank:
            return None
        if c.groups == "rank_or_suit" and ctx is not SKIP:
            suit = effs[0].suit
            if all(e.suit == suit and not e.is_joker for e in effs):
                return None
        if runs_here and self._is_run(effs):
            return None
        if c.runs and not runs_here and self._is_run(effs):
            return (
                "runs are for normal play, not for answering an attack, a request or missed turns"
            )
        kinds = "one rank" if c.groups == "rank" else "one rank or one suit"
        if runs_here:
            kinds += ", or a run" + self._no_wrap(effs)
        return f"cards laid together must be of {kinds}"

    def _no_wrap(self, effs: tuple[Card, ...]) -> str:
        """Why cards that would run on from A to 2 (Q K A 2) are no run, or nothing."""
        if self._is_run(effs, wrap=True):
            return " (a run climbs from 2 to A and does not go on from A to 2)"
        return ""

    def _joining_answers(self, effs: tuple[Card, ...], i: int) -> str:
        """The cards that could take the place of ``effs[i]`` in this group on an attack, in
        words: each goes on the card before it, the next card goes on it, and the group
        stays of a kind that may be laid together (one rank, or one suit where allowed)."""
        c = self._c
        below = effs[i - 1]
        above = effs[i + 1] if i + 1 < len(effs) else None
        rest = effs[:i] + effs[i + 1 :]
        ranks = {e.rank for e in rest}
        suits = {e.suit for e in rest}
        by_suit = c.groups == "rank_or_suit" and len(suits) == 1
        fits = [
            x
            for x in ALL_CARDS
            if not x.is_joker
            and c.counters(x, below, below.suit)
            and (above is None or c.counters(above, x, x.suit))
            and ((len(ranks) == 1 and x.rank in ranks) or (by_suit and x.suit in suits))
        ]
        return self._fits_in_words(fits)

    def _chain_order(self, effs: tuple[Card, ...]) -> tuple[int, ...] | None:
        """An order of ``effs`` (indices) in which each card answers the one before it on an
        attack: the first and the last kept, the middle as given if that answers, else the
        first order found trying the middle's cards in turn; ``None`` if there is none.

        The search goes by distinct cards (copies of one card, from several decks or jokers
        standing for it, are interchangeable), remembers its dead ends, and its answer is kept
        per set of cards, so a big hand's many candidates (most of them the same cards in
        other jokers or copies) stay cheap."""
        c = self._c
        n = len(effs)
        if all(c.counters(effs[i + 1], effs[i], effs[i].suit) for i in range(n - 1)):
            return tuple(range(n))
        if n < 4:
            return None
        middle = sorted([e.idx for e in effs[1 : n - 1]])
        key = (effs[0].idx, effs[n - 1].idx, *middle)
        chains = self._k.chains
        if key in chains:
            found = chains[key]
        else:
            found = _chain_middle(c, effs)
            if len(chains) > 20000:
                chains.clear()
            chains[key] = found
        if found is None:
            return None
        # Copies of one card are interchangeable: each takes the next index holding it.
        order = [0]
        used = 0
        for idx in found:
            for i in range(1, n - 1):
                if not used >> i & 1 and effs[i].idx == idx:
                    used |= 1 << i
                    order.append(i)
                    break
        order.append(n - 1)
        return tuple(order)

    def _middle_reason(
        self, effs: tuple[Card, ...], phys: tuple[Card, ...], suit_group: bool
    ) -> str | None:
        """A group's middle cards go down in hand order; a joker there copies the first card.

        Only the first card (it must fit) and the last (it acts) are a real choice, so the
        middle is fixed: otherwise a big group would be thousands of moves that differ only
        in how the pile looks. The exception is a group of one suit made of attack cards only,
        where every card counts: a joker between may stand for any attack card of the suit
        (the jokers between in hand order, their cards too).
        """
        if len(phys) < 3:
            return None
        middle = phys[1:-1]
        keys = [canon_key(p) for p in middle]
        if keys != sorted(keys):
            shown = " ".join(p.code for p in sorted(middle, key=canon_key))
            return f"lay the cards between the first and the last in hand order: {shown}"
        if self._c.any_card:
            first = effs[0]
            value = self._c.attack_value
            counted = suit_group and all(value[e] for e in effs)
            prev: Card | None = None
            for p, e in zip(middle, effs[1:-1], strict=True):
                if not p.is_joker:
                    continue
                if counted:
                    if prev is not None and canon_key(e) < canon_key(prev):
                        return (
                            "jokers between the first and the last card stand for cards in hand "
                            f"order: {prev.code} before {e.code}"
                        )
                    prev = e
                elif e.rank != first.rank or e.suit != first.suit:
                    return (
                        f"a joker between the first and the last card stands for "
                        f"{Card.of(first.rank, first.suit).code}"
                        + (
                            " (or, in a group of attack cards of one suit, any of them)"
                            if suit_group
                            else ""
                        )
                    )
        return None

    @staticmethod
    def _is_run(effs: tuple[Card, ...], wrap: bool = False) -> bool:
        """A run: consecutive ranks of one suit, turning suit only through two cards of a rank
        (``wrap``: as if an A came before the 2, which no rule here allows, to tell why not)."""
        direction = 0
        steps = 0
        prev_switch = False
        for a, b in pairwise(effs):
            if a.is_joker or b.is_joker:
                return False
            if a.rank == b.rank and a.suit != b.suit:
                if prev_switch:
                    return False
                prev_switch = True
                continue
            d = b.rank - a.rank
            if wrap:
                d = (d + 6) % 13 - 6  # A to 2 a step up, 2 to A a step down
            if a.suit != b.suit or d not in (1, -1) or (direction and d != direction):
                return False
            direction = d
            steps += 1
            prev_switch = False
        return steps > 0

    # ----- suffixes: what the last card names, and the Macau call ------------------
    def _power_applies(self, seat: int, left: int) -> bool:
        """Whether the play's power acts: not when the round ends or a seat goes out without it."""
        if left > 0:
            return True
        if not self._c.power_after_out:
            return False
        holders = sum(1 for s in range(self.n) if s != seat and self.hands[s])
        return holders >= 2

    def _choices(
        self, effs: tuple[Card, ...], hand_after: list[Card], power: bool, ctx: Phase
    ) -> tuple[str | None, ...]:
        """The suffixes the last card needs: a suit, a rank, ``-``, ``*``, or none (``None``)."""
        held_ranks = held_suits = 0
        if self._c.hand_after_matters:
            for x in hand_after:
                if not x.is_joker:
                    held_ranks |= 1 << x.rank
                    held_suits |= 1 << x.idx // 13
        if not power:
            return (None,)
        if self._cuts_attack(effs[0], ctx):
            return (None,)
        return self._choices_held(effs[-1], held_ranks, held_suits, self._suit_under(effs))

    def _suit_under(self, effs: tuple[Card, ...]) -> str:
        """The suit in force when the last card of ``effs`` goes down: that of the card laid
        before it in the same play, or else the one in force before the play."""
        if len(effs) > 1:
            return effs[-2].suit
        return self._suit or self._req_excluded

    def _cuts_attack(self, first: Card, ctx: Phase) -> bool:
        """Whether a play opened by ``first`` cuts a pending attack (then nothing is named)."""
        c = self._c
        return ctx is ATTACK and c.is_cancel(first, self._top) and not c.attack_value[first]

    def _choices_held(
        self, last: Card, held_ranks: int, held_suits: int, in_force: str
    ) -> tuple[str | None, ...]:
        """``_choices`` of a play whose power acts, given the ranks and suits (bit masks) of the
        real cards kept in hand and the suit in force when ``last`` goes down."""
        c = self._c
        if last.rank == JACK and c.jack_request:
            ranks = c.request_ranks
            if c.jack_must_hold:
                ranks = tuple(r for r in ranks if held_ranks >> r & 1)
            return (*(RANK_NAMES[r] for r in ranks), "-")
        if last in c.changers:
            suits: tuple[str, ...] = SUITS
            if (c.seven_own_suit and last.rank == 7) or (c.queen_own_suit and last.rank == QUEEN):
                suits = (last.suit,)
            if c.ace_must_differ:
                suits = tuple(s for s in suits if s != in_force)
            if c.ace_must_hold:
                suits = tuple(s for s in suits if held_suits >> SUITS.index(s) & 1)
                if not suits:
                    return ("*",)
            return suits or ("*",)
        return (None,)

    def _heads_up_block(self, e: Card) -> bool:
        """Heads-up, the last card may not be a 2 or a 3 laid alone (no_attack_finish_heads_up)."""
        return (
            self._c.heads_up_rule
            and self.n == 2
            and e.rank in (2, 3)
            and self._c.attack_value[e] > 0
        )

    def _can_draw(self) -> bool:
        return bool(self.stock) or len(self.pile) > 1

    def _plays(self, ctx: Phase, forced: Card | None, cap: int = 0) -> list[Action]:
        """Every legal play of the seat to act (``Listing`` lists them); with ``cap``, the
        listing may stop once it holds that many (and then sets ``_cut``)."""
        raise NotImplementedError

    # ----- verification (the refusals) ---------------------------------------------
    def _verify_play(self, play: Play) -> tuple[Card, ...]:
        """Check a play against every rule; return the cards as they act, or raise IllegalMove."""
        seat = self.current
        hand = self.hands[seat]
        c = self._c
        phase = self.phase
        if phase is DRAWN:
            ctx = self._ctx
        elif phase is FIVE_AGAIN:
            ctx = PLAY
        else:
            ctx = phase
        cards = play.cards
        if not cards:
            raise IllegalMove("a play lays at least one card")
        remaining = list(hand)
        for card in cards:
            try:
                remaining.remove(card)
            except ValueError:
                if any(held.code == card.code for held in remaining):  # a copy, not the card
                    raise IllegalMove(
                        f"{card.pretty} was made with Card(...): cards are compared as the one "
                        "object of each card, which Card.parse and Card.of give"
                    ) from None
                if card.is_joker and not self.rules.jokers:
                    raise IllegalMove("these rules are played without jokers") from None
                raise IllegalMove(f"seat {seat} does not hold {card.named}") from None
        declared = play.declared
        if declared is not None and len(declared) != len(cards):
            raise IllegalMove("each joker needs its own declaration")
        effs_l: list[Card] = []
        for i, card in enumerate(cards):
            d = declared[i] if declared is not None else None
            if card.is_joker and c.any_card:
                if d is None:
                    raise IllegalMove(
                        f"a joker stands for a card in these rules: write it as {card.code}=KH"
                    )
                effs_l.append(d)
            else:
                if d is not None:
                    raise IllegalMove(
                        f"{card.named} cannot stand for another card"
                        + (" (jokers here name a suit instead)" if card.is_joker else "")
                    )
                effs_l.append(card)
        effs = tuple(effs_l)
        if phase is DRAWN and cards[0] is not self._drawn:
            drawn = self._drawn.pretty if self._drawn else "?"
            if c.groups == "none" and not c.runs:
                raise IllegalMove(
                    f"after drawing you may only lay the drawn card ({drawn}) or keep it (pass)"
                )
            # Other cards may go with it, the drawn card first (7♥ 7♠, not 7♠ 7♥).
            raise IllegalMove(
                f"after drawing, a play must start with the drawn card ({drawn}), or keep it (pass)"
            )
        if not (cards[0].is_joker and self._joker_opens_anything(ctx)) and not self._first_ok(
            effs[0], ctx
        ):
            why = self._first_reason(effs[0], ctx)
            if cards[0].is_joker and c.any_card:
                why = f"a joker laid as {effs[0].pretty} must fit as {effs[0].pretty} does: {why}"
            raise IllegalMove(why)
        reason = self._shape_ok(effs, cards, ctx)
        if reason is not None:
            raise IllegalMove(reason)
        left = len(remaining)
        if left == 0 and len(cards) == 1 and self._heads_up_block(effs[0]):
            raise IllegalMove("heads-up, your last card cannot be a 2 or a 3 laid alone")
        power = self._power_applies(seat, left)
        choices = self._choices(effs, remaining, power, ctx)
        if play.choice not in choices:
            # (The advice keeps a Macau call only where the call itself would be taken.)
            call_ok = c.macau_required and left == 1 and not (c.five_again and effs[-1].rank == 5)
            raise IllegalMove(self._choice_reason(play, choices, effs, power, ctx, call_ok))
        if play.call:
            if not c.macau_required:
                raise IllegalMove("Macau is called for you in these rules")
            if left != 1:
                raise IllegalMove("call Macau only when your turn leaves you with one card")
            if c.five_again and effs[-1].rank == 5:
                raise IllegalMove("after a 5 your turn goes on: call Macau when it ends")
        return effs

    def _choice_reason(
        self,
        play: Play,
        choices: tuple[str | None, ...],
        effs: tuple[Card, ...],
        power: bool,
        ctx: Phase,
        call_ok: bool,
    ) -> str:
        """Why ``play``'s choice may not go with a play acting as ``effs``, naming the rule."""
        c = self._c
        choice = play.choice
        last = effs[-1]
        if choices == (None,):
            why = ""
            if last in c.needs_choice:
                if not power:
                    why = (
                        " (you go out and the round ends)"
                        if self._out_ends_round()
                        else " (it ends your hand, and in these rules a last card's power does "
                        "not act)"
                    )
                elif self._cuts_attack(effs[0], ctx):
                    why = f" (a play that {cancel_verb([effs[0]])}s an attack names nothing)"
            return f"{last.named} names nothing here{why}: lay it without '/'"
        shown = ", ".join(x for x in choices if x is not None)
        if choice is None:
            # The whole play as typed, with a choice where it goes: "AC AH/S", "RJ=AH/S!".
            named = [x for x in choices if x is not None]
            example = next((x for x in named if x not in ("*", "-")), named[0])
            written = str(play)[:-1] if play.call else str(play)
            written += f"/{example}!" if play.call and call_ok else f"/{example}"
            return f"{last.named} must name one of: {shown} (for example {written})"
        under = self._suit_under(effs)
        own = (c.seven_own_suit and last.rank == 7) or (c.queen_own_suit and last.rank == QUEEN)
        rule = ""
        if last.rank == JACK and c.jack_request:
            requestable = [RANK_NAMES[r] for r in c.request_ranks]
            if choice != "-" and choice not in requestable:
                rule = f"a jack requests one of {', '.join(requestable)} or '-'"
            elif c.jack_must_hold:
                rule = "you must keep a card of the rank you request"
        elif choice != "*" and choice not in SUITS:
            rule = "name a suit: S, H, D or C"
        elif choice == "*":
            if c.ace_must_hold:
                rule = "a free suit only when you hold no suit you may name"
            elif own and c.ace_must_differ:
                rule = (
                    f"a free suit only when {SUIT_NAMES[last.suit]}, the one suit it names, "
                    "is the suit it must change"
                )
            elif c.ace_must_differ and (c.seven_own_suit or c.queen_own_suit):
                kinds = " or ".join(
                    k for k, on in (("a 7", c.seven_own_suit), ("a queen", c.queen_own_suit)) if on
                )
                rule = f"a free suit only from {kinds} whose own suit is the one it must change"
            else:
                rule = "there is no free suit in these rules"
        elif own:
            kind = "a 7" if last.rank == 7 else "a queen"
            rule = f"{kind} names only its own suit, {SUIT_NAMES[last.suit]}"
            if "*" in choices:  # and that suit is not allowed here
                if c.ace_must_differ and last.suit == under:
                    rule += f", and that is {self._differ_words(effs)}, which it must change"
                elif c.ace_must_hold:
                    rule += ", and you keep no card of it"
                rule += ": it names a free suit, '*'"
        elif c.ace_must_differ and choice == under:
            rule = f"name a suit other than {SUIT_NAMES[under]}, {self._differ_words(effs)}"
        elif c.ace_must_hold:
            rule = "name a suit you still hold a card of"
        if rule:
            return f"{last.named} cannot name {choice!r}: {rule}; allowed: {shown}"
        return f"{last.named} cannot name {choice!r} here; allowed: {shown}"

    def _differ_words(self, effs: tuple[Card, ...]) -> str:
        """Which suit a suit changer laid last in ``effs`` must change, in words: "the suit
        of 9♣ it is laid on", "the suit in force", "the suit the free suit leaves out"."""
        if len(effs) > 1:
            return f"the suit of {effs[-2].pretty} it is laid on"
        if self._suit:
            return "the suit in force"
        return "the suit the free suit leaves out"

    def _out_ends_round(self) -> bool:
        """Whether the seat to act going out ends the round (no power acts then)."""
        if self.rules.end == "first_out":
            return True
        holders = sum(1 for s in range(self.n) if s != self.current and self.hands[s])
        return holders < 2

    def _verify(self, action: Action) -> tuple[Card, ...] | None:
        """Raise ``IllegalMove`` unless the seat to act may take ``action`` now."""
        phase = self.phase
        if isinstance(action, Play):
            return self._verify_play(action)
        if isinstance(action, Draw):
            if phase is ATTACK:
                return None
            if phase is SKIP:
                turns = "missed turns are" if self.skips != 1 else "a missed turn is"
                raise IllegalMove(f"{turns} not drawn: {self._skip_words('answer with')}pass")
            if phase is DRAWN:
                raise IllegalMove("you have drawn this turn: lay the drawn card or keep it (pass)")
            if not self._can_draw():
                if self._plays(PLAY if phase is FIVE_AGAIN else phase, None, 1):
                    raise IllegalMove(
                        "the stock and the pile are spent: nothing to draw, but you can lay a card"
                    )
                raise IllegalMove("the stock and the pile are spent: nothing to draw, pass")
            return None
        if isinstance(action, Pass):
            if phase is SKIP or phase is DRAWN:
                return None
            if phase is ATTACK:
                raise IllegalMove(
                    f"an attack waits: fight back or draw the penalty ({self._penalty_total()})"
                )
            if self._can_draw():
                raise IllegalMove(
                    "you may not pass: lay a card or draw one"
                    + (" (after a five you must lay or draw)" if phase is FIVE_AGAIN else "")
                )
            if self._plays(PLAY if phase is FIVE_AGAIN else phase, None, 1):
                raise IllegalMove("you can lay a card: passing is only for a blocked seat")
            return None
        raise IllegalMove(f"unknown action {action!r}")


def _chain_middle(c: Compiled, effs: tuple[Card, ...]) -> tuple[int, ...] | None:
    """The middle of ``effs`` (card indices) in an order in which each card answers the one
    below on an attack, the last card answering too; ``None`` if there is none."""
    n = len(effs)
    distinct: list[Card] = []
    counts: list[int] = []
    for i in range(1, n - 1):
        e = effs[i]
        for k in range(len(distinct)):
            if distinct[k] is e:
                counts[k] += 1
                break
        else:
            distinct.append(e)
            counts.append(1)
    picks: list[int] = []
    if not _chain_rest(c, distinct, counts, effs[0], effs[n - 1], n - 2, picks, set()):
        return None
    return tuple([distinct[k].idx for k in picks])


def _chain_rest(
    c: Compiled,
    distinct: list[Card],
    counts: list[int],
    below: Card,
    last: Card,
    left: int,
    picks: list[int],
    failed: set[tuple[tuple[int, ...], int]],
) -> bool:
    """Extend ``picks`` (indices into ``distinct``) with the ``left`` middle cards still to
    lay (``counts`` of each), each answering the one below, so that ``last`` answers too.
    ``failed`` remembers the states (cards left, card on top) that lead nowhere."""
    if left == 0:
        return c.counters(last, below, below.suit)
    key = (tuple(counts), below.idx)
    if key in failed:
        return False
    for k in range(len(distinct)):
        card = distinct[k]
        if counts[k] and c.counters(card, below, below.suit):
            counts[k] -= 1
            picks.append(k)
            if _chain_rest(c, distinct, counts, card, last, left - 1, picks, failed):
                return True
            counts[k] += 1
            picks.pop()
    failed.add(key)
    return False


def cancel_verb(cards: object, done: bool = False) -> str:
    """How ``cards`` cancel a waiting stack, in How to play's words: a 7 "cut"s it (the
    cutting seven), a 4 or K♣/K♦ "block"s it; "cut or block" for both kinds; "" for none.
    ``done``: as it reads once done ("cut", "blocked", "cut or blocked")."""
    laid = cards_arg(cards, "cancel_verb's cards")
    sevens = sum(1 for x in laid if x.rank == 7)
    if not laid:
        return ""
    block = "blocked" if done else "block"
    if sevens == len(laid):
        return "cut"
    return block if not sevens else f"cut or {block}"


def canon_key(card: Card) -> tuple[bool, int]:
    """Hand order for a group's middle cards: natural cards by suit and rank, jokers last."""
    return (card.is_joker, card.order)


__all__ = [
    "ATTACK",
    "DRAWN",
    "FIVE_AGAIN",
    "MATCH_OVER",
    "PLAY",
    "RANK_REQUEST",
    "ROUND_OVER",
    "SKIP",
    "SUIT_REQUEST",
    "Legality",
    "canon_key",
]


def _card_words(cards: list[Card]) -> list[str]:
    """``cards`` as words, for ``_or_words`` to join ("a 2, 3♥ or K♥"): a rank in every suit
    goes by its rank alone, K♣ before K♦; "a joker" for both jokers, "the red joker" for one."""
    words: list[str] = []
    by_rank: dict[int, list[Card]] = {}
    for x in cards:
        if not x.is_joker:
            by_rank.setdefault(x.rank, []).append(x)
    for rank, same in by_rank.items():
        if len(same) == 4:
            name = RANK_NAMES[rank] if rank <= 10 else RANK_WORDS[rank]
            words.append(f"{'an' if name[0] in '8aeiou' else 'a'} {name}")
        else:
            words.extend(sorted(x.pretty for x in same))
    # "A joker" only where either joker would do: rules may give a role to one of them.
    jokers = sorted({x.pretty for x in cards if x.is_joker})
    if len(jokers) == 2:
        words.append("a joker")
    elif jokers:
        words.append(f"the {jokers[0]}")
    return words


def _or_words(words: list[str]) -> str:
    """Words joined as alternatives: "a, b or c" ("" for none)."""
    if not words:
        return ""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


# One card of a suit, in words.
_A_SUIT: Final = {"S": "a spade", "H": "a heart", "D": "a diamond", "C": "a club"}


def _rank_plural(rank: int) -> str:
    """A rank in the plural, in words: "fours", "aces", "sixes"."""
    word = RANK_WORDS.get(rank, "card")
    return word + ("es" if word.endswith("x") else "s")


def _ranks(rank: int) -> str:
    """A rank in the plural, as a request is told: "8s", "aces"."""
    return f"{RANK_NAMES[rank]}s" if rank <= 10 else f"{RANK_WORDS[rank]}s"


def _a_rank_asked(rank: int) -> str:
    """A rank asked for, with its article, as the request names it ("8s"): "an 8", "a 10",
    "a queen"."""
    if rank > 10:
        return _a_rank(rank)
    return f"{'an' if rank == 8 else 'a'} {rank}"


def _a_rank(rank: int | None) -> str:
    """A rank with its article, in words: "an ace", "a four" ("a card" when unknown)."""
    word = RANK_WORDS.get(rank, "card") if rank is not None else "card"
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"

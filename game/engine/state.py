"""The Macau state machine: ``Game``.

A ``Game`` holds one round (and the match it belongs to). ``legal_actions`` and ``apply`` both
dispatch on ``phase``. ``apply`` verifies first and mutates only when the action is legal, so a
refused action leaves the game exactly as it was. ``copy`` is cheap, for bots that search.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import permutations, product
from typing import Any, Final

from .actions import (
    SUFFIXES,
    Action,
    Draw,
    Event,
    Pass,
    Passed,
    Play,
    Stop,
    TurnStarted,
    parse_action,
)
from .cards import RANK_NAMES, SUITS, Card, NotationError, beyond_pack, make_pack, parse_cards
from .compiled import Caches, compile_rules
from .legal import ATTACK, DRAWN, PLAY, SKIP, cancel_verb, canon_key
from .listing import breathe
from .phase import IllegalMove, NoSuchSeat, UnreadableAction
from .rules import Rules, RulesError, as_rules
from .transitions import Transitions

# Per-seat tallies kept for statistics, in this order within ``_tally[seat]``.
TALLY_FIELDS: Final = ("penalty_cards", "biggest_stack", "turns_missed", "macau_forgotten")

# Fields that every seat may see; the rest (hands, stock order, the random state, and the
# card another seat just drew) are secret. ``view`` copies exactly these.
PUBLIC_FIELDS: Final = (
    "rules",
    "n",
    "pile",
    "pile_eff",
    "current",
    "phase",
    "_ctx",
    "_top",
    "_suit",
    "penalty",
    "_ks_layer",
    "skips",
    "missed",
    "_req_rank",
    "_req_owner",
    "_req_fresh",
    "_req_suits",
    "_req_excluded",
    "_req_bound",
    "_macau_open",
    "_out",
    "_placings",
    "_blocked_passes",
    "_scores",
    "round_charges",
    "dealer",
    "round_no",
    "over",
    "match_over",
    "places",
    "blocked",
    "_tally",
    "winners",
)


# The most plays the game's own table and bots ask for at once (``Game.legal_actions_capped``):
# about a tenth of a second and 100 MB to list. Only a big hand with several stand-in jokers
# has more (the widest two-joker hand known lists 236,701; four jokers, millions).
LISTING_LIMIT: Final = 250_000

# A listing cut short still offers going out where the plays past the cut hold a way to: it
# is sought from this many of the longest listed plays, and this many such plays are kept.
_OUT_BASES: Final = 4
_OUT_PLAYS: Final = 2


class Game(Transitions):
    """One round of Macau (and the match around it). Build with ``new`` or ``from_position``."""

    # ----- construction --------------------------------------------------------------
    @staticmethod
    def _blank(rules: Rules, compiled: Any, seats: int, caches: Caches | None = None) -> Game:
        """A game whose fields the caller fills in (copies and rebuilt views); ``caches``
        shares another game's listing caches (a copy's), else it gets its own."""
        if not _COMPILED:
            # Interpreted, skipping __init__ saves allocating lists that are overwritten.
            game: Game = object.__new__(Game)
            game.rules = rules
            game._c = compiled
            game._k = caches if caches is not None else Caches()
            game.n = seats
            game._legal = None
            game._cut = False
            game._cut_list = None
            game._cut_cap = 0
            game._ev = []
            game._log = None
            game._secret = False
            return game
        return Game(rules, seats, caches)

    def __init__(self, rules: Rules, seats: int, caches: Caches | None = None) -> None:
        self.rules = rules
        self._c = compile_rules(rules)
        # Listing caches: this game's and its copies', never another's.
        self._k = caches if caches is not None else Caches()
        self.n = seats
        self.hands: list[list[Card]] = [[] for _ in range(seats)]
        self.stock: list[Card] = []  # the top of the stock is the last element
        self.pile: list[Card] = []
        self.pile_eff: list[Card] = []  # what each pile card acts as (jokers standing in)
        self.current = 0
        self.phase = PLAY
        self._ctx = PLAY
        self._top: Card = Card.of(5, "H")
        self._suit = ""
        self.penalty = 0
        self._ks_layer = -1
        self.skips = 0
        self.missed = [0] * seats
        self._req_rank = 0
        self._req_owner = -1
        self._req_fresh = False
        self._req_suits: frozenset[str] = frozenset()
        self._req_excluded = ""
        self._req_bound = -1
        self._drawn: Card | None = None
        self._macau_open = -1
        self._out = [False] * seats
        self._placings: list[int] = []
        # Seats (bits) that have passed blocked since the last other action (RULES §2.7).
        self._blocked_passes = 0
        self._scores = [0] * seats
        self.round_charges: list[tuple[int, ...]] = []
        self.dealer = 0
        self.round_no = 1
        self.over = False
        self.match_over = False
        self.places: tuple[int, ...] = ()
        self.blocked = False
        self.winners: tuple[int, ...] = ()
        self._tally = [[0, 0, 0, 0] for _ in range(seats)]
        self._seed = 0
        self._log: tuple[Any, ...] | None = None
        self._secret = False  # an event of this action shows drawn cards
        self._legal: list[Action] | None = None
        self._cut = False
        # The last cut listing (``legal_actions_capped``) and its cap, kept like ``_legal``.
        self._cut_list: list[Action] | None = None
        self._cut_cap = 0
        self._ev: list[Event] = []

    @classmethod
    def new(
        cls,
        rules: Rules | str,
        seats: object = None,
        seed: object = None,
        dealer: object = None,
    ) -> Game:
        """Shuffle and deal a fresh game. The same seed and the same actions give the same game.

        ``rules`` is a ``Rules`` or the name of a preset. Arguments of the wrong kind raise
        ``RulesError`` naming the argument.
        """
        rules = as_rules(rules)
        n = rules.default_seats if seats is None else rules.check_seats(seats)
        if seed is None:
            rng = random.Random(random.SystemRandom().getrandbits(64))
        elif isinstance(seed, (int, str)) and not isinstance(seed, bool):
            rng = random.Random(seed)
        else:
            raise RulesError(f"seed must be a whole number or a text, not {seed!r}")
        game = cls(rules, n)
        if dealer is None:
            first = rng.randrange(n)
        elif isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
            raise RulesError(f"dealer must be a seat from 0 to {n - 1}, not {dealer!r}")
        else:
            first = dealer
        game._seed = rng.getrandbits(64)
        game.dealer = first
        game._deal()
        return game

    @classmethod
    def from_position(
        cls,
        rules: Rules | str,
        hands: object,
        pile: object,
        stock: object = "",
        current: object = 0,
        *,
        seed: object = 0,
        suit: object = None,
        scores: object = None,
    ) -> Game:
        """Set up a position from notation (RULES §8): ``hands`` a list of texts, one per
        seat ("7H 8S"), ``pile`` a text (its top card last), ``stock`` a text listing the top
        card first, ``current`` the seat to act, ``seed`` (a whole number, or a text as
        ``new`` takes) for later reshuffles, ``suit`` (S H D C) the suit a joker on top named,
        ``scores`` a list of match totals. Each is checked as given and refused with
        ``IllegalMove`` naming it (typed ``object`` so that a compiled engine checks them
        itself rather than refuse a wrong type bare, or take True for seat 1)."""
        rules = as_rules(rules)
        if isinstance(hands, str):
            raise IllegalMove("hands must be a list of hands, one text per seat, not one text")
        if not isinstance(hands, Sequence):
            raise IllegalMove(f"hands must be a list of texts, one per seat, not {hands!r}")
        for hand in hands:
            if not isinstance(hand, str):
                raise IllegalMove(f'each hand must be a text of cards ("7H 8S"), not {hand!r}')
        if not isinstance(pile, str):
            raise IllegalMove(f'pile must be a text of cards ("7H 8S"), not {pile!r}')
        if not isinstance(stock, str):
            raise IllegalMove(f'stock must be a text of cards ("7H 8S"), not {stock!r}')
        if isinstance(current, bool) or not isinstance(current, int):
            raise IllegalMove(f"current must be a seat number, not {current!r}")
        if suit is not None and not isinstance(suit, str):
            raise IllegalMove(f"suit must be one of {' '.join(SUITS)}, not {suit!r}")
        if scores is not None and (isinstance(scores, str) or not isinstance(scores, Sequence)):
            raise IllegalMove(f"scores must be a list of totals, one per seat, not {scores!r}")
        start_seed = _position_seed(seed)
        seats = len(hands)
        if not 2 <= seats <= 10:
            raise IllegalMove(f"a position needs 2 to 10 hands, not {seats}")
        game = cls(rules, seats)
        try:
            game.hands = [parse_cards(h) for h in hands]
            pile_cards: list[Card] = []
            pile_eff: list[Card] = []
            for tok in pile.split():
                base, eq, stands = tok.partition("=")
                card = Card.parse(base)
                eff = Card.parse(stands) if eq else card
                if eq and not (card.is_joker and rules.joker_role == "any_card"):
                    raise IllegalMove(f"{tok}: only an any-card joker stands for another card")
                pile_cards.append(card)
                pile_eff.append(eff)
            game.stock = list(reversed(parse_cards(stock)))
        except ValueError as exc:
            raise IllegalMove(f"bad position: {exc}") from None
        if not pile_cards:
            raise IllegalMove("a position needs a pile with at least its top card")
        if not 0 <= current < seats:
            raise IllegalMove(f"current must be a seat from 0 to {seats - 1}, not {current!r}")
        if not rules.min_seats <= seats <= rules.max_seats:
            raise IllegalMove(
                f"{rules.name} is played by {rules.min_seats} to {rules.max_seats} seats, "
                f"not {seats}"
            )
        if not game.hands[current]:
            raise IllegalMove(f"seat {current} is to act but holds no cards")
        holding = sum(1 for h in game.hands if h)
        if holding < 2:
            raise IllegalMove("that round is over: fewer than two seats hold cards")
        if rules.end == "first_out" and holding < seats:
            out = next(i for i, h in enumerate(game.hands) if not h)
            raise IllegalMove(
                f"that round is over: seat {out} holds no cards, and in these rules the round "
                "ends when the first seat lays its last card"
            )
        if suit is not None and suit not in SUITS:
            raise IllegalMove(f"suit must be one of {' '.join(SUITS)}, not {suit!r}")
        totals: list[int] | None = None
        if scores is not None:
            if len(scores) != seats:
                raise IllegalMove(f"scores needs one total per seat ({seats}), not {len(scores)}")
            totals = []
            for total in scores:
                if isinstance(total, bool) or not isinstance(total, int) or total < 0:
                    raise IllegalMove(f"scores must be whole numbers from 0 up, not {total!r}")
                totals.append(total)
            if rules.scoring == "points" and max(totals) >= rules.target:
                raise IllegalMove(
                    f"that match is over: a total of {max(totals)} has reached the target "
                    f"of {rules.target}"
                )
        top_joker = pile_cards[-1].is_joker and pile_eff[-1].is_joker
        if top_joker and suit is None and rules.joker_role == "draw_wild":
            raise IllegalMove(f"{pile_cards[-1].code} on top needs the suit it named (suit=)")
        if suit is not None and not top_joker and suit != pile_eff[-1].suit:
            # RULES §8: nothing is pending in a position, so the top card's own suit is in force.
            raise IllegalMove(
                f"with {pile_eff[-1].pretty} on top its own suit is in force; suit= is only for "
                "a joker on top"
            )
        if pile_cards[-1].is_joker and rules.joker_role == "any_card" and pile_eff[-1].is_joker:
            code = pile_cards[-1].code
            raise IllegalMove(f"{code} on top must say what it stands for ({code}=KH)")
        decks = rules.decks_for(seats)
        held = [*pile_cards, *game.stock, *(c for h in game.hands for c in h)]
        extra = beyond_pack(held, decks, rules.jokers)
        if extra:
            card, k, limit = extra[0]
            raise IllegalMove(
                f"{card.named} appears {k} times but the pack ({decks} deck(s), "
                f"{rules.jokers} joker(s) each) holds {limit}"
            )
        game.pile = pile_cards
        game.pile_eff = pile_eff
        game._top = pile_eff[-1]
        if suit is not None:
            game._suit = suit
        else:
            game._suit = "" if game._top.is_joker else game._top.suit
        game.dealer = (current - 1) % seats
        game._seed = start_seed
        if totals is not None:
            game._scores = totals
        for s in range(seats):
            if not game.hands[s]:
                game._out[s] = True
                game._placings.append(s)
        game._begin_turn(current)
        game._ev = []
        return game

    def _deal(self) -> None:
        """Shuffle, deal and turn up the starter (RULES §2.1–2.3)."""
        rng = random.Random(self._seed)
        r = self.rules
        n = self.n
        pack = make_pack(r.decks_for(n), r.jokers)
        rng.shuffle(pack)
        size = r.hand_size_for(n)
        power = self._c.power
        plain = r.starter == "plain"
        for attempt in range(100):
            self.stock = pack
            self.hands = [[] for _ in range(n)]
            for _ in range(size):
                for k in range(1, n + 1):
                    self.hands[(self.dealer + k) % n].append(self.stock.pop())
            # A joker never starts the pile (it would stand for nothing); with a plain starter
            # neither does a power card. If the stock holds no card that may start (a big
            # table dealt every one into the hands), the whole pack is shuffled and dealt again.
            if any(not c.is_joker and (not plain or c not in power) for c in self.stock):
                break
            if attempt == 99:
                # Rare deals of a rule set with few plain cards and a small stock: rather than
                # give up, a card that may start changes places with one of the stock.
                held = [
                    (s, i)
                    for s in range(n)
                    for i, c in enumerate(self.hands[s])
                    if not c.is_joker and (not plain or c not in power)
                ]
                if not held or not self.stock:
                    raise RulesError(
                        "the stock left after dealing never holds a card to start the pile "
                        "on: lower hand_size or max_seats, or add a deck (deck_steps)"
                    )
                s, i = held[rng.randrange(len(held))]
                k = rng.randrange(len(self.stock))
                self.hands[s][i], self.stock[k] = self.stock[k], self.hands[s][i]
                break
            pack = [*self.stock, *(c for hand in self.hands for c in hand)]
            rng.shuffle(pack)
        starter = self.stock.pop()
        while starter.is_joker or (plain and starter in power):
            # Put it back below the top of the stock, at a random place.
            self.stock.insert(rng.randrange(len(self.stock)), starter)
            starter = self.stock.pop()
        self.pile = [starter]
        self.pile_eff = [starter]
        self._top = starter
        self._suit = "" if starter.is_joker else starter.suit
        self._seed = rng.getrandbits(64)
        self.penalty = self.skips = 0
        self._ks_layer = -1
        self.missed = [0] * n
        self._clear_rank_request()
        self._clear_suit_request()
        self._drawn = None
        self._macau_open = -1
        self._out = [False] * n
        self._placings = []
        self._blocked_passes = 0
        self.over = False
        self.places = ()
        self.blocked = False
        self._tally = [[0, 0, 0, 0] for _ in range(n)]
        self._legal = None
        self._cut_list = None
        self._begin_turn((self.dealer + 1) % n)
        self._ev = []

    def stop_round(self) -> list[Event]:
        """End the round in play now, scored as a blocked round (RULES §2.7, §6): the seats
        still holding cards are placed by the fewest cards (points, when the rules score
        points), ties sharing a place, and in a points match every one of them is charged.

        The rules never deadlock, but players can loop: a table where only bots play on (every
        person is out) stops a round that has not ended after thousands of moves, rather than
        leave the person watching for ever (docs/rules-decisions.md).
        """
        if self.over:
            raise IllegalMove("the round is over")
        ev: list[Event] = []
        self._ev = ev
        self._legal = None
        self._cut_list = None
        self._drawn = None
        self._end_round(blocked=True)
        self._log = (self._log, *ev)
        return ev

    def next_round(self) -> list[Event]:
        """Deal the next round of the match; the deal moves one seat on."""
        if self.match_over:
            raise IllegalMove("the match is over")
        if not self.over:
            raise IllegalMove("the round is not over yet")
        self.dealer = (self.dealer + 1) % self.n
        self.round_no += 1
        self._deal()
        ev: list[Event] = [TurnStarted(self.current, self.phase.value)]
        self._log = (None, *ev)  # the log covers the round in play
        return ev

    # ----- public reading --------------------------------------------------------------
    @property
    def seats(self) -> int:
        """Number of seats at the table."""
        return self.n

    def hand(self, seat: object) -> list[Card]:
        """A copy of ``seat``'s cards (for the engine's owner; bots get ``view`` instead)."""
        return list(self.hands[self._seat_arg(seat)])

    @property
    def placings(self) -> list[int]:
        """The seats out so far, in the order they went out (every seat once the round is
        over); a copy, as every reading is: changing it changes nothing in the game."""
        return self._placings[:]

    @property
    def scores(self) -> list[int]:
        """Each seat's match total so far (under points scoring; zeros otherwise); a copy."""
        return self._scores[:]

    @property
    def hand_counts(self) -> list[int]:
        """Every seat's card count (public)."""
        return [len(h) for h in self.hands]

    @property
    def top(self) -> Card:
        """The top card of the pile as laid (a joker stays a joker; see ``top_effective``)."""
        return self.pile[-1]

    @property
    def top_effective(self) -> Card:
        """The card the top of the pile acts as."""
        return self._top

    def drawable(self) -> int:
        """How many cards can still be drawn: the stock, then the pile under its top card,
        which is shuffled into a new stock when the stock runs out (RULES §2.6). A penalty
        larger than this is drawn as far as it goes; the rest is forgiven."""
        return len(self.stock) + max(0, len(self.pile) - 1)

    def attack_answers(self) -> tuple[str, str]:
        """While an attack waits: the cards that may fight it back and those that would cut
        it, in words ("a 2, 3♥ or K♥", "K♣ or K♦"), each "" where none may; ("", "") when
        no attack waits. The same words the refusals use."""
        if self.phase is not ATTACK:
            return "", ""
        answers = self._answers(self._top, self._suit)
        return ("" if answers == "no card" else answers), self._cutters()

    def skip_answers(self) -> str:
        """While missed turns wait: the cards that answer them, in the words the refusals use
        ("a four", "a four or a joker"); "" when none wait, or when every card that would
        answer lies in the pile (``phase`` tells the two apart)."""
        if self.phase is not SKIP:
            return ""
        return self._skip_words()

    def request_answers(self) -> str:
        """While a jack's or a suit changer's request is in force: the cards that answer it,
        in the words the refusals use ("a 7 or a jack", "a club, an ace or a joker", "any
        suit but hearts, or an ace"); "" with no request, or when every card that would
        answer lies in the pile."""
        return self._request_words()

    def cancel_verb(self) -> str:
        """While an attack waits: how the cards that would cancel it do so, in the words How
        to play uses ("cut" for a 7, "block" for a 4 or K♣/K♦, "cut or block" for both; see
        ``attack_answers``); "" when no attack waits or nothing would cancel it."""
        if self.phase is not ATTACK:
            return ""
        return cancel_verb(self._cut_cards())

    def suit_to_change(self, play: object) -> tuple[str, Card | None]:
        """Where a named suit must differ (``ace_must_differ``): the suit the last card of
        ``play`` may not name, and the card of the play it is laid on (``None`` when it goes
        on the pile: the suit is then the one in force, or the one a free suit leaves out);
        ``("", None)`` when the rules let it name any suit. ``play`` may be given in notation,
        as to ``apply``."""
        if isinstance(play, str):
            play = _as_action(play)
        if not isinstance(play, Play):
            raise IllegalMove(f"suit_to_change takes a play, not {play!r}")
        if not self._c.ace_must_differ or not play.cards:
            return "", None
        declared = play.declared
        effs: list[Card] = []
        for i, card in enumerate(play.cards):
            stands = declared[i] if declared is not None else None
            effs.append(stands if stands is not None else card)
        laid = tuple(effs)
        return self._suit_under(laid), (laid[-2] if len(laid) > 1 else None)

    @property
    def suit_in_force(self) -> str:
        """The suit a card must match: ``S H D C``, or ``""`` for a free suit or no suit."""
        return self._suit

    @property
    def stock_count(self) -> int:
        """Cards left in the stock."""
        return len(self.stock)

    def rank_request_until(self) -> int:
        """The seat whose turn the rank request in force ends with (-1 without one): the
        jack's player (RULES §3.3), or, once that player is out, the last seat to take a turn
        before the turn passes their seat (as ``_step`` goes, seats out and seats sitting out
        a missed turn are passed without one)."""
        owner = self._req_owner
        if not self._req_rank or owner < 0:
            return -1
        if not self._out[owner]:
            return owner
        last = t = self.current
        for _ in range(self.n):
            t = (t + 1) % self.n
            if t == owner:
                break
            if not self._out[t] and self.missed[t] == 0:
                last = t
        return last

    @property
    def request(self) -> dict[str, Any] | None:
        """The request in force: ``{"kind": "rank", "rank": "8", "owner": seat}`` or a suit one
        (``rank_request_until`` says whose turn a rank request ends with)."""
        if self._req_rank:
            return {
                "kind": "rank",
                "rank": RANK_NAMES[self._req_rank],
                "owner": self._req_owner,
            }
        if self._req_suits:
            return {
                "kind": "suit",
                "suits": "".join(s for s in SUITS if s in self._req_suits),
                "free": bool(self._req_excluded) and len(self._req_suits) > 1,
                "excluded": self._req_excluded,
                "until_met": self._c.until_met,
                "bound": self._req_bound,
            }
        return None

    @property
    def drawn_card(self) -> Card | None:
        """The card the seat to act has just drawn and may still lay (phase ``DRAWN``)."""
        return self._drawn

    @property
    def macau_catchable(self) -> int:
        """The seat that forgot to call Macau and may be caught now, or -1."""
        return self._macau_open

    def tally(self, seat: object) -> dict[str, int]:
        """Statistics of ``seat`` this round: penalty cards, biggest stack, turns missed…"""
        return dict(zip(TALLY_FIELDS, self._tally[self._seat_arg(seat)], strict=True))

    def _penalty_total(self) -> int:
        return self.penalty

    def _seat_arg(self, seat: object) -> int:
        """``seat`` if it is a seat at this table, else ``NoSuchSeat`` saying which seats are."""
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise NoSuchSeat(f"a seat is a whole number from 0 to {self.n - 1}, not {seat!r}")
        if not 0 <= seat < self.n:
            raise NoSuchSeat(f"there is no seat {seat} at this table (seats 0 to {self.n - 1})")
        return seat

    @staticmethod
    def arrange_group(cards: Sequence[Card]) -> tuple[Card, ...]:
        """The cards in the order a group is laid: first and last kept, the middle in hand order.

        A UI that lets the player pick a group in any order passes it through this before
        building the ``Play`` (runs keep their own order and need no arranging).
        """
        if len(cards) < 4:
            return tuple(cards)
        middle = sorted(cards[1:-1], key=canon_key)
        return (cards[0], *middle, cards[-1])

    # ----- legal actions ---------------------------------------------------------------
    def legal_actions(self, seat: object = None) -> list[Action]:
        """Every action ``seat`` (default: the seat to act) may take now."""
        if seat is not None:
            asked = self._seat_arg(seat)
        else:
            asked = self.current
        if self.over:
            return []
        if asked != self.current:
            if self._macau_open >= 0 and asked != self._macau_open:
                return [Stop(self._macau_open)]
            return []
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
        return legal[:]

    def legal_actions_capped(self, limit: object, seat: object = None) -> tuple[list[Action], bool]:
        """``legal_actions``, listing at most ``limit`` plays: ``(actions, complete)``.

        With stand-in jokers a big hand can be laid in millions of ways, too many to list in
        a moment or to hold in memory. A table asks this instead: when there are more than
        ``limit`` plays it gets the first ``limit`` of ``legal_actions``' order, then every
        action that is not a play (draw, pass, stop), and ``complete`` is False. Every action
        returned is legal; with ``complete`` True they are all of them.

        The plays left out are mostly the longest, so a cut listing may lack every play that
        lays the whole hand. Where one of the longest plays listed, with the few cards it
        leaves put into it, is one (see ``_going_out``), such plays come first, in place of
        the last of the ``limit``: a table's hint and its bots can then go out.
        """
        if not isinstance(limit, int) or isinstance(limit, bool):
            raise ValueError(f"limit must be a whole number of plays, not {limit!r}")
        if limit < 1:
            raise ValueError(f"limit must be at least 1, not {limit}")
        if seat is not None:
            asked = self._seat_arg(seat)
        else:
            asked = self.current
        if self.over or asked != self.current:
            return self.legal_actions(seat), True
        legal = self._legal
        if legal is None:
            cut = self._cut_list
            if cut is not None and self._cut_cap == limit + 1:
                legal = cut  # the same cut listing, asked again (a bot, then the table)
            else:
                self._cut = False
                listed = self._generate(limit + 1)
                if not self._cut:
                    legal = self._legal = listed
                else:
                    out = self._laying_all(listed)
                    legal = self._cut_list = out + listed
                    self._cut_cap = limit + 1
        plays = 0
        for action in legal:
            if isinstance(action, Play):
                plays += 1
        if plays <= limit:
            return legal[:], True
        if legal is self._legal:
            # Listed in full before (``legal_actions``, a wider cap): cut as a listing cut
            # short is, the plays laying the whole hand first, so the answer is the same
            # whatever was asked before.
            cut = self._cut_list
            if cut is None or self._cut_cap != limit + 1:
                listed = legal[: _whole_candidates(legal, limit + 1, plays)] + legal[plays:]
                cut = self._cut_list = self._laying_all(listed) + listed
                self._cut_cap = limit + 1
            legal = cut
            plays = len(legal) - (len(self._legal) - plays)
        return legal[:limit] + legal[plays:], False

    def _laying_all(self, listed: list[Action]) -> list[Action]:
        """For a listing cut short: plays laying the whole hand where it lists none, built
        from its longest plays (``_going_out``), else as a run (``_whole_run``) or a group
        (``_whole_group``) of the whole hand; [] where it lists one or none is found."""
        longest = 0
        for action in listed:
            if isinstance(action, Play) and len(action.cards) > longest:
                longest = len(action.cards)
        if longest >= len(self.hands[self.current]):
            return []
        return self._going_out(listed, longest) or self._whole_run() or self._whole_group()

    def _going_out(self, listed: list[Action], longest: int) -> list[Action]:
        """Plays laying the whole hand, for a listing cut short that has none: each of the
        ``longest`` listed plays, when it leaves at most two cards, with those put into it
        where it stays legal (``_filled``). An empty list where there is no such play to build."""
        hand = self.hands[self.current]
        if longest < len(hand) - 2:
            return []
        found: list[Action] = []
        bases = 0
        for action in listed:
            if not isinstance(action, Play) or len(action.cards) != longest or action.call:
                continue
            left = list(hand)
            for card in action.cards:
                left.remove(card)
            breathe()  # (tens of milliseconds in all with two jokers: see ``listing.breathe``)
            play = self._filled(action, left)
            if play is not None and play not in found:
                found.append(play)
            bases += 1
            if bases >= _OUT_BASES or len(found) >= _OUT_PLAYS:
                break
        return found

    def _whole_run(self) -> list[Action]:
        """A run laying the whole hand, for a listing cut short without one: its stand-in
        jokers standing for the ranks it lacks, turning suit through two cards of a rank
        (3♥ … J♥, jokers as Q♥ K♥, then K♣). The listing puts groups before runs, so where
        the longest plays listed are groups, ``_going_out`` finds no room for a card of
        another suit. [] where no such run is legal (runs not allowed, a suit met twice, …)."""
        hand = self.hands[self.current]
        if not self._c.runs:
            return []
        jokers = [c for c in hand if c.is_joker]
        held: dict[str, set[int]] = {}
        for card in hand:
            if not card.is_joker:
                held.setdefault(card.suit, set()).add(card.rank)
        if not jokers or not held:
            return []
        if sum(len(ranks) for ranks in held.values()) + len(jokers) != len(hand):
            return []  # two of one card (two decks): no run holds both
        n = len(hand)
        for order in permutations(sorted(held)):
            k = len(order)
            lows = [min(held[x]) for x in order]
            highs = [max(held[x]) for x in order]
            # Ascending from ``start``: suit i runs from the rank it takes over at (the last
            # one's) to the rank it hands over at, both laid in each suit; n cards in all.
            for start in range(2, lows[0] + 1):
                end = start + n - k
                if end > 14 or end < highs[-1]:
                    continue
                spans = [range(highs[i], lows[i + 1] + 1) for i in range(k - 1)]
                for turns in product(*spans):
                    ranks = [start, *turns, end]
                    if any(ranks[i] > ranks[i + 1] for i in range(k)):
                        continue
                    cards, declared = self._run_of(order, ranks, held, jokers)
                    breathe()
                    for play in (Play(cards, declared), Play(cards[::-1], declared[::-1])):
                        found = self._with_choice(play)
                        if found is not None:
                            return [found]
        return []

    def _whole_group(self) -> list[Action]:
        """A group laying the whole hand, for a listing cut short without one: the cards of
        one suit (or one rank) with the stand-in jokers in its middle standing for its first
        card, the middle in hand order. With three or four jokers the longest plays listed
        leave them out, too many cards for ``_going_out`` to put back. [] where none is legal."""
        hand = self.hands[self.current]
        jokers = sorted((c for c in hand if c.is_joker), key=lambda c: c.order)
        naturals = sorted((c for c in hand if not c.is_joker), key=lambda c: c.order)
        if not jokers or len(naturals) < 2:
            return []
        if len({c.suit for c in naturals}) > 1 and len({c.rank for c in naturals}) > 1:
            return []
        for first in dict.fromkeys(naturals):
            for last in dict.fromkeys(naturals):
                middle = list(naturals)
                middle.remove(first)
                if last not in middle:
                    continue
                middle.remove(last)
                cards = (first, *middle, *jokers, last)
                declared: tuple[Card | None, ...] = (
                    None,
                    *[None] * len(middle),
                    *[first] * len(jokers),
                    None,
                )
                breathe()
                found = self._with_choice(Play(cards, declared))
                if found is not None:
                    return [found]
        return []

    @staticmethod
    def _run_of(
        order: tuple[str, ...], ranks: list[int], held: dict[str, set[int]], jokers: list[Card]
    ) -> tuple[tuple[Card, ...], tuple[Card | None, ...]]:
        """The ascending run of suit ``order[i]`` from ``ranks[i]`` to ``ranks[i + 1]``, the
        cards held where they are, the jokers standing for the rest: its cards and what
        each stands for."""
        cards: list[Card] = []
        declared: list[Card | None] = []
        spare = iter(jokers)
        for i, suit in enumerate(order):
            for rank in range(ranks[i], ranks[i + 1] + 1):
                card = Card.of(rank, suit)
                if rank in held[suit]:
                    cards.append(card)
                    declared.append(None)
                else:
                    cards.append(next(spare))
                    declared.append(card)
        return tuple(cards), tuple(declared)

    def _with_choice(self, play: Play) -> Play | None:
        """``play`` as it is legal: as it is, or with the first suit or rank its last card
        may name where it must name one; None where neither is."""
        try:
            self.check(play)
            return play
        except IllegalMove as exc:
            if " must name " not in str(exc):  # the shape itself is refused
                return None
        for choice in SUFFIXES:
            tried = Play(play.cards, play.declared, choice)
            if self.is_legal(tried):
                return tried
        return None

    def _filled(self, base: Play, left: list[Card]) -> Play | None:
        """``base`` with each card of ``left`` put in where the play stays legal (between its
        first and last card, else after or before them), a joker standing for a card beside
        it or one rank from one; None where one cannot be put in anywhere."""
        cards = list(base.cards)
        stand: list[Card | None] = (
            list(base.declared) if base.declared is not None else [None] * len(cards)
        )
        for card in left:
            placed = False
            for at in [*range(1, len(cards)), len(cards), 0]:
                for stands in _stand_ins(card, cards, stand, at):
                    breathe()
                    tried_cards = [*cards[:at], card, *cards[at:]]
                    tried_stand = [*stand[:at], stands, *stand[at:]]
                    declared = tuple(tried_stand) if any(tried_stand) else None
                    if self.is_legal(Play(tuple(tried_cards), declared, base.choice)):
                        cards, stand, placed = tried_cards, tried_stand, True
                        break
                if placed:
                    break
            if not placed:
                return None
        return Play(tuple(cards), tuple(stand) if any(stand) else None, base.choice)

    def is_legal(self, action: object, seat: object = None) -> bool:
        """Whether ``apply(action, seat)`` would be accepted."""
        try:
            self.check(action, seat)
        except (IllegalMove, ValueError):
            return False
        return True

    def check(self, action: object, seat: object = None) -> None:
        """Raise ``IllegalMove`` with the reason if ``action`` is not legal now."""
        self._verify_any(_as_action(action), seat)

    def _verify_any(self, action: Action, seat: object) -> tuple[Card, ...] | None:
        if isinstance(action, Play):
            _well_formed(action)
        if self.match_over:
            raise IllegalMove("the match is over")
        if self.over:
            raise IllegalMove("the round is over: deal the next round to play on")
        actor = self.current if seat is None else self._seat_arg(seat)
        if isinstance(action, Stop):
            self._seat_arg(action.target)  # a seat not at the table: NoSuchSeat, as anywhere
            if not self._c.macau_required:
                # Nobody can forget a call the table makes, so nobody can ever be caught.
                raise IllegalMove("Macau is called for you in these rules")
            if self._macau_open < 0:
                raise IllegalMove(
                    "nobody can be caught now: stop Macau only right after a forgotten call"
                )
            if action.target != self._macau_open:
                raise IllegalMove(f"seat {action.target} did not forget to call Macau")
            if actor == action.target:
                raise IllegalMove("you cannot catch yourself")
            return None
        if actor != self.current:
            raise IllegalMove(f"it is seat {self.current}'s turn, not seat {actor}'s")
        return self._verify(action)

    # ----- apply -----------------------------------------------------------------------
    def apply(self, action: object, seat: object = None) -> list[Event]:
        """Take ``action`` for ``seat`` (default: the seat to act); return the events.

        Raises ``IllegalMove`` (a ``ValueError``) naming the rule, leaving the game unchanged.
        """
        action = _as_action(action)
        effs: tuple[Card, ...] | None = None
        listed = False
        if seat is None and self._legal is not None and not isinstance(action, Stop):
            # An action taken from the list just generated needs no second check.
            for known in self._legal:
                if known is action:
                    listed = True
                    break
        if listed:
            if isinstance(action, Play):
                effs = action.effective()
        else:
            effs = self._verify_any(action, seat)
        ev: list[Event] = []
        self._ev = ev
        kept = 0  # events left out of the public record (a drawn card kept)
        self._legal = None
        self._cut_list = None
        if isinstance(action, Stop):
            self._do_stop(self.current if seat is None else self._seat_arg(seat), action.target)
        else:
            self._macau_open = -1  # the next action at the table closes the window
            phase = self.phase
            if isinstance(action, Play):
                assert effs is not None
                self._do_play(action, effs)
            elif isinstance(action, Draw):
                if phase is ATTACK:
                    self._do_take()
                else:
                    self._do_draw()
            elif isinstance(action, Pass):
                if phase is SKIP:
                    self._do_accept()
                elif phase is DRAWN:
                    self._drawn = None
                    ev.append(Passed(self.current))
                    self._end_turn(self.current)
                    # Only a drawn card that could be laid can be kept, so the keeping
                    # tells the card fits: the public record leaves it out, as a turn
                    # ended by a card that does not fit says nothing (RULES 2.9).
                    kept = 1
                else:
                    self._do_blocked_pass()
        # The log is a chain of (older, *events) tuples, shared by copies: the public record,
        # so drawn cards are stripped (only when a draw happened: it is most of a turn's cost).
        if self._secret:
            self._secret = False
            public = [e.public(-1) for e in ev[kept:]]
        else:
            public = ev[kept:]
        older = self._log
        if kept and older is not None:
            # A drawn card kept goes on in the draw's own link, as the turn a drawn card that
            # does not fit ends in one link: the chain's shape tells nothing either.
            self._log = (older[0], *older[1:], *public)
        else:
            self._log = (older, *public)
        return ev

    # ----- copies, views, saves ------------------------------------------------------
    def copy(self) -> Game:
        """An independent copy (cheap: bots search on these)."""
        new = Game._blank(self.rules, self._c, self.n, self._k)  # a copy shares the caches
        new.current = self.current
        new.phase = self.phase
        new._ctx = self._ctx
        new._top = self._top
        new._suit = self._suit
        new.penalty = self.penalty
        new._ks_layer = self._ks_layer
        new.skips = self.skips
        new._req_rank = self._req_rank
        new._req_owner = self._req_owner
        new._req_fresh = self._req_fresh
        new._req_suits = self._req_suits
        new._req_excluded = self._req_excluded
        new._req_bound = self._req_bound
        new._drawn = self._drawn
        new._macau_open = self._macau_open
        new._blocked_passes = self._blocked_passes
        new.dealer = self.dealer
        new.round_no = self.round_no
        new.over = self.over
        new.match_over = self.match_over
        new.places = self.places
        new.blocked = self.blocked
        new.winners = self.winners
        new._seed = self._seed
        new._log = self._log
        new.hands = [h[:] for h in self.hands]
        new.stock = self.stock[:]
        new.pile = self.pile[:]
        new.pile_eff = self.pile_eff[:]
        new.missed = self.missed[:]
        new._out = self._out[:]
        new._placings = self._placings[:]
        new._scores = self._scores[:]
        new.round_charges = self.round_charges[:]
        new._tally = [t[:] for t in self._tally]
        return new

    def reseed(self, seed: object) -> None:
        """Replace the random state used for future reshuffles and deals: a whole number, or
        a text as ``new`` takes (anything else is refused with ``IllegalMove``)."""
        self._seed = _position_seed(seed)

    def events(self) -> list[Event]:
        """The public record of this round, oldest first (drawn cards are not in it, nor a
        seat keeping the card it drew)."""
        nodes: list[tuple[Any, ...]] = []
        node = self._log
        while node is not None:
            nodes.append(node)
            node = node[0]
        out: list[Event] = []
        k = len(nodes)
        while k > 0:
            k -= 1
            chunk = nodes[k]
            for i in range(1, len(chunk)):
                out.append(chunk[i])
        return out

    def view(self, seat: object) -> Any:
        """What ``seat`` may see: its own hand, counts, the pile, public state; no stock order."""
        from .view import View

        return View.of(self, self._seat_arg(seat))

    @classmethod
    def from_view(
        cls, view: Any, hands: Sequence[Sequence[Card]], stock: Sequence[Card], seed: int = 0
    ) -> Game:
        """A full game that agrees with ``view``, with the hidden cards as given (for search).

        ``hands`` gives every seat's cards (the viewer's own must match); ``stock`` is listed
        bottom first (the last card is drawn next). ``IllegalMove`` names what does not agree
        with the view: a hand of another size, the viewer's hand changed, a value that is
        not a card.
        """
        from .view import View

        if not isinstance(view, View):
            raise IllegalMove(f"from_view takes a seat's view (Game.view(seat)), not {view!r}")
        public: dict[str, Any] = view._public
        rules: Rules = public["rules"]
        game = Game._blank(rules, compile_rules(rules), public["n"])
        for key in PUBLIC_FIELDS:
            setattr(game, key, _copy_value(public[key]))
        game.hands = _viewed_hands(view, hands)
        # (A stock of any size: a position set up with part of the pack leaves its other
        # cards unseen, and a search may put them all in the stock.)
        game.stock = _cards_of(stock, "stock")
        game._seed = seed
        drawn = view.drawn if view.seat == game.current else None
        if game.phase is DRAWN and drawn is None and game.hands[game.current]:
            drawn = game.hands[game.current][-1]
        game._drawn = drawn
        return game

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of the whole state (for saved games)."""
        from .serial import game_to_dict

        return game_to_dict(self)

    @classmethod
    def from_dict(cls, data: object) -> Game:
        """Rebuild a game saved by ``to_dict``; ``ValueError`` for anything else."""
        from .serial import game_from_dict

        game: Game = game_from_dict(data)
        return game

    def __repr__(self) -> str:
        return (
            f"<Game {self.rules.name} seats={self.n} current={self.current} "
            f"phase={self.phase.value} top={self.top}>"
        )


def _cards_of(cards: object, what: str) -> list[Card]:
    """``cards`` as a list of cards; ``IllegalMove`` naming ``what`` for anything else."""
    if isinstance(cards, str) or not isinstance(cards, (list, tuple)):
        raise IllegalMove(f"{what} must be a list of cards, not {cards!r}")
    out = list(cards)
    for card in out:
        if not isinstance(card, Card):
            raise IllegalMove(f"{what} must hold cards, not {card!r}")
    return out


def _viewed_hands(view: Any, hands: object) -> list[list[Card]]:
    """Every seat's hand for ``Game.from_view``, checked against what ``view`` shows: one
    per seat, each of the size the view counts, the viewer's own the view's."""
    counts: tuple[int, ...] = view.hand_counts
    if isinstance(hands, str) or not isinstance(hands, (list, tuple)):
        raise IllegalMove(f"hands must be a list of hands, one per seat, not {hands!r}")
    if len(hands) != len(counts):
        raise IllegalMove(f"hands must hold one hand per seat ({len(counts)}), not {len(hands)}")
    out = [_cards_of(hand, f"seat {seat}'s hand") for seat, hand in enumerate(hands)]
    for seat, hand in enumerate(out):
        if len(hand) != counts[seat]:
            raise IllegalMove(
                f"seat {seat} holds {counts[seat]} cards in the view, not {len(hand)}"
            )
    own = out[view.seat]
    if own != list(view.hand) and sorted(c.code for c in own) != sorted(c.code for c in view.hand):
        raise IllegalMove(f"seat {view.seat}'s hand must be the one its view shows")
    return out


def _position_seed(seed: object) -> int:
    """A position's random state: a whole number as it is, a text turned into one as
    ``new`` turns it; anything else refused."""
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise IllegalMove(f"seed must be a whole number or a text, not {seed!r}")
    return seed if isinstance(seed, int) else random.Random(seed).getrandbits(64)


def _as_action(action: object) -> Action:
    """Notation is parsed; anything that is not an action is refused like an illegal move."""
    if isinstance(action, str):
        try:
            return parse_action(action)
        except NotationError as exc:
            raise UnreadableAction(str(exc)) from None
    if not isinstance(action, Action):
        raise IllegalMove(f"{action!r} is not an action: use notation such as '7H', 'draw'")
    return action


def _stand_ins(
    card: Card, cards: list[Card], stand: list[Card | None], at: int
) -> list[Card | None]:
    """What ``card`` put in at ``at`` may stand for: nothing for a plain card; for a joker,
    the card each neighbour acts as, and the cards one rank from it in its suit."""
    if not card.is_joker:
        return [None]
    out: list[Card | None] = []
    for i in (at - 1, at):
        if not 0 <= i < len(cards):
            continue
        acts = stand[i] or cards[i]
        if acts.is_joker:
            continue
        up = acts.rank + 1 if acts.rank < 14 else 2
        down = acts.rank - 1 if acts.rank > 2 else 14
        for near in (acts, Card.of(up, acts.suit), Card.of(down, acts.suit)):
            if near not in out:
                out.append(near)
    return out


def _well_formed(play: Play) -> None:
    """Refuse, as an illegal move, a ``Play`` built by hand with fields of the wrong kind
    (notation always gives the right ones; a play is not checked when it is made, which would
    cost every listing)."""
    cards: object = play.cards
    declared: object = play.declared
    choice: object = play.choice
    call: object = play.call
    wrong = ""
    if not isinstance(cards, tuple) or not cards or not all(isinstance(c, Card) for c in cards):
        wrong = "its cards must be a non-empty tuple of cards"
    elif declared is not None and (
        not isinstance(declared, tuple)
        or len(declared) != len(cards)
        or not all(d is None or isinstance(d, Card) for d in declared)
    ):
        wrong = "what its jokers stand for must be a tuple of cards or None, one per card"
    elif choice is not None and not isinstance(choice, str):
        wrong = "its choice must be a suit or rank in notation (such as 'H' or '8')"
    elif not isinstance(call, bool):
        wrong = "its Macau call must be True or False"
    if wrong:
        raise IllegalMove(f"not a well-formed play: {wrong}")


def _copy_value(v: Any) -> Any:
    if isinstance(v, list):
        return [x[:] if isinstance(x, list) else x for x in v]
    return v


# Whether this module runs compiled (mypyc): native classes cannot skip __init__.
_COMPILED: Final = not __file__.endswith((".py", ".pyc"))


def _whole_candidates(legal: list[Action], cap: int, plays: int) -> int:
    """How many of the ``plays`` first actions of a full listing a listing capped at ``cap``
    plays holds: the first ``cap``, then the rest of the variants (the suffixes and call
    twins listed together) of the last of them, as the listing stops only between two plays
    of different cards (``listing._Lister.add_new``). A cut from a full listing is then the
    cut the listing makes itself, and builds the same plays laying the whole hand."""
    end = min(cap, plays)
    if end == 0:
        return 0
    last = legal[end - 1]
    while end < plays:
        action = legal[end]
        if not (
            isinstance(action, Play)
            and isinstance(last, Play)
            and action.cards == last.cards
            and action.declared == last.declared
        ):
            break
        end += 1
    return end

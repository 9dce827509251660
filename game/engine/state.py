"""The Macau state machine: ``Game``.

A ``Game`` holds one round (and the match it belongs to). ``legal_actions`` and ``apply`` both
dispatch on ``phase``. ``apply`` verifies first and mutates only when the action is legal, so a
refused action leaves the game exactly as it was. ``copy`` is cheap, for bots that search.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from .actions import (
    Action,
    AttackPending,
    CardsDrawn,
    CardsLaid,
    Draw,
    Event,
    FiveAgain,
    MacauCalled,
    MacauCaught,
    MacauForgotten,
    MatchOver,
    MissedTurnsAccepted,
    Pass,
    Passed,
    PenaltyTaken,
    Play,
    RankRequested,
    RequestEnded,
    Reshuffled,
    RoundOver,
    SeatOut,
    SkipPending,
    StackCancelled,
    StackLapsed,
    Stop,
    SuitNamed,
    TurnMissed,
    TurnStarted,
    parse_action,
)
from .cards import JACK, RANK_NAMES, SUITS, Card, make_pack, parse_cards
from .compiled import Caches, compile_rules
from .legal import canon_key
from .listing import Listing
from .phase import IllegalMove, NoSuchSeat, Phase
from .rules import Rules, RulesError

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
    "placings",
    "_blocked_passes",
    "scores",
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

# Module constants compile to C statics (an Enum attribute lookup costs a dict probe).
_PLAY: Final = Phase.PLAY
_ATTACK: Final = Phase.ATTACK
_SKIP: Final = Phase.SKIP
_RANK_REQUEST: Final = Phase.RANK_REQUEST
_SUIT_REQUEST: Final = Phase.SUIT_REQUEST
_DRAWN: Final = Phase.DRAWN
_FIVE_AGAIN: Final = Phase.FIVE_AGAIN
_ROUND_OVER: Final = Phase.ROUND_OVER
_MATCH_OVER: Final = Phase.MATCH_OVER
# Enum's ``.value`` is a Python-level descriptor call; every turn start needs it.
_PHASE_VALUE: Final = {p: p.value for p in Phase}


class Game(Listing):
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
        self.phase = _PLAY
        self._ctx = _PLAY
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
        self.placings: list[int] = []
        # Seats (bits) that have passed blocked since the last other action (RULES §2.7).
        self._blocked_passes = 0
        self.scores = [0] * seats
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
        rules = _rules_arg(rules)
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
        hands: Sequence[str],
        pile: str,
        stock: str = "",
        current: int = 0,
        *,
        seed: int = 0,
        suit: str | None = None,
        scores: Sequence[int] | None = None,
    ) -> Game:
        """Set up a position from notation (RULES §8). ``stock`` lists the top card first."""
        rules = _rules_arg(rules)
        if isinstance(hands, str):
            raise IllegalMove("hands must be a list of hands, one text per seat, not one text")
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
        if isinstance(current, bool) or not isinstance(current, int) or not 0 <= current < seats:
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
        if suit is not None and suit not in SUITS:
            raise IllegalMove(f"suit must be one of {' '.join(SUITS)}, not {suit!r}")
        if scores is not None and len(scores) != seats:
            raise IllegalMove(f"scores needs one total per seat ({seats}), not {len(scores)}")
        top_joker = pile_cards[-1].is_joker and pile_eff[-1].is_joker
        if top_joker and suit is None and rules.joker_role == "draw_wild":
            raise IllegalMove(f"{pile_cards[-1].code} on top needs the suit it named (suit=)")
        if pile_cards[-1].is_joker and rules.joker_role == "any_card" and pile_eff[-1].is_joker:
            code = pile_cards[-1].code
            raise IllegalMove(f"{code} on top must say what it stands for ({code}=KH)")
        decks = rules.decks_for(seats)
        pack: dict[Card, int] = {}
        for card in make_pack(decks, rules.jokers):
            pack[card] = pack.get(card, 0) + 1
        counts: dict[Card, int] = {}
        for card in [*pile_cards, *game.stock, *(c for h in game.hands for c in h)]:
            counts[card] = counts.get(card, 0) + 1
        for card, k in counts.items():
            limit = pack.get(card, 0)
            if k > limit:
                raise IllegalMove(
                    f"{card.pretty} appears {k} times but the pack ({decks} deck(s), "
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
        game._seed = seed
        if scores is not None:
            game.scores = list(scores)
        for s in range(seats):
            if not game.hands[s]:
                game._out[s] = True
                game.placings.append(s)
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
                raise RulesError(
                    "the stock left after dealing never holds a card to start the pile on: "
                    "lower hand_size or max_seats, or add a deck (deck_steps)"
                )
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
        self.placings = []
        self._blocked_passes = 0
        self.over = False
        self.places = ()
        self.blocked = False
        self._tally = [[0, 0, 0, 0] for _ in range(n)]
        self._legal = None
        self._begin_turn((self.dealer + 1) % n)
        self._ev = []

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

    @property
    def suit_in_force(self) -> str:
        """The suit a card must match: ``S H D C``, or ``""`` for a free suit or no suit."""
        return self._suit

    @property
    def stock_count(self) -> int:
        """Cards left in the stock."""
        return len(self.stock)

    @property
    def request(self) -> dict[str, Any] | None:
        """The request in force: ``{"kind": "rank", "rank": "8", "owner": seat}`` or a suit one."""
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
        if self.match_over:
            raise IllegalMove("the match is over")
        if self.over:
            raise IllegalMove("the round is over: deal the next round to play on")
        actor = self.current if seat is None else self._seat_arg(seat)
        if isinstance(action, Stop):
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
        self._legal = None
        if isinstance(action, Stop):
            self._do_stop(self.current if seat is None else self._seat_arg(seat), action.target)
        else:
            self._macau_open = -1  # the next action at the table closes the window
            phase = self.phase
            if isinstance(action, Play):
                assert effs is not None
                self._do_play(action, effs)
            elif isinstance(action, Draw):
                if phase is _ATTACK:
                    self._do_take()
                else:
                    self._do_draw()
            elif isinstance(action, Pass):
                if phase is _SKIP:
                    self._do_accept()
                elif phase is _DRAWN:
                    self._drawn = None
                    ev.append(Passed(self.current))
                    self._end_turn(self.current)
                else:
                    self._do_blocked_pass()
        # The log is a chain of (older, *events) tuples, shared by copies: the public record,
        # so drawn cards are stripped (only when a draw happened: it is most of a turn's cost).
        if self._secret:
            self._secret = False
            self._log = (self._log, *[e.public(-1) for e in ev])
        else:
            self._log = (self._log, *ev)
        return ev

    # ----- the transitions ---------------------------------------------------------------
    def _do_play(self, play: Play, effs: tuple[Card, ...]) -> None:
        seat = self.current
        c = self._c
        ev = self._ev
        phase = self.phase
        ctx = self._ctx if phase is _DRAWN else (_PLAY if phase is _FIVE_AGAIN else phase)
        hand = self.hands[seat]
        for card in play.cards:
            hand.remove(card)
        self.pile.extend(play.cards)
        self.pile_eff.extend(effs)
        ev.append(CardsLaid(seat, play.cards, play.declared))
        self._blocked_passes = 0
        self._drawn = None
        top_before = self._top
        suit_before = self._suit or self._req_excluded
        last = effs[-1]
        left = len(hand)
        power = self._power_applies(seat, left)
        self._top = last
        if not last.is_joker:
            self._suit = last.suit
        if self._req_suits:
            self._clear_suit_request()
            if not (power and last in c.changers):
                ev.append(RequestEnded("suit"))
        nxt = -1
        cut_ks = -1
        five = False
        first = effs[0]
        if ctx is _ATTACK and not c.attack_value[first] and c.is_cancel(first, top_before):
            ev.append(StackCancelled(seat, first, self.penalty))
            self.penalty = 0
            cut_ks = self._ks_layer  # after a K♠: where play goes on, once the round goes on
            self._ks_layer = -1
        elif power and c.attack_value[last]:
            av = c.attack_value
            # Runs are laid only on an ordinary turn: elsewhere the same cards are a group.
            run = ctx is _PLAY and c.runs and self._is_run(effs)
            if len(effs) > 1 and all(av[e] for e in effs) and not run:
                add = sum(av[e] for e in effs)  # a group of attack cards: every card counts
            else:
                add = av[last]  # a run, or a mixed group: only the last card acts
            self.penalty += add
            if not self._anyone_else_active(seat):
                # Every other seat is out or waiting: the stack is aimed at nobody.
                ev.append(StackLapsed(seat, last, self.penalty, 0, "nobody"))
                self.penalty = 0
                self._ks_layer = -1
            elif last is c.king_of_spades:
                nxt = self._step(seat, -1)
                self._ks_layer = seat
            else:
                nxt = self._step(seat, 1)
                self._ks_layer = -1
            if last in c.changers:
                self._name_suit(seat, play.choice, suit_before)
            if self.penalty:
                ev.append(AttackPending(nxt, self.penalty, add))
        elif power and last in c.skip:
            count = len(effs) if all(e in c.skip for e in effs) else 1  # runs hold one skip card
            self.skips += count
            if self._anyone_else_active(seat):
                nxt = self._step(seat, 1)
                ev.append(SkipPending(nxt, self.skips))
            else:
                ev.append(StackLapsed(seat, last, 0, self.skips, "nobody"))
                self.skips = 0
        elif power:
            if last.rank == JACK and c.jack_request:
                if play.choice == "-" or play.choice is None:
                    if self._req_rank:
                        ev.append(RequestEnded("rank"))
                    self._clear_rank_request()
                    ev.append(RankRequested(seat, None))
                else:
                    self._req_rank = _RANK_OF[play.choice]
                    self._req_owner = seat
                    self._req_fresh = True
                    ev.append(RankRequested(seat, play.choice))
            elif last in c.changers:
                self._name_suit(seat, play.choice, suit_before)
            five = c.five_again and last.rank == 5 and left > 0  # out on a 5: the turn is over
        if left == 1 and not five:  # after a 5 (five_again) the call waits for the turn's end
            if c.macau_required:
                if play.call:
                    ev.append(MacauCalled(seat))
                else:
                    ev.append(MacauForgotten(seat))
                    self._macau_open = seat
                    self._tally[seat][3] += 1
            else:
                ev.append(MacauCalled(seat, auto=True))
        if left == 0:
            self._out[seat] = True
            self.placings.append(seat)
            ev.append(SeatOut(seat, len(self.placings)))
            holders = [s for s in range(self.n) if not self._out[s]]
            if self.rules.end == "first_out" or len(holders) <= 1:
                self._end_round(blocked=False)
                return
            if not power and (self.penalty or self.skips):
                # It answered the stack with its last card, whose power does not act: the
                # stack lapses rather than pass on to a seat it was never aimed at. Play
                # goes on as after a penalty taken (after a K♠, from the seat after its player).
                ev.append(StackLapsed(seat, last, self.penalty, self.skips, "out"))
                self.penalty = 0
                self.skips = 0
                if self._ks_layer >= 0:
                    nxt = self._step(self._ks_layer, 1)
                    self._ks_layer = -1
        if cut_ks >= 0:
            # As after a penalty taken: after a K♠ play goes on from the seat after its
            # player, not back to that player.
            nxt = self._step(cut_ks, 1)
            if nxt == seat:
                nxt = self._step(seat, 1)
        if five:
            self.phase = _FIVE_AGAIN
            ev.append(FiveAgain(seat))
            return
        self._end_turn(seat, nxt)

    def _anyone_else_active(self, seat: int) -> bool:
        """Whether a seat other than ``seat`` is neither out nor waiting out missed turns."""
        out = self._out
        missed = self.missed
        return any(t != seat and not out[t] and not missed[t] for t in range(self.n))

    def _name_suit(self, seat: int, choice: str | None, suit_before: str) -> None:
        """Set the suit request a suit changer (ace, joker or 7) makes."""
        if choice == "*":
            excluded = suit_before
            self._req_suits = frozenset(s for s in SUITS if s != excluded)
            self._req_excluded = excluded
            self._suit = ""
            self._ev.append(SuitNamed(seat, "*", excluded))
        elif choice in SUITS:
            self._req_suits = frozenset(choice)
            self._req_excluded = ""
            self._suit = choice
            self._ev.append(SuitNamed(seat, choice))
        else:
            return
        self._req_bound = -1

    def _clear_rank_request(self) -> None:
        self._req_rank = 0
        self._req_owner = -1
        self._req_fresh = False

    def _clear_suit_request(self) -> None:
        self._req_suits = frozenset()
        self._req_excluded = ""
        self._req_bound = -1

    def _end_turn(self, seat: int, nxt: int = -1) -> None:
        """Requests lapse after the seat's turn; then the next active seat's turn begins."""
        if self._req_rank and seat == self._req_owner:
            if self._req_fresh:
                self._req_fresh = False
            else:
                self._clear_rank_request()
                self._ev.append(RequestEnded("rank"))
        if self._req_suits and self._req_bound == seat:
            self._clear_suit_request()
            if not self._top.is_joker:
                self._suit = self._top.suit
            elif not self._suit:
                self._suit = self._req_excluded
            self._ev.append(RequestEnded("suit"))
        if nxt < 0:
            nxt = self._step(seat, 1)
        self._begin_turn(nxt)

    def _step(self, seat: int, direction: int) -> int:
        """The next active seat from ``seat`` in ``direction``; waiting seats passed use a turn."""
        n = self.n
        t = seat
        for _ in range(n * 64):
            t = (t + direction) % n
            if self._out[t]:
                if t == self._req_owner and not self._req_fresh and self._req_rank:
                    # The jack's player is out: its round is complete when the turn passes it.
                    self._clear_rank_request()
                    self._ev.append(RequestEnded("rank"))
                continue
            if self.missed[t] > 0:
                self.missed[t] -= 1
                self._ev.append(TurnMissed(t, self.missed[t]))
                continue
            return t
        return seat

    def _begin_turn(self, seat: int) -> None:
        self.current = seat
        if self.penalty:
            phase = _ATTACK
        elif self.skips:
            phase = _SKIP
        elif self._req_rank:
            phase = _RANK_REQUEST
        elif self._req_suits:
            if not self._c.until_met and self._req_bound < 0:
                self._req_bound = seat
            phase = _SUIT_REQUEST
        else:
            phase = _PLAY
        self.phase = phase
        self._ctx = phase
        self._ev.append(TurnStarted(seat, _PHASE_VALUE[phase]))

    def _draw_one(self) -> Card | None:
        if not self.stock:
            if len(self.pile) <= 1:
                return None
            self._reshuffle()
        return self.stock.pop()

    def _reshuffle(self) -> None:
        """All of the pile but its top card is shuffled into a new stock (RULES §2.6)."""
        cards = self.pile[:-1]
        self.pile = self.pile[-1:]
        self.pile_eff = self.pile_eff[-1:]
        self._seed = shuffle_cards(cards, self._seed)
        self.stock = cards + self.stock
        self._ev.append(Reshuffled(len(cards)))

    def _draw_n(self, seat: int, count: int) -> list[Card]:
        drawn: list[Card] = []
        hand = self.hands[seat]
        for _ in range(count):
            card = self._draw_one()
            if card is None:
                break
            hand.append(card)
            drawn.append(card)
        return drawn

    def _do_take(self) -> None:
        seat = self.current
        owed = self.penalty
        drawn = self._draw_n(seat, owed)
        self._ev.append(CardsDrawn(seat, len(drawn), tuple(drawn), penalty=True))
        self._secret = True
        self._ev.append(PenaltyTaken(seat, owed, len(drawn)))
        tally = self._tally[seat]
        tally[0] += len(drawn)
        if owed > tally[1]:
            tally[1] = owed
        self.penalty = 0
        self._blocked_passes = 0
        ks = self._ks_layer
        self._ks_layer = -1
        nxt = -1
        if ks >= 0:
            # After a king of spades the turn goes to the seat after its player.
            nxt = self._step(ks, 1)
            if nxt == seat:
                nxt = self._step(seat, 1)
        self._end_turn(seat, nxt)

    def _do_draw(self) -> None:
        seat = self.current
        ctx = _PLAY if self.phase is _FIVE_AGAIN else self.phase
        card = self._draw_one()
        assert card is not None
        self.hands[seat].append(card)
        self._ev.append(CardsDrawn(seat, 1, (card,)))
        self._secret = True
        self._blocked_passes = 0
        c = self._c
        if card.is_joker and c.any_card:
            fits = any(self._first_ok(d, ctx) for d in c.declarable)
        else:
            fits = self._first_ok(card, ctx)
        if fits:
            self.phase = _DRAWN
            self._ctx = ctx
            self._drawn = card
        else:
            self._end_turn(seat)

    def _do_accept(self) -> None:
        seat = self.current
        count = self.skips
        self.skips = 0
        self.missed[seat] = count - 1
        self._tally[seat][2] += count
        self._blocked_passes = 0
        self._ev.append(MissedTurnsAccepted(seat, count))
        self._end_turn(seat)

    def _do_blocked_pass(self) -> None:
        """A seat that can neither lay nor draw passes; once every active seat (holding cards,
        not waiting out missed turns) has passed in a row, the round ends blocked (§2.7)."""
        seat = self.current
        passed = self._blocked_passes | 1 << seat
        self._blocked_passes = passed
        self._ev.append(Passed(seat, blocked=True))
        for s in range(self.n):
            if not self._out[s] and self.missed[s] == 0 and not passed >> s & 1:
                self._end_turn(seat)
                return
        self._end_round(blocked=True)

    def _do_stop(self, by: int, target: int) -> None:
        drawn = self._draw_n(target, self.rules.macau_penalty)
        self._tally[target][0] += len(drawn)
        self._macau_open = -1
        self._ev.append(MacauCaught(target, by, len(drawn)))
        self._ev.append(CardsDrawn(target, len(drawn), tuple(drawn), penalty=True))
        self._secret = True

    def _end_round(self, blocked: bool) -> None:
        """Places, charges and the match score (RULES §4, §6)."""
        r = self.rules
        n = self.n
        self._macau_open = -1
        self.over = True
        self.blocked = blocked
        self.phase = _ROUND_OVER
        points = [sum(c.points for c in h) for h in self.hands]
        holders = [s for s in range(n) if not self._out[s]]
        key = points if r.scoring == "points" else [len(h) for h in self.hands]
        holders.sort(key=lambda s: (key[s], s))
        places = [0] * n
        for i, s in enumerate(self.placings):
            places[s] = i + 1
        base = len(self.placings)
        for i, s in enumerate(holders):
            if i and key[s] == key[holders[i - 1]]:
                places[s] = places[holders[i - 1]]
            else:
                places[s] = base + i + 1
        self.placings.extend(holders)
        self.places = tuple(places)
        charges = tuple(points[s] if s in holders else 0 for s in range(n))
        if r.scoring != "points":
            charges = (0,) * n
        else:
            for s in range(n):
                self.scores[s] += charges[s]
        self.round_charges.append(charges)
        self._ev.append(RoundOver(tuple(self.placings), self.places, charges, blocked))
        if r.scoring == "points" and max(self.scores) >= r.target:
            self.match_over = True
            self.phase = _MATCH_OVER
            low = min(self.scores)
            self.winners = tuple(s for s in range(n) if self.scores[s] == low)
            loser = max(range(n), key=lambda s: (self.scores[s], -s))
            self._ev.append(MatchOver(self.winners, loser, tuple(self.scores)))

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
        new.placings = self.placings[:]
        new.scores = self.scores[:]
        new.round_charges = self.round_charges[:]
        new._tally = [t[:] for t in self._tally]
        return new

    def reseed(self, seed: int) -> None:
        """Replace the random state used for future reshuffles and deals."""
        self._seed = seed

    def events(self) -> list[Event]:
        """The public record of this round, oldest first (drawn cards are not in it)."""
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
        bottom first (the last card is drawn next).
        """
        public: dict[str, Any] = view._public
        rules: Rules = public["rules"]
        game = Game._blank(rules, compile_rules(rules), public["n"])
        for key in PUBLIC_FIELDS:
            setattr(game, key, _copy_value(public[key]))
        game.hands = [list(h) for h in hands]
        game.stock = list(stock)
        game._seed = seed
        drawn = view.drawn if view.seat == game.current else None
        if game.phase is _DRAWN and drawn is None and game.hands[game.current]:
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


def _rules_arg(rules: object) -> Rules:
    """``rules`` as a ``Rules``: one already, or the name of a preset."""
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        from .rules import PRESETS

        found = PRESETS.get(rules)
        if found is not None:
            return found
        raise RulesError(f"unknown preset {rules!r}; choose from {', '.join(PRESETS)}")
    raise RulesError(f"rules must be a Rules or a preset name, not {type(rules).__name__}")


def _as_action(action: object) -> Action:
    """Notation is parsed; anything that is not an action is refused like an illegal move."""
    if isinstance(action, str):
        return parse_action(action)
    if not isinstance(action, Action):
        raise IllegalMove(f"{action!r} is not an action: use notation such as '7H', 'draw'")
    return action


def _copy_value(v: Any) -> Any:
    if isinstance(v, list):
        return [x[:] if isinstance(x, list) else x for x in v]
    return v


_RANK_OF: Final = {v: k for k, v in RANK_NAMES.items()}

_M32: Final = 0xFFFFFFFF


def shuffle_cards(cards: list[Card], seed: int) -> int:
    """Shuffle ``cards`` in place from ``seed``; return the seed for the next shuffle.

    A reshuffle happens many times a round in a long game, and seeding a ``random.Random``
    for each costs more than the rest of the turn. This is xoshiro128** (Blackman and Vigna)
    on 32-bit words, whose arithmetic stays within machine integers when compiled, driving
    a Fisher-Yates shuffle. The same seed gives the same order, compiled or interpreted.
    """
    s0 = seed & _M32
    s1 = (seed >> 32) & _M32
    s2 = s0 ^ 0x9E3779B9
    s3 = s1 ^ 0x7F4A7C15
    if not (s0 | s1):
        s0 = 1
    out = 0
    i = len(cards) + 8  # eight warm-up steps mix the seed words first
    while i > 0:
        x = ((s1 << 2) + s1) & _M32  # s1 * 5 (shifts: a compiled multiply of words this
        x = ((x << 7) | (x >> 25)) & _M32  # wide takes the slow, arbitrary-size path)
        out = ((x << 3) + x) & _M32  # * 9
        t = (s1 << 9) & _M32
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = ((s3 << 11) | (s3 >> 21)) & _M32
        i -= 1
        if i < len(cards):
            j = out % (i + 1)  # the bias is below one in ten million for a pack
            cards[i], cards[j] = cards[j], cards[i]
    return ((s0 & 0x3FFFFFFF) << 32) | (s1 ^ out)


# Whether this module runs compiled (mypyc): native classes cannot skip __init__.
_COMPILED: Final = not __file__.endswith((".py", ".pyc"))

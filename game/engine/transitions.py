"""The transitions of the state machine: what laying, drawing, passing and catching do.

``Transitions`` builds on ``Listing`` and is the base of ``Game``: ``Game.apply`` checks an
action, then calls one of the ``_do_*`` methods here, which change the state and record the
events (RULES §2 to §4). Nothing here checks legality: it is never reached with an illegal
action.
"""

from __future__ import annotations

from typing import Final

from .actions import (
    AttackPending,
    CardsDrawn,
    CardsLaid,
    Event,
    FiveAgain,
    MacauCalled,
    MacauCaught,
    MacauForgotten,
    MatchOver,
    MissedTurnsAccepted,
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
    SuitNamed,
    TurnMissed,
    TurnStarted,
)
from .cards import JACK, RANK_NAMES, SUITS, Card
from .legal import (
    ATTACK,
    DRAWN,
    FIVE_AGAIN,
    MATCH_OVER,
    PLAY,
    RANK_REQUEST,
    ROUND_OVER,
    SKIP,
    SUIT_REQUEST,
)
from .listing import Listing
from .phase import Phase

# Enum's ``.value`` is a Python-level descriptor call; every turn start needs it.
_PHASE_VALUE: Final = {p: p.value for p in Phase}
_RANK_OF: Final = {v: k for k, v in RANK_NAMES.items()}


class Transitions(Listing):
    """The state changes of ``Game`` (its fields are set up by ``Game.__init__``)."""

    pile_eff: list[Card]
    penalty: int
    _ks_layer: int
    skips: int
    missed: list[int]
    _req_owner: int
    _req_fresh: bool
    _req_bound: int
    _placings: list[int]
    _blocked_passes: int
    _scores: list[int]
    round_charges: list[tuple[int, ...]]
    over: bool
    match_over: bool
    places: tuple[int, ...]
    blocked: bool
    winners: tuple[int, ...]
    _tally: list[list[int]]
    _seed: int
    _secret: bool
    _ev: list[Event]

    def _do_play(self, play: Play, effs: tuple[Card, ...]) -> None:
        seat = self.current
        c = self._c
        ev = self._ev
        phase = self.phase
        ctx = self._ctx if phase is DRAWN else (PLAY if phase is FIVE_AGAIN else phase)
        hand = self.hands[seat]
        for card in play.cards:
            hand.remove(card)
        # On a stack each card answers the one below: the middle of a group, listed in hand
        # order, goes down in an order that does (the total is the same either way).
        order = (
            self._chain_order(effs)
            if ctx is ATTACK and len(effs) > 3 and c.attack_value[effs[0]]
            else None
        )
        if order is None:
            self.pile.extend(play.cards)
            self.pile_eff.extend(effs)
            ev.append(CardsLaid(seat, play.cards, play.declared))
        else:  # the event says how they went down, as the pile shows them
            laid = tuple([play.cards[i] for i in order])
            self.pile.extend(laid)
            self.pile_eff.extend([effs[i] for i in order])
            declared = play.declared
            ev.append(
                CardsLaid(
                    seat, laid, None if declared is None else tuple([declared[i] for i in order])
                )
            )
        self._blocked_passes = 0
        self._drawn = None
        top_before = self._top
        suit_before = self._suit_under(effs)  # what a free suit then excludes
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
        cut = ctx is ATTACK and not c.attack_value[first] and c.is_cancel(first, top_before)
        if cut:
            ev.append(StackCancelled(seat, first, self.penalty))
            self.penalty = 0
            cut_ks = self._ks_layer  # after a K♠: where play goes on, once the round goes on
            self._ks_layer = -1
        if power and c.attack_value[last]:
            av = c.attack_value
            # After a cut (K♣ K♠ on a battle king) the cards laid on the cutting card act as
            # a group laid on it: the battle king laid last attacks anew.
            acting = effs[1:] if cut else effs
            # Runs are laid only on an ordinary turn: elsewhere the same cards are a group.
            run = ctx is PLAY and c.runs and self._is_run(effs)
            if len(acting) > 1 and all(av[e] for e in acting) and not run:
                add = sum(av[e] for e in acting)  # a group of attack cards: every card counts
            else:
                add = av[last]  # a run, or a mixed group: only the last card acts
            cut_ks = -1  # the new attack decides who moves next
            if last in c.changers:  # named as it is laid: before any seat's turn is missed
                self._name_suit(seat, play.choice, suit_before)
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
            if self.penalty:
                ev.append(AttackPending(nxt, self.penalty, add))
        elif cut:
            pass  # the cutting card and any cards of its rank after it name nothing
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
        elif last.rank == JACK and c.jack_request and self._req_rank:
            # A jack laid as a last card, whose power does not act, names nothing: like any
            # new jack it replaces the request in force (RULES §3.3), here with none.
            ev.append(RequestEnded("rank"))
            self._clear_rank_request()
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
            self._placings.append(seat)
            ev.append(SeatOut(seat, len(self._placings)))
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
            self.phase = FIVE_AGAIN
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
            excluded = self._req_excluded  # the suit in force before a free suit was named
            self._clear_suit_request()
            if not self._top.is_joker:
                self._suit = self._top.suit
            elif not self._suit:
                # A joker has no suit of its own: the suit in force before it comes back.
                self._suit = excluded
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
            phase = ATTACK
        elif self.skips:
            phase = SKIP
        elif self._req_rank:
            phase = RANK_REQUEST
        elif self._req_suits:
            if not self._c.until_met and self._req_bound < 0:
                self._req_bound = seat
            phase = SUIT_REQUEST
        else:
            phase = PLAY
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
        ctx = PLAY if self.phase is FIVE_AGAIN else self.phase
        card = self._draw_one()
        assert card is not None
        self.hands[seat].append(card)
        self._ev.append(CardsDrawn(seat, 1, (card,)))
        self._secret = True
        self._blocked_passes = 0
        c = self._c
        if card.is_joker and c.any_card:
            fits = self._joker_opens_anything(ctx) or any(
                self._first_ok(d, ctx) for d in c.declarable
            )
        else:
            fits = self._first_ok(card, ctx)
        if fits:
            self.phase = DRAWN
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
        # The catch is told first: a reshuffle the penalty needs comes after it.
        caught_at = len(self._ev)
        drawn = self._draw_n(target, self.rules.macau_penalty)
        self._tally[target][0] += len(drawn)
        self._macau_open = -1
        self._ev.insert(caught_at, MacauCaught(target, by, len(drawn)))
        self._ev.append(CardsDrawn(target, len(drawn), tuple(drawn), penalty=True))
        self._secret = True

    def _end_round(self, blocked: bool) -> None:
        """Places, charges and the match score (RULES §4, §6)."""
        r = self.rules
        n = self.n
        self._macau_open = -1
        self.over = True
        self.blocked = blocked
        self.phase = ROUND_OVER
        points = [sum(c.points for c in h) for h in self.hands]
        holders = [s for s in range(n) if not self._out[s]]
        key = points if r.scoring == "points" else [len(h) for h in self.hands]
        holders.sort(key=lambda s: (key[s], s))
        places = [0] * n
        for i, s in enumerate(self._placings):
            places[s] = i + 1
        base = len(self._placings)
        for i, s in enumerate(holders):
            if i and key[s] == key[holders[i - 1]]:
                places[s] = places[holders[i - 1]]
            else:
                places[s] = base + i + 1
        self._placings.extend(holders)
        self.places = tuple(places)
        charges = tuple(points[s] if s in holders else 0 for s in range(n))
        if r.scoring != "points":
            charges = (0,) * n
        else:
            for s in range(n):
                self._scores[s] += charges[s]
        self.round_charges.append(charges)
        self._ev.append(RoundOver(tuple(self._placings), self.places, charges, blocked))
        if r.scoring == "points" and max(self._scores) >= r.target:
            self.match_over = True
            self.phase = MATCH_OVER
            low = min(self._scores)
            self.winners = tuple(s for s in range(n) if self._scores[s] == low)
            loser = max(range(n), key=lambda s: (self._scores[s], -s))
            self._ev.append(MatchOver(self.winners, loser, tuple(self._scores)))


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


__all__ = ["Transitions", "shuffle_cards"]

"""The ``medium`` level: a club player's rules of thumb, scored action by action.

Every legal action gets a score in "tenths of a card shed": laying k cards is worth 10·k, and
each habit of a good player adds or subtracts from that — keep defences, hold a wild card for
when nothing else fits, attack a seat that is low on cards, name the suit you hold most of,
request a rank you hold, count what is still out, take a small penalty rather than throw away
your only defence when the counter would likely come straight back, and keep a card that anything
may follow from a seat about to go out.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from game.engine import Action, Card, CardsDrawn, CardsLaid, Draw, Pass, Phase, Play, Stop, View
from game.engine.cards import JACK, RANK_NAMES, STANDARD_52, SUITS

from .base import drop_forgetful, widest
from .reading import (
    answers_attack,
    chance_holds,
    counters_attack,
    is_cancel_card,
    roles,
    step,
)

_RANK_OF = {name: rank for rank, name in RANK_NAMES.items()}
# Bonus for an attack or skip aimed at a seat holding this many cards (more: small).
_ATTACK_BONUS = {1: 34.0, 2: 20.0, 3: 9.0}
_SKIP_BONUS = {1: 22.0, 2: 11.0, 3: 4.0}
# A skip card laid heads-up after which the rest goes out in one play: the turn comes back
# to it (a 4♠ before 9♠ rather than 9♠ and hope the 4 fits later), times the chance the
# other seat holds no skip card to pass the missed turns back.
_SKIP_COMES_BACK = 25.0
# Passing missed turns on: the share of what the cards laid are worth keeping that it costs
# (a stand-in joker is worth keeping, not spent to dodge one missed turn; the same share as
# answering an attack), and the weight of how well the rest follows the top it leaves (the
# order of two skip cards, or a joker's suit, decides the suit the turn comes back to).
_SKIP_KEEP_SHARE = 0.5
_SKIP_FOLLOW = 0.1
# Cost of a new top card that the last card of the next seat to act surely fits (a queen in
# polish, or the suit of its one card, known once the stock is empty): it goes out on it.
# Worth more than drawing a card (-9) plus what the play would otherwise gain, about what
# attacking that seat is worth (``_ATTACK_BONUS[1]``). A top it fits by chance costs that
# chance of it, against the chance it fits the top card as it is.
_OPEN_TO_LAST_CARD = 30.0
# A plain top after which the rest of the hand goes out in one play when the turn comes
# back, times that chance (``_out_next_chance``): 9♥ from 9♥ 5♠ 5♣ 5♥ on 6♥ leaves three 5s
# that go out on nearly anything following it, where the 5s laid first leave a 9♥ that
# follows a 5 only by luck. Heads-up the top comes back after one seat; at more seats the
# chance is read the same way, and counts for less.
_OUT_NEXT = 40.0
_OUT_NEXT_MANY = 20.0


JOKER_KEEP = 50.0
"""What laying a stand-in joker costs (RULES §3.6): it is laid where that sheds five cards
more than keeping it would, or goes out; answering an attack costs half of it
(``_answer_attack``), so a joker still fights back. While another seat holds its last card
it costs ``JOKER_KEEP_LATE``: attacking that seat, or asking with it as a jack for a rank of
one's own, is what the joker is kept for."""
JOKER_KEEP_LATE = 9.0
DRAW_JOKER_COST = 30.0
"""What laying a joker that makes players draw (classic, romanian) costs on a turn it does not
go out on, unless another seat holds its last card: a hand of five usually answers it (a 2,
a 3, a battle king, the other joker, a cutting seven), and the stack comes back. Without it
medium opened with the joker where a plain card fitted; with it, it won 53.2% of 10,000
heads-up classic games against its old self."""


POINTS_WEIGHT = 0.08
POINTS_WEIGHT_LATE = 0.2


class MediumBot:
    """Heuristic player: scores every legal action and plays the best one."""

    level = "medium"

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        """The best-scoring legal action (always catches a forgotten Macau first)."""
        for action in legal:
            if isinstance(action, Stop):
                return action
        if len(legal) == 1:
            return legal[0]
        options = widest(drop_forgetful(legal))
        table = Table(view, options)
        best = options[0]
        best_score = -1e18
        for action in options:
            # A whisker of noise breaks ties without favouring the engine's listing order.
            score = table.score(action) + rng.random() * 1e-3
            if score > best_score:
                best, best_score = action, score
        return best


class Table:
    """What the medium bot reads off a view once per decision."""

    def __init__(self, view: View, legal: Sequence[Action] = ()) -> None:
        c = roles(view)
        self.c = c
        self.view = view
        self.me = view.seat
        self.hand = list(view.hand)
        self.counts = view.hand_counts
        self.heads_up = sum(1 for o in view.out if not o) <= 2
        # The seats an attack or a skip is aimed at, forwards and (K♠) backwards.
        self.nxt = step(self.me, 1, view.out, view.missed_turns)
        self.prev = step(self.me, -1, view.out, view.missed_turns)
        self.unseen = view.unseen()
        self.unseen_suit = {s: 0 for s in SUITS}
        self.unseen_rank: dict[int, int] = {}
        for card in self.unseen:
            if card.suit in self.unseen_suit:
                self.unseen_suit[card.suit] += 1
            self.unseen_rank[card.rank] = self.unseen_rank.get(card.rank, 0) + 1
        self.points = view.rules.scoring == "points"
        # What a point shed is worth: more while another seat holds its last card, as the
        # round may end before this seat's next turn and charge what it still holds.
        self.points_weight = POINTS_WEIGHT
        if self.points and len(self.hand) >= 2 and self._someone_on_last_card():
            self.points_weight = POINTS_WEIGHT_LATE
        self.attackers = sum(1 for x in self.hand if c.attack_value[x])
        self.keep: dict[Card, float] = {}  # ``_keep_value`` by card, filled as asked
        # The unseen cards that follow a top card (``_out_next_chance``), filled as asked.
        self.followers: dict[tuple[Card, str], list[Card]] = {}
        # A seat on its last card: the joker is what stops it (an attack, a request of this
        # seat's own), so it costs no more than a spare card's worth then.
        self.joker_keep = JOKER_KEEP_LATE if self._someone_on_last_card() else JOKER_KEEP
        self._circling: bool | None = None  # ``_jacks_going_round``, read when first asked
        # The suits a plain card among ``legal`` puts in force (by its suit or its rank): a
        # changer naming one of them does no more than that card, and is kept.
        # And the cards that may be laid alone now.
        self.layable = {a.cards[0] for a in legal if isinstance(a, Play) and len(a.cards) == 1}
        self.plain_suits = {card.suit for card in self.layable if self._plain(card)}
        self.last_card_next = self._last_card_next()
        # The chance the next seat's last card fits the top card as it is (drawing keeps it).
        self.fit_now = 0.0
        if self.last_card_next and view.pile_effective:
            self.fit_now = self._fit_chance(view.pile_effective[-1], view.suit_in_force)

    def _someone_on_last_card(self) -> bool:
        """Whether another seat still in holds one card."""
        view = self.view
        return any(n == 1 and not view.out[s] for s, n in enumerate(self.counts) if s != self.me)

    def _last_card_next(self) -> bool:
        """Whether the seat that acts after this one holds one card and may follow what is laid.

        Seats waiting out missed turns are passed over (their turn is spent waiting). A jack's
        request that outlives this turn binds the next seat to the rank, not to the top card.
        """
        view = self.view
        if view.request_rank is not None and view.request_owner != self.me:
            return False
        n = len(view.out)
        seat = self.me
        for _ in range(n - 1):
            seat = (seat + 1) % n
            if view.out[seat] or view.missed_turns[seat] > 0:
                continue
            return self.counts[seat] == 1
        return False  # every other seat is out or waiting: the turn comes back here

    def _fit_chance(self, top: Card, choice: str | None) -> float:
        """The chance that one unseen card, laid alone on an ordinary turn, follows ``top``
        with ``choice`` in force (a suit named or in force, a rank requested, ``*``): the
        chance the next seat goes out on it when it holds one card. Exact once every unseen
        card is that card (the stock empty, the other seats out)."""
        if not self.unseen:
            return 0.0
        c = self.c
        if choice == "*" or top in c.anything_on:
            return 1.0
        jokers_fit = c.any_card or c.draw_wild
        rank = _RANK_OF.get(choice or "", 0) if choice not in SUITS else 0
        if rank:
            fits = sum(
                1
                for x in self.unseen
                if x.rank == rank
                or (x.rank == JACK and c.jack_request)
                or (x.is_joker and jokers_fit)
            )
        else:
            suit = choice if choice in SUITS else top.suit
            # A suit named by a changer is a request: a card that plays on anything answers
            # it only if of that suit or a changer itself (RULES §3.5: a queen does not help
            # against a named suit).
            named = choice in SUITS and top in c.changers
            fits = sum(
                1
                for x in self.unseen
                if (x.is_joker and jokers_fit)
                or (not x.is_joker and (x.suit == suit or x.rank == top.rank))
                or (x in c.wild and (not named or x in c.changers))
            )
        return fits / len(self.unseen)

    def _goes_out_on(self, card: Card, attack: Card, suit: str) -> bool:
        """Whether a seat holding only ``card`` may lay it on ``attack`` (``suit`` in force)
        and go out: it answers the attack and may be a last card; a stand-in joker where some
        card it may stand for does both."""
        c = self.c
        if card.is_joker and c.any_card:
            return any(self._goes_out_on(d, attack, suit) for d in STANDARD_52)
        return answers_attack(c, card, attack, suit) and not self._no_finish(card)

    def _follows(self, card: Card, top: Card, suit: str) -> bool:
        """Whether ``card`` may be laid alone on ``top`` with ``suit`` in force on an ordinary
        turn (its suit, its rank, a card that plays on anything or that anything goes on; a
        joker where jokers do)."""
        c = self.c
        if card.is_joker:
            return c.any_card or c.draw_wild
        return card.suit == suit or card.rank == top.rank or card in c.wild or top in c.anything_on

    def _out_in_one(self, rest: list[Card], top: Card, suit: str) -> bool:
        """Whether ``rest`` may all be laid in one play on ``top`` (``suit`` in force) and go
        out: one card that follows, or a group of one rank (of one suit, where the rules allow
        those) led by a card that follows. Runs are not looked for."""
        if any(self._no_finish(x) for x in rest):
            return False
        if len(rest) == 1:
            return self._follows(rest[0], top, suit)
        groups = self.c.groups
        if any(x.is_joker for x in rest):
            return False
        if groups == "none":
            return self.c.five_again and self._out_on_fives(rest, top, suit)
        same = len({x.rank for x in rest}) == 1 or (
            groups == "rank_or_suit" and len({x.suit for x in rest}) == 1
        )
        return same and any(self._follows(x, top, suit) for x in rest)

    def _out_on_fives(self, rest: list[Card], top: Card, suit: str) -> bool:
        """One card a turn, a 5 followed by another card of the same seat (``five_again``):
        whether ``rest`` goes out so, 5 on 5 and one other card last on a 5 it follows."""
        fives = [x for x in rest if x.rank == 5]
        others = [x for x in rest if x.rank != 5]
        if len(others) > 1:
            return False
        if not others:
            return any(self._follows(x, top, suit) for x in fives)
        last = others[0]
        return any(
            self._follows(first, top, suit) and self._follows(last, end, end.suit)
            for i, first in enumerate(fives)
            for j, end in enumerate(fives)
            if i != j or len(fives) == 1
        )

    def _out_next_chance(self, rest: list[Card], top: Card, suit: str) -> float:
        """The chance that ``rest`` (two to four cards) goes out in one play when the turn
        comes back: on ``top`` as it is (the others draw) or, as likely, on one unseen card
        that follows it (a seat lays it), drawn at random among those. A last card alone is
        weighed by how the rest follows (``_choice_value``): read so as well, it lost 0.8 ±
        0.3 points heads-up in polish."""
        c = self.c
        # Looked at only where a hand goes out as ``_out_in_one`` reads it (no runs, stand-in
        # jokers or groups of a suit: in hungarian, reading them so lost 1.0 ± 0.3 points
        # heads-up); a 5 that this seat follows again (``five_again``) is no top to wait on.
        if not c.simple or not 2 <= len(rest) <= 4 or (c.five_again and top.rank == 5):
            return 0.0
        followers = self.followers.get((top, suit))
        if followers is None:
            followers = [x for x in self.unseen if not x.is_joker and self._follows(x, top, suit)]
            self.followers[(top, suit)] = followers
        now = 1.0 if self._out_in_one(rest, top, suit) else 0.0
        if not followers:
            return now
        later = sum(1 for x in followers if self._out_in_one(rest, x, x.suit))
        return 0.5 * now + 0.5 * later / len(followers)

    def _no_finish(self, card: Card) -> bool:
        """Whether ``card`` may not be a seat's last card: a 2 or a 3 that attacks, at a table
        of two under ``no_attack_finish_heads_up`` (the engine's rule)."""
        c = self.c
        return (
            c.heads_up_rule
            and len(self.view.out) == 2
            and card.rank in (2, 3)
            and c.attack_value[card] > 0
        )

    def _answer_chance(self, answers: Callable[[Card], bool]) -> float:
        """The chance that one unseen card ``answers`` an attack or missed turns: the chance
        the next seat, holding one card, goes out on it (``_fit_chance``'s counterpart)."""
        if not self.unseen:
            return 0.0
        return sum(1 for x in self.unseen if answers(x)) / len(self.unseen)

    # ----- scoring --------------------------------------------------------------------
    def score(self, action: Action) -> float:
        """How much the medium bot likes ``action`` (higher is better)."""
        phase = self.view.phase
        if isinstance(action, Draw):
            if phase is Phase.ATTACK:
                return -9.0 * self.view.penalty
            return -9.0
        if isinstance(action, Pass):
            if phase is Phase.SKIP:
                return -7.0 * self.view.skips
            if phase is Phase.DRAWN:
                return -4.0
            return -10.0
        if not isinstance(action, Play):
            return -100.0
        if phase is Phase.ATTACK:
            return self._answer_attack(action)
        if phase is Phase.SKIP:
            return self._answer_skip(action)
        return self._lay(action)

    def _rest(self, play: Play) -> list[Card]:
        rest = list(self.hand)
        for card in play.cards:
            rest.remove(card)
        return rest

    def _plain(self, card: Card) -> bool:
        """A card that only follows: no power, nothing worth keeping it for."""
        if card.is_joker:
            return False
        cost = self.keep.get(card)
        if cost is None:
            cost = self.keep[card] = self._keep_value(card, card)
        return cost == 0.0

    def _keep_value(self, card: Card, eff: Card) -> float:
        """What giving up ``card`` costs beyond the card itself (defences, wild cards)."""
        c = self.c
        if card.is_joker and c.any_card:
            # A stand-in joker plays on anything as any card: what answers an attack and goes
            # out. Worth less than a card it sheds, it was laid at once to shed one more card
            # (medium over its old self: 52.7% heads-up, 26.6% of four seats).
            return self.joker_keep
        value = 0.0
        if card in c.wild:
            value += 7.0
        elif card in c.changers:
            value += 3.5
        if c.attack_value[card]:
            # The last defence is worth more than the third one.
            value += 6.0 if self.attackers <= 1 else 4.0
        elif card in c.skip:
            value += 3.0
        elif is_cancel_card(c, card):
            value += 4.0
        if card.rank == JACK and c.jack_request:
            value += 1.5
        return value

    def _lost_after(self, play: Play, last: Card) -> bool:
        """Whether the round surely ends after ``play`` with this seat still holding cards:
        the next seat's last card is known (the stock spent, heads-up) and goes out on
        whatever top ``last`` leaves (answering it, where it attacks that seat or makes it
        miss turns), and the round ends at the first out."""
        c = self.c
        if not (
            self.last_card_next
            and self.view.stock_count == 0
            and (self.heads_up or self.view.rules.end == "first_out")
            and self.fit_now >= 1.0  # lost already: no plain play or draw would save it
            and not (c.five_again and last.rank == 5 and not last.is_joker)  # lays again
        ):
            return False
        suit = play.choice if play.choice in SUITS else last.suit
        if c.attack_value[last]:
            target = self.prev if last is c.king_of_spades else self.nxt
            return target == self.nxt and (
                self._answer_chance(lambda x: self._goes_out_on(x, last, suit)) >= 1.0
            )
        if last in c.skip:
            return (
                self._answer_chance(lambda x: self._passes_skips_on(x) and not self._no_finish(x))
                >= 1.0
            )
        return self._last_goes_out(last, play.choice) >= 1.0

    def _passes_skips_on(self, card: Card) -> bool:
        """Whether ``card`` answers missed turns, passing them on (a skip card, or a stand-in
        joker standing for one)."""
        return card in self.c.skip or (card.is_joker and self.c.any_card)

    def _last_goes_out(self, top: Card, choice: str | None) -> float:
        """The chance the next seat's last card goes out on ``top`` (``_fit_chance``), none
        where the one card unseen may not be a last card (``_no_finish``)."""
        if any(self._no_finish(x) for x in self.unseen):
            return 0.0
        return self._fit_chance(top, choice)

    def _lay(self, play: Play) -> float:
        """A play on an ordinary turn, a request, a drawn card or a five's extra card."""
        c = self.c
        cards = play.cards
        effs = play.effective()
        rest = self._rest(play)
        if not rest:
            return 1000.0 + (0.1 * sum(x.points for x in cards) if self.points else 0.0)
        if self.points and self._lost_after(play, effs[-1]):
            # What is kept is charged, and kept for nothing: shed the most points, however
            # many cards carry them (A♥ rather than 5♥ 5♠: charged 10, not 50); of equal
            # points, the more cards.
            return POINTS_WEIGHT_LATE * sum(x.points for x in cards) + 0.1 * len(cards)
        s = 10.0 * len(cards)
        if c.draw_wild and self.joker_keep != JOKER_KEEP_LATE and any(x.is_joker for x in cards):
            s -= DRAW_JOKER_COST
        keep = self.keep
        for card, eff in zip(cards, effs, strict=True):
            cost = keep.get(card)
            if cost is None:  # the same for every play: wide hungarian listings repeat cards
                cost = keep[card] = self._keep_value(card, eff)
            s -= cost
        if self.points:
            s += self.points_weight * sum(x.points for x in cards)
        last = effs[-1]
        value = c.attack_value[last]
        # The unseen cards are all in hands: the chance is a fair guess, exact heads-up.
        known_last = self.last_card_next and self.view.stock_count == 0
        if value:
            target = self.prev if last is c.king_of_spades else self.nxt
            bonus = _ATTACK_BONUS.get(self.counts[target], 1.0) + 0.3 * value
            if target == self.me:
                bonus = 0.0  # every other seat waits: it reaches nobody, and lapses
            if known_last and target == self.nxt:
                # Its last card may answer the attack, and goes out on it: no gain, a loss.
                suit = play.choice if play.choice in SUITS else last.suit
                p = self._answer_chance(lambda x: self._goes_out_on(x, last, suit))
                bonus = bonus * (1.0 - p) - _OPEN_TO_LAST_CARD * (p - self.fit_now)
            elif self.last_card_next and target == self.nxt:
                # Its one card is any of those unseen, and one answering the card left on top
                # goes out on it: the attack is worth only the chance it cannot. Where a group
                # of attack cards may end on either, the one fewer cards answer goes last (2♥
                # then 2♠ with 3♥ unseen and 3♠ laid, not 2♠ then 2♥).
                suit = play.choice if play.choice in SUITS else last.suit
                bonus *= 1.0 - self._answer_chance(lambda x: self._goes_out_on(x, last, suit))
            s += bonus
            if self.attackers >= 3:
                s += 3.0
        elif last in c.skip and self.nxt == self.me:
            pass  # every other seat waits: the missed turns reach nobody, and lapse
        elif last in c.skip:
            bonus = _SKIP_BONUS.get(self.counts[self.nxt], 0.0)
            if known_last:  # as for an attack: its last card may be a skip card too
                p = self._answer_chance(self._passes_skips_on)
                bonus = bonus * (1.0 - p) - _OPEN_TO_LAST_CARD * (p - self.fit_now)
            suit = play.choice if play.choice in SUITS else last.suit
            if self.heads_up and self._out_in_one(rest, last, suit):
                # Heads-up the turn comes straight back, to a top the rest goes out on,
                # unless the other seat passes the missed turns back.
                answers = sum(1 for x in self.unseen if self._passes_skips_on(x))
                held = chance_holds(self.counts[self.nxt], len(self.unseen), answers)
                bonus += _SKIP_COMES_BACK * (1.0 - held)
            s += bonus
        elif known_last:
            s -= _OPEN_TO_LAST_CARD * (self._fit_chance(last, play.choice) - self.fit_now)
        elif last in c.anything_on and self.last_card_next:
            s -= _OPEN_TO_LAST_CARD
        # (Only where ``_out_next_chance`` reads hands, read first: wide hungarian listings
        # score thousands of plays. Not for a wild card laid: kept, it goes out on nearly
        # anything too.)
        if (
            c.simple
            and not value
            and last not in c.skip
            and play.choice in (None, "-", *SUITS)
            and not any(x in c.wild for x in cards)
        ):
            suit = play.choice if play.choice in SUITS else last.suit
            weight = _OUT_NEXT if self.heads_up else _OUT_NEXT_MANY
            chance = self._out_next_chance(rest, last, suit)
            if known_last and (self.heads_up or self.view.rules.end == "first_out"):
                # The turn comes back only if the last card does not go out on this play:
                # where it surely does, what is kept is charged, not laid next turn.
                chance *= 1.0 - self._last_goes_out(last, play.choice)
            s += weight * chance
        s += self._choice_value(play, last, rest)
        if c.five_again and last.rank == 5 and not last.is_joker:
            # The seat lays one more card on its 5, or draws (RULES §3.7): a card that follows
            # is another shed this turn, and a last card that follows goes out now.
            after = [x for x in rest if self._follows(x, last, last.suit)]
            if len(rest) == 1 and after and not self._no_finish(rest[0]):
                return 900.0
            s += 8.0 if after else -9.0
        if len(rest) == 1:
            if rest[0] in c.wild or rest[0].is_joker:
                s += 5.0  # a wild last card goes out on anything
            elif self._no_finish(rest[0]) and rest[0] in self.layable:
                # A last card that may never be laid alone, kept where it could be laid now:
                # only drawing would be left. (One that cannot be laid now is no reason to
                # lay fewer cards: it may yet go out in a group after a draw.)
                s -= 15.0
        return s

    def _choice_value(self, play: Play, last: Card, rest: list[Card]) -> float:
        """The suit named or the rank requested, and how well the rest follows the new top."""
        choice = play.choice
        if choice in SUITS:
            held = sum(1 for x in rest if x.suit == choice)
            if (
                len(play.cards) == 1
                and not self.c.attack_value[last]
                and (choice == self.view.suit_in_force or choice in self.plain_suits)
            ):
                # A changer naming the suit already in force, or one a plain card here puts in
                # force (9♠ on 9♣), changes nothing that card would not: it is worth what
                # following is, so the changer is kept. (An attack names as it likes.)
                return 1.5 * min(held, 4)
            return 4.0 * held - 0.15 * self.unseen_suit[choice]
        if choice == "*":
            return 0.5
        if choice == "-":
            return 0.0
        if choice is not None:
            rank = _RANK_OF[choice]
            held = sum(1 for x in rest if x.rank == rank)
            stops = self._stops_last_card(last, choice)
            if not held or self._jacks_going_round():
                return -3.0 + stops
            return 8.0 + 4.0 * held - 0.5 * self.unseen_rank.get(rank, 0) + stops
        if last.is_joker:
            return 0.0
        follow = sum(1 for x in rest if x.suit == last.suit or x.rank == last.rank)
        return 1.5 * min(follow, 4)

    def _stops_last_card(self, last: Card, choice: str) -> float:
        """A rank asked while the next seat holds its last card, the stock still in play:
        worth as much as the chance that card follows falls against asking for nothing (a
        request is how a player on Macau is stopped: heads-up, ``3H JS`` on 9♠ against one
        card asked for nothing, and won 32% of playouts where asking for 10s won 44%). With
        the stock spent ``_lay`` weighs every play so."""
        if not self.last_card_next or self.view.stock_count == 0:
            return 0.0
        return _OPEN_TO_LAST_CARD * (self._fit_chance(last, "-") - self._fit_chance(last, choice))

    def _jacks_going_round(self) -> bool:
        """Whether every seat still in, this one too, last drew one card and laid it, a jack
        asking for a rank, as this seat is about to again: the stock down to those jacks, a
        new request only sends them round once more, no hand changing. Asking for nothing
        breaks the circle. Read once per decision, and only for a card just drawn."""
        if self._circling is None:
            self._circling = self.view.phase is Phase.DRAWN and _jacks_circled(self.view)
        return self._circling

    def _answer_attack(self, play: Play) -> float:
        """Fight back or cut the stack, against taking the penalty (Draw scores -9 a card)."""
        c = self.c
        view = self.view
        effs = play.effective()
        rest = self._rest(play)
        if not rest:
            return 1000.0
        base = 10.0 * len(play.cards) - 0.5 * sum(
            self._keep_value(x, e) for x, e in zip(play.cards, effs, strict=True)
        )
        first, last = effs[0], effs[-1]
        if not c.attack_value[first]:
            return base + 2.0  # a cancel: nothing drawn, nobody skipped
        total = view.penalty + sum(c.attack_value[e] for e in effs)
        target = self.prev if last is c.king_of_spades else self.nxt
        if target == self.me:
            return base + 2.0  # every other seat waits: the stack lapses, as a cancel ends it
        suit = play.choice if play.choice in SUITS else last.suit
        # A counter sends the stack on; a cancelling card (a cutting 7, a blocking king or 4)
        # ends it: nobody draws, which is no gain but no risk either.
        fights = sum(1 for x in self.unseen if counters_attack(c, x, last, suit))
        answers = sum(1 for x in self.unseen if answers_attack(c, x, last, suit))
        p_back = chance_holds(self.counts[target], len(self.unseen), fights)
        p_answered = chance_holds(self.counts[target], len(self.unseen), answers)
        # A stand-in joker kept is a defence too: it can stand for any attack card later.
        still_defended = any(
            c.attack_value[x] or is_cancel_card(c, x) or (x.is_joker and c.any_card) for x in rest
        )
        comes_back = self.heads_up or target == self.prev
        # If it is answered and comes back to a seat without defences, we draw the lot.
        risk = p_back * (total + 2.5) * (0.35 if still_defended else 1.0)
        if not comes_back:
            risk *= 0.25
        gain = (1.0 - p_answered) * total * (1.0 if self.heads_up else 0.5)
        # A joker that answers names a suit: the one it holds most of, as on any turn (a light
        # weight, to choose among the suits rather than between answering and drawing).
        named = 0.1 * self._choice_value(play, last, rest) if play.choice in SUITS else 0.0
        return (
            base + 10.0 * (gain - risk) + _ATTACK_BONUS.get(self.counts[target], 0.0) * 0.3 + named
        )

    def _answer_skip(self, play: Play) -> float:
        """Pass the missed turns on (Pass accepts them at -7 a turn)."""
        rest = self._rest(play)
        if not rest:
            return 1000.0
        effs = play.effective()
        count = self.view.skips + len(play.cards)
        kept = sum(self._keep_value(x, e) for x, e in zip(play.cards, effs, strict=True))
        follow = self._choice_value(play, effs[-1], rest)
        return (
            10.0 * len(play.cards)
            + 3.0 * count
            - 2.0 * len(play.cards)
            - _SKIP_KEEP_SHARE * kept
            + _SKIP_FOLLOW * follow
        )


def _jacks_circled(view: View) -> bool:
    """Whether, newest first, each seat still in (this one's last turn too) drew one card
    and then laid one jack (with its request), turn after turn, with nothing else laid or
    drawn between. Heads-up, one jack drawn and laid with a request is a good play, not yet a
    circle: the request comes back to its owner unless the other seat lays a jack too."""
    turns = sum(1 for out in view.out if not out)
    circled = 0
    layer = -1  # the seat whose jack was seen, to be matched with its draw before it
    for event in reversed(view.history):
        if isinstance(event, CardsLaid):
            if layer >= 0 or len(event.cards) != 1 or event.cards[0].rank != JACK:
                return False
            layer = event.seat
        elif isinstance(event, CardsDrawn):
            if event.seat == view.seat and layer < 0 and not circled:
                continue  # this seat's own draw, just made
            if event.seat != layer or event.count != 1 or event.penalty:
                return False
            circled += 1
            if circled >= turns:
                return True
            layer = -1
    return False

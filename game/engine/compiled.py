"""A ``Rules`` turned into per-card lookup tables, so the hot loops ask sets, not options."""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from .actions import Action, Play
from .cards import (
    BLACK_JOKER,
    JACK,
    KING,
    RANK_NAMES,
    RED_JOKER,
    STANDARD_52,
    Card,
)
from .rules import ATTACK_VALUES, Rules, sevens_cut

ALL_CARDS: Final[tuple[Card, ...]] = (*STANDARD_52, RED_JOKER, BLACK_JOKER)
_TOKEN_RANK: Final = {v: k for k, v in RANK_NAMES.items()}


class Compiled:
    """Lookup tables derived from one ``Rules``; shared by every game with those rules."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        r = rules
        self.attack_value: dict[Card, int] = {c: 0 for c in ALL_CARDS}
        for c in ALL_CARDS:
            token = c.code if c.is_joker or c.rank == KING else RANK_NAMES[c.rank]
            if token in r.attack_cards:
                self.attack_value[c] = ATTACK_VALUES[token]
        self.king_of_spades = Card.of(KING, "S") if "KS" in r.attack_cards else None
        self.battle_kings = frozenset(
            c for c in (Card.of(KING, "H"), Card.of(KING, "S")) if self.attack_value[c]
        )
        skip = _TOKEN_RANK[r.skip_rank] if r.skip_rank else -1
        self.skip_rank = skip
        self.skip = frozenset(c for c in ALL_CARDS if c.rank == skip)
        self.changers = self._kinds(r.suit_changers)
        self.wild = self._kinds(r.plays_on_anything)
        self.anything_on = self._kinds(r.anything_on)
        self.jack_request = r.jack_requests
        self.request_ranks: tuple[int, ...] = tuple(_TOKEN_RANK[t] for t in r.request_ranks)
        self.seven_cuts = sevens_cut(r)
        self.kings_block = (
            frozenset((Card.of(KING, "C"), Card.of(KING, "D")))
            if r.plain_kings_block
            else frozenset()
        )
        self.fours_block = r.fours_block
        self.five_again = r.five_again
        self.any_card = r.joker_role == "any_card"
        self.draw_wild = r.joker_role == "draw_wild"
        # A stand-in joker that plays on anything (hungarian, RULES §5): on an ordinary turn
        # it may be laid as any card, whatever the top; without it, as a card that fits.
        self.wild_joker = self.any_card and "joker" in r.plays_on_anything
        self.groups = r.groups
        self.runs = r.runs
        self.counter_rule = r.counter_rule
        # 2s and 3s may fight back by a rule of their own (the easier/harder house switches).
        self.small_counter_rule = r.small_counter_rule
        self.until_met = r.ace_scope == "until_met"
        self.macau_required = r.macau_call == "required"
        power: set[Card] = set()
        for c in ALL_CARDS:
            if (
                self.attack_value[c]
                or c in self.skip
                or c in self.changers
                or c in self.wild
                or c in self.anything_on
                or (c.rank == JACK and r.jack_requests)
                or (c.rank == 7 and sevens_cut(r))
                or c in self.kings_block
                or (c.rank == 4 and r.fours_block)
                or (c.rank == 5 and r.five_again)
                or c.is_joker
            ):
                power.add(c)
        self.power = frozenset(power)
        # Cards whose play may need a suffix: a jack's request or a suit changer's naming.
        self.needs_choice = frozenset(
            x for x in ALL_CARDS if x in self.changers or (x.rank == JACK and r.jack_requests)
        )
        self.needs_choice_mask = sum(x.bit for x in self.needs_choice)
        self.opener_cache: dict[tuple[object, ...], tuple[frozenset[Card], int]] = {}
        # The last opener set asked for, by the state it depends on (turns repeat it often).
        self.last_ok_ctx: object = None
        self.last_ok_top = -1
        self.last_ok_suit = ""
        self.last_ok_rank = -1
        self.last_ok_req: frozenset[str] = frozenset()
        self.last_ok: frozenset[Card] = frozenset()
        self.last_ok_mask = 0  # the same cards as a bit mask (``Card.bit``)
        self.rank_groups = self.groups != "none"
        self.hand_after_matters = r.jack_must_hold or r.ace_must_hold
        # Options the listing asks about for many candidates (a Rules field is a dict probe).
        self.jack_must_hold = r.jack_must_hold
        self.ace_must_hold = r.ace_must_hold
        self.ace_must_differ = r.ace_must_differ
        self.seven_own_suit = r.seven_own_suit
        self.queen_own_suit = r.queen_own_suit
        self.power_after_out = r.power_after_out and r.end != "first_out"
        self.heads_up_rule = r.no_attack_finish_heads_up
        # The fast generator covers rule sets without stand-in jokers, runs or suit groups.
        self.simple = not self.any_card and not self.runs and self.groups != "rank_or_suit"
        # Every card a joker may stand for: any card of the 52.
        self.declarable: tuple[Card, ...] = STANDARD_52

    @staticmethod
    def _kinds(tokens: frozenset[str]) -> frozenset[Card]:
        cards = set()
        for c in ALL_CARDS:
            if c.is_joker:
                if "joker" in tokens:
                    cards.add(c)
            elif RANK_NAMES[c.rank] in tokens:
                cards.add(c)
        return frozenset(cards)

    def is_cancel(self, card: Card, top: Card) -> bool:
        """Whether ``card`` cancels a whole pending stack whose top card is ``top``."""
        if self.seven_cuts and card.rank == 7:
            return True
        if card in self.kings_block and top in self.battle_kings:
            return True
        return (
            self.fours_block
            and card.rank == 4
            and (top.is_joker or top.rank in (2, 3))
            and self.attack_value[top] > 0
        )

    def counters(self, card: Card, top: Card, suit: str) -> bool:
        """Whether attack card ``card`` may be laid on the pending attack topped by ``top``."""
        if not self.attack_value[card]:
            return False
        rule = self.counter_rule
        if (card.rank == 2 or card.rank == 3) and not card.is_joker:
            rule = self.small_counter_rule
        if rule == "pool":
            return True
        if rule == "same_rank":
            return card.rank == top.rank and card.is_joker == top.is_joker
        if card.is_joker:
            # A draw-wild joker plays on anything, attacks included.
            return True
        if rule == "suit_or_rank":
            if top.is_joker:
                return card.suit == suit
            return card.suit == top.suit or card.rank == top.rank
        # hungarian: 2s and 3s on any 2, 3 or battle king; battle kings on battle kings.
        if card.rank in (2, 3):
            return top.is_joker or top.rank in (2, 3) or top in self.battle_kings
        if card in self.battle_kings:
            return top in self.battle_kings
        return False


class Caches:
    """The listing caches of one game and its copies.

    They are keyed by the cards of hands, so they belong to one game and never to the shared
    rule tables: a bot's own games (``Game.from_view``) get caches of their own, and nothing
    a bot can reach holds another seat's cards.
    """

    def __init__(self) -> None:
        self.plays: dict[tuple[object, ...], list[Action]] = {}
        # A stand-in joker laid alone, by opener set: each plain play and the card it acts as.
        self.seq: dict[tuple[object, ...], list[tuple[Play, tuple[Card, ...]]]] = {}
        # Every ordered group of a same-rank card set (sorted in hand order): its plain play.
        self.rank_groups: dict[tuple[Card, ...], list[tuple[tuple[Card, ...], Action]]] = {}
        # Plain plays of several cards, shared by the listings of this game.
        self.groups: dict[tuple[Card, ...], Play] = {}
        # Attack chains: (first, last, the middle's cards sorted) by card index → the middle's
        # cards in an order that answers, or None (``Legality._chain_order``).
        self.chains: dict[tuple[int, ...], tuple[int, ...] | None] = {}


@lru_cache(maxsize=64)
def compile_rules(rules: Rules) -> Compiled:
    """The lookup tables for ``rules`` (cached)."""
    return Compiled(rules)

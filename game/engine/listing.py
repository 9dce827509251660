"""Listing every legal action of the seat to act (``Game.legal_actions``).

``Listing`` builds on ``Legality`` (the predicates and the refusals), so a listed play is
exactly one that ``apply`` accepts. Candidates are built already group- and run-shaped,
each listed once in an order that depends on the cards held, and their plays are shared
and cached where the same cards come back (a bot's search, a seat that draws).
"""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from typing import Final

from .actions import DRAW, PASS, SUFFIXES, Action, Play, Stop
from .cards import JACK, SUITS, Card
from .compiled import ALL_CARDS
from .legal import ATTACK, DRAWN, FIVE_AGAIN, PLAY, RANK_REQUEST, SKIP, SUIT_REQUEST, Legality
from .phase import Phase

# A listed candidate: its plain play (no suffix, no call) and its cards as they act.
_Entry = tuple[Play, tuple[Card, ...]]


class Listing(Legality):
    """Legal-move generation for the ``Game`` state machine."""

    # ----- listing ----------------------------------------------------------------
    def _list_plays(
        self,
        ctx: Phase,
        forced: Card | None,
        power_out: bool,
        okset: frozenset[Card],
        okmask: int,
        held: int,
        dups: bool,
        cap: int = 0,
    ) -> _Lister:
        """Every legal play of the general generator, candidate by candidate (``out`` of the
        lister returned; with ``cap``, they may stop once that many are listed: ``cut``).

        Candidates come in a fixed order (singles, groups of one rank, of one suit, runs), each
        listed once, in an order that depends on the cards held, not on the order they were
        picked up in (so a list cached for the same cards is the very list a fresh listing
        would give). Only the groups and runs whose first card may open are built, straight
        into plays: in a playout the openers change every turn, so most groups are new.
        """
        hand = _in_hand_order(self.hands[self.current])
        oks = okmask  # the openers; okmask: those the play may start with
        if forced is not None and not forced.is_joker:
            okmask &= forced.bit  # every play starts with the forced card
        out = _Lister(self, ctx, hand, dups, power_out, cap)
        # What a stand-in joker laid first may stand for: a card that may open, or any card
        # where jokers play on anything (on an ordinary turn).
        if self._joker_opens_anything(ctx):
            jokset, joks = _NATURAL_SET, _NATURAL_BITS
        else:
            jokset, joks = okset, oks
        try:
            self._fill(out, ctx, forced, okset, okmask, oks, jokset, joks, held, hand)
        except _Full:
            out.cut = True
        return out

    def _fill(
        self,
        out: _Lister,
        ctx: Phase,
        forced: Card | None,
        okset: frozenset[Card],
        okmask: int,
        oks: int,
        jokset: frozenset[Card],
        joks: int,
        held: int,
        hand: tuple[Card, ...],
    ) -> None:
        """List into ``out`` (``_list_plays``; raises ``_Full`` when its cap is reached);
        ``jokset`` and ``joks``: the cards a stand-in joker laid first may stand for."""
        c = self._c
        any_card = c.any_card

        # Singles
        done = 0
        for card in hand:
            if card.bit & done:
                continue
            done |= card.bit
            if forced is not None and card is not forced:
                continue
            if card.is_joker and any_card:
                for play, effs in self._joker_singles(card, jokset):
                    out.add(play, effs)
            elif card.bit & oks:
                single = _PLAIN_SINGLES.get(card)
                if single is None:
                    single = _PLAIN_SINGLES[card] = single_play(card, None, False)
                out.add(single, single.cards)
        if len(hand) < 2 or (c.groups == "none" and not (c.runs and ctx is PLAY)):
            return
        jokers = [x for x in hand if x.is_joker] if any_card else []
        # The cards a group may open with: real ones, and those a joker laid first stands for.
        heads = okmask | joks if jokers and (forced is None or forced.is_joker) else okmask
        suit_groups = c.groups == "rank_or_suit" and ctx is not SKIP and ctx is not RANK_REQUEST

        # Which ranks are held twice, which suits hold neighbouring ranks (bit masks)
        ranks = twice = 0
        suit_ranks = [0, 0, 0, 0]
        for card in hand:
            if card.is_joker:
                continue  # a stand-in joker joins groups below; a draw-wild one has no rank
            bit = 1 << card.rank
            twice |= ranks & bit
            ranks |= bit
            suit_ranks[card.idx // 13] |= bit
        if c.groups != "none":
            # Groups of one rank (stand-in jokers take that rank, in any suit). The hand is
            # in hand order and jokers sort last, so each pool is in hand order too.
            # Two stand-in jokers make a group of any rank by themselves (two K♥, RULES §3.6).
            grouped = (ranks | (_ALL_RANKS if len(jokers) >= 2 else 0)) if jokers else twice
            for rank in range(2, 15) if grouped else ():
                if grouped & (1 << rank) and heads & _RANK_BITS[rank]:
                    pool = tuple([x for x in hand if x.rank == rank and not x.is_joker] + jokers)
                    self._rank_groups_of(pool, rank, oks, joks, forced, out)
            # Groups of one suit: real cards alone, then with stand-in jokers
            if suit_groups:
                runs_listed = c.runs and ctx is PLAY
                # On a waiting attack every card of a group of one suit is an attack card (a
                # cut is one card or one rank): the others are left out of the pool before its
                # orders are built, which for a long suit (two decks) are millions.
                value = c.attack_value if ctx is ATTACK else None
                for si in range(4):
                    mask = suit_ranks[si]
                    if not heads & _SUIT_BITS[si]:
                        continue  # no card of this suit may open, real or stood for
                    if value is None:
                        pool = tuple([x for x in hand if not x.is_joker and x.idx // 13 == si])
                    else:
                        pool = tuple(
                            [x for x in hand if not x.is_joker and x.idx // 13 == si and value[x]]
                        )
                    if len(pool) >= 2 and mask & (mask - 1) and okmask & _SUIT_BITS[si]:
                        _plain_groups(pool, oks, forced, out)
                    if jokers and len(pool) + len(jokers) >= 2:
                        self._suit_groups_of(
                            (*pool, *jokers), si, oks, joks, forced, runs_listed, out
                        )
        # Runs (they need a joker or two neighbouring ranks of one suit)
        if c.runs and ctx is PLAY and (jokers or _run_may_open(held, okmask)):
            self._runs(hand, jokers, oks, joks, forced, suit_groups, out)

    def _joker_singles(self, joker: Card, okset: frozenset[Card]) -> list[_Entry]:
        """A stand-in joker laid alone as each card that may open (cached per opener set)."""
        cache = self._k.seq
        key: tuple[object, ...] = ("joker", joker, okset)
        found = cache.get(key)
        if found is None:
            found = []
            for d in self._c.declarable:
                if d in okset:
                    decl: tuple[Card | None, ...] = (d,)
                    found.append((Play((joker,), decl, None, False), (d,)))
            if len(cache) > 20000:
                cache.clear()
            cache[key] = found
        return found

    def _rank_groups_of(
        self,
        pool: tuple[Card, ...],
        rank: int,
        oks: int,
        joks: int,
        forced: Card | None,
        out: _Lister,
    ) -> None:
        """Every group of ``pool`` (the cards of ``rank``, then the stand-in jokers) that may
        open (``oks``: the real cards that may; ``joks``: those a joker laid first may be).

        The first and the last joker may stand for any suit of the rank; a joker in the
        middle takes the first card's suit. Jokers alone make a group too (two K♥).
        """
        n = len(pool)
        check_shape = out.check_shape
        real = n  # pool[real:] are the stand-in jokers
        while real > 0 and pool[real - 1].is_joker:
            real -= 1
        if real == n:
            _plain_groups(pool, oks, forced, out)
            return
        suited = [_NATURALS[si * 13 + rank - 2] for si in range(4)]  # the rank in each suit
        for i in range(n):
            x = pool[i]
            if forced is not None and x is not forced:
                continue
            if i >= real:
                heads = [h for h in suited if h.bit & joks]
            elif x.bit & oks:
                heads = [x]
            else:
                continue
            for pat in _patterns_from(pool, i):
                k = len(pat)
                seq = _pick(pool, pat)
                if max(pat) < real:  # no joker (they come last in the pool)
                    if not check_shape or out.fits(seq, seq):
                        out.add_new(seq, None, x, seq[-1])
                    continue
                tails = suited if pat[-1] >= real else [seq[-1]]
                for head in heads:
                    mid = suited[head.idx // 13]
                    effs_l = [mid if pat[j] >= real else seq[j] for j in range(k)]
                    effs_l[0] = head
                    decl_l: list[Card | None] = [mid if pat[j] >= real else None for j in range(k)]
                    if i >= real:
                        decl_l[0] = head
                    for tail in tails:
                        effs_l[k - 1] = tail
                        if pat[-1] >= real:
                            decl_l[k - 1] = tail
                        if not check_shape or out.fits(seq, tuple(effs_l)):
                            out.add_new(seq, tuple(decl_l), head, tail)

    def _suit_groups_of(
        self,
        pool: tuple[Card, ...],
        si: int,
        oks: int,
        joks: int,
        forced: Card | None,
        runs_listed: bool,
        out: _Lister,
    ) -> None:
        """Every group of one suit holding a stand-in joker that may open (``pool``: the real
        cards of suit ``si`` in hand order, then the jokers; on an attack only the suit's
        attack cards, see ``_fill``).

        A joker laid first stands for any card of the suit that may open, a joker laid last
        for any card of the suit (it acts), and a joker between them for the first card (it
        does not act: RULES §3.6 and §3.7). Groups of one rank and runs that hold a joker are
        listed by their own generators, so they are left out here.
        """
        n = len(pool)
        real = n  # pool[real:] are the stand-in jokers
        while real > 0 and pool[real - 1].is_joker:
            real -= 1
        suited = _NATURALS[si * 13 : si * 13 + 13]
        openers = [h for h in suited if h.bit & joks]  # what a joker laid first may be
        value = self._c.attack_value
        atk = [x for x in suited if value[x]]  # the suit's attack cards, in hand order
        # On a waiting attack every card laid together is an attack card (a cut is one card
        # or one rank, and groups of one rank are listed apart): the pool holds no other.
        on_attack = out.ctx is ATTACK
        risings: dict[int, list[tuple[Card, ...]]] = {}  # ``_rising(atk, m)`` by m
        picked: set[tuple[Card, ...]] | None = set() if out.seen is not None else None
        for i in range(n):
            x = pool[i]
            if forced is not None and x is not forced:
                continue
            if i >= real:
                heads = [h for h in openers if value[h]] if on_attack else openers
            elif x.bit & oks and (value[x] or not on_attack):
                heads = [x]
            else:
                continue
            # Real cards alone (jokers come last in the pool) are listed by ``_plain_groups``.
            for pat in _patterns_from(pool, i, real):
                if max(pat) < real:
                    continue
                k = len(pat)
                seq = _pick(pool, pat)  # on an attack the pool holds attack cards only
                if picked is not None:
                    # Copies of a card (several decks) pick the same cards again: every
                    # candidate built from them would come out the same, so once is enough.
                    if seq in picked:
                        continue
                    picked.add(seq)
                last_joker = pat[-1] >= real
                tails = suited if last_joker else (seq[-1],)
                # The jokers between the first and the last card, and whether every real card
                # there is an attack card (then, in a group of attack cards only, those jokers
                # may stand for any attack card of the suit, in hand order: RULES §3.6, §3.7).
                mids = [j for j in range(1, k - 1) if pat[j] >= real]
                counted_mid = bool(mids and atk)
                for j in range(1, k - 1):
                    if pat[j] < real and not value[seq[j]]:
                        counted_mid = False
                for head in heads:
                    effs_l = [head if pat[j] >= real else seq[j] for j in range(k)]
                    effs_l[0] = head
                    decl_l: list[Card | None] = [head if pat[j] >= real else None for j in range(k)]
                    variants: list[tuple[Card, ...] | None] = [None]
                    if counted_mid and value[head]:
                        rising = risings.get(len(mids))
                        if rising is None:
                            rising = risings[len(mids)] = _rising(atk, len(mids))
                        variants.extend(v for v in rising if any(x is not head for x in v))
                    for variant in variants:
                        if variant is not None:
                            for j, x in zip(mids, variant, strict=True):
                                effs_l[j] = x
                                decl_l[j] = x
                        counted = variant is not None or on_attack
                        self._suit_group_tails(
                            seq, effs_l, decl_l, head, tails, counted, runs_listed, out
                        )

    def _suit_group_tails(
        self,
        seq: tuple[Card, ...],
        effs_l: list[Card],
        decl_l: list[Card | None],
        head: Card,
        tails: Sequence[Card],
        counted: bool,
        runs_listed: bool,
        out: _Lister,
    ) -> None:
        """List a group of one suit (``seq``, acting as ``effs_l``) with each last card of
        ``tails``; ``counted``: the last card must be an attack card (jokers between stand
        for other attack cards than the first, or an attack is waiting)."""
        k = len(seq)
        last_joker = seq[-1].is_joker
        check_shape = out.check_shape
        value = self._c.attack_value
        rank = head.rank
        one_rank = True  # every card before the last acts as the head's rank
        for j in range(1, k - 1):
            if effs_l[j].rank != rank:
                one_rank = False
                break
        for tail in tails:
            if one_rank and tail.rank == rank:
                continue  # a group of one rank: listed by ``_rank_groups_of``
            if counted and not value[tail]:
                continue
            effs_l[k - 1] = tail
            if last_joker:
                decl_l[k - 1] = tail
            # One suit throughout, so a run needs neighbouring ranks from the start.
            step = effs_l[1].rank - rank
            if runs_listed and (step == 1 or step == -1) and self._is_run(tuple(effs_l)):
                continue  # a run: listed by ``_runs``
            if check_shape and not out.fits(seq, tuple(effs_l)):
                continue
            out.add_new(seq, tuple(decl_l), head, tail)

    def _runs(
        self,
        hand: tuple[Card, ...],
        jokers: list[Card],
        oks: int,
        joks: int,
        forced: Card | None,
        suit_groups: bool,
        out: _Lister,
    ) -> None:
        """Every run that may open here (RULES §3.7): consecutive ranks of one suit, turning
        suit through two cards of one rank; stand-in jokers take the card the run needs.

        A run of real cards in one suit that is also a group of that suit (two or three
        cards, or rising) is left to the groups when suit groups are listed.
        """
        run = _Run(out, hand, jokers, suit_groups)
        done = 0
        for x in hand:
            if x.is_joker or x.bit & done:
                continue
            done |= x.bit
            if not x.bit & oks or (forced is not None and x is not forced):
                continue
            run.take(x.bit)
            run.phys.append(x)
            run.effs.append(x)
            run.step(0, False, 0, True)
            run.phys.pop()
            run.effs.pop()
            run.put(x.bit)
        if not jokers:
            return
        for i, j in enumerate(jokers):
            if (forced is not None and j is not forced) or j in jokers[:i]:
                continue
            run.used |= 1 << i
            run.phys.append(j)
            for d in _NATURALS:
                if d.bit & joks:
                    run.effs.append(d)
                    run.step(0, False, 0, False)
                    run.effs.pop()
            run.phys.pop()
            run.used &= ~(1 << i)

    def _plays(self, ctx: Phase, forced: Card | None, cap: int = 0) -> list[Action]:
        """Every legal play (with its suffix and call variants) for the seat to act; with
        ``cap``, the listing may stop once it holds that many plays (it then sets ``_cut``)."""
        if self._c.simple:
            return self._plays_simple(ctx, forced)  # a few dozen at most: never cut
        seat = self.current
        hand = self.hands[seat]
        c = self._c
        # Everything the general generator depends on; the same hand on the same pile comes
        # back often (a bot's search, a seat that draws), and jokers make listing costly.
        m1 = m2 = m3 = 0  # the hand as a multiset: a card's bit in mask k for its k-th copy
        for x in hand:
            bit = x.bit
            if not m1 & bit:
                m1 |= bit
            elif not m2 & bit:
                m2 |= bit
            else:
                m3 |= bit
        okset = self._openers(ctx)
        okmask = c.last_ok_mask
        mine = m1 if forced is None else forced.bit
        if not mine & okmask and not (
            c.any_card
            and mine & _JOKER_BITS
            and (okmask & _NATURAL_BITS or self._joker_opens_anything(ctx))
        ):
            return []  # no card held (nor the forced one) may open, nor a joker as such a card
        power_out = self._power_applies(seat, 0)
        key = (
            m1,
            m2,
            m3,
            ctx,
            forced,
            self._top,
            self._suit,
            self._req_rank,
            self._req_suits,
            self._req_excluded,
            power_out,
            self.n == 2,
        )
        plays_cache = self._k.plays
        cached = plays_cache.get(key)
        if cached is not None:
            return cached[:]
        # The collector is paused while listing: a listing makes only acyclic objects (plays
        # and tuples of cards), all kept, so collecting during it finds nothing, yet a wide
        # listing (stand-in jokers in long groups) set off collections that walked every
        # object in the process, over and over: 70% of its time.
        collecting = gc.isenabled()
        if collecting:
            gc.disable()
        try:
            lister = self._list_plays(ctx, forced, power_out, okset, okmask, m1, m2 != 0, cap)
        finally:
            if collecting:
                gc.enable()
        result = lister.out
        if lister.cut:
            self._cut = True
            return result  # not every play: never cached
        if len(result) > _CACHED_LIST_MAX:
            return result
        if len(plays_cache) > _PLAYS_CACHE_SIZE:
            plays_cache.clear()
        plays_cache[key] = result
        return result[:]

    def _openers(self, ctx: Phase) -> frozenset[Card]:
        """Every card that may open a play here (cached per top card, suit and request).

        ``_c.last_ok_mask`` is left holding the same cards as a bit mask.
        """
        c = self._c
        top = self._top.idx
        if (
            c.last_ok_ctx is ctx
            and c.last_ok_top == top
            and c.last_ok_suit == self._suit
            and c.last_ok_rank == self._req_rank
            and c.last_ok_req == self._req_suits
        ):
            return c.last_ok
        key = (ctx, top, self._suit, self._req_rank, self._req_suits)
        cache = c.opener_cache
        entry = cache.get(key)
        if entry is None:
            found = frozenset(x for x in ALL_CARDS if self._first_ok(x, ctx))
            mask = 0
            for x in found:
                mask |= x.bit
            entry = (found, mask)
            if len(cache) > 4096:
                cache.clear()
            cache[key] = entry
        found, c.last_ok_mask = entry
        c.last_ok_ctx = ctx
        c.last_ok_top = top
        c.last_ok_suit = self._suit
        c.last_ok_rank = self._req_rank
        c.last_ok_req = self._req_suits
        c.last_ok = found
        return found

    def _plays_simple(self, ctx: Phase, forced: Card | None) -> list[Action]:
        """The fast generator for rule sets without stand-in jokers, runs or suit groups."""
        c = self._c
        seat = self.current
        hand = self.hands[seat]
        okset = self._openers(ctx)
        openers: list[Card]
        if forced is not None:
            if forced not in okset:
                return []
            openers = [forced]
        else:
            openers = []
            seen = 0
            for x in hand:
                if x in okset and not x.bit & seen:  # identical cards (several decks) once
                    seen |= x.bit
                    openers.append(x)
            if not openers:
                return []
        size = len(hand)
        out: list[Action] = []
        special = c.needs_choice
        plain = _PLAIN_SINGLES
        seqs: list[tuple[Card, ...]] = []
        for x in openers:
            if size > 2 and x not in special:
                play = plain.get(x)
                if play is None:
                    play = plain[x] = single_play(x, None, False)
                out.append(play)
            else:
                seqs.append((x,))
        if c.rank_groups and size > 1:
            ranks = 0
            twice = 0
            for y in hand:
                if y.is_joker:
                    continue  # a draw-wild joker has no rank: it is never in a group
                b = 1 << y.rank
                twice |= ranks & b
                ranks |= b
            if twice:
                check_shape = ctx is ATTACK or ctx is SKIP
                done = 0
                for x in openers:
                    r = x.rank
                    b = 1 << r
                    if not twice & b or done & b:
                        continue
                    done |= b
                    group: list[Card] = []
                    for y in hand:  # this rank's cards in hand order (insertion sort)
                        if y.rank == r:
                            k = len(group)
                            group.append(y)
                            while k > 0 and group[k - 1].order > y.order:
                                group[k] = group[k - 1]
                                k -= 1
                            group[k] = y
                    for seq, gplay in self._rank_groups(tuple(group)):
                        first = seq[0]
                        if first not in okset or (forced is not None and first is not forced):
                            continue
                        if check_shape and self._shape_ok(seq, seq, ctx, False) is not None:
                            continue
                        if size - len(seq) >= 2 and seq[-1] not in special:
                            out.append(gplay)
                        else:
                            seqs.append(seq)
        if seqs:
            self._emit(seqs, ctx, out)
        return out

    def _rank_groups(self, cards: tuple[Card, ...]) -> list[tuple[tuple[Card, ...], Action]]:
        """Every ordered group of these same-rank cards (in hand order) with its plain play.

        The first card's fit and the shape under an attack or a skip are checked by the
        caller, so the list depends on the cards alone and is computed once per card set.
        """
        cache = self._k.rank_groups
        found = cache.get(cards)
        if found is not None:
            return found
        result: list[tuple[tuple[Card, ...], Action]] = []
        seen: set[tuple[Card, ...]] = set()
        dup = len(set(cards)) != len(cards)
        for seq in ordered_groups(list(cards)):
            if dup:
                if seq in seen:
                    continue
                seen.add(seq)
            result.append((seq, group_play(seq, self._k.groups)))
        if len(cache) > 20000:
            cache.clear()
        cache[cards] = result
        return result

    def _emit(self, seqs: list[tuple[Card, ...]], ctx: Phase, out: list[Action]) -> None:
        """Turn card sequences into plays with every suffix and Macau-call variant."""
        c = self._c
        seat = self.current
        hand = self.hands[seat]
        size = len(hand)
        required = c.macau_required
        power_out: bool | None = None
        for seq in seqs:
            k = len(seq)
            left = size - k
            last = seq[-1]
            if left == 0:
                if k == 1 and self._heads_up_block(last):
                    continue
                if power_out is None:
                    power_out = self._power_applies(seat, 0)
                power = power_out
            else:
                power = True
            if power and last in c.needs_choice:
                choices = self._choices(seq, self._kept(hand, seq), power, ctx)
            else:
                choices = _NO_CHOICE
            # After a 5 with five_again the turn goes on (one more card, or a draw): the call
            # belongs to the end of the turn, so none is made on the 5.
            calls = (
                _CALLS_BOTH
                if left == 1 and required and not (c.five_again and last.rank == 5)
                else _CALLS_NO
            )
            for choice in choices:
                for call in calls:
                    if k == 1:
                        out.append(single_play(last, choice, call))
                    elif choice is None and not call:
                        out.append(group_play(seq, self._k.groups))
                    else:
                        out.append(Play(seq, None, choice, call))

    def _kept(self, hand: list[Card], laid: tuple[Card, ...]) -> list[Card]:
        """The hand after laying ``laid``, where a suffix depends on it (must-hold rules)."""
        if not self._c.hand_after_matters:
            return hand  # the suffixes do not depend on what is kept
        kept = list(hand)
        for p in laid:
            kept.remove(p)
        return kept

    def _generate(self, cap: int = 0) -> list[Action]:
        """All legal actions of the seat to act (dispatching on the phase); ``cap``: see
        ``_plays``."""
        phase = self.phase
        actions: list[Action]
        if phase is PLAY or phase is RANK_REQUEST or phase is SUIT_REQUEST:
            actions = self._plays(phase, None, cap)
            if self._can_draw():
                actions.append(DRAW)
            elif not actions:
                actions.append(PASS)
        elif phase is ATTACK:
            actions = self._plays(phase, None, cap)
            actions.append(DRAW)
        elif phase is SKIP:
            actions = self._plays(phase, None, cap)
            actions.append(PASS)
        elif phase is DRAWN:
            actions = self._plays(self._ctx, self._drawn, cap)
            actions.append(PASS)
        elif phase is FIVE_AGAIN:
            actions = self._plays(PLAY, None, cap)
            if self._can_draw():
                actions.append(DRAW)
            elif not actions:
                actions.append(PASS)
        else:
            return []
        if self._macau_open >= 0 and self._macau_open != self.current:
            actions.append(Stop(self._macau_open))
        return actions


_GROUP_PATTERNS: Final[dict[int, list[tuple[int, ...]]]] = {}


def _group_patterns(n: int) -> list[tuple[int, ...]]:
    """The index orders of ``ordered_groups`` for a pool of ``n`` cards (kept up to ten)."""
    found = _GROUP_PATTERNS.get(n)
    if found is not None:
        return found
    pats = [pat for i in range(n) for pat in _orders_from(n, i, n)]
    if n <= 10:
        _GROUP_PATTERNS[n] = pats  # tuples of small ints: the collector stops walking them
    return pats


_PATTERNS_FROM: Final[dict[tuple[int, int], list[tuple[int, ...]]]] = {}


def _plain_groups(pool: tuple[Card, ...], oks: int, forced: Card | None, out: _Lister) -> None:
    """List every group of ``pool`` (real cards of one rank or one suit, in hand order) whose
    first card may open (``oks``, and ``forced`` if set)."""
    n = len(pool)
    check_shape = out.check_shape
    for i in range(n):
        x = pool[i]
        if not x.bit & oks or (forced is not None and x is not forced):
            continue
        for pat in _patterns_from(pool, i):
            seq = _pick(pool, pat)
            if not check_shape or out.fits(seq, seq):
                out.add_new(seq, None, x, seq[-1])


def _patterns_from(pool: tuple[Card, ...], first: int, real: int = -1) -> Iterable[tuple[int, ...]]:
    """The index orders of ``ordered_groups`` for ``pool`` that begin with ``first`` (with
    ``real`` >= 0, only those that hold an index of ``real`` or more: a joker).

    A pool of more than ten cards (a long suit of several decks) has millions of orders, so
    they are made one by one: a capped listing stops after the first few thousand plays
    instead of building every order first. When a pool holds copies of a card, only the
    first order of each sequence of cards is made (``_distinct_orders``).
    """
    n = len(pool)
    until = n if real < 0 or n <= 10 else real  # (a short pool's orders are all made)
    if len(set(pool)) < n:
        # (also in a short pool: six jokers of three decks made 224,000 candidates, most of
        # them the same plays, for a window's listing of 20,000)
        return _distinct_orders(pool, first, until)
    if n > 10:
        return _orders_from(n, first, until)
    found = _PATTERNS_FROM.get((n, first))
    if found is None:
        found = _PATTERNS_FROM[(n, first)] = list(_orders_from(n, first, n))
    return found


def _orders_from(n: int, first: int, real: int) -> Iterator[tuple[int, ...]]:
    """Every order ``first``, some of the others in index order, and a last card; with
    ``real`` < ``n``, only the orders holding an index of ``real`` or more."""
    for j in range(n):
        if j == first:
            continue
        rest = [k for k in range(n) if k != first and k != j]
        width = len(rest)
        # The indices of ``real`` or more are the high bits of the mask: an order without any
        # of them (when neither end is one) has a mask below ``1 << below``.
        start = 0
        if real < n and first < real and j < real:
            start = 1 << sum(1 for k in rest if k < real)
        for mask in range(start, 1 << width):
            middle = [rest[b] for b in range(width) if mask >> b & 1]
            yield (first, *middle, j)


def _distinct_orders(pool: tuple[Card, ...], first: int, real: int) -> Iterator[tuple[int, ...]]:
    """``_orders_from`` for a pool holding copies of cards, keeping only the first order
    (in ``_orders_from``'s order) of each sequence of cards it picks.

    Copies lie side by side in a pool (hand order), so a sequence first comes with its first
    card the first copy of that card, its last card the first copy not already first, and of
    each run of copies between them the first few: only those orders are made, in the same
    order. Eleven sixes of three decks and six jokers make about a million orders, but only
    some twenty thousand sequences.
    """
    n = len(pool)
    if first and pool[first - 1] is pool[first]:
        return
    for j in range(n):
        if j == first:
            continue
        before = j - 1 if j - 1 != first else j - 2
        if before >= 0 and pool[before] is pool[j]:
            continue
        rest = [k for k in range(n) if k != first and k != j]
        # The runs of copies among the others: where each starts in ``rest``, and its length.
        starts: list[int] = []
        sizes: list[int] = []
        for b in range(len(rest)):
            if b and pool[rest[b - 1]] is pool[rest[b]]:
                sizes[-1] += 1
            else:
                starts.append(b)
                sizes.append(1)
        # How many of each run go between (the first ones): a number whose digits are those
        # counts, the lowest run's the fastest, counts up in the order the masks would.
        total = 1
        plain = 1  # the counts that take no card of ``real`` or more (jokers come last)
        for r in range(len(sizes)):
            total *= sizes[r] + 1
            if rest[starts[r]] < real:
                plain *= sizes[r] + 1
        start = plain if real < n and first < real and j < real else 0
        for code in range(start, total):
            middle: list[int] = []
            digits = code
            for r in range(len(sizes)):
                size = sizes[r] + 1
                take = digits % size
                digits //= size
                if take:
                    middle.extend(rest[starts[r] : starts[r] + take])
            yield (first, *middle, j)


def ordered_groups(pool: list[Card]) -> list[tuple[Card, ...]]:
    """Every group of two or more cards of ``pool``: any first, any last, the middle in order."""
    return [tuple([pool[k] for k in pat]) for pat in _group_patterns(len(pool))]


def _pick(pool: tuple[Card, ...], pat: tuple[int, ...]) -> tuple[Card, ...]:
    """The cards of ``pool`` at the indices ``pat``, in that order."""
    k = len(pat)
    if k == 2:
        return (pool[pat[0]], pool[pat[1]])
    if k == 3:
        return (pool[pat[0]], pool[pat[1]], pool[pat[2]])
    if k == 4:
        return (pool[pat[0]], pool[pat[1]], pool[pat[2]], pool[pat[3]])
    return tuple([pool[i] for i in pat])


def _rising(cards: list[Card], n: int) -> list[tuple[Card, ...]]:
    """Every choice of ``n`` of ``cards`` (repeats allowed) in the order of ``cards``."""
    if n == 0:
        return [()]
    return [(x, *rest) for i, x in enumerate(cards) for rest in _rising(cards[i:], n - 1)]


def _run_may_open(held: int, openers: int) -> bool:
    """Whether real cards ``held`` (bits) may make a run that starts with one of ``openers``:
    an opener with a neighbour of its suit, or with a card of its rank that has one."""
    cards = held & _NATURAL_BITS
    # the cards held next to another held card of their suit
    linked = (((cards & ~_ACE_BITS) << 1) | ((cards & ~_TWO_BITS) >> 1)) & cards
    if linked & openers:
        return True
    return bool(_rank_fold(linked) & _rank_fold(cards & openers))


def _rank_fold(cards: int) -> int:
    """The ranks (bit ``rank - 2``) of the real cards ``cards`` (bits)."""
    return (cards | cards >> 13 | cards >> 26 | cards >> 39) & 0x1FFF


def _in_hand_order(cards: list[Card]) -> tuple[Card, ...]:
    """``cards`` sorted in hand order (by suit, then rank; jokers last): an insertion sort."""
    out = cards[:]
    for i in range(1, len(out)):
        card = out[i]
        k = i
        while k > 0 and out[k - 1].order > card.order:
            out[k] = out[k - 1]
            k -= 1
        out[k] = card
    return tuple(out)


_NATURALS: Final[tuple[Card, ...]] = tuple(
    Card.of(rank, suit) for suit in SUITS for rank in range(2, 15)
)  # by index: suit * 13 + rank - 2
# The bits (``Card.bit``) of the four cards of each rank and the thirteen of each suit.
_RANK_BITS: Final[tuple[int, ...]] = tuple(
    sum(_NATURALS[s * 13 + r - 2].bit for s in range(4)) if r >= 2 else 0 for r in range(15)
)
_SUIT_BITS: Final[tuple[int, ...]] = tuple(
    sum(_NATURALS[s * 13 + r].bit for r in range(13)) for s in range(4)
)
_NATURAL_BITS: Final = (1 << 52) - 1
_NATURAL_SET: Final = frozenset(_NATURALS)
_SUIT_KEY: Final[dict[str, int]] = {"": 0, **{s: i + 1 for i, s in enumerate(SUITS)}}
_ALL_RANKS: Final = sum(1 << r for r in range(2, 15))  # bit ``rank`` for every rank
_TWO_BITS: Final = _RANK_BITS[2]
_ACE_BITS: Final = _RANK_BITS[14]
_JOKER_BITS: Final = 3 << 52


# A long listing (a big hand with stand-in jokers: tenths of a second) off the main thread
# lets the main thread run now and then. Compiled, it would otherwise hold the interpreter
# lock throughout, and a bot listing on its worker thread froze the window's frames; a bare
# ``sleep(0)`` is not enough, as the lock goes straight back to the thread that let it go.
_BREATHE_EVERY: Final = 1023  # candidates (plus one) between looks at the clock: about 1 ms
_BREATHE_AFTER: Final = 0.002  # seconds of listing between two breaths
_BREATH: Final = 0.0002  # seconds each breath leaves the lock free
_MAIN_THREAD: Final = threading.main_thread().ident
_last_breath = 0.0


def breathe() -> None:
    """Let the main thread run for a moment, if this is another thread and it has listed for
    a while since it last did."""
    global _last_breath
    if threading.get_ident() == _MAIN_THREAD:
        return
    now = time.perf_counter()
    if now - _last_breath >= _BREATHE_AFTER:
        time.sleep(_BREATH)
        _last_breath = time.perf_counter()


class _Full(Exception):
    """A capped listing holds as many plays as it was asked for."""


class _Lister:
    """The plays of one listing: each candidate once, with its suffixes and Macau calls."""

    def __init__(
        self,
        game: Legality,
        ctx: Phase,
        hand: tuple[Card, ...],
        dups: bool,
        power_out: bool,
        cap: int = 0,
    ) -> None:
        c = game._c
        self.cap = cap  # stop (raise ``_Full``) once this many plays are listed; 0: never
        self.ticks = 0  # candidates so far (``add_new``), to let the main thread run (``breathe``)
        self.cut = False
        self.game = game
        self.ctx = ctx
        self.hand = hand
        self.size = len(hand)
        self.needs_choice = c.needs_choice_mask
        # Candidates are built group- and run-shaped, so only the contexts that restrict
        # what may be laid together need the shape test.
        self.check_shape = ctx is not PLAY and ctx is not SUIT_REQUEST
        self.calls_one = _CALLS_BOTH if c.macau_required else _CALLS_NO
        self.five_again = c.five_again
        self.power_out = power_out
        self.hand_after_matters = c.hand_after_matters
        self.jack_request = c.jack_request
        self.request_ranks = c.request_ranks
        self.out: list[Action] = []
        # identical cards (several decks) make identical candidates: keep the first
        self.seen: set[tuple[tuple[Card, ...], tuple[Card | None, ...] | None]] | None = (
            set() if dups else None
        )
        self.shapes: dict[tuple[tuple[Card, ...], tuple[Card, ...]], bool] | None = (
            {} if dups and self.check_shape else None
        )
        # Real cards held by rank and by suit (for must-hold rules), counted when first asked.
        self.rank_counts = -1
        self.suit_counts = -1
        # The suffixes by last card and cards kept (most candidates share a few).
        self.choices: dict[int, tuple[str | None, ...]] | None = None

    def fits(self, cards: tuple[Card, ...], effs: tuple[Card, ...]) -> bool:
        """Whether these cards may be laid together here (always, outside the restricted
        contexts: the candidates are built group- and run-shaped)."""
        if not self.check_shape:
            return True
        shapes = self.shapes
        if shapes is None:
            return self.game._shape_ok(effs, cards, self.ctx, False) is None
        # With copies of cards (several decks) most candidates come back many times over,
        # picked from other copies: each is tested once.
        key = (cards, effs)
        ok = shapes.get(key)
        if ok is None:
            ok = shapes[key] = self.game._shape_ok(effs, cards, self.ctx, False) is None
        return ok

    def add(self, play: Play, effs: tuple[Card, ...]) -> None:
        """List candidate ``play`` (plain: no suffix, no call) laid as ``effs``."""
        if self.fits(play.cards, effs):
            self.add_new(play.cards, play.declared, effs[0], effs[-1], play)

    def add_new(
        self,
        cards: tuple[Card, ...],
        decl: tuple[Card | None, ...] | None,
        first: Card,
        last: Card,
        plain: Play | None = None,
    ) -> None:
        """``add`` for a candidate that ``fits`` (the caller checks), acting as ``first`` …
        ``last``; ``plain`` is its play without suffix or call, if one is built already."""
        cap = self.cap
        if cap and len(self.out) >= cap:
            raise _Full
        self.ticks += 1
        if not self.ticks & _BREATHE_EVERY:
            breathe()
        seen = self.seen
        if seen is not None:
            key = (cards, decl)
            if key in seen:
                return
            seen.add(key)
        if self.size - len(cards) >= 2 and not last.bit & self.needs_choice:
            self.out.append(plain if plain is not None else Play(cards, decl, None, False))
        else:
            self._expand(cards, decl, first, last)

    def _expand(
        self, cards: tuple[Card, ...], decl: tuple[Card | None, ...] | None, first: Card, last: Card
    ) -> None:
        """The plays of one candidate: every suffix its last card needs, each call variant."""
        game = self.game
        k = len(cards)
        left = self.size - k
        if left == 0:
            if k == 1 and game._heads_up_block(first):
                return
            power = self.power_out
        else:
            power = True
        if power and last.bit & self.needs_choice and not game._cuts_attack(first, self.ctx):
            if self.hand_after_matters:
                held_ranks, held_suits = self._held_after(cards, last)
            else:
                held_ranks = held_suits = 0
            # The suit in force when the last card goes down: the card before it, if any.
            if k > 1:
                under = decl[-2] if decl is not None else None
                in_force = (cards[-2] if under is None else under).suit
            else:
                in_force = game._suit or game._req_excluded
            key = (held_ranks << 13) | (held_suits << 9) | (_SUIT_KEY[in_force] << 6) | last.idx
            memo = self.choices
            if memo is None:
                memo = self.choices = {}
            choices = memo.get(key)
            if choices is None:
                choices = memo[key] = game._choices_held(last, held_ranks, held_suits, in_force)
        else:
            choices = _NO_CHOICE
        calls = (
            self.calls_one if left == 1 and not (self.five_again and last.rank == 5) else _CALLS_NO
        )
        out = self.out
        for choice in choices:
            for call in calls:
                if k == 1 and decl is None:
                    out.append(single_play(cards[0], choice, call))
                else:
                    out.append(Play(cards, decl, choice, call))

    def _held_after(self, cards: tuple[Card, ...], last: Card) -> tuple[int, int]:
        """The ranks and suits (bit masks) of the real cards left after laying ``cards``,
        as far as the suffixes of ``last`` ask: a jack's requested ranks, or else the suits."""
        # Counts packed in one int: four bits a rank (at 4 * rank), six bits a suit.
        ranks_n = self.rank_counts
        suits_n = self.suit_counts
        if ranks_n < 0:
            ranks_n = suits_n = 0
            for x in self.hand:
                if not x.is_joker:
                    ranks_n += 1 << 4 * x.rank
                    suits_n += 1 << 6 * (x.idx // 13)
            self.rank_counts = ranks_n
            self.suit_counts = suits_n
        for p in cards:
            if not p.is_joker:
                ranks_n -= 1 << 4 * p.rank
                suits_n -= 1 << 6 * (p.idx // 13)
        ranks = suits = 0
        if last.rank == JACK and self.jack_request:
            for r in self.request_ranks:
                if ranks_n >> 4 * r & 15:
                    ranks |= 1 << r
        else:
            for si in range(4):
                if suits_n >> 6 * si & 63:
                    suits |= 1 << si
        return ranks, suits


class _Run:
    """The depth-first search of runs: the run so far, the cards left, what it lists."""

    def __init__(
        self, out: _Lister, hand: tuple[Card, ...], jokers: list[Card], skip_plain: bool
    ) -> None:
        self.out = out
        # The real cards left as bit masks (``Card.bit``): a card's bit is in ``left1`` while
        # a copy of it is left, in ``left2`` while two are, in ``left3`` while three are.
        self.left1 = self.left2 = self.left3 = 0
        for x in hand:
            if not x.is_joker:
                self.put(x.bit)
        self.jokers = jokers
        self.used = 0  # bit i: jokers[i] is in the run
        self.all_used = (1 << len(jokers)) - 1
        # bit k of twins[i]: jokers[k] (k < i) is the same card as jokers[i]
        self.twins = [
            sum(1 << k for k in range(i) if jokers[k] is jokers[i]) for i in range(len(jokers))
        ]
        self.skip_plain = skip_plain
        self.phys: list[Card] = []
        self.effs: list[Card] = []

    def take(self, bit: int) -> None:
        """Use one copy of a card that is left (its bit)."""
        if self.left3 & bit:
            self.left3 ^= bit
        elif self.left2 & bit:
            self.left2 ^= bit
        else:
            self.left1 ^= bit

    def put(self, bit: int) -> None:
        """Give back one copy of a card (its bit)."""
        if not self.left1 & bit:
            self.left1 |= bit
        elif not self.left2 & bit:
            self.left2 |= bit
        else:
            self.left3 |= bit

    def step(self, direction: int, switched: bool, steps: int, plain: bool) -> None:
        """Record the run so far (once it has a rank step), then try every next card."""
        effs = self.effs
        if steps > 0 and not (plain and self.skip_plain and (direction == 1 or len(effs) <= 3)):
            phys = self.phys
            cards = tuple(phys)
            decl: tuple[Card | None, ...] | None = None
            if self.used:  # jokers stand in: declare what each one is
                decl = tuple([effs[i] if phys[i].is_joker else None for i in range(len(phys))])
            self.out.add_new(cards, decl, effs[0], effs[-1])
        last = effs[-1]
        rank = last.rank
        idx = last.idx
        if direction >= 0 and rank < 14:
            self._next(idx + 1, 1, False, steps + 1, plain)
        if direction <= 0 and rank > 2:
            self._next(idx - 1, -1, False, steps + 1, plain)
        if not switched:
            for other in range(rank - 2, 52, 13):  # this rank in each suit
                if other != idx:
                    self._next(other, direction, True, steps, False)

    def _next(self, idx: int, direction: int, switched: bool, steps: int, plain: bool) -> None:
        bit = 1 << idx
        used = self.used
        held = self.left1 & bit
        if not held and used == self.all_used:
            return
        card = _NATURALS[idx]
        phys = self.phys
        effs = self.effs
        if held:
            self.take(bit)
            phys.append(card)
            effs.append(card)
            self.step(direction, switched, steps, plain)
            phys.pop()
            effs.pop()
            self.put(bit)
        if used == self.all_used:
            return
        jokers = self.jokers
        twins = self.twins
        for i in range(len(jokers)):
            jbit = 1 << i
            # an identical unused joker earlier in the list stands in already
            if used & jbit or twins[i] & ~used:
                continue
            self.used = used | jbit
            phys.append(jokers[i])
            effs.append(card)
            self.step(direction, switched, steps, False)
            phys.pop()
            effs.pop()
            self.used = used


# Cache sizes. Every cached object is one more for the garbage collector to walk in each full
# collection, and keeping the thousands of candidates of one big hand (which seldom comes
# back) sets off those collections: such lists are recomputed rather than kept. The listing
# cache pays only while a position comes back soon (a seat that draws, a search revisiting
# a node), so it keeps the last hundred or so lists: two thousand cost random playouts 7% in
# collections and did not help the searching bot.
_PLAYS_CACHE_SIZE: Final = 100
_CACHED_LIST_MAX: Final = 64

_NO_CHOICE: Final[tuple[str | None, ...]] = (None,)
_CALLS_BOTH: Final = (True, False)
_CALLS_NO: Final = (False,)
# Every single-card play there can be, made once: plays are immutable, so one object serves
# every game, and a table filled in advance says nothing about which cards anyone held. Each
# is hashed now: a play keeps its hash once asked for it (a searching bot asks, for the
# plays of its own hand), and a shared play hashed later would say whose plays were asked.
_SINGLES: Final[dict[tuple[Card, str | None, bool], Play]] = {
    (card, choice, call): Play((card,), None, choice, call)
    for card in ALL_CARDS
    for choice in (None, *SUFFIXES)
    for call in (False, True)
}
for _single in _SINGLES.values():
    hash(_single)
_PLAIN_SINGLES: Final[dict[Card, Play]] = {
    card: _SINGLES[(card, None, False)] for card in ALL_CARDS
}


def group_play(cards: tuple[Card, ...], groups: dict[tuple[Card, ...], Play]) -> Play:
    """A plain ``Play`` of several cards (no suffix, no call), shared through ``groups``."""
    play = groups.get(cards)
    if play is None:
        if len(groups) > 50000:
            groups.clear()
        play = groups[cards] = Play(cards, None, None, False)
        hash(play)  # now, as the singles are: with two decks, two seats can share a group
    return play


def single_play(card: Card, choice: str | None, call: bool) -> Play:
    """The shared ``Play`` of one card."""
    play = _SINGLES.get((card, choice, call))
    if play is None:  # a choice no rule set offers: still a play, just not a shared one
        play = Play((card,), None, choice, call)
    return play


__all__ = ["Listing", "group_play", "ordered_groups", "single_play"]

"""The hard bot's deals of the hidden cards agree with what the last reshuffle tells.

The stock is refilled only when it is empty, from the pile under its top card, so after a
reshuffle the stock holds nothing but reshuffled cards and a seat holds no more of them than
it drew since. These tests walk medium bots' games past their reshuffles and check the split
against the true deal, and the sampled deals against the split.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from game.bots.medium import MediumBot
from game.bots.sampling import StockSplit, infer_weights, sample_hidden, stock_split
from game.engine import PRESETS, Game, View


def _after_reshuffles(
    preset: str, seats: int, games: int
) -> Iterator[tuple[Game, View, StockSplit]]:
    """States of medium bots' games (every third turn) that follow a reshuffle."""
    bot = MediumBot()
    for i in range(games):
        g = Game.new(PRESETS[preset], seats=seats, seed=7000 + i)
        rng = random.Random(i)
        for step in range(400):
            if g.over:
                break
            view = g.view(g.current)
            if step % 3 == 0:
                split = stock_split(view)
                if split is not None:
                    yield g, view, split
            g.apply(bot.choose(view, g.legal_actions(), rng))


def test_no_reshuffle_no_split() -> None:
    g = Game.new(PRESETS["polish"], seats=4, seed=1)
    assert stock_split(g.view(0)) is None


def test_the_split_holds_for_the_true_deal() -> None:
    seen = 0
    for preset, seats in (("polish", 4), ("hungarian", 4), ("classic", 6), ("romanian", 3)):
        for g, view, split in _after_reshuffles(preset, seats, 12):
            seen += 1
            reshuffled = Counter(split.reshuffled)
            # The stock holds reshuffled cards only (the round's first card is not recorded).
            assert sum((Counter(g.stock) - reshuffled).values()) <= split.missing
            assert len(split.reshuffled) + split.missing >= len(g.stock)
            for s in range(seats):
                if s == view.seat or not g.hands[s]:
                    continue
                new = sum((Counter(g.hands[s]) & reshuffled).values())
                # Reshuffled cards come only from draws since; the others were held before.
                assert new <= split.drawn[s] + split.missing
                assert len(g.hands[s]) - new <= split.held[s] + split.missing
    assert seen > 50


def test_sampled_deals_keep_the_split() -> None:
    checked = idle = 0
    for _g, view, split in _after_reshuffles("polish", 4, 10):
        weights = infer_weights(view)
        reshuffled = Counter(split.reshuffled)
        for k in range(5):
            hands, stock = sample_hidden(view, weights, random.Random(k), split)
            assert [len(h) for h in hands] == list(view.hand_counts)
            assert len(stock) == view.stock_count
            hidden = Counter(c for s, h in enumerate(hands) if s != view.seat for c in h)
            assert hidden + Counter(stock) == Counter(view.unseen())
            assert sum((Counter(stock) - reshuffled).values()) <= split.missing
            for s in range(4):
                if s == view.seat or not view.hand_counts[s]:
                    continue
                if split.drawn[s] == 0:
                    # Nothing drawn since the reshuffle: every card is one held before it.
                    idle += 1
                    assert not Counter(hands[s]) & reshuffled
            checked += 1
    assert checked > 50 and idle > 0


def test_the_split_finds_more_of_the_true_cards() -> None:
    # Against the same sampler without the split, on the same states: a clear gain.
    with_split = without = total = 0
    for g, view, split in _after_reshuffles("polish", 4, 8):
        weights = infer_weights(view)
        truth = [Counter(h) for h in g.hands]
        for k in range(4):
            for use in (split, None):
                hands, _ = sample_hidden(view, weights, random.Random(k), use)
                hits = sum(
                    sum((Counter(h) & truth[s]).values())
                    for s, h in enumerate(hands)
                    if s != view.seat
                )
                if use is None:
                    without += hits
                else:
                    with_split += hits
            total += sum(len(h) for s, h in enumerate(g.hands) if s != view.seat)
    assert total > 0
    assert with_split > 1.2 * without


def test_a_card_read_out_of_a_hand_entirely_is_still_dealt_somewhere() -> None:
    # Thousands of penalties taken without an answer (a round that goes on and on) can bring
    # a card's weight down to 0.0: the guess still deals it, only as a last choice.
    g = Game.new(PRESETS["polish"], seats=3, seed=4)
    view = g.view(0)
    unseen = view.unseen()
    zeroed = {card: 0.0 for card in unseen}
    weights = [{}, zeroed, zeroed]
    hands, stock = sample_hidden(view, weights, random.Random(1))
    assert [len(h) for h in hands] == list(view.hand_counts)
    assert Counter(hands[1] + hands[2] + stock) == Counter(unseen)
    fewer = {**zeroed, unseen[0]: 1.0}  # one card still weighs as usual: seat 1 takes it first
    hands, _stock = sample_hidden(view, [{}, fewer, {}], random.Random(1))
    assert unseen[0] in hands[1]

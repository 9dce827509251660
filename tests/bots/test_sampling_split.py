"""Deals after a reshuffle keep each seat within what the history allows (docs/bots.md: "a
seat holds no more reshuffled cards than it has drawn since, nor more of the older ones than
it held then"), and spread the older cards (held since before the last reshuffle) over the
seats as a real deal could."""

from __future__ import annotations

import random
from collections import Counter

from game.bots.medium import MediumBot
from game.bots.sampling import StockSplit, infer_weights, sample_hidden, stock_split
from game.engine import PRESETS, Card, Game, View


def test_no_seat_is_dealt_more_older_cards_than_it_held_at_the_reshuffle() -> None:
    bot = MediumBot()
    checked = tight = 0
    for i in range(4):
        g = Game.new(PRESETS["polish"], seats=4, seed=7000 + i)
        rng = random.Random(i)
        for step in range(400):
            if g.over:
                break
            view = g.view(g.current)
            split = stock_split(view) if step % 3 == 0 else None
            if split is not None:
                weights = infer_weights(view)
                reshuffled = Counter(split.reshuffled)
                for k in range(8):
                    hands, _stock = sample_hidden(view, weights, random.Random(k), split)
                    for s in range(4):
                        if s == view.seat or not view.hand_counts[s]:
                            continue
                        older = sum((Counter(hands[s]) - reshuffled).values())
                        assert older <= split.held[s] + split.missing, (i, step, s)
                        tight += split.held[s] < view.hand_counts[s]
                    checked += 1
            g.apply(bot.choose(view, g.legal_actions(), rng))
    assert checked > 40 and tight > 0


def _older_counts(hands: list[list[Card]], view: View, split: StockSplit) -> dict[int, int]:
    reshuffled = Counter(split.reshuffled)
    return {
        s: sum((Counter(hands[s]) - reshuffled).values())
        for s in range(view.seats)
        if s != view.seat and view.hand_counts[s]
    }


def test_the_spare_older_cards_are_shared_between_seats_not_heaped_on_one() -> None:
    # Each seat keeps at least what it cannot have drawn since; the rest go to the
    # seats in proportion to their room, so two seats can both get some of them. Heaping them
    # on one seat at a time would never leave two seats between their least and their most.
    bot = MediumBot()
    shared = candidates = 0
    for i in range(6):
        g = Game.new(PRESETS["polish"], seats=4, seed=7000 + i)
        rng = random.Random(i)
        for step in range(400):
            if g.over or shared:
                break
            view = g.view(g.current)
            split = stock_split(view) if step % 3 == 0 else None
            if split is not None and split.missing == 0:
                roomy = [
                    s
                    for s in range(4)
                    if s != view.seat and view.hand_counts[s] and split.high[s] - split.low[s] >= 2
                ]
                if len(roomy) >= 2:
                    candidates += 1
                    weights = infer_weights(view)
                    for k in range(40):
                        hands, _ = sample_hidden(view, weights, random.Random(k), split)
                        older = _older_counts(hands, view, split)
                        between = [s for s in roomy if split.low[s] < older[s] < split.high[s]]
                        if len(between) >= 2:
                            shared += 1
                            break
            g.apply(bot.choose(view, g.legal_actions(), rng))
    assert candidates > 0
    assert shared > 0


def test_the_rounds_first_card_is_sometimes_guessed_to_be_in_the_stock() -> None:
    # docs/bots.md: "The round's first card lay under the first lays unrecorded; it
    # counts as reshuffled as often as a reshuffled card is still unseen." So, where the split
    # reports it missing, some deals put a card that is not among the recorded reshuffled
    # ones into the stock.
    bot = MediumBot()
    deals = in_stock = 0
    for i in range(3):
        g = Game.new(PRESETS["polish"], seats=4, seed=7000 + i)
        rng = random.Random(i)
        for step in range(400):
            if g.over:
                break
            view = g.view(g.current)
            split = stock_split(view) if step % 3 == 0 else None
            if split is not None and split.missing:
                weights = infer_weights(view)
                reshuffled = Counter(split.reshuffled)
                for k in range(10):
                    _hands, stock = sample_hidden(view, weights, random.Random(k), split)
                    deals += 1
                    in_stock += sum((Counter(stock) - reshuffled).values()) > 0
            g.apply(bot.choose(view, g.legal_actions(), rng))
    assert deals >= 100
    assert in_stock > 0.15 * deals

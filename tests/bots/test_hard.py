"""The searching bot: reproducible at a fixed iteration count, and its sampler is honest."""

from __future__ import annotations

import random
from collections import Counter

from game.bots import hard as hard_module
from game.bots.base import SCORED_AT_MOST
from game.bots.hard import HardBot
from game.bots.sampling import infer_weights, sample_hidden
from game.engine import PRESETS, Game

from .conftest import count_medium_scores, play_round, wide_joker_game


def _midgame(preset: str, seed: int) -> Game:
    g = Game.new(PRESETS[preset], seats=3, seed=seed)
    rng = random.Random(seed)
    for _ in range(25):
        if g.over:
            break
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
    return g


def test_same_seed_and_iterations_give_the_same_action() -> None:
    for preset in ("polish", "hungarian", "classic"):
        for seed in range(4):
            g = _midgame(preset, seed)
            if g.over:
                continue
            view, legal = g.view(g.current), g.legal_actions()
            first = HardBot(iterations=40).choose(view, legal, random.Random(seed))
            again = HardBot(iterations=40).choose(view, legal, random.Random(seed))
            assert first == again


def test_stopping_once_the_answer_is_settled_changes_no_decision(monkeypatch) -> None:
    # The search stops early only when its most visited move can no longer be overtaken, so at
    # a fixed iteration count it must answer exactly as a search that runs every iteration.
    states = []
    for preset in ("polish", "hungarian", "tel_aviv"):
        for seed in range(6):
            g = _midgame(preset, seed)
            if not g.over and len(g.legal_actions()) > 1:
                states.append((g.view(g.current), g.legal_actions(), seed))
    assert len(states) >= 10
    early, used = [], []
    for view, legal, seed in states:
        bot = HardBot(iterations=120, rollout_depth=12)
        early.append(bot.choose(view, legal, random.Random(seed)))
        used.append(bot.last_iterations)
    assert min(used) < 120  # some searches did stop early
    monkeypatch.setattr(hard_module, "_settled", lambda root, seat, left: False)
    full = [
        HardBot(iterations=120, rollout_depth=12).choose(view, legal, random.Random(seed))
        for view, legal, seed in states
    ]
    assert early == full


def test_sampled_deals_match_the_card_counts() -> None:
    for preset in ("polish", "hungarian", "romanian"):
        g = _midgame(preset, 9)
        if g.over:
            continue
        view = g.view(g.current)
        weights = infer_weights(view)
        hands, stock = sample_hidden(view, weights, random.Random(1))
        assert [len(h) for h in hands] == list(view.hand_counts)
        assert hands[view.seat] == list(view.hand)
        assert len(stock) == view.stock_count
        hidden = Counter(c for s, h in enumerate(hands) if s != view.seat for c in h)
        assert hidden + Counter(stock) == Counter(view.unseen())


def test_a_seat_that_took_a_penalty_is_thought_to_lack_counters() -> None:
    # Seat 0 attacks with 2H; seat 1 draws the penalty: hearts 2s/3s and other 2s are suspect.
    g = Game.from_position(
        PRESETS["polish"], ["2H 9C 9D", "5C 6S 7D"], "8H", "KD QD JD 10C 10D 4S 4C"
    )
    g.apply("2H")
    g.apply("draw")
    weights = infer_weights(g.view(0))
    two_spades = next(c for c in g.view(0).unseen() if c.code == "2S")
    assert weights[1].get(two_spades, 1.0) < 0.5


def test_a_seat_that_laid_a_pair_is_thought_to_hold_no_more_of_that_rank() -> None:
    g = Game.from_position(
        PRESETS["polish"],
        ["8C 5D 6D 7S KD", "9C 9S 10D 4S 6S"],
        "8H",
        "KC QD JD 10C 10H 4C 5S 5H 6H",
    )
    g.apply("8C")
    g.apply("9C 9S")
    weights = infer_weights(g.view(0))
    unseen = {c.code: c for c in g.view(0).unseen()}
    assert weights[1][unseen["9H"]] < 0.5
    assert weights[1].get(unseen["10H"], 1.0) == 1.0


def test_a_seat_that_laid_a_wild_queen_is_thought_to_lack_plain_cards_that_fit() -> None:
    g = Game.from_position(
        PRESETS["polish"],
        ["8C 5D 6D 7S KD", "QC 9S 10D 4S 6S"],
        "8H",
        "KC QD JD 10C 10H 4C 5S 5H 6H",
    )
    g.apply("8C")
    g.apply("QC")
    weights = infer_weights(g.view(0))
    unseen = {c.code: c for c in g.view(0).unseen()}
    assert weights[1][unseen["10C"]] < 0.5  # a plain club would have done
    assert weights[1].get(unseen["JC"], 1.0) == 1.0  # a jack is worth keeping too
    assert weights[1].get(unseen["10H"], 1.0) == 1.0  # would not have fitted


def test_hard_plays_whole_rounds_legally() -> None:
    for seed in range(3):
        g = play_round(PRESETS["polish"], ("hard", "medium"), seed)
        assert g.over


def test_time_budget_is_respected() -> None:
    import time

    g = _midgame("polish", 2)
    bot = HardBot(time_budget=0.1)
    start = time.perf_counter()
    bot.choose(g.view(g.current), g.legal_actions(), random.Random(1))
    assert time.perf_counter() - start < 0.5


def test_a_very_wide_root_is_cut_by_cards_laid_before_medium_ranks_it(monkeypatch) -> None:
    # Hundreds of thousands of plays: the medium bot's full score ranks only the ones that
    # lay the most cards.
    g = wide_joker_game()
    legal = g.legal_actions()
    assert len(legal) > 100 * SCORED_AT_MOST
    scored = count_medium_scores(monkeypatch)
    action = HardBot(iterations=1).choose(g.view(0), legal, random.Random(2))
    assert action in legal
    assert len(scored) < 2 * SCORED_AT_MOST
    assert len(action.cards) >= 9  # it still sheds (nearly) the whole hand


def test_a_resumed_game_gives_the_hard_bot_the_same_choice() -> None:
    # The bot reads the round so far (draws, penalties, named suits) from the view's history,
    # so a saved game must keep it: before, 5 of 11 positions chose differently after loading.
    import random as _random

    from game.bots import make_bot
    from game.engine import PRESETS, Game

    g = Game.new(PRESETS["polish"], seats=4, seed=11)
    rng = _random.Random(5)
    checked = 0
    while not g.over and checked < 6:
        legal = g.legal_actions()
        if len(legal) > 2 and len(g.events()) > 20:
            loaded = Game.from_dict(g.to_dict())
            assert loaded.view(g.current).history == g.view(g.current).history
            bot = make_bot("hard", iterations=60)
            a = bot.choose(g.view(g.current), legal, _random.Random(1))
            b = bot.choose(loaded.view(loaded.current), loaded.legal_actions(), _random.Random(1))
            assert a == b
            checked += 1
        g.apply(rng.choice(legal))
    assert checked

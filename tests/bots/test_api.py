"""The bot API: levels by name, keyword options, off-turn Macau catches, forgetting rates."""

from __future__ import annotations

import gc
import random

import pytest

from game.bots import BOT_LEVELS, base, make_bot, simple
from game.bots.hard import HardBot
from game.engine import PRESETS, Action, Game, Play, Stop, View

from .conftest import bot_for_tests, wide_joker_game


def test_levels_are_the_four_documented_ones() -> None:
    assert BOT_LEVELS == ("random", "easy", "medium", "hard")
    for level in BOT_LEVELS:
        assert make_bot(level).level == level


def test_unknown_level_names_the_known_ones() -> None:
    with pytest.raises(ValueError, match="random, easy, medium, hard"):
        make_bot("grandmaster")


def test_hard_takes_keyword_options() -> None:
    bot = make_bot("hard", time_budget=0.05, iterations=None)
    assert isinstance(bot, HardBot)
    assert bot.time_budget == 0.05 and bot.iterations is None


@pytest.mark.parametrize("iterations", [0, -5, 2.5, True, "10"])
def test_hard_refuses_an_iteration_count_that_is_no_count(iterations: object) -> None:
    with pytest.raises(ValueError, match="iterations must be a whole number of at least 1"):
        make_bot("hard", iterations=iterations)


def test_hard_takes_any_whole_count_and_real_budget() -> None:
    from fractions import Fraction

    class Whole(int):  # a number type of another library, as NumPy's int64 is
        pass

    bot = make_bot("hard", time_budget=Fraction(1, 5), iterations=Whole(5))
    assert isinstance(bot, HardBot)
    assert (bot.time_budget, bot.iterations) == (0.2, 5)
    assert type(bot.time_budget) is float and type(bot.iterations) is int


@pytest.mark.parametrize("budget", [0, -1, float("nan"), None, "x", True])
def test_hard_refuses_a_time_budget_that_is_no_time(budget: object) -> None:
    with pytest.raises(ValueError, match="time budget must be a positive number of seconds"):
        make_bot("hard", time_budget=budget)


def _forgotten_macau() -> Game:
    """Polish, seat 0 lays 8H leaving one card without calling; seat 1 is to act."""
    g = Game.from_position(PRESETS["polish"], ["8H 9C", "5H 6S 7D", "5C 6C 7C"], "8S", "KD QD JD")
    g.apply("8H")
    assert g.macau_catchable == 0
    return g


@pytest.mark.parametrize("level", ["medium", "hard", "easy", "random"])
def test_off_turn_bot_catches_a_forgotten_macau(level: str) -> None:
    g = _forgotten_macau()
    legal = g.legal_actions(2)
    assert legal == [Stop(0)]
    assert bot_for_tests(level).choose(g.view(2), legal, random.Random(1)) == Stop(0)


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_on_turn_medium_and_hard_catch_first(level: str) -> None:
    g = _forgotten_macau()
    legal = g.legal_actions()
    assert Stop(0) in legal
    assert bot_for_tests(level).choose(g.view(1), legal, random.Random(1)) == Stop(0)


def test_single_legal_action_is_returned_at_once() -> None:
    g = Game.from_position(PRESETS["polish"], ["9C", "5H 6S"], "KS", "")
    only = g.legal_actions()
    assert len(only) == 1  # nothing fits and nothing is left to draw: pass
    bot = HardBot(time_budget=5.0)
    assert bot.choose(g.view(0), only, random.Random(1)) == only[0]
    assert bot.last_iterations == 0


def test_medium_and_hard_call_macau() -> None:
    # Two 8s leave one card: each two-card play is listed with the call and without it.
    g = Game.from_position(PRESETS["polish"], ["8H 8D 9C", "5H 6S 7D"], "8S", "KD QD JD")
    legal = g.legal_actions()
    pairs = [a for a in legal if isinstance(a, Play) and len(a.cards) == 2]
    assert {a.call for a in pairs} == {True, False}
    for level in ("medium", "hard"):
        laid = [bot_for_tests(level).choose(g.view(0), legal, random.Random(s)) for s in range(8)]
        both = [a for a in laid if isinstance(a, Play) and len(a.cards) == 2]
        assert len(both) >= 6, (level, laid)  # the two 8s are the natural play
        assert all(a.call for a in both), (level, laid)


def test_easy_forgets_macau_about_one_round_in_four() -> None:
    rules = PRESETS["polish"]
    forgot = called = 0
    for seed in range(160):
        bot = make_bot("easy")
        rng = random.Random(seed)
        g = Game.from_position(rules, ["8H 9H", "5C 6S 7D"], "8S", "KD QD JD", seed=seed)
        action = bot.choose(g.view(0), g.legal_actions(), rng)
        assert isinstance(action, Play)
        if action.call:
            called += 1
        else:
            forgot += 1
    assert 0.12 < forgot / (forgot + called) < 0.4


def test_easy_once_caught_calls_macau_for_the_rest_of_the_round() -> None:
    from game.engine import Stop, parse_action

    rules = PRESETS["polish"].replace(macau_penalty=1)  # caught, it is soon on one card again
    forgetful = 0
    for seed in range(60):
        bot = make_bot("easy")
        rng = random.Random(seed)
        g = Game.from_position(rules, ["8H 9H", "9S 6S 7D"], "8S", "10H KD QD JD", seed=seed)
        if bot.choose(g.view(0), g.legal_actions(), rng) != parse_action("8H"):
            continue  # called Macau, or laid the 9♥: not a slip to be caught for
        forgetful += 1
        g.apply(parse_action("8H"))
        g.apply(Stop(0), seat=1)  # caught: draws the 10♥
        g.apply(parse_action("draw"))  # seat 1: nothing fits 8♥, nor does the K♦ drawn
        assert g.current == 0
        action = bot.choose(g.view(0), g.legal_actions(), rng)
        assert isinstance(action, Play) and action.call, (seed, action)
    assert forgetful >= 5  # about one round in four forgets


def test_easy_on_its_turn_overlooks_a_forgotten_macau_about_one_time_in_four() -> None:
    caught = 0
    tries = 400
    for seed in range(tries):
        g = Game.from_position(PRESETS["polish"], ["8H 9C", "5H 6S 7D 9D"], "8S", "KD QD JD 10C")
        g.apply("8H")  # seat 0 is left with one card and does not call
        legal = g.legal_actions()
        assert g.current == 1 and Stop(0) in legal
        action = make_bot("easy").choose(g.view(1), legal, random.Random(seed))
        caught += isinstance(action, Stop)
    assert 0.6 < caught / tries < 0.88


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_a_very_wide_listing_is_worked_through_with_the_collector_paused(
    level: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Grouping or sorting hundreds of thousands of plays makes no cycles; the collector is
    # off while the bot decides on such a listing, and on again after.
    g = wide_joker_game()
    legal = g.legal_actions()
    if level == "hard":  # (hard lays a whole hand at once: the search is what is watched)
        legal = [a for a in legal if not (isinstance(a, Play) and len(a.cards) == len(g.hand(0)))]
    seen: list[bool] = []
    real = base.widest if level == "hard" else None

    def spy(actions: list[Action]) -> list[Action]:
        seen.append(gc.isenabled())
        assert real is not None
        return real(actions)

    if level == "hard":
        monkeypatch.setattr("game.bots.hard.widest", spy)
    else:
        real_named = simple._named_from_hand

        def named(variants: list[Play], view: View, rng: random.Random) -> Play:
            seen.append(gc.isenabled())
            return real_named(variants, view, rng)

        monkeypatch.setattr(simple, "_named_from_hand", named)
    assert gc.isenabled()
    action = bot_for_tests(level).choose(g.view(0), legal, random.Random(3))
    assert action in legal
    assert seen == [False]
    assert gc.isenabled()


def test_a_narrow_listing_leaves_the_collector_running(monkeypatch: pytest.MonkeyPatch) -> None:
    g = Game.from_position(PRESETS["polish"], ["7H 8H 9C", "2C 4D"], "5H", "KD QD 10C")
    seen: list[bool] = []
    real_named = simple._named_from_hand

    def named(variants: list[Play], view: View, rng: random.Random) -> Play:
        seen.append(gc.isenabled())
        return real_named(variants, view, rng)

    monkeypatch.setattr(simple, "_named_from_hand", named)
    make_bot("easy").choose(g.view(0), g.legal_actions(), random.Random(3))
    assert seen == [True]


def test_easy_picks_a_card_first_so_a_joker_is_one_card_among_the_others() -> None:
    # A hungarian joker plays on anything as any of the 52 cards: counted play by play it
    # would be nearly every choice. Easy picks a card that may be laid, then a play of it.
    g = Game.from_position(
        PRESETS["hungarian"], hands=["RJ 9H 5D 10C", "6C 7C 8C"], pile="8H", stock="2S 3S 4S"
    )
    legal = g.legal_actions()
    assert sum(isinstance(a, Play) and a.cards[0].is_joker for a in legal) > 50
    firsts = [make_bot("easy").choose(g.view(0), legal, random.Random(s)) for s in range(600)]
    laid = [a.cards[0].code for a in firsts if isinstance(a, Play)]
    assert len(laid) == 600 and set(laid) == {"RJ", "9H"}  # 5♦ and 10♣ only after a joker
    assert 0.4 < laid.count("RJ") / 600 < 0.6


def test_a_continued_easy_bot_keeps_its_first_rounds_decision() -> None:
    # A round's first decision may come before anything is in its history (the first round
    # of a game logs no deal): the "forgets Macau" flag drawn then stands for the round, so a
    # bot taken up from a saved game plays on exactly as the one never stopped.
    differing = 0
    for seed in range(40):
        g = Game.new(PRESETS["polish"], seats=2, seed=seed)
        seat = g.current
        assert not g.view(seat).history
        kept, rng = make_bot("easy"), random.Random(seed)
        g.apply(kept.choose(g.view(seat), g.legal_actions(seat), rng), seat)
        memory = kept.memory()  # type: ignore[attr-defined]  # (None: it only drew)
        taken_up = make_bot("easy")
        if memory is not None:
            taken_up.recall(memory)  # type: ignore[attr-defined]
        taken_rng = random.Random()
        taken_rng.setstate(rng.getstate())
        other = make_bot("random")
        for _ in range(40):
            if g.over:
                break
            actor = g.current
            legal = g.legal_actions(actor)
            if actor != seat:
                g.apply(other.choose(g.view(actor), legal, random.Random(seed)), actor)
                continue
            action = kept.choose(g.view(seat), legal, rng)
            differing += action != taken_up.choose(g.view(seat), legal, taken_rng)
            g.apply(action, seat)
    assert differing == 0


@pytest.mark.parametrize("seed", [699, 1183, 1302, 5, 6])
def test_an_easy_bot_kept_for_a_rematch_draws_its_forget_flag_once_a_game(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A table's rematch keeps its bots, and deals with the same dealer: each game's round is
    # still a new round for the easy bot. (With seeds 699, 1183 and 1302 its only decision of
    # the first game comes before anything is logged.)
    import game.bots.simple as simple

    drawn: list[int] = []

    class Counted:
        def __gt__(self, chance: float) -> bool:  # ``rng.random() < FORGET_RATE``
            drawn[-1] += 1
            return chance < 0.25

    monkeypatch.setattr(simple, "FORGET_RATE", Counted())
    first = Game.new(PRESETS["polish"], seats=2, seed=seed)
    seat = first.current
    easy, other = make_bot("easy"), make_bot("medium")
    rng, other_rng = random.Random(seed), random.Random(seed)
    rematch = Game.new(PRESETS["polish"], seats=2, seed=seed + 100_000, dealer=first.dealer)
    for g in (first, rematch):
        drawn.append(0)
        decided = False
        while not g.over:
            s = g.current
            legal = g.legal_actions(s)
            if s == seat:
                decided |= any(isinstance(a, Play) for a in legal)
                g.apply(easy.choose(g.view(s), legal, rng), s)
            else:
                g.apply(other.choose(g.view(s), legal, other_rng), s)
        assert drawn[-1] == int(decided), drawn

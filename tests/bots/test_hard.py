"""The searching bot: reproducible at a fixed iteration count, and its sampler is honest."""

from __future__ import annotations

import random
from collections import Counter
from functools import partial

import pytest

from game.bots import hard as hard_module
from game.bots.base import SCORED_AT_MOST
from game.bots.hard import HardBot
from game.bots.medium import Table as MediumTable
from game.bots.sampling import infer_weights, sample_hidden
from game.engine import PRESETS, Card, Draw, Game, Play, parse_action
from game.engine.cards import STANDARD_52
from game.engine.compiled import compile_rules

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
    monkeypatch.setattr(hard_module, "_settled", lambda *_args: False)
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


class _TickingClock:
    """A stand-in for the clock the hard bot reads: each reading is ``step`` seconds later."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def perf_counter(self) -> float:
        self.now += self.step
        return self.now


def test_the_search_stops_at_its_time_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every reading of the clock is a millisecond later, so a 50 ms budget allows about fifty
    # iterations; the search must stop by then, however slow or fast the machine is.
    g = Game.from_position(
        PRESETS["polish"],
        ["8H 8D 9S 9H 5S 6S KH 10S", "5C 6C 7D 9D", "4C 7C 10C 9C"],
        "8S",
        "KD QD JD 2C 3C 4H",
    )
    legal = g.legal_actions()
    assert len(legal) >= 10
    budget = 0.05
    for seed in range(3):
        clock = _TickingClock(0.001)
        monkeypatch.setattr(hard_module, "time", clock)
        bot = HardBot(time_budget=budget, rollout_depth=12)
        bot.choose(g.view(0), legal, random.Random(seed))
        assert bot.last_iterations >= 16, "the search hardly ran"
        assert clock.now <= budget, (seed, clock.now)


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


def test_hard_names_the_suit_of_its_last_card_with_its_ace() -> None:
    # polish, heads-up: AH naming clubs (with the Macau call) lets 6C go out if the other seat
    # follows with a club; naming any other suit cannot help. The suit is not the search's to
    # guess among near-equal playouts.
    g = Game.from_position(
        PRESETS["polish"], ["AH 6C", "9S 10S KC 8H"], "5H 7H", "2D 3D 4D 5D 6D 7D 8D 9D JD QD KD"
    )
    aces = 0
    for seed in range(8):
        bot = HardBot(iterations=40, rollout_depth=12)
        action = bot.choose(g.view(0), g.legal_actions(), random.Random(seed))
        if isinstance(action, Play):
            aces += 1
            assert str(action) == "AH/C!", seed
    assert aces


def test_hard_requests_a_rank_it_holds_with_its_jack() -> None:
    # quick, four seats (the deal of seed 5): holding QS JC 7H 3S 6S on 9C, a jack that asks
    # for 5s binds its own player to draw when the request comes back; 6s and 7s are held.
    g = Game.new(PRESETS["quick"], seats=4, seed=5)
    g.apply("9C", seat=3)
    g.apply("draw", seat=0)
    if g.current == 0:
        g.apply("pass", seat=0)
    assert sorted(map(str, g.view(1).hand)) == ["3S", "6S", "7H", "JC", "QS"]
    jacks = 0
    for seed in range(8):
        bot = HardBot(iterations=40, rollout_depth=12)
        action = bot.choose(g.view(1), g.legal_actions(1), random.Random(seed))
        if isinstance(action, Play) and action.cards[-1].rank == 11:
            jacks += 1
            assert action.choice in ("6", "7"), (seed, str(action))
    assert jacks


def test_the_tree_keeps_one_naming_per_play_for_the_searching_seat_only() -> None:
    g = Game.from_position(
        PRESETS["polish"], ["AH JC 6C 7S 9D", "AS JD 8C 9H 2D"], "5H 7H", "3D 4D 5D 6D 8D"
    )
    c = compile_rules(g.rules)
    own = HardBot()._candidates(g, c, random.Random(1), me=0)
    other = HardBot()._candidates(g, c, random.Random(1), me=1)
    laid = [a.cards for a in own if isinstance(a, Play)]
    assert len(laid) == len(set(laid))
    assert {str(a) for a in own if isinstance(a, Play) and a.cards[-1].rank == 14} == {"AH/C"}
    assert len([a for a in other if isinstance(a, Play)]) > len(laid)


def test_hard_keeps_its_own_naming_only_when_the_search_clearly_prefers_it() -> None:
    # The most visited variant of the ace names spades; medium would name clubs (6C is kept).
    g = Game.from_position(
        PRESETS["polish"], ["AH 6C", "9S 10S KC 8H"], "5H 7H", "2D 3D 4D 5D 6D 7D 8D 9D JD QD KD"
    )
    legal = g.legal_actions()
    namings = hard_module._namings(legal)
    spades, clubs = (next(a for a in legal if str(a) == name) for name in ("AH/S!", "AH/C!"))
    assert namings[spades] == namings[clubs] and len(namings[clubs]) == 4
    score = MediumTable(g.view(0)).score

    def named(spades_won: int, clubs_won: int, visits: int) -> str:
        root = hard_module._Node(0)
        for action, won in ((spades, spades_won), (clubs, clubs_won)):
            child = root.children[(0, action)] = hard_module._Node(0)
            child.visits, child.reward = visits, float(won)
        return str(hard_module._named(spades, root, 0, namings, score))

    assert named(60, 50, 100) == "AH/C!"  # ten points of a hundred playouts: chance
    assert named(75, 50, 100) == "AH/S!"  # twenty-five: the search saw something
    assert str(hard_module._named(Draw(), hard_module._Node(0), 0, namings, score)) == "draw"


def _root(seat: int, results: dict[object, tuple[int, float]]) -> hard_module._Node:
    """A search root whose children were visited and rewarded as given."""
    root = hard_module._Node(seat)
    for action, (visits, reward) in results.items():
        child = hard_module._Node(seat)
        child.visits, child.reward = visits, reward
        root.children[(seat, action)] = child  # type: ignore[index]
    return root


def test_hard_never_names_a_suit_it_does_not_hold_where_it_could_name_one_it_does() -> None:
    hand = [Card.parse(c) for c in ["AH", "7C"]]
    hearts, clubs = parse_action("AH/H!"), parse_action("AH/C!")
    namings = {hearts: [hearts, clubs], clubs: [hearts, clubs]}
    root = _root(0, {hearts: (900, 800.0), clubs: (100, 10.0)})  # hearts far ahead
    score = {hearts: 1.0, clubs: 2.0}.__getitem__  # medium names clubs, which it keeps
    assert hard_module._named(hearts, root, 0, namings, score, hand) == clubs  # type: ignore[arg-type]
    # Among suits it holds none of, the search's clear favourite stands.
    spades = parse_action("AH/S!")
    namings = {hearts: [hearts, spades], spades: [hearts, spades]}
    root = _root(0, {hearts: (900, 800.0), spades: (100, 10.0)})
    score = {hearts: 1.0, spades: 2.0}.__getitem__
    assert hard_module._named(hearts, root, 0, namings, score, hand[:1]) == hearts  # type: ignore[arg-type]


def test_against_a_last_card_hard_names_the_suit_the_search_clearly_prefers() -> None:
    # A♦ with 2♦ kept, a seat on its last card, a diamond by all it did: naming diamonds,
    # the suit held, let it go out (average place 3.14 against 2.16 naming clubs). Where the
    # search is clearly against the suit held, it now names what it found.
    hand = [Card.parse(c) for c in ["AD", "2D"]]
    diamonds, clubs = parse_action("AD/D!"), parse_action("AD/C!")
    namings = {diamonds: [diamonds, clubs], clubs: [diamonds, clubs]}
    score = {diamonds: 2.0, clubs: 1.0}.__getitem__  # medium names diamonds, which it keeps
    root = _root(0, {clubs: (530, 0.273 * 530), diamonds: (89, 0.147 * 89)})
    named = partial(hard_module._named, clubs, root, 0, namings, score, hand)
    assert named(last_card_out=True) == clubs
    assert named(last_card_out=False) == diamonds  # no last card to deny: the suit held
    # Within the noise, the suit held all the same.
    close = _root(0, {clubs: (530, 0.20 * 530), diamonds: (89, 0.147 * 89)})
    assert hard_module._named(clubs, close, 0, namings, score, hand, last_card_out=True) == diamonds


def test_hard_cuts_a_stack_rather_than_take_it_when_the_search_cannot_tell_them_apart() -> None:
    g = Game.from_position(
        PRESETS["classic"],
        hands=["7D 6H JD 6C 2C 9D", "KS 5C 6D JC JH 7H"],
        pile="9S",
        stock="4S 4H 8C 8D 10C 10D 3H 5D 5S",
        current=1,
    )
    g.apply("KS")  # heads-up the K♠ hits the other seat: 5 to take, or cut with 7♦
    legal = g.legal_actions()
    assert parse_action("7D") in legal and Draw() in legal
    cut, take = parse_action("7D"), Draw()
    root = _root(0, {take: (520, 30.0), cut: (480, 25.0)})  # the penalty a little ahead
    actions = [cut, take]
    score = {cut: 5.0, take: -3.0}.__getitem__
    assert hard_module._fought(take, root, 0, actions, score) == cut  # type: ignore[arg-type]
    root = _root(0, {take: (520, 400.0), cut: (480, 25.0)})  # clearly ahead: kept
    assert hard_module._fought(take, root, 0, actions, score) == take  # type: ignore[arg-type]
    for seed in range(3):
        bot = HardBot(iterations=200)
        assert bot.choose(g.view(0), legal, random.Random(seed)) != take


@pytest.mark.parametrize(
    ("preset", "hands", "pile"),
    [
        ("hungarian", ["4C RJ", "5S 9D 10H KC", "6H 8D QS"], "4H"),
        ("hungarian", ["RJ BJ 4C", "5S 9D 10H KC", "6H 8D QS"], "9C"),
        ("polish", ["7S 7C 7D", "5S 9D 10H KC", "6H 8D QS"], "7H"),
    ],
)
def test_a_play_laying_the_whole_hand_is_taken_without_a_search(
    preset: str, hands: list[str], pile: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The search, however small its budget, could miss going out among dozens of a joker's
    # plays (100 iterations once laid RJ=3S and kept 4♣): no guessed deal is even made.
    game = Game.from_position(PRESETS[preset], hands=hands, pile=pile, stock="2S 3H 8S 10C JD")
    legal = game.legal_actions()
    assert sum(not (isinstance(a, Play) and len(a.cards) == len(game.hand(0))) for a in legal) > 1

    def no_search(*_args: object) -> Game:
        raise AssertionError("searched for a move when the whole hand could be laid")

    monkeypatch.setattr(hard_module, "determinize", no_search)
    for seed in range(3):
        action = HardBot(iterations=100).choose(game.view(0), legal, random.Random(seed))
        assert isinstance(action, Play) and len(action.cards) == len(game.hand(0)), (seed, action)


def test_hard_laying_its_ace_names_the_suit_it_holds_most_of() -> None:
    # A plain 9♠ reaches spades too, which medium weighs against laying the ace at all; once
    # the search lays the ace, it names spades (four held), not hearts (two).
    g = Game.from_position(
        "polish",
        ["AC 9S 8S 7S 6S 5H 6H", "KD 10D JD 8D 5D"],
        "5C 9C",
        "8C 10C 4D 10H JH 3D 4C 6C 7C QD QH 8H",
    )
    for seed in range(12):
        action = HardBot(iterations=300).choose(g.view(0), g.legal_actions(), random.Random(seed))
        assert (
            not (isinstance(action, Play) and action.cards[0].code == "AC") or str(action) == "AC/S"
        ), (seed, action)


def _rest_of_pack(preset: str, used: str, seed: int) -> str:
    """Every card of ``preset``'s pack not in ``used``, shuffled: the stock of a position."""
    g = Game.new(PRESETS[preset], seats=2, seed=1)
    pack = [c.code for c in (*g.hands[0], *g.hands[1], *g.stock, *g.pile)]
    for code in used.split():
        pack.remove(Card.parse(code).code)
    random.Random(seed).shuffle(pack)
    return " ".join(pack)


@pytest.mark.parametrize("preset", ["polish", "hungarian", "romanian", "tel_aviv"])
def test_hard_lays_a_plain_card_that_fits_rather_than_draw(preset: str) -> None:
    # The next seat holds one card: drawing and laying 8♣ lose about as often in the
    # playouts, so which is visited most was chance (drawn in 6 to 9 seeds of 20); a good
    # player lays the card.
    hands = ["8C 5H 5D 9S 10H", "6S"]
    chosen = Counter()
    for seed in range(6):
        stock = _rest_of_pack(preset, " ".join(hands) + " 6C", seed)
        g = Game.from_position(PRESETS[preset], hands, "6C", stock)
        bot = HardBot(iterations=150)
        chosen[str(bot.choose(g.view(0), g.legal_actions(), random.Random(seed)))] += 1
    assert chosen == Counter({"8C": 6})


@pytest.mark.parametrize(
    ("preset", "dumped", "kept"), [("classic", "AS AD", "6H"), ("tel_aviv", "AS", "6H")]
)
def test_a_lost_round_is_scored_by_the_points_it_charges(
    preset: str, dumped: str, kept: str
) -> None:
    # Heads-up the loser holds every point charged, so a share of the round's points told
    # it nothing: the search could not tell a 5-point loss from a 100-point one. Here the
    # other seat's last card, the ace of clubs, goes out on anything.
    from game.bots.rollout import rewards
    from game.engine.cards import make_pack

    rules = PRESETS[preset]
    hand = ["AS", "AD", "6H"] if preset == "classic" else ["AS", "5H", "6H"]
    pile = [c.code for c in make_pack(1, rules.jokers) if c.code not in {*hand, "AC", "9H"}]
    lost = []
    for lay in (dumped, kept):
        g = Game.from_position(rules, [" ".join(hand), "AC"], " ".join([*pile, "9H"]), "")
        legal = g.legal_actions()
        g.apply(next(a for a in legal if " ".join(c.code for c in a.cards) == lay))
        while not g.over:  # the ace of clubs, and a five's extra card where it is owed
            g.apply(g.legal_actions()[0])
        lost.append((g.round_charges[-1][0], rewards(g)[0]))
    (few, light), (many, heavy) = lost
    assert few < many and light > heavy, lost


def test_hard_lays_a_group_in_mediums_order_unless_the_search_clearly_prefers_another() -> None:
    # The other seat holds one card; 3♥ is unseen, so 2♥ left on top may be answered and
    # 2♠ may not. The two orders share the search's visits about evenly.
    mine, last = "2H 2S 5D 6C", "3H"
    stock = "9C 7D 8D 10C JC 4S 5S 6S 10H"
    gone = {*mine.split(), last, *stock.split(), "2C"}
    seen = [str(c) for c in STANDARD_52 if str(c) not in gone]
    g = Game.from_position(PRESETS["polish"], [mine, last], " ".join([*seen, "2C"]), stock)
    legal = g.legal_actions()
    orderings = hard_module._orderings(legal)
    safe, open_ = (next(a for a in legal if str(a) == name) for name in ("2H 2S", "2S 2H"))
    assert orderings[open_] == orderings[safe] and len(orderings[safe]) == 2
    assert all(not isinstance(a, Play) or len(a.cards) > 1 for a in orderings)
    score = MediumTable(g.view(0)).score
    assert (
        hard_module._ordered(
            open_, _root(0, {open_: (100, 60.0), safe: (100, 50.0)}), 0, orderings, score
        )
        is safe
    )  # ten in a hundred: chance
    assert (
        hard_module._ordered(
            open_, _root(0, {open_: (100, 75.0), safe: (100, 50.0)}), 0, orderings, score
        )
        is open_
    )  # the search saw something

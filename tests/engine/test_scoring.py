"""RULES.md §6: card points, charges, the match to a target, and moving the deal."""

from __future__ import annotations

import pytest

from game.engine import PRESETS, Game, IllegalMove, MatchOver, Phase, RoundOver, hand_points
from game.engine.cards import STANDARD_52, make_pack

from .conftest import one, play, pos

POINTS = ["classic", "tel_aviv"]
STOCK = "5S 6S 5D 4S 4D 10S 10H"


def test_card_points_follow_the_table() -> None:
    table = {
        "4H": 5, "5H": 5, "9H": 5, "10H": 10, "JH": 10, "QH": 10, "KS": 10, "KH": 150,
        "2C": 20, "3C": 30, "AD": 50, "RJ": 140, "BJ": 140,
    }  # fmt: skip
    from game.engine import Card

    for text, points in table.items():
        assert Card.parse(text).points == points, text


def test_the_52_cards_are_worth_820() -> None:
    assert hand_points(list(STANDARD_52)) == 820


def test_the_54_card_pack_is_worth_1100() -> None:
    assert hand_points(make_pack(1, 2)) == 1100


def test_seat_holding_king_of_hearts_and_three_of_clubs_is_charged_180() -> None:
    g = pos("classic", ["8H", "KH 3C", "9D"], "8S", STOCK)
    events = play(g, "8H")
    assert one(events, RoundOver).charges == (0, 180, 5)
    assert g.scores == [0, 180, 5]
    assert g.round_charges == [(0, 180, 5)]


@pytest.mark.parametrize("preset", POINTS)
def test_seat_that_goes_out_scores_nothing_and_the_others_are_charged(preset: str) -> None:
    g = pos(preset, ["8H", "9D 6C", "AC"], "8S", STOCK, scores=[10, 20, 30])
    play(g, "8H")
    assert g.scores == [10, 30, 80]
    assert not g.match_over and g.phase is Phase.ROUND_OVER


@pytest.mark.parametrize("preset", POINTS)
def test_blocked_round_charges_every_seat(preset: str) -> None:
    g = pos(preset, ["6H 9C", "10D"], "8S")
    play(g, "pass")
    events = play(g, "pass")
    over = one(events, RoundOver)
    assert over.blocked and over.charges == (10, 10)
    assert g.scores == [10, 10]


@pytest.mark.parametrize("preset", POINTS)
def test_match_ends_when_a_total_reaches_the_target_and_lowest_wins(preset: str) -> None:
    g = pos(preset, ["8H", "9D 6C", "AC"], "8S", STOCK, scores=[100, 480, 470])
    events = play(g, "8H")
    over = one(events, MatchOver)
    assert g.match_over and g.phase is Phase.MATCH_OVER
    assert g.scores == [100, 490, 520]
    assert over.winners == (0,) and over.loser == 2
    assert g.winners == (0,)
    with pytest.raises(IllegalMove, match="match is over"):
        g.next_round()


@pytest.mark.parametrize("preset", POINTS)
def test_tie_at_the_lowest_total_is_a_drawn_match(preset: str) -> None:
    g = pos(preset, ["8H", "9D 6C", "AC"], "8S", STOCK, scores=[110, 100, 460])
    play(g, "8H")
    assert g.match_over
    assert g.scores == [110, 110, 510]
    assert g.winners == (0, 1)


@pytest.mark.parametrize("preset", POINTS)
def test_of_equal_highest_totals_the_first_in_seat_order_is_the_loser(preset: str) -> None:
    # docs/rules-decisions.md: MatchOver.loser is the first of them in seat order
    g = pos(preset, ["8S", "5H 6H", "5D 6D"], "7S", "9C 9D", scores=[0, 495, 495])
    over = one(play(g, "8S"), MatchOver)
    assert g.scores[1] == g.scores[2] > g.rules.target
    assert over.winners == (0,) and over.loser == 1


@pytest.mark.parametrize("preset", POINTS)
def test_target_is_settable(preset: str) -> None:
    rules = PRESETS[preset].replace(target=50)
    g = pos(rules, ["8H", "AC"], "8S", STOCK)
    play(g, "8H")
    assert g.match_over and g.winners == (0,)


@pytest.mark.parametrize("preset", POINTS)
def test_match_plays_rounds_until_the_target(preset: str) -> None:
    g = Game.new(PRESETS[preset].replace(target=150), seats=3, seed=3)
    import random

    rng = random.Random(1)
    for _ in range(20_000):
        if g.match_over:
            break
        if g.over:
            dealer = g.dealer
            rounds = g.round_no
            g.next_round()
            assert g.dealer == (dealer + 1) % 3 and g.round_no == rounds + 1
            continue
        g.apply(rng.choice(g.legal_actions()))
    assert g.match_over and max(g.scores) >= 150
    assert set(g.winners) == {s for s in range(3) if g.scores[s] == min(g.scores)}
    assert sum(map(sum, g.round_charges)) == sum(g.scores)


@pytest.mark.parametrize("preset", ["polish", "quick", "hungarian", "romanian", "romanian2"])
def test_presets_without_points_charge_nothing_but_record_places(preset: str) -> None:
    g = pos(preset, ["8H", "KH 3C", "9D"], "8S", STOCK)
    events = play(g, "8H")
    if PRESETS[preset].end == "places":
        # The others play on for second place: the round ends once one seat is left.
        assert not g.over
        while not g.over:
            events = play(g, g.legal_actions()[0])
    over = one(events, RoundOver)
    assert over.charges == (0, 0, 0) and g.scores == [0, 0, 0]
    assert g.places[0] == 1 and sorted(g.places) == [1, 2, 3]
    if PRESETS[preset].end != "places":
        assert g.places == (1, 3, 2)  # by the cards left: 9♦ against K♥ 3♣
    assert not g.match_over


def test_next_round_moves_the_dealer_one_seat_on() -> None:
    g = pos("classic", ["8H", "9D 6C", "AC"], "8S", STOCK)
    assert g.dealer == 2
    play(g, "8H")
    events = g.next_round()
    assert g.dealer == 0 and g.round_no == 2 and g.current == 1
    assert not g.over and g.phase is Phase.PLAY
    assert g.hand_counts == [5, 5, 5]
    assert g.scores == [0, 10, 50]
    assert events


def test_next_round_is_refused_while_the_round_goes_on() -> None:
    g = pos("classic", ["8H 9H", "9D 6C", "AC"], "8S", STOCK)
    with pytest.raises(IllegalMove, match="not over"):
        g.next_round()


def test_quick_records_wins_without_points() -> None:
    assert PRESETS["quick"].scoring == "wins_time"
    g = pos("quick", ["8H", "KH 3C"], "8S", STOCK)
    play(g, "8H")
    assert g.scores == [0, 0] and g.places == (1, 2) and not g.match_over

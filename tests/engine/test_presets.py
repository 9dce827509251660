"""RULES.md §5: every preset's options exactly as the table says, and how they behave."""

from __future__ import annotations

import pytest

from game.engine import PRESETS, Game, RulesError

from .conftest import ALL_PRESETS

K = frozenset
TABLE: dict[str, dict[str, object]] = {
    "polish": dict(
        min_seats=2, max_seats=8, deck_steps=(5,), jokers=0, hand_size=5, hand_size_two_seats=5,
        starter="plain", attack_cards=K({"2", "3", "KH", "KS"}), counter_rule="suit_or_rank",
        seven_cuts=False, plain_kings_block=False, fours_block=False, skip_rank="4",
        jack_requests=True, jack_must_hold=False,
        request_ranks=("5", "6", "7", "8", "9", "10"), suit_changers=K({"A"}),
        plays_on_anything=K({"Q"}), anything_on=K({"Q"}), ace_scope="next",
        ace_must_differ=False, ace_must_hold=False, joker_role="none", groups="rank",
        runs=False, five_again=False, macau_call="required", power_after_out=False,
        no_attack_finish_heads_up=False, end="places", scoring="none",
    ),
    "quick": dict(
        min_seats=2, max_seats=4, default_seats=4, deck_steps=(), jokers=0, hand_size=5,
        starter="plain", attack_cards=K({"2", "3", "KH", "KS"}), counter_rule="suit_or_rank",
        seven_cuts=False, plain_kings_block=False, fours_block=False, skip_rank="4",
        jack_requests=True, jack_must_hold=False, suit_changers=K({"A"}),
        plays_on_anything=K({"Q"}), anything_on=K({"Q"}), ace_scope="until_met",
        ace_must_differ=False, ace_must_hold=False, joker_role="none", groups="rank",
        runs=False, five_again=False, macau_call="auto", power_after_out=False,
        no_attack_finish_heads_up=False, end="first_out", scoring="wins_time",
    ),
    "classic": dict(
        min_seats=2, max_seats=6, deck_steps=(), jokers=2, hand_size=5, starter="plain",
        attack_cards=K({"2", "3", "KH", "KS", "BJ", "RJ"}), counter_rule="pool",
        seven_cuts=True, plain_kings_block=False, fours_block=False, skip_rank="4",
        jack_requests=False, suit_changers=K({"A", "joker"}),
        plays_on_anything=K({"A", "joker"}), anything_on=K(), ace_scope="until_met",
        ace_must_differ=False, ace_must_hold=False, joker_role="draw_wild", groups="rank",
        runs=False, five_again=False, macau_call="auto", power_after_out=False,
        no_attack_finish_heads_up=False, end="first_out", scoring="points", target=500,
    ),
    "hungarian": dict(
        min_seats=2, max_seats=10, deck_steps=(5, 9), jokers=2, hand_size=5, starter="plain",
        attack_cards=K({"2", "3", "KH", "KS"}), counter_rule="hungarian", seven_cuts=False,
        plain_kings_block=True, fours_block=False, skip_rank="4", jack_requests=True,
        jack_must_hold=True, request_ranks=("5", "6", "7", "8", "9", "10"),
        suit_changers=K({"A"}), plays_on_anything=K({"A", "Q", "joker"}), anything_on=K({"Q"}),
        ace_scope="next", ace_must_differ=True, ace_must_hold=True, joker_role="any_card",
        groups="rank_or_suit", runs=True, five_again=False, macau_call="required",
        power_after_out=True, no_attack_finish_heads_up=True, end="places", scoring="none",
    ),
    "romanian": dict(
        min_seats=2, max_seats=6, deck_steps=(), jokers=2, hand_size=5, starter="plain",
        attack_cards=K({"2", "3", "BJ", "RJ"}), counter_rule="pool", seven_cuts=False,
        plain_kings_block=False, fours_block=True, skip_rank="A", jack_requests=False,
        suit_changers=K({"7", "joker"}), plays_on_anything=K({"7", "joker"}), anything_on=K(),
        ace_scope="until_met", ace_must_differ=False, ace_must_hold=False,
        joker_role="draw_wild", groups="rank", runs=False, five_again=False,
        macau_call="auto", power_after_out=False, no_attack_finish_heads_up=False,
        end="first_out", scoring="none",
    ),
    "romanian2": dict(
        min_seats=2, max_seats=6, deck_steps=(), jokers=0, hand_size=5, starter="plain",
        attack_cards=K({"2", "3"}), counter_rule="suit_or_rank", seven_cuts=False,
        plain_kings_block=False, fours_block=False, skip_rank="4", jack_requests=False,
        suit_changers=K({"A"}), plays_on_anything=K(), anything_on=K(), ace_scope="next",
        ace_must_differ=False, ace_must_hold=False, joker_role="none", groups="rank",
        runs=False, five_again=False, macau_call="auto", power_after_out=False,
        no_attack_finish_heads_up=False, end="first_out", scoring="none",
    ),
    "tel_aviv": dict(
        min_seats=2, max_seats=8, deck_steps=(5,), jokers=0, hand_size=5, hand_size_two_seats=7,
        starter="any", attack_cards=K({"2", "3", "KH"}), counter_rule="same_rank",
        seven_cuts=False, plain_kings_block=False, fours_block=False, skip_rank=None,
        jack_requests=False, suit_changers=K({"A", "Q"}), queen_own_suit=True,
        plays_on_anything=K({"A", "Q"}),
        anything_on=K(), ace_scope="until_met", ace_must_differ=False, ace_must_hold=False,
        joker_role="none", groups="none", runs=False, five_again=True, macau_call="auto",
        power_after_out=False, no_attack_finish_heads_up=False, end="first_out",
        scoring="points", target=500,
    ),
}  # fmt: skip


def test_there_are_exactly_seven_presets() -> None:
    assert set(PRESETS) == set(ALL_PRESETS)


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_preset_options_match_the_rule_book_table(preset: str) -> None:
    rules = PRESETS[preset]
    assert rules.name == preset
    for option, value in TABLE[preset].items():
        assert getattr(rules, option) == value, f"{preset}.{option}"


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_preset_plays_its_seat_range_and_refuses_others(preset: str) -> None:
    rules = PRESETS[preset]
    lo, hi = TABLE[preset]["min_seats"], TABLE[preset]["max_seats"]
    assert isinstance(lo, int) and isinstance(hi, int)
    for seats in range(lo, hi + 1):
        assert Game.new(rules, seats=seats, seed=1).seats == seats
    for seats in (lo - 1, hi + 1):
        with pytest.raises(RulesError, match="seats"):
            Game.new(rules, seats=seats, seed=1)


def test_quick_defaults_to_four_seats() -> None:
    assert Game.new(PRESETS["quick"], seed=1).seats == 4


DECKS = {
    "polish": {2: 1, 4: 1, 5: 2, 8: 2},
    "quick": {2: 1, 4: 1},
    "classic": {2: 1, 6: 1},
    "hungarian": {2: 1, 4: 1, 5: 2, 8: 2, 9: 3, 10: 3},
    "romanian": {2: 1, 6: 1},
    "romanian2": {2: 1, 6: 1},
    "tel_aviv": {2: 1, 4: 1, 5: 2, 8: 2},
}
JOKERS_PER_DECK = {p: 2 if p in ("classic", "hungarian", "romanian") else 0 for p in ALL_PRESETS}


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_pack_has_the_decks_and_jokers_the_seat_count_makes(preset: str) -> None:
    rules = PRESETS[preset]
    for seats, decks in DECKS[preset].items():
        assert rules.decks_for(seats) == decks
        g = Game.new(rules, seats=seats, seed=2)
        cards = g.stock + g.pile + [c for s in range(seats) for c in g.hand(s)]
        assert len(cards) == decks * (52 + JOKERS_PER_DECK[preset])
        assert sum(c.is_joker for c in cards) == decks * JOKERS_PER_DECK[preset]
        assert max(cards.count(c) for c in cards) == decks


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_hand_size_for_each_seat_count(preset: str) -> None:
    rules = PRESETS[preset]
    for seats in range(rules.min_seats, rules.max_seats + 1):
        expected = 7 if preset == "tel_aviv" and seats == 2 else 5
        assert rules.hand_size_for(seats) == expected
        assert Game.new(rules, seats=seats, seed=3).hand_counts == [expected] * seats


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_starter_is_plain_except_in_tel_aviv(preset: str) -> None:
    assert PRESETS[preset].starter == ("any" if preset == "tel_aviv" else "plain")


def test_polish_is_the_default_rule_set() -> None:
    from game.engine import Rules

    assert Rules() == PRESETS["polish"]

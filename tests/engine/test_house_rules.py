"""House rules (RULES.md §5 "House rules"): validation, the text form, fingerprints, switches."""

from __future__ import annotations

import pytest

from game.engine import HOUSE_SWITCHES, PRESETS, Game, Rules, RulesError, apply_switch
from game.engine.compiled import compile_rules

from .conftest import ALL_PRESETS, rules_refused

BAD = [
    ("polish", {"skip_rank": "A"}, ["skip_rank", "suit changer"]),
    ("polish", {"hand_size": 20}, ["hand_size"]),
    ("polish", {"request_ranks": ()}, ["jack_requests", "request_ranks"]),
    ("polish", {"request_ranks": ("2", "8")}, ["request_ranks"]),
    ("polish", {"attack_cards": {"2", "3", "BJ"}}, ["attack_cards", "draw_wild"]),
    ("tel_aviv", {"groups": "rank"}, ["five_again", "groups"]),
    ("polish", {"counter_rule": "anything"}, ["counter_rule"]),
    ("polish", {"jokers": 2}, ["joker_role"]),
    ("romanian2", {"plain_kings_block": True}, ["plain_kings_block"]),
    ("romanian", {"attack_cards": set(), "fours_block": True}, ["fours_block"]),
    ("polish", {"seven_own_suit": True}, ["seven_own_suit"]),
    ("polish", {"queen_own_suit": True}, ["queen_own_suit", "Q is a suit changer"]),
    ("polish", {"suit_changers": {"A", "J"}}, ["J", "jack_requests"]),
    ("classic", {"jack_must_hold": True}, ["jack_must_hold"]),
    ("hungarian", {"suit_changers": set()}, ["ace_must"]),
    ("hungarian", {"attack_cards": {"KH", "KS"}}, ["no_attack_finish_heads_up"]),
    ("polish", {"min_seats": 5, "max_seats": 3}, ["seats"]),
    ("polish", {"jokers": 4, "joker_role": "any_card"}, ["jokers"]),
    ("polish", {"attack_cards": {"2", "QH"}}, ["attack_cards"]),
    ("classic", {"plays_on_anything": {"A"}}, ["draw_wild", "plays_on_anything"]),
    ("polish", {"macau_penalty": -1}, ["macau_penalty"]),
    ("polish", {"target": 0}, ["target"]),
    ("polish", {"skip_rank": "2"}, ["skip_rank", "attack"]),
    ("quick", {"hand_size": 13}, ["hand_size"]),
    ("polish", {"suit_changers": {"A", "2"}}, ["attack cards and suit changers"]),
    ("polish", {"suit_changers": {"joker"}}, ["suit_changers", "joker_role"]),
]


@pytest.mark.parametrize(("preset", "changes", "words"), BAD)
def test_rules_replace_refuses_combinations_that_cannot_work(
    preset: str, changes: dict[str, object], words: list[str]
) -> None:
    rules_refused(preset, changes, words)


def test_hand_size_too_big_for_the_seats_names_the_seat_count_and_decks() -> None:
    with pytest.raises(RulesError) as info:
        PRESETS["quick"].replace(hand_size=13)
    assert "4 seats" in str(info.value) and "deck" in str(info.value)


def test_more_decks_allow_bigger_hands() -> None:
    rules = PRESETS["quick"].replace(hand_size=13, deck_steps=(3,))
    assert rules.decks_for(4) == 2
    assert Game.new(rules, seats=4, seed=1).hand_counts == [13] * 4


@pytest.mark.parametrize(
    "changes",
    [
        {"counter_rule": "pool"},
        {"ace_scope": "until_met"},
        {"groups": "none"},
        {"macau_call": "auto", "macau_penalty": 3},
        {"end": "first_out", "scoring": "points", "target": 200},
        {"jack_requests": False, "request_ranks": ()},
        {"request_ranks": ("6", "8")},
    ],
)
def test_sensible_house_rules_are_accepted_and_named_custom(changes: dict[str, object]) -> None:
    rules = PRESETS["polish"].replace(**changes)
    assert rules.name == "custom"
    for key, value in changes.items():
        assert getattr(rules, key) == value
    Game.new(rules, seats=3, seed=1)


def test_replace_may_keep_a_name() -> None:
    assert PRESETS["polish"].replace(counter_rule="pool", name="ours").name == "ours"


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_text_form_round_trips(preset: str) -> None:
    rules = PRESETS[preset]
    text = rules.to_text()
    assert text.startswith("macau-rules 1\n")
    assert Rules.from_text(text) == rules
    assert Rules.from_text(text).fingerprint == rules.fingerprint


def test_text_form_round_trips_a_custom_rule_set() -> None:
    rules = PRESETS["hungarian"].replace(
        counter_rule="pool", request_ranks=("6", "9"), skip_rank=None, target=300
    )
    assert Rules.from_text(rules.to_text()) == rules


def test_text_form_leaves_out_options_at_polish_defaults() -> None:
    rules = Rules.from_text("macau-rules 1\nname = small\nhand_size = 4\n# a comment\n")
    assert rules.hand_size == 4 and rules.name == "small"
    assert rules.replace(name="polish", hand_size=5) == PRESETS["polish"]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "macau-rules 1"),
        ("rules 2\nhand_size = 4", "macau-rules 1"),
        ("macau-rules 1\ncolour = blue", "unknown"),
        ("macau-rules 1\nhand_size = many", "hand_size"),
        ("macau-rules 1\nruns = maybe", "runs"),
        ("macau-rules 1\ncounter_rule = wild", "counter_rule"),
    ],
)
def test_bad_rules_text_is_refused(text: str, words: str) -> None:
    with pytest.raises(RulesError, match=words):
        Rules.from_text(text)


def test_fingerprint_is_stable_and_ignores_the_name() -> None:
    a = PRESETS["polish"].replace(counter_rule="pool")
    b = PRESETS["polish"].replace(counter_rule="pool", name="friends")
    assert a.fingerprint == b.fingerprint
    assert a.fingerprint == Rules.from_text(a.to_text()).fingerprint
    assert len(a.fingerprint) == 10


def test_fingerprints_differ_between_rule_sets() -> None:
    prints = {PRESETS[p].fingerprint for p in ALL_PRESETS}
    assert len(prints) == 7
    assert PRESETS["classic"].replace(target=400).fingerprint != PRESETS["classic"].fingerprint


def test_house_switches_are_the_five_easier_harder_switches() -> None:
    assert set(HOUSE_SWITCHES) == {
        "easier_pool",
        "harder_suit_or_rank",
        "easier_groups",
        "harder_no_groups",
        "harder_seven_own_suit",
    }
    for label, changes in HOUSE_SWITCHES.values():
        assert label.startswith(("Easier", "Harder")) and changes


def test_apply_switch_changes_the_options_it_stands_for() -> None:
    pooled = apply_switch(PRESETS["tel_aviv"], "easier_pool")
    assert pooled.twos_threes_counter == "pool" and pooled.counter_rule == "same_rank"
    harder = apply_switch(PRESETS["classic"], "harder_suit_or_rank")
    assert harder.twos_threes_counter == "suit_or_rank" and harder.counter_rule == "pool"
    assert apply_switch(PRESETS["romanian"], "harder_no_groups").groups == "none"
    assert apply_switch(PRESETS["polish"].replace(groups="none"), "easier_groups").groups == "rank"
    assert apply_switch(PRESETS["romanian"], "harder_seven_own_suit").seven_own_suit


def test_apply_switch_refuses_unknown_or_clashing_switches() -> None:
    with pytest.raises(RulesError, match="unknown switch"):
        apply_switch(PRESETS["polish"], "no_such_switch")
    with pytest.raises(RulesError, match="seven_own_suit"):
        apply_switch(PRESETS["polish"], "harder_seven_own_suit")
    with pytest.raises(
        RulesError,
        match="easier_groups: cards of one rank or one suit may be laid together already",
    ):
        apply_switch(PRESETS["hungarian"], "easier_groups")


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"hand_size": "5"}, "hand_size must be a whole number"),
        ({"hand_size": 5.5}, "hand_size must be a whole number"),
        ({"jack_requests": "no"}, "jack_requests must be yes or no"),
        ({"runs": None}, "runs must be yes or no"),
        ({"name": "a\nb"}, "name must be a word on one line"),
        ({"deck_steps": (0,)}, "deck_steps must be seat counts"),
        ({"target": None}, "target must be a whole number"),
        ({"request_ranks": 5}, "request_ranks takes several values"),
        ({"attack_cards": None}, "attack_cards takes several values"),
        ({"colour": "red"}, "unknown option colour"),
    ],
)
def test_values_of_the_wrong_kind_are_refused_by_name(
    change: dict[str, object], words: str
) -> None:
    with pytest.raises(RulesError, match=words):
        PRESETS["polish"].replace(**change)


def test_rules_text_must_be_text() -> None:
    with pytest.raises(RulesError, match="must be a string"):
        Rules.from_text(None)  # type: ignore[arg-type]


def test_options_that_leave_no_plain_card_are_refused() -> None:
    with pytest.raises(RulesError, match="every card a power card"):
        PRESETS["romanian2"].replace(plays_on_anything="5 6 7 8 9 10 J Q K")


def test_a_big_table_that_deals_every_plain_card_deals_again() -> None:
    # Ten seats of five from one deck leave one stock card: often no plain one. The pack is
    # then shuffled and dealt again, never refused halfway through a match.
    rules = PRESETS["quick"].replace(max_seats=10)
    for seed in range(200):
        g = Game.new(rules, seats=10, seed=seed)
        assert not g.top.is_joker and g.top.rank_name in ("5", "6", "7", "8", "9", "10", "K")


def test_a_joker_never_starts_the_pile() -> None:
    rules = PRESETS["hungarian"].replace(starter="any")
    assert not any(Game.new(rules, seats=4, seed=s).top.is_joker for s in range(300))


def test_going_out_on_a_five_ends_the_turn() -> None:
    rules = PRESETS["tel_aviv"].replace(end="places", power_after_out=True)
    g = Game.from_position(
        rules, hands=["5H", "9C 8D", "6S 7D"], pile="5S", stock="9H KC 4S 8S 10D JD"
    )
    g.apply("5H")
    assert g.placings == [0] and g.current == 1 and str(g.phase.value) == "play"


def test_the_twos_and_threes_switches_leave_kings_stacking_as_before() -> None:
    # RULES §5 "2s and 3s pool": on polish a 2 goes on any attack card, but K♠ still not on 2♥.
    easier = apply_switch(PRESETS["polish"], "easier_pool")
    stock = "6S 6H 6D 8S 8H 8D 9S 9D"
    g = Game.from_position(
        easier, hands=["2H 5C 7C", "KS KH 3C 5D", "6C 7D 8C"], pile="9H", stock=stock
    )
    g.apply("2H")
    assert g.is_legal("3C") and g.is_legal("KH") and not g.is_legal("KS")
    # "2s and 3s only counter by suit or rank": on classic K♠ still goes on 2♥, 3♣ no longer.
    harder = apply_switch(PRESETS["classic"], "harder_suit_or_rank")
    g = Game.from_position(
        harder, hands=["2H 5C 7C", "KS 3C 5D", "6C 7D 8C"], pile="9H", stock=stock
    )
    g.apply("2H")
    assert g.is_legal("KS") and not g.is_legal("3C")
    # and the option needs 2s or 3s to act on
    with pytest.raises(RulesError, match="twos_threes_counter needs 2s or 3s"):
        PRESETS["polish"].replace(attack_cards={"KH", "KS"}, twos_threes_counter="pool")


def test_a_deal_with_few_plain_cards_left_never_gives_up() -> None:
    # 51 of 52 cards dealt and most ranks wild: on seed 2237 a hundred shuffles in a row left
    # no plain card in the stock, and the deal raised. Now a plain card is swapped in.
    rules = PRESETS["polish"].replace(
        min_seats=3,
        max_seats=3,
        default_seats=3,
        deck_steps=(),
        hand_size=17,
        plays_on_anything={"Q", "5", "6", "7", "8", "9", "10"},
        anything_on={"Q", "K"},
        jack_requests=False,
        request_ranks=(),
    )
    g = Game.new(rules, seats=3, seed=2237)
    assert g.top not in compile_rules(rules).power and not g.top.is_joker
    assert sum(len(g.hand(s)) for s in range(3)) == 51


def test_idle_options_name_what_changes_nothing_and_why() -> None:
    polish = PRESETS["polish"]
    assert "target" in polish.idle_options  # no points kept
    assert "target" not in PRESETS["tel_aviv"].idle_options
    auto = polish.replace(macau_call="auto")
    assert "macau_penalty" not in polish.idle_options and "macau_penalty" in auto.idle_options
    # an idle option counts as one value in the fingerprint: setting it plays the same game
    assert auto.replace(macau_penalty=3).fingerprint == auto.fingerprint
    for rules in PRESETS.values():
        assert "default_seats" not in rules.idle_options  # New game still offers it
        assert all(why for why in rules.idle_options.values())

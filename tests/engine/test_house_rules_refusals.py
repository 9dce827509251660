"""House rules (RULES.md §5; docs/rules-decisions.md "what is refused, what is repaired"):
jokers the pack lacks, values of the wrong kind, names and text that must round-trip, seat
counts, the easier/harder switches, cards that cut a stack, and fingerprints."""

from __future__ import annotations

import dataclasses
import inspect
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.engine import (
    HOUSE_SWITCHES,
    PRESETS,
    Game,
    Rules,
    RulesError,
    StackCancelled,
    apply_switch,
    explain,
)
from game.engine.cards import make_pack
from game.engine.compiled import ALL_CARDS, compile_rules
from game.engine.house import (
    JOKER_OPTIONS,
    drop_idle_jokers,
    drop_missing_jokers,
    restore_jokers,
    switch_refusal,
)
from game.engine.invariants import check_invariants
from game.engine.rules import GROUPS

from .conftest import ALL_PRESETS, play, pos, rules_refused


def _options(rules: Rules, **changes: Any) -> dict[str, Any]:
    return {**{f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)}, **changes}


# ----- jokers the pack does not hold ----------------------------------------------------------
JOKERLESS = [
    (
        "classic",
        {"jokers": 0},
        ["joker_role draw_wild", "attack_cards", "suit_changers", "plays_on_anything", "jokers"],
    ),
    ("polish", {"joker_role": "any_card"}, ["joker_role any_card", "jokers is 0"]),
    ("hungarian", {"jokers": 0}, ["joker_role any_card", "jokers is 0"]),
    ("classic", {"jokers": 1}, ["attack_cards", "BJ", "red joker RJ"]),
    ("romanian", {"jokers": 1}, ["attack_cards", "BJ"]),
    ("polish", {"anything_on": {"Q", "joker"}}, ["anything_on", "jokers is 0"]),
    (
        "polish",
        {
            "jokers": 0,
            "joker_role": "draw_wild",
            "plays_on_anything": {"Q", "joker"},
            "attack_cards": {"KH", "KS", "BJ", "RJ"},
            "fours_block": True,
        },
        ["joker_role", "attack_cards", "plays_on_anything", "fours_block"],
    ),
]


@pytest.mark.parametrize(("preset", "changes", "words"), JOKERLESS)
def test_a_role_for_a_joker_the_pack_lacks_is_refused_by_name(
    preset: str, changes: dict[str, object], words: list[str]
) -> None:
    rules_refused(preset, changes, words)


def test_one_joker_per_deck_is_always_the_red_one() -> None:
    assert {c.code for c in make_pack(3, 1) if c.is_joker} == {"RJ"}
    rules = PRESETS["classic"].replace(jokers=1, attack_cards={"2", "3", "KH", "KS", "RJ"})
    assert rules.jokers_in_pack == {"RJ"} and PRESETS["classic"].jokers_in_pack == {"RJ", "BJ"}
    g = Game.new(rules, seats=4, seed=3)
    check_invariants(g)


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_every_preset_still_validates(preset: str) -> None:
    rules = PRESETS[preset]
    assert Rules(**_options(rules)) == rules
    assert Rules.from_text(rules.to_text()) == rules


@pytest.mark.parametrize("preset", ["classic", "romanian", "hungarian"])
@pytest.mark.parametrize("jokers", [0, 1])
def test_dropping_the_missing_jokers_mends_a_preset_and_restoring_undoes_it(
    preset: str, jokers: int
) -> None:
    before = _options(PRESETS[preset])
    fewer = drop_missing_jokers({**before, "jokers": jokers})
    rules = Rules(**fewer)
    assert not (rules.attack_cards & {"BJ", "RJ"}) - rules.jokers_in_pack
    assert (rules.joker_role == "none") == (jokers == 0)
    assert restore_jokers({**fewer, "jokers": 2}, before) == before
    assert set(JOKER_OPTIONS) >= {k for k in before if fewer[k] != before[k]} - {"jokers"}


@pytest.mark.parametrize("preset", ["classic", "romanian"])
@pytest.mark.parametrize("role", ["any_card", "none"])
def test_jokers_that_stop_drawing_leave_the_roles_only_drawing_jokers_play(
    preset: str, role: str
) -> None:
    before = _options(PRESETS[preset])
    changed = {**before, "joker_role": role}
    with pytest.raises(RulesError, match="only draw_wild jokers"):
        Rules(**changed)  # the jokers still attack (and more) on their own
    idle = drop_idle_jokers(changed)
    if role == "any_card":
        rules = Rules(**idle)
        assert not {"BJ", "RJ"} & rules.attack_cards and "joker" not in rules.suit_changers
    assert {k for k in before if idle[k] != changed[k]} <= set(JOKER_OPTIONS)
    assert restore_jokers({**idle, "joker_role": "draw_wild"}, before) == before
    assert drop_idle_jokers(before) == before  # drawing jokers keep every role


# ----- values of the wrong kind -----------------------------------------------------------------
@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"request_ranks": 5}, "request_ranks takes several values (a list of ranks), not 5"),
        ({"deck_steps": 5}, "deck_steps takes several values (seat counts), not 5"),
        ({"deck_steps": "5 9"}, "deck_steps takes several values (seat counts), not '5 9'"),
        ({"attack_cards": None}, "attack_cards takes several values"),
        ({"suit_changers": 3}, "suit_changers takes several values"),
        ({"plays_on_anything": [["Q"]]}, "plays_on_anything takes several values"),
    ],
)
def test_a_single_value_for_a_several_valued_option_is_refused_by_name(
    change: dict[str, object], words: str
) -> None:
    with pytest.raises(RulesError) as info:
        PRESETS["polish"].replace(**change)
    assert str(info.value).startswith(words)


def test_an_unknown_option_to_the_constructor_is_refused_by_name() -> None:
    with pytest.raises(RulesError, match="unknown option bogus"):
        Rules(bogus=1)  # type: ignore[call-arg]
    with pytest.raises(RulesError, match="unknown option colour, shade"):
        Rules(hand_size=4, shade=1, colour=2)  # type: ignore[call-arg]


def test_the_constructor_keeps_its_signature_for_valid_use() -> None:
    params = list(inspect.signature(Rules).parameters)
    assert params == [f.name for f in dataclasses.fields(Rules)]
    assert Rules(hand_size=4).hand_size == 4 and Rules() == PRESETS["polish"]
    assert Rules("polish") == PRESETS["polish"]


# ----- names and the text form ------------------------------------------------------------------
@pytest.mark.parametrize(
    "name", ["a\rb", "a\x0bb", "a\x0cb", "a\x1cb", "a\x85b", "a\u2028b", "a\u2029b", "a\tb", " a"]
)
def test_a_name_with_a_line_break_or_control_character_is_refused(name: str) -> None:
    with pytest.raises(RulesError, match="name must be a word on one line"):
        PRESETS["polish"].replace(name=name)


@pytest.mark.parametrize("name", ["Ünïcode ♥ house", "a = b", "#1", "", "家族 rules"])
def test_a_name_with_any_printable_text_round_trips(name: str) -> None:
    rules = PRESETS["polish"].replace(name=name)
    assert Rules.from_text(rules.to_text()) == rules


@given(st.text(max_size=12))
def test_a_name_is_either_refused_or_round_trips(name: str) -> None:
    try:
        rules = PRESETS["quick"].replace(name=name)
    except RulesError as exc:
        assert "name must be a word on one line" in str(exc)
        return
    assert Rules.from_text(rules.to_text()) == rules


def test_rules_text_that_sets_an_option_twice_is_refused_naming_key_and_line() -> None:
    text = "macau-rules 1\nhand_size = 4\n\nruns = yes\nhand_size = 6\n"
    with pytest.raises(RulesError, match="line 5 sets hand_size again \\(first set on line 2\\)"):
        Rules.from_text(text)


def test_rules_text_may_start_with_a_byte_order_mark() -> None:
    rules = PRESETS["hungarian"].replace(counter_rule="pool")
    assert Rules.from_text("\ufeff" + rules.to_text()) == rules
    assert Rules.from_text("\ufeff" + rules.to_text().replace("\n", "\r\n")) == rules


# ----- seat counts ---------------------------------------------------------------------------
@pytest.mark.parametrize("seats", ["4", True, 4.0, None])
def test_a_seat_count_that_is_no_whole_number_is_refused_naming_it(seats: object) -> None:
    rules = PRESETS["polish"]
    with pytest.raises(RulesError, match=f"seats must be a whole number of players, not {seats!r}"):
        rules.check_seats(seats)  # type: ignore[arg-type]
    if seats is not None:  # Game.new and explain take None as "the usual number"
        # The compiled engine checks Game.new's argument types at the call itself (TypeError
        # "int or None object expected"; a bool is an int there, one seat, too few); run
        # from source, check_seats gives the message above. Refused either way.
        with pytest.raises((RulesError, TypeError), match=r"seats|int or None"):
            Game.new(rules, seats=seats, seed=1)  # type: ignore[arg-type]
        with pytest.raises(RulesError, match="seats must be a whole number"):
            explain(rules, seats=seats)  # type: ignore[arg-type]


# ----- the Hungarian rules' easier / harder switches -----------------------------------------
# The presets, and sets where draw-wild jokers meet another counter rule.
SWITCHED_SETS = {
    **{preset: PRESETS[preset] for preset in ALL_PRESETS},
    "classic, hungarian counters": PRESETS["classic"].replace(counter_rule="hungarian"),
    "romanian, by suit or rank": PRESETS["romanian"].replace(counter_rule="suit_or_rank"),
    "romanian, same rank": PRESETS["romanian"].replace(counter_rule="same_rank"),
}


def _as_labelled(before: Rules, after: Rules, switch: str) -> bool:
    """Whether ``after`` is ``before`` made easier or harder as ``switch``'s label says, told
    from how the cards play (not from ``switch_refusal``'s reasons)."""
    if switch in ("easier_pool", "harder_suit_or_rank"):
        was, now = compile_rules(before), compile_rules(after)
        tops = [c for c in ALL_CARDS if was.attack_value[c]]
        small = [c for c in tops if not c.is_joker and c.rank in (2, 3)]
        pairs = [(c, t) for c in small for t in tops]
        gained = any(now.counters(c, t, t.suit) > was.counters(c, t, t.suit) for c, t in pairs)
        lost = any(now.counters(c, t, t.suit) < was.counters(c, t, t.suit) for c, t in pairs)
        return gained and not lost if switch == "easier_pool" else lost and not gained
    if switch == "easier_groups":
        return GROUPS.index(after.groups) > GROUPS.index(before.groups)
    if switch == "harder_no_groups":
        return GROUPS.index(after.groups) < GROUPS.index(before.groups) or before.runs > after.runs
    assert switch == "harder_seven_own_suit"
    return "7" in before.suit_changers and after.seven_own_suit > before.seven_own_suit


@pytest.mark.parametrize("preset", list(SWITCHED_SETS))
@pytest.mark.parametrize("switch", list(HOUSE_SWITCHES))
def test_a_switch_does_what_its_label_says_or_is_refused_with_a_reason(
    preset: str, switch: str
) -> None:
    before = SWITCHED_SETS[preset]
    why = switch_refusal(before, switch)
    if why is not None:
        with pytest.raises(RulesError) as info:
            apply_switch(before, switch)
        assert str(info.value) == f"{switch}: {why}"
        # Refused only where its options, set all the same, would not do what it says.
        try:
            forced = before.replace(**HOUSE_SWITCHES[switch][1])
        except RulesError:
            return
        assert not _as_labelled(before, forced, switch)
        return
    after = apply_switch(before, switch)  # a switch that is offered is never refused
    assert _as_labelled(before, after, switch)
    assert after != before
    assert after.fingerprint != before.fingerprint  # it changes the game played
    if switch.startswith("easier"):
        assert GROUPS.index(after.groups) >= GROUPS.index(before.groups)
    if switch in ("easier_pool", "harder_suit_or_rank"):
        # RULES §5: the switches are about 2s and 3s; every other attack card stacks as before.
        assert after.counter_rule == before.counter_rule
        was, now = compile_rules(before), compile_rules(after)
        attack = [c for c in ALL_CARDS if now.attack_value[c]]
        pairs = [(card, top) for card in attack for top in attack]
        # Offered, it changes how some 2 or 3 stacks.
        assert any(now.counters(c, t, t.suit) != was.counters(c, t, t.suit) for c, t in pairs)
        for card in attack:
            for top in attack:
                ok = now.counters(card, top, top.suit)
                if card.is_joker or card.rank not in (2, 3):
                    assert ok == was.counters(card, top, top.suit)
                elif switch == "easier_pool":
                    assert ok
                else:
                    assert ok == (card.suit == top.suit or card.rank == top.rank)
        assert before.counter_rule != "same_rank" or switch == "easier_pool"
    if switch == "harder_no_groups":
        assert after.groups == "none" and not after.runs
    if switch == "harder_seven_own_suit":
        assert after.seven_own_suit and "7" in after.suit_changers


def test_easier_groups_never_takes_groups_away() -> None:
    with pytest.raises(
        RulesError, match="cards of one rank or one suit may be laid together already"
    ):
        apply_switch(PRESETS["hungarian"], "easier_groups")


def test_easier_groups_on_tel_aviv_lays_fives_together_instead_of_again() -> None:
    rules = apply_switch(PRESETS["tel_aviv"], "easier_groups")
    assert rules.groups == "rank" and not rules.five_again
    Game.new(rules, seats=3, seed=2)


def test_one_card_a_turn_on_hungarian_turns_runs_off_too() -> None:
    rules = apply_switch(PRESETS["hungarian"], "harder_no_groups")
    assert rules.groups == "none" and not rules.runs


def test_the_seven_switch_needs_a_seven_that_names_a_suit() -> None:
    for preset in ALL_PRESETS:
        offered = switch_refusal(PRESETS[preset], "harder_seven_own_suit") is None
        assert offered == (preset == "romanian")
    with pytest.raises(
        RulesError, match="harder_seven_own_suit: a 7 does not change the suit here"
    ):
        apply_switch(PRESETS["polish"], "harder_seven_own_suit")


def test_suit_or_rank_is_not_offered_as_harder_than_same_rank() -> None:
    assert "only on their own rank here, which is harder already" in str(
        switch_refusal(PRESETS["tel_aviv"], "harder_suit_or_rank")
    )


def test_an_unknown_switch_is_refused() -> None:
    with pytest.raises(RulesError, match="unknown switch 'sideways'"):
        apply_switch(PRESETS["polish"], "sideways")


# ----- a card that cuts a stack may have another job ----------------------------------------
CUTTERS_WITH_ANOTHER_JOB = [
    ("polish", {"fours_block": True}),  # a 4 skips and blocks
    ("classic", {"skip_rank": "7"}),  # a 7 skips and cuts
    ("romanian", {"seven_cuts": True}),  # a 7 names a suit and cuts
    ("polish", {"fours_block": True, "skip_rank": None, "suit_changers": {"A", "4"}}),
]


@pytest.mark.parametrize(("preset", "changes"), CUTTERS_WITH_ANOTHER_JOB)
def test_a_card_that_cuts_a_stack_may_have_another_job(
    preset: str, changes: dict[str, object]
) -> None:
    rules = PRESETS[preset].replace(**changes)
    rng = random.Random(7)
    for seed in range(40):
        g = Game.new(rules, seats=rng.randint(rules.min_seats, rules.max_seats), seed=seed)
        for _ in range(150):
            if g.over:
                break
            g.apply(rng.choice(g.legal_actions()))
            check_invariants(g)


@pytest.mark.parametrize(
    ("preset", "changes", "cutter"),
    [
        ("polish", {"fours_block": True}, "4H"),
        ("classic", {"skip_rank": "7"}, "7H"),
        ("romanian", {"seven_cuts": True}, "7S"),
    ],
)
def test_on_a_pending_stack_the_cutter_only_cuts(
    preset: str, changes: dict[str, object], cutter: str
) -> None:
    rules = PRESETS[preset].replace(**changes)
    g = pos(rules, ["2H 9C 9D", f"{cutter} 8C 8D", "6S 5D KC"], "5H", "9H KD 4S 8S 10D JD")
    play(g, "2H")
    events = play(g, cutter)  # no suit to name, nobody to skip
    assert any(isinstance(e, StackCancelled) for e in events)
    assert g.current == 2 and g.phase.value == "play"


# ----- fingerprints -----------------------------------------------------------------------------
PRESET_FINGERPRINTS = {
    "polish": "f675f9e2cd",
    "quick": "0c4cde57b3",
    "classic": "435b1c3a13",
    # Its jokers joined the cards that play on anything (RULES §5): laid as any card, on any.
    "hungarian": "a9060c12ba",
    "romanian": "95ec9ac90f",
    "romanian2": "6d35cb404d",
    # Its queen became a suit changer naming its own suit (RULES §5): a different game.
    "tel_aviv": "c4da6d2f9e",
}


def test_preset_fingerprints_are_unchanged_so_stored_statistics_still_match() -> None:
    assert {p: PRESETS[p].fingerprint for p in ALL_PRESETS} == PRESET_FINGERPRINTS


@pytest.mark.parametrize(
    ("preset", "setting", "idle"),
    [
        ("polish", {}, {"target": 300}),  # no scoring
        ("classic", {}, {"macau_penalty": 2}),  # Macau is called for you
        ("polish", {"suit_changers": set()}, {"ace_scope": "until_met"}),  # nobody names a suit
        ("classic", {}, {"request_ranks": ("6", "8")}),  # jacks request nothing
        ("quick", {}, {"deck_steps": (5,)}),  # never more than 4 seats
        ("classic", {}, {"power_after_out": True}),  # the round ends at the first out
        # Never two seats, or only two: one of the hand sizes is never dealt.
        ("tel_aviv", {"min_seats": 3, "default_seats": 4}, {"hand_size_two_seats": 5}),
        ("hungarian", {"min_seats": 3}, {"no_attack_finish_heads_up": False}),
        ("polish", {"max_seats": 2, "default_seats": 2}, {"hand_size": 7}),
        # No attack cards: nothing to answer, cut or cancel.
        ("romanian2", {"attack_cards": set()}, {"counter_rule": "pool"}),
        # The usual players: New game seats any number the rules allow.
        ("polish", {}, {"default_seats": 3}),
        ("classic", {"name": "custom", "macau_penalty": 3}, {"default_seats": 6}),
    ],
)
def test_an_option_that_cannot_act_leaves_the_fingerprint_alone(
    preset: str, setting: dict[str, object], idle: dict[str, object]
) -> None:
    rules = PRESETS[preset].replace(**setting)
    assert any(getattr(rules, k) != v for k, v in idle.items())
    assert rules.replace(**idle).fingerprint == rules.fingerprint


@pytest.mark.parametrize(
    ("preset", "change"),
    [
        ("classic", {"target": 300}),
        ("polish", {"macau_penalty": 2}),
        ("polish", {"ace_scope": "until_met"}),
        ("polish", {"request_ranks": ("6", "8")}),
        ("polish", {"deck_steps": (6,)}),
        ("polish", {"power_after_out": True}),
    ],
)
def test_an_option_that_acts_still_changes_the_fingerprint(
    preset: str, change: dict[str, object]
) -> None:
    assert PRESETS[preset].replace(**change).fingerprint != PRESETS[preset].fingerprint


@pytest.mark.parametrize(
    ("preset", "changes", "words"),
    [
        ("polish", {"seven_cuts": True}, "7 is a power card (seven_cuts)"),
        ("polish", {"skip_rank": "5"}, "5 is a power card (skip_rank)"),
        # Both battle kings make the king a power card: the option is said once, with them.
        ("polish", {"request_ranks": ("K",)}, "K is a power card (K♥ and K♠ in attack_cards):"),
        (
            "tel_aviv",
            {"jack_requests": True, "request_ranks": ("K",)},
            "K is a power card (K♥ in attack_cards)",
        ),
        ("tel_aviv", {"skip_rank": "5"}, "but 5 is also the skip_rank"),
        ("polish", {"skip_rank": "2"}, "make the next seat miss a turn and make it draw"),
        ("classic", {"jack_requests": True}, "request_ranks is empty"),
    ],
)
def test_a_refusal_names_the_option_that_was_changed_and_why(
    preset: str, changes: dict[str, Any], words: str
) -> None:
    with pytest.raises(RulesError, match=words.replace("(", r"\(").replace(")", r"\)")):
        PRESETS[preset].replace(**changes)


@pytest.mark.parametrize(
    ("changes", "named", "unset"),
    [
        ({"ace_must_hold": True}, "ace_must_hold needs a suit changer", "ace_must_differ"),
        ({"ace_must_differ": True}, "ace_must_differ needs a suit changer", "ace_must_hold"),
        (
            {"ace_must_differ": True, "ace_must_hold": True},
            "ace_must_differ and ace_must_hold need a suit changer",
            None,
        ),
    ],
)
def test_a_suit_rule_without_a_suit_changer_is_refused_naming_only_what_is_set(
    changes: dict[str, object], named: str, unset: str | None
) -> None:
    with pytest.raises(RulesError) as info:
        PRESETS["polish"].replace(suit_changers=frozenset(), **changes)
    assert named in str(info.value)
    if unset is not None:
        assert unset not in str(info.value)


def test_a_rank_that_attacks_cannot_also_name_a_suit_and_a_king_says_which_king() -> None:
    rules_refused(
        "polish",
        {"suit_changers": {"A", "2"}},
        ["2s cannot be both attack cards and suit changers (attack_cards, suit_changers)"],
    )
    # In Tel-Aviv only K♥ attacks: the refusal says so rather than speak of every king.
    rules_refused(
        "tel_aviv",
        {"suit_changers": {"A", "Q", "K"}},
        ["kings cannot be both attack cards and suit changers (K♥ in attack_cards"],
    )


def test_seven_cuts_without_attack_cards_still_changes_the_fingerprint() -> None:
    # Nothing to cut, so the 7 is a plain card there; the option still counts, so that the
    # rounds stored under such a set before keep their fingerprint.
    rules = PRESETS["romanian2"].replace(attack_cards=set())
    assert rules.replace(seven_cuts=True).fingerprint != rules.fingerprint


# Each refused for the reason named (README: "raises RulesError naming the clashing options").
BOUNDS = [
    ("polish", {"min_seats": 1, "default_seats": 2}, "from 2 to 10 seats"),
    ("hungarian", {"max_seats": 11}, "from 2 to 10 seats"),
    ("polish", {"default_seats": 9}, "default_seats must lie between"),
    ("polish", {"deck_steps": (4, 6, 8)}, "at most two seat counts"),
    ("polish", {"hand_size_two_seats": 0}, "hand_size_two_seats must be at least 1"),
    ("polish", {"skip_rank": "J"}, "skip_rank J clashes with jack_requests"),
    ("tel_aviv", {"suit_changers": frozenset({"A", "Q", "5"})}, "one rank has one job"),
    (
        "tel_aviv",
        {
            "starter": "plain",
            "plays_on_anything": frozenset(
                ["2", "3", "4", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
            ),
        },
        "starter is plain",
    ),
]


@pytest.mark.parametrize(("preset", "changes", "words"), BOUNDS)
def test_options_out_of_bounds_or_clashing_are_refused_by_name(
    preset: str, changes: dict[str, object], words: str
) -> None:
    rules_refused(preset, changes, [words])


def test_fours_block_a_stack_of_jokers_alone() -> None:
    # RULES §3.1: a 4 blocks a stack of 2s, 3s or jokers, so jokers alone are a stack to block
    rules = PRESETS["romanian"].replace(attack_cards=frozenset({"BJ", "RJ"}), fours_block=True)
    assert rules.fours_block and rules.attack_cards == frozenset({"BJ", "RJ"})

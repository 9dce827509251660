"""How to play for house-rule sets: the text tells only of cards, tables and options that act.

Each test names a rule set the text once got wrong, and checks the text against what the
engine does with it.
"""

from __future__ import annotations

import copy
import dataclasses
import re
from typing import Any

import pytest

from game.engine import (
    DRAW,
    PASS,
    PRESETS,
    Card,
    Game,
    Phase,
    Play,
    Rules,
    explain_house,
    parse_action,
)
from game.engine.cards import RANK_NAMES, SUIT_NAMES, make_pack
from game.engine.explain import HOUSE_ROWS, explain, explain_sections, power_cards, summary
from game.engine.house import apply_switch, drop_idle_jokers


def flat(rules: Rules, seats: int | None = None) -> str:
    """The whole text on one line, so phrases can be found across the wrapping."""
    return " ".join(explain(rules, seats).split())


def rules_part(rules: Rules) -> str:
    """The summary and every section but House rules (which quotes the preset compared with)."""
    paras = [summary(rules)]
    for s in explain_sections(rules):
        if s.title != "House rules":
            paras.extend(s.paragraphs)
    return " ".join(" ".join(paras).split())


def house(rules: Rules) -> tuple[str, ...]:
    found = [s.paragraphs for s in explain_sections(rules) if s.title == "House rules"]
    return found[0] if found else ()


def power(rules: Rules, title: str) -> str:
    found = [pc for pc in power_cards(rules) if pc.title == title]
    assert len(found) == 1, [pc.title for pc in power_cards(rules)]
    return f"{found[0].text} Example: {found[0].example}"


def unchecked(base: Rules, **options: Any) -> Rules:
    """``base`` with ``options`` set without validation. ``Rules`` now refuses a joker role for
    a joker the pack lacks, but the text must still be true of any set it is handed (a set
    saved before the check, a screen half-way through an edit)."""
    rules = copy.copy(base)
    for key, value in {"name": "custom", **options}.items():
        object.__setattr__(rules, key, frozenset(value) if isinstance(value, set) else value)
    return rules


# ----- jokers the pack does not hold -------------------------------------------------------------
def test_no_jokers_in_the_pack_means_no_word_of_jokers() -> None:
    for rules in (
        unchecked(PRESETS["classic"], jokers=0),
        unchecked(PRESETS["polish"], joker_role="any_card"),
    ):
        text = rules_part(rules)
        assert "joker" not in text.lower(), text
        assert "Jokers" not in {pc.title for pc in power_cards(rules)}
    assert "Jokers" not in " ".join(house(unchecked(PRESETS["polish"], joker_role="any_card")))


def test_one_joker_a_deck_is_the_red_one() -> None:
    valid = PRESETS["classic"].replace(jokers=1, attack_cards={"2", "3", "KH", "KS", "RJ"})
    for rules in (valid, unchecked(PRESETS["classic"], jokers=1)):
        text = rules_part(rules)
        assert "black joker" not in text
        assert "It attacks the next player: 10 cards to draw" in text
        assert "2s, 3s, K♥, K♠ and jokers make players draw" in text
        assert [pc.codes for pc in power_cards(rules) if pc.title == "Jokers"] == [("RJ",)]
    three = flat(valid, seats=3)
    assert "one 52-card deck with one joker (53 cards)" in three and "one jokers" not in three


# ----- draw-wild jokers --------------------------------------------------------------------------
def test_a_draw_wild_joker_that_names_nothing_is_shown_naming_nothing() -> None:
    rules = PRESETS["polish"].replace(
        jokers=2, joker_role="draw_wild", plays_on_anything={"Q", "joker"}
    )
    jokers = power(rules, "Jokers")
    assert "It names nothing" in jokers
    assert "names hearts" not in jokers
    assert "Anna lays the red joker on it. It names nothing, so clubs stay in force" in jokers
    g = Game.from_position(rules, hands=["RJ 9H", "8C 8H 5S", "6S 6H 6D"], pile="9C", stock="10S")
    g.apply("RJ")
    assert g.is_legal("8C") and not g.is_legal("8H")


def test_a_joker_that_attacks_but_names_nothing_keeps_the_suit_in_force() -> None:
    rules = PRESETS["polish"].replace(
        jokers=2,
        joker_role="draw_wild",
        plays_on_anything={"Q", "joker"},
        attack_cards={"2", "3", "BJ", "RJ"},
    )
    text = rules_part(rules)
    assert "on a joker only the suit that was in force before it" in text
    assert "the suit it named" not in text
    assert "names hearts" not in power(rules, "Jokers")


def test_draw_wild_jokers_are_never_laid_in_a_group() -> None:
    for preset in ("classic", "romanian"):
        text = rules_part(PRESETS[preset])
        assert "or jokers only the last one's request counts" not in text
        assert "it is always laid on its own, never with other cards" in text
    g = Game.from_position(
        PRESETS["classic"], hands=["RJ BJ 9C", "8C 8H 5S", "6S 6H 6D"], pile="9H", stock="10S"
    )
    assert g.is_legal("RJ/H") and not g.is_legal("RJ BJ/H")


# ----- stand-in jokers ---------------------------------------------------------------------------
def test_a_hungarian_joker_is_said_to_play_on_anything_as_any_card() -> None:
    rules = PRESETS["hungarian"]
    jokers = power(rules, "Jokers")
    assert "It plays on anything: on an ordinary turn you may lay it on any card" in jokers
    assert "must fit where you lay it" not in jokers
    assert "jokers stand for any card and go on anything" in explain(rules)
    g = Game.from_position(rules, hands=["RJ 9C", "8C 8H 5S", "6S 6H 6D"], pile="7H", stock="10S")
    assert g.is_legal("RJ=KS") and g.is_legal("RJ=9S")


def test_a_stand_in_joker_must_fit_as_the_card_it_stands_for() -> None:
    rules = PRESETS["hungarian"].replace(name="custom", plays_on_anything={"A", "Q"})
    jokers = power(rules, "Jokers")
    assert "The card it stands for must fit where you lay it" in jokers
    assert "A joker plays on anything" not in jokers
    g = Game.from_position(rules, hands=["RJ 9C", "8C 8H 5S", "6S 6H 6D"], pile="7H", stock="10S")
    assert g.is_legal("RJ=KH") and not g.is_legal("RJ=9S")


def _stand_in(preset: str, **changes: Any) -> Rules:
    """``preset`` with ``changes`` and stand-in jokers, as the custom-rules screen makes them:
    the jokers lose every role only a draw-wild joker plays."""
    options = {f.name: getattr(PRESETS[preset], f.name) for f in dataclasses.fields(Rules)}
    options.update(changes, name="custom", joker_role="any_card")
    options["jokers"] = options["jokers"] or 2
    return Rules(**drop_idle_jokers(options))


_NO_7 = ("5", "6", "8", "9", "10")
STAND_IN_SETS = {
    **{preset: _stand_in(preset) for preset in PRESETS},
    "no K♥ attack": _stand_in("polish", attack_cards={"2", "3", "KS"}),
    "7 cuts": _stand_in("polish", attack_cards={"2", "3"}, seven_cuts=True, request_ranks=_NO_7),
    "7 cuts, K♥ attacks": _stand_in("polish", seven_cuts=True, request_ranks=_NO_7),
    "7 on anything": _stand_in(
        "polish", attack_cards={"2", "KS"}, plays_on_anything={"Q", "7"}, request_ranks=_NO_7
    ),
    "7 skips": _stand_in("romanian2", skip_rank="7"),
    "anything on 7": _stand_in("romanian2", anything_on={"7"}),
    "7 names its own suit": _stand_in(
        "polish",
        attack_cards={"2", "3"},
        suit_changers={"A", "7"},
        seven_own_suit=True,
        request_ranks=_NO_7,
    ),
    "only kings plain": _stand_in(
        "romanian2",
        attack_cards={"2", "3", "KH"},
        seven_cuts=True,
        plays_on_anything={"J", "Q"},
        anything_on={"5", "6", "8", "9", "10"},
    ),
    "only K♥ K♦ K♣ plain": _stand_in(
        "romanian2",
        attack_cards={"2", "3", "KS"},
        seven_cuts=True,
        plays_on_anything={"J", "Q"},
        anything_on={"5", "6", "8", "9", "10"},
    ),
}
_RANK_WORDS = {"J": "jack", "Q": "queen", "K": "king", "A": "ace"}


def _unused(count: int, *used: Card) -> list[str]:
    """``count`` cards of ranks 5 to 10 (plain in every preset) that are none of ``used``."""
    taken = {c.code for c in used}
    free = [r + s for r in ("6", "8", "9", "10", "5") for s in "SHDC" if r + s not in taken]
    return free[:count]


@pytest.mark.parametrize("name", list(STAND_IN_SETS))
def test_the_stand_in_joker_example_plays_out_in_the_engine(name: str) -> None:
    rules = STAND_IN_SETS[name]
    example = power(rules, "Jokers").partition(" Example: ")[2]
    found = re.fullmatch(
        r"Top (\S+)\. Anna lays the red joker(, which plays on anything,)? as the .+? "
        r"\(written (RJ=\w+)\)(.*)",
        example,
    )
    assert found, example
    top, (anywhere, laid, rest) = Card.parse(found[1]), found.group(2, 3, 4)
    card = Card.parse(laid.partition("=")[2])
    # Where jokers play on anything the example says so, with a card that would not fit.
    assert bool(anywhere) == ("joker" in rules.plays_on_anything)
    if anywhere:
        assert card.suit != top.suit and card.rank != top.rank
    token = "10" if card.rank == 10 else card.code[:-1]
    # Ben holds a card of the stand-in's suit, one of its rank, and one of neither.
    same_suit = next(c for c in map(Card.parse, _unused(20, top, card)) if c.suit == card.suit)
    same_rank = next(Card.parse(token + s) for s in "DCHS" if s not in (card.suit, top.suit))
    neither = next(
        c
        for c in map(Card.parse, _unused(20, top, card, same_suit))
        if c.suit != card.suit and c.rank != card.rank
    )
    ben = [same_suit, same_rank, neither]
    anna = ["RJ", *_unused(2, top, *ben)]
    g = Game.from_position(
        rules,
        hands=[" ".join(anna), " ".join(c.code for c in ben)],
        pile=top.code,
        stock=" ".join(_unused(4, top, *ben, *map(Card.parse, anna[1:]))),
    )
    assert g.is_legal(laid), example  # laid as written: no suit to name, nothing to add
    g.apply(laid)
    assert g.current == 1
    owed = re.match(r": Ben owes (\d+), just as for a real ", rest)
    if owed:
        assert g.penalty == int(owed[1]) and laid == "RJ=KH"
        return
    # A plain card: Ben follows it as he would the real one, in its suit or rank.
    article = "an" if card.code[0] in "8A" else "a"
    assert rest.startswith(f", and Ben follows it as {article} {card.pretty}, with "), example
    assert f"a {SUIT_NAMES[card.suit][:-1]}" in rest
    assert re.search(rf"\ban? {_RANK_WORDS.get(token, token)}\b", rest), example
    assert g.phase is Phase.PLAY and g.request is None and g.suit_in_force == card.suit
    opens = {a.cards[0] for a in g.legal_actions() if isinstance(a, Play)}
    assert {same_suit, same_rank} <= opens
    wild = RANK_NAMES[neither.rank] in rules.plays_on_anything
    assert (neither in opens) is wild


# ----- stacks cut, anything on an ace ------------------------------------------------------------
def test_cards_that_cut_a_stack_are_not_listed_as_no_answer() -> None:
    text = rules_part(PRESETS["romanian"].replace(seven_cuts=True))
    assert "cut it with a 7" in text
    assert "not even 7s" not in text


def test_any_card_fits_on_an_ace_where_anything_goes_on_aces() -> None:
    rules = PRESETS["polish"].replace(anything_on={"A"})
    aces = power(rules, "Aces")
    assert "Once its request is over, any card fits on an ace" in aces
    assert "Cleo follows it as usual, with any card" in aces
    assert "with a club or an ace" not in aces
    assert "aces change the suit, and anything goes on them once the request is over" in (
        summary(rules)
    )
    assert "anything fits on an ace" in rules_part(rules)
    g = Game.from_position(rules, hands=["AC 9D", "8S 5S", "6D 6H"], pile="9C", stock="10S 10D 10H")
    g.apply("AC/H")
    g.apply("draw")  # Ben draws 10♠ and keeps it: the request is over
    assert g.current == 2 and g.is_legal("6D")


def test_what_may_follow_names_every_card_that_fits() -> None:
    queens = power(PRESETS["tel_aviv"], "Queens")
    assert "Ben must lay a diamond or another queen or ace" in queens
    g = Game.from_position(
        PRESETS["tel_aviv"], hands=["QH 9D", "AC 5S", "6D 6H"], pile="9C", stock="10S 10D"
    )
    g.apply("QH/H")
    assert g.is_legal("AC/S")


def test_one_joker_a_deck_lays_two_together_only_with_two_decks() -> None:
    """One stand-in joker a deck: two jokers together need the second deck, which comes
    at five players, and the text says so where it tells of them."""
    rules = PRESETS["hungarian"].replace(jokers=1)
    text = rules_part(rules)
    assert "two jokers can make two kings of hearts (with two decks, from 5 players)" in text
    assert "laid together on their own (RJ=KH RJ=KH, with two decks, from 5 players)" in text
    assert (rules.decks_for(4), rules.decks_for(5)) == (1, 2)
    assert sum(c.is_joker for c in make_pack(rules.decks_for(5), rules.jokers)) == 2
    # Where every table has two decks, there is no condition to tell.
    six = PRESETS["hungarian"].replace(jokers=1, min_seats=6, default_seats=6, deck_steps=(5,))
    assert "two kings of hearts. You say" in flat(six) and "(RJ=KH RJ=KH)." in flat(six)
    both = flat(PRESETS["hungarian"])
    assert "two kings of hearts. You say" in both and "(RJ=KH BJ=KH)." in both


# ----- one card a turn ---------------------------------------------------------------------------
def test_one_card_a_turn_lays_no_jokers_together_but_as_a_run() -> None:
    rules = PRESETS["hungarian"].replace(groups="none")
    text = rules_part(rules)
    assert "RJ=KH BJ=KH" not in text
    assert "In a group of" not in text
    assert "jokers may also be laid together on their own, as a run (RJ=5H BJ=6H)" in text
    g = Game.from_position(rules, hands=["RJ BJ 9C", "8C 5S", "6D 6H"], pile="4H", stock="10S")
    assert g.is_legal("RJ=5H BJ=6H") and not g.is_legal("RJ=KH BJ=KH")
    harder = rules_part(apply_switch(PRESETS["hungarian"], "harder_no_groups"))
    assert "laid together on their own" not in harder and "In a group of" not in harder


# ----- title and house rules ---------------------------------------------------------------------
def test_a_rule_set_without_a_name_is_titled_custom_rules() -> None:
    nameless = Rules.from_text("macau-rules 1\nname = \nhand_size = 6\n")
    assert nameless.name == ""
    assert flat(nameless).startswith("How to play: custom rules ===")


def test_a_file_named_after_a_preset_is_titled_by_what_it_holds() -> None:
    polish_inside = Rules.from_text("macau-rules 1\nname = classic\n")
    text = flat(polish_inside)
    assert text.startswith("How to play: custom rules")
    assert "Classic Macao" not in text
    assert house(polish_inside) == ("These are the rules of Polish Makao, unchanged.",)
    changed = dataclasses.replace(PRESETS["classic"], seven_cuts=False)
    assert flat(changed).startswith("How to play: Classic Macao (custom)")
    assert house(changed) == (
        "These rules differ from Classic Macao:",
        "- A 7 cuts a stack: no (Classic Macao: yes).",
    )
    # An option that does nothing here (no call to forget) leaves the preset as it was.
    idle = dataclasses.replace(PRESETS["classic"], macau_penalty=2)
    assert flat(idle).startswith("How to play: Classic Macao") and house(idle) == ()


def test_an_option_the_preset_never_uses_is_not_given_its_value_there() -> None:
    """Tel-Aviv calls Macau for you: its penalty for a forgotten call is never charged, so
    a house rule that makes the call yours does not compare with it."""
    rules = PRESETS["tel_aviv"].replace(macau_call="required", macau_penalty=1)
    assert house(rules) == (
        "These rules differ from Tel-Aviv Macau:",
        "- Macau: you must call it (Tel-Aviv Macau: called for you).",
        "- Forgotten Macau costs: 1 card (unused in Tel-Aviv Macau).",
    )


def test_twos_and_threes_by_the_common_rule_are_not_called_unused() -> None:
    """In Polish Makao 2s and 3s fight back by suit or rank, as every attack card does: a
    house rule that changes that is told against the rule, not against "unused"."""
    pooled = house(PRESETS["polish"].replace(twos_threes_counter="pool"))
    assert pooled == (
        "These rules differ from Polish Makao:",
        "- 2s and 3s fight back: on any attack card (Polish Makao: as the other attack "
        "cards, same suit or rank).",
    )
    by_suit = house(PRESETS["classic"].replace(twos_threes_counter="suit_or_rank"))
    assert by_suit[1:] == (
        "- 2s and 3s fight back: by suit or rank only (Classic Macao: as the other attack "
        "cards, any attack card on any attack card).",
    )
    # Told against a preset where no 2 or 3 attacks, the rule for them is unused there.
    no_small = unchecked(PRESETS["polish"], name="polish", attack_cards={"KH", "KS"})
    assert explain_house._unused(no_small, "twos_threes_counter")
    assert not explain_house._unused(PRESETS["polish"], "twos_threes_counter")


def test_house_rules_leave_out_options_that_do_nothing() -> None:
    assert house(PRESETS["quick"].replace(macau_penalty=2)) == ()  # Macau is called for you
    assert house(PRESETS["polish"].replace(target=100)) == ()  # no points are scored
    four = house(PRESETS["polish"].replace(max_seats=4))
    assert four == (
        "These rules differ from Polish Makao:",
        "- Players: 2 to 4 (Polish Makao: 2 to 8).",
    )
    six = PRESETS["hungarian"].replace(max_seats=6)
    assert "three decks" not in flat(six) and not any("Decks" in row for row in house(six))
    # 2s and 3s already go on every attack card under the hungarian counter rule: a pool of
    # them is the same game, as its fingerprint says.
    pool = PRESETS["hungarian"].replace(twos_threes_counter="pool")
    assert pool.fingerprint == PRESETS["hungarian"].fingerprint
    assert house(pool) == ()


def test_options_the_fingerprint_counts_idle_are_no_house_rule() -> None:
    from game.engine.rules import idle_here

    for preset in PRESETS.values():
        for option in ("target", "macau_penalty", "twos_threes_counter", "power_after_out"):
            value = {"target": 100, "macau_penalty": 2, "twos_threes_counter": "pool"}
            changed = preset.replace(**{option: value.get(option, not preset.power_after_out)})
            if idle_here(changed, option):
                assert changed.fingerprint == preset.fingerprint, (preset.name, option)
                assert house(changed) == (), (preset.name, option)


def test_the_fours_row_names_only_the_attack_cards_a_four_blocks() -> None:
    # A pack without jokers: a 4 blocks 2s and 3s only, as the paragraph above the row says.
    polish = PRESETS["polish"].replace(fours_block=True)
    assert "- A 4 blocks 2s and 3s: yes (Polish Makao: no)." in house(polish)
    assert "block 2s or 3s with a 4" in flat(polish)
    g = Game.from_position(polish, hands=["2H 9C", "4H 5D"], pile="9H", stock="3C 5C 6C")
    g.apply("2H")
    assert g.is_legal("4H")
    # Jokers that attack are blocked too, and named; the 4 of the preset compared with is
    # named by what it blocks there.
    assert "- A 4 blocks 2s, 3s and jokers: no (Romanian Macao: yes)." in house(
        PRESETS["romanian"].replace(fours_block=False)
    )
    twos = PRESETS["romanian"].replace(attack_cards={"2", "BJ", "RJ"})
    assert not any(row.startswith("- A 4") for row in house(twos))


def test_house_rules_cover_every_option() -> None:
    listed = {option for options, _, _ in HOUSE_ROWS for option in options}
    assert listed == {f.name for f in dataclasses.fields(Rules)} - {"name"}


# ----- numbers -----------------------------------------------------------------------------------
def test_numbers_agree_with_their_words() -> None:
    assert "- Forgotten Macau costs: 1 card (Polish Makao: 5 cards)." in house(
        PRESETS["polish"].replace(macau_penalty=1)
    )
    lone = summary(PRESETS["polish"].replace(attack_cards={"KH"}))
    assert "K♥ makes players draw." in lone and "K♥ make " not in lone
    kings = PRESETS["polish"].replace(counter_rule="hungarian", attack_cards={"KH", "KS"})
    assert "2s" not in summary(kings) and "3s" not in summary(kings)
    assert (
        "- Fighting back: battle kings on battle kings (Polish Makao: same suit or rank)."
        in house(kings)
    )


def test_cards_laid_together_on_an_attack_are_said_to_answer_one_another() -> None:
    # hungarian lays groups of one suit, and its counter rule keeps kings off 2s and 3s
    text = explain(PRESETS["hungarian"])
    assert "each must answer the one before: 3♠ K♠ on a 2 is refused" in text
    g = Game.from_position(
        PRESETS["hungarian"], hands=["2H 9C", "3S KS 5C", "6D 10D"], pile="8H", stock="6S 8S 9S"
    )
    g.apply("2H")
    assert not g.is_legal("3S KS") and g.is_legal("3S")
    # groups of one rank only: nothing mixes, so nothing to say
    assert "each must answer the one before" not in explain(PRESETS["polish"])


@pytest.mark.parametrize(
    ("changes", "dealt"),
    [
        ({"max_seats": 2, "default_seats": 2}, None),
        ({"min_seats": 3}, None),
        ({"min_seats": 3, "hand_size": 6}, "- Cards dealt: 6 (Tel-Aviv Macau: 5)."),
        (
            {"max_seats": 2, "default_seats": 2, "hand_size_two_seats": 9},
            "- Cards dealt: 9 (Tel-Aviv Macau: 7).",
        ),
    ],
)
def test_the_preset_is_told_as_it_deals_at_the_house_rules_tables(
    changes: dict[str, Any], dealt: str | None
) -> None:
    """Tel-Aviv deals 7 to two players and 5 to more: a table of two only, or of three
    and more, deals as Tel-Aviv does there, and no "Cards dealt" line says otherwise."""
    rules = PRESETS["tel_aviv"].replace(**changes)
    rows = [row for row in house(rules) if row.startswith("- Cards dealt")]
    assert rows == ([dealt] if dealt else [])
    sizes = {len(h) for h in Game.new(rules, seats=rules.min_seats, seed=1).hands}
    assert sizes == {
        int(re.findall(r"\d+", dealt)[0]) if dealt else (7 if rules.min_seats == 2 else 5)
    }


def test_kings_that_play_on_anything_are_not_said_to_never_answer_where_k_hearts_attacks() -> None:
    rules = PRESETS["polish"].replace(plays_on_anything={"K", "Q"})
    text = flat(rules)
    assert "not even aces, jacks, queens or the other kings" in text
    game = Game.from_position(
        rules, hands=["2H 9D 5S", "2D 3S KD KC KH 9C", "4C 6C"], pile="7H", stock="8D 8S 5D 7S"
    )
    game.apply(parse_action("2H"))
    answers = {str(a) for a in game.legal_actions()}
    assert "KH" in answers and "KD" not in answers and "KC" not in answers


@pytest.mark.parametrize("scope", ["next", "until_met"])
def test_a_free_suit_is_said_to_last_as_long_as_the_engine_keeps_it(scope: str) -> None:
    rules = PRESETS["romanian"].replace(
        seven_own_suit=True, ace_must_differ=True, ace_must_hold=True, ace_scope=scope
    )
    text = flat(rules)
    lasting = "and so may each player after, until somebody does"
    assert "free suit" in text and (lasting in text) == (scope == "until_met")
    game = Game.from_position(
        rules, hands=["7D 5C KC", "6S 8H 10S", "4C 6H 9S 10C"], pile="9C", stock="KS 3D 8S 5D"
    )
    game.apply(parse_action("7D/*"))  # no diamond left to name: a free suit, any but clubs
    game.apply(DRAW)
    game.apply(PASS)
    laid = {str(a) for a in game.legal_actions() if isinstance(a, Play)}
    # Still free (any suit but clubs) only while the request lasts; else the 7♦'s diamonds.
    assert ({"6H", "9S"} <= laid) == (scope == "until_met") and not {"4C", "10C"} & laid, laid


def test_the_fives_example_lays_plain_cards_only() -> None:
    rules = PRESETS["polish"].replace(
        skip_rank="9",
        suit_changers={"8"},
        plays_on_anything=set(),
        anything_on=set(),
        request_ranks=("6", "10"),
        groups="none",
        five_again=True,
    )
    (fives,) = [p for p in power_cards(rules) if p.title == "Fives"]
    named = re.findall(r"(10|[2-9JQKA])([♠♥♦♣])", fives.example)
    assert named and not {rank for rank, _ in named} & {"8", "9"}, fives.example


NINES_AND_SIXES = [
    PRESETS["tel_aviv"].replace(suit_changers={"A", "Q", "9"}),
    PRESETS["polish"].replace(suit_changers={"A", "9"}, request_ranks=("5", "6", "7", "8", "10")),
    PRESETS["polish"].replace(anything_on={"Q", "9"}, request_ranks=("5", "6", "7", "8", "10")),
    PRESETS["quick"].replace(skip_rank="6", request_ranks=("5", "7", "8", "9", "10")),
    PRESETS["classic"].replace(suit_changers={"A", "joker", "6"}),
    PRESETS["quick"].replace(suit_changers={"A", "6"}, request_ranks=("5", "7", "8", "9", "10")),
    PRESETS["polish"].replace(anything_on={"Q", "6"}, request_ranks=("5", "7", "8", "9", "10")),
]


@pytest.mark.parametrize("rules", NINES_AND_SIXES, ids=lambda r: r.fingerprint)
def test_examples_never_lay_the_top_card_again_and_meet_a_request_with_a_plain_card(
    rules: Rules,
) -> None:
    # One deck holds one 9♣: "Top 9♣. Anna lays 9♣" cannot happen; and the card that meets a
    # named suit, or that Ben lays on anything, is one with no power of its own.
    from game.engine.compiled import compile_rules

    power = compile_rules(rules).power
    symbols = {v: k for k, v in zip("SHDC", "♠♥♦♣", strict=True)}
    seen = 0
    for pc in power_cards(rules):
        top = re.search(
            r"Top (10|[2-9JQKA])([♠♥♦♣])\. Anna lays (10|[2-9JQKA])([♠♥♦♣])", pc.example
        )
        if top:
            seen += 1
            assert top.group(1, 2) != top.group(3, 4), pc.example
            assert Card.parse(top.group(1) + symbols[top.group(2)]) not in power, pc.example
        for rank, suit in re.findall(
            r"(?:Cleo lays|any card at all on it, say) (10|[2-9JQKA])([♠♥♦♣])(?:, and play|\.)",
            pc.example,
        ):
            seen += 1
            assert Card.parse(rank + symbols[suit]) not in power, pc.example
    assert seen


def test_the_decks_row_names_only_deck_counts_a_table_can_have() -> None:
    """Two decks from two players: one deck never happens, so the row does not offer it;
    a step past the largest table never happens either."""
    two = PRESETS["polish"].replace(deck_steps=(2,))
    assert "- Decks: two (Polish Makao: one; two from 5 players)." in house(two)
    assert {len(Game.new(two, seats=s, seed=1).to_dict()["stock"]) > 52 for s in (2, 8)} == {True}
    never = PRESETS["polish"].replace(deck_steps=(9,))
    assert "- Decks: one (Polish Makao: one; two from 5 players)." in house(never)


def test_a_stand_in_eight_or_ace_is_an_eight_or_an_ace() -> None:
    rules = PRESETS["hungarian"].replace(
        attack_cards={"2", "3", "KS"}, suit_changers={"A", "7"}, request_ranks=("5", "6", "8")
    )
    text = flat(rules)
    assert "follows it as an 8♠," in text
    assert " a 8" not in text and " a A" not in text


def test_a_queen_turned_up_to_start_still_takes_any_card() -> None:
    """With any card as the first one, a queen turned up attacks, skips and names nothing,
    but anything may still be laid on it, as the engine allows."""
    rules = PRESETS["polish"].replace(starter="any")
    assert "its power does not act. Any card may still follow a queen turned up." in flat(rules)
    g = Game.new(rules, seats=2, seed=12)
    assert g.top.code[0] == "Q"
    hand = g.hand(g.current)
    assert any(c.suit != g.top.suit and c.code[0] != "Q" for c in hand)
    laid = {str(a).split("/")[0] for a in g.legal_actions()}  # (an ace names a suit: AS/H)
    assert laid >= {c.code for c in hand}
    assert "Any card may still follow" not in flat(PRESETS["polish"])  # a plain card starts

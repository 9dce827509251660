"""The "How to play" text is generated from the options, and says what each rule set does."""

from __future__ import annotations

import dataclasses
import re

import pytest

from game.engine import PRESETS, AttackPending, Card, Game, Rules, RulesError
from game.engine.explain import (
    PowerCard,
    Section,
    explain,
    explain_sections,
    power_cards,
    summary,
)

from .conftest import legal, one, play, pos, refused

ALL_PRESETS = tuple(PRESETS)
SECTION_TITLES = ["Deck and deal", "Your turn", "Power cards", "Calling Macau", "End and scoring"]


def text_of(rules: Rules, seats: int | None = None) -> str:
    """The whole text on one line, so phrases can be found across the wrapping."""
    return " ".join(explain(rules, seats).split())


def section(rules: Rules, title: str) -> Section:
    found = [s for s in explain_sections(rules) if s.title == title]
    assert len(found) == 1, f"no single {title!r} section"
    return found[0]


def section_text(rules: Rules, title: str) -> str:
    return " ".join(section(rules, title).paragraphs)


# ----- shape -------------------------------------------------------------------------------------
@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_every_section_exists_in_order_and_presets_have_no_house_rules(preset: str) -> None:
    titles = [s.title for s in explain_sections(PRESETS[preset])]
    assert titles == SECTION_TITLES
    for s in explain_sections(PRESETS[preset]):
        assert s.paragraphs and all(p.strip() for p in s.paragraphs)


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_plain_text_is_wrapped_and_titled(preset: str) -> None:
    text = explain(PRESETS[preset])
    assert max(len(line) for line in text.splitlines()) <= 88
    lines = text.splitlines()
    for title in SECTION_TITLES:
        at = lines.index(title)
        assert lines[at + 1] == "-" * len(title)
    assert "{" not in text and "}" not in text and "None" not in text


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_output_is_deterministic(preset: str) -> None:
    rules = PRESETS[preset]
    again = Rules.from_text(rules.to_text())
    assert explain(rules) == explain(rules) == explain(again)
    assert summary(rules) == summary(again)
    assert power_cards(rules) == power_cards(again)


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_summary_is_one_paragraph_of_three_to_five_sentences(preset: str) -> None:
    text = summary(PRESETS[preset])
    assert "\n" not in text
    sentences = re.findall(r"[.!?](?:\s|$)", text)
    assert 3 <= len(sentences) <= 5, text


@pytest.mark.parametrize(
    ("preset", "words"),
    [
        ("polish", "a 4 blocks a stack of 2s or 3s."),  # not K♥'s or K♠'s
        ("classic", "a 4 blocks a stack of 2s, 3s or jokers."),
        ("romanian", "a 4 blocks a stack."),  # every attack card there is one it blocks
    ],
)
def test_the_summary_says_which_stacks_a_4_blocks(preset: str, words: str) -> None:
    rules = PRESETS[preset].replace(fours_block=True)
    assert words in " ".join(summary(rules).split())


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_power_cards_each_have_cards_text_and_a_worked_example(preset: str) -> None:
    rules = PRESETS[preset]
    cards = power_cards(rules)
    assert cards
    for pc in cards:
        assert isinstance(pc, PowerCard)
        assert pc.codes and all(Card.parse(code) for code in pc.codes)
        assert pc.text and pc.example
        assert "Anna" in pc.example, pc.example
    shown = section(rules, "Power cards").cards
    assert shown == tuple(pc.codes[0] for pc in cards)
    text = section_text(rules, "Power cards")
    for pc in cards:
        assert pc.title in text and pc.example in text


def test_power_card_kinds_follow_the_preset() -> None:
    def titles(preset: str) -> set[str]:
        return {pc.title for pc in power_cards(PRESETS[preset])}

    assert titles("polish") == {
        "Twos",
        "Threes",
        "King of hearts",
        "King of spades",
        "Fours",
        "Jacks",
        "Aces",
        "Queens",
    }
    assert titles("classic") == {
        "Twos",
        "Threes",
        "King of hearts",
        "King of spades",
        "Jokers",
        "Sevens",
        "Fours",
        "Aces",
    }
    assert titles("romanian2") == {"Twos", "Threes", "Fours", "Aces"}
    assert titles("tel_aviv") == {"Twos", "Threes", "King of hearts", "Aces", "Queens", "Fives"}
    assert "Kings of clubs and diamonds" in titles("hungarian")


# ----- the presets -------------------------------------------------------------------------------
def test_polish_queens_on_anything_and_the_jacks_full_round() -> None:
    text = text_of(PRESETS["polish"])
    assert "A queen fits on any card, and any card fits on a queen" in text
    assert "never while an attack, missed turns or a request is waiting" in text
    assert "A jack asks for a rank: 5, 6, 7, 8, 9 or 10" in text
    assert "ask for nothing" in text
    assert "last, the jack's player too" in text
    assert "The request binds the next player only" in text
    assert "The king of spades makes the previous player draw 5" in text
    assert "the last player still holding cards loses" in text
    assert 'call "Macau"' in text and "you draw 5 penalty cards" in text
    assert "its power does not hit the next player" in text
    assert "joker" not in text.lower()
    assert "run" not in re.findall(r"\brun\b", text)


def test_classic_cutting_seven_pooled_draws_and_points_to_500() -> None:
    rules = PRESETS["classic"]
    text = text_of(rules)
    assert "A 7 of any suit cuts a waiting stack" in text
    assert "any attack card on any attack card" in text
    assert "the red joker 10" in text and "the black joker 5" in text
    assert "reaches 500" in text and "lowest total wins" in text
    assert "drawn match" in text
    assert "A blocked round (pack spent, nobody able to move) charges every player" in text
    assert "K♥: 150" in text and "each joker: 140" in text and "worth 1100" in text
    assert "jacks, queens" in section_text(rules, "Power cards")  # plain here
    assert "asks for a rank" not in text
    assert "Jacks." not in text
    assert 'the game says "Macau" for them' in text


def test_tel_aviv_one_card_a_turn_the_five_and_own_rank_stacking() -> None:
    rules = PRESETS["tel_aviv"]
    text = text_of(rules)
    assert "Lay one card a turn" in text
    assert "After you lay a 5 you must lay one more card" in text
    assert "a 2 on a 2, a 3 on a 3" in text
    assert "5 cards to each player (7 when only two play)" in text
    assert "its power does not act" in text  # any starter
    assert "A queen fits on any card and may only name its own suit" in text
    assert "miss a turn" not in text
    assert "asks for a rank" not in text
    assert "reaches 500" in text
    assert "K♠" not in section_text(rules, "Power cards").split("plain cards are")[0]
    # The 5 of five_again is a power card, not a plain one.
    assert "The plain cards are the 4s, 6s, 7s, 8s, 9s, 10s, jacks, K♠, K♦ and K♣." in text


def test_hungarian_jokers_runs_free_suit_and_must_hold() -> None:
    text = text_of(PRESETS["hungarian"])
    assert "A joker stands for any card you choose, power cards included" in text
    assert "RJ=KH" in text
    assert "You may also lay a run" in text
    assert "5♥ 6♥ 7♥ 7♣ 8♣" in text
    assert "A joker may join a group of one rank, a group of one suit or a run" in text
    assert '"free suit"' in text
    assert "it must be a suit you still hold" in text
    assert "it must differ from the suit in force before your card" in text
    assert "You may only ask for a rank you still hold" in text
    assert "K♣ or K♦" in text
    assert "2s and 3s go on any 2, 3 or battle king" in text
    assert "a battle king goes only on a battle king" in text
    assert "its power still acts as on any other turn, on whoever it is aimed at" in text
    assert "With two players, your last card cannot be a 2 or 3 laid alone" in text
    assert "of one rank (three 9s) or of one suit" in text
    assert "two decks from 5 players and three decks from 9 players" in text


def test_a_changer_on_a_free_suit_is_told_it_may_not_name_the_suit_left_out() -> None:
    # As the engine refuses it: A♥ laid on a free suit that leaves out spades names no spades.
    text = text_of(PRESETS["hungarian"])
    assert "an ace laid on a free suit may not name that suit either" in text
    g = pos("hungarian", ["AS 9S", "AH 7D", "5C 6C"], "5S", "8D 9D 10D QC")
    play(g, "AS/*")
    refused(g, "AH/S", "spades, the suit the free suit leaves out")
    play(g, "AH/D")
    # Without a free suit there is nothing to tell.
    assert "free suit" not in text_of(PRESETS["polish"].replace(ace_must_differ=True))


def test_romanian_aces_skip_sevens_name_suits_and_fours_block() -> None:
    text = text_of(PRESETS["romanian"])
    assert "An ace makes the next player miss a turn" in text
    assert "A 7 fits on any card and names a suit" in text
    assert "A 4 of any suit blocks a waiting stack" in text
    assert "until somebody lays the named suit" in text
    assert "not even 7s" in text and "not even 7s or jokers" not in text


def test_romanian2_and_quick() -> None:
    r2 = text_of(PRESETS["romanian2"])
    assert "joker" not in r2.lower() and "asks for a rank" not in r2
    assert "The request binds the next player only" in r2
    quick = text_of(PRESETS["quick"])
    assert "until somebody lays the named suit" in quick
    assert "The win and its time go to your statistics" in quick
    assert 'the game says "Macau" for them' in quick
    assert "The round ends the moment one player lays their last card" in quick


# ----- custom rule sets --------------------------------------------------------------------------
def test_custom_rules_change_the_text_and_list_house_rules() -> None:
    rules = PRESETS["polish"].replace(counter_rule="pool", skip_rank=None)
    text = text_of(rules)
    assert "miss a turn" not in text and "missed turns" not in text
    assert "Fours." not in text
    assert "4s," in section_text(rules, "Power cards")  # now plain
    assert "lay any attack card on any attack card, whatever its suit or rank" in text
    assert "same suit or the same rank" not in text
    titles = [s.title for s in explain_sections(rules)]
    assert titles == [*SECTION_TITLES, "House rules"]
    house = section(rules, "House rules").paragraphs
    assert house[0] == "These rules differ from Polish Makao:"
    fighting = (
        "- Fighting back: any attack card on any attack card (Polish Makao: same suit or rank)."
    )
    assert fighting in house
    assert "- Missed-turn card: none (Polish Makao: 4s)." in house
    assert len(house) == 3


def test_house_rules_compare_with_the_named_preset() -> None:
    rules = dataclasses.replace(PRESETS["tel_aviv"], target=300)
    house = section(rules, "House rules").paragraphs
    assert house == (
        "These rules differ from Tel-Aviv Macau:",
        "- Points target: 300 (Tel-Aviv Macau: 500).",
    )
    assert "reaches 300" in text_of(rules)


@pytest.mark.parametrize(
    ("counter_rule", "phrase"),
    [
        ("suit_or_rank", "same suit or the same rank as the top card"),
        ("pool", "any attack card on any attack card"),
        ("same_rank", "lay an attack card of the same rank"),
        ("hungarian", "2s and 3s go on any 2, 3 or battle king"),
    ],
)
def test_each_counter_rule_is_worded(counter_rule: str, phrase: str) -> None:
    text = text_of(PRESETS["polish"].replace(counter_rule=counter_rule))
    assert phrase in text
    others = {"suit_or_rank", "pool", "same_rank", "hungarian"} - {counter_rule}
    phrases = {
        "suit_or_rank": "same suit or the same rank as the top card",
        "pool": "any attack card on any attack card",
        "same_rank": "lay an attack card of the same rank",
        "hungarian": "2s and 3s go on any 2, 3 or battle king",
    }
    for other in others:
        assert phrases[other] not in text


def test_required_macau_states_the_penalty_and_auto_does_not() -> None:
    assert "you draw 3 penalty cards" in text_of(PRESETS["polish"].replace(macau_penalty=3))
    auto = section_text(PRESETS["polish"].replace(macau_call="auto"), "Calling Macau")
    assert "stop Macau" not in auto and "for them" in auto


def test_ace_scope_and_seven_own_suit() -> None:
    until = text_of(PRESETS["polish"].replace(ace_scope="until_met"))
    assert "until somebody lays the named suit" in until
    assert "binds the next player only" not in until
    own = text_of(PRESETS["romanian"].replace(seven_own_suit=True))
    assert "A 7 fits on any card and may only name its own suit" in own


def test_end_and_scoring_options() -> None:
    first = section_text(PRESETS["polish"].replace(end="first_out"), "End and scoring")
    assert "The round ends the moment one player lays their last card" in first
    assert "play on for second place" not in first
    points = text_of(PRESETS["polish"].replace(scoring="points", target=200))
    assert "reaches 200" in points and "4 to 9: 5 points" in points
    assert "each joker" not in points  # no jokers in this pack
    assert "3: 30" in points and "A: 50" in points


def test_no_power_cards_at_all() -> None:
    rules = PRESETS["romanian2"].replace(
        attack_cards=frozenset(), skip_rank=None, suit_changers=frozenset()
    )
    assert power_cards(rules) == []
    assert "every card is plain" in section_text(rules, "Power cards")


def test_seats_make_the_deal_concrete() -> None:
    assert "deals 7 cards to each player" in text_of(PRESETS["tel_aviv"], seats=2)
    nine = text_of(PRESETS["hungarian"], seats=9)
    assert "three 52-card decks with six jokers (162 cards)" in nine
    four = text_of(PRESETS["hungarian"], seats=4)
    assert "With two players, your last card" not in four
    with pytest.raises(RulesError):
        explain(PRESETS["polish"], seats=11)


# ----- the examples hold in the engine --------------------------------------------------------
@pytest.mark.parametrize("preset", [p for p in ALL_PRESETS if "2" in PRESETS[p].attack_cards])
def test_the_stacking_example_plays_out_in_the_engine(preset: str) -> None:
    rules = PRESETS[preset]
    twos = next(pc for pc in power_cards(rules) if pc.title == "Twos")
    found = re.search(r"fights back with (\S+): now Cleo owes (\d+)", twos.example)
    assert found, twos.example
    answer, owed = Card.parse(found[1]), int(found[2])
    g = Game.from_position(
        rules,
        hands=["2H 9S 9D", f"{answer} 9C 8C", "6S 6H 6D", "8S 8H 8D"],
        pile="9H",
        stock="6C 10S 10H 10D 10C 5S 5H 5D",
    )
    g.apply("2H")
    g.apply(str(answer))
    assert g.current == 2 and g.penalty == owed
    g.apply("draw")
    assert g.current == 3 and g.penalty == 0


def test_a_cut_king_of_spades_stack_is_told_to_go_on_after_its_player() -> None:
    text = text_of(PRESETS["classic"])
    assert "after a K♠ stack, to the player after the one who laid the K♠" in text
    assert "after a K♠ stack" not in text_of(PRESETS["romanian"])  # no K♠ attacks there


@pytest.mark.parametrize(("preset", "cut"), [("classic", "7C"), ("hungarian", "KC")])
def test_a_cut_king_of_spades_stack_heads_up_is_told_to_go_back_to_its_player(
    preset: str, cut: str
) -> None:
    # Two players: the player after the K♠'s player is the one who cut; the engine gives the
    # turn back to the K♠'s player, as after a K♠ penalty taken, and the words say so (not
    # that the player after the K♠'s player is the K♠'s player: heads-up that is the cutter).
    assert "or with two players back to the K♠'s own player" in text_of(PRESETS[preset])
    g = Game.from_position(
        PRESETS[preset], hands=["KS 9C 9D", f"{cut} 8C 8D"], pile="9S", stock="2C 3C 4C 5C"
    )
    g.apply("KS")
    g.apply(cut)
    assert g.current == 0 and g.penalty == 0
    three_up = text_of(PRESETS[preset].replace(min_seats=3, default_seats=3))
    assert "after a K♠ stack, to the player after the one who laid the K♠)." in three_up


def test_a_king_of_spades_penalty_taken_heads_up_is_told_to_give_its_player_another_move() -> None:
    assert "with two players the K♠'s own player moves once more" in text_of(PRESETS["polish"])
    g = Game.from_position(
        PRESETS["polish"], hands=["KS 9C 9D", "8H 8C 8D"], pile="9S", stock="2C 3C 4C 5C 6C"
    )
    g.apply("KS")
    g.apply("draw")
    assert g.current == 0 and g.hand_counts == [2, 8]


def test_the_jack_example_can_happen_with_one_deck() -> None:
    text = text_of(PRESETS["hungarian"])
    assert "asks for 8s (she still holds 8♥). Ben lays 8♦ and 8♠ together" in text


def test_an_own_suit_seven_is_shown_naming_its_own_suit() -> None:
    rules = PRESETS["romanian2"].replace(suit_changers=frozenset({"7"}), seven_own_suit=True)
    text = text_of(rules)
    assert "Top 7♣. Anna lays 7♦ on it and names diamonds" in text
    g = Game.from_position(rules, hands=["7D 9C", "8H 5S", "9H 6S"], pile="7C", stock="10S 10H")
    assert g.is_legal("7D/D") and not g.is_legal("7D/H")


def test_jokers_on_their_own_are_explained() -> None:
    text = text_of(PRESETS["hungarian"])
    assert "jokers may also be laid together on their own (RJ=KH BJ=KH)" in text
    assert "real card" not in text


def test_one_card_a_turn_with_runs_explains_only_runs() -> None:
    text = text_of(PRESETS["hungarian"].replace(groups="none"))
    assert "A run acts by its last card only." in text
    assert "three 2s make 6" not in text


def test_custom_rules_are_told_against_the_closest_preset() -> None:
    text = text_of(PRESETS["hungarian"].replace(counter_rule="suit_or_rank"))
    assert "These rules differ from Hungarian Macau:" in text
    assert "Fighting back" in text


def test_no_macau_penalty_reads_as_no_penalty() -> None:
    text = text_of(PRESETS["polish"].replace(macau_penalty=0))
    assert "call Macau (no penalty)" in text and "draw 0" not in text


# ----- sentences checked against what the engine does -----------------------------------------
def test_points_presets_place_the_others_by_points_as_the_engine_does() -> None:
    text = text_of(PRESETS["classic"])
    assert "others are placed by fewest points left in hand" in text
    assert "fewest cards (" not in text
    # One card worth 150 loses to three worth 15: points decide, not the number of cards.
    g = Game.from_position(
        PRESETS["classic"], hands=["5H", "KH", "5C 6C 8C"], pile="9H", stock="2D 2S 4D 4S"
    )
    g.apply("5H")
    assert g.over and g.places == (1, 3, 2)
    assert "others are placed by fewest cards; a tie" in text_of(PRESETS["quick"])


def test_power_after_out_is_said_to_act_on_its_target_not_the_next_player() -> None:
    text = text_of(PRESETS["hungarian"])
    assert "hits the next player" not in text
    # K♠ laid as a last card still sends its penalty back to the previous seat.
    g = Game.from_position(
        PRESETS["hungarian"],
        hands=["9S", "KS", "7D 8D"],
        pile="5S",
        stock="2D 3D 4D 6D 7C",
        current=1,
    )
    events = g.apply("KS")
    assert any(type(e).__name__ == "AttackPending" and e.target == 0 for e in events)


def test_a_joker_in_the_middle_of_a_group_is_said_to_copy_the_first_card() -> None:
    text = text_of(PRESETS["hungarian"])
    assert (
        "a joker between the first and the last card of a group stands for the same card as "
        "the first" in text
    )
    g = Game.from_position(
        PRESETS["hungarian"], hands=["9C RJ 9D 5S", "6H 7H"], pile="9H", stock="2D 3D"
    )
    assert g.is_legal("9C RJ=9C 9D")
    assert not g.is_legal("9C RJ=9S 9D")


@pytest.mark.parametrize("preset", [p for p in ALL_PRESETS if PRESETS[p].skip_rank])
def test_drawing_instead_of_laying_is_said_to_stop_while_missed_turns_wait(preset: str) -> None:
    rules = PRESETS[preset]
    text = text_of(rules)
    assert "you may always draw" not in text
    assert "(not while missed turns wait on you: then lay" in text


def test_any_starter_with_jokers_says_a_joker_goes_back() -> None:
    rules = PRESETS["tel_aviv"].replace(jokers=2, joker_role="any_card")
    assert "a joker is slipped back into the stock and the next card turned up" in text_of(rules)
    assert "slipped back" not in text_of(PRESETS["tel_aviv"])
    for seed in range(200):
        assert not Game.new(rules, seats=2, seed=seed).top.is_joker


def test_hungarian_counters_say_what_goes_on_a_joker() -> None:
    rules = PRESETS["classic"].replace(counter_rule="hungarian")
    text = text_of(rules)
    assert "2s and 3s go on any 2, 3, battle king or joker" in text
    g = Game.from_position(
        rules,
        hands=["RJ 5C", "2S 3D KH KS 9C", "8D 8S"],
        pile="7C",
        stock="4C 4D 4H 4S 6C 6D 6H 6S 10C 10D",
    )
    g.apply("RJ/C")
    legal = {str(a) for a in g.legal_actions()}
    assert {"2S", "3D"} <= legal
    assert not {"KH", "KS"} & legal


def test_hungarian_says_how_attack_groups_may_be_laid() -> None:
    text = text_of(PRESETS["hungarian"])
    assert "in a group of one suit made only of attack cards, where every card counts" in text
    assert "The cards between the first and the last go down in whatever order answers." in text
    polish = text_of(PRESETS["polish"])
    assert "made only of attack cards" not in polish and "whatever order" not in polish


@pytest.mark.parametrize(
    ("preset", "small", "summary_words", "attack_words"),
    [
        (
            "hungarian",
            "suit_or_rank",
            "stack: kings only on kings, 2s and 3s only by suit or rank",
            "fight back: a battle king goes only on a battle king; 2s and 3s, though, go only "
            "on an attack card of their own suit or rank",
        ),
        (
            "classic",
            "suit_or_rank",
            "stack on each other freely (2s and 3s only by suit or rank)",
            "2s and 3s, though, go only on an attack card of their own suit or rank",
        ),
        (
            "tel_aviv",
            "pool",
            "stack only on their own rank (2s and 3s on any attack card)",
            "2s and 3s, though, go on any attack card, whatever its suit or rank",
        ),
    ],
)
def test_twos_and_threes_with_a_rule_of_their_own_are_described_once(
    preset: str, small: str, summary_words: str, attack_words: str
) -> None:
    rules = PRESETS[preset].replace(twos_threes_counter=small)
    assert summary_words in " ".join(summary(rules).split())
    text = text_of(rules)
    assert attack_words in text
    assert "2s and 3s go on any 2, 3" not in text  # the hungarian words for them give way
    assert "a 2 on a 3" not in text  # no example the rule of their own forbids


def test_twos_and_threes_given_the_counter_rule_again_change_nothing() -> None:
    same = PRESETS["polish"].replace(twos_threes_counter="suit_or_rank")
    assert same.fingerprint == PRESETS["polish"].fingerprint
    assert explain_sections(same) == explain_sections(PRESETS["polish"])


def test_naming_a_suit_says_which_changer_names_only_its_own() -> None:
    text = text_of(PRESETS["tel_aviv"])
    assert "When you lay a queen or an ace, name a suit (a queen only its own)." in text
    assert "only its own)" not in text_of(PRESETS["polish"])


# ----- examples and words checked against the engine -------------------------------------
def test_after_a_cut_king_of_spades_the_example_gives_the_turn_where_the_engine_does() -> None:
    rules = PRESETS["polish"].replace(
        attack_cards=frozenset({"KS"}), seven_cuts=True, request_ranks=("5", "6", "8", "9", "10")
    )
    assert "Dan lays 7♣: the stack is gone and nobody draws. Ben plays next" in text_of(rules)
    g = Game.from_position(
        rules, hands=["KS 9C 9D", "5C 6D", "8C 8D", "7H 10C"], pile="9S", stock="2C 3C 4C"
    )
    g.apply("KS")
    g.apply("7H", seat=3)
    assert g.current == 1  # Ben: the player after the one who laid the K♠


_CUTS = {
    "seven on K♠": PRESETS["polish"].replace(
        attack_cards=frozenset({"KS"}), seven_cuts=True, request_ranks=("5", "6", "8", "9", "10")
    ),
    "K♣ on K♠": PRESETS["polish"].replace(
        attack_cards=frozenset({"2", "3", "KS"}), plain_kings_block=True
    ),
    "seven on a 2": PRESETS["classic"],
    "K♣ on K♥": PRESETS["hungarian"],
    "four on a 2": PRESETS["romanian"],
}


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("kind", list(_CUTS))
def test_every_cut_example_gives_the_turn_where_the_engine_does(kind: str, seats: int) -> None:
    # At two players a cut K♠ stack goes back to the K♠'s own player, as the paragraph says.
    rules = _CUTS[kind].replace(
        max_seats=seats, default_seats=min(seats, _CUTS[kind].default_seats), deck_steps=()
    )
    cuts = [pc for pc in power_cards(rules) if "the stack is gone" in pc.example]
    assert cuts, [pc.example for pc in power_cards(rules)]
    for pc in cuts:
        found = re.search(
            r"Anna lays (\S+): (\w+) owes (\d+)\. \2 lays (\S+): the stack is gone and nobody "
            r"draws\. (\w+)(, who laid the K♠,)? plays next",
            pc.example,
        )
        assert found, pc.example
        attack, hit, cut, after = Card.parse(found[1]), found[2], Card.parse(found[4]), found[5]
        names = ["Anna", "Ben", "Cleo", "Dan"][:seats]
        hands = [f"{attack} 9C 10D", "6S 8D", "6C 10S", "10H 10C"][:seats]
        hands[names.index(hit)] = f"{cut} 8C 8H"
        g = Game.from_position(
            rules, hands=hands, pile=f"9{attack.suit}", stock="6H 6D 5C 5D 5H 5S"
        )
        g.apply(str(attack))
        assert g.current == names.index(hit) and g.penalty == int(found[3]), pc.example
        g.apply(str(cut))
        assert g.penalty == 0 and g.current == names.index(after), pc.example


def test_a_wild_king_example_lays_a_king_that_does_not_attack_and_answers_a_two() -> None:
    rules = PRESETS["polish"].replace(plays_on_anything=frozenset({"Q", "K"}))
    text = text_of(rules)
    assert "Anna lays K♦ on it: diamonds are now in force" in text
    assert "a king would not help him" not in text  # K♥ on 2♥ fights back
    g = Game.from_position(rules, hands=["2H 9C", "KH 5D"], pile="9H", stock="3C 4C 5C")
    g.apply("2H")
    assert g.is_legal("KH")
    assert "a queen would not help him" in text  # no queen answers a 2


def test_the_heads_up_finish_is_told_only_where_two_can_play_and_groups_as_allowed() -> None:
    words = "With two players, your last card cannot be"
    hungarian = PRESETS["hungarian"]
    assert words in text_of(hungarian)
    assert words not in text_of(hungarian.replace(min_seats=3, default_seats=4))
    one_card = text_of(hungarian.replace(groups="none", runs=False))
    assert words in one_card and "laid together are fine" not in one_card


def test_a_lone_battle_king_in_one_deck_is_said_to_have_nothing_to_stack_on() -> None:
    rules = PRESETS["tel_aviv"].replace(attack_cards=frozenset({"KH"}), deck_steps=())
    text = text_of(rules)
    assert "()" not in text and "one deck holds no second one" in text


def test_examples_seat_no_more_players_than_the_rules_allow() -> None:
    two = PRESETS["polish"].replace(max_seats=2, default_seats=2, deck_steps=())
    examples = " ".join(pc.example for pc in power_cards(two))
    assert "Cleo" not in examples and "Dan" not in examples
    assert "With two players, Anna lays K♠, Ben draws 5 and Anna moves again." in examples
    assert "Two at the table" in examples
    three = PRESETS["polish"].replace(max_seats=3, default_seats=3, deck_steps=())
    examples = " ".join(pc.example for pc in power_cards(three))
    assert "Dan" not in examples and "Three at the table: Cleo lays K♠" in examples


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"hand_size": 1}, "1 card each"),
        ({"min_seats": 4}, "4 players, one deck"),
        ({"attack_cards": frozenset({"2", "3", "RJ"})}, "2s, 3s and the red joker make"),
    ],
)
def test_custom_texts_read_as_plain_english(changes: dict[str, object], words: str) -> None:
    base = PRESETS["romanian"] if "attack_cards" in changes else PRESETS["quick"]
    assert words in text_of(base.replace(**changes))


def test_a_pack_that_starts_with_two_decks_says_so() -> None:
    rules = PRESETS["hungarian"].replace(min_seats=5, default_seats=5)
    text = text_of(rules)
    assert "played by 5 to 10 players with two 52-card decks and four jokers" in text
    assert "one 52-card deck" not in text


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_the_matching_example_holds_in_play(preset: str) -> None:
    """The example "on the 7♥ any heart or any 7 fits": laid plainly, that card takes a heart
    and its rank. Romanian's 7 names a suit, so its example must be another heart."""
    rules = PRESETS[preset]
    found = re.search(r"on the (\w+)♥ any heart or any (\w+) fits", text_of(rules))
    assert found is not None
    rank = found.group(1)
    assert found.group(2) == rank
    other = "5" if rank != "5" else "6"
    g = Game.from_position(
        rules,
        hands=[f"{rank}H 9S 10S 3C", f"{other}H {rank}C 8D 8C"],
        pile="9H" if rank == "10" else "10H",
        stock="4D 4S KD KC JD JC",
    )
    g.apply(f"{rank}H")  # refused if the card must name something
    assert g.current == 1 and g.suit_in_force == "H"
    legal = [str(a) for a in g.legal_actions()]
    assert f"{other}H" in legal and f"{rank}C" in legal


def test_attack_cards_in_a_row_are_told_as_the_engine_counts_them() -> None:
    text = " ".join(explain(PRESETS["hungarian"]).split())
    assert "on a normal turn cards of one suit in a row are a run, so 2♥ 3♥ makes" in text
    assert "the same cards are a group of one suit and every card counts" in text
    g = pos("hungarian", ["2H 3H 9C", "5S 6S 7S", "5D 6D 7D"], "5C 9H", "8S 8D 8C 10S")
    assert one(play(g, "2H 3H"), AttackPending).total == 3  # a run: the 3 acts alone
    g = pos("hungarian", ["2S 6S 7S", "2H 3H 9C", "5D 6D 7D"], "5C 9S", "8S 8D 8C 10S")
    play(g, "2S")
    assert one(play(g, "2H 3H"), AttackPending).total == 7  # a group on an attack: 2 + 2 + 3
    # Where 2s and 3s do not both attack, the rule is told without that example.
    no_threes = PRESETS["hungarian"].replace(attack_cards={"2", "KH", "KS"})
    assert "in a row are a run;" in " ".join(explain(no_threes).split())


def test_a_naming_joker_tells_what_fits_once_its_request_is_over() -> None:
    """The joker's request binds the next player only: after it, the named suit stays on
    the joker, a queen (which fits on anything) may be laid on it too, and an ace may not:
    another suit changer answers the request, not the joker (RULES §3.6)."""
    rules = PRESETS["polish"].replace(
        jokers=1,
        joker_role="draw_wild",
        suit_changers=frozenset({"A", "joker"}),
        plays_on_anything=frozenset({"Q", "joker"}),
    )
    assert rules.ace_scope == "next"
    text = text_of(rules)
    assert "only the named suit or another ace or joker follows" in text
    assert (
        "Once the request is over, the named suit or a card that plays on anything (queens "
        "and jokers) follows it." in text
    )
    g = Game.from_position(
        rules,
        hands=["RJ 9C", "8S 6C 4D", "QD 6H 9S AC", "10C 9D"],
        pile="9H",
        stock="4C 5C 7C",
    )
    g.apply("RJ/H")
    assert "QD" not in legal(g)  # the request binds the next player
    g.apply("draw")
    assert g.current == 2 and {"QD", "6H"} <= legal(g)
    assert not any(a.startswith("AC") for a in legal(g))
    refused(g, "AC/S", "does not follow a joker: lay a heart or a card that plays on anything")
    # Where only jokers play on anything, only they follow with the named suit by then.
    jokers = text_of(rules.replace(plays_on_anything=frozenset({"joker"})))
    assert "the named suit or a card that plays on anything (jokers) follows it." in jokers
    until_met = text_of(rules.replace(ace_scope="until_met"))
    assert "Once the request is over" not in until_met  # a card of the named suit covers it


def test_a_seven_with_nothing_to_cut_is_a_plain_card() -> None:
    """Sevens that cut stacks, in a set with no attack cards: there is never a stack, so a 7
    is plain, as the text lists it: it may open the pile and a jack may ask for it."""
    rules = PRESETS["polish"].replace(attack_cards=frozenset(), seven_cuts=True)
    text = section_text(rules, "Power cards")
    assert "the 2s, 3s, 5s, 6s, 7s, 8s, 9s, 10s and kings" in text
    assert "Sevens" not in text
    assert "7" in rules.request_ranks
    openers = {Game.new(rules, seats=2, seed=s).top.rank for s in range(300)}
    assert 7 in openers
    g = Game.from_position(rules, hands=["JH 9C 9D", "7S 8C 8D"], pile="9H", stock="5C 6C 10D")
    g.apply("JH/7")
    assert legal(g) == {"7S", "draw"}
    asks = tuple(t for t in PRESETS["polish"].request_ranks if t != "7")
    with_attacks = PRESETS["polish"].replace(seven_cuts=True, request_ranks=asks)
    assert 7 not in {Game.new(with_attacks, seats=2, seed=s).top.rank for s in range(300)}


def test_a_table_of_two_tells_only_the_hand_it_deals() -> None:
    rules = PRESETS["polish"].replace(
        min_seats=2, max_seats=2, default_seats=2, hand_size=3, hand_size_two_seats=9
    )
    text = text_of(rules)
    assert "9 cards" in text
    assert "3 cards" not in text and "(9 for two)" not in text
    assert "Cards dealt: 9 (Polish Makao: 5)." in text
    assert [len(h) for h in Game.new(rules, seats=2, seed=1).hands] == [9, 9]


def test_the_middle_of_a_group_goes_down_as_how_to_play_says() -> None:
    from game.engine import Play, explain

    told = " ".join(explain(PRESETS["polish"]).split())
    assert "the cards between them go down by suit (♠ ♥ ♦ ♣), then by rank" in told
    g = Game.from_position(
        PRESETS["polish"], hands=["9H 9C 9S 9D 6C", "4D 6D 8D"], pile="5H", stock="8S 3C 4H"
    )
    suits = "SHDC"
    for action in g.legal_actions():
        if isinstance(action, Play) and len(action.cards) == 4:
            middle = [suits.index(c.suit) for c in action.cards[1:-1]]
            assert middle == sorted(middle), action


def test_the_skip_text_says_a_group_with_other_cards_acts_by_its_last_card() -> None:
    # Hungarian groups cards of a suit: 4H 9H 4H makes the next seat miss one turn, not two,
    # and the text says so (4H 4H, a group of 4s alone, makes it miss two).
    text = text_of(PRESETS["hungarian"])
    assert "Several 4s laid together, with no other card among them, each count." in text
    assert "when every card is a 4, each of them adds a missed turn" in text
    hands = ["4H 9H 4H 8C", "5C 6C", "8C 6D", "7C 8D", "7S 8S"]
    for laid, missed in (("4H 4H", 2), ("4H 9H 4H", 1)):
        g = pos("hungarian", hands, "10H", "2C 3C 5D 6H 7H 2S 3S")
        g.apply(laid)
        assert g.view(1).skips == missed
    # Where groups are of one rank alone the condition goes without saying.
    assert "Several 4s laid together each count." in text_of(PRESETS["polish"])


def test_a_card_that_fits_on_anything_and_is_the_skip_card_is_not_said_to_wait_for_skips() -> None:
    # Classic aces fit on any card; made the skip card, an ace is laid on missed turns.
    rules = PRESETS["classic"].replace(skip_rank="A", suit_changers=frozenset({"joker"}))
    text = text_of(rules)
    assert "An ace fits on any card (but never while an attack or a request is waiting)" in text
    g = pos(rules, ["AH 9C", "AC 5D", "8D 9D"], "10H", "2C 3C 5S 6S 7S")
    g.apply("AH")
    assert "AC" in {str(a) for a in g.legal_actions()}


def test_runs_without_groups_are_offered_after_a_five_and_after_a_draw() -> None:
    rules = PRESETS["tel_aviv"].replace(runs=True, joker_role="any_card", jokers=2)
    text = text_of(rules)
    assert "one more card that fits on it (or a run that starts with one)" in text
    assert "lay it at once (first, and more after it, where runs are allowed)" in text
    g = pos(rules, ["5H 6H 7H 9C", "5C 8D 9D"], "4H", "2C 3C 5S 6S 7S")
    g.apply("5H")
    assert "6H 7H" in {str(a) for a in g.legal_actions()}
    plain = text_of(PRESETS["tel_aviv"])
    assert "(or a run" not in plain and "lay it at once or keep it" in plain


def test_a_free_suit_named_by_a_joker_is_said_to_give_way_to_the_suit_before_it() -> None:
    rules = PRESETS["romanian"].replace(ace_scope="next", ace_must_differ=True, ace_must_hold=True)
    text = text_of(rules)
    assert "a free suit gives way to the suit in force before the joker" in text
    hands = ["BJ 10H 8H", "5C 6C", "5D 6H 9C 8S", "5S 6S 9S 8D 5H"]
    g = pos(rules, hands, "9H", "2C 3C 4C 7C 10C 2D 3D 4D 7D 10D 2S 3S 4S")
    g.apply("BJ/*")  # only hearts held: a free suit, hearts shut out for the next seat
    g.apply("draw")  # seat 1 takes the joker's 5
    g.apply("draw")  # seat 2, bound, draws
    if g.phase.value == "drawn":
        g.apply("pass")
    assert g.suit_in_force == "H"  # hearts, the suit before the joker, are in force again
    # (and the preset itself, where no free suit is called, says nothing of it)
    assert "free suit gives way" not in text_of(PRESETS["romanian"])


def test_nothing_is_said_to_fit_on_the_skip_card_while_missed_turns_wait() -> None:
    rules = PRESETS["classic"].replace(
        skip_rank="A", suit_changers=frozenset({"joker"}), anything_on=frozenset({"A"})
    )
    text = text_of(rules)
    assert "any card fits on an ace (but never while an attack, missed turns or a request" in text
    g = pos(rules, ["AH 9C", "9H 5D", "8D 9D"], "10H", "2C 3C 5S 6S 7S")
    g.apply("AH")
    assert {str(a) for a in g.legal_actions()} == {"pass"}  # 9♥ may not be laid on it


@pytest.mark.parametrize(
    ("changes", "said", "unsaid"),
    [
        # Groups of one rank with runs: a run holding 4s acts by its last card.
        ({"runs": True}, "each count. In a run only the last card acts.", "no other card"),
        # Runs alone: 4s go down together only in a run, so nothing is said of several.
        ({"groups": "none", "runs": True}, "", "Several 4s"),
    ],
)
def test_several_skip_cards_are_told_as_the_groups_and_runs_allow(
    changes: dict[str, object], said: str, unsaid: str
) -> None:
    text = text_of(PRESETS["polish"].replace(**changes))
    assert said in text and unsaid not in text
    if not changes.get("groups"):
        g = pos(PRESETS["polish"].replace(**changes), ["3H 4H 4C 9D", "5C 6C"], "2H", "KD QD")
        g.apply("3H 4H 4C")
        assert g.view(1).skips == 1


def test_a_skip_card_that_is_wild_both_ways_is_said_to_answer_missed_turns() -> None:
    # Polish queens fit on anything and take anything; made the skip card, a queen is laid
    # on missed turns, though nothing else is laid on a queen while they wait.
    rules = PRESETS["polish"].replace(skip_rank="Q")
    text = text_of(rules)
    assert (
        "A queen fits on any card (but never while an attack or a request is waiting), and any "
        "card fits on a queen (but never while an attack, missed turns or a request is waiting)"
    ) in text
    g = pos(rules, ["QC 9C 7H", "QD 5C 4H", "8D 9D"], "10C", "2C 3C 5S 6S 7S 2H")
    g.apply("QC")
    assert {str(a) for a in g.legal_actions()} == {"QD", "pass"}


def test_a_wild_jack_is_said_to_answer_a_jack_and_to_put_its_rank_in_force() -> None:
    rules = PRESETS["polish"].replace(plays_on_anything=frozenset({"J", "Q"}))
    text = text_of(rules)
    assert (
        "A jack fits on any card (but never while an attack, missed turns or a suit request is "
        "waiting), and then the rank it asks for is in force (its own suit, if it asks for none)."
    ) in text
    assert "its own suit is in force" not in text.split("A jack fits on any card")[1][:200]
    g = pos(rules, ["JH 9C", "JS 8D 5H", "KC"], "7C", "2C 3C 5S 6S 7S")
    g.apply("JH/8")
    moves = {str(a) for a in g.legal_actions()}
    assert "JS/8" in moves and "8D" in moves and "5H" not in moves  # the asked rank, not ♥
    g = pos(rules, ["AH 9C", "JS 8D 5H", "KC"], "7H", "2C 3C 5S 6S 7S")
    g.apply("AH/C")
    assert not any(str(a).startswith("JS") for a in g.legal_actions())  # a suit request waits


@pytest.mark.parametrize("preset", ["polish", "hungarian"])
def test_two_players_are_not_told_of_playing_on_for_places(preset: str) -> None:
    heads_up = text_of(PRESETS[preset], seats=2)
    assert "The first player to lay their last card wins, and the other loses." in heads_up
    assert "play on for second place" not in heads_up and "as long as two" not in heads_up
    assert "play on for second place" in text_of(PRESETS[preset], seats=3)
    g = pos(PRESETS[preset], ["9C", "6D 7D 8H"], "9D", "2C 3C 5S 6S 7S")
    g.apply("9C")
    assert g.phase.value in ("round_over", "match_over")  # nobody is left to play on
    only_two = PRESETS[preset].replace(max_seats=2, default_seats=2, min_seats=2)
    assert "play on for places" not in summary(only_two)
    assert "play on for places" not in text_of(only_two)


def test_a_wild_attack_card_is_said_to_go_on_an_attack_only_as_an_answer() -> None:
    rules = PRESETS["polish"].replace(
        plays_on_anything=frozenset({"Q", "2"}), anything_on=frozenset({"Q", "2"})
    )
    text = text_of(rules)
    assert (
        "A 2 fits on any card (but never while missed turns or a request is waiting, and on "
        "an attack only as an answer to it)"
    ) in text
    g = pos(rules, ["3D 9C 10C", "2C 5C 4H KS", "10D 8D"], "9D", "5H 6S 6H 10S 7C")
    g.apply("3D")
    assert "2C" not in {str(a) for a in g.legal_actions()}  # 2♣ does not answer 3♦

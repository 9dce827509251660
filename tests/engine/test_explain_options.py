"""How to play tells each option as the rules in force have it, for presets and changed ones."""

from __future__ import annotations

from game.engine import PRESETS
from game.engine.explain import explain, explain_sections, summary


def flat_text(rules, seats=None) -> str:
    return " ".join(explain(rules, seats).split())


def house_rows(rules) -> tuple[str, ...]:
    found = [s for s in explain_sections(rules) if s.title == "House rules"]
    return found[0].paragraphs if found else ()


def test_a_wild_jack_waits_for_no_suit_request_where_nothing_names_a_suit() -> None:
    # RULES §3.5 (wild cards are "never [laid] while an attack, a skip or a request is in
    # force"); with no suit changers there is no suit request to wait for.
    rules = PRESETS["polish"].replace(plays_on_anything={"Q", "J"}, suit_changers=set())
    assert (
        "A jack fits on any card (but never while an attack or missed turns is waiting)"
        in flat_text(rules)
    )


def test_one_seat_count_is_said_once() -> None:
    # RULES §5 seats "2–4 (4 default)" for quick; a house rule may fix the count at 4.
    rules = PRESETS["quick"].replace(min_seats=4)
    assert summary(rules).startswith("4 players, one deck")
    assert "played by 4 players with" in flat_text(rules)


def test_the_named_suit_scope_row() -> None:
    # RULES §3.4: "`ace_scope: next` — the request binds the next active seat only;
    # `until_met` — it binds each following seat until somebody lays the named suit".
    assert house_rows(PRESETS["polish"].replace(ace_scope="until_met")) == (
        "These rules differ from Polish Makao:",
        "- A named suit binds: until it is laid (Polish Makao: the next player only).",
    )


def test_no_macau_penalty_row_is_plural() -> None:
    # RULES §3.8: a seat caught "draws 5"; macau_penalty is the house switch for that count.
    rows = house_rows(PRESETS["polish"].replace(macau_penalty=0))
    assert "- Forgotten Macau costs: 0 cards (Polish Makao: 5 cards)." in rows
    rows = house_rows(PRESETS["polish"].replace(macau_penalty=1))
    assert "- Forgotten Macau costs: 1 card (Polish Makao: 5 cards)." in rows


def power_text(rules, title: str) -> str:
    return " ".join(
        pc.text
        for pc in __import__("game.engine.explain", fromlist=["power_cards"]).power_cards(rules)
        if pc.title == title
    )


def test_jokers_that_name_no_suit_are_not_said_to() -> None:
    # RULES §3.6 draw_wild jokers name the suit (classic "suit changer: A, jokers"); a house
    # rule may leave jokers out of the suit changers.
    rows = house_rows(PRESETS["classic"].replace(suit_changers={"A"}))
    assert (
        "- Jokers: play on anything and attack (Classic Macao: play on anything, name a suit "
        "and attack)." in rows
    )


def test_the_k_spades_two_player_case_only_where_two_can_play() -> None:
    # RULES §3.1: "If that is the seat that just drew (two players), it loses that turn
    # too, so the K♠ player moves again." -- no such case where min_seats is 3.
    assert "with two players" in power_text(PRESETS["polish"], "King of spades")
    assert "with two players" not in power_text(
        PRESETS["polish"].replace(min_seats=3), "King of spades"
    )


def test_a_draw_wild_joker_is_never_in_a_run() -> None:
    # RULES §3.6: a draw_wild joker "has no rank"; §3.7 runs are "consecutive ranks of one
    # suit", so with runs on (even one card a turn) a joker is still laid alone.
    text = power_text(PRESETS["classic"].replace(groups="none", runs=True), "Jokers")
    assert text.endswith("and it is always laid on its own, never with other cards.")


def test_one_card_a_turn_jack_request_is_answered_with_one_card() -> None:
    # RULES §3.3 "(one or several, any suits)" holds where groups are allowed; with
    # `groups: none` (one card a turn, §3.7) only one card is laid.
    text = power_text(PRESETS["polish"].replace(groups="none"), "Jacks")
    assert "lays the rank asked for (any suit) or a jack" in text
    assert "(one or several, any suit)" in power_text(PRESETS["polish"], "Jacks")


def test_no_two_player_hand_in_the_deal_where_two_cannot_play() -> None:
    # RULES §5 hand_size for tel_aviv: "7 with 2 seats, else 5"; at min_seats=3 there is
    # no table of two.
    deal = explain_sections(PRESETS["tel_aviv"])[0].paragraphs[1]
    assert "5 cards to each player (7 when only two play)" in deal
    deal = explain_sections(PRESETS["tel_aviv"].replace(min_seats=3))[0].paragraphs[1]
    assert "5 cards to each player." in deal and "only two" not in deal


def test_any_starter_still_skips_a_joker() -> None:
    # docs/rules-decisions.md: "A joker never starts the pile, even with `starter: any`".
    for preset in ("classic", "hungarian"):
        deal = explain_sections(PRESETS[preset].replace(starter="any"))[0].paragraphs[1]
        assert "(a joker is slipped back into the stock and the next card turned up)" in deal


def turn_text(rules) -> str:
    return " ".join(explain_sections(rules)[1].paragraphs)


def test_three_2s_example_only_where_2s_attack() -> None:
    # RULES §3.7 "In a group of attack or skip cards every card counts"; §3.1 "three 2s = 6"
    # is an example only where 2s are attack cards.
    assert "(three 2s make 6 to draw)" in turn_text(PRESETS["polish"])
    text = turn_text(PRESETS["polish"].replace(attack_cards={"3", "KH", "KS"}))
    assert "every card is an attack card every card counts and when" in text
    assert "three 2s" not in text


def test_romanian_missed_turns_are_answered_with_an_ace() -> None:
    # RULES §3.2: "A `4` (an `A` in `romanian`) makes the next seat miss a turn. That seat
    # may answer with another skip card".
    assert "(not while missed turns wait on you: then lay an ace or accept them)" in turn_text(
        PRESETS["romanian"]
    )


def test_players_out_are_passed_over_even_without_a_skip_card() -> None:
    # RULES §4 `places`: "the others play on for 2nd, 3rd … place" -- seats already out
    # are passed over whether or not the rules have a skip card.
    text = turn_text(PRESETS["polish"].replace(skip_rank=None))
    assert "A player who is already out is passed over by turns, attacks and requests" in text


def section_text(rules, title: str, seats=None) -> str:
    return " ".join(
        p for s in explain_sections(rules, seats) if s.title == title for p in s.paragraphs
    )


def test_going_out_on_a_run_needs_no_call() -> None:
    # RULES §3.8: "Going out with several cards at once needs no call." -- runs lay
    # several cards even with `groups: none`.
    text = section_text(PRESETS["polish"].replace(groups="none", runs=True), "Calling Macau")
    assert text.endswith("Going out with several cards at once needs no call.")


def test_one_penalty_card_is_singular() -> None:
    # RULES §3.8 "that seat draws 5"; macau_penalty sets the count.
    text = section_text(PRESETS["polish"].replace(macau_penalty=1), "Calling Macau")
    assert "you draw 1 penalty card." in text


def test_hungarian_heads_up_finish_counts_a_joker_standing_for_a_2() -> None:
    # RULES §3.9 "with two seats, the last card cannot be a 2 or a 3 (laid alone)" and
    # §3.6 an any_card joker "acts exactly as that card".
    text = section_text(PRESETS["hungarian"], "End and scoring")
    assert (
        "With two players, your last card cannot be a 2 or 3 laid alone (a joker standing for "
        "one counts too); two of them laid together are fine." in text
    )


def test_tel_aviv_deck_is_worth_820() -> None:
    # RULES §6: "The 52 cards are worth 820, the 54-card pack 1100." tel_aviv has no jokers.
    text = section_text(PRESETS["tel_aviv"], "End and scoring")
    assert "One whole deck is worth 820." in text
    assert "each joker" not in text


def test_same_rank_groups_of_a_suit_on_an_attack_get_their_example() -> None:
    # RULES §3.1 `same_rank`: "only the same rank (2 on 2, 3 on 3)"; with groups by suit
    # (§3.7) a 2♥ 3♥ group on a 2 would put a 3 on a 2.
    rules = PRESETS["polish"].replace(groups="rank_or_suit", counter_rule="same_rank")
    assert "each must answer the one before: 2♥ 3♥ on a 2 is refused." in flat_text(rules)


def test_jokers_have_no_suit_to_meet_a_request_with() -> None:
    # RULES §3.6: a draw_wild joker "has no rank" and names the suit only where it is a
    # suit changer; a joker has no suit of its own, so no "unless of that suit".
    text = flat_text(PRESETS["classic"].replace(suit_changers={"A"}))
    assert "Jokers do not help against a named suit." in text


def test_tel_aviv_k_hearts_stacks_only_with_two_decks() -> None:
    # RULES §3.1 `same_rank`: "only the same rank"; tel_aviv has one K♥ a deck ("1; 2 from
    # 5"), so K♥ on K♥ needs two decks.
    assert "K♥ on K♥ when two decks are in play" in flat_text(PRESETS["tel_aviv"])


def test_no_row_for_must_hold_once_jacks_ask_for_nothing() -> None:
    # RULES §3.3 "With `jack_must_hold` they may only name a rank they still hold" -- with
    # jacks plain there is no request, so the option does nothing and gets no line.
    rules = PRESETS["hungarian"].replace(jack_requests=False, jack_must_hold=False)
    assert house_rows(rules) == (
        "These rules differ from Hungarian Macau:",
        "- Jacks ask for a rank: no (Hungarian Macau: yes).",
    )

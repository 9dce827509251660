"""The exact wording of How to play's worked examples, as the options in force make them.

Each test pins what a player reads and says, with RULES.md, why it is right: who moves
next, what is owed, what may follow, and which feature the example shows."""

from __future__ import annotations

from game.engine import PRESETS, Rules
from game.engine.explain import explain, power_cards

P = PRESETS


def example(rules: Rules, title: str) -> str:
    found = [pc.example for pc in power_cards(rules) if pc.title == title]
    assert len(found) == 1, [pc.title for pc in power_cards(rules)]
    return found[0]


def test_polish_stacking_examples_word_for_word() -> None:
    # §3.1: penalties add and move on; "after any penalty is taken the top card loses its
    # power: the next seat just matches it in suit or rank" (a queen fits anything, §3.5).
    # One deck: Ben cannot answer 3♣ with the 3♣ Anna just laid.
    r = P["polish"]
    assert example(r, "Twos") == (
        "Top 9♥. Anna lays 2♥: Ben owes 2. Ben fights back with 2♠: now Cleo owes 4. Cleo has "
        "no answer and draws 4; that is her whole turn. The 2♠ has lost its power, so Dan just "
        "follows it with a spade, a 2 or a queen."
    )
    assert example(r, "Threes") == (
        "Top 9♣. Anna lays 3♣: Ben owes 3. Ben fights back with 2♣: now Cleo owes 5. Cleo has "
        "no answer and draws 5; that is her whole turn. The 2♣ has lost its power, so Dan just "
        "follows it with a club, a 2 or a queen."
    )


def test_polish_king_of_spades_turn_goes_to_the_seat_after_its_player() -> None:
    # §7.3: "4 seats, seat 2 lays KS ... if seat 1 draws, seat 3 moves next".
    assert example(P["polish"], "King of spades") == (
        "Four at the table: Cleo lays K♠, so Ben, the player before her, owes 5 and must answer "
        "at once. He draws 5, and the turn goes to Dan, the player after Cleo. With two "
        "players, Anna lays K♠, Ben draws 5 and Anna moves again."
    )


def test_a_table_of_three_or_more_is_not_told_the_heads_up_king_of_spades() -> None:
    # min_seats 3: two players never sit, so §7.4's heads-up case does not apply.
    assert example(P["polish"].replace(min_seats=3), "King of spades") == (
        "Four at the table: Cleo lays K♠, so Ben, the player before her, owes 5 and must answer "
        "at once. He draws 5, and the turn goes to Dan, the player after Cleo."
    )


def test_polish_fours_example_counts_two_missed_turns_and_follows_the_4_of_diamonds() -> None:
    # §7.5: 4♣ then 4♦, seat 2 misses this turn and its next one; the top 4♦ is plain for
    # seat 3, who matches it in suit or rank (§3.2).
    assert example(P["polish"], "Fours") == (
        "Anna lays 4♣: Ben must miss a turn. Ben answers with 4♦, so Cleo must miss 2 turns. "
        "Cleo has no 4 and accepts: this turn is the first she misses, and she sits out her "
        "next turn too. Dan then just follows the 4♦ with a diamond, a 4 or a queen."
    )


def test_polish_jack_example_groups_and_the_jack_answer() -> None:
    # §7.6 and §3.3: each seat "must lay an 8 or a jack, or draw"; groups: rank (§3.7) lets
    # Ben lay 8♦ and 8♠ together.
    assert example(P["polish"], "Jacks") == (
        "Three at the table, top 9♣. Anna lays J♣ and asks for 8s. Ben lays 8♦ and 8♠ together. "
        "Cleo has no 8 and no jack, so she draws one card. Then Anna herself must lay an 8 or a "
        "jack, or draw. After Anna's turn, normal play resumes."
    )


def test_polish_queen_example_lays_the_queen_of_hearts() -> None:
    # §3.5 queen_wild: a queen on any card, any card on it.
    assert example(P["polish"], "Queens") == (
        "Top 9♣. Anna lays Q♥ on it, and Ben may lay any card at all on it, say 6♠. But had "
        "Anna attacked Ben with a 2, a queen would not help him."
    )


def test_at_three_the_seat_after_cleo_is_anna() -> None:
    # §1: "next" = +1, wrapping: at three seats the seat after Cleo (2) is Anna (0).
    r = P["polish"].replace(max_seats=3, default_seats=3)
    assert example(r, "Fours").endswith(
        "Anna then just follows the 4♦ with a diamond, a 4 or a queen."
    )
    assert example(r, "Twos").endswith(
        "The 2♠ has lost its power, so Anna just follows it with a spade, a 2 or a queen."
    )


def test_a_table_of_three_tells_the_jack_round_at_three() -> None:
    # §7.6 is told with three seats; a table of at most three seats still seats three.
    r = P["polish"].replace(max_seats=3, default_seats=3)
    assert example(r, "Jacks").startswith(
        "Three at the table, top 9♣. Anna lays J♣ and asks for 8s. Ben lays 8♦ and 8♠ together. "
        "Cleo has no 8 and no jack, so she draws one card."
    )


def test_classic_red_joker_on_a_three_owes_thirteen() -> None:
    # §7.9: "classic, RJ on 3S: the next seat owes 13".
    assert example(P["classic"], "Jokers") == (
        "Anna lays 3♠: Ben owes 3. Ben lays the red joker and names hearts: Cleo owes 13. Cleo "
        "draws 13; that is her whole turn, and Dan must follow the joker with a heart or "
        "another ace or joker."
    )


def test_a_joker_that_cannot_answer_a_three_is_shown_on_its_own() -> None:
    # §3.1 same_rank: only 2 on 2, 3 on 3, so no joker on a 3♠; Ben draws, Cleo is next
    # and must follow the named hearts (§3.6).
    assert example(P["classic"].replace(counter_rule="same_rank"), "Jokers") == (
        "Top 9♣. Anna lays the red joker on it and names hearts: Ben owes 10. He draws 10; that "
        "is his whole turn, and Cleo plays next. She must follow the joker with a heart or "
        "another ace or joker."
    )


def test_a_penalty_taken_at_once_is_followed_by_the_next_seat() -> None:
    # §3.1: after Ben takes the penalty the next seat, Cleo, matches the K♥.
    assert example(P["polish"].replace(attack_cards=frozenset({"KH"})), "King of hearts") == (
        "Top 9♥. Anna lays K♥: Ben owes 5. Ben has no answer and draws 5; that is his whole "
        "turn. The K♥ has lost its power, so Cleo just follows it with a heart, a king or a "
        "queen."
    )


def test_hungarian_counters_show_a_two_on_a_battle_king() -> None:
    # §3.1 counter_rule hungarian: "2s and 3s on a battle king".
    r = P["polish"].replace(counter_rule="hungarian")
    assert example(r, "King of hearts").startswith(
        "Top 9♥. Anna lays K♥: Ben owes 5. Ben fights back with 2♠: now Cleo owes 7."
    )


def test_the_jack_asks_for_the_first_rank_it_may_when_8_is_not_allowed() -> None:
    # §3.3: the jack names a rank from request_ranks; the example takes the first.
    r = P["polish"].replace(request_ranks=("6", "7"))
    assert "Anna lays J♣ and asks for 6s. Ben lays 6♦ and 6♠ together." in example(r, "Jacks")


def test_a_naming_joker_says_she_holds_the_suit_only_under_ace_must_hold() -> None:
    # §3.4 (and "the same rules apply" to a joker): ace_must_hold -> a suit she holds;
    # ace_must_differ alone says nothing of holding.
    hold = P["classic"].replace(ace_must_hold=True, attack_cards=frozenset({"2", "3"}))
    differ = P["classic"].replace(ace_must_differ=True, attack_cards=frozenset({"2", "3"}))
    assert example(hold, "Jokers") == (
        "Top 9♣. Anna lays the red joker and names hearts (she holds a heart): Ben must lay a "
        "heart or another ace or joker, or draw one card."
    )
    assert example(differ, "Jokers") == (
        "Top 9♣. Anna lays the red joker and names hearts: Ben must lay a heart or another ace "
        "or joker, or draw one card."
    )


def test_ace_must_differ_is_told_in_the_ace_example() -> None:
    # §3.4: "With ace_must_differ the named suit must differ from the suit in force".
    assert example(P["polish"].replace(ace_must_differ=True), "Aces").startswith(
        "Top 9♣. Anna lays A♣ and names hearts (not clubs, the suit in force): Ben must lay a "
        "heart or another ace, or draw one card."
    )


def test_until_met_the_request_is_met_with_a_heart() -> None:
    # §3.4 until_met: it binds each seat "until somebody lays the named suit".
    assert example(P["quick"], "Aces").endswith(
        "so Cleo too must lay a heart or another ace. Cleo lays 6♥, and play goes on from the 6♥."
    )


def test_after_a_next_scope_request_the_aces_own_suit_is_in_force() -> None:
    # §3.4: "With next ... the top card's own suit is in force again (an ace of spades left
    # on top asks for spades or an ace)".
    r = P["polish"].replace(plays_on_anything=frozenset({"A"}))
    assert example(r, "Aces").endswith(
        "the A♦ on top is an ordinary card again: Cleo follows it as usual, with a diamond or "
        "an ace."
    )
    assert example(P["hungarian"], "Aces").endswith(
        "Cleo follows it as usual, with a diamond, an ace, a queen or a joker."
    )


def test_a_wild_queen_is_not_listed_twice_among_what_follows_it() -> None:
    # §3.5: a queen on any card: after Q♥ hearts or a queen follow (once).
    r = P["polish"].replace(anything_on=frozenset())
    assert example(r, "Queens").startswith(
        "Top 9♣. Anna lays Q♥ on it: hearts are now in force, so Ben lays a heart or a queen."
    )


def test_a_stand_in_joker_is_shown_as_the_same_rank_in_another_suit() -> None:
    # §3.6 any_card: the joker may be any card, so a 7♠ on a 7♥.
    r = P["romanian2"].replace(jokers=1, joker_role="any_card")
    assert example(r, "Jokers") == (
        "Top 7♥. Anna lays the red joker as the 7♠ (written RJ=7S), and Ben follows it as a 7♠, "
        "with a spade or a 7."
    )


def test_tel_aviv_five_goes_on_with_a_card_that_fits_or_a_draw() -> None:
    # §7.10 and §3.7: after 5♥ the same seat "must lay one more legal card or draw":
    # 8♥ fits on 5♥, 8♠ would not.
    assert example(P["tel_aviv"], "Fives") == (
        "Top 9♠. Anna lays 5♠ and must go on: she lays 5♥, and must go on again, so she lays "
        "8♥ (or draws one card). Then it is Ben's turn."
    )


def test_the_whole_help_never_says_a_plural_suit_after_a() -> None:
    # "a clubs" / "a hearts" is not English; every preset's help.
    for r in P.values():
        text = " ".join(explain(r).split())
        for suit in ("clubs", "diamonds", "hearts", "spades"):
            assert f" a {suit}" not in text

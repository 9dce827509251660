"""RULES.md §7: the worked examples, each named after the rule it shows."""

from __future__ import annotations

from game.engine import FiveAgain, Phase, RoundOver, StackCancelled

from .conftest import legal, one, play, plays, pos, refused


def test_example_1_cards_follow_suit_or_rank_queens_anywhere_groups_by_rank() -> None:
    g = pos("polish", ["9H 7S 7D QC 8S", "6C 9D"], "7H", "5S 6S")
    assert {"9H", "7S", "7D", "QC"} <= legal(g)
    assert g.is_legal("7S 7D")
    refused(g, "8S", "suit")


def test_example_2_attacks_stack_by_suit_and_the_total_moves_on() -> None:
    stock = "5S 6S 5D 6D 8C 9C 10C 5C 6C 8D 9D"
    g = pos("polish", ["2H 9S 10S", "3H 8S", "KH 6H", "10D 10H"], "8H", stock)
    play(g, "2H")
    play(g, "3H")
    assert g.current == 2 and g.penalty == 5
    play(g, "KH")
    assert g.current == 3 and g.penalty == 10
    play(g, "draw")
    assert g.hand_counts[3] == 12
    assert g.current == 0 and g.phase is Phase.PLAY and g.penalty == 0


def test_example_3_king_of_spades_hits_the_previous_seat_then_play_goes_on() -> None:
    g = pos("polish", ["9C 10C", "6C 9D", "KS 10D 6D", "9H 8D"], "8S", "5S 6S 5D 6H 8C", current=2)
    play(g, "KS")
    assert g.current == 1 and g.penalty == 5
    play(g, "draw")
    assert g.current == 3


def test_example_4_king_of_spades_heads_up_its_player_moves_again() -> None:
    g = pos("polish", ["KS 9C 10C", "6C 9D"], "8S", "5S 6S 5D 6H 8C")
    plays(g, "KS", "draw")
    assert g.hand_counts == [2, 7] and g.current == 0


def test_example_5_fours_add_missed_turns_and_the_top_four_then_is_plain() -> None:
    g = pos("polish", ["4C 9C 10S", "4D 6C", "9D 8S", "6D 5D"], "8C", "5S 10H 5H 6H")
    play(g, "4C")
    play(g, "4D")
    assert g.current == 2 and g.skips == 2
    play(g, "pass")
    assert g.missed[2] == 1
    assert g.current == 3 and g.phase is Phase.PLAY
    assert g.is_legal("6D")  # the 4D on top is plain: diamonds follow
    play(g, "6D")
    play(g, "draw")  # seat 0
    play(g, "draw")  # seat 1
    assert g.current == 3  # seat 2 missed its next turn too
    assert g.missed[2] == 0


def test_example_6_jack_request_lasts_one_round_back_to_its_player() -> None:
    g = pos("polish", ["JC 8H 9C", "8S 9D", "10D 6D"], "10C", "5S 6S 5D")
    play(g, "JC/8")
    play(g, "8S")
    assert g.current == 2 and g.phase is Phase.RANK_REQUEST
    play(g, "draw")  # 5S: no eight, turn over
    assert g.current == 0 and g.phase is Phase.RANK_REQUEST
    play(g, "8H")
    assert g.current == 1 and g.phase is Phase.PLAY and g.request is None


def test_example_7_ace_scope_next_binds_only_the_next_seat() -> None:
    g = pos("polish", ["AS 9C 10C", "6D 9D", "9S 6C"], "8S", "5S 6S 5D")
    play(g, "AS/H")
    assert g.current == 1 and g.phase is Phase.SUIT_REQUEST
    assert g.request is not None and g.request["bound"] == 1
    play(g, "draw")  # 5S does not fit hearts
    assert g.current == 2 and g.phase is Phase.PLAY and g.suit_in_force == "S"
    assert g.is_legal("9S")


def test_example_8_seven_cuts_a_stack_in_classic() -> None:
    g = pos("classic", ["2H 9S 10S", "KH 8D", "7C 6D 9H", "10D 10H"], "8H", "5S 6S 5D", current=0)
    play(g, "2H")
    play(g, "KH")
    assert g.current == 2 and g.penalty == 7
    events = play(g, "7C")
    assert one(events, StackCancelled).total == 7
    assert g.hand_counts[2] == 2 and g.penalty == 0
    assert g.suit_in_force == "C" and g.current == 3
    refused(g, "10D", "suit")


def test_example_9_red_joker_on_a_three_makes_thirteen() -> None:
    g = pos("classic", ["3S 9C 10C", "RJ 6D", "9H 7D 8H 2D", "6C 9D"], "8S", "5S 6S 5D")
    play(g, "3S")
    play(g, "RJ/S")
    assert g.current == 2 and g.penalty == 13
    assert legal(g) == {"7D", "2D", "draw"}


def test_example_10_tel_aviv_five_again() -> None:
    g = pos("tel_aviv", ["5H 9H 10C", "6C 9D"], "5S", "6S 8C")
    events = play(g, "5H")
    assert one(events, FiveAgain).seat == 0
    assert g.current == 0 and g.phase is Phase.FIVE_AGAIN
    refused(g, "pass", "five")
    assert legal(g) == {"9H", "draw"}


def test_example_11_king_of_hearts_and_three_of_clubs_are_charged_180() -> None:
    g = pos("classic", ["8H", "KH 3C"], "8S", "5S 6S")
    events = play(g, "8H")
    assert one(events, RoundOver).charges == (0, 180)

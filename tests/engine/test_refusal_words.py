"""A refused move names the rule that forbids it, and its advice holds: the cards or words it
suggests are themselves allowed (docs/rules-decisions.md)."""

from __future__ import annotations

import pytest

from game.engine import PRESETS, NoSuchSeat, Stop, parse_action

from .conftest import face_card_requested, legal, play, plays, pos, refused

# ----- groups on an attack ------------------------------------------------------------------


def test_a_mixed_group_on_an_attack_is_refused_for_its_kind_where_groups_are_of_one_rank() -> None:
    # groups: rank, so 3♠ may be followed only by another 3: no talk of 2♠ or K♠ answering it
    g = pos("polish", ["3S 2H 2S KS 9D", "3H 6D 7D 8D 9C"], "5H", "4H 4C 6H 7H 8H 9H", current=1)
    play(g, "3H")
    for group in ("3S 2H", "3S 2S", "3S KS"):
        assert refused(g, group) == "cards laid together must be of one rank"
    assert "2H 2S" in legal(g)
    g = pos("quick", ["KS 2H 9D 8C 5C", "KH 6D 7D 8D 9C"], "5H", "4H 4C 6H 7H 8H 9H", current=1)
    play(g, "KH")
    assert refused(g, "KS 2H") == "cards laid together must be of one rank"


def test_the_chain_advice_names_only_cards_that_could_join_the_group() -> None:
    # hungarian groups may be of one rank or one suit: after 3♠, a 3 (a group of one rank) or
    # 2♠ (one of spades) may follow, and both are laid
    g = pos("hungarian", ["2H KC 10C", "3S KS 5C 3H 2S", "10D 6D", "7C 8C"], "8H", "5S 6S 5D")
    play(g, "2H")
    message = refused(g, "3S KS")
    assert message.endswith("K♠ cannot go on 3♠ (only 2♠, a 3 or a joker may)"), message
    assert {"3S 3H", "3S 2S"} <= legal(g)


# ----- one card a turn ------------------------------------------------------------------------


def test_one_card_a_turn_is_the_reason_whatever_waits() -> None:
    g = pos(
        "tel_aviv", ["2H 3C 2C 9S 8S 4D 4S", "2D 6D 7D 8D 9D 6C 6S"], "5D", "4H 4C 6H 7H", current=1
    )
    play(g, "2D")
    for group in ("2H 3C", "2H 2C"):
        assert refused(g, group) == "one card a turn in these rules"
    # a stack is cut by one card: "or several of its rank" would be false here
    g = pos(
        PRESETS["classic"].replace(groups="none"),
        ["7S 7D 9H 8S 2S", "2H 6D 7H 8D 9C"],
        "5H",
        "4C 6H 3H 8C 9D 10S",
        current=1,
    )
    play(g, "2H")
    for group in ("7S 7D", "7S 8S"):
        assert refused(g, group) == "one card a turn in these rules"
    one_card = PRESETS["polish"].replace(groups="none")
    g = pos(one_card, ["4S 4D 9H 8H 8S", "4H 6D 7D 8D 9C"], "5H", "4C 6H 7H 8C 9S 10S", current=1)
    play(g, "4H")  # missed turns wait
    for group in ("4S 9H", "4S 4D"):
        assert refused(g, group) == "one card a turn in these rules"
    g = pos(one_card, ["JS 8H 8S 9S 6D", "JH 6C 7D 8D 9C"], "5H", "4C 6H 7H 8C 9D 10S", current=1)
    play(g, "JH/8")  # a jack's request
    for group in ("8H 9S", "8H 8S"):
        assert refused(g, group) == "one card a turn in these rules"


def test_with_runs_but_no_groups_an_answer_is_one_card_and_a_free_turn_may_be_a_run() -> None:
    rules = PRESETS["classic"].replace(groups="none", runs=True)
    g = pos(rules, ["2S 3S 9H 10H 9D", "2H 6D 7H 8D 9C"], "5H", "4C 6H 3H 8C 9S 10S", current=1)
    play(g, "2H")
    assert refused(g, "2S 3S") == (
        "one card a turn here: runs are for normal play, not for answering an attack, a "
        "request or missed turns"
    )
    g = pos(rules, ["9H 10H 9D 6S", "2H 6D 7H 8D 9C"], "5H", "4C 6H 3H 8C 9S 10S")
    assert "9H 10H" in legal(g)
    assert refused(g, "9H 9D") == "one card a turn in these rules, or a run"


# ----- runs ------------------------------------------------------------------------------------


def test_a_run_from_ace_on_to_two_is_told_runs_stop_at_the_ace() -> None:
    g = pos("hungarian", ["KH AH AC 2C 3C 9D", "6D 7D"], "JH", "4S 5S 6S")
    wrap = " (a run climbs from 2 to A and does not go on from A to 2)"
    kinds = "cards laid together must be of one rank or one suit, or a run"
    assert refused(g, "KH AH AC 2C/C") == kinds + wrap
    assert refused(g, "AH AC 2C 3C") == kinds + wrap
    assert refused(g, "KH AH 2C") == kinds  # no run either way: no word of the ace
    assert "KH AH AC/C" in legal(g)
    rules = PRESETS["hungarian"].replace(groups="none")
    g = pos(rules, ["KH AH 2H 3H 9D", "6D 7D"], "JH", "4S 5S 6S")
    assert refused(g, "KH AH 2H 3H") == "one card a turn in these rules, or a run" + wrap


# ----- what the last card names ---------------------------------------------------------------


def test_an_ace_laid_last_in_a_group_is_told_which_suit_it_must_change_and_why() -> None:
    # hearts is in force, but the ace is laid on 9♣ (docs/rules-decisions.md)
    g = pos("hungarian", ["9C AC 5C 6D 7S", "9S 6S 8D 10D 4C"], "5S 9H", "4H 4D 6H 7H 8H 9D")
    assert refused(g, "9C AC/C") == (
        "A♣ cannot name 'C': name a suit other than clubs, the suit of 9♣ it is laid on; "
        "allowed: S, D"
    )
    assert refused(g, "AC/H") == (
        "A♣ cannot name 'H': name a suit other than hearts, the suit in force; allowed: S, D, C"
    )
    changed, under = g.suit_to_change(parse_action("9C AC/S"))
    assert changed == "C" and under is not None and under.code == "9C"
    assert g.suit_to_change(parse_action("AC/S")) == ("H", None)
    polish = pos("polish", ["AC 9C", "8D"], "9H", "4H 4D")
    assert polish.suit_to_change(parse_action("AC/S")) == ("", None)  # any suit may be named


def test_a_last_card_names_nothing_because_the_round_ends_not_because_of_an_option() -> None:
    assert PRESETS["hungarian"].power_after_out
    g = pos("hungarian", ["AS", "9S 6S 8D 10D 4C"], "5H 9H", "4H 4D 6H 7H 8H 9D")
    assert refused(g, "AS/H") == (
        "A♠ names nothing here (you go out and the round ends): lay it without '/'"
    )
    # three seats and the option off: the power does not act, though the round goes on
    g = pos("polish", ["JD", "9S 6S 8D 10D 4C", "7C 8C"], "5H 9D", "4H 4D 6H 7H 8H")
    assert refused(g, "JD/8") == (
        "J♦ names nothing here (it ends your hand, and in these rules a last card's power does "
        "not act): lay it without '/'"
    )


def test_refusals_name_no_option_identifiers() -> None:
    g = pos("hungarian", ["9C AC 5C 6D 7S JH 8S", "9S 6S 8D 10D 4C"], "5S 9H", "4H 4D 6H 7H")
    messages = [refused(g, move) for move in ("AC/H", "AC/*", "JH/10", "JH/Q")]
    g = pos("quick", ["9H 9C 5C", "9S 6S 8D 10D 4C"], "5S 9D", "4H 4D 6H 7H 8H")
    messages.append(refused(g, "9C!"))
    assert messages[1].endswith(
        "a free suit only when you hold no suit you may name; allowed: S, D, C"
    )
    assert messages[3].startswith(
        "J♥ cannot name 'Q': a jack requests one of 5, 6, 7, 8, 9, 10 or '-';"
    )
    assert messages[4] == "Macau is called for you in these rules"
    for message in messages:
        assert "_" not in message and "macau_call" not in message, message


def test_a_seven_of_its_own_suit_that_must_change_it_names_a_free_suit() -> None:
    rules = PRESETS["romanian"].replace(seven_own_suit=True, ace_must_differ=True)
    g = pos(rules, ["7S 9D 10C", "4S 8S 10S"], "5H 9S", "7H 2C 5C 6C 7C 8C")
    assert "7S/*" in legal(g)
    for move in ("7S/S", "7S/H"):
        assert refused(g, move) == (
            f"7♠ cannot name '{move[-1]}': a 7 names only its own suit, spades, and that is the "
            "suit in force, which it must change: it names a free suit, '*'; allowed: *"
        )
    g = pos(rules, ["7S 9D 10C", "4S 8S 10S"], "5S 9H", "7H 2C 5C 6C 7C 8C")
    assert (
        refused(g, "7S/H") == "7♠ cannot name 'H': a 7 names only its own suit, spades; allowed: S"
    )
    assert refused(g, "7S/*") == (
        "7♠ cannot name '*': a free suit only when spades, the one suit it names, is the suit it "
        "must change; allowed: S"
    )


def test_another_card_refused_a_free_suit_hears_which_card_names_one() -> None:
    rules = PRESETS["romanian"].replace(seven_own_suit=True, ace_must_differ=True)
    g = pos(rules, ["7H RJ 5C", "9S 5D 6C 8H"], "4D 9H", "10H 4S 8S")
    assert "7H/*" in [str(a) for a in g.legal_actions()]
    assert refused(g, "RJ/*") == (
        "the red joker cannot name '*': a free suit only from a 7 whose own suit is the one it "
        "must change; allowed: S, D, C"
    )
    assert refused(pos("polish", ["AS 9C", "9D 6S"], "5D 9S", "4H 4D"), "AS/*").endswith(
        "there is no free suit in these rules; allowed: S, H, D, C"
    )


# ----- cards by name ------------------------------------------------------------------------


def test_a_suit_request_names_the_cards_that_change_the_suit_in_these_rules() -> None:
    # romanian: 7s and jokers change the suit, aces make the next seat miss turns
    g = pos("romanian", ["AS 9C 5H 6D 7C", "7S 6S 8D 10D 4C"], "5S", "4H 4D 6H 7H", current=1)
    play(g, "7S/D")
    for card in ("AS", "9C"):
        assert refused(g, card) == "diamonds were named: lay a diamond, a 7 or a joker, or draw"
    g = pos("hungarian", ["AS 9H 10H", "9S 7H 6C", "10D 6D"], "8H", "5S 6S 5D")
    play(g, "AS/*")  # a free suit but hearts; its jokers stand for cards, aces change the suit
    assert refused(g, "7H", seat=1) == (
        "free suit: lay any suit but hearts, or an ace or a joker, or draw"
    )


def test_missed_turns_name_the_card_that_answers_them() -> None:
    g = pos("polish", ["9D 4H 9C", "4S 7H 9H 9S 10C"], "5S", "2H 3H 5H 6H", current=1)
    play(g, "4S")
    assert refused(g, "draw") == "a missed turn is not drawn: answer with a four or pass"
    g = pos("polish", ["9D 4H 4D 9C", "4S 7H 9H 9S 10C"], "5S", "2H 3H 5H 6H", current=1)
    play(g, "4S")
    assert refused(g, "4H 9C") == "on a missed turn only fours may be laid"


def test_where_one_joker_attacks_the_refusal_names_that_joker() -> None:
    rules = PRESETS["classic"].replace(attack_cards=frozenset({"2", "3", "KH", "KS", "RJ"}))
    g = pos(rules, ["QS JD BJ 10S 4D", "2C 6D 7D 8D 9C"], "5C", "4H 4C 6H 7H 8H 9H", current=1)
    play(g, "2C")
    message = refused(g, "BJ/S")
    assert "fight back with a 2, a 3, K♠, K♥ or the red joker," in message
    assert "a joker" not in message
    # both jokers attack in classic: either will do
    g = pos("classic", ["QS JD BJ 10S 4D", "2C 6D 7D 8D 9C"], "5C", "4H 4C 6H 7H 8H", current=1)
    play(g, "2C")
    assert "or a joker" in refused(g, "QS")


# ----- after a draw -------------------------------------------------------------------------


def test_after_a_draw_a_group_must_start_with_the_drawn_card() -> None:
    g = pos("polish", ["7S 9D 10C", "4S 8S 9S 10S"], "5H", "7H 2C 5C 6C 7C 8C")
    play(g, "draw")
    assert "7H 7S" in legal(g)
    assert refused(g, "7S 7H") == (
        "after drawing, a play must start with the drawn card (7♥), or keep it (pass)"
    )
    # one card a turn: the drawn card alone
    g = pos("tel_aviv", ["7S 9D 10C 2S 3S 4S 5S", "4D 8S 9S 10S 2C 3C 4C"], "5H", "7H 2H 5C 6C")
    play(g, "draw")
    assert (
        refused(g, "7S") == "after drawing you may only lay the drawn card (7♥) or keep it (pass)"
    )


def test_nothing_to_draw_says_pass_only_to_a_seat_that_cannot_lay() -> None:
    g = pos("polish", ["9C 10H", "6D 8D"], "5C", "")
    assert refused(g, "draw") == (
        "the stock and the pile are spent: nothing to draw, but you can lay a card"
    )
    assert refused(g, "pass") == "you can lay a card: passing is only for a blocked seat"
    blocked = pos("polish", ["9H 10H", "6D 8D"], "5C", "")
    assert refused(blocked, "draw") == "the stock and the pile are spent: nothing to draw, pass"
    play(blocked, "pass")


def test_a_four_or_a_plain_king_blocks_a_stack_and_a_seven_cuts_it_in_every_refusal() -> None:
    # How to play's words: a 7 cuts a stack; a 4 and K♣/K♦ block it.
    stock = "JD JS 10D 10S 10C 8C 8S 8D 6C 6S 6D QC QS QD"
    suits = PRESETS["romanian"].replace(groups="rank_or_suit", name="suits")
    g = pos(suits, ["2H 5C", "4S 5S 3D", "4C 4D"], "9H", stock)
    play(g, "2H")
    assert refused(g, "4S 5S") == "a stack is blocked by one card, or several of its rank"
    g = pos(PRESETS["hungarian"], ["KH 5C", "KC AC 5D", "4C 4D"], "9H", stock)
    play(g, "KH")
    assert refused(g, "KC AC/H") == "a stack is blocked by one card, or several of its rank"
    sevens = PRESETS["classic"].replace(groups="rank_or_suit", name="sevens")
    g = pos(sevens, ["2H 5C", "7H 8H 3D", "4C 4D"], "9H", stock)
    play(g, "2H")
    assert refused(g, "7H 8H") == "a stack is cut by one card, or several of its rank"
    naming = PRESETS["romanian"].replace(suit_changers={"7", "joker", "4"}, name="fours")
    g = pos(naming, ["2H 5C", "4S 7D 3D", "4C 4H"], "9H", stock)
    play(g, "2H")
    assert "(a play that blocks an attack names nothing)" in refused(g, "4S/H")


def test_the_terminal_and_the_table_log_say_blocked_for_a_four_and_cut_for_a_seven() -> None:
    from game.engine import Card, StackCancelled, cancel_verb
    from game.textwords import describe

    four, seven = StackCancelled(1, Card.parse("4S"), 4), StackCancelled(1, Card.parse("7S"), 4)
    assert describe(four, 0) == "Seat 1 blocked the stack of 4 with 4♠"
    assert describe(seven, 0) == "Seat 1 cut the stack of 4 with 7♠"
    mixed = [Card.parse("4S"), Card.parse("7S")]
    assert (
        cancel_verb(mixed) == "cut or block" and cancel_verb(mixed, done=True) == "cut or blocked"
    )
    assert cancel_verb([]) == ""


def test_a_requested_face_card_is_named_in_words() -> None:
    from game.engine import IllegalMove

    g = face_card_requested()
    with pytest.raises(IllegalMove, match=r"^a jack requested aces: lay aces or a jack"):
        g.check("5C")


def test_a_cancelling_card_laid_after_its_rank_is_told_to_go_first() -> None:
    # hungarian: K♣ blocks a battle king and more kings may follow it (K♣ K♠ sends 5 back),
    # but K♠ K♣ is refused for the order, not as if K♣ could not be laid at all
    g = pos("hungarian", ["KC KS 9H 5D 8C", "5S 6S 7D", "9D 10D JD", "KH 6C 7C"], "5H", "2H 3H", 3)
    g.apply("KH", 3)
    assert refused(g, "KS KC") == (
        "K♣ blocks the stack only as the first card laid, with more kings after it"
    )
    assert {"KC KS", "KC"} <= legal(g)
    # a card of another rank is still told the attack rule
    assert refused(g, "KS 9H") == "on a pending attack every card laid must be an attack card"


def test_a_joker_opening_a_refusal_is_named_with_its_article() -> None:
    hands = ["RJ 9H 5D 8C 10S", "5S 6S 7D", "9D 10D JD", "4C 6C 7C"]
    g = pos("classic", hands, "5C", "2H 3H 6H", 3)
    g.apply("4C", 3)
    assert refused(g, "RJ").startswith("the red joker is no answer to a missed turn: lay a four")


def test_missed_turns_name_a_stand_in_joker_where_one_may_answer_them() -> None:
    # hungarian: a joker stands in for a four, the only answer this hand has
    g = pos("hungarian", ["4C 9C 5C", "RJ 9S KD 5D 7S", "2D 3H 4H QC AH"], "5H 7C")
    play(g, "4C")
    assert "RJ=4S" in legal(g) and g.skip_answers() == "a four or a joker"
    assert refused(g, "9S") == (
        "9♠ is no answer to a missed turn: lay a four or a joker, or pass to accept it"
    )
    assert (
        refused(g, "draw") == "a missed turn is not drawn: answer with a four or a joker, or pass"
    )
    g = pos("polish", ["9D 4H 9C", "4S 7H 9H 9S 10C"], "5S", "2H 3H 5H 6H", current=1)
    assert g.skip_answers() == ""  # none wait
    play(g, "4S")
    assert g.skip_answers() == "a four"


def test_a_run_laid_on_a_request_is_told_runs_are_for_normal_play() -> None:
    hands = ["AS 9H 5D", "5H 6H 6C 7C 9S", "2D 3H 4C QC AH"]
    assert "5H 6H 6C 7C" in legal(pos("hungarian", hands, "10S 4H", current=1))
    g = pos("hungarian", hands, "10S 4S")
    play(g, "AS/H")
    assert refused(g, "5H 6H 6C 7C") == (
        "runs are for normal play, not for answering an attack, a request or missed turns"
    )
    assert refused(g, "5H 6C") == "cards laid together must be of one rank or one suit"


def test_the_one_copy_of_a_card_on_the_pile_is_not_named_beside_a_stand_in_joker() -> None:
    # one deck at four seats: the K♥ on the pile is the pack's only one; a joker may stand in
    g = pos(
        "hungarian", ["2H 9C 5D KH", "3S KS 6C 7C 9S KC", "2D 3H 4C QC AH", "3D 8H AC 8C JH"], "9H"
    )
    play(g, "KH")
    message = refused(g, "9S")
    assert "fight back with a 2, a 3, K♠ or a joker," in message, message
    answers, _cutters = g.attack_answers()
    assert answers == "a 2, a 3, K♠ or a joker"


def test_stop_macau_on_a_seat_not_at_the_table_says_which_seats_there_are() -> None:
    g = pos("polish", ["9H 8C", "4D 9D KD 5D 7S", "2D 3H 4H QC AH", "3D 10C 6C JC"], "5H 7H")
    play(g, "9H")  # seat 0 forgets to call
    assert g.is_legal(Stop(0), 1)
    for seat in (7, -1):
        with pytest.raises(NoSuchSeat, match=r"there is no seat .* \(seats 0 to 3\)"):
            g.check(Stop(seat), 1)
        assert not g.is_legal(Stop(seat), 1)


def test_no_joker_is_named_once_every_joker_lies_in_the_pile() -> None:
    hands = ["KH 9C 8D", "6C 5D 7C", "7S 8S 6D"]
    g = pos("hungarian", hands, "RJ BJ 9H", "2C 3C 4C")
    play(g, "KH")
    assert g.attack_answers()[0] == "a 2, a 3 or K♠"
    assert refused(g, "6C").startswith("6♣ is no answer to the attack")
    assert "joker" not in refused(g, "6C")
    g = pos("hungarian", hands, "BJ 9H", "2C 3C 4C")
    play(g, "KH")
    assert g.attack_answers()[0] == "a 2, a 3, K♠ or a joker"


def test_a_rank_every_copy_of_which_lies_in_the_pile_is_not_named() -> None:
    hands = ["2H 9C 8D", "6C 5D 7C", "7S 8S 6D"]
    g = pos("hungarian", hands, "3S 3H 3D 3C 8H", "4C 5C 6H")
    play(g, "2H")
    assert g.attack_answers()[0] == "a 2 or a joker"
    g = pos("hungarian", hands, "3S 3H 3D 8H", "4C 5C 6H")
    play(g, "2H")
    assert g.attack_answers()[0] == "a 2, a 3 or a joker"  # any 3 a hand holds would do


def test_request_and_missed_turn_words_name_no_card_every_copy_of_which_lies_in_the_pile() -> None:
    g = pos("polish", ["JH 9C 5D", "9D 6C 7C"], "8S 8H 8D 8C 5H")
    play(g, "JH/8")
    assert legal(g) == {"draw"} and g.request_answers() == "a jack"
    assert refused(g, "9D") == "a jack requested 8s: lay a jack, or draw"
    g = pos("polish", ["4H 9C 5D", "9D 6C 7C"], "4S 4D 4C 9H")
    play(g, "4H")
    assert legal(g) == {"pass"} and g.skip_answers() == ""
    assert refused(g, "9D") == "9♦ is no answer to a missed turn: pass to accept it"
    assert refused(g, "draw") == "a missed turn is not drawn: pass"
    g = pos("polish", ["AH 9C 5D", "9S 6C 7C"], "AS AD AC 9H")
    play(g, "AH/S")
    assert g.request_answers() == "a spade"
    # jokers that change the suit or attack of themselves, both in the pile (romanian)
    g = pos("romanian", ["7H 2H 5D 6D", "9S 6C 8C 10D"], "BJ RJ 9H")
    play(g, "7H/S")
    assert "joker" not in g.request_answers()
    g = pos("classic", ["2H 5D 6D", "9S 6C 8C"], "BJ 9H")
    play(g, "2H")
    assert g.attack_answers()[0].endswith("or the red joker")


def test_a_request_names_one_card_where_one_copy_of_the_rank_is_left_out_of_the_pile() -> None:
    # groups may be laid, but with three 8s of the one deck in the pile one 8 is left
    g = pos("polish", ["JH 9C 5D", "9D 6C 7C"], "8S 8H 8D 5H")
    play(g, "JH/8")
    assert g.request_answers() == "an 8 or a jack"
    assert refused(g, "9D") == "a jack requested 8s: lay an 8 or a jack, or draw"
    g = pos("polish", ["JH 9C 5D", "9D 6C 7C"], "8S 8H 5H")
    play(g, "JH/8")
    assert g.request_answers() == "8s or a jack"  # two may still go down together
    # a joker standing in for an 8 goes down with the last one (RJ=8S with 8C)
    stock = "10S 10H 10D 10C 9S 9H"
    g = pos("hungarian", ["JH 8C RJ 5D", "9D 7C 6C"], "8S 8H 8D 5H", stock)
    plays(g, "JH/8", "draw")
    assert "8C RJ=8S" in legal(g) and g.request_answers() == "8s, a jack or a joker"
    g = pos("hungarian", ["JH 8C 9C 5D", "9D 7C 6C"], "8S 8H RJ 8D BJ 5H", stock)
    plays(g, "JH/8", "draw")
    assert g.request_answers() == "an 8 or a jack"  # (both jokers laid)


def test_a_suit_every_card_of_which_lies_in_the_pile_is_not_named() -> None:
    spades = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"
    g = pos("polish", ["AH 9C 5D", "9D 6C 7C"], f"{spades} 9H")
    play(g, "AH/S")
    assert legal(g) == {"draw"} and g.request_answers() == "an ace"
    assert refused(g, "9D") == "spades were named: lay an ace, or draw"
    g = pos("polish", ["AH 9C 5D", "9D 6C 7C"], f"{spades} AS AD AC 9H".replace(" AS", "", 1))
    play(g, "AH/S")
    assert g.request_answers() == "" and refused(g, "9D") == "spades were named: draw"

"""The table's words say what the engine did: one penalty card is one card; a forgotten
Macau is told even when nobody stops it; a catch that costs nothing or was cut short by an
empty pack says so; a seat's later words never stand under cards it laid on an earlier turn."""

from __future__ import annotations

import dataclasses

import pytest

from game.engine import PRESETS, Game, Rules, parse_action
from tests.ui.tablekit import Harness


def _play(h: Harness, *moves: tuple[int, str]) -> list[str]:
    for seat, move in moves:
        assert h.table.apply(parse_action(move), seat), (seat, move)
        h.tick(5)
    h.settle()
    return list(h.table.director.log)


def _table(rules: Rules, hands: list[str], pile: str, stock: str = "") -> Harness:
    return Harness(Game.from_position(rules, hands=hands, pile=pile, stock=stock))


def test_one_penalty_card_is_one_card() -> None:
    h = _table(PRESETS["polish"], ["2H 3H 5C", "9S 8D 7C"], "6H")
    log = _play(h, (0, "2H"), (1, "draw"))
    assert log[-1].endswith("took 1 penalty card (1 forgiven: the pack ran out)"), log


def test_a_forgotten_macau_nobody_stops_is_told() -> None:
    h = _table(PRESETS["polish"], ["7H 9C 8D", "5D KD", "2D 3H 4C JC AS"], "5H 9D")
    log = _play(h, (0, "draw"), (1, "5D"))
    assert any(line.endswith("laid 5♦ — no Macau called") for line in log), log
    # Called, it is told as the call instead.
    h = _table(PRESETS["polish"], ["7H 9C 8D", "5D KD", "2D 3H 4C JC AS"], "5H 9D")
    log = _play(h, (0, "draw"), (1, "5D!"))
    assert not any("no Macau called" in line for line in log), log


def test_a_catch_that_costs_nothing_says_so() -> None:
    free = dataclasses.replace(PRESETS["polish"], macau_penalty=0)
    h = _table(free, ["7H 9C 8D", "5D KD", "2D 3H 4C JC AS"], "5H 9D", "6S 6C")
    log = _play(h, (0, "draw"), (1, "5D"), (2, "stop 1"))
    assert log[-1].endswith("caught Ada (no penalty)") or "(no penalty)" in log[-1], log
    assert not any("draws 0" in line for line in log), log
    said = [b.text for b in h.table.director.bubbles]
    assert not any("+0" in text for text in said), said


def test_a_catch_cut_short_by_an_empty_pack_says_what_was_forgiven() -> None:
    h = _table(PRESETS["polish"], ["5H 6H", "9S 8D 7C", "2D 3D"], "5C")
    log = _play(h, (0, "5H"), (1, "stop 0"))
    [caught] = [line for line in log if " caught " in line]
    assert caught.endswith("you draw 1 (4 forgiven: the pack ran out)"), log


def test_the_reshuffle_a_catch_draws_from_is_told_before_the_catch() -> None:
    # RULES §2.6: the pile is shuffled, then the cards are drawn from it, as a penalty
    # taken is told. One card in the stock, and Bob forgets his call.
    h = _table(PRESETS["polish"], ["9S 8D 7C", "5H 6H", "2D 3D"], "8C 9C 5C", "10S")
    log = _play(h, (0, "draw"), (1, "5H"), (0, "stop 1"))
    shuffled = [i for i, line in enumerate(log) if "shuffled into a new stock (3 cards)" in line]
    caught = [i for i, line in enumerate(log) if " caught " in line]
    assert len(shuffled) == len(caught) == 1 and shuffled[0] < caught[0], log
    assert log[caught[0]].endswith("draws 3 (2 forgiven: the pack ran out)"), log


@pytest.mark.parametrize(("call", "said"), [("2H!", "Macau!"), ("2H", "no Macau called")])
def test_a_call_made_as_a_waiting_seat_is_passed_over_is_the_movers(call: str, said: str) -> None:
    # West sits out a turn as your 2♥ goes to East: the call is yours, not East's.
    hands = ["4H 2H 9C", "5D 9S KD", "4C 6C 8D 9D"]
    h = _table(PRESETS["polish"], hands, "5C 8C", "10S KS 4S 8S 3D JD QD")
    h.table.game.current = 2  # (East to move first)
    log = _play(h, (2, "4C"), (0, "4H"), (1, "pass"), (2, "draw"), (0, call))
    laid = [line for line in log if line.startswith("You laid 2♥")]
    assert laid == [f"You laid 2♥ — East owes 2 — {said}"], log
    assert any(line.startswith("West sits out a turn") for line in log), log


def test_your_naming_and_asking_read_in_your_person() -> None:
    hands = ["JC 8C 5D", "8H 6S 7S", "8S 6C 7C"]
    log = _play(_table(PRESETS["polish"], hands, "10C", "2D 3D 4D 5C 6D"), (0, "JC/8"))
    assert log[-1] == "You laid J♣ — ask for 8s", log
    hungarian = PRESETS["hungarian"]
    hands = ["AS 9H 7H", "2C 4D 9S KD", "5C 6C 8D 9D"]
    log = _play(_table(hungarian, hands, "5H 8H", "10H KC 4S 8S"), (0, "AS/*"))
    assert log[-1] == "You laid A♠ — name a free suit, not ♥", log


def test_a_seats_words_stand_under_its_own_play_only() -> None:
    hands = ["9C 5H 6D", "8C 8S JS 5S 9H", "10D 10C 3C"]
    h = _table(PRESETS["polish"], hands, "8H", "2C 2D 6S 7S")
    director = h.table.director
    assert h.table.apply(parse_action("draw"), 0)
    h.tick(2)
    assert h.table.apply(parse_action("8C 8S"), 1)  # a group: its cards stand at the seat
    h.tick(2)
    assert [b.text for b in director.bubbles if b.seat == 1] == ["8♣ 8♠"]
    # The next seats answer; Ada's jack, laid alone later, asks for nothing.
    assert h.table.apply(parse_action("draw"), 2)
    h.tick(2)
    assert h.table.apply(parse_action("draw"), 0)
    h.tick(2)
    assert h.table.apply(parse_action("pass"), 0)  # (the 6♠ drawn would fit)
    h.tick(2)
    assert h.table.apply(parse_action("JS/-"), 1)
    h.tick(2)
    leads = [b.lead for b in director.bubbles if b.seat == 1]
    assert leads and "8♣ 8♠" not in leads, [(b.lead, b.text) for b in director.bubbles]


def test_a_macau_left_uncalled_as_a_stack_lapses_joins_the_play_that_kept_one_card() -> None:
    # North answers the 4s by missing two turns; the 9♣ 2♣ that leaves one card finds every
    # other seat waiting, so its stack lapses in the middle of the play.
    hands = ["4C 4D 9C 2C 8H", "5D 6H 8D 10H"]
    h = Harness(
        Game.from_position(PRESETS["hungarian"], hands=hands, pile="9D", stock="3C 5C 6D 7H")
    )
    log = _play(h, (0, "4D 4C"), (1, "pass"), (0, "9C 2C"))
    laid = next(i for i, line in enumerate(log) if "laid 9♣ 2♣" in line)
    assert log[laid].endswith("laid 9♣ 2♣ — no Macau called"), log
    assert log[laid + 1] == "Every other seat is out or waiting: the stack of 2 lapses", log


def test_the_end_of_a_jacks_request_is_told_on_the_move_that_ends_it() -> None:
    # Seat 0 asks for 8s; the request lasts until seat 0's next turn is over.
    hands = ["JC 9C 5D", "8D 6S 7S", "8S 6C 7C"]
    h = _table(PRESETS["polish"], hands, "10C", "2H 3H 4H 5H 6H")
    log = _play(h, (0, "JC/8"), (1, "8D"), (2, "8S"))
    assert not any("no longer asked for" in line for line in log), log
    log = _play(h, (0, "draw"))
    assert log[-1].endswith("drew 1 card — 8s no longer asked for"), log


def test_the_end_of_an_aces_request_is_told_when_it_is_met() -> None:
    hands = ["AS 9C 5D", "7H 6S 7S", "8S 6C 7C"]
    h = _table(PRESETS["polish"], hands, "10S", "2D 3D 4D 5C 6D")
    log = _play(h, (0, "AS/H"), (1, "7H"))
    assert log[-2].endswith("You laid A♠ — name ♥ hearts"), log  # (you: "name")
    assert log[-1].endswith("laid 7♥ — ♥ hearts no longer asked for"), log


def test_keeping_a_drawn_card_after_the_game_was_continued_is_a_line_of_its_own() -> None:
    from game.engine import Passed
    from game.ui.director import GameLog

    words = GameLog(["You", "West"])
    words.private_seat = 0
    words.heading("Round 1 resumed; 7♥ on the pile")  # the draw was told before Continue
    words.write(Passed(0))
    assert list(words.lines)[-1] == "You keep the card drawn"
    words.say("You drew 1 card")
    words.write(Passed(0))
    assert list(words.lines)[-1] == "You drew 1 card — keep it"


def test_missed_turns_that_lapse_agree_with_their_number() -> None:
    from game.engine import Card, StackLapsed
    from game.ui.director import GameLog

    words = GameLog(["You", "West", "East"])
    words.write(StackLapsed(1, Card.parse("4D"), 0, 2, "out"))
    words.write(StackLapsed(1, Card.parse("4D"), 0, 1, "nobody"))
    assert list(words.lines) == [
        "West went out on 4♦: 2 missed turns lapse",
        "Every other seat is out or waiting: 1 missed turn lapses",
    ]


def test_a_joker_laid_alone_is_the_joker() -> None:
    from game.engine import Card, CardsLaid
    from game.ui.director import GameLog

    words = GameLog(["You", "West", "East"])
    words.write(CardsLaid(1, (Card.parse("RJ"),), None))
    words.write(CardsLaid(0, (Card.parse("7H"), Card.parse("BJ")), None))
    assert list(words.lines) == ["West laid the red joker", "You laid 7♥ black joker"]


def test_a_round_that_charges_points_and_the_end_of_the_match_are_told() -> None:
    """Where the rules score points, the round's line says what each seat was charged, and
    the match's end says who reached the target and who won: once the boards are closed,
    the log still tells it."""
    from game.engine import MatchOver, RoundOver
    from game.ui.director import GameLog

    words = GameLog(["You", "Ada", "Ben"], target=500)
    words.write(RoundOver((1, 0, 2), (2, 1, 3), (40, 0, 25), False))
    words.write(MatchOver((1,), 2, (285, 225, 520)))
    assert list(words.lines) == [
        "Round over — points: you +40, Ben +25",
        "Match over: Ben (520) reached 500 — Ada wins the match with 225 points",
    ]
    # Every seat whose total reached the target is named (each has lost), and a draw among
    # three lists them as one does.
    words = GameLog(["You", "Ada", "Ben", "Cy"], target=100)
    words.write(MatchOver((0,), 2, (0, 160, 185, 40)))
    words.write(MatchOver((0, 1, 3), 2, (90, 90, 120, 90)))
    assert list(words.lines) == [
        "Match over: Ada (160) and Ben (185) reached 100 — you win the match with 0 points",
        "Match over: Ben (120) reached 100 — drawn match: you, Ada and Cy, 90 points each",
    ]
    words = GameLog(["You", "Ada"], target=500)
    words.write(RoundOver((0, 1), (1, 2), (0, 0), True))  # nothing charged: no points told
    words.write(MatchOver((0, 1), 0, (500, 500)))
    assert list(words.lines) == [
        "Round over (blocked)",
        "Match over: you and Ada reached 500 — drawn match: you and Ada, 500 points each",
    ]

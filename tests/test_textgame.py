"""The terminal game: what it says, in whose words, and what it does with what is typed."""

from __future__ import annotations

import io
import os
import random

import pytest

from game import textgame
from game.cli import main
from game.engine import (
    PRESETS,
    Action,
    Card,
    CardsDrawn,
    CardsLaid,
    Event,
    Game,
    MacauCalled,
    MacauCaught,
    MacauForgotten,
    MissedTurnsAccepted,
    Passed,
    PenaltyTaken,
    RequestEnded,
    Reshuffled,
    SkipPending,
    StackLapsed,
    Stop,
    TurnMissed,
    View,
    parse_action,
)
from game.textgame import BotSeat, _only_completion, play, run_text_game
from game.textwords import describe, help_text, status

HELP = help_text(PRESETS["polish"])  # the rules played below unless a test says otherwise


def played(
    lines: str, preset: str = "polish", seats: int = 2, seed: int = 4, bots: str = "random"
) -> str:
    """Everything the game printed for ``lines`` typed at a fresh deal."""
    out = io.StringIO()
    assert run_text_game(preset, seats, seed, bots, io.StringIO(lines), out) == 0
    return out.getvalue()


class Scripted:
    """A bot that plays the moves it is given, in order (its first legal move once they run
    out), and catches a forgotten Macau when told to."""

    level = "random"

    def __init__(self, *moves: str, catches: bool = False) -> None:
        self.moves = [parse_action(m) for m in moves]
        self.catches = catches
        self.asked: list[int] = []

    def choose(self, view: View, legal: list[Action]) -> Action:
        want = self.moves.pop(0) if self.moves else None
        return next((a for a in legal if a == want), legal[0])

    def wants_to_catch(self, view: View, target: int) -> bool:
        self.asked.append(view.seat)
        return self.catches


def played_from(g: Game, bots: dict[int, object], lines: str) -> str:
    """Everything the game printed for ``lines`` typed at the position ``g``."""
    out = io.StringIO()
    assert play(g, bots, io.StringIO(lines), out) == 0  # type: ignore[arg-type]
    return out.getvalue()


# ----- starting up ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--seats", "12"], "polish is played by 2 to 8 seats, not 12"),
        (["--preset", "quick", "--seats", "5"], "quick is played by 2 to 4 seats, not 5"),
        (["--bots", "medium,wizard"], "unknown bot level 'wizard'; known levels: random, easy"),
        (["--bots", ","], "no bot levels: give at least one, for example --bots medium,hard"),
        (["--seats", "3", "--bots", "easy,,easy"], "an empty bot level in --bots 'easy,,easy'"),
        (["--preset", "nope"], "unknown preset 'nope'; choose from polish"),
    ],
)
def test_text_game_refuses_a_table_it_cannot_seat(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["text", *argv]) == 2
    said = capsys.readouterr()
    assert words in said.err
    assert not said.out


def test_a_refusal_goes_to_the_error_stream_it_is_given() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert run_text_game("polish", 1, 4, None, io.StringIO(), out, stderr=err) == 2
    assert err.getvalue() == "macau text: polish is played by 2 to 8 seats, not 1\n"
    assert out.getvalue() == ""


def test_bot_levels_may_have_spaces_around_them(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str] = []
    real = textgame.make_bot
    monkeypatch.setattr(textgame, "make_bot", lambda level: made.append(level) or real(level))
    played("quit\n", seats=4, bots=" medium , easy")
    assert made == ["medium", "easy", "medium"]


def test_an_empty_bot_level_is_refused_not_left_out() -> None:
    """``hard,,medium`` may have meant three levels: seating two would quietly change the
    table asked for."""
    out, err = io.StringIO(), io.StringIO()
    assert run_text_game("polish", 4, 4, " medium, ,easy", io.StringIO(""), out, stderr=err) == 2
    assert "an empty bot level in --bots ' medium, ,easy'" in err.getvalue()
    assert out.getvalue() == ""


# ----- typing -----------------------------------------------------------------------------
def test_the_text_game_refuses_in_its_own_words() -> None:
    held = {x.code for x in Game.new("polish", seats=2, seed=4).hand(0)}
    missing = next(c for c in ("AS", "AH", "AD", "AC") if c not in held)
    text = played(f"{missing}\nzz\nstop 1\nquit\n")
    refusals = [line for line in text.splitlines() if "not allowed" in line]
    assert refusals[0].endswith(f"not allowed: you do not hold {Card.parse(missing).pretty}")
    assert refusals[1].endswith(
        "not allowed: 'zz' is not a card: 'z' is not a suit (use S, H, D or C)"
    )
    assert "nobody can be caught now" in refusals[2]
    assert not any("seat 0" in line for line in refusals)


def test_a_rank_without_its_suit_or_a_word_that_is_no_move_is_told_so() -> None:
    text = played("10\nk\n7H RJ=10\ntake\nstop\nquit\n")
    assert refusals(text) == [
        "'10' needs a suit: 10S, 10H, 10D or 10C",
        "'K' needs a suit: KS, KH, KD or KC",
        "'10' needs a suit: 10S, 10H, 10D or 10C",
        "'take' is not a move: type help for the moves, or ? for yours",
        "'stop': write 'stop N' with the seat number N",
    ]


def test_a_word_among_the_cards_is_told_to_be_left_out() -> None:
    text = played("play 7H\nlay 7\n7H and 7S\nRJ =\n= 9D\nquit\n")
    assert refusals(text) == [
        "'play' is not a card: type the cards alone, 7H",
        "'lay' is not a card: type the cards themselves, such as 7H",  # help's first example
        "'and' is not a card: type the cards alone, 7H 7S",
        "'=' lays a joker standing in for a card: these rules do not allow it",
        "'=' lays a joker standing in for a card: these rules do not allow it",
    ]
    assert "  7H" in HELP


def test_a_misplaced_call_or_choice_is_told_so() -> None:
    # The engine read "7H!!" as the card "7H!", "/H" as the card '' and "draw!" as the card
    # "draw" (the rank "dra").
    text = played("7H!!\n7!H\n/H\ndraw!\nPASS!\nquit\n")
    assert refusals(text) == [
        "'!' calls Macau once, at the very end of the move, such as 7H!",
        "'!' calls Macau once, at the very end of the move, such as 7H!",
        "'/H': a card goes before '/', such as AH/S",
        "'!' calls Macau with the cards you lay, such as 7H!, never alone",
        "'!' calls Macau with the cards you lay, such as 7H!, never alone",
    ]


def test_cards_parted_by_commas_as_the_moves_are_listed_are_told_how_to_type() -> None:
    # "?" lists the moves with commas between them: "7H, 7S" read "7H," as a card.
    text = played("7H, 7S\n7h,7s\nquit\n")
    assert refusals(text) == [
        "separate the cards of a move with spaces, not commas: 7H 7S",
        "separate the cards of a move with spaces, not commas: 7h 7s",
    ]


def test_spaces_around_the_joins_of_notation_are_read_as_if_left_out() -> None:
    g = Game.from_position(
        "hungarian", hands=["RJ 9C 5S", "6D 6C 6H"], pile="9H", stock="2C 3C 4C 5C"
    )
    text = played_from(g, {1: Scripted()}, "RJ = 9D\nquit\n")
    assert "  You laid the red joker (as 9♦)\n" in text
    assert "not allowed" not in text
    g = Game.from_position("hungarian", hands=["JC 9D 5S", "6D 6C 6H"], pile="9C", stock="2C 3C")
    text = played_from(g.copy(), {1: Scripted()}, "JC / 9\nquit\n")
    assert "not allowed" not in text and "You laid J♣" in text
    text = played_from(g, {1: Scripted()}, "RJ =\nRJ=7H=7H\nquit\n")
    assert (
        refusals(text)
        == ["'=' goes once between a joker and the card it stands for, such as RJ=KH"] * 2
    )
    assert "RJ=KH" in help_text(g.rules)


def test_the_text_game_shows_its_help_and_the_legal_moves_apart() -> None:
    text = played("help\n?\nquit\n")
    assert text.count(HELP) == 2  # once at the start, once for "help"
    assert text.count("Legal: ") == 1  # for "?" only


def test_the_text_game_fills_in_the_only_suit_a_card_may_name() -> None:
    g = Game.from_position(
        PRESETS["tel_aviv"], hands=["QS AH 9C", "9D 6C"], pile="8H", stock="6S 6H 6D 8S"
    )
    assert str(_only_completion(g, parse_action("QS"), 0)) == "QS/S"  # it names its own suit
    assert str(_only_completion(g, parse_action("AH"), 0)) == "AH"  # four suits: the player says
    assert str(_only_completion(g, parse_action("9C"), 0)) == "9C"  # already complete


def test_an_empty_line_only_asks_again() -> None:
    text = played("\n\nquit\n")
    assert "not allowed" not in text
    assert text.count("your move> ") == 3


@pytest.mark.parametrize("word", ["quit", "exit", "EXIT", "Quit"])
def test_any_quit_word_in_any_case_quits(word: str) -> None:
    text = played(f"{word}\nhelp\n")
    assert text.count(HELP) == 1  # nothing after the quit word was read
    assert "not allowed" not in text


def test_the_end_of_the_input_ends_the_prompt_line_and_says_the_round_was_left() -> None:
    # A list of moves piped in that ran out ended as a finished game would: without a word.
    text = played("")
    assert text.endswith("your move> \nYou left the game with its round unfinished.\n")
    assert played("quit\n").endswith("You left the game with its round unfinished.\n")


def test_hard_bots_with_a_count_of_iterations_play_the_same_game_for_the_same_seed() -> None:
    # Thinking 0.3 s, a hard bot's move depended on the machine's speed: the same seed and
    # the same keystrokes gave another game.
    assert BotSeat("hard", random.Random(1), 20).bot.iterations == 20  # type: ignore[attr-defined]
    lines = "draw\npass\n" * 40
    games = []
    for _ in range(2):
        out = io.StringIO()
        code = run_text_game("polish", 3, 7, "hard", io.StringIO(lines), out, iterations=20)
        assert code == 0
        games.append(out.getvalue())
    assert games[0] == games[1]
    assert "Seat 1 laid" in games[0] and "Seat 2 laid" in games[0]


# ----- what happens, in words -------------------------------------------------------------
BJ, AD, AC, AH = (Card.parse(c) for c in ("BJ", "AD", "AC", "AH"))


@pytest.mark.parametrize(
    ("event", "words"),
    [
        (TurnMissed(0, 1), "You miss a turn (1 left)"),
        (TurnMissed(2, 0), "Seat 2 misses a turn (0 left)"),
        (MacauForgotten(0), "You have one card and did not call Macau"),
        (MacauCaught(0, 2, 5), "Seat 2: stop Macau! You draw 5"),
        (MacauCaught(2, 0, 5), "You: stop Macau! Seat 2 draws 5"),
        (MacauCaught(2, 0, 1), "You: stop Macau! Seat 2 draws 1 of the 5 (the rest is forgiven)"),
        (Passed(0, blocked=True), "You are blocked and pass"),
        (Passed(1, blocked=True), "Seat 1 is blocked and passes"),
        (Passed(0), "You kept the card"),
        (Passed(1), None),  # only a card that fits can be kept: the others are not told
        (MacauCalled(0), "You call Macau!"),
        (MissedTurnsAccepted(0, 1), "You will miss 1 turn"),
        (MissedTurnsAccepted(3, 2), "Seat 3 will miss 2 turns"),
        (PenaltyTaken(1, 5, 5), "Seat 1 took 5 penalty cards"),
        (PenaltyTaken(1, 5, 3), "Seat 1 took 3 penalty cards of the 5 owed (the rest is forgiven)"),
        (CardsDrawn(1, 1), "Seat 1 drew 1 card"),
        (Reshuffled(1), "the pile was shuffled into a new stock (1 card)"),
        (
            StackLapsed(1, AD, 0, 2, "nobody"),
            "every other seat is out or waiting: 2 missed turns lapse",
        ),
        (CardsLaid(0, (BJ, AD), (AD, None)), "You laid the black joker (as A♦), A♦"),
        (
            CardsLaid(1, (AD, BJ, AC), (None, AH, None)),
            "Seat 1 laid A♦, the black joker (as A♥), A♣",
        ),
        (CardsLaid(1, (AD, AC), None), "Seat 1 laid A♦ A♣"),
        (CardsLaid(2, (BJ,), None), "Seat 2 laid the black joker"),
        (RequestEnded("rank"), "the jack's request is over"),
        (RequestEnded("suit"), "the suit request is over"),
    ],
)
def test_every_event_reads_right_for_you_and_for_the_others(
    event: Event, words: str | None
) -> None:
    assert describe(event, 0, macau_penalty=5) == words


def test_you_see_the_penalty_cards_you_take_and_the_others_see_how_many() -> None:
    g = Game.from_position(
        "polish", hands=["9C 8D 6S", "2H 7C 8C"], pile="5H", stock="9S 10D 4C 5C 6C 7D", current=1
    )
    text = played_from(g, {1: Scripted("2H")}, "draw\nquit\n")
    assert "  You owe 2\n" in text
    assert "  You took 2 penalty cards: 9♠ 10♦\n" in text
    g = Game.from_position(
        "polish", hands=["2H 7C 8C", "9C 8D 6S"], pile="5H", stock="9S 10D 4C 5C 6C 7D", current=0
    )
    text = played_from(g, {1: Scripted("draw")}, "2H\nquit\n")
    assert "  Seat 1 took 2 penalty cards\n" in text
    assert "9♠" not in text


# ----- the status line --------------------------------------------------------------------
def status_lines(g: Game, bots: dict[int, object], lines: str = "quit\n") -> list[str]:
    return [s for s in played_from(g, bots, lines).splitlines() if s.startswith("Top ")]


def test_the_status_line_says_what_a_stand_in_joker_stands_for() -> None:
    g = Game.from_position(
        "hungarian", hands=["9D 5C 7H", "7S 8S 9S"], pile="5D BJ=AD", stock="2C 3C 4C 5H 6H"
    )
    (line,) = status_lines(g, {1: Scripted()})
    assert line.startswith("Top black joker as A♦ (suit in force: diamonds) | stock 5")


def test_a_free_suit_reads_as_anything_but_the_suit_left_behind() -> None:
    g = Game.from_position(
        "hungarian", hands=["8C 5C 7H", "AD 5D 6D"], pile="9D", stock="2C 3C 4C 5H 6H", current=1
    )
    (line,) = status_lines(g, {1: Scripted("AD/*")})
    assert line.startswith("Top A♦ | free suit: anything but diamonds (you only) |")
    assert "SHC" not in line


def test_the_status_line_shows_the_missed_turns_aimed_at_you() -> None:
    g = Game.from_position(
        "polish", hands=["9C 8D", "4H 6S 7S"], pile="5H", stock="2C 3C 4C 5D 6H", current=1
    )
    (line,) = status_lines(g, {1: Scripted("4H")})
    assert "| Miss 1 turn or answer with a four |" in line


def test_the_status_line_names_only_answers_a_hand_may_hold() -> None:
    # Every other 4 is in the pile: nothing can answer the missed turn.
    g = Game.from_position(
        "polish", hands=["9C 8D", "4H 6S 7S"], pile="4S 4D 4C 5H", stock="2C 3C 5D 6H", current=1
    )
    (line,) = status_lines(g, {1: Scripted("4H")})
    assert "| Miss 1 turn (nothing can answer) |" in line
    # A stand-in joker answers a jack's request; every 8 is in the pile.
    g = Game.from_position(
        PRESETS["polish"].replace(jokers=2, joker_role="any_card"),
        hands=["RJ 9C 5D KS", "JH 9D 4S 6C"],
        pile="8S 8H 8D 8C 5H",
        stock="9H 10H 6S 5C",
        current=1,
    )
    (line,) = status_lines(g, {1: Scripted("JH/8")})
    assert "| request: a jack or a joker, through Seat 1's turn |" in line


def test_the_others_show_who_is_out_and_who_waits_out_missed_turns() -> None:
    g = Game.from_position(
        "polish", hands=["4H 4S 9C 8D", "5S 6S 7S", ""], pile="5H", stock="2C 3C 4C 5C 6H"
    )
    first, second = status_lines(g, {1: Scripted("pass")}, "4H 4S\nquit\n")
    assert first.endswith("| others 1:3, 2:out")
    assert second.endswith("| others 1:3 (misses 1), 2:out")


# ----- a forgotten Macau ------------------------------------------------------------------
FORGETS = dict(pile="5H", stock="2C 3C 4C 5C 6C JD 8S 9S 10S")
CATCH_PROMPT = 'Seat 1 forgot to call Macau: type "stop 1" to catch them, or press Enter> '


def test_you_are_asked_first_when_a_bot_forgets_macau() -> None:
    g = Game.from_position("polish", hands=["9C 8D 10D", "7H 8C", "5S 6S 7S"], current=1, **FORGETS)
    seat2 = Scripted(catches=True)
    text = played_from(g, {1: Scripted("7H"), 2: seat2}, "stop 1\nquit\n")
    assert "  Seat 1 has one card and did not call Macau\n" + CATCH_PROMPT in text
    assert "  You: stop Macau! Seat 1 draws 5\n" in text
    assert seat2.asked == []  # you caught them first


def test_an_answer_that_is_no_catch_of_the_seat_that_forgot_is_refused_and_asked_again() -> None:
    g = Game.from_position("polish", hands=["9C 8D 10D", "7H 8C", "5S 6S 7S"], current=1, **FORGETS)
    seat2 = Scripted(catches=True)
    text = played_from(
        g, {1: Scripted("7H"), 2: seat2}, "stop 2\n9C\nstop\nzz\nstop 7\nstop 1\nquit\n"
    )
    let_go = 'type "stop 1" to catch Seat 1, or press Enter to let it go'
    assert refusals(text) == [
        f"only Seat 1 forgot to call Macau, so only it can be caught: {let_go}",
        f"this asks about the catch, not for a move: {let_go}",
        f"write the seat number: {let_go}",
        f"'zz' is not an answer here: {let_go}",
        f"there is no seat 7: {let_go}",
    ]
    assert text.count(CATCH_PROMPT) == 6
    assert "  You: stop Macau! Seat 1 draws 5\n" in text
    assert "You laid" not in text  # the 9C typed at the question was not played
    assert seat2.asked == []


def test_enter_after_a_refused_answer_still_lets_the_forgotten_call_go() -> None:
    g = Game.from_position(
        "polish", hands=["9C 8D 10D", "7H 8C", "5S 6S 7S", "9H 10H"], current=1, **FORGETS
    )
    seat3 = Scripted(catches=False)
    text = played_from(g, {1: Scripted("7H"), 2: Scripted("7S"), 3: seat3}, "stop 2\n\nquit\n")
    assert text.count(CATCH_PROMPT) == 2
    assert "stop Macau!" not in text
    assert seat3.asked == [3]  # the bots had their chance once you let it go


def test_the_end_of_the_input_at_the_catch_question_ends_the_game() -> None:
    g = Game.from_position("polish", hands=["9C 8D 10D", "7H 8C", "5S 6S 7S"], current=1, **FORGETS)
    text = played_from(g, {1: Scripted("7H"), 2: Scripted(catches=True)}, "stop 2\n")
    assert text.endswith(CATCH_PROMPT + "\nYou left the game with its round unfinished.\n")


def test_any_bot_may_catch_a_forgotten_macau_not_only_the_next_to_play() -> None:
    g = Game.from_position(
        "polish", hands=["9C 8D 10D", "7H 8C", "5S 6S 7S", "9H 10H"], current=1, **FORGETS
    )
    seat2, seat3 = Scripted(catches=False), Scripted(catches=True)
    text = played_from(g, {1: Scripted("7H"), 2: seat2, 3: seat3}, "\nquit\n")
    assert CATCH_PROMPT in text  # you let it go with Enter
    assert "  Seat 3: stop Macau! Seat 1 draws 5\n" in text
    # Seat 2 is to act: the catch waits among its moves, so only seat 3 is asked here.
    assert (seat2.asked, seat3.asked) == ([], [3])


def test_the_bot_to_act_finds_the_catch_among_its_moves_as_in_the_window() -> None:
    g = Game.from_position(
        "polish", hands=["9C 8D 10D", "7H 8C", "5S 6S 7S", "9H 10H"], current=1, **FORGETS
    )
    seat2, seat3 = Scripted("stop 1", catches=True), Scripted(catches=False)
    text = played_from(g, {1: Scripted("7H"), 2: seat2, 3: seat3}, "\nquit\n")
    assert "  Seat 2: stop Macau! Seat 1 draws 5\n" in text
    assert (seat2.asked, seat3.asked) == ([], [3])


def test_the_bots_may_catch_you_and_you_see_the_cards_you_draw() -> None:
    g = Game.from_position("polish", hands=["8H 9C", "5S 6S 7S", "6D 7D"], current=0, **FORGETS)
    seat1, seat2 = Scripted(catches=False), Scripted(catches=True)
    text = played_from(g, {1: seat1, 2: seat2}, "8H\nquit\n")
    assert "forgot to call Macau" not in text  # nobody asks you to catch yourself
    assert "  You have one card and did not call Macau\n" in text
    assert "  Seat 2: stop Macau! You draw 5: 2♣ 3♣ 4♣ 5♣ 6♣\n" in text
    assert (seat1.asked, seat2.asked) == ([], [2])  # seat 1 is to act: its moves hold the catch


@pytest.mark.parametrize(
    ("level", "odds"), [("random", 0.3), ("easy", 0.4), ("medium", 0.75), ("hard", 0.95)]
)
def test_a_bot_at_the_table_catches_at_its_level_odds_from_its_own_seed(
    level: str, odds: float
) -> None:
    from game.bots import bot_stream
    from game.textgame import BotSeat

    # docs/bots.md: a bot not to move notices a forgotten call with its level's odds.
    view = Game.from_position("polish", hands=["8H 9C", "5S 6S"], pile="5H").view(1)
    answers = [BotSeat(level, bot_stream(seed)).wants_to_catch(view, 0) for seed in range(600)]
    assert abs(sum(answers) / len(answers) - odds) < 0.08
    # One seat's own stream: the same seed answers the same way, another seed otherwise.
    again = [BotSeat(level, bot_stream(seed)) for seed in (7, 7, 8)]
    runs = [[seat.wants_to_catch(view, 0) for _ in range(40)] for seat in again]
    assert runs[0] == runs[1] != runs[2]


# ----- a match to points ------------------------------------------------------------------
STOCK = "2C 3C 4C 5C 6C JD 8D 9S 10S"


def test_a_points_preset_plays_round_after_round_with_the_totals() -> None:
    g = Game.from_position("classic", hands=["9H", "7S 8S"], pile="5H", stock=STOCK)
    dealt = g.copy()
    dealt.apply("9H")
    dealt.next_round()
    text = played_from(g, {1: Scripted()}, "9H\n\nquit\n")
    assert (
        "Points charged in round 1 (the match ends when a total reaches 500):\n"
        "  You         0   total    0   went out\n"
        "  Seat 1     10   total   10   held 7♠ 8♠\n"
        "Press Enter for the next round (q to quit)> \n"
        f"Round 2: You deal 5 cards each; {dealt.top.pretty} starts the pile.\n"
    ) in text
    assert g.round_no == 2
    assert "Finishing order" not in text
    # Without points, one round.
    g = Game.from_position("polish", hands=["9H", "7S 8S"], pile="5H", stock=STOCK)
    assert played_from(g, {1: Scripted()}, "9H\n").endswith("\nFinishing order: You, Seat 1\n")


def test_a_round_played_out_for_places_ends_with_the_finishing_order() -> None:
    g = Game.from_position("polish", hands=["9H", "7S 7D", "9C 9D"], pile="5H", stock=STOCK)
    text = played_from(g, {1: Scripted("draw", "pass"), 2: Scripted("9C 9D")}, "9H\n")
    assert text.endswith("\nFinishing order: You, Seat 2, Seat 1\n")


def test_the_first_out_wins_and_the_others_are_placed_by_the_cards_they_hold() -> None:
    g = Game.from_position("quick", hands=["7H", "2C 3C", "8D 9D"], pile="9S 10H", stock="KC KD")
    text = played_from(g, {1: Scripted(), 2: Scripted()}, "7H\n")
    assert g.places == (1, 2, 2)
    assert text.endswith(
        "  the round is over\n"
        "\n"
        "You win the round.\n"
        "Places by cards left (a tie shares a place):\n"
        "  1. You      went out\n"
        "  2. Seat 1   held 2♣ 3♣\n"
        "  2. Seat 2   held 8♦ 9♦\n"
    )
    assert "Finishing order" not in text


def test_a_blocked_round_is_won_by_the_fewest_cards_and_may_be_shared() -> None:
    g = Game.from_position("quick", hands=["9S", "9C 8C 7C", "10D 10C"], pile="5H", stock="")
    text = played_from(g, {1: Scripted(), 2: Scripted()}, "pass\n")
    assert text.endswith(
        "You win the round with the fewest cards left.\n"
        "Places by cards left (a tie shares a place):\n"
        "  1. You      held 9♠\n"
        "  2. Seat 2   held 10♦ 10♣\n"
        "  3. Seat 1   held 7♣ 8♣ 9♣\n"
    )
    g = Game.from_position("quick", hands=["9S", "9C 8C", "10D"], pile="5H", stock="")
    text = played_from(g, {1: Scripted(), 2: Scripted()}, "pass\n")
    assert "\nYou and Seat 2 share first place.\n" in text
    assert "  1. You      held 9♠\n  1. Seat 2   held 10♦\n  3. Seat 1   held 8♣ 9♣\n" in text


def test_the_match_ends_with_the_final_standings() -> None:
    g = Game.from_position(
        "tel_aviv", hands=["9H", "7S 8S", "KH"], pile="5H", stock=STOCK, scores=[100, 495, 20]
    )
    text = played_from(g, {1: Scripted(), 2: Scripted()}, "9H\n")
    assert text.endswith(
        "Final standings (the lowest total wins):\n"
        "  1. You       100\n"
        "  2. Seat 2    170\n"
        "  3. Seat 1    505\n"
        "Seat 1 (505) reached the target of 500 points: the match is over.\n"
        "You win the match.\n"
    )
    assert "Press Enter" not in text


def test_each_charge_is_shown_beside_the_cards_it_was_charged_for() -> None:
    # Classic: a joker alone is 140, the king of hearts 150; a long hand wraps under itself.
    long = "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 3H 4H 6H 7H 8H 10H JH QH"
    g = Game.from_position("classic", hands=["9H", "BJ", "KH 2C", long], pile="5H", stock="4D 6D")
    text = played_from(g, {1: Scripted(), 2: Scripted(), 3: Scripted()}, "9H\nquit\n")
    summary = text.split("Points charged in round 1")[1].split("Press Enter")[0]
    assert summary.splitlines()[1:] == [
        "  You         0   total    0   went out",
        "  Seat 1    140   total  140   held black joker",
        "  Seat 2    170   total  170   held K♥ 2♣",
        "  Seat 3    180   total  180   held 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ 3♥ 4♥ 6♥",
        "                                    7♥ 8♥ 10♥ J♥ Q♥",
    ]
    assert max(len(line) for line in summary.splitlines()) <= 78


@pytest.mark.parametrize(("preset", "first"), [("tel_aviv", "Round 1: "), ("polish", "")])
def test_a_fresh_deal_says_who_dealt_it_and_the_card_turned_up(preset: str, first: str) -> None:
    for seed in range(6):
        dealt = Game.new(PRESETS[preset], seats=3, seed=seed)
        text = played("quit\n", preset=preset, seats=3, seed=seed)
        who = "You deal" if dealt.dealer == 0 else f"Seat {dealt.dealer} deals"
        deal = f"{who} 5 cards each; {dealt.top.pretty} starts the pile."
        assert f"{help_text(PRESETS[preset])}\n{first}{deal}\n" in text


# ----- listing the legal moves ------------------------------------------------------------
def listed(text: str) -> list[list[str]]:
    """The moves of each listing in ``text`` ("Legal: ..." and its wrapped lines)."""
    listings: list[list[str]] = []
    for line in text.split("your move> ")[1:]:
        block = line.split("\n…")[0].split("\n[")[0].strip()
        if not block.startswith("Legal: "):
            continue
        for row in block.splitlines():
            assert len(row) <= 78
        moves = block.removeprefix("Legal: ").replace("\n", " ").split(",")
        listings.append([" ".join(m.split()) for m in moves])
    return listings


def test_a_long_list_of_moves_is_cut_short_and_wrapped() -> None:
    g = Game.from_position(
        "hungarian", hands=["RJ BJ 5H 6H 7H 8H 5S", "7S 8S"], pile="9H", stock="2C 3C 4C"
    )
    every = [str(a) for a in g.legal_actions()]
    text = played_from(g, {1: Scripted()}, "?\n??\n")
    short, full = listed(text)
    assert short == every[:40]
    assert (
        f"\n… and {len(every) - 40} more (type a move in notation; `??` lists them all)\n" in text
    )
    assert full == every
    assert text.count("more (type a move") == 1


# ----- what is typed ----------------------------------------------------------------------
def refusals(text: str) -> list[str]:
    return [line.split("not allowed: ")[1] for line in text.splitlines() if "not allowed" in line]


def test_typing_mistakes_are_answered_in_a_players_words() -> None:
    g = Game.from_position(
        "polish", hands=["KH 5C 9D", "7S 8S", "6D 7D"], pile="5H", stock="2C 3C 4C"
    )
    text = played_from(
        g,
        {1: Scripted(), 2: Scripted()},
        "draw draw\n9D,draw\nKH KH\nstop 9\nKH 5C 5C\nquit\n",
    )
    assert refusals(text) == [
        "type one move at a time",
        "type one move at a time",  # (a comma parts the moves too)
        "K♥ is listed twice but you hold one",
        "there is no seat 9 (seats 0–2)",
        "5♣ is listed twice but you hold one",
    ]


def test_nobody_is_caught_where_macau_is_called_automatically() -> None:
    text = played("stop 1\nquit\n", preset="quick")
    assert refusals(text) == ["Macau is called automatically in these rules: nobody forgets it"]


def test_refusals_and_the_prompt_say_the_rule_in_words_not_option_names() -> None:
    g = Game.from_position(
        "hungarian", hands=["9C AC 5C 6D 7S JH 8S", "9S 6S 8D 10D 4C"], pile="5S 9H", stock="4H 4D"
    )
    text = played_from(g, {1: Scripted()}, "AC/H\nJH/Q\nquit\n")
    assert refusals(text) == [
        "A♣ cannot name 'H': name a suit other than hearts, the suit in force; allowed: S, D, C",
        "J♥ cannot name 'Q': a jack requests one of 5, 6, 7, 8, 9, 10 or '-'; allowed: 5, 6, 7, "
        "8, 9, -",
    ]
    assert "[your turn] your move> " in text
    g = Game.from_position(
        "polish",
        hands=["9C AC 5C 6D", "AS 6S 8D 10D 4C"],
        pile="5S 9S",
        stock="4H 4D 6H",
        current=1,
    )
    g.apply("AS/H")
    assert "[suit request] your move> " in played_from(g, {1: Scripted()}, "quit\n")


def test_the_greeting_says_when_a_match_to_points_is_played() -> None:
    assert "You are seat 0. A match to 500 points." in played("quit\n", preset="tel_aviv")
    assert "points" not in played("quit\n", preset="quick").split("Type a move")[0]


def test_more_bot_levels_than_other_seats_are_refused() -> None:
    err = io.StringIO()
    code = run_text_game(
        "polish", 2, 1, "easy,hard", io.StringIO("quit\n"), io.StringIO(), stderr=err
    )
    assert code == 2 and "2 bot levels for 1 other seat" in err.getvalue()


def test_a_line_far_too_long_for_a_move_is_refused_without_echoing_it() -> None:
    out = played("x" * 100_000 + "\n")
    assert "not allowed: a move is a few words, not 100,000 characters" in out
    assert "x" * 1000 not in out


def test_the_moves_of_a_hand_of_millions_of_plays_are_listed_only_in_part(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from game.engine import PRESETS
    from game.textgame import _only_completion

    hand = "9C 7S 7C 7D 3H 7C 7H 8H 9D RJ RJ JD 4C QD BJ 6C 8C KD 4H 10D 4D JC BJ 6H 4H"
    others = ["5S 5H", "5C", "6S", "6D", "8S", "8D", "9S"]
    g = Game.from_position(PRESETS["hungarian"], [hand, *others], pile="10C", stock="2S 2H 2C")
    bots = {s: Scripted() for s in range(1, 8)}

    def refuse(self: Game, seat: object = None) -> list[object]:
        raise AssertionError("every play listed")

    monkeypatch.setattr(Game, "legal_actions", refuse)
    text = played_from(g.copy(), bots, "?\nquit\n")
    assert "and others besides" in text
    typed = parse_action("JC")  # several requests fit: left as typed, for the engine to refuse
    assert _only_completion(g, typed, 0) is typed


def test_once_you_are_out_a_round_the_bots_cannot_finish_is_stopped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from game import textgame

    monkeypatch.setattr(textgame, "ALONE_LIMIT", 3)
    g = Game.from_position(
        "polish",
        hands=["9H", "9C 8D 10D 5S", "5H 6S 7S 6C", "KD 8S 5C 6D"],
        pile="9D",
        stock="4H 4C 4D 4S 6H 7C 7D 8C 8H 10C 10S",
    )
    text = played_from(g, {s: Scripted() for s in (1, 2, 3)}, "9H\n")
    assert "The bots played 3 moves without finishing: the round is stopped." in text
    assert "the round is over (stopped)" in text and "(blocked)" not in text
    assert g.over and g.blocked and g.places[0] == 1
    assert "You win the round." in text and "Places by cards left" in text


def test_a_catch_that_needs_a_reshuffle_still_names_the_cards_drawn() -> None:
    from game.textwords import narrate

    g = Game.from_position(
        PRESETS["polish"],
        hands=["9H 10H", "6D 4D 9S 8S", "5D 7D 8C 7C"],
        pile="8D 5H 6H 7H",
        stock="10C JC",
        current=0,
    )
    g.apply("9H")  # one card left, Macau not called
    events = g.apply(Stop(0), seat=1)
    lines = narrate(events, 0)
    # The reshuffle first, as before a penalty taken: the stock it tells of is the one the
    # cards named after it were drawn from.
    assert lines[0] == "the pile was shuffled into a new stock (4 cards)"
    assert lines[1].startswith("Seat 1: stop Macau! You draw 5: 10♣ J♣ ")
    # The others see only how many were drawn, after the same reshuffle.
    assert narrate(events, 2)[:2] == [lines[0], "Seat 1: stop Macau! Seat 0 draws 5"]


def test_the_status_line_says_what_answers_and_how_long_a_request_lasts() -> None:
    # The window's marker and line tell these; the terminal's status line did not.
    stock = "4C 4D 5C 5D 6H 6S 7C 7S"
    for scope, lasting in (("next", "(you only)"), ("until_met", "(until that suit is laid)")):
        rules = PRESETS["polish"].replace(ace_scope=scope)
        g = Game.from_position(rules, ["9C 8C 7D", "9D 10D", "AS 9H 10H"], "5S", stock, 2)
        g.apply("AS/D")
        assert g.current == 0
        assert f"suit request: diamonds {lasting}" in status(g, 0)
    g = Game.from_position("polish", ["2S 3H 7D 8C", "9D 10D", "2H 9H 10H"], "5H", stock, 2)
    g.apply("2H")
    assert g.current == 0
    assert "| To draw: 2 (or fight back with a 2, 3♥ or K♥) |" in status(g, 0)
    # The cards that fight back and those that cancel the stack are told apart.
    g = Game.from_position("classic", ["2S 7D 8C", "9D 10D", "2H 9H 10H"], "5H", stock, 2)
    g.apply("2H")
    words = "fight back with a 2, a 3, K♠, K♥ or a joker, or cut it with a 7"
    assert f"| To draw: 2 (or {words}) |" in status(g, 0)


def test_bytes_that_are_not_utf8_are_echoed_as_replacement_characters() -> None:
    # A terminal in another encoding: Python reads the bytes as lone surrogates.
    typed = b"zz\xff\n".decode("utf-8", "surrogateescape")
    text = played(f"{typed}\ud800\nquit\n")
    assert refusals(text)[:2] == [
        "'zz\ufffd' is not a card: '\ufffd' is not a suit (use S, H, D or C)",
        "'\ufffd' is not a card (examples: 7H, 10S, QD, RJ)",
    ]


def test_the_status_line_names_a_requested_face_card_and_the_seat_it_binds_through() -> None:
    from tests.engine.conftest import face_card_requested

    g = face_card_requested()
    assert "request: aces or a jack, through Seat 0's turn" in status(g, 1)
    rules = PRESETS["polish"].replace(name="custom", power_after_out=True)
    hands = ["JH", "5C 6C 8C 10C KD", "5D 6D 9S 10S QD"]
    g = Game.from_position(rules, hands=hands, pile="5H", stock="7D 7C 7S 8D 8S 2D 3D")
    g.apply("JH/8")  # the jack's player is out: the last seat still in is bound last
    assert "request: 8s or a jack, through Seat 2's turn" in status(g, 1)


# ----- a narrow terminal ------------------------------------------------------------------
def test_a_narrow_terminal_gets_lines_broken_between_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    wide = played("?\nhelp\nquit\n", preset="hungarian", seats=4, seed=5)
    assert any(len(line) > 60 for line in wide.splitlines())  # a file or pipe: as laid out
    monkeypatch.setenv("COLUMNS", "40")
    text = played("?\nhelp\nquit\n", preset="hungarian", seats=4, seed=5)
    prompt = "your move> "  # (echoed input would end its line in a terminal)
    lines = [part for line in text.splitlines() for part in line.split(prompt)]
    assert all(len(line) <= 39 for line in lines), [x for x in lines if len(x) > 39]
    # Nothing is lost: the same words, only broken into more lines.
    assert "".join(wide.split()) == "".join(text.split())
    # COLUMNS=0 is no width, as a terminal that says 0 is: laid out as for a file or pipe.
    monkeypatch.setenv("COLUMNS", "0")
    assert played("?\nhelp\nquit\n", preset="hungarian", seats=4, seed=5) == wide


def test_a_narrow_terminal_gets_its_prompts_broken_too(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "40")
    text = played("draw\npass\n" * 200, seats=3, seed=2, bots="easy")
    asked = 'forgot to call Macau: type "stop'
    assert asked in " ".join(text.split())  # an easy bot forgot, and the catch was offered
    lines = [line for line in text.splitlines() if "forgot" in line or "press Enter" in line]
    assert lines and all(len(line.split("> ")[0]) <= 39 for line in lines), lines


def test_macau_typed_alone_and_invisible_characters_are_told_in_a_players_words() -> None:
    held = Game.new("polish", seats=2, seed=4).hand(0)[0]
    text = played(f"Macau!\nmacau\n{held.code}\u200b\u2060\nquit\n")
    told = refusals(text)
    assert (
        told[:2]
        == ["Macau is called with the cards that leave you one: '!' after them, such as 7H!"] * 2
    )
    assert "not a card" not in " ".join(told)


def test_a_match_to_one_point_says_point() -> None:
    text = played("quit\n", preset="classic")
    assert "A match to 500 points." in text
    rules = PRESETS["classic"].replace(target=1)
    g = Game.from_position(rules, hands=["9H", "5C 6C"], pile="9D", stock="2S 3S 4S 5S")
    text = played_from(g, {1: Scripted()}, "9H\nquit\n")
    assert "Seat 1 (10) reached the target of 1 point: the match is over." in text
    assert "1 points" not in text


@pytest.mark.parametrize("columns", [0, 1, 5])
def test_a_terminal_of_no_size_or_a_tiny_one_is_played_in_all_the_same(
    columns: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Terminal(io.StringIO):
        def fileno(self) -> int:
            return 1

    monkeypatch.setattr(
        textgame.os, "get_terminal_size", lambda fd=1: os.terminal_size((columns, 24))
    )
    out = Terminal()
    assert run_text_game("polish", 2, 4, "random", io.StringIO("?\nhelp\nquit\n"), out) == 0
    prompt = "> "  # (echoed input would end its line in a terminal; the prompt is broken too)
    lines = [part for line in out.getvalue().splitlines() for part in line.split(prompt)]
    if columns == 0:  # (a size never given: as a file is)
        assert any(len(line) > 40 for line in lines)
    else:  # as narrow as lines are kept: 20 columns
        assert max(len(line) for line in lines) == 19


# ----- leaving, and what a line may hold ------------------------------------------------------
def test_a_lone_q_at_a_move_is_the_queen_without_its_suit_not_a_quit() -> None:
    """q once ended the game without a word, a match of many rounds too: at a move it is
    the queen's rank, asked for its suit like K or A, with the word that leaves."""
    text = played("q\nQ\nhelp\nquit\n")
    assert text.count(HELP) == 2  # the game read on after both
    assert refusals(text) == [
        "'Q' needs a suit: QS, QH, QD or QC (to leave the game, type quit)",
        "'Q' needs a suit: QS, QH, QD or QC (to leave the game, type quit)",
    ]


def test_leaving_a_points_match_tells_the_totals_it_stood_at() -> None:
    g = Game.from_position("classic", hands=["9C", "KH 4D 8S"], pile="9H", stock="5C 6C 7C 8C")
    text = played_from(g, {1: Scripted()}, "9C\nq\n")
    assert "Press Enter for the next round (q to quit)> " in text
    assert text.endswith(
        "You left the match after 1 round. Totals so far (the lowest total wins):\n"
        "  1. You         0\n"
        "  2. Seat 1    160\n"
    )
    # A round left before it is over has no totals to tell: only the round left is said.
    g = Game.from_position("classic", hands=["9C 5D", "KH 4D 8S"], pile="9H", stock="5C 6C 7C")
    text = played_from(g, {1: Scripted()}, "quit\n")
    assert "Totals so far" not in text
    assert text.endswith("You left the game with its round unfinished.\n")
    # Left in the second round: the totals, and the round left unfinished (it read as
    # leaving between rounds).
    g = Game.from_position("classic", hands=["9C", "KH 4D 8S"], pile="9H", stock="5C 6C 7C 8C")
    text = played_from(g, {1: Scripted()}, "9C\n\nquit\n")
    assert "Round 2:" in text
    assert "You left the match after 1 round, round 2 unfinished. Totals so far" in text


def test_an_arrow_key_and_a_word_of_junk_are_told_in_short() -> None:
    """Read from a pipe, an arrow key arrives as its escape sequence; a word of junk just
    short of the longest line read is quoted cut short, not filling the screen."""
    text = played("\x1b[A\n" + "x" * 990 + "\nquit\n")
    assert refusals(text) == [
        "the arrow and editing keys do nothing here: type the move, then press Enter",
        f"'{'x' * 39}…' is not a card or a move: type help for the moves, or ? for yours",
    ]


def test_the_moves_listed_keep_to_a_narrow_terminal_whole(monkeypatch) -> None:
    """At 50 columns "3D 8D AD/S" is not parted into "3D 8D" (itself a move) and "AD/S"."""
    monkeypatch.setenv("COLUMNS", "50")
    text = played("?\nquit\n", preset="hungarian", seed=44)
    listing = text.split("Legal:", 1)[1].split("your move>", 1)[0]
    g = Game.new(PRESETS["hungarian"], seats=2, seed=44)
    items: list[str] = []
    for line in ("Legal:" + listing).splitlines():
        if line.startswith(("[", "…")):
            break  # the prompt again, or the count of the moves not listed
        assert len(line) <= 49, line
        items += [i for i in line.replace("Legal:", "").strip().rstrip(",").split(", ") if i]
    assert len(items) > 5
    assert items == [str(a) for a in g.legal_actions()][: len(items)]


def _at_a_terminal(keys: list[str], tmp_path: object) -> str:
    """What ``main.py text`` prints at a real terminal (a pseudo-terminal, where lines are
    read with editing) for ``keys`` typed one after another, as it answers."""
    import select
    import subprocess
    import sys
    import time
    from pathlib import Path

    master, slave = os.openpty()
    env = {**os.environ, "MACAU_HOME": str(tmp_path), "TERM": "dumb"}
    env.pop("COLUMNS", None)
    root = Path(__file__).resolve().parents[1]
    proc = subprocess.Popen(
        [sys.executable, str(root / "main.py"), "text", "--preset", "classic", "--seed", "3"],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        cwd=root,
    )
    os.close(slave)
    out = b""

    def read(prompts: int, seconds: float) -> None:
        """Read until ``prompts`` prompts have been shown, the game ends, or time is up."""
        nonlocal out
        end = time.monotonic() + seconds
        while out.count(b"> ") < prompts and time.monotonic() < end:
            ready, _, _ = select.select([master], [], [], 0.05)
            if ready:
                try:
                    out += os.read(master, 65536)
                except OSError:
                    return  # the game ended and closed the terminal

    try:
        read(1, 20.0)
        for key in keys:
            shown = out.count(b"> ")
            os.write(master, key.encode())
            read(shown + 1, 10.0)  # the next prompt, or the game's end
        proc.wait(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
    return out.decode(errors="replace")


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="pseudo-terminals are POSIX only")
def test_at_a_terminal_an_empty_line_or_a_key_left_out_asks_again(tmp_path) -> None:
    """With line editing an empty line reads "", as the end of the input used to: Enter, or
    PageUp and Enter, asked again only through a pipe and ended the game at a terminal."""
    text = _at_a_terminal(["\r", "\x1b[5~\r", "?\r", "quit\r"], tmp_path)
    assert "Legal:" in text, text  # still playing after both
    assert text.count("your move> ") >= 4, text


def test_missed_turns_laid_on_a_seat_are_told_as_the_window_tells_them() -> None:
    # "faces", not "must miss … or answer": with every four laid nothing can answer them.
    assert describe(SkipPending(0, 1), 0) == "You face 1 missed turn"
    assert describe(SkipPending(2, 3), 0) == "Seat 2 faces 3 missed turns"

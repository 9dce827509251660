"""The terminal game: what it says, in whose words, and what it does with what is typed."""

from __future__ import annotations

import io

import pytest

from game import textgame
from game.cli import main
from game.engine import PRESETS, Card, Game, parse_action
from game.textgame import HELP, _only_completion, run_text_game


def played(
    lines: str, preset: str = "polish", seats: int = 2, seed: int = 4, bots: str = "random"
) -> str:
    """Everything the game printed for ``lines`` typed at a fresh deal."""
    out = io.StringIO()
    assert run_text_game(preset, seats, seed, bots, io.StringIO(lines), out) == 0
    return out.getvalue()


# ----- starting up ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--seats", "12"], "polish is played by 2 to 8 seats, not 12"),
        (["--preset", "quick", "--seats", "5"], "quick is played by 2 to 4 seats, not 5"),
        (["--bots", "medium,wizard"], "unknown bot level 'wizard'; known levels: random, easy"),
        (["--bots", ","], "no bot levels: give at least one, for example --bots medium,hard"),
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
    assert err.getvalue() == "polish is played by 2 to 8 seats, not 1\n"
    assert out.getvalue() == ""


def test_empty_bot_levels_are_left_out_not_played_as_random(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made: list[str] = []
    real = textgame.make_bot
    monkeypatch.setattr(textgame, "make_bot", lambda level: made.append(level) or real(level))
    played("q\n", seats=4, bots=" medium, ,easy,")
    assert made == ["medium", "easy", "medium"]


# ----- typing -----------------------------------------------------------------------------
def test_the_text_game_refuses_in_its_own_words() -> None:
    held = {x.code for x in Game.new("polish", seats=2, seed=4).hand(0)}
    missing = next(c for c in ("AS", "AH", "AD", "AC") if c not in held)
    text = played(f"{missing}\nzz\nstop 1\nq\n")
    refusals = [line for line in text.splitlines() if "not allowed" in line]
    assert refusals[0].endswith(f"not allowed: you do not hold {Card.parse(missing).pretty}")
    assert refusals[1].endswith(
        "not allowed: 'zz' is not a card: 'z' is not a rank (use 2-10, T, J, Q, K or A)"
    )
    assert "nobody can be caught now" in refusals[2]
    assert not any("seat 0" in line for line in refusals)


def test_the_text_game_shows_its_help_and_the_legal_moves_apart() -> None:
    text = played("help\n?\nq\n")
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
    text = played("\n\nq\n")
    assert "not allowed" not in text
    assert text.count("your move> ") == 3


@pytest.mark.parametrize("word", ["Q", "exit", "EXIT", "Quit"])
def test_any_quit_word_in_any_case_quits(word: str) -> None:
    text = played(f"{word}\nhelp\n")
    assert text.count(HELP) == 1  # nothing after the quit word was read
    assert "not allowed" not in text


def test_the_end_of_the_input_ends_the_prompt_line() -> None:
    text = played("")
    assert text.endswith("your move> \n")

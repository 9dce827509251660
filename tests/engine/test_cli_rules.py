"""The command line's rule-set options: explain a custom set, and play one headless."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main
from game.engine import PRESETS


def test_simulate_checks_a_preset_with_options_changed(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--preset", "tel_aviv", "--set", "macau_call=required", "--set"]
    argv += ["end=places", "--games", "40", "--seats", "3", "--check", "--json"]
    assert main(argv) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["tel_aviv with macau_call=required, end=places"]["games"] == 40


def test_simulate_plays_a_rules_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "house.txt"
    path.write_text(PRESETS["hungarian"].replace(runs=False).to_text(), encoding="utf-8")
    assert main(["simulate", "--rules-file", str(path), "--games", "20", "--check"]) == 0
    assert "20" in capsys.readouterr().out


def test_simulate_refuses_bad_options_clearly(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--set", "runs=maybe", "--games", "3"]) == 2
    assert "expected yes or no" in capsys.readouterr().err


def test_rules_refuses_a_file_that_is_not_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.txt"
    path.write_bytes(b"\xff\xfe\x00bad")
    assert main(["rules", "--rules-file", str(path)]) == 2
    assert "cannot use these rules" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--games", "0"], "argument --games: must be at least 1, not 0"),
        (["--games", "-3"], "argument --games: must be at least 1, not -3"),
        (["--games", "many"], "argument --games: expected a whole number, not 'many'"),
        (["--jobs", "0"], "argument --jobs: must be at least 1, not 0"),
    ],
)
def test_simulate_refuses_counts_below_one(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["simulate", *argv])
    assert exit_.value.code == 2
    assert words in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["nonsense"], "unknown command 'nonsense'; commands: play, simulate, text, rules"),
        (["play", "--seats", "9"], "polish is played by 2 to 8 seats, not 9"),
        (["--frob"], "unknown option '--frob'"),
        (["--seats", "9"], "polish is played by 2 to 8 seats, not 9"),
        (["--preset", "quick", "--seats", "1"], "quick is played by 2 to 4 seats, not 1"),
        (["--preset", "nope"], "unknown preset 'nope'; choose from polish"),
        (["--bots", "medium,wizard"], "unknown bot level 'wizard'; known levels: random"),
        (["--bots", ","], "no bot levels"),
        (["--seats", "3", "--bots", "easy,,easy"], "an empty bot level in --bots 'easy,,easy'"),
        (["--bots", "easy,"], "an empty bot level in --bots 'easy,'"),
        (["--preset", "quick", "--bots", "easy,easy,easy,easy"], "quick seats at most 4: give at"),
        (
            ["--preset", "hungarian", "--seats", "3", "--bots", "hard,easy,easy"],
            "3 bot levels for 2",
        ),
        (
            ["--preset", "romanian", "--seats", "2", "--bots", "hard,easy"],
            "2 bot levels for 1 other seat",
        ),
    ],
)
def test_the_window_is_not_opened_on_a_command_line_it_cannot_follow(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from game import failures

    opened: list[object] = []
    monkeypatch.setattr(failures, "run_guarded", lambda *a, **k: opened.append(a) or 0)
    assert main(argv) == 2
    assert words in capsys.readouterr().err
    assert not opened


def test_a_command_line_it_can_follow_opens_the_window(monkeypatch: pytest.MonkeyPatch) -> None:
    from game import failures

    opened: list[object] = []
    monkeypatch.setattr(failures, "run_guarded", lambda *a, **k: opened.append(a) or 0)
    argv = ["--preset", "hungarian", "--seats", "3", "--bots", "hard,easy", "-psn_0_1234"]
    assert main(argv) == 0
    assert len(opened) == 1


def test_help_lists_every_command_and_preset(capsys: pytest.CaptureFixture[str]) -> None:
    from game.cli import COMMANDS_HELP

    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert COMMANDS_HELP.splitlines()[0] in out
    for command in ("simulate", "text", "rules", "tournament", "stats"):
        assert f"\n  {command} " in out
        with pytest.raises(SystemExit):
            main([command, "--help"])  # each command explains itself
        assert f"usage: macau {command}" in capsys.readouterr().out
    for preset in PRESETS:
        assert preset in out.replace("\n", " ")

"""The tournament harness: rotation, Wilson intervals, the summary and its JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.bots.tournament import cli_main, run_tournament, seat_levels, wilson


def test_seats_rotate_so_every_bot_sits_everywhere() -> None:
    games = [seat_levels(["hard", "medium"], 4, i) for i in range(4)]
    for seat in range(4):
        assert sorted(g[seat] for g in games) == ["hard", "hard", "medium", "medium"]
    assert seat_levels(["a", "b", "c"], 2, 0) == ["a", "b"]


def test_wilson_interval() -> None:
    low, high = wilson(60, 100)
    assert 0.50 < low < 0.51 and 0.69 < high < 0.70
    assert wilson(0, 0) == (0.0, 1.0)


def test_tiny_tournament_summary_has_every_field() -> None:
    s = run_tournament("tel_aviv", 3, ["medium", "easy"], 6, seed=2)
    for key in ("per_bot", "avg_game_length", "capped_games", "played", "preset", "seats"):
        assert key in s
    assert s["played"] == 6
    row = s["per_bot"]["medium"]
    for key in (
        "seat_games",
        "wins",
        "win_rate",
        "win_ci95",
        "avg_place",
        "avg_points_per_round",
        "decision_ms_median",
        "decision_ms_p95",
    ):
        assert key in row
    assert row["avg_points_per_round"] is not None  # tel_aviv scores points
    assert s["per_bot"]["medium"]["seat_games"] + s["per_bot"]["easy"]["seat_games"] == 18


def test_cli_writes_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "t.json"
    args = "--preset polish --seats 2 --bots hard,random --games 4 --iterations 5 --jobs 2"
    code = cli_main([*args.split(), "--json", str(out)])
    assert code == 0
    data = json.loads(out.read_text())
    assert data["iterations"] == 5 and data["played"] == 4
    assert set(data["per_bot"]) == {"hard", "random"}
    assert "win rate" in capsys.readouterr().out


def test_cli_json_to_stdout_and_bad_level(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["--games", "2", "--bots", "easy,random", "--json", "-"]) == 0
    assert json.loads(capsys.readouterr().out)["played"] == 2
    assert cli_main(["--games", "2", "--bots", "easy,genius"]) == 2

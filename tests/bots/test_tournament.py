"""The tournament harness: rotation, Wilson intervals, the summary and its JSON."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from game.bots.tournament import (
    capped_result,
    check_tournament,
    cli_main,
    format_summary,
    merge_results,
    run_tournament,
    seat_levels,
    wilson,
)


def _game_records(path: Path) -> list[dict[str, Any]]:
    """The game lines of a results file (not its header, nor the lines each run starts)."""
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return [record for record in records if "game" in record]


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
    assert ", 6 games, seed 2" in format_summary(s)
    one = run_tournament("polish", 2, ["easy", "random"], 1, seed=2)
    assert ", 1 game, seed 2" in format_summary(one)


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


@pytest.mark.parametrize("where", ["last", "before another option"])
def test_cli_bare_json_prints_json(where: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``--json`` alone is the machine-readable output, as for ``simulate``."""
    args = ["--games", "2", "--bots", "easy,random"]
    args = [*args, "--json"] if where == "last" else ["--json", *args]
    assert cli_main(args) == 0
    assert json.loads(capsys.readouterr().out)["played"] == 2


def _core(summary: dict[str, Any]) -> tuple[object, ...]:
    """What must not depend on how the games were split (decision times do)."""
    rows = {
        level: (row["seat_games"], row["wins"], row["avg_place"], row["avg_points_per_round"])
        for level, row in summary["per_bot"].items()
    }
    return (rows, summary["avg_game_length"], summary["played"], summary["capped_games"])


def test_shards_merged_give_the_whole_tournament(tmp_path: Path) -> None:
    whole = run_tournament("classic", 3, ["medium", "easy", "random"], 18, seed=4)
    paths = []
    for k in range(3):
        path = tmp_path / f"shard{k}.jsonl"
        part = run_tournament(
            "classic", 3, ["medium", "easy", "random"], 18, seed=4, shard=(k, 3), results_path=path
        )
        assert part["played"] == 6 and part["shard"] == f"{k}/3"
        paths.append(path)
    merged = merge_results(paths)
    assert _core(merged) == _core(whole)
    assert merged["games"] == 18 and merged["preset"] == "classic"


def test_a_results_file_resumes_where_the_run_stopped(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    run_tournament("polish", 2, ["medium", "easy"], 6, seed=9, results_path=path)
    assert len(_game_records(path)) == 6
    # The run was killed while writing a game: the cut line is dropped and that game replayed.
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:-1]) + "\n" + lines[-1][:25])
    # Merging only reads: the run that was asked for 6 games holds 5, so it is no whole
    # tournament, and the file is not touched.
    cut = path.read_text()
    with pytest.raises(ValueError, match=r"1 of them is missing from the results files \(5\)"):
        merge_results([path])
    assert path.read_text() == cut
    resumed = run_tournament("polish", 2, ["medium", "easy"], 10, seed=9, results_path=path)
    records = _game_records(path)
    assert sorted(r["game"] for r in records) == list(range(10))
    assert _core(resumed) == _core(run_tournament("polish", 2, ["medium", "easy"], 10, seed=9))


def test_a_budget_unused_at_a_fixed_iteration_count_does_not_part_two_runs(
    tmp_path: Path,
) -> None:
    path = tmp_path / "run.jsonl"
    bots = ["hard", "medium"]
    run_tournament("polish", 2, bots, 2, seed=9, iterations=5, results_path=path)
    run_tournament("polish", 2, bots, 4, seed=9, iterations=5, budget=0.5, results_path=path)
    assert len(_game_records(path)) == 4
    other = tmp_path / "other.jsonl"
    run_tournament("polish", 2, bots, 2, seed=9, iterations=5, budget=0.7, results_path=other)
    assert merge_results([path, other])["played"] == 4
    # With a time budget it decides how the hard bot plays: another budget, another run.
    timed = tmp_path / "timed.jsonl"
    run_tournament("polish", 2, ["medium", "easy"], 2, seed=9, results_path=timed)
    with pytest.raises(ValueError, match=r"different tournament \(budget differs\)"):
        run_tournament("polish", 2, ["medium", "easy"], 4, seed=9, budget=0.5, results_path=timed)


def test_a_results_file_another_run_holds_is_refused_and_left_whole(tmp_path: Path) -> None:
    fcntl = pytest.importorskip("fcntl")  # advisory locks: not on Windows
    path = tmp_path / "run.jsonl"
    run_tournament("polish", 2, ["easy", "random"], 2, seed=3, results_path=path)
    before = path.read_text()
    with path.open("a") as other:  # another run has it open and locked
        fcntl.flock(other.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        with pytest.raises(ValueError, match="in use by another tournament run"):
            run_tournament("polish", 2, ["easy", "random"], 4, seed=3, results_path=path)
    assert path.read_text() == before
    run_tournament("polish", 2, ["easy", "random"], 4, seed=3, results_path=path)  # free again
    assert len(_game_records(path)) == 4


def test_a_results_file_of_another_tournament_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "run.jsonl"
    run_tournament("polish", 2, ["medium", "easy"], 2, seed=9, results_path=path)
    before = path.read_text()
    code = cli_main(
        ["--bots", "medium,easy", "--games", "4", "--seed", "8", "--results", str(path)]
    )
    assert code == 2
    assert "different tournament (seed differs)" in capsys.readouterr().err
    assert path.read_text() == before
    other = tmp_path / "other.jsonl"
    run_tournament("polish", 2, ["medium", "random"], 2, seed=9, results_path=other)
    with pytest.raises(ValueError, match="bots differs"):
        merge_results([path, other])
    broken = tmp_path / "broken.jsonl"
    broken.write_text(before.splitlines()[0] + "\n{oops\n" + before.splitlines()[1] + "\n")
    with pytest.raises(ValueError, match="line 2: not valid JSON"):
        merge_results([broken])
    assert cli_main(["--merge", str(tmp_path / "missing.jsonl")]) == 2
    assert "no such results file" in capsys.readouterr().err


def test_cli_shard_and_merge(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = ["--preset", "quick", "--seats", "2", "--bots", "medium,random", "--seed", "3"]
    base += ["--games", "8"]
    for k in (0, 1):
        path = str(tmp_path / f"s{k}.jsonl")
        assert cli_main([*base, "--shard", f"{k}/2", "--results", path]) == 0
        assert f"shard {k}/2" in capsys.readouterr().out
    files = [str(tmp_path / "s0.jsonl"), str(tmp_path / "s1.jsonl")]
    assert cli_main(["--merge", *files, "--json", "-"]) == 0
    assert json.loads(capsys.readouterr().out)["played"] == 8
    assert cli_main([*base, "--shard", "2/2"]) == 2
    assert cli_main([*base, "--shard", "half"]) == 2
    assert "want K/N" in capsys.readouterr().err


HEADER = json.dumps(
    {
        "tournament": {
            "preset": "polish",
            "rules": "",
            "seats": 2,
            "bots": ["easy", "random"],
            "seed": 1,
            "iterations": None,
            "budget": 0.3,
        }
    }
)
GAME = json.dumps(
    {
        "levels": ["easy", "random"],
        "places": [1, 2],
        "charges": [0, 0],
        "length": 30,
        "times": [[0.001], [0.0001]],
        "capped": False,
        "game": 0,
    }
)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--games", "0"], "games must be at least 1"),
        (["--games", "-3"], "games must be at least 1"),
        (["--bots", ","], "no bot levels: give at least one"),
        (["--iterations", "0"], "iterations must be from 1 to 100,000"),
        (["--bots", ""], "no bot levels: give at least one"),
        (["--bots", "hard,,medium"], "an empty bot level in --bots 'hard,,medium'"),
        (["--bots", ",medium,"], "an empty bot level in --bots ',medium,'"),
        (["--iterations", "100001"], "iterations must be from 1 to 100,000"),
        (["--budget", "-1"], "budget must be a number of seconds above 0 and at most 600"),
        (["--budget", "inf"], "budget must be a number of seconds above 0"),
        (["--budget", "1e300"], "at most 600, not 1e+300"),
        (["--shard", "1/2", "--games", "2"], "shard 1/2 holds no deal of 2 games (1 deal of 2"),
        (["--json", ""], "--json needs a file name"),
        (["--results", "/no/such/folder/r.jsonl"], "cannot keep results in /no/such/folder"),
        (["--preset", "bogus"], "unknown preset 'bogus'; choose from polish"),
        (["--merge", "x.jsonl"], "--merge reads the tournament from its results files: leave out"),
        (["--jobs", "0"], "jobs must be at least 1"),
        (["--bots", "easy,random,medium"], "3 bot levels for 2 seats: give --seats 3 or fewer"),
        (
            ["--preset", "quick", "--bots", "easy,easy,easy,easy,easy"],
            "5 bot levels for 2 seats: quick seats at most 4: give at most 4 levels",
        ),
        (["--seats", "0"], "played by 2 to 8 seats, not 0"),
        (["--json", "/no/such/folder/out.json"], "cannot write JSON to /no/such/folder/out.json"),
    ],
)
def test_cli_refuses_settings_that_cannot_make_a_tournament(
    args: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli_main(["--bots", "easy,random", "--games", "4", *args]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_a_count_of_games_that_is_refused_gets_no_note_about_rotations(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli_main(["--bots", "easy,random", "--games", "-3"]) == 2
    assert "multiple" not in capsys.readouterr().err


@pytest.mark.parametrize(
    ("lines", "words"),
    [
        (['{"tournament": {}}'], "the tournament header lacks 'preset'"),
        ([HEADER, '{"game": 0, "places": [1, 2]}'], "line 2: not a game record"),
        ([HEADER, GAME.replace('"easy", "random"', '"hard", "random"')], "not this tournament's"),
        ([HEADER, GAME.replace("[1, 2]", "[1]")], "a place from 1 to 2 for each seat"),
        ([HEADER, GAME.replace('"capped": false', '"capped": 0')], "whether it was capped"),
        ([HEADER.replace('"easy", "random"', '"easy", "wizard"')], "bots are ['easy', 'wizard']"),
        # Figures no run writes: they would be summed into averages that mean nothing.
        ([HEADER, GAME.replace("[[0.001], [0.0001]]", "[[NaN], [0.1]]")], "decision times"),
        ([HEADER, GAME.replace("[[0.001], [0.0001]]", "[[Infinity], [0.1]]")], "decision times"),
        ([HEADER, GAME.replace("[[0.001], [0.0001]]", "[[-5], [0.1]]")], "decision times"),
        ([HEADER, GAME.replace('"length": 30', '"length": -3')], "its length"),
        ([HEADER, GAME.replace('"charges": [0, 0]', '"charges": [0, -4]')], "points charged"),
        ([HEADER.replace('"budget": 0.3', '"budget": NaN')], "header's budget is nan"),
        ([HEADER.replace('"budget": 0.3', '"budget": ' + "9" * 400)], "header's budget is"),
        ([HEADER.replace('"iterations": null', '"iterations": 0')], "header's iterations are 0"),
        ([HEADER.replace('"seats": 2', '"seats": 99')], "header's seats are 99"),
        ([HEADER.replace('"seats": 2', '"seats": 1')], "header's seats are 1"),
    ],
)
def test_merging_a_damaged_results_file_says_what_is_wrong(
    lines: list[str], words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "r.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert cli_main(["--merge", str(path)]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_merging_a_file_that_is_not_text_names_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "r.jsonl"
    path.write_bytes(bytes(range(128, 256)))
    assert cli_main(["--merge", str(path)]) == 2
    assert f"{path}: not a tournament results file (not text)" in capsys.readouterr().err


def test_merging_something_that_never_ends_stops_at_the_first_overlong_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    zero = Path("/dev/zero")
    if not zero.exists():
        pytest.skip("no /dev/zero on this system")
    assert cli_main(["--merge", str(zero)]) == 2
    assert "line 1: too long for a game record" in capsys.readouterr().err


@pytest.mark.parametrize("flag", ["--results", "--merge"])
def test_json_is_never_written_over_a_results_file(
    flag: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kept = tmp_path / "kept.jsonl"
    kept.write_text(HEADER + "\n" + GAME + "\n", encoding="utf-8")
    (tmp_path / "link.jsonl").symlink_to(kept)
    for json_path in (kept, tmp_path / "link.jsonl", tmp_path / "." / "kept.jsonl"):
        args = ["--bots", "easy,random", "--games", "2"] if flag == "--results" else []
        args += [flag, str(kept), "--json", str(json_path)]
        assert cli_main(args) == 2
        assert "would write over the results file" in capsys.readouterr().err
    assert kept.read_text(encoding="utf-8") == HEADER + "\n" + GAME + "\n"


def test_cli_notes_games_that_do_not_fill_the_rotations(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli_main(["--bots", "easy,random", "--games", "3", "--seats", "2"]) == 0
    assert "not a multiple of 2 seats" in capsys.readouterr().err


def test_cli_refuses_a_json_path_that_is_a_folder_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli_main(["--bots", "easy,random", "--games", "4", "--json", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "it is a folder" in err and "Traceback" not in err


def test_a_seat_count_out_of_range_is_refused_without_a_note_about_rotations(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli_main(["--bots", "easy,random", "--games", "4", "--seats", "9"]) == 2
    err = capsys.readouterr().err
    assert "not 9" in err and "multiple" not in err


def test_json_that_cannot_be_written_after_the_games_is_printed_instead(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "out.json"
    real_open = open

    def refusing(file: object, mode: str = "r", *a: object, **k: object) -> object:
        if str(file) == str(target) and "w" in mode:
            raise OSError(28, "No space left on device")
        return real_open(file, mode, *a, **k)  # type: ignore[call-overload]

    monkeypatch.setattr("builtins.open", refusing)
    assert cli_main(["--bots", "easy,random", "--games", "2", "--json", str(target)]) == 1
    told = capsys.readouterr()
    # The reason on the error stream, where a script that logs the output still sees it; the
    # games played are not lost: their JSON follows the table on the output.
    assert f"cannot write JSON to {target}: No space left on device" in told.err
    assert "cannot write JSON" not in told.out
    summary = json.loads(told.out[told.out.index("{") :])
    assert summary["games"] == 2


def test_a_results_file_that_cannot_be_opened_is_told_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Root passes the check made before the games (any folder is writable to it) and a
    # system folder still refuses the file: the refusal names the file and the reason.
    target = tmp_path / "r.jsonl"
    real_open = Path.open

    def refusing(path: Path, mode: str = "r", *a: object, **k: object) -> object:
        if path == target and "a" in mode:
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, mode, *a, **k)  # type: ignore[call-overload]

    monkeypatch.setattr(Path, "open", refusing)
    assert cli_main(["--bots", "easy,random", "--games", "2", "--results", str(target)]) == 2
    err = capsys.readouterr().err
    assert f"tournament: cannot keep results in {target}: Permission denied" in err
    assert "Errno" not in err


def test_a_negative_seed_is_refused_rather_than_repeat_another_seeds_deals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Deals follow seed * 1,000,003 + deal and a stream ignores the sign: -1 dealt 1's deals.
    with pytest.raises(SystemExit) as stop:
        cli_main(["--bots", "easy,random", "--games", "2", "--seed", "-1"])
    assert stop.value.code == 2
    assert "a seed is a whole number from 0 up, not -1" in capsys.readouterr().err
    with pytest.raises(ValueError, match="seed must be a whole number from 0 up, not -1"):
        run_tournament("polish", 2, ["easy", "random"], 2, seed=-1)


@pytest.mark.parametrize("iterations", [True, 3.0])
def test_a_count_the_hard_bot_refuses_stops_the_run_before_any_game(iterations: object) -> None:
    with pytest.raises(ValueError, match="iterations must be a whole number"):
        check_tournament("polish", 2, ["hard", "easy"], 2, 1, 1, iterations, 0.3)  # type: ignore[arg-type]


def test_the_library_form_refuses_an_unknown_preset_as_the_engine_does() -> None:
    from game.engine import RulesError

    with pytest.raises(RulesError, match="unknown preset 'nosuch'; choose from polish"):
        run_tournament("nosuch", 2, ["easy", "random"], 2)


@pytest.mark.parametrize(
    "args",
    [
        ["--bots", "foo"],
        ["--jobs", "0"],
        ["--iterations", "-1"],
        ["--budget", "nan"],
        ["--shard", "3/2"],
    ],
)
def test_arguments_are_checked_before_any_note_about_the_games(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli_main(["--games", "1", *args]) == 2
    err = capsys.readouterr().err
    assert "note" not in err and err.startswith("macau tournament: ")


def test_a_round_stopped_at_the_cap_keeps_the_finishing_order_and_shares_equal_places() -> None:
    from game.engine import Game

    # Seats 1 and 2 went out in that order; seats 0 and 4 hold two cards each, seat 3 three.
    g = Game.from_position(
        "polish", hands=["9C 8D", "", "", "5S 6S 7S", "9H 10H"], pile="5H", stock="2C 3C 4C"
    )
    assert g.placings == [1, 2]
    assert capped_result(g, g.rules) == ([3, 1, 2, 5, 3], [0, 0, 0, 0, 0])


def test_a_capped_round_of_a_points_preset_charges_the_cards_left() -> None:
    import dataclasses

    from game.engine import PRESETS, Game

    # classic's card points, played on after the first seat goes out
    rules = dataclasses.replace(PRESETS["classic"], end="places")
    g = Game.from_position(rules, hands=["KH 2C", "", "AS 3D"], pile="5H", stock="2D 3C 4C")
    assert g.placings == [1]
    places, charges = capped_result(g, g.rules)
    points = [sum(c.points for c in g.hand(s)) for s in range(3)]
    assert places[1] == 1 and sorted(places) == [1, 2, 3]
    assert charges == [points[0], 0, points[2]] and charges[0] != charges[2]
    assert places[0] == (2 if points[0] < points[2] else 3)


def test_every_bot_answer_is_applied_for_its_seat_so_the_engine_checks_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from game.bots.tournament import play_game
    from game.engine import PRESETS, Game

    seats_named: list[object] = []
    real_apply = Game.apply

    def spy(self: Game, action: object, seat: object = None) -> Any:
        seats_named.append(seat)
        return real_apply(self, action, seat)

    monkeypatch.setattr(Game, "apply", spy)
    result = play_game(PRESETS["polish"], ["easy", "random"], deal_seed=5, bot_seed=5)
    assert len(seats_named) >= result["length"] > 0
    assert None not in seats_named


@pytest.mark.skipif(sys.platform == "win32", reason="process groups and address-space limits")
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_huge_number_of_games_starts_playing_at_once_in_little_memory(
    jobs: str, tmp_path: Path
) -> None:
    import os
    import resource
    import signal
    import subprocess
    import time

    def little_memory() -> None:
        limit = 1536 * 1024 * 1024  # a list of every game number would need hundreds of GB
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    results = tmp_path / "run.jsonl"
    root = Path(__file__).resolve().parents[2]
    argv = ["--games", "10000000000", "--bots", "random", "--jobs", jobs, "--results", str(results)]
    proc = subprocess.Popen(
        [sys.executable, str(root / "main.py"), "tournament", *argv],
        cwd=tmp_path,
        env={**os.environ, "MACAU_HOME": str(tmp_path), "PYTHONPATH": str(root)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=little_memory,
    )
    deadline = time.monotonic() + 60
    while proc.poll() is None and time.monotonic() < deadline:
        if results.exists() and len(results.read_text().splitlines()) > 8:
            break  # games are being played and kept
        time.sleep(0.2)
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C
    _, err = proc.communicate(timeout=60)
    assert "Traceback" not in err and "MemoryError" not in err
    assert proc.returncode == 130
    assert len(results.read_text().splitlines()) > 8


def test_games_played_in_parallel_are_the_games_played_one_by_one(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    both = ("polish", 2, ["easy", "random"], 40)
    parallel = run_tournament(*both, seed=2, jobs=2, shard=(1, 2), results_path=path)
    assert parallel["played"] == 20
    assert _core(parallel) == _core(run_tournament(*both, seed=2, shard=(1, 2)))
    records = _game_records(path)
    assert sorted(r["game"] for r in records) == [i for i in range(40) if (i // 2) % 2 == 1]


def test_a_file_refused_as_results_is_left_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Its last line looked like one cut short, and was cut before the file was refused.
    path = tmp_path / "notes.jsonl"
    text = '{"a": 1}\n{"b": 2}\nnot json at all, an important note\n'
    path.write_text(text, encoding="utf-8")
    args = ["--bots", "random", "--games", "2", "--results", str(path)]
    assert cli_main(args) == 2
    assert "no tournament header" in capsys.readouterr().err
    assert path.read_text(encoding="utf-8") == text


def test_a_line_nested_too_deep_to_read_is_told_as_damaged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "r.jsonl"
    deep = "[" * 200_000 + "]" * 200_000
    path.write_text(f"{HEADER}\n{deep}\n{GAME}\n", encoding="utf-8")
    assert cli_main(["--merge", str(path)]) == 2
    err = capsys.readouterr().err
    assert "line 2: not valid JSON" in err and "Traceback" not in err


def test_a_results_file_an_earlier_version_wrote_still_merges(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Earlier versions took more bot levels than seats (and wider iteration counts than a
    # run takes now) and wrote them into the header: such a file is no damaged one.
    header = HEADER.replace('"easy", "random"', '"easy", "random", "medium"')
    header = header.replace('"iterations": null', '"iterations": 500000')
    path = tmp_path / "old.jsonl"
    path.write_text(header + "\n" + GAME + "\n", encoding="utf-8")
    assert cli_main(["--merge", str(path), "--json", "-"]) == 0
    assert json.loads(capsys.readouterr().out)["played"] == 1


def test_three_different_levels_also_sit_the_other_way_round_on_every_other_deal() -> None:
    """Play passes to the next seat: rotating alone would have easy take medium's attacks in
    every game of ``medium,easy,random``, and the order of the list decide the result."""
    games = [seat_levels(["medium", "easy", "random"], 3, i) for i in range(6)]
    after = {(g[s], g[(s + 1) % 3]) for g in games for s in range(3)}
    assert ("medium", "easy") in after and ("medium", "random") in after
    for seat in range(3):  # still every level at every seat equally
        assert sorted(g[seat] for g in games) == sorted(["medium", "easy", "random"] * 2)
    # A lineup that is its own reverse up to rotation is seated as it always was.
    lineup = ["hard", "medium", "medium", "medium"]
    assert [seat_levels(lineup, 4, i) for i in range(4, 8)] == [
        seat_levels(lineup, 4, i) for i in range(4)
    ]


def test_a_catch_by_a_seat_not_to_move_counts_in_the_game_length(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from game.bots import tournament
    from game.engine import PRESETS, Game, Stop

    applied: list[bool] = []  # per action applied: whether a seat not to move caught
    real = Game.apply

    def counted(self: Game, action: object, seat: int | None = None) -> object:
        applied.append(isinstance(action, Stop) and seat is not None and seat != self.current)
        return real(self, action, seat)  # type: ignore[arg-type]

    monkeypatch.setattr(Game, "apply", counted)
    lengths = 0
    for deal in range(30):
        result = tournament.play_game(PRESETS["polish"], ["easy"] * 4, 500 + deal, deal)
        lengths += result["length"]
    assert any(applied)  # some seat caught out of turn
    assert lengths == len(applied)


def test_games_seated_one_way_round_by_an_earlier_version_are_refused(tmp_path: Path) -> None:
    """Three different levels now sit both ways round: a results file whose later deals sat
    one way round (as before) would mix two seatings in one summary."""
    import json

    path = tmp_path / "r.jsonl"
    bots = ["easy", "medium", "random"]
    run_tournament("polish", 3, bots, 6, seed=5, results_path=path)
    lines = path.read_text(encoding="utf-8").splitlines()
    records = [json.loads(line) for line in lines]
    for record in records[1:]:
        if record.get("game", -1) >= 3:  # deal 1, seated backwards now: as it was seated before
            record["levels"] = [bots[(s + record["game"]) % 3] for s in range(3)]
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    with pytest.raises(ValueError, match="in the order of an earlier version"):
        run_tournament("polish", 3, bots, 12, seed=5, results_path=path)
    with pytest.raises(ValueError, match="in the order of an earlier version"):
        merge_results([path])


def test_a_path_under_a_file_is_refused_as_a_file_not_a_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plain = tmp_path / "o.txt"
    plain.write_text("kept\n")
    for option in ("--json", "--results"):
        args = ["--bots", "easy,random", "--games", "4", option, str(plain / "x.json")]
        assert cli_main(args) == 2
        err = capsys.readouterr().err
        assert f"{plain} is a file, not a folder" in err and "no folder" not in err
    assert plain.read_text() == "kept\n"


def test_merged_files_that_are_not_one_whole_tournament_are_refused(tmp_path: Path) -> None:
    # Shards of two splits, or one shard alone, would look like a finished tournament.
    def shard(k: int, n: int) -> Path:
        path = tmp_path / f"s{k}of{n}.jsonl"
        run_tournament("polish", 2, ["medium", "easy"], 12, seed=8, shard=(k, n), results_path=path)
        return path

    halves = [shard(0, 2), shard(1, 2)]
    assert merge_results(halves)["games"] == 12
    for paths in ([halves[0], shard(1, 3)], [halves[0]]):
        with pytest.raises(ValueError, match=r"games 0 to \d+ but \d+ of them (is|are) missing"):
            merge_results(paths)
    # The last games never played are missing too: a shard that held the last deal left
    # out, or a run stopped before its last games.
    quarters = [tmp_path / f"q{k}.jsonl" for k in range(4)]
    for k, path in enumerate(quarters):
        run_tournament("polish", 2, ["easy", "random"], 8, seed=1, shard=(k, 4), results_path=path)
    assert merge_results(quarters)["games"] == 8
    with pytest.raises(ValueError, match=r"games 0 to 7 but 2 of them are missing .*\(6, 7\)"):
        merge_results(quarters[:3])
    stopped = tmp_path / "stopped.jsonl"
    run_tournament("polish", 2, ["easy", "random"], 8, seed=1, results_path=stopped)
    stopped.write_text("".join(stopped.read_text().splitlines(keepends=True)[:-2]))
    with pytest.raises(ValueError, match=r"games 0 to 7 but 2 of them are missing .*\(6, 7\)"):
        merge_results([stopped])
    damaged = tmp_path / "damaged.jsonl"
    lines = stopped.read_text().splitlines(keepends=True)
    damaged.write_text(lines[0] + '{"run": {"games": "8"}}\n' + "".join(lines[2:]))
    with pytest.raises(ValueError, match="line 2: a run line with no count of games"):
        merge_results([damaged])
    header_only = tmp_path / "started.jsonl"
    header_only.write_text(halves[0].read_text().splitlines()[0] + "\n")
    with pytest.raises(ValueError, match="hold no game yet"):
        merge_results([header_only])


def test_a_last_game_stopped_before_its_newline_keeps_its_line(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    run_tournament("polish", 2, ["medium", "easy"], 6, seed=6, results_path=path)
    path.write_bytes(path.read_bytes()[:-1])  # the game whole, its newline not written
    resumed = run_tournament("polish", 2, ["medium", "easy"], 10, seed=6, results_path=path)
    records = _game_records(path)
    assert sorted(r["game"] for r in records) == list(range(10))
    assert merge_results([path])["games"] == 10
    assert _core(resumed) == _core(run_tournament("polish", 2, ["medium", "easy"], 10, seed=6))


def test_the_printed_interval_is_rounded_once() -> None:
    # 0 wins of 30: the upper bound is 0.11351, shown 11.4% (11.3% from the JSON's 0.1135).
    summary = run_tournament("polish", 2, ["medium", "easy"], 2, seed=1)
    row = summary["per_bot"]["medium"]
    row.update(wins=0, seat_games=30, win_rate=0.0, win_ci95=[0.0, round(wilson(0, 30)[1], 4)])
    assert wilson(0, 30)[1] == pytest.approx(0.11351, abs=1e-5)
    assert "0.0%-11.4%" in format_summary(summary)


def test_a_merge_covers_the_games_the_last_run_was_asked_for(tmp_path: Path) -> None:
    # A mistyped --games stopped at once, then the run resumed with the count meant: the
    # merge is of that count, not of the ten billion games no run will play.
    path = tmp_path / "run.jsonl"
    run_tournament("polish", 2, ["easy", "random"], 8, seed=4, results_path=path)
    with path.open("a", encoding="utf-8") as sink:
        sink.write(json.dumps({"run": {"games": 10_000_000_000}}) + "\n")
    with pytest.raises(ValueError, match="games 0 to 9999999999 but 9999999992 of them"):
        merge_results([path])
    run_tournament("polish", 2, ["easy", "random"], 8, seed=4, results_path=path)
    assert len(_game_records(path)) == 8  # nothing played again
    assert merge_results([path])["games"] == 8
    # Resumed with fewer games, the merge summarises those, as that run's own summary does.
    fewer = run_tournament("polish", 2, ["easy", "random"], 4, seed=4, results_path=path)
    merged = merge_results([path])
    assert merged["games"] == 4 and _core(merged) == _core(fewer)


def test_a_game_numbered_below_zero_is_refused(tmp_path: Path) -> None:
    # Counted as one of the games, it would stand in for a game missing from the file.
    path = tmp_path / "run.jsonl"
    run_tournament("polish", 2, ["easy", "random"], 4, seed=4, results_path=path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"game": 3', '"game": -1'), encoding="utf-8")
    with pytest.raises(ValueError, match=r"not a game record of this tournament \(no game number"):
        merge_results([path])


def test_a_file_of_an_earlier_version_keeps_its_games_beside_a_newer_one(tmp_path: Path) -> None:
    # A file written before runs said how many games they were asked for stands for every
    # game it holds; another file's count does not cut it short.
    whole = tmp_path / "whole.jsonl"
    run_tournament("polish", 2, ["easy", "random"], 16, seed=3, results_path=whole)
    old = tmp_path / "old.jsonl"
    lines = whole.read_text(encoding="utf-8").splitlines(keepends=True)
    old.write_text("".join(line for line in lines if '"run"' not in line), encoding="utf-8")
    newer = tmp_path / "newer.jsonl"
    run_tournament("polish", 2, ["easy", "random"], 8, seed=3, results_path=newer)
    assert merge_results([old, newer])["games"] == 16
    # Shards whose last runs were asked for different counts are no one tournament.
    halves = [tmp_path / "h0.jsonl", tmp_path / "h1.jsonl"]
    for k, path in enumerate(halves):
        run_tournament("polish", 2, ["easy", "random"], 16, seed=3, shard=(k, 2), results_path=path)
    run_tournament("polish", 2, ["easy", "random"], 8, seed=3, shard=(0, 2), results_path=halves[0])
    with pytest.raises(ValueError, match=r"4 of them are missing .*\(8, 9, 12, 13\)"):
        merge_results(halves)

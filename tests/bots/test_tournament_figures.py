"""What the tournament harness counts, and for whom: decision times of real choices at the
seat that made them, points charged, the same cards for each seating of a deal, shared first
places, places over seat-games, median and p95 in milliseconds, the mean game length, the
Wilson interval, and a resumed or sharded run summarising its own games alone."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.bots import tournament
from game.bots.tournament import play_game, run_tournament, summarise
from game.engine import PRESETS, Game


def _game_lines(path: Path) -> list[str]:
    """The lines of a results file that record a game."""
    return [line for line in path.read_text().splitlines() if '"game"' in line]


def _game(levels: list[str], places: list[int], **kw: Any) -> dict[str, Any]:
    seats = len(levels)
    record = {
        "levels": levels,
        "places": places,
        "charges": [0] * seats,
        "length": 10,
        "times": [[] for _ in range(seats)],
        "capped": False,
        "game": 0,
    }
    record.update(kw)
    return record


def test_decision_times_are_the_seats_own_and_only_real_choices(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """docs/bots.md: decision time over "decisions with at least two legal actions", per level."""
    real = tournament.make_bot
    counts: list[int] = []

    class Spy:
        def __init__(self, bot: Any) -> None:
            self.bot, self.index = bot, len(counts)
            counts.append(0)

        def choose(self, view: Any, legal: Any, rng: Any) -> Any:
            counts[self.index] += len(legal) > 1
            return self.bot.choose(view, legal, rng)

    monkeypatch.setattr(tournament, "make_bot", lambda level, **kw: Spy(real(level, **kw)))
    for deal in range(4):
        counts.clear()
        result = play_game(PRESETS["polish"], ["easy", "random"], 40 + deal, deal)
        assert [len(t) for t in result["times"]] == counts


def test_a_points_round_records_the_points_charged() -> None:
    """pts/round is the average of the points each round charged (points presets)."""
    charged = []
    for deal in range(6):
        result = play_game(PRESETS["classic"], ["easy", "random"], 70 + deal, deal)
        if not result["capped"]:
            charged.append(sum(result["charges"]))
    assert any(charged)


def test_the_two_games_of_a_heads_up_deal_are_dealt_the_same_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Game i plays deal i // seats: every bot plays every seat on the same cards."""
    hands: list[tuple[str, ...]] = []

    class Recording:
        @staticmethod
        def new(*a: Any, **k: Any) -> Game:
            game = Game.new(*a, **k)
            hands.append(tuple(str(game.hand(s)) for s in range(2)))
            return game

    monkeypatch.setattr(tournament, "Game", Recording)
    tournament._run_chunk(("polish", "", 2, ["easy", "random"], [0, 1, 2, 3], 5, None, 0.3))
    assert hands[0] == hands[1] and hands[2] == hands[3] and hands[0] != hands[2]


def test_a_resumed_run_of_fewer_games_summarises_only_its_own(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    run_tournament("polish", 2, ["easy", "random"], 8, seed=3, results_path=path)
    fewer = run_tournament("polish", 2, ["easy", "random"], 4, seed=3, results_path=path)
    assert fewer["played"] == 4
    assert fewer["per_bot"]["easy"]["seat_games"] == 4


def test_running_a_finished_shard_again_replays_nothing(tmp_path: Path) -> None:
    path = tmp_path / "s0.jsonl"
    run_tournament("polish", 2, ["easy", "random"], 12, seed=3, shard=(0, 2), results_path=path)
    before = _game_lines(path)
    again = run_tournament(
        "polish", 2, ["easy", "random"], 12, seed=3, shard=(0, 2), results_path=path
    )
    assert _game_lines(path) == before
    assert again["played"] == 6
    assert sorted(json.loads(x)["game"] for x in before) == [0, 1, 4, 5, 8, 9]


def test_a_shared_first_place_counts_as_a_first_place_for_each() -> None:
    results = [_game(["easy", "random"], [1, 1], capped=True), _game(["random", "easy"], [1, 2])]
    out = summarise(results, PRESETS["polish"], 2, ["easy", "random"])["per_bot"]
    assert out["easy"]["wins"] == 1 and out["random"]["wins"] == 2


def test_points_are_charged_to_the_level_at_that_seat() -> None:
    results = [_game(["easy", "random"], [1, 2], charges=[0, 7])]
    out = summarise(results, PRESETS["classic"], 2, ["easy", "random"])["per_bot"]
    assert out["easy"]["avg_points_per_round"] == 0
    assert out["random"]["avg_points_per_round"] == 7


def test_average_place_is_over_seat_games_when_a_level_holds_two_seats() -> None:
    results = [_game(["medium", "easy", "medium"], [1, 2, 3])]
    out = summarise(results, PRESETS["polish"], 3, ["medium", "easy"])["per_bot"]
    assert out["medium"]["seat_games"] == 2
    assert out["medium"]["avg_place"] == 2.0 and out["easy"]["avg_place"] == 2.0


def test_decision_time_median_and_p95_in_milliseconds() -> None:
    # 20 decisions of 1 … 20 ms: median 10.5 ms, p95 (nearest rank: the 19th) 19 ms.
    times = [k / 1000 for k in range(20, 0, -1)]
    results = [_game(["easy", "random"], [1, 2], times=[times, []])]
    row = summarise(results, PRESETS["polish"], 2, ["easy", "random"])["per_bot"]["easy"]
    assert row["decisions"] == 20
    assert row["decision_ms_median"] == pytest.approx(10.5)
    assert row["decision_ms_p95"] == pytest.approx(19.0)


def test_average_game_length_is_the_mean_and_capped_games_are_counted() -> None:
    results = [
        _game(["easy", "random"], [1, 2], length=10),
        _game(["random", "easy"], [1, 2], length=20),
        _game(["easy", "random"], [1, 2], length=60, capped=True),
    ]
    s = summarise(results, PRESETS["polish"], 2, ["easy", "random"])
    assert s["avg_game_length"] == 30.0
    assert s["capped_games"] == 1 and s["played"] == 3


def test_the_json_interval_is_the_wilson_interval_to_four_decimals() -> None:
    results = [_game(["easy", "random"], [1, 2]) for _ in range(7)]
    results += [_game(["easy", "random"], [2, 1]) for _ in range(6)]
    row = summarise(results, PRESETS["polish"], 2, ["easy", "random"])["per_bot"]["easy"]
    low, high = tournament.wilson(7, 13)
    assert row["win_ci95"] == pytest.approx([low, high], abs=6e-5)


def test_a_shard_run_on_another_shards_file_summarises_only_its_own_deals(
    tmp_path: Path,
) -> None:
    path = tmp_path / "both.jsonl"
    run_tournament("polish", 2, ["easy", "random"], 12, seed=3, shard=(0, 2), results_path=path)
    second = run_tournament(
        "polish", 2, ["easy", "random"], 12, seed=3, shard=(1, 2), results_path=path
    )
    assert second["played"] == 6

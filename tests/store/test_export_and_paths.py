"""Exports round-trip the database's content; folders follow MACAU_HOME; the benchmark runs."""

from __future__ import annotations

import csv
import json
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

import pytest

from game.store import HistoryEntry, MatchRecord, MatchSeat, Store, paths
from game.store.bench import bench_store
from game.store.export import HISTORY_COLUMNS, MATCH_COLUMNS, STATS_COLUMNS
from game.store.export_cli import run_export
from tests.store.conftest import T0, bot, game, human


@pytest.fixture
def played(store: Store) -> Store:
    store.record_game(game(1, "classic", human(0, "Anna", 1, biggest_stack=4), bot(1, "easy", 2)))
    store.record_game(
        game(
            2,
            "polish",
            human(0, "Bartek, Jr.", 2, points=5),
            human(1, "Anna", 1),
            is_match=True,
            blocked=True,
        )
    )
    store.record_game(game(3, "classic", human(0, "Anna", 2), bot(1, "hard", 1), abandoned=True))
    return store


def _csv(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


def test_csv_export_has_every_seat_and_a_stats_file(played: Store, tmp_path: Path) -> None:
    written = played.export(tmp_path / "out.csv")
    assert written == [
        tmp_path / "out.csv",
        tmp_path / "out_stats.csv",
        tmp_path / "out_matches.csv",
    ]
    rows = _csv(tmp_path / "out.csv")
    assert list(rows[0]) == list(HISTORY_COLUMNS)
    seats = [(e.game_id, s) for e in reversed(played.history()) for s in e.seats]
    assert len(rows) == len(seats)
    for row, (game_id, seat) in zip(rows, seats, strict=True):
        assert int(row["game_id"]) == game_id
        assert row["profile"] == seat.profile and int(row["place"]) == seat.place
        assert int(row["won"]) == seat.won and int(row["points"]) == seat.points
        assert int(row["biggest_stack"]) == seat.biggest_stack
        assert row["seat_name"] == seat.seat_name
    assert [row["seat_name"] for row in rows if row["is_bot"] == "1"] == ["Bot 1", "Bot 1"]
    stats = {row["profile"]: row for row in _csv(tmp_path / "out_stats.csv")}
    assert list(next(iter(stats.values()))) == list(STATS_COLUMNS)
    anna = played.profile_stats("Anna")
    assert int(stats["Anna"]["games"]) == anna.games and int(stats["Anna"]["wins"]) == anna.wins
    assert int(stats["Anna"]["abandoned"]) == 1
    assert "Bartek, Jr." in stats


def test_json_export_round_trips_history_and_statistics(played: Store, tmp_path: Path) -> None:
    played.export(tmp_path / "out.json")
    document = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    assert document["format"] == "macau-stats"
    expected = json.loads(json.dumps([asdict(e) for e in played.history()]))
    assert document["history"] == expected
    anna = next(p for p in document["profiles"] if p["profile"] == "Anna")
    assert anna["wins"] == played.profile_stats("Anna").wins
    assert [r["profile"] for r in document["leaderboards"]["overall"]] == [
        r.profile for r in played.leaderboard()
    ]
    assert set(document["leaderboards"]) == {"overall", "classic", "polish"}


def _as_one_document(path: Path) -> bytes:
    """The file's content as ``json.dumps`` writes the whole document at once."""
    document = json.loads(path.read_text(encoding="utf-8"))
    text = json.dumps(document, indent=2, ensure_ascii=False, allow_nan=False)
    return (text + "\n").encode("utf-8")


def test_json_export_is_written_as_one_indented_document(played: Store, tmp_path: Path) -> None:
    _a_won_match(played)  # a match too, so both streamed lists hold something
    played.export(tmp_path / "out.json")
    written = (tmp_path / "out.json").read_bytes()
    assert written == _as_one_document(tmp_path / "out.json")
    assert b'\n  "history": [\n    {\n      "game_id": ' in written


def test_an_empty_json_export_has_empty_lists(store: Store, tmp_path: Path) -> None:
    store.export(tmp_path / "empty.json")
    written = (tmp_path / "empty.json").read_bytes()
    assert written == _as_one_document(tmp_path / "empty.json")
    assert b'"history": [],\n  "matches": []\n}\n' in written


def test_a_failed_export_leaves_no_file_behind(played: Store, tmp_path: Path) -> None:
    played.export(tmp_path / "out.json")
    before = (tmp_path / "out.json").read_bytes()
    played.record_game(game(9, "classic", human(0, "Anna", 1), bot(1, "easy", 2)))
    with pytest.MonkeyPatch.context() as patch:

        def refuse(value: Any) -> dict[str, Any]:
            if isinstance(value, HistoryEntry):  # half way through writing the rounds
                raise ValueError("Out of range float values are not JSON compliant")
            return asdict(value)

        patch.setattr("game.store.export.asdict", refuse)
        with pytest.raises(ValueError, match="not JSON compliant"):
            played.export(tmp_path / "out.json")
    assert (tmp_path / "out.json").read_bytes() == before  # the old export, whole
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


@pytest.mark.parametrize("blocked", ["out_stats.csv", "out_matches.csv"])
def test_a_csv_export_that_fails_leaves_none_of_its_files_behind(
    played: Store, tmp_path: Path, capsys: pytest.CaptureFixture[str], blocked: str
) -> None:
    out = tmp_path / "out"
    (out / blocked).mkdir(parents=True)  # a folder where one of the three files should go
    played.close()
    assert run_export(str(out / "out.csv")) == 2
    assert f"could not save {blocked} in {out} (is a directory)" in capsys.readouterr().err
    assert sorted(p.name for p in out.iterdir()) == [blocked]


def test_a_csv_export_that_cannot_put_a_file_in_place_puts_back_the_earlier_export(
    played: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    out = tmp_path / "out"
    out.mkdir()
    played.export(out / "out.csv")
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    played.record_game(game(9, "classic", human(0, "Anna", 1), bot(1, "easy", 2)))
    real_replace = os.replace

    def held_open(src: Any, dst: Any) -> None:
        # The players' file is open in a spreadsheet (on Windows it cannot be replaced then),
        # found only after the rounds' file is already in place.
        if Path(dst).name == "out_stats.csv" and Path(src).suffix == ".tmp":
            raise PermissionError(13, "Permission denied", str(dst))
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", held_open)
    with pytest.raises(paths.StoreUnavailable, match=r"could not save out_stats\.csv"):
        played.export(out / "out.csv")
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before  # no temporary left


def _a_won_match(store: Store) -> int:
    """A Tel Aviv match to 500 that Anna won, with its final round."""
    seats = (
        MatchSeat(0, "Anna", False, None, 120, 1, True),
        MatchSeat(1, "Bot · easy", True, "easy", 505, 2, seat_name="Bot 1"),
    )
    match = MatchRecord("m", "tel_aviv", "fp", 500, T0, T0 + 900, 6, seats, "finished")
    final = game(4, "tel_aviv", human(0, "Anna", 1), bot(1, "easy", 2), is_match=True)
    store.record_game(replace(final, round_no=6, match=match))
    [entry] = store.matches()
    return entry.match_id


def test_both_exports_hold_the_matches_and_name_each_rounds_match(
    played: Store, tmp_path: Path
) -> None:
    match_id = _a_won_match(played)
    played.export(tmp_path / "out.csv")
    rows = _csv(tmp_path / "out_matches.csv")
    assert list(rows[0]) == list(MATCH_COLUMNS)
    assert [
        (r["match_id"], r["profile"], r["total"], r["won"], r["reached_target"]) for r in rows
    ] == [
        (str(match_id), "Anna", "120", "1", "0"),
        (str(match_id), "Bot · easy", "505", "0", "1"),
    ]
    assert {(r["status"], r["target"], r["rounds"]) for r in rows} == {("finished", "500", "6")}
    rounds = _csv(tmp_path / "out.csv")
    assert [r["match_id"] for r in rounds if r["preset"] == "tel_aviv"] == [str(match_id)] * 2
    assert {r["match_id"] for r in rounds if r["preset"] != "tel_aviv"} == {""}
    anna = next(r for r in _csv(tmp_path / "out_stats.csv") if r["profile"] == "Anna")
    assert (anna["matches"], anna["matches_won"], anna["matches_abandoned"]) == ("1", "1", "0")
    assert anna["matches_drawn"] == "0"

    played.export(tmp_path / "out.json")
    document = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    assert document["version"] == 6
    [match] = document["matches"]
    assert (match["match_id"], match["target"], match["status"]) == (match_id, 500, "finished")
    seats = [(s["profile"], s["total"], s["won"], s["reached_target"]) for s in match["seats"]]
    assert seats == [("Anna", 120, True, False), ("Bot · easy", 505, False, True)]
    assert document["history"][0]["match_id"] == match_id


def test_both_exports_say_when_each_seat_went_out_and_how_long_a_win_took(
    store: Store, tmp_path: Path
) -> None:
    # Anna won in 40 s; Bob went out 2nd after 70; the bot, last, never went out.
    store.record_game(
        game(
            1,
            "polish",
            human(0, "Anna", 1, out_after_s=40.0),
            human(1, "Bob", 2, out_after_s=70.0),
            bot(2, "easy", 3),
            duration=100,
        )
    )
    store.export(tmp_path / "out.csv")
    rows = _csv(tmp_path / "out.csv")
    assert [(r["profile"], r["duration_s"], r["out_after_s"]) for r in rows] == [
        ("Anna", "100.000", "40.000"),
        ("Bob", "100.000", "70.000"),
        ("Bot · easy", "100.000", ""),
    ]
    anna = next(r for r in _csv(tmp_path / "out_stats.csv") if r["profile"] == "Anna")
    assert (anna["fastest_win_s"], anna["fastest_win_game_id"]) == ("40.000", "1")

    store.export(tmp_path / "out.json")
    document = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    assert document["version"] == 6
    [entry] = document["history"]
    assert entry["duration_s"] == 100.0
    assert [s["out_after_s"] for s in entry["seats"]] == [40.0, 70.0, None]
    anna_json = next(p for p in document["profiles"] if p["profile"] == "Anna")
    assert (anna_json["fastest_win"]["win_s"], anna_json["fastest_win"]["duration_s"]) == (
        40.0,
        100.0,
    )


def test_both_exports_count_a_drawn_match_apart_from_the_matches_won(
    store: Store, tmp_path: Path
) -> None:
    seats = (
        MatchSeat(0, "Anna", False, None, 120, 1, True),
        MatchSeat(1, "Bartek", False, None, 120, 1, True),
        MatchSeat(2, "", True, "easy", 505, 3, False, "West"),
    )
    store.record_match(MatchRecord("m", "tel_aviv", "f", 500, T0, T0 + 60, 3, seats, "finished"))
    store.export(tmp_path / "out.csv")
    anna = next(r for r in _csv(tmp_path / "out_stats.csv") if r["profile"] == "Anna")
    assert (anna["matches"], anna["matches_won"], anna["matches_drawn"]) == ("1", "0", "1")
    store.export(tmp_path / "out.json")
    document = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    anna_json = next(p for p in document["profiles"] if p["profile"] == "Anna")
    assert (anna_json["matches_won"], anna_json["matches_drawn"]) == (0, 1)


def test_export_command_counts_the_matches(
    played: Store, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _a_won_match(played)
    played.close()
    assert run_export(str(tmp_path / "stats.csv")) == 0
    assert "Exported 4 recorded rounds, 1 match and " in capsys.readouterr().out


def test_export_command(played: Store, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    played.close()
    assert run_export(str(tmp_path / "stats.json")) == 0
    assert "Exported 3 recorded rounds" in capsys.readouterr().out
    assert run_export(str(tmp_path / "stats.txt")) == 2
    assert ".csv or .json" in capsys.readouterr().err
    assert run_export(str(tmp_path / ".csv")) == 2
    assert "give the file a name before .csv, for example stats.csv" in capsys.readouterr().err
    assert run_export(str(tmp_path / "missing" / "stats.csv")) == 2
    assert "does not exist" in capsys.readouterr().err


def _exported_then_closed(played: Store, tmp_path: Path) -> tuple[Path, bytes, Path]:
    """Export ``played`` to stats.json and close it: the export, its bytes, the database."""
    played.close()
    target = tmp_path / "stats.json"
    assert run_export(str(target)) == 0
    database = played.path
    assert database is not None
    return target, target.read_bytes(), database


def test_an_export_from_statistics_that_cannot_be_read_leaves_the_old_one_alone(
    played: Store, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target, good, database = _exported_then_closed(played, tmp_path)
    database.rename(tmp_path / "kept.sqlite3")
    database.mkdir()  # the statistics file is now a folder: nothing can be read
    capsys.readouterr()
    assert run_export(str(target)) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"macau stats: Nothing exported, {target} is left as it was: ")
    assert "is a folder" in err and "Games will be played" not in err
    assert target.read_bytes() == good


@pytest.mark.parametrize("gone", ["deleted", "emptied"])
def test_an_export_of_no_rounds_leaves_an_earlier_export_alone(
    played: Store, tmp_path: Path, capsys: pytest.CaptureFixture[str], gone: str
) -> None:
    target, good, database = _exported_then_closed(played, tmp_path)
    for extra in database.parent.glob(f"{database.name}-*"):
        extra.unlink()  # (its write-ahead log and index, gone with it)
    if gone == "deleted":
        database.unlink()
    else:
        database.write_bytes(b"")  # an empty file is an empty database to SQLite
    capsys.readouterr()
    assert run_export(str(target)) == 1
    err = capsys.readouterr().err
    assert err == (
        f"macau stats: Nothing exported, {target} is left as it was: no round or match to export.\n"
    )
    assert target.read_bytes() == good
    for fresh in (tmp_path / "fresh.json", tmp_path / "made.json"):
        if fresh.name == "made.json":
            fresh.write_bytes(b"")  # made first by a script: an empty file is no loss either
        assert run_export(str(fresh)) == 0  # a new file: an empty export is no loss
        assert capsys.readouterr().out.startswith("Exported 0 recorded rounds")


def test_an_export_from_a_damaged_file_nothing_is_recovered_from_writes_nothing(
    played: Store, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target, good, database = _exported_then_closed(played, tmp_path)
    database.write_bytes(b"\x13" * 8192)  # damaged: set aside, and a new one started
    capsys.readouterr()
    assert run_export(str(target)) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"macau stats: Nothing exported, {target} is left as it was: ")
    assert "was damaged and nothing in it could be read" in err
    assert target.read_bytes() == good
    # Nor to a new file: an empty export would pass for a backup of the statistics.
    assert run_export(str(tmp_path / "new.json")) == 1
    assert capsys.readouterr().err.startswith(
        "macau stats: Nothing exported: The statistics file was damaged"
    )
    assert not (tmp_path / "new.json").exists()


def test_an_export_from_a_damaged_file_holds_what_was_recovered_and_says_so(
    played: Store, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.store.test_damaged_file_recovered import _leaves, _zero

    database = played.path
    assert database is not None
    played.close()
    (page,) = _leaves(database, "sqlite_autoindex_profiles_1")  # an index: every row readable
    _zero(database, page)
    target = tmp_path / "backup.json"
    assert run_export(str(target)) == 0
    out, err = capsys.readouterr()
    assert out.startswith("Exported 3 recorded rounds and ")
    assert err.startswith(
        "macau stats: The statistics file was damaged: 3 of 3 rounds were recovered"
    )
    assert err.rstrip().endswith("The export holds what was recovered.")
    assert len({row["game_id"] for row in json.loads(target.read_text())["history"]}) == 3
    assert list(database.parent.glob("macau.sqlite3.corrupt-*"))  # set aside as the game does


def test_an_export_into_a_file_taken_for_a_folder_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "afile").write_text("x")
    assert run_export(str(tmp_path / "afile" / "stats.json")) == 2
    assert "afile is a file, not a folder" in capsys.readouterr().err


def test_an_export_is_made_to_be_passed_on_and_the_database_stays_private(
    played: Store, tmp_path: Path
) -> None:
    import os
    import stat

    if os.name != "posix":
        pytest.skip("file modes are POSIX")
    mask = os.umask(0o022)
    try:
        written = played.export(tmp_path / "out.csv")
    finally:
        os.umask(mask)
    for path in written:
        assert stat.S_IMODE(path.stat().st_mode) == 0o644
    from game.store.files import atomic_write_json

    atomic_write_json(tmp_path / "own.json", {})
    assert stat.S_IMODE((tmp_path / "own.json").stat().st_mode) == 0o600


def test_an_export_reads_everything_in_one_transaction(
    played: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.store import queries

    seen: list[bool] = []
    real = queries.history

    def history(conn: object, *args: object) -> object:
        seen.append(conn.in_transaction)  # type: ignore[attr-defined]
        return real(conn, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(queries, "history", history)
    written, rounds, profiles, matches = played.export_counted(tmp_path / "out.json")
    assert written == [tmp_path / "out.json"] and rounds == 3 and profiles >= 3
    assert matches == 0
    assert seen and all(seen)  # one snapshot for the files and the counts alike
    played.record_game(game(4, "polish", human(0, "Anna", 1), bot(1, "easy", 2)))  # writable


def test_folders_live_under_macau_home_and_are_created_on_demand(home: Path) -> None:
    for kind, getter in (
        ("data", paths.data_dir),
        ("config", paths.config_dir),
        ("state", paths.state_dir),
        ("log", paths.log_dir),
    ):
        assert getter() == home / kind and (home / kind).is_dir()


def test_without_macau_home_platformdirs_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MACAU_HOME")
    assert "Macau" in str(paths.where("data")) and "Macau" in str(paths.where("config"))


def test_an_unusable_folder_is_explained(home: Path) -> None:
    home.parent.mkdir(parents=True, exist_ok=True)
    home.write_text("")
    with pytest.raises(paths.StoreUnavailable, match="cannot write to the folder"):
        paths.state_dir()


def test_the_benchmark_reports_its_figures() -> None:
    figures = bench_store(rounds=300, samples=10)
    assert figures["record_game_median_ms"] > 0 and figures["stats_and_leaderboard_10k_ms"] > 0


def test_the_exports_list_only_players_who_have_played(played: Store, tmp_path: Path) -> None:
    """The bot levels' profiles exist from the first start; a level nobody seated is not a
    player of the statistics, in either format."""
    played.export(tmp_path / "out.csv")
    listed = [r["profile"] for r in _csv(tmp_path / "out_stats.csv")]
    seated = {r["profile"] for r in _csv(tmp_path / "out.csv")}
    assert listed and set(listed) == seated
    assert all(r["games"] != "0" or r["abandoned"] != "0" for r in _csv(tmp_path / "out_stats.csv"))
    played.export(tmp_path / "out.json")
    document = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    assert {p["profile"] for p in document["profiles"]} == seated


def test_a_match_still_played_is_exported_with_its_players(
    store: Store, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    seats = (
        MatchSeat(0, "Zofia", False, None, 0, 1),
        MatchSeat(1, "Bot · easy", True, "easy", 0, 2, seat_name="Bot 1"),
    )
    store.record_match(MatchRecord("m", "tel_aviv", "fp", 500, T0, T0, 0, seats))
    store.close()
    target = tmp_path / "stats.json"
    assert run_export(str(target)) == 0
    assert "0 recorded rounds, 1 match and 2 profiles" in capsys.readouterr().out
    document = json.loads(target.read_text(encoding="utf-8"))
    assert [p["profile"] for p in document["profiles"]] == ["Zofia", "Bot · easy"]


def test_a_damaged_file_with_every_round_lost_still_exports_its_match(
    played: Store, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.store.test_damaged_file_recovered import _leaves, _zero

    _a_won_match(played)
    target, _good, database = _exported_then_closed(played, tmp_path)
    for page in _leaves(database, "results"):  # every round's seats: no round can be kept
        _zero(database, page)
    capsys.readouterr()
    assert run_export(str(target)) == 0  # over the old export: the match is worth keeping
    out, err = capsys.readouterr()
    assert "The statistics file was damaged" in err
    # (A round its rating rows do not name, one given up, may be a stale row: "at least".)
    assert "0 of at least 4 rounds were recovered, but " in err and " and 1 match were." in err
    assert out.startswith("Exported 0 recorded rounds, 1 match and 2 profiles")
    document = json.loads(target.read_text(encoding="utf-8"))
    assert {p["profile"] for p in document["profiles"]} == {"Anna", "Bot · easy"}


def test_players_recovered_without_a_round_or_match_are_not_an_export(
    played: Store, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.store.test_damaged_file_recovered import _leaves, _zero

    target, good, database = _exported_then_closed(played, tmp_path)
    for page in _leaves(database, "results"):  # every round's seats: players, and no rounds
        _zero(database, page)
    capsys.readouterr()
    fresh = tmp_path / "fresh.json"
    # An empty export, exit 0, would pass for a good backup with a script that checks
    # the exit code: nothing recovered is nothing exported.
    assert run_export(str(fresh)) == 1
    out, err = capsys.readouterr()
    assert err.startswith("macau stats: Nothing exported: no round or match was recovered. ")
    assert "0 of at least 3 rounds were recovered, but " in err and " players were." in err
    assert not out and not fresh.exists() and not (tmp_path / "fresh_stats.csv").exists()
    assert run_export(str(target)) == 1  # nor over an export that holds them
    err = capsys.readouterr().err
    assert err.startswith(
        f"macau stats: Nothing exported, {target} is left as it was: no round or match "
    )
    assert target.read_bytes() == good

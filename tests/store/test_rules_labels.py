"""Rounds on custom rules keep the name the rules were saved under: stored with each round,
shown with its match, exported, kept through a merge of profiles, and each name's rounds can
be read apart and ranked on their own; every custom rule set still shares one "custom"
preset and one stored rating."""

from __future__ import annotations

import csv
import json
from dataclasses import replace
from pathlib import Path

from game.store import GameRecord, MatchRecord, MatchSeat, Store
from game.store.records import MAX_RULES_LABEL_LENGTH
from tests.store.conftest import T0, bot, game, human


def _custom(n: int, label: str | None, *names: str) -> GameRecord:
    seats = [human(i, name, i + 1) for i, name in enumerate(names)]
    return replace(
        game(n, "custom", *seats, bot(len(seats), "easy", len(seats) + 1)), rules_label=label
    )


def _csv(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


def test_two_named_rule_sets_are_told_apart_yet_share_one_rating(store: Store) -> None:
    store.record_game(_custom(1, "Kids: no attacks", "Ada"))
    store.record_game(_custom(2, "Pub rules: sevens cut", "Ada"))
    store.record_game(_custom(3, None, "Ada"))
    assert [e.rules_label for e in store.history("Ada")] == [
        None,
        "Pub rules: sevens cut",
        "Kids: no attacks",
    ]
    assert store.presets() == ["custom"]
    assert [row.games for row in store.leaderboard("custom") if row.profile == "Ada"] == [3]


def test_the_rounds_of_one_named_rule_set_are_read_apart(store: Store) -> None:
    store.record_game(replace(_custom(1, "Pub", "Ada"), results=(human(0, "Ada", 1),)))
    store.record_game(_custom(2, "Kids", "Ada"))
    store.record_game(_custom(3, "Kids", "Ada", "Ben"))
    store.record_game(_custom(4, None, "Ben", "Ada"))
    store.record_game(game(5, "polish", human(0, "Ada", 1), bot(1, "easy", 2)))
    assert store.rule_set_labels() == ["Kids", "Pub"]  # in a reader's order, played ones only
    kids = store.profile_stats("Ada", "custom", rules_label="Kids")
    assert (kids.games, kids.wins) == (2, 2)
    assert store.profile_stats("Ada", "custom").games == 4
    assert store.profile_stats("Ben", "custom", rules_label="Pub").games == 0
    # The rating over these rounds alone (the Pub round, Ada's only seat, was not rated).
    assert [p.game_id for p in kids.rating_series] == [2, 3]
    assert [e.game_id for e in store.history("Ada", None, "custom", "Kids")] == [3, 2]
    assert [e.game_id for e in store.history(None, 1, "custom", "Kids")] == [3]


def test_the_matches_of_one_named_rule_set_are_read_apart(store: Store) -> None:
    seats = (
        MatchSeat(0, "Ada", False, None, 0, 1),
        MatchSeat(1, "Bot · easy", True, "easy", 90, 2),
    )
    for n, label in ((1, "Kids"), (2, "Pub")):
        match = MatchRecord(f"m{n}", "custom", "fp", 50, T0, T0 + 60, 1, seats, "finished")
        store.record_game(replace(_custom(n, label, "Ada"), match=match, is_match=True))
    assert [m.rules_label for m in store.matches("Ada", None, "custom", False, "Kids")] == ["Kids"]
    assert store.profile_stats("Ada", "custom", rules_label="Pub").matches == 1
    assert store.profile_stats("Ada", "custom").matches == 2


def test_a_label_is_kept_on_one_tidy_line(store: Store) -> None:
    store.record_game(_custom(1, "  Family\tTel\nAviv  ", "Ada"))
    store.record_game(_custom(2, "x" * 100, "Ada"))
    store.record_game(_custom(3, " \n ", "Ada"))
    labels = [e.rules_label for e in store.history("Ada")]
    assert labels == [None, "x" * MAX_RULES_LABEL_LENGTH, "Family Tel Aviv"]


def test_a_match_shows_the_name_of_its_rules(store: Store) -> None:
    seats = (
        MatchSeat(0, "Ada", False, None, 40, 1),
        MatchSeat(1, "Bot · easy", True, "easy", 90, 2, seat_name="Ben"),
    )
    match = MatchRecord("m1", "custom", "fp", 500, T0, T0 + 60, 1, seats)
    store.record_game(replace(_custom(1, "Family Tel Aviv", "Ada"), match=match, is_match=True))
    [entry] = store.matches("Ada")
    assert entry.rules_label == "Family Tel Aviv"


def test_exports_and_a_merge_keep_the_names(store: Store, tmp_path: Path) -> None:
    seats = (
        MatchSeat(0, "Ada", False, None, 40, 1),
        MatchSeat(1, "Bot · easy", True, "easy", 90, 2, seat_name="Ben"),
    )
    match = MatchRecord("m1", "custom", "fp", 500, T0, T0 + 60, 1, seats)
    store.record_game(replace(_custom(1, "Family", "Ada"), match=match, is_match=True))
    store.record_game(_custom(2, None, "Addie"))
    store.merge_profiles("Addie", "Ada")
    assert [e.rules_label for e in store.history("Ada")] == [None, "Family"]
    store.export(tmp_path / "out.csv")
    rows = _csv(tmp_path / "out.csv")
    assert [(r["game_id"], r["rules_label"]) for r in rows if r["profile"] == "Ada"] == [
        ("1", "Family"),
        ("2", ""),
    ]
    assert {r["rules_label"] for r in _csv(tmp_path / "out_matches.csv")} == {"Family"}
    store.export(tmp_path / "out.json")
    document = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    assert [e["rules_label"] for e in document["history"]] == [None, "Family"]
    assert document["matches"][0]["rules_label"] == "Family"


def test_each_named_rule_set_is_ranked_on_its_own_rounds(store: Store, tmp_path: Path) -> None:
    rounds = [
        _custom(1, "Kids", "Ada", "Ben"),
        _custom(2, "Pub", "Ben", "Ada"),
        _custom(3, "Kids", "Ben", "Ada"),
        _custom(4, "Kids", "Ada", "Ben"),
        _custom(5, None, "Cleo", "Ada"),
    ]
    for record in rounds:
        store.record_game(record)
    # As if only the Kids rounds had ever been played.
    alone = Store.open(tmp_path / "kids-only.sqlite3")
    for record in rounds:
        if record.rules_label == "Kids":
            alone.record_game(record)
    kids = store.leaderboard("custom", rules_label="Kids")
    assert [(r.rank, r.profile, r.mu, r.sigma, r.games) for r in kids] == [
        (r.rank, r.profile, r.mu, r.sigma, r.games) for r in alone.leaderboard("custom")
    ]
    assert [r.games for r in kids] == [3, 3, 3]  # Ada, Ben and the easy bot; Cleo never
    assert "Cleo" not in {r.profile for r in kids}
    pooled = {r.profile: r for r in store.leaderboard("custom")}
    assert pooled["Ada"].games == 5 and pooled["Ada"].mu != next(
        r.mu for r in kids if r.profile == "Ada"
    )
    series = store.profile_stats("Ada", "custom", rules_label="Kids").rating_series
    assert [p.game_id for p in series] == [1, 3, 4]
    assert (series[-1].mu, series[-1].sigma) == next(
        (r.mu, r.sigma) for r in kids if r.profile == "Ada"
    )
    store.export(tmp_path / "out.json")
    document = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    boards = document["rule_set_leaderboards"]
    assert list(boards) == ["Kids", "Pub"]
    assert [(r["profile"], r["games"]) for r in boards["Kids"]] == [
        (r.profile, r.games) for r in kids
    ]
    assert store.leaderboard("polish", rules_label="Kids") == []
    assert store.leaderboard("custom", rules_label="Nobody's") == []
    assert [w.game_id for w in store.fastest_wins("custom", rules_label="Pub")] == [2]
    store.merge_profiles("Ben", "Cleo")  # never at one table: one person's two names
    assert {r.profile for r in store.leaderboard("custom", rules_label="Kids")} == {
        "Ada",
        "Cleo",
        "Bot · easy",
    }
    alone.close()


def test_a_long_rating_series_of_a_rule_set_is_thinned_keeping_the_latest(store: Store) -> None:
    for n in range(1, 8):
        store.record_game(_custom(n, "Kids", "Ada"))
    series = store.profile_stats("Ada", "custom", max_points=3, rules_label="Kids").rating_series
    assert [p.game_id for p in series] == [1, 4, 7]


def test_a_rule_set_board_follows_a_round_another_copy_records(store: Store) -> None:
    store.record_game(_custom(1, "Kids", "Ada", "Ben"))
    assert [r.games for r in store.leaderboard("custom", rules_label="Kids")] == [1, 1, 1]
    other = Store.open()  # another copy of the game on the same file
    other.record_game(_custom(2, "Kids", "Ben", "Ada"))
    other.close()
    assert [r.games for r in store.leaderboard("custom", rules_label="Kids")] == [2, 2, 2]
    series = store.profile_stats("Ada", "custom", rules_label="Kids").rating_series
    assert [p.game_id for p in series] == [1, 2]

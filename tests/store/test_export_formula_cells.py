"""A CSV export opened in a spreadsheet shows every name as text: none is run as a formula."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from game.store import Store
from tests.store.conftest import game, human

NAMES = ["-=Kasia=-", "@Kuba", "+48 Ewa", '=HYPERLINK("http://x";"Ola")']


def _csv(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


def test_a_name_a_spreadsheet_would_run_is_written_after_an_apostrophe(
    store: Store, tmp_path: Path
) -> None:
    for n, name in enumerate(NAMES, start=1):
        store.record_game(game(n, "polish", human(0, name, 2), human(1, "Ada", 1)))
    store.export(tmp_path / "out.csv")
    quoted = {"'" + name for name in NAMES}
    assert {row["profile"] for row in _csv(tmp_path / "out.csv")} == quoted | {"Ada"}
    stats = _csv(tmp_path / "out_stats.csv")
    assert {row["profile"] for row in stats} == quoted | {"Ada"}
    # A negative number stays a number: the losers' conservative ratings are below zero.
    ratings = [row["conservative"] for row in stats if row["profile"] != "Ada"]
    assert ratings and all(float(r) < 0 for r in ratings)
    # JSON has no formulas: the names are as they are.
    store.export(tmp_path / "out.json")
    document = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    assert {p["profile"] for p in document["profiles"]} >= set(NAMES)

"""A CSV export stays safe in a spreadsheet that splits lines at ";" (as Polish, Hungarian,
Romanian and German ones do), and never writes over a file of the player's own beside it."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from game.store import Store
from game.store.export_cli import run_export
from tests.store.conftest import bot, game, human


def test_a_name_with_a_semicolon_keeps_its_formula_out_of_every_cell(
    store: Store, tmp_path: Path
) -> None:
    store.record_game(game(1, "polish", human(0, "Kasia;=1+1;", 1), bot(1, "easy", 2)))
    out = tmp_path / "out.csv"
    written = store.export(out)
    for path in written:
        text = path.read_text(encoding="utf-8-sig")
        for delimiter in (",", ";", "\t"):
            for row in csv.reader(text.splitlines(), delimiter=delimiter):
                assert not any(cell.startswith(("=", "+", "@")) for cell in row), (path, row)
    with out.open(encoding="utf-8-sig", newline="") as handle:
        rounds = list(csv.DictReader(handle))
    # The name, an apostrophe where a cell would begin (the JSON export keeps it as it is).
    assert "Kasia;'=1+1;" in {row["profile"] for row in rounds}


def test_an_export_does_not_write_over_a_file_of_the_players_own_beside_it(
    store: Store, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store.record_game(game(1, "polish", human(0, "Anna", 1), bot(1, "easy", 2)))
    tmp_path = tmp_path / "exports"
    tmp_path.mkdir()
    mine = tmp_path / "results_stats.csv"
    mine.write_text("my own notes\n", encoding="utf-8")
    store.close()
    assert run_export(str(tmp_path / "results.csv")) == 2
    err = capsys.readouterr().err
    assert "results_stats.csv is already there and is not a Macau export" in err
    assert mine.read_text(encoding="utf-8") == "my own notes\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results_stats.csv"]
    # An earlier export of the same name is written over, as asked.
    mine.unlink()
    assert run_export(str(tmp_path / "results.csv")) == 0
    assert run_export(str(tmp_path / "results.csv")) == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["results.csv", "results_matches.csv", "results_stats.csv"]


def test_what_cannot_be_looked_into_is_left_to_the_writing(store: Store, tmp_path: Path) -> None:
    """A pipe where the players' file goes does not hang the export; a file the export cannot
    read is not called someone else's (the writing says what stops it, if anything)."""
    import os

    store.record_game(game(1, "polish", human(0, "Anna", 1), bot(1, "easy", 2)))
    out = tmp_path / "exports"
    out.mkdir()
    os.mkfifo(out / "r_stats.csv")
    written = store.export(out / "r.csv")  # (would wait for a writer forever if it read it)
    assert (out / "r_stats.csv").is_file() and len(written) == 3
    from game.store import export

    unreadable = out / "r_matches.csv"
    unreadable.write_text("not ours\n", encoding="utf-8")
    real_open = Path.open

    def denied(self: Path, *args: object, **kwargs: object) -> object:
        if self == unreadable and "r" in str(args[:1]):
            raise PermissionError(13, "Permission denied", str(self))
        return real_open(self, *args, **kwargs)  # type: ignore[arg-type]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Path, "open", denied)
        assert export._replaceable(unreadable, export.MATCH_COLUMNS)
    assert not export._replaceable(unreadable, export.MATCH_COLUMNS)  # readable: not ours

"""A number of games reads the same wherever it is shown, with its thousands set apart
("1,000"): the statistics tiles, the rankings, the profiles list, the history's counter
and the command-line export."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from game.store import GameRecord, SeatResult, Store
from game.store.export_cli import run_export
from game.ui.history_scene import HistoryScene
from game.ui.profiles_scene import ProfilesScene
from game.ui.rankings_scene import RankingsScene
from game.ui.stats_scene import StatsScene, clear_cache
from tests.ui.menukit import Screen
from tests.ui.textkit import drawn_texts

GAMES = 1000
T0 = 1_700_000_000


@pytest.fixture
def store() -> Iterator[Store]:
    """Ania wins 1,000 rounds against the easy bot in a row, then leaves 1,000 unfinished."""
    clear_cache()
    opened = Store.open()
    seats = (SeatResult(0, "Ania", False, None, 1), SeatResult(1, "", True, "easy", 2))
    for n in range(2 * GAMES):
        start = T0 + n * 600
        left = n >= GAMES
        opened.record_game(GameRecord("polish", "p", start, start + 300, seats, abandoned=left))
    yield opened
    opened.close()


def test_the_statistics_tiles_set_the_thousands_apart(store: Store) -> None:
    tiles = {t.label: (t.value, t.note) for t in StatsScene(store, "Ania").tiles}
    assert tiles["Rounds"] == ("1,000", "and 1,000 left unfinished")
    assert tiles["Wins"] == ("1,000", "0 not won")
    assert tiles["Longest win streak"] == ("1,000", "current streak 1,000")


def test_the_rankings_and_the_profiles_count_games_as_the_statistics_do(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    for scene in (RankingsScene(store), ProfilesScene(store)):
        screen = Screen(scene)
        words = [w for w, _ in drawn_texts(monkeypatch, screen.stack, screen.surface.get_size())]
        assert words.count("1,000") == 2, type(scene).__name__  # Ania's and the easy bot's
        assert "1000" not in words


def test_the_history_counts_its_rows_with_the_thousands_apart(store: Store) -> None:
    history = HistoryScene(store, "Ania")
    assert history.counter(1001, 1012).startswith("1,001–1,012 of the latest 1,000 rounds")


def test_the_export_says_how_many_rounds_it_holds_alike(
    store: Store, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store.close()
    assert run_export(str(tmp_path / "stats.json")) == 0
    assert capsys.readouterr().out.startswith("Exported 2,000 recorded rounds and ")

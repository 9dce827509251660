"""Two players rated alike, and two wins as fast as each other, share their rank on the
Rankings screen (1, 1, 3: as a shared place at the table), both in gold when they share
the first; the Statistics screen says the same of each of them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.store import GameRecord, SeatResult, Store
from game.ui import theme
from game.ui.rankings_scene import PROVISIONAL_GAMES, RankingsScene
from game.ui.stats_scene import StatsScene, clear_cache
from tests.ui.menukit import Screen

T0 = 1_760_000_000


@pytest.fixture
def tied() -> Iterator[Store]:
    """Zed beats the easy bot and Amy the hard one, turn about, ten times each: the same
    history gives each the same rating, and each bot the same as the other. Their first
    wins took 50 seconds each, their second 101."""
    clear_cache()
    store = Store.open()
    for n in range(PROVISIONAL_GAMES):
        for k, (name, level) in enumerate((("Zed", "easy"), ("Amy", "hard"))):
            start = T0 + (2 * n + k) * 600
            seats = (
                SeatResult(0, name, False, None, 1, out_after_s=50.0 if n == 0 else 100.0 + n),
                SeatResult(1, "", True, level, 2),
            )
            store.record_game(GameRecord("polish", "fp", start, start + 300, seats))
    yield store
    store.close()


class _Window(pygame.Surface):
    """A window that remembers each text blitted onto it, in order, with its colour."""

    def __init__(self, size: tuple[int, int], made: dict[int, tuple[str, Any]]) -> None:
        super().__init__(size)
        self.made = made
        self.drawn: list[tuple[str, Any]] = []

    def blit(self, source: pygame.Surface, *args: Any, **kwargs: Any) -> pygame.Rect:  # type: ignore[override]
        if id(source) in self.made:
            self.drawn.append(self.made[id(source)])
        return super().blit(source, *args, **kwargs)


def _drawn(scene: RankingsScene, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Any]]:
    """Every text the screen draws in one frame, in order, with its colour."""
    made: dict[int, tuple[str, Any]] = {}
    render = theme.text

    def text(content: str, size: int, colour: Any = theme.TEXT, *args: Any) -> pygame.Surface:
        image = render(content, size, colour, *args)
        made[id(image)] = (content, colour)
        return image

    screen = Screen(scene)
    window = _Window(screen.surface.get_size(), made)
    monkeypatch.setattr(theme, "text", text)
    screen.stack.draw(window)
    monkeypatch.setattr(theme, "text", render)
    return window.drawn


def _ranks_of(written: list[tuple[str, Any]], names: tuple[str, ...]) -> list[tuple[str, Any]]:
    """The rank drawn just before each of ``names`` (a line's rank comes first), with the
    line's colour."""
    return [written[i - 1] for i, (words, _) in enumerate(written) if words in names]


def test_players_rated_alike_share_first_place_in_gold(
    tied: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = RankingsScene(tied)
    assert [(row.rank, row.profile) for row in scene.rows] == [
        (1, "Amy"), (1, "Zed"), (3, "Bot · easy"), (3, "Bot · hard")
    ]  # fmt: skip
    board = _ranks_of(_drawn(scene, monkeypatch), ("Amy", "Zed", "Bot · easy", "Bot · hard"))
    gold, text = theme.GOLD, theme.TEXT
    assert board[:4] == [("1", gold), ("1", gold), ("3", text), ("3", text)]


def test_wins_as_fast_as_each_other_share_their_rank(
    tied: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = RankingsScene(tied)
    assert [win.time_s for win in scene.fastest[:4]] == [50.0, 50.0, 101.0, 101.0]
    assert scene.fastest_ranks()[:6] == [1, 1, 3, 3, 5, 5]
    drawn = _ranks_of(_drawn(scene, monkeypatch), ("Amy", "Zed"))
    fastest = drawn[2:]  # after the two lines of the leaderboard
    gold, text = theme.GOLD, theme.TEXT
    assert fastest[:4] == [("1", gold), ("1", gold), ("3", text), ("3", text)]


@pytest.mark.parametrize("name", ["Amy", "Zed"])
def test_the_statistics_say_the_rank_is_shared(tied: Store, name: str) -> None:
    scene = StatsScene(tied, name)
    rating = next(tile for tile in scene.tiles if tile.label == "Rating")
    assert (rating.value, rating.note) == ("36.8 ± 6.8", "#1 (shared) of 4 ranked")


def test_a_rank_held_alone_reads_as_before(tied: Store) -> None:
    tied.record_game(
        GameRecord(
            "polish",
            "fp",
            T0 + 99_000,
            T0 + 99_300,
            (SeatResult(0, "Zed", False, None, 1), SeatResult(1, "", True, "hard", 2)),
        )
    )
    clear_cache()
    ratings = {
        name: next(t for t in StatsScene(tied, name).tiles if t.label == "Rating").note
        for name in ("Zed", "Amy")
    }
    assert ratings == {"Zed": "#1 of 4 in the rankings", "Amy": "#2 of 4 in the rankings"}

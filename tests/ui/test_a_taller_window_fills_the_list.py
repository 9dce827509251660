"""A list scrolled to its end and then given a taller window fills the panel again."""

from __future__ import annotations

import pygame

from game.store import GameRecord, SeatResult, Store
from game.ui.history_scene import HistoryScene
from game.ui.rankings_scene import RankingsScene
from game.ui.scene import SceneStack
from tests.ui.statskit import SIZE
from tests.ui.test_stats_screens import frame, key

TALL = (SIZE[0], SIZE[1] * 2)


def _many_players(store: Store, players: int = 45) -> None:
    for n in range(0, players, 3):
        names = [f"Player {n + s:02d}" for s in range(3)]
        results = tuple(SeatResult(s, names[s], False, None, s + 1) for s in range(3))
        start = 1_700_000_000 + n * 600
        store.record_game(GameRecord("polish", "t", start, start + 90, results))


def test_the_rankings_scrolled_to_the_end_fill_a_taller_window(
    store: Store, screen: pygame.Surface
) -> None:
    _many_players(store)
    stack = SceneStack(None, SIZE)
    scene = stack.push(RankingsScene(store))
    frame(stack, screen)
    assert len(scene.rows) > 2 * scene.visible_rows()
    key(stack, pygame.K_PAGEDOWN)
    key(stack, pygame.K_PAGEDOWN)
    key(stack, pygame.K_PAGEDOWN)
    stack.resize(TALL)
    assert len(scene.rows) > scene.visible_rows()
    assert scene.scroll == len(scene.rows) - scene.visible_rows()  # the last row at the bottom
    stack.resize((1800, 3000))  # every row fits: the list starts at the top
    assert scene.visible_rows() >= len(scene.rows) and scene.scroll == 0


def test_the_history_scrolled_to_the_end_fills_a_taller_window(
    store: Store, screen: pygame.Surface
) -> None:
    stack = SceneStack(None, SIZE)
    scene = stack.push(HistoryScene(store, "Ania"))
    frame(stack, screen)
    key(stack, pygame.K_END)
    before = scene.visible_rows()
    stack.resize(TALL)
    assert before < scene.visible_rows() < len(scene.entries)
    assert scene.scroll == len(scene.entries) - scene.visible_rows()

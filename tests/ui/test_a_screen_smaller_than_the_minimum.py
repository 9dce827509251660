"""A screen smaller than the usual smallest window (an 800×600 display, or fullscreen on
one): the window is no larger than the screen, and every screen's parts stay apart in it."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.store import Store
from game.ui import app, theme
from game.ui.history_scene import HistoryScene
from game.ui.options import SettingsScreen
from game.ui.profiles_scene import ProfilesScene
from game.ui.scene import Scene, SceneStack
from game.ui.stats_scene import StatsScene
from tests.ui.test_stats_screens import frame

SMALL = (800, 600)


@pytest.mark.parametrize(
    ("desktop", "least"),
    [((800, 600), (800, 600)), ((1920, 1080), app.MIN_SIZE), ((1024, 576), (960, 576))],
)
def test_the_smallest_window_is_no_larger_than_the_screen(
    desktop: tuple[int, int], least: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(app, "_desktop", lambda: desktop)
    assert app.minimum_size() == least
    assert app._clamp_size(_fit(desktop, (1280, 800))) == _fit(desktop, (1280, 800))
    assert app._clamp_size((300, 200)) == least


def _fit(desktop: tuple[int, int], size: tuple[int, int]) -> tuple[int, int]:
    return (max(min(size[0], desktop[0]), 1), max(min(size[1], desktop[1]), 1))


class _Recorder(pygame.Surface):
    """A surface that remembers where each image was blitted."""

    placed: list[pygame.Rect]

    def blit(self, source: pygame.Surface, dest: object, *args: object) -> pygame.Rect:  # type: ignore[override]
        rect = super().blit(source, dest, *args)  # type: ignore[arg-type]
        self.placed.append(rect)
        return rect


def _drawn(scene: Scene, screen: pygame.Surface) -> list[pygame.Rect]:
    """``scene`` laid out and drawn at 800×600: where each image went."""
    stack = SceneStack(None, SMALL)
    stack.push(scene)
    frame(stack, screen)
    surface = _Recorder(SMALL)
    surface.placed = []
    scene.draw(surface)
    return surface.placed


def _texts_apart(placed: list[pygame.Rect], area: pygame.Rect) -> None:
    """No two lines of text on one row of ``area`` overlap."""
    lines = [r for r in placed if area.contains(r) and 6 < r.h < 30]
    for a, b in itertools.combinations(lines, 2):
        if a.centery == b.centery:
            assert not a.colliderect(b), (a, b)


def test_the_statistics_buttons_stay_apart(store: Store, screen: pygame.Surface) -> None:
    stack = SceneStack(None, SMALL)
    scene = stack.push(StatsScene(store))
    frame(stack, screen)
    rects = [b.rect for b in scene.buttons]
    assert all(r.x >= 0 and r.right <= SMALL[0] for r in rects)
    for a, b in itertools.combinations(rects, 2):
        assert not a.colliderect(b), (a, b)


@pytest.mark.parametrize(
    ("kind", "title"), [(StatsScene, "Statistics"), (HistoryScene, "Match history")]
)
def test_the_title_stays_clear_of_the_pickers(
    kind: type[StatsScene] | type[HistoryScene], title: str, store: Store, screen: pygame.Surface
) -> None:
    stack = SceneStack(None, SMALL)
    scene = stack.push(kind(store, None))
    frame(stack, screen)
    title_right = 40 + theme.text_size(title, round(34 * scene.ui), True)[0]
    assert scene.player.rect.x > title_right
    assert scene.player.rect.right < scene.preset_picker.rect.x


def test_the_profiles_columns_stay_apart(store: Store, screen: pygame.Surface) -> None:
    scene = ProfilesScene(store)
    _texts_apart(_drawn(scene, screen), scene._list_box())


def test_the_settings_previews_stay_in_the_panel(store: Store, screen: pygame.Surface) -> None:
    stack = SceneStack(None, SMALL)
    scene = stack.push(SettingsScreen())
    frame(stack, screen)
    assert scene.back_rects
    controls = max(widget.rect.right for _, widget in scene.rows)
    for _, rect in scene.back_rects:
        assert scene.panel.contains(rect) and rect.x > controls


def test_the_statistics_tiles_keep_to_their_cells(store: Store, screen: pygame.Surface) -> None:
    scene = StatsScene(store, "Ania")
    placed = _drawn(scene, screen)
    assert scene.tiles
    tiles = scene._layout()[0]
    inside = [r for r in placed if tiles.contains(r) and r.h < 40]
    assert len(inside) > len(scene.tiles)
    _texts_apart(inside, tiles)
    cell_w = (tiles.w - scene.px(24)) // 2
    for rect in inside:  # each line within its own column
        column = (rect.x - tiles.x - scene.px(12)) // cell_w
        assert rect.right <= tiles.x + scene.px(12) + (column + 1) * cell_w, rect


def test_the_rules_editors_bars_keep_their_controls_apart(screen: pygame.Surface) -> None:
    from game.engine import PRESETS
    from game.ui.rulesedit import RulesEditor

    stack = SceneStack(None, SMALL)
    editor = stack.push(RulesEditor(PRESETS["polish"], lambda _rules: None))
    frame(stack, screen)
    foot = [editor.name_field, editor.save_button, editor.howto_button]
    foot += [editor.cancel_button, editor.use_button]
    top = [editor.start_from, editor.saved, editor.load_button, editor.delete_button]
    for row in (foot, top):
        rects = [w.rect for w in row]
        assert all(r.x >= 0 and r.right <= SMALL[0] for r in rects)
        for a, b in itertools.combinations(rects, 2):
            assert not a.colliderect(b), (a, b)
    assert editor.saved.rect.w >= 150 and editor.name_field.rect.w >= 120


def test_the_rankings_axis_and_bars_have_room(store: Store, screen: pygame.Surface) -> None:
    from game.ui.rankings_scene import RankingsScene

    scene = RankingsScene(store)
    placed = _drawn(scene, screen)
    assert scene.rows
    _texts_apart(placed, scene._boxes()[0])  # the axis's numbers, side by side
    # The axis is numbered out to the end of the longest whisker.
    assert scene._axis().ticks[-1] >= max(r.mu + 3 * r.sigma for r in scene.rows)


def test_new_game_at_eight_seats_shows_each_seats_kind_and_name(screen: pygame.Surface) -> None:
    from game.ui.newgame import NewGameScreen

    stack = SceneStack(None, SMALL)
    scene = stack.push(NewGameScreen())
    frame(stack, screen)
    while scene.count.value < 8:
        scene.count.step(1)
    scene.layout(SMALL)
    frame(stack, screen)
    for row in scene.rows[:8]:
        kind, name = row.kind.rect, row.name.rect
        assert kind.w >= theme.text_size("Medium", row.kind.size, True)[0] + kind.h
        assert name.w >= 56 and not kind.colliderect(name)
        assert scene.panel.contains(name)

"""New game sets the seats out in one column wherever they fit at their full height, so
long names show whole in wide name fields; two columns only where one would not fit."""

from __future__ import annotations

import itertools

import pytest

from game.ui import theme
from game.ui.newgame import NewGameScreen
from tests.ui.menukit import Screen

LONG = "Maximilian Alexander Wolfeschle"


def _screen(size: tuple[int, int], preset: str, seats: int) -> tuple[Screen, NewGameScreen]:
    scene = NewGameScreen()
    screen = Screen(scene, size)
    screen.click(scene.preset_buttons[preset].rect.center)
    scene.count.set(seats)
    scene._count_changed(seats)
    screen.frame()
    return screen, scene


@pytest.mark.parametrize(("size", "seats"), [((1280, 800), 6), ((1280, 800), 7), ((1920, 1080), 8)])
def test_seats_that_fit_stand_in_one_column_with_room_for_long_names(
    size: tuple[int, int], seats: int
) -> None:
    _, scene = _screen(size, "polish", seats)
    rows = scene.rows[:seats]
    assert len({row.name.rect.x for row in rows}) == 1
    assert all(a.name.rect.bottom <= b.name.rect.top for a, b in itertools.pairwise(rows))
    assert rows[-1].name.rect.bottom < scene.dealer.rect.top
    room = rows[0].name.rect.w
    assert theme.text_size(LONG, 20)[0] < room


@pytest.mark.parametrize(("size", "seats"), [((960, 600), 6), ((1280, 800), 10)])
def test_seats_that_would_not_fit_take_two_columns(size: tuple[int, int], seats: int) -> None:
    _, scene = _screen(size, "hungarian", seats)
    rows = scene.rows[:seats]
    assert len({row.name.rect.x for row in rows}) == 2
    assert max(row.name.rect.bottom for row in rows) < scene.dealer.rect.top

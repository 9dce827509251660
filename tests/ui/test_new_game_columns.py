"""New game sets the seats out in one column wherever they fit at their full height, so
long names show whole in wide name fields; two columns only where one would not fit."""

from __future__ import annotations

import itertools

import pygame
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


def test_typing_goes_into_a_name_field_clicked_below_another(monkeypatch) -> None:
    """Clicking the second name after the first: the first gave up the focus after the
    second took it, and stopped the window's text input, so typing went nowhere in any
    field below the one edited before (pass-and-play: name player 1, then player 2)."""
    from game.ui.widgets import TextInput

    typing = {"on": False}
    monkeypatch.setattr(pygame.key, "start_text_input", lambda: typing.update(on=True))
    monkeypatch.setattr(pygame.key, "stop_text_input", lambda: typing.update(on=False))
    screen = NewGameScreen()
    shown = Screen(screen)
    fields = [w for w in screen.widgets.widgets if isinstance(w, TextInput)]
    assert len(fields) >= 3
    for i in (0, 1, 2, 0):
        shown.click(fields[i].rect.center)
        assert fields[i].editing and typing["on"], i

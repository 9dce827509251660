"""Two seats' words at once never cover each other: at a crowded table in a small window with
the log open, the two middle side seats' bubbles reach towards the middle of the table and
met there (a catch's "Stop Macau!" under another seat's cards). The later one keeps clear of
the earlier one, and keeps its place until it goes, rather than jump back when the first goes."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.engine import PRESETS, Game
from game.ui import tabledraw
from game.ui.director import Bubble
from game.ui.tween import Tween
from tests.ui.tablekit import Harness


def _boxes(h: Harness, monkeypatch: pytest.MonkeyPatch) -> dict[int, pygame.Rect]:
    """Each seat's bubble box as the next frame draws it."""
    drawn: dict[int, pygame.Rect] = {}
    place = tabledraw.bubble_box

    def spy(*args: Any) -> tuple[pygame.Surface, pygame.Rect]:
        words, box = place(*args)
        drawn[args[1].seat] = box.copy()
        return words, box

    with monkeypatch.context() as patch:
        patch.setattr(tabledraw, "bubble_box", spy)
        h.tick()
    return drawn


@pytest.mark.parametrize(("seats", "size"), [(10, (1024, 768)), (8, (960, 600))])
def test_two_seats_words_at_once_stay_apart(
    seats: int, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    hands = [" ".join(f"{r}{s}" for r in (3, 4, 5, 6, 7)) for s in "HDCS"] * 3
    g = Game.from_position(PRESETS["hungarian"], hands=hands[:seats], pile="9S", stock="8D")
    h = Harness(g, size=size)
    h.key(pygame.K_l, "l")  # the log open: the table narrower
    h.table.director.bubbles.clear()
    left, right = 2, seats - 2  # the middle seats at the sides, face to face
    now = h.table.director.animator.now
    stop = Bubble(left, "Stop Macau!", Tween(now, 2.0), loud=True)
    laid = Bubble(right, "Q♣ 3♣ 7♣ 7♣ 8♣ Q♣", Tween(now + 0.1, 2.0), laid=True)
    alone = tabledraw.bubble_box(h.table, laid, 0.0, size[0])[1]
    assert alone.colliderect(tabledraw.bubble_box(h.table, stop, 0.0, size[0])[1])
    h.table.director.bubbles[:] = [stop, laid]
    places = []
    for _ in range(20):
        boxes = _boxes(h, monkeypatch)
        assert not boxes[left].colliderect(boxes[right]), boxes
        places.append(boxes[right])
    h.table.director.bubbles.remove(stop)  # the first words gone: the later ones stay put
    after = _boxes(h, monkeypatch)[right]
    assert after.x == places[-1].x and abs(after.y - places[-1].y) <= h.table.layout.px(2)


def test_words_kept_off_others_keep_their_size_and_place_all_their_life(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Heads-up in a small window the pile's "+2" rises into North's words: kept off them, it
    # takes its size once, rather than shrink as it rises and spring back, and keeps it when
    # North's words go (or new ones come).
    g = Game.from_position(
        PRESETS["hungarian"], hands=["3H 4H 5H 6H 7H", "3C 4C 5C 6C 7C"], pile="9S", stock="8D"
    )
    h = Harness(g, size=(960, 600))
    director = h.table.director
    director.bubbles.clear()
    now = director.animator.now
    north = Bubble(1, "7♣ 7♦ 7♠ 7♥ 8♥", Tween(now, 1.0), laid=True)
    pile = Bubble(-1, "+2", Tween(now + 0.05, 2.0), loud=True)
    director.bubbles[:] = [north, pile]
    boxes = []
    for frame in range(110):
        if frame == 40:
            director.bubbles.remove(north)
            director.bubbles.append(Bubble(1, "Forgot Macau: +5", Tween(now + 0.7, 1.0), True))
        boxes.append(_boxes(h, monkeypatch)[-1])
    assert len({box.size for box in boxes}) == 1, {box.size for box in boxes}
    assert len({box.x for box in boxes}) == 1

"""The missed turns a skip card sends on are shown, outlined as still to be faced, at the seat
they wait on, and never at the seat that laid the card, not even while its card lands."""

from __future__ import annotations

import pygame
import pytest

from game.engine import PRESETS, Game, parse_action
from game.ui import tabledraw
from tests.ui.tablekit import normal_speed_table


def test_the_outlined_signs_sit_at_the_seat_the_missed_turn_waits_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = Game.from_position(
        PRESETS["polish"],
        hands=["7S QC 2H 9C", "4H 9S KD 5D", "2D 3H 4C JC", "3D 8C AC 6C"],
        pile="5H",
        stock="9H KC 4S 8S JD 5C 6D",
        current=1,
    )
    stack, screen, table, _heard = normal_speed_table(game)
    pending: list[tuple[int, int]] = []
    real = tabledraw._draw_tokens

    def spy(surface: pygame.Surface, n: int, at: tuple[int, int], *a: object, **k: object) -> None:
        if k.get("pending") and n:
            pending.append(at)
        real(surface, n, at, *a, **k)  # type: ignore[arg-type]

    monkeypatch.setattr(tabledraw, "_draw_tokens", spy)
    assert table.apply(parse_action("4H"), 1)  # West sends a missed turn on to North
    boxes = {a.seat: a.rect for a in table.layout.areas}
    for _ in range(90):
        stack.update(1 / 60)
        stack.draw(screen)
    assert pending, "the missed turn was never shown waiting"
    assert all(boxes[2].collidepoint(at) for at in pending), pending
    assert not any(boxes[1].collidepoint(at) for at in pending)

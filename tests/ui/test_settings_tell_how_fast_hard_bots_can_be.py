"""Beside the bots' pace, Settings says how fast a hard bot can be: its pause is never
shorter than its thinking (a shorter one would tell the table when it had no choice), so
"Fast" is no faster than "Normal" for hard bots with animation off, and said so."""

from __future__ import annotations

import pygame
import pytest

from game.bots.hard import HardBot
from game.ui.options import SettingsScreen
from game.ui.scene import SceneStack
from game.ui.table import THINK_MARGIN
from tests.ui.textkit import drawn_texts


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_the_note_is_drawn_whole_beside_the_bots_pace(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    pygame.display.init()
    pygame.font.init()
    stack = SceneStack(None, size)
    screen = SettingsScreen()
    stack.push(screen)
    texts = drawn_texts(monkeypatch, stack, size)
    pace = screen.rows[-1][1].rect
    note = [
        (w, rect)
        for w, rect in texts
        if rect.left > pace.right and pace.top - 30 <= rect.centery <= pace.bottom + 30
    ]
    said = " ".join(w for w, _ in note)
    floor = HardBot().time_budget + THINK_MARGIN
    assert said == f"Hard bots take {floor:.1f} s a move at least, to think"
    assert all(rect.right <= screen.panel.right for _, rect in note)

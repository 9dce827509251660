"""The merge dialog's picker label is set apart from the warning above it, however long the
name in the warning, at every window size."""

from __future__ import annotations

import pygame
import pytest

from game.ui.profiles_scene import MergeDialog
from game.ui.scene import SceneStack
from tests.ui.textkit import drawn_texts


@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("source", ["Ola", "Małgorzata Wojciechowska-Wiśniew"])
def test_the_pickers_label_keeps_clear_of_the_warning(
    size: tuple[int, int], source: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode(size)
    stack = SceneStack(None, size)
    dialog = MergeDialog(source, ["Ania", "Béla"])
    stack.push(dialog)
    drawn = drawn_texts(monkeypatch, stack, size)
    label = next(r for words, r in drawn if words.startswith("Keeps the rounds"))
    warning = [r for words, r in drawn if r.bottom <= label.centery and r.top > dialog.panel.y]
    assert label.top - max(r.bottom for r in warning) >= dialog.px(10)
    assert label.bottom <= dialog.target.rect.top
    assert dialog.target.rect.bottom + dialog.px(12) <= min(b.rect.top for b in dialog.buttons)

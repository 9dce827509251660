"""The custom-rules editor's rows of chips ("Suit changers", "Plays on anything") are as tall
as their chips once wrapped: at a width where the last chip goes to a second line, the row
grows with it instead of drawing that chip over the row below (where a click on it changed
the option underneath)."""

from __future__ import annotations

import pytest

from game.engine import PRESETS
from game.ui.controls import Chips
from game.ui.rulesedit import RulesEditor
from tests.ui.menukit import Screen


@pytest.mark.parametrize("preset", ["classic", "hungarian"])
def test_every_chip_lies_inside_its_own_row_at_every_width(preset: str) -> None:
    spilled = []
    for width in range(960, 1300, 4):
        screen = Screen(RulesEditor(PRESETS[preset], lambda _r: None), (width, 800))
        screen.frame()
        editor = screen.top
        assert isinstance(editor, RulesEditor)
        for name, control in editor.controls.items():
            if isinstance(control, Chips):
                for chip in control.chip_rects():
                    if not control.rect.contains(chip):
                        spilled.append((width, name))
    assert spilled == []

"""A switch greys itself out once used: the keyboard's focus then moves on to its
neighbours, not back to the top of the editor or round to Cancel."""

from __future__ import annotations

import pygame

from game.engine import PRESETS, Rules
from game.ui.rulesedit import RulesEditor
from game.ui.widgets import Button, Widget, WidgetGroup
from tests.ui.menukit import Screen


def _used_switch() -> tuple[Screen, RulesEditor, Widget]:
    results: list[Rules | None] = []
    editor = RulesEditor(PRESETS["hungarian"], results.append)
    screen = Screen(editor)
    switches = set(map(id, editor.switches.values()))
    for _ in range(120):
        focused = editor.focused()
        if focused is not None and id(focused) in switches and getattr(focused, "enabled", True):
            break
        screen.key(pygame.K_DOWN)
    else:
        raise AssertionError("no switch could be used")
    switch = editor.focused()
    assert switch is not None
    offset = editor.scroll.offset
    screen.key(pygame.K_RETURN)
    assert not getattr(switch, "enabled", True)  # used: it is greyed out
    assert abs(editor.scroll.offset - offset) < editor.px(200)  # no jump back to the top
    return screen, editor, switch


def _enabled(widgets: list[Widget]) -> Widget:
    return next(w for w in widgets if getattr(w, "enabled", True))


def test_the_focus_moves_from_a_used_switch_to_its_neighbour() -> None:
    screen, editor, switch = _used_switch()
    at = editor.order.index(switch)
    after = _enabled(editor.order[at + 1 :])
    assert editor.focused() is after  # no ring left on a button Enter cannot press
    assert sum(w.focused for w in editor.order) == 1
    offset = editor.scroll.offset
    screen.key(pygame.K_UP)  # back past the used switch to the control before it
    assert editor.focused() is _enabled(editor.order[at - 1 :: -1])
    assert abs(editor.scroll.offset - offset) < editor.px(200)
    screen.key(pygame.K_TAB)
    assert editor.focused() is after


def test_tab_in_a_group_goes_on_past_a_button_greyed_out_while_focused() -> None:
    buttons = [Button(name, lambda: None) for name in ("One", "Two", "Three", "Four")]
    group = WidgetGroup(buttons)
    group.focus_next()
    group.focus_next()
    assert buttons[1].focused
    buttons[1].enabled = False
    group.focus_next()
    assert [b.focused for b in buttons] == [False, False, True, False]
    buttons[1].enabled = True
    group.focus_next(-1)
    assert buttons[1].focused
    buttons[1].enabled = False
    group.focus_next(-1)
    assert [b.focused for b in buttons] == [True, False, False, False]

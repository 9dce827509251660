"""The custom rules editor in any window: options made anew ("Start from", Load) are drawn
at the window's scale, the focused option stays in view through a resize or a PageDown,
and a saved set deleted there no longer names the rules on New game."""

from __future__ import annotations

import pygame

from game.engine import PRESETS
from game.ui.newgame import NewGameScreen
from game.ui.rulesedit import RulesEditor
from tests.ui.menukit import Screen


def _focused(editor: RulesEditor) -> str | None:
    rows = {**editor.controls, **editor.switches}
    return next((name for name, w in rows.items() if w.focused), None)


def test_options_made_anew_are_drawn_at_the_windows_scale() -> None:
    editor = RulesEditor(PRESETS["polish"], lambda _rules: None)
    screen = Screen(editor, (2560, 1440))
    assert editor.ui > 1.3
    editor.focus(editor.start_from)
    screen.key(pygame.K_RIGHT)  # start from the next preset: every option made anew
    assert editor.start_from.value != "polish"
    assert {c.ui for c in editor.controls.values()} == {editor.ui}


def test_the_focused_option_stays_in_view_through_a_resize() -> None:
    editor = RulesEditor(PRESETS["polish"], lambda _rules: None)
    screen = Screen(editor, (1280, 800))
    for _ in range(60):
        if _focused(editor) == "scoring":
            break
        screen.key(pygame.K_TAB)
    assert _focused(editor) == "scoring"
    for size in [(960, 600), (2560, 1440), (960, 600)]:
        screen.stack.resize(size)
        screen.frame()
        assert editor.controls["scoring"].visible, size
    before = editor.values["scoring"]
    screen.key(pygame.K_RIGHT)
    assert editor.values["scoring"] != before


def test_a_page_down_takes_the_focus_along() -> None:
    editor = RulesEditor(PRESETS["polish"], lambda _rules: None)
    screen = Screen(editor, (1280, 800))
    for _ in range(12):
        if _focused(editor) is not None:
            break  # the first option of the list
        screen.key(pygame.K_TAB)
    first = _focused(editor)
    assert first is not None
    screen.key(pygame.K_PAGEDOWN)  # the first option scrolls out of view
    rows = {**editor.controls, **editor.switches}
    assert not rows[first].visible
    now = _focused(editor)
    assert now is not None and now != first and rows[now].visible
    screen.key(pygame.K_END)
    last = _focused(editor)
    assert last is not None and rows[last].visible


def test_a_set_deleted_in_the_editor_no_longer_names_the_rules() -> None:
    new = NewGameScreen()
    screen = Screen(new)
    new.edit_custom()
    editor = screen.top
    assert isinstance(editor, RulesEditor)
    editor.controls["macau_penalty"].step(-2)  # type: ignore[attr-defined]
    editor.name_field.text = "Family"
    editor.save_set()
    editor.use()
    assert screen.top is new and new.custom_label == "Family"
    new.edit_custom()
    editor = screen.top
    assert isinstance(editor, RulesEditor) and editor.saved.value == "Family"
    editor.delete_saved()
    screen.key(pygame.K_LEFT)  # the dialog's "Delete"
    screen.key(pygame.K_RETURN)
    assert editor.note == "Deleted Family."
    assert not editor.delete_button.focused  # nothing left to delete: the focus moved on
    editor.cancel()
    assert screen.top is new
    assert new.custom_label is None and "Family" not in new._heading(900)
    assert new.setup().rules_label is None


def test_start_from_shows_every_presets_title_whole_in_the_smallest_window() -> None:
    from game.engine.explain import PRESET_TITLES

    editor = RulesEditor(PRESETS["polish"], lambda _rules: None)
    screen = Screen(editor, (960, 600))
    for preset in PRESETS:
        editor.start_from.set(preset)
        screen.frame()
        assert editor.start_from.shown() == PRESET_TITLES[preset]
    assert editor.start_from.rect.right < editor.saved.rect.left

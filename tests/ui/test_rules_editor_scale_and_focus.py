"""The custom rules editor in any window: options made anew ("Start from", Load) are drawn
at the window's scale, the focused option stays in view through a resize or a PageDown,
and a saved set deleted or changed there no longer names the rules on New game or Quick
game; a set's name is kept as a player's name is (joiners kept, invisible ones not)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pygame

from game.engine import PRESETS, Rules
from game.store.saves import delete_rule_set, load_rule_sets, save_rule_set
from game.ui.newgame import NewGameScreen
from game.ui.rulesedit import RulesEditor
from game.ui.setup import SeatSpec, TableSetup, quick_setup
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


def _playing_family() -> tuple[Screen, NewGameScreen]:
    """New game dealing Polish with a Macau penalty of 3, saved in the editor as Family."""
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
    return screen, new


def test_a_set_deleted_in_the_editor_no_longer_names_the_rules() -> None:
    screen, new = _playing_family()
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


def _saved_again_as(screen: Screen, new: NewGameScreen, name: str) -> RulesEditor:
    """The editor, opened from New game, with the set in force saved again as ``name``."""
    new.edit_custom()
    editor = screen.top
    assert isinstance(editor, RulesEditor)
    editor.name_field.text = name
    editor.save_set()  # "Replace “Family”? … saved as “FAMILY”"
    screen.key(pygame.K_LEFT)
    screen.key(pygame.K_RETURN)
    assert editor.note == f"Saved as {name}." and list(load_rule_sets()) == [name]
    return editor


def test_a_set_saved_again_in_other_letters_names_the_rules_as_spelt_now() -> None:
    screen, new = _playing_family()
    old = new.setup()
    editor = _saved_again_as(screen, new, "FAMILY")
    editor.cancel()
    assert screen.top is new and new.custom_label == "FAMILY"
    assert new.setup().rules_label == "FAMILY"
    # Quick game and a saved table dealt before are named as the set is spelt now too.
    assert quick_setup(old.to_dict()).rules_label == "FAMILY"


def test_a_set_saved_again_in_another_window_is_named_so_at_start() -> None:
    from game.ui.matchtable import MatchTable

    screen, new = _playing_family()
    text = load_rule_sets()["Family"]
    save_rule_set("FAMILY", text)  # another window: "Family" replaced
    assert new.custom_label == "Family"  # as this screen took it
    new.start()
    table = screen.until(MatchTable)
    assert table.setup.rules_label == "FAMILY"


def test_a_set_deleted_under_another_spelling_no_longer_names_the_rules() -> None:
    """New game's "Family", saved again as "family" and deleted in the editor opened
    afterwards, named the rules still: Use, then Start, recorded rounds under a set no
    longer saved."""
    screen, new = _playing_family()
    _saved_again_as(screen, new, "family").cancel()
    new.custom_label = "Family"  # as a New game screen of an older game kept it
    new.edit_custom()
    editor = screen.top
    assert isinstance(editor, RulesEditor) and editor.saved.value == "family"
    editor.delete_saved()
    screen.key(pygame.K_LEFT)
    screen.key(pygame.K_RETURN)
    assert editor.note == "Deleted family." and load_rule_sets() == {}
    editor.use()
    assert screen.top is new and new.custom_label is None
    assert new.setup().rules_label is None


def test_a_set_changed_in_the_editor_no_longer_names_the_rules_dealt_before() -> None:
    screen, new = _playing_family()
    old = new.setup()
    assert old.rules_label == "Family"
    new.edit_custom()
    editor = screen.top
    assert isinstance(editor, RulesEditor) and editor.saved.value == "Family"
    editor.controls["macau_penalty"].step(2)  # type: ignore[attr-defined]
    editor.name_field.text = "Family"
    editor.save_set()  # the same name: asked, then replaced
    screen.key(pygame.K_LEFT)
    screen.key(pygame.K_RETURN)
    assert editor.note == "Saved as Family."
    editor.cancel()  # New game keeps the rules it had, which Family no longer holds
    assert screen.top is new and new.setup().rules_text == old.rules_text
    assert new.custom_label is None and new.setup().rules_label is None
    # Quick game, remembering the table of those rules, drops the name too.
    assert quick_setup(old.to_dict()).rules_label is None
    # A set left as it was keeps naming them, whatever the players and target.
    save_rule_set("Family", Rules.from_text(old.rules_text or "").to_text())
    assert quick_setup(old.to_dict()).rules_label == "Family"


def test_a_set_deleted_since_is_not_named_by_quick_game() -> None:
    rules = PRESETS["polish"].replace(name="custom", macau_penalty=3)
    save_rule_set("Family", rules.to_text())
    last = TableSetup(
        "custom",
        (SeatSpec("Me"), SeatSpec("Ben", "medium")),
        rules_text=rules.to_text(),
        rules_base="polish",
        rules_label="Family",
    )
    assert quick_setup(last.to_dict()).rules_label == "Family"
    delete_rule_set("Family")
    quick = quick_setup(last.to_dict())
    assert quick.rules_label is None and quick.rules_text == rules.to_text()


def test_quick_game_leaves_a_damaged_file_of_sets_to_the_editor_to_tell() -> None:
    rules = PRESETS["polish"].replace(name="custom", macau_penalty=3)
    save_rule_set("Family", rules.to_text())
    path = next(Path(os.environ["MACAU_HOME"]).rglob("*.json"))
    path.write_text("{ damaged", encoding="utf-8")
    last = TableSetup(
        "custom", (SeatSpec("Me"), SeatSpec("Ben", "medium")), rules_text=rules.to_text(),
        rules_label="Family",
    )  # fmt: skip
    assert quick_setup(last.to_dict()).rules_label == "Family"  # no telling: kept
    assert path.read_text(encoding="utf-8") == "{ damaged"  # not set aside unseen
    editor = RulesEditor(PRESETS["polish"], lambda _rules: None)
    Screen(editor)
    assert "damaged" in editor.note


def test_a_name_of_invisible_characters_alone_is_no_name() -> None:
    editor = RulesEditor(PRESETS["polish"], lambda _rules: None)
    Screen(editor)
    editor.controls["macau_penalty"].step(-2)  # type: ignore[attr-defined]
    editor.name_field.text = "\u200b\u2060"
    editor.save_set()
    assert editor.note == "Type a name for the rule set first."
    assert load_rule_sets() == {}


def test_sets_saved_under_names_as_typed_before_are_still_found() -> None:
    """An older game saved a set's name as typed: a zero-width space or a soft hyphen
    pasted into it stayed. Those names are tidied as read, and the set is still found by
    the label its rounds carry: Quick game names it, and Delete deletes it."""
    rules = PRESETS["polish"].replace(name="custom", macau_penalty=3)
    save_rule_set("Alpha", rules.to_text())  # (makes the file, then written as before)
    path = next(Path(os.environ["MACAU_HOME"]).rglob("*.json"))
    document = json.loads(path.read_text(encoding="utf-8"))
    document["rule_sets"] = {"Home\u200b": rules.to_text(), "Café\u00ad": rules.to_text()}
    path.write_text(json.dumps(document), encoding="utf-8")
    last = TableSetup(
        "custom", (SeatSpec("Me"), SeatSpec("Ben", "medium")), rules_text=rules.to_text(),
        rules_label="Home\u200b",
    )  # fmt: skip
    assert quick_setup(last.to_dict()).rules_label == "Home"
    editor = RulesEditor(rules, lambda _rules: None, base="polish", label="Home\u200b")
    screen = Screen(editor)
    assert sorted(editor.sets) == ["Café", "Home"] and editor.saved.value == "Home"
    editor.saved.set("Café")
    editor.delete_saved()
    screen.key(pygame.K_LEFT)  # the dialog's "Delete"
    screen.key(pygame.K_RETURN)
    assert editor.note == "Deleted Café."
    assert list(load_rule_sets()) == ["Home"]


def test_the_joiners_a_name_is_spelt_with_are_kept() -> None:
    names = ["Family 👨\u200d👩\u200d👧", "قوانین\u200cما"]
    rules = PRESETS["polish"].replace(name="custom", macau_penalty=3)
    for name in names:
        save_rule_set(name, rules.to_text())
        setup = TableSetup(
            "custom",
            (SeatSpec("Me"), SeatSpec("Ben", "medium")),
            rules_text=rules.to_text(),
            rules_label=name,
        )
        assert TableSetup.from_dict(setup.to_dict()).rules_label == name  # as Continue reads it
        assert name in load_rule_sets()


def test_start_from_shows_every_presets_title_whole_in_the_smallest_window() -> None:
    from game.engine.explain import PRESET_TITLES

    editor = RulesEditor(PRESETS["polish"], lambda _rules: None)
    screen = Screen(editor, (960, 600))
    for preset in PRESETS:
        editor.start_from.set(preset)
        screen.frame()
        assert editor.start_from.shown() == PRESET_TITLES[preset]
    assert editor.start_from.rect.right < editor.saved.rect.left

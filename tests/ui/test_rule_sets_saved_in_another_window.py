"""The rules editor's saved sets follow what another copy of the game saves or deletes
while it is open: the list shows them within a second, Load loads a set as it is saved
now, and Save asks before it replaces a set of that name, even one saved elsewhere after
the editor opened or while the question was asked."""

from __future__ import annotations

from game.engine import PRESETS, Rules
from game.store.saves import delete_rule_set, load_rule_sets, save_rule_set
from game.ui.confirm import ConfirmDialog
from game.ui.rulesedit import SETS_LOOKED_AT_EVERY, RulesEditor
from tests.ui.menukit import Screen

POLISH = PRESETS["polish"].to_text()
CLASSIC = PRESETS["classic"].to_text()


def _editor(start: str = "classic") -> tuple[Screen, RulesEditor]:
    editor = RulesEditor(PRESETS[start], lambda _r: None)
    screen = Screen(editor)
    return screen, editor


def _a_second(screen: Screen) -> None:
    screen.frame(round(SETS_LOOKED_AT_EVERY * 60) + 2)


def test_a_set_saved_in_another_window_is_listed_and_not_overwritten_unasked() -> None:
    screen, editor = _editor("classic")
    assert editor.saved.values == [""]  # none saved when it opened
    save_rule_set("Family", POLISH)  # another copy saves one
    _a_second(screen)
    assert editor.saved.values == ["Family"] and editor.load_button.enabled

    editor.name_field.text = "Family"
    editor.save_set()
    dialog = screen.top
    assert isinstance(dialog, ConfirmDialog) and dialog.question == "Replace “Family”?"
    screen.click(dialog.no_button.rect.center)
    assert load_rule_sets() == {"Family": POLISH}  # kept


def test_a_save_that_meets_a_set_saved_elsewhere_since_the_last_look_asks_first() -> None:
    screen, editor = _editor("classic")
    save_rule_set("Family", POLISH)  # saved a moment ago: the list has not looked yet
    editor.name_field.text = "Family"
    editor.save_set()
    dialog = screen.top
    assert isinstance(dialog, ConfirmDialog) and dialog.question == "Replace “Family”?"


def test_a_set_changed_elsewhere_while_its_replacing_is_asked_is_asked_about_again() -> None:
    screen, editor = _editor("classic")
    save_rule_set("Family", POLISH)
    editor.name_field.text = "Family"
    editor.save_set()
    first = screen.top
    assert isinstance(first, ConfirmDialog)
    tel_aviv = PRESETS["tel_aviv"].to_text()
    save_rule_set("Family", tel_aviv)  # the other copy changes it again meanwhile
    screen.click(first.yes_button.rect.center)
    again = screen.top
    assert isinstance(again, ConfirmDialog) and again is not first
    assert load_rule_sets() == {"Family": tel_aviv}  # not replaced unseen
    screen.click(again.yes_button.rect.center)
    # Replaced once asked about what it holds.
    [(name, text)] = load_rule_sets().items()
    assert name == "Family"
    assert Rules.from_text(text).fingerprint == PRESETS["classic"].fingerprint


def test_load_loads_a_set_as_it_is_saved_now() -> None:
    save_rule_set("Family", POLISH)
    screen, editor = _editor("polish")
    assert editor.saved.value == "Family"
    save_rule_set("Family", CLASSIC)  # replaced in another copy after the editor opened
    editor.load_saved()
    screen.frame()
    assert editor.note == "Loaded Family."
    assert editor.rules is not None
    assert editor.rules.fingerprint == Rules.from_text(CLASSIC).fingerprint


def test_a_set_deleted_elsewhere_leaves_the_list_and_is_not_loaded() -> None:
    save_rule_set("Family", POLISH)
    save_rule_set("Zoo", CLASSIC)
    screen, editor = _editor("polish")
    editor.saved.set("Zoo")
    delete_rule_set("Family")
    _a_second(screen)
    assert editor.saved.values == ["Zoo"] and editor.saved.value == "Zoo"  # still picked
    delete_rule_set("Zoo")
    editor.load_saved()  # before the next look
    assert editor.note == "“Zoo” is no longer among the saved rule sets."
    assert editor.saved.values == [""] and not editor.load_button.enabled

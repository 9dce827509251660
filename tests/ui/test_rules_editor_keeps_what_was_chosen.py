"""The rules editor keeps what the player chose: ranks a jack may ask come back once the
option that made them power cards lets go, one control holds the focus after a click on
the name field, the set in force is shown as such when the editor opens again, "Start from"
keeps the table's players and target, and saved names are listed in a reader's order."""

from __future__ import annotations

import pygame

from game.engine import PRESETS
from game.store.saves import save_rule_set
from game.ui.rulesedit import RulesEditor
from tests.ui.menukit import Screen

ALL = ("5", "6", "7", "8", "9", "10")


def test_ranks_taken_out_by_the_skip_card_come_back_when_it_moves_on() -> None:
    editor = RulesEditor(PRESETS["polish"], lambda _rules: None)
    Screen(editor)
    assert editor.values["request_ranks"] == ALL
    for skip in ["5", "6", "7", "8", "9", "10", "J"]:
        editor.changed("skip_rank", skip)
        plain = tuple(t for t in ALL if t != skip)
        assert editor.values["request_ranks"] == plain, skip
    assert "10 came back" in editor.note  # the skip card moved on from 10 to the jack
    editor.changed("skip_rank", "4")
    assert editor.values["request_ranks"] == ALL and not editor.edited
    # Ranks taken out by hand stay out.
    editor.changed("request_ranks", ("6", "8"))
    editor.changed("skip_rank", "6")
    editor.changed("skip_rank", "4")
    assert editor.values["request_ranks"] == ("6", "8")


def test_a_click_on_the_name_field_leaves_one_focus() -> None:
    editor = RulesEditor(PRESETS["polish"], lambda _rules: None)
    screen = Screen(editor)
    editor.focus(editor.start_from)
    screen.click(editor.name_field.rect.center)
    focused = [w for w in editor.widgets.widgets if w.focused]
    assert focused == [editor.name_field]
    screen.key(pygame.K_ESCAPE)  # stops typing; the field keeps the focus
    screen.key(pygame.K_RIGHT)
    assert editor.start_from.value == "polish"


def test_the_set_in_force_is_shown_when_the_editor_opens_again() -> None:
    save_rule_set("Alpha", PRESETS["polish"].replace(name="custom", macau_penalty=2).to_text())
    home = PRESETS["polish"].replace(name="custom", macau_penalty=6)
    save_rule_set("Home", home.to_text())
    editor = RulesEditor(home, lambda _rules: None, base="polish", label="Home")
    Screen(editor)
    assert editor.saved.value == "Home" and editor.name_field.text == "Home"


def test_start_from_keeps_the_tables_players_and_target() -> None:
    start = PRESETS["classic"].replace(default_seats=3, target=700, name="classic")
    editor = RulesEditor(start, lambda _rules: None)
    Screen(editor)
    editor.load_preset("hungarian")
    assert editor.values["default_seats"] == 3 and editor.values["target"] == 700
    editor.load_preset("quick")  # two to four: three still fits
    assert editor.values["default_seats"] == 3


def test_saved_sets_are_listed_in_a_readers_order() -> None:
    for name in ["apple", "Zoo", "banana", "Éclair", "Mine"]:
        save_rule_set(name, PRESETS["polish"].to_text())
    editor = RulesEditor(PRESETS["polish"], lambda _rules: None)
    Screen(editor)
    assert editor.saved.values == ["apple", "banana", "Éclair", "Mine", "Zoo"]

"""The rules editor keeps what the player chose: ranks a jack may ask come back once the
option that made them power cards lets go, one control holds the focus after a click on
the name field, the set in force is shown as such when the editor opens again, "Start from"
keeps the table's players and target, saved names are listed in a reader's order, jokers
given a role take every option that role needs, and a name typed and not saved is asked
about before leaving throws it away."""

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


def test_jokers_turned_to_drawing_take_every_role_a_drawing_joker_has() -> None:
    editor = RulesEditor(PRESETS["hungarian"], lambda _rules: None)
    Screen(editor)
    editor.changed("joker_role", "draw_wild")  # never drawing before: nothing to give back
    assert not editor.error and editor.rules is not None
    assert {"RJ", "BJ"} <= editor.rules.attack_cards
    assert "joker" in editor.rules.plays_on_anything and "joker" in editor.rules.suit_changers
    assert "the jokers joined “Attack cards”" in editor.note


def test_drawing_jokers_added_to_a_pack_take_every_role_a_drawing_joker_has() -> None:
    editor = RulesEditor(PRESETS["polish"], lambda _rules: None)
    Screen(editor)
    editor.changed("joker_role", "draw_wild")  # the role first (a clash while no jokers)
    editor.changed("jokers", 2)
    assert not editor.error and editor.rules is not None
    assert {"RJ", "BJ"} <= editor.rules.attack_cards
    assert "joker" in editor.rules.plays_on_anything and "joker" in editor.rules.suit_changers
    assert "the jokers joined “Attack cards”" in editor.note
    # Fewer, then more again one by one: each joker added attacks as the others do.
    editor.changed("jokers", 0)
    editor.changed("joker_role", "draw_wild")
    editor.changed("jokers", 1)
    editor.changed("jokers", 2)
    assert editor.rules is not None and {"RJ", "BJ"} <= editor.rules.attack_cards


def test_jokers_added_to_a_pack_without_them_stand_in_for_any_card() -> None:
    editor = RulesEditor(PRESETS["polish"], lambda _rules: None)
    Screen(editor)
    editor.changed("jokers", 1)
    assert not editor.error and editor.rules is not None and editor.rules.jokers == 1
    assert editor.rules.joker_role == "any_card"
    assert "“Jokers” is “Stand for any card”" in editor.note
    editor.changed("jokers", 0)  # and taken out again: no role left
    assert not editor.error and editor.values["joker_role"] == "none"


def test_a_name_typed_and_not_saved_is_asked_about_before_leaving() -> None:
    left: list[object] = []
    editor = RulesEditor(PRESETS["polish"], left.append)
    screen = Screen(editor)
    editor.focus(editor.name_field)
    screen.type("Grandma's Sunday rules")
    screen.key(pygame.K_ESCAPE)  # stops typing
    screen.key(pygame.K_ESCAPE)  # leaves: asked first
    assert screen.top is not editor and left == []
    assert "“Grandma's Sunday rules” is not saved" in screen.top.detail
    screen.key(pygame.K_ESCAPE)  # keep editing
    assert screen.top is editor and editor.name_field.text == "Grandma's Sunday rules"
    assert editor.ask_before_closing() is not None  # closing the window asks too
    screen.key(pygame.K_ESCAPE)
    # Saved, the name is kept: nothing to ask.
    editor.save_set()
    assert editor.ask_before_closing() is None
    screen.key(pygame.K_ESCAPE)
    assert left == [None]


def test_a_joker_left_out_of_the_attack_cards_by_hand_stays_out_on_the_way_back_up() -> None:
    for steps in ([0, 2], [0, 1, 2], [1, 2]):
        editor = RulesEditor(PRESETS["classic"], lambda _rules: None)
        Screen(editor)
        editor.changed("attack_cards", frozenset({"2", "3", "KH", "KS", "RJ"}))
        for n in steps:
            editor.changed("jokers", n)
        assert editor.rules is not None and "BJ" not in editor.rules.attack_cards, steps
        assert "RJ" in editor.rules.attack_cards, steps


def test_jokers_raised_past_the_count_their_roles_were_kept_for_take_the_roles_too() -> None:
    editor = RulesEditor(PRESETS["polish"], lambda _rules: None)
    Screen(editor)
    editor.changed("jokers", 1)
    editor.changed("joker_role", "draw_wild")
    editor.changed("jokers", 0)
    editor.changed("jokers", 2)
    assert editor.rules is not None and {"RJ", "BJ"} <= editor.rules.attack_cards

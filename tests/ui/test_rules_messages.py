"""What the custom rules editor says when rules clash or a saved set will not load: the
editor's own labels and values, in whole sentences."""

from __future__ import annotations

import json
import re

import pygame
import pytest

from game.engine import PRESETS, Rules
from game.store.paths import where
from game.ui.rulesedit import RulesEditor
from tests.ui.menukit import Screen


def _editor(preset: str) -> RulesEditor:
    return RulesEditor(PRESETS[preset], lambda _r: None)


def _sentences(text: str) -> list[str]:
    return re.split(r"(?<=[.…]) (?=[A-Z0-9“])", text)


def _reads_well(text: str) -> None:
    """Every sentence starts with a capital (or a quoted label) and ends with a stop; no
    engine identifier or lower-case value is left."""
    assert text, "nothing was said"
    for sentence in _sentences(text):
        assert sentence[:1].isupper() or sentence[:1] in "“0123456789", (sentence, text)
        assert sentence.endswith("."), (sentence, text)
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", text), text
    assert not re.search(r"\b(is|to) (none|any_card|draw_wild|plain|any)\b", text), text


def test_jokers_left_without_a_role_are_told_with_the_jokers_control_words() -> None:
    editor = _editor("polish")
    editor.changed("jokers", 2)  # given a role with them (stand-ins)
    editor.changed("joker_role", "none")
    assert editor.error == (
        "The pack holds jokers (“Jokers per deck” is 2) but “Jokers” is “None”: "
        "choose “Stand for any card” or “Draw wild”."
    )
    _reads_well(editor.error)


def test_a_king_made_a_suit_changer_on_polish_reads_as_a_sentence() -> None:
    editor = _editor("polish")
    editor.changed("suit_changers", frozenset({"A", "K"}))
    assert editor.error == (
        "Kings cannot be both attack cards and suit changers (K♥ and K♠ in “Attack cards”, "
        "“Suit changers”): one rank cannot both make the next seat draw and name a suit."
    )
    _reads_well(editor.error)


def test_the_black_joker_put_back_at_one_joker_per_deck_names_the_count_by_its_label() -> None:
    editor = _editor("classic")
    editor.changed("jokers", 1)  # the black joker leaves the attack cards with the deck's
    assert not editor.error
    editor.changed("attack_cards", editor.values["attack_cards"] | {"BJ"})  # back by hand
    assert editor.error == (
        "“Attack cards” lists the black joker, but the pack holds only the red joker "
        "(“Jokers per deck” is 1)."
    )
    _reads_well(editor.error)


def test_a_plain_first_card_with_no_plain_card_left_names_the_first_pile_card_option() -> None:
    editor = _editor("polish")
    editor.changed("jack_requests", False)
    editor.changed("suit_changers", frozenset({"A", "5", "6", "7", "8", "9", "10", "J"}))
    editor.changed("plain_kings_block", True)
    assert editor.values["starter"] == "plain"
    assert editor.error.startswith(
        "“First pile card” is “A plain card”, but these options make every card a power card"
    )
    assert editor.error.endswith("there is no plain card to start the pile.")
    _reads_well(editor.error)


def test_draw_wild_jokers_on_polish_say_which_option_set_to_what() -> None:
    editor = _editor("polish")
    editor.changed("joker_role", "draw_wild")
    assert (
        "With “Jokers” set to “Draw wild”, a joker plays on anything, so “Plays on anything” "
        "must list it." in editor.error
    )
    assert editor.error.startswith("“Jokers” set to “Draw wild” needs jokers in the pack")
    _reads_well(editor.error)


def test_every_clash_the_editor_can_reach_reads_as_sentences() -> None:
    clashes = [
        ("polish", {"min_seats": 6, "max_seats": 4}),
        ("polish", {"min_seats": 6}),
        ("polish", {"deck_steps": (3, 5, 7)}),
        ("polish", {"hand_size": 15}),
        ("polish", {"attack_cards": frozenset({"2", "RJ"})}),
        ("hungarian", {"suit_changers": frozenset({"A", "joker"})}),
        ("polish", {"skip_rank": "J"}),
        ("polish", {"plain_kings_block": True, "attack_cards": frozenset({"2", "3"})}),
        ("polish", {"ace_must_differ": True, "suit_changers": frozenset()}),
        ("polish", {"five_again": True}),
        ("classic", {"jokers": 0, "joker_role": "draw_wild"}),
    ]
    for preset, changes in clashes:
        editor = _editor(preset)
        for name, value in changes.items():
            editor.values[name] = value
        editor._validate()
        _reads_well(editor.error)
        assert "[" not in editor.error and "KH" not in editor.error


def test_a_saved_set_that_will_not_load_is_explained_in_the_editors_words() -> None:
    folder = where("config")
    folder.mkdir(parents=True, exist_ok=True)
    sets = {
        "Old jokers": "macau-rules 1\njokers = 2\n",
        "Typo": "macau-rules 1\nhand_size = five\n",
        "Future option": "macau-rules 1\nbluff_rule = yes\n",
    }
    document = {"format": "macau-rulesets", "version": 1, "rule_sets": sets}
    (folder / "rulesets.json").write_text(json.dumps(document), encoding="utf-8")
    editor = _editor("polish")
    screen = Screen(editor, (960, 600))
    said = {}
    for name in sets:
        editor.saved.set(name)
        screen.click(editor.load_button.rect.center)
        said[name] = editor.note
    assert said["Old jokers"] == (
        "“Old jokers” could not be loaded. The pack holds jokers (“Jokers per deck” is 2) "
        "but “Jokers” is “None”: choose “Stand for any card” or “Draw wild”."
    )
    assert (
        said["Typo"]
        == "“Typo” could not be loaded. “Cards dealt” cannot be “five”: it takes a whole number."
    )
    assert said["Future option"] == (
        "“Future option” could not be loaded. The line “bluff_rule = yes” names no option "
        "this version of Macau knows."
    )
    assert editor.rules == PRESETS["polish"].replace(name="custom")  # nothing was loaded
    pygame.event.clear()


def test_a_switch_that_cannot_be_used_says_why_in_a_sentence() -> None:
    editor = _editor("polish")
    why = editor.switch_why["harder_seven_own_suit"]
    assert why == "A 7 does not change the suit here."
    editor.changed("jokers", 2)
    editor.changed("joker_role", "none")
    assert editor.switch_why["easier_groups"] == "Mend the clash first."
    assert isinstance(editor.rules, Rules | type(None))


def test_a_save_the_folder_refuses_is_told_as_not_saved_in_red(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("MACAU_HOME", str(home))
    sets = where("config") / "rulesets.json"
    sets.parent.mkdir(parents=True, exist_ok=True)
    sets.mkdir()  # a folder where the saved sets' file should be
    editor = _editor("polish")
    screen = Screen(editor)
    opened = editor.note
    assert opened and editor.failed  # the file could not be read: told in red at once
    screen.click(editor.name_field.rect.center)
    screen.send(pygame.TEXTINPUT, text="W" * 45)  # the name's limit met: the red stays
    assert editor.note == opened and editor.failed
    editor.name_field.text = "Mine"
    editor.save_set()
    screen.frame()
    assert editor.note.startswith("“Mine” was not saved: ") and editor.note != opened
    assert editor.failed
    editor.changed("hand_size", 6)  # any change after: the failure is old news
    assert not editor.failed


def test_many_clashes_at_once_leave_the_options_in_view() -> None:
    ranks = frozenset(("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"))
    editor = _editor("polish")
    screen = Screen(editor, (960, 600))
    for name, value in [
        ("hand_size", 15),
        ("deck_steps", ()),
        ("plays_on_anything", ranks),
        ("anything_on", ranks),
        ("skip_rank", "2"),
        ("suit_changers", frozenset({"A", "3", "J"})),
        ("min_seats", 9),
        ("attack_cards", frozenset({"2", "3"})),
        ("joker_role", "draw_wild"),
        ("five_again", True),
    ]:
        editor.changed(name, value)
        screen.frame()
        assert editor.view.h >= 200, (name, editor.view.h)  # a few rows to mend them with
    assert editor.error and editor.status.h <= 600 // 5 + 2
    lines, _size, _pad = editor._status_lines(editor.status.w)
    assert lines[-1].endswith("…")  # the rest is not shown, and it says so


def test_a_name_longer_than_a_set_may_have_is_said_to_be_so() -> None:
    editor = _editor("polish")
    screen = Screen(editor)
    screen.click(editor.name_field.rect.center)
    typed = "Grandma Wiśniewska's Sunday rules, version two"
    screen.send(pygame.TEXTINPUT, text=typed)
    assert editor.name_field.text == typed[:40]
    assert editor.name_field.refused
    assert editor.note == "A rule set's name has at most 40 characters."


def test_usual_players_move_along_with_fewest_and_most() -> None:
    editor = _editor("polish")  # 2 to 8 players, 4 usually
    editor.changed("min_seats", 5)
    assert editor.values["default_seats"] == 5 and not editor.error
    assert editor.note == "“Usual players” is now 5, between “Fewest players” and “Most players”."
    _reads_well(editor.note)
    editor.changed("max_seats", 6)  # 5 still fits: nothing more moves
    assert editor.values["default_seats"] == 5 and editor.note == ""
    editor.changed("min_seats", 2)
    editor.changed("max_seats", 3)
    assert editor.values["default_seats"] == 3 and not editor.error
    assert editor.rules is not None and editor.rules.default_seats == 3


def test_a_save_at_once_after_meeting_the_name_limit_says_it_was_saved() -> None:
    editor = _editor("polish")
    screen = Screen(editor)
    screen.click(editor.name_field.rect.center)
    screen.send(pygame.TEXTINPUT, text="W" * 45)
    assert editor.note == "A rule set's name has at most 40 characters."
    screen.key(pygame.K_RETURN)  # within the moment the field's edge is red
    assert editor.note == f"Saved as {'W' * 40}."


def test_the_name_limit_is_said_again_when_typing_meets_it_again() -> None:
    editor = _editor("polish")
    screen = Screen(editor)
    screen.click(editor.name_field.rect.center)
    screen.send(pygame.TEXTINPUT, text="W" * 45)
    screen.key(pygame.K_RETURN)
    assert editor.note.startswith("Saved as ")
    screen.key(pygame.K_BACKSPACE)
    screen.send(pygame.TEXTINPUT, text="X")
    assert editor.note.startswith("Saved as ")  # room for one more: nothing refused
    screen.send(pygame.TEXTINPUT, text="Y")
    assert editor.note == "A rule set's name has at most 40 characters."

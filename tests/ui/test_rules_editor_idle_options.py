"""An option that changes nothing in the rules being edited says so under its control (a
match target where no points are kept), and clicking a jack's ranks off and on again is no
change: the set keeps its name."""

from __future__ import annotations

from game.engine import PRESETS
from game.ui.controls import Chips
from game.ui.rulesedit import RulesEditor
from tests.ui.menukit import Screen

ALL = ("5", "6", "7", "8", "9", "10")


def test_an_option_that_changes_nothing_here_says_why_under_its_control() -> None:
    editor = RulesEditor(PRESETS["quick"], lambda _rules: None)
    Screen(editor)
    assert set(editor.idle_why) == {"macau_penalty", "power_after_out", "target"}
    assert "“Scoring” is “Points”" in editor.idle_why["target"]
    plain = editor._height("macau_call")
    assert editor._height("macau_penalty") > plain  # room for the note under the control
    editor.changed("macau_call", "required")
    assert "macau_penalty" not in editor.idle_why
    assert editor._height("macau_penalty") == plain
    editor.changed("scoring", "points")
    assert "target" not in editor.idle_why
    editor.changed("scoring", "wins_time")
    editor.changed("skip_rank", "A")  # a clash is told instead: no note claims anything
    assert editor.rules is None and editor.error and not editor.idle_why


def test_ranks_clicked_off_and_on_again_are_no_change() -> None:
    editor = RulesEditor(PRESETS["polish"], lambda _rules: None, label="Family")
    Screen(editor)
    chips = editor.controls["request_ranks"]
    assert isinstance(chips, Chips)
    for rank in ("8", "5", "10", "6"):
        chips.flip(rank)
    for rank in ("6", "10", "8", "5"):
        chips.flip(rank)
    assert editor.values["request_ranks"] == ALL  # in rank order, as the rules hold them
    assert not editor.edited and editor.rules_label == "Family"


def test_a_seven_with_no_stack_to_cut_and_a_counter_rule_already_held_say_so() -> None:
    editor = RulesEditor(PRESETS["classic"], lambda _rules: None)
    Screen(editor)
    assert editor.values["seven_cuts"] and "seven_cuts" not in editor.idle_why
    editor.changed("attack_cards", ())
    assert "there are no attack cards" in editor.idle_why["seven_cuts"].lower()
    hungarian = RulesEditor(PRESETS["hungarian"], lambda _rules: None)
    Screen(hungarian)
    assert "twos_threes_counter" not in hungarian.idle_why
    hungarian.changed("twos_threes_counter", "pool")
    assert hungarian.rules is not None
    assert hungarian.rules.fingerprint == PRESETS["hungarian"].fingerprint  # the same game
    assert (
        "already lets 2s and 3s go on any attack card" in hungarian.idle_why["twos_threes_counter"]
    )


def test_an_idle_note_says_here_once() -> None:
    editor = RulesEditor(PRESETS["polish"], lambda _rules: None)
    Screen(editor)
    editor.changed("jack_requests", False)
    why = editor.idle_why["request_ranks"]
    assert "here" not in why.lower()  # the note itself starts "No effect here: "

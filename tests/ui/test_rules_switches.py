"""The custom rules editor, driven headless: jokers turned off with their roles, and the
easier/harder house switches offered only where they do what they say (RULES.md §5, House rules)."""

from __future__ import annotations

import pygame
import pytest

from game.engine import HOUSE_SWITCHES, PRESETS, Rules
from game.engine.house import switch_refusal
from game.ui.rulesedit import RulesEditor
from game.ui.widgets import Widget
from tests.ui.menukit import Screen

from ..engine.conftest import ALL_PRESETS


def _open(preset: str) -> tuple[Screen, RulesEditor, list[Rules | None]]:
    results: list[Rules | None] = []
    editor = RulesEditor(PRESETS[preset], results.append)
    return Screen(editor), editor, results


def _walk_to(screen: Screen, editor: RulesEditor, target: Widget) -> None:
    """Down through the controls (scrolling the list) until ``target`` has the focus."""
    for _ in range(80):
        if editor.focused() is target:
            assert target.visible
            return
        screen.key(pygame.K_DOWN)
    raise AssertionError("the control was never reached")


def _jokers_to(screen: Screen, editor: RulesEditor, count: int) -> None:
    jokers = editor.controls["jokers"]
    _walk_to(screen, editor, jokers)
    while editor.values["jokers"] != count:
        screen.key(pygame.K_LEFT if editor.values["jokers"] > count else pygame.K_RIGHT)


@pytest.mark.parametrize("preset", ["classic", "romanian", "hungarian"])
def test_turning_a_presets_jokers_off_takes_their_roles_with_them(preset: str) -> None:
    screen, editor, results = _open(preset)
    _jokers_to(screen, editor, 0)
    rules = editor.rules
    assert rules is not None and not editor.error, editor.error
    assert rules.jokers == 0 and rules.joker_role == "none"
    assert not {"BJ", "RJ"} & rules.attack_cards
    assert "joker" not in rules.suit_changers | rules.plays_on_anything | rules.anything_on
    assert editor.note.startswith("With 0 jokers per deck, “Jokers” is “None”")
    assert editor.controls["joker_role"].value == "none"  # type: ignore[attr-defined]
    screen.click(editor.use_button.rect.center)
    assert results == [rules]


def test_jokers_turned_back_on_get_their_roles_back() -> None:
    screen, editor, _ = _open("classic")
    _jokers_to(screen, editor, 0)
    _jokers_to(screen, editor, 1)  # only the red joker: RJ attacks again, BJ waits
    assert editor.rules is not None and editor.rules.attack_cards >= {"RJ"}
    assert "BJ" not in editor.rules.attack_cards and editor.rules.joker_role == "draw_wild"
    _jokers_to(screen, editor, 2)
    assert editor.rules == PRESETS["classic"].replace(name="custom")


def test_one_joker_per_deck_drops_only_the_black_joker() -> None:
    screen, editor, _ = _open("classic")
    _jokers_to(screen, editor, 1)
    assert editor.rules is not None
    assert editor.rules.attack_cards == {"2", "3", "KH", "KS", "RJ"}
    assert editor.note == "With 1 joker per deck, the missing jokers left “Attack cards”."


def test_a_joker_role_set_by_hand_is_not_given_back() -> None:
    screen, editor, _ = _open("classic")
    _jokers_to(screen, editor, 1)
    editor.changed("attack_cards", frozenset({"2", "3", "KH", "KS"}))  # the red joker too
    _jokers_to(screen, editor, 2)
    assert editor.rules is not None and not {"BJ", "RJ"} & editor.rules.attack_cards


def test_jokers_turned_to_stand_ins_leave_their_drawing_roles_and_take_them_back() -> None:
    screen, editor, _ = _open("classic")
    role = editor.controls["joker_role"]
    _walk_to(screen, editor, role)
    screen.key(pygame.K_LEFT)  # "Draw wild" to "Stand for any card"
    assert editor.values["joker_role"] == "any_card"
    assert editor.rules is not None and not editor.error, editor.error
    assert not {"BJ", "RJ"} & editor.rules.attack_cards
    assert "joker" not in editor.rules.suit_changers
    assert "joker" in editor.rules.plays_on_anything  # as stand-ins they still go on anything
    assert editor.note.startswith("With “Jokers” set to “Stand for any card”, the jokers left")
    assert "“Plays on anything”" not in editor.note
    screen.key(pygame.K_RIGHT)
    assert editor.rules == PRESETS["classic"].replace(name="custom")
    assert "are back in “Attack cards”" in editor.note


@pytest.mark.parametrize(
    ("preset", "jokers", "keys"),
    [
        ("hungarian", None, (pygame.K_LEFT, pygame.K_RIGHT)),  # to "None" and back
        ("hungarian", None, (pygame.K_RIGHT, pygame.K_LEFT)),  # to "Draw wild" and back
        ("polish", 2, (pygame.K_RIGHT, pygame.K_LEFT)),  # stand-ins that must fit, and back
    ],
)
def test_stand_in_jokers_turned_to_another_role_and_back_are_as_they_were(
    preset: str, jokers: int | None, keys: tuple[int, int]
) -> None:
    # Whether stand-in jokers play on anything (hungarian) or must fit (a house rule) does not
    # depend on the way round the role went.
    screen, editor, _ = _open(preset)
    if jokers is not None:
        _jokers_to(screen, editor, jokers)
    start = editor.rules
    assert start is not None and start.joker_role == "any_card"
    _walk_to(screen, editor, editor.controls["joker_role"])
    for key in keys:
        screen.key(key)
    assert editor.values["joker_role"] == "any_card"
    assert editor.rules == start


@pytest.mark.parametrize(
    "steps",
    [
        [("joker_role", "none"), ("jokers", 1), ("jokers", 2)],
        [("joker_role", "none"), ("jokers", 3), ("jokers", 2)],
        [("joker_role", "none"), ("jokers", 0), ("joker_role", "any_card"), ("jokers", 2)],
        [("joker_role", "draw_wild"), ("joker_role", "none"), ("joker_role", "any_card")],
    ],
)
def test_hungarian_jokers_come_back_playing_on_anything_by_every_route(
    steps: list[tuple[str, object]],
) -> None:
    _, editor, _ = _open("hungarian")
    for name, value in steps:
        editor.changed(name, value)
        if editor.values["jokers"] == 0:  # no joker to play on anything in a pack of none
            assert "joker" not in editor.values["plays_on_anything"]
    assert editor.rules is not None, editor.error
    assert editor.rules.fingerprint == PRESETS["hungarian"].fingerprint


def test_the_note_says_which_way_the_jokers_moved() -> None:
    screen, editor, _ = _open("hungarian")
    _walk_to(screen, editor, editor.controls["joker_role"])
    screen.key(pygame.K_LEFT)  # "None": they no longer play on anything
    assert editor.note == "With “Jokers” set to “None”, the jokers left “Plays on anything”."
    screen.key(pygame.K_RIGHT)
    assert editor.note == (
        "With “Jokers” set to “Stand for any card”, the jokers joined “Plays on anything”."
    )
    screen, editor, _ = _open("polish")
    _jokers_to(screen, editor, 2)
    _walk_to(screen, editor, editor.controls["joker_role"])
    screen.key(pygame.K_RIGHT)  # "Draw wild": every drawing role
    screen.key(pygame.K_LEFT)  # stand-ins that must fit, as before
    assert editor.note == (
        "With “Jokers” set to “Stand for any card”, the jokers left “Attack cards”, "
        "“Suit changers” and “Plays on anything”."
    )


def test_a_long_clash_gets_a_box_it_fits_in() -> None:
    editor = RulesEditor(PRESETS["classic"], lambda _r: None)
    screen = Screen(editor, (960, 600))
    short = editor.status.h
    editor.changed("joker_role", "any_card")  # the jokers leave their roles ...
    for key in ("attack_cards", "suit_changers", "plays_on_anything"):
        editor.changed(key, getattr(PRESETS["classic"], key))  # ... and are put back by hand
    screen.frame()
    assert editor.error.count(". ") >= 1 and "[" not in editor.error
    assert editor.status.h > short and editor.view.top > editor.status.bottom
    screen.key(pygame.K_RIGHT)  # mended or not, the box follows the text
    screen.frame()


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_only_switches_that_work_on_the_preset_are_offered(preset: str) -> None:
    screen, editor, _ = _open(preset)
    for key, button in editor.switches.items():
        why = switch_refusal(PRESETS[preset], key)
        assert button.enabled == (why is None), (key, why)
        assert bool(editor.switch_why[key]) == (why is not None)
    screen.frame()


def test_the_seven_switch_is_offered_only_where_a_seven_names_a_suit() -> None:
    _, polish, _ = _open("polish")
    assert not polish.switches["harder_seven_own_suit"].enabled
    assert "does not change the suit" in polish.switch_why["harder_seven_own_suit"]
    screen, romanian, _ = _open("romanian")
    button = romanian.switches["harder_seven_own_suit"]
    _walk_to(screen, romanian, button)
    screen.key(pygame.K_RETURN)
    assert romanian.rules is not None and romanian.rules.seven_own_suit
    assert not button.enabled and "already" in romanian.switch_why["harder_seven_own_suit"]


def test_groups_switch_on_tel_aviv_turns_five_again_off_and_back() -> None:
    screen, editor, _ = _open("tel_aviv")
    _walk_to(screen, editor, editor.switches["easier_groups"])
    screen.key(pygame.K_RETURN)
    rules = editor.rules
    assert rules is not None and rules.groups == "rank" and not rules.five_again
    assert HOUSE_SWITCHES["easier_groups"][0] in editor.note
    assert editor.controls["groups"].value == "rank"  # type: ignore[attr-defined]
    off = editor.switches["harder_no_groups"]
    assert off.enabled
    _walk_to(screen, editor, off)
    screen.click(off.rect.center)
    assert editor.rules is not None and editor.rules.groups == "none"


def test_switches_are_greyed_out_while_the_rules_clash() -> None:
    _, editor, _ = _open("polish")
    editor.changed("jokers", 2)
    editor.changed("joker_role", "none")  # jokers with no role: refused
    assert editor.error
    assert not any(button.enabled for button in editor.switches.values())


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
def test_every_switch_label_fits_its_button(size: tuple[int, int]) -> None:
    from game.ui import theme

    editor = RulesEditor(PRESETS["romanian"], lambda r: None)
    Screen(editor, size)
    for button in editor.switches.values():
        width = theme.text_size(button.label, button.size, True)[0]
        assert width + button.px(36) <= button.rect.w + 1, button.label


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
@pytest.mark.parametrize("preset", ["polish", "tel_aviv", "hungarian", "romanian"])
def test_every_switch_label_is_shown_whole_with_its_note_clear_of_it(
    preset: str, size: tuple[int, int]
) -> None:
    from game.ui import theme

    editor = RulesEditor(PRESETS[preset], lambda r: None)
    Screen(editor, size)
    for key, button in editor.switches.items():
        assert button.label == HOUSE_SWITCHES[key][0]  # never cut short
        assert button.rect.right <= editor.view.right - button.px(20)
        _, below, _ = editor._switch_place(key)
        if editor.switch_why[key] and not below:  # beside: the note has room right of it
            room = editor.view.right - button.rect.right - button.px(14 + 24)
            assert room >= button.px(150), (key, room)
            lines = theme.wrap("Not here: " + editor.switch_why[key], button.px(14), room)
            assert len(lines) <= 2, lines


def test_a_note_too_long_to_sit_beside_its_switch_goes_under_it() -> None:
    editor = RulesEditor(PRESETS["polish"], lambda r: None)
    screen = Screen(editor, (960, 600))
    key = next(iter(editor.switches))
    plain_row = editor._height(key)
    editor.switch_why[key] = "A 7 does not change the suit here. " * 6
    editor.layout(editor.size)
    _, below, height = editor._switch_place(key)
    assert below and height > plain_row
    after = list(editor.switches)[1:]
    assert after
    for other in after:  # the rows under it make room for the note
        assert editor.content_y[other] >= editor.content_y[key] + height
    screen.frame()

"""The New game screen shows the table Start game will play: the summary and How to play
tell the target score chosen, the custom rules editor hands back the seats set, and at the
smallest window every control of every table has a place of its own."""

from __future__ import annotations

import pygame
import pytest

from game.engine import PRESETS, Rules
from game.engine.explain import explain_sections, summary, summary_sentences
from game.ui.app import MIN_SIZE
from game.ui.howto import IN_FORCE, HowToScreen
from game.ui.newgame import NewGameScreen
from game.ui.rulesedit import RulesEditor
from tests.ui.menukit import Screen
from tests.ui.textkit import drawn_texts, outside, overlaps


def _step(screen: Screen, choice: object, value: int) -> None:
    """Click an arrow of a number stepper until it shows ``value``."""
    for _ in range(80):
        current: int = choice.value  # type: ignore[attr-defined]
        if current == value:
            return
        rect: pygame.Rect = choice.rect  # type: ignore[attr-defined]
        screen.click((rect.x + 4 if value < current else rect.right - 4, rect.centery))
    raise AssertionError(f"{value} never came up")


def _new_game(preset: str, seats: int) -> Screen:
    screen = Screen(NewGameScreen())
    new = screen.top
    assert isinstance(new, NewGameScreen)
    screen.click(new.preset_buttons[preset].rect.center)
    _step(screen, new.count, seats)
    return screen


def _editor(screen: Screen, new: NewGameScreen) -> RulesEditor:
    screen.click(new.custom_button.rect.center)
    editor = screen.top
    assert isinstance(editor, RulesEditor)
    return editor


def test_the_summary_names_the_target_score_chosen() -> None:
    screen = _new_game("tel_aviv", 4)
    new = screen.top
    assert isinstance(new, NewGameScreen)
    assert "reaches 500 points" in " ".join(new.summary_lines)
    _step(screen, new.target, 600)
    shown = " ".join(new.summary_lines)
    assert "reaches 600 points" in shown and "500" not in shown
    # What the screen tells is what Start plays.
    assert new.table_rules == new.setup().rules()
    assert new.table_rules.target == 600


def test_how_to_play_from_new_game_explains_the_table_to_its_target() -> None:
    screen = _new_game("classic", 2)
    new = screen.top
    assert isinstance(new, NewGameScreen)
    _step(screen, new.target, 1000)
    screen.click(new.howto_button.rect.center)
    howto = screen.top
    assert isinstance(howto, HowToScreen)
    # No game is in force yet: the picker names the rules as this table's.
    assert howto._name(IN_FORCE) == "Rules of this table: Classic Macao"
    assert howto.rules.target == 1000 and howto.seats == 2
    assert "reaches 1000 points" in summary(howto.rules)
    end = next(s for s in explain_sections(howto.rules, 2) if s.title == "End and scoring")
    told = " ".join(end.paragraphs)
    assert "reaches 1000" in told and "reaches 500" not in told


def test_custom_rules_keep_the_seats_set_on_new_game() -> None:
    screen = _new_game("polish", 6)
    new = screen.top
    assert isinstance(new, NewGameScreen)
    new.rows[1].kind.set("")
    new.rows[1].kind_changed("")
    new.rows[1].name.text = "Kasia"
    new.rows[4].kind.set("hard")
    before = new.setup().seats
    assert len(before) == 6
    editor = _editor(screen, new)
    assert editor.values["default_seats"] == 6  # "Usual players" as the table has them
    editor.changed("hand_size", 6)
    screen.click(editor.use_button.rect.center)
    assert screen.top is new and new.preset == "custom"
    assert new.count.value == 6 and new.setup().seats == before
    assert new.setup().rules().hand_size == 6
    # The rules' own usual players, changed in the editor, seat that many.
    editor = _editor(screen, new)
    _step(screen, editor.controls["default_seats"], 5)
    screen.click(editor.use_button.rect.center)
    assert new.count.value == 5 and new.setup().seats == before[:5]


def test_a_preset_left_unchanged_in_the_editor_keeps_its_seats_and_target() -> None:
    screen = _new_game("classic", 5)
    new = screen.top
    assert isinstance(new, NewGameScreen)
    _step(screen, new.target, 800)
    screen.click(_editor(screen, new).use_button.rect.center)
    # Classic at five seats to 800 points is still Classic, as set.
    assert new.preset == "classic" and new.setup().rules_text is None
    assert new.count.value == 5 and new.target.value == 800
    editor = _editor(screen, new)
    editor.changed("hand_size", 7)
    screen.click(editor.use_button.rect.center)
    assert new.preset == "custom" and new.count.value == 5 and new.target.value == 800
    assert new.setup().rules().target == 800


def _rule_sets() -> dict[str, tuple[str, Rules]]:
    """Every preset, and rules of their own seating up to ten with and without points."""
    hungarian = PRESETS["hungarian"]
    return {
        **{key: (key, rules) for key, rules in PRESETS.items()},
        "hungarian to points": ("hungarian", hungarian.replace(scoring="points")),
        "hungarian, 4 cards": ("hungarian", hungarian.replace(hand_size=4)),
    }


@pytest.mark.parametrize("size", [MIN_SIZE, (1024, 600), (960, 760)])
def test_every_control_of_every_table_has_its_own_place(
    size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    screen = Screen(NewGameScreen(), size)
    new = screen.top
    assert isinstance(new, NewGameScreen)
    for name, (base, rules) in _rule_sets().items():
        if name in PRESETS:
            new.pick(name)
        else:
            new.use_rules(rules, base, "A very long saved rule set name here")
        stepper_at = set()
        for n in range(rules.min_seats, rules.max_seats + 1):
            new.count.set(n)
            new._count_changed(n)
            where = f"{name} at {n} seats, {size[0]}x{size[1]}"
            stepper_at.add(new.count.rect.topleft)
            seats = [r for row in new.rows[:n] for r in (row.kind.rect, row.name.rect)]
            others = [new.count.rect, new.dealer.rect]
            if new.target.visible:
                # The target score's label runs from the panel's edge to its stepper.
                t = new.target.rect
                others.append(pygame.Rect(new.panel.x, t.y, t.right - new.panel.x, t.h))
            for i, rect in enumerate(seats):
                assert new.panel.contains(rect), where
                assert rect.h >= 26, where
                assert not any(rect.colliderect(o) for o in seats[i + 1 :] + others), where
            assert new.summary_rect.bottom < new.count.rect.top, where
            assert len(new.summary_lines) >= 2, where
            # Short of room, whole sentences give way, never how the round is won.
            shown = " ".join(new.summary_lines)
            told = summary_sentences(new.table_rules, new.count.value)[-1]
            assert told in shown and "…" not in shown, where
            drawn = drawn_texts(monkeypatch, screen.stack, size)
            assert not overlaps(drawn), where
            assert not outside(drawn, size), where
        # The Players stepper stays put while its arrows are clicked through every count.
        assert len(stepper_at) == 1, f"{name}, {size[0]}x{size[1]}: {sorted(stepper_at)}"


@pytest.mark.parametrize("preset", ["polish", "hungarian"])
def test_the_summary_of_a_table_of_two_tells_of_no_play_for_places(
    preset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    for seats, said in ((2, False), (3, True)):
        screen = _new_game(preset, seats)
        drawn = " ".join(w for w, _r in drawn_texts(monkeypatch, screen.stack, (1280, 800)))
        assert ("play on for places" in drawn) is said, (seats, drawn)
        assert ("play on for places" in summary(PRESETS[preset], seats)) is said


@pytest.mark.parametrize("size", [MIN_SIZE, (1920, 1080)])
def test_a_two_digit_seat_number_keeps_inside_its_badge(
    size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    screen = Screen(NewGameScreen(), size)
    new = screen.top
    assert isinstance(new, NewGameScreen)
    new.pick("hungarian")
    new.count.set(10)
    new._count_changed(10)
    drawn = drawn_texts(monkeypatch, screen.stack, size)
    row = new.rows[9].kind.rect
    centre = (row.x - new.px(20), row.centery)  # the round badge before the tenth row
    [number] = [r for words, r in drawn if words == "10" and r.collidepoint(centre)]
    assert number.w <= new.px(26) - new.px(8)

"""The New game screen shows the table Start game will play: the summary and How to play
tell the target score chosen."""

from __future__ import annotations

import pygame

from game.engine.explain import explain_sections, summary
from game.ui.howto import IN_FORCE, HowToScreen
from game.ui.newgame import NewGameScreen
from tests.ui.menukit import Screen


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

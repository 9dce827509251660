"""Custom rules made from New game and neither started nor saved by name are not thrown away
without a word: Back, Esc and closing the window ask first, as the rules editor does before
its own edits are lost. Rules Start kept, or saved under the name they carry, go unasked."""

from __future__ import annotations

import pygame

from game.store.saves import save_rule_set
from game.ui.confirm import ConfirmDialog
from game.ui.launch import change_settings
from game.ui.newgame import NewGameScreen
from game.ui.rulesedit import RulesEditor
from tests.ui.menukit import Screen


def _with_custom_rules(hand_size: int = 7) -> tuple[Screen, NewGameScreen]:
    """New game with custom rules made in the editor (cards dealt changed) and used."""
    screen = Screen(NewGameScreen())
    new = screen.top
    assert isinstance(new, NewGameScreen)
    screen.click(new.custom_button.rect.center)
    editor = screen.top
    assert isinstance(editor, RulesEditor)
    editor.changed("hand_size", hand_size)
    screen.click(editor.use_button.rect.center)
    assert screen.top is new and new.preset == "custom"
    return screen, new


def test_esc_asks_before_custom_rules_are_lost_and_stay_keeps_them() -> None:
    screen, new = _with_custom_rules()
    screen.key(pygame.K_ESCAPE)
    dialog = screen.top
    assert isinstance(dialog, ConfirmDialog)
    assert dialog.question == "Leave without these rules?"
    assert "not saved" in dialog.detail
    screen.key(pygame.K_ESCAPE)  # Stay
    assert screen.top is new and new.preset == "custom"
    assert new.setup().rules().hand_size == 7
    screen.click(new.back_button.rect.center)
    dialog = screen.top
    assert isinstance(dialog, ConfirmDialog)
    screen.click(dialog.yes_button.rect.center)  # Discard them
    assert new.stack is None


def test_closing_the_window_asks_too() -> None:
    _screen, new = _with_custom_rules()
    question = new.ask_before_closing()
    assert isinstance(question, ConfirmDialog)
    assert question.question == "Quit without these rules?"


def test_a_preset_or_rules_kept_elsewhere_leave_unasked() -> None:
    screen = Screen(NewGameScreen())
    new = screen.top
    assert isinstance(new, NewGameScreen)
    assert new.ask_before_closing() is None
    screen.key(pygame.K_ESCAPE)
    assert new.stack is None
    # Saved by name, under the name they carry.
    screen, new = _with_custom_rules(6)
    save_rule_set("Six cards", new.custom_rules.to_text())  # type: ignore[union-attr]
    new.use_rules(new.rules, "polish", "Six cards")
    assert new.ask_before_closing() is None
    # The set changed since: the rules under that name are other rules now.
    save_rule_set("Six cards", new.custom_rules.replace(hand_size=4).to_text())  # type: ignore[union-attr]
    assert isinstance(new.ask_before_closing(), ConfirmDialog)
    # Kept by Start (Quick game plays them): a New game opened on them has nothing to lose.
    screen, new = _with_custom_rules()
    change_settings(new, last_setup=new.setup().to_dict())
    screen = Screen(NewGameScreen())
    again = screen.top
    assert isinstance(again, NewGameScreen) and again.preset == "custom"
    screen.key(pygame.K_ESCAPE)
    assert again.stack is None


def test_choosing_a_preset_asks_as_the_custom_rules_cannot_be_shown_again() -> None:
    screen, new = _with_custom_rules(6)
    screen.click(new.preset_buttons["hungarian"].rect.center)
    dialog = screen.top
    assert isinstance(dialog, ConfirmDialog)
    assert dialog.question == "Play Hungarian Macau instead of these rules?"
    screen.key(pygame.K_ESCAPE)  # Stay
    assert screen.top is new and new.preset == "custom"
    assert new.setup().rules().hand_size == 6
    screen.click(new.preset_buttons["hungarian"].rect.center)
    dialog = screen.top
    assert isinstance(dialog, ConfirmDialog)
    screen.click(dialog.yes_button.rect.center)  # Discard them
    assert screen.top is new and new.preset == "hungarian"
    # Nothing left to lose: Back leaves at once.
    screen.key(pygame.K_ESCAPE)
    assert new.stack is None

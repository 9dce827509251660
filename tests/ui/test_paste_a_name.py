"""Ctrl+V (Cmd+V on macOS) pastes the clipboard's text into a name field, tidied as typed
text is: a player without a Polish keyboard can paste Ł copied from elsewhere."""

from __future__ import annotations

import unicodedata

import pygame
import pygame.scrap
import pytest

from game.ui.newgame import NewGameScreen
from game.ui.widgets import TextInput
from tests.ui.menukit import Screen


def _field(screen: Screen) -> TextInput:
    new = screen.top
    assert isinstance(new, NewGameScreen)
    field = new.rows[0].name
    screen.click(field.rect.center)
    screen.key(pygame.K_END)  # the click put the caret where it landed, maybe mid-name
    for _ in range(len(field.text)):
        screen.key(pygame.K_BACKSPACE)
    assert field.editing and field.text == ""
    return field


def test_ctrl_v_pastes_the_clipboard_on_one_line_and_composed() -> None:
    screen = Screen(NewGameScreen())
    field = _field(screen)
    pygame.scrap.put_text(unicodedata.normalize("NFD", "Łucja\r\nŻółć\t"))
    screen.key(pygame.K_v, "\x16", pygame.KMOD_LCTRL)
    assert field.text == "Łucja  Żółć "  # tidied to one space when the seat is taken
    assert field.text == unicodedata.normalize("NFC", field.text)
    screen.frame()
    new = screen.top
    assert isinstance(new, NewGameScreen)
    assert new.setup().seats[0].name == "Łucja Żółć"


def test_a_paste_is_cut_to_the_length_of_a_name() -> None:
    screen = Screen(NewGameScreen())
    field = _field(screen)
    screen.type("Ola ")
    pygame.scrap.put_text("W" * 100)
    screen.key(pygame.K_v, "\x16", pygame.KMOD_RCTRL)
    assert field.text == "Ola " + "W" * (field.max_length - 4)


def test_altgr_v_is_typing_not_pasting() -> None:
    # AltGr is Ctrl+Alt on Windows, and types letters on many keyboards.
    screen = Screen(NewGameScreen())
    field = _field(screen)
    pygame.scrap.put_text("Łucja")
    screen.key(pygame.K_v, "", pygame.KMOD_LCTRL | pygame.KMOD_RALT)
    assert field.text == ""


def test_without_a_clipboard_nothing_is_pasted(monkeypatch: pytest.MonkeyPatch) -> None:
    screen = Screen(NewGameScreen())
    field = _field(screen)
    pygame.scrap.put_text("")
    screen.key(pygame.K_v, "\x16", pygame.KMOD_LCTRL)
    assert field.text == ""

    def no_clipboard() -> str:
        raise pygame.error("the video driver has no clipboard")

    monkeypatch.setattr(pygame.scrap, "get_text", no_clipboard)
    screen.key(pygame.K_v, "\x16", pygame.KMOD_LCTRL)
    assert field.text == "" and field.editing


def test_a_paste_of_nothing_leaves_a_name_selected_whole() -> None:
    screen = Screen(NewGameScreen())
    new = screen.top
    assert isinstance(new, NewGameScreen)
    field = new.rows[0].name
    screen.click(field.rect.center)
    name = field.text
    assert name
    screen.key(pygame.K_a, "\x01", pygame.KMOD_LCTRL)
    assert field.selected_all
    pygame.scrap.put_text("")
    screen.key(pygame.K_v, "\x16", pygame.KMOD_LCTRL)
    assert field.text == name and field.selected_all
    pygame.scrap.put_text("Ola")
    screen.key(pygame.K_v, "\x16", pygame.KMOD_LCTRL)
    assert field.text == "Ola" and not field.selected_all

"""A name field edits as the text fields a player knows: Ctrl+C and Ctrl+X copy and cut the
name selected with Ctrl+A, Ctrl with Backspace, Delete and the arrows works a word at a
time, and the longest name keeps or leaves out a character whole (an emoji of several code
points cut in two would be another one). On the New game screen a name typed is the
player's, even one a bot might carry (people are called Ada and Dan too), and a name cut
to its length is said."""

from __future__ import annotations

import pygame
import pygame.scrap
import pytest

from game.store.settings import Settings
from game.ui.newgame import FULL_NAME, NOBODY, NewGameScreen
from game.ui.setup import MAX_NAME, SeatSpec, TableSetup
from game.ui.widgets import TextInput
from tests.ui.menukit import Screen

CTRL = pygame.KMOD_LCTRL
ZWJ = "\u200d"
CODER = f"👩{ZWJ}💻"  # woman technologist: three code points, one character


def _field(text: str = "", max_length: int = 32) -> TextInput:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((400, 100))
    field = TextInput(text, max_length=max_length)
    field.rect = pygame.Rect(10, 10, 300, 40)
    field.focus(True)
    return field


def _key(field: TextInput, key: int, mod: int = 0, times: int = 1) -> None:
    for _ in range(times):
        field.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))


def _type(field: TextInput, text: str) -> None:
    field.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=text))


def test_ctrl_c_copies_and_ctrl_x_cuts_the_name_selected() -> None:
    field = _field("Anna Kowalska")
    pygame.scrap.put_text("before")
    _key(field, pygame.K_c, CTRL)  # nothing selected: nothing copied
    assert pygame.scrap.get_text() == "before"
    _key(field, pygame.K_a, CTRL)
    _key(field, pygame.K_c, CTRL)
    assert pygame.scrap.get_text() == "Anna Kowalska"
    assert field.text == "Anna Kowalska" and field.selected_all  # copied, still selected
    _key(field, pygame.K_x, CTRL)
    assert field.text == "" and not field.selected_all
    _key(field, pygame.K_v, CTRL)  # and pasted back
    assert field.text == "Anna Kowalska"


def test_ctrl_backspace_and_ctrl_delete_take_back_a_word() -> None:
    field = _field("Anna Maria  Kowalska")
    _key(field, pygame.K_BACKSPACE, CTRL)
    assert (field.text, field.caret) == ("Anna Maria  ", 12)
    _key(field, pygame.K_BACKSPACE, CTRL)  # the spaces before a word go with it
    assert field.text == "Anna "
    _key(field, pygame.K_HOME)
    _key(field, pygame.K_DELETE, CTRL)
    assert (field.text, field.caret) == (" ", 0)


def test_ctrl_and_an_arrow_move_a_word_at_a_time_and_never_into_a_character() -> None:
    field = _field(f"Kasia {CODER}x Nowak")
    _key(field, pygame.K_LEFT, CTRL)
    assert field.caret == len(f"Kasia {CODER}x ")
    _key(field, pygame.K_LEFT, CTRL)
    assert field.caret == len("Kasia ")
    _key(field, pygame.K_RIGHT, CTRL)
    assert field.caret == len(f"Kasia {CODER}x")
    _key(field, pygame.K_BACKSPACE, CTRL)
    assert field.text == "Kasia  Nowak"


@pytest.mark.parametrize(
    "typed",
    [CODER, "🇵🇱", "👍🏽", "g\u0303\u0301", f"👨{ZWJ}👩{ZWJ}👧"],
    ids=["joined emoji", "flag", "skin tone", "letter and accents", "family"],
)
def test_the_longest_name_keeps_or_leaves_out_a_character_whole(typed: str) -> None:
    field = _field("a" * 31)
    _type(field, typed)  # one code point fits, the character does not
    assert field.text == "a" * 31 and field.refused
    field = _field("a" * (32 - len(typed)))
    _type(field, typed)  # it fits just
    assert field.text == "a" * (32 - len(typed)) + typed


def _seat_kind(screen: Screen, row_index: int, kind: str) -> None:
    new = screen.top
    assert isinstance(new, NewGameScreen)
    row = new.rows[row_index]
    for _ in range(10):
        if row.kind.value == kind:
            return
        screen.click((row.kind.rect.x + 4, row.kind.rect.centery))
    raise AssertionError(f"seat {row_index + 1} never became {kind!r}")


def _retype(screen: Screen, field: TextInput, text: str) -> None:
    screen.click(field.rect.center)
    screen.key(pygame.K_a, "\x01", CTRL)
    screen.type(text)
    screen.key(pygame.K_ESCAPE)


def test_a_bots_name_typed_for_a_seat_stays_when_the_seat_becomes_a_person() -> None:
    screen = Screen(NewGameScreen())
    new = screen.top
    assert isinstance(new, NewGameScreen)
    row = new.rows[1]
    assert row.kind.value and row.name.text == "Ada"  # a stock bot, stock-named
    _retype(screen, row.name, "Dan")
    _seat_kind(screen, 1, "")
    assert row.name.text == "Dan"  # typed: a person called Dan
    _seat_kind(screen, 1, "easy")
    _seat_kind(screen, 1, "")
    assert row.name.text == "Dan"
    # A stock name the screen gave is the bot's, not the person's.
    other = new.rows[2]
    assert other.kind.value and other.name.text == "Ben"
    _seat_kind(screen, 2, "")
    assert other.name.text == "Player 3"


def test_a_bots_name_typed_for_another_bot_moves_the_bot_that_had_it() -> None:
    screen = Screen(NewGameScreen())
    new = screen.top
    assert isinstance(new, NewGameScreen)
    ada, ben = new.rows[1], new.rows[2]
    assert (ada.name.text, ben.name.text) == ("Ada", "Ben")
    _retype(screen, ben.name, "Ada")
    screen.click(new.rows[0].name.rect.center)  # and on to another field
    assert ben.name.text == "Ada"  # as typed
    assert ada.name.text == "Ben" and ada.kind.value  # the stock one moved, to a free one
    assert not new.message


def test_a_person_remembered_by_a_bots_name_keeps_it_through_a_change_of_kind() -> None:
    last = TableSetup("polish", (SeatSpec("Ola"), SeatSpec("Dan"), SeatSpec("Ada", "medium")))
    Settings(last_setup=last.to_dict()).save()
    screen = Screen(NewGameScreen())
    new = screen.top
    assert isinstance(new, NewGameScreen)
    assert [r.name.text for r in new.rows[:3]] == ["Ola", "Dan", "Ada"]
    _seat_kind(screen, 1, "medium")
    _seat_kind(screen, 1, "")
    assert new.rows[1].name.text == "Dan"


def test_a_name_cut_to_its_length_is_said_until_the_name_is_changed() -> None:
    screen = Screen(NewGameScreen())
    new = screen.top
    assert isinstance(new, NewGameScreen)
    field = new.rows[0].name
    screen.click(field.rect.center)
    screen.key(pygame.K_a, "\x01", CTRL)
    pygame.scrap.put_text("W" * 200)
    screen.key(pygame.K_v, "\x16", CTRL)
    assert field.text == "W" * MAX_NAME
    assert new.message == FULL_NAME
    screen.frame()
    assert new.message == FULL_NAME  # the red edge fades; the words stay
    screen.key(pygame.K_BACKSPACE)
    screen.frame()
    assert new.message == ""


def test_a_table_of_bots_alone_is_said_again_once_a_name_cut_is_mended() -> None:
    screen = Screen(NewGameScreen())
    new = screen.top
    assert isinstance(new, NewGameScreen)
    _seat_kind(screen, 0, "medium")
    assert new.message == NOBODY
    field = new.rows[1].name
    screen.click(field.rect.center)
    pygame.scrap.put_text("W" * 40)
    screen.key(pygame.K_v, "\x16", CTRL)
    assert new.message == FULL_NAME
    screen.key(pygame.K_BACKSPACE)
    screen.frame()
    assert new.message == NOBODY  # still no person at the table


def test_a_remembered_name_too_long_is_cut_between_characters() -> None:
    long = "Anna Maria Kowalska-Wiśniewsk " + CODER  # 33 code points
    last = {"preset": "polish", "seats": [{"name": long, "level": ""}]}
    last["seats"].append({"name": "Ada", "level": "medium"})
    Settings(last_setup=last).save()
    screen = Screen(NewGameScreen())
    new = screen.top
    assert isinstance(new, NewGameScreen)
    assert new.rows[0].name.text == "Anna Maria Kowalska-Wiśniewsk"

"""A text field has a caret, as every text field a player has used: the arrows, Home and End
move it, typing goes in where it stands, Backspace and Delete take back the character
before and after it, a click puts it where the field was clicked, and a name wider than
the field scrolls to keep it in view. The keys around the field work as they did."""

from __future__ import annotations

import pygame
import pytest

from game.engine import PRESETS
from game.ui import theme
from game.ui.caret import caret_xs, nearest_caret
from game.ui.newgame import NewGameScreen
from game.ui.rulesedit import RulesEditor
from game.ui.widgets import Completion, TextInput
from tests.ui.menukit import Screen


def _field(text: str = "", max_length: int = 24, width: int = 300) -> TextInput:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((400, 100))
    field = TextInput(text, max_length=max_length)
    field.rect = pygame.Rect(10, 10, width, 40)
    field.focus(True)
    return field


def _key(field: TextInput, key: int, times: int = 1) -> None:
    for _ in range(times):
        field.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def _type(field: TextInput, text: str) -> None:
    field.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=text))


def test_a_typo_mid_name_is_mended_where_it_is() -> None:
    field = _field("Ksia")
    assert field.caret == 4  # a name put in the field is edited from its end
    _key(field, pygame.K_HOME)
    _key(field, pygame.K_RIGHT)
    _type(field, "a")
    assert (field.text, field.caret) == ("Kasia", 2)
    _key(field, pygame.K_RIGHT)
    _key(field, pygame.K_DELETE)  # the "i" after the caret
    _key(field, pygame.K_BACKSPACE)  # the "s" before it
    assert (field.text, field.caret) == ("Kaa", 2)
    _key(field, pygame.K_END)
    _type(field, "!")
    assert field.text == "Kaa!"


def test_a_text_selected_whole_is_replaced_by_typing_and_kept_by_a_caret_key() -> None:
    field = _field("Zoë")
    field.handle_event(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_LCTRL, unicode="")
    )
    assert field.selected_all
    _type(field, "Zed")
    assert (field.text, field.caret, field.selected_all) == ("Zed", 3, False)
    field.select_all()
    _key(field, pygame.K_BACKSPACE)
    assert (field.text, field.caret) == ("", 0)
    field = _field("Zoë")
    field.select_all()
    _key(field, pygame.K_HOME)  # the selection ends, the name stays, the caret at its start
    assert (field.text, field.caret, field.selected_all) == ("Zoë", 0, False)
    field.select_all()
    field.handle_event(pygame.event.Event(pygame.TEXTEDITING, text="ź", start=0, length=1))
    assert field.text == "" and field.composition == "ź"  # composing replaces it too
    field = _field("Zoë")
    field.select_all()
    field.handle_event(
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(field.rect.x + 5, 30))
    )
    assert not field.selected_all and field.text == "Zoë"  # a click places the caret
    empty = _field("")
    empty.select_all()
    assert not empty.selected_all  # nothing to select


def test_the_caret_stops_at_either_end() -> None:
    field = _field("Ola")
    _key(field, pygame.K_RIGHT)
    _key(field, pygame.K_DELETE)
    assert (field.text, field.caret) == ("Ola", 3)
    _key(field, pygame.K_LEFT, 5)
    _key(field, pygame.K_BACKSPACE)
    assert (field.text, field.caret) == ("Ola", 0)


def test_a_letter_and_its_accents_or_a_joined_emoji_are_one_step() -> None:
    field = _field()
    _type(field, "Zoe\u0308 👩\u200d💻x")  # typed apart, kept composed: "Zoë"
    assert field.text == "Zoë 👩\u200d💻x"
    _key(field, pygame.K_LEFT, 2)  # over the x, then over the whole emoji
    assert field.caret == 4
    _key(field, pygame.K_DELETE)
    assert field.text == "Zoë x"
    _key(field, pygame.K_LEFT)
    _key(field, pygame.K_BACKSPACE)
    assert field.text == "Zo x"


def test_a_flag_is_one_step_whether_two_letters_or_spelt_in_tags() -> None:
    poland = "\U0001f1f5\U0001f1f1"
    scotland = "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"
    field = _field(f"Ola {poland}{poland}")
    _key(field, pygame.K_LEFT)
    assert field.caret == 6  # between the two flags, not inside the last
    _key(field, pygame.K_BACKSPACE)
    assert field.text == f"Ola {poland}"
    field = _field(f"Ian {scotland}", max_length=40)
    _key(field, pygame.K_LEFT)
    assert field.caret == 4
    _key(field, pygame.K_END)
    _key(field, pygame.K_BACKSPACE)
    assert field.text == "Ian "


def test_text_typed_mid_name_still_keeps_to_the_longest_a_name_may_be() -> None:
    field = _field("Kasi", max_length=5)
    _key(field, pygame.K_HOME)
    _type(field, "XYZ")  # one character fits: the first typed, at the caret
    assert (field.text, field.caret) == ("XKasi", 1)
    _type(field, "Q")
    assert (field.text, field.caret) == ("XKasi", 1)


def test_a_composition_in_progress_shows_at_the_caret_and_lands_there() -> None:
    field = _field("Kaia")
    _key(field, pygame.K_LEFT, 2)
    field.handle_event(pygame.event.Event(pygame.TEXTEDITING, text="s", start=0, length=1))
    before = field.caret_x()
    _key(field, pygame.K_LEFT)  # the input method's while it composes: the caret stays
    assert field.caret == 2 and field.caret_x() == before
    assert before > field.rect.x + theme.text_size("Ka", field.size)[0]  # after the "s" shown
    field.draw(pygame.display.get_surface())
    _type(field, "s")
    assert (field.text, field.caret, field.composition) == ("Kasia", 3, "")


def test_a_click_puts_the_caret_where_the_field_was_clicked() -> None:
    field = _field("Wojciech")
    field.focus(False)
    left = field.rect.x + field.px(10)
    at = left + theme.text_size("Woj", field.size)[0]
    field.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(at + 1, 30)))
    assert field.editing and field.caret == 3
    _type(field, "-")
    assert field.text == "Woj-ciech"
    field.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(left - 2, 30)))
    assert field.caret == 0
    right = field.rect.right - 3
    field.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(right, 30)))
    assert field.caret == len(field.text)


def test_a_long_name_clicked_again_after_leaving_it_keeps_the_letter_under_the_pointer() -> None:
    field = _field("Alexandrina Maria", max_length=32, width=90)
    field.update(0)  # edited at its end: scrolled to show it
    field.edit(False)  # left: drawn from its start again
    left = field.rect.x + field.px(10)
    at = left + theme.text_size("Alex", field.size)[0]
    field.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(at + 1, 30)))
    field.update(0)
    assert field.caret == 4
    assert abs(field.caret_x() - (at + 1)) <= 2  # the caret where the pointer is


def test_in_a_name_read_right_to_left_the_caret_follows_the_letters() -> None:
    xs = caret_xs("דוד", 22)
    assert xs[0] > xs[1] > xs[2] > xs[3] == 0  # its first letter is drawn on the right
    line = "Ada דוד"
    xs = caret_xs(line, 22)
    assert xs[:5] == sorted(xs[:5])  # "Ada " reads left to right…
    assert xs[5] > xs[6] > xs[7] == xs[4]  # …and the last word leftwards from its right end
    # A click right of the line is its end, whichever way its last word reads.
    assert nearest_caret(line, 22, max(xs) + 5) == len(line)


def test_a_long_name_scrolls_to_keep_the_caret_in_view_and_stays_put_while_it_is() -> None:
    field = _field("W" * 32, max_length=32, width=150)
    inner = field.rect.inflate(-2 * field.px(10), 0)
    field.update(0)
    assert inner.x < field.caret_x() <= inner.right  # the end, where the caret is
    _key(field, pygame.K_LEFT)
    field.update(0)
    # The view holds still while the caret is in it: the caret moves one letter left.
    step = theme.text_size("W", field.size)[0]
    assert abs(field.caret_x() - (inner.right - 2 - step)) <= 2
    _key(field, pygame.K_HOME)
    field.update(0)
    assert field.caret_x() == inner.x + 1
    surface = pygame.Surface((400, 60))
    surface.fill((1, 2, 3))
    field.draw(surface)
    right_of_field = surface.subsurface(pygame.Rect(162, 0, 238, 60))
    assert pygame.transform.average_color(right_of_field)[:3] == (1, 2, 3)


def _name(screen: Screen) -> TextInput:
    new = screen.top
    assert isinstance(new, NewGameScreen)
    return new.rows[1].name


@pytest.mark.parametrize(
    "key", [pygame.K_TAB, pygame.K_DOWN, pygame.K_UP], ids=["tab", "down", "up"]
)
def test_tab_and_the_arrows_up_and_down_still_leave_a_field_edited_mid_name(key: int) -> None:
    screen = Screen(NewGameScreen())
    name = _name(screen)
    screen.click(name.rect.center)
    screen.key(pygame.K_HOME)
    screen.key(pygame.K_RIGHT)
    assert name.editing and name.caret == 1
    screen.key(key)
    new = screen.top
    assert isinstance(new, NewGameScreen)
    assert new.focused() is not name and not name.editing


def test_enter_submits_and_esc_ends_the_typing_with_the_caret_mid_name() -> None:
    submitted: list[str] = []
    field = _field("Ana")
    field.on_submit = submitted.append
    _key(field, pygame.K_LEFT)
    _type(field, "n")
    _key(field, pygame.K_RETURN)
    assert submitted == ["Anna"]
    _key(field, pygame.K_ESCAPE)
    assert field.focused and not field.editing
    _key(field, pygame.K_HOME)  # not typing: Home is the screen's, the caret stays
    assert field.caret == 3


def test_home_and_end_in_the_rules_editors_name_move_the_caret_not_the_list() -> None:
    editor = RulesEditor(PRESETS["polish"], lambda _rules: None)
    screen = Screen(editor)
    screen.click(editor.name_field.rect.center)
    screen.type("house")
    offset = editor.scroll.offset
    screen.key(pygame.K_HOME)
    screen.type("My ")
    screen.key(pygame.K_END)
    screen.type(" rules")
    assert editor.name_field.text == "My house rules"
    assert editor.scroll.offset == offset
    screen.key(pygame.K_ESCAPE)  # typing over, Home and End scroll the list again
    screen.key(pygame.K_END)
    assert editor.scroll.offset > offset


def test_a_completion_is_offered_only_where_the_field_shows_it_whole_after_the_text() -> None:
    names = ["Aleksandra Nowak-Kowalska", "Alexandra"]
    field = _field("", width=150)
    field.suggest = lambda typed: (Completion(n, n[len(typed) :]) for n in names)
    _type(field, "Al")  # the first name is too long to show whole: the next one is offered
    rest = field.completion()
    assert rest == "exandra"
    field.update(0.0)
    assert field._view_scroll() == 0  # what was typed stays in view, the rest after it
    right = field.caret_x() + theme.text_size(rest, field.size)[0]
    assert right <= field._inner().right
    field.rect.w = 60  # too narrow for any: nothing is offered, nothing taken unseen
    field.update(0.0)
    assert field.completion() == ""
    _key(field, pygame.K_END)
    assert field.text == "Al"


def test_a_completion_is_offered_only_where_the_name_taken_fits_too() -> None:
    field = _field("", width=150)
    name = "ANNA KOWALSKA"
    field.suggest = lambda typed: iter([Completion(name, name[len(typed) :])])
    typed = "anna kowals"
    _type(field, typed)
    # a field just wide enough for "anna kowals" and the rest "KA", not for the name taken
    shown = theme.text_size(typed, field.size)[0] + theme.text_size("KA", field.size)[0]
    assert theme.text_size(name, field.size)[0] > shown
    field.rect.w += shown - (field._inner().w - 3)
    field.update(0.0)
    assert field.completion() == ""
    _key(field, pygame.K_END)
    assert field.text == typed and field._view_scroll() == 0
    field.rect.w += theme.text_size(name, field.size)[0] - shown  # now it fits taken too
    assert field.completion() == "KA"
    _key(field, pygame.K_END)
    field.update(0.0)
    assert field.text == name and field._view_scroll() == 0

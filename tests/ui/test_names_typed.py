"""Names typed (or pasted) on the New game screen and in the profiles dialog are the names
the statistics record: tidied one way everywhere, and told apart as the statistics tell
them apart."""

from __future__ import annotations

import unicodedata

import pygame
import pytest

from game.store import GameRecord, SeatResult, Store
from game.ui.newgame import NewGameScreen
from game.ui.profiles_scene import ProfilesScene
from game.ui.widgets import TextInput
from tests.ui.menukit import Screen

ZWSP, ZWNJ, ZWJ, RLM = "\u200b", "\u200c", "\u200d", "\u200f"


def _new_game(screen: Screen) -> NewGameScreen:
    """The New game screen on Polish rules at a table of two."""
    new = screen.top
    assert isinstance(new, NewGameScreen)
    screen.click(new.preset_buttons["polish"].rect.center)
    while new.count.value > 2:
        screen.click((new.count.rect.x + 4, new.count.rect.centery))
    return new


def _retype(screen: Screen, field: TextInput, text: str) -> None:
    screen.click(field.rect.center)
    screen.key(pygame.K_END)  # the click put the caret where it landed, maybe mid-name
    for _ in range(len(field.text)):
        screen.key(pygame.K_BACKSPACE)
    screen.type(text)
    screen.key(pygame.K_ESCAPE)


TYPED = [
    f"مهدی{ZWNJ}زاده",  # a Persian name: the ZWNJ of the Persian keyboard's Shift+Space
    f"Ali{ZWNJ}Rezā",
    f"Kasia 👩{ZWJ}💻",  # from the emoji panel
    f"{RLM}דוד לוי",
    f"Zoë{ZWSP}",
    unicodedata.normalize("NFD", "Ștefan Zoë"),
    "Jan\u00adKowalski",
    "\ufeffŁucja",
    "Wolfeschlegelsteinhausenbergerdorff",  # longer than a name may be
    f"{ZWSP}{RLM}",  # nothing visible: the seat's own name
]


def test_every_name_the_new_game_screen_seats_is_recorded_as_it_is_seated() -> None:
    screen = Screen(NewGameScreen())
    new = _new_game(screen)
    store = Store.open()
    try:
        for n, typed in enumerate(TYPED):
            _retype(screen, new.rows[0].name, typed)
            seated = new.setup().seats[0].name
            assert seated == unicodedata.normalize("NFC", seated) and seated.strip() == seated
            assert ZWSP not in seated and RLM not in seated and "\u00ad" not in seated
            ended = 1_700_000_000.0 + n * 1000
            seats = (SeatResult(0, seated, False, None, 1), SeatResult(1, "Ada", True, "easy", 2))
            assert store.record_game(GameRecord("polish", "fp", ended - 60, ended, seats))
            found = store.profile(seated)
            assert found is not None and found.name == seated, typed
        names = {p.name for p in store.profiles() if not p.is_bot}
        assert f"مهدی{ZWNJ}زاده" in names and f"Kasia 👩{ZWJ}💻" in names
        assert {"דוד לוי", "Zoë", "Ștefan Zoë", "JanKowalski", "Łucja", "Player 1"} <= names
    finally:
        store.close()


@pytest.mark.parametrize(
    ("first", "second", "told"),
    [
        ("Anna", f"Anna{ZWSP}", "Two seats are called Anna: give each seat its own name."),
        (
            "Ștefan Țurcanu",
            "Ştefan Ţurcanu",
            "Ștefan Țurcanu and Ştefan Ţurcanu count as one name: give each seat its own name.",
        ),
        (
            "Jan Weiß",
            "Jan Weiss",
            "Jan Weiß and Jan Weiss count as one name: give each seat its own name.",
        ),
    ],
)
def test_two_seats_whose_names_the_statistics_take_for_one_are_refused(
    first: str, second: str, told: str
) -> None:
    screen = Screen(NewGameScreen())
    new = _new_game(screen)
    row = new.rows[1]
    while row.kind.value != "":
        screen.click((row.kind.rect.right - 4, row.kind.rect.centery))
    _retype(screen, new.rows[0].name, first)
    _retype(screen, row.name, second)
    screen.click(new.start_button.rect.center)
    assert screen.top is new
    assert new.message == told


def test_a_profile_typed_decomposed_is_created_and_selected_as_itself() -> None:
    store = Store.open()
    for name in ("Ania", "Bartek"):
        store.create_profile(name)
    scene = ProfilesScene(store)
    screen = Screen(scene)
    screen.key(pygame.K_n, "n")
    screen.type("n")  # the key that opened the dialog
    screen.type("Zoe")
    screen.type("\u0308")  # the diaeresis, typed on its own as some input methods do
    screen.key(pygame.K_RETURN)
    screen.frame(3)
    assert [p.name for p in store.profiles() if not p.is_bot] == ["Ania", "Bartek", "Zoë"]
    assert scene.current is not None and scene.current.name == "Zoë"
    assert scene.message == "Created profile Zoë."
    store.close()


def test_a_profile_with_an_emoji_sequence_is_typed_and_created() -> None:
    store = Store.open()
    scene = ProfilesScene(store)
    screen = Screen(scene)
    screen.key(pygame.K_n, "n")
    screen.type("n")
    screen.type("Ola ")
    screen.type(f"👩{ZWJ}💻")  # as the emoji panel inserts it, drawn while typing
    screen.key(pygame.K_RETURN)
    screen.frame(3)
    assert scene.current is not None and scene.current.name == f"Ola 👩{ZWJ}💻"
    store.close()

"""The statistics lists (Rankings, Profiles, fastest wins, the player chooser) cut a name too
wide for its column so that it is still told from the others listed: by the surname's
initial, at its end, in its middle, and last around where it parts from the most like it."""

from __future__ import annotations

import pygame
import pytest

from game import graphemes
from game.ui import theme
from game.ui.controls import fit_apart
from game.ui.theme import fit_around

LISTS = [
    ["Kowalski family team 1 - home", "Kowalski family team 2 - home"],
    [
        "Player number 18 with long name",
        "Player number 19 with long name",
        "Player number 22 with long name",
    ],
    ["Anna Maria Konstantynopolitańczyk", "Anna Zofia Konstantynopolitańczyk"],
    ["Maximilian Abendroth", "Maximilian Bergmann"],
]


@pytest.fixture(autouse=True)
def _fonts() -> None:
    pygame.font.init()


@pytest.mark.parametrize("names", LISTS)
@pytest.mark.parametrize("width", [120, 170, 230])
def test_every_name_of_a_list_is_shown_apart_and_within_its_width(
    names: list[str], width: int
) -> None:
    shown = [fit_apart(n, 18, width, True, names) for n in names]
    assert len(set(shown)) == len(names), shown
    for words in shown:
        assert theme.text_size(words, 18, True)[0] <= width, words


def test_the_part_a_name_differs_in_is_kept() -> None:
    words = fit_around("Kowalski family team 1 - home", 21, 18, 150, True)
    assert "1" in words and words.startswith("…")
    assert fit_around("Player number 18", 14, 18, 1000, True) == "Player number 18"


TABLE = [
    "Maximilian Alexander Fitzgerald",
    "Maximilian Alexander Fitzroy",
    "Katarzyna Wiśniewska-Kowalczyk",
    "Katarzyna Wiśniewska-Kowalska",
    "Bartholomew Montgomery-Smythe",
    "Bartholomew Montgomery-Smith",
]


@pytest.mark.parametrize("width", [70, 110, 160, 230])
def test_a_tables_names_cut_one_by_one_are_still_told_apart(width: int) -> None:
    # The round board, the scoreboard and the match's end cut each seat's name on its own
    # (theme.fit_name): names alike to their last letters still come out different.
    shown = [theme.fit_name(n, 18, width, True, TABLE) for n in TABLE]
    assert len(set(shown)) == len(TABLE), shown
    assert all(theme.text_size(words, 18, True)[0] <= width for words in shown), shown


@pytest.mark.parametrize("width", [110, 160, 230])
def test_names_alike_but_for_a_middle_name_are_told_apart(width: int) -> None:
    names = ["Anna Maria Kowalczyk", "Anna Zofia Kowalczyk", "Anna Ewa Kowalczyk", "Anna Kowalczyk"]
    shown = [theme.fit_name(n, 18, width, True, names) for n in names]
    assert len(set(shown)) == len(names), shown


def test_a_window_never_starts_on_a_mark_of_the_letter_cut_off() -> None:
    name = (
        "Ke\u0301ve\u0301le\u0301ne\u0301ke\u0301de\u0301me\u0301ge\u0301re\u0301"  # é as e + mark
    )
    for at in range(1, len(name)):
        for width in (40, 60, 80):
            words = fit_around(name, at, 18, width, True)
            assert not graphemes.joins(words.lstrip("…")[0]), (at, width, words)


def test_a_window_never_starts_on_a_skin_tone_cut_from_its_emoji() -> None:
    # A skin tone is only ever drawn on the emoji before it, as an accent is on its letter.
    name = "Team \U0001f44d\U0001f3fd\U0001f44b\U0001f3ff\U0001f44d\U0001f3fb players"
    assert graphemes.joins("\U0001f3fd") and not graphemes.joins("^")
    for at in range(1, len(name)):
        for width in (30, 50, 70):
            words = fit_around(name, at, 18, width, True)
            assert not graphemes.joins(words.lstrip("…")[0]), (at, width, words)


@pytest.mark.parametrize("width", range(60, 200, 8))
def test_names_apart_only_by_a_skin_tone_stay_apart(width: int) -> None:
    names = ["MistrzMakao\U0001f44d\U0001f3fbxx", "MistrzMakao\U0001f44d\U0001f3ffxx"]
    shown = [theme.fit_name(n, 17, width, True, names) for n in names]
    assert shown[0] != shown[1], shown

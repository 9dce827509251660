"""The mouse wheel over a field that steps through values: turned down it goes on through a
list (as the list would scroll), and lowers a number (a volume turned down goes quieter)."""

from __future__ import annotations

import pygame

from game.ui.controls import Choice, stepper_values


def _turned(choice: Choice[object], notch: int) -> object:
    choice.rect = pygame.Rect(0, 0, 200, 40)
    choice.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(100, 20), rel=(0, 0)))
    choice.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notch, flipped=False))
    return choice.value


def test_a_number_goes_down_with_the_wheel_turned_down() -> None:
    assert _turned(Choice(stepper_values(0, 100, 10), 80, wrap=False), -1) == 70
    assert _turned(Choice(stepper_values(0, 100, 10), 80, wrap=False), 1) == 90


def test_a_list_goes_on_with_the_wheel_turned_down() -> None:
    assert _turned(Choice(["suit", "rank", "none"], "suit"), -1) == "rank"
    assert _turned(Choice(["suit", "rank", "none"], "rank"), 1) == "suit"


def test_numbers_shown_as_words_are_a_list() -> None:
    # The first dealer: seat numbers, -1 for "Random", shown by name.
    names = {-1: "Random", 0: "You", 1: "Ada", 2: "Ben"}
    dealer = Choice([-1, 0, 1, 2], -1, show=names.__getitem__)
    assert _turned(dealer, -1) == 0  # down goes on to the first seat, as a list scrolls

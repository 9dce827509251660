"""Wrapped words read as written: a " · " between two parts never starts a line, nor is a
figure parted from the word after it; and a question's panel is as tall as its words, its
buttons just under the last line."""

from __future__ import annotations

import pygame
import pytest

from game.ui import confirm, theme
from game.ui.confirm import ConfirmDialog

DETAIL = (
    "An unfinished game is saved (Hungarian Macau · 4 players · saved just now). The new "
    "table takes its place, and its round is recorded as left unfinished."
)


@pytest.mark.parametrize("width", range(120, 640, 7))
def test_a_separator_stays_at_the_end_of_its_line(width: int) -> None:
    pygame.font.init()
    lines = theme.wrap(DETAIL, 17, width)
    assert not any(line.startswith("·") for line in lines)
    assert " ".join(lines) == DETAIL


@pytest.mark.parametrize("width", range(120, 640, 7))
def test_a_figure_stays_with_its_word(width: int) -> None:
    pygame.font.init()
    words = "Start Hungarian Macau · 4 players, draw 1,000 cards or 5, then 10 more (54 cards)"
    lines = theme.wrap(words, 17, width)
    assert " ".join(lines) == words
    for line in lines:
        assert not line.endswith((" 4", " 1,000", " 10", "(54")), lines
    assert not any(line.startswith(("players", "cards", "more")) for line in lines), lines


@pytest.mark.parametrize("width", range(120, 640, 7))
def test_a_balanced_wrap_takes_as_few_lines_with_none_left_short(width: int) -> None:
    # A refusal at 800 px wide ended on a lone "it" under a full line.
    pygame.font.init()
    words = "K♣ blocks the stack only as the first card laid, with more kings after it"
    greedy = theme.wrap_long_words(words, 18, width, bold=True)
    lines = theme.balanced_wrap(words, 18, width, bold=True)
    assert len(lines) == len(greedy) and " ".join(lines) == words
    widths = [theme.text_size(line, 18, True)[0] for line in lines]
    assert max(widths) <= width
    if len(lines) > 1:  # no line shorter than half the longest, as a lone word would be
        assert min(widths) * 2 >= max(widths), lines


@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("detail", ["Nothing is lost.", DETAIL, DETAIL + " " + DETAIL])
def test_the_buttons_sit_just_under_the_last_line(
    size: tuple[int, int], detail: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    pygame.font.init()
    dialog = ConfirmDialog(
        "Start Hungarian Macau · 4 players and replace the saved game?",
        detail,
        "Start the new table",
        "Keep it",
        lambda _answer: None,
    )
    dialog.resize(size)
    bottoms: list[int] = []
    real = confirm.draw_paragraph

    def spy(*args: object, **kwargs: object) -> int:
        bottoms.append(real(*args, **kwargs))  # type: ignore[arg-type]
        return bottoms[-1]

    monkeypatch.setattr(confirm, "draw_paragraph", spy)
    dialog.draw(pygame.Surface(size))
    gap = dialog.yes_button.rect.top - bottoms[-1]
    assert dialog.px(10) <= gap <= dialog.px(30), gap
    assert dialog.panel.bottom - dialog.yes_button.rect.bottom >= dialog.px(16)

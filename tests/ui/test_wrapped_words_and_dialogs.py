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


def _measured(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text ``theme`` measures from now on."""
    seen: list[str] = []
    size_of = theme.text_size

    def counting(content: str, size: int, bold: bool = False) -> tuple[int, int]:
        seen.append(content)
        return size_of(content, size, bold)

    monkeypatch.setattr(theme, "text_size", counting)
    return seen


@pytest.mark.parametrize("length", [300, 3000])
def test_a_long_path_is_broken_into_lines_measuring_little(
    length: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A data folder's path thousands of letters long in "could not be saved … in <path>":
    # measured letter by letter, each head whole, one message took seconds to wrap.
    pygame.font.init()
    path = "/" + "/".join(["folder" + "d" * 94] * (length // 101))
    message = f"The game could not be saved: Macau could not save it in {path}/state"
    seen = _measured(monkeypatch)
    lines = theme.wrap_long_words(message, 18, 600, bold=True)
    assert "".join(lines).replace(" ", "") == message.replace(" ", "")
    assert all(theme.text_size(line, 18, True)[0] <= 600 for line in lines)
    assert len(lines) > length // 60
    assert sum(map(len, seen)) < 60 * len(message)  # letters measured, all told


def test_a_name_cut_short_is_measured_little(monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.font.init()
    name = "Bartholomew " * 300
    seen = _measured(monkeypatch)
    cut = theme.fit(name, 16, 200)
    assert cut.endswith("…") and theme.text_size(cut, 16)[0] <= 200
    assert cut[:-1] == name[: len(cut) - 1]
    assert sum(map(len, seen)) < 20 * len(name)

"""A blocked round with first place shared: the board names everyone sharing it, and does
not cheer one of them as the winner."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.engine import PRESETS, Game
from game.store.settings import Settings
from game.ui.matchtable import MatchTable
from game.ui.roundend import RoundEndOverlay, round_title
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import Screen
from tests.ui.textkit import text_spy

NAMES = ["You", "Ada", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus"]


def blocked_board(
    hands: list[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    names: list[str] = NAMES,
    size: tuple[int, int] = (1280, 800),
) -> tuple[Screen, RoundEndOverlay]:
    """Classic with the pack spent and nothing that fits 6♣: you pass and the round is
    blocked, ranked by the points each seat is left holding."""
    monkeypatch.setenv("MACAU_HOME", str(tmp_path))
    seats = tuple(
        SeatSpec(n, "" if i == 0 else "medium") for i, n in enumerate(names[: len(hands)])
    )
    setup = TableSetup("classic", seats)
    game = Game.from_position(PRESETS["classic"], hands=hands, pile="6C", stock="")
    off = Settings(animation_speed="off", bot_pace="fast", hand_sort="none")
    table = MatchTable(setup, game, settings=off, seed=1, deal=False)
    screen = Screen(table, size)
    screen.frame(5)
    screen.key(pygame.K_SPACE)  # nothing fits and there is nothing to draw: pass
    for _ in range(600):
        screen.frame()
        if isinstance(screen.top, RoundEndOverlay):
            break
    board = screen.top
    assert isinstance(board, RoundEndOverlay) and game.blocked
    return screen, board


def test_you_and_a_bot_tied_for_first_share_the_round(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _screen, board = blocked_board(["5H", "8D", "9H 10S"], monkeypatch, tmp_path)
    assert board.places[:2] == [1, 1]
    assert board.title() == "Blocked: you and Ada share the round"


def test_a_bot_first_in_seat_order_is_not_named_the_winner_of_a_shared_place(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _, board = blocked_board(["9H 10S", "5H", "8D"], monkeypatch, tmp_path)
    assert board.title() == "Blocked: Ada and Ben share the round"


def test_a_place_shared_by_many_is_named_or_counted_inside_the_board(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    long_names = ["You", *(f"{n}-Maximiliana" for n in NAMES[1:6])]
    hands = ["5H", "8D", "9H", "4D", "5D", "8H"]
    _screen, board = blocked_board(hands, monkeypatch, tmp_path, long_names, (960, 600))
    assert board.places == [1] * 6
    assert board.title().startswith("Blocked: you, Ada-Maximiliana, Ben-Maximiliana, ")
    assert board.title().endswith(" and Eve-Maximiliana share the round")
    # Drawn, the title stays inside the board.

    words = text_spy(monkeypatch)
    surface = _Recorder((960, 600))
    surface.blits = []
    board.animator.update(5)  # past the pop-in
    board.draw(surface)
    titles = [box for image, box in surface.blits if words.get(id(image), "").startswith("Blo")]
    assert len(titles) == 1 and board.panel.contains(titles[0])


class _Recorder(pygame.Surface):
    """A surface that remembers where each image was blitted."""

    blits: list[tuple[pygame.Surface, pygame.Rect]]

    def blit(self, source: pygame.Surface, dest: object, *args: object) -> pygame.Rect:  # type: ignore[override]
        box = (
            pygame.Rect(dest)
            if isinstance(dest, pygame.Rect)
            else pygame.Rect(dest, source.get_size())
        )  # type: ignore[arg-type]
        self.blits.append((source, box))
        return super().blit(source, dest, *args)  # type: ignore[arg-type]


def test_the_words_for_one_winner_or_several() -> None:
    names = ["You", "Ada", "Ben"]
    assert round_title(names, [0], 0, False) == "You win the round!"
    assert round_title(names, [1], 0, True) == "Blocked: Ada wins the round"
    assert round_title(names, [1, 0], 0, False) == "You and Ada share the round"
    assert round_title(names, [2, 1], None, True) == "Blocked: Ada and Ben share the round"
    assert round_title(names, [0, 1, 2], 0, True) == "Blocked: you, Ada and Ben share the round"
    assert round_title(names, [], 0, True) == "Blocked round"


def test_a_lone_winners_wide_name_is_cut_short_before_the_words_that_say_so(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    wide = "W" * 32  # the longest name, in wide letters
    _screen, board = blocked_board(
        ["9H 10S", "5H", "8D 9D"], monkeypatch, tmp_path, ["You", wide, "Ben"], (960, 600)
    )
    assert board.title() == f"Blocked: {wide} wins the round"
    words, _size = board.fitted_title(board.panel.w - board.px(48))
    assert words.startswith("Blocked: WWW") and words.endswith("… wins the round")

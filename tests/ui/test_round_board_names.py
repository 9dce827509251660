"""The round board gives long names the room the cards left do not need: whole names where
the hands left are short, cut only where the cards need the width."""

from __future__ import annotations

import pytest

from game.engine import Game, parse_action
from game.store.settings import Settings
from game.ui.matchtable import MatchTable
from game.ui.roundend import RoundEndOverlay
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import Screen
from tests.ui.textkit import drawn_texts, outside, overlaps

OFF = Settings(animation_speed="off", bot_pace="fast")
NAMES = (
    "Wilhelmina Zaharieva-Petrova",
    "Jean-Baptiste Delacroix-Moreau",
    "Bartholomew Konstantinou",
)


def _board(hands: list[str], size: tuple[int, int]) -> tuple[Screen, RoundEndOverlay]:
    """A classic round (first out ends it) that seat 0 ends by laying its last card."""
    game = Game.from_position("classic", hands=hands, pile="5H", stock="2D 3D 4S 4H 8D 9D 10D QD")
    seats = (SeatSpec(NAMES[0]), SeatSpec(NAMES[1], "medium"), SeatSpec(NAMES[2], "medium"))
    table = MatchTable(TableSetup("classic", seats), game, settings=OFF, seed=1, deal=False)
    table.bots.clear()
    screen = Screen(table, size)
    table.apply(parse_action("7H"), 0)
    return screen, screen.until(RoundEndOverlay)


@pytest.mark.parametrize("size", [(960, 600), (1024, 768), (1280, 800)])
def test_short_hands_leave_long_names_whole(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    screen, _ = _board(["7H", "9S 8S", "9C"], size)
    drawn = drawn_texts(monkeypatch, screen.stack, size, top_only=True)
    words = [w for w, _ in drawn]
    for name in NAMES:
        assert name in words, (name, words)
    assert overlaps(drawn) == [] and outside(drawn, size) == []


def test_long_hands_keep_their_room(monkeypatch: pytest.MonkeyPatch) -> None:
    size = (960, 600)
    screen, _ = _board(["7H", "9S 8S 8C 6S 6C 10S 10C KC KS", "9C"], size)
    drawn = drawn_texts(monkeypatch, screen.stack, size, top_only=True)
    assert overlaps(drawn) == [] and outside(drawn, size) == []
    words = {w for w, _ in drawn}
    assert not all(name in words for name in NAMES)  # the nine cards left take the width

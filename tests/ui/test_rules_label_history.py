"""The match history names each round's saved rule set ("Family (custom rules) · …"), and
keeps the match and round after it when the name is long."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.store import GameRecord, MatchRecord, MatchSeat, SeatResult, Store
from game.ui import theme
from game.ui.history_scene import HistoryScene
from game.ui.scene import SceneStack
from tests.ui.statskit import SIZE
from tests.ui.test_stats_screens import frame
from tests.ui.textkit import drawn_texts

START = 1_800_000_000


def _round(n: int, label: str | None, match: MatchRecord | None = None) -> GameRecord:
    seats = (SeatResult(0, "Ania", False, None, 1), SeatResult(1, "", True, "easy", 2))
    start = START + n * 3600
    record = GameRecord("custom", "house", start, start + 60, seats, is_match=match is not None)
    return replace(record, rules_label=label, match=match)


def test_history_rows_name_the_saved_rule_set(
    store: Store, screen: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    store.record_game(_round(1, "Kids: no attacks"))
    store.record_game(_round(2, "Pub rules: sevens cut"))
    store.record_game(_round(3, None))
    seats = (MatchSeat(0, "Ania", False, None, 40, 1), MatchSeat(1, "", True, "easy", 90, 2))
    match = MatchRecord(
        "m1", "custom", "house", 500, START, START + 9 * 3600, 1, seats, status="abandoned"
    )
    store.record_game(_round(9, "Family", match))
    stack = SceneStack(None, SIZE)
    stack.push(HistoryScene(store, "Ania", "custom"))
    frame(stack, screen)
    drawn = [words for words, _ in drawn_texts(monkeypatch, stack, SIZE)]
    assert "Kids: no attacks (custom rules)" in drawn
    assert any(w.startswith("Pub rules: sevens cut (custom") for w in drawn), drawn
    assert "Custom rules" in drawn  # a round on rules never saved under a name
    # A round of a match keeps its match and round; the name comes first.
    assert any(w.startswith("Family") and w.endswith("· match 1 · round 1") for w in drawn)
    assert any(w.startswith("Family") and w.endswith("· match 1 · result") for w in drawn)


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
def test_a_long_name_gives_way_before_the_match_and_round(
    store: Store, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode(size)
    stack = SceneStack(None, size)
    scene = stack.push(HistoryScene(store, "Ania"))
    frame(stack, surface)
    room = scene.px(208)  # the narrower "When · rules" column
    tail = " · match 12 · round 3"
    line = scene._rules_line("custom", "Grandma's Sunday rules v2", tail, room)
    assert line.startswith("Gra") and line.endswith("v2" + tail), line
    assert theme.text_size(line, scene.px(13))[0] <= room
    assert scene._rules_line("custom", "Home", tail, room).startswith("Home")
    assert scene._rules_line("custom", "Home", tail, room).endswith(tail)
    assert scene._rules_line("custom", "Family Tel Aviv", "", room) == (
        "Family Tel Aviv (custom rules)"
    )
    assert scene._rules_line("polish", None, tail, room) == "Polish" + tail

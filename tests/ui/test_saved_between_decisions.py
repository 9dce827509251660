"""A game is saved once as each move is applied, before the next bot starts thinking (a
save made while a bot thinks, as the window closes, keeps that bot's random stream as its
decision began: see test_easy_bots_play_on_after_continue)."""

from __future__ import annotations

import pytest

from game.store.settings import Settings
from game.ui import matchtable
from game.ui.matchtable import MatchTable
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import Screen

NORMAL = Settings(bot_pace="fast")


def test_no_save_is_made_while_a_bot_thinks(monkeypatch: pytest.MonkeyPatch) -> None:
    setup = TableSetup("polish", tuple(SeatSpec(n, "medium") for n in ("Ada", "Ben", "Cleo")))
    table = MatchTable(setup, setup.new_game(seed=4), settings=NORMAL, seed=4)
    saved_while: list[bool] = []
    real_save = matchtable.save_game

    def watched(data: object) -> None:
        saved_while.append(table.thinking is not None)
        real_save(data)  # type: ignore[arg-type]

    monkeypatch.setattr(matchtable, "save_game", watched)
    applied = 0
    real_apply = MatchTable.apply

    def counted(self: MatchTable, action: object, seat: int | None = None) -> bool:
        nonlocal applied
        done = real_apply(self, action, seat)  # type: ignore[arg-type]
        applied += done
        return done

    monkeypatch.setattr(MatchTable, "apply", counted)
    screen = Screen(table, (960, 600))
    for _ in range(3000):
        if applied >= 12:
            break
        screen.frame(draw=False)
    assert applied >= 12
    assert saved_while and not any(saved_while)
    assert len(saved_while) == applied  # one save a move, none as its lines are shown

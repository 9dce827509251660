"""A refused play's red message goes as soon as a legal play is asked for: a suit chooser
opening for the ace does not leave "9♠ matches neither…" up under it, while a hint (advice
about the play being made) stays."""

from __future__ import annotations

from game.engine import PRESETS, Game
from game.ui.choosers import SuitChooser
from tests.ui.tablekit import Harness


def _table() -> Harness:
    game = Game.from_position(
        PRESETS["tel_aviv"],
        hands=["9S AS 6C", "8C 9C 5S", "7D 6D 8S"],
        pile="8D",
        stock="10C JC QC KC 5C 5D 6H 7C",
        current=0,
    )
    h = Harness(game)
    h.tick(3)
    return h


def test_a_refusal_goes_when_the_next_play_opens_a_chooser() -> None:
    h = _table()
    h.pick_and_play("9S")
    assert h.table.toast is not None and h.table.toast_error
    assert h.table.toast[0].startswith("9♠ matches neither")
    h.pick_and_play("AS")
    h.tick(3)
    assert isinstance(h.stack.top, SuitChooser)
    assert h.table.toast is None


def test_a_plain_message_stays_when_a_chooser_opens() -> None:
    h = _table()
    h.table.say("Hint: lay A♠ and name a suit", error=False)
    h.pick_and_play("AS")
    h.tick(3)
    assert isinstance(h.stack.top, SuitChooser)
    assert h.table.toast is not None and h.table.toast[0].startswith("Hint:")

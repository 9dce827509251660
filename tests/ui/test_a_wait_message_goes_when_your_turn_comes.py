"""A card laid out of turn springs back with "Wait for your turn."; the message goes when
the turn comes, and while it is up it hides no words of the table under it."""

from __future__ import annotations

import pytest

from game.engine import PRESETS, Game
from game.store.settings import Settings
from game.ui.choosers import ChoiceModal
from tests.ui import tablekit
from tests.ui.textkit import drawn_texts, overlaps


@pytest.fixture(autouse=True)
def _animated(monkeypatch: pytest.MonkeyPatch) -> None:
    # Moves take time to be shown, so the message is still up when the turn comes back.
    normal = Settings(animation_speed="normal", hand_sort="none", bot_pace="fast")
    monkeypatch.setattr(tablekit, "OFF", normal)


def test_wait_for_your_turn_goes_when_the_turn_comes() -> None:
    game = Game.from_position(
        PRESETS["tel_aviv"],
        hands=["9S 5D 9C 10C 2H 3D 4S", "5C 6C 8D 9D 3C 4D 7C", "3H 7S 6S 10H 4C 8S JD"],
        pile="6D 9H",
        stock="8H KD QD KS AS JS",
    )
    h = tablekit.Harness(game, bots=True, levels=("easy", "easy"))
    h.drag_to_pile("9S")
    h.tick(3)
    h.drag_to_pile("9C")  # the bots are still to move
    h.tick(2)
    assert h.table.toast is not None and h.table.toast[0] == "Wait for your turn."
    for _ in range(2000):
        h.tick()
        if h.table.my_turn:
            break
    assert h.table.my_turn
    assert h.table.toast is None  # not left above "Your turn: …"


def test_a_message_hides_your_own_bubble_rather_than_cover_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = Game.from_position(
        PRESETS["hungarian"],
        hands=["AS 5D 9C 10C", "5C 6C 8D 9D 3C", "3H 7S 6S 10H 4C"],
        pile="6D 7H",
        stock="8H KD 4S QD",
    )
    h = tablekit.Harness(game)
    h.drag_to_pile("AS")
    h.tick(5)
    chooser = h.stack.top
    assert isinstance(chooser, ChoiceModal)
    h.click(chooser.tiles[[o.caption for o in chooser.options].index("Clubs")].center)
    h.tick(20)
    words = [w for w, _ in drawn_texts(monkeypatch, h.stack, h.screen.get_size())]
    assert "♣ Clubs!" in words  # the bubble over your hand
    h.drag_to_pile("9C")
    h.tick(2)
    drawn = drawn_texts(monkeypatch, h.stack, h.screen.get_size())
    assert "Wait for your turn." in [w for w, _ in drawn]
    assert overlaps(drawn) == []

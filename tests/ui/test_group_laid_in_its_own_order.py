"""A group picked in an order that cannot start is laid in one that can (A♥ A♠ on 5♠ goes
down as A♠ A♥): the suit chooser names the card that really names the suit, and the held
cards show the order they will be laid in."""

from __future__ import annotations

from game.engine import PRESETS, Game
from game.ui.choosers import SuitChooser
from tests.ui.tablekit import Harness


def _aces_picked_heart_first() -> Harness:
    game = Game.from_position(
        PRESETS["polish"],
        hands=["AH AS 9C 10D", "2C 4D 9S", "3H 6D", "KD 8D"],
        pile="5S",
        stock="9H 10H JC QH KS 6C 5D",
    )
    h = Harness(game)
    h.click(h.card_pos("AH"))
    h.tick(30)  # past the double-click window
    h.click(h.card_pos("AS"))
    h.tick(30)
    return h


def test_the_suit_chooser_names_the_ace_laid_last_not_the_one_clicked_last() -> None:
    h = _aces_picked_heart_first()
    h.click(h.table.play_button.rect.center)
    h.tick(2)
    chooser = h.stack.top
    assert isinstance(chooser, SuitChooser)
    assert chooser.subtitle.startswith("A♥ names the suit that follows")
    assert [c.code for _uid, c in h.table.flow.held] == ["AS", "AH"]
    h.click(chooser.tiles[[o.value for o in chooser.options].index("D")].center)
    h.tick(3)
    assert [c.code for c in h.game.pile[-2:]] == ["AS", "AH"]
    assert h.game.suit_in_force == "D"


def test_the_group_dropped_on_the_pile_waits_in_the_order_it_will_be_laid() -> None:
    h = _aces_picked_heart_first()
    h.drag(h.card_pos("AS"), h.table.layout.pile.center)
    h.tick(2)
    chooser = h.stack.top
    assert isinstance(chooser, SuitChooser)
    assert chooser.subtitle.startswith("A♥ names the suit that follows")
    assert [c.code for _uid, c in h.table.flow.held] == ["AS", "AH"]

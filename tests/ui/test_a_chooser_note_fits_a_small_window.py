"""A chooser's note under its title fits its panel in every window: "The red joker (as A♥) names
the suit that follows · not ♥, the suit of K♥ it is laid on · only suits you still hold" is
wider than an 800-pixel window at the usual size, so it is set smaller, or on two lines."""

from __future__ import annotations

import pytest

from game.engine import PRESETS, Game
from game.ui.choosers import CardChooser, ChoiceModal, RankChooser, SuitChooser
from tests.ui.tablekit import Harness

SIZES = [(800, 600), (960, 600), (1280, 800)]


def _joker_declared(
    size: tuple[int, int], hands: list[str], pile: str, laid: str, stands: str
) -> ChoiceModal[str]:
    """A hungarian table at ``size`` where you lay ``laid`` with a joker in it and choose
    ``stands`` for the joker: the chooser that opens next."""
    game = Game.from_position(PRESETS["hungarian"], hands=hands, pile=pile, stock="8S 8C 10S")
    h = Harness(game, size=size)
    h.pick_and_play(laid)
    cards = h.stack.top
    assert isinstance(cards, CardChooser)
    captions = [o.caption for o in cards.options]
    h.click(cards.tiles[captions.index(stands)].center)
    h.tick(30)
    chooser = h.stack.top
    assert isinstance(chooser, ChoiceModal)
    assert h.screen.get_rect().contains(chooser.panel)
    return chooser


def _note_fits(chooser: ChoiceModal[str]) -> None:
    """Each line of the chooser's note fits its panel, and the note ends above the tiles."""
    room = chooser.panel.w - chooser.px(32)
    lines = chooser._subtitle_lines(room)
    assert lines and all(line.get_width() <= room for line in lines)
    top = chooser.panel.y + chooser.px(58) + sum(line.get_height() for line in lines)
    assert top <= min(t.top for t in chooser.tiles)


@pytest.mark.parametrize("size", SIZES)
def test_a_jokers_suit_note_fits_inside_its_panel(size: tuple[int, int]) -> None:
    hands = ["5H RJ KH 9C 4S", "2C 4D 9S 6D", "3S 6C", "10D 8D QC"]
    suits = _joker_declared(size, hands, "7H", "5H KH RJ", "A♥")
    assert isinstance(suits, SuitChooser)
    assert suits.subtitle.startswith("The red joker (as A♥) names the suit that follows")
    _note_fits(suits)


@pytest.mark.parametrize("size", SIZES)
def test_a_joker_laid_as_a_jack_is_named_over_the_ranks_and_fits(size: tuple[int, int]) -> None:
    # The suit chooser said "The black joker (as A♦)"; the rank chooser did not say the jack
    # asking was a joker, nor which jack.
    hands = ["9H 10H BJ 6S 7H", "9S 10D", "KD QS 4S", "6H 5S"]
    ranks = _joker_declared(size, hands, "9C", "9H 10H BJ", "J♥")
    assert isinstance(ranks, RankChooser)
    assert ranks.subtitle.startswith(
        "The black joker (as J♥): everyone in turn, you last, lays it or a jack, or draws"
    )
    _note_fits(ranks)

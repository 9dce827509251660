"""A chooser's note under its title fits its panel in every window: "Red joker (as A♥) names
the suit that follows · not ♥, the suit of K♥ it is laid on · only suits you still hold" is
wider than an 800-pixel window at the usual size, so it is set smaller, or on two lines."""

from __future__ import annotations

import pytest

from game.engine import PRESETS, Game
from game.ui.choosers import CardChooser, RankChooser, SuitChooser
from tests.ui.tablekit import Harness


@pytest.mark.parametrize("size", [(800, 600), (960, 600), (1280, 800)])
def test_a_jokers_suit_note_fits_inside_its_panel(size: tuple[int, int]) -> None:
    game = Game.from_position(
        PRESETS["hungarian"],
        hands=["5H RJ KH 9C 4S", "2C 4D 9S 6D", "3S 6C", "10D 8D QC"],
        pile="7H",
        stock="8S 8C 10H 10S",
    )
    h = Harness(game, size=size)
    h.pick_and_play("5H KH RJ")
    cards = h.stack.top
    assert isinstance(cards, CardChooser)
    captions = [o.caption for o in cards.options]
    h.click(cards.tiles[captions.index("A♥")].center)
    h.tick(30)
    suits = h.stack.top
    assert isinstance(suits, SuitChooser)
    assert suits.subtitle.startswith("Red joker (as A♥) names the suit that follows")
    assert h.screen.get_rect().contains(suits.panel)
    room = suits.panel.w - suits.px(32)
    lines = suits._subtitle_lines(room)
    assert lines and all(line.get_width() <= room for line in lines)
    # The note ends above the first row of tiles.
    top = suits.panel.y + suits.px(58) + sum(line.get_height() for line in lines)
    assert top <= min(t.top for t in suits.tiles)


@pytest.mark.parametrize("size", [(800, 600), (960, 600), (1280, 800)])
def test_a_joker_laid_as_a_jack_is_named_over_the_ranks_and_fits(size: tuple[int, int]) -> None:
    # The suit chooser said "Black joker (as A♦)"; the rank chooser did not say the jack
    # asking was a joker, nor which jack.
    game = Game.from_position(
        PRESETS["hungarian"],
        hands=["9H 10H BJ 6S 7H", "9S 10D", "KD QS 4S", "6H 5S"],
        pile="9C",
        stock="8S 8C 10S 2D",
    )
    h = Harness(game, size=size)
    h.pick_and_play("9H 10H BJ")
    cards = h.stack.top
    assert isinstance(cards, CardChooser)
    captions = [o.caption for o in cards.options]
    h.click(cards.tiles[captions.index("J♥")].center)
    h.tick(30)
    ranks = h.stack.top
    assert isinstance(ranks, RankChooser)
    assert ranks.subtitle.startswith(
        "Black joker (as J♥): everyone in turn, you last, lays it or a jack, or draws"
    )
    room = ranks.panel.w - ranks.px(32)
    lines = ranks._subtitle_lines(room)
    assert lines and all(line.get_width() <= room for line in lines)
    top = ranks.panel.y + ranks.px(58) + sum(line.get_height() for line in lines)
    assert top <= min(t.top for t in ranks.tiles)

"""The stock's count follows the cards seen coming to it: when the pile is shuffled into a
new stock, the count grows as the cards shown flying there land, not before they set off."""

from __future__ import annotations

from game.engine import DRAW, PRESETS, Game
from tests.ui.tablekit import normal_speed_table


def test_a_reshuffled_stock_is_counted_as_its_cards_land() -> None:
    game = Game.from_position(
        PRESETS["polish"],
        hands=["5C 6C 7D", "9S 8C"],
        pile="2H 4H 6H 8H 9H 10C JC QC QH",
        stock="",
        current=0,
    )
    stack, screen, table, _heard = normal_speed_table(game)
    assert table.apply(DRAW, 0)  # no stock left: the pile under its top card becomes one
    model, counts, flying = table.director.model, [], []
    for _ in range(180):
        stack.update(1 / 60)
        stack.draw(screen)
        counts.append(model.stock)
        flying.append(sum(f.tag == "under pile" for f in table.director.flights))
        if table.director.idle:
            break
    assert table.director.idle and model.stock == table.game.stock_count == 7
    shuffling = [c for c, n in zip(counts, flying, strict=True) if n]
    assert shuffling and shuffling[0] == 0  # none yet while the first card flies
    assert shuffling == sorted(shuffling) and len(set(shuffling)) > 2  # then card by card

"""A game saved on a preset whose rules a later version changed (hungarian's jokers joined
the cards that play on anything) goes on, after Continue, as custom rules started from that
preset: the round keeps the rules it was dealt with, and neither the menu, the table nor the
statistics call those rules by the preset's name, which now means other rules."""

from __future__ import annotations

from game.engine import PRESETS, Game, Rules
from game.store.settings import Settings
from game.ui.matchtable import MatchTable
from game.ui.resume import describe, read_saved_game, restore
from game.ui.setup import SeatSpec, TableSetup

OFF = Settings(animation_speed="off")
SETUP = TableSetup("hungarian", (SeatSpec("Anna"), SeatSpec("Ben", "easy")))
# Hungarian as an earlier version had it: jokers laid only as a card that fits.
EARLIER = PRESETS["hungarian"].replace(plays_on_anything=frozenset({"A", "Q"}), name="hungarian")


def _saved(rules: Rules) -> Game:
    game = Game.new(rules, seats=2, seed=3)
    game.apply(game.legal_actions()[0])
    MatchTable(SETUP, game, settings=OFF, seed=3, deal=False).save()
    return game


def test_a_round_dealt_on_the_earlier_rules_goes_on_as_custom_rules() -> None:
    before = _saved(EARLIER)
    assert EARLIER.name == "hungarian" and EARLIER.fingerprint != PRESETS["hungarian"].fingerprint
    saved = read_saved_game()
    assert saved.data is not None
    assert describe(saved).startswith("Custom rules · 2 players · ")
    table = restore(saved.data, OFF)
    rules = table.game.rules
    assert rules.name == "custom" and rules.fingerprint == EARLIER.fingerprint
    assert "joker" not in rules.plays_on_anything
    assert table.setup.preset == "custom" and table.setup.rules_base == "hungarian"
    assert table.setup.rules() == rules  # the next round is dealt on the same rules
    assert table.game.hand(0) == before.hand(0) and table.game.top == before.top


def test_a_round_on_the_preset_as_it_is_stays_that_preset() -> None:
    _saved(PRESETS["hungarian"])
    saved = read_saved_game()
    assert saved.data is not None and describe(saved).startswith("Hungarian Macau · 2 players")
    table = restore(saved.data, OFF)
    assert table.game.rules == PRESETS["hungarian"] and table.setup.preset == "hungarian"

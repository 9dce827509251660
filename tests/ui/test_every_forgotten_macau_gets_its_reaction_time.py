"""Every forgotten Macau opens a window of its own: a person who forgot is caught by a bot
only after the usual reaction time, and a person gets the first chance to catch a bot,
however quickly an earlier window was closed (by a catch, or by playing on at once)."""

from __future__ import annotations

from game.engine import PRESETS, Game, parse_action
from game.ui import tabledraw
from game.ui.table import CATCH_DELAY
from tests.ui.tablekit import Harness

# Frames of 1/60 s that stay inside the reaction time, and enough to be sure it is over.
INSIDE = int(CATCH_DELAY * 60 * 0.8)
PAST = int(CATCH_DELAY * 60 * 3)


def _table(hands: list[str], current: int) -> Harness:
    game = Game.from_position(
        PRESETS["polish"],
        hands=hands,
        pile="5H 7H",
        stock="9H KC 4S 6D 10S 10D 9S 3C 4D 6H 8D JC QH",
        current=current,
    )
    h = Harness(game, levels=("medium",), bots=True)
    for bot in h.table.bots.values():
        bot.wants_to_catch = lambda _view, _target: True  # type: ignore[method-assign]
    return h


def test_you_forget_after_catching_a_bot_at_once_and_still_get_the_reaction_time() -> None:
    h = _table(["7S 9C", "7D 8S"], current=1)
    assert h.table.apply(parse_action("7D"), 1)  # the bot keeps one card and does not call
    h.tick()
    assert h.game.macau_catchable == 1
    h.table.on_stop()  # you catch it at once, well inside its window
    h.tick()
    assert h.game.hand_counts[1] == 6
    h.tick(120)  # you think it over for two seconds
    assert h.table.apply(parse_action("7S"))  # then keep one card and forget to call
    h.tick(INSIDE)
    assert h.game.macau_catchable == 0 and h.game.hand_counts[0] == 1  # not caught yet
    h.tick(PAST)
    assert h.game.hand_counts[0] == 6
    ben = h.table.names[1]
    assert f"{ben} caught you — you draw 5" in h.table.director.log


def test_after_playing_on_at_once_you_still_get_the_first_chance_at_a_bot() -> None:
    h = _table(["7S QC 9C 5D", "7D 8S", "7C 9D"], current=2)
    del h.table.bots[1]  # (moved by hand below)
    assert h.table.apply(parse_action("7C"), 2)  # the last seat forgets
    h.tick()
    assert h.table.apply(parse_action("7S"))  # you play on at once: that window closes
    h.tick(120)
    assert h.table.apply(parse_action("7D"), 1)  # now the next bot forgets
    h.tick(INSIDE)
    assert h.game.macau_catchable == 1  # the other bot waits: the first chance is yours
    ben = h.table.names[1]
    assert tabledraw.status_line(h.table).startswith(f"{ben} forgot to call Macau")
    h.tick(PAST)
    assert h.game.hand_counts[1] == 6

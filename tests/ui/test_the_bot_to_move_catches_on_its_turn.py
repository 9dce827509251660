"""A forgotten Macau is caught between turns by the bots that are not to move; the bot to
move is not asked then (its catch is in its legal list, with its level's own habits)."""

from __future__ import annotations

from typing import cast

from game.engine import PRESETS, Game, Stop, View, parse_action
from game.ui.botplayer import BotPlayer
from game.ui.table import catching_bot


class _Eager:
    """A bot that always notices a forgotten call, and records who asked it."""

    def __init__(self, seat: int, asked: list[int]) -> None:
        self.seat = seat
        self.asked = asked

    def wants_to_catch(self, view: View, target: int) -> bool:
        self.asked.append(self.seat)
        return True


def _forgotten() -> Game:
    game = Game.from_position(
        PRESETS["polish"],
        hands=["7S 9C", "7D 8S", "7C 9D"],
        pile="5H 7H",
        stock="9H KC 4S 6D 10S 10D 9S 3C 4D 6H 8D JC QH",
    )
    game.apply(parse_action("7S"))  # one card left, and no call
    assert game.macau_catchable == 0 and game.current == 1
    return game


def _bots(*seats: int, asked: list[int]) -> dict[int, BotPlayer]:
    return {seat: cast(BotPlayer, _Eager(seat, asked)) for seat in seats}


def test_the_bot_after_the_one_to_move_catches_between_turns() -> None:
    asked: list[int] = []
    game = _forgotten()
    assert game.is_legal(Stop(0), 1)  # the seat to move could catch, on its turn
    assert catching_bot(game, _bots(1, 2, asked=asked), 0) == 2
    assert asked == [2]


def test_a_bot_that_is_to_move_is_not_asked_between_turns() -> None:
    asked: list[int] = []
    assert catching_bot(_forgotten(), _bots(1, asked=asked), 0) is None
    assert asked == []


def test_the_medium_bot_to_move_takes_the_catch_from_its_legal_list() -> None:
    game = _forgotten()
    legal = game.legal_actions(1)
    assert Stop(0) in legal and len(legal) > 1
    assert BotPlayer("medium", seed=1).choose(game.view(1), legal) == Stop(0)

"""While the pause menu (or the scores, the rules, the settings) holds the game, nothing
moves at the table: the deal's cards stay in the air, and a person's time to catch a
forgotten Macau waits too, rather than run out unseen."""

from __future__ import annotations

import pygame

from game.engine import PRESETS, Game, parse_action
from game.store.settings import Settings
from game.ui.scene import SceneStack
from game.ui.start import table_for
from game.ui.table import CATCH_DELAY, TableScene
from tests.ui.tablekit import Harness, normal_speed_table

SIZE = (1280, 800)


def _frames(stack: SceneStack, screen: pygame.Surface, n: int) -> None:
    for _ in range(n):
        stack.update(1 / 60)
        stack.draw(screen)


def _key(stack: SceneStack, key: int) -> None:
    stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def test_the_deal_stands_still_under_the_pause_menu() -> None:
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(SIZE)
    stack = SceneStack(None, SIZE)
    normal = Settings(animation_speed="normal")
    table = table_for(Game.new("polish", seats=4, seed=21), ("medium",), settings=normal, deal=True)
    table.bots.clear()
    stack.push(table)
    _frames(stack, screen, 3)
    flying, shown = len(table.director.flights), len(table.hand.cards)
    assert flying and shown < 5
    _key(stack, pygame.K_ESCAPE)
    assert stack.top is not table and table.paused
    _frames(stack, screen, 150)  # two and a half seconds paused
    assert len(table.director.flights) == flying and len(table.hand.cards) == shown
    _key(stack, pygame.K_ESCAPE)  # resume: the deal goes on from where it stood
    assert stack.top is table
    for _ in range(600):
        if table.director.idle:
            break
        _frames(stack, screen, 1)
    assert table.director.idle and len(table.hand.cards) == 5


def _bot_forgot() -> Harness:
    game = Game.from_position(
        PRESETS["polish"],
        hands=["9C 5D 6S", "7H 8H", "9S QC KD", "10S QD 6C"],
        pile="7S",
        stock="4H 5H 6H 8D 9D 10D",
        current=1,
    )
    h = Harness(game, levels=("medium",), bots=True)
    table: TableScene = h.table
    table.bots.pop(1)  # seat 1 lays by hand here, as a bot that forgot to call
    assert table.apply(parse_action("7H"), 1)
    h.tick(1)
    assert h.game.macau_catchable == 1
    return h


def test_a_pause_keeps_a_persons_time_to_catch_a_forgotten_macau() -> None:
    h = _bot_forgot()
    h.key(pygame.K_ESCAPE)  # the pause menu, at once
    assert h.stack.top is not h.table and h.table.paused
    h.tick(round(2 * CATCH_DELAY * 60))  # longer than the whole window, paused
    assert h.game.macau_catchable == 1
    h.key(pygame.K_ESCAPE)
    h.tick(1)
    assert h.game.macau_catchable == 1  # the person still has the table's chance first
    h.tick(round(CATCH_DELAY * 60) + 5)
    assert h.game.macau_catchable < 0  # then a bot catches, as without the pause
    assert h.game.hand_counts[1] == 6


def test_the_rounds_last_move_waits_under_the_pause_menu() -> None:
    game = Game.from_position(
        PRESETS["polish"], hands=["9C", "7H 8H"], pile="9D", stock="4H 5H 6H", current=0
    )
    stack, screen, table, heard = normal_speed_table(game)
    assert table.apply(parse_action("9C"), 0) and table.game.over
    _key(stack, pygame.K_ESCAPE)  # as the card sets off
    assert stack.top is not table and table.paused
    _frames(stack, screen, 180)
    assert heard == [] and table.director.queue and table.round_result is None
    _key(stack, pygame.K_ESCAPE)  # resume: the card lands, the round ends, then its board
    _frames(stack, screen, 300)
    assert heard == ["play", "win"] and table.round_result is not None
    assert stack.top is not table and table._board_shown()


def test_a_move_due_as_the_pause_opens_starts_only_after_it() -> None:
    game = Game.from_position(
        PRESETS["polish"], hands=["9C 5D", "7H 8H", "9S QC"], pile="KS", stock="4H 5H 6H", current=1
    )
    stack, screen, table, heard = normal_speed_table(game)
    assert table.apply(parse_action("draw"), 1)
    _key(stack, pygame.K_ESCAPE)  # before a frame has shown the draw
    _frames(stack, screen, 120)
    assert heard == [] and table.director.model.stock == 3 and not table.director.flights
    _key(stack, pygame.K_ESCAPE)
    _frames(stack, screen, 60)
    assert heard == ["draw"] and table.director.model.stock == 2

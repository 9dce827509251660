"""Continue takes up the round where the player left it, not only the game: a Macau call
made before the card is laid, the bots' chance to catch a forgotten call already declined,
a request's words as it ends, and in pass-and-play how far each person had read the log."""

from __future__ import annotations

import json

import pygame

from game.engine import PRESETS, Game, parse_action
from game.store.settings import Settings
from game.ui import handoff as handoff_module
from game.ui.hand import sort_key
from game.ui.matchtable import MatchTable
from game.ui.resume import restore, snapshot
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import Screen, handoff_for
from tests.ui.test_handoff_tells_what_happened import ready, shared_screen

OFF = Settings(animation_speed="off", bot_pace="fast")


def _continued(table: MatchTable) -> MatchTable:
    """The table as Continue rebuilds it from its save (through JSON, as on disk)."""
    return restore(json.loads(json.dumps(snapshot(table))), OFF)


def _settle(screen: Screen, frames: int = 120) -> None:
    for _ in range(frames):
        screen.frame(draw=False)


def test_a_macau_call_made_before_the_card_is_laid_is_kept() -> None:
    setup = TableSetup("polish", (SeatSpec("You"), SeatSpec("Ben", "medium")))
    game = Game.from_position(PRESETS["polish"], ["7H 9C", "5D 6D 8S"], "7S", "4C 4D 5C 6C")
    screen = Screen(MatchTable(setup, game, settings=OFF, seed=1, deal=False))
    table = screen.top
    assert isinstance(table, MatchTable)
    screen.key(pygame.K_m, "m")
    assert table.macau_on
    table = _continued(table)
    screen = Screen(table)
    screen.frame()
    assert table.macau_on and table.macau_button.on
    table.flow.try_play([next(hc.uid for hc in table.hand.cards if hc.card.code == "7H")])
    _settle(screen)
    assert "You laid 7♥ — Macau!" in table.director.log, list(table.director.log)


def _forgot_and_looked_at(seed: int) -> tuple[Screen, MatchTable]:
    """You lay down to one card without calling; the bots not to move have had their look
    (easy bots: they may let it pass)."""
    seats = (SeatSpec("You"), SeatSpec("Ben", "easy"), SeatSpec("Cleo", "easy"))
    game = Game.from_position(
        PRESETS["polish"],
        hands=["9H 8C", "9S KD 8D 3C", "QH 6H 2D 5S"],
        pile="5H 7H",
        stock="10H KC 4S 8S 10D JD 6C 7D 7C",
    )
    table = MatchTable(TableSetup("polish", seats), game, settings=OFF, seed=seed, deal=False)
    screen = Screen(table)
    assert table.apply(parse_action("9H"))
    for _ in range(400):
        if table.catch_checked == table.version or table.game.macau_catchable < 0:
            break
        screen.frame(draw=False)
    return screen, table


def _caught(table: MatchTable) -> bool:
    return any(" caught " in line for line in table.director.log)


def test_the_bots_do_not_get_a_second_chance_to_catch_a_forgotten_call() -> None:
    # RULES 3.8: one chance, until the next move. The easy bots' look is taken from their
    # random streams, which have moved on since: asked again after Continue, they may catch.
    let_pass = 0
    for seed in range(8):
        screen, table = _forgot_and_looked_at(seed)
        if _caught(table) or table.game.macau_catchable < 0:
            continue  # caught at once: nothing to compare
        continued = _continued(table)
        _settle(screen, 200)
        later = Screen(continued)
        _settle(later, 200)
        assert _caught(continued) == _caught(table), seed
        let_pass += not _caught(table)
    assert let_pass >= 2


def test_a_request_made_before_the_save_is_named_as_it_ends() -> None:
    setup = TableSetup("polish", (SeatSpec("You"), SeatSpec("Ben", "medium")))
    game = Game.from_position(
        PRESETS["polish"], ["JC 8C 9D 4S", "8H 5S 6S 7S"], "10C", "4C 4D 5C 6C 7D 9H"
    )
    table = MatchTable(setup, game, settings=OFF, seed=1, deal=False)
    screen = Screen(table)
    assert table.apply(parse_action("JC/8"))
    _settle(screen, 10)
    table = _continued(table)
    screen = Screen(table)
    _settle(screen)  # Ben answers with 8♥; then you, last, with 8♣: the request is over
    if table.my_turn:
        assert table.apply(parse_action("8C"))
        _settle(screen)
    assert any("8s no longer asked for" in line for line in table.director.log), list(
        table.director.log
    )


def _back_to_anna(monkeypatch) -> tuple[Screen, MatchTable]:  # type: ignore[no-untyped-def]
    """Anna and Bart have played once each at a shared screen (Cleo, a bot, between them):
    Anna's hand-off is up."""
    monkeypatch.setattr(handoff_module, "READY_DELAY", 0.0)
    screen, table = shared_screen(settings=OFF)
    for seat, move in ((0, "8C 8S 8D"), (1, "draw")):
        handoff_for(screen, seat)
        ready(screen)
        assert table.apply(parse_action(move))
    return screen, table


def test_the_hand_off_after_continue_tells_only_what_came_after_your_turn(monkeypatch) -> None:
    screen, table = _back_to_anna(monkeypatch)
    before = handoff_for(screen, 0).recent
    assert before and not any(line.startswith("Anna") for line in before)
    table = _continued(table)
    screen = Screen(table)
    assert handoff_for(screen, 0).recent == before


def test_saved_while_your_hand_is_shown_the_hand_off_tells_nothing_you_saw(monkeypatch) -> None:
    # Anna's hand shown, after the hand-off told her what Bart and Cleo did: quit and
    # Continue. Her hand-off told those lines again, though her turn had not ended.
    screen, table = _back_to_anna(monkeypatch)
    assert handoff_for(screen, 0).recent
    ready(screen)
    assert table.director.reveal and table.viewer == 0
    table = _continued(table)
    screen = Screen(table)
    assert handoff_for(screen, 0).recent == []


def test_a_call_made_at_a_shared_screen_comes_back_with_that_persons_hand(monkeypatch) -> None:
    monkeypatch.setattr(handoff_module, "READY_DELAY", 0.0)
    setup = TableSetup("polish", (SeatSpec("Anna"), SeatSpec("Bart")))
    game = Game.from_position(PRESETS["polish"], ["7H 9C", "5D 6D 8S"], "7S", "4C 4D 5C 6C")
    table = MatchTable(setup, game, settings=OFF, seed=1, deal=False)
    screen = Screen(table)
    handoff_for(screen, 0)
    screen.frame(2)
    screen.key(pygame.K_RETURN)
    screen.frame(3)
    screen.key(pygame.K_m, "m")
    assert table.macau_on
    table = _continued(table)
    screen = Screen(table)
    handoff_for(screen, 0)
    assert not table.macau_button.on  # no hand shown: nothing of it on the table
    screen.frame(2)
    screen.key(pygame.K_RETURN)
    screen.frame(3)
    assert table.macau_on and table.macau_button.on


def test_a_save_taken_while_a_move_is_still_shown_keeps_its_request_and_the_reading() -> None:
    # The save made as the move is applied holds the log as it will read once shown: the
    # request it makes, and each person's place in it, count from that log, full or not.
    setup = TableSetup("polish", (SeatSpec("Anna"), SeatSpec("Bart"), SeatSpec("Cleo", "medium")))
    game = Game.from_position(
        PRESETS["polish"], ["JC 8C 9D 4S", "8H 5S 6S 7S", "5D 6D 7D"], "10C", "4C 4D 5C 6C 7C"
    )
    slow = Settings(animation_speed="normal", bot_pace="fast")
    table = MatchTable(setup, game, settings=slow, seed=1, deal=False)
    Screen(table)
    table.director.log.extend(f"an older line {i}" for i in range(200))  # full: old ones go
    table.log_read[1] = table.director.log_dropped + len(table.director.log) - 1
    table.director.viewer = 0
    assert table.apply(parse_action("JC/8"))  # still being shown
    data = json.loads(json.dumps(snapshot(table)))
    assert data["log_asked"] == {"rank": "8s"}
    continued = restore(data, OFF)
    assert continued.since_turn(1) == ["an older line 199", "Anna laid J♣ — asks for 8s"]


def test_your_own_order_at_a_shared_screen_ends_with_its_round_after_continue(
    monkeypatch,
) -> None:
    # Anna keeps her own order (a card moved with Shift+→) and goes out: the round board
    # is left for the menu, and Continue deals the next round. Her order was of the last
    # round's cards: she finds the new ones sorted as the setting says, as without the quit.
    monkeypatch.setattr(handoff_module, "READY_DELAY", 0.0)
    by_suit = Settings(animation_speed="off", bot_pace="fast", hand_sort="suit")
    setup = TableSetup("classic", (SeatSpec("Anna"), SeatSpec("Bart")), target=500)
    game = Game.from_position(
        PRESETS["classic"], ["9H 9C", "8H 4C 6S QD"], "5H", "2D 3D 4S 6C 6H 7S 8S 9D 10C JC"
    )
    table = MatchTable(setup, game, settings=by_suit, seed=5, deal=False)
    screen = Screen(table)
    handoff_for(screen, 0)
    ready(screen)
    screen.key(pygame.K_RIGHT)
    screen.key(pygame.K_RIGHT, mod=pygame.KMOD_SHIFT)
    assert table.hand.sort_mode == "none"
    assert table.apply(parse_action("9H 9C"))
    screen.frame(5)
    assert table.game.over and table.viewer == 0
    continued = restore(json.loads(json.dumps(snapshot(table))), by_suit)
    screen = Screen(continued)
    for _ in range(3):
        seat = continued.game.current
        handoff_for(screen, seat)
        ready(screen)
        if seat == 0:
            break
        assert continued.apply(parse_action("draw"))
    assert continued.viewer == 0 and continued.hand.sort_mode == "suit"
    cards = [hc.card for hc in continued.hand.cards]
    assert cards == sorted(cards, key=lambda c: sort_key(c, "suit"))

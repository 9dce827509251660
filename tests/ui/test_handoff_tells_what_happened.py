"""Pass-and-play: the hand-off screen tells the next person what the others did while they
looked away (a group laid shows only its top card on the pile), from the round's public
log, and nothing from before their own last turn or from an earlier round."""

from __future__ import annotations

import pygame
import pytest

from game.engine import PRESETS, Game, Stop, parse_action
from game.store.settings import Settings
from game.ui import handoff as handoff_module
from game.ui.handoff import HandoffScreen
from game.ui.matchtable import MatchTable
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import Screen, handoff_for
from tests.ui.textkit import drawn_texts, outside, overlaps

SETUP = TableSetup("polish", (SeatSpec("Anna"), SeatSpec("Bart"), SeatSpec("Cleo", "medium")))


@pytest.fixture(autouse=True)
def _no_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(handoff_module, "READY_DELAY", 0.0)


def shared_screen(
    size: tuple[int, int] = (1280, 800), settings: Settings | None = None
) -> tuple[Screen, MatchTable]:
    """Anna and Bart at one screen with the bot Cleo; Anna to lay first, 8♣ 8♠ 8♦ in hand."""
    game = Game.from_position(
        PRESETS["polish"],
        hands=["8C 8S 8D 9D KC", "4C 10C 10S JS QD", "5D 6D 7C 9S 10H"],
        pile="5S 8H",
        stock="3H 4D 10D JD QS 6C 7S 9C",
        current=0,
    )
    settings = settings or Settings(animation_speed="off")
    table = MatchTable(SETUP, game, settings=settings, seed=1, deal=False)
    return Screen(table, size), table


def ready(screen: Screen) -> None:
    """The hand-off on top is answered: the hand is shown."""
    screen.frame(2)
    screen.key(pygame.K_RETURN)
    screen.frame(3)


@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (1920, 1080)])
def test_the_next_person_is_told_the_group_laid_while_they_looked_away(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    screen, table = shared_screen(size)
    handoff_for(screen, 0)
    ready(screen)
    assert table.apply(parse_action("8C 8S 8D"))
    bart = handoff_for(screen, 1)
    assert bart.recent[-1] == "Anna laid 8♣ 8♠ 8♦", bart.recent
    drawn = drawn_texts(monkeypatch, screen.stack, size, top_only=True)
    words = [w for w, _ in drawn]
    assert "Since your last turn" in words and "Anna laid 8♣ 8♠ 8♦" in words
    assert overlaps(drawn) == [] and outside(drawn, size) == []


def test_each_person_is_told_only_what_came_after_their_own_turn() -> None:
    screen, table = shared_screen()
    handoff_for(screen, 0)
    ready(screen)
    assert table.apply(parse_action("8C 8S 8D"))
    assert handoff_for(screen, 1).recent == ["Anna laid 8♣ 8♠ 8♦"]
    ready(screen)
    assert table.apply(parse_action("draw"))  # 3♥ does not fit on 8♦: the turn is over
    anna = handoff_for(screen, 0)
    assert anna.recent and not any(line.startswith("Anna") for line in anna.recent)
    assert anna.recent[0].startswith("Bart") and any(x.startswith("Cleo") for x in anna.recent)


def test_a_new_round_starts_from_its_deal() -> None:
    from game.ui.roundend import RoundEndOverlay

    setup = TableSetup("polish", (SeatSpec("Anna"), SeatSpec("Bart")))
    game = Game.from_position(PRESETS["polish"], ["8C", "4C 10S"], "5S 8H", "3H 4D 10D JD QS")
    table = MatchTable(setup, game, settings=Settings(animation_speed="off"), seed=1, deal=False)
    screen = Screen(table, (1280, 800))
    handoff_for(screen, 0)
    ready(screen)
    assert table.apply(parse_action("8C"))  # Anna goes out: the round is over
    for _ in range(600):
        if isinstance(screen.top, RoundEndOverlay):
            break
        screen.frame()
    screen.key(pygame.K_RETURN)  # the next round
    first = handoff_for(screen, table.game.current)
    assert first.recent and first.recent[0].startswith("Round 2: "), first.recent
    assert not any("8♣" in line for line in first.recent)


def test_a_line_with_long_names_keeps_what_was_done() -> None:
    # Two names of 32 wide letters: the names are shortened, not the cards drawn at the end.
    wide, other = "W" * 32, "M" * 32
    setup = TableSetup("polish", (SeatSpec(wide), SeatSpec(other), SeatSpec("Cleo", "medium")))
    game = Game.from_position(PRESETS["polish"], ["9H 5C", "8H 4C", "4D 5S"], "5H", "2D 3D 4S")
    table = MatchTable(setup, game, settings=Settings(animation_speed="off"), seed=1, deal=False)
    screen = Screen(table, (960, 600))
    handoff = HandoffScreen(table, 0)
    screen.stack.push(handoff)
    screen.frame()
    line = f"Cleo caught {other} — {other} draws 5"
    room = handoff.panel.w - handoff.px(48)  # as the panel draws its lines
    fitted = handoff._fitted(line, handoff.px(16), room)
    assert fitted.endswith("draws 5") and fitted.startswith("Cleo caught "), fitted


def test_the_panel_widens_for_a_long_line_of_what_happened() -> None:
    # At a crowded table a line ran past the panel's usual width and lost its end, "owes 2"
    # to "owe…", with room to spare in the window: the panel now widens for it.
    setup = TableSetup("polish", (SeatSpec("Anna"), SeatSpec("Dmitri"), SeatSpec("Cleo", "medium")))
    game = Game.from_position(PRESETS["polish"], ["9H 5C", "8H 4C", "4D 5S"], "5H", "2D 3D 4S")
    table = MatchTable(setup, game, settings=Settings(animation_speed="off"), seed=1, deal=False)
    screen = Screen(table, (960, 600))
    handoff = HandoffScreen(table, 1)
    line = "Cleo laid 2♠ 2♦ 2♣ with 3♠ 3♣ on Anna's 2♥ — the stack is 14 — Dmitri owes 14 — Macau!"
    handoff.recent = [line]
    screen.stack.push(handoff)
    screen.frame()
    room = handoff.panel.w - handoff.px(48)
    assert handoff.panel.w > handoff.px(640)
    assert handoff._fitted(line, handoff.px(16), room) == line
    # Widened, it keeps clear of the Menu button at the window's top right.
    assert not handoff.panel.colliderect(handoff.menu_button.rect)
    for _ in range(3):  # a taller panel, up to the button's height
        handoff.recent.insert(0, "Ben laid 9♣")
    handoff.resize((960, 600))
    assert not handoff.panel.colliderect(handoff.menu_button.rect)
    # Narrower then, the line is cut in what was laid, not in what it did.
    room = handoff.panel.w - handoff.px(48)
    fitted = handoff._fitted(line, handoff.px(16), room)
    assert fitted != line and fitted.endswith("— the stack is 14 — Dmitri owes 14 — Macau!")


def test_after_continue_a_person_is_not_told_their_own_move_still_being_shown() -> None:
    # The window closed while Bart's penalty cards were still being drawn: the lines of
    # that move are his, read as he made it, so his next hand-off tells only what came
    # after it.
    from game.ui.resume import restore, snapshot

    game = Game.from_position(
        PRESETS["polish"],
        hands=["2H 9D KC 4S 7H", "4C 10C 10S JS QD", "5D 6D 7C 9S 10H"],
        pile="5S 8H",
        stock="3H 4D 10D JD QS 6C 7S 9C",
        current=0,
    )
    table = MatchTable(SETUP, game, settings=Settings(animation_speed="normal"), deal=False)
    screen = Screen(table)
    handoff_for(screen, 0, frames=3000)
    ready(screen)
    assert table.apply(parse_action("2H"))
    handoff_for(screen, 1, frames=3000)
    ready(screen)
    for _ in range(600):
        if table.director.idle and table.director.reveal:
            break
        screen.frame()
    assert table.apply(parse_action("draw"), 1)  # Bart takes the two penalty cards
    screen.frame()
    assert not table.director.idle  # still being drawn when the window closes
    data = snapshot(table)
    table.shutdown()

    again = restore(data, Settings(animation_speed="off"))
    screen = Screen(again)
    handoff_for(screen, 0, frames=3000)  # Cleo, the bot, has moved
    ready(screen)
    anna_moves = again.game.legal_actions(0)
    assert again.apply(anna_moves[0], 0)
    if again.game.current == 0:
        assert again.apply(again.game.legal_actions(0)[0], 0)
    bart = handoff_for(screen, 1, frames=3000)
    assert bart.recent and not any(line.startswith("Bart") for line in bart.recent), bart.recent


def test_after_continue_a_catch_still_being_shown_is_told() -> None:
    # Bart, a bot, catches Cleo's forgotten Macau while Anna's hand is shown, and the game
    # closes before the catch is: it is another seat's move, which Anna has not read.
    from game.ui.resume import restore, snapshot

    setup = TableSetup("polish", (SeatSpec("Anna"), SeatSpec("Bart", "medium"), SeatSpec("Cleo")))
    game = Game.from_position(
        PRESETS["polish"],
        hands=["8C 9D KC 4S 7H", "4C 10C 10S JS QD", "6H 9S"],
        pile="5S 8H",
        stock="3H 4D 10D JD QS 6C 7S 9C 2D 3D 4H 5H",
        current=2,
    )
    table = MatchTable(setup, game, settings=Settings(animation_speed="normal"), deal=False)
    screen = Screen(table)
    handoff_for(screen, 2)
    ready(screen)
    assert table.apply(parse_action("6H"), 2)  # and no Macau called, one card left
    handoff_for(screen, 0, frames=3000)
    ready(screen)  # Anna does not catch her; Bart does, as the bots do at once
    assert table.game.macau_catchable == 2
    assert table.apply(Stop(2), 1)
    assert table.game.hand_counts[2] > 1 and not table.director.idle  # not yet shown
    data = snapshot(table)
    table.shutdown()

    again = restore(data, Settings(animation_speed="off"))
    screen = Screen(again)
    anna = handoff_for(screen, 0, frames=3000)
    assert any(line.startswith("Bart caught Cleo") for line in anna.recent), anna.recent

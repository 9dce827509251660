"""Pass-and-play never shows a seat's cards to anyone else, frame by frame, over a whole game.

Every card picture the table blits goes through ``CardImages.blit_card``; the test records
the faces of each drawn frame and checks them against the engine: a face may be drawn
only if it is the revealed viewer's own card or a card that has been face up on the pile
(public knowledge). Once the round is over every hand may be shown.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pygame
import pytest

from game.engine import DRAW, PASS, PRESETS, Card, Game, Phase, Play, Rules, parse_action
from game.store.settings import Settings
from game.ui.choosers import ChoiceModal
from game.ui.handoff import HandoffScreen
from game.ui.matchtable import MatchTable
from game.ui.roundend import RoundEndOverlay
from game.ui.setup import SeatSpec, TableSetup
from game.ui.sprites import BACK, CardImages
from tests.ui.menukit import Screen

FAST = Settings(animation_speed="fast", bot_pace="fast", hand_sort="suit")


def _seated(
    seats: tuple[SeatSpec, ...], settings: Settings, rules: Rules | None = None, **position: Any
) -> MatchTable:
    """A polish table (or one on ``rules``) of ``seats`` at a position given in notation."""
    rules = rules or PRESETS["polish"]
    game = Game.from_position(rules, **position)
    setup = TableSetup(
        "polish", seats, rules_text=None if rules == PRESETS["polish"] else rules.to_text()
    )
    return MatchTable(setup, game, settings=settings, seed=5, deal=False)


def _faces(codes: list[str]) -> set[Card]:
    out = set()
    for code in codes:
        code = code.lstrip("~^")
        if code != BACK:
            out.add(Card.parse(code))
    return out


def _recorded_faces(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """A list that each card picture the table blits is appended to (clear it per frame)."""
    drawn: list[str] = []
    original = CardImages.blit_card

    def recording(self: CardImages, surface: pygame.Surface, code: str, *a: object, **k: object):  # type: ignore[no-untyped-def]
        drawn.append(code)
        return original(self, surface, code, *a, **k)  # type: ignore[arg-type]

    monkeypatch.setattr(CardImages, "blit_card", recording)
    return drawn


def _human_move(screen: Screen, table: MatchTable, rng: random.Random) -> None:
    """One step of a person's turn, always through the keyboard or the mouse."""
    g = table.game
    legal = g.legal_actions(table.viewer)
    singles = [a for a in legal if isinstance(a, Play) and len(a.cards) == 1]
    if singles and rng.random() < 0.85:
        card = rng.choice(singles).cards[0]
        screen.send(pygame.MOUSEBUTTONUP, pos=(5, 5), button=3)  # a right click clears a pick
        hand = table.hand
        target = next(i for i, hc in enumerate(hand.cards) if hc.card == card)
        while hand.cursor != target:
            screen.key(pygame.K_RIGHT)
        screen.key(pygame.K_RETURN)  # Enter lays the card under the cursor
    elif DRAW in legal:
        screen.key(pygame.K_d, "d")
    elif PASS in legal:
        screen.key(pygame.K_SPACE, " ")
    else:
        screen.key(pygame.K_RETURN)


def test_two_people_and_a_bot_play_a_whole_round_without_a_peek(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn = _recorded_faces(monkeypatch)
    seats = (SeatSpec("Anna"), SeatSpec("Ben"), SeatSpec("Cleo", "random"))
    setup = TableSetup("quick", seats)
    table = MatchTable(setup, setup.new_game(seed=5), settings=FAST, seed=5)
    screen = Screen(table, (960, 600))
    rng = random.Random(2)
    public: set[Card] = set()
    handoffs = faces_checked = 0
    for _ in range(40000):
        g = table.game
        public.update(g.pile)
        top = screen.top
        if isinstance(top, RoundEndOverlay):
            break
        if isinstance(top, HandoffScreen):
            handoffs += 1
            assert not table.director.reveal, "a hand was face up behind the hand-off"
            screen.key(pygame.K_RETURN)
            assert table.director.reveal and table.viewer == top.seat
        elif isinstance(top, ChoiceModal):
            screen.key(pygame.K_RETURN)
        elif table.my_turn:
            _human_move(screen, table, rng)
        drawn.clear()
        screen.frame()
        if g.over:
            continue
        d = table.director
        allowed = set(g.hand(table.viewer)) if d.reveal else set()
        hidden = {c for s in range(g.seats) for c in g.hand(s)} - allowed - public
        leaked = _faces(drawn) & hidden
        assert not leaked, f"frame shows {leaked} of another seat (viewer {table.viewer})"
        faces_checked += len(drawn)
        if d.reveal and d.idle:
            # the state agrees: only the viewer's own hand sits at the bottom
            assert sorted(h.card.code for h in table.hand.cards) == sorted(
                c.code for c in g.hand(table.viewer)
            )
    else:
        raise AssertionError("the round did not finish")
    assert table.game.over and handoffs >= 4 and faces_checked > 500
    board = screen.top
    assert isinstance(board, RoundEndOverlay)
    assert board.hands == [[c.code for c in table.game.hand(s)] for s in range(3)]


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
def test_a_long_name_stays_inside_the_hand_off_panel(size: tuple[int, int]) -> None:
    from game.ui import theme

    name = "W" * 16  # the longest name a seat takes, in the widest letter
    seats = (SeatSpec(name), SeatSpec("Ben"), SeatSpec("Cleo", "medium"))
    setup = TableSetup("classic", seats)
    table = MatchTable(setup, setup.new_game(seed=3), settings=Settings(), seed=3)
    screen = Screen(table, size)
    handoff = HandoffScreen(table, 0)
    screen.stack.push(handoff)
    screen.frame(5)
    panel = handoff.panel
    assert panel.contains(handoff.ready_button.rect)
    # no title letter (accent yellow) left or right of the panel
    accent = pygame.Color(*theme.ACCENT[:3])
    for y in range(panel.y + handoff.px(170), panel.y + handoff.px(215)):
        for x in (*range(0, panel.x - 1, 3), *range(panel.right + 1, size[0], 3)):
            assert screen.surface.get_at((x, y))[:3] != accent[:3], (x, y)


@pytest.mark.parametrize(
    ("penalty", "said"),
    [
        (5, "Caught: Anna forgot to call Macau and draws 5"),
        (0, "Caught: Anna forgot to call Macau (no penalty)"),
    ],
)
def test_a_catch_made_on_the_hand_off_screen_is_said_there(penalty: int, said: str) -> None:
    table = _seated(
        (SeatSpec("Anna"), SeatSpec("Ben")),
        FAST,
        dataclasses.replace(PRESETS["polish"], macau_penalty=penalty),
        hands=["7H 9H", "8C 9S 10D"],
        pile="5H",
        stock="2D 3D 4S 6C 6S 7S",
    )
    screen = Screen(table, (960, 600))
    for _ in range(50):
        if isinstance(screen.top, HandoffScreen):
            break
        screen.frame()
    screen.key(pygame.K_RETURN)  # Anna's hand
    table.apply(parse_action("7H"), 0)  # one card left, no Macau called
    for _ in range(200):
        screen.frame()
        if isinstance(screen.top, HandoffScreen):
            break
    handoff = screen.top
    assert isinstance(handoff, HandoffScreen) and handoff.seat == 1
    screen.key(pygame.K_s, "s")  # Ben catches Anna before looking at his cards
    assert handoff.caught == said
    assert table.game.hand_counts[0] == 1 + penalty
    screen.frame()


def test_the_penalty_of_a_catch_never_lands_face_up_in_the_next_hand() -> None:
    # Ben catches Anna on his hand-off, then takes the screen while her five penalty cards
    # are still flying towards the hand shown before his.
    table = _seated(
        (SeatSpec("Anna"), SeatSpec("Ben")),
        Settings(animation_speed="normal", bot_pace="normal"),
        hands=["7H 9H", "8C 9S 10D"],
        pile="5H",
        stock="2D 3D 4S 6C 6S 7S 8S 9D",
    )
    screen = Screen(table, (1280, 800))
    _handoff_for(screen, 0)
    screen.key(pygame.K_RETURN)
    table.apply(parse_action("7H"), 0)  # one card left, no Macau called
    handoff = _handoff_for(screen, 1)
    screen.key(pygame.K_s, "s")
    screen.frame(30)
    assert table.director.flights  # her cards are still in the air
    screen.key(pygame.K_RETURN)
    drawn: list[str] = []
    blit = CardImages.blit_card

    def record(self: CardImages, surface: pygame.Surface, code: str, *a: Any, **k: Any) -> Any:
        drawn.append(code)
        return blit(self, surface, code, *a, **k)

    anna = set(table.game.hand(0)) - {parse_action("9H").cards[0]}
    CardImages.blit_card = record  # type: ignore[method-assign]
    try:
        for _ in range(120):
            screen.frame()
            assert not _faces(drawn) & anna, "Anna's penalty cards were drawn on Ben's screen"
            drawn.clear()
    finally:
        CardImages.blit_card = blit  # type: ignore[method-assign]
    assert screen.top is table and handoff.stack is None
    assert sorted(hc.card.code for hc in table.hand.cards) == ["10D", "8C", "9S"]
    assert table.director.model.counts[:2] == [6, 3]


def _handoff_for(screen: Screen, seat: int | None = None) -> HandoffScreen:
    for _ in range(400):
        top = screen.top
        if isinstance(top, HandoffScreen) and (seat is None or top.seat == seat):
            return top
        screen.frame()
    raise AssertionError("no hand-off screen came up")


def test_the_release_of_the_click_that_drew_does_not_show_the_next_hand() -> None:
    # Nothing of Anna's fits, nor does the card she draws: the draw on the press ends her turn.
    table = _seated(
        (SeatSpec("Anna"), SeatSpec("Ben")),
        Settings(animation_speed="off"),
        hands=["7C 9S", "8C 9D 10D"],
        pile="5H",
        stock="3C 3D 4S 6C 6S 7S",
    )
    screen = Screen(table, (1280, 800))
    _handoff_for(screen, 0)
    screen.key(pygame.K_RETURN)
    screen.frame(5)
    pos = table.layout.stock.center
    screen.send(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    handoff = _handoff_for(screen, 1)
    screen.send(pygame.MOUSEBUTTONUP, pos=pos, button=1)  # the same click, let go
    screen.frame(3)
    assert screen.top is handoff and not table.director.reveal
    # Ben's own click, pressed and released on this screen (anywhere: "click when ready"),
    # shows his cards.
    corner = (handoff.panel.x // 2, handoff.panel.y // 2)
    screen.send(pygame.MOUSEBUTTONDOWN, pos=corner, button=1)
    screen.send(pygame.MOUSEBUTTONUP, pos=corner, button=1)
    screen.frame(3)
    assert table.director.reveal and table.viewer == 1


def test_a_catch_from_the_hand_off_is_made_by_the_person_it_is_handed_to() -> None:
    table = _seated(
        (SeatSpec("Anna"), SeatSpec("Ben"), SeatSpec("Cleo")),
        FAST,
        hands=["8C 9S 10D", "7H 9H", "JC QC KD"],
        pile="5H",
        stock="2D 3D 4S 6C 6S 7S 8S 9D",
        current=1,
    )
    screen = Screen(table, (1280, 800))
    _handoff_for(screen, 1)
    screen.key(pygame.K_RETURN)
    table.apply(parse_action("7H"), 1)  # Ben: one card left, no call
    handoff = _handoff_for(screen, 2)
    screen.key(pygame.K_s, "s")
    assert handoff.caught == "Caught: Ben forgot to call Macau and draws 5"
    assert table.director.log[-1].startswith("Cleo caught Ben")


@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (1920, 1080)])
def test_the_stop_button_and_a_long_name_fit_the_hand_off_panel(size: tuple[int, int]) -> None:
    table = _seated(
        (SeatSpec("Anna"), SeatSpec("Bartholomew")),
        FAST,
        hands=["7H 9H", "8C 9S 10D"],
        pile="5H",
        stock="2D 3D 4S 6C 6S 7S",
    )
    screen = Screen(table, size)
    _handoff_for(screen, 0)
    screen.key(pygame.K_RETURN)
    table.apply(parse_action("7H"), 0)  # one card left, no call: Bartholomew may catch
    handoff = _handoff_for(screen, 1)
    assert handoff.stop_button.visible  # from its very first frame
    screen.frame()
    for button in (handoff.ready_button, handoff.stop_button):
        assert handoff.panel.contains(button.rect), button.label
    assert not handoff.ready_button.rect.colliderect(handoff.stop_button.rect)


def test_a_hand_off_with_nothing_to_catch_never_shows_the_stop_button() -> None:
    seats = (SeatSpec("Anna"), SeatSpec("Ben"))
    setup = TableSetup("polish", seats)
    table = MatchTable(setup, setup.new_game(seed=3), settings=FAST, seed=3)
    handoff = HandoffScreen(table, 0)
    assert not handoff.stop_button.visible


def test_bots_hold_back_a_catch_while_the_screen_is_handed_over() -> None:
    table = _seated(
        (SeatSpec("Anna"), SeatSpec("Ben"), SeatSpec("Cleo", "hard")),
        Settings(),
        hands=["7H 9H", "8C 9S 10D", "JC QC KD"],
        pile="5H",
        stock="2D 3D 4S 6C 6S 7S 8S 9D",
    )
    screen = Screen(table, (1280, 800))
    _handoff_for(screen, 0)
    screen.key(pygame.K_RETURN)
    table.apply(parse_action("7H"), 0)  # Anna: one card left, no call
    handoff = _handoff_for(screen, 1)
    table.bots[2].wants_to_catch = lambda _view, _target: True  # type: ignore[method-assign]
    screen.frame(240)  # Ben takes four seconds to take the laptop
    assert table.game.hand_counts[0] == 1 and handoff.stop_button.visible
    screen.key(pygame.K_RETURN)  # Ben looks: the catch may come, where he can see it
    assert table.game.macau_catchable == 0
    for _ in range(240):
        screen.frame()
        if table.game.hand_counts[0] > 1:
            break
    screen.frame(30)
    assert table.game.hand_counts[0] == 6
    assert any("Cleo caught Anna" in line for line in table.director.log)


@pytest.mark.parametrize("speed", ["normal", "fast"])
def test_a_card_held_under_the_pointer_is_put_away_with_the_hand(
    monkeypatch: pytest.MonkeyPatch, speed: str
) -> None:
    # Anna draws a card that does not fit, and while it flies in she starts dragging one of
    # hers along the hand, the button held. Her hand was turned face down when her turn
    # ended, but the card under the pointer stayed face up over the table while Ben played,
    # until Cleo's hand-off (about 1.9 s at normal speed).
    from tests.ui.menukit import handoff_for

    drawn = _recorded_faces(monkeypatch)
    seats = (SeatSpec("Anna"), SeatSpec("Ben", "medium"), SeatSpec("Cleo"))
    settings = Settings(animation_speed=speed, bot_pace=speed)
    hands = ["7C 9S KD", "8C 9D 10D", "4H 5C JD"]
    table = _seated(seats, settings, hands=hands, pile="5H", stock="3C 3D 4S 6C 6S 7S 8S")
    screen = Screen(table)
    handoff_for(screen, 0)
    screen.key(pygame.K_RETURN)
    screen.frame(3)
    screen.click(table.layout.stock.center)  # 3♣ does not fit on 5♥: her turn ends
    screen.frame(3)
    held = table.hand.cards[1]
    x, y = table.hand.centre(held, table.layout)
    start = (round(x - 20), round(y))
    screen.send(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    for i in range(1, 4):
        pos = (start[0] + 25 * i, start[1] - 30 * i)
        screen.send(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
    assert table.flow.drag is not None and table.flow.drag.moving
    hers = {Card.parse(c) for c in ["7C", "9S", "KD", "3C"]}
    hidden_frames = 0
    for _ in range(600):
        drawn.clear()
        screen.frame()
        if isinstance(screen.top, HandoffScreen):
            break
        if not table.director.reveal:
            hidden_frames += 1
            assert not _faces(drawn) & hers, f"{_faces(drawn) & hers} shown while Ben plays"
    else:
        raise AssertionError("no hand-off came")
    assert screen.top.seat == 2 and hidden_frames > 10


def test_a_cursor_one_person_put_away_does_not_turn_up_in_the_next_hand() -> None:
    # Anna plays with the keys: a hint that says draw puts her cursor away, Enter draws. Ben
    # plays with the mouse: the card he draws fits, and Anna's put-away cursor came back on
    # it (Enter would have laid it).
    from tests.ui.menukit import handoff_for

    seats = (SeatSpec("Anna"), SeatSpec("Ben"))
    hands = ["5C 9C 6D 8S KC", "8C 9S 10D 6C 3D"]
    off = Settings(animation_speed="off", hand_sort="none")
    table = _seated(seats, off, hands=hands, pile="4H", stock="7S 4D 2S 6S")
    screen = Screen(table)

    def shown(seat: int) -> None:
        handoff_for(screen, seat)
        screen.frame(90)
        screen.key(pygame.K_RETURN)
        screen.frame(2)

    shown(0)
    screen.key(pygame.K_RIGHT)
    screen.key(pygame.K_h)
    screen.frame(2)
    assert table.hand.cursor is None and table.hand.parked_uid is not None  # put away
    screen.key(pygame.K_RETURN)  # draws 7♠, which does not fit on 4♥
    screen.frame(5)
    shown(1)
    screen.click(table.layout.stock.center)  # 4♦ fits
    screen.frame(5)
    assert table.game.phase == Phase.DRAWN and table.hand.cursor is None

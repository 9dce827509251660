"""Helpers for driving a table scene with real pygame events, headless, animation off."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.engine import PRESETS, Card, Game, parse_action
from game.store.settings import Settings
from game.ui.scene import SceneStack
from game.ui.start import table_for
from game.ui.table import TableScene
from tests.ui.menukit import wait_for_bots

OFF = Settings(animation_speed="off", hand_sort="none")


class Harness:
    """A scene stack with one table on it, a screen, and ways to click, drag and type."""

    def __init__(
        self,
        game: Game,
        size: tuple[int, int] = (1280, 800),
        levels: Sequence[str] = ("random",),
        autoplay: bool = False,
        bots: bool = False,
    ) -> None:
        pygame.display.init()
        pygame.font.init()
        self.screen = pygame.display.set_mode(size)
        self.stack = SceneStack(None, size)
        self.table: TableScene = table_for(game, levels, settings=OFF, autoplay=autoplay)
        if not bots:
            self.table.bots.clear()  # the other seats wait, so a test sees exactly its own move
        self.stack.push(self.table)
        self.tick()

    @property
    def game(self) -> Game:
        return self.table.game

    def tick(self, frames: int = 1) -> None:
        for _ in range(frames):
            wait_for_bots(self.stack.scenes)
            self.stack.update(1 / 60)
            self.stack.draw(self.screen)

    def send(self, event_type: int, **attrs: object) -> None:
        self.stack.handle_event(pygame.event.Event(event_type, **attrs))
        self.tick()

    def key(self, key: int, unicode: str = "") -> None:
        self.send(pygame.KEYDOWN, key=key, mod=0, unicode=unicode, scancode=0)

    def click(self, pos: tuple[float, float]) -> None:
        p = (round(pos[0]), round(pos[1]))
        self.send(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0))
        self.send(pygame.MOUSEBUTTONDOWN, pos=p, button=1)
        self.send(pygame.MOUSEBUTTONUP, pos=p, button=1)

    def drag(self, start: tuple[float, float], end: tuple[float, float], steps: int = 6) -> None:
        s = (round(start[0]), round(start[1]))
        self.send(pygame.MOUSEMOTION, pos=s, rel=(0, 0), buttons=(0, 0, 0))
        self.send(pygame.MOUSEBUTTONDOWN, pos=s, button=1)
        for i in range(1, steps + 1):
            p = (
                round(s[0] + (end[0] - s[0]) * i / steps),
                round(s[1] + (end[1] - s[1]) * i / steps),
            )
            self.send(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
        self.send(pygame.MOUSEBUTTONUP, pos=(round(end[0]), round(end[1])), button=1)

    def pick_and_play(self, codes: str) -> None:
        """Click the cards ``codes`` in that order (one at a time, past the double-click
        window), then the Play button."""
        self.table.hand.selection.clear()
        for code in codes.split():
            self.click(self.card_pos(code))
            self.tick(30)
        self.click(self.table.play_button.rect.center)
        self.tick(3)

    def pick_with_keys(self, codes: str) -> None:
        """Pick the cards ``codes`` in that order with the keyboard: the arrows to each card,
        Up to pick it (of two copies, the first not picked yet; a picked one is put back)."""
        hand = self.table.hand
        for code in codes.split():
            at = next(
                (
                    i
                    for i, hc in enumerate(hand.cards)
                    if hc.card.code == code and hc.uid not in hand.selection
                ),
                self.hand_codes().index(code),
            )
            if hand.cursor is None:
                self.key(pygame.K_RIGHT)
            while hand.cursor != at:
                self.key(pygame.K_RIGHT)
            self.key(pygame.K_UP)

    def card_pos(self, code: str) -> tuple[float, float]:
        """Where to grab ``code`` in your hand (its visible left strip, clear of overlaps)."""
        hand = self.table.hand
        card = Card.parse(code)
        hc = next(c for c in hand.cards if c.card == card)
        x, y = hand.centre(hc, self.table.layout)
        w = self.table.layout.card[0]
        return (x - w * 0.35, y)

    def drag_to_pile(self, code: str) -> None:
        self.drag(self.card_pos(code), self.table.layout.pile.center)

    def hand_codes(self) -> list[str]:
        return [hc.card.code for hc in self.table.hand.cards]

    def run_until(self, done: object, limit: int = 5000, draw_every: int = 1) -> int:
        for frame in range(limit):
            if callable(done) and done():
                return frame
            wait_for_bots(self.stack.scenes)
            self.stack.update(1 / 60)
            if frame % draw_every == 0:
                self.stack.draw(self.screen)
        raise AssertionError("condition not reached")

    def settle(self) -> None:
        """Tick until the table is idle (bots have moved and nothing is in the air)."""
        self.run_until(lambda: self.table.director.idle and (self.table.thinking is None))


# Four seats of polish, every seat holding attack cards, fours and plain cards.
FOUR_HANDS = ["7S QC 2H 9C 3S", "2C 4D 9S KD 5D", "2D 3H 4C JC AS", "3D 4H 8C AC 6C"]
FOUR_STOCK = "9H KC 4S 8S JD 5C 6D"


def four_seats(
    pile: str, current: int, size: tuple[int, int], hands: list[str] = FOUR_HANDS
) -> Harness:
    """A four-seat polish table on ``pile`` with ``current`` to act (no bots)."""
    g = Game.from_position(
        PRESETS["polish"], hands=hands, pile=pile, stock=FOUR_STOCK, current=current
    )
    return Harness(g, size=size)


def play_moves(h: Harness, *moves: tuple[int, str]) -> None:
    """Apply each (seat, move) through the table, two frames apart."""
    for seat, move in moves:
        assert h.table.apply(parse_action(move), seat), move
        h.tick(2)


def normal_speed_table(
    game: Game, size: tuple[int, int] = (1280, 800)
) -> tuple[SceneStack, pygame.Surface, TableScene, list[str]]:
    """A table at the usual animation speed with its bots held, two frames in, and the
    names of the sounds it plays from then on."""
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(size)
    stack = SceneStack(None, size)
    table = table_for(game, ("medium",), settings=Settings(animation_speed="normal"))
    table.bots.clear()
    heard: list[str] = []

    class Ears:
        def play(self, name: str) -> None:
            heard.append(name)

    table._sound = Ears()  # type: ignore[assignment]
    stack.push(table)
    for _ in range(2):
        stack.update(1 / 60)
        stack.draw(screen)
    return stack, screen, table, heard

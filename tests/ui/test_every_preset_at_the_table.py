"""A person plays a whole round of every preset at the table, through the mouse and keys only.

Each of the person's moves is one of the engine's legal actions, picked at random, and made
the way a player makes it: click the cards in order (or move the cursor and press Enter),
press M first to call Macau, D to draw, Space to keep or wait, and answer every chooser
(a suit, a rank, a joker's card) from the keyboard. The round must reach its end board, and
every move the person made must be the one the engine recorded.
"""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from game.engine import DRAW, PASS, PRESETS, Action, Play, Stop
from game.store.settings import Settings
from game.ui.choosers import ChoiceModal
from game.ui.matchtable import MatchTable
from game.ui.roundend import RoundEndOverlay
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import Screen

OFF = Settings(animation_speed="off", bot_pace="fast", hand_sort="suit")


def _lay(screen: Screen, table: MatchTable, play: Play) -> None:
    """Click the play's cards in order (Enter lays them), calling Macau first if it calls."""
    if play.call and not table.macau_button.on:
        screen.key(pygame.K_m, "m")
        assert table.macau_button.on
    screen.send(pygame.MOUSEBUTTONUP, pos=(5, 5), button=3)  # a right click clears a pick
    taken: set[int] = set()
    for card in play.cards:
        hc = next(h for h in table.hand.cards if h.card == card and h.uid not in taken)
        taken.add(hc.uid)
        x, y = table.hand.centre(hc, table.layout)
        screen.click((x - table.layout.card[0] * 0.35, y))  # its visible left strip
    assert len(table.hand.selection) == len(play.cards)
    screen.key(pygame.K_RETURN)


def _answer(screen: Screen, modal: ChoiceModal[Any], wanted: Action | None) -> None:
    """Pick the chooser's option that leads to ``wanted`` if one says so, else the first."""
    captions = [o.caption for o in modal.options]
    target = 0
    if isinstance(wanted, Play) and wanted.choice is not None:
        for i, caption in enumerate(captions):
            if wanted.choice in caption or caption.lower().startswith(wanted.choice.lower()):
                target = i
                break
    for _ in range(target):
        screen.key(pygame.K_RIGHT)
    screen.key(pygame.K_RETURN)


@pytest.mark.parametrize("seed", [11, 12, 13, 14, 15])
@pytest.mark.parametrize("preset", list(PRESETS))
def test_a_person_plays_a_whole_round_of_every_preset_through_the_table(
    preset: str, seed: int
) -> None:
    rules = PRESETS[preset]
    seats = (SeatSpec("Ana"), *(SeatSpec(n, "medium") for n in ("Ben", "Cleo")))
    setup = TableSetup(preset, seats[: max(rules.min_seats, 3)])
    table = MatchTable(setup, setup.new_game(seed=seed), settings=OFF, seed=seed)
    screen = Screen(table, (1280, 800))
    applied: list[tuple[Action, int]] = []
    apply = table.apply

    def recording(action: Action, seat: int | None = None) -> bool:
        done = apply(action, seat)
        if done:
            applied.append((action, table.viewer if seat is None else seat))
        return done

    table.apply = recording  # type: ignore[method-assign]
    rng = random.Random(f"{preset} {seed}")
    moves = chooser_answers = 0
    wanted: Action | None = None
    for _ in range(30000):
        g = table.game
        top = screen.top
        if isinstance(top, RoundEndOverlay):
            break
        if isinstance(top, ChoiceModal):
            _answer(screen, top, wanted)
            chooser_answers += 1
            continue
        if not (table.my_turn and table.director.idle and not table.flow.busy):
            screen.frame()
            continue
        legal = [a for a in g.legal_actions(table.viewer) if not isinstance(a, Stop)]
        plays = [a for a in legal if isinstance(a, Play)]
        wanted = rng.choice(plays) if plays and rng.random() < 0.8 else rng.choice(legal)
        before = len(applied)
        if isinstance(wanted, Play):
            _lay(screen, table, wanted)
        elif wanted is DRAW:
            screen.key(pygame.K_d, "d")
        elif wanted is PASS:
            screen.key(pygame.K_SPACE, " ")
        while isinstance(screen.top, ChoiceModal):
            _answer(screen, screen.top, wanted)
            chooser_answers += 1
        screen.frame()
        mine = [a for a, seat in applied[before:] if seat == 0 and not isinstance(a, Stop)]
        assert mine, f"{wanted} was not played ({table.toast})"
        made = mine[0]
        if isinstance(wanted, Play):
            # the cards and the call as chosen; a chooser's answer may name another suffix
            assert isinstance(made, Play) and made.cards == wanted.cards, (made, wanted)
            assert made.call == wanted.call, (made, wanted)
        else:
            assert made == wanted
        moves += 1
    else:
        raise AssertionError(f"the {preset} round did not finish")
    assert table.game.over and moves >= 1

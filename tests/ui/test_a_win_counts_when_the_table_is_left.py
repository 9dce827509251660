"""In a places game (Polish, Hungarian) the first seat out has won, and the others only play
on for the places left. A person who has gone out and then leaves the table, or whose saved
round is replaced by a new game, keeps that win: the bots play the round out at once and it
is recorded as finished. A round in which a person is still in is left unfinished, as ever."""

from __future__ import annotations

import argparse
import os
import signal
import threading
import time

import pygame
import pytest

from game.engine import PRESETS, Game, parse_action
from game.store.db import Store
from game.store.saves import has_saved_game, save_game
from game.store.settings import Settings
from game.ui import launch
from game.ui.botplayer import HURRIED_BUDGET
from game.ui.matchtable import LEAVING_WORDS, MatchTable
from game.ui.menu import MainMenu
from game.ui.resume import only_between_rounds, read_saved_game, restore
from game.ui.roundend import GamePause, RoundEndOverlay
from game.ui.setup import SeatSpec, TableSetup
from game.ui.tabledraw import status_line
from tests.ui.menukit import Screen

OFF = Settings(animation_speed="off", bot_pace="fast")
SEATS = (SeatSpec("Ola"), SeatSpec("Ada", "medium"), SeatSpec("Ben", "medium"))
POLISH = TableSetup("polish", SEATS)
# A points match whose rounds are played for every place, as custom rules may have it.
PLACES_MATCH = PRESETS["classic"].replace(end="places")
MATCH = TableSetup("custom", SEATS, rules_text=PLACES_MATCH.to_text())
HANDS = ["9C", "4S 5S 6S 7D 8D JS", "4H 5H 6H 7C 8C JH"]
STOCK = "10S 10H 10D 9S 9H 9D 8S 8H 5D 5C 6D KC KD QH"


def _ola_out(setup: TableSetup = POLISH, hands: list[str] = HANDS) -> tuple[Screen, MatchTable]:
    """The menu with a table over it where Ola (the one person) has just laid her last card,
    first: she has won, and Ada and Ben play on for second place."""
    rules = setup.rules()
    scores = [40, 80, 120] if rules.scoring == "points" else None
    game = Game.from_position(rules, hands, "6C", STOCK, 0, scores=scores)
    menu = MainMenu()
    screen = Screen(menu)
    table = MatchTable(setup, game, settings=OFF, seed=3, deal=False)
    screen.stack.push(table)
    screen.frame(2)
    assert table.apply(parse_action(hands[0]), 0)
    screen.frame()
    assert game.placings == [0] and not game.over
    return screen, table


def _quit_to_the_menu(screen: Screen, lines: list[str] | None = None) -> list[object]:
    """Esc, Quit to menu, then frames until the menu is back; the screens shown on the way
    (and into ``lines`` the table's line under it meanwhile)."""
    screen.key(pygame.K_ESCAPE)
    assert isinstance(screen.top, GamePause)
    screen.key(pygame.K_q, "q")
    shown = []
    for _ in range(5000):
        if isinstance(screen.top, MainMenu):
            return shown
        shown.append(screen.top)
        if lines is not None and isinstance(screen.top, MatchTable):
            lines.append(status_line(screen.top))
        screen.frame(draw=False)
    raise AssertionError("the table was not left")


def _ola_won_a_finished_round() -> None:
    with Store.open() as store:
        [entry] = store.history("Ola")
        stats = store.profile_stats("Ola")
        rated = [row.profile for row in store.leaderboard()]
    ola = next(s for s in entry.seats if s.profile == "Ola")
    assert not entry.abandoned
    assert (ola.place, ola.won) == (1, True) and ola.out_after_s is not None  # timed too
    assert sorted(s.place for s in entry.seats) == [1, 2, 3]  # the bots played for 2nd
    assert (stats.games, stats.wins, stats.abandoned) == (1, 1, 0)
    assert "Ola" in rated


def test_leaving_after_going_out_first_lets_the_bots_finish_and_keeps_the_win() -> None:
    screen, table = _ola_out()
    lines: list[str] = []
    shown = _quit_to_the_menu(screen, lines)
    assert table in shown  # the bots finished the round at the table, then the menu came
    # Said under the table as long as they play, however long that is.
    assert lines and set(lines[: len(lines) // 2]) == {LEAVING_WORDS}
    assert not any(isinstance(s, RoundEndOverlay) for s in shown)  # no board: leaving
    _ola_won_a_finished_round()
    # The table is kept on its round board: Continue deals the next round at it, with the
    # round Ola won on its scoreboard, and a new table replaces it without a question.
    saved = read_saved_game()
    assert only_between_rounds(saved)
    continued = restore(saved.data or {}, OFF)
    assert continued.game.round_no == 2 and not continued.game.over
    assert continued.rounds == table.rounds and len(continued.rounds) == 1


def test_leaving_a_match_once_out_records_the_round_and_continue_deals_the_next() -> None:
    screen, table = _ola_out(MATCH)
    _quit_to_the_menu(screen)
    with Store.open() as store:
        [entry] = store.history("Ola")
        [match] = store.matches()
    assert not entry.abandoned and entry.round_no == 1
    assert (match.status, match.rounds) == ("playing", 1)
    continued = restore(read_saved_game().data or {}, OFF)  # Continue
    assert continued.game.round_no == 2 and not continued.game.over
    assert continued.game.scores == table.game.scores  # the round's charges are in


def test_resuming_instead_keeps_the_table_and_shows_the_round_board() -> None:
    screen, table = _ola_out()
    screen.key(pygame.K_ESCAPE)
    screen.key(pygame.K_q, "q")  # the bots start finishing the round …
    screen.key(pygame.K_ESCAPE)
    screen.key(pygame.K_ESCAPE)  # … and Resume changes the player's mind
    for _ in range(5000):
        if isinstance(screen.top, RoundEndOverlay):
            break
        assert screen.top is table or isinstance(screen.top, GamePause)
        screen.frame(draw=False)
    assert table.game.over and isinstance(screen.top, RoundEndOverlay)


def test_a_saved_round_every_person_is_out_of_is_played_out_when_replaced() -> None:
    _ola_out()  # the round is saved with Ola out, and then left (the window closed)
    saved = read_saved_game()
    assert "play its round to the end" in launch.replacing_words(saved)
    data = saved.data or {}
    data.update(played_s=60.0, out_after={"0": 5.0})  # out after 5 s, saved a minute in
    save_game(data)
    launch.record_abandoned_save()  # New game or Quick game replaces the save
    _ola_won_a_finished_round()
    with Store.open() as store:
        [entry] = store.history("Ola")
        fastest = store.profile_stats("Ola").fastest_win
    timed = {s.place: s.out_after_s for s in entry.seats}
    assert entry.duration_s == pytest.approx(60, abs=1)
    assert timed == {1: 5.0, 2: pytest.approx(60, abs=1), 3: None}  # 3rd never went out
    assert fastest is not None and fastest.time_s == 5.0  # the win took 5 s


def test_a_new_table_starts_at_once_while_the_bots_play_the_saved_round_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Seconds of searching bots at a big table would freeze the click that starts the new
    # table: they play on a thread of their own, from the save as it was read.
    from game.ui.botplayer import BotPlayer

    _ola_out()
    started = threading.Event()
    go_on = threading.Event()
    choose = BotPlayer.choose

    def slow(self: BotPlayer, *args: object) -> object:
        started.set()
        assert go_on.wait(10)  # held until the new table is up
        return choose(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(BotPlayer, "choose", slow)
    menu = MainMenu()
    screen = Screen(menu)
    launch.start_match(screen.stack, menu, POLISH, seed=9)
    table = screen.top
    assert isinstance(table, MatchTable) and not table.game.placings  # a fresh deal, saved
    assert read_saved_game().data is not None and started.wait(10)
    go_on.set()
    launch.finish_recording()
    _ola_won_a_finished_round()


def test_a_sigterm_as_the_window_closes_waits_for_the_round_being_recorded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A logout right after the window closed: the round the bots play out has had its save
    # replaced, so ending there would lose it. The signal is noted and closing goes on.
    from game.ui import app as app_module

    seen: list[object] = []
    closed = launch.app_closed

    def recorded_later() -> None:
        time.sleep(0.2)
        seen.append("recorded")

    def closing(app: app_module.App) -> None:
        closed(app)
        worker = threading.Thread(target=recorded_later)
        worker.start()
        launch._recording.append(worker)
        handler = signal.getsignal(signal.SIGTERM)
        seen.append(callable(handler))
        if callable(handler):  # never sent to a process the signal would end
            os.kill(os.getpid(), signal.SIGTERM)

    monkeypatch.setattr(launch, "app_closed", closing)
    monkeypatch.setattr(app_module.pygame, "quit", lambda: None)  # (the other tests' fonts)
    before = signal.getsignal(signal.SIGTERM)
    args = argparse.Namespace(smoke=False, frames=3, preset=None, seats=None, bots=None, seed=None)
    assert app_module.run(args) == 0
    assert seen == [True, "recorded"]
    assert signal.getsignal(signal.SIGTERM) == before  # given back once recorded


def test_a_saved_round_the_bots_cannot_finish_is_not_recorded_as_blocked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Stopped after the bots' moves ran out (three here), as the table stops it: scored as a
    # blocked round, but not one, so not recorded as one.
    from game.ui import table as table_module

    real = table_module.bots_finish_round
    monkeypatch.setattr(launch, "bots_finish_round", lambda g, bots: real(g, bots, limit=3))
    _ola_out()
    launch.record_abandoned_save()
    with Store.open() as store:
        [entry] = store.history("Ola")
    assert not entry.abandoned and not entry.blocked
    assert {s.place for s in entry.seats if s.profile == "Ola"} == {1}


HARD = TableSetup("polish", (SeatSpec("Ola"), SeatSpec("Ada", "hard"), SeatSpec("Ben", "hard")))


def _hard_budgets(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The list the time budget of each hard bot's decision goes into from now on."""
    from game.bots.hard import HardBot

    budgets: list[float] = []
    choose = HardBot.choose

    def noting(self: HardBot, *args: object, **kw: object) -> object:
        budgets.append(self.time_budget)
        return choose(self, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(HardBot, "choose", noting)
    return budgets


def test_hard_bots_playing_out_a_replaced_save_think_briefly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The play-out runs before the new table can start: a searching bot keeps it short."""
    budgets = _hard_budgets(monkeypatch)
    screen, _table = _ola_out(HARD)
    screen.stack.clear()  # the window closed: the round is saved with Ola out
    budgets.clear()
    launch.record_abandoned_save()
    _ola_won_a_finished_round()
    assert budgets and max(budgets) <= HURRIED_BUDGET


@pytest.mark.parametrize("how", ["finish", "quit"])
def test_hard_bots_finishing_the_round_at_the_table_think_briefly(
    monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    """Finish the round (F), and leaving once every person is out, play the rest at once: a
    searching bot's full budget a move would keep the player watching for half a minute."""
    budgets = _hard_budgets(monkeypatch)
    screen, table = _ola_out(HARD)
    budgets.clear()
    if how == "finish":
        screen.key(pygame.K_f, "f")
    else:
        table.leave()
    screen.frame()
    said = "The bots finish the round…" if how == "finish" else LEAVING_WORDS
    assert table.game.over or status_line(table) == said
    for _ in range(5000):
        if table.round_result is not None:  # the table has seen the round end
            break
        screen.frame()
    assert table.round_result is not None
    assert budgets and max(budgets) <= HURRIED_BUDGET
    # Their usual budget is back for the next round.
    assert {bot.bot.time_budget for bot in table.bots.values()} == {0.3}  # type: ignore[attr-defined]


def test_a_saved_match_round_every_person_is_out_of_counts_and_the_match_is_given_up() -> None:
    _ola_out(MATCH)
    assert "given up" in launch.replacing_words(read_saved_game())
    launch.record_abandoned_save()
    with Store.open() as store:
        [entry] = store.history("Ola")
        [match] = store.matches()
    assert not entry.abandoned and entry.match_id == match.match_id
    assert (match.status, match.rounds) == ("abandoned", 1)
    ola = next(s for s in entry.seats if s.profile == "Ola")
    assert (ola.place, ola.points) == (1, 0)
    assert sum(s.total for s in match.seats) > 40 + 80 + 120  # the bots' charges are in


def test_closing_the_window_once_out_keeps_the_round_for_continue_and_records_it_once() -> None:
    screen, _table = _ola_out()
    screen.stack.clear()  # the window closed: every scene shuts down, as the app quits
    assert has_saved_game()
    with Store.open() as store:
        assert store.history() == []
    continued = restore(read_saved_game().data or {}, OFF)  # Continue, next time
    again = Screen(continued)
    again.key(pygame.K_f)  # Finish the round
    for _ in range(5000):
        if continued.recorded:
            break
        again.frame(draw=False)
    assert continued.game.over
    launch.record_abandoned_save()  # a new game later: nothing is left to record
    _ola_won_a_finished_round()


def test_a_round_closed_while_being_finished_is_finished_at_once_after_continue() -> None:
    screen, table = _ola_out()
    screen.key(pygame.K_f, "f")  # Finish the round, then the window closes at once
    assert table.hurrying and not table.game.over
    screen.stack.clear()
    continued = restore(read_saved_game().data or {}, OFF)  # Continue, next time
    assert continued.hurrying and continued.animator.speed == "off"
    assert status_line(continued) == "The bots finish the round…"
    again = Screen(continued)
    frames = 0
    while not continued.recorded and frames < 5000:
        again.frame(draw=False)
        frames += 1
    # At once: the pace of a hurried round, not a move a second.
    assert continued.game.over and frames < 300, frames
    _ola_won_a_finished_round()


def test_a_round_a_person_is_still_in_is_left_unfinished() -> None:
    two_people = TableSetup("polish", (SeatSpec("Ola"), SeatSpec("Piotr"), SEATS[2]))
    screen, table = _ola_out(two_people)
    table.leave()  # Piotr still holds cards: his round is his to play
    assert isinstance(screen.top, MainMenu)
    assert "left unfinished" in launch.replacing_words(read_saved_game())
    launch.record_abandoned_save()
    with Store.open() as store:
        [entry] = store.history("Ola")
    assert entry.abandoned


def test_a_round_left_unfinished_keeps_when_the_seats_already_out_went_out() -> None:
    two_people = TableSetup("polish", (SeatSpec("Ola"), SeatSpec("Piotr"), SEATS[2]))
    _ola_out(two_people)  # saved with Ola out, Piotr still in; the window closed
    saved = read_saved_game()
    data = saved.data or {}
    data.update(played_s=60.0, out_after={"0": 5.0})  # Ola went out after 5 s
    save_game(data)
    launch.record_abandoned_save()
    with Store.open() as store:
        [entry] = store.history("Ola")
    assert entry.abandoned
    assert {s.profile: s.out_after_s for s in entry.seats}["Ola"] == 5.0

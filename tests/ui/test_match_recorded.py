"""A points match leaves a record of its result the moment the engine says it is over, so
leaving before the result screen loses nothing; a match given up for a new table is
recorded as given up with its totals so far, and the question asked first says so."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.engine import PRESETS, Game
from game.store.db import Store
from game.store.saves import has_saved_game, save_game
from game.store.settings import Settings
from game.ui import launch
from game.ui.confirm import ConfirmDialog
from game.ui.history_scene import match_result_words
from game.ui.matchtable import MatchTable
from game.ui.menu import MainMenu
from game.ui.records import stat_tiles
from game.ui.resume import snapshot
from game.ui.roundend import RoundEndOverlay
from game.ui.scoreboard import MatchEndScreen
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import Screen

SETUP = TableSetup(
    "tel_aviv", (SeatSpec("You"), SeatSpec("Ada", "medium"), SeatSpec("Ben", "medium"))
)


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MACAU_HOME", str(tmp_path))
    Settings(animation_speed="normal", bot_pace="fast", last_setup=SETUP.to_dict()).save()
    launch._fallback.clear()
    return tmp_path


def _table_on_menu(scores: list[int] | None) -> tuple[Screen, MainMenu, MatchTable]:
    """The menu with a Tel Aviv match over it, where you are about to lay your last card:
    Ada is left with 8♦ K♥ (155 points) and Ben with 3♠ 4♠ (35)."""
    game = Game.from_position(
        PRESETS["tel_aviv"], ["9C", "8D KH", "3S 4S"], "6C", "7H 7D 7S", 0, scores=scores
    )
    menu = MainMenu()
    screen = Screen(menu)
    table = MatchTable(SETUP, game, settings=launch.settings_of(menu), deal=False)
    screen.stack.push(table)
    screen.frame(30)
    return screen, menu, table


def _lay_the_last_card(screen: Screen, table: MatchTable) -> None:
    hc = next(c for c in table.hand.cards if c.card.code == "9C")
    x, y = table.hand.centre(hc, table.layout)
    for _ in range(2):  # a double-click lays one card
        screen.send(pygame.MOUSEBUTTONDOWN, pos=(round(x), round(y)), button=1)
        screen.send(pygame.MOUSEBUTTONUP, pos=(round(x), round(y)), button=1)
    assert table.game.over


def test_closing_the_window_right_after_the_final_card_keeps_the_match_result() -> None:
    screen, _, table = _table_on_menu([100, 300, 490])
    _lay_the_last_card(screen, table)
    assert table.game.match_over and not isinstance(screen.top, MatchEndScreen)
    screen.stack.clear()  # the window is closed before the round board opens

    assert not has_saved_game()  # nothing is left to continue …
    with Store.open() as store:  # … and nothing is lost
        [match] = store.matches()
        assert (match.status, match.rounds, match.target) == ("finished", 1, 500)
        assert [(s.profile, s.total, s.won) for s in match.seats] == [
            ("You", 100, True),
            ("Bot · medium", 455, False),
            ("Bot · medium", 525, False),
        ]
        assert [s.seat_name for s in match.seats[1:]] == ["Ada", "Ben"]
        [final] = store.history("You")
        assert final.match_id == match.match_id and not final.abandoned
        you = store.profile_stats("You")
    assert (you.matches, you.matches_won) == (1, 1)


def test_the_match_result_screen_and_a_new_match_record_it_once() -> None:
    screen, _, table = _table_on_menu([100, 300, 490])
    first_key = table.match_key
    _lay_the_last_card(screen, table)
    for _ in range(600):
        if isinstance(screen.top, RoundEndOverlay):
            break
        screen.frame(draw=False)
    screen.key(pygame.K_RETURN)  # Match result
    assert isinstance(screen.top, MatchEndScreen)
    screen.key(pygame.K_RETURN)  # New match
    assert screen.top is table and table.match_key != first_key
    with Store.open() as store:
        assert [m.status for m in store.matches()] == ["finished"]


def _menu_from_the_round_board(screen: Screen, table: MatchTable) -> None:
    """The last card laid, then Menu on the round board: back on the menu between rounds."""
    _lay_the_last_card(screen, table)
    for _ in range(600):
        if isinstance(screen.top, RoundEndOverlay):
            break
        screen.frame(draw=False)
    screen.key(pygame.K_q, "q")


def _given_up_after_its_first_round() -> None:
    """The match of ``_table_on_menu(None)``, left after its first round, is recorded as
    given up with that round, finished, and its totals."""
    with Store.open() as store:
        [match] = store.matches()
        assert (match.status, match.rounds) == ("abandoned", 1)
        assert [s.total for s in match.seats] == [0, 155, 35]
        assert not any(s.won for s in match.seats)
        [round_one] = store.history("You")
        assert round_one.match_id == match.match_id and not round_one.abandoned
        you = store.profile_stats("You")
    assert (you.matches, you.matches_won, you.matches_abandoned) == (0, 0, 1)


def test_a_match_left_between_rounds_and_replaced_is_recorded_as_given_up() -> None:
    screen, menu, table = _table_on_menu(None)
    _menu_from_the_round_board(screen, table)
    assert screen.top is menu and has_saved_game()  # the save sits between rounds

    menu.first_table = (SETUP, 5)  # a table named on the command line asks first
    screen.frame(2)
    dialog = screen.top
    assert isinstance(dialog, ConfirmDialog)
    assert "(totals: You 0, Ada 155, Ben 35)" in dialog.detail and "given up" in dialog.detail
    assert "rounds it finished stay in your history" in dialog.detail
    screen.click(dialog.yes_button.rect.center)
    assert isinstance(screen.top, MatchTable) and screen.top is not table
    _given_up_after_its_first_round()


def _given_up_with_its_round() -> None:
    """The match of ``_table_on_menu([40, 80, 120])``, left halfway through its first round,
    is recorded as given up, with that round as left unfinished."""
    with Store.open() as store:
        [match] = store.matches()
        assert (match.status, match.rounds) == ("abandoned", 0)
        assert [s.total for s in match.seats] == [40, 80, 120]
        [left] = store.history("You")
        assert left.abandoned and left.match_id == match.match_id


def test_a_match_left_halfway_through_a_round_is_given_up_with_its_round() -> None:
    screen, menu, _ = _table_on_menu([40, 80, 120])
    screen.key(pygame.K_ESCAPE)
    screen.key(pygame.K_q, "q")
    assert screen.top is menu and has_saved_game()
    screen.click(menu.quick_button.rect.center)  # Quick game replaces the saved match …
    dialog = screen.top
    assert isinstance(dialog, ConfirmDialog) and "given up" in dialog.detail
    screen.click(dialog.yes_button.rect.center)  # … once the player agrees

    _given_up_with_its_round()


def _another_copy_keeps_the_save(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables made from now on cannot be saved for Continue, as in a second copy of the
    game while the first one runs."""
    from game.ui import matchtable

    monkeypatch.setattr(matchtable, "owns_saved_game", lambda: False)


def test_a_match_left_halfway_in_a_copy_that_cannot_save_it_is_given_up_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Nothing can continue it, and no save is left to be replaced: it is recorded as it is
    # left, as its save would have been.
    _another_copy_keeps_the_save(monkeypatch)
    screen, menu, table = _table_on_menu([40, 80, 120])
    assert not table.saving
    screen.key(pygame.K_ESCAPE)
    screen.key(pygame.K_q, "q")
    assert screen.top is menu and not has_saved_game()
    _given_up_with_its_round()


def test_a_match_left_between_rounds_in_a_copy_that_cannot_save_it_is_given_up_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _another_copy_keeps_the_save(monkeypatch)
    screen, menu, table = _table_on_menu(None)
    _menu_from_the_round_board(screen, table)
    assert screen.top is menu and not has_saved_game()
    _given_up_after_its_first_round()


def test_a_match_saved_before_matches_were_recorded_is_given_up_when_replaced() -> None:
    _screen, _menu, table = _table_on_menu([40, 80, 120])
    data = snapshot(table)
    del data["match_key"], data["match_started_at"]  # as the older save had it
    save_game(data)
    launch.record_abandoned_save()  # what a new table does first

    _given_up_with_its_round()


def test_a_drawn_match_is_counted_drawn_not_won() -> None:
    # You go out on 135 and Ben is charged 35 onto 100: a tie at the lowest total, while
    # Ada's 155 take her past the target.
    screen, _, table = _table_on_menu([135, 400, 100])
    _lay_the_last_card(screen, table)
    assert table.game.match_over and table.game.winners == (0, 2)
    for _ in range(600):
        if isinstance(screen.top, RoundEndOverlay):
            break
        screen.frame(draw=False)
    screen.key(pygame.K_RETURN)  # Match result
    result = screen.top
    assert isinstance(result, MatchEndScreen)
    assert result.headline() == "Drawn match: you and Ben"  # as the round board says it
    screen.stack.clear()

    with Store.open() as store:
        you = store.profile_stats("You")
        assert (you.matches, you.matches_won, you.matches_drawn) == (1, 0, 1)
        # Two of the level's seats: Ben drew, Ada lost; the level drew the match.
        medium = store.profile_stats("Bot · medium")
        assert (medium.matches, medium.matches_won, medium.matches_drawn) == (1, 0, 1)
        tiles = {t.label: (t.value, t.note) for t in stat_tiles(you, None, 0)}
        assert tiles["Matches won"] == ("0 of 1", "1 drawn")
        [match] = store.matches()
        assert match_result_words(match, "You") == "Match drawn"
        # The round itself was won, and rated as any round: the match's draw changes neither.
        assert (you.games, you.wins) == (1, 1)
        assert [row.games for row in store.leaderboard() if row.profile == "You"] == [1]


def _save_behind_the_statistics(scores: list[int] | None, on_the_board: bool = False) -> None:
    """The save could not be written (its folder read-only or full) while the statistics
    could: they went on to record round 2 of the match, the save stayed in round 1 (or,
    ``on_the_board``, on round 1's board, recorded, before round 2 was dealt)."""
    from game.engine import Play
    from game.ui.matchtable import new_round_key
    from game.ui.records import SeatInfo, record_round

    screen, _menu, table = _table_on_menu(scores)
    stale = snapshot(table)  # round 1 in play
    _lay_the_last_card(screen, table)  # round 1 recorded as it ends
    if on_the_board:
        stale = snapshot(table)
    game = table.game.copy()
    if not game.match_over:
        game.next_round()
        while not game.over:  # round 2, as the table would have recorded it
            actions = game.legal_actions()
            game.apply(next((a for a in actions if isinstance(a, Play)), actions[0]))
        seats = [SeatInfo(s.name, not s.human, s.level or None) for s in SETUP.seats]
        with Store.open() as store:
            key = new_round_key()
            record_round(store, game, seats, 0.0, round_key=key, match_key=table.match_key)
    screen.stack.clear()
    save_game(stale)


@pytest.mark.parametrize("on_the_board", [False, True], ids=["in_round_1", "on_its_board"])
def test_a_save_left_behind_the_statistics_is_given_up_not_continued(on_the_board: bool) -> None:
    # Continuing it would deal the rounds recorded since again and count them twice. On
    # the board one round behind is too many: round 2 would be dealt and recorded anew.
    from game.store.paths import where
    from game.store.saves import SAVE_NAME

    _save_behind_the_statistics(None, on_the_board)
    with Store.open() as store:
        assert [m.rounds for m in store.matches()] == [2]
        rounds_before = len(store.history("You"))
    menu = MainMenu()
    screen = Screen(menu)
    screen.frame(2)
    assert menu.continue_button.visible
    menu.on_continue()
    assert screen.top is menu and not menu.continue_button.visible
    assert menu.problem is not None
    at = 2 if on_the_board else 1
    assert (
        f"the statistics hold 2 rounds of its match, while the save stops at round {at}"
        in menu.problem
    )
    assert "kept aside as" in menu.problem
    assert not has_saved_game()
    assert any(p.name != SAVE_NAME for p in where("state").iterdir())
    with Store.open() as store:
        [match] = store.matches()
        assert (match.status, match.rounds) == ("abandoned", 2)
        assert len(store.history("You")) == rounds_before  # nothing recorded twice


def test_a_save_one_round_behind_still_continues() -> None:
    # Stopped after its round was recorded and before the save that follows: Continue
    # replays the last move, and the round is recorded once.
    screen, _menu, table = _table_on_menu(None)
    stale = snapshot(table)
    _lay_the_last_card(screen, table)
    screen.stack.clear()
    save_game(stale)
    menu = MainMenu()
    screen = Screen(menu)
    screen.frame(2)
    menu.on_continue()
    assert isinstance(screen.top, MatchTable) and not menu.problem


def test_a_save_behind_a_match_the_statistics_hold_finished_says_its_result_stands(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import game.store.db as db

    _save_behind_the_statistics(None)
    # As if round 2 had ended the match: its result stands, it is not given up.
    monkeypatch.setattr(db, "recorded_match", lambda key: (2, "finished"))
    menu = MainMenu()
    screen = Screen(menu)
    screen.frame(2)
    menu.on_continue()
    assert screen.top is menu and menu.problem is not None
    assert "the statistics hold its match played to the end in 2 rounds" in menu.problem
    assert "The result stands" in menu.problem and "given up" not in menu.problem


def test_statistics_held_by_another_program_let_the_save_go_on() -> None:
    import sqlite3

    from game.store.db import default_path, recorded_match

    screen, _menu, table = _table_on_menu(None)
    key = table.match_key
    _lay_the_last_card(screen, table)
    screen.stack.clear()
    assert recorded_match(key) == (1, "playing")
    holder = sqlite3.connect(default_path(), isolation_level=None)
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        assert recorded_match(key) is None  # read at a glance, not waited for
    finally:
        holder.execute("ROLLBACK")
        holder.close()

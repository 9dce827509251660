"""A profile renamed or merged on the Profiles screen takes its seat in the game saved for
Continue with it, so the rest of a saved match and the match itself are recorded under the
new name, not under a profile of the old name made again; the saved game of another
running copy of the game is left alone."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.engine import DRAW, PASS, Play, Stop
from game.store.db import Store
from game.store.settings import Settings
from game.ui import launch, resume
from game.ui.choosers import ChoiceModal
from game.ui.handoff import HandoffScreen
from game.ui.matchtable import MatchTable
from game.ui.menu import MainMenu
from game.ui.profiles_scene import NameDialog
from game.ui.roundend import RoundEndOverlay
from game.ui.scoreboard import MatchEndScreen
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import Screen
from tests.ui.profileskit import merge, open_merge, open_profiles, rename

OFF = Settings(animation_speed="off", bot_pace="fast")
MATCH = TableSetup(
    "classic", (SeatSpec("Anna"), SeatSpec("Ben"), SeatSpec("Cleo", "medium")), target=100
)


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MACAU_HOME", str(tmp_path))
    Settings(animation_speed="off", bot_pace="fast", last_setup=MATCH.to_dict()).save()
    launch._fallback.clear()
    return tmp_path


def _save_path(home: Path) -> Path:
    return home / "state" / "current_game.json"


def _saved_names(home: Path) -> list[str]:
    setup = json.loads(_save_path(home).read_text())["game"]["setup"]
    return [seat["name"] for seat in setup["seats"]]


def _play(screen: Screen, table: MatchTable, until: Callable[[], bool]) -> None:
    """The people's moves at random (a seeded stream), the bot's its own, until ``until``."""
    rng = random.Random(2)
    for _ in range(100_000):
        if until():
            return
        if isinstance(screen.top, HandoffScreen | ChoiceModal):
            screen.key(pygame.K_RETURN)
            continue
        if table.my_turn and screen.top is table:
            legal = [a for a in table.legal() if not isinstance(a, Stop)]
            plays = [a for a in legal if isinstance(a, Play)]
            fallback = DRAW if DRAW in legal else PASS if PASS in legal else legal[0]
            table.apply(rng.choice(plays) if plays else fallback)
        screen.frame(draw=False)
    raise AssertionError("not reached")


def test_a_rename_between_two_rounds_of_a_saved_match_reaches_the_rest_of_the_match(
    _home: Path,
) -> None:
    menu = MainMenu()
    screen = Screen(menu)
    table = MatchTable(MATCH, MATCH.new_game(3), settings=OFF, seed=3)
    screen.stack.push(table)
    _play(screen, table, lambda: isinstance(screen.top, RoundEndOverlay))
    assert not table.game.match_over
    screen.key(pygame.K_RETURN)  # the next round
    _play(screen, table, lambda: isinstance(screen.top, HandoffScreen))
    assert table.game.round_no == 2
    screen.stack.remove(table)  # left for the menu: saved in round 2
    assert screen.top is menu and menu.continue_button.visible
    saved_at = json.loads(_save_path(_home).read_text())["saved_at"]

    profiles = open_profiles(screen, menu)
    rename(screen, profiles, "Anna", " K", clear=False)
    assert screen.top is profiles and "Renamed Anna to Anna K." in profiles.message
    assert _saved_names(_home) == ["Anna K", "Ben", "Cleo"]
    assert json.loads(_save_path(_home).read_text())["saved_at"] == saved_at  # left then
    screen.key(pygame.K_ESCAPE)
    screen.key(pygame.K_ESCAPE)
    assert screen.top is menu and "round 2" in menu.descriptions[menu.continue_button]

    screen.click(menu.continue_button.rect.center)
    table = screen.stack.find(MatchTable)  # type: ignore[assignment]
    assert isinstance(table, MatchTable) and table.setup.names == ["Anna K", "Ben", "Cleo"]
    for _ in range(20):
        _play(screen, table, lambda: isinstance(screen.top, RoundEndOverlay | MatchEndScreen))
        if table.game.match_over:
            break
        screen.key(pygame.K_RETURN)
    assert table.game.match_over and table.game.round_no >= 2
    screen.stack.clear()

    with Store.open() as store:
        assert [p.name for p in store.profiles() if not p.is_bot] == ["Anna K", "Ben"]
        [match] = store.matches()
        assert match.status == "finished" and match.rounds == table.game.round_no
        assert [s.profile for s in match.seats] == ["Anna K", "Ben", "Bot · medium"]
        anna = store.profile_stats("Anna K")
        assert (anna.games, anna.matches) == (table.game.round_no, 1)


def _saved_table(home: Path, setup: TableSetup = MATCH) -> bytes:
    """The match of ``setup`` saved in its first round, with Anna, Ben and "Anna K" already
    profiles; the bytes of the save."""
    table = MatchTable(setup, setup.new_game(3), settings=OFF, seed=3)
    table.save()
    with Store.open() as store:
        for name in ("Anna", "Ben", "Anna K"):
            store.create_profile(name)
    return _save_path(home).read_bytes()


def test_a_merge_reseats_the_saved_game_and_two_people_seated_there_are_not_merged(
    _home: Path,
) -> None:
    _saved_table(_home)
    menu = MainMenu()
    screen = Screen(menu)
    profiles = open_profiles(screen, menu)
    merge(screen, open_merge(screen, profiles, "Anna"), profiles, "Anna K")
    assert "Merged Anna into Anna K." in profiles.message
    assert _saved_names(_home) == ["Anna K", "Ben", "Cleo"]
    assert launch.settings_of(menu).last_setup["seats"][0]["name"] == "Anna K"  # type: ignore[index]

    before = _save_path(_home).read_bytes()
    merge(screen, open_merge(screen, profiles, "Ben"), profiles, "Anna K")
    assert profiles.message == (
        "Ben and Anna K sit at the table saved for Continue: they are two players, so they "
        "cannot be merged."
    )
    assert profiles.message_is_error and _save_path(_home).read_bytes() == before
    with Store.open() as store:
        assert store.profile("Ben") is not None and store.profile("Ben").name == "Ben"  # type: ignore[union-attr]


def test_a_rename_reseats_a_saved_game_that_seats_the_player_under_an_earlier_name(
    _home: Path,
) -> None:
    # Another copy of the game renamed Anna to Anna B while it did not hold this save, and
    # closed: the save still seats "Anna", a name the statistics keep for Anna B.
    _saved_table(_home)
    with Store.open() as store:
        store.rename_profile("Anna", "Anna B")
    menu = MainMenu()
    screen = Screen(menu)
    profiles = open_profiles(screen, menu)
    rename(screen, profiles, "Anna B", "Anna C")
    assert "Renamed Anna B to Anna C. The saved game goes on with Anna C." in profiles.message
    assert _saved_names(_home) == ["Anna C", "Ben", "Cleo"]


def test_a_name_another_seat_of_the_saved_game_has_is_refused_and_a_stock_bot_moves_aside(
    _home: Path,
) -> None:
    bots = (SeatSpec("Olek", "medium"), SeatSpec("Cleo", "easy"))
    before = _saved_table(_home, TableSetup("classic", (*MATCH.seats[:2], *bots), target=100))
    menu = MainMenu()
    screen = Screen(menu)
    profiles = open_profiles(screen, menu)
    profiles.select([p.name for p in profiles.profiles].index("Ben"))
    screen.key(pygame.K_F2)
    dialog = screen.top
    assert isinstance(dialog, NameDialog)
    for _ in "Ben":
        screen.key(pygame.K_BACKSPACE)
    screen.type("olek")  # no profile yet, but a bot sits there so named (in any letter case)
    screen.key(pygame.K_RETURN)
    assert screen.top is dialog and dialog.error == (
        "Olek already sits at the table saved for Continue, so Ben cannot be seated there as olek."
    )
    assert _save_path(_home).read_bytes() == before
    with Store.open() as store:
        assert store.profile("olek") is None and store.profile("Ben") is not None
    for _ in "olek":
        screen.key(pygame.K_BACKSPACE)
    screen.type("Cleo")  # the bot's stock name: the bot takes a free one
    screen.key(pygame.K_RETURN)
    assert screen.top is profiles
    assert _saved_names(_home) == ["Anna", "Cleo", "Olek", "Ada"]
    saved = resume.read_saved_game()
    assert saved.data is not None
    assert resume.restore(saved.data, OFF).setup.names == ["Anna", "Cleo", "Olek", "Ada"]


def test_the_saved_game_of_another_running_copy_is_left_alone(
    _home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = _saved_table(_home)
    monkeypatch.setattr(resume, "owns_saved_game", lambda: False)  # another copy holds it
    menu = MainMenu()
    screen = Screen(menu)
    profiles = open_profiles(screen, menu)
    rename(screen, profiles, "Anna", " Maria", clear=False)
    assert screen.top is profiles and "Renamed Anna to Anna Maria." in profiles.message
    assert _save_path(_home).read_bytes() == before
    # Ben is seated there too, but not in this copy's game
    merge(screen, open_merge(screen, profiles, "Ben"), profiles, "Anna K")
    assert "Merged Ben into Anna K." in profiles.message
    assert _save_path(_home).read_bytes() == before


def test_a_person_of_several_at_the_saved_table_cannot_be_renamed_you(_home: Path) -> None:
    before = _saved_table(_home, MATCH)  # Anna and Ben, two people, and a bot
    menu = MainMenu()
    screen = Screen(menu)
    profiles = open_profiles(screen, menu)
    dialog = rename(screen, profiles, "Ben", "you")
    assert screen.top is dialog and dialog.error == (
        '"You" is for a lone player, and other people sit at the table saved for Continue, '
        "so Ben cannot be seated there as you."
    )
    assert _save_path(_home).read_bytes() == before


def test_a_lone_person_renamed_you_sits_as_you(_home: Path) -> None:
    alone = TableSetup("classic", (SeatSpec("Anna"), SeatSpec("Cleo", "medium")), target=100)
    Settings(animation_speed="off", bot_pace="fast", last_setup=alone.to_dict()).save()
    _saved_table(_home, alone)
    menu = MainMenu()
    screen = Screen(menu)
    profiles = open_profiles(screen, menu)
    dialog = rename(screen, profiles, "Anna", "yOU")
    assert screen.top is profiles, dialog.error
    assert _saved_names(_home) == ["You", "Cleo"]  # spoken to as "You", not "yOU lays"


def test_a_name_another_person_of_the_saved_game_has_is_refused(_home: Path) -> None:
    # Zoe sits at the saved match but has no rounds recorded yet, so no profile: renaming
    # Anna K to her name would send Zoe's rounds there to Anna K, a merge nobody asked for.
    zoe = TableSetup("classic", (SeatSpec("Anna"), SeatSpec("Zoe"), SeatSpec("Cleo", "easy")))
    before = _saved_table(_home, zoe)
    menu = MainMenu()
    screen = Screen(menu)
    profiles = open_profiles(screen, menu)
    dialog = rename(screen, profiles, "Anna K", "zoe")
    assert screen.top is dialog and dialog.error == (
        "Another player called zoe sits at the table saved for Continue: renamed zoe, "
        "Anna K would be given their rounds."
    )
    assert _save_path(_home).read_bytes() == before
    with Store.open() as store:
        assert store.profile("zoe") is None and store.profile("Anna K") is not None
    screen.key(pygame.K_ESCAPE)
    rename(screen, profiles, "Anna", "Anna Z")  # Anna herself may still take a new name
    assert screen.top is profiles and _saved_names(_home) == ["Anna Z", "Zoe", "Cleo"]


def test_a_rename_that_moves_a_bot_aside_renames_the_saved_log_too(_home: Path) -> None:
    bots = (SeatSpec("Olek", "medium"), SeatSpec("Cleo", "easy"))
    _saved_table(_home, TableSetup("classic", (*MATCH.seats[:2], *bots), target=100))
    whole = json.loads(_save_path(_home).read_text())
    whole["game"]["log"] = [
        "Round 1",
        "Cleo laid 4♥ 4♠ — Ben faces 2 missed turns",
        "Ben laid K♠ — Cleo owes 5",
        "Olek drew 1 card",
    ]
    _save_path(_home).write_text(json.dumps(whole))
    menu = MainMenu()
    screen = Screen(menu)
    profiles = open_profiles(screen, menu)
    rename(screen, profiles, "Ben", "Cleo")  # the easy bot moves aside, to Ada
    assert _saved_names(_home) == ["Anna", "Cleo", "Olek", "Ada"]
    saved = resume.read_saved_game()
    assert saved.data is not None
    table = resume.restore(saved.data, OFF)
    # Each move stays with the seat that made it, under the name it sits under now.
    lines = list(table.director.log)
    start = lines.index("Round 1") + 1
    assert lines[start : start + 4] == [
        "Ada laid 4♥ 4♠ — Cleo faces 2 missed turns",
        "Cleo laid K♠ — Ada owes 5",
        "Olek drew 1 card",
        "Renamed: Ben is called Cleo now; the bot Cleo is called Ada now.",
    ]


@pytest.mark.parametrize(
    ("renamed", "lines", "told"),
    [
        # A name inside another word or another name is not touched.
        ([("Ann", "Bea", False)], ["Anna laid 5♥", "Ann laid 6♥"], ["Anna laid 5♥", "Bea laid 6♥"]),
        # Nor a name that begins another seat's name of two words.
        (
            [("Anna", "Ania", False)],
            ["Anna Maria laid 5♥", "Anna laid 6♥ — Anna Maria owes 2"],
            ["Anna Maria laid 5♥", "Ania laid 6♥ — Anna Maria owes 2"],
        ),
        # A seat called as the log's own words read keeps its lines; the last line tells it.
        (
            [("Macau", "Mac", False)],
            ["Macau laid 5♥ — Macau!"],
            ["Macau laid 5♥ — Macau!", "Renamed: Macau is called Mac now."],
        ),
        ([("5", "Five", False)], ["Ben laid K♠ — 5 owes 5"], ["Ben laid K♠ — 5 owes 5"]),
        ([("Round 2", "Rita", False)], ["Round 2: Ben deals"], ["Round 2: Ben deals"]),
        ([("red", "Rosa", False)], ["Ben laid the red joker"], ["Ben laid the red joker"]),
        ([("penalty", "Pen", False)], ["Ben took 4 penalty cards"], ["Ben took 4 penalty cards"]),
        # Nor is a card's rank a name: a seat called K renamed leaves the K of K♠ alone.
        ([("K", "Kai", False)], ["K laid K♠ — Ben owes 5"], ["Kai laid K♠ — Ben owes 5"]),
        # The line an earlier rename added still tells that rename.
        (
            [("Cleo", "Dora", False)],
            ["Cleo laid 5♥", "Renamed: Ben is called Cleo now."],
            [
                "Dora laid 5♥",
                "Renamed: Ben is called Cleo now.",
                "Renamed: Cleo is called Dora now.",
            ],
        ),
        # "You" reads in the second person: its lines stay, the last line tells it.
        (
            [("You", "Anna", False)],
            ["You laid 5♥ — you owe 2"],
            ["You laid 5♥ — you owe 2", "Renamed: You are called Anna now."],
        ),
    ],
)
def test_the_log_renames_whole_names_only(
    renamed: list[tuple[str, str, bool]], lines: list[str], told: list[str]
) -> None:
    at_table = ["Anna", "Anna Maria", "Ben"]
    assert resume.renamed_log(lines, renamed, at_table)[: len(told)] == told
    assert len(resume.renamed_log(lines, renamed, at_table)) == len(lines) + 1

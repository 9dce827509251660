"""The Profiles screen while another copy of the game is open on the same data folder and
keeps the saved game: that copy's table cannot be reseated from here, so the screen says
before a rename or merge that a game there may seat the player and afterwards where its
rounds go, and refuses to merge two players seated there. The other copy is a real
process playing a real table."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.store import lock
from game.store.db import Store
from game.store.settings import Settings
from game.ui import launch
from game.ui.menu import MainMenu
from game.ui.profiles_scene import MergeDialog, NameDialog, ProfilesScene, other_window_note
from game.ui.scene import SceneStack
from tests.ui.menukit import Screen
from tests.ui.profileskit import merge, open_merge, open_profiles, rename
from tests.ui.textkit import drawn_texts, outside, overlaps

ROOT = Path(__file__).resolve().parents[2]

# The other window: a match seating Ada and Ben (one screen, passed between them) and a bot,
# saved, holding the save's lock; once told, it plays its round out (it is recorded) and
# says how the round went.
OTHER = textwrap.dedent(
    """
    import os, random, sys
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    import pygame
    from game.engine import DRAW, PASS, Play, Stop
    from game.store.settings import Settings
    from game.ui.choosers import ChoiceModal
    from game.ui.handoff import HandoffScreen
    from game.ui.matchtable import MatchTable
    from game.ui.menu import MainMenu
    from game.ui.roundend import RoundEndOverlay
    from game.ui.scoreboard import MatchEndScreen
    from game.ui.setup import SeatSpec, TableSetup
    from tests.ui.menukit import Screen
    from game.ui import handoff

    handoff.READY_DELAY = 0.0  # Enter on a hand-off counts at once, as in the other tests
    setup = TableSetup(
        "classic", (SeatSpec("Ada"), SeatSpec("Ben"), SeatSpec("Olek", "medium")), target=500
    )
    settings = Settings(animation_speed="off", bot_pace="fast")
    screen = Screen(MainMenu())
    table = MatchTable(setup, setup.new_game(3), settings=settings, seed=3)
    screen.stack.push(table)
    table.save()
    print("saving" if table.saving else "not saving", flush=True)
    sys.stdin.readline()
    rng = random.Random(2)
    for _ in range(100_000):
        if isinstance(screen.top, RoundEndOverlay | MatchEndScreen):
            break
        if isinstance(screen.top, HandoffScreen | ChoiceModal):
            screen.key(pygame.K_RETURN)
            continue
        if table.my_turn and screen.top is table:
            legal = [a for a in table.legal() if not isinstance(a, Stop)]
            plays = [a for a in legal if isinstance(a, Play)]
            table.apply(rng.choice(plays) if plays else DRAW if DRAW in legal else PASS)
        screen.frame(draw=False)
    print("round", table.game.round_no, "over", flush=True)
    """
)


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("MACAU_HOME", str(tmp_path))
    Settings(animation_speed="off", bot_pace="fast").save()
    launch._fallback.clear()
    with Store.open() as store:
        for name in ("Ada", "Ben", "Cleo"):
            store.create_profile(name)
    yield tmp_path
    lock.release()


@pytest.fixture
def other_window(_home: Path) -> Iterator[subprocess.Popen[str]]:
    env = {**os.environ, "MACAU_HOME": str(_home), "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen(
        [sys.executable, "-c", OTHER],
        cwd=ROOT,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "saving"
    yield child
    child.kill()
    child.wait()


def _play_out(child: subprocess.Popen[str]) -> None:
    """The other window plays its round to the end, which records it."""
    assert child.stdin is not None and child.stdout is not None
    child.stdin.write("go\n")
    child.stdin.flush()
    assert child.stdout.readline().strip() == "round 1 over"
    assert child.wait(timeout=60) == 0


def test_a_rename_tells_of_the_other_window_whose_rounds_then_reach_the_renamed_player(
    other_window: subprocess.Popen[str], _home: Path
) -> None:
    save = _home / "state" / "current_game.json"
    before = save.read_bytes()
    menu = MainMenu()
    screen = Screen(menu)
    profiles = open_profiles(screen, menu)
    dialog = rename(screen, profiles, "Ada", "Adela")
    assert dialog.note == (
        "Macau is open in another window, where a game may seat Ada: it goes on calling them "
        "Ada, and their rounds there go to the new name."
    )
    assert screen.top is profiles and not profiles.message_is_error
    assert profiles.message == (
        "Renamed Ada to Adela. Macau is open in another window, where a game may seat Ada: "
        "it goes on calling them Ada, and their rounds there go to Adela."
    )
    assert save.read_bytes() == before  # the other window's game is left alone

    _play_out(other_window)
    with Store.open() as store:
        assert [p.name for p in store.profiles() if not p.is_bot] == ["Adela", "Ben", "Cleo"]
        assert store.profile_stats("Adela").games == 1
        [match] = store.matches()
        assert [s.profile for s in match.seats] == ["Adela", "Ben", "Bot · medium"]


def test_two_players_seated_in_the_other_window_are_not_merged(
    other_window: subprocess.Popen[str],
) -> None:
    menu = MainMenu()
    screen = Screen(menu)
    profiles = open_profiles(screen, menu)
    merge(screen, open_merge(screen, profiles, "Ada"), profiles, "Ben")
    assert profiles.message_is_error and profiles.message == (
        "Ada and Ben sit at the game open in another Macau window: they are two players, so "
        "they cannot be merged."
    )
    # Renamed here, Ada still sits there under the old name: still two players.
    rename(screen, profiles, "Ada", "Adela")
    merge(screen, open_merge(screen, profiles, "Adela"), profiles, "Ben")
    assert profiles.message_is_error and profiles.message.startswith(
        "Adela and Ben sit at the game open in another Macau window"
    )
    with Store.open() as store:
        assert [p.name for p in store.profiles() if not p.is_bot] == ["Adela", "Ben", "Cleo"]

    _play_out(other_window)
    with Store.open() as store:
        [match] = store.matches()
        assert [s.profile for s in match.seats] == ["Adela", "Ben", "Bot · medium"]


def test_a_player_not_seated_there_is_merged_with_the_warning(
    other_window: subprocess.Popen[str],
) -> None:
    menu = MainMenu()
    screen = Screen(menu)
    profiles = open_profiles(screen, menu)
    dialog = open_merge(screen, profiles, "Cleo")
    assert dialog.note == (
        "Macau is open in another window, where a game may seat Cleo: it goes on calling them "
        "Cleo, and their rounds there go to the profile chosen."
    )
    merge(screen, dialog, profiles, "Ada")
    assert not profiles.message_is_error and profiles.message == (
        "Merged Cleo into Ada. Macau is open in another window, where a game may seat Cleo: "
        "it goes on calling them Cleo, and their rounds there go to Ada."
    )


def test_without_another_window_nothing_is_said_of_one() -> None:
    menu = MainMenu()
    screen = Screen(menu)
    profiles = open_profiles(screen, menu)
    assert rename(screen, profiles, "Ada", "Adela").note == ""
    assert profiles.message == "Renamed Ada to Adela."
    dialog = open_merge(screen, profiles, "Cleo")
    assert dialog.note == ""
    merge(screen, dialog, profiles, "Adela")
    assert profiles.message == "Merged Cleo into Adela."


def test_a_new_player_given_a_kept_name_is_told_where_its_rounds_go() -> None:
    menu = MainMenu()
    screen = Screen(menu)
    profiles = open_profiles(screen, menu)
    rename(screen, profiles, "Ada", "Adela")
    screen.key(pygame.K_n, "n")
    assert isinstance(screen.top, NameDialog)
    screen.type("ada")
    screen.key(pygame.K_RETURN)
    assert screen.top is profiles and profiles.current is not None
    assert profiles.current.name == "ada"
    assert profiles.message == (
        "Created profile ada. Rounds recorded as ada go to this profile now, not to Adela."
    )


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_the_notes_fit_in_their_dialogs_with_the_longest_name(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    name = "W" * 32
    pygame.display.init()
    rename = NameDialog(
        f"Rename {name}", lambda _: None, text=name, note=other_window_note(name, "the new name")
    )
    merge = MergeDialog(name, ["Ben"], note=other_window_note(name, "the profile chosen"))
    with Store.open() as store:
        for dialog, below in ((rename, rename.field), (merge, merge.target)):
            stack = SceneStack(None, size)
            stack.push(ProfilesScene(store))
            stack.push(dialog)
            stack.update(1 / 60)
            drawn = drawn_texts(monkeypatch, stack, size, top_only=True)
            assert overlaps(drawn) == [] and outside(drawn, size) == []
            note = [r for w, r in drawn if w.startswith("Macau is open") or "rounds there" in w]
            assert len(note) >= 2  # wrapped, and drawn whole
            assert all(dialog.panel.contains(r) for r in note)
            assert max(r.bottom for r in note) <= below.rect.top

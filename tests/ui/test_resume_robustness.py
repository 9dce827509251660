"""A damaged save, settings or rule sets file never stops the game: it is told and set aside."""

from __future__ import annotations

import copy
import json
import math
import random
from pathlib import Path
from typing import Any

import pytest

from game.engine import PRESETS
from game.store.settings import Settings
from game.ui import menu
from game.ui.app import App
from game.ui.matchtable import MatchTable
from game.ui.menu import MainMenu
from game.ui.resume import SavedGame, describe, read_saved_game, restore
from game.ui.rulesedit import RulesEditor
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import Screen

OFF = Settings(animation_speed="off", bot_pace="fast")


def _save_path(home: Path) -> Path:
    return home / "state" / "current_game.json"


def _real_save(home: Path) -> dict[str, Any]:
    """A save written by a real table: you against an easy bot, classic rules."""
    setup = TableSetup("classic", (SeatSpec("Ada", ""), SeatSpec("Ben", "easy")), target=120)
    table = MatchTable(setup, setup.new_game(seed=3), settings=OFF, seed=3)
    table.save()
    table.shutdown()
    envelope: dict[str, Any] = json.loads(_save_path(home).read_text())
    return envelope


def _write(home: Path, envelope: dict[str, Any]) -> None:
    _save_path(home).write_text(json.dumps(envelope), encoding="utf-8")


def _set_aside(home: Path) -> bool:
    return any(".corrupt-" in p.name for p in (home / "state").iterdir())


# --- 1. saved_at ----------------------------------------------------------------------------


def test_a_nan_saved_at_does_not_stop_the_menu(_home: Path) -> None:
    saved = SavedGame(_real_save(_home)["game"], None, math.nan)
    assert describe(saved)  # no ValueError from round(nan)


def test_a_huge_saved_at_still_offers_continue(_home: Path) -> None:
    envelope = _real_save(_home)
    envelope["saved_at"] = 10**400
    _write(_home, envelope)
    main = MainMenu()
    Screen(main)
    assert main.continue_button.visible
    assert "saved" not in main.descriptions[main.continue_button]


# --- 2. damaged random streams and other fields ---------------------------------------------


def test_a_damaged_random_stream_sets_the_save_aside_before_continue(_home: Path) -> None:
    envelope = _real_save(_home)
    envelope["game"]["match_rng"][1][0] = -1
    _write(_home, envelope)
    saved = read_saved_game()
    assert saved.data is None and saved.problem and "kept aside" in saved.problem
    assert _set_aside(_home)


def test_a_huge_started_at_resumes_with_a_fresh_clock(_home: Path) -> None:
    envelope = _real_save(_home)
    envelope["game"]["started_at"] = 10**400
    _write(_home, envelope)
    saved = read_saved_game()
    assert saved.data is not None
    table = restore(saved.data, OFF)
    assert math.isfinite(table.started_at)
    table.shutdown()


def test_continue_survives_any_error_from_restore(
    _home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _real_save(_home)
    main = MainMenu()
    screen = Screen(main)
    assert main.continue_button.visible

    def broken(*_: object, **__: object) -> MatchTable:
        raise OverflowError("Python int too large to convert to C int")

    monkeypatch.setattr(menu, "restore", broken)
    main.on_continue()
    screen.frame()
    assert screen.top is main and not main.continue_button.visible
    assert "kept aside" in main.problem and _set_aside(_home)
    assert main.descriptions[main.quit_button] == "Close Macau"  # no saved game stays


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list) and len(value) < 50:  # skip into the 625-word rng states
        for i, item in enumerate(value):
            found += _paths(item, (*prefix, i))
    return found


BAD_VALUES: list[Any] = [None, -1, 0, 10**400, -(10**30), "x", [], {}, 1.5, True, math.nan]


def test_a_fuzzed_save_is_either_resumed_or_set_aside(_home: Path) -> None:
    original = _real_save(_home)
    spots = [p for p in _paths(original["game"]) if p]
    spots += [("match_rng", 1, 0), ("rng", 1, 624), ("rng", 1, 3), ("rng", 2)]
    chance = random.Random(7)
    for _ in range(400):
        envelope = copy.deepcopy(original)
        for _ in range(chance.randint(1, 2)):
            *parents, last = chance.choice(spots)
            holder: Any = envelope["game"]
            try:
                for key in parents:
                    holder = holder[key]
                holder[last] = chance.choice(BAD_VALUES)
            except (KeyError, IndexError, TypeError):
                pass  # an earlier change removed this spot
        for stray in (_home / "state").iterdir():
            stray.unlink()
        _save_path(_home).write_text(json.dumps(envelope), encoding="utf-8")
        saved = read_saved_game()
        describe(saved)
        if saved.data is None:
            # set aside, or left in place for the newer version of Macau it claims to be from
            assert saved.problem and _save_path(_home).exists() == saved.newer
            continue
        restore(saved.data, OFF).shutdown()


@pytest.mark.parametrize(
    "rounds",
    [
        {"places": [1, 2]},
        [{"places": 5}],
        [{"places": ["x", None]}],
        [{"places": [1, 2, 3]}],
        [{"places": [1, 9]}],
        [{"places": [1, True]}],
        [{"places": [1, 2], "charges": [0, "5"]}],
        [{"places": [1, 2], "charges": [0]}],
        ["1st, 2nd"],
    ],
)
def test_damaged_rounds_set_the_save_aside_before_continue(_home: Path, rounds: Any) -> None:
    envelope = _real_save(_home)
    envelope["game"]["rounds"] = rounds
    _write(_home, envelope)
    saved = read_saved_game()
    assert saved.data is None and saved.problem and _set_aside(_home)


def test_the_rounds_of_a_save_come_back_for_the_scoreboard(_home: Path) -> None:
    envelope = _real_save(_home)
    rounds = [{"places": [2, 1], "charges": [35, 0]}, {"places": [1, 2], "charges": [0, 12]}]
    envelope["game"]["rounds"] = rounds
    del envelope["game"]["rounds"][1]["charges"]  # (a round of a game without points has none)
    _write(_home, envelope)
    saved = read_saved_game()
    assert saved.data is not None
    table = restore(saved.data, OFF)
    assert table.rounds == [rounds[0], {"places": [1, 2], "charges": []}]
    screen = Screen(table)
    table.open_scoreboard()
    screen.frame(2)  # drawn: the scoreboard reads them
    table.shutdown()


# --- 4. damaged settings and rule sets are told ---------------------------------------------


def test_damaged_settings_are_told_on_stderr_at_startup(
    _home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (_home / "config").mkdir(parents=True)
    (_home / "config" / "settings.json").write_text("[" * 200_000 + "]" * 200_000)
    app = App(size=(960, 600))
    try:
        assert app.settings_problem and "damaged" in app.settings_problem
        assert "settings file was damaged" in capsys.readouterr().err
    finally:
        app.stack.clear()


def test_damaged_settings_are_told_on_the_main_menu_once(_home: Path) -> None:
    (_home / "config").mkdir(parents=True)
    (_home / "config" / "settings.json").write_text("{not json")
    app = App(size=(960, 600))
    try:
        first = MainMenu()
        app.stack.push(first)
        assert "damaged" in first.problem and "settings" in first.problem
        again = MainMenu()
        app.stack.push(again)
        assert "settings" not in again.problem  # told once, not every time the menu shows
    finally:
        app.stack.clear()


def test_damaged_rule_sets_are_told_in_the_rules_editor(_home: Path) -> None:
    (_home / "config").mkdir(parents=True)
    (_home / "config" / "rulesets.json").write_text('{"format": "macau-rulesets", "rule_')
    editor = RulesEditor(PRESETS["classic"], lambda _: None)
    Screen(editor)
    assert "custom rule sets file was damaged" in editor.note

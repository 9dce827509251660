"""A settings file edited by hand: a volume between two steps is taken as the nearest step,
and a bad value falls back to its default, told once, with the good values kept."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.store.settings import Settings, settings_file


def write(values: dict[str, Any], version: int = 1) -> None:
    settings_file().parent.mkdir(parents=True, exist_ok=True)
    document = {"format": "macau-settings", "version": version, "settings": values}
    settings_file().write_text(json.dumps(document))


@pytest.mark.parametrize(
    ("written", "heard"), [(0.05, 0.1), (0.04, 0.0), (0.85, 0.9), (0.96, 1.0), (0.3, 0.3), (1, 1.0)]
)
def test_a_volume_between_two_steps_is_the_nearest_step(
    home: Path, written: float, heard: float
) -> None:
    write({"volume": written})
    loaded = Settings.load()
    assert loaded.problem is None and loaded.settings.volume == heard


BAD = {
    "volume": "loud",
    "muted": "yes",
    "animation_speed": "turbo",
    "card_back": "purple",
    "four_colour": 1,
    "large_index": None,
    "fullscreen": "false",
    "bot_pace": 3,
}


def test_bad_values_are_named_once_and_the_good_ones_kept(home: Path) -> None:
    write({**BAD, "hand_sort": "rank", "from_the_future": [1, 2]})
    loaded = Settings.load()
    assert loaded.settings == Settings(hand_sort="rank")
    assert loaded.problem is not None
    for words in ("Volume", "Mute sound", "Animation speed", "Card back", "Four-colour deck"):
        assert words in loaded.problem
    assert "Large indices" in loaded.problem and "Fullscreen" in loaded.problem
    assert "Bots' pace" in loaded.problem and "Sort my hand" not in loaded.problem
    again = Settings.load()  # told once: the file now holds the defaults in their place
    assert again.problem is None and again.settings == loaded.settings
    kept = json.loads(settings_file().read_text())["settings"]
    assert kept["hand_sort"] == "rank" and kept["from_the_future"] == [1, 2]
    assert kept["animation_speed"] == "normal" and kept["volume"] == 0.8


def test_one_bad_value_is_named_alone(home: Path) -> None:
    write({"animation_speed": "turbo", "volume": 0.3, "four_colour": True})
    loaded = Settings.load()
    assert loaded.settings == Settings(volume=0.3, four_colour=True)
    assert loaded.problem is not None and "(Animation speed)" in loaded.problem


def test_a_newer_games_values_are_not_called_bad(home: Path) -> None:
    write({"animation_speed": "turbo", "hand_sort": "rank"}, version=2)
    loaded = Settings.load()
    assert loaded.problem is None and loaded.settings == Settings(hand_sort="rank")
    assert json.loads(settings_file().read_text())["settings"]["animation_speed"] == "turbo"


def write_text(text: str) -> None:
    settings_file().parent.mkdir(parents=True, exist_ok=True)
    settings_file().write_text(text)


HUGE = 10**400  # a whole number JSON allows and no float can hold


def test_a_volume_too_large_for_a_float_is_a_bad_value_not_a_crash(home: Path) -> None:
    write({"volume": HUGE, "hand_sort": "rank"})
    loaded = Settings.load()
    assert loaded.settings == Settings(hand_sort="rank")
    assert loaded.problem is not None and "(Volume)" in loaded.problem
    assert "back to their defaults" in loaded.problem
    assert Settings.load().problem is None  # told once
    assert not [p for p in settings_file().parent.iterdir() if ".corrupt-" in p.name]


@pytest.mark.parametrize("size", [[HUGE, 600], [800, -HUGE]])
def test_a_window_size_too_large_for_a_float_is_forgotten(home: Path, size: list[int]) -> None:
    write({"window_size": size, "hand_sort": "rank"})
    loaded = Settings.load()
    assert loaded.problem is None  # the window's size is the game's own memory, not told
    assert loaded.settings == Settings(hand_sort="rank")


def nested(depth: int) -> Any:
    """A list ``depth`` deep: far deeper than any setup the game remembers."""
    value: Any = []
    for _ in range(depth - 1):
        value = [value]
    return value


DEEP_SETUP = {"preset": "classic", "x": nested(600)}


def test_a_last_setup_nested_too_deeply_is_told_and_forgotten(home: Path) -> None:
    write({"last_setup": DEEP_SETUP, "hand_sort": "rank"})
    loaded = Settings.load()
    assert loaded.settings == Settings(hand_sort="rank")
    assert loaded.problem is not None and "(Quick game table)" in loaded.problem
    kept = json.loads(settings_file().read_text())["settings"]
    assert kept["last_setup"] is None and kept["hand_sort"] == "rank"
    again = Settings.load()
    assert again.problem is None and again.settings == loaded.settings
    Settings(hand_sort="rank", fullscreen=True).save(only=["fullscreen"])
    assert Settings.load().settings == Settings(hand_sort="rank", fullscreen=True)


def test_a_last_setup_as_the_game_keeps_it_is_kept(home: Path) -> None:
    setup = {
        "preset": "custom",
        "seats": [{"name": "You", "level": ""}, {"name": "Ada", "level": "hard"}],
        "rules_text": "scoring = points",
        "target": 7,
        "dealer": 1,
        "rules_base": "polish",
        "rules_label": "Family",
    }
    write({"last_setup": setup})
    loaded = Settings.load()
    assert loaded.problem is None and loaded.settings.last_setup == setup


def test_a_value_nested_too_deeply_never_stops_the_settings_being_saved(home: Path) -> None:
    # A newer game's file is read as it is, so nothing is written back on load: the value
    # too deep to write is still in the file when a setting is next changed.
    write({"last_setup": DEEP_SETUP, "from_the_future": nested(600), "hand_sort": "rank"}, 2)
    loaded = Settings.load()
    assert loaded.problem is None and loaded.settings == Settings(hand_sort="rank")
    Settings(fullscreen=True).save(only=["fullscreen"])
    kept = json.loads(settings_file().read_text())
    assert kept["version"] == 2 and kept["settings"]["fullscreen"] is True
    assert kept["settings"]["hand_sort"] == "rank"
    assert "last_setup" not in kept["settings"] and "from_the_future" not in kept["settings"]


@pytest.mark.parametrize(
    "written",
    [
        '"from_the_future": 1e999',
        '"window_size": [1e999, 800]',
        '"last_setup": {"preset": "classic", "target": 1e999}',
    ],
)
def test_a_number_too_large_for_a_float_never_stops_the_settings_being_saved(
    home: Path, written: str
) -> None:
    # JSON reads 1e999 as infinity, which it cannot write back.
    settings_file().parent.mkdir(parents=True, exist_ok=True)
    settings_file().write_text(
        '{"format": "macau-settings", "version": 1, "settings": {' + written + ', "muted": true}}'
    )
    loaded = Settings.load()
    assert loaded.settings.last_setup is None
    Settings(muted=True, volume=0.3).save(only=["volume"])
    kept = json.loads(settings_file().read_text())["settings"]
    assert kept["volume"] == 0.3 and kept["muted"] is True
    assert "from_the_future" not in kept and kept.get("window_size") is None
    assert Settings.load().settings == Settings(muted=True, volume=0.3)


def test_settings_saved_with_a_byte_order_mark_are_read(home: Path) -> None:
    document = {"format": "macau-settings", "version": 1, "settings": {"hand_sort": "rank"}}
    write_text("\ufeff" + json.dumps(document))  # as Windows Notepad saves "UTF-8 with BOM"
    loaded = Settings.load()
    assert loaded.problem is None and loaded.settings == Settings(hand_sort="rank")
    assert [p.name for p in settings_file().parent.iterdir()] == ["settings.json"]

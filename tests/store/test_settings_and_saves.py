"""Settings, the saved game and custom rule sets: round trips, atomic writes, damage."""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path

import pytest

from game.store import saves
from game.store.models import name_key
from game.store.paths import StoreUnavailable
from game.store.settings import Settings, load_settings, settings_file


def test_settings_round_trip(home: Path) -> None:
    assert Settings.load().settings == Settings()
    chosen = Settings(
        volume=0.3,
        muted=True,
        animation_speed="off",
        hand_sort="rank",
        bot_pace="slow",
        last_setup={"preset": "polish", "seats": 3},
        window_size=(1600, 1000),
    )
    chosen.save()
    loaded = Settings.load()
    assert loaded.problem is None and loaded.settings == chosen
    document = json.loads(settings_file().read_text())
    assert document["format"] == "macau-settings" and document["version"] == 1


def test_bad_values_fall_back_and_unknown_keys_are_kept(home: Path) -> None:
    settings_file().parent.mkdir(parents=True)
    settings_file().write_text(
        json.dumps(
            {
                "format": "macau-settings",
                "version": 2,
                "settings": {
                    "volume": 7,
                    "muted": "yes",
                    "hand_sort": "rank",
                    "from_the_future": 1,
                },
            }
        )
    )
    loaded = Settings.load()
    assert loaded.problem is None
    assert loaded.settings == Settings(hand_sort="rank")
    dataclasses.replace(loaded.settings, fullscreen=True).save()
    document = json.loads(settings_file().read_text())
    kept = document["settings"]
    assert kept["from_the_future"] == 1 and kept["fullscreen"] is True and kept["volume"] == 0.8
    assert document["version"] == 2  # still the newer game's file


@pytest.mark.parametrize("back", ["purple", "Red", "", 3])
def test_a_card_back_the_game_does_not_draw_falls_back_to_the_default(
    home: Path, back: object
) -> None:
    # The settings screen paints the chosen back: an unknown one would stop the game there.
    settings_file().parent.mkdir(parents=True)
    document = {"format": "macau-settings", "version": 1, "settings": {"card_back": back}}
    settings_file().write_text(json.dumps(document))
    loaded = Settings.load()
    assert loaded.settings.card_back == Settings().card_back
    assert loaded.problem is not None and "Card back" in loaded.problem


@pytest.mark.parametrize(
    "size",
    [
        [1600],
        [1600, 1000, 3],
        ["1600", 1000],
        [1600.5, 1000],
        [True, 1000],
        [0, 900],
        [99999, 900],
        "1600x1000",
        {"w": 1600},
    ],
)
def test_a_damaged_window_size_is_forgotten_alone(home: Path, size: object) -> None:
    settings_file().parent.mkdir(parents=True)
    document = {
        "format": "macau-settings",
        "version": 1,
        "settings": {"window_size": size, "hand_sort": "rank"},
    }
    settings_file().write_text(json.dumps(document))
    loaded = Settings.load()
    assert loaded.problem is None
    assert loaded.settings == Settings(hand_sort="rank") and loaded.settings.window_size is None


def test_damaged_settings_are_set_aside(home: Path) -> None:
    settings_file().parent.mkdir(parents=True)
    settings_file().write_bytes(b"{not json")
    loaded = Settings.load()
    assert loaded.settings == Settings()
    assert loaded.problem is not None and "damaged" in loaded.problem
    kept = list(settings_file().parent.glob("settings.corrupt-*.json"))
    assert [p.read_bytes() for p in kept] == [b"{not json"]
    assert not settings_file().exists()


def test_a_failed_write_leaves_the_old_file_whole(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    Settings(volume=0.5).save()
    before = settings_file().read_bytes()

    def crash(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(StoreUnavailable, match="no space left"):
        Settings(volume=0.1).save()
    assert settings_file().read_bytes() == before
    # No temporary left behind (the lock file that turns writers is kept, empty).
    names = sorted(p.name for p in settings_file().parent.iterdir())
    assert names == ["settings.json", "settings.json.lock"]


def test_settings_in_an_unusable_folder(home: Path) -> None:
    home.parent.mkdir(parents=True, exist_ok=True)
    home.write_text("not a folder")
    loaded = Settings.load()
    # No settings file can be there: defaults, and no word of a file (the folder is told once
    # at start); saving says the folder cannot be written.
    assert loaded.settings == Settings() and loaded.problem is None
    with pytest.raises(StoreUnavailable, match="cannot write to the folder"):
        Settings().save()


def test_saved_game_round_trip_and_clear(home: Path) -> None:
    assert not saves.has_saved_game() and saves.load_game().data is None
    state = {"seed": 7, "hands": [["10H", "QS"], ["RJ"]], "turn": 1}
    saves.save_game(state)
    assert saves.has_saved_game()
    loaded = saves.load_game()
    assert loaded.data == state and loaded.problem is None and loaded.saved_at is not None
    envelope = json.loads((home / "state" / "current_game.json").read_text())
    assert (envelope["format"], envelope["version"]) == ("macau-save", 1)
    saves.clear_saved_game()
    assert not saves.has_saved_game()
    saves.clear_saved_game()


def test_a_damaged_save_is_set_aside(home: Path) -> None:
    saves.save_game({"turn": 1})
    path = home / "state" / "current_game.json"
    path.write_bytes(b'{"format": "macau-save", "vers')
    loaded = saves.load_game()
    assert loaded.data is None and loaded.problem is not None and "damaged" in loaded.problem
    kept = list(path.parent.glob("current_game.corrupt-*.json"))
    assert [p.read_bytes() for p in kept] == [b'{"format": "macau-save", "vers']
    assert not saves.has_saved_game()


def test_a_save_from_a_newer_version_is_left_alone(home: Path) -> None:
    path = home / "state" / "current_game.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"format": "macau-save", "version": 5, "game": {}}))
    loaded = saves.load_game()
    assert loaded.data is None and loaded.problem is not None and "newer" in loaded.problem
    assert path.exists()


def test_a_game_that_cannot_be_saved_keeps_the_previous_save(home: Path) -> None:
    saves.save_game({"turn": 1})
    with pytest.raises(ValueError, match="JSON"):
        saves.save_game({"turn": object()})
    assert saves.load_game().data == {"turn": 1}


def test_what_a_write_cut_short_left_behind_is_removed_once_stale(home: Path) -> None:
    """A game killed while saving leaves its temporary file; the next start removes those
    old enough to be no other copy's write in progress, and keeps every real file."""
    saves.save_game({"turn": 1})
    saves.save_rule_set("Home", "preset: polish")
    Settings().save()
    old, fresh = [], []
    for n, path in enumerate(
        (home / "state" / saves.SAVE_NAME, home / "config" / saves.RULES_NAME, settings_file())
    ):
        assert path.is_file()
        for age, found in ((3600, old), (5, fresh)):
            leftover = path.with_name(f".{path.name}.x{n}{age}.tmp")
            leftover.write_bytes(b'{"half": ')
            os.utime(leftover, (leftover.stat().st_mtime - age,) * 2)
            found.append(leftover)
    other = home / "state" / ".notes.txt.x.tmp"  # not beside one of the game's files
    other.write_bytes(b"")
    os.utime(other, (other.stat().st_mtime - 3600,) * 2)
    assert saves.load_game().data == {"turn": 1}
    assert saves.read_rule_sets().rule_sets == {"Home": "preset: polish"}
    load_settings()
    assert not any(p.exists() for p in old)
    assert all(p.exists() for p in fresh) and other.exists()


def test_rule_sets(home: Path) -> None:
    assert saves.load_rule_sets() == {}
    saves.save_rule_set("House", "draw: 2\njack: request")
    saves.save_rule_set("Quick", "hand: 5")
    saves.save_rule_set("House", "draw: 3")
    assert saves.load_rule_sets() == {"House": "draw: 3", "Quick": "hand: 5"}
    assert saves.delete_rule_set("Quick")
    assert not saves.delete_rule_set("Nothing")
    assert saves.load_rule_sets() == {"House": "draw: 3"}
    with pytest.raises(ValueError):
        saves.save_rule_set("  ", "x")


def test_a_rule_set_saved_in_other_letter_case_replaces_the_one_saved_before(home: Path) -> None:
    saves.save_rule_set("Łódź home", "a")
    saves.save_rule_set("Quick", "q")
    assert saves.same_rule_set_name("łÓDŹ  HOME", saves.load_rule_sets()) == "Łódź home"
    assert saves.same_rule_set_name("Slow", saves.load_rule_sets()) is None
    saves.save_rule_set("ŁÓDŹ HOME", "b")
    assert saves.load_rule_sets() == {"Quick": "q", "ŁÓDŹ HOME": "b"}


def test_damaged_rule_sets_are_set_aside(home: Path) -> None:
    path = home / "config" / "rulesets.json"
    path.parent.mkdir(parents=True)
    path.write_text("[1, 2")
    result = saves.read_rule_sets()
    assert result.rule_sets == {} and result.problem is not None
    assert len(list(path.parent.glob("rulesets.corrupt-*.json"))) == 1
    saves.save_rule_set("New", "x")
    assert saves.load_rule_sets() == {"New": "x"}


def _hand_edited_rule_sets(home: Path, sets: dict[str, object]) -> Path:
    path = home / "config" / "rulesets.json"
    path.parent.mkdir(parents=True)
    document = {"format": "macau-rulesets", "version": 1, "rule_sets": sets}
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def test_a_hand_edited_name_with_odd_spacing_is_tidied_and_can_be_deleted(home: Path) -> None:
    path = _hand_edited_rule_sets(home, {"  spaced   name ": "hand: 5", "Home": "draw: 2"})
    found = saves.read_rule_sets()
    assert found.rule_sets == {"spaced name": "hand: 5", "Home": "draw: 2"}
    assert found.problem is None  # nothing but spacing changed: nothing to tell
    assert list(path.parent.glob("rulesets.before-repair-*.json")) == []
    assert saves.delete_rule_set("spaced name")
    assert saves.load_rule_sets() == {"Home": "draw: 2"}


def test_hand_edited_entries_that_cannot_be_used_are_kept_in_a_copy(home: Path) -> None:
    sets: dict[str, object] = {
        "Home": "draw: 2",
        "home": "draw: 3",
        "": "hand: 7",
        "nonstr": {"x": 1},
        "  HOME ": "hand: 6",
    }
    path = _hand_edited_rule_sets(home, sets)
    original = path.read_bytes()
    found = saves.read_rule_sets()
    assert found.rule_sets == {
        "Home": "draw: 2",
        "home (2)": "draw: 3",
        "Unnamed rule set": "hand: 7",
        "HOME (3)": "hand: 6",
    }
    [kept] = path.parent.glob("rulesets.before-repair-*.json")
    assert kept.read_bytes() == original
    assert found.problem is not None
    assert "1 saved rule set held no rules text" in found.problem
    assert "had no name" in found.problem and "2 saved rule sets shared a name" in found.problem
    assert kept.name in found.problem
    # The file now holds what is in use: saving another set loses none of them.
    saves.save_rule_set("Quick", "hand: 5")
    assert saves.load_rule_sets() == {**found.rule_sets, "Quick": "hand: 5"}
    assert saves.read_rule_sets().problem is None
    assert len(list(path.parent.glob("rulesets.before-repair-*.json"))) == 1


def test_a_newer_versions_rule_sets_are_read_as_they_are_and_kept_on_saving(home: Path) -> None:
    path = home / "config" / "rulesets.json"
    path.parent.mkdir(parents=True)
    document = {
        "format": "macau-rulesets",
        "version": 2,
        "shared": ["a key this version does not know"],
        "rule_sets": {"Home  town": "hand: 6", "Later": {"text": "hand: 7", "notes": "x"}},
    }
    path.write_text(json.dumps(document), encoding="utf-8")
    before = path.read_bytes()
    found = saves.read_rule_sets()
    assert found.rule_sets == {"Home town": "hand: 6"} and found.problem is None
    assert path.read_bytes() == before  # reading never writes a newer game's file
    assert list(path.parent.glob("rulesets.before-repair-*")) == []
    saves.save_rule_set("Quick", "hand: 5")
    written = json.loads(path.read_text(encoding="utf-8"))
    assert written["version"] == 2 and written["shared"] == document["shared"]
    assert written["rule_sets"] == {
        "Later": {"text": "hand: 7", "notes": "x"},
        "Home town": "hand: 6",
        "Quick": "hand: 5",
    }


def test_many_hand_edited_sets_of_one_name_are_numbered_in_order(home: Path) -> None:
    # JSON keeps one entry per key, so the 320 sets differ in letter case and spacing only.
    cases = [
        "".join(c.upper() if i >> k & 1 else c for k, c in enumerate("home")) for i in range(16)
    ]
    sets: dict[str, object] = {
        " " * j + name: f"hand: {5 + j % 3}" for j in range(20) for name in cases
    }
    _hand_edited_rule_sets(home, sets)
    found = saves.read_rule_sets()
    names = list(found.rule_sets)
    assert names[:3] == ["home", "Home (2)", "hOme (3)"] and names[-1] == "HOME (320)"
    assert len({name_key(n) for n in names}) == 320
    assert list(found.rule_sets.values()) == list(sets.values())
    assert found.problem is not None and "319 saved rule sets shared a name" in found.problem

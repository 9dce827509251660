"""The JSON files the player keeps: damaged ones are set aside, unreadable ones left alone."""

from __future__ import annotations

import errno
import json
import os
import pathlib
from pathlib import Path
from typing import Any

import pytest

from game.store import paths, saves
from game.store.files import atomic_write_json
from game.store.paths import StoreUnavailable
from game.store.saves import load_game, read_rule_sets, save_game, save_rule_set
from game.store.settings import Settings

FIVE_MB = 5 * 1024 * 1024
DEEP = "[" * 200_000 + "]" * 200_000


def _write(home: Path, kind: str, name: str, text: str) -> Path:
    folder = home / kind
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def _envelope(saved_at: Any) -> str:
    document = {"format": "macau-save", "version": 1, "saved_at": saved_at, "game": {"k": 1}}
    return json.dumps(document)


def _aside(path: Path) -> list[Path]:
    return [p for p in path.parent.iterdir() if ".corrupt-" in p.name]


def _deny_reading(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    # Root ignores file modes, so the refusal is made the way the OS would make it.
    real_open = pathlib.Path.open

    def refusing_open(self: Path, *args: Any, **kwargs: Any) -> Any:
        if self.name == name:
            raise PermissionError(13, "Permission denied", str(self))
        return real_open(self, *args, **kwargs)

    real_os_open = os.open

    def refusing_os_open(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        reading = flags & (os.O_WRONLY | os.O_RDWR) == 0
        if reading and os.path.basename(os.fspath(path)) == name:
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real_os_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(pathlib.Path, "open", refusing_open)
    monkeypatch.setattr(os, "open", refusing_os_open)


# --- 1. saved_at ----------------------------------------------------------------------------


@pytest.mark.parametrize("saved_at", ["1" + "0" * 400, "NaN", "Infinity", "-5", "1e300"])
def test_a_nonsense_saved_at_is_ignored_not_a_crash(home: Path, saved_at: str) -> None:
    text = _envelope(0).replace('"saved_at": 0', f'"saved_at": {saved_at}')
    _write(home, "state", "current_game.json", text)
    loaded = load_game()
    assert loaded.data == {"k": 1} and loaded.problem is None
    assert loaded.saved_at is None


def test_a_sensible_saved_at_is_kept(home: Path) -> None:
    save_game({"k": 1})
    loaded = load_game()
    assert loaded.saved_at is not None and loaded.saved_at > 1_700_000_000


# --- 3. nesting and size --------------------------------------------------------------------


def test_a_deeply_nested_save_is_set_aside(home: Path) -> None:
    path = _write(home, "state", "current_game.json", DEEP)
    loaded = load_game()
    assert loaded.data is None and loaded.problem and "damaged" in loaded.problem
    assert not path.exists() and len(_aside(path)) == 1


def test_deeply_nested_settings_are_set_aside_and_defaults_used(home: Path) -> None:
    path = _write(home, "config", "settings.json", DEEP)
    loaded = Settings.load()
    assert loaded.settings == Settings() and loaded.problem and "damaged" in loaded.problem
    assert not path.exists() and len(_aside(path)) == 1


def test_deeply_nested_rule_sets_are_set_aside(home: Path) -> None:
    path = _write(home, "config", "rulesets.json", DEEP)
    found = read_rule_sets()
    assert found.rule_sets == {} and found.problem and "damaged" in found.problem
    assert not path.exists() and len(_aside(path)) == 1


def test_an_enormous_settings_file_is_set_aside_as_too_large(home: Path) -> None:
    body = '{"format": "macau-settings", "settings": {}}'
    path = _write(home, "config", "settings.json", body + " " * FIVE_MB)
    loaded = Settings.load()
    # Told as what it is: "damaged" sent a player who padded it by hand looking for a line.
    assert loaded.problem and "was too large to be read" in loaded.problem
    assert not path.exists() and len(_aside(path)) == 1


# --- 5. permission denied -------------------------------------------------------------------


def test_an_unreadable_settings_file_is_left_in_place_and_reported(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _write(home, "config", "settings.json", "{}")
    _deny_reading(monkeypatch, "settings.json")
    loaded = Settings.load()
    assert loaded.problem and "could not be read (permission denied)" in loaded.problem
    assert path.exists() and not _aside(path)


def test_an_unreadable_settings_file_is_never_written_over(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    Settings(volume=0.3, last_setup={"preset": "classic"}).save()
    path = home / "config" / "settings.json"
    before = path.read_bytes()
    _deny_reading(monkeypatch, "settings.json")
    with pytest.raises(StoreUnavailable, match=r"could not be read .* not written over"):
        Settings(volume=0.9).save()
    monkeypatch.undo()
    assert path.read_bytes() == before and not _aside(path)
    assert json.loads(before)["settings"]["volume"] == 0.3


def test_an_unreadable_save_is_left_in_place_and_reported(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _write(home, "state", "current_game.json", _envelope(0))
    _deny_reading(monkeypatch, "current_game.json")
    loaded = load_game()
    assert loaded.data is None
    assert loaded.problem and "could not be read (permission denied)" in loaded.problem
    assert path.exists() and not _aside(path)


def test_unreadable_rule_sets_are_left_in_place_and_never_written_over(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save_rule_set("mine", "classic")
    path = home / "config" / "rulesets.json"
    before = path.read_bytes()
    _deny_reading(monkeypatch, "rulesets.json")
    found = read_rule_sets()
    assert found.problem and "could not be read (permission denied)" in found.problem
    with pytest.raises(StoreUnavailable):
        save_rule_set("other", "polish")
    monkeypatch.undo()
    assert path.read_bytes() == before and not _aside(path)


# --- 6. a read-only config folder -----------------------------------------------------------


def test_settings_in_a_read_only_folder_are_still_read(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    setup = {"preset": "classic"}
    Settings(volume=0.3, last_setup=setup).save()

    def read_only(folder: Path) -> Path:
        raise StoreUnavailable(f"Macau cannot write to the folder {folder} (read-only).")

    monkeypatch.setattr(paths, "ensure_writable", read_only)
    loaded = Settings.load()
    assert loaded.problem is None
    assert loaded.settings.volume == 0.3 and loaded.settings.last_setup == setup
    with pytest.raises(StoreUnavailable):  # saving is refused with a sentence, not a crash
        Settings(volume=0.5).save()


# --- 7. a byte order mark, as Windows Notepad saves "UTF-8 with BOM" -------------------------


def test_rule_sets_saved_with_a_byte_order_mark_are_read(home: Path) -> None:
    document = {"format": "macau-rulesets", "version": 1, "rule_sets": {"Family": "x"}}
    path = _write(home, "config", "rulesets.json", "\ufeff" + json.dumps(document))
    found = read_rule_sets()
    assert found.problem is None and found.rule_sets == {"Family": "x"}
    assert path.exists() and not _aside(path)


def test_a_save_with_a_byte_order_mark_is_read(home: Path) -> None:
    path = _write(home, "state", "current_game.json", "\ufeff" + _envelope(0))
    loaded = load_game()
    assert loaded.problem is None and loaded.data == {"k": 1}
    assert path.exists() and not _aside(path)


# --- 8. nesting too deep to write -----------------------------------------------------------


def test_a_document_nested_too_deeply_to_write_is_refused_with_a_value_error(
    home: Path,
) -> None:
    deep: Any = []
    for _ in range(5000):
        deep = [deep]
    target = home / "deep.json"
    home.mkdir(parents=True, exist_ok=True)
    with pytest.raises(ValueError, match="nested too deeply"):
        atomic_write_json(target, {"x": deep})
    assert not target.exists() and list(home.iterdir()) == []


def test_a_save_folder_that_cannot_be_looked_in_may_hide_a_save(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A new table asks before it replaces a save it cannot see; only a name too long for
    the system means there is none."""

    def refuse(self: Path) -> bool:
        raise PermissionError(errno.EACCES, "Permission denied", str(self))

    monkeypatch.setattr(Path, "is_file", refuse)
    assert saves.has_saved_game()

    def too_long(self: Path) -> bool:
        raise OSError(errno.ENAMETOOLONG, "File name too long", str(self))

    monkeypatch.setattr(Path, "is_file", too_long)
    assert not saves.has_saved_game()


def test_no_rule_sets_file_is_no_sets_not_unknown() -> None:
    """A table's label of a set whose file was deleted is dropped (``label_held``)."""
    assert saves.peek_rule_sets() == {}
    save_rule_set("Home", "target = 100")
    assert saves.peek_rule_sets() == {"Home": "target = 100"}


@pytest.mark.parametrize(
    "envelope",
    [
        *(
            {"format": saves.SAVE_FORMAT, "version": 1, "saved_at": 1.0, "game": game}
            for game in ([1, 2], "text", None, 3)  # a game that is no object
        ),
        {"format": "something-else", "version": 1, "game": {"a": 1}},  # another kind of file
    ],
)
def test_a_save_that_is_not_a_saved_game_is_set_aside_not_resumed(envelope: object) -> None:
    path = paths.state_dir() / saves.SAVE_NAME
    path.write_text(json.dumps(envelope))
    found = load_game()
    assert found.data is None
    assert found.problem is not None and "damaged" in found.problem
    assert not path.exists() and list(path.parent.glob("current_game*corrupt*"))

"""Asset paths resolve in the source tree and in a PyInstaller bundle."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from game import resources
from game.resources import MissingAsset, asset_path, icon_path, sound_path


def test_assets_resolve_from_the_repository_root() -> None:
    root = Path(resources.__file__).resolve().parent.parent
    assert asset_path("sounds", "deal.wav") == root / "sounds" / "deal.wav"
    assert sound_path("deal") == root / "sounds" / "deal.wav"
    assert icon_path(30).name == "macau_32.png"


def test_a_missing_file_raises_missing_asset_with_a_plain_message() -> None:
    with pytest.raises(MissingAsset) as caught:
        asset_path("sounds", "no_such_sound.wav")
    assert isinstance(caught.value, FileNotFoundError)
    message = str(caught.value)
    assert "no_such_sound.wav" in message
    assert "missing" in message
    assert caught.value.path.name == "no_such_sound.wav"


def test_inside_a_bundle_assets_come_from_meipass(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "sounds").mkdir()
    (tmp_path / "sounds" / "click.wav").write_bytes(b"RIFF")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.is_frozen()
    assert sound_path("click") == tmp_path / "sounds" / "click.wav"
    with pytest.raises(MissingAsset, match=str(tmp_path)):
        sound_path("deal")

"""Sound effects and asset paths: files are valid and short, and nothing here breaks the game."""

from __future__ import annotations

import logging
import sys
import wave
from pathlib import Path

import pygame
import pytest

from game import resources
from game.resources import MissingAsset, asset_path, icon_path, sound_path
from game.ui import sound as sound_module
from game.ui.sound import EFFECTS, Sound


@pytest.mark.parametrize("name", EFFECTS)
def test_each_effect_is_a_short_16_bit_mono_wav(name: str) -> None:
    with wave.open(str(sound_path(name))) as wav:
        assert wav.getnchannels() == 1
        assert wav.getsampwidth() == 2
        assert wav.getframerate() == 44_100
        assert 0 < wav.getnframes() / wav.getframerate() < 1.5


def _break_mixer(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", refuse)


def test_without_an_audio_device_sound_is_silent_and_logs_once(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    _break_mixer(monkeypatch)
    with caplog.at_level(logging.DEBUG, logger="game.ui.sound"):
        sound = Sound()
        for name in EFFECTS:
            sound.play(name)
        sound.volume = 0.5
        sound.muted = True
        sound.muted = False
        sound.play("deal")
        sound.stop()
    assert not sound.available
    assert len(caplog.records) == 1
    assert "Sound is off" in caplog.records[0].getMessage()


def test_a_missing_file_is_silence_and_one_log_line(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    real = sound_module.sound_path

    def without_win(name: str):  # type: ignore[no-untyped-def]
        return real("no_such_effect" if name == "win" else name)

    monkeypatch.setattr(sound_module, "sound_path", without_win)
    with caplog.at_level(logging.DEBUG, logger="game.ui.sound"):
        sound = Sound()
        sound.play("win")
        sound.play("win")
    if not sound.available:
        pytest.skip("no audio driver on this machine")
    assert len(caplog.records) == 1
    assert "'win'" in caplog.records[0].getMessage()
    sound.play("deal")  # the others still load and play


@pytest.fixture
def sound() -> Sound:
    made = Sound(volume=0.8)
    if not made.available:
        pytest.skip("no audio driver on this machine")
    return made


def test_volume_applies_to_every_effect_at_once(sound: Sound) -> None:
    sound.volume = 0.25
    for effect in sound._effects.values():
        assert effect.get_volume() == pytest.approx(0.25, abs=0.01)
    sound.volume = 7
    assert sound.volume == 1.0
    sound.volume = -1
    assert sound.volume == 0.0


def test_mute_silences_and_unmute_restores_the_volume(sound: Sound) -> None:
    sound.volume = 0.5
    sound.muted = True
    assert all(effect.get_volume() == 0 for effect in sound._effects.values())
    sound.play("click")  # muted: nothing should start
    assert not pygame.mixer.get_busy()
    sound.muted = False
    assert sound.volume == 0.5
    assert all(
        effect.get_volume() == pytest.approx(0.5, abs=0.01) for effect in sound._effects.values()
    )


def test_unknown_effect_is_ignored_with_one_warning(
    sound: Sound, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="game.ui.sound"):
        sound.play("trumpet")
        sound.play("trumpet")
    assert len(caplog.records) == 1


# --- asset paths ---------------------------------------------------------------------------


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


def test_what_c_libraries_write_to_stderr_while_sound_starts_is_silenced(
    capfd: pytest.CaptureFixture[str],
) -> None:
    import os

    from game.failures import quiet_stderr

    with quiet_stderr():
        os.write(2, b"ALSA lib conf.c: cannot find card '0'\n")
    os.write(2, b"after\n")
    assert capfd.readouterr().err == "after\n"

"""Settings says beside the volume when no sound device could be opened: otherwise Volume
and Mute look as if they worked, and changing them does nothing a player can hear."""

from __future__ import annotations

import pytest

from game.store.settings import Settings
from game.ui.app import App
from game.ui.clock import ManualClock
from game.ui.options import NO_SOUND, SettingsScreen
from game.ui.sound import Sound
from tests.ui.textkit import drawn_texts


@pytest.mark.parametrize("available", [True, False])
def test_the_settings_say_the_game_is_silent_only_without_a_sound_device(
    monkeypatch: pytest.MonkeyPatch, available: bool
) -> None:
    sound = Sound(names=())
    sound.available = available
    app = App(settings=Settings(), clock=ManualClock(), fullscreen=False, sound=sound)
    app.stack.push(SettingsScreen())
    app.step(1 / 60)
    words = [w for w, _rect in drawn_texts(monkeypatch, app.stack, app.screen.get_size())]
    assert (NO_SOUND in words) == (not available), words

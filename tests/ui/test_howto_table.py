"""How to play opened from a table tells the pack and hand size of that table."""

from __future__ import annotations

import pytest

from game.engine import PRESETS
from game.ui import howto, theme
from game.ui.howto import HowToScreen
from tests.ui.menukit import Screen


def _words(monkeypatch: pytest.MonkeyPatch, screen: HowToScreen) -> str:
    """Every piece of text the page draws, in order."""
    drawn: list[str] = []
    original = theme.text

    def recording(content: str, *args: object, **kw: object) -> object:
        drawn.append(content)
        return original(content, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(theme, "text", recording)
    screen.page = None
    screen._page()
    monkeypatch.setattr(theme, "text", original)
    return " ".join(drawn)


def test_the_rules_in_force_speak_of_this_tables_pack(monkeypatch: pytest.MonkeyPatch) -> None:
    # Hungarian at five players uses two decks: the table's own How to play says so.
    screen = Screen(HowToScreen(rules=PRESETS["hungarian"], seats=5), size=(960, 600)).top
    assert isinstance(screen, HowToScreen)
    assert "This table has 5 players" in _words(monkeypatch, screen)
    # Another preset picked from the same screen is not this table's: no seat count.
    screen.picker.step(1)
    assert screen.picker.value != howto.IN_FORCE
    assert "This table has" not in _words(monkeypatch, screen)

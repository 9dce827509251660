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


def test_a_paragraph_between_the_power_cards_stays_where_the_text_has_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "Naming a suit" comes just before the aces it explains, not above every card.
    drawn: list[str] = []
    original = theme.text

    def recording(content: str, *args: object, **kw: object) -> object:
        drawn.append(content)
        return original(content, *args, **kw)  # type: ignore[arg-type]

    Screen(HowToScreen(rules=PRESETS["polish"]), size=(960, 600))
    monkeypatch.setattr(theme, "text", recording)
    howto.render_page(PRESETS["polish"], 900)
    order = [drawn.index(words) for words in ("Twos", "Jacks", "Naming a suit", "Aces", "Queens")]
    assert order == sorted(order)


def test_the_scroll_bar_can_be_dragged_and_its_track_clicked() -> None:
    import pygame

    screen = Screen(HowToScreen(preset="tel_aviv"), size=(1280, 800))
    page = screen.top
    assert isinstance(page, HowToScreen) and page.scroll.limit > 0 and page.scroll.bar
    track, thumb = page.scroll.bar
    # A click on the track below the thumb moves a page down.
    screen.click((track.centerx, track.bottom - 2))
    assert page.scroll.offset == pytest.approx(page.scroll.view * 0.9)
    # The thumb dragged to the bottom shows the end; dragged back up, the start.
    track, thumb = page.scroll.bar
    screen.send(pygame.MOUSEBUTTONDOWN, pos=thumb.center, button=1)
    screen.send(
        pygame.MOUSEMOTION, pos=(thumb.centerx, track.bottom + 50), rel=(0, 0), buttons=(1, 0, 0)
    )
    assert page.scroll.offset == page.scroll.limit
    screen.send(
        pygame.MOUSEMOTION, pos=(thumb.centerx, track.top - 50), rel=(0, 0), buttons=(1, 0, 0)
    )
    assert page.scroll.offset == 0
    screen.send(pygame.MOUSEBUTTONUP, pos=(thumb.centerx, track.top - 50), button=1)
    screen.send(
        pygame.MOUSEMOTION, pos=(thumb.centerx, track.bottom), rel=(0, 0), buttons=(0, 0, 0)
    )
    assert page.scroll.offset == 0  # let go: the pointer moves on its own


def test_the_reader_keeps_the_place_in_the_text_when_the_window_is_resized() -> None:
    screen = Screen(HowToScreen(preset="tel_aviv"), size=(1280, 800))
    page = screen.top
    assert isinstance(page, HowToScreen)
    page.scroll.by(page.scroll.limit / 2)
    screen.frame()
    share = page.scroll.offset / page.scroll.content
    screen.stack.resize((960, 600))
    screen.frame()
    assert page.scroll.offset / page.scroll.content == pytest.approx(share, abs=0.01)


def test_a_thumb_held_through_a_resize_stays_under_the_pointer() -> None:
    import pygame

    screen = Screen(HowToScreen(preset="tel_aviv"), size=(1280, 800))
    page = screen.top
    assert isinstance(page, HowToScreen) and page.scroll.bar
    _, thumb = page.scroll.bar
    screen.send(pygame.MOUSEBUTTONDOWN, pos=(thumb.centerx, thumb.bottom - 2), button=1)
    screen.stack.resize((960, 600))
    screen.frame()
    track, _ = page.scroll.bar
    pointer = (track.centerx, track.centery)
    screen.send(pygame.MOUSEMOTION, pos=pointer, rel=(0, 0), buttons=(1, 0, 0))
    _, thumb = page.scroll.bar
    assert thumb.top <= pointer[1] < thumb.bottom


@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (1920, 1080)])
def test_a_saved_rule_sets_name_shows_whole_in_the_picker(size: tuple[int, int]) -> None:
    """A larger window never shows less of the name; where the name and "Rules of this
    table" do not both fit, the name stays and the words before it go."""
    rules = PRESETS["tel_aviv"].replace(skip_rank="9", name="custom")
    short = HowToScreen(rules, label="Rules of this table", rules_label="Family Tel Aviv")
    Screen(short, size)
    assert short.picker.shown() == "Rules of this table: Family Tel Aviv (custom)"
    name = "Grandma's Sunday Tel Aviv v2"
    long = HowToScreen(rules, label="Rules of this table", rules_label=name)
    Screen(long, size)
    assert name in long.picker.shown() and long.picker.shown().endswith(" (custom)")


def test_a_larger_window_never_shows_less_of_a_saved_rule_sets_name() -> None:
    rules = PRESETS["tel_aviv"].replace(skip_rank="9", name="custom")
    sizes = [(960, 600), (1280, 800), (1920, 1080), (2560, 1440), (3840, 2160)]
    for name in ("W" * 23, "M" * 25, "WWWW Mum's Wednesday", "家族のテルアビブのルール日曜"):
        whole = []
        for size in sizes:
            screen = HowToScreen(rules, label="Rules of this table", rules_label=name)
            Screen(screen, size)
            whole.append(name in screen.picker.shown())
        assert whole == sorted(whole), (name, whole)  # once whole, whole at every larger size
        assert whole[0], name  # (these fit even at the smallest window)

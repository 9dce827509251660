"""The marker beside the pile holds its words at every window size: its box grows to them
up to the next seat, then its words get smaller, then a long name in them is cut short;
a free suit's symbol is never the part left out, and no seat box is covered."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.engine import PRESETS, Game, parse_action
from game.ui import theme
from tests.ui.tablekit import Harness
from tests.ui.textkit import text_spy

SIZES = [(960, 600), (1280, 800)]
LONG = "Wojciech Szczęsny-Brzęczyszczyk"


def _free_suit() -> Game:
    """Hungarian, three seats: East (seat 2) holds only clubs and lays A♣ naming a free suit."""
    g = Game.from_position(
        PRESETS["hungarian"],
        hands=["7S QC 2H 9S 3H", "6D 4D 10C KD 5D", "AC 3C 8C"],
        pile="5H 9C",
        stock="9H KC 4S 8S 10D JD 5C",
        current=2,
    )
    g.apply(parse_action("AC/*"), 2)
    return g


def _jack_request() -> Game:
    """Polish, four seats: North (seat 2) asks for 10s with J♣, East draws."""
    g = Game.from_position(
        PRESETS["polish"],
        hands=["7S QC 2H 8C 3S", "2C 4D 9S KD 5D", "2D 3H 4C JC AS", "3D 4H 8D AC 6C"],
        pile="5H 10C",
        stock="9H KC 4S 8S 10D JD 5C 6H",
        current=2,
    )
    g.apply(parse_action("JC/10"), 2)
    g.apply(parse_action("draw"), 3)
    return g


def _seated(h: Harness, names: list[str]) -> None:
    h.table.names[:] = names
    h.table.director.names[:] = names
    h.table.director.resync()
    h.tick()


def _marker_drawn(
    monkeypatch: pytest.MonkeyPatch, h: Harness, words: dict[int, str]
) -> tuple[pygame.Rect, list[tuple[str, pygame.Rect]]]:
    """Draw the table once: the marker's box, and each of its lines with where it went
    (``words``: what ``text_spy``, set before the table was drawn first, has seen made)."""
    panels: list[pygame.Rect] = []
    blit_panel = theme.blit_panel

    def panel(surface: pygame.Surface, rect: pygame.Rect, fill: Any, *a: Any, **k: Any) -> None:
        if tuple(fill) == (*theme.PANEL, 215):  # the marker's own panel
            panels.append(pygame.Rect(rect))
        blit_panel(surface, rect, fill, *a, **k)

    monkeypatch.setattr(theme, "blit_panel", panel)
    lines: list[tuple[str, pygame.Rect]] = []
    real_blit = pygame.Surface.blit

    class Window(pygame.Surface):
        def blit(self, source: pygame.Surface, dest: Any, *a: Any, **k: Any) -> Any:  # type: ignore[override]
            said = words.get(id(source))
            if said is not None and panels and len(lines) < 2 and not a:
                at = pygame.Rect(dest) if len(dest) == 4 else pygame.Rect(dest, source.get_size())
                lines.append((said, at))
            return real_blit(self, source, dest, *a, **k)

    h.table.draw(Window(h.screen.get_size()))
    monkeypatch.undo()
    assert len(panels) == 1, "one marker is shown"
    return panels[0], lines


def _check(h: Harness, box: pygame.Rect, lines: list[tuple[str, pygame.Rect]]) -> None:
    layout = h.table.layout
    seats = [a.rect for a in layout.areas]
    assert box.collidelist(seats) < 0, (box, seats)
    right = layout.log_rect.left if h.table.show_log else h.screen.get_width()
    assert box.left >= 0 and box.right <= right
    for said, at in lines:
        assert box.contains(at), (said, at, box)
        assert at.collidelist(seats) < 0, said


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("log", [False, True])
def test_a_free_suit_marker_keeps_the_suit_it_leaves_out_inside_its_box(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], log: bool
) -> None:
    words = text_spy(monkeypatch)
    h = Harness(_free_suit(), size=size)
    h.table.show_log = log
    h.tick()
    box, lines = _marker_drawn(monkeypatch, h, words)
    assert lines[0][0] == "Free suit — not ♣"
    _check(h, box, lines)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", ["Maximiliana", LONG, "W" * 32])
def test_a_request_naming_a_long_seat_name_stays_in_its_box_and_off_the_seats(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], name: str
) -> None:
    words = text_spy(monkeypatch)
    h = Harness(_jack_request(), size=size)
    _seated(h, ["You", "Bartholomew", name, "Wilhelmina"])
    box, lines = _marker_drawn(monkeypatch, h, words)
    (head, _), (sub, _) = lines
    assert head == "Request: 10s" and sub.startswith("through ") and sub.endswith("'s turn")
    _check(h, box, lines)


def test_a_name_too_long_for_the_marker_is_cut_as_its_seat_box_cuts_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from game.ui.layout import table_layout
    from game.ui.tablewords import fit_marker

    pygame.display.init()
    pygame.font.init()
    words = text_spy(monkeypatch)
    layout = table_layout((960, 600), 4)
    names = ["You", "West", LONG, "East"]
    a, b, box = fit_marker(layout, "Request: 10s", f"through {LONG}'s turn", False, 960, names)
    assert words[id(a)] == "Request: 10s"
    assert words[id(b)].startswith("through Woj") and words[id(b)].endswith(" S.'s turn")
    assert (box.x, box.y) == (layout.marker.x, layout.marker.y)  # still beside the pile
    assert box.collidelist([s.rect for s in layout.areas]) < 0

"""The scoreboard and the match result head each column with its player's name: whole where
the window has room (the panel widens for long names), else shortened to the part that
tells two people apart ("Katarzyna K." beside "Katarzyna N."), never two alike. The match
result's headline fits the window, however long the winners' names."""

from __future__ import annotations

import re

import pygame
import pytest

from game.engine import Game, parse_action
from game.store.settings import Settings
from game.ui import scoreboard, theme
from game.ui.handoff import HandoffScreen
from game.ui.matchtable import MatchTable
from game.ui.roundend import RoundEndOverlay, fit_round_title
from game.ui.scoreboard import MatchEndScreen, ScoreboardOverlay
from game.ui.screen import Scroll
from game.ui.setup import SeatSpec, TableSetup, startable
from tests.ui.menukit import Screen
from tests.ui.textkit import drawn_texts, outside, overlaps

OFF = Settings(animation_speed="off", bot_pace="fast")


def _seats(names: str) -> tuple[SeatSpec, ...]:
    """ "Anna,Ben:medium" as seats: a person, then a bot of that level."""
    return tuple(SeatSpec(*n.split(":")) if ":" in n else SeatSpec(n) for n in names.split(","))


def _shows(heading: str, name: str) -> bool:
    """Whether ``heading`` can be read as ``name``: its words in full, or cut short ("Kat…")
    or abbreviated ("K.", "Kowals.") from the start, the first word for the first name and
    the last for the surname."""
    words, parts = name.split(), heading.split()
    if len(parts) == 1 and parts[0].endswith("…"):
        return name.startswith(parts[0][:-1])
    if len(parts) == 2 and len(words) > 2:
        words = [words[0], words[-1]]
    if len(parts) != len(words):
        return False
    for part, word in zip(parts, words, strict=True):
        stem = re.sub(r"[.…]$", "", part)
        if not (word.startswith(stem) if stem != part else word == part):
            return False
    return True


def _headings(drawn: list[tuple[str, pygame.Rect]], row_y: int, names: list[str]) -> list[str]:
    """The texts drawn on the grid's heading line (at ``row_y``), left to right."""
    heads = sorted((rect.x, words) for words, rect in drawn if rect.y == row_y)
    assert len(heads) == len(names), heads
    return [words for _x, words in heads]


def _check_headings(drawn: list[tuple[str, pygame.Rect]], names: list[str]) -> list[str]:
    """Every column heading names its own player and no other one."""
    first = next(rect.y for words, rect in drawn if _shows(words, names[0]))
    heads = _headings(drawn, first, names)
    for s, heading in enumerate(heads):
        assert _shows(heading, names[s]), (heading, names[s])
        for t, other in enumerate(names):
            assert t == s or not _shows(heading, other), f"{heading!r} reads as {other!r} too"
    return heads


def _scoreboard(
    monkeypatch: pytest.MonkeyPatch, preset: str, names: str, size: tuple[int, int]
) -> tuple[MatchTable, list[tuple[str, pygame.Rect]]]:
    setup = startable(TableSetup(preset, _seats(names), target=1000))
    table = MatchTable(setup, setup.new_game(5), settings=OFF, seed=5)
    screen = Screen(table, size)
    table.open_scoreboard()
    assert isinstance(screen.top, ScoreboardOverlay)
    screen.frame()
    drawn = drawn_texts(monkeypatch, screen.stack, size, top_only=True)
    assert overlaps(drawn) == [] and outside(drawn, size) == []
    return table, drawn


def test_two_katarzynas_are_named_in_full_at_1280_by_800(monkeypatch: pytest.MonkeyPatch) -> None:
    table, drawn = _scoreboard(
        monkeypatch, "classic", "Katarzyna Kowalska,Katarzyna Nowak,Ben:medium", (1280, 800)
    )
    heads = _check_headings(drawn, table.names)
    assert heads == ["Katarzyna Kowalska", "Katarzyna Nowak", "Ben"]


@pytest.mark.parametrize(
    "names",
    [
        "Anna Kowalska,Anna Nowak,Piotr Zieliński,Piotr Wójcik,Ben:medium,Eve:easy",
        "Katarzyna Kowalska,Katarzyna Nowak,Piotr Zieliński,Piotr,"
        "Małgorzata Wójcik-Kamińska:medium,Eve:easy,Cleo:hard,Dan:medium",
        "Katarzyna Kowalska,Katarzyna Nowak,Piotr Zieliński,Piotr Wójcik,"
        "Małgorzata Wójcik-Kamińska:medium,Anna Kowalska:easy,Anna Kowalczyk,"
        "Jean-Baptiste Lefèvre:medium",
    ],
)
def test_many_seats_at_960_by_600_keep_what_tells_names_apart(
    monkeypatch: pytest.MonkeyPatch, names: str
) -> None:
    table, drawn = _scoreboard(monkeypatch, "polish", names, (960, 600))
    heads = _check_headings(drawn, table.names)
    if "Cleo" in names:  # short names leave the long ones room for their first names
        assert heads[:2] == ["Katarzyna K.", "Katarzyna N."]


def _match_end(
    names: str, size: tuple[int, int], scores: tuple[int, int, int] = (100, 495, 95)
) -> tuple[Screen, MatchEndScreen]:
    """The end of a classic match: seat 0 lays its last card, seat 1 passes 500 on the 10
    points it is left holding and seat 2 takes 5 (by default ending level with seat 0)."""
    game = Game.from_position(
        "classic",
        hands=["7H", "9S 8S", "9C"],
        pile="5H",
        stock="2D 3D 4S 6C",
        scores=list(scores),
    )
    table = MatchTable(TableSetup("classic", _seats(names)), game, settings=OFF, seed=1, deal=False)
    table.bots.clear()
    screen = Screen(table, size)
    table.apply(parse_action("7H"), 0)
    for _ in range(600):
        if isinstance(screen.top, MatchEndScreen):
            break
        if isinstance(screen.top, (HandoffScreen, RoundEndOverlay)):
            screen.key(pygame.K_RETURN)
        screen.frame()
    end = screen.top
    assert isinstance(end, MatchEndScreen) and game.match_over
    return screen, end


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
@pytest.mark.parametrize(
    "names",
    [
        "Katarzyna Kowalska-Zielińska,Ben:medium,Katarzyna Nowak-Wiśniewska",
        "Małgorzata Lewandowska,Ben:medium,Anna",
        "Katarzyna Nowak,Ben:medium,Anna",
    ],
)
def test_a_drawn_match_of_long_names_is_headed_inside_the_window(
    monkeypatch: pytest.MonkeyPatch, names: str, size: tuple[int, int]
) -> None:
    screen, end = _match_end(names, size)
    assert end.table.game.winners == (0, 2)
    drawn = drawn_texts(monkeypatch, screen.stack, size, top_only=True)
    assert overlaps(drawn) == [] and outside(drawn, size) == []
    headline = next(words for words, _rect in drawn if words.startswith("Drawn match"))
    winners = [end.table.names[0], end.table.names[2]]
    said = headline.removeprefix("Drawn match: ").split(" and ")
    assert len(said) == 2, headline
    for heading, name in zip(said, winners, strict=True):
        assert _shows(heading, name), (heading, name)
        assert not _shows(heading, end.table.names[1])
    assert not _shows(said[0], winners[1]) and not _shows(said[1], winners[0])
    _check_headings(drawn, end.table.names)


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
def test_the_longest_winners_name_is_headed_inside_the_window(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    longest = "Maximiliana Wolkenstein-Brandtowa"[:32]
    screen, end = _match_end(f"{'W' * 32},Ben:medium,{longest}", size, (100, 495, 80))
    assert end.table.game.winners == (2,)
    drawn = drawn_texts(monkeypatch, screen.stack, size, top_only=True)
    assert overlaps(drawn) == [] and outside(drawn, size) == []
    headline = next(words for words, _rect in drawn if words.endswith("wins the match!"))
    assert _shows(headline.removesuffix(" wins the match!"), longest)


def test_a_draw_of_names_too_long_to_say_counts_those_who_share_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    screen, end = _match_end(f"{'W' * 32},Ben:medium,{'M' * 32}", (960, 600))
    assert end.table.game.winners == (0, 2)
    drawn = drawn_texts(monkeypatch, screen.stack, (960, 600), top_only=True)
    assert outside(drawn, (960, 600)) == []
    assert "Drawn match between 2 players" in [words for words, _rect in drawn]


@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (2560, 1440), (3840, 2160)])
def test_the_scroll_bar_of_many_rounds_keeps_clear_of_the_last_column(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    names = ",".join(["Anna", *(f"Player {n}:medium" for n in range(2, 11))])
    setup = startable(TableSetup("hungarian", _seats(names)))
    table = MatchTable(setup, setup.new_game(5), settings=OFF, seed=5)
    rows = [(f"Round {r}", ["1st", *["10th"] * 9]) for r in range(1, 31)]
    rows.append(("Round 31", ["playing"] * 10))
    monkeypatch.setattr(
        scoreboard, "score_lines", lambda t: (rows, ["30"] + ["0"] * 9, "Rounds won")
    )
    bars: list[pygame.Rect] = []
    draw_bar = Scroll.draw_bar

    def noting(self: Scroll, surface: pygame.Surface, area: pygame.Rect, ui: float) -> None:
        reach = round(8 * ui)  # the bar's room at the area's right edge
        bars.append(pygame.Rect(area.right - reach, area.y, reach, area.h))
        draw_bar(self, surface, area, ui)

    monkeypatch.setattr(Scroll, "draw_bar", noting)
    screen = Screen(table, size)
    table.open_scoreboard()
    screen.frame()
    drawn = drawn_texts(monkeypatch, screen.stack, size, top_only=True)
    [bar] = bars[-1:]
    cells = [rect for words, rect in drawn if words in ("playing", "10th", "1st")]
    assert cells and not [rect for rect in cells if rect.colliderect(bar)]


def test_the_seats_that_reached_the_target_are_named_shortened_at_960_by_600(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two long names past the target: the line under the headline shortens them as the
    round board does, so "reached it" is still said, not cut off."""
    names = "Maximilian Wawrzyniak,Bartholomew Konstantinou:medium,Wilhelmina Zaharieva-Petrova"
    screen, end = _match_end(names, (960, 600), scores=(100, 495, 498))
    over = [s for s in range(3) if end.table.game.scores[s] >= 500]
    assert over == [1, 2]
    drawn = [w for w, _r in drawn_texts(monkeypatch, screen.stack, (960, 600), top_only=True)]
    line = next(w for w in drawn if w.startswith("1 round played to 500 points; "))
    assert line.endswith(" reached it") and "…" not in line, line
    said = line.removeprefix("1 round played to 500 points; ").removesuffix(" reached it")
    first, second = said.split(" and ")
    assert _shows(first, end.table.names[1]) and _shows(second, end.table.names[2]), said
    assert said != " and ".join(end.table.names[1:])  # shortened to fit
    # Names of one word are cut short, and the sentence still ends.
    screen, end = _match_end(f"Anna,{'W' * 32}:medium,{'M' * 32}", (960, 600), (100, 495, 498))
    drawn = [w for w, _r in drawn_texts(monkeypatch, screen.stack, (960, 600), top_only=True)]
    line = next(w for w in drawn if w.startswith("1 round played to 500 points; "))
    assert re.fullmatch(r".*; W+… and M+… reached it", line), line
    # With no room to say who readably they are counted; with room, said in full.
    assert end.result_lines(440)[0] == "1 round played to 500 points; 2 players reached it"
    assert end.result_lines(10_000)[0].endswith(f"; {'W' * 32} and {'M' * 32} reached it")


def test_a_long_winners_name_shortened_on_the_round_board_keeps_the_title_size() -> None:
    """Shortened to "Wojciech M.", a winner's name leaves the title room at its usual size:
    it is not drawn at the smallest size it was tried at before the name was shortened."""
    pygame.font.init()
    long_name = "Wojciech " + "M" * 23
    words = f"{long_name} wins the round"
    names = [long_name, "Ben", "Cleo"]
    room = theme.text_size(words, 22, True)[0] - 10  # too wide even at the smallest size
    fitted, size = fit_round_title(words, [long_name], names, False, room, 36, 22)
    assert fitted == "Wojciech M. wins the round"
    assert size == theme.fit_size(fitted, 36, room, True, smallest=22) > 22

"""Whole games, resizing and the layout of every table size."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pygame
import pytest

from game.engine import PASS, PRESETS, Game, Phase, Play
from game.ui import tabledraw, theme
from game.ui.layout import table_layout
from game.ui.overlays import RoundOverOverlay
from game.ui.table import TableScene
from tests.ui.tablekit import Harness
from tests.ui.textkit import text_spy


def test_a_full_game_against_three_bots_reaches_the_round_over_board() -> None:
    game = Game.new(PRESETS["quick"], seats=4, seed=11)
    h = Harness(game, levels=("medium", "easy", "random"), autoplay=True, bots=True)
    h.run_until(lambda: isinstance(h.stack.top, RoundOverOverlay), limit=20000, draw_every=5)
    assert h.game.over
    board = h.stack.top
    assert isinstance(board, RoundOverOverlay) and len(board.rows) == 4
    h.key(pygame.K_r, "r")  # rematch deals a fresh round
    h.tick(3)
    assert h.stack.top is h.table and not h.table.game.over


def test_resizing_mid_game_keeps_every_card_on_screen() -> None:
    game = Game.new(PRESETS["polish"], seats=6, seed=3)
    h = Harness(game)
    for size in [(960, 600), (1600, 1000), (1000, 640)]:
        h.stack.resize(size)
        h.screen = pygame.display.set_mode(size)
        h.tick(2)
        screen = pygame.Rect((0, 0), size)
        w, hgt = h.table.layout.card
        for hc in h.table.hand.cards:
            x, y = h.table.hand.centre(hc, h.table.layout)
            assert screen.contains(pygame.Rect(x - w / 2, y - hgt / 2, w, hgt).inflate(-4, -4)), (
                size
            )
        for area in h.table.layout.areas:
            assert screen.contains(area.rect), (size, area)
        for rect in (h.table.layout.stock, h.table.layout.pile, h.table.layout.marker):
            assert screen.contains(rect)


def test_a_card_held_for_a_chooser_moves_with_the_pile_when_the_window_shrinks() -> None:
    from game.ui.choosers import SuitChooser

    game = Game.from_position(
        PRESETS["polish"], hands=["AS JS 4S 2H", "8C 6S 10S 4D", "3D JD 4C", "2D AC 9H"],
        pile="5D 7S", stock="2C 6D 5S 8S 10H 7C QS QD JH 8H 3C",
    )  # fmt: skip
    h = Harness(game, size=(2560, 1440))
    h.drag_to_pile("AS")
    assert isinstance(h.stack.top, SuitChooser)
    h.stack.resize((960, 600))
    layout = h.table.layout
    near_pile = layout.pile.inflate(layout.card[0], layout.card[1])
    assert near_pile.collidepoint(h.table.flow.held_at), (h.table.flow.held_at, layout.pile)
    h.key(pygame.K_ESCAPE)  # the card goes back to the hand from there
    assert not h.table.flow.held and "AS" in h.hand_codes()


def test_cards_in_flight_when_the_window_shrinks_land_in_the_new_layout() -> None:
    h = Harness(Game.new(PRESETS["polish"], seats=6, seed=11), size=(1600, 1000))
    h.table.animator.speed = "normal"
    tabledraw.start_deal(h.table)
    h.tick(12)
    assert h.table.director.flights  # the deal is under way
    h.stack.resize((960, 600))
    h.screen = pygame.display.set_mode((960, 600))
    assert not h.table.director.flights  # landed, not flying on to the old window's places
    assert len(h.table.hand.cards) == len(h.game.hand(0))
    assert h.table.director.model.counts == list(h.game.hand_counts)
    h.tick(2)
    screen = pygame.Rect(0, 0, 960, 600)
    for hc in h.table.hand.cards:
        assert screen.collidepoint(h.table.hand.centre(hc, h.table.layout))


@pytest.mark.parametrize("seats", range(2, 11))
def test_seat_areas_never_overlap_at_the_smallest_window(seats: int) -> None:
    layout = table_layout((960, 600), seats)
    rects = [a.rect for a in layout.areas]
    centre = layout.stock.union(layout.pile).union(layout.marker)
    screen = pygame.Rect(0, 0, 960, 600)
    for i, a in enumerate(rects):
        assert screen.contains(a)
        assert not (i and a.colliderect(centre)), f"seat {i} covers the stock or pile"
        for b in rects[i + 1 :]:
            assert not a.colliderect(b)


@pytest.mark.parametrize("size", [(1920, 1080), (2560, 1440), (3840, 2160)])
@pytest.mark.parametrize("seats", [2, 4, 7, 10])
def test_a_large_window_grows_the_cards_and_seats_without_overlap(
    seats: int, size: tuple[int, int]
) -> None:
    layout = table_layout(size, seats)
    default = table_layout((1280, 800), seats)
    assert layout.card[0] > default.card[0] and layout.small[0] > default.small[0]
    if size[1] > 1080:  # and they go on growing past a 1080p screen
        assert layout.card[0] > table_layout((1920, 1080), seats).card[0]
    if size[1] > 1440:  # a 4K screen shows the table as a 1080p one does, only sharper
        full_hd = table_layout((1920, 1080), seats)
        assert layout.card[0] == pytest.approx(2 * full_hd.card[0], abs=2)
        assert layout.ui == pytest.approx(2 * full_hd.ui, rel=0.02)
    rects = [a.rect for a in layout.areas]
    centre = layout.stock.union(layout.pile).union(layout.marker).union(layout.penalty)
    screen = pygame.Rect((0, 0), size)
    for i, a in enumerate(rects):
        assert screen.contains(a)
        assert not (i and a.colliderect(centre)), f"seat {i} covers the stock or pile"
        assert not (i and a.colliderect(layout.hand_rect)), f"seat {i} covers your hand"
        for b in rects[i + 1 :]:
            assert not a.colliderect(b)
    for seat_box in rects[1:]:  # a seat's face-down fan fits its box
        assert seat_box.w > layout.small[0] * 1.5 and seat_box.h > layout.small[1]


def test_words_and_buttons_grow_with_the_cards_only_past_the_usual_card_size() -> None:
    for size in [(960, 600), (1280, 800), (1600, 900)]:
        assert table_layout(size, 4).ui == 1.0
    big = table_layout((2560, 1440), 4)
    assert big.ui == pytest.approx(big.card[0] / 130) and big.px(20) == round(20 * big.ui)
    assert big.button_h > table_layout((1280, 800), 4).button_h
    game = Game.new(PRESETS["polish"], seats=4, seed=3)
    small_table, large_table = Harness(game, size=(1280, 800)), Harness(game, size=(2560, 1440))
    for button in ("sort_button", "menu_button", "log_button"):
        small, large = getattr(small_table.table, button), getattr(large_table.table, button)
        assert large.size > small.size and large.rect.h > small.rect.h
    assert large_table.table.layout.corner_left.w > small_table.table.layout.corner_left.w
    for h in (small_table, large_table):  # every action button, shown or not, at its scale
        assert {b.size for b in h.table.action_buttons} == {h.table.layout.px(20)}


@pytest.mark.parametrize("size", [(800, 600), (900, 700), (960, 600), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6, 8, 10])
def test_an_open_log_moves_the_table_aside_instead_of_covering_seats(
    seats: int, size: tuple[int, int]
) -> None:
    layout = table_layout(size, seats, log=True)
    log = layout.log_rect
    screen = pygame.Rect((0, 0), size)
    assert screen.contains(log) and log.w >= 280
    covered = [a.seat for a in layout.areas if a.rect.colliderect(log)]
    assert not covered, f"the log hides seats {covered}"
    rects = [a.rect for a in layout.areas]
    for i, a in enumerate(rects):
        assert screen.contains(a)
        assert not a.colliderect(layout.stock) and not a.colliderect(layout.pile)
        assert not any(a.colliderect(b) for b in rects[i + 1 :])
    # on a screen too narrow to put the table beside it, the log may lie over the suit in
    # force (closing the log shows it), never over the stock, the pile or the buttons
    beside = size[0] >= 960
    for rect in (layout.stock, layout.pile, layout.corner_right) + ((layout.marker,) * beside):
        assert not rect.colliderect(log)
    assert layout.size == size
    # the seats still go round in play order: up the left side, then across the top
    sides = [a.side for a in layout.areas[1:]]
    assert sides == sorted(sides, key=["left", "top", "right"].index)


def test_opening_the_log_mid_game_relays_the_table_and_closing_it_restores_it() -> None:
    game = Game.new(PRESETS["polish"], seats=4, seed=3)
    h = Harness(game)
    before = h.table.layout
    h.key(pygame.K_l, "l")
    h.tick(2)
    assert h.table.show_log and h.table.layout.log_rect.right <= 1280
    assert h.table.log_button.on  # the Log button is lit while the log is open
    for hc in h.table.hand.cards:  # your cards moved out from under the log
        x, _y = h.table.hand.centre(hc, h.table.layout)
        assert x < h.table.layout.log_rect.left
    h.click(h.table.log_button.rect.center)  # the button closes it as the key opened it
    h.tick(2)
    assert not h.table.show_log and not h.table.log_button.on and h.table.layout == before


def test_the_log_opens_with_the_deal() -> None:
    game = Game.new(PRESETS["polish"], seats=4, seed=3)
    h = Harness(game)  # shows the position as it is: the log is empty until a deal
    assert not h.table.director.log
    tabledraw.start_deal(h.table)
    dealer = h.table.names[game.dealer]
    first = h.table.director.log[0]
    assert first.startswith(f"Round 1: {dealer} deal")
    assert f"5 cards each; {game.top.pretty} starts the pile" in first


def test_stop_macau_is_offered_while_a_bot_can_be_caught() -> None:
    game = Game.from_position(
        PRESETS["polish"],
        hands=["8C 9C 10D", "5H 7D", "3H 6D"],
        pile="5S",
        stock="2C 4C 6C",
        current=1,
    )
    game.apply("5H")  # seat 1 keeps one card and forgets to call
    h = Harness(game)
    assert game.macau_catchable == 1
    assert h.table.stop_button.visible
    h.key(pygame.K_s, "s")
    h.tick(2)
    assert len(game.hand(1)) > 2 and game.macau_catchable == -1
    assert not h.table.stop_button.visible


def test_the_pause_overlay_opens_with_escape_and_resumes() -> None:
    h = Harness(Game.new(PRESETS["quick"], seats=4, seed=2))
    h.key(pygame.K_ESCAPE)
    assert h.stack.top is not h.table
    h.key(pygame.K_ESCAPE)
    assert h.stack.top is h.table


@pytest.mark.parametrize("name", ["penalty", "chooser", "log", "roundover"])
def test_every_prepared_position_opens(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MACAU_HOME", str(tmp_path))
    from game.store import Store
    from game.store.saves import has_saved_game
    from game.ui.roundend import RoundEndOverlay
    from game.ui.start import demo_table
    from tests.ui.menukit import Screen

    screen = Screen(demo_table(name), (960, 600))
    for _ in range(1200):
        screen.frame(draw=False)
        if isinstance(screen.top, RoundEndOverlay):
            break
    screen.frame()
    if name == "roundover":
        # the match's own board, with the cards left; the demo neither records nor saves
        assert isinstance(screen.top, RoundEndOverlay)
        with Store.open() as store:
            assert store.history() == []
        assert not has_saved_game()
        return
    table = screen.top
    assert isinstance(table, TableScene) and not table.game.over
    g = table.game
    if name == "penalty":  # 3♦ and 2♦ laid on you: 5 to draw, and the stack shows it
        assert (g.phase, g.current, g.penalty) == (Phase.ATTACK, 0, 5)
        assert table.director.model.penalty == 5
    else:  # your turn with an ace to name a suit with; the log open down the right
        assert g.current == 0 and any(
            a.cards[-1].code == "AS" and a.choice for a in g.legal_actions(0) if isinstance(a, Play)
        )
        assert table.show_log == (name == "log")


def test_a_resumed_round_keeps_its_log_and_marks_where_it_picks_up() -> None:
    from game.store.settings import Settings
    from game.ui.matchtable import MatchTable
    from game.ui.resume import restore, snapshot
    from game.ui.setup import SeatSpec, TableSetup

    seats = (SeatSpec("You"), SeatSpec("Ben", "easy"), SeatSpec("Cleo", "easy"))
    setup = TableSetup("polish", seats)
    off = Settings(animation_speed="off")
    table = MatchTable(setup, setup.new_game(seed=4), settings=off, seed=4, deal=False)
    table.director.note_deal()
    table.director.log.append("Ben laid 5♦")
    saved = snapshot(table)
    again = restore(saved, off)
    top = again.game.top
    resumed = f"Round 1 resumed; {top.pretty} on the pile"
    assert list(again.director.log) == [*table.director.log, resumed]
    saved["log"] = "damaged"  # a damaged log costs only the log
    assert list(restore(saved, off).director.log) == [resumed]
    del saved["log"]  # a save from before logs were kept
    assert list(restore(saved, off).director.log) == [resumed]


def test_your_missed_turns_are_not_drawn_over_your_place(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui import tabledraw

    h = Harness(Game.new(PRESETS["polish"], seats=4, seed=3))
    model = h.table.director.model
    me = h.table.viewer
    model.missed[me] = 2
    drawn: list[int] = []
    monkeypatch.setattr(tabledraw, "_draw_tokens", lambda _s, n, *_a, **_k: drawn.append(n))
    tabledraw._draw_you(h.table, h.screen)
    assert drawn == [2]  # still playing: the two turns to miss are shown
    model.places[me] = 3
    drawn.clear()
    tabledraw._draw_you(h.table, h.screen)
    assert drawn == []  # placed: "3rd place" alone, nothing drawn over it


def test_your_name_cut_short_keeps_what_tells_it_from_another(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two people of one first name at pass-and-play: the name over the hand face up says
    whose it is, so it is cut as the seat boxes cut names, not at its end alike for both."""
    from game.ui import tabledraw, theme

    h = Harness(Game.new(PRESETS["polish"], seats=4, seed=3), size=(960, 600))
    table, me = h.table, h.table.viewer
    table.layout.corner_left.w = 120  # a hand so long that its first card comes early
    monkeypatch.setattr(table.hand, "cards", [])
    drawn: list[str] = []
    real = theme.text

    def text(words: str, *args: object, **kwargs: object) -> pygame.Surface:
        if sys._getframe(1).f_code.co_name == "_draw_you":  # not the measuring of it
            drawn.append(words)
        return real(words, *args, **kwargs)  # type: ignore[arg-type]

    shown = []
    for mine, other in (("Kowalczyk", "Zielińska"), ("Zielińska", "Kowalczyk")):
        table.names = ["Ben", "Cleo", "Dora", "Ed"]
        table.names[me], table.names[(me + 1) % 4] = f"Aleksandra {mine}", f"Aleksandra {other}"
        drawn.clear()
        monkeypatch.setattr(tabledraw.theme, "text", text)
        tabledraw._draw_you(table, h.screen)
        monkeypatch.setattr(tabledraw.theme, "text", real)
        shown.append(drawn[0])
    assert shown[0] != shown[1]
    assert shown[0].endswith("K.") and shown[1].endswith("Z.")


def _overlays() -> list[object]:
    from game.store.settings import Settings
    from game.ui.handoff import HandoffScreen
    from game.ui.matchtable import MatchTable
    from game.ui.overlays import PauseOverlay, RoundRow
    from game.ui.roundend import GamePause
    from game.ui.scoreboard import ScoreboardOverlay
    from game.ui.setup import SeatSpec, TableSetup

    setup = TableSetup("classic", (SeatSpec("Ann"), SeatSpec("Ben"), SeatSpec("Cy", "easy")))
    table = MatchTable(setup, setup.new_game(seed=3), settings=Settings(), seed=3)
    rows = [RoundRow("You", 1, 0, you=True), RoundRow("Ben", 2, 3)]
    return [
        PauseOverlay(),
        GamePause(),
        RoundOverOverlay("You win!", rows, can_continue=True),
        ScoreboardOverlay(table),
        HandoffScreen(table, 1),
    ]


@pytest.mark.parametrize("index", range(5))
def test_the_overlays_grow_with_a_large_window_and_stay_inside_it(
    index: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MACAU_HOME", str(tmp_path))
    pygame.display.init()
    panels = []
    for size in [(1280, 800), (2560, 1440)]:
        overlay = _overlays()[index]
        overlay.resize(size)  # type: ignore[attr-defined]
        panel: pygame.Rect = overlay.panel  # type: ignore[attr-defined]
        assert pygame.Rect((0, 0), size).contains(panel)
        surface = pygame.Surface(size)
        overlay.draw(surface)  # type: ignore[attr-defined]
        panels.append(panel.size)
    (w0, h0), (w1, h1) = panels
    assert w1 > w0 * 1.3 and h1 > h0 * 1.3


@pytest.mark.parametrize("size", [(892, 255), (640, 480), (400, 900)])
def test_a_window_far_below_the_smallest_size_still_draws(size: tuple[int, int]) -> None:
    # The window never gets this small (the app holds the minimum), but a fullscreen on a tiny
    # desktop, or a driver that ignores the minimum, must not bring the game down.
    h = Harness(Game.new(PRESETS["hungarian"], seats=10, seed=7), size=size)
    h.key(pygame.K_l, "l")
    h.tick(3)
    assert h.table.layout.size == size


def _long_log_table() -> Harness:
    h = Harness(
        Game.new(PRESETS["polish"], seats=4, seed=11), levels=("medium",), autoplay=True, bots=True
    )
    h.key(pygame.K_l, "l")
    while len(h.table.director.log) < 45 and not h.game.over:
        h.tick(5)
    h.table.bots.clear()  # the table stands still from here
    h.tick(60)
    assert h.table.log_height > h.table.layout.log_rect.h  # more than the log can show
    return h


def test_the_log_scrolls_back_to_its_oldest_line_and_forward_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    h = _long_log_table()
    table = h.table

    def log_pixels() -> bytes:
        return pygame.image.tobytes(h.screen.subsurface(table.layout.log_rect), "RGB")

    newest = log_pixels()
    h.key(pygame.K_PAGEUP)
    assert table.log_back > 0 and log_pixels() != newest
    h.key(pygame.K_HOME)  # all the way back: capped where the oldest line shows at the top
    oldest_back = table.log_back
    assert 0 < oldest_back < table.log_height
    h.key(pygame.K_PAGEUP)
    assert table.log_back == oldest_back
    h.key(pygame.K_END)
    assert table.log_back == 0
    # The wheel over the log reads back too; elsewhere it is left to the table.
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: table.layout.log_rect.center)
    h.send(pygame.MOUSEWHEEL, x=0, y=2, flipped=False)
    assert table.log_back == 2 * table.layout.px(48)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: table.layout.pile.center)
    h.send(pygame.MOUSEWHEEL, x=0, y=2, flipped=False)
    assert table.log_back == 2 * table.layout.px(48)
    # Closing and opening the log starts again from the newest line.
    h.key(pygame.K_l, "l")
    h.key(pygame.K_l, "l")
    assert table.log_back == 0


def test_new_lines_leave_a_scrolled_back_log_where_it_was() -> None:
    h = _long_log_table()
    table = h.table
    h.key(pygame.K_PAGEUP)
    back, height = table.log_back, table.log_height
    table.director.log.append("Ada laid 7♥")  # a new line below
    h.tick()
    assert table.log_height > height and table.log_back == back + table.log_height - height


def test_a_full_log_read_back_stays_where_it_is_as_new_lines_push_old_ones_out() -> None:
    h = _long_log_table()
    table = h.table
    log = table.director.log
    for i in range(log.maxlen or 0):  # a full log: each new line lets the oldest one go
        log.append(f"Ada drew 1 card ({i})")
    h.tick()
    h.key(pygame.K_PAGEUP)
    h.key(pygame.K_PAGEUP)
    assert table.log_back > 0 and len(log) == log.maxlen
    from game.ui import theme

    # Every line here is one row high, with the gap between lines.
    row = theme.font(table.layout.px(15)).get_height() + 2 + 4
    for i in range(5):
        back = table.log_back
        log.append(f"Ben drew 1 card ({i})")
        h.tick()
        # One row came in below and one went above: the lines read move up by nothing, so
        # the view goes one row further back from the newest.
        assert len(log) == log.maxlen
        assert table.log_back == pytest.approx(back + row)


def test_a_scrolled_back_log_stays_in_range_as_its_oldest_lines_are_dropped() -> None:
    h = _long_log_table()
    table = h.table
    log = table.director.log
    long_line = "Ada laid 7♥ 7♠ 7♦ 7♣ — " + "and a long way round the table " * 4
    for _ in range(log.maxlen or 0):  # a full log of lines that wrap over several rows
        log.append(long_line)
    h.tick()
    h.key(pygame.K_PAGEUP)
    assert table.log_back > 0
    for i in range(40):  # short lines push the tall ones out: the log gets shorter
        log.append(f"Ada drew 1 card ({i})")
        h.tick()
        view = table.layout.log_rect.h - table.layout.px(40) - 12
        assert 0 <= table.log_back <= max(0, table.log_height - view)


def test_a_long_name_beside_your_hand_uses_the_room_there() -> None:
    from game.ui import theme

    g = Game.new(PRESETS["polish"], seats=3, seed=5)
    h = Harness(g, size=(1280, 800))
    h.table.names = ["Anna-Maria Longname", *h.table.names[1:]]
    h.tick()
    left = h.table.layout.corner_left
    assert theme.text_size("Anna-Maria Longname", h.table.layout.px(20), True)[0] > left.w
    # the whole name is drawn: gold or white ink reaches well past the corner box
    row = left.y + h.table.layout.px(14)
    inked = [x for x in range(left.x, left.x + 260) if max(h.screen.get_at((x, row))[:3]) > 200]
    assert inked and max(inked) > left.right + 40


def test_a_top_seats_bubble_never_covers_the_seat_below_it_at_a_crowded_table() -> None:
    h = Harness(Game.new(PRESETS["hungarian"], seats=10, seed=3), size=(960, 600))
    layout = h.table.layout
    for slot, area in enumerate(layout.areas):
        if area.side != "top":
            continue
        box = pygame.Rect(0, 0, 50, 32)
        box.center = (area.rect.centerx, area.rect.bottom + layout.px(18))
        tabledraw._clear_of_seats(box, layout, slot, 960)
        others = [a.rect for i, a in enumerate(layout.areas) if i not in (0, slot)]
        assert not any(box.colliderect(r) for r in others), area.seat
        assert abs(box.centerx - area.rect.centerx) < area.rect.w  # still by its seat


def test_a_side_seats_bubble_stays_by_its_seat() -> None:
    h = Harness(Game.new(PRESETS["hungarian"], seats=10, seed=3), size=(960, 600))
    h.table.director._bubble(2, "Missed turn", 5.0)
    moved: list[int] = []
    real = tabledraw._clear_of_seats

    def spy(box: pygame.Rect, layout: object, slot: int, width: int) -> None:
        moved.append(slot)
        real(box, layout, slot, width)  # type: ignore[arg-type]

    tabledraw._clear_of_seats = spy  # type: ignore[assignment]
    try:
        h.tick(2)
    finally:
        tabledraw._clear_of_seats = real  # type: ignore[assignment]
    side = h.table.layout.areas[h.table.director.slot(2)].side
    assert side != "top" and h.table.director.slot(2) not in moved


def test_a_seats_name_keeps_its_room_and_the_bot_level_gives_way() -> None:
    pygame.font.init()

    def px(n: float) -> int:
        return round(n)

    from game.ui import theme

    assert tabledraw.seat_words("Cleo", "medium", 200, px) == ("Cleo", "medium")
    cut = 0
    for room in range(60, 200):
        name, level = tabledraw.seat_words("Cleo", "medium", room, px)
        assert name == "Cleo", room  # the name is never cut while it fits alone
        assert level in ("", "medium") or ("medium".startswith(level[:-1]) and level[-1] == "…")
        assert len(level) != 2  # never a lone letter and "…"
        cut += level not in ("", "medium")
        used = theme.text_size(name, 18, True)[0] + (theme.text_size(level, 14)[0] + 8) * bool(
            level
        )
        assert used <= room, room
    assert cut  # some widths shorten the level rather than drop it
    assert tabledraw.seat_words("Cleo", "medium", 70, px) == ("Cleo", "")  # no room: no level
    long_name, none = tabledraw.seat_words("Maximiliana Long", "medium", 90, px)
    assert long_name.endswith("…") and none == ""  # only a name too long for the box is cut


def test_a_seat_says_one_thing_at_a_time_and_bubbles_stay_clear_of_the_log() -> None:
    game = Game.new(PRESETS["hungarian"], seats=10, seed=4)
    h = Harness(game, size=(960, 600))
    director = h.table.director
    director._bubble(5, "Macau!")
    director._bubble(5, "Out!")
    director._bubble(6, "Stop Macau!", loud=True)
    assert [(b.seat, b.text) for b in director.bubbles] == [(5, "Out!"), (6, "Stop Macau!")]
    h.key(pygame.K_l, "l")  # the log opens down the right edge
    log = h.table.layout.log_rect
    assert h.table.show_log
    width = h.screen.get_width()
    for seat in range(1, 10):
        director._bubble(seat, "Stop Macau!", loud=True)
        for p in (0.0, 1.0):
            _words, box = tabledraw.bubble_box(h.table, director.bubbles[-1], p, width)
            assert box.right <= log.left and box.left >= 0, (seat, box, log)
    h.tick()


@pytest.mark.parametrize("seats", [3, 4, 6, 10])
def test_the_stacks_words_and_a_message_keep_clear_of_seats_and_the_stock(seats: int) -> None:
    game = Game.new(PRESETS["polish" if seats <= 8 else "hungarian"], seats=seats, seed=2)
    h = Harness(game, size=(960, 600))
    for log_open in (False, True):
        layout = h.table.layout
        assert h.table.show_log == log_open
        others = [a.rect for a in layout.areas if a.side in ("left", "right")]
        for owed in (2, 15):
            _pill, box = tabledraw.penalty_pill(layout, owed)
            assert box.collidelist(others) < 0, (seats, log_open, owed, box)
        _lines, toast = tabledraw._toast_box("Hint: lay 2♥", layout, 960)
        stock_label_top = layout.stock.bottom + layout.px(8)
        assert toast.top >= stock_label_top + 10 or toast.right < layout.stock.left, toast
        h.key(pygame.K_l, "l")


REFUSAL = (
    "8♥ is no answer to the attack: you owe 2 cards; fight back with a 2, 3♥ or K♥, "
    "or draw the penalty"
)


# Seven and eight seats leave too little room on a small window for a reason five times
# as long as any the rules give (such a one may cover the stock's count there).
@pytest.mark.parametrize(
    ("seats", "message"),
    [(4, REFUSAL), (6, REFUSAL), (7, REFUSAL), (8, REFUSAL)]
    + [(seats, REFUSAL.replace(", or draw", ", or cut it " * 5)) for seats in (4, 6)],
)
@pytest.mark.parametrize("size", [(800, 600), (960, 600), (1280, 800)])
def test_a_long_refusal_keeps_clear_of_the_stock_count_and_the_stacks_words(
    seats: int, size: tuple[int, int], message: str
) -> None:
    h = Harness(Game.new(PRESETS["polish"], seats=seats, seed=2), size=size)
    for _log_open in (False, True):
        layout = h.table.layout
        px = layout.px
        label = theme.text_size("Stock 14", px(15))
        stock_count = pygame.Rect(0, 0, *label)
        stock_count.midtop = (layout.stock.centerx, layout.stock.bottom + px(8))
        _pill, pill = tabledraw.penalty_pill(layout, 2)
        room = layout.log_rect.left if h.table.show_log else size[0]
        _lines, box = tabledraw._toast_box(message, layout, room, 2)
        assert not box.colliderect(stock_count) and not box.colliderect(pill), box
        assert box.collidelist([a.rect for a in layout.areas]) < 0
        assert box.bottom <= layout.buttons_y and box.left >= 0 and box.right <= room
        h.key(pygame.K_l, "l")


STORAGE = (
    "Macau cannot write to the folder /home/someone/.local/share/macau (permission denied). "
    "Rounds are not recorded until it can be written; the game goes on."
)


@pytest.mark.parametrize("seats", [7, 8, 10])
@pytest.mark.parametrize("size", [(2560, 1440), (3840, 2160), (5120, 2880)])
def test_a_long_message_on_a_large_window_keeps_clear_of_the_seats(
    seats: int, size: tuple[int, int]
) -> None:
    layout = table_layout(size, seats)
    _lines, box = tabledraw._toast_box(STORAGE, layout, size[0])
    assert box.collidelist([a.rect for a in layout.areas]) < 0, box


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_a_message_naming_a_long_folder_stays_in_the_window(size: tuple[int, int]) -> None:
    folder = "/home/someone/" + "/".join(["a-rather-long-folder-name"] * 6) + "/macau"
    message = f"Macau cannot write to the folder {folder} (permission denied)."
    for log_open in (False, True):
        layout = table_layout(size, 4, log=log_open)
        room = layout.log_rect.left if log_open else size[0]
        _lines, box = tabledraw._toast_box(message, layout, room, error=True)
        assert box.left >= 0 and box.right <= room, (log_open, box)


@pytest.mark.parametrize("seats", [4, 7, 10])
def test_the_round_over_board_keeps_every_row_above_its_buttons(seats: int) -> None:
    from game.store.settings import Settings
    from game.ui.matchtable import MatchTable
    from game.ui.roundend import RoundEndOverlay
    from game.ui.setup import SeatSpec, TableSetup

    pygame.display.init()
    pygame.font.init()
    people = (SeatSpec("You", ""),)
    bots = tuple(SeatSpec(f"Bot{i}", "easy") for i in range(1, seats))
    setup = TableSetup("hungarian", people + bots)
    table = MatchTable(setup, setup.new_game(seed=1), settings=Settings(animation_speed="off"))
    rng = random.Random(1)
    while not table.game.over:  # played out at random: every seat placed, cards left
        table.game.apply(rng.choice(table.game.legal_actions()))
    for size in [(960, 600), (1280, 800)]:
        board = RoundEndOverlay(table)
        board.resize(size)
        rows_bottom = board.panel.y + board.px(104 + 26) + board.row_h * seats
        gap = min(b.rect.top for b in board.buttons) - rows_bottom
        assert gap >= board.px(8), (size, seats, gap)  # not touching the buttons
        assert board.panel.bottom <= size[1]


class _Recorder(pygame.Surface):
    """A surface that remembers where each image was blitted."""

    blits: list[tuple[pygame.Surface, pygame.Rect]]

    def blit(self, source: pygame.Surface, dest: object, *args: object) -> pygame.Rect:  # type: ignore[override]
        if isinstance(dest, pygame.Rect):
            box = pygame.Rect(dest)
        else:
            box = pygame.Rect(dest, source.get_size())  # type: ignore[arg-type]
        self.blits.append((source, box))
        return super().blit(source, dest, *args)  # type: ignore[arg-type]


def _boards(name: str) -> list[object]:
    from game.engine import Card, Play
    from game.store.settings import Settings
    from game.ui.matchtable import MatchTable
    from game.ui.overlays import RoundRow
    from game.ui.roundend import RoundEndOverlay
    from game.ui.setup import SeatSpec, TableSetup

    game = Game.from_position(PRESETS["polish"], hands=["7H", "8C 6S 10S 4H"], pile="5H")
    game.apply(Play((Card.parse("7H"),)), 0)
    setup = TableSetup("polish", (SeatSpec(name), SeatSpec(name[::-1], "easy")))
    table = MatchTable(setup, game, settings=Settings(), seed=3, deal=False)
    rows = [RoundRow(name, 1, 0, you=True), RoundRow(name[::-1], 2, 4)]
    return [
        RoundEndOverlay(table),
        RoundOverOverlay("You win!", rows, can_continue=False),
        RoundOverOverlay("You win!", [RoundRow(r.name, r.place, r.cards_left, 3, 9) for r in rows],
                         can_continue=True),
    ]  # fmt: skip


@pytest.mark.parametrize("index", range(3))
@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
def test_a_long_name_on_the_round_board_stops_short_of_the_cards_left(
    index: int, size: tuple[int, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:

    monkeypatch.setenv("MACAU_HOME", str(tmp_path))
    pygame.display.init()
    words = text_spy(monkeypatch)
    for name in ("WWWWWWWWWWWWWWWW", "Maximiliana-Long"):
        board = _boards(name)[index]
        board.resize(size)  # type: ignore[attr-defined]
        surface = _Recorder(size)
        surface.blits = []
        board.draw(surface)  # type: ignore[attr-defined]
        drawn = [(words.get(id(image), ""), box) for image, box in surface.blits]
        column = next(box for content, box in drawn if content == "Cards left")
        rows = [(c, box) for c, box in drawn if box.top > column.bottom]  # (not the title)
        names = [(c, box) for c, box in rows if c[:4] in (name[:4], name[::-1][:4])]
        assert len(names) == 2, [c for c, _ in rows]
        for content, box in names:
            assert box.right < column.left, content
            assert content in (name, name[::-1]) or content.endswith("…")


@pytest.mark.parametrize(("size", "seats"), [((1280, 800), 4), ((1024, 640), 6)])
def test_a_blocked_rounds_title_fits_its_board(
    size: tuple[int, int], seats: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Nobody can move on 5♥ with the stock spent: the seats on one card share first place.
    from tests.ui.textkit import drawn_texts, outside

    hands = ["9S 8C", "10C", "JD", "8D", "9C", "6S 10S"][:seats]
    game = Game.from_position(PRESETS["romanian"], hands=hands, pile="5H", stock="")
    h = Harness(game, size=size)
    while not game.over:
        h.table.apply(PASS, game.current)
        h.tick(40)
    h.run_until(lambda: isinstance(h.stack.top, RoundOverOverlay), limit=2000)
    h.tick(100)
    board = h.stack.top
    assert isinstance(board, RoundOverOverlay)
    drawn = drawn_texts(monkeypatch, h.stack, size)
    title = next((words, at) for words, at in drawn if words.startswith("Blocked: "))
    assert board.panel.contains(title[1]) and outside(drawn, size) == []

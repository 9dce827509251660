"""Pass-and-play: each person finds their hand as they left it, their own order of the cards
or a sort, when the screen comes back to them, and after Continue; one person's arranging
never changes another's hand."""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.engine import PRESETS, Game, parse_action
from game.store.saves import load_game
from game.store.settings import Settings
from game.ui.hand import sort_key
from game.ui.matchtable import MatchTable
from game.ui.options import apply_settings
from game.ui.resume import restore
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import Screen, handoff_for, polish_position

SETUP = TableSetup("polish", (SeatSpec("Anna"), SeatSpec("Ben")))


def _table() -> tuple[Screen, MatchTable]:
    hands = ["5C 9H 6D 8S KC", "8C 9S 10D 6C JD"]
    return polish_position(SETUP, hands, "5H", "2D 3D 4S 6S 7S 8D 9D 10C")


def _handed_to(screen: Screen, seat: int) -> None:
    handoff_for(screen, seat)
    screen.key(pygame.K_RETURN)
    screen.frame(2)


def _shown(table: MatchTable) -> list[str]:
    return [hc.card.code for hc in table.hand.cards]


def _shift_right(screen: Screen) -> None:
    screen.send(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=pygame.KMOD_LSHIFT, unicode="", scancode=0)


def test_each_person_keeps_their_own_order_and_the_others_keep_the_sort() -> None:
    screen, table = _table()
    _handed_to(screen, 0)
    sorted_first = _shown(table)
    screen.key(pygame.K_RIGHT)  # the cursor on the first card
    _shift_right(screen)
    _shift_right(screen)  # moved two places along: Anna's own order now
    mine = _shown(table)
    assert mine != sorted_first and table.hand.sort_mode == "none"
    table.apply(parse_action("9H"), 0)
    _handed_to(screen, 1)
    assert table.hand.sort_mode == "suit" and table.sort_button.label == "Sort: suit"
    bens = _shown(table)
    table.cycle_sort()  # Ben sorts by rank
    by_rank = _shown(table)
    assert by_rank != bens
    table.apply(parse_action("9S"), 1)
    _handed_to(screen, 0)
    assert _shown(table) == [c for c in mine if c != "9H"]
    assert table.sort_button.label == "Sort: own"
    table.apply(parse_action("8S"), 0)  # on 9S
    _handed_to(screen, 1)
    assert _shown(table) == [c for c in by_rank if c != "9S"]


def test_the_others_arrangements_come_back_with_continue() -> None:
    screen, table = _table()
    _handed_to(screen, 0)
    screen.key(pygame.K_RIGHT)
    _shift_right(screen)
    mine = [c for c in _shown(table) if c != "9H"]
    table.apply(parse_action("9H"), 0)
    _handed_to(screen, 1)  # Ben at the screen, Anna's order kept for her
    table.cycle_sort()  # Ben sorts by rank
    table.apply(parse_action("9S"), 1)  # saved with Ben still at the screen
    saved = load_game().data
    assert saved is not None and saved["arrangements"] == {"0": mine, "1": "rank"}
    again = restore(saved, Settings(animation_speed="off", hand_sort="suit"))
    screen = Screen(again, (1280, 800))
    _handed_to(screen, 0)
    assert _shown(again) == mine


def test_a_damaged_arrangement_in_a_save_only_sorts_that_hand() -> None:
    screen, table = _table()
    _handed_to(screen, 0)
    table.apply(parse_action("9H"), 0)
    _handed_to(screen, 1)
    saved = load_game().data
    assert saved is not None
    saved["arrangements"] = {"0": ["ZZ"], "1": 7, "x": "rank", "9": "rank"}
    again = restore(saved, Settings(animation_speed="off", hand_sort="rank"))
    assert again.arrangements == {}


def test_the_sort_of_the_person_at_the_screen_comes_back_with_continue() -> None:
    screen, table = _table()
    _handed_to(screen, 0)
    table.cycle_sort()  # Anna sorts by rank (and the setting says rank)
    table.apply(parse_action("9H"), 0)
    _handed_to(screen, 1)
    table.cycle_sort()  # Ben by suit: now the setting says suit
    table.apply(parse_action("9S"), 1)
    _handed_to(screen, 0)
    assert table.hand.sort_mode == "rank"
    anna = _shown(table)
    assert table.apply(parse_action("8S"), 0)  # saved with Anna still at the screen
    saved = load_game().data
    assert saved is not None and saved["arrangements"]["0"] == "rank"
    again = restore(saved, Settings.load().settings)
    assert Settings.load().settings.hand_sort == "suit"
    assert again.hand.sort_mode == "rank" and again.sort_button.label == "Sort: rank"
    screen = Screen(again, (1280, 800))
    _handed_to(screen, 1)
    assert again.hand.sort_mode == "suit"  # Ben's own
    assert again.apply(parse_action("8C"), 1)
    _handed_to(screen, 0)
    assert again.hand.sort_mode == "rank" and _shown(again) == [c for c in anna if c != "8S"]


def test_a_sort_chosen_in_the_settings_at_a_hand_off_is_for_the_person_handed_to() -> None:
    # Between two turns the hand view still holds the last person's cards, face down: the
    # setting changed at Ben's hand-off sorts Ben's hand, and leaves Anna's as she left it.
    screen, table = _table()
    _handed_to(screen, 0)
    annas = _shown(table)
    table.apply(parse_action("9H"), 0)
    handoff_for(screen, 1)
    apply_settings(screen.top, replace(table.settings, hand_sort="rank"))
    assert _shown(table) == [c for c in annas if c != "9H"]  # untouched, unseen
    screen.key(pygame.K_RETURN)
    screen.frame(2)
    assert table.hand.sort_mode == "rank" and table.sort_button.label == "Sort: rank"
    assert _shown(table) == ["6C", "8C", "9S", "10D", "JD"]
    table.apply(parse_action("9S"), 1)
    _handed_to(screen, 0)
    assert table.hand.sort_mode == "suit"
    assert _shown(table) == [c for c in annas if c != "9H"]


def test_a_hand_face_down_while_a_bot_thinks_cannot_be_sorted() -> None:
    # Sorting the face-down cards would slide them into rank order for everyone to see.
    game = Game.from_position(
        PRESETS["polish"],
        hands=["7H KS 2H 5C 9D", "8C 9S 10D", "4D 5S 6S"],
        pile="5H",
        stock="2D 3D 4S 6C 7S 8S 10C JC QD",
    )
    seats = (SeatSpec("Anna"), SeatSpec("Bot", "medium"), SeatSpec("Ben"))
    slow = Settings(animation_speed="off", hand_sort="suit", bot_pace="slow")
    table = MatchTable(TableSetup("polish", seats), game, settings=slow, seed=5, deal=False)
    screen = Screen(table, (1280, 800))
    _handed_to(screen, 0)
    table.apply(parse_action("7H"), 0)
    screen.frame(3)
    assert screen.stack.top is table and table.game.current == 1  # the bot thinks
    assert not table.director.reveal and not table.sort_button.visible
    face_down = _shown(table)
    screen.key(pygame.K_o)
    screen.key(pygame.K_RIGHT)  # no cursor on the face-down cards, nothing moved or lifted
    _shift_right(screen)
    screen.key(pygame.K_UP)
    screen.frame(3)
    assert _shown(table) == face_down and table.hand.sort_mode == "suit"
    assert table.hand.cursor is None and not table.hand.selection
    assert table.settings.hand_sort == "suit"
    _handed_to(screen, 2)
    assert table.hand.sort_mode == "suit" and table.sort_button.visible


def _slots(table: MatchTable) -> list[int]:
    """Where each card shown sits by when it came into the hand (1: the first to land)."""
    landed = sorted(hc.uid for hc in table.hand.cards)
    return [landed.index(hc.uid) + 1 for hc in table.hand.cards]


def test_cards_dealt_face_down_stay_where_they_land_until_the_hand_is_handed_over() -> None:
    """Sliding into sorted places in view would show the table how the cards rank."""
    setup = TableSetup("polish", (SeatSpec("Anna"), SeatSpec("Ben"), SeatSpec("Cleo", "easy")))
    on = Settings(animation_speed="normal", hand_sort="suit")
    table = MatchTable(setup, setup.new_game(seed=9), settings=on, seed=9)
    screen = Screen(table, (1280, 800))
    seen: list[list[int]] = []
    for _ in range(600):
        if table.director.reveal:
            break
        if not seen or _slots(table) != seen[-1]:
            seen.append(_slots(table))
        screen.frame()
    assert seen[-1] == [1, 2, 3, 4, 5]
    assert all(slots == sorted(slots) for slots in seen)
    _handed_to(screen, 0)
    codes = [hc.card for hc in table.hand.cards]
    assert codes == sorted(codes, key=lambda c: sort_key(c, "suit"))  # sorted for Anna


def test_penalty_cards_given_to_a_face_down_hand_go_at_its_end() -> None:
    """Anna forgets Macau; the bot is next, so her hand lies face down on the table while
    Ben catches her: the five cards she draws land at its end, in the order drawn."""
    game = Game.from_position(
        PRESETS["polish"],
        hands=["7H 9H", "JC QC KD 5S", "8C 9S 10D"],
        pile="5H",
        stock="2S 3C 4D 6C 6S 7S 8S 9D 10C JD QD KS AC",
    )
    setup = TableSetup("polish", (SeatSpec("Anna"), SeatSpec("Cleo", "easy"), SeatSpec("Ben")))
    on = Settings(animation_speed="normal", bot_pace="normal", hand_sort="suit")
    table = MatchTable(setup, game, settings=on, seed=5, deal=False)
    screen = Screen(table, (1280, 800))
    _handed_to(screen, 0)
    table.apply(parse_action("7H"), 0)  # one card left, and no Macau called
    for _ in range(120):
        screen.frame()
        if table.director.idle and table.offer().stops:
            break
    assert not table.director.reveal
    screen.key(pygame.K_s, "s")  # Ben, at the table, catches her
    for _ in range(200):
        screen.frame()
        if table.director.idle:
            break
    assert not table.director.reveal
    by_place = sorted(table.hand.cards, key=lambda hc: hc.x)
    assert [hc.card.code for hc in by_place] == ["9H", "2S", "3C", "4D", "6C", "6S"]

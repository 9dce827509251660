"""With the log open in a small window the marker of the suit in force sits above the pile,
where the pile's own words ("+10") would go: they go above the marker instead. A seat's words
keep off the marker too, all the way up."""

from __future__ import annotations

import pygame

from game.engine import PRESETS, Game, parse_action
from game.store.settings import Settings
from game.ui import tablewords
from game.ui.director import Bubble
from game.ui.matchtable import MatchTable
from game.ui.menu import MainMenu
from game.ui.setup import SeatSpec, TableSetup
from game.ui.tabledraw import bubble_box
from game.ui.tween import Tween
from tests.ui.menukit import Screen


def test_a_stacked_jokers_words_do_not_cover_the_suit_it_named() -> None:
    game = Game.from_position(
        PRESETS["classic"],
        hands=["7C 5D 9S 10H 6C 8D", "2H 8S 9D", "3H 6S 10D", "KH 5S 9C", "RJ 6D 8C"],
        pile="5H 9H",
        stock="4S 4D JD 5C 6H 7H 8H 10S JS QS KS AS 2S 3S",
        current=1,
    )
    names = ["You", "Ada", "Ben", "Cleo", "Dora"]
    setup = TableSetup(
        "classic", tuple(SeatSpec(n, "" if i == 0 else "medium") for i, n in enumerate(names))
    )
    table = MatchTable(setup, game, settings=Settings(animation_speed="off"), deal=False)
    table.bots.clear()
    screen = Screen(MainMenu(), (960, 600))
    screen.stack.push(table)
    screen.key(pygame.K_l, "l")  # the log open: a seat at the side stands beside the pile
    for seat, move in ((1, "2H"), (2, "3H"), (3, "KH"), (4, "RJ/S")):
        assert table.apply(parse_action(move), seat)
        screen.frame(3)
    model = table.director.model
    head, sub = model.marker
    assert head  # spades named
    marker = tablewords.fit_marker(
        table.layout, head, sub, False, table.layout.log_rect.left, table.names
    )[2]
    assert marker.bottom <= table.layout.pile.top  # above the pile, where the words would go
    [words] = [b for b in table.director.bubbles if b.seat < 0]
    assert words.text == "+10"
    for p in (0.0, 0.5, 1.0):
        _image, box = bubble_box(table, words, p, 960)
        assert not box.colliderect(marker) and box.top >= 0


def test_a_seats_words_never_cover_the_request_it_made() -> None:
    """Eight seats at 1024×768: the seat at the right asks for 10s, its marker widened to the
    long name reaches over that seat's box, where its "10s!" would rise."""
    long_name = "Zsuzsanna Szabó-Nagy"
    names = ["You", "Ada", "Ben", "Cleo", "Dan", "Eve", "Finn", long_name]
    hands = ["5H 6H 7D", "5S 6S", "5D 6D", "5C 6C", "8C 8D", "9D 9H", "10D 10H", "JS 4C 8H"]
    game = Game.from_position(
        PRESETS["polish"], hands=hands, pile="9S", stock="2C 2D 2S 4D 4S 8S 9C 10S QD", current=7
    )
    seats = tuple(SeatSpec(n, "" if i == 0 else "medium") for i, n in enumerate(names))
    settings = Settings(animation_speed="normal", bot_pace="normal")
    table = MatchTable(TableSetup("polish", seats), game, settings=settings, deal=False)
    table.bots.clear()
    size = (1024, 768)
    screen = Screen(MainMenu(), size)
    screen.stack.push(table)
    assert table.apply(parse_action("JS/10"), 7)
    screen.frame(30)  # the jack has landed: the marker is up, the bubble on its way
    head, sub = table.director.model.marker
    assert long_name in sub
    marker = tablewords.fit_marker(table.layout, head, sub, False, size[0], table.names)[2]
    [words] = [b for b in table.director.bubbles if b.seat == 7]
    assert words.text == "10s!"
    for p in (0.0, 0.25, 0.5, 0.75, 1.0):
        _image, box = bubble_box(table, words, p, size[0])
        assert not box.colliderect(marker), p


def test_where_no_place_clears_the_marker_a_seats_words_keep_their_size() -> None:
    """Eight seats in the smallest window with the log open: the marker sits above the pile,
    and the top seat over it has no place clear of it, so that seat's "Macau!" stands where
    it would without one, full size, not shrunk and cut short."""
    names = ["You", "Zsuzsanna Szabó-Nagy", "Bartholomew Q.", "Ada", "Ben", "Cleo", "Dan", "Eve"]
    hands = ["5H 6H 7D", "5S 6S", "5D 6D", "5C 6C", "8C 8D", "9D 9H", "10D 10H", "JS 4C"]
    game = Game.from_position(
        PRESETS["polish"], hands=hands, pile="9S", stock="2C 2D 2S 4D 4S 8S 9C 10S QD"
    )
    seats = tuple(SeatSpec(n, "" if i == 0 else "medium") for i, n in enumerate(names))
    table = MatchTable(
        TableSetup("polish", seats), game, settings=Settings(animation_speed="off"), deal=False
    )
    table.bots.clear()
    size = (960, 600)
    screen = Screen(MainMenu(), size)
    screen.stack.push(table)
    screen.key(pygame.K_l, "l")
    screen.frame(2)
    words = Bubble(6, "Macau!", Tween(table.director.animator.now, 100), True)
    table.director.model.marker = ("", "")
    plain_image, plain_box = bubble_box(table, words, 0.5, size[0])
    table.director.model.marker = ("Request: 10s", "through You's turn")
    image, box = bubble_box(table, words, 0.5, size[0])
    assert image.get_size() == plain_image.get_size() and box == plain_box
    marker = tablewords.fit_marker(
        table.layout,
        "Request: 10s",
        "through You's turn",
        False,
        table.layout.log_rect.left,
        table.names,
    )[2]
    assert box.colliderect(marker)  # no place was clear of it

"""With the log open in a small window the marker of the suit in force sits above the pile,
where the pile's own words ("+10") would go: they go above the marker instead."""

from __future__ import annotations

import pygame

from game.engine import PRESETS, Game, parse_action
from game.store.settings import Settings
from game.ui import tablewords
from game.ui.matchtable import MatchTable
from game.ui.menu import MainMenu
from game.ui.setup import SeatSpec, TableSetup
from game.ui.tabledraw import bubble_box
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

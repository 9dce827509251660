"""At normal speed a card never drops out of sight on its way: the cards of a group stay in
view all the way (they leave the hand together and land one after another), and a card
drawn or dealt flies straight to the place it keeps in a sorted hand (it used to land at
the end, or at its place in the deal's order, and slide under the others to its place),
even when the hand is sorted anew meanwhile."""

from __future__ import annotations

import pygame
import pytest

from game.engine import PRESETS, Game, parse_action
from game.store.settings import Settings
from game.ui.scene import SceneStack
from game.ui.sprites import Flight
from game.ui.start import table_for
from game.ui.table import TableScene

NORMAL = Settings(animation_speed="normal", hand_sort="suit")
OTHERS = ["2C 4D 9S KD 5C", "KH 3H 4C JC AS"]


def _table(
    hand: str, pile: str, stock: str, current: int = 0, others: list[str] = OTHERS
) -> tuple[SceneStack, TableScene, pygame.Surface]:
    game = Game.from_position(
        PRESETS["polish"], hands=[hand, *others], pile=pile, stock=stock, current=current
    )
    return _shown(game)


def _shown(game: Game, deal: bool = False) -> tuple[SceneStack, TableScene, pygame.Surface]:
    pygame.display.init()
    screen = pygame.display.set_mode((1280, 800))
    stack = SceneStack(None, (1280, 800))
    table = table_for(game, ("random",), settings=NORMAL, deal=deal)
    table.bots.clear()
    stack.push(table)
    if not deal:
        for _ in range(90):
            stack.update(1 / 60)
            stack.draw(screen)
    return stack, table, screen


def _landings_checked(table: TableScene) -> list[str]:
    """Check that each card landing in the hand is where it flew: its slot in the hand as
    it is now, the gaps for the cards still on their way kept (so nothing slides to its place
    under the other cards), and that no card held had to move for it. The cards landed."""
    director, landed = table.director, list[str]()
    land = director.land_in_hand

    def checked(flight: Flight) -> None:
        coming = [f.card for f in director.hand_flights()]
        uids = [hc.uid for hc in table.hand.cards]
        gaps = table.hand.card_slots(table.layout, [flight.card, *coming])[0]
        before = dict(zip(uids, gaps, strict=True))  # (it has left the flights, not landed)
        land(flight)
        assert flight.card is not None
        at = next(i for i, hc in enumerate(table.hand.cards) if hc.card == flight.card)
        held = table.hand.card_slots(table.layout, coming)[0]
        assert flight.dst == pytest.approx(held[at][:2]), (flight.card, at)
        assert all(held[table.hand.index_of(uid)] == slot for uid, slot in before.items())
        landed.append(flight.card.code)

    director.land_in_hand = checked  # type: ignore[method-assign]
    return landed


def test_every_card_of_a_group_stays_in_view_until_it_lands() -> None:
    stack, table, screen = _table("7S 7C 7D 7H 3S 5D 9C", "6H 8H", "JD 6C 8S 8C")
    drawn: list[str] = []
    blit = table.images.blit_card

    def seen(surface: pygame.Surface, code: str, *args: object, **kw: object) -> pygame.Rect:
        drawn.append(code)
        return blit(surface, code, *args, **kw)  # type: ignore[arg-type]

    table.images.blit_card = seen  # type: ignore[method-assign]
    assert table.apply(parse_action("7H 7S 7C 7D"), 0)
    frames = 0
    while frames < 2 or table.director.flights:
        drawn.clear()
        stack.update(1 / 60)
        stack.draw(screen)
        missing = {"7H", "7S", "7C", "7D"} - set(drawn)
        assert not missing, (frames, missing)
        frames += 1
        if frames == 2:
            # All four have left the hand (one waiting at its place there sat over the hand
            # already closed up without it) ...
            flights = table.director.flights
            assert len(flights) == 4
            now = table.animator.now
            assert all(f.started(now) and f.at(now)[0] != f.src for f in flights)
            ends = [f.tween.start + f.tween.duration for f in flights]
    assert frames > 10
    # ... and they land one after another, in the order laid: 7♦ on top.
    assert ends == sorted(ends) and len(set(ends)) == 4
    assert [c.code for c in table.director.model.pile[-4:]] == ["7H", "7S", "7C", "7D"]


def test_drawn_cards_fly_to_the_places_they_keep_in_a_sorted_hand() -> None:
    # Sorted by suit, 2♠ goes first and 8♥ between 7♥ and the clubs: each flies there.
    stack, table, _screen = _table("7H 9C QC 5D 8D 9D", "6S 5S", "2S JD 6C 8H")
    assert table.apply(parse_action("draw"), 0)
    stack.update(1 / 60)
    (flight,) = table.director.flights
    for _ in range(60):
        stack.update(1 / 60)
    codes = [hc.card.code for hc in table.hand.cards]
    assert codes[0] == "2S"
    slots = table.hand.slots(table.layout)
    assert flight.dst == (slots[0][0], slots[0][1])
    assert table.apply(parse_action("pass"), 0)  # kept: the next seats' turns, by hand
    assert table.apply(parse_action("draw"), 1)
    assert table.apply(parse_action("draw"), 2)
    for _ in range(60):
        stack.update(1 / 60)
    assert table.apply(parse_action("draw"), 0)
    stack.update(1 / 60)
    (flight,) = [f for f in table.director.flights if f.tag == "hand"]
    for _ in range(60):
        stack.update(1 / 60)
    codes = [hc.card.code for hc in table.hand.cards]
    at = codes.index(flight.flip_to or "")
    assert codes[at - 1 : at + 1] == ["7H", codes[at]] and codes[at][-1] == "H"
    slots = table.hand.slots(table.layout)
    assert flight.dst == (slots[at][0], slots[at][1])


@pytest.mark.parametrize("sort", ["suit", "rank", "none"])
def test_each_card_dealt_to_you_lands_where_it_stays(sort: str) -> None:
    game = Game.new("polish", seats=3, seed=11)
    stack, table, _screen = _shown(game, deal=False)
    table.hand.sort(sort)
    from game.ui import tabledraw

    landed = _landings_checked(table)
    tabledraw.start_deal(table)
    for _ in range(240):
        stack.update(1 / 60)
    assert sorted(landed) == sorted(c.code for c in game.hand(0))


def _stack_coming(hand: str) -> tuple[SceneStack, TableScene, pygame.Surface]:
    """A table where you owe 5: 2♥ and 3♥ 3♣ laid on you, the stack not yet taken (the
    eight cards on top of the stock are yours when you draw)."""
    others = ["2H 9S KD 5C 8C", "3H 3C 4C JC AS"]
    stack, table, screen = _table(
        hand, "6H", "AH 10C 5S QH JD 9H 10S 6D QS", current=1, others=others
    )
    assert table.apply(parse_action("2H"), 1)
    assert table.apply(parse_action("3H 3C"), 2)
    while not table.director.idle:
        stack.update(1 / 60)
    return stack, table, screen


def test_cards_on_their_way_follow_the_hand_sorted_anew() -> None:
    # An 8-card stack taken, and the hand sorted the other way (O) with cards in the air:
    # each flies on to its place in the new order (J♦ went on to its old place by suit, apart
    # from the hand, then slid under it).
    stack, table, _screen = _stack_coming("9C QC 5D 8D 6S")
    landed = _landings_checked(table)
    assert table.apply(parse_action("draw"), 0)
    for frame in range(120):
        stack.update(1 / 60)
        if frame == 30:
            assert table.director.flights and landed  # some landed, some still flying
            table.cycle_sort()
    assert len(landed) == 8 and table.hand.sort_mode == "rank"


def test_a_card_moved_along_the_hand_while_cards_fly_to_it_goes_where_it_is_let_go() -> None:
    # 8♦ dragged onto 10♥ while a penalty's cards fly in: it goes before 10♥, where it was
    # let go (a drop was measured on the hand without its gaps, and sent it to the front).
    stack, table, screen = _stack_coming("9C QC 5D 8D 6S 10H")
    assert table.apply(parse_action("draw"), 0)
    for _ in range(16):
        stack.update(1 / 60)
        stack.draw(screen)
    assert table.director.hand_flights()
    hand, width = table.hand, table.layout.card[0]
    moved = next(hc for hc in hand.cards if hc.card.code == "8D")
    onto = next(hc for hc in hand.cards if hc.card.code == "10H")
    start = (round(moved.x - width * 0.35), round(moved.y))
    end = (round(onto.x + 10 - width * 0.35), round(moved.y))
    events = [
        (pygame.MOUSEMOTION, {"pos": start, "rel": (0, 0), "buttons": (0, 0, 0)}),
        (pygame.MOUSEBUTTONDOWN, {"pos": start, "button": 1}),
        (pygame.MOUSEMOTION, {"pos": end, "rel": (0, 0), "buttons": (1, 0, 0)}),
        (pygame.MOUSEBUTTONUP, {"pos": end, "button": 1}),
    ]
    for kind, attrs in events:
        stack.handle_event(pygame.event.Event(kind, **attrs))
        stack.update(1 / 60)
    assert [hc.card.code for hc in hand.cards][:3] == ["6S", "8D", "10H"]

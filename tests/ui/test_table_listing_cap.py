"""The table lists a position only up to its own cap, once per position: a hand of millions
of plays keeps the window drawing, and a play beyond the cap is still the engine's to judge
when picked (with no joker, one or two)."""

from __future__ import annotations

import pygame
import pytest

from game.bench import wide_hand_game
from game.engine import PRESETS, Card, Game, Play
from game.ui.moves import TABLE_LISTING_LIMIT, Offer, play_options
from tests.ui.tablekit import Harness
from tests.ui.test_table_play import FOUR_JOKERS, four_jokers, hungarian


def _count_listings(
    monkeypatch: pytest.MonkeyPatch, game: Game | None
) -> list[tuple[int, int, int]]:
    """Every capped listing of ``game`` (of any game: None) the table asks for: (cap, seat
    asked, cards on the pile)."""
    asked: list[tuple[int, int, int]] = []
    real = Game.legal_actions_capped

    def counted(self: Game, limit: int, seat: object = None) -> tuple[list[object], bool]:
        if game is None or self is game:
            asked.append((limit, self.current if seat is None else int(str(seat)), len(self.pile)))
        return real(self, limit, seat)  # type: ignore[return-value]

    monkeypatch.setattr(Game, "legal_actions_capped", counted)
    return asked


def test_your_turn_and_a_hint_list_the_position_once_up_to_the_tables_cap(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = four_jokers()  # 25 cards, four stand-in jokers: about nine million plays
    asked = _count_listings(monkeypatch, game)
    h = Harness(game)
    h.tick(30)
    h.key(ord("h"))  # the hint reads the same listing
    h.tick(30)
    mine = [a for a in asked if a[1] == 0]
    assert mine == [(TABLE_LISTING_LIMIT, 0, 1)]
    offer = h.table.offer()
    assert not offer.complete
    assert sum(isinstance(a, Play) for a in offer.legal) == TABLE_LISTING_LIMIT
    assert h.table.hinted is not None


def test_a_bot_to_act_on_a_hand_of_millions_is_listed_once_up_to_the_tables_cap(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    others = ["5S 5H", "5C", "6S", "6D", "8S", "8D", "9S"]
    game = hungarian([others[0], FOUR_JOKERS, *others[1:]], "10C", "2S 2H 2C", current=1)
    asked = _count_listings(monkeypatch, None)  # (the bot's copy of the game is listed)
    h = Harness(game, levels=("medium",), bots=True)
    for _ in range(600):
        h.tick()
        if len(game.pile) > 1:
            break
    assert len(game.pile) > 1  # the bot moved
    bots = [a for a in asked if a[1] == 1 and a[2] == 1]
    assert bots == [(TABLE_LISTING_LIMIT, 1, 1)]


def test_the_cards_that_may_start_a_play_are_bright_though_the_listing_is_capped() -> None:
    wide = wide_hand_game()  # two stand-in jokers and eight hearts on 7♥, and two off suit
    hands = [" ".join(c.code for c in wide.hand(s)) for s in range(wide.seats)]
    hands[0] += " 5S 9C"
    game = hungarian(hands, "7H", "8H 10C 10S JC JD JS")
    starts = {a.cards[0] for a in game.legal_actions() if isinstance(a, Play)}
    h = Harness(game)
    h.tick(3)
    assert not h.table.offer().complete
    bright = {hc.card for hc in h.table.hand.cards if hc.uid in h.table.bright}
    assert starts < bright and Card.parse("RJ") in bright
    # 5♠ and 9♣ start no play, but picked first they go down in the middle of one laid in
    # another order (``RJ=5H 5S BJ=5C``), so they are bright too
    listed = [a.cards for a in h.table.offer().legal if isinstance(a, Play)]
    for card in map(Card.parse, ("5S", "9C")):
        assert card in bright and card not in starts
        assert any(card in cards[1:-1] for cards in listed)


def test_a_legal_group_without_jokers_beyond_the_cap_is_laid_when_picked() -> None:
    h = Harness(four_jokers())
    h.tick(3)
    picked = tuple(Card.parse(c) for c in ["9C", "8C"])  # a group of one suit, on 10♣
    assert not h.table.offer().plays_laying(picked)  # not among the plays listed
    h.pick_and_play("9C 8C")
    h.tick(30)
    assert [c.code for c in h.game.pile[-2:]] == ["9C", "8C"]


def test_an_illegal_group_beyond_the_cap_gets_the_engines_reason() -> None:
    game = four_jokers()
    h = Harness(game)
    h.tick(3)
    picked = tuple(Card.parse(c) for c in ["7S", "7C"])
    assert not h.table.offer().plays_laying(picked)
    h.pick_and_play("7S 7C")
    assert len(game.pile) == 1 and len(game.hand(0)) == 25  # nothing laid
    assert h.table.toast is not None
    options = play_options(game, 0, picked, h.table.offer())
    assert not options.legal and h.table.toast[0] == options.reason
    assert "7♠" in options.reason


def test_the_macau_call_is_offered_where_the_plays_leaving_one_card_were_not_listed() -> None:
    """Both jokers in a long hand: the plays that leave one card are among the longest, which
    a cut listing leaves out. The call is still offered, told once such cards are picked,
    and goes with them."""
    hand = "RJ BJ 10C JC KH QH 10H AS JH 9H JS"
    game = Game.from_position(
        PRESETS["hungarian"],
        hands=[hand, "2C 3C 4C 5C 6C"],
        pile="7S",
        stock="8C 8D 10D QD KD 2D 3D",
    )
    h = Harness(game)
    t = h.table
    offer = t.offer()
    assert not offer.complete
    assert not any(isinstance(a, Play) and a.call for a in offer.legal)
    assert not t.macau_button.visible  # nothing picked yet: whether one can is not known
    t.hand.selection.clear()
    for code in ["AS", "RJ", "KH", "QH", "JH", "JC", "10C", "10H", "9H", "BJ"]:
        h.click(h.card_pos(code))
        h.tick(30)
    assert t.macau_button.visible
    assert t.flow.phase_hint().startswith("Leaving yourself one card? Press Macau! (M)")
    h.key(pygame.K_m, "m")
    assert t.macau_on
    h.click(t.play_button.rect.center)
    h.tick(3)
    while h.stack.top is not t:  # the jokers' choosers: the first card each may stand for
        h.stack.top.finish(0)  # type: ignore[union-attr]
        h.tick(5)
    h.tick(20)
    assert [c.code for c in game.hand(0)] == ["JS"]
    assert game.tally(0)["macau_forgotten"] == 0 and game.macau_catchable == -1  # none to catch


def test_no_macau_call_is_offered_for_a_cut_listing_of_a_hand_no_play_leaves_one_card() -> None:
    # Sixteen cards: the longest play lays eleven, so nothing picked can leave one card.
    hand = "RJ BJ 10C JC KH QH 10H AS JH 9H JS 4D 5S 9C 5D 6S"
    game = Game.from_position(
        PRESETS["hungarian"], hands=[hand, "2C 3C 4C 5C 6C"], pile="7S", stock="8C 8D 10D QD"
    )
    h = Harness(game)
    t = h.table
    assert not t.offer().complete and not t.macau_button.visible
    for code in ["AS", "RJ", "KH", "QH", "JH", "JC", "10C", "10H", "9H", "BJ"]:
        h.click(h.card_pos(code))
        h.tick(30)
    assert not t.macau_button.visible
    h.key(pygame.K_m, "m")
    assert not t.macau_on


def test_what_may_follow_a_pick_is_worked_out_once_not_every_frame(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Eight 7s and four stand-in jokers on 5♣: 15,336 plays, and 7♥ starts none of them, so
    # the line under the table asks which cards would lay it in another order.
    rules = PRESETS["polish"].replace(jokers=2, joker_role="any_card")
    hands = ["7H 7S 7D 7C 7H 7S 7D 7C RJ BJ RJ BJ 5C 5S 5D", "9D 10D", "9S 10S", "9H", "9C"]
    game = Game.from_position(rules, hands=hands, pile="5C", stock="2H 3H 4H 6H 8H 9H")
    h = Harness(game)
    asked: list[object] = []
    real = Offer._reordered_follow

    def counted(self: Offer, chosen: tuple[Card, ...], rules: object) -> set[Card]:
        asked.append(chosen)
        return real(self, chosen, rules)  # type: ignore[arg-type]

    monkeypatch.setattr(Offer, "_reordered_follow", counted)
    h.click(h.card_pos("7H"))
    h.tick(30)
    assert h.table.hand.selected_cards() == [Card.parse("7H")]
    assert len(asked) == 1


@pytest.mark.parametrize(
    ("hand", "pile", "picked"),
    [
        # Four jokers in the middle of a group of clubs stand for its first card.
        (
            "RJ BJ RJ BJ JC 2C KC 3C 9C 7C 3C 6C 6C",
            "2C",
            "2C 3C 6C 6C 7C 9C JC KC RJ RJ BJ BJ 3C",
        ),
        # Three jokers ending a run that turned suit twice.
        ("5H 6H 7H 7C 8C 9C 9S 10S RJ BJ RJ 5D", "5S", "5D 5H 6H 7H 7C 8C 9C 9S 10S RJ BJ RJ"),
    ],
)
def test_the_whole_hand_picked_with_three_or_four_jokers_goes_down(
    hand: str, pile: str, picked: str
) -> None:
    game = Game.from_position(
        PRESETS["hungarian"],
        hands=[hand, "4C", "4D", "4S", "JD"],
        pile=pile,
        stock="8C 8D 10D QD KD 2D 3D 9S 9D",
    )
    h = Harness(game)
    t = h.table
    assert not t.offer().complete
    used: set[int] = set()
    for code in picked.split():
        card = Card.parse(code)
        hc = next(c for c in t.hand.cards if c.card == card and c.uid not in used)
        used.add(hc.uid)
        t.hand.selection.append(hc.uid)
    h.tick(2)
    assert t.flow.phase_hint() == "Drop the group on the pile or press Play (Enter)"
    h.key(pygame.K_RETURN)
    h.tick(3)
    while h.stack.top is not t:  # the jokers' choosers
        h.key(pygame.K_RETURN)
        h.tick(3)
    h.tick(30)
    assert game.hand_counts[0] == 0 and 0 in game.placings

"""RULES.md §3.8: calling "Macau" — required or automatic, the catch window and its penalty."""

from __future__ import annotations

import pytest

from game.engine import (
    PRESETS,
    CardsDrawn,
    Game,
    MacauCalled,
    MacauCaught,
    MacauForgotten,
    Stop,
)

from .conftest import ALL_PRESETS, legal, of, one, play, pos, refused

REQUIRED = ["polish", "hungarian"]
AUTO = [p for p in ALL_PRESETS if p not in REQUIRED]
STOCK = "5S 6S 5D 4S 4D 10S 10H"


def _forgot(preset: str) -> object:
    """Seat 1 lays its second-last card without calling; seat 2 is to act."""
    g = pos(preset, ["9C 6C 10C", "8H 9H", "10D 9D 6D", "5C 8C 6H"], "8S", STOCK, current=1)
    events = play(g, "8H")
    assert one(events, MacauForgotten).seat == 1
    return g


@pytest.mark.parametrize("preset", REQUIRED)
def test_required_call_may_be_made_with_the_play(preset: str) -> None:
    g = pos(preset, ["9C 6C 10C", "8H 9H", "10D 9D 6D"], "8S", STOCK, current=1)
    assert {"8H", "8H!"} <= legal(g)
    events = play(g, "8H!")
    called = one(events, MacauCalled)
    assert (called.seat, called.auto) == (1, False)
    assert not of(events, MacauForgotten)
    assert g.macau_catchable == -1


@pytest.mark.parametrize("preset", REQUIRED)
def test_forgotten_call_opens_a_catch_window(preset: str) -> None:
    g = _forgot(preset)
    assert g.macau_catchable == 1
    assert g.current == 2
    assert g.legal_actions(3) == [Stop(1)]
    assert g.legal_actions(0) == [Stop(1)]
    assert g.legal_actions(1) == []
    assert Stop(1) in g.legal_actions()


@pytest.mark.parametrize("preset", REQUIRED)
def test_stop_macau_by_a_seat_not_to_act_makes_the_forgetter_draw_five(preset: str) -> None:
    g = _forgot(preset)
    events = play(g, "stop 1", seat=3)
    caught = one(events, MacauCaught)
    assert (caught.seat, caught.by, caught.penalty) == (1, 3, 5)
    assert one(events, CardsDrawn).count == 5
    assert g.hand_counts[1] == 6
    assert g.current == 2 and g.macau_catchable == -1
    refused(g, "stop 1", "nobody", seat=0)


@pytest.mark.parametrize("preset", REQUIRED)
def test_seat_to_act_may_catch_and_then_still_moves(preset: str) -> None:
    g = _forgot(preset)
    play(g, "stop 1")
    assert g.hand_counts[1] == 6 and g.current == 2
    assert "draw" in legal(g)


@pytest.mark.parametrize("preset", REQUIRED)
def test_catch_window_closes_on_the_next_action(preset: str) -> None:
    g = _forgot(preset)
    play(g, "draw")
    assert g.macau_catchable == -1
    refused(g, "stop 1", "nobody", seat=0)
    assert g.legal_actions(0) == []


@pytest.mark.parametrize("preset", REQUIRED)
def test_stop_on_the_wrong_seat_is_refused(preset: str) -> None:
    g = _forgot(preset)
    refused(g, "stop 2", "did not forget", seat=3)
    refused(g, "stop 1", "yourself", seat=1)
    refused(g, "stop 1", "seat", seat=7)


@pytest.mark.parametrize("preset", REQUIRED)
def test_stop_with_nobody_to_catch_is_refused(preset: str) -> None:
    g = pos(preset, ["9C 6C 10C", "8H 9H 6H", "10D 9D 6D"], "8S", STOCK, current=1)
    refused(g, "stop 0", "nobody", seat=2)


@pytest.mark.parametrize("preset", REQUIRED)
def test_macau_penalty_the_pack_cannot_pay_is_forgiven(preset: str) -> None:
    g = pos(preset, ["9C 6C 10C", "8H 9H", "10D 9D 6D"], "8S", "5S 6S", current=1)
    play(g, "8H")
    events = play(g, "stop 1", seat=0)
    assert one(events, MacauCaught).penalty == 3  # two in the stock, one under the top
    assert g.hand_counts[1] == 4


@pytest.mark.parametrize("preset", REQUIRED)
def test_call_is_refused_unless_the_play_leaves_one_card(preset: str) -> None:
    g = pos(preset, ["9C 6C 10C", "8H 9H 6H", "10D 9D 6D"], "8S", STOCK, current=1)
    refused(g, "8H!", "one card")


@pytest.mark.parametrize("preset", REQUIRED)
def test_going_out_with_several_cards_needs_no_call(preset: str) -> None:
    g = pos(preset, ["9C 6C 10C", "8H 8D", "10D 9D 6D"], "8S", STOCK, current=1)
    events = play(g, "8H 8D")
    assert not of(events, MacauForgotten) and g.macau_catchable == -1
    refused(pos(preset, ["9C 6C 10C", "8H 8D", "10D 9D 6D"], "8S", STOCK, current=1), "8H 8D!")


@pytest.mark.parametrize("preset", AUTO)
def test_auto_call_is_made_by_the_table(preset: str) -> None:
    g = pos(preset, ["9C 6C 10C", "8H 9H", "10D 9D 6D"], "8S", STOCK, current=1)
    assert "8H!" not in legal(g)
    refused(g, "8H!", "Macau is called for you in these rules")
    events = play(g, "8H")
    called = one(events, MacauCalled)
    assert (called.seat, called.auto) == (1, True)
    assert g.macau_catchable == -1
    assert g.legal_actions(0) == []
    # Nobody can forget a call the table makes: a catch is refused as the call is, not as if
    # it came at the wrong moment.
    refused(g, "stop 1", "Macau is called for you in these rules", seat=0)


@pytest.mark.parametrize("preset", AUTO)
def test_stop_macau_is_refused_as_called_for_you_at_any_moment(preset: str) -> None:
    g = pos(preset, ["9C 6C 10C", "8H 9H 6H", "10D 9D 6D"], "8S", STOCK, current=1)
    message = refused(g, "stop 0", "Macau is called for you in these rules", seat=2)
    assert "forgotten call" not in message


@pytest.mark.parametrize("preset", REQUIRED)
def test_forgetting_is_tallied(preset: str) -> None:
    g = _forgot(preset)
    assert g.tally(1)["macau_forgotten"] == 1


def test_with_five_again_the_call_waits_for_the_end_of_the_turn() -> None:
    # House rules: Tel-Aviv with the call required. A 5 that leaves one card does not end
    # the turn (lay one more or draw), so no call is made or missed on it.
    rules = PRESETS["tel_aviv"].replace(macau_call="required")
    g = Game.from_position(
        rules, hands=["5H 9H", "10D 9D 6D", "6C 8S 10C"], pile="5S", stock="7S 7D 7C 8D"
    )
    refused(g, "5H!", "turn goes on")
    assert "5H!" not in legal(g)
    events = play(g, "5H")
    assert not of(events, MacauForgotten) and not of(events, MacauCalled)
    assert g.macau_catchable < 0 and g.current == 0
    refused(g, "stop 0", seat=1)
    play(g, "9H")  # out with its last card: no call at any point
    assert g.hand_counts[0] == 0


def test_with_five_again_a_draw_after_the_5_needs_no_call() -> None:
    rules = PRESETS["tel_aviv"].replace(macau_call="required")
    g = Game.from_position(
        rules, hands=["5H 8C", "10D 9D 6D", "6C 8S 10C"], pile="5S", stock="7S 7D 7C 8D"
    )
    assert not of(play(g, "5H"), MacauForgotten)
    play(g, "draw")  # 7S does not fit 5H: two cards in hand, the turn is over
    assert g.current == 1 and g.macau_catchable < 0


def test_with_five_again_a_drawn_card_laid_to_one_card_needs_the_call() -> None:
    rules = PRESETS["tel_aviv"].replace(macau_call="required")
    g = Game.from_position(
        rules, hands=["5H 8C", "10D 9D 6D", "6C 8S 10C"], pile="5S", stock="7H 7D 7C 8D"
    )
    play(g, "5H")
    play(g, "draw")  # 7H fits: laying it leaves one card, and this play ends the turn
    assert "7H!" in legal(g) and "7H" in legal(g)
    events = play(g, "7H")
    assert of(events, MacauForgotten) and g.macau_catchable == 0


def test_a_catch_is_told_before_the_reshuffle_its_penalty_needs() -> None:
    g = pos("polish", ["9H 10H", "6D 4D 9S 8S", "5D 7D 8C 7C"], "8D 5H 6H 7H", "10C JC")
    play(g, "9H")  # one card left, Macau not called
    events = play(g, Stop(0), seat=1)
    assert [type(e).__name__ for e in events] == ["MacauCaught", "Reshuffled", "CardsDrawn"]
    assert one(events, MacauCaught).penalty == 5 and one(events, CardsDrawn).count == 5

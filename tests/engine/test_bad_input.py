"""Bad input of every kind raises a clear error and leaves the game exactly as it was."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game.engine import (
    PRESETS,
    Card,
    Game,
    IllegalMove,
    NoSuchSeat,
    NotationError,
    Play,
    RulesError,
    Stop,
    parse_action,
)
from game.engine.cards import parse_cards, parse_rank, parse_suit

from .conftest import ALL_PRESETS, play, pos, refused


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_action_by_a_seat_not_to_act_is_refused(preset: str) -> None:
    g = Game.new(PRESETS[preset], seats=3, seed=8)
    other = (g.current + 1) % 3
    action = g.legal_actions()[0]
    refused(g, action, f"seat {g.current}'s turn", seat=other)
    refused(g, "draw", "turn", seat=other)
    assert g.legal_actions(other) == []


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_action_after_the_round_is_over_is_refused(preset: str) -> None:
    g = pos(preset, ["8H", "9D 6C", "10H"], "8S", "5S 6S")
    play(g, "8H")
    if not g.over:  # places: finish the round
        play(g, "draw")
        play(g, "10H")
    assert g.over and g.legal_actions() == []
    refused(g, "draw", "over")
    refused(g, "pass", "over")
    refused(g, "stop 1", "over", seat=0)


def test_action_after_the_match_is_over_is_refused() -> None:
    g = pos("classic", ["8H", "AC"], "8S", "5S", scores=[0, 480])
    play(g, "8H")
    assert g.match_over
    refused(g, "draw", "match is over")


@pytest.mark.parametrize("text", ["7X", "", "stop me", "AS/H 7H", "7H=KH", "draw please"])
def test_unparseable_notation_is_refused_and_changes_nothing(text: str) -> None:
    g = pos("polish", ["7H 8S AS", "9C 6D"], "5H", "6S")
    before = g.to_dict()
    assert not g.is_legal(text)
    with pytest.raises(NotationError):
        g.apply(text)
    # One ``except IllegalMove`` around typed input covers a typo too.
    for act in (g.apply, g.check):
        with pytest.raises(IllegalMove) as info:
            act(text)
        assert isinstance(info.value, NotationError) and str(info.value)
    assert g.to_dict() == before


def test_card_not_in_the_hand_is_refused() -> None:
    g = pos("polish", ["7H 8S", "9C 6D"], "5H", "6S")
    refused(g, "9H", "does not hold")
    refused(g, "7H 7H", "does not hold")
    # A joker where the rules have none is refused as such, not as a card not held.
    refused(g, "RJ=7H", "played without jokers")
    g = pos("hungarian", ["7H 8S", "9C 6D"], "5H", "6S")
    refused(g, "RJ=7H", "does not hold the red joker")


def test_a_card_made_with_its_constructor_is_refused_saying_how_to_get_cards() -> None:
    """Cards are compared as the one object of each card: a copy made with ``Card(7, "H")``
    is not the 7♥ held, and "does not hold 7♥" beside a hand holding it would mislead."""
    g = pos("polish", ["7H 8S", "9C 6D"], "5H", "6S")
    refused(g, Play((Card(7, "H"),)), "Card.parse", "Card.of")
    refused(g, Play((Card(9, "H"),)), "does not hold")  # a copy of a card not held either
    g.apply(Play((Card.of(7, "H"),)))
    assert [c.code for c in g.hand(0)] == ["8S"]


def test_the_finishing_order_and_the_totals_read_are_copies() -> None:
    g = Game.new("classic", seats=3, seed=1)
    before = g.to_dict()
    g.scores.append(0)
    g.scores[0] = 10**6
    g.placings.append(2)
    assert g.to_dict() == before
    assert Game.from_dict(g.to_dict()).scores == [0, 0, 0]


def test_unknown_seat_is_refused() -> None:
    g = pos("polish", ["7H 8S", "9C 6D"], "5H", "6S")
    refused(g, "draw", "no seat 5", seat=5)
    refused(g, "draw", "no seat", seat=-1)


def test_stop_with_a_bad_target_is_refused() -> None:
    g = pos("polish", ["7H 8S", "9C 6D"], "5H", "6S")
    refused(g, Stop(9), "there is no seat 9 at this table (seats 0 to 1)", seat=1)
    refused(g, Stop(1), "nobody", seat=0)


def test_refused_action_leaves_the_legal_list_as_it_was() -> None:
    g = pos("polish", ["7H 8S", "9C 6D"], "5H", "6S")
    listed = [str(a) for a in g.legal_actions()]
    refused(g, "8S", "suit")
    assert [str(a) for a in g.legal_actions()] == listed


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"skip_rank": "A"}, "skip_rank"),
        ({"counter_rule": "nonsense"}, "counter_rule"),
        ({"attack_cards": {"BJ"}}, "draw_wild"),
        ({"groups": "sideways"}, "groups"),
    ],
)
def test_rules_that_make_no_sense_are_refused(changes: dict[str, object], words: str) -> None:
    before = PRESETS["polish"].to_text()
    with pytest.raises(RulesError, match=words):
        PRESETS["polish"].replace(**changes)
    assert PRESETS["polish"].to_text() == before


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_bad_seat_count_or_dealer_is_refused(preset: str) -> None:
    rules = PRESETS[preset]
    with pytest.raises(RulesError, match="seats"):
        Game.new(rules, seats=rules.max_seats + 1)
    with pytest.raises(RulesError, match="dealer"):
        Game.new(rules, seats=2, dealer=2)


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"seats": "4"}, "seats must be a whole number"),
        ({"seats": 4.0}, "seats must be a whole number"),
        ({"seats": True}, "seats must be a whole number"),
        ({"seed": [1]}, "seed must be"),
        ({"seed": 1.5}, "seed must be"),
        ({"dealer": "1"}, "dealer must be a seat"),
        ({"dealer": -1}, "dealer must be a seat"),
    ],
)
def test_arguments_of_the_wrong_kind_are_refused_naming_the_argument(
    kwargs: dict[str, object], words: str
) -> None:
    # The same RulesError from the compiled engine and from the sources (the compiled one
    # used to raise its own TypeError before the engine could say what was wrong).
    args: dict[str, object] = {"seats": 4, "seed": 1, **kwargs}
    with pytest.raises(RulesError, match=words):
        Game.new(PRESETS["polish"], **args)


def test_a_preset_may_be_named_and_a_wrong_name_or_kind_is_refused() -> None:
    by_name = Game.new("hungarian", seats=2, seed=3)
    assert by_name.rules == PRESETS["hungarian"]
    assert by_name.hand(0) == Game.new(PRESETS["hungarian"], seats=2, seed=3).hand(0)
    assert Game.from_position("polish", hands=["7H", "8H"], pile="7S").rules == PRESETS["polish"]
    with pytest.raises(RulesError, match="unknown preset 'polsh'; choose from polish"):
        Game.new("polsh", seats=2)
    with pytest.raises(RulesError, match="rules must be a Rules or a preset name, not int"):
        Game.new(5, seats=2)  # type: ignore[arg-type]
    with pytest.raises(IllegalMove, match="hands must be a list of hands"):
        Game.from_position("polish", hands="7H 8H", pile="7S")
    with pytest.raises(IllegalMove, match="current must be a seat from 0 to 1, not 5"):
        Game.from_position("polish", hands=["7H", "8H"], pile="7S", current=5)


@pytest.mark.parametrize("seat", [4, -1, "0", True, 2.0])
def test_asking_about_a_seat_that_is_not_at_the_table_says_which_seats_are(seat: object) -> None:
    g = Game.new(PRESETS["polish"], seats=4, seed=1)
    before = g.to_dict()
    readers = [g.hand, g.tally, g.view, g.legal_actions, lambda s: g.apply("draw", seat=s)]
    for read in readers:
        with pytest.raises(NoSuchSeat, match="seat") as caught:
            read(seat)
        assert "0 to 3" in str(caught.value)
        # one error for every kind of caller: a refused move, and a bad index
        assert isinstance(caught.value, IllegalMove)
        assert isinstance(caught.value, IndexError)
    assert not g.is_legal("draw", seat=seat)
    assert g.to_dict() == before


def test_damaged_save_is_refused() -> None:
    g = pos("polish", ["7H 8S", "9C 6D"], "5H", "6S")
    data = g.to_dict()
    for damage in ({"version": 99}, {"hands": [["7X"]]}, {"n": "x"}):
        with pytest.raises(ValueError, match=r"saved game|damaged|version"):
            Game.from_dict({**data, **damage})
    with pytest.raises(ValueError):
        Game.from_dict({k: v for k, v in data.items() if k != "stock"})


def test_a_save_from_before_blocked_passes_were_kept_by_seat_still_loads() -> None:
    # Older saves counted a blocked streak in "_pass_streak"; such a streak starts again.
    g = pos("polish", ["6H 9C", "6D 10C 10D", "9D 10H"], "8S")
    g.apply("pass")
    data = g.to_dict()
    data["_pass_streak"] = 1
    del data["_blocked_passes"]
    old = Game.from_dict(data)
    assert old.to_dict()["_blocked_passes"] == 0
    old.apply("pass")
    old.apply("pass")
    assert not old.over  # seat 0's pass before the save is forgotten
    old.apply("pass")
    assert old.over and old.blocked


@pytest.mark.parametrize("action", [object(), 7, None, b"draw", ["7H"]])
def test_wrong_kind_of_action_is_refused(action: object) -> None:
    g = pos("polish", ["7H 8S", "9C 6D"], "5H", "6S")
    before = g.to_dict()
    with pytest.raises(IllegalMove, match="is not an action"):
        g.apply(action)  # type: ignore[arg-type]
    assert not g.is_legal(action)  # type: ignore[arg-type]
    assert g.to_dict() == before


@pytest.mark.parametrize(
    ("reader", "args", "words"),
    [
        (Card.parse, (7,), "a card (such as 7H or RJ) is written as text, not int 7"),
        (Card.parse, (None,), "written as text, not NoneType"),
        (parse_cards, (b"7H 8S",), "a list of cards"),
        (parse_action, (7,), "an action (such as 7H, draw or pass) is written as text"),
        (parse_rank, (5,), "a rank (such as 7 or Q)"),
        (parse_suit, (1,), "a suit (S, H, D or C)"),
        (Card.of, ("7", "H"), "no such card: rank '7' suit 'H' (a rank is a number 2-14"),
        (Card.of, (7, 7), "no such card: rank 7 suit 7"),
        (Card.of, ([7], "H"), "no such card"),
    ],
)
def test_notation_of_the_wrong_kind_is_a_notation_error_compiled_or_not(
    reader: Callable[..., object], args: tuple[object, ...], words: str
) -> None:
    with pytest.raises(NotationError) as caught:
        reader(*args)
    assert words in str(caught.value)


def test_public_phase_and_error_types_are_the_ones_the_engine_uses() -> None:
    from game.engine import Phase

    g = pos("polish", ["7H 8S", "9C 6D"], "5H", "6S")
    assert type(g.phase) is Phase
    try:
        g.apply("8S")
    except IllegalMove as exc:
        assert "suit" in str(exc)
    else:
        raise AssertionError("8S on 5H was accepted")


@pytest.mark.parametrize("field", ["missed", "_out", "scores"])
def test_a_save_whose_per_seat_lists_disagree_with_its_seats_is_refused(field: str) -> None:
    data = Game.new(PRESETS["polish"], seats=4, seed=2).to_dict()
    data[field] = data[field][:-1]  # one seat short: play would fail later, on that seat
    with pytest.raises(ValueError, match="seats and hands disagree"):
        Game.from_dict(data)


@pytest.mark.parametrize("data", [None, [], "a saved game", 7])
def test_a_save_that_is_not_even_a_dict_is_refused_as_a_save(data: object) -> None:
    with pytest.raises(ValueError, match="not a saved game"):
        Game.from_dict(data)


def test_a_save_with_a_seat_out_but_holding_cards_is_refused() -> None:
    # A seat out of the round never moves again: its cards would stay in play for good.
    data = Game.new(PRESETS["polish"], seats=3, seed=5).to_dict()
    assert data["current"] != 2
    data["_out"][2] = True
    with pytest.raises(ValueError, match="damaged: seat 2 is out but holds cards"):
        Game.from_dict(data)


@pytest.mark.parametrize(
    "damage",
    [
        {"current": 9},
        {"current": "a"},
        {"_seed": "abc"},
        {"over": 1},
        {"penalty": 2.5},
        {"pile_eff": []},
        {"missed": [-1, 0, 0, 0]},
        {"_top": "KS"},
        {"n": 9},
        {"stock": ["HAND"]},  # a card held also in the stock
        {"hands": [[], [], [], []]},  # the cards gone
        {"current": 1, "_out": [False, True, False, False]},  # the seat to act is out
        {"_req_rank": -(10**30)},  # a rank request no card has
        {"_req_rank": 15},
        {"_req_owner": 7},
        {"_ks_layer": -2},
        {"_macau_open": 4},
        {"_req_bound": 12},
        {"dealer": -1},
        {"penalty": -5},
        {"skips": -1},
        {"round_no": 0},
        {"_blocked_passes": -1},
        {"_suit": "X"},
        {"_req_excluded": "hearts"},
        {"_req_suits": ["S", "Q"]},
    ],
)
def test_a_damaged_save_is_refused_on_loading_not_on_the_next_move(
    damage: dict[str, object],
) -> None:
    # Each of these loaded before and failed at the first move (IndexError, TypeError), or
    # played on with cards missing; now loading refuses it, as a damaged save.
    data = Game.new(PRESETS["polish"], seats=4, seed=3).to_dict()
    if damage.get("stock") == ["HAND"]:
        damage = {"stock": [*data["stock"], data["hands"][0][0]]}
    with pytest.raises(ValueError, match="damaged"):
        Game.from_dict({**data, **damage})


@pytest.mark.parametrize(
    ("cards", "declared"),
    [(("RJ",), ("5H",)), (("5H",), None), ((), None)],
)
def test_a_play_built_with_wrong_fields_is_refused_not_crashed(
    cards: tuple[str, ...], declared: tuple[str, ...] | None
) -> None:
    # Card objects where codes were given (or no card at all): refused like an illegal move,
    # compiled or from source; before, an AttributeError or TypeError escaped is_legal.
    g = Game.new(PRESETS["hungarian"], seats=2, seed=1)
    parsed = tuple(Card.parse(c) if c == "RJ" else c for c in cards)
    play = Play(parsed, declared)  # type: ignore[arg-type]
    assert not g.is_legal(play)
    with pytest.raises(IllegalMove, match="not a well-formed play"):
        g.apply(play)


@pytest.mark.parametrize(
    ("preset", "hands", "pile", "typed", "advice"),
    [
        ("polish", ["AC AH 9S", "8D 8H 9D"], "7C", "AC AH", "for example AC AH/S)"),
        ("polish", ["AC AH 9S", "8D 8H 9D"], "7C", "AC AH!", "for example AC AH/S!)"),
        ("hungarian", ["RJ 9S 8S", "8D 8H 9D"], "7H", "RJ=AH", "for example RJ=AH/S)"),
        # A call that would be refused next is left out of the advice.
        ("polish", ["AC 9S 8S 7D", "8D 8H 9D"], "7C", "AC!", "for example AC/S)"),
        ("classic", ["AC 9S", "8D 8H 9D"], "7C", "AC!", "for example AC/S)"),
    ],
)
def test_a_play_missing_its_choice_is_told_how_to_write_it_whole(
    preset: str, hands: list[str], pile: str, typed: str, advice: str
) -> None:
    # Advice naming the last card alone ("AH/S") sent the player to a play refused again.
    g = pos(preset, hands, pile, "5S 6S 7S 8C 9C")
    with pytest.raises(IllegalMove) as refused:
        g.apply(typed)
    assert str(refused.value).endswith(advice)

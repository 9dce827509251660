"""Card and action notation (RULES.md §1): parsing, printing, and refusals."""

from __future__ import annotations

import pytest

from game.engine import (
    DRAW,
    PASS,
    Card,
    Game,
    IllegalMove,
    NotationError,
    Play,
    Stop,
    parse_action,
    parse_cards,
)


def test_ten_may_be_written_10_or_t() -> None:
    assert Card.parse("10H") is Card.parse("TH")
    assert str(Card.parse("TH")) == "10H"


@pytest.mark.parametrize(
    ("text", "code"),
    [("7♥", "7H"), ("Q♦", "QD"), ("A♠", "AS"), ("10♣", "10C"), ("7h", "7H"), (" KS ", "KS")],
)
def test_suit_symbols_and_lower_case_parse(text: str, code: str) -> None:
    assert str(Card.parse(text)) == code


def test_jokers_parse() -> None:
    red, black = Card.parse("RJ"), Card.parse("BJ")
    assert red.is_joker and black.is_joker and red is not black
    assert (red.rank, red.suit, black.suit) == (0, "R", "B")
    assert str(red) == "RJ" and red.pretty == "red joker"


def test_card_fields() -> None:
    c = Card.parse("10H")
    assert (c.rank, c.suit, c.is_joker, c.pretty, c.points) == (10, "H", False, "10♥", 10)
    assert Card.parse("AS").rank == 14
    assert Card.parse("2C").order < Card.parse("3C").order


@pytest.mark.parametrize("bad", ["", "7", "1H", "7X", "ZZ", "11S", "XJ", "7HH"])
def test_bad_card_notation_raises_notation_error(bad: str) -> None:
    with pytest.raises(NotationError) as info:
        Card.parse(bad)
    assert isinstance(info.value, ValueError)
    assert "not" in str(info.value) or "no such" in str(info.value)


def test_parse_cards_reads_a_list() -> None:
    assert [str(c) for c in parse_cards("7H 10S TS QD RJ")] == ["7H", "10S", "10S", "QD", "RJ"]
    assert parse_cards("") == []


@pytest.mark.parametrize(
    "text",
    [
        "draw",
        "pass",
        "stop 2",
        "7H",
        "7S 7D",
        "AS/H",
        "AS/*",
        "JC/8",
        "JC/10",
        "JC/-",
        "RJ=KH",
        "RJ=AS/H",
        "RJ/S",
        "8H!",
        "AS/H!",
        "5H RJ=6H 7H",
    ],
)
def test_action_notation_round_trips(text: str) -> None:
    action = parse_action(text)
    assert str(action) == text
    assert parse_action(str(action)) == action


def test_a_play_declaring_nothing_is_the_play_without_declarations() -> None:
    """``declared=(None,)`` declares no joker: the play is the plain one, equal to it and
    among the listed plays, rather than a twin that is legal but never listed."""
    g = Game.from_position(
        "polish", hands=["7S QC 2H 9C", "2C 4D 9S KD"], pile="5H 7H", stock="9H KC 4S"
    )
    seven = Card.parse("7S")
    twin = Play((seven,), declared=(None,))
    assert twin.declared is None and twin == parse_action("7S") == Play((seven,))
    assert hash(twin) == hash(parse_action("7S"))
    assert twin in g.legal_actions() and g.is_legal(twin)
    # Declarations of the wrong length are kept, and refused as ever.
    for wrong in ((None, None), ()):
        play = Play((seven,), declared=wrong)
        assert play.declared == wrong and not g.is_legal(play)
        with pytest.raises(IllegalMove, match="one per card"):
            g.apply(play)
    # A joker's declaration is kept as given.
    joker = Card.parse("RJ")
    declared = Play((seven, joker), declared=(None, Card.parse("7H")))
    assert declared.declared == (None, Card.parse("7H"))


def test_action_kinds() -> None:
    assert parse_action("draw") == DRAW and parse_action("DRAW") == DRAW
    assert parse_action("pass") == PASS
    assert parse_action("stop 3") == Stop(3)
    play = parse_action("7S 7D!")
    assert isinstance(play, Play)
    assert [str(c) for c in play.cards] == ["7S", "7D"] and play.call and play.choice is None
    assert parse_action("JC/T") == parse_action("JC/10")
    assert parse_action("AS/♥") == parse_action("AS/H")


@pytest.mark.parametrize(
    ("bad", "words"),
    [
        ("", "empty"),
        ("stop", "stop N"),
        ("stop x", "stop N"),
        ("AS/H 7H", "last card"),
        ("7H=KH", "only a joker"),
        ("RJ=BJ", "joker"),
        ("AS/Z", "after '/'"),
        ("!", "no card"),
        ("7Q", "suit"),
        ("zz", "'zz' is not a card: 'z' is not a suit"),
        ("7H 8Q", "'8Q' is not a card: 'Q' is not a suit"),
        # The part at fault is named: a trailing character, a call or a choice out of place.
        ("7S,", "'7S,' is not a card: ',' is not a suit"),
        ("AH!/S", "the Macau call '!' goes at the very end (AH/S!)"),
        ("draw!", "not with a draw or a pass"),
        ("QC /H", "right after its card, without a space (QC/H)"),
    ],
)
def test_bad_action_notation_raises_a_clear_notation_error(bad: str, words: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_action(bad)
    assert isinstance(info.value, ValueError)
    assert words.lower() in str(info.value).lower()

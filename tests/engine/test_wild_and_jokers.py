"""RULES.md §3.5–3.6: wild queens, cards that play on anything, and both kinds of joker."""

from __future__ import annotations

import pytest

from game.engine import PRESETS, AttackPending, Phase, SuitNamed

from .conftest import ALL_PRESETS, legal, one, play, plays, pos, refused

QUEEN_WILD = ["polish", "quick", "hungarian"]
QUEEN_PLAIN = ["classic", "romanian", "romanian2"]
DRAW_WILD = ["classic", "romanian"]
STOCK = "5S 6S 5D 6H 10S 5C"
# Hungarian's stand-in jokers without their place among the cards that play on anything (a
# house rule): each is laid only as a card that could be laid there.
MUST_FIT = PRESETS["hungarian"].replace(name="custom", plays_on_anything=frozenset({"A", "Q"}))


# ----- §3.5 the queen ---------------------------------------------------------------------
@pytest.mark.parametrize("preset", QUEEN_WILD)
def test_wild_queen_may_be_laid_on_any_card(preset: str) -> None:
    g = pos(preset, ["QH 9C 10C", "9D 6C", "10D"], "8S", STOCK)
    assert g.is_legal("QH")
    play(g, "QH")
    assert g.current == 1 and g.phase is Phase.PLAY


@pytest.mark.parametrize("preset", QUEEN_WILD)
def test_any_card_may_be_laid_on_a_wild_queen(preset: str) -> None:
    g = pos(preset, ["QH 9C 10C", "9D 6C 9S", "10D"], "8S", STOCK)
    play(g, "QH")
    assert {"9D", "6C", "9S"} <= legal(g)
    play(g, "6C")
    assert g.suit_in_force == "C"


@pytest.mark.parametrize("preset", QUEEN_WILD)
def test_wild_queen_is_no_answer_to_attack_skip_or_request(preset: str) -> None:
    g = pos(preset, ["2S 4S JS 8D 9C", "QS QH", "QD 10D"], "8S", STOCK)
    play(g, "2S")
    refused(g, "QS", "attack")
    g = pos(preset, ["2S 4S JS 8D 9C", "QS QH", "QD 10D"], "8S", STOCK)
    play(g, "4S")
    refused(g, "QS", "a missed turn")
    g = pos(preset, ["2S 4S JS 8D 9C", "QS QH", "QD 10D"], "8S", STOCK)
    play(g, "JS/8")
    refused(g, "QS", "request")


def test_tel_aviv_queen_plays_on_anything_and_names_its_own_suit() -> None:
    # RULES §3.5: "a queen plays on anything and the suit in force becomes its own"; §5: a
    # suit changer naming its own suit.
    g = pos("tel_aviv", ["QH 9C 10C", "9D 9H QC", "10D"], "8S", STOCK)
    refused(g, "QH/S", "its own suit")
    events = play(g, "QH/H")
    assert [e.suit for e in events if isinstance(e, SuitNamed)] == ["H"]
    assert g.suit_in_force == "H"
    refused(g, "9D", "hearts")
    assert {"9H", "QC/C"} <= legal(g)


@pytest.mark.parametrize("preset", QUEEN_PLAIN)
def test_queen_is_plain_where_it_has_no_power(preset: str) -> None:
    g = pos(preset, ["QH QS 10C", "9D 9H", "10D"], "8S", STOCK)
    refused(g, "QH", "suit")
    play(g, "QS")
    refused(g, "9H", "suit")


@pytest.mark.parametrize("preset", [p for p in ALL_PRESETS if p not in QUEEN_WILD])
def test_nothing_is_laid_on_anything_without_a_wild_queen(preset: str) -> None:
    g = pos(preset, ["QS 9C 10C", "9D 6C", "10D"], "8S", STOCK)
    play(g, "QS/S" if PRESETS[preset].queen_own_suit else "QS")
    refused(g, "9D", "spades")  # in force, or named by a queen that changes the suit


# ----- §3.6 any-card jokers (hungarian) ---------------------------------------------------
def test_any_card_joker_acts_exactly_as_the_card_declared() -> None:
    g = pos("hungarian", ["RJ 9C 10C", "9D 6C", "10D 6D"], "8H", STOCK)
    events = play(g, "RJ=KH")
    assert one(events, AttackPending).total == 5
    assert str(g.top) == "RJ" and str(g.top_effective) == "KH"
    assert g.current == 1 and g.penalty == 5 and g.suit_in_force == "H"


def test_any_card_joker_must_declare_what_it_stands_for() -> None:
    g = pos("hungarian", ["RJ 9C 10C", "9D 6C"], "8H", STOCK)
    refused(g, "RJ", "stands for")
    refused(g, "RJ/S", "stands for")
    g = pos(MUST_FIT, ["RJ 9C 10C", "9D 6C"], "8H", STOCK)
    refused(g, "RJ=9S", "suit")  # without playing on anything, the card declared must fit


def test_two_any_card_jokers_make_two_kings_of_hearts() -> None:
    g = pos("hungarian", ["RJ 9C 10C", "BJ 6C 8C", "10D 6D"], "8H", STOCK)
    play(g, "RJ=KH")
    events = play(g, "BJ=KH")
    assert one(events, AttackPending).total == 10
    assert [str(c) for c in g.pile_eff[-2:]] == ["KH", "KH"]
    assert g.current == 2


def test_any_card_joker_joins_a_group_of_one_rank() -> None:
    g = pos("hungarian", ["KH RJ 9C 10C", "9D 6C", "10D 6D"], "8H", STOCK)
    play(g, "KH RJ=KH")
    assert g.penalty == 10


def test_two_any_card_jokers_make_two_kings_of_hearts_in_one_play() -> None:
    # RULES §3.6: "two jokers can make two kings of hearts" — laid together they are a group
    # of one rank, and both attack cards count.
    g = pos("hungarian", ["RJ BJ 9C 10C", "9D 6C", "10D 6D"], "8H", STOCK)
    assert "RJ=KH BJ=KH" in legal(g) and "RJ=8D BJ=8C" in legal(g)
    refused(g, "RJ=8D BJ=10C", "rank")  # still one rank, or a run
    play(g, "RJ=KH BJ=KH")
    assert g.penalty == 10 and g.current == 1
    assert str(g.top_effective) == "KH"


def test_jokers_alone_follow_the_group_rules() -> None:
    g = pos(MUST_FIT, ["RJ BJ 9C 10C", "9D 6C", "10D 6D"], "8H", STOCK)
    refused(g, "RJ=9D BJ=9C")  # the first card must fit 8♥
    assert g.is_legal("RJ=8D BJ=8C")
    refused(g, "RJ=8D BJ=9C", "one rank or one suit")
    g = pos("hungarian", ["RJ BJ 9C 10C", "9D 6C", "10D 6D"], "8H", STOCK)
    assert g.is_legal("RJ=9D BJ=9C")  # a joker plays on anything, so it may open as 9♦
    refused(g, "RJ=8D BJ=9C", "one rank or one suit")


def test_any_card_joker_joins_a_group_of_one_suit() -> None:
    # It acts exactly as the card it stands for (RULES §3.6): with 9♥, a 5♥ makes a group of
    # one suit (§3.7). Between the first and the last card it stands for the first.
    g = pos("hungarian", ["9H RJ 5H 10C", "9D 6C", "10D 6D"], "8H", STOCK)
    assert g.is_legal("9H RJ=5H") and g.is_legal("RJ=QH 9H") and g.is_legal("9H RJ=9H 5H")
    refused(g, "9H RJ=5C", "one rank or one suit")
    refused(g, "9H RJ=KH 5H", "stands for 9H")
    play(g, "9H 5H RJ=2H")
    assert g.penalty == 2 and g.top.code == "RJ"


def test_any_card_joker_fills_a_run() -> None:
    g = pos("hungarian", ["5H RJ 7H 10C", "9D 6C", "10D 6D"], "8H", STOCK)
    assert g.is_legal("5H RJ=6H 7H")
    play(g, "5H RJ=6H 7H")
    assert str(g.top) == "7H"


def test_any_card_joker_as_an_ace_names_a_suit() -> None:
    g = pos("hungarian", ["RJ 9C 10C", "9D 6C", "10D 6D"], "8H", STOCK)
    events = play(g, "RJ=AS/C")
    assert one(events, SuitNamed).suit == "C"
    assert g.suit_in_force == "C" and g.phase is Phase.SUIT_REQUEST


# ----- §3.6 draw-wild jokers (classic, romanian) ------------------------------------------
@pytest.mark.parametrize("preset", DRAW_WILD)
@pytest.mark.parametrize(("joker", "penalty"), [("BJ", 5), ("RJ", 10)])
def test_draw_wild_joker_plays_on_anything_names_a_suit_and_attacks(
    preset: str, joker: str, penalty: int
) -> None:
    g = pos(preset, [f"{joker} 9C 10C", "9D 6C", "10D 6D"], "8H", STOCK)
    events = play(g, f"{joker}/S")
    assert one(events, SuitNamed).suit == "S"
    assert one(events, AttackPending).total == penalty
    assert g.suit_in_force == "S" and g.current == 1 and g.penalty == penalty


@pytest.mark.parametrize("preset", DRAW_WILD)
def test_draw_wild_joker_must_name_a_suit_and_stands_for_nothing(preset: str) -> None:
    g = pos(preset, ["RJ 9C 10C", "9D 6C"], "8H", STOCK)
    refused(g, "RJ", "must name")
    refused(g, "RJ=KH", "cannot stand")


@pytest.mark.parametrize("preset", DRAW_WILD)
def test_on_a_joker_only_the_named_suit_or_a_wild_card_follows(preset: str) -> None:
    wild = "AC/C" if preset == "classic" else "7C/C"
    g = pos(preset, ["BJ 9C 10C", "9D 6C 8C", f"9S 9H {wild[:2]} 10D"], "8H", STOCK)
    plays(g, "BJ/S", "draw")  # seat 1 takes the 5
    assert g.current == 2 and g.suit_in_force == "S"
    assert g.phase in (Phase.SUIT_REQUEST, Phase.PLAY)
    assert g.is_legal("9S") and g.is_legal(wild)
    refused(g, "9H", "spades")


# ----- a draw-wild joker has no rank: never in a group ---------------------------------------
@pytest.mark.parametrize("preset", DRAW_WILD)
def test_draw_wild_jokers_are_never_laid_together(preset: str) -> None:
    g = pos(preset, ["RJ BJ 9C 5H", "6C 7D 2H", "9H 10D"], "8H", STOCK)
    assert not any(" " in a for a in legal(g)), "a group of jokers was listed"
    assert {"RJ/S", "BJ/S"} <= legal(g)
    refused(g, "RJ BJ", "joker has no rank")


@pytest.mark.parametrize("preset", DRAW_WILD)
def test_draw_wild_jokers_are_never_laid_together_on_an_attack(preset: str) -> None:
    g = pos(preset, ["2S 9C 5H", "RJ BJ 7D 6C", "9H 10D"], "8S", STOCK)
    play(g, "2S")
    assert any(a.startswith(("RJ", "BJ")) for a in legal(g))
    assert not any(" " in a for a in legal(g))
    refused(g, "BJ RJ", "joker has no rank")


# ----- a stand-in joker plays on anything (hungarian), or fits as the card it stands for -------
def test_a_hungarian_joker_is_laid_on_anything_as_any_card() -> None:
    # RULES §5: jokers are among hungarian's cards that play on anything; §3.6: a stand-in
    # joker is declared as any card, power cards included (two jokers, two kings of hearts).
    g = pos("hungarian", ["RJ BJ 9C 5D", "9D 6C 8C", "10D 6D"], "7S", "9S 10S 8S 6S 5S")
    assert {"RJ=KS", "RJ=2C", "RJ=9D", "RJ=KH BJ=KH", "RJ=5D 5D"} <= legal(g)
    assert {"RJ=AC/D", "RJ=JD/9"} <= legal(g)  # an ace names a suit, a jack asks a rank
    events = play(g, "RJ=KH BJ=KH")
    assert one(events, AttackPending).total == 10 and g.current == 1
    g = pos("hungarian", ["RJ 9C 5D", "9D 6C 8C", "10D 6D"], "7S", "9S 10S 8S 6S 5S")
    play(g, "RJ=2C")
    assert g.penalty == 2 and g.suit_in_force == "C" and g.current == 1


def test_a_hungarian_joker_still_answers_what_is_waiting_as_the_card_it_stands_for() -> None:
    # Playing on anything is for an ordinary turn: an attack, missed turns or a request
    # still take a card that answers them (RULES §3.1–3.5).
    g = pos("hungarian", ["2S 9C 10C", "RJ 6C 8D", "10D 6D"], "8S", STOCK)
    play(g, "2S")
    assert "RJ=3S" in legal(g) and "RJ=9D" not in legal(g)
    refused(g, "RJ=9D", "no answer to the attack")
    g = pos("hungarian", ["4S 9C 10C", "RJ 6C 8D", "10D 6D"], "8S", STOCK)
    play(g, "4S")
    refused(g, "RJ=9D", "a missed turn")
    g = pos("hungarian", ["JS 9C 10C 6C", "RJ 6D 8D", "10D 7D"], "8S", STOCK)
    play(g, "JS/6")
    assert "RJ=6D" in legal(g)
    refused(g, "RJ=9D", "jack requested")
    g = pos("hungarian", ["AS 9C 10C", "RJ 6C 8D", "10D 6D"], "8S", STOCK)
    play(g, "AS/C")
    assert "RJ=9C" in legal(g)
    refused(g, "RJ=9D", "clubs were named")


def test_stand_in_joker_is_laid_as_a_card_that_fits_here() -> None:
    g = pos(MUST_FIT, ["RJ 9C 5D", "9D 6C", "10D 6D"], "7H", "9S 10S")
    assert {"RJ=KH", "RJ=7S", "RJ=QS"} <= legal(g)  # a heart, a 7, a card that plays on anything
    assert "RJ=KS" not in legal(g)
    refused(g, "RJ=KS", "joker laid as K♠ must fit as K♠ does", "suit in force")
    g = pos(MUST_FIT, ["RJ BJ 9C", "9D 6C", "10D 6D"], "7H", "9S 10S")
    refused(g, "RJ=KS BJ=KS", "must fit")
    assert g.is_legal("RJ=KH BJ=KH")  # two kings of hearts on a heart


# ----- §2.5 a drawn joker may be laid at once -------------------------------------------------
def test_a_drawn_hungarian_joker_may_be_laid_at_once_as_any_card() -> None:
    g = pos("hungarian", ["9C 10D 5S", "6D 7D 8D", "4C 4D"], "7H", "RJ 2S 3S")
    play(g, "draw")
    assert g.phase is Phase.DRAWN and g.current == 0 and str(g.drawn_card) == "RJ"
    assert {"RJ=7S", "RJ=KS", "RJ=2C", "RJ=9C 9C", "pass"} <= legal(g)
    play(g, "RJ=KS")
    assert g.penalty == 5 and g.current == 2  # the king of spades attacks the seat before


def test_a_drawn_stand_in_joker_may_be_laid_at_once_as_a_card_that_fits() -> None:
    # RULES §2.5: a drawn card that is legal now may be laid at once. A stand-in joker always
    # fits as some card (on 7♥: a heart, a 7, a queen), so drawing one never ends the turn.
    g = pos(MUST_FIT, ["9C 10D 5S", "6D 7D 8D", "4C 4D"], "7H", "RJ 2S 3S")
    play(g, "draw")
    assert g.phase is Phase.DRAWN and g.current == 0 and str(g.drawn_card) == "RJ"
    assert {"RJ=7S", "RJ=KH", "RJ=QS", "pass"} <= legal(g)
    assert "RJ=KS" not in legal(g)
    play(g, "RJ=7S")
    assert g.current == 1 and g.suit_in_force == "S"


@pytest.mark.parametrize("preset", DRAW_WILD)
def test_a_drawn_draw_wild_joker_may_be_laid_at_once_naming_a_suit(preset: str) -> None:
    g = pos(preset, ["9C 10D 5S", "6D 7D 8D", "4C 4D"], "7H", "RJ 2S 3S")
    play(g, "draw")
    assert g.phase is Phase.DRAWN and g.current == 0
    assert legal(g) == {"RJ/S", "RJ/H", "RJ/D", "RJ/C", "pass"}


def test_a_joker_names_its_suit_before_a_waiting_seat_misses_its_turn() -> None:
    g = pos(
        "classic",
        ["9H 10H 3D 10D", "5D 5S 5C 8C", "4S 8S 6D", "4D RJ 6H 9D"],
        "4C",
        "8D 10S 10C JD JS 7S 2D 2C 3C QC KC AC",
        current=2,
    )
    for seat, move in ((2, "4S"), (3, "4D"), (0, "pass"), (1, "5D"), (2, "6D")):
        play(g, move, seat)
    assert g.missed[0] == 1  # seat 0 still sits out a turn after the two fours
    names = [type(e).__name__ for e in play(g, "RJ/H", 3)]
    assert names.index("SuitNamed") < names.index("TurnMissed") < names.index("AttackPending")

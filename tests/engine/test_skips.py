"""RULES.md §3.2: missed turns (fours; aces in ``romanian``)."""

from __future__ import annotations

import pytest

from game.engine import MissedTurnsAccepted, Phase, SkipPending, TurnMissed

from .conftest import legal, of, one, play, plays, pos, refused

SKIP = {
    "polish": "4",
    "quick": "4",
    "classic": "4",
    "hungarian": "4",
    "romanian": "A",
    "romanian2": "4",
}
PRESETS_WITH_SKIPS = sorted(SKIP)
STOCK = "5S 6S 10S 9S 5H 6H 8C 5C 10H"


def _skipped(preset: str, answers: str = "9D", count: int = 1) -> object:
    k = SKIP[preset]
    first = " ".join(f"{k}{s}" for s in "HCD"[:count])
    g = pos(preset, [f"{first} 9C 10C", f"{answers} 6C", "10D 6D 8D", "9H 8S"], "8H", STOCK)
    play(g, first)
    return g


@pytest.mark.parametrize("preset", PRESETS_WITH_SKIPS)
def test_skip_card_makes_the_next_seat_miss_a_turn(preset: str) -> None:
    k = SKIP[preset]
    g = pos(preset, [f"{k}H 9C 10C", "9D 6C", "10D 6D", "9H 8S"], "8H", STOCK)
    events = play(g, f"{k}H")
    pending = one(events, SkipPending)
    assert (pending.target, pending.count) == (1, 1)
    assert g.current == 1 and g.phase is Phase.SKIP and g.skips == 1
    assert legal(g) == {"pass"}


@pytest.mark.parametrize("preset", PRESETS_WITH_SKIPS)
def test_skip_answered_with_a_skip_card_of_any_suit_grows_and_moves_on(preset: str) -> None:
    k = SKIP[preset]
    g = _skipped(preset, answers=f"{k}S")
    assert f"{k}S" in legal(g)
    events = play(g, f"{k}S")
    pending = one(events, SkipPending)
    assert (pending.target, pending.count) == (2, 2)
    assert g.current == 2 and g.skips == 2


@pytest.mark.parametrize("preset", PRESETS_WITH_SKIPS)
def test_only_a_skip_card_answers_missed_turns(preset: str) -> None:
    g = _skipped(preset, answers="QS JS 2S")
    for card in ("QS", "JS", "2S"):
        refused(g, card, "a missed turn")
    refused(g, "draw", "a missed turn is not drawn")
    word = {"4": "a four", "A": "an ace"}[SKIP[preset]]
    if g.rules.joker_role == "any_card":  # a joker may stand in for the skip card
        word += " or a joker,"
    refused(g, "QS", f"lay {word} or pass to accept it")  # one missed turn: "it"


@pytest.mark.parametrize("preset", PRESETS_WITH_SKIPS)
def test_accepting_one_missed_turn_uses_up_this_turn(preset: str) -> None:
    g = _skipped(preset)
    events = play(g, "pass")
    accepted = one(events, MissedTurnsAccepted)
    assert (accepted.seat, accepted.count) == (1, 1)
    assert g.missed == [0, 0, 0, 0] and g.current == 2 and g.skips == 0
    assert g.hand_counts[1] == 2


@pytest.mark.parametrize("preset", PRESETS_WITH_SKIPS)
def test_accepting_two_missed_turns_sits_out_one_more_turn(preset: str) -> None:
    g = _skipped(preset, count=2)
    play(g, "pass")
    assert g.missed[1] == 1 and g.current == 2
    plays(g, "draw", "draw", "draw")  # seats 2, 3 and 0
    assert g.current == 2
    assert g.missed[1] == 0


@pytest.mark.parametrize("preset", PRESETS_WITH_SKIPS)
def test_waiting_seat_neither_plays_nor_draws(preset: str) -> None:
    g = _skipped(preset, count=2)
    play(g, "pass")
    refused(g, "draw", "turn", seat=1)
    assert g.legal_actions(1) == []
    events = plays(g, "draw", "draw", "draw")
    assert [e.seat for e in of(events, TurnMissed)] == [1]


@pytest.mark.parametrize("preset", PRESETS_WITH_SKIPS)
def test_after_missed_turns_are_accepted_the_top_card_loses_its_power(preset: str) -> None:
    k = SKIP[preset]
    g = pos(preset, [f"{k}H 9C 10C", "9D 6C", "10D 9H 8D", "6D 8S"], "8H", STOCK)
    plays(g, f"{k}H", "pass")
    assert g.current == 2 and g.phase is Phase.PLAY and g.skips == 0
    assert g.is_legal("9H")
    refused(g, "10D", "suit")


@pytest.mark.parametrize("preset", [p for p in PRESETS_WITH_SKIPS if p != "classic"])
def test_skip_cards_laid_together_each_add_a_missed_turn(preset: str) -> None:
    g = _skipped(preset, count=3)
    assert g.skips == 3 and g.current == 1


def test_classic_skip_cards_laid_together_each_add_a_missed_turn() -> None:
    g = _skipped("classic", count=2)
    assert g.skips == 2


def test_romanian2_skip_count_equals_fours_laid() -> None:
    g = _skipped("romanian2", answers="4S", count=2)
    play(g, "4S")
    assert g.skips == 3 and g.current == 2


def test_romanian_ace_is_the_skip_card_and_four_is_plain() -> None:
    g = pos("romanian", ["4H 9C 10C", "9D 6C", "10D 6D"], "8H", STOCK)
    play(g, "4H")
    assert g.phase is Phase.PLAY and g.current == 1 and g.skips == 0


def test_tel_aviv_four_is_plain() -> None:
    g = pos("tel_aviv", ["4H 9C 10C", "9D 6C", "10D 6D"], "8H", STOCK)
    play(g, "4H")
    assert g.phase is Phase.PLAY and g.current == 1 and g.skips == 0


@pytest.mark.parametrize("preset", PRESETS_WITH_SKIPS)
def test_several_missed_turns_are_refused_in_the_plural(preset: str) -> None:
    g = _skipped(preset, answers="QS JS 2S", count=2)
    refused(g, "draw", "missed turns are not drawn")
    refused(g, "QS", "is no answer to missed turns")
    refused(g, "QS", "or pass to accept them")

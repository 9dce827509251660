"""RULES.md §3.3–3.4: the jack's rank request, suit changers, free suit, must differ / hold."""

from __future__ import annotations

import pytest

from game.engine import (
    PRESETS,
    Phase,
    RankRequested,
    RequestEnded,
    SuitNamed,
    explain,
)

from .conftest import ALL_PRESETS, legal, of, one, play, plays, pos, refused

JACK_PRESETS = ["polish", "quick", "hungarian"]
PLAIN_JACK_PRESETS = ["classic", "romanian", "romanian2", "tel_aviv"]
CHANGER = {p: ("7" if p == "romanian" else "A") for p in ALL_PRESETS}
SCOPE_NEXT = ["polish", "hungarian", "romanian2"]
SCOPE_UNTIL_MET = ["quick", "classic", "romanian", "tel_aviv"]
STOCK = "5S 6S 5D 6H 8C"


# ----- §3.3 the jack ---------------------------------------------------------------------
def _jack(preset: str, hands: list[str] | None = None) -> object:
    hands = hands or ["JC 8H 9C", "8S 9D 6C", "10D 8D 6D"]
    return pos(preset, hands, "10C", STOCK)


@pytest.mark.parametrize("preset", JACK_PRESETS)
def test_jack_requests_a_rank_from_five_to_ten(preset: str) -> None:
    g = _jack(preset)
    events = play(g, "JC/8")
    assert one(events, RankRequested).rank == "8"
    assert g.request == {"kind": "rank", "rank": "8", "owner": 0}
    assert g.current == 1 and g.phase is Phase.RANK_REQUEST
    joker = ", a jack or a joker" if PRESETS[preset].joker_role == "any_card" else " or a jack"
    asked = "an 8" if PRESETS[preset].groups == "none" else "8s"  # several where groups go
    refused(g, "9D", f"a jack requested 8s: lay {asked}{joker}, or draw")


def test_jack_may_request_any_rank_from_five_to_ten_in_polish_and_quick() -> None:
    for preset in ("polish", "quick"):
        g = _jack(preset)
        assert {a for a in legal(g) if a.startswith("JC/")} == {
            "JC/5",
            "JC/6",
            "JC/7",
            "JC/8",
            "JC/9",
            "JC/10",
            "JC/-",
        }


@pytest.mark.parametrize("preset", JACK_PRESETS)
def test_jack_cannot_request_a_power_rank(preset: str) -> None:
    g = _jack(preset)
    for rank in ("4", "2", "Q", "A", "J"):
        refused(g, f"JC/{rank}", "a jack requests one of")
    refused(g, "JC", "must name")


@pytest.mark.parametrize("preset", JACK_PRESETS)
def test_jack_naming_nothing_is_a_plain_card(preset: str) -> None:
    g = _jack(preset)
    events = play(g, "JC/-")
    assert one(events, RankRequested).rank is None
    assert g.request is None and g.phase is Phase.PLAY and g.current == 1


@pytest.mark.parametrize("preset", JACK_PRESETS)
def test_rank_request_lasts_one_full_round_back_to_the_jacks_player(preset: str) -> None:
    g = pos(preset, ["JC 8H 9C", "8S 9D 6C", "10D 8D 6D"], "10C", STOCK)
    play(g, "JC/8")
    play(g, "8S")
    assert g.phase is Phase.RANK_REQUEST and g.current == 2
    play(g, "8D")
    assert g.phase is Phase.RANK_REQUEST and g.current == 0
    refused(g, "9C", "request")
    events = play(g, "8H")
    assert one(events, RequestEnded).kind == "rank"
    assert g.request is None and g.phase is Phase.PLAY and g.current == 1


@pytest.mark.parametrize("preset", JACK_PRESETS)
def test_requested_rank_may_be_laid_several_at_once_in_any_suits(preset: str) -> None:
    g = _jack(preset, ["JC 8H 10H", "8S 8D 6C", "10D 9D 6D"])
    play(g, "JC/8")
    assert g.is_legal("8S 8D") and g.is_legal("8D 8S")
    play(g, "8D 8S")
    assert g.current == 2 and g.phase is Phase.RANK_REQUEST


def test_under_a_rank_request_a_group_of_one_suit_is_refused() -> None:
    # hungarian lays groups of one suit on a free turn, but a request asks for the rank alone
    g = pos("hungarian", ["JC 8C 5S", "8H 9H 6D", "8D 9S"], "9C", "7C 7D KD 10D")
    play(g, "JC/8")
    assert g.phase is Phase.RANK_REQUEST and g.is_legal("8H")
    refused(g, "8H 9H", "one rank")


@pytest.mark.parametrize("preset", JACK_PRESETS)
def test_jack_answers_a_request_and_starts_a_new_round(preset: str) -> None:
    g = _jack(preset, ["JC 8H 10H", "JD 6D 6C", "10D 9D 8D"])
    play(g, "JC/8")
    events = play(g, "JD/6")
    assert one(events, RankRequested).rank == "6"
    assert g.request == {"kind": "rank", "rank": "6", "owner": 1}
    assert g.current == 2


@pytest.mark.parametrize("preset", JACK_PRESETS)
def test_under_a_request_no_queen_ace_attack_or_other_card(preset: str) -> None:
    g = _jack(preset, ["JC 8H 10H", "QC AC 2C KC 9S", "10D 9D 8D"])
    play(g, "JC/8")
    for action in ("QC", "AC/C", "2C", "KC", "9S"):
        refused(g, action, "request")
    assert legal(g) == {"draw"}


@pytest.mark.parametrize("preset", JACK_PRESETS)
def test_drawn_card_of_the_requested_rank_may_be_laid_at_once(preset: str) -> None:
    g = pos(preset, ["JC 8H 10H", "9S 6C", "10D 9D 8D"], "10C", "8S 5S")
    play(g, "JC/8")
    play(g, "draw")
    assert g.phase is Phase.DRAWN and legal(g) == {"8S", "pass"}
    play(g, "8S")
    assert g.current == 2 and g.phase is Phase.RANK_REQUEST


@pytest.mark.parametrize("preset", JACK_PRESETS)
def test_drawn_card_that_is_not_the_requested_rank_ends_the_turn(preset: str) -> None:
    g = pos(preset, ["JC 8H 10H", "9S 6C", "10D 9D 8D"], "10C", "5S 8S")
    plays(g, "JC/8", "draw")
    assert g.current == 2 and g.phase is Phase.RANK_REQUEST


def test_hungarian_jack_may_only_request_a_rank_its_player_holds() -> None:
    g = _jack("hungarian", ["JC 8H 9C", "8S 9D 6C", "10D 8D 6D"])
    assert {a for a in legal(g) if a.startswith("JC/")} == {"JC/8", "JC/9", "JC/-"}
    refused(g, "JC/6", "you must keep a card of the rank you request")


def test_hungarian_jack_holding_no_requestable_rank_names_nothing() -> None:
    g = _jack("hungarian", ["JC QH KD", "8S 9D 6C", "10D 8D 6D"])
    assert {a for a in legal(g) if a.startswith("JC/")} == {"JC/-"}


@pytest.mark.parametrize("preset", PLAIN_JACK_PRESETS)
def test_jack_is_a_plain_card_without_jack_requests(preset: str) -> None:
    g = _jack(preset)
    refused(g, "JC/8", "names nothing")
    events = play(g, "JC")
    assert not of(events, RankRequested)
    assert g.request is None and g.phase is Phase.PLAY and g.current == 1
    refused(g, "9D", "suit")


# ----- §3.4 suit changers ---------------------------------------------------------------
def _named(preset: str, suit: str = "H", seat1: str = "9D 6C", seat2: str = "10D 6D 9C") -> object:
    c = CHANGER[preset]
    g = pos(preset, [f"{c}S 8H 10C", seat1, seat2, "5C 10S"], "8S", STOCK)
    play(g, f"{c}S/{suit}")
    return g


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_suit_changer_names_a_suit_for_the_next_seat(preset: str) -> None:
    c = CHANGER[preset]
    g = pos(preset, [f"{c}S 9H 10C", "9D 9S 6C", "10D 6D 9C", "5C 8D"], "8S", STOCK)
    events = play(g, f"{c}S/H")
    assert one(events, SuitNamed).suit == "H"
    assert g.suit_in_force == "H"
    assert g.current == 1 and g.phase is Phase.SUIT_REQUEST
    req = g.request
    assert req is not None and req["kind"] == "suit" and req["suits"] == "H"
    refused(g, "9S", "hearts")
    refused(g, "9D", "hearts")


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_suit_changer_must_name_a_suit(preset: str) -> None:
    c = CHANGER[preset]
    g = pos(preset, [f"{c}S 9H 10C", "9D 6C"], "8S", STOCK)
    refused(g, f"{c}S", "must name")
    refused(g, f"{c}S/8", "name a suit")


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_bound_seat_lays_the_named_suit(preset: str) -> None:
    g = _named(preset, seat1="9H 6C")
    events = play(g, "9H")
    assert g.request is None or g.request["bound"] != 1
    assert of(events, RequestEnded)
    assert g.current == 2 and g.phase is Phase.PLAY and g.suit_in_force == "H"


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_bound_seat_may_answer_with_another_changer_that_names_again(preset: str) -> None:
    c = CHANGER[preset]
    g = _named(preset, seat1=f"{c}C 9D 8D")
    events = play(g, f"{c}C/D")
    assert one(events, SuitNamed).suit == "D"
    assert g.suit_in_force == "D" and g.current == 2 and g.phase is Phase.SUIT_REQUEST


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_bound_seat_may_draw_and_lay_a_fitting_card_at_once(preset: str) -> None:
    c = CHANGER[preset]
    g = pos(preset, [f"{c}S 9H 10C", "9D 8C", "10D 6D 9C", "5C 8D"], "8S", "6H 5S")
    plays(g, f"{c}S/H", "draw")
    assert g.phase is Phase.DRAWN and legal(g) == {"6H", "pass"}
    play(g, "6H")
    assert g.current == 2 and g.phase is Phase.PLAY


@pytest.mark.parametrize("preset", SCOPE_NEXT)
def test_ace_scope_next_binds_only_the_next_seat(preset: str) -> None:
    g = _named(preset, seat2="10D 9S 9C")
    assert g.request is not None and g.request["bound"] == 1
    events = play(g, "draw")  # 5S does not fit hearts: the turn ends
    assert one(events, RequestEnded).kind == "suit"
    # the ace of spades left on top asks for spades or an ace again
    assert g.current == 2 and g.phase is Phase.PLAY and g.suit_in_force == "S"
    assert g.request is None
    assert g.is_legal("9S")
    refused(g, "9C", "spades")


@pytest.mark.parametrize("preset", SCOPE_UNTIL_MET)
def test_ace_scope_until_met_binds_every_seat_until_the_suit_is_laid(preset: str) -> None:
    g = _named(preset, seat2="10D 9H 9C")
    play(g, "draw")  # 5S does not fit hearts
    assert g.current == 2 and g.phase is Phase.SUIT_REQUEST and g.suit_in_force == "H"
    refused(g, "9C", "hearts")
    events = play(g, "9H")
    assert one(events, RequestEnded).kind == "suit"
    assert g.current == 3 and g.phase is Phase.PLAY and g.request is None


@pytest.mark.parametrize("preset", SCOPE_UNTIL_MET)
def test_until_met_request_goes_round_the_table(preset: str) -> None:
    g = _named(preset)
    plays(g, "draw", "draw")  # 5S, 6S: neither fits
    assert g.current == 3 and g.phase is Phase.SUIT_REQUEST
    assert g.request is not None and g.request["until_met"]


@pytest.mark.parametrize("preset", [p for p in ALL_PRESETS if p != "tel_aviv"])
def test_queen_is_not_an_answer_to_a_suit_request(preset: str) -> None:
    g = _named(preset, seat1="QS QH 9D")
    refused(g, "QS", "hearts")
    # A queen of the named suit is laid as a card of that suit, as "How to play" says.
    assert g.is_legal("QH")
    if "Q" in g.rules.plays_on_anything:
        text = " ".join(explain(g.rules).split())
        assert "do not help against a named suit unless of that suit" in text


def test_tel_aviv_queen_answers_a_suit_request_naming_its_own_suit() -> None:
    # RULES §5: tel_aviv's suit changers are "A, Q (own suit)"; §3.4: the bound seat lays the
    # suit or another suit changer, which names again.
    g = _named("tel_aviv", seat1="QS QD 9D")
    assert {a for a in legal(g) if a.startswith("Q")} == {"QS/S", "QD/D"}
    refused(g, "QS/H", "its own suit")
    play(g, "QS/S")
    assert g.request is not None and g.request["suits"] == "S"


# ----- hungarian: must differ, must hold, free suit --------------------------------------
def test_hungarian_ace_must_name_a_suit_other_than_the_one_in_force() -> None:
    g = pos("hungarian", ["AS 9H 9S 10C", "9D 6C"], "8S", STOCK)
    refused(g, "AS/S", "name a suit other than spades, the suit in force")
    assert {a for a in legal(g) if a.startswith("AS/")} == {"AS/H", "AS/C"}


def test_hungarian_ace_must_name_a_suit_its_player_holds() -> None:
    g = pos("hungarian", ["AS 9H 10C", "9D 6C"], "8S", STOCK)
    refused(g, "AS/D", "name a suit you still hold a card of")
    assert g.is_legal("AS/H")


def test_hungarian_ace_holding_no_allowed_suit_names_a_free_suit() -> None:
    g = pos("hungarian", ["AS 9S 10S", "9D 6C", "10D 6D"], "8S", STOCK)
    assert {a for a in legal(g) if a.startswith("AS/")} == {"AS/*"}
    refused(g, "AS/H", "name a suit you still hold a card of")
    events = play(g, "AS/*")
    named = one(events, SuitNamed)
    assert (named.suit, named.excluded) == ("*", "S")
    assert g.suit_in_force == ""
    req = g.request
    assert req is not None and req["free"] and req["excluded"] == "S"


def test_free_suit_lets_the_next_seat_lay_any_suit_but_the_one_in_force() -> None:
    g = pos("hungarian", ["AS 9H 10H", "9D 8S 6C", "10D 6D"], "8H", STOCK)
    play(g, "AS/*")  # hearts were in force
    assert g.is_legal("9D") and g.is_legal("6C") and g.is_legal("8S")
    g2 = pos("hungarian", ["AS 9H 10H", "9S 7H 6C", "10D 6D"], "8H", STOCK)
    play(g2, "AS/*")
    refused(g2, "7H", "free suit")


def test_a_jokers_free_suit_lapses_back_to_the_suit_in_force_before_it() -> None:
    # Custom rules: draw-wild jokers that do not attack, a naming that binds the next seat
    # only, and a suit the player holds. Seat 0 keeps only a joker, so its joker names a free
    # suit (any suit but hearts). Seat 1 draws and keeps the card; the naming lapses with the
    # joker still on top. A joker has no suit of its own (RULES §3.6), so hearts, the suit in
    # force before it, are in force again.
    rules = PRESETS["classic"].replace(
        attack_cards=frozenset({"2", "3", "KH", "KS"}), ace_must_hold=True, ace_scope="next"
    )
    g = pos(rules, ["RJ BJ", "5C 6C", "9H 9S 10D"], "7H", "4C 4D 8C 8D 10C")
    assert {a for a in legal(g) if a.startswith("RJ/")} == {"RJ/*"}
    play(g, "RJ/*")
    assert g.suit_in_force == ""
    events = plays(g, "draw", "pass")  # the 4♣ drawn fits the free suit; seat 1 keeps it
    assert one(events, RequestEnded).kind == "suit"
    assert g.current == 2 and g.request is None and str(g.top) == "RJ"
    assert g.suit_in_force == "H"
    assert legal(g) == {"9H", "9H 9S", "draw"}
    refused(g, "10D", "a heart")


def test_ace_laid_last_in_a_group_must_differ_from_the_card_it_is_laid_on() -> None:
    # 9♣ on 9♥ puts clubs in force before the A♣ goes down on it.
    g = pos("hungarian", ["9C AC 5C 9D", "6D 10D 7S"], "9H", STOCK)
    refused(g, "9C AC/C", "other than clubs, the suit of 9♣ it is laid on")
    assert g.is_legal("9C AC/D") and not g.is_legal("9C AC/H")
    assert "9C AC/C" not in legal(g) and "9C AC/D" in legal(g)


def test_free_suit_after_a_group_excludes_the_suit_the_ace_was_laid_on() -> None:
    g = pos("hungarian", ["9C 5C AC 10C", "6D 10D 7S", "7H 9S"], "9H", "5S 6H 5D")
    assert {a for a in legal(g) if a.startswith("9C 5C AC/")} == {"9C 5C AC/*", "9C 5C AC/*!"}
    named = one(play(g, "9C 5C AC/*!"), SuitNamed)
    assert (named.suit, named.excluded) == ("*", "C")
    assert g.is_legal("6D") and g.is_legal("7S")
    g2 = pos("hungarian", ["9C 5C AC 10C", "6C 10D 7S", "7H 9S"], "9H", "5S 6H 5D")
    play(g2, "9C 5C AC/*!")
    refused(g2, "6C", "free suit")


@pytest.mark.parametrize("preset", [p for p in ALL_PRESETS if p != "hungarian"])
def test_without_must_differ_a_changer_may_name_the_suit_in_force(preset: str) -> None:
    c = CHANGER[preset]
    g = pos(preset, [f"{c}S 9H 10C", "9D 6C"], "8S", STOCK)
    assert g.is_legal(f"{c}S/S") and g.is_legal(f"{c}S/D")
    refused(g, f"{c}S/*", "no free suit")


def test_seven_own_suit_switch_lets_a_seven_name_only_its_own_suit() -> None:
    rules = PRESETS["romanian"].replace(seven_own_suit=True)
    g = pos(rules, ["7S 9H 10C", "9D 6C"], "8S", STOCK)
    assert {a for a in legal(g) if a.startswith("7S/")} == {"7S/S"}
    refused(g, "7S/H", "a 7 names only its own suit, spades")


def test_romanian_seven_plays_on_anything_and_names_a_suit() -> None:
    g = pos("romanian", ["7C 9H 10C", "9D 6C", "10D"], "8S", STOCK)
    events = play(g, "7C/D")
    assert one(events, SuitNamed).suit == "D"
    assert g.suit_in_force == "D" and g.phase is Phase.SUIT_REQUEST


@pytest.mark.parametrize("preset", ["classic", "hungarian", "tel_aviv"])
def test_ace_plays_on_anything_where_the_preset_says_so(preset: str) -> None:
    g = pos(preset, ["AC 9H 10C", "9D 6C"], "8S", STOCK)
    assert g.is_legal("AC/H")


@pytest.mark.parametrize("preset", ["polish", "quick", "romanian2"])
def test_ace_follows_suit_or_rank_where_it_is_not_wild(preset: str) -> None:
    g = pos(preset, ["AC 9H 10C", "9D 6C"], "8S", STOCK)
    refused(g, "AC/H", "suit")


def test_a_changer_that_ends_the_hand_without_power_names_nothing_and_says_why() -> None:
    g = pos("polish", ["AS", "9D 6C", "5C 7D"], "8S", STOCK)
    refused(g, "AS/H", "names nothing", "in these rules a last card's power does not act")
    assert g.is_legal("AS")


def test_a_jack_laid_as_a_last_card_ends_the_request_in_force() -> None:
    # RULES §3.3: a new jack changes the request; one whose power does not act (the seat goes
    # out, no power_after_out) names nothing, so the 8s asked for are no longer asked.
    g = pos("polish", ["JC 5D 7S", "JD", "8D 9H 5C", "8S 8H 10H"], "10C", "6H 6D 6C 6S")
    play(g, "JC/8")
    events = play(g, "JD")
    assert any(isinstance(e, RequestEnded) and e.kind == "rank" for e in events)
    assert g.request is None
    assert legal(g) == {"8D", "draw"}  # on J♦: a diamond (or a jack), not any 8


def test_a_jack_request_ends_as_the_turn_passes_its_player_who_went_out_on_it() -> None:
    # Custom rules: polish with power_after_out, so a jack laid as the last card still asks.
    # The request lasts one round back to its player (RULES §3.3); seat 0 is out, so the
    # request ends when the turn passes seat 0.
    rules = PRESETS["polish"].replace(power_after_out=True)
    g = pos(rules, ["JC", "8D 5H 6C", "8H 5D 6D", "9S 9H 10S"], "JH", "2C 3C 4H 7C 10C KC QC")
    play(g, "JC/8")
    plays(g, "8D", "8H")
    req = g.request
    assert req is not None and req["rank"] == "8"
    events = play(g, "draw")  # seat 3 draws the 2♣, no 8; the turn passes seat 0
    assert one(events, RequestEnded).kind == "rank"
    assert g.current == 1 and g.request is None and g.phase is Phase.PLAY
    assert g.is_legal("5H")  # on 8♥ a heart follows again

"""The one-paragraph summary of the rules says what each option in force makes of the game."""

from __future__ import annotations

from game.engine import PRESETS
from game.engine.explain import summary


def flat(rules, seats=None) -> str:
    return " ".join(summary(rules, seats).split())


def test_no_two_player_hand_where_no_table_of_two_exists() -> None:
    # RULES §5 hand_size: tel_aviv "7 with 2 seats, else 5" -- with min_seats=3 no
    # table of two exists, so the 7-card hand must not be mentioned.
    assert "(7 for two)" in flat(PRESETS["tel_aviv"])
    text = flat(PRESETS["tel_aviv"].replace(min_seats=3))
    assert "5 cards each." in text and "for two" not in text


def test_the_skip_card_hits_the_next_player() -> None:
    # RULES §3.2: "A `4` (an `A` in `romanian`) makes the next seat miss a turn."
    assert "4s make the next player miss a turn" in flat(PRESETS["polish"])
    assert "Aces make the next player miss a turn" in flat(PRESETS["romanian"])


def test_rank_or_suit_groups_are_said() -> None:
    # RULES §3.7: "`groups: rank_or_suit` — several of one rank, or several of one suit".
    assert "Lay several cards of one rank or one suit at once" in flat(PRESETS["hungarian"])
    assert "Lay several cards of one rank at once;" in flat(PRESETS["polish"])


def test_runs_are_said_beside_groups() -> None:
    # RULES §3.7: "`runs` (000) — a run of consecutive ranks of one suit".
    assert "one suit at once, or a run;" in flat(PRESETS["hungarian"])
    assert "one rank at once, or a run;" in flat(PRESETS["polish"].replace(runs=True))
    assert "run" not in flat(PRESETS["polish"])


def test_the_macau_penalty_chosen_is_said() -> None:
    # RULES §3.8 "that seat draws 5"; the penalty is a house switch (macau_penalty).
    assert "call Macau or draw 5." in flat(PRESETS["polish"])
    assert "call Macau or draw 2." in flat(PRESETS["polish"].replace(macau_penalty=2))
    assert "call Macau or draw 1." in flat(PRESETS["polish"].replace(macau_penalty=1))
    assert "call Macau (no penalty)." in flat(PRESETS["polish"].replace(macau_penalty=0))


def test_quick_times_its_wins() -> None:
    # RULES §6: "`wins + time` (`quick`): a win is recorded with the time it took".
    assert flat(PRESETS["quick"]).endswith("First out wins; wins are timed for the ranking.")


def test_one_joker_per_deck_is_said_in_the_singular() -> None:
    # RULES §5 "jokers | ... | 2 per deck" (hungarian); `jokers` is per deck, so with
    # jokers=1 every added deck brings one joker.
    from game.engine.explain import explain_sections

    deal = explain_sections(PRESETS["hungarian"].replace(jokers=1))[0].paragraphs[0]
    assert deal.endswith("shuffled together, each with its joker.")


def test_classic_seven_cuts_in_the_summary() -> None:
    # RULES §5 classic notes: '"a seven cuts": it kills a whole waiting stack'.
    assert "stack on each other freely; a 7 cuts a stack." in flat(PRESETS["classic"])

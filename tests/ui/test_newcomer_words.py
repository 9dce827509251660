"""The moments a first-time player meets without knowing the rules are told in words where
they look: the Macau call before the card that leaves one, being caught without it, how
many missed turns a wait costs, and why a match ended."""

from __future__ import annotations

import pygame
import pytest

from game.engine import PASS, PRESETS, Game, Stop, explain, parse_action
from game.store.settings import Settings
from game.ui import tabledraw, theme
from game.ui.hint import describe
from game.ui.matchtable import MatchTable
from game.ui.roundend import RoundEndOverlay
from game.ui.scene import SceneStack
from game.ui.setup import SeatSpec, TableSetup
from tests.ui.menukit import wait_for_bots
from tests.ui.tablekit import Harness


def _two_cards_to_lay() -> Game:
    """You hold 7♦ 8♦ on 9♦: either card leaves you one."""
    return Game.from_position(
        PRESETS["polish"],
        hands=["7D 8D", "5C KC 6S", "2S 3H 4C JC", "3D 4H 8C AC"],
        pile="5H 9D",
        stock="9S 4S 8S 10D JD 5S 6D 10C",
    )


def test_the_line_asks_for_the_call_before_the_card_that_leaves_one() -> None:
    h = Harness(_two_cards_to_lay())
    line = tabledraw.status_line(h.table)
    assert line.startswith("Leaving yourself one card? Press Macau! (M) before you lay")
    assert line.endswith("draw 5")
    h.key(pygame.K_m, "m")
    h.tick()
    assert (
        tabledraw.status_line(h.table) == "Macau! is called: now lay the card that leaves you one"
    )


def test_the_call_made_asks_for_the_cards_where_only_a_group_leaves_one() -> None:
    g = Game.from_position(
        PRESETS["polish"],
        hands=["KC AC AD", "5C 6C 6S", "2S 3H 4C JC", "3D 4H 8C 7C"],
        pile="5H 4D",
        stock="9S 4S 8S 10D JD 5S 6D 10C",
    )
    h = Harness(g)
    h.key(pygame.K_m, "m")
    h.tick()
    assert tabledraw.status_line(h.table) == (
        "Macau! is called: now lay the cards that leave you one"
    )


def test_being_caught_is_said_at_your_own_seat() -> None:
    h = Harness(_two_cards_to_lay())
    assert h.table.apply(parse_action("7D"), 0)  # no call
    h.tick(2)
    assert h.table.apply(Stop(0), 1)
    h.tick(2)
    said = {b.seat: b.text for b in h.table.director.bubbles}
    assert said[1].endswith("Stop Macau!")
    assert said[0] == "You forgot to call Macau: +5"


def test_the_hint_to_wait_counts_the_missed_turns() -> None:
    g = Game.from_position(
        PRESETS["polish"],
        hands=["9C 10C 6D", "4S 4D KC", "2S 3H 4C JC"],
        pile="5H 4H",
        stock="9S 8S 10D JD 5S 6S",
        current=1,
    )
    g.apply("4S 4D")
    assert g.current == 2 and g.skips == 2
    assert describe(g, PASS, ["You", "West", "North"]) == "Hint: wait out the 2 missed turns"


@pytest.mark.parametrize(
    ("names", "north", "said"),
    [
        (("West", "North", "East"), 300, "West reached 500: the match is over, lowest total wins"),
        (
            ("Bartholomew Konstantinopoulos", "Łukasz Żółtowski-Szczęśniewski", "East"),
            490,
            " reached 500: the match is over, lowest total wins",
        ),
    ],
)
def test_the_last_rounds_board_says_who_reached_the_target(
    names: tuple[str, str, str], north: int, said: str
) -> None:
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 800))
    game = Game.from_position(
        PRESETS["tel_aviv"],
        hands=["8S", "3H 8C KH QS", "JD 4S 6H 10C", "AC 9D"],
        pile="4D 9S",
        stock="2C 6D 5C 8D 10H 7C AH QD JC 4H 3D",
        scores=[0, 480, north, 100],
    )
    seats = (SeatSpec("You"), *(SeatSpec(n, "easy") for n in names))
    table = MatchTable(TableSetup("tel_aviv", seats), game, seed=0, deal=False)
    table.recorded, table.saving = True, False
    table.settings = Settings(animation_speed="off")
    stack = SceneStack(None, (1280, 800))
    stack.push(table)
    table.apply(parse_action("8S"))
    for _ in range(600):
        if isinstance(stack.top, RoundEndOverlay):
            break
        wait_for_bots(stack.scenes)
        stack.update(1 / 60)
        stack.draw(screen)
    board = stack.top
    assert isinstance(board, RoundEndOverlay) and table.game.match_over
    # Long names give way (cut short, then counted), never how the match is decided.
    room = board.panel.w - board.px(48)
    note = board.match_over_note(room)
    assert note.endswith(said) and theme.text_size(note, board.px(16))[0] <= room
    assert note == said or north > 300
    table.shutdown()


def test_the_turns_you_sit_out_are_said_under_the_table() -> None:
    g = Game.from_position(
        PRESETS["polish"],
        hands=["9C 10C 6D", "2S 3H 4C JC", "4S 4D KC"],
        pile="5H 4H",
        stock="9S 8S 10D JD 5S 6S",
        current=2,
    )
    g.apply("4S 4D")
    h = Harness(g)
    assert g.current == 0 and g.skips == 2
    assert h.table.apply(PASS, 0)  # wait: this turn and the next are missed
    h.tick(3)
    line = tabledraw.status_line(h.table)
    assert line.startswith("You sit out your next turn"), line
    assert h.table.director.model.missed[0] == 1


def test_how_to_play_says_where_to_click_for_what_the_rules_ask() -> None:
    from game.ui.howto import table_paragraphs

    polish = " ".join(table_paragraphs(PRESETS["polish"]))
    assert "press Macau! (M)" in polish and "they draw 5" in polish
    assert "Wait (Space) accepts missed turns" in polish and "totals" not in polish
    assert "Scores (T) shows each round's places and the rounds each seat has won" in polish
    assert "Sort (O)" in polish and "Shift+←" in polish and "Finish the round (F)" in polish
    tel_aviv = " ".join(table_paragraphs(PRESETS["tel_aviv"]))
    assert (
        "The call is made for you" in tel_aviv and "Scores (T) shows the match's totals" in tel_aviv
    )
    # One card a turn: no group to pick; the round ends at the first out: nothing to finish.
    assert "pick a group" in polish and "pick a group" not in tel_aviv
    assert "click a card to pick it" in tel_aviv
    assert "Finish the round" not in tel_aviv
    # Runs without groups: a run is what is picked, and the house rules say runs stay.
    runs_only = PRESETS["hungarian"].replace(name="custom", groups="none")
    assert "pick a run" in " ".join(table_paragraphs(runs_only))
    assert "- Several cards: one card a turn, or a run (" in " ".join(explain(runs_only).split())
    # Runs switched on where one card a turn stays: only runs changed, and only they are told.
    tel_aviv_runs = PRESETS["tel_aviv"].replace(name="custom", runs=True)
    assert "Several cards" not in explain(tel_aviv_runs) and "- Runs: yes (" in explain(
        tel_aviv_runs
    )


def test_going_out_with_several_cards_is_told_only_where_a_turn_lays_several() -> None:
    assert "several cards at once needs no call" in explain(PRESETS["polish"])
    one_a_turn = PRESETS["polish"].replace(name="custom", groups="none")
    assert "several cards at once" not in explain(one_a_turn)


def test_a_picked_card_that_cannot_be_laid_is_told_so_though_a_call_is_possible() -> None:
    # 7♥ on 5♥ leaves one card (Macau may be called); 9♣ fits nothing.
    g = Game.from_position(
        PRESETS["polish"],
        hands=["7H 9C", "4D 6D 8D", "4C JC 8C"],
        pile="5H",
        stock="8S 2C 3C 4H 6H QS KD",
    )
    h = Harness(g)
    assert tabledraw.status_line(h.table).startswith("Leaving yourself one card?")
    h.click(h.card_pos("9C"))
    h.tick(30)
    assert tabledraw.status_line(h.table).startswith("That cannot be laid now")


def test_a_last_card_barred_heads_up_is_told_why_not_that_nothing_fits() -> None:
    g = Game.from_position(
        PRESETS["hungarian"], hands=["2H", "4D 6D 8D"], pile="5H", stock="8S 2C 3C 4H 6H QS KD"
    )
    line = tabledraw.status_line(Harness(g).table)
    assert line == (
        "Your turn: heads-up, your last card cannot be a 2 or a 3 laid alone, so draw a card"
    )


def test_a_last_card_that_fits_nothing_is_told_so_whatever_the_engine_words() -> None:
    # A joker on top naming hearts: the engine's reason for 9♠ reads otherwise than for a
    # plain top card, yet nothing fits all the same.
    g = Game.from_position(
        PRESETS["classic"],
        hands=["9S", "9C 8D KS"],
        pile="7D RJ",
        stock="4C 6S 10D JH",
        suit="H",
    )
    assert tabledraw.status_line(Harness(g).table) == (
        "Your turn: nothing in your hand fits, so draw a card"
    )


def test_a_pick_that_leaves_several_cards_is_told_how_to_lay_not_to_call() -> None:
    # The run 9♣ 10♣ J♣ J♥ would leave one card, so the call is told before any pick; the
    # two jacks picked leave three, and the line tells how to lay them.
    g = Game.from_position(
        PRESETS["hungarian"],
        hands=["JC JH 9C 10C 5S", "5C 6C 8D 9D 3C", "3H 7S 6S 10H 4C"],
        pile="6D 7H",
        stock="8H KD 4S QD",
    )
    h = Harness(g)
    assert tabledraw.status_line(h.table).startswith("Leaving yourself one card?")
    h.pick_with_keys("JC JH")
    h.tick(2)
    keys = "Enter lays the group, ↓ on a card puts it back"  # (picked with the keys)
    assert tabledraw.status_line(h.table) == keys
    h.key(ord("m"))  # the call made, it is still the two jacks that are picked
    h.tick(2)
    assert tabledraw.status_line(h.table) == keys
    h.table.flow.by_keys = False  # the mouse's words for it
    assert tabledraw.status_line(h.table) == "Drop the group on the pile or press Play (Enter)"


def test_a_pick_that_leaves_several_cards_drops_the_call_from_an_answers_line() -> None:
    # 2♠ 2♦ laid together leave one card; 2♠ alone leaves two, so with it picked the line
    # under an attack says only how to answer.
    g = Game.from_position(
        PRESETS["polish"],
        hands=["2S 2D 9C", "2H 8D 4S 6C"],
        pile="5H",
        stock="9H 10H 7C 5D 10S 9D QC",
        current=1,
    )
    g.apply("2H")
    h = Harness(g)
    owe = "You owe 2: fight back with a 2, 3♥ or K♥, or take them"
    assert tabledraw.status_line(h.table) == f"{owe}. Leaving one card? Press Macau! (M) first"
    h.pick_with_keys("2S")
    h.tick(2)
    assert tabledraw.status_line(h.table) == owe
    h.pick_with_keys("2D")
    h.tick(2)
    assert tabledraw.status_line(h.table) == f"{owe}. Leaving one card? Press Macau! (M) first"


def test_an_attack_answered_only_by_a_barred_last_card_says_to_take_it() -> None:
    """Heads-up your only card is a 3 and a 3 waits on you: "fight back with a 3" would send
    you to a refusal; the line says why the 3 may not go, and to take the penalty."""
    rules = PRESETS["polish"].replace(name="custom", no_attack_finish_heads_up=True)
    g = Game.from_position(
        rules, hands=["3H", "3C 9D"], pile="5C", stock="8S 4C 6C 4H 6H QS KD", current=1
    )
    h = Harness(g)
    assert h.table.apply(parse_action("3C!"), 1)  # you owe 3: your 3♥ would answer it
    h.tick(60)
    assert [str(a) for a in g.legal_actions(0)] == ["draw"]
    assert tabledraw.status_line(h.table) == (
        "You owe 3: heads-up, your last card cannot be a 2 or a 3 laid alone, so take them"
    )

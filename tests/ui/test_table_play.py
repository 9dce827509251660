"""Playing at the table with the mouse and keyboard: drags, groups, draws and choosers."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.bench import wide_hand_game
from game.engine import DRAW, PRESETS, Card, Game, Phase, Play, Rules, parse_action
from game.engine.compiled import compile_rules
from game.store.settings import Settings
from game.ui import tabledraw
from game.ui.choosers import CardChooser, RankChooser, SuitChooser
from game.ui.director import Mulling
from game.ui.scene import SceneStack
from game.ui.start import table_for
from game.ui.table import TableScene
from tests.ui.menukit import wait_for_bots
from tests.ui.tablekit import OFF, Harness
from tests.ui.textkit import drawn_texts, outside, overlaps

SPARE = "9H 10H JC QH KS 6C 5D 10S 9D KC 5C 6S 7S 8S 2S 3S JH"


def polish(hands: list[str], pile: str, stock: str | None = None, current: int = 0) -> Game:
    used = " ".join([*hands, pile, stock or ""]).split()
    spare = stock if stock is not None else " ".join(c for c in SPARE.split() if c not in used)
    return Game.from_position(
        PRESETS["polish"], hands=hands, pile=pile, stock=spare, current=current
    )


def hungarian(
    hands: list[str], pile: str, stock: str, current: int = 0, rules: Rules = PRESETS["hungarian"]
) -> Game:
    return Game.from_position(rules, hands=hands, pile=pile, stock=stock, current=current)


# Stand-in jokers laid only as a card that fits (not on anything): fewer cards to choose.
MUST_FIT = PRESETS["hungarian"].replace(name="custom", plays_on_anything=frozenset({"A", "Q"}))


def _lay_the_red_joker(h: Harness) -> tuple[CardChooser, list[str]]:
    """Pick your red joker and press Enter: the chooser of what it stands for, and its tiles'
    captions."""
    h.click(h.card_pos("RJ"))
    h.tick(30)
    h.key(pygame.K_RETURN)
    chooser = h.stack.top
    assert isinstance(chooser, CardChooser)
    return chooser, [o.caption for o in chooser.options]


def test_a_legal_card_dragged_onto_the_pile_lands() -> None:
    h = Harness(polish(["7H 8S QC 10D", "2C 4D 9S", "3H 6D", "KD 8D"], "5H"))
    h.drag_to_pile("7H")
    h.tick(3)
    assert h.game.top.code == "7H"
    assert "7H" not in h.hand_codes()
    assert h.table.director.model.pile[-1].code == "7H"


def test_an_illegal_drag_springs_back_and_shows_the_engines_reason() -> None:
    h = Harness(polish(["7H 8S QC 10D", "2C 4D 9S", "3H 6D", "KD 8D"], "5H"))
    before = h.game.to_dict()
    h.drag_to_pile("8S")
    h.tick(3)
    assert h.game.to_dict() == before
    assert "8S" in h.hand_codes() and not h.table.hand.hidden
    assert h.table.toast is not None and "8" in h.table.toast[0]


def test_a_group_selected_by_clicks_is_laid_in_click_order_with_play() -> None:
    h = Harness(polish(["7S 9C 7H 10D", "2C 4D 9S", "3H 6D", "KD 8D"], "5H"))
    h.click(h.card_pos("7H"))
    h.tick(30)  # past the double-click window
    h.click(h.card_pos("7S"))
    assert h.table.play_button.visible
    h.click(h.table.play_button.rect.center)
    h.tick(3)
    assert [c.code for c in h.game.pile[-2:]] == ["7H", "7S"]
    assert h.hand_codes() == ["9C", "10D"]


def test_draw_then_keep() -> None:
    h = Harness(polish(["8S 9C 10D", "2C 4D 9S", "3H 6D", "KD 8D"], "5H", stock="6H 7S 3C"))
    h.click(h.table.layout.stock.center)
    h.tick(2)
    assert h.game.phase == Phase.DRAWN and h.game.drawn_card.code == "6H"
    assert h.table.pass_button.visible and h.table.pass_button.label == "Keep"
    h.click(h.table.pass_button.rect.center)
    h.tick(2)
    assert h.game.current != 0 or h.game.phase != Phase.DRAWN
    assert "6H" in h.hand_codes()


def test_a_refusal_names_the_wait_and_keep_buttons_not_a_pass() -> None:
    h = Harness(polish(["7H 9D 5C 8H", "8C 6S 10S 4H", "3D 4S", "2D 4C"], "5D 7S", current=2))
    h.table.apply(parse_action("4S"), 2)
    h.table.apply(parse_action("4C"), 3)
    h.settle()
    assert h.game.phase == Phase.SKIP and h.table.pass_button.label == "Wait"
    h.drag_to_pile("7H")
    assert h.table.toast is not None
    assert h.table.toast[0].endswith("or wait (Space) to accept them"), h.table.toast[0]
    h = Harness(polish(["8S 9C 10D", "2C 4D 9S", "3H 6D", "KD 8D"], "5H", stock="6H 7S 3C"))
    h.click(h.table.layout.stock.center)
    h.tick(2)
    assert h.game.phase == Phase.DRAWN and h.table.pass_button.label == "Keep"
    h.drag_to_pile("9C")
    assert h.table.toast is not None and "pass" not in h.table.toast[0]
    assert h.table.toast[0].endswith("or keep it (Space)"), h.table.toast[0]


def test_a_refused_draw_says_why_at_the_stock_and_on_d() -> None:
    game = polish(["9D 4H 9C JH 6S", "4S 7H 9H 9S 10C"], "5S", current=1)
    game.apply("4S")  # missed turns wait for seat 0, which holds a four
    h = Harness(game)
    before = h.game.to_dict()
    h.click(h.table.layout.stock.center)
    h.tick(2)
    assert h.game.to_dict() == before
    assert h.table.toast is not None
    assert h.table.toast[0] == ("A missed turn is not drawn: answer with a four or wait (Space)"), (
        h.table.toast[0]
    )
    h.table.toast = None
    h.key(pygame.K_d, "d")
    h.tick(2)
    assert h.table.toast is not None and h.table.toast[0].startswith("A missed turn is not drawn")
    h = Harness(polish(["8S 9C 10D", "2C 4D 9S", "3H 6D", "KD 8D"], "5H", stock="6H 7S 3C"))
    h.click(h.table.layout.stock.center)
    h.tick(2)
    assert h.game.phase == Phase.DRAWN and h.table.toast is None
    h.click(h.table.layout.stock.center)
    h.tick(2)
    assert h.table.toast is not None
    assert h.table.toast[0] == (
        "You have drawn this turn: lay the drawn card or keep it (Space)"
    ), h.table.toast[0]


def test_the_stock_says_nothing_when_it_is_not_your_turn() -> None:
    h = Harness(polish(["8S 9C 10D", "2C 4D 9S", "3H 6D", "KD 8D"], "5H", current=1))
    h.click(h.table.layout.stock.center)
    h.tick(2)
    assert h.table.toast is None


def test_the_cards_shuffled_into_the_stock_leave_from_under_the_top_card() -> None:
    from game.ui.sprites import pile_offset

    game = polish(
        ["7H 9D 5C 8H", "8C 6S 10S 4H", "3D JD 4S 6H 10C", "2D 9H 4D 4C 3S"],
        "5D 7S 9S 10D 6D 5H 8D KC QH JC 2C AS QD",
        stock="AC 3C",
        current=2,
    )
    h = Harness(game)
    h.table.animator.speed = "normal"
    h.table.apply(parse_action("3D"), 2)
    h.table.apply(parse_action("2D"), 3)
    h.settle()
    h.key(pygame.K_d)  # 5 to take from a stock of 2: the pile is shuffled in first
    h.tick(5)
    director = h.table.director
    assert len(director.model.pile) == 1 and len(director.flights) > 1
    top = h.game.top
    dx, dy = pile_offset(top, h.game.round_no, h.table.layout.card[0])
    centre = h.table.layout.pile.center
    seen = pygame.Rect(0, 0, 24, 24)
    seen.center = (centre[0] + dx, centre[1] + dy)

    def top_card() -> bytes:
        h.stack.draw(h.screen)
        return pygame.image.tobytes(h.screen.subsurface(seen), "RGB")

    with_flights = top_card()
    flights, director.flights = director.flights, []
    assert with_flights == top_card()  # the 2♦ in play stays in view, nothing over it
    director.flights = flights


def test_the_aces_suit_chooser_names_the_suit_end_to_end() -> None:
    h = Harness(polish(["AS 9C 4D", "2C 4H 9S", "3H 6D", "KD 8D"], "5S"))
    h.drag_to_pile("AS")
    chooser = h.stack.top
    assert isinstance(chooser, SuitChooser)
    assert [o.value for o in chooser.options] == ["S", "H", "D", "C"]
    h.key(pygame.K_h, "h")
    h.tick(2)
    assert h.stack.top is h.table
    assert h.game.top.code == "AS" and h.game.suit_in_force == "H"
    assert h.table.director.model.marker[0].endswith("Hearts")


def test_macau_called_before_laying_an_ace_survives_the_suit_chooser() -> None:
    # M first, then the ace that leaves one card: the call must go with it once the suit is
    # named, or the player, who did call, could be caught and draw 5.
    h = Harness(polish(["AS 9C", "2C 4H 9S", "3H 6D", "KD 8D"], "5S"))
    h.key(pygame.K_m, "m")
    assert h.table.macau_button.on
    h.drag_to_pile("AS")
    assert isinstance(h.stack.top, SuitChooser)
    h.tick(3)  # frames pass while the chooser asks
    h.key(pygame.K_c, "c")
    h.tick(2)
    assert h.game.top.code == "AS" and h.game.suit_in_force == "C"
    assert h.game.macau_catchable < 0, "the call was lost: seat 0 may be caught"
    assert not h.table.macau_button.on  # the call is spent with the play


def test_macau_called_then_a_cancelled_chooser_keeps_the_call_for_the_next_try() -> None:
    h = Harness(polish(["JS 9C", "2C 4H 9S", "3H 6D", "KD 8D"], "5S"))
    h.key(pygame.K_m, "m")
    h.drag_to_pile("JS")
    assert isinstance(h.stack.top, RankChooser)
    h.key(pygame.K_ESCAPE)
    h.tick(2)
    assert h.table.macau_button.on and h.table.macau_on


def test_a_jack_going_out_asks_the_others_only() -> None:
    """Where a last card's power still acts, a jack you go out on binds the others only:
    the chooser does not say "you last"."""
    rules = PRESETS["polish"].replace(name="custom", power_after_out=True)
    g = Game.from_position(rules, ["JH", "6S 8S 9C", "5S 8C 9D"], "10H", "6H 6C 8D 8H 9H 5C")
    h = Harness(g)
    h.drag_to_pile("JH")
    chooser = h.stack.top
    assert isinstance(chooser, RankChooser)
    assert chooser.subtitle == "Everyone else in turn lays it or a jack, or draws"


def _laid_first(preset: str, card: str, pile: str, **house: object) -> Harness:
    """A three-seat table of ``preset`` with ``house`` rules where you drag ``card`` (with
    6♣ 8♦ K♠ beside it) onto ``pile``."""
    rules = PRESETS[preset].replace(name="custom", **house)
    hands = [f"{card} 6C 8D KS", "6S 8S 9C", "5S 8C 9D"]
    h = Harness(Game.from_position(rules, hands, pile, "6H 8H 9H 5C 10S 10D"))
    h.drag_to_pile(card)
    return h


def test_a_jack_left_nothing_to_ask_for_says_why() -> None:
    """A jack that must ask for a rank it holds, with none of the ranks it may ask for in
    hand, goes down asking for nothing without a chooser: a word says why."""
    h = _laid_first("polish", "JH", "10H", jack_must_hold=True, request_ranks=("5", "9"))
    assert h.stack.top is h.table
    assert h.table.toast is not None
    assert h.table.toast[0] == "J♥ asks for nothing: you hold no 5 or 9 for it to ask for"
    assert not h.table.toast_error
    # With the ranks held, the chooser says which ranks these rules let a jack ask for.
    h = _laid_first("polish", "JH", "10H", request_ranks=("5", "9"))
    chooser = h.stack.top
    assert isinstance(chooser, RankChooser)
    assert chooser.subtitle.endswith("· jacks ask only for 5 or 9 here")


def test_a_changer_left_only_a_free_suit_says_why() -> None:
    """A 7 that names only its own suit, which must differ from the suit it is laid on,
    gives a free suit without a chooser: a word says why."""
    h = _laid_first("romanian", "7S", "9S", seven_own_suit=True, ace_must_differ=True)
    assert h.stack.top is h.table
    assert h.table.toast is not None
    assert h.table.toast[0] == (
        "7♠ may name only its own suit, and the suit named must differ from ♠: a free suit, "
        "anything but ♠"
    )


@pytest.mark.parametrize("preset", ["polish", "tel_aviv"])
def test_a_changer_of_its_own_suit_with_none_of_it_held_says_so(preset: str) -> None:
    """A 7 (or a Tel-Aviv queen) that names only its own suit, where a named suit must be
    held and none of its suit is: a free suit, because of its own suit, not because nothing
    is held (6♣ 8♦ K♠ are)."""
    card = "7H" if preset == "polish" else "QH"
    house: dict[str, object] = {"ace_must_hold": True}
    if preset == "polish":
        house |= {"suit_changers": frozenset({"A", "7"}), "seven_own_suit": True}
        house["request_ranks"] = ("5", "6", "8", "9", "10")
    h = _laid_first(preset, card, "7C" if preset == "polish" else "10C", **house)
    assert h.table.toast is not None
    pretty = "7♥" if preset == "polish" else "Q♥"
    assert h.table.toast[0] == (
        f"{pretty} may name only its own suit, and you hold no heart to name: a free suit, "
        "anything but ♣"
    )
    assert h.game.request is not None and h.game.request.get("excluded") == "C"


@pytest.mark.parametrize("stands", ["QS", "7S"])
def test_a_joker_standing_for_a_changer_of_its_own_suit_says_why_as_that_card(stands: str) -> None:
    """A stand-in joker declared as a queen (or 7) that names only its own suit gives the
    reason that card would: none of its suit is held, though clubs are."""
    house: dict[str, object] = {"queen_own_suit": True, "suit_changers": frozenset({"A", "Q"})}
    if stands == "7S":
        house = {"seven_own_suit": True, "suit_changers": frozenset({"A", "7"})}
        house["request_ranks"] = ("5", "6", "8", "9", "10")
    rules = PRESETS["hungarian"].replace(name="custom", **house)
    hands = ["RJ 9H 10H 5C", "9D 6C 5S 2C", "10D 6D 4C 3S"]
    h = Harness(Game.from_position(rules, hands, "8H", "8D 8C 6S 9S 10S 2D"))
    h.drag_to_pile("RJ")
    chooser = h.stack.top
    assert isinstance(chooser, CardChooser)
    h.click(chooser.tiles[[o.caption for o in chooser.options].index(stands[0] + "♠")].center)
    h.tick(2)
    assert h.game.request is not None and h.game.request.get("excluded") == "H"
    assert h.table.toast is not None
    assert h.table.toast[0] == (
        f"The red joker (as {stands[0]}♠) may name only its own suit, and you hold no spade to "
        "name: a free suit, anything but ♥"
    )


def test_a_rank_chooser_says_why_ranks_are_missing() -> None:
    game = hungarian(["JC 5C 9D 4S", "2C 4D 9S 6D", "3S 6C", "10D 8D QC"], "10C", "8S 8C 10H")
    h = Harness(game)
    h.drag_to_pile("JC")
    chooser = h.stack.top
    assert isinstance(chooser, RankChooser)
    assert [o.value for o in chooser.options] == ["5", "9", "-"]
    assert (
        chooser.subtitle
        == "Everyone in turn, you last, lays it or a jack, or draws · only ranks you still hold"
    )
    h.key(pygame.K_ESCAPE)
    h.tick(2)
    h = Harness(polish(["JS 9C 4D", "2C 4H 9S", "3H 6D", "KD 8D"], "5S"))
    h.drag_to_pile("JS")
    chooser = h.stack.top
    assert isinstance(chooser, RankChooser)
    assert chooser.subtitle == "Everyone in turn, you last, lays it or a jack, or draws"  # any rank


def test_escape_cancels_a_chooser_and_returns_the_card() -> None:
    h = Harness(polish(["JS 9C 4D", "2C 4H 9S", "3H 6D", "KD 8D"], "5S"))
    before = h.game.to_dict()
    h.drag_to_pile("JS")
    assert isinstance(h.stack.top, RankChooser)
    h.key(pygame.K_ESCAPE)
    h.tick(2)
    assert h.stack.top is h.table and h.game.to_dict() == before
    assert "JS" in h.hand_codes() and not h.table.hand.hidden


def test_double_click_plays_a_single_card_and_keyboard_draws() -> None:
    h = Harness(polish(["7H 8S QC 10D", "2C 4D 9S", "3H 6D", "KD 8D"], "5H"))
    pos = h.card_pos("QC")
    h.click(pos)
    h.click(pos)
    h.tick(2)
    assert h.game.top.code == "QC"
    while h.game.current != 0:
        h.game.apply("pass" if h.game.phase == Phase.DRAWN else "draw")
    h.tick(2)
    assert h.game.current == 0
    h.key(pygame.K_d, "d")
    h.tick(3)
    assert len(h.game.hand(0)) == 4 and len(h.hand_codes()) == 4


def test_keyboard_selects_with_arrows_and_plays_with_enter() -> None:
    h = Harness(polish(["8S 7H 10D", "2C 4D 9S", "3H 6D", "KD 8D"], "5H"))
    h.key(pygame.K_RIGHT)
    h.key(pygame.K_RIGHT)
    h.key(pygame.K_UP)
    h.key(pygame.K_RETURN)
    h.tick(2)
    assert h.game.top.code == "7H"


def test_macau_call_toggle_is_attached_to_the_play() -> None:
    h = Harness(polish(["7H 8S", "2C 4D 9S", "3H 6D", "KD 8D"], "5H"))
    assert h.table.macau_button.visible
    h.key(pygame.K_m, "m")
    h.drag_to_pile("7H")
    h.tick(2)
    assert h.game.macau_catchable == -1 and h.game.top.code == "7H"


def test_classic_joker_names_a_suit() -> None:
    game = Game.from_position(
        PRESETS["classic"],
        hands=["RJ 9C 4D", "2C 4H 9S", "3H 6D"],
        pile="5S",
        stock="8D 8C 8H",
        current=0,
    )
    h = Harness(game)
    h.drag_to_pile("RJ")
    chooser = h.stack.top
    assert isinstance(chooser, SuitChooser)
    h.click(chooser.tiles[[o.value for o in chooser.options].index("D")].center)
    h.tick(2)
    assert h.game.top.code == "RJ" and h.game.suit_in_force == "D"


def test_hungarian_joker_offers_only_legal_declarations_and_runs_play() -> None:
    game = hungarian(["RJ 9C 4D 5H 6H 7H", "2C 4S 9S"], "4H", "8D 8C 8H")
    h = Harness(game)
    h.drag_to_pile("RJ")
    chooser = h.stack.top
    assert isinstance(chooser, CardChooser)
    legal = {
        a.declared for a in game.legal_actions(0) if getattr(a, "cards", None) == (game.hand(0)[0],)
    }
    assert len(chooser.options) == len(legal)
    h.key(pygame.K_ESCAPE)
    assert "RJ" in h.hand_codes()
    for code in ("5H", "6H", "7H"):
        h.click(h.card_pos(code))
        h.tick(30)
    h.key(pygame.K_RETURN)
    h.tick(2)
    assert [c.code for c in game.pile[-3:]] == ["5H", "6H", "7H"]


def test_a_four_card_group_clicked_in_any_order_keeps_first_and_last_and_plays() -> None:
    from game.engine import PRESETS, Card, Game
    from game.ui.moves import play_options

    g = Game.from_position(
        PRESETS["polish"], hands=["7C 7H 7D 7S 9C", "5D 6D 8D"], pile="5H 8H", current=0
    )
    # The middle clicked out of hand order (7D before 7S): laid with the middle arranged.
    picked = [Card.parse(c) for c in ("7H", "7D", "7S", "7C")]
    assert not g.is_legal("7H 7D 7S 7C")
    options = play_options(g, 0, picked)
    assert options.legal
    assert [c.code for c in options.cards] == ["7H", "7S", "7D", "7C"]


def test_the_log_speaks_to_you_in_the_second_person() -> None:
    # East (seat 3, before you) attacks you; you take the penalty.
    h = Harness(polish(["8S 9C 10D", "4D 9S", "3H 6D", "2H 8D"], "5H", "6H 7S 3C 4C", current=3))
    assert h.table.apply(Play((Card.parse("2H"),)), seat=3)
    h.tick(3)
    # Mid-line, in lower case (East, left with one card, also forgot to call Macau).
    assert h.table.director.log[-1].endswith("— you owe 2 — no Macau called")
    assert h.table.apply(DRAW)
    h.tick(3)
    assert h.table.director.log[-1].startswith("You took 2")
    assert not any("You owes" in line for line in h.table.director.log)


def test_a_laid_joker_shows_the_card_it_stands_for_as_soon_as_it_lands() -> None:
    # Animated: the joker lands on the pile before the rest of the move has been shown.
    game = hungarian(["9C 4D 7C", "2C 4S 9S", "3H 6D", "RJ KD 8S"], "4H", "8D 8C 8H", current=3)
    h = Harness(game)
    h.table.animator.speed = "normal"
    laid = next(
        a
        for a in game.legal_actions(3)
        if isinstance(a, Play) and a.declared == (Card.parse("AH"),) and a.choice == "S"
    )
    h.table.apply(laid, seat=3)
    model = h.table.director.model
    for _ in range(120):
        h.stack.update(1 / 60)
        if model.pile and model.pile[-1].code == "RJ":
            break
    assert model.pile[-1].code == "RJ"
    assert model.declared_top is not None and model.declared_top.code == "AH"


def _line_after(preset: str | Rules, hands: list[str], pile: str, *actions: str) -> Harness:
    """A table where seat 1 has just made ``actions`` and seat 0 is to answer."""
    rules = PRESETS[preset] if isinstance(preset, str) else preset
    g = Game.from_position(rules, hands=hands, pile=pile, stock="9H 10H 6C 5D 10S 9D 8C", current=1)
    for action in actions:
        g.apply(action)
    h = Harness(g)
    assert h.game.current == 0
    return h


def test_the_attack_line_names_the_cuts_these_rules_offer() -> None:
    def owing(preset: str, hands: list[str], pile: str, attack: str) -> str:
        h = _line_after(preset, hands, pile, attack)
        assert h.game.phase == Phase.ATTACK
        return h.table.flow.phase_hint()

    plain = owing("polish", ["8S 9C", "2H 8D 4S"], "5H", "2H")
    assert plain == "You owe 2: fight back with a 2, 3♥ or K♥, or take them"
    seven = owing("classic", ["8S 9C", "2H 8D 4S"], "5H", "2H")
    assert seven == (
        "You owe 2: fight back with a 2, a 3, K♠, K♥ or a joker, or cut it with a 7, or take them"
    )
    kings = owing("hungarian", ["8S 9C", "KH 8D 4S"], "5H", "KH")
    assert "block it with K♣, K♦ or a joker" in kings and "a 7" not in kings
    fours = owing("romanian", ["8S 9C", "2H 8D 5S"], "5H", "2H")
    assert "block it with a 4" in fours
    # only the same rank answers here (counter_rule same_rank): the line says so
    same_rank = owing("tel_aviv", ["8S 9C", "2H 8D 5S"], "5H", "2H")
    assert same_rank == "You owe 2: fight back with a 2, or take them"


def test_the_turn_line_says_what_a_request_or_a_five_asks_for() -> None:
    def line(preset: str | Rules, hands: list[str], pile: str, *actions: str) -> str:
        return _line_after(preset, hands, pile, *actions).table.flow.phase_hint()

    jack = line("polish", ["8S 9C 7D", "JH 8D 4S"], "5H", "JH/8")
    assert jack == "8s were asked for: lay 8s or a jack, or draw"
    # one card a turn: one 8, as the refusals say it
    single = PRESETS["polish"].replace(name="custom", groups="none")
    one = line(single, ["8S 9C 7D", "JH 8D 4S"], "5H", "JH/8")
    assert one == "8s were asked for: lay an 8 or a jack, or draw"
    ace = line("polish", ["8S 9C 7D", "AH 8D 4S"], "5H", "AH/S")
    assert ace == "Spades named: lay a spade or an ace, or draw"
    seven = line("romanian", ["8S 9C 7D", "7H 8D 4S"], "5H", "7H/C")
    assert seven == "Clubs named: lay a club, a 7 or a joker, or draw"
    # Tel-Aviv: after your own 5 the turn is still yours
    g = Game.from_position(
        PRESETS["tel_aviv"], hands=["5H 8H 9C 7D", "8D 4S 6C"], pile="5C", stock="9H 10H 6S"
    )
    g.apply("5H")
    h = Harness(g)
    assert h.game.phase == Phase.FIVE_AGAIN and h.game.current == 0
    assert h.table.flow.phase_hint() == "After a 5 your turn goes on: lay one more card or draw"
    # With nothing to lay after it (every card dimmed), it says so.
    g = Game.from_position(
        PRESETS["tel_aviv"], hands=["5D JH 2C 6C 8S", "8D 4S 7C"], pile="5S", stock="9H 10H 6S"
    )
    g.apply("5D")
    h = Harness(g)
    assert h.game.phase == Phase.FIVE_AGAIN and [str(a) for a in g.legal_actions()] == ["draw"]
    assert h.table.flow.phase_hint() == (
        "After a 5 your turn goes on, but nothing in your hand fits: draw a card"
    )


def test_a_turn_with_nothing_that_fits_says_draw_not_drag() -> None:
    def hint(hand: str) -> str:
        g = Game.from_position(PRESETS["polish"], hands=[hand, "7D 3S 6C"], pile="9C", stock="5S")
        return Harness(g).table.flow.phase_hint()

    assert hint("5H 8D 4S") == "Your turn: nothing in your hand fits, so draw a card"
    assert hint("5H 8C 4S") == "Your turn: drag a card to the pile, double-click it, or draw"
    g = Game.from_position(PRESETS["polish"], hands=["5H 8C 4S", "7D 3S 6C"], pile="9C", stock="5S")
    h = Harness(g)
    h.key(pygame.K_RIGHT)  # played with the keys: the keys are told
    assert h.table.flow.phase_hint() == "Your turn: ← → and ↑ pick a card, Enter lays it, D draws"
    h.click(h.card_pos("4S"))  # the mouse takes over: its words (↓ would not reach 4♠)
    assert h.table.hand.selected_cards() == [Card.parse("4S")]
    assert h.table.flow.phase_hint().endswith("a right-click puts it back")
    h.key(pygame.K_UP)  # the keys still act where the cursor is, and speak again
    assert h.table.hand.cursor == 0 and len(h.table.hand.selection) == 2
    # Nothing left to draw (stock and pile spent): no "or draw".
    g = Game.from_position(PRESETS["romanian"], hands=["KS 9D 4C", "7D 3S 6C"], pile="9H", stock="")
    assert not any(a == DRAW for a in g.legal_actions())
    assert (
        Harness(g).table.flow.phase_hint()
        == "Your turn: drag a card to the pile or double-click it"
    )

    # A jack's request with nothing left to draw: lay what was asked for, or pass.
    def asked(hand: str) -> str:
        g = Game.from_position(
            PRESETS["polish"], hands=[hand, "JH 3S 5D KC", "10C 2D 3D"], pile="9H", stock="",
            current=1,
        )  # fmt: skip
        g.apply(parse_action("JH/6"))
        g.apply(DRAW)  # (the last card that could be drawn)
        return Harness(g).table.flow.phase_hint()

    assert asked("9S 8C 4D") == "Nothing fits and there is nothing to draw: pass"
    assert asked("9S 6C 4D") == "6s were asked for: lay 6s or a jack"


def test_a_stack_that_lapses_is_told_and_leaves_no_penalty_on_screen() -> None:
    # Seat 1 answers 2H with its last card (polish: no power after going out): the log says
    # the stack lapsed, and the penalty marker goes away.
    g = polish(["2H 9C", "2C", "10D 6D", "10C 6C"], "8H")
    h = Harness(g)
    h.table.apply(parse_action("2H!"))
    h.tick(5)
    assert h.table.director.model.penalty == 2
    h.table.apply(parse_action("2C"), seat=1)
    h.tick(5)
    assert any("went out on 2♣: the stack of 2 lapses" in line for line in h.table.director.log)
    assert h.table.director.model.penalty == 0 and h.game.penalty == 0


def test_a_hungarian_joker_is_offered_as_every_card() -> None:
    # It plays on anything (RULES §5): on 8♥ it may stand for any of the 52 cards.
    game = hungarian(["RJ 9C 10C", "9D 6C 5S", "10D 6D 5C"], "8H", "8D 8C 7H 7S")
    h = Harness(game)
    chooser, captions = _lay_the_red_joker(h)
    assert len(captions) == 52 and "9♦" in captions and "K♠" in captions
    assert chooser.subtitle == "Any card may be chosen here"
    h.click(chooser.tiles[captions.index("K♠")].center)
    h.tick(3)
    assert game.penalty == 5 and game.top_effective.code == "KS"


def test_two_jokers_are_declared_one_at_a_time_and_make_two_kings_of_hearts() -> None:
    game = hungarian(["RJ BJ 9C 10C", "9D 6C 5S", "10D 6D 5C"], "8H", "8D 8C 7H 7S", rules=MUST_FIT)
    h = Harness(game)
    h.click(h.card_pos("RJ"))
    h.tick(30)
    h.click(h.card_pos("BJ"))
    h.key(pygame.K_RETURN)
    first = h.stack.top
    assert isinstance(first, CardChooser) and first.title == "The first joker stands for…"
    assert first.subtitle == "Only cards that fit here are offered"
    captions = [o.caption for o in first.options]
    assert "K♥" in captions and "8♦" in captions and "9♦" not in captions  # only cards that fit
    h.click(first.tiles[captions.index("K♥")].center)
    second = h.stack.top
    assert isinstance(second, CardChooser) and second is not first
    assert second.title == "The next joker stands for…"  # asked alone, the first one named
    assert second.subtitle == "The first joker stands for K♥ · Only cards that fit here are offered"
    cards = [o.caption for o in second.options]
    # the second joker: any king (a group of one rank) or any heart (a group of one suit,
    # or the run's neighbours Q♥ and A♥), each suit in rank order
    hearts = [f"{r}♥" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", *"JQKA")]
    assert cards == ["K♠", *hearts, "K♦", "K♣"]
    h.click(second.tiles[cards.index("K♥")].center)
    h.tick(3)
    assert game.penalty == 10 and game.current == 1
    assert [str(c) for c in game.pile[-2:]] == ["RJ", "BJ"]


def test_a_joker_laid_last_in_a_suit_group_offers_every_card_of_the_suit() -> None:
    game = hungarian(["5H RJ KH 9C 4S", "2C 4D 9S 6D", "3S 6C", "10D 8D QC"], "7H", "8S 8C 10H 10S")
    h = Harness(game, size=(960, 600))
    for code in ("5H", "KH", "RJ"):
        h.click(h.card_pos(code))
        h.tick(30)
    h.key(pygame.K_RETURN)
    chooser = h.stack.top
    assert isinstance(chooser, CardChooser)
    captions = [o.caption for o in chooser.options]
    assert captions == [f"{r}♥" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", *"JQKA")]
    h.click(chooser.tiles[captions.index("A♥")].center)
    suits = h.stack.top
    assert isinstance(suits, SuitChooser)  # not hearts (of K♥ under it), only suits still held
    assert [o.value for o in suits.options] == ["S", "C"]
    assert suits.subtitle == (
        "The red joker (as A♥) names the suit that follows · not ♥, the suit of K♥ it is laid on · "
        "only suits you still hold"
    )
    h.click(suits.tiles[1].center)
    h.tick(2)
    assert [c.code for c in game.pile[-3:]] == ["5H", "KH", "RJ"]
    assert game.suit_in_force == "C" and game.current == 1


def test_an_ace_laid_last_in_a_group_is_told_the_suit_of_the_card_it_is_laid_on() -> None:
    # hearts is in force, but 9♣ A♣ lays the ace on clubs: clubs is the suit it must change,
    # and hearts is missing only because none is held
    game = hungarian(["9C AC 5C 6D 7S", "9S 6S 8D 10D 4C"], "5S 9H", "4H 4D 6H 7H 8H 9D")
    h = Harness(game)
    for code in ("9C", "AC"):
        h.click(h.card_pos(code))
        h.tick(30)
    h.click(h.table.play_button.rect.center)
    h.tick(3)
    suits = h.stack.top
    assert isinstance(suits, SuitChooser)
    assert [o.value for o in suits.options] == ["S", "D"]
    assert suits.subtitle == (
        "A♣ names the suit that follows · not ♣, the suit of 9♣ it is laid on · "
        "only suits you still hold"
    )


@pytest.mark.parametrize(
    ("winner", "speed", "confetti"), [(0, "fast", True), (1, "fast", False), (0, "off", False)]
)
def test_confetti_celebrates_a_person_not_a_bot_that_beat_them(
    winner: int, speed: str, confetti: bool
) -> None:
    # (Nor with animation off, "instant": nothing on the screen moves then.)
    hands = ["9H", "8C 6C"] if winner == 0 else ["8C 6C", "9D"]
    game = Game.from_position(
        PRESETS["quick"], hands=hands, pile="9S", stock="10C 10S 10D 4H", current=winner
    )
    h = Harness(game)
    h.table.animator.speed = speed
    h.table.apply(parse_action(hands[winner]), seat=winner)
    for _ in range(300):
        if h.table.round_result is not None:
            break
        h.tick()
    assert h.table.round_result is not None
    assert (h.table.confetti is not None) is confetti


def test_one_card_is_one_card() -> None:
    h = Harness(polish(["9H", "2C 4D 9S", "3H 6D", "KD 8D"], "5H"))
    words = []
    real_text = tabledraw.theme.text

    def spy(text: str, *args: object, **kw: object) -> pygame.Surface:
        words.append(text)
        return real_text(text, *args, **kw)  # type: ignore[arg-type]

    tabledraw.theme.text = spy  # type: ignore[assignment]
    try:
        h.tick()
    finally:
        tabledraw.theme.text = real_text  # type: ignore[assignment]
    assert "1 card" in words and "1 cards" not in words


def test_a_long_name_is_cut_to_fit_its_seat_box() -> None:
    from game.ui import theme

    h = Harness(polish(["9H 5C", "2C 4D 9S", "3H 6D", "KD 8D"], "5H"))
    h.table.names[1] = "W" * 16
    h.tick()
    shown = theme.fit("W" * 16, 18, 120, True)
    assert shown.endswith("…") and theme.text_size(shown, 18, True)[0] <= 120
    assert theme.fit("Ada", 18, 120, True) == "Ada"


@pytest.mark.parametrize("size", [(1280, 800), (960, 600)])
def test_the_joker_chooser_starts_each_suit_on_a_row_of_its_own_when_it_fits(
    size: tuple[int, int],
) -> None:
    game = hungarian(
        ["RJ 9C 4D 5H 6H 7H", "2C 3D 9S 6D", "3S 6C", "10D 8D QC"],
        "4H",
        "8S 8C 10H 10S",
        rules=MUST_FIT,
    )
    h = Harness(game, size=size)
    chooser, captions = _lay_the_red_joker(h)
    assert len(captions) == 22  # the fours, queens and aces, and every heart
    rows: dict[int, list[str]] = {}
    for caption, tile in zip(captions, chooser.tiles, strict=True):
        rows.setdefault(tile.y, []).append(caption)
        assert h.screen.get_rect().contains(tile) and chooser.panel.contains(tile)
    lines = [rows[y] for y in sorted(rows)]
    assert lines[0] == ["4♠", "Q♠", "A♠"]  # the spades alone, not run on into the hearts
    hearts = [c for line in lines for c in line if c.endswith("♥")]
    assert hearts == [f"{r}♥" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", *"JQKA")]
    if size[0] >= 1280:
        assert lines[1] == hearts  # thirteen fit in one row
    assert lines[-1][-3:] == ["4♣", "Q♣", "A♣"]
    assert len(lines) == 3


def test_the_table_reads_a_position_once_however_many_frames_it_draws(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Two stand-in jokers and a long suit list hundreds of thousands of plays (the table lists
    # the first ``TABLE_LISTING_LIMIT``): the buttons and the bright cards are worked out once
    # per position, not once per frame.
    from game.ui import moves, table

    built: list[int] = []
    real = moves.Offer

    class Counted(real):
        def __init__(self, legal: list[object], complete: bool = True) -> None:
            built.append(len(legal))
            super().__init__(legal, complete)

    monkeypatch.setattr(table, "Offer", Counted)
    game = wide_hand_game()
    h = Harness(game)
    h.tick(60)
    assert len(built) == 1 and built[0] > moves.TABLE_LISTING_LIMIT
    h.click(h.card_pos("5H"))
    h.tick(30)
    assert len(built) == 1  # choosing cards does not change the position
    assert h.table.draw_button.visible and not h.table.pass_button.visible
    h.table.on_draw()
    h.tick(60)
    assert len(built) >= 2  # a new position is read again


@pytest.mark.parametrize("chosen", ["", "5H", "5H KH", "RJ"])
def test_the_cards_that_may_follow_a_selection_are_those_of_the_listed_plays(chosen: str) -> None:
    from game.ui.moves import Offer

    game = hungarian(
        ["5H RJ KH 9C 4S 5S", "2C 4D 9S 6D", "3S 6C", "10D 8D QC"], "7H", "8S 8C 10H 10S"
    )
    legal = game.legal_actions()
    sel = tuple(Card.parse(c) for c in chosen.split())
    n = len(sel)
    expected = {
        a.cards[n] for a in legal if isinstance(a, Play) and len(a.cards) > n and a.cards[:n] == sel
    }
    offer = Offer(legal)
    assert offer.next_cards(sel) == expected
    assert expected  # every one of these selections can go on
    assert offer.plays_laying(sel) == tuple(
        a for a in legal if isinstance(a, Play) and a.cards == sel
    )


def test_a_long_message_wraps_inside_a_small_window() -> None:
    h = Harness(polish(["7H 8S QC 10D", "2C 4D 9S", "3H 6D", "KD 8D"], "5H"), size=(960, 600))
    h.table.say("The statistics file was damaged. " * 4)
    h.tick(1)
    screen = h.screen

    def red(x: int, y: int) -> bool:  # the error panel (blended over the green felt)
        r, g, _, *_ = screen.get_at((x, y))
        return r > 150 and g < 110

    rows = [y for y in range(screen.get_height()) if red(480, y)]
    assert rows, "the message is not drawn"
    # the panel stays clear of both window edges on every row it covers
    for y in range(min(rows), max(rows) + 1):
        assert not red(3, y) and not red(956, y)


def test_a_long_message_in_a_small_window_leaves_the_side_seats_uncovered() -> None:
    game = polish(["7H 8S QC 10D", "2C 4D 9S", "3H 6D", "KD 8D"], "5H")
    h = Harness(game, size=(960, 600))
    h.table.say("The statistics file was damaged and could not be used. " * 3)
    h.tick(1)
    screen = h.screen
    sides = [a.rect for a in h.table.layout.areas if a.side in ("left", "right")]
    assert len(sides) == 2

    def red(x: int, y: int) -> bool:
        r, g, _, *_ = screen.get_at((x, y))
        return r > 150 and g < 110

    assert any(red(480, y) for y in range(600)), "the message is not drawn"
    for rect in sides:
        covered = [
            (x, y) for x in range(rect.left, rect.right, 4) for y in range(rect.top, rect.bottom, 4)
        ]
        assert not any(red(x, y) for x, y in covered)


def test_a_long_message_stays_up_long_enough_to_read() -> None:
    game = polish(["7H 8S QC 10D", "2C 4D 9S", "3H 6D", "KD 8D"], "5H")
    h = Harness(game)
    short = "a 9 does not fit on 5H"
    long = "The statistics file was damaged and could not be used; a new one was started. " * 2
    h.table.say(short)
    h.tick(60 * 4)  # four seconds
    assert h.table.toast is None
    h.table.say(long)
    h.tick(60 * 4)
    assert h.table.toast is not None and h.table.toast[0].startswith("The statistics")
    h.tick(60 * 8)
    assert h.table.toast is None  # even the longest goes within twelve seconds


@pytest.mark.parametrize("card", ["AS", "RJ"])
def test_a_chooser_grows_with_a_large_window_and_stays_inside_it(card: str) -> None:
    hands = [f"{card} 9C 4D", "2C 4H 9S", "3H 6D", "KD 8D"]
    tiles = {}
    for size in [(1280, 800), (2560, 1440)]:
        h = Harness(
            hungarian(hands, "5S", "6H 7S 3C 8C 9D") if card == "RJ" else polish(hands, "5S")
        )
        h.drag_to_pile(card)
        chooser = h.stack.top
        assert isinstance(chooser, SuitChooser | CardChooser)
        h.stack.resize(size)
        h.tick(2)
        screen = pygame.Rect((0, 0), size)
        assert screen.contains(chooser.panel)
        assert all(chooser.panel.contains(t) for t in chooser.tiles)
        picture = chooser.pictures[0]
        assert picture is not None
        tiles[size] = (chooser.tiles[0].size, picture.get_size())
    (small_tile, small_pic), (big_tile, big_pic) = tiles[(1280, 800)], tiles[(2560, 1440)]
    assert big_tile[0] > small_tile[0] * 1.3 and big_pic[0] > small_pic[0] * 1.3


def test_a_refused_joker_play_gives_the_rule_not_the_notation() -> None:
    from game.ui.moves import refusal

    stock = "4C 4D 4H 6H 7H 8C 8D 9S 10S 6S 7S QC QD 6C"
    g = Game.from_position(
        PRESETS["hungarian"], hands=["9C RJ 2S 3S KS", "10D 6D"], pile="5H", stock=stock
    )

    def why(cards: str) -> str:
        return refusal(g, 0, tuple(Card.parse(c) for c in cards.split()))

    assert why("9C RJ").startswith("9♣ matches neither the suit in force")
    assert why("2S RJ 3S").startswith("2♠ matches neither the suit in force")
    for cards in ("9C RJ", "2S RJ 3S", "RJ 9C"):
        assert "write it as" not in why(cards)


def test_the_log_lists_an_attack_group_as_it_lies_on_the_stack() -> None:
    stock = "4C 4D 4H 5H 6H 7H 8C 8D 9S 10S 6S 7S QC QD 6C"
    g = Game.from_position(
        PRESETS["hungarian"],
        hands=["KS RJ 2S 3S 9C", "10D 6D", "5C 5D", "KH 9D 9H"],
        pile="8H",
        stock=stock,
        current=3,
    )
    h = Harness(g)
    h.table.apply(parse_action("KH"), 3)
    h.tick(30)
    h.table.apply(parse_action("KS 2S RJ=KS 3S"), 0)
    h.tick(30)
    line = next(x for x in h.table.director.log if "laid K♠" in x)
    assert "K♠, K♠ (red joker), 2♠, 3♠" in line


def test_enter_after_clicking_a_table_button_still_lays_the_chosen_card() -> None:
    h = Harness(polish(["7H 8S QC 10D", "2C 4D 9S", "3H 6D", "KD 8D"], "5H"))
    h.tick(3)
    h.click(h.card_pos("7H"))
    h.tick(2)
    h.click(h.table.sort_button.rect.center)  # the sort changes; the keys mean moves still
    h.tick(2)
    assert not any(w.focused for w in h.table.widgets.widgets)
    h.key(pygame.K_RETURN)
    h.tick(3)
    assert h.game.top.code == "7H" and "7H" not in h.hand_codes()


def test_tab_leaves_enter_and_space_to_the_table_keys() -> None:
    h = Harness(polish(["7H 9D 5C 8H", "8C 6S 10S 4H", "3D JD", "2D 9H"], "5D 7S"))
    h.tick(3)
    h.key(pygame.K_TAB)
    assert not any(w.focused for w in h.table.widgets.widgets)
    h.click(h.card_pos("7H"))
    h.key(pygame.K_RETURN)
    h.tick(3)
    assert h.game.top.code == "7H" and len(h.hand_codes()) == 3  # laid, nothing drawn
    h.settle()
    assert h.table.sort_button.label == "Sort: own"
    h.key(pygame.K_o)  # the one button without a key of its own has one now
    assert h.table.sort_button.label == "Sort: suit"


# ----- a screen over the table, and input that began elsewhere ---------------------------------
def _bots_table(game: Game, speed: str = "off", pace: str = "fast") -> tuple[object, object]:
    from game.store.settings import Settings
    from game.ui.matchtable import MatchTable
    from game.ui.setup import SeatSpec, TableSetup
    from tests.ui.menukit import Screen

    seats = (SeatSpec("You"), *(SeatSpec(n, "medium") for n in ("Ada", "Ben", "Cy")))
    table = MatchTable(
        TableSetup("polish", seats), game, seed=7, deal=False,
        settings=Settings(animation_speed=speed, bot_pace=pace),
    )  # fmt: skip
    return table, Screen(table)


def test_the_pause_menu_holds_the_bots_and_the_rounds_clock(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import time

    from game.ui.roundend import GamePause

    wall = [time.time()]
    monkeypatch.setattr(time, "time", lambda: wall[0])  # the clock a round's time is read on
    game = polish(["7H 9C 8H 10D 3C", "2C 4D 9S 6C", "3S 6D 7D", "KD 8D 5S"], "5D", current=1)
    table, screen = _bots_table(game)
    started = table.started_at  # type: ignore[attr-defined]
    screen.key(pygame.K_ESCAPE)  # type: ignore[attr-defined]
    assert isinstance(screen.top, GamePause)  # type: ignore[attr-defined]
    for _ in range(600):
        wall[0] += 1 / 60
        screen.frame()  # type: ignore[attr-defined]
    assert game.current == 1 and len(game.pile) == 1  # nobody moved in ten seconds of pause
    screen.key(pygame.K_ESCAPE)  # type: ignore[attr-defined]
    # The ten seconds paused are taken off the round's clock.
    assert table.started_at == pytest.approx(started + 10, abs=0.01)  # type: ignore[attr-defined]
    screen.frame(300)  # type: ignore[attr-defined]
    assert game.current == 0  # back at the table, the bots played on to your turn


def test_you_get_the_first_chance_to_catch_a_bot_even_when_you_play_next() -> None:
    game = polish(["7H 9C 8H", "2C 4D 9S", "3S 6D", "KD 5D"], "5H", current=3)
    table, screen = _bots_table(game, speed="normal")
    table.bots.pop(3)  # type: ignore[attr-defined]
    table.apply(Play((Card.parse("5D"),)), 3)  # type: ignore[attr-defined]  # no Macau called
    for _ in range(600):
        screen.key(pygame.K_s, "s")  # type: ignore[attr-defined]
        if game.macau_catchable < 0:
            break
    assert "You caught Cy — Cy draws 5" in table.director.log  # type: ignore[attr-defined]


def test_with_animation_off_you_still_get_the_first_chance_to_catch_a_bot() -> None:
    game = polish(["7H 9C 8H", "2C 4D 9S", "3S 6D", "KD 8D 5S"], "5D", current=2)
    table, screen = _bots_table(game, speed="off")
    table.bots.pop(2)  # type: ignore[attr-defined]
    table.apply(Play((Card.parse("6D"),)), 2)  # type: ignore[attr-defined]  # no Macau called
    screen.frame(30)  # type: ignore[attr-defined]  # half a second: Cy, a bot, moves next
    assert game.macau_catchable == 2 and len(game.pile) == 2
    assert table.stop_button.visible  # type: ignore[attr-defined]
    screen.key(pygame.K_s, "s")  # type: ignore[attr-defined]
    assert "You caught Ben — Ben draws 5" in table.director.log  # type: ignore[attr-defined]


@pytest.mark.parametrize(("pace", "at_least"), [("fast", 9), ("slow", 30)])
def test_with_animation_off_the_bots_keep_their_pace(pace: str, at_least: int) -> None:
    game = polish(["7H 9C 8H", "5C 4D 9S 6C", "3S 6D 7D QH", "KD 8D 5S 10S"], "5H", current=1)
    _table, screen = _bots_table(game, speed="off", pace=pace)
    frames = 0
    while game.current != 0:
        screen.frame()  # type: ignore[attr-defined]
        frames += 1
    assert frames >= 3 * at_least  # three bots moved, each after its pause


def test_no_bot_is_thinking_and_no_seat_lit_while_the_cards_are_dealt() -> None:
    from game.store.settings import Settings
    from game.ui.matchtable import MatchTable
    from game.ui.setup import SeatSpec, TableSetup
    from tests.ui.menukit import Screen

    game = Game.new(PRESETS["quick"], seats=4, seed=3)
    assert game.current != 0  # a bot moves first
    seats = (SeatSpec("You"), *(SeatSpec(n, "medium") for n in ("Ada", "Ben", "Cy")))
    table = MatchTable(
        TableSetup("quick", seats), game, seed=1, settings=Settings(animation_speed="normal")
    )
    screen = Screen(table)
    screen.frame(2)
    while not table.director.idle:
        assert tabledraw.status_line(table) == ""
        assert table.director.model.current == -1
        screen.frame()
    assert table.director.model.current == game.current  # the deal landed: now it is lit
    bot = table.names[game.current]
    assert tabledraw.status_line(table) == f"{bot} is thinking…"


def test_a_drag_that_ends_over_a_choosers_tile_chooses_nothing() -> None:
    h = Harness(polish(["AS 9C 4D 8H", "2C 4H 9S", "3H 6D", "KD 8D"], "5S"))
    h.drag_to_pile("AS")
    chooser = h.stack.top
    assert isinstance(chooser, SuitChooser)
    tile = chooser.tiles[2]
    h.send(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1)  # pressed elsewhere ...
    h.send(pygame.MOUSEBUTTONUP, pos=tile.center, button=1)  # ... let go over a tile
    assert h.stack.top is chooser and h.game.top.code == "5S"
    h.click(tile.center)  # a real press and release on the tile picks it
    assert h.stack.top is h.table and h.game.top.code == "AS"


def test_a_card_being_dragged_goes_back_when_the_pause_menu_opens() -> None:
    h = Harness(polish(["7H 9C 8H 10D", "2C 4D 9S", "3S 6D", "KD 8D"], "5H"))
    x, y = (round(v) for v in h.card_pos("7H"))
    h.send(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0))
    h.send(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1)
    for i in range(1, 5):
        h.send(pygame.MOUSEMOTION, pos=(x + 10 * i, y - 60 * i), rel=(0, 0), buttons=(1, 0, 0))
    h.key(pygame.K_ESCAPE)  # the pause menu opens mid-drag
    h.send(pygame.MOUSEBUTTONUP, pos=(x + 40, y - 240), button=1)
    h.key(pygame.K_ESCAPE)  # and closes
    assert h.table.flow.drag is None and not h.table.hand.hidden
    h.click(h.table.layout.pile.center)  # a later click on the pile lays nothing
    assert h.game.top.code == "5H" and "7H" in h.hand_codes()


def test_missed_turns_coming_your_way_are_counted_and_shown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = polish(["7H 9C 8H", "2C 9S 6C", "4H 6D 7D", "4C 8D 5S"], "5H", current=2)
    game.apply("4H")
    game.apply("4C")  # two 4s stacked on you
    h = Harness(game)
    assert h.table.flow.phase_hint() == (
        "2 missed turns are coming your way: answer with a four or wait"
    )
    drawn: list[tuple[int, bool]] = []
    monkeypatch.setattr(
        tabledraw,
        "_draw_tokens",
        lambda _s, n, *_a, pending=False, **_k: drawn.append((n, pending)),
    )
    tabledraw._draw_you(h.table, h.screen)
    assert (2, True) in drawn  # outlined beside your name, as at a bot's seat


def test_enter_after_drawing_a_card_that_fits_lays_it() -> None:
    h = Harness(polish(["8S 9C 10D", "2C 4D 9S", "3H 6D", "KD 8D"], "5H", stock="6H 7S 3C"))
    h.key(pygame.K_d, "d")
    h.tick(2)
    assert h.game.phase == Phase.DRAWN and h.table.hand.cursor is None
    assert h.table.flow.phase_hint() == "The card you drew fits: lay it or keep it"
    h.key(pygame.K_RETURN)
    h.tick(2)
    assert h.game.top.code == "6H" and "6H" not in h.hand_codes()


def test_an_open_chooser_is_not_talked_over_by_the_turn_line() -> None:
    h = Harness(polish(["AS 9C 4D 8H", "2C 4H 9S", "3H 6D", "KD 8D"], "5S"))
    assert h.table.flow.phase_hint().startswith("Your turn")
    h.drag_to_pile("AS")
    assert isinstance(h.stack.top, SuitChooser) and h.table.flow.phase_hint() == ""


def test_a_group_picked_in_an_order_that_cannot_start_is_laid_in_one_that_can() -> None:
    h = Harness(polish(["7S 7D 7H 9C", "2C 4D 9S", "3H 6D", "KD 8D"], "5H"))
    for code in ("7S", "7D", "7H"):  # 7♠ cannot go first on 5♥: 7♥ can
        h.click(h.card_pos(code))
    h.key(pygame.K_RETURN)
    h.tick(3)
    assert [c.code for c in h.game.pile][1] == "7H" and h.hand_codes() == ["9C"]
    h2 = Harness(polish(["7S 8D 7H 9C", "2C 4D 9S", "3H 6D", "KD 8C"], "5H"))
    for code in ("7S", "8D"):  # no order of these makes a play: the reason is given
        h2.click(h2.card_pos(code))
    h2.key(pygame.K_RETURN)
    assert h2.game.top.code == "5H" and h2.table.toast is not None


def test_a_stack_passed_over_a_seat_sitting_out_is_not_told_as_its_doing() -> None:
    game = polish(
        ["8S 9C 10D QH", "2C 6D 9S JH", "3S 4H 7D", "KD 4C 8D"],
        "5H",
        stock="6H 7S 3C 9D JD 5C 6S 8C 9H 10H 10S 2D QS KC",
        current=2,
    )
    game.apply("4H")
    game.apply("4C")  # you miss two turns; the bots play on around you
    h = Harness(game, levels=("medium",), bots=True)
    h.key(pygame.K_SPACE)
    h.tick(600)
    log = list(h.table.director.log)
    sat = [line for line in log if "sit out a turn" in line]
    assert sat and all(" — " not in line for line in sat), log


def test_cards_picked_while_the_bots_play_stay_picked() -> None:
    game = polish(["8H 8S 9C", "6D 4C 9S", "8D 3H 2S", "KD 8C 5C JS"], "5D", current=1)
    h = Harness(game)
    h.click(h.card_pos("8H"))
    h.click(h.card_pos("8S"))
    picked = list(h.table.hand.selection)
    assert len(picked) == 2
    for seat, move in ((1, "6D"), (2, "8D"), (3, "8C")):  # the others play meanwhile
        assert h.table.apply(parse_action(move), seat)
        h.tick(2)
    assert game.current == 0 and h.table.hand.selection == picked
    h.key(pygame.K_RETURN)  # your own move clears them
    assert h.table.hand.selection == [] and game.top.code in ("8H", "8S")


def test_a_move_is_saved_again_once_its_log_line_is_written(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.store.saves import load_game

    monkeypatch.setenv("MACAU_HOME", str(tmp_path))
    game = polish(["7H 9C 8H 10D", "2C 4D 9S", "3S 6D 5S", "KD 8D"], "5H", current=1)
    table, screen = _bots_table(game, speed="normal")
    table.bots.clear()  # type: ignore[attr-defined]
    assert table.apply(parse_action("draw"), 1)  # type: ignore[attr-defined]
    saved = load_game().data
    assert saved is not None  # saved at once (a crash now keeps the move) ...
    for _ in range(300):
        screen.frame()  # type: ignore[attr-defined]
        if table.director.idle:  # type: ignore[attr-defined]
            break
    saved = load_game().data
    assert saved is not None and saved["log"][-1] == "Ada drew 1 card"  # ... and its line


# Two decks at eight seats: four stand-in jokers in a 25-card hand can be laid in about nine
# million ways; the table lists the first ``TABLE_LISTING_LIMIT`` and checks the rest when picked.
FOUR_JOKERS = "9C 7S 7C 7D 3H 7C 7H 8H 9D RJ RJ JD 4C QD BJ 6C 8C KD 4H 10D 4D JC BJ 6H 4H"


def four_jokers() -> Game:
    others = ["5S 5H", "5C", "6S", "6D", "8S", "8D", "9S"]
    return hungarian([FOUR_JOKERS, *others], "10C", "2S 2H 2C")


def test_a_play_left_out_of_a_capped_listing_is_still_found_when_picked() -> None:
    from game.ui.moves import Offer, play_options

    game = four_jokers()
    offer = Offer(*game.legal_actions_capped(3, 0))  # singles only: the groups are left out
    assert not offer.complete
    picked = tuple(Card.parse(c) for c in ["4C", "4H", "4D"])
    assert not offer.plays_laying(picked)
    options = play_options(game, 0, picked, offer)
    assert options.legal and all(game.is_legal(p, 0) for p in options.plays)
    assert {p.cards for p in options.plays} == {picked}
    with_joker = play_options(game, 0, tuple(Card.parse(c) for c in ["4C", "RJ"]), offer)
    assert with_joker.legal and all(game.is_legal(p, 0) for p in with_joker.plays)
    assert (None, Card.parse("4H")) in with_joker.declarations()  # every card tried
    refused = play_options(game, 0, (Card.parse("3H"),), offer)
    assert not refused.legal and refused.reason  # the engine's reason, as ever


def test_the_table_lists_a_hand_of_millions_of_plays_only_up_to_its_limit() -> None:
    from game.ui.moves import TABLE_LISTING_LIMIT

    h = Harness(four_jokers())
    h.tick(5)
    offer = h.table.offer()
    assert not offer.complete
    assert sum(isinstance(a, Play) for a in offer.legal) == TABLE_LISTING_LIMIT
    h.drag_to_pile("9C")
    assert h.game.top.code == "9C" and len(h.game.hand(0)) == 24


def test_once_every_person_is_out_the_bots_can_finish_the_round_at_once() -> None:
    hands = ["", "2C 4D 9S 6C 7C", "3S 6D 7D QH", "KD 8D 5S 10S"]
    game = polish(hands, "5D", current=1)
    table, screen = _bots_table(game, speed="normal")
    screen.frame(2)  # type: ignore[attr-defined]
    assert table.hurry_button.visible  # type: ignore[attr-defined]
    screen.key(pygame.K_f)  # type: ignore[attr-defined]
    frames = 0
    while table.hurrying:  # type: ignore[attr-defined]  # however long the bots take
        assert table.animator.speed == "off"  # type: ignore[attr-defined]
        assert frames < 5000, "still hurrying after 5000 frames"
        screen.frame()  # type: ignore[attr-defined]
        frames += 1
    assert game.over  # the hurry lasts to the end of the round, and no longer
    assert table.animator.speed == "normal"  # type: ignore[attr-defined]
    # The same round (same seed, same moves) at the usual pace is still going by then.
    slow = polish(hands, "5D", current=1)
    _table, screen = _bots_table(slow, speed="normal")
    screen.frame(2 + frames)  # type: ignore[attr-defined]
    assert not slow.over


@pytest.mark.parametrize("frame_seconds", [60.0, 0.0])
def test_hurried_bots_go_on_within_a_frame_as_long_as_it_lasts(
    frame_seconds: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Nothing is animated while the bots finish the round, so they go on move after move
    # within a frame (a move took two or three frames: seconds at a crowded table). Given
    # a whole minute a frame, the round ends in the frame F is pressed; given none, it
    # still ends, a move or so a frame.
    from game.ui import table as table_module

    monkeypatch.setattr(table_module, "HURRY_FRAME", frame_seconds)
    hands = ["", "2C 4D 9S 6C 7C", "3S 6D 7D QH", "KD 8D 5S 10S"]
    game = polish(hands, "5D", current=1)
    table, screen = _bots_table(game, speed="normal")
    screen.frame(2)  # type: ignore[attr-defined]
    before = table.version  # type: ignore[attr-defined]
    screen.key(pygame.K_f)  # type: ignore[attr-defined]  # (with a frame of its own)
    frames = 0
    while not game.over:
        assert frames < 5000, "still hurrying after 5000 frames"
        screen.frame()  # type: ignore[attr-defined]
        frames += 1
    assert table.version - before > 3  # type: ignore[attr-defined]  # (several moves)
    if frame_seconds:
        assert frames == 0
    screen.frame(3)  # type: ignore[attr-defined]
    assert not table.hurrying  # type: ignore[attr-defined]


def test_finish_the_round_stays_up_while_the_bots_play_on() -> None:
    game = polish(["7H", "8C 6S 10S 4H", "3D JD 4S 6H", "2D 9H 4D 4C"], "5H", current=0)
    table, screen = _bots_table(game, speed="fast")
    table.apply(Play((Card.parse("7H"),)), 0)  # type: ignore[attr-defined]  # you go out
    shown = []
    screen.frame(draw=False)  # type: ignore[attr-defined]
    while not game.over:  # (then nothing is left to finish)
        shown.append(table.hurry_button.visible)  # type: ignore[attr-defined]
        screen.frame(draw=False)  # type: ignore[attr-defined]
    assert len(game.pile) > 4  # the bots made several moves
    assert shown.index(True) < 60  # up once your card has landed ...
    assert all(shown[shown.index(True) :])  # ... and not one frame away until the end


def test_there_is_nothing_to_hurry_while_a_person_still_plays() -> None:
    game = polish(["7H 9C", "2C 4D 9S 6C", "3S 6D 7D", "KD 8D 5S"], "5D", current=1)
    table, screen = _bots_table(game, speed="normal")
    screen.frame(2)  # type: ignore[attr-defined]
    assert not table.hurry_button.visible  # type: ignore[attr-defined]
    screen.key(pygame.K_f)  # type: ignore[attr-defined]
    assert not table.hurrying  # type: ignore[attr-defined]


def test_an_order_left_out_of_a_capped_listing_is_laid_as_picked_not_reordered() -> None:
    from game.engine import parse_cards
    from game.ui.moves import Offer, play_options

    game = four_jokers()
    picked = tuple(parse_cards("4C 4H 4D"))
    reordered = tuple(parse_cards("4D 4H 4C"))  # legal too, but another card ends on top
    listed = [a for a in game.legal_actions_capped(2_000, 0)[0] if not isinstance(a, Play)]
    listed.insert(0, Play(reordered))
    offer = Offer(listed, complete=False)  # as if only that order had been listed
    options = play_options(game, 0, picked, offer)
    assert options.cards == picked and options.legal


def test_loading_a_save_of_a_hand_of_millions_of_plays_does_not_list_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    saved = four_jokers().to_dict()

    def refuse(self: Game, seat: object = None) -> list[object]:
        raise AssertionError("every play listed")

    monkeypatch.setattr(Game, "legal_actions", refuse)
    loaded = Game.from_dict(saved)
    assert len(loaded.hand(0)) == 25


def test_with_the_log_open_a_long_message_stays_inside_the_table_part() -> None:
    from game.ui.tabledraw import _toast_box

    h = Harness(polish(["7H 8S QC 10D", "2C 4D 9S", "3H 6D", "KD 8D"], "5H"), size=(960, 600))
    h.table.show_log = True
    h.tick(2)
    layout = h.table.layout
    message = "9♥ is no answer to the attack: you owe 5 cards; fight back with a 2 " * 2
    _lines, box = _toast_box(message, layout, layout.log_rect.left)
    assert box.left >= 0 and box.right <= layout.log_rect.left
    assert box.collidelist([a.rect for a in layout.areas]) < 0


@pytest.mark.parametrize("seats", [3, 4, 6, 8, 10])
@pytest.mark.parametrize("size", [(960, 600), (1024, 768), (1280, 800)])
def test_the_suit_in_force_is_shown_clear_of_every_seat(seats: int, size: tuple[int, int]) -> None:
    from game.ui.layout import table_layout
    from game.ui.tabledraw import marker_box

    for log in (False, True):
        layout = table_layout(size, seats, log=log)
        for tagged in (False, True):
            box = marker_box(layout, layout.px(170), tagged)
            assert box.collidelist([a.rect for a in layout.areas]) < 0, (log, tagged)
            assert box.right <= (layout.log_rect.left if log else size[0])
            assert not box.colliderect(layout.pile)


def test_a_group_that_could_only_start_with_the_card_picked_last_is_refused_not_turned() -> None:
    # On 4♣, 2♥ then 4♥ cannot go down in that order; 4♥ 2♥ could, but then the 2 would act
    # (an attack) where the player picked the 4 (a skip) to act.
    h = Harness(hungarian(["2H 4H 9C KD", "2C 4D 9S", "3S 6C 7D", "10D 8D QC"], "4C", "8S 8C"))
    for code in ("2H", "4H"):
        h.click(h.card_pos(code))
    h.key(pygame.K_RETURN)
    h.tick(3)
    assert h.game.top.code == "4C" and h.table.toast is not None
    assert sorted(h.hand_codes()) == sorted(["2H", "4H", "9C", "KD"])


def test_keeping_a_drawn_card_is_told_in_the_right_person() -> None:
    game = polish(["9C 8D", "2C 4D 9S", "3H 6D", "KD 8C"], "5H", stock="7H 2S 3S 4S")
    h = Harness(game)
    h.table.on_draw()
    h.tick(30)
    h.table.on_pass()
    h.tick(10)
    line = next(x for x in reversed(h.table.director.log) if x.startswith("You drew"))
    assert line.endswith("— keep it")


def test_only_one_card_is_picked_at_a_time_where_every_play_is_one_card() -> None:
    game = Game.from_position(
        PRESETS["tel_aviv"], hands=["5H 9H 7C", "2C 4D", "3S 6C"], pile="4H", stock="8S 8C"
    )
    h = Harness(game)
    h.click(h.card_pos("5H"))
    h.tick(1)
    h.click(h.card_pos("9H"))
    h.tick(1)
    assert [hc.card.code for hc in h.table.hand.cards if hc.uid in h.table.hand.selection] == ["9H"]


def test_a_blocked_round_says_so_and_the_turn_line_says_to_pass() -> None:
    from game.store.settings import Settings
    from game.ui.matchtable import MatchTable
    from game.ui.roundend import RoundEndOverlay
    from game.ui.setup import SeatSpec, TableSetup
    from tests.ui.menukit import Screen

    setup = TableSetup(
        "classic", (SeatSpec("Ana"), SeatSpec("Ben", "medium"), SeatSpec("Cy", "easy"))
    )
    game = Game.from_position(
        PRESETS["classic"], hands=["9C KS", "9D 8D", "10C 6C"], pile="5H", stock=""
    )
    off = Settings(animation_speed="off", bot_pace="fast", hand_sort="none")
    table = MatchTable(setup, game, settings=off, seed=1, deal=False)
    screen = Screen(table, (960, 600))
    screen.frame(5)
    assert table.flow.phase_hint() == "Nothing fits and there is nothing to draw: pass"
    screen.key(pygame.K_SPACE)
    for _ in range(400):
        screen.frame()
        if isinstance(screen.top, RoundEndOverlay):
            break
    board = screen.top
    assert isinstance(board, RoundEndOverlay) and game.blocked
    assert board.title() == "Blocked: Ben wins the round"  # fewest points left, not out


def test_a_five_that_plays_again_is_told_in_the_log() -> None:
    game = Game.from_position(
        PRESETS["tel_aviv"], hands=["5H 9H 7C", "2C 4D", "3S 6C"], pile="4H", stock="8S 8C"
    )
    h = Harness(game)
    h.drag_to_pile("5H")
    h.tick(10)
    assert h.table.director.log[-1] == "You laid 5♥ — you go again"


def test_once_the_first_joker_is_named_the_next_is_asked_alone() -> None:
    from game.ui.choosers import CardChooser

    h = Harness(hungarian(["5H RJ BJ 9C KD", "2C 4S 9S 10D", "3D 6D 7D"], "4H", "8D 8S 10H"))
    for code in ("5H", "RJ", "BJ"):
        h.click(h.card_pos(code))
    h.key(pygame.K_RETURN)
    h.tick(3)
    first = h.stack.top
    assert isinstance(first, CardChooser) and first.title == "The first joker stands for…"
    assert first.subtitle == "Only cards that fit here are offered"
    captions = [o.caption for o in first.options]
    assert captions[:3] == ["4♥", "5♥", "6♥"]  # each suit in rank order
    h.click(first.tiles[captions.index("6♥")].center)
    h.tick(3)
    second = h.stack.top
    assert isinstance(second, CardChooser) and second.title == "The next joker stands for…"
    assert second.subtitle.startswith("The first joker stands for 6♥ · ")
    assert [o.caption for o in second.options] == ["7♥", "6♠", "6♦", "6♣"]  # not pairs


@pytest.mark.parametrize("log", [False, True])
def test_a_long_line_under_the_table_stays_in_the_tables_part(log: bool) -> None:
    from game.ui import tabledraw

    g = Game.from_position(
        PRESETS["classic"],
        hands=["8S 9C 4D", "9H 10H", "2H 8D 4S"],
        pile="5H",
        stock="6C 6S 7S 9S 9D 10C",
        current=2,
    )
    g.apply("2H")
    h = Harness(g, (960, 600))
    if log:
        h.key(pygame.K_l, "l")
    placed = tabledraw.status_images(h.table, 960)
    assert placed and "cut it with a 7" in h.table.flow.phase_hint()
    right = h.table.layout.log_rect.left if log else 960
    for _, at in placed:
        assert at.left >= 0 and at.right <= right, (at, right)


@pytest.mark.parametrize("log", [False, True])
@pytest.mark.parametrize("seats", [4, 8, 10])
@pytest.mark.parametrize("size", [(960, 600), (1024, 640)])
def test_a_long_line_under_a_crowded_table_stays_clear_of_the_seats(
    size: tuple[int, int], seats: int, log: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # At ten seats the side columns reach down beside the line above your hand.
    game = Game.new(PRESETS["hungarian"], seats=seats, seed=5)
    h = Harness(game, size)
    if log:
        h.key(pygame.K_l, "l")
    line = (
        "Leaving yourself one card? Press Macau! (M) before you lay, or you may be made to draw 5"
    )
    monkeypatch.setattr(tabledraw, "status_line", lambda _t: line)
    placed = tabledraw.status_images(h.table, size[0])
    assert placed
    seats_at = [a.rect for a in h.table.layout.areas[1:]]
    for _, at in placed:
        assert at.collidelist(seats_at) < 0, at
        assert at.left >= 0 and at.right <= (h.table.layout.log_rect.left if log else size[0])


def test_a_line_that_fits_under_the_side_seats_is_not_wrapped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # 800×600, ten seats: the side boxes end above the line's row, where it fits whole.
    h = Harness(Game.new(PRESETS["hungarian"], seats=10, seed=5), (800, 600))
    line = (
        "Leaving yourself one card? Press Macau! (M) before you lay, or you may be made to draw 5"
    )
    monkeypatch.setattr(tabledraw, "status_line", lambda _t: line)
    [(_, at)] = tabledraw.status_images(h.table, 800)
    assert at.collidelist([a.rect for a in h.table.layout.areas[1:]]) < 0


@pytest.mark.parametrize(("scores", "confetti"), [((400, 0, 480), False), ((10, 300, 480), True)])
def test_the_round_that_ends_a_match_celebrates_the_match_winner(
    scores: tuple[int, int, int], confetti: bool
) -> None:
    # You go out first; the 20 points Ben holds take him to 500 and ends the match. With Ada's lower
    # total the match is hers, and first place in its last round is no win for you.
    game = Game.from_position(
        PRESETS["classic"],
        hands=["9H", "8C 10C", "10S JD"],
        pile="9S",
        stock="10D 4H 5H",
        scores=scores,
    )
    h = Harness(game)
    h.table.animator.speed = "fast"  # (with animation off, no confetti at all)
    sounds: list[str] = []
    h.table.play_sound = sounds.append  # type: ignore[method-assign]
    h.table.apply(parse_action("9H"), seat=0)
    for _ in range(300):
        if h.table.round_result is not None:
            break
        h.tick()
    assert game.match_over and h.table.round_result is not None
    assert (h.table.confetti is not None) is confetti
    assert sounds[-1] == ("win" if confetti else "lose")


def test_a_searching_bot_pauses_as_long_when_it_has_no_choice() -> None:
    # West (hard) holds nothing that fits 5♥ and may only draw. At the fastest pace a bot with
    # a choice thinks for its whole budget: one without must not move sooner, or the pause
    # tells the table that it could not play.
    game = Game.from_position(
        PRESETS["polish"], hands=["9H 4D 3S", "8C 6C", "QD KD"], pile="5H", stock="7S 7C 8S 9S"
    )
    h = Harness(game, levels=("hard", "hard"), bots=True)
    h.table.settings = dataclasses.replace(h.table.settings, bot_pace="fast")
    h.table.bots.pop(2)
    h.table.apply(parse_action("9H"), seat=0)
    assert game.current == 1 and [str(a) for a in game.legal_actions()] == ["draw"]
    frames = h.run_until(lambda: game.current != 1)
    assert frames / 60 >= h.table.bots[1].longest_think == 0.3


def test_the_log_does_not_tell_that_another_seat_kept_a_card_that_fits() -> None:
    # West draws 5♣, which fits 5♥, and keeps it: the others read only that West drew, as
    # when a drawn card cannot be laid. You keeping yours are told so.
    game = Game.from_position(
        PRESETS["polish"], hands=["9C 4D 3S", "8C 6C"], pile="5H", stock="6H 5C 8S 9S 2S"
    )
    h = Harness(game)
    h.table.apply(parse_action("draw"), seat=0)
    h.table.apply(parse_action("pass"), seat=0)  # 6♥ fits and you keep it
    h.tick(30)
    assert h.table.director.log[-1] == "You drew 1 card — keep it"
    h.table.apply(parse_action("draw"), seat=1)
    assert game.phase.value == "drawn"  # 5♣ fits the 5♥: West may lay it
    h.table.apply(parse_action("pass"), seat=1)
    h.tick(30)
    assert h.table.director.log[-1] == f"{h.table.names[1]} drew 1 card"


@pytest.mark.parametrize("names", [["You", "Ben"], ["Anna", "Ben"]])
def test_at_a_shared_screen_no_log_line_tells_that_a_kept_card_fits(names: list[str]) -> None:
    # Two people pass the screen; the first (even one who typed "You" as a name) draws 6♥,
    # which fits the 5♥, and keeps it: the log reads as for a card that does not fit.
    lines = []
    for stock in ("6H 5C 8S 9S 2S", "7C 5C 8S 9S 2S"):  # 6♥ fits, 7♣ does not
        game = Game.from_position(
            PRESETS["polish"], hands=["9C 4D 3S", "8C 6C"], pile="5H", stock=stock
        )
        table = TableScene(game, settings=OFF, names=names, humans=(0, 1), deal=False)
        table.apply(parse_action("draw"), seat=0)
        if game.current == 0:
            table.apply(parse_action("pass"), seat=0)
        lines.append(table.director.log_when_shown()[-1])
    assert lines[0] == lines[1] == f"{names[0]} drew 1 card"


def test_your_card_count_drops_as_the_card_leaves_your_hand() -> None:
    game = Game.from_position(
        PRESETS["polish"], hands=["9H 4D 3S", "8C 6C"], pile="5H", stock="6H 5C 8S 9S 2S"
    )
    h = Harness(game)
    h.table.settings = dataclasses.replace(h.table.settings, animation_speed="normal")
    h.table.animator.speed = "normal"
    h.table.apply(parse_action("9H"), seat=0)
    h.tick(2)
    assert h.table.director.flights  # 9♥ is still on its way to the pile
    assert h.table.director.model.counts[0] == 2


def test_a_bot_looks_at_a_drawn_card_that_cannot_be_laid_as_at_one_that_can() -> None:
    # The bot can lay nothing on 5♥ and draws 8♠, which cannot be laid either: the turn ends
    # at once in the engine, but the table shows the bot thinking for a bot's pause, as it
    # would while it decided on a card that could be laid, before your turn comes.
    game = Game.from_position(
        PRESETS["polish"], hands=["9C 4D 3S", "8C 6C"], pile="5H", stock="7C 8S 9S 2S"
    )
    h = Harness(game, levels=("medium",), bots=True)
    game.apply(parse_action("draw"), 0)  # your 7♣ cannot be laid either: the turn passes
    h.table.director.resync()
    assert game.current == 1
    h.run_until(lambda: game.current != 1)  # West drew and its turn is over in the engine
    west = h.table.names[1]
    pause = h.table._bot_pace(h.table.bots[1])
    thinking = 0
    for _ in range(600):
        if h.table.director.model.current != 1:
            break
        thinking += tabledraw.status_line(h.table) == f"{west} is thinking…"
        h.tick()
    assert h.table.director.model.current == 0
    assert thinking / 60 >= pause - 1 / 60 and pause > 0


def test_a_bot_that_draws_after_its_five_looks_at_the_card_as_long() -> None:
    # Tel-Aviv: West lays 5♥ and must lay again or draw; it holds nothing for 5♥ and draws
    # 8♠, which cannot be laid either. Its turn ends at once in the engine, yet the table
    # holds it thinking for its pause, as after any draw by choice, so the table cannot
    # tell a card that fitted from one that did not.
    game = Game.from_position(
        PRESETS["tel_aviv"], hands=["9D 4C 3S", "5H 9C 10C"], pile="6H", stock="7C 8S 9S 2S"
    )
    h = Harness(game, levels=("medium",), bots=True)
    game.apply(parse_action("draw"), 0)  # your 7♣ cannot be laid: the turn passes
    h.table.director.resync()
    h.run_until(lambda: game.current != 1)  # West laid 5♥, drew 8♠ and its turn is over
    assert game.hands[1][-1] == Card.parse("8S")
    pause = h.table._bot_pace(h.table.bots[1])
    mulls = [e for e in h.table.director.queue if isinstance(e, Mulling)]
    assert [(m.seat, m.seconds) for m in mulls] == [(1, pause)] and pause > 0


def test_a_drawn_card_that_would_leave_one_card_is_told_with_the_call() -> None:
    h = Harness(polish(["9D", "2C 4D 9S", "3H 6D", "KD 8D"], "5H", stock="7H 3C 4S"))
    h.key(pygame.K_d, "d")
    h.tick(2)
    assert h.game.phase == Phase.DRAWN
    assert h.table.flow.phase_hint() == (
        "The card you drew fits: lay it or keep it. Leaving one card? Press Macau! (M) first"
    )
    h.key(pygame.K_m, "m")
    h.tick(2)
    assert h.table.flow.phase_hint() == (
        "The card you drew fits: lay it or keep it. Macau! is called"
    )


@pytest.mark.parametrize(
    ("hand", "laid", "line"),
    [
        ("2S 9C", "2H", "You owe 2: fight back with a 2, 3♥ or K♥, or take them"),
        ("4S 9C", "4H", "A missed turn is coming your way: answer with a four or wait"),
        ("8H 9C", "JH/8", "8s were asked for: lay 8s or a jack, or draw"),
    ],
)
def test_answering_with_the_card_that_leaves_one_is_told_with_the_call(
    hand: str, laid: str, line: str
) -> None:
    # The call goes with the answer to an attack, a missed turn or a request as with any
    # play: the line says so, as on an ordinary turn, and says when it is made.
    game = polish([hand, "5D 8D 7D 8S 9S", "3C JD 5C 6D QH", "2H 4H 6S 6C JH"], "10H", current=3)
    h = Harness(game)
    h.table.apply(parse_action(laid), 3)
    h.tick(30)
    assert game.current == 0
    assert h.table.flow.phase_hint() == f"{line}. Leaving one card? Press Macau! (M) first"
    h.key(pygame.K_m, "m")
    h.tick(2)
    assert h.table.flow.phase_hint() == f"{line}. Macau! is called"


def test_missed_turns_a_stand_in_joker_may_answer_say_so() -> None:
    # Hungarian: a joker laid as a four answers them, the only answer this hand has.
    hands = ["RJ 9C 5D", "5S 8D 7D 8S 9S", "3C JD 5C 6D QH", "2H 4H 6S 6C JH"]
    game = Game.from_position(PRESETS["hungarian"], hands=hands, pile="10H", current=3)
    h = Harness(game)
    h.table.apply(parse_action("4H"), 3)
    h.tick(30)
    assert game.current == 0 and game.phase == Phase.SKIP
    assert h.table.flow.phase_hint() == (
        "A missed turn is coming your way: answer with a four or a joker, or wait"
    )


def test_a_request_a_stand_in_joker_may_answer_says_so() -> None:
    stock = "9H 10H 6S 5C 10S 9D 8C"
    for rules in (PRESETS["hungarian"], PRESETS["polish"].replace(jokers=2, joker_role="any_card")):
        game = Game.from_position(
            rules, hands=["RJ 9C 5D KS", "JH 8D 4S 6C"], pile="5H", stock=stock, current=1
        )
        game.apply(parse_action("JH/8"))
        h = Harness(game)
        assert h.table.flow.phase_hint() == "8s were asked for: lay 8s, a jack or a joker, or draw"
    game = polish(["9C 5D KS", "JH 8D 4S 6C"], "5H", stock=stock, current=1)
    game.apply(parse_action("JH/8"))
    assert Harness(game).table.flow.phase_hint() == "8s were asked for: lay 8s or a jack, or draw"


def test_the_line_names_no_card_every_copy_of_which_lies_in_the_pile() -> None:
    game = polish(["9C 5D KS", "JH 9D 4S 6C"], "8S 8H 8D 8C 5H", stock="2C 3C 6S", current=1)
    game.apply(parse_action("JH/8"))
    assert Harness(game).table.flow.phase_hint() == "8s were asked for: lay a jack, or draw"
    game = polish(["9C 5D KS", "4H 9D 6C"], "4S 4D 4C 9H", stock="2C 3C 6S", current=1)
    game.apply(parse_action("4H"))
    assert Harness(game).table.flow.phase_hint() == (
        "A missed turn is coming your way: nothing can answer, so wait"
    )


def test_a_last_card_barred_heads_up_is_told_under_a_request_and_after_a_five() -> None:
    # RULES §3.9: heads-up, the last card may not be a 2 or a 3 laid alone.
    stock = "9H 10H 6S 5C 10S 9D 8C"
    game = Game.from_position(
        PRESETS["hungarian"], hands=["2D", "AC 5D 9S"], pile="7C", stock=stock, current=1
    )
    game.apply(parse_action("AC/D"))
    assert Harness(game).table.flow.phase_hint() == (
        "Diamonds named: heads-up, your last card cannot be a 2 or a 3 laid alone, so draw a card"
    )
    rules = PRESETS["tel_aviv"].replace(no_attack_finish_heads_up=True)
    game = Game.from_position(rules, hands=["5D 2D", "8D 4S 7C"], pile="5S", stock=stock)
    game.apply(parse_action("5D"))
    assert Harness(game).table.flow.phase_hint() == (
        "After a 5 your turn goes on, but heads-up, your last card cannot be a 2 or a 3 laid "
        "alone: draw a card"
    )


def test_the_hint_for_a_pick_says_card_or_group_and_when_it_cannot_be_laid_yet() -> None:
    h = Harness(polish(["7S 9C 7H 10D", "2C 4D 9S", "3H 6D", "KD 8D"], "5H"))
    h.pick_with_keys("7H")
    h.tick(2)
    assert h.table.flow.phase_hint() == "Enter lays the card, ↓ on a card puts it back"
    h.table.flow.by_keys = False  # with the mouse: its words
    assert h.table.flow.phase_hint() == "Drop the card on the pile or press Play (Enter)"
    h.key(pygame.K_UP)  # put back
    h.pick_with_keys("7S")  # cannot start on 5♥: a group begun
    h.tick(2)
    assert h.table.flow.phase_hint() == (
        "Pick the cards to lay with it (↑), or ↓ on a card puts it back"
    )
    h.table.flow.by_keys = False  # with the mouse: its words
    assert h.table.flow.phase_hint() == (
        "Pick the cards to lay with it, or right-click to put them back"
    )
    h.table.flow.by_keys = True
    h.pick_with_keys("7H")  # 7♥ 7♠ is laid so
    h.tick(2)
    assert h.table.flow.phase_hint() == "Enter lays the group, ↓ on a card puts it back"
    h.send(pygame.MOUSEBUTTONUP, pos=(5, 5), button=3)  # a right click puts them back
    h.pick_with_keys("9C")  # nothing lays it on 5♥, alone or with others
    h.tick(2)
    assert h.table.flow.phase_hint() == (
        "That cannot be laid now: Enter says why, ↓ on it puts it back"
    )
    h.key(pygame.K_DOWN)
    assert not h.table.hand.selection  # as it says
    h.pick_with_keys("9C")
    h.table.flow.by_keys = False
    assert h.table.flow.phase_hint() == (
        "That cannot be laid now: Play (Enter) says why, a right-click puts it back"
    )
    h.key(pygame.K_RETURN)
    h.tick(2)
    assert h.game.top.code == "5H" and h.table.toast is not None


def test_after_a_card_that_cannot_start_the_cards_that_finish_a_play_with_it_stay_bright() -> None:
    h = Harness(polish(["7S 9C 7H 10D", "2C 4D 9S", "3H 6D", "KD 8D"], "5H"))
    bright = lambda: sorted(hc.card.code for hc in h.table.hand.cards if hc.uid in h.table.bright)  # noqa: E731
    h.tick(2)
    assert bright() == ["7H", "7S"]  # 7♠ picked first is laid after 7♥
    h.pick_with_keys("7S")
    h.tick(2)
    assert bright() == ["7H", "7S"]  # 7♥ 7♠ is a play: 7♥ may follow


def test_a_card_whose_play_would_end_on_a_card_that_acts_otherwise_stays_dim() -> None:
    # K♠ then K♥ on 7♥ cannot be laid as K♥ K♠: that king attacks the seat before, not after.
    h = Harness(polish(["KS KH 9C 10D", "2C 4D 9S", "3H 6D", "KD 8D"], "7H"))
    bright = lambda: sorted(hc.card.code for hc in h.table.hand.cards if hc.uid in h.table.bright)  # noqa: E731
    h.pick_with_keys("KS")
    h.tick(2)
    assert bright() == ["KS"]


def test_a_penalty_beyond_the_pack_says_what_taking_it_draws(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # 2♥ then K♥: you owe 7, but the stock is spent and the pile holds 4 under its top.
    game = Game.from_position(
        PRESETS["polish"],
        hands=["9D 10D 5S", "2H 6C", "KH 8C"],
        pile="5D 6D 7H",
        stock="",
        current=1,
    )
    h = Harness(game)
    h.table.apply(parse_action("2H"), 1)
    h.table.apply(parse_action("KH"), 2)
    h.tick(5)
    assert game.current == 0 and game.penalty == 7 and game.drawable() == 4
    assert h.table.draw_button.label == "Take 4"
    assert h.table.flow.phase_hint().startswith(
        "You owe 7, but only 4 can be drawn (the rest is forgiven): "
    )
    words = [w for w, _ in drawn_texts(monkeypatch, h.stack, h.screen.get_size())]
    assert "To draw: 4" in words and "To draw: 7" not in words  # the stack's pill agrees
    h.key(pygame.K_d, "d")
    h.tick(5)
    assert len(game.hand(0)) == 7 and game.penalty == 0


class _Ears:
    """A sound device that writes down what it is asked to play."""

    def __init__(self) -> None:
        self.heard: list[str] = []

    def play(self, name: str) -> None:
        self.heard.append(name)


def _out_first() -> tuple[Harness, _Ears]:
    """Four seats of polish with bots; you go out first on 9♦ and the others play on."""
    game = Game.from_position(
        PRESETS["polish"],
        hands=["9D", "3C QC 5D 7S 8H KH", "3S 4C JC AS 10D 6H", "4H 8C AC 6C 5S 7D"],
        pile="5H 9H JH 10H 9S 6S 9C",
        stock="KS QS JS 10S 2H 3H 4S 2D 3D 4D 6D 8D QD KD AD 7C 10C KC 2S 8S QH AH",
    )
    h = Harness(game, bots=True, levels=("random",))
    ears = _Ears()
    h.table._sound = ears  # type: ignore[assignment]
    assert h.table.apply(parse_action("9D"), seat=0)
    h.tick(3)
    return h, ears


def test_going_out_first_cheers_as_the_card_lands_and_once() -> None:
    # The win is heard when you go out, not when the last two have finished, nor twice.
    h, ears = _out_first()
    assert not h.game.over and ears.heard.count("win") == 1
    # (the bots at their own pace: a minute or two of table time, drawn now and then)
    h.run_until(lambda: h.table.round_result is not None, limit=60 * 600, draw_every=120)
    h.tick(5)
    assert ears.heard.count("win") == 1 and "lose" not in ears.heard


def test_bots_hurried_through_the_round_make_no_sound() -> None:
    h, ears = _out_first()
    ears.heard.clear()
    h.table.on_hurry()
    assert h.table.hurrying
    h.run_until(lambda: h.table.round_result is not None)
    h.tick(5)
    assert ears.heard == []  # (and no second cheer at the end)


def test_finish_pressed_before_your_last_card_lands_still_cheers_once() -> None:
    # Hurrying mutes the bots' moves, not the cheer for you going out.
    game = Game.from_position(
        PRESETS["polish"],
        hands=["9D", "3C QC 5D 7S 8H KH", "3S 4C JC AS 10D 6H"],
        pile="5H 9H JH 10H 9S 6S 9C",
        stock="KS QS JS 10S 2H 3H 4S 2D 3D 4D 6D 8D QD KD AD 7C 10C KC 2S 8S QH AH",
    )
    ears = _Ears()
    table = table_for(game, ("random",), settings=Settings(animation_speed="normal"))
    table._sound = ears  # type: ignore[assignment]
    stack = SceneStack(None, (1280, 800))
    stack.push(table)
    assert table.apply(parse_action("9D"), seat=0)
    assert table.can_hurry
    table.on_hurry()  # (F, before the card has landed)
    for _ in range(60 * 120):
        if table.round_result is not None:
            break
        wait_for_bots(stack.scenes)
        stack.update(1 / 60)
    stack.update(1 / 60)
    assert table.round_result is not None and ears.heard.count("win") == 1, ears.heard
    assert "lose" not in ears.heard


def test_a_round_continued_from_a_save_after_your_win_does_not_cheer_again() -> None:
    game = Game.from_position(
        PRESETS["polish"],
        hands=["", "2C 4D 9S 6C 7C", "3S 6D 7D QH", "KD 8D 5S 10S"],
        pile="5D",
        stock="9H KC 4S 6H 10D 9C 3C 4H 8H JC QS 5C",
        current=1,
    )
    h = Harness(game, bots=True, levels=("random",))
    ears = _Ears()
    h.table._sound = ears  # type: ignore[assignment]
    h.table.on_hurry()
    h.run_until(lambda: h.table.round_result is not None, limit=60 * 600, draw_every=120)
    h.tick(3)
    assert ears.heard == []  # (you heard it as you went out, before the save)


def test_pass_and_play_judges_the_round_for_the_people_not_the_hand_shown_last() -> None:
    # Ben goes out first (cheered); Anna plays on with the bot, her hand shown last: the round
    # is still a win for the people at the table, heard once, never a "lose".
    from game.ui import handoff
    from game.ui.handoff import HandoffScreen
    from game.ui.matchtable import MatchTable
    from game.ui.setup import SeatSpec, TableSetup
    from tests.ui.menukit import Screen

    game = Game.from_position(
        PRESETS["polish"],
        hands=["3C QC 5D 7S", "9D", "4H 8C AC 6C"],
        pile="5H 9H JH 10H 9S 6S 9C",
        stock="KS QS JS 10S 2H 3H 4S 2D 3D 4D 6D 8D QD KD AD 7C 10C KC 2S 8S QH AH",
        current=1,
    )
    setup = TableSetup("polish", (SeatSpec("Anna"), SeatSpec("Ben"), SeatSpec("Cy", "random")))
    settings = Settings(animation_speed="off", bot_pace="fast", hand_sort="none")
    table = MatchTable(setup, game, settings=settings, seed=5, deal=False)
    ears = _Ears()
    table._sound = ears  # type: ignore[assignment]
    screen = Screen(table)
    ready, handoff.READY_DELAY = handoff.READY_DELAY, 0.0
    try:
        for frame in range(20000):
            if table.round_result is not None:
                break
            if isinstance(screen.top, HandoffScreen):
                screen.key(pygame.K_RETURN)
                continue
            if table.my_turn and table.director.idle and not table.flow.busy:
                legal = table.game.legal_actions()
                if table.game.current == 1:
                    assert table.apply(parse_action("9D"))
                else:
                    table.apply(next((a for a in legal if isinstance(a, Play)), legal[0]))
            screen.frame(draw=frame % 30 == 0)
    finally:
        handoff.READY_DELAY = ready
    screen.frame(3)
    assert table.round_result is not None and table.round_result.places[1] == 1
    assert [x for x in ears.heard if x in ("win", "lose")] == ["win"], ears.heard


@pytest.mark.parametrize(
    ("first", "then"), [((2560, 1440), (960, 600)), ((960, 600), (2560, 1440))]
)
def test_a_card_dragged_while_the_window_changes_size_stays_under_the_pointer(
    first: tuple[int, int], then: tuple[int, int]
) -> None:
    h = Harness(polish(["7H 8S QC 10D", "2C 4D 9S", "3H 6D", "KD 8D"], "5H"), size=first)
    h.tick(60)
    start = h.card_pos("7H")
    s = (round(start[0]), round(start[1]))
    h.send(pygame.MOUSEMOTION, pos=s, rel=(0, 0), buttons=(0, 0, 0))
    h.send(pygame.MOUSEBUTTONDOWN, pos=s, button=1)
    h.send(pygame.MOUSEMOTION, pos=(s[0] + 40, s[1] - 80), rel=(0, 0), buttons=(1, 0, 0))
    drag = h.table.flow.drag
    assert drag is not None and drag.moving
    held_at = (drag.grab[0] / h.table.layout.card[0], drag.grab[1] / h.table.layout.card[1])
    h.screen = pygame.display.set_mode(then)
    h.stack.resize(then)
    pointer = h.table.layout.pile.center
    h.send(pygame.MOUSEMOTION, pos=pointer, rel=(0, 0), buttons=(1, 0, 0))
    drag = h.table.flow.drag
    assert drag is not None
    (w, hh) = h.table.layout.card
    # The pointer holds the card at the same place on it, at the new card size.
    assert drag.grab[0] / w == pytest.approx(held_at[0], abs=0.02)
    assert drag.grab[1] / hh == pytest.approx(held_at[1], abs=0.02)
    assert abs(drag.grab[0]) <= w / 2 and abs(drag.grab[1]) <= hh / 2


def test_confetti_fills_a_window_grown_while_it_falls() -> None:
    from game.ui.overlays import Confetti

    confetti = Confetti((960, 600), 0.0)
    big = pygame.Surface((2560, 1440), pygame.SRCALPHA)
    lowest = 0
    for t in (0.5, 1.0, 1.5, 2.0, 3.0):
        big.fill((0, 0, 0, 0))  # (the bounding rect is of what is not see-through)
        confetti.draw(big, t)
        drawn = big.get_bounding_rect()
        if t == 1.0:
            assert drawn.right > 2000  # across the whole width, not the first 960 pixels
        lowest = max(lowest, drawn.bottom)
    assert lowest > 1200  # and down to the bottom, not stopping at 600


def test_an_ace_left_a_free_suit_says_what_the_hand_lacks_and_going_out_says_nothing() -> None:
    """Hungarian aces must name another suit than the one in force and one held: holding
    only spades on 9♠, A♠ gives a free suit for that reason, not for naming "only its own
    suit" (a 7's or a queen's house rule). Going out on it, nothing is held: no word."""
    g = Game.from_position(
        "hungarian", ["AS 5S 6S", "6H 8H 9C", "5D 8C 9D"], "9S", "6C 8D 10S 10D KD QD"
    )
    h = Harness(g)
    h.drag_to_pile("AS")
    assert h.table.toast is not None
    assert h.table.toast[0] == "A♠ names a free suit: you hold no suit but ♠ to name"
    for hand, pile in (("AS", "9H"), ("JS", "9S")):
        g = Game.from_position(
            "hungarian", [hand, "6H 8H 9C", "5D 8C 9D"], pile, "6C 8D 10S 10D KD QD"
        )
        h = Harness(g)
        h.drag_to_pile(hand)
        h.tick(30)
        assert g.placings == [0]
        assert h.table.toast is None, h.table.toast


def _run_with_a_joker() -> tuple[Harness, CardChooser]:
    """Hungarian: 5♥ 6♥ and the red joker picked on 8♥ and laid with Enter, the joker's
    chooser open."""
    g = Game.from_position(
        "hungarian", ["5H 6H RJ 9C 4S", "3D 5S 7D", "2S JD QD"], "8H", "AH AC AD QS 8S 7S"
    )
    h = Harness(g)
    for card in ("5H", "6H", "RJ"):
        h.click(h.card_pos(card))
    h.key(pygame.K_RETURN)
    chooser = h.stack.top
    assert isinstance(chooser, CardChooser)
    return h, chooser


def test_a_joker_chooser_starts_on_the_card_that_makes_the_run() -> None:
    """5♥ 6♥ and a joker on 8♥: the chooser's focus starts on 7♥, which makes the run, not
    on its first tile (2♥, which Enter laid, making the next seat draw); a joker alone
    starts on a card without a power."""
    h, chooser = _run_with_a_joker()
    assert chooser.options[chooser.focus].caption == "7♥"
    assert chooser.options[0].caption != "7♥"  # (not merely the first tile)
    h.key(pygame.K_ESCAPE)
    h.key(pygame.K_ESCAPE)
    h.tick(5)
    g = Game.from_position("hungarian", ["RJ 9C 4S", "3D 5S 7D", "2S JD QD"], "8H", "AH AC AD")
    h = Harness(g)
    h.drag_to_pile("RJ")
    chooser = h.stack.top
    assert isinstance(chooser, CardChooser)
    power = compile_rules(g.rules).power
    focused = Card.parse(chooser.faces[chooser.focus] or "")
    assert focused not in power


def test_a_right_click_on_a_chooser_puts_every_picked_card_back() -> None:
    """As the README says and the table does: a right-click unpicks every card, closing a
    chooser on the way (it closed the chooser and left the cards picked). Its foot says
    Esc puts the cards back, several being held."""
    h, chooser = _run_with_a_joker()
    assert chooser.help_line == "Click or press Enter · Esc puts the cards back"
    h.send(pygame.MOUSEBUTTONUP, pos=(5, 5), button=3)
    h.tick(5)
    assert h.stack.top is h.table
    assert not h.table.hand.selection


@pytest.mark.parametrize(
    ("hands", "pile", "clicked", "offered"),
    [
        # K♥ Q♥ joker goes down as Q♥ K♥ joker: the joker an A♥, or K♠ turning the run's suit.
        (
            ["RJ BJ KH QH AH 2C 3C 5C 6C 8C 9C JC", "9D 6D 5S 2D", "10D 4D 5D 3S"],
            "9S",
            "KH QH RJ",
            {"A♥", "K♠", "2♥"},
        ),
        # joker Q♠ J♦ goes down as Q♠ joker J♦, the joker a J♠ or a Q♦.
        (
            ["RJ BJ 2H 3H 5H 6H 8H 9H JH QS JD AC", "9D 6C 5S 2C", "10D 6D 5C 3S"],
            "4H",
            "RJ QS JD",
            {"J♠", "Q♦"},
        ),
    ],
)
def test_cards_picked_out_of_order_from_a_hand_too_wide_to_list_offer_every_way(
    hands: list[str], pile: str, clicked: str, offered: set[str]
) -> None:
    """Where the table lists only the first of a wide hand's plays, cards picked in an order
    that cannot start still go down in one that can, with every card the engine lets the
    joker stand for there, as from a small hand: the listing may hold that order only in
    part, or not at all."""
    g = Game.from_position(PRESETS["hungarian"], hands, pile, "8D 7S 10S 4S")
    h = Harness(g)
    assert not h.table.offer().complete
    for code in clicked.split():
        h.click(h.card_pos(code))
    h.key(pygame.K_RETURN)
    h.tick(3)
    chooser = h.stack.top
    assert isinstance(chooser, CardChooser), h.table.toast
    assert offered <= {o.caption for o in chooser.options}


def _seven_dropped_after(picks: str, dropped: str = "7H") -> tuple[Game, Harness]:
    """A hungarian table where ``picks`` are clicked and then 7♥ (or ``dropped``) is
    dragged to the pile."""
    hand = f"{picks} {dropped} 9C 4S"
    g = Game.from_position("hungarian", [hand, "3D 5S 7D", "2S JD QD"], "8H", "AH AC AD QS 8S 7S")
    h = Harness(g)
    for code in picks.split():
        h.click(h.card_pos(code))
    h.drag_to_pile(dropped)
    return g, h


def test_a_joker_dropped_to_join_the_picks_is_named_with_its_article() -> None:
    _g, h = _seven_dropped_after("5H 6H", "RJ")
    assert h.table.toast is not None and h.table.toast[0].startswith(
        "The red joker is picked after 5♥, 6♥: click the pile"
    )


def test_the_words_about_a_card_dropped_to_join_the_picks_go_once_a_chooser_opens() -> None:
    _g, h = _seven_dropped_after("5H RJ")
    assert h.table.toast is not None and h.table.toast[0].startswith(
        "7♥ is picked after 5♥, the red joker: click the pile"
    )
    h.key(pygame.K_RETURN)  # as the words say: the joker's chooser opens
    h.tick(3)
    assert isinstance(h.stack.top, CardChooser)
    assert h.table.toast is None


def test_a_card_not_picked_dropped_on_the_pile_joins_the_picks_and_lays_nothing() -> None:
    """5♥ 6♥ picked, 7♥ dragged to the pile: it was laid alone, the picks left behind and the
    turn over. It joins them as the last card, and the run is laid when asked for."""
    g, h = _seven_dropped_after("5H 6H")
    assert len(g.hand(0)) == 5 and g.current == 0  # nothing laid yet
    picked = [hc.card.code for u in h.table.hand.selection if (hc := h.table.hand.by_uid(u))]
    assert picked == ["5H", "6H", "7H"]
    assert h.table.toast is not None and h.table.toast[0].startswith(
        "7♥ is picked after 5♥, 6♥: click the pile or press Play (Enter)"
    )
    h.key(pygame.K_RETURN)
    h.tick(30)
    assert sorted(c.code for c in g.hand(0)) == ["4S", "9C"]


def test_a_card_dropped_that_cannot_go_with_the_picks_is_laid_alone_as_before() -> None:
    """One card a turn (Tel-Aviv): 9♣ picked, 8♥ dragged onto 7♥ is laid, as it always
    was; joining the picks would leave a play that can never be laid."""
    g = Game.from_position(
        "tel_aviv", ["8H 9H 4S 9C", "3D 5S 7D 6C", "2S JD QD 10C"], "7H", "AH AC AD QS 8S 7S"
    )
    h = Harness(g)
    h.click(h.card_pos("9C"))
    h.drag_to_pile("8H")
    h.tick(30)
    assert g.top.code == "8H" and len(g.hand(0)) == 3


def test_picked_cards_show_the_order_they_go_down_in(monkeypatch) -> None:
    """Several cards picked show 1, 2, 3 in the order clicked, on the cards themselves (the
    first picked must fit and the last picked acts, and the hand's own order may differ);
    one card picked shows no number."""
    g = Game.from_position(
        "hungarian", ["7H 5H 6H 9C 4S", "3D 5S 7D", "2S JD QD"], "8H", "AH AC AD QS 8S 7S"
    )
    h = Harness(g)
    h.click(h.card_pos("5H"))

    def numbers() -> dict[str, pygame.Rect]:
        drawn = drawn_texts(monkeypatch, h.stack, (1280, 800))
        hand_top = h.table.layout.buttons_y  # (the seats' card counts are numbers too)
        return {w: r for w, r in drawn if w in ("1", "2", "3") and r.y > hand_top}

    assert numbers() == {}
    h.click(h.card_pos("6H"))
    h.click(h.card_pos("7H"))
    shown = numbers()
    assert set(shown) == {"1", "2", "3"}
    for number, card in (("1", "5H"), ("2", "6H"), ("3", "7H")):
        nearest = min(("5H", "6H", "7H"), key=lambda c: abs(h.card_pos(c)[0] - shown[number].x))
        assert nearest == card, (number, card, shown[number])


def test_pick_numbers_in_a_long_hand_stay_whole_and_apart(monkeypatch) -> None:
    """Thirty-six cards at 960×600, fourteen picked: each number is drawn whole, in view
    and apart from the others (from about 27 cards they were cut off under the next card)."""
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    pack = [r + s for s in "HCSD" for r in ranks]
    hand, rest = pack[1:37], pack[37:]
    g = Game.from_position(
        "hungarian", [" ".join(hand), " ".join(rest[:5])], "2H", " ".join(rest[5:12])
    )
    h = Harness(g, size=(960, 600))
    for hc in list(h.table.hand.cards)[:14]:
        h.table.hand.toggle(hc.uid)
    h.tick(5)
    drawn = drawn_texts(monkeypatch, h.stack, (960, 600))
    hand_top = h.table.layout.buttons_y
    numbers = [(w, r) for w, r in drawn if w.isdigit() and r.y > hand_top]
    assert sorted(int(w) for w, _r in numbers) == list(range(1, 15))
    assert not overlaps(numbers), overlaps(numbers)
    assert not outside(numbers, (960, 600))
    # Drawn after every card of the hand: the next card never covers a number.
    order: list[str] = []
    monkeypatch.setattr(h.table.images, "blit_card", lambda *a, **k: order.append("card"))
    monkeypatch.setattr(tabledraw, "_draw_pick_number", lambda *a, **k: order.append("number"))
    tabledraw._draw_hand(h.table, h.screen)
    assert order.index("number") > len(order) - 1 - order[::-1].index("card")

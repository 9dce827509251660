"""What the bots read from the table: who cannot hold what, and the chance of an answer."""

from __future__ import annotations

from game.bots.sampling import infer_weights
from game.engine import PRESETS, Game, parse_action
from game.engine.cards import Card


def test_a_seat_that_drew_against_a_rank_request_is_read_as_holding_no_jack_either() -> None:
    # RULES: a jack answers a jack's request (jack_request); a seat that drew instead of
    # answering 6s holds neither a 6 nor a jack, so both are likewise unlikely in its hand.
    rules = PRESETS["polish"].replace(groups="none")
    g = Game.from_position(rules, ["JH 6C 9C", "8D 9D KS"], "9H", "7C 7D 8S 10S 2H 5H")
    g.apply(parse_action("JH/6"))
    g.apply(parse_action("draw"))
    w = infer_weights(g.view(0))[1]
    six, jack, plain = (w.get(Card.parse(x), 1.0) for x in ("6D", "JS", "10D"))
    assert six < 1.0 and jack == six and plain == 1.0


def test_medium_counts_unseen_stand_in_jokers_as_answers_to_its_counter() -> None:
    # docs/bots.md: under attack medium "counts the unseen cards that could answer its
    # counter"; a stand-in joker answers any attack (reading.answers_attack). Hungarian
    # heads-up, 3H laid on medium's 2D (its only defence) with both jokers unseen: it takes
    # the three cards rather than spend the 2 (read without the jokers, it laid 2D).
    import random

    from game.bots.medium import MediumBot
    from game.engine.cards import make_pack

    hands = ["9D 10H 2S 7H 4C 6H 3H", "6C 10C 2D JD 5H"]
    pile = "5S QH 10D AD KS 4S JS JH 4H KH 3D 8D 8S 3S 3C 2C 5C KC AC 6D 7D 4D 5D AS 9H"
    rules = PRESETS["hungarian"]
    used = " ".join([*hands, pile]).split()
    stock = " ".join(str(x) for x in make_pack(1, 2) if str(x) not in used)
    g = Game.from_position(rules, hands, pile, stock, current=0)
    g.apply(parse_action("3H"))
    assert g.current == 1 and g.view(1).penalty == 3
    moves = {
        str(MediumBot().choose(g.view(1), g.legal_actions(), random.Random(s))) for s in range(8)
    }
    assert moves == {"draw"}


def test_chance_holds_is_the_exact_chance_of_drawing_an_answer_without_replacement() -> None:
    # reading.chance_holds: "Chance that a hand of holder_count random unseen cards holds one
    # of answers" (the medium bot's p_back / p_answered, the skip-back chance).
    from math import comb

    from game.bots.reading import chance_holds

    for holder, unseen, answers in [(1, 10, 3), (2, 4, 1), (3, 20, 5), (5, 12, 2), (6, 6, 1)]:
        exact = 1 - comb(unseen - answers, holder) / comb(unseen, holder)
        assert abs(chance_holds(holder, unseen, answers) - exact) < 1e-12
    assert chance_holds(0, 10, 3) == chance_holds(4, 10, 0) == 0.0

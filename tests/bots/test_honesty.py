"""Bots decide from their view only: the hidden cards can be shuffled without changing a choice,
and nothing a bot is handed leads back to the live game."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.bots import BOT_LEVELS, make_bot
from game.bots import tournament as tournament_module
from game.engine import PRESETS, Action, Game, Rules, View
from game.engine._native import engine_is_compiled
from game.engine.cards import make_pack

from .conftest import bot_for_tests


def _position(rules: Rules, seats: int, seed: int) -> tuple[list[str], str, str]:
    """A random position: hands, pile and stock (top first) in notation."""
    rng = random.Random(seed)
    pack = make_pack(rules.decks_for(seats), rules.jokers)
    rng.shuffle(pack)
    size = rng.randint(1, 7)
    hands = [" ".join(pack.pop().code for _ in range(size)) for _ in range(seats)]
    top = next(c for c in pack if not c.is_joker)
    pack.remove(top)
    stock = " ".join(c.code for c in pack[: rng.randint(5, len(pack))])
    return hands, top.code, stock


def _shuffle_hidden(hands: list[str], stock: str, me: int, seed: int) -> tuple[list[str], str]:
    """The same counts, with the other hands' cards and the stock dealt anew."""
    rng = random.Random(seed)
    hidden = [t for s, h in enumerate(hands) if s != me for t in h.split()] + stock.split()
    rng.shuffle(hidden)
    new_hands = []
    for s, h in enumerate(hands):
        if s == me:
            new_hands.append(h)
        else:
            k = len(h.split())
            new_hands.append(" ".join(hidden[:k]))
            hidden = hidden[k:]
    return new_hands, " ".join(hidden)


@pytest.mark.parametrize("level", BOT_LEVELS)
@pytest.mark.parametrize("preset", ["polish", "classic", "hungarian", "tel_aviv"])
def test_choice_is_unchanged_when_hidden_cards_are_permuted(level: str, preset: str) -> None:
    rules = PRESETS[preset]
    compared = 0
    for seed in range(12):
        seats = 2 + seed % 3
        hands, pile, stock = _position(rules, seats, seed)
        other_hands, other_stock = _shuffle_hidden(hands, stock, 0, seed + 100)
        a = Game.from_position(rules, hands, pile, stock, current=0)
        b = Game.from_position(rules, other_hands, pile, other_stock, current=0)
        assert a.view(0).hand == b.view(0).hand
        assert a.legal_actions() == b.legal_actions()
        first = bot_for_tests(level).choose(a.view(0), a.legal_actions(), random.Random(seed))
        second = bot_for_tests(level).choose(b.view(0), b.legal_actions(), random.Random(seed))
        assert first == second, (hands, other_hands, pile)
        compared += 1
    assert compared == 12


def _reaches_game(value: object, depth: int = 0) -> bool:
    if isinstance(value, Game):
        return True
    if depth > 3:
        return False
    if isinstance(value, dict):
        return any(_reaches_game(v, depth + 1) for v in value.values())
    if isinstance(value, list | tuple | set | frozenset):
        return any(_reaches_game(v, depth + 1) for v in value)
    return False


def test_no_part_of_a_view_is_a_game() -> None:
    g = Game.new(PRESETS["hungarian"], seats=3, seed=4)
    for _ in range(30):
        g.apply(g.legal_actions()[0])
    view = g.view(1)
    for f in dataclasses.fields(view):
        assert not _reaches_game(getattr(view, f.name)), f.name


def test_the_harness_hands_bots_a_view_and_legal_actions_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[tuple[type, type]] = []

    class Spy:
        level = "spy"

        def __init__(self, inner: object) -> None:
            self.inner = inner

        def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
            seen.append((type(view), type(legal)))
            assert type(view) is View
            return self.inner.choose(view, legal, rng)  # type: ignore[attr-defined,no-any-return]

    real = make_bot
    monkeypatch.setattr(tournament_module, "make_bot", lambda level, **kw: Spy(real(level, **kw)))
    tournament_module.play_game(PRESETS["polish"], ["medium", "easy", "hard"], 3, 3, iterations=5)
    assert seen and all(v is View and lst is list for v, lst in seen)


def test_bot_modules_do_not_import_the_game_class() -> None:
    import game.bots.medium as medium
    import game.bots.simple as simple

    for module in (simple, medium):
        assert not hasattr(module, "Game"), module.__name__


def _card_sets(roots: list[object]) -> set[frozenset[object]]:
    """Every set of two or more cards held together in anything reachable from ``roots``."""
    from game.engine import Card, Play

    seen: set[int] = set()
    found: set[frozenset[object]] = set()
    stack = list(roots)
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, (str, int, float, bool, type(None), Card)):
            continue
        seen.add(id(obj))
        if isinstance(obj, (tuple, list, set, frozenset)):
            cards = [x for x in obj if isinstance(x, Card)]
            if len(cards) >= 2:
                found.add(frozenset(cards))
            stack.extend(obj)
        elif isinstance(obj, dict):
            stack.extend(obj.keys())
            stack.extend(obj.values())
        elif isinstance(obj, Play):
            stack.append(obj.cards)
        elif type(obj).__module__.startswith("game.") and not callable(obj):
            for name in dir(obj):  # the engine's own objects (compiled classes have no __dict__)
                if not name.startswith("__"):
                    try:
                        value = getattr(obj, name)
                    except Exception:  # a property that does not apply to this object
                        continue
                    if not callable(value):
                        stack.append(value)
    return found


@pytest.mark.parametrize(
    ("preset", "hidden"),
    [
        ("hungarian", "9H 9C 7H KH 3C"),  # the general generator: listings cached by hand
        ("polish", "9H 7S 7C 9C 9D KD"),  # the simple one: groups cached by their cards
    ],
)
def test_nothing_shared_by_the_engine_keeps_another_seats_cards(preset: str, hidden: str) -> None:
    # What a bot can reach without the game (the rule tables its view's rules compile to, the
    # engine's module state) must not fill up with a hand when that hand's plays are listed.
    import game.engine.actions as actions_module
    import game.engine.compiled as compiled_module
    import game.engine.legal as legal_module
    import game.engine.listing as listing_module
    import game.engine.state as state_module
    from game.engine.compiled import compile_rules

    rules = PRESETS[preset]
    g = Game.from_position(
        rules, hands=["5C 10C 6D", hidden], pile="8H", stock="10S 10D 4H 5S", current=1
    )
    theirs = set(g.hand(1))
    engine = (actions_module, compiled_module, legal_module, listing_module, state_module)
    modules = [vars(m) for m in engine]
    roots: list[object] = [compile_rules(rules), *modules]
    before = _card_sets(roots)
    assert len(g.legal_actions()) > 3
    g.apply("9H")
    g.legal_actions()
    after = _card_sets([*roots, compile_rules(g.view(0).rules)])
    leaked = [s for s in after - before if s <= theirs]
    assert not leaked, sorted(" ".join(sorted(str(c) for c in s)) for s in leaked)[:5]


def test_a_seat_keeping_the_card_it_drew_is_not_in_the_public_record() -> None:
    # Only a drawn card that fits may be kept; a card that does not fit ends the turn by
    # itself. So "kept" would tell the others the card fits: two games alike in all that
    # seat 0 sees, East drawing a card that fits (kept) or one that does not, read the same.
    records = []
    for drawn in ("QH", "2D"):  # on 7♥: a queen fits anything, a 2♦ does not
        g = Game.from_position(
            "polish", hands=["9H 5C 6C", "8S 8D"], pile="7H", stock=f"{drawn} 10S", current=1
        )
        g.apply("draw")
        if g.current == 1:
            g.apply("pass")  # keeps it
        assert g.current == 0 and len(g.hand(1)) == 3
        view = g.view(0)
        records.append(
            (view.history, _links(view._log), g.events(), Game.from_dict(g.to_dict()).events())
        )
    assert records[0] == records[1]  # the record's links too: the keep is not a link apart
    # A save made while the record still told it reads back without it.
    data = g.to_dict()
    data["log"].insert(1, ["Passed", 1, False])
    assert Game.from_dict(data).events() == g.events()


def _links(log: object) -> list[tuple[object, ...]]:
    """The links of a view's record as they are chained (newest first), each one's events."""
    links = []
    while isinstance(log, tuple):
        links.append(log[1:])
        log = log[0]
    return links


def test_a_listed_play_cannot_be_rewritten_into_an_illegal_one() -> None:
    # The engine hands out its own play objects (and checks them by identity), so a bot must
    # not be able to change one into a move the rules forbid.
    g = Game.from_position(PRESETS["polish"], hands=["8H 9C KD", "5D 6D"], pile="8S", stock="7C")
    legal = g.legal_actions()
    play = legal[0]
    for field, value in (("cards", tuple(g.hand(0))), ("call", True), ("choice", "H")):
        with pytest.raises(AttributeError):
            setattr(play, field, value)
    if engine_is_compiled():
        # Compiled, the private fields are read-only as well (from source, as for any Python
        # object, they are private by convention).
        for field, value in (("_cards", tuple(g.hand(0))), ("_call", True), ("_choice", "H")):
            with pytest.raises(AttributeError):
                setattr(play, field, value)
    assert str(play) == "8H" and not g.is_legal("8H 9C KD")
    g.apply(play)
    assert len(g.hand(0)) == 2  # only the 8H was laid


_REWRITE_HISTORY = """
import sys
from game.engine import PRESETS, Game
from game.engine._native import engine_is_compiled

g = Game.new(PRESETS["polish"], seats=3, seed=8)
for _ in range(12):
    g.apply(g.legal_actions()[-1])
before = [repr(e) for e in g.events()]
refused = 0
for e in g.view(1).history:
    for field in type(e)._fields:
        try:
            setattr(e, field, getattr(e, field) * 0 if isinstance(getattr(e, field), int) else None)
        except AttributeError:
            refused += 1
assert refused == sum(len(type(e)._fields) for e in g.events()), refused
assert [repr(e) for e in g.events()] == before
print("compiled" if engine_is_compiled() else "source")
"""


@pytest.mark.parametrize("pure", [False, True], ids=["as-installed", "from-source"])
def test_a_views_history_cannot_rewrite_the_games_record(pure: bool) -> None:
    # A view's history hands out the game's own event objects (copying them would cost every
    # decision), so they must be read-only, in the compiled engine and run from source alike.
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "MACAU_PURE_ENGINE"}
    if pure:
        env["MACAU_PURE_ENGINE"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", _REWRITE_HISTORY], env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    if pure:
        assert done.stdout.strip() == "source"


# ----- a bot's own random stream is never the stream a deal is made from ------------------
# ``Game.new(seed=N)`` deals from ``random.Random(N)`` and carries that stream on into every
# reshuffle: a bot handed it could replay the deal and know every hand and the stock.


def _deal_streams(seeds: list[int]) -> list[object]:
    return [random.Random(seed).getstate() for seed in seeds]


def test_the_windows_bots_hold_no_stream_a_round_of_their_match_is_dealt_from(
    monkeypatch: pytest.MonkeyPatch, tmp_path: object
) -> None:
    monkeypatch.setenv("MACAU_HOME", str(tmp_path))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    from game.store.settings import Settings
    from game.ui.matchtable import MatchTable
    from game.ui.setup import SeatSpec, TableSetup

    setup = TableSetup(
        "classic",
        (SeatSpec("Anna"), SeatSpec("Ben", "medium"), SeatSpec("Cleo", "hard")),
        target=500,
    )
    for seed in (3, 12345):  # as ``start_match`` builds a table
        table = MatchTable(setup, setup.new_game(seed), settings=Settings(), seed=seed)
        later = random.Random(seed)  # the match's next rounds, "New match" included
        deals = _deal_streams([seed, *(later.randrange(1 << 30) for _ in range(6))])
        try:
            for bot in table.bots.values():
                assert bot.rng.getstate() not in deals
        finally:
            table.shutdown()


def test_the_terminal_games_bots_hold_no_stream_the_deal_is_made_from(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import io

    from game import textgame

    held: list[object] = []
    real = textgame.BotSeat

    def seat(level: str, rng: random.Random, iterations: int | None = None) -> textgame.BotSeat:
        held.append(rng.getstate())
        return real(level, rng, iterations)

    monkeypatch.setattr(textgame, "BotSeat", seat)
    for seed in range(1, 4):  # --seed 1 once gave seat 1 the deal's stream
        held.clear()
        out = io.StringIO()
        code = textgame.run_text_game("polish", 4, seed, None, io.StringIO("q\n"), out)
        assert code == 0 and len(held) == 3
        assert all(state not in _deal_streams([seed]) for state in held)


def test_the_tournaments_bots_hold_no_stream_their_round_is_dealt_from(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    held: list[object] = []

    class Spy:
        level = "spy"

        def __init__(self, inner: object) -> None:
            self.inner = inner

        def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
            held.append(rng.getstate())
            return self.inner.choose(view, legal, rng)  # type: ignore[attr-defined,no-any-return]

    real = make_bot
    monkeypatch.setattr(tournament_module, "make_bot", lambda level, **kw: Spy(real(level, **kw)))
    # --seed 0's first round: its deal seed and the first seat's stream were both 0.
    tournament_module.play_game(PRESETS["polish"], ["medium", "easy"], 0, 0)
    assert held and _deal_streams([0])[0] not in held
    # Any other round keeps the stream it always had, so earlier runs replay as they were.
    held.clear()
    tournament_module.play_game(PRESETS["polish"], ["medium", "easy"], 5, 9)
    assert held[0] in _deal_streams([9 * 1009, 9 * 1009 + 1])


def test_a_searching_bot_leaves_no_mark_on_the_plays_every_game_shares() -> None:
    """A play keeps its hash once asked for it, and the hard bot asks for its own hand's
    plays: on a play shared by every game, a hash appearing would tell the other seats
    which cards those were. The shared plays are all hashed before any game begins."""
    from game.engine.listing import _SINGLES

    before = [p._hash for p in _SINGLES.values()]  # type: ignore[attr-defined]
    game = Game.new("polish", seats=2, seed=16)
    seat = game.current
    legal = game.legal_actions(seat)
    assert len(legal) > 2
    make_bot("hard", iterations=1).choose(game.view(seat), legal, random.Random(1))
    assert [p._hash for p in _SINGLES.values()] == before  # type: ignore[attr-defined]

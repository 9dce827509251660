"""Helpers for the engine's rule-by-rule tests: positions from notation, plays, refusals."""

from __future__ import annotations

from typing import Any

import pytest

from game.engine import PRESETS, Action, Event, Game, IllegalMove, RulesError

ALL_PRESETS = ("polish", "quick", "classic", "hungarian", "romanian", "romanian2", "tel_aviv")


def pos(
    preset: str,
    hands: list[str],
    pile: str,
    stock: str = "",
    current: int = 0,
    **kw: Any,
) -> Game:
    """A position of ``preset`` (a preset id, or a ``Rules``) built from notation."""
    rules = PRESETS[preset] if isinstance(preset, str) else preset
    return Game.from_position(rules, hands=hands, pile=pile, stock=stock, current=current, **kw)


def play(g: Game, action: Action | str, seat: int | None = None) -> list[Event]:
    """Apply an action given in notation (or as an ``Action``)."""
    return g.apply(action, seat=seat)


def plays(g: Game, *actions: str) -> list[Event]:
    """Apply several actions in turn, each by the seat to act; return all their events."""
    events: list[Event] = []
    for action in actions:
        events.extend(g.apply(action))
    return events


def legal(g: Game, seat: int | None = None) -> set[str]:
    """The legal actions in notation."""
    return {str(a) for a in g.legal_actions(seat)}


def refused(g: Game, action: Action | str, *words: str, seat: int | None = None) -> str:
    """Assert ``action`` is refused with a message naming every word; the game is unchanged."""
    before = g.to_dict()
    assert not g.is_legal(action, seat)
    with pytest.raises(IllegalMove) as info:
        g.apply(action, seat=seat)
    message = str(info.value)
    for word in words:
        assert word.lower() in message.lower(), f"{word!r} not in {message!r}"
    assert g.to_dict() == before
    return message


def rules_refused(preset: str, changes: dict[str, object], words: list[str]) -> None:
    """Assert ``PRESETS[preset].replace(**changes)`` is refused naming every word."""
    with pytest.raises(RulesError) as info:
        PRESETS[preset].replace(**changes)
    for word in words:
        assert word in str(info.value), f"{word!r} not in {info.value}"


def of(events: list[Event], kind: type) -> list[Any]:
    """The events of one kind."""
    return [e for e in events if isinstance(e, kind)]


def one(events: list[Event], kind: type) -> Any:
    """The single event of one kind."""
    found = of(events, kind)
    assert len(found) == 1, f"expected one {kind.__name__} in {events}"
    return found[0]


# Cards that are plain in every preset, for filling hands, piles and stocks.
PLAIN = "6S 6H 6D 6C 8S 8H 8D 8C 9S 9H 9D 9C 10S 10H 10D 10C"


def filler(count: int, *used: str) -> str:
    """``count`` plain cards (6, 8, 9, 10) not named in ``used``, for a stock."""
    taken = {tok.partition("=")[0].upper().replace("T", "10") for u in used for tok in u.split()}
    cards = [c for c in PLAIN.split() if c not in taken]
    assert len(cards) >= count, "not enough plain cards left"
    return " ".join(cards[:count])


def face_card_requested() -> Game:
    """Seat 0 has laid J♥ asking for aces, where house rules make aces, queens and 4s plain
    ranks a jack may ask for."""
    rules = PRESETS["polish"].replace(
        name="custom",
        plays_on_anything=frozenset(),
        anything_on=frozenset(),
        suit_changers=frozenset(),
        skip_rank=None,
        request_ranks=("4", "Q", "A"),
        jack_must_hold=True,
    )
    hands = ["JH QS AD 4C 9C", "5C 6C 8C 10C KD", "5D 6D 9S 10S QD"]
    g = Game.from_position(rules, hands=hands, pile="5H", stock="7D 7C 7S 8D 8S 2D 3D")
    g.apply("JH/A")
    return g

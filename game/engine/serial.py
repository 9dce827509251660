"""Saved-game form of a ``Game``: plain JSON-ready data with a version number."""

from __future__ import annotations

from typing import Any

from . import actions
from .actions import CardsDrawn, Event, MacauCaught, Passed
from .cards import Card
from .compiled import compile_rules
from .phase import Phase
from .rules import Rules
from .serial_checks import brief, damage

FORMAT_VERSION = 1

_CARD_LISTS = ("stock", "pile", "pile_eff")
_SCALARS = (
    "n",
    "current",
    "penalty",
    "_ks_layer",
    "skips",
    "_req_rank",
    "_req_owner",
    "_req_fresh",
    "_req_excluded",
    "_req_bound",
    "_macau_open",
    "_blocked_passes",
    "dealer",
    "round_no",
    "over",
    "match_over",
    "blocked",
    "_seed",
    "_suit",
)


_BOOL_SCALARS = frozenset(("_req_fresh", "over", "match_over", "blocked"))
_STR_SCALARS = frozenset(("_req_excluded", "_suit"))


def _scalar(key: str, value: object) -> object:
    """``value`` if it is of the type ``key`` holds, else ``TypeError`` (the same in both
    builds: the compiled one would refuse it on assignment, the source one much later)."""
    if key in _BOOL_SCALARS:
        ok = isinstance(value, bool)
    elif key in _STR_SCALARS:
        ok = isinstance(value, str)
    else:
        ok = isinstance(value, int) and not isinstance(value, bool)
    if not ok:
        raise TypeError(f"{key} is {value!r}")
    return value


def _cards(cards: Any) -> list[str]:
    return [c.code for c in cards]


def _enc(value: object) -> object:
    """An event field as JSON: a card as {"c": code}, a tuple as {"t": [...]}."""
    if isinstance(value, Card):
        return {"c": value.code}
    if isinstance(value, tuple | list):
        return {"t": [_enc(v) for v in value]}
    if value is None or isinstance(value, bool | int | str):
        return value
    raise TypeError(f"an event holds {value!r}")


def _dec(value: object) -> object:
    if isinstance(value, dict):
        if set(value) == {"c"}:
            return Card.parse(value["c"])
        if set(value) == {"t"} and isinstance(value["t"], list):
            return tuple(_dec(v) for v in value["t"])
        raise ValueError(f"an event field reads {value!r}")
    if value is None or isinstance(value, bool | int | str):
        return value
    raise ValueError(f"an event field reads {value!r}")


# What each field of an event holds, by the field's name (``_event_field_fits``).
_SEAT_FIELDS = frozenset(("seat", "target", "by", "loser"))
_COUNT_FIELDS = frozenset(("count", "total", "added", "owed", "drawn", "skips", "left", "place"))
_TEXT_FIELDS = frozenset(("phase", "suit", "excluded", "kind", "reason"))
_FLAG_FIELDS = frozenset(("blocked", "auto", "penalty"))
_SEATS_FIELDS = frozenset(("placings", "winners"))
_NUMBERS_FIELDS = frozenset(("places", "charges", "scores"))
_CARD_FIELDS = frozenset(("card", "cards", "declared", "rank"))
_CHECKED_EVENT_FIELDS = (
    _SEAT_FIELDS
    | _COUNT_FIELDS
    | _TEXT_FIELDS
    | _FLAG_FIELDS
    | _SEATS_FIELDS
    | _NUMBERS_FIELDS
    | _CARD_FIELDS
)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat(value: object, n: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < n


def _event_field_fits(kind: type[Event], name: str, value: object, n: int) -> bool:
    """Whether ``value`` is what field ``name`` of a ``kind`` event holds at a table of ``n``
    (the compiled engine refuses a field of the wrong type when the event is made; this
    refuses it in both builds, and a seat that is not at the table too)."""
    if name in _SEAT_FIELDS:
        return _seat(value, n)
    if name in _COUNT_FIELDS or (name == "penalty" and kind is MacauCaught):
        return isinstance(value, int) and not isinstance(value, bool) and value >= 0
    if name in _FLAG_FIELDS:
        return isinstance(value, bool) and (name != "penalty" or kind is CardsDrawn)
    if name in _TEXT_FIELDS:
        return isinstance(value, str)
    if name == "rank":
        return value is None or isinstance(value, str)
    if name == "card":
        return isinstance(value, Card)
    if name == "cards":
        return isinstance(value, tuple) and all(isinstance(c, Card) for c in value)
    if name == "declared":
        return value is None or (
            isinstance(value, tuple) and all(c is None or isinstance(c, Card) for c in value)
        )
    if name in _SEATS_FIELDS:
        return isinstance(value, tuple) and all(_seat(s, n) for s in value)
    if name in _NUMBERS_FIELDS:
        return isinstance(value, tuple) and all(_whole(x) for x in value)
    return False  # a field added to an event without a check here: tests catch it


def _events_from(data: object, n: int) -> list[Event]:
    """The round's public record saved by ``game_to_dict``, at a table of ``n`` seats."""
    if not isinstance(data, list):
        raise ValueError("the record of the round is no list")
    out: list[Event] = []
    for item in data:
        if not isinstance(item, list) or not item or not isinstance(item[0], str):
            raise ValueError(f"a record entry reads {brief(item)}")
        kind = getattr(actions, item[0], None)
        if not (isinstance(kind, type) and issubclass(kind, Event) and kind is not Event):
            raise ValueError(f"no event called {brief(item[0])}")
        fields = [_dec(v) for v in item[1:]]
        if len(fields) != len(kind._fields):
            raise ValueError(f"{item[0]} takes {len(kind._fields)} fields, not {len(fields)}")
        for name, value in zip(kind._fields, fields, strict=True):
            if not _event_field_fits(kind, name, value, n):
                raise ValueError(f"the record holds {item[0]} with {name} {brief(value)}")
        event = kind(*fields)
        if not (isinstance(event, Passed) and not event.blocked):  # kept a card: not public
            out.append(event)
    return out


def game_to_dict(g: Any) -> dict[str, Any]:
    """Everything needed to restore ``g`` exactly, with the round's public record (a bot
    reads the round so far from it, so a resumed game plays on as it would have)."""
    data: dict[str, Any] = {"version": FORMAT_VERSION, "rules": g.rules.to_text()}
    for k in _SCALARS:
        data[k] = getattr(g, k)
    for k in _CARD_LISTS:
        data[k] = _cards(getattr(g, k))
    data["hands"] = [_cards(h) for h in g.hands]
    data["phase"] = g.phase.value
    data["_ctx"] = g._ctx.value
    data["_top"] = g._top.code
    data["_drawn"] = g._drawn.code if g._drawn is not None else None
    data["_req_suits"] = sorted(g._req_suits)
    data["missed"] = list(g.missed)
    data["_out"] = list(g._out)
    data["placings"] = list(g._placings)
    data["scores"] = list(g._scores)
    data["round_charges"] = [list(c) for c in g.round_charges]
    data["places"] = list(g.places)
    data["winners"] = list(g.winners)
    data["_tally"] = [list(t) for t in g._tally]
    data["log"] = [
        [type(e).__name__, *[_enc(getattr(e, f)) for f in e._fields]] for e in g.events()
    ]
    return data


def _items(value: object, key: str) -> list[Any]:
    """``value`` if it is a list, else ``TypeError`` naming ``key``."""
    if not isinstance(value, list):
        raise TypeError(f"{key} is {brief(value)}")
    return value


def _wholes(value: object, key: str) -> list[int]:
    """``value`` if it is a list of whole numbers (``int("7")`` or ``int(1.5)`` would let a
    damaged value pass as another), else ``TypeError`` naming ``key``."""
    items = _items(value, key)
    if not all(_whole(x) for x in items):
        raise TypeError(f"{key} is {brief(items)}")
    return list(items)


def _flags(value: object, key: str) -> list[bool]:
    items = _items(value, key)
    if not all(isinstance(x, bool) for x in items):
        raise TypeError(f"{key} is {brief(items)}")
    return list(items)


def _card_list(value: object, key: str) -> list[Card]:
    return [Card.parse(c) for c in _items(value, key)]


def game_from_dict(data: object) -> Any:
    """Rebuild a game from ``game_to_dict`` output; raises ``ValueError`` if it is malformed."""
    from .state import Game

    if not isinstance(data, dict) or data.get("version") != FORMAT_VERSION:
        raise ValueError("not a saved game of a known version")
    try:
        if "_pass_streak" in data and "_blocked_passes" not in data:
            # Saved before blocked passes were kept by seat: the streak starts again.
            data = {**data, "_blocked_passes": 0}
        rules = Rules.from_text(data["rules"])
        n = data["n"]
        # Checked before the seats are built: a count of a billion would exhaust memory.
        if not _whole(n) or not rules.min_seats <= n <= rules.max_seats:
            raise ValueError(
                f"{brief(n)} seats at a table for {rules.min_seats} to {rules.max_seats}"
            )
        g = Game(rules, n)
        for k in _SCALARS:
            setattr(g, k, _scalar(k, data[k]))
        for k in _CARD_LISTS:
            setattr(g, k, _card_list(data[k], k))
        g.hands = [_card_list(h, "a hand") for h in _items(data["hands"], "hands")]
        g.phase = Phase(data["phase"])
        g._ctx = Phase(data["_ctx"])
        g._top = Card.parse(data["_top"])
        g._drawn = None if data["_drawn"] is None else Card.parse(data["_drawn"])
        suits = _items(data["_req_suits"], "_req_suits")
        if not all(isinstance(suit, str) for suit in suits):
            raise TypeError(f"_req_suits is {brief(suits)}")
        g._req_suits = frozenset(suits)
        g.missed = _wholes(data["missed"], "missed")
        g._out = _flags(data["_out"], "_out")
        g._placings = _wholes(data["placings"], "placings")
        g._scores = _wholes(data["scores"], "scores")
        g.round_charges = [
            tuple(_wholes(c, "a round's points"))
            for c in _items(data["round_charges"], "round_charges")
        ]
        g.places = tuple(_wholes(data["places"], "places"))
        g.winners = tuple(_wholes(data["winners"], "winners"))
        g._tally = [_wholes(t, "a seat's tallies") for t in _items(data["_tally"], "_tally")]
        g._c = compile_rules(rules)
        if "log" in data:  # (saves made before it was kept have none)
            record = _events_from(data["log"], n)
            g._log = (None, *record) if record else None
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"saved game is damaged: {exc}") from None
    per_seat = (g.hands, g.missed, g._out, g._scores, g._tally)
    if any(len(x) != g.n for x in per_seat):
        raise ValueError("saved game is damaged: seats and hands disagree")
    if not g.pile:
        raise ValueError("saved game is damaged: the pile holds no card")
    if not 0 <= g.current < g.n:
        raise ValueError(f"saved game is damaged: seat {g.current} of {g.n} at this table")
    problem = damage(g)
    if problem:
        raise ValueError(f"saved game is damaged: {problem}")
    return g

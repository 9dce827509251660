"""Saved-game form of a ``Game``: plain JSON-ready data with a version number."""

from __future__ import annotations

from typing import Any

from . import actions
from .actions import Event
from .cards import RANK_NAMES, SUITS, Card, beyond_pack
from .compiled import compile_rules
from .phase import Phase
from .rules import Rules

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


def _events_from(data: object) -> list[Event]:
    """The round's public record saved by ``game_to_dict``."""
    if not isinstance(data, list):
        raise ValueError("the record of the round is no list")
    out: list[Event] = []
    for item in data:
        if not isinstance(item, list) or not item or not isinstance(item[0], str):
            raise ValueError(f"a record entry reads {item!r}")
        kind = getattr(actions, item[0], None)
        if not (isinstance(kind, type) and issubclass(kind, Event) and kind is not Event):
            raise ValueError(f"no event called {item[0]!r}")
        fields = [_dec(v) for v in item[1:]]
        if len(fields) != len(kind._fields):
            raise ValueError(f"{item[0]} takes {len(kind._fields)} fields, not {len(fields)}")
        out.append(kind(*fields))
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
    data["placings"] = list(g.placings)
    data["scores"] = list(g.scores)
    data["round_charges"] = [list(c) for c in g.round_charges]
    data["places"] = list(g.places)
    data["winners"] = list(g.winners)
    data["_tally"] = [list(t) for t in g._tally]
    data["log"] = [
        [type(e).__name__, *[_enc(getattr(e, f)) for f in e._fields]] for e in g.events()
    ]
    return data


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
        g = Game(rules, int(data["n"]))
        for k in _SCALARS:
            setattr(g, k, _scalar(k, data[k]))
        for k in _CARD_LISTS:
            setattr(g, k, [Card.parse(c) for c in data[k]])
        g.hands = [[Card.parse(c) for c in h] for h in data["hands"]]
        g.phase = Phase(data["phase"])
        g._ctx = Phase(data["_ctx"])
        g._top = Card.parse(data["_top"])
        g._drawn = Card.parse(data["_drawn"]) if data["_drawn"] else None
        g._req_suits = frozenset(data["_req_suits"])
        g.missed = [int(x) for x in data["missed"]]
        g._out = [bool(x) for x in data["_out"]]
        g.placings = [int(x) for x in data["placings"]]
        g.scores = [int(x) for x in data["scores"]]
        g.round_charges = [tuple(int(x) for x in c) for c in data["round_charges"]]
        g.places = tuple(int(x) for x in data["places"])
        g.winners = tuple(int(x) for x in data["winners"])
        g._tally = [[int(x) for x in t] for t in data["_tally"]]
        g._c = compile_rules(rules)
        if "log" in data:  # (saves made before it was kept have none)
            record = _events_from(data["log"])
            g._log = (None, *record) if record else None
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"saved game is damaged: {exc}") from None
    per_seat = (g.hands, g.missed, g._out, g.scores, g._tally)
    if any(len(x) != g.n for x in per_seat) or not g.pile:
        raise ValueError("saved game is damaged: seats and hands disagree")
    if not rules.min_seats <= g.n <= rules.max_seats or not 0 <= g.current < g.n:
        raise ValueError(f"saved game is damaged: seat {g.current} of {g.n} at this table")
    problem = _damage(g)
    if problem:
        raise ValueError(f"saved game is damaged: {problem}")
    return g


def _damage(g: Any) -> str:
    """What makes a loaded game unplayable, or ``""``. (A game set up from a position may hold
    part of the pack only, so cards are checked against the pack, not counted up to it.)"""
    if len(g.pile) != len(g.pile_eff) or g._top is not g.pile_eff[-1]:
        return "the top card is not the pile's"
    held = [*g.stock, *g.pile, *(c for h in g.hands for c in h)]
    extra = beyond_pack(held, g.rules.decks_for(g.n), g.rules.jokers)
    if extra:
        return f"more {', '.join(sorted(c.code for c, _, _ in extra))} than the pack holds"
    n = g.n
    for key in ("_ks_layer", "_req_owner", "_req_bound", "_macau_open"):
        if not -1 <= getattr(g, key) < n:
            return f"{key} names seat {getattr(g, key)} of {n}"
    if not 0 <= g.dealer < n:
        return f"dealer is seat {g.dealer} of {n}"
    for key in ("penalty", "skips"):
        if getattr(g, key) < 0:
            return f"{key} is {getattr(g, key)}"
    if g.round_no < 1 or not 0 <= g._blocked_passes < 1 << n:
        return "the round's counters are out of range"
    if g._req_rank and g._req_rank not in RANK_NAMES:
        return f"a request for rank {g._req_rank}"
    if not {g._suit, g._req_excluded} <= {"", *SUITS} or not g._req_suits <= set(SUITS):
        return "a suit in force that is not a suit"
    for s in range(g.n):
        if g.missed[s] < 0:
            return f"seat {s} has {g.missed[s]} missed turns"
        if g._out[s] and g.hands[s]:
            return f"seat {s} is out but holds cards"
    if not g.over:
        if g._out[g.current] or not g.hands[g.current]:
            return f"seat {g.current} is to act but holds no cards"
        try:
            if not g.legal_actions_capped(1)[0]:  # (a wide hand: one is enough)
                return "the seat to act has nothing it may do"
        except (IndexError, KeyError, TypeError, ValueError) as exc:
            return f"it cannot be played on ({exc})"
    try:
        for s in range(n):  # what a table shows each seat can be read
            g.view(s)
    except (IndexError, KeyError, TypeError, ValueError) as exc:
        return f"it cannot be shown ({exc})"
    return ""

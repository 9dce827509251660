"""Your hand: its order, sorting, selection, hover and where each card sits in the fan.

The engine only knows the cards; the order on screen belongs to the player (sorted by
suit or rank, or arranged by dragging). Positions glide towards their slots each update,
so inserting, removing and reordering cards animate without extra bookkeeping.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.engine import Card
from game.ui.layout import TableLayout

__all__ = ["HandCard", "HandView", "sort_key"]

_SUIT_ORDER = {"S": 0, "H": 1, "C": 2, "D": 3, "R": 4, "B": 5}  # alternating colours


def sort_key(card: Card, mode: str) -> tuple[int, int]:
    """Order within the hand: by suit (colours alternating) then rank, or by rank then suit."""
    rank = card.rank if card.rank else 99  # jokers at the end
    suit = _SUIT_ORDER.get(card.suit, 9)
    return (suit, rank) if mode == "suit" else (rank, suit)


@dataclass
class HandCard:
    """One card in your hand; ``uid`` tells two copies of a card apart (two-deck games)."""

    uid: int
    card: Card
    x: float = 0.0
    y: float = 0.0
    angle: float = 0.0
    lift: float = 0.0
    placed: bool = False


class HandView:
    """Your cards in screen order, with selection (in click order), hover and a cursor."""

    def __init__(self, sort_mode: str = "suit") -> None:
        self.cards: list[HandCard] = []
        self.sort_mode = sort_mode if sort_mode in ("suit", "rank", "none") else "suit"
        self.selection: list[int] = []
        self.hover: int | None = None
        # The keyboard's cursor marks a card, not a place: it stays on that card when cards
        # are drawn into the hand or the hand is sorted (see ``cursor``).
        self.cursor_uid: int | None = None
        # A cursor put away (a hint said to draw, keep or wait, which Enter then does): the
        # arrows bring it back from the card it was on.
        self.parked_uid: int | None = None
        self.hidden: set[int] = set()  # cards being dragged or flying away
        # The cards on their way to the hand, as the last ``update`` kept gaps for them: a
        # drop in the hand and a card's visible strip are measured on the fan as it is.
        self.coming: tuple[Card | None, ...] = ()
        self.coming_face_down = False
        self._next_uid = 1

    @property
    def cursor(self) -> int | None:
        """The screen position of the card under the keyboard's cursor (None: no cursor)."""
        if self.cursor_uid is None:
            return None
        at = self.index_of(self.cursor_uid)
        return at if at >= 0 else None

    @cursor.setter
    def cursor(self, index: int | None) -> None:
        self.cursor_uid = self.cards[index].uid if index is not None and self.cards else None

    def park_cursor(self) -> None:
        """Take the cursor off the hand, remembering its card for the next arrow key."""
        if self.cursor_uid is None:
            return
        if self.hover == self.cursor_uid:
            self.hover = None
        self.parked_uid, self.cursor_uid = self.cursor_uid, None

    def step_cursor(self, step: int, wrap: bool = True) -> None:
        """Move the cursor ``step`` cards along (round the ends, unless ``wrap`` is False: a
        held arrow stops at the end card rather than run round the hand again and again);
        with no cursor, start at an end, or beside the card the cursor was parked on."""
        if not self.cards:
            return
        start = self.cursor
        if start is None:
            parked = self.index_of(self.parked_uid) if self.parked_uid is not None else -1
            start = parked if parked >= 0 else (len(self.cards) if step < 0 else -1)
        moved = start + step
        self.cursor = moved % len(self.cards) if wrap else max(0, min(len(self.cards) - 1, moved))
        self.parked_uid = None
        self.hover = self.cards[self.cursor].uid

    # --- contents ----------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.cards)

    def card_slots(
        self,
        layout: TableLayout,
        coming: Sequence[Card | None] = (),
        face_down: bool = False,
    ) -> tuple[list[tuple[float, float, float]], list[tuple[float, float, float]]]:
        """The slots of the cards held and of the cards ``coming`` (on their way, in the
        order they land): the fan keeps a gap for each of those where ``add`` will put it,
        so a card flying in lands in its gap and no card moves as it does (one landing in
        the middle of the hand used to sit under its neighbour while that slid aside)."""
        order: list[Card | None] = [c.card for c in self.cards]
        tags = list(range(len(self.cards)))  # a card held, or ~j for the j-th coming
        for j, card in enumerate(coming):
            at = len(order)
            if card is not None and self.sort_mode != "none" and not face_down:
                at = self._place(order, card)
            order.insert(at, card)
            tags.insert(at, ~j)
        at_slot = dict(zip(tags, self.slots(layout, len(order)), strict=True))
        held = [at_slot[i] for i in range(len(self.cards))]
        return held, [at_slot[~j] for j in range(len(coming))]

    def _place(self, order: Sequence[Card | None], card: Card) -> int:
        """Where a card added to a sorted hand goes: before the first card sorted after it
        (a card not known, on its way to the end, sorts after every card)."""
        key = sort_key(card, self.sort_mode)
        return next(
            (i for i, c in enumerate(order) if c is None or sort_key(c, self.sort_mode) > key),
            len(order),
        )

    def add(
        self, card: Card, at: tuple[float, float] | None = None, face_down: bool = False
    ) -> HandCard:
        """Put ``card`` in (in sort position when sorting); ``at`` is where it appears from.
        A card given to a hand shown face down goes at its end: sliding into its sorted place
        would show the table how it ranks against the others (pass-and-play sorts the hand
        when it is handed to its person)."""
        hc = HandCard(self._next_uid, card)
        self._next_uid += 1
        if at is not None:
            hc.x, hc.y = at
            hc.placed = True
        if self.sort_mode == "none" or face_down:
            self.cards.append(hc)
        else:
            self.cards.insert(self._place([c.card for c in self.cards], card), hc)
        return hc

    def remove(self, card: Card, prefer: Iterable[int] = ()) -> HandCard | None:
        """Take ``card`` out (a preferred uid first, e.g. the one dragged)."""
        preferred = set(prefer)
        matches = [c for c in self.cards if c.card == card]
        if not matches:
            return None
        hc = next((c for c in matches if c.uid in preferred), matches[0])
        at = self.index_of(hc.uid)
        self.cards.remove(hc)
        self.selection = [u for u in self.selection if u != hc.uid]
        self.hidden.discard(hc.uid)
        if self.cursor_uid == hc.uid:  # the card laid: the cursor moves on to its neighbour
            self.cursor = min(at, len(self.cards) - 1) if self.cards else None
        return hc

    def sync(self, hand: Sequence[Card], face_down: bool = False) -> None:
        """Match the engine's hand: keep the order of cards still held, add the new ones (at
        the end of a hand shown face down, as ``add``)."""
        wanted = list(hand)
        kept: list[HandCard] = []
        at = self.cursor
        for hc in self.cards:
            if hc.card in wanted:
                wanted.remove(hc.card)
                kept.append(hc)
        self.cards = kept
        for card in wanted:
            self.add(card, face_down=face_down)
        uids = {c.uid for c in self.cards}
        self.selection = [u for u in self.selection if u in uids]
        self.hidden &= uids
        if at is not None and self.cursor_uid not in uids:  # its card is gone: stay in place
            self.cursor = min(at, len(self.cards) - 1) if self.cards else None

    def sort(self, mode: str) -> None:
        """Sort now and keep sorting new cards this way ("none" keeps your own order)."""
        self.sort_mode = mode
        if mode != "none":
            self.cards.sort(key=lambda c: sort_key(c.card, mode))

    def move(self, uid: int, index: int) -> bool:
        """Move a card to ``index`` (dragging sideways); True when the order changed, and then
        the hand stops auto-sorting (a card put back where it was leaves the sort on)."""
        hc = self.by_uid(uid)
        if hc is None:
            return False
        at = self.index_of(uid)
        self.cards.remove(hc)
        index = max(0, min(index, len(self.cards)))
        self.cards.insert(index, hc)
        if index == at:
            return False
        self.sort_mode = "none"
        return True

    def move_together(self, uid: int, group: Sequence[int], index: int) -> bool:
        """``move``, carrying the other cards of ``group`` (picked with ``uid``) along: they
        go down together in their order in the hand, where ``index`` puts ``uid`` among the
        cards other than ``uid``; True when the order changed (then auto-sorting stops)."""
        block = set(group) | {uid}
        if len(block) == 1:
            return self.move(uid, index)
        if index == self.index_of(uid):
            return False  # let go where it was: the group stays as it is, and the sort
        others = [c for c in self.cards if c.uid != uid]
        before = sum(1 for c in others[: max(0, index)] if c.uid not in block)
        rest = [c for c in self.cards if c.uid not in block]
        moved = [c for c in self.cards if c.uid in block]
        order = [*rest[:before], *moved, *rest[before:]]
        if [c.uid for c in order] == [c.uid for c in self.cards]:
            return False
        self.cards = order
        self.sort_mode = "none"
        return True

    def by_uid(self, uid: int) -> HandCard | None:
        """The card with ``uid``."""
        return next((c for c in self.cards if c.uid == uid), None)

    def index_of(self, uid: int) -> int:
        """Screen position of ``uid`` (-1 when not held)."""
        return next((i for i, c in enumerate(self.cards) if c.uid == uid), -1)

    # --- selection ---------------------------------------------------------------------------
    def toggle(self, uid: int) -> None:
        """Add to or remove from the group being built (click order is laying order)."""
        if uid in self.selection:
            self.selection.remove(uid)
        else:
            self.selection.append(uid)

    def selected_cards(self) -> list[Card]:
        """The selected cards in click order."""
        by = {c.uid: c.card for c in self.cards}
        return [by[u] for u in self.selection if u in by]

    # --- geometry ----------------------------------------------------------------------------
    def slots(
        self, layout: TableLayout, count: int | None = None
    ) -> list[tuple[float, float, float]]:
        """(x, y, angle) of each slot: a gentle fan centred in the hand area."""
        n = len(self.cards) if count is None else count
        if n == 0:
            return []
        w, h = layout.card
        area = layout.hand_rect
        step = min(w * 0.78, (area.w - w) / max(1, n - 1)) if n > 1 else 0
        total = step * (n - 1)
        x0 = area.centerx - total / 2
        base_y = layout.hand_top + h / 2
        spread = min(14.0, 2.2 * (n - 1))
        out = []
        for i in range(n):
            t = (i / (n - 1) - 0.5) if n > 1 else 0.0
            angle = -spread * t
            y = base_y - 4 + (t * t) * min(16, 2 * n)
            out.append((x0 + step * i, y, angle))
        return out

    def update(
        self,
        dt: float,
        layout: TableLayout,
        snap: bool,
        coming: Sequence[Card | None] = (),
        face_down: bool = False,
    ) -> None:
        """Glide every card towards its slot, keeping gaps for the cards ``coming`` (see
        ``card_slots``), and lift (selected high, hovered a little)."""
        rate = 1.0 if snap else min(1.0, dt * 16)
        self.coming, self.coming_face_down = tuple(coming), face_down
        held = self.held_slots(layout)
        for hc, (x, y, angle) in zip(self.cards, held, strict=True):
            target = 1.0 if hc.uid in self.selection else 0.45 if hc.uid == self.hover else 0.0
            if not hc.placed:
                hc.x, hc.y, hc.angle, hc.placed = x, y, angle, True
            hc.x += (x - hc.x) * rate
            hc.y += (y - hc.y) * rate
            hc.angle += (angle - hc.angle) * rate
            hc.lift += (target - hc.lift) * rate

    def held_slots(self, layout: TableLayout) -> list[tuple[float, float, float]]:
        """The slot of each card held, with the gaps kept for the cards coming."""
        return self.card_slots(layout, self.coming, self.coming_face_down)[0]

    def centre(self, hc: HandCard, layout: TableLayout) -> tuple[float, float]:
        """Where ``hc`` is drawn now (its slot position minus its lift)."""
        return (hc.x, hc.y - hc.lift * layout.lift)

    def hit(self, pos: tuple[int, int], layout: TableLayout) -> HandCard | None:
        """The card drawn on top at ``pos`` (the right-most, as later cards overlap), each
        tested turned as it is drawn. A picked card stands raised: where the card beside it
        shows in the strip it left, that card is hit; where nothing else does, the picked one
        (a click there puts it back). A hovered card's small lift is left out, so a pointer
        at its lower edge does not make it bob up and down."""
        w, h = layout.card
        shown = [hc for hc in reversed(self.cards) if hc.uid not in self.hidden]
        for hc in shown:
            raised = layout.lift if hc.uid in self.selection else 0
            if _on_card(pos, (hc.x, hc.y - raised), hc.angle, w, h):
                return hc
        return next(
            (
                hc
                for hc in shown
                if hc.uid in self.selection and _on_card(pos, (hc.x, hc.y), hc.angle, w, h)
            ),
            None,
        )

    def lay_on(self, hc: HandCard, pos: tuple[int, int], layout: TableLayout) -> bool:
        """Whether ``pos`` falls on ``hc`` where it lies unpicked, whatever overlaps it."""
        w, h = layout.card
        return _on_card(pos, (hc.x, hc.y), hc.angle, w, h)

    def strip(self, layout: TableLayout) -> float:
        """How wide the visible part of a card is: the step from one card to the next in the
        fan (the whole card when it is alone or the cards do not overlap)."""
        slots = self.slots(layout, len(self.cards) + len(self.coming))
        w = float(layout.card[0])
        return min(w, slots[1][0] - slots[0][0]) if len(slots) > 1 else w

    def insert_index(self, x: float, layout: TableLayout, moving: int) -> int:
        """Where a card goes when dragged sideways in the hand and let go with its centre at
        ``x``: the slot nearest where the card is drawn, not where the pointer holds it (a
        card held by its left edge and let go where it was stays in its place)."""
        slots = self.held_slots(layout)  # (gaps for cards coming kept: as drawn)
        if self.index_of(moving) < 0:
            slots = self.slots(layout, len(self.cards) + 1)
        return min(range(len(slots)), key=lambda i: abs(slots[i][0] - x))


def _on_card(
    pos: tuple[int, int], centre: tuple[float, float], angle: float, w: int, h: int
) -> bool:
    """Whether ``pos`` is on a ``w``×``h`` card centred at ``centre`` and turned ``angle``
    degrees anticlockwise, as it is drawn."""
    turn = math.radians(angle)
    dx, dy = pos[0] - centre[0], pos[1] - centre[1]
    x = dx * math.cos(turn) - dy * math.sin(turn)
    y = dx * math.sin(turn) + dy * math.cos(turn)
    return abs(x) <= w / 2 and abs(y) <= h / 2

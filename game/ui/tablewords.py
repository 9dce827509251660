"""Words on the table fitted to the room they have: the marker beside the pile (what is in
force and for how long) and the words of a stack another seat owes ("North draws 5").

Where they go, in which size and how shortened is worked out once for the words and the
layout and kept; the words are drawn through ``theme.text``, which keeps their images, so a
frame only looks both up.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

import pygame

from game.ui import theme
from game.ui.layout import TableLayout

__all__ = ["MARKER_SIZES", "fit_marker", "marker_spot", "owner_pill", "widest_marker_spot"]

# The marker's headline and second line, largest first (at a ui scale of 1): a long line takes
# a smaller size before it is shortened.
MARKER_SIZES = ((20, 15), (18, 14), (16, 13))
_SUIT_WORDS = {"♠": "Spades", "♥": "Hearts", "♦": "Diamonds", "♣": "Clubs"}


def marker_spot(
    layout: TableLayout, needed: int, tagged: bool, right: int | None = None, where: str = ""
) -> pygame.Rect | None:
    """A box ``needed`` pixels wide for the marker, clear of every seat and inside the table
    (which ends at ``right``), or None when there is no such room ``where`` ("beside" the
    pile, widened towards the next seat as far as its words need; "above" it; or "under" it,
    below a joker's "= A♥" tag when ``tagged``). Without ``where``, the first of the three
    that has the room."""
    if not where:
        for spot in ("beside", "above", "under"):
            found = marker_spot(layout, needed, tagged, right, spot)
            if found is not None:
                return found
        return None
    px = layout.px
    edge = layout.corner_right.right
    if right is not None:
        edge = min(edge, right - px(6))
    seats = [*(a.rect for a in layout.areas), *layout.reserved]
    pile = layout.pile
    r = layout.marker.copy()
    if where == "beside":
        room = _beside_room(layout, right)
        if room < needed:
            return None
        r.w = min(max(r.w, needed), room)
    else:
        r.w = max(needed, px(150))
        if where == "above":
            r.midbottom = (pile.centerx, pile.top - px(10))
        else:
            r.topleft = (pile.left, pile.bottom + px(44 if tagged else 8))
        r.right = min(r.right, edge)
        if where == "under":
            # Pushed back over the stock (the log open), under its "Stock N", not over it.
            count = pygame.Rect((0, 0), theme.text_size("Stock 000", px(15)))
            count.midtop = (layout.stock.centerx, layout.stock.bottom + px(8))
            if r.colliderect(count):
                r.top = count.bottom + px(4)
        if r.left < px(6) or r.top < 0 or r.bottom > layout.hint_y - px(12):
            return None
    return r if r.collidelist(seats) < 0 else None


def _in_the_way(box: pygame.Rect, seat: pygame.Rect) -> bool:
    """Whether ``seat`` stands to the right of ``box``, level with it."""
    return seat.right > box.x and seat.top < box.bottom and seat.bottom > box.top


def fit_marker(
    layout: TableLayout,
    head: str,
    sub: str,
    tagged: bool,
    right: int,
    names: Sequence[str] = (),
) -> tuple[pygame.Surface, pygame.Surface, pygame.Rect]:
    """The marker's two lines and their box: beside the pile, widened to the words as far as
    the next seat allows, else above or under the pile; a smaller size where the words need
    it; and, where no size fits whole, the words shortened to the room beside the pile (a
    name cut as the seat boxes cut it, a suit's name left out before its symbol)."""
    key = (head, sub, tagged, right, tuple(names))
    fitted = _kept(_MARKERS, layout, key, lambda: _fit_marker(layout, *key))
    (head, head_size), (sub, sub_size), box = fitted
    a = theme.text(head, head_size, theme.TEXT, True)
    return a, theme.text(sub, sub_size, theme.ACCENT), box.copy()


_Key = tuple[object, ...]
_Kept = TypeVar("_Kept")
# A line's words and size; a marker's two lines and box; a pill's words and box.
_Line = tuple[str, int]
_Marker = tuple[_Line, _Line, pygame.Rect]
_MARKERS: dict[_Key, tuple[TableLayout, _Marker]] = {}
_PILLS: dict[_Key, tuple[TableLayout, tuple[str, pygame.Rect]]] = {}


def _kept(
    store: dict[_Key, tuple[TableLayout, _Kept]],
    layout: TableLayout,
    key: _Key,
    make: Callable[[], _Kept],
) -> _Kept:
    """What ``make`` decides for ``key`` on ``layout``, decided once (the words are drawn
    each frame through ``theme.text``, which keeps their images)."""
    full = (id(layout), *key)
    kept = store.get(full)
    if kept is None or kept[0] is not layout:  # (a layout gone, its id taken by a new one)
        if len(store) >= 32:
            store.clear()
        kept = store[full] = (layout, make())
    return kept[1]


def _fit_marker(
    layout: TableLayout, head: str, sub: str, tagged: bool, right: int, names: tuple[str, ...]
) -> _Marker:
    px = layout.px
    pad = px(28)
    sizes = [(px(h), px(s)) for h, s in MARKER_SIZES]

    def placed(where: str, second: str) -> _Marker | None:
        for head_size, sub_size in sizes:
            a = theme.text_size(head, head_size, True)[0]
            b = theme.text_size(second, sub_size)[0]
            spot = marker_spot(layout, max(a, b) + pad, tagged, right, where)
            if spot is not None:
                return (head, head_size), (second, sub_size), spot
        return None

    found = placed("beside", sub)
    # Beside the pile still, with a seat's name cut short as its seat box cuts it ("through
    # Wojciech S.'s turn"), rather than move the marker away.
    room = _beside_room(layout, right) - pad
    for _head_size, sub_size in sizes:
        cut = _with_name_cut(sub, sub_size, room, names)
        if found is None and cut != sub:
            found = placed("beside", cut)
    found = found or placed("above", sub) or placed("under", sub)
    if found is not None:
        return found
    # No size fits the words anywhere: the smallest, shortened to the widest room.
    head_size, sub_size = sizes[-1]
    box = widest_marker_spot(layout, tagged, right)
    head = _shorter(head, head_size, box.w - pad, True)
    sub = _with_name_cut(sub, sub_size, box.w - pad, names)
    return (head, head_size), (sub, sub_size), box


def _beside_room(layout: TableLayout, right: int | None) -> int:
    """How wide the marker may grow beside the pile: to the first seat level with it, or to
    the table's edge."""
    px = layout.px
    edge = layout.corner_right.right  # the table's own edge (the log may be open beside it)
    if right is not None:
        edge = min(edge, right - px(6))
    r = layout.marker
    held = [*(a.rect for a in layout.areas), *layout.reserved]
    ahead = [box.left - px(6) for box in held if _in_the_way(r, box)]
    return min([edge, *ahead]) - r.x


def widest_marker_spot(layout: TableLayout, tagged: bool, right: int | None = None) -> pygame.Rect:
    """The widest clear box for the marker, trying narrower and narrower ones."""
    px = layout.px
    for needed in range(layout.marker.w, px(60), -px(10)):
        spot = marker_spot(layout, needed, tagged, right)
        if spot is not None:
            return spot
    spot = layout.marker.copy()
    spot.w = px(120)
    return spot


def _shorter(head: str, size: int, room: int, bold: bool) -> str:
    """``head`` as it fits in ``room``: in full, else the suits' names left out beside their
    symbols ("♥ or ♦"), else what follows its dash or colon ("Not ♣"), else cut short; a
    suit's symbol is never the part cut off."""
    tries = [head]
    bare = head
    for symbol, word in _SUIT_WORDS.items():
        bare = bare.replace(f"{symbol} {word}", symbol)
    tries.append(bare)
    for mark in (" — ", ": "):
        if mark in bare:
            tail = bare.split(mark, 1)[1]
            tries.append(tail[:1].upper() + tail[1:])
    for words in tries:
        if theme.text_size(words, size, bold)[0] <= room:
            return words
    last = tries[-1]
    if last[-1:] in _SUIT_WORDS:  # keep the symbol: cut the words before it
        left = room - theme.text_size(last[-2:], size, bold)[0]
        words = theme.fit(last[:-1].rstrip(), size, left, bold) if left > 0 else ""
        return words + last[-2:] if left > 0 else last[-1]
    return theme.fit(last, size, room, bold)


def _with_name_cut(words: str, size: int, room: int, names: Sequence[str]) -> str:
    """``words`` as they fit in ``room``: a seat's name in them cut short as its seat box
    cuts it (keeping what tells it from the others), else the words cut short."""
    if theme.text_size(words, size)[0] <= room:
        return words
    for name in sorted(names, key=len, reverse=True):
        if name and name in words:
            before, after = words.split(name, 1)
            left = room - theme.text_size(before + after, size)[0]
            short = theme.fit_name(name, size, left, False, names)
            if theme.text_size(before + short + after, size)[0] <= room:
                return before + short + after
            break
    return theme.fit(words, size, room)


def owner_pill(
    layout: TableLayout, penalty: int, owner: str, names: tuple[str, ...]
) -> tuple[pygame.Surface, pygame.Rect]:
    """A waiting stack's words when another seat owes it ("North draws 5") and their box:
    under the stack, left of the stock and its count, right of a side seat level with it;
    the name cut short (as the seat boxes cut it) where the room between them is short."""
    key = (penalty, owner, names)
    words, box = _kept(_PILLS, layout, key, lambda: _owner_pill(layout, penalty, owner, names))
    return theme.text(words, layout.px(18), theme.TEXT, True), box.copy()


def _owner_pill(
    layout: TableLayout, penalty: int, owner: str, names: tuple[str, ...]
) -> tuple[str, pygame.Rect]:
    p, px = layout.penalty, layout.px
    size, pad = px(18), px(18)
    top = p.bottom - px(12)
    height = theme.text_size("Ag", size, True)[1] + px(8)
    # Clear of the stock, and of its count centred under it, which small cards (six seats
    # and more in a small window) leave wider than the stock itself.
    count_w = theme.text_size("Stock 000", px(15))[0]
    right = min(layout.stock.left, layout.stock.centerx - count_w // 2 - px(6))
    level = pygame.Rect(0, top, right, height)
    left = max(
        [px(8)] + [a.rect.right + px(6) for a in layout.areas[1:] if a.rect.colliderect(level)]
    )
    words, kept = _owner_words(owner, penalty, size, right - left - pad, names)
    width, high = theme.text_size(words, size, True)
    box = pygame.Rect(0, 0, width + pad, high + px(8))
    box.midtop = (p.centerx, top - px(4))
    box.right = min(box.right, right)
    if box.left < left or kept < min(3, len(owner)):
        return _owner_pill_below(layout, penalty, owner, names, left)
    return words, box


def _owner_words(
    owner: str, penalty: int, size: int, room: int, names: tuple[str, ...]
) -> tuple[str, int]:
    """ "North draws 5" in ``room`` pixels, the name cut short (among ``names``) if it must
    be; and how many of the name's letters show."""
    words = f"{owner} draws {penalty}"
    if theme.text_size(words, size, True)[0] <= room:
        return words, len(owner)
    tail = f" draws {penalty}"
    short = theme.fit_name(owner, size, room - theme.text_size(tail, size, True)[0], True, names)
    return short + tail, len(short.rstrip("…"))


def _owner_pill_below(
    layout: TableLayout, penalty: int, owner: str, names: tuple[str, ...], left: int
) -> tuple[str, pygame.Rect]:
    """The words of a waiting stack where there is no room beside the stock for them (small
    cards, a narrow table): under the stock's count, and under a joker's "= 2♦" below the
    pile, between ``left`` and the log, the window's edge or a seat at the right, the name
    cut short only if it is wider than all that."""
    px = layout.px
    size, pad = px(18), px(18)
    high = theme.text_size("Ag", size, True)[1]
    count_h = theme.text_size("Stock 000", px(15))[1]
    tag_h = theme.text_size("= 10♦", px(18), True)[1]
    top = max(
        layout.stock.bottom + px(8) + count_h + px(4),
        layout.pile.bottom + px(12) + tag_h + px(4),
    )
    row = pygame.Rect(left, top, layout.size[0] - left, high + px(8))
    right = layout.size[0] - px(8)
    if layout.log_rect.w:
        right = min(right, layout.log_rect.left - px(8))
    for area in layout.areas[1:]:
        if area.rect.colliderect(row) and area.rect.centerx > layout.stock.centerx:
            right = min(right, area.rect.left - px(6))
    words, _kept = _owner_words(owner, penalty, size, right - left - pad, names)
    width = theme.text_size(words, size, True)[0]
    box = pygame.Rect(0, 0, width + pad, high + px(8))
    box.midtop = (layout.stock.centerx, top)
    box.right = min(box.right, right)
    box.left = max(box.left, left)
    return words, box

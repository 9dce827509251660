"""Where everything goes on the table, computed from the window size and seat count only.

You sit at the bottom. The other seats go clockwise in play order: up the left side,
across the top, down the right side, so the next seat (+1) is on your left. Every number
is derived from the window, so a resize is a fresh ``table_layout`` call.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import pygame

from game.ui.cardart import CARD_RATIO

__all__ = ["Scaled", "SeatArea", "TableLayout", "table_layout", "ui_scale"]

MARGIN = 10
CORNER_W = 118  # the Sort / Log / Menu buttons beside your hand
# The narrowest table kept beside an open game log; below it the log covers the right side.
MIN_TABLE_BESIDE_LOG = 600
CARD_W_MAX = 300  # the widest a card in your hand gets
UI_CARD_W = 130  # past this card width, words and controls everywhere grow with the cards


class Scaled:
    """Something drawn at a scale (``ui``, 1 = the usual size; see ``ui_scale``)."""

    ui: float = 1.0

    def px(self, n: float) -> int:
        """``n`` pixels at this scale (font sizes, gaps, box sizes)."""
        return round(n * self.ui)


@dataclass(frozen=True)
class SeatArea:
    """One seat's box: its name, face-down fan, count and tokens are drawn inside."""

    seat: int
    rect: pygame.Rect
    side: str  # "bottom", "left", "top" or "right"

    @property
    def fan_centre(self) -> tuple[int, int]:
        """Centre of the face-down fan, where cards fly to and from."""
        return (self.rect.centerx, self.rect.centery + 6)


@dataclass(frozen=True)
class TableLayout(Scaled):
    """Every rectangle of the table for one window size and seat count."""

    size: tuple[int, int]
    seats: int
    card: tuple[int, int]
    small: tuple[int, int]
    hand_rect: pygame.Rect
    hand_top: int
    lift: int
    buttons_y: int
    button_h: int
    stock: pygame.Rect
    pile: pygame.Rect
    marker: pygame.Rect
    penalty: pygame.Rect
    hint_y: int
    areas: list[SeatArea] = field(default_factory=list)
    corner_left: pygame.Rect = field(default_factory=pygame.Rect)
    corner_right: pygame.Rect = field(default_factory=pygame.Rect)
    log_rect: pygame.Rect = field(default_factory=pygame.Rect)
    # Boxes over the play area that a table's own buttons hold (a match's Scores), which the
    # marker of the suit or rank in force keeps clear of as it keeps clear of the seats.
    reserved: tuple[pygame.Rect, ...] = field(default=(), compare=False)
    # How much the table's words, buttons and boxes are scaled: 1 up to the size where the
    # cards stop at their usual width, then growing with them, so on a large screen the
    # writing keeps its size beside the cards.
    ui: float = 1.0

    @property
    def centre(self) -> tuple[int, int]:
        """Middle of the play area (between the stock and the pile)."""
        return ((self.stock.centerx + self.pile.centerx) // 2, self.pile.centery)

    def drop_zone(self) -> pygame.Rect:
        """Where a dragged card counts as dropped on the pile (generous on purpose)."""
        return self.pile.inflate(self.card[0] * 1.2, self.card[1] * 0.6)

    def drops_on_pile(self, pointer: tuple[int, int], card: tuple[float, float]) -> bool:
        """Whether a card let go with the pointer at ``pointer`` and its middle at ``card``
        is dropped on the pile: the pointer on the pile, or it or the card's middle in the
        zone round it with neither over the stock (the zone reaches over the stock's edge).
        The card's middle counts as the pointer does, wherever the card was held by, but for
        a pointer let go in the hand's rows (the buttons' and below), which moves the card
        within the hand."""
        if self.pile.collidepoint(pointer):
            return True
        on_stock = self.stock.collidepoint(pointer) or self.stock.collidepoint(card)
        zone = self.drop_zone()
        middle = zone.collidepoint(card) and pointer[1] <= self.buttons_y
        return (zone.collidepoint(pointer) or middle) and not on_stock


def _side_counts(others: int, right: bool = True) -> tuple[int, int, int]:
    """(left, top, right) seat counts for ``others`` seats around you; without ``right``
    the seats of the right side join the end of the top row (the log lies over that side)."""
    if others <= 1:
        return (0, others, 0)
    side = 1 if others == 2 else max(1, round(others * 0.25))
    if not right:
        return (side, others - side, 0)
    return (side, others - 2 * side, side)


def _card_width(w: int, h: int) -> int:
    """The width of a card in your hand. Cards grow with the window (2560×1440 fullscreen
    gives 189 px, 3840×2160 284 px: a 4K screen shows the table as a 1080p one does, only
    sharper), up to a size past any screen in common use."""
    return max(56, min(CARD_W_MAX, round(min(w / 12.5, h / 7.6))))


def ui_scale(size: tuple[int, int]) -> float:
    """How much words and controls are scaled in a window of ``size`` (the table, what is
    shown over it, and every menu): 1 until the table's cards reach their usual width, then
    as they grow. Up to 1280×800 it is always 1."""
    return max(1.0, _card_width(*size) / UI_CARD_W)


def table_layout(size: tuple[int, int], seats: int, log: bool = False) -> TableLayout:
    """The layout for a window of ``size`` and ``seats`` seats (2..10).

    With ``log`` (the game log open) the table moves over to make room for the log down the
    right edge, so no seat is hidden behind it. A window too narrow for that (a screen
    under 960 px wide) lays the log over the table's right side and moves the seats of that
    side to the end of the top row, still in play order, so every seat stays in sight.
    """
    w, h = size
    log_w = max(280, min(round(360 * ui_scale(size)), w // 4))
    if log and w - log_w - MARGIN >= MIN_TABLE_BESIDE_LOG:
        beside = w - log_w - MARGIN
        inner = table_layout((beside, h), seats)
        return replace(
            inner, size=size, log_rect=pygame.Rect(beside, MARGIN, log_w, h - 2 * MARGIN)
        )
    card_w = _card_width(w, h)
    card_h = round(card_w * CARD_RATIO)
    ui = ui_scale(size)
    corner_w = round(CORNER_W * ui)
    small_w = max(28, round(card_w * 0.5))
    small_h = round(small_w * CARD_RATIO)
    lift = max(14, card_h // 6)
    hand_top = h - card_h - MARGIN - 4
    button_h = max(34, min(round(44 * ui), h // 18))
    buttons_y = hand_top - lift - button_h - 8
    hand_rect = pygame.Rect(
        corner_w + 2 * MARGIN, hand_top - lift, w - 2 * (corner_w + 2 * MARGIN), h - hand_top + lift
    )
    corner_left = pygame.Rect(MARGIN, hand_top - 4, corner_w, h - hand_top - MARGIN + 4)
    corner_right = pygame.Rect(
        w - MARGIN - corner_w, hand_top - 4, corner_w, h - hand_top - MARGIN + 4
    )

    left, top, right = _side_counts(seats - 1, right=not log)
    box_h = small_h + round(62 * ui)
    top_y = MARGIN
    top_bottom = top_y + box_h if top else MARGIN
    side_w = max(150, min(max(210, round(card_w * 1.6)), w // 6))
    areas: list[SeatArea] = [SeatArea(0, pygame.Rect(hand_rect), "bottom")]

    def column(count: int, x: int, downwards: bool) -> list[pygame.Rect]:
        y0 = top_bottom + 8
        y1 = buttons_y - 6
        slot = (y1 - y0) / max(1, count)
        rects = []
        for i in range(count):
            bh = min(box_h, int(slot) - 8)
            cy = y0 + slot * (i + 0.5)
            rects.append(pygame.Rect(x, round(cy - bh / 2), side_w, bh))
        return rects if downwards else rects[::-1]

    lefts = column(left, MARGIN, downwards=False)  # play order goes up the left side
    rights = column(right, w - MARGIN - side_w, downwards=True)
    tops: list[pygame.Rect] = []
    if top:
        x0, x1 = (MARGIN, w - MARGIN) if (left or top > 1) else (w // 2 - 120, w // 2 + 120)
        if left and top <= 2:
            x0, x1 = MARGIN + side_w, w - MARGIN - side_w
        slot = (x1 - x0) / top
        bw = min(max(230, round(card_w * 1.8)), int(slot) - 10)
        for i in range(top):
            cx = x0 + slot * (i + 0.5)
            tops.append(pygame.Rect(round(cx - bw / 2), top_y, bw, box_h))
    for seat, (rect, side) in enumerate(
        [(r, "left") for r in lefts] + [(r, "top") for r in tops] + [(r, "right") for r in rights],
        start=1,
    ):
        areas.append(SeatArea(seat, rect, side))

    centre_top = top_bottom + 6
    cy = (centre_top + buttons_y) // 2 - 6
    cx = w // 2
    gap = max(18, card_w // 3)
    stock = pygame.Rect(0, 0, card_w, card_h)
    stock.center = (cx - card_w // 2 - gap // 2 - card_w // 4, cy)
    pile = pygame.Rect(0, 0, card_w, card_h)
    pile.center = (cx + card_w // 2 + gap // 2 - card_w // 4, cy)
    marker_h = round(68 * ui)
    marker = pygame.Rect(
        pile.right + gap, cy - marker_h // 2, max(170, min(round(260 * ui), w // 5)), marker_h
    )
    penalty = pygame.Rect(0, 0, small_w + 40, card_h)
    penalty.midright = (stock.left - gap, cy)
    hint_y = buttons_y - round(16 * ui)
    log_rect = pygame.Rect(w - log_w - MARGIN, top_bottom + 8, log_w, buttons_y - top_bottom - 20)
    return TableLayout(
        size=size,
        seats=seats,
        card=(card_w, card_h),
        small=(small_w, small_h),
        hand_rect=hand_rect,
        hand_top=hand_top,
        lift=lift,
        buttons_y=buttons_y,
        button_h=button_h,
        stock=stock,
        pile=pile,
        marker=marker,
        penalty=penalty,
        hint_y=hint_y,
        areas=areas,
        corner_left=corner_left,
        corner_right=corner_right,
        log_rect=log_rect,
        ui=ui,
    )

"""Drawing the table, placing its buttons, and the deal. Nothing here changes the game.

``refresh_buttons`` and ``start_deal`` run from ``update``/``startup``; everything named
``draw_*`` only reads the scene and blits cached surfaces.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.engine import Game, Phase
from game.engine.compiled import compile_rules
from game.ui import tablewords, theme
from game.ui.director import LOG_LINES
from game.ui.layout import MARGIN
from game.ui.moves import PASS_LABELS, Offer, play_options
from game.ui.roundend import ordinal
from game.ui.sprites import BACK, UNDER_PILE, Flight, pile_angle, pile_offset
from game.ui.tween import ease_out_cubic

if TYPE_CHECKING:
    from game.ui.director import Bubble
    from game.ui.layout import TableLayout
    from game.ui.table import TableScene
    from game.ui.widgets import Button

__all__ = ["draw_table", "place_buttons", "refresh_buttons", "start_deal", "status_line"]


# --- the deal ---------------------------------------------------------------------------------
def start_deal(t: TableScene) -> None:
    """Empty the table and deal every hand from the stock, one card at a time."""
    g, d, layout = t.game, t.director, t.layout
    d.layout = layout
    d.model.sync(g, t.names)
    d.note_deal()
    counts = list(g.hand_counts)
    d.model.counts = [0] * g.seats
    d.model.pile, d.model.laid = [], 0  # (the engine's first card: serial 1, as on Continue)
    d.model.stock = g.stock_count + sum(counts) + 1
    d.model.current = -1  # nobody's turn is lit until the cards have landed (then resync)
    t.hand.cards.clear()
    t.hand.selection.clear()
    me = d.viewer
    mine = list(g.hand(me))
    big, small = layout.card[0], layout.small[0]
    order = [(g.dealer + 1 + i) % g.seats for i in range(g.seats)]
    step = 0.05 if sum(counts) < 40 else 0.03
    k = 0
    for round_ in range(max(counts, default=0)):
        for seat in order:
            if round_ >= counts[seat]:
                continue
            tween = t.animator.tween(0.34, ease_out_cubic, delay=step * k)
            if seat == me:
                card = mine[round_]
                # Aimed below at its gap in the hand, as a drawn card is: a hand sorted as
                # it fills slid each card from its place in the deal's order to its sorted
                # one, under the others.
                flip = card.code if d.reveal else None  # pass-and-play deals face down
                flight = Flight(
                    BACK, layout.stock.center, layout.stock.center, tween,
                    width0=big, width1=big, flip_to=flip, arc=20, tag="hand", card=card,
                )  # fmt: skip
                flight.on_land = _dealt(t, me, flight)
            else:
                land = _dealt(t, seat, None)
                flight = Flight(
                    BACK, layout.stock.center, d.seat_point(seat), tween,
                    a1=8, width0=big, width1=small, arc=16, on_land=land,
                )  # fmt: skip
            d.flights.append(flight)
            k += 1
    d.retarget_hand_flights()
    top = g.pile[-1] if g.pile else None
    if top is not None:
        serial = d.top_serial() + 1
        dx, dy = pile_offset(top, g.round_no, big, serial)
        c = layout.pile.center
        tween = t.animator.tween(0.4, ease_out_cubic, delay=step * k + 0.1)
        d.flights.append(
            Flight(
                BACK,
                layout.stock.center,
                (c[0] + dx, c[1] + dy),
                tween,
                a1=pile_angle(top, g.round_no, serial),
                width0=big,
                width1=big,
                flip_to=top.code,
                on_land=lambda: d._land_on_pile(top),
            )
        )
    t.play_sound("deal")


def _dealt(t: TableScene, seat: int, flight: Flight | None) -> Callable[[], None]:
    """A dealt card lands: one card less in the stock, one more at ``seat``; yours
    (``flight``) goes into your hand where it flew."""

    def land() -> None:
        t.director.model.stock -= 1
        if flight is None:
            t.director.model.counts[seat] += 1
        else:
            t.director.land_in_hand(flight)

    return land


# --- buttons ---------------------------------------------------------------------------------
def place_buttons(t: TableScene) -> None:
    """Centre the visible action buttons over your hand; corner buttons beside it."""
    layout = t.layout
    for b in (*t.action_buttons, t.sort_button, t.log_button, t.menu_button):
        b.rescale(layout.ui)
        b.show_hint = True
    shown = [b for b in t.action_buttons if b.visible and b is not t.stop_button]
    h, gap = layout.button_h, layout.px(12)
    x = _row_start(layout.hand_rect.centerx, shown, gap)
    if t.stop_button.visible:
        x = _place_stop(t, shown, x)
    for b in shown:
        w = b.preferred_width()
        b.rect = pygame.Rect(x, layout.buttons_y, w, h)
        x += w + gap
    left, right = layout.corner_left, layout.corner_right
    small_h = min(layout.px(36), (right.h - 8) // 2)
    t.sort_button.rect = pygame.Rect(left.x, left.bottom - small_h, left.w, small_h)
    t.log_button.rect = pygame.Rect(right.x, right.bottom - 2 * small_h - 8, right.w, small_h)
    t.menu_button.rect = pygame.Rect(right.x, right.bottom - small_h, right.w, small_h)


def _row_width(row: Sequence[Button], gap: int) -> int:
    """How wide a row of ``row`` buttons is, ``gap`` apart."""
    return sum(b.preferred_width() for b in row) + gap * max(0, len(row) - 1)


def _row_start(centre: int, row: Sequence[Button], gap: int) -> int:
    """Where a row of ``row`` buttons centred on ``centre`` starts."""
    return centre - _row_width(row, gap) // 2


def _place_stop(t: TableScene, row: list[Button], x: int) -> int:
    """Place "Stop Macau!" beside the row of buttons starting at ``x``; where the row starts
    then. It comes and goes with the other seats' moves, so it goes after the row, else
    before it, smaller if need be, and the buttons you are about to click stay where they
    were under the pointer. Only where it fits on neither side (a narrow window, or one
    beside the open log) does the row move over for it, as little as it can, then take
    smaller words, then leave out the keys beside them."""
    layout, stop = t.layout, t.stop_button
    y, h, gap = layout.buttons_y, layout.button_h, layout.px(12)
    # The row's room: the window, or up to the log where the log stands beside it.
    room = layout.size[0] - MARGIN
    if t.show_log and layout.log_rect.bottom > y:
        room = min(room, layout.log_rect.left - layout.px(4))
    sizes = [b.size for b in (stop, *row)]  # as scaled for the window

    def row_w() -> int:
        return _row_width(row, gap)

    def fit(start: int) -> int | None:
        """Stop's place beside a row starting at ``start``, if there is room."""
        width = stop.preferred_width()
        if not row:
            return layout.hand_rect.centerx - width // 2
        if start + row_w() + gap + width <= room:
            return start + row_w() + gap
        if start - gap - width >= MARGIN:
            return start - gap - width
        return None

    for scale in (1.0, 0.9, 0.8, 0.7):  # Stop alone smaller: the row stays put
        stop.size = round(sizes[0] * scale)
        at = fit(x)
        if at is not None:
            stop.rect = pygame.Rect(at, y, stop.preferred_width(), h)
            return x
    # Stop as small as it goes, the row moves over, then takes smaller words, then goes
    # without the keys beside them (the line above the hand still names Stop Macau!'s).
    for hints, scale in [(True, 1.0), (True, 0.9), (True, 0.8), (True, 0.7), (False, 0.7)]:
        for b, size in zip(row, sizes[1:], strict=True):
            b.size = round(size * scale)
            b.show_hint = hints
        stop.show_hint = hints
        start = max(MARGIN, min(x, room - (row_w() + gap + stop.preferred_width())))
        at = fit(start)
        if at is not None:
            break
    else:
        at = start + row_w() + gap  # narrower than any window: past the room
    stop.rect = pygame.Rect(at, y, stop.preferred_width(), h)
    return start


def refresh_buttons(t: TableScene) -> None:
    """Offer only what the rules allow now; dim the cards that cannot start a play."""
    g = t.game
    mine = t.my_turn
    offer = t.offer() if (mine or t.director.idle) else None
    before = [(b.visible, b.label) for b in t.action_buttons]
    t.draw_button.visible = mine and offer is not None and offer.draw
    t.draw_button.label = "Draw"
    if g.phase == Phase.ATTACK:
        taken = _taken(g, g.penalty)
        t.draw_button.label = f"Take {taken}" if taken else "Take none"
    t.pass_button.visible = mine and offer is not None and offer.pass_
    t.pass_button.label = PASS_LABELS.get(g.phase, "Pass")
    # Play stays up through your turn, greyed until a card is picked, so picking one does
    # not shift the row and put Play where Draw was under the pointer.
    t.play_button.visible = mine and offer is not None
    t.play_button.enabled = bool(t.hand.selection)
    t.macau_button.visible = (
        mine and g.rules.macau_call == "required" and offer is not None and t.flow.call_fits(offer)
    )
    if not t.macau_button.visible and not t.flow.busy:
        # (cards held over the pile while a chooser asks: the call made before stays)
        t.macau_button.on = t.macau_on = False
    t.stop_button.visible = offer is not None and bool(offer.stops) and not t.autoplay
    t.hint_button.visible = mine
    t.sort_button.visible = t.director.reveal  # no hand shown, nothing to sort
    # Up from the moment your going out has been seen (not before the card lands) until the
    # round is over: tied to the bots' moves, it blinked away under the pointer with each one.
    seen_out = all(s in t.director.model.places for s in t.humans)
    t.hurry_button.visible = t.can_hurry and seen_out
    if [(b.visible, b.label) for b in t.action_buttons] != before:
        place_buttons(t)
    key = (t.version, mine, tuple(t.hand.selection), len(t.hand.cards), t.director.idle)
    if key != t._bright_key:
        t._bright_key = key
        if mine and offer is not None:
            t.bright = _bright(t, offer)
        else:
            t.bright = {hc.uid for hc in t.hand.cards}
        if t.play_button.enabled:
            t.play_button.primary = play_options(
                g, t.viewer, t.hand.selected_cards(), t.offer()
            ).legal


def _bright(t: TableScene, offer: Offer) -> set[int]:
    """The selected cards, and the cards that may come next in a legal play (as the table
    lays it: a group's middle goes down in hand order, whatever order it was picked in)."""
    if not offer.complete and t.hand.selection:
        # Not every play is listed (a big hand with stand-in jokers): any card may follow.
        return {hc.uid for hc in t.hand.cards}
    nexts = offer.may_follow(tuple(t.hand.selected_cards()), compile_rules(t.game.rules))
    return {hc.uid for hc in t.hand.cards if hc.uid in t.hand.selection or hc.card in nexts}


# --- drawing ---------------------------------------------------------------------------------
def draw_table(t: TableScene, surface: pygame.Surface) -> None:
    """The whole table, back to front."""
    surface.blit(theme.felt(surface.get_size()), (0, 0))
    now = t.animator.now
    _draw_centre(t, surface)
    for area in t.layout.areas[1:]:
        _draw_seat(t, surface, t.director.seat_at(area.seat), now)
    _draw_you(t, surface)
    _draw_hand(t, surface)
    _draw_floating(t, surface, now)
    _draw_words(t, surface, now)
    t.widgets.draw(surface)
    if t.show_log:
        _draw_log(t, surface)
    _draw_dragged(t, surface)
    if t.confetti is not None:
        t.confetti.draw(surface, now)


def _draw_centre(t: TableScene, surface: pygame.Surface) -> None:
    layout, m, img = t.layout, t.director.model, t.images
    w = layout.card[0]
    stock = layout.stock
    for i in range(min(6, max(0, (m.stock + 7) // 8))):
        img.blit_card(surface, BACK, w, (stock.centerx - i, stock.centery - i * 2), shadow=i == 0)
    if m.stock <= 0:
        pygame.draw.rect(surface, (*theme.FELT_DARK,), stock, 2, border_radius=8)
    px = layout.px
    # In the words' own colour: muted, it read at 2.8:1 on the felt's light middle.
    label = theme.text(f"Stock {max(0, m.stock)}", px(15), theme.TEXT)
    surface.blit(label, label.get_rect(midtop=(stock.centerx, stock.bottom + px(8))))
    _draw_flights(t, surface, t.animator.now, under_pile=True)
    pile_c = layout.pile.center
    if not m.pile:
        pygame.draw.rect(surface, theme.FELT_DARK, layout.pile, 2, border_radius=8)
    for at, card in enumerate(m.pile):
        serial = m.serial(at)
        dx, dy = pile_offset(card, t.game.round_no, w, serial)
        img.blit_card(
            surface,
            card.code,
            w,
            (pile_c[0] + dx, pile_c[1] + dy),
            pile_angle(card, t.game.round_no, serial),
        )
    if m.declared_top is not None:
        tag = theme.text(f"= {m.declared_top.pretty}", px(18), theme.INK, True)
        box = tag.get_rect(midtop=(pile_c[0], layout.pile.bottom + px(8))).inflate(px(16), px(8))
        theme.blit_panel(surface, box, (250, 246, 232, 240), None, radius=10)
        surface.blit(tag, tag.get_rect(center=box.center))
    head, sub = m.marker
    if head:
        right = layout.log_rect.left if t.show_log else surface.get_width()
        tagged = m.declared_top is not None
        a, b, r = tablewords.fit_marker(layout, head, sub, tagged, right, t.names)
        theme.blit_panel(surface, r, (*theme.PANEL, 215), (*theme.ACCENT, 200), radius=12)
        surface.blit(a, a.get_rect(midleft=(r.x + px(14), r.y + r.h // 3 + px(2))))
        surface.blit(b, b.get_rect(midleft=(r.x + px(14), r.y + 2 * r.h // 3 + px(4))))
    if m.penalty > 0 or m.penalty_shown >= 1:
        p = layout.penalty
        sw = layout.small[0]
        shown = min(int(m.penalty_shown + 0.999), 14)
        for i in range(shown):
            img.blit_card(
                surface,
                BACK,
                sw,
                (p.centerx, p.centery - i * 3 + 10),
                -8 + (i * 37 % 17),
                shadow=i == 0,
            )
        if m.penalty <= 0:
            return  # the taken stack is still pouring out: no count to show
        # What taking it draws, as the Take button says (once the table has caught up with
        # the game's stack), and still while the pile is shuffled in for the take.
        g = t.game
        caught_up = g.phase == Phase.ATTACK and g.penalty == m.penalty
        taken = None if caught_up else t.director.stack_drawn()
        drawn = _taken(g, m.penalty) if caught_up else m.penalty if taken is None else taken
        pill, box = penalty_pill(layout, drawn, _owner(t), t.names)
        theme.blit_panel(surface, box, (*theme.DANGER_FILL, 240), None, radius=box.h // 2)
        surface.blit(pill, pill.get_rect(center=box.center))


def _taken(g: Game, penalty: int) -> int:
    """What taking ``penalty`` draws: a penalty beyond what is left to draw is drawn as far
    as it goes and the rest is forgiven (RULES §2.6)."""
    return min(penalty, g.drawable())


def marker_box(
    layout: TableLayout, needed: int, tagged: bool, right: int | None = None
) -> pygame.Rect:
    """Where a marker ``needed`` pixels wide goes: beside the pile, widened towards the next
    seat as far as needed; where a seat at the side is in the way (the log open, a short
    window), above the pile, else under it (below a joker's "= A♥" tag when there is one);
    and where none has the room, the widest of them."""
    spot = tablewords.marker_spot(layout, needed, tagged, right)
    return spot if spot is not None else tablewords.widest_marker_spot(layout, tagged, right)


def penalty_pill(
    layout: TableLayout, penalty: int, owner: str = "", names: Sequence[str] = ()
) -> tuple[pygame.Surface, pygame.Rect]:
    """The words of a waiting stack and their box under the stack, clear of a seat at the
    side (a narrow table, the log open). Yours reads "To draw: 5" (shorter, "Draw 5", where a
    seat is in the way; then the box moves in towards the stock); another seat's names it,
    "North draws 5", kept left of the stock and its count, the name cut short as the seat
    boxes cut it (among ``names``) where the room between the seat and the stock is short."""
    if owner:
        return tablewords.owner_pill(layout, penalty, owner, tuple(names))
    p, px = layout.penalty, layout.px
    seats = [a.rect for a in layout.areas if a.side in ("left", "right")]
    pill, box = theme.text("", px(18)), pygame.Rect(0, 0, 0, 0)
    for words in (f"To draw: {penalty}", f"Draw {penalty}"):
        pill = theme.text(words, px(18), theme.TEXT, True)
        box = pill.get_rect(midtop=(p.centerx, p.bottom - px(12))).inflate(px(18), px(8))
        if box.collidelist(seats) < 0:
            break
    for seat in seats:
        if box.colliderect(seat) and seat.centerx < p.centerx:
            box.left = seat.right + px(6)
    return pill, box


def _draw_seat(t: TableScene, surface: pygame.Surface, seat: int, now: float) -> None:
    area = t.layout.areas[t.director.slot(seat)]
    r, m, px = area.rect, t.director.model, t.layout.px
    acting = m.current == seat and not t.game.over
    if acting:
        glow = 0.6 + 0.4 * math.sin(now * 4)
        theme.blit_panel(
            surface,
            r.inflate(10, 10),
            (*theme.GOLD, round(60 * glow)),
            None,
            radius=18,
            shadow=False,
        )
    edge = (*theme.GOLD, 255) if acting else (*theme.PANEL_EDGE, 120)
    theme.blit_panel(surface, r, (*theme.PANEL, 170), edge, radius=14)
    room = r.w - px(24)
    full, bot_level = t.names[seat], t.levels[seat]
    shown, level_text = seat_words(full, bot_level, room, px)
    still = t.director.idle or t.director.mulling == seat
    thinking = acting and seat in t.bots and still and not t.flow.busy
    dots_w = px(40)  # the thinking dots after the name, and the space before them
    # A bot's box shows its dots only where they fit after its name and level as they would
    # stand anyway, so that those do not jump when it starts thinking. Where they do not fit,
    # the name keeps the room: the box's glow and the line above your hand say it thinks.
    if thinking:
        spare = room - theme.text_size(shown, px(18), True)[0]
        if level_text:
            spare -= theme.text_size(level_text, px(14))[0] + px(8)
        thinking = spare >= dots_w and shown == full
    # A level with no room beside the name, whole, goes under it rather than be cut short
    # or left out: it is what tells a bot from a person. A name cut short keeps what tells
    # it from the others at the table ("Katarzyna K." beside "Katarzyna N.").
    below = bot_level if level_text != bot_level else ""
    if below:
        level_text = ""
    if shown != full:
        beside = theme.text_size(level_text, px(14))[0] + px(8) if level_text else 0
        shown = theme.fit_name(full, px(18), room - beside, True, t.names)
    level = theme.text(level_text, px(14), theme.MUTED)
    name = theme.text(shown, px(18), theme.GOLD if acting else theme.TEXT, True)
    surface.blit(name, (r.x + px(12), r.y + px(8)))
    surface.blit(level, level.get_rect(topright=(r.right - px(12), r.y + px(11))))
    dots_x = r.x + px(12) + name.get_width() + px(12)
    count = m.counts[seat] if seat < len(m.counts) else 0
    place = m.places.get(seat)
    cx, cy = area.fan_centre
    sw, _sh = t.layout.small
    medal_box = _medal_box(t, seat)
    if place and medal_box is not None:
        medal = theme.text(ordinal(place), px(26), theme.GOLD, True)
        surface.blit(medal, medal.get_rect(center=medal_box.center))
    else:
        fanned = min(count, 10)
        room = r.w - 40 - sw
        step = min(sw * 0.42, room / max(1, fanned - 1)) if fanned > 1 else 0
        x0 = cx - step * (fanned - 1) / 2
        for i in range(fanned):
            ang = (i - (fanned - 1) / 2) * -3
            t.images.blit_card(
                surface, BACK, sw, (x0 + i * step, cy + 4 + abs(ang) * 0.6), ang, shadow=i == 0
            )
    if below:  # over the fan's edge, as the count is
        _draw_level_below(surface, below, r, r.y + px(8) + name.get_height(), px)
    badge = theme.text(str(count), px(16), theme.INK, True)
    b = pygame.Rect(0, 0, max(px(26), badge.get_width() + px(12)), px(24))
    b.center = (r.right - px(22), r.bottom - px(18))
    theme.blit_panel(surface, b, (250, 244, 226, 250), None, radius=b.h // 2, shadow=False)
    surface.blit(badge, badge.get_rect(center=b.center))
    tokens_at = (r.x + px(14), r.bottom - px(18))
    missed = m.missed[seat] if seat < len(m.missed) else 0
    ui, clear = t.layout.ui, b.left - px(4)  # the signs stop short of the count's badge
    _draw_tokens(surface, missed, tokens_at, scale=ui, right=clear)
    if seat == m.skips_target and m.skips and t.game.phase == Phase.SKIP:
        _draw_tokens(surface, m.skips, tokens_at, pending=True, scale=ui, right=clear)
    if thinking:
        for i in range(3):
            alpha = 0.35 + 0.65 * max(0.0, math.sin(now * 5 - i * 0.8))
            pygame.draw.circle(
                surface,
                (*theme.TEXT,),
                (dots_x + px(12 * i), r.y + px(19)),
                round(px(3) * alpha) + 1,
            )


def _draw_level_below(
    surface: pygame.Surface, level: str, box: pygame.Rect, top: int, px: Callable[[float], int]
) -> None:
    """A bot's level on a small dark tag at the right of its box, just under the name."""
    words = theme.text(level, px(13), theme.MUTED)
    tag = words.get_rect(topright=(box.right - px(12), top)).inflate(px(10), px(2))
    theme.blit_panel(surface, tag, (*theme.PANEL, 235), None, radius=tag.h // 2, shadow=False)
    surface.blit(words, words.get_rect(center=tag.center))


def seat_words(name: str, level: str, room: int, px: Callable[[float], int]) -> tuple[str, str]:
    """A seat box's name and bot level as they fit in ``room`` pixels. The name comes first
    (it is how the log and the bubbles speak of the seat): the level gives way to it,
    shortened or left out, before a long name ends in "…"."""
    if level:
        spare = room - theme.text_size(name, px(18), True)[0] - px(8)
        if spare < theme.text_size(level, px(14))[0]:
            level = theme.fit(level, px(14), spare)
            if len(level) < 4 or theme.text_size(level, px(14))[0] > spare:
                level = ""  # "m…" says nothing: better no level at all
    if level:
        room -= theme.text_size(level, px(14))[0] + px(8)
    return theme.fit(name, px(18), room, True), level


TOKENS_SHOWN = 4  # missed turns shown one sign each; more read as one sign and "×7"


def _draw_tokens(
    surface: pygame.Surface,
    n: int,
    at: tuple[int, int],
    pending: bool = False,
    scale: float = 1.0,
    right: int | None = None,
) -> None:
    """A pause sign for each missed turn (outlined while still pending), the first centred
    at ``at``; more than ``TOKENS_SHOWN``, or more than fit before ``right``, read as one
    sign and their number ("×7": two decks make up to eight), or, with no room for that
    before ``right``, as the number in the sign."""
    if n <= 0:
        return
    radius, bar, half = round(9 * scale), max(2, round(3 * scale)), round(4 * scale)
    step = round(20 * scale)
    fits = TOKENS_SHOWN if right is None else (right - (at[0] + radius)) // step + 1
    signs = n if n <= min(TOKENS_SHOWN, fits) else 1
    count = theme.text(f"×{n}", round(16 * scale), theme.TEXT, True)
    box = count.get_rect(midleft=(at[0] + radius + round(6 * scale), at[1]))
    pill = box.inflate(round(8 * scale), round(2 * scale))
    tight = signs < n and right is not None and pill.right > right
    for i in range(signs):
        c = (at[0] + i * step, at[1])
        pygame.draw.circle(surface, (90, 20, 20) if not pending else theme.FELT_DARK, c, radius)
        pygame.draw.circle(surface, theme.DANGER, c, radius, 0 if not pending else 2)
        if tight:  # no room for the number after the sign: the number in it instead
            digits = theme.text(str(n), round((13 if n < 10 else 10) * scale), theme.TEXT, True)
            surface.blit(digits, digits.get_rect(center=c))
            return
        for x in (c[0] - bar, c[0] + bar):
            pygame.draw.line(surface, theme.TEXT, (x, c[1] - half), (x, c[1] + half), 2)
    if signs < n:
        # On a dark pill: beside a seat's fanned cards the words would be lost on their backs.
        theme.blit_panel(surface, pill, (90, 20, 20, 235), None, radius=pill.h // 2, shadow=False)
        surface.blit(count, box)


def _draw_you(t: TableScene, surface: pygame.Surface) -> None:
    left, m, me = t.layout.corner_left, t.director.model, t.viewer
    px = t.layout.px
    acting = m.current == me and not t.game.over
    # A long name may use the felt up to the hand's first card, not just the corner.
    room = left.w - 8
    if t.hand.cards:
        first = min(t.hand.centre(hc, t.layout)[0] for hc in t.hand.cards)
        room = max(room, round(first) - t.layout.card[0] // 2 - px(16) - left.x)
    # Cut short as the seat boxes cut it, keeping what tells two people of one first name
    # apart: at pass-and-play this label says whose hand is face up.
    shown = theme.fit_name(t.names[me], px(20), room, True, t.names)
    label = theme.text(shown, px(20), theme.GOLD if acting else theme.TEXT, True)
    surface.blit(label, (left.x + 4, left.y + px(4)))
    place = m.places.get(me)
    if place:  # in place of "0 cards" (missed turns still owed no longer count then)
        medal = theme.text(ordinal(place) + " place", px(18), theme.GOLD, True)
        surface.blit(medal, (left.x + 4, left.y + px(29)))
        return
    held = m.counts[me] if m.counts else 0
    count = theme.text(f"{held} card{'' if held == 1 else 's'}", px(15), theme.MUTED)
    counted = surface.blit(count, (left.x + 4, left.y + px(30)))
    missed = m.missed[me] if m.missed else 0
    # After the count on its line: under it they met the Sort button on a short window.
    at = (counted.right + px(16), counted.centery)
    ui, clear = t.layout.ui, left.x + room
    _draw_tokens(surface, missed, at, scale=ui, right=clear)
    if me == m.skips_target and m.skips and t.game.phase == Phase.SKIP:  # coming your way
        _draw_tokens(surface, m.skips, at, pending=True, scale=ui, right=clear)


def _draw_hand(t: TableScene, surface: pygame.Surface) -> None:
    hand, layout, img = t.hand, t.layout, t.images
    w = layout.card[0]
    shown = t.director.reveal
    numbers: list[tuple[int, tuple[float, float], float]] = []  # drawn over every card
    for i, hc in enumerate(hand.cards):
        if hc.uid in hand.hidden:
            continue
        if not shown:  # pass-and-play between turns: the next player must not see this hand
            img.blit_card(surface, BACK, w, hand.centre(hc, layout), hc.angle)
            continue
        code = hc.card.code
        if hc.uid in hand.selection:
            code = "^" + code
        dim = hc.uid not in t.bright and not code.startswith("^")
        centre = hand.centre(hc, layout)
        img.blit_card(surface, code, w, centre, hc.angle, dim=dim, lifted=hc.lift)
        if len(hand.selection) > 1 and hc.uid in hand.selection:
            numbers.append((hand.selection.index(hc.uid) + 1, centre, hc.angle))
        if hand.cursor == i:
            x, y = centre[0], centre[1] + layout.card[1] / 2 + layout.px(6)
            tip = layout.px(8)
            pygame.draw.polygon(
                surface, theme.GOLD, [(x - tip, y + tip), (x + tip, y + tip), (x, y)]
            )
    if numbers:
        strip = hand.strip(layout)
        for number, centre, angle in numbers:
            _draw_pick_number(surface, number, centre, angle, layout, strip)


def _draw_pick_number(
    surface: pygame.Surface,
    number: int,
    centre: tuple[float, float],
    angle: float,
    layout: TableLayout,
    strip: float,
) -> None:
    """The place of a picked card in the order picked, in a gold disc (a pill for two
    digits) at the foot of the part of the card left in view, turned with the card, and
    drawn after every card so that the next one does not cover it. The play follows that
    order where the rules let it: the first picked leads, the last picked acts."""
    w, h = layout.card
    r = max(layout.px(7), min(round(w * 0.13), round(strip / 2) - 1))
    dx = -w / 2 + min(r + w * 0.06, strip / 2)
    dy = h / 2 - r - w * 0.07
    turn = math.radians(angle)  # (counterclockwise, as the card is turned)
    x = centre[0] + dx * math.cos(turn) + dy * math.sin(turn)
    y = centre[1] - dx * math.sin(turn) + dy * math.cos(turn)
    digits = theme.text(str(number), round(r * (1.3 if number < 10 else 1.05)), theme.INK, True)
    box = pygame.Rect(0, 0, max(2 * r, digits.get_width() + r), 2 * r)
    box.center = (round(x), round(y))
    pygame.draw.rect(surface, theme.GOLD, box, border_radius=r)
    pygame.draw.rect(surface, theme.INK, box, max(1, r // 8), border_radius=r)
    surface.blit(digits, digits.get_rect(center=box.center))


def _draw_floating(t: TableScene, surface: pygame.Surface, now: float) -> None:
    img, w = t.images, t.layout.card[0]
    flow = t.flow
    fan = t.layout.px(14)  # how far each further card of a group sits to the right
    for i, (_uid, card) in enumerate(flow.held):
        img.blit_card(
            surface, card.code, w, (flow.held_at[0] + fan * i, flow.held_at[1]), -4, lifted=1.0
        )
    _draw_flights(t, surface, now, under_pile=False)


def _draw_dragged(t: TableScene, surface: pygame.Surface) -> None:
    """The cards you drag, over everything on the table: words, buttons and the log."""
    d = t.flow.drag
    if d is None or not d.moving:
        return
    fan = t.layout.px(14)
    for i, uid in enumerate(d.uids):
        hc = t.hand.by_uid(uid)
        if hc is not None:
            pos = (d.pos[0] + d.grab[0] + fan * i, d.pos[1] + d.grab[1])
            code = hc.card.code if t.director.reveal else BACK  # (a hand put away)
            t.images.blit_card(surface, code, t.layout.card[0], pos, -3 + 2 * i, lifted=1.0)


def _draw_flights(t: TableScene, surface: pygame.Surface, now: float, under_pile: bool) -> None:
    """The cards in the air: those leaving from under the pile before its cards are drawn
    (so its top card stays in view), the rest over everything on the table."""
    img = t.images
    for flight in t.director.flights:
        if not flight.started(now) or (flight.tag == UNDER_PILE) != under_pile:
            continue
        centre, angle, width, code = flight.at(now)
        if flight.tag == "hand" and not t.director.reveal:
            code = BACK  # a card bound for a hand that must stay hidden
        squeeze = flight.squeeze(now)
        img.blit_card(surface, code, max(16, width), centre, angle, lifted=0.6, squeeze=squeeze)


def _draw_words(t: TableScene, surface: pygame.Surface, now: float) -> None:
    layout = t.layout
    px = layout.px
    toast = None
    if t.toast is not None:
        room = layout.log_rect.left if t.show_log else surface.get_width()  # the table's part
        penalty, owner = t.director.model.penalty, _owner(t)
        toast = _toast_box(t.toast[0], layout, room, penalty, owner, t.names, error=t.toast_error)
    width = surface.get_width()
    drawn: list[tuple[Bubble, pygame.Rect]] = []
    for bubble in t.director.bubbles:
        p = bubble.tween.raw(now)
        if bubble.keep_off is None:
            # Clear, all its life, of the words already shown where they will still be (at a
            # crowded table in a small window two seats' words can fall on one spot). Fixed as
            # it comes, so it neither shrinks away from them as they rise nor jumps back as
            # they go.
            bubble.keep_off = {}
            for other, box in drawn:
                last = bubble_box(t, other, 1.0, width, _kept_off(other))[1]
                held = box.union(last)
                before = bubble.keep_off.get(other.seat)
                if before is not None:
                    held.union_ip(before)
                bubble.keep_off[other.seat] = (held.x, held.y, held.w, held.h)
        words, box = bubble_box(t, bubble, p, width, _kept_off(bubble))
        drawn.append((bubble, box))
        if toast is not None and box.colliderect(toast[1]):
            continue  # (your own "♣ Clubs!" under a refusal: the pile shows the suit named)
        fade = 1.0 if p < 0.75 else max(0.0, (1 - p) / 0.25)
        panel = _bubble_surface(box.size, round(255 * fade))
        surface.blit(panel, (box.x - 6, box.y - 6))
        words_faded = words if fade >= 1 else _faded(words, round(255 * fade))
        surface.blit(words_faded, words.get_rect(center=box.center))
    placed = status_images(t, surface.get_width())
    if not (toast is not None and any(at.colliderect(toast[1]) for _, at in placed)):
        for image, at in placed:  # (a message over the line speaks for it)
            surface.blit(image, at)
    if t.toast is not None and toast is not None:
        _message, tween = t.toast
        left = (1 - tween.raw(now)) * tween.duration  # seconds still shown; the last half fades
        alpha = 255 if left >= 0.5 else round(255 * left / 0.5)
        lines, box = toast
        fill = theme.DANGER_FILL if t.toast_error else theme.PANEL
        edge = None if t.toast_error else (*theme.GOLD, min(220, alpha))
        radius = min(box.h // 2, lines[0].get_height() // 2 + px(7))
        theme.blit_panel(surface, box, (*fill, min(235, alpha)), edge, radius=radius)
        y = box.y + px(7)
        for img in lines:
            shown = img if alpha >= 255 else _faded(img, alpha)
            surface.blit(shown, shown.get_rect(midtop=(box.centerx, y)))
            y += img.get_height()


def _owner(t: TableScene) -> str:
    """Who owes the waiting stack, by name: "" when it is you (or nobody)."""
    target = t.director.model.penalty_target
    return t.names[target] if 0 <= target < len(t.names) and not _you(t, target) else ""


def _you(t: TableScene, seat: int) -> bool:
    """Whether the table's words may call ``seat`` "you": the hand shown is its own (between
    two people's turns at a pass-and-play table the hand shown is nobody's, face down)."""
    return seat == t.viewer and t.director.reveal


def status_images(t: TableScene, width: int) -> list[tuple[pygame.Surface, pygame.Rect]]:
    """The line under the table, drawn and placed within the table's part of the window: a
    long one takes a smaller size, then a second line above it."""
    hint = status_line(t)
    if not hint:
        return []
    layout = t.layout
    px = layout.px
    # Centred over the hand, and clear of the log's panel when it is open (the hand is not
    # always centred between the window's edge and the log: an 800×600 screen), and of the
    # side seats' boxes reaching down beside its lines (a crowded table in a small window).
    x = layout.hand_rect.centerx
    edge = layout.log_rect.left if t.show_log else width

    def room(lines: int, step: int) -> int:
        """The width ``lines`` lines of ``step`` pixels each have above the buttons."""
        top, bottom = layout.hint_y - (lines - 0.5) * step, layout.hint_y + step / 2
        left, right = 0, edge
        for area in layout.areas[1:]:
            r = area.rect
            if area.side in ("left", "right") and r.bottom > top and r.top < bottom:
                if r.centerx < x:
                    left = max(left, r.right)
                else:
                    right = min(right, r.left)
        return max(px(120), 2 * min(x - left - px(20), right - px(20) - x))

    size = px(17)
    wide, high = theme.text_size(hint, size)
    if wide > room(1, high):
        size = px(15)
        high = theme.text_size(hint, size)[1]
    lines = [hint]
    for _ in range(4):  # more lines reach higher, where more boxes may narrow them
        fitted = theme.wrap(hint, size, room(len(lines), high))
        settled, lines = len(fitted) <= len(lines), fitted
        if settled:
            break
    images = [theme.text(line, size, theme.TEXT) for line in lines]
    step = images[0].get_height()
    last = len(images) - 1
    return [
        (image, image.get_rect(center=(x, layout.hint_y - (last - i) * step)))
        for i, image in enumerate(images)
    ]


def status_line(t: TableScene) -> str:
    """The line under the table: who may be caught for a forgotten Macau while you may catch
    them, else what you may do now, or which bot is thinking."""
    catch = _catch_line(t)
    if catch:
        return catch
    if t.hurrying and not t.game.over:  # said until the round is over, however long it takes
        return t.hurry_words
    hint = t.flow.phase_hint()
    current = t.director.model.current
    # Only while nothing moves, as the seat's own thinking dots: a bot thinks once the deal,
    # or the move before it, has landed.
    still = t.director.idle or t.director.mulling == current
    if not hint and not t.game.over and current in t.bots and still and not t.autoplay:
        hint = f"{t.names[current]} is thinking…"
    missed = t.director.model.missed
    owed = missed[t.viewer] if t.viewer < len(missed) and _you(t, t.viewer) else 0
    if owed and not hint.startswith("You") and not t.game.over and not t.autoplay:
        # The pause signs under your name, in words: a wait accepted costs turns to come.
        you = "You sit out your next turn" if owed == 1 else f"You sit out your next {owed} turns"
        hint = f"{you} · {hint}" if hint else you
    return hint


def _catch_line(t: TableScene) -> str:
    """While a seat that forgot to call Macau may be caught by a person here (the Stop Macau
    button is up): who forgot, and what the button does to them."""
    if t.autoplay or t.game.over or not t.director.idle or not t.offer().stops:
        return ""
    target = t.offer().stops[0]
    # "you" only to the hand shown (pass-and-play: another person may catch you)
    return catch_words(t, target, _you(t, target))


def catch_words(t: TableScene, target: int, you: bool) -> str:
    """Who forgot to call Macau, and what Stop Macau! does to them (to "you" if ``you``)."""
    penalty = t.game.rules.macau_penalty
    n = _taken(t.game, penalty)  # a short pack gives what it has, the rest forgiven
    who = "you" if you else "them"
    if not penalty:
        does = f"catches {who} (no penalty)"
    elif not n:
        does = f"catches {who} (nothing is left to draw)"
    else:
        does = f"makes {who} draw {n}"
    if you:
        return f"You forgot to call Macau: Stop Macau! (S) from another player {does}"
    return f"{t.names[target]} forgot to call Macau: Stop Macau! (S) {does}"


def _kept_off(bubble: Bubble) -> list[pygame.Rect]:
    """The boxes ``bubble`` keeps off (``Bubble.keep_off``)."""
    return [pygame.Rect(box) for box in (bubble.keep_off or {}).values()]


def bubble_box(
    t: TableScene,
    bubble: Bubble,
    p: float,
    width: int,
    keep_off: Iterable[pygame.Rect] = (),
) -> tuple[pygame.Surface, pygame.Rect]:
    """``_bubble_place``, with the pile's own words ("+2", "Cut!") kept off the marker of
    the suit or rank in force where the marker sits above the pile (the log open, a short
    window): they go above the marker, or under it at the top of the window."""
    words, box = _bubble_place(t, bubble, p, width, keep_off)
    marker = _marker_box(t, width) if bubble.seat < 0 else None
    if marker is not None and box.colliderect(marker):
        gap = t.layout.px(8)
        box.bottom = marker.top - gap
        if box.top < 0:
            box.top = marker.bottom + gap
    return words, box


def _marker_box(t: TableScene, width: int) -> pygame.Rect | None:
    """Where the marker of the suit or rank in force is drawn, if one is."""
    head, sub = t.director.model.marker
    if not head:
        return None
    right = t.layout.log_rect.left if t.show_log else width
    tagged = t.director.model.declared_top is not None
    return tablewords.fit_marker(t.layout, head, sub, tagged, right, t.names)[2]


def _bubble_place(
    t: TableScene,
    bubble: Bubble,
    p: float,
    width: int,
    keep_off: Iterable[pygame.Rect] = (),
) -> tuple[pygame.Surface, pygame.Rect]:
    """A bubble's words and where its box goes, ``p`` of the way through its life: by its
    seat (rising a little) without covering that seat's name or any other seat, within its
    seat's share of a row of seats, inside the window and clear of the log, of the buttons
    over the play area, of ``keep_off`` (other seats' words) and of the marker of the suit or
    rank in force. Words too wide for the first place take a smaller size, then the next place
    is tried; at the smallest size, words too wide for the window are cut short."""
    layout = t.layout
    px = layout.px
    right = layout.log_rect.left if t.show_log else width
    slot = t.director.slot(bubble.seat) if bubble.seat >= 0 else -1
    others = [a.rect for i, a in enumerate(layout.areas) if i not in (0, slot)]
    if slot > 0 and layout.areas[slot].side != "top":
        # A top seat's own bubbles go under its box: a side seat's keep out of that band.
        band = px(46)
        others = [
            a.rect.inflate(0, band).move(0, band // 2) if a.side == "top" else a.rect
            for i, a in enumerate(layout.areas)
            if i not in (0, slot)
        ]
    others.extend(button.rect for button in t.play_area_buttons())
    # A seat's words never hide the marker (whose turn a request lasts through), at any point
    # of their rise: a place that would meet it later is passed over now, so none jumps aside.
    marker = _marker_box(t, width) if slot >= 0 else None
    ink = theme.DANGER if bubble.loud else theme.INK
    largest, smallest = px(24 if bubble.loud else 19), px(14)
    text, lead = bubble.text, bubble.lead
    widest = right - px(16) - px(22)
    if _bubble_words(text, lead, smallest, ink).get_width() > widest:
        text, lead = _cut(text, smallest, widest), _cut(lead, smallest, widest)
    sizes = [*range(largest, smallest, -px(3)), smallest]
    places = _bubble_places(layout, slot, _medal_box(t, bubble.seat) if slot > 0 else None)
    # Too long for every place (a crowded table in a small window): the smallest words, cut
    # short to the room of the first place they then fit.
    fits: list[tuple[pygame.Surface, pygame.Rect]] = []

    def meets(place: _Place, box: pygame.Rect, avoid: list[pygame.Rect]) -> bool:
        """Whether words of ``box``'s size at ``place`` meet other seats' words at any point
        of their rise (so a choice made against them holds all their life)."""
        return bool(avoid) and any(
            place(pygame.Rect((0, 0), box.size), end, right)[0].collidelist(avoid) >= 0
            for end in (0.0, 1.0)
        )

    def clear_place(avoid: list[pygame.Rect]) -> tuple[pygame.Surface, pygame.Rect] | None:
        # Where every place meets the marker (a small window with the log open), the first
        # that fits clear of all else, as it would without the marker.
        beside_marker: list[tuple[pygame.Surface, pygame.Rect]] = []

        def clear(place: _Place, box: pygame.Rect, words: pygame.Surface) -> bool:
            if box.collidelist(others) >= 0 or meets(place, box, avoid):
                return False
            if marker is None or not any(
                place(pygame.Rect((0, 0), box.size), end, right)[0].colliderect(marker)
                for end in (0.0, 1.0)
            ):
                return True
            if not beside_marker:
                beside_marker.append((words, box))
            return False

        for place in places:
            for size in sizes:
                words = _bubble_words(text, lead, size, ink)
                box, room = place(words.get_rect().inflate(px(22), px(12)), p, right)
                if room.contains(box) and clear(place, box, words):
                    return words, box
        if beside_marker:
            return beside_marker[0]
        fits.clear()
        for place in places:
            room = place(pygame.Rect(0, 0, 1, 1), p, right)[1]
            cut = _cut(text, smallest, room.w - px(22))
            cut_lead = _cut(lead, smallest, room.w - px(22))
            words = _bubble_words(cut, cut_lead, smallest, ink)
            box = place(words.get_rect().inflate(px(22), px(12)), p, right)[0]
            if room.contains(box) and clear(place, box, words):
                return words, box
            fits.append((words, box))
        return None

    # Clear of the other seats' words where a place is (if need be with smaller words, or cut
    # short), even if only the first place, short of room, is; else as if they were not there.
    theirs = list(keep_off)
    found = clear_place(theirs)
    if found is None and theirs:
        if not meets(places[0], fits[0][1], theirs):
            return fits[0]
        found = clear_place([])
    return found or fits[0]


def _medal_box(t: TableScene, seat: int) -> pygame.Rect | None:
    """Where a seat that went out shows its place in its box (``_draw_seat``), if it does."""
    m = t.director.model
    place = m.places.get(seat)
    if not place or (m.counts[seat] if seat < len(m.counts) else 0):
        return None
    cx, cy = t.layout.areas[t.director.slot(seat)].fan_centre
    box = pygame.Rect((0, 0), theme.text_size(ordinal(place), t.layout.px(26), True))
    box.center = (cx, cy + 4)
    return box


def _cut(words: str, size: int, room: int) -> str:
    """A bubble's line cut short to ``room`` at ``size``."""
    return theme.fit(words, size, room, True) if words else words


def _bubble_words(text: str, lead: str, size: int, ink: theme.Colour) -> pygame.Surface:
    """A bubble's words: its ``text``, under the cards its seat has just laid (``lead``)."""
    if not lead:
        return theme.text(text, size, ink, True)
    return _two_lines(lead, text, size, ink, theme.four_colour_text())


@lru_cache(maxsize=64)
def _two_lines(
    lead: str, text: str, size: int, ink: theme.Colour, four_colour: bool
) -> pygame.Surface:
    """The cards laid over the words; kept by the ink of their pips too (``four_colour``)."""
    cards = theme.text(lead, max(12, round(size * 0.8)), theme.INK, True)
    words = theme.text(text, size, ink, True)
    out = pygame.Surface(
        (max(cards.get_width(), words.get_width()), cards.get_height() + words.get_height()),
        pygame.SRCALPHA,
    )
    out.blit(cards, cards.get_rect(midtop=(out.get_width() // 2, 0)))
    out.blit(words, words.get_rect(midbottom=(out.get_width() // 2, out.get_height())))
    return out


_Place = Callable[[pygame.Rect, float, int], tuple[pygame.Rect, pygame.Rect]]


def _bubble_places(
    layout: TableLayout, slot: int, medal: pygame.Rect | None = None
) -> list[_Place]:
    """Where a bubble at layout ``slot`` (-1: the pile) may go, best first: each puts a box
    of the bubble's size there, ``p`` of the way through its life, and gives the room it must
    stay in. A seat at the top: under its box, else over its cards (under its name; beside
    the place it won, ``medal``, once it has gone out). A seat at the side: over its box,
    else beside it towards the middle of the table."""
    px, u = layout.px, layout.ui

    def clamped(box: pygame.Rect, right: int) -> pygame.Rect:
        box.right = min(box.right, right - px(8))
        box.left = max(box.left, px(8))
        return box

    def window(right: int) -> pygame.Rect:
        return pygame.Rect(px(8), 0, right - px(16), layout.size[1])

    if slot < 0:

        def over_pile(box: pygame.Rect, p: float, right: int) -> tuple[pygame.Rect, pygame.Rect]:
            box.center = (layout.pile.centerx, round(layout.pile.top - u * (10 + 30 * p)))
            return clamped(box, right), window(right)

        def still(box: pygame.Rect, p: float, right: int) -> tuple[pygame.Rect, pygame.Rect]:
            # Where its rise would meet a seat's words (those of the seat across, in a
            # small window): over the pile's top without rising.
            box.center = (layout.pile.centerx, round(layout.pile.top - u * 10))
            return clamped(box, right), window(right)

        return [over_pile, still]
    if slot == 0:

        def centre(box: pygame.Rect, p: float, right: int) -> tuple[pygame.Rect, pygame.Rect]:
            box.center = (layout.hand_rect.centerx, round(layout.hint_y - u * (40 + 12 * p)))
            # Over your hand, but clear of the stock's count (a short window brings the two
            # close): to its side, towards the middle of the table.
            count = pygame.Rect(0, 0, layout.stock.w + px(12), px(30))
            count.midtop = (layout.stock.centerx, layout.stock.bottom)
            if box.colliderect(count):
                if count.centerx <= box.centerx:
                    box.left = count.right + px(6)
                else:
                    box.right = count.left - px(6)
            return clamped(box, right), window(right)

        return [centre]
    area = layout.areas[slot]
    r = area.rect
    if area.side == "top":
        row = [a.rect for a in layout.areas if a.side == "top"]

        def share(right: int) -> pygame.Rect:
            """Up to half way to the next box in the row (or the edge of the table)."""
            before = [b.right for b in row if b.right <= r.left]
            after = [b.left for b in row if b.left >= r.right]
            left = (max(before) + r.left) // 2 if before else px(8)
            end = (r.right + min(after)) // 2 if after else right - px(8)
            return pygame.Rect(left, 0, end - left, layout.size[1])

        def under(box: pygame.Rect, p: float, right: int) -> tuple[pygame.Rect, pygame.Rect]:
            box.midtop = (r.centerx, r.bottom + px(2) + round(u * 8 * (1 - p)))
            for held in layout.reserved:  # the Scores button under the box: beside it
                if box.colliderect(held):
                    if held.centerx >= box.centerx:
                        box.right = held.left - px(6)
                    else:
                        box.left = held.right + px(6)
            room = share(right)
            if box.w <= room.w:
                box.clamp_ip(room)
            _clear_of_seats(box, layout, slot, right)
            return box, room

        def over_cards(box: pygame.Rect, p: float, right: int) -> tuple[pygame.Rect, pygame.Rect]:
            box.midtop = (r.centerx, r.top + px(32) + round(u * 8 * (1 - p)))
            if medal is not None and box.colliderect(medal):
                # A seat that went out shows its place there: beside it, not over it (on
                # its left past the box's edge rather than pushed back over it by the
                # window's, for a seat at the right end of the row).
                box.right = medal.left - px(4)
                if box.left < r.left + px(4):
                    box.left = medal.right + px(4)
                    if box.right > right - px(8):
                        box.right = medal.left - px(4)
            return clamped(box, right), share(right)

        return [under, over_cards]

    def above(box: pygame.Rect, p: float, right: int) -> tuple[pygame.Rect, pygame.Rect]:
        box.midbottom = (r.centerx, r.top - px(2) - round(u * 8 * p))
        return clamped(box, right), window(right)

    def beside(box: pygame.Rect, p: float, right: int) -> tuple[pygame.Rect, pygame.Rect]:
        box.centery = round(r.centery - u * 8 * p)
        if area.side == "left":
            box.left = r.right + px(6)
        else:
            box.right = r.left - px(6)
        return box, window(right)

    return [above, beside]


def _clear_of_seats(box: pygame.Rect, layout: TableLayout, slot: int, width: int) -> None:
    """Move a seat's bubble off any other seat's box it would cover (at a crowded table a top
    seat's bubble falls on the side seat below it): beside that box, towards the middle."""
    gap = layout.px(6)
    for i, area in enumerate(layout.areas):
        if i == slot or i == 0 or not box.colliderect(area.rect):
            continue
        if area.rect.centerx > width // 2:
            box.right = area.rect.left - gap
        else:
            box.left = area.rect.right + gap
        return


def _toast_box(
    message: str,
    layout: TableLayout,
    width: int,
    penalty: int = 0,
    owner: str = "",
    names: Sequence[str] = (),
    *,
    error: bool = False,
) -> tuple[list[pygame.Surface], pygame.Rect]:
    """The lines of a message (an ``error``'s on red: its pips in the words' colour) and its
    box. Long messages (a rule's reason, a storage problem) wrap to the window's width,
    growing upwards from where a one-line message sits; if that would cover a seat at the
    side, they wrap to the room between the side seats instead.
    The box keeps clear of the stock's "Stock N" and a waiting stack's "To draw: N"
    (``penalty``, owed by ``owner`` when not by you): on a short window it moves down into
    the room above the line under the table; where that room is too low, smaller words are
    tried, and then the box may cover that line too (the message speaks for it while
    shown), down to the buttons."""
    px = layout.px
    sides = [a.rect for a in layout.areas if a.side in ("left", "right")]
    label = theme.text_size("Stock 0", px(15))
    label_box = pygame.Rect(0, 0, label[0] + px(40), label[1])
    label_box.midtop = (layout.stock.centerx, layout.stock.bottom + px(8))
    keep_clear = [label_box]
    if penalty > 0:
        keep_clear.append(penalty_pill(layout, penalty, owner, names)[1])
    line_top = layout.hint_y - theme.text_size("Ag", px(17))[1] // 2 - px(2)
    fallback: tuple[list[pygame.Surface], pygame.Rect] | None = None
    for floor in (line_top, layout.buttons_y - 4):
        for size in (px(18), px(15)):
            for lines, box in _toast_shapes(message, layout, width, size, error):
                needed = [r.bottom + px(2) - box.top for r in keep_clear if box.colliderect(r)]
                box.y += max(0, min(max(needed, default=0), floor - box.bottom))
                if box.collidelist(sides) >= 0:
                    continue
                fallback = fallback or (lines, box)
                if box.collidelist(keep_clear) < 0:
                    return lines, box
    # A window too small for every way: the first that spares the seats, or the widest.
    return fallback or next(iter(_toast_shapes(message, layout, width, px(18), error)))


def _toast_shapes(
    message: str, layout: TableLayout, width: int, size: int, error: bool = False
) -> list[tuple[list[pygame.Surface], pygame.Rect]]:
    """A message's lines in ``size`` and their box where a one-line message sits: wrapped to
    the window's width, then to the room between the side seats (when there is room)."""
    sides = [a.rect for a in layout.areas if a.side in ("left", "right")]
    px = layout.px
    # (The limits leave room for the box's own padding, px(28), and a gap at either side.)
    limits = [width - px(96)]
    inner_left = max((r.right for r in sides if r.centerx < width // 2), default=0)
    inner_right = min((r.left for r in sides if r.centerx >= width // 2), default=width)
    between = inner_right - inner_left - px(40)
    # (Narrower than that, only where the open log leaves the table's part so little room.)
    if between >= (px(320) if width >= layout.size[0] else px(240)):
        limits.append(between)
    shapes = []
    for limit in limits:
        lines = [
            theme.text(line, size, theme.TEXT, True, plain_pips=error)
            for line in theme.balanced_wrap(message, size, limit, bold=True)
        ]
        width_used = max(img.get_width() for img in lines)
        height = sum(img.get_height() for img in lines)
        box = pygame.Rect(0, 0, width_used + px(28), height + px(14))
        box.midbottom = (
            layout.hand_rect.centerx,
            layout.hint_y - px(44) + lines[0].get_height() // 2 + px(7),
        )
        # Within the table's part: the open log takes the window's right (the hand is
        # centred on the whole window), between the side seats where it fits there.
        if box.right > width - px(8):
            box.centerx = (inner_left + inner_right) // 2
            box.right = min(box.right, width - px(8))
            box.left = max(box.left, min(px(8), width - box.w))
        shapes.append((lines, box))
    return shapes


@lru_cache(maxsize=64)
def _bubble_surface(size: tuple[int, int], alpha: int) -> pygame.Surface:
    panel = theme.rounded_panel(
        size, (255, 252, 240, 250), (40, 40, 40, 120), radius=size[1] // 2
    ).copy()
    panel.set_alpha(alpha)
    return panel


def _faded(image: pygame.Surface, alpha: int) -> pygame.Surface:
    out = image.copy()
    out.set_alpha(alpha)
    return out


def _draw_log(t: TableScene, surface: pygame.Surface) -> None:
    r, px = t.layout.log_rect, t.layout.px
    theme.blit_panel(surface, r, (*theme.PANEL, 255), (*theme.PANEL_EDGE, 255), radius=12)
    title = theme.text("Game log", px(18), theme.ACCENT, True)
    surface.blit(title, (r.x + 14, r.y + 10))
    size = px(15)
    line_h = theme.font(size).get_height()  # the height of every rendered line
    width, row = r.w - 28, line_h + 2
    if t.log_rows_at != (width, size) or len(t.log_rows) > 2 * LOG_LINES:
        t.log_rows, t.log_rows_at = {}, (width, size)
    log, rows = t.director.log, t.log_rows
    heights = []
    for line in log:
        known = rows.get(line)
        if known is None:  # guessed, until the line is shown (kept negative till then)
            known = rows[line] = -_rows_guessed(line, width, size)
        heights.append(abs(known) * row + 4)
    lines_height = sum(heights)
    dropped = t.director.log_dropped
    # Above the oldest line kept, once some had to go: how many (so the log never seems to
    # start mid-round).
    gone_words = f"… {dropped:,} earlier {'line' if dropped == 1 else 'lines'} not kept"
    height = lines_height + (row + 4 if dropped else 0)
    top, bottom = r.y + px(40), r.bottom - 12
    t.log_height = height
    most = max(0, height - (bottom - top))
    # Where the view stands. Read back, it keeps to the line it was last anchored to (moved
    # only by the reader's own scrolling), whatever comes in below, grows, or has its rows
    # put right; read from the very top it stays there; else it follows the newest line.
    anchor = t.log_anchor
    at = anchor[0] - dropped if anchor is not None else -1
    if anchor is not None and at < 0 and not t.log_scrolled:
        # The line read has been let go: the oldest kept is read now. (Scrolled meanwhile,
        # the view goes where the reader sent it.)
        t.log_at_top = True
    if t.log_at_top:
        t.log_back = float(most)
    elif anchor is not None and t.log_back > 0 and 0 <= at < len(log):
        offset = anchor[1]
        if t.log_resized:  # kept within the view, should the window have shrunk
            offset = max(0, min(offset, bottom - top - row - 4))
        t.log_back = float(top + offset + sum(heights[at:]) - bottom)
    t.log_back = max(0.0, min(t.log_back, float(most)))
    t.log_at_top = t.log_back > 0 and t.log_back >= most
    t.log_anchor, t.log_resized, t.log_scrolled = None, False, False

    def shown(line: str) -> list[str]:
        wrapped = _wrapped(line, width, size)
        rows[line] = len(wrapped)  # known from now on
        return wrapped

    def say(words: str, y: int, ink: tuple[int, int, int] = theme.TEXT) -> None:
        if top <= y and y + line_h <= bottom:
            surface.blit(theme.text(words, size, ink), (r.x + 14, y))

    def down(first: int, y: int) -> None:
        """Lines ``first`` on, the first one's block (a gap, then its rows) at ``y`` (the
        first of them whole in view is kept to, unless ``up`` finds one above it)."""
        for index in range(first, len(log)):
            if y >= bottom:
                return
            if t.log_back > 0 and t.log_anchor is None and y >= top:
                t.log_anchor = (dropped + index, y - top)  # the first line whole in view
            y += 4
            for part in shown(log[index]):
                say(part, y)
                y += row

    def up(last: int, y: int) -> None:
        """Lines ``last`` and older, upwards, the block of ``last`` ending at ``y``."""
        highest: tuple[int, int] | None = None  # the highest line whole in view
        for index in range(last, -1, -1):
            if y <= top:
                break
            for part in reversed(shown(log[index])):
                y -= row
                say(part, y)
            y -= 4
            if y >= top:
                highest = (dropped + index, y - top)
        else:
            if dropped:
                say(theme.fit(gone_words, size, width), y - row, theme.MUTED)
        if t.log_back > 0 and highest is not None:
            t.log_anchor = highest  # the line read: the one at the top of the view

    if t.log_at_top:
        # Read from the oldest line down: the rows of the lines below need not be known.
        if dropped:
            say(theme.fit(gone_words, size, width), top, theme.MUTED)
        down(0, top + (row + 4 if dropped else 0))
    elif t.log_back > 0 and 0 <= at < len(log):
        # From the line read: its block where it was, the others above and below it.
        y = round(bottom + t.log_back) - sum(heights[at:])
        down(at, y)
        up(at - 1, y)
    else:
        # Newest at the bottom; scrolled back, the lines move down and older ones come into
        # view (those below the view keep their guessed rows).
        y = round(bottom + t.log_back)
        last = len(log) - 1
        while last >= 0 and y - heights[last] >= bottom:
            y -= heights[last]
            last -= 1
        up(last, y)
    if t.log_back > 0:
        more = theme.text("newer below · End", px(13), theme.MUTED)
        surface.blit(more, more.get_rect(topright=(r.right - 14, r.y + 14)))


def _rows_guessed(line: str, width: int, size: int) -> int:
    """How many rows ``line`` wraps to at ``width``, guessed from the main font's measure (a
    few microseconds, nothing drawn): within a row of ``_wrapped``'s count, for a line not
    yet shown."""
    measured = theme.font(size).size(line)[0]
    return 1 if measured <= width else -(-measured // max(1, width * 9 // 10))


@lru_cache(maxsize=1024)  # (the lines in view: drawn every frame)
def _wrapped(line: str, width: int, size: int) -> list[str]:
    # A name is one word however long (up to 32 letters, and a Thai one has no spaces at
    # all): one wider than the panel is broken rather than drawn over its edge.
    return theme.wrap_long_words(line, size, width)

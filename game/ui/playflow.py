"""How your hand is played: clicks, double-clicks, drags, keys, and the chooser questions.

Cards picked by the player become a ``Play`` only through ``moves.play_options`` (the
engine's legal list). A card dropped on the pile waits where it was dropped while a
chooser asks for a suit, rank or joker card; Escape sends it back to your hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import TYPE_CHECKING

import pygame

from game.engine import Card, Game, Phase, Play
from game.engine.cards import SUIT_NAMES
from game.engine.compiled import compile_rules
from game.engine.explain_words import rank_plural
from game.ui import tabledraw
from game.ui.choosers import CardChooser, ChoiceModal, RankChooser, SuitChooser
from game.ui.moves import SUIT_CHAR, SUIT_SINGULAR, Offer, PlayOptions, play_options, refusal

if TYPE_CHECKING:
    from game.ui.hand import HandCard
    from game.ui.layout import TableLayout
    from game.ui.table import TableScene

__all__ = ["DOUBLE_CLICK", "DRAG_THRESHOLD", "Drag", "PlayFlow"]

DRAG_THRESHOLD = 6  # pixels before a press becomes a drag (a click otherwise)
# A drag let go in the hand that never went further from the press than this share of a
# card's visible strip (nor than DRAG_THRESHOLD) was a click with a shaky hand or a trackpad:
# the card is picked, as by a click, rather than moved.
CLICK_SLOP = 0.4
# Two clicks on one card this close together lay it, when the press does not say itself
# whether it is a double-click (SDL counts the clicks by the system's own double-click time,
# 0.5 s unless the player set it otherwise; events made up elsewhere carry no count).
DOUBLE_CLICK = 0.5  # seconds
NARROW_OVER = 16  # joker declarations: above this many, one joker is asked at a time
_ORDINALS = ("first", "second", "third", "fourth")  # a joker's place among those laid
# Enter pressed at your turn with no card picked and no cursor on the hand.
ENTER_WITH_NOTHING = "Pick a card first: ← → move along your hand, ↑ picks it, D draws"


@dataclass
class Drag:
    """A press on a hand card that may turn into a drag."""

    uid: int
    start: tuple[int, int]
    pos: tuple[int, int]
    grab: tuple[float, float]  # card centre minus the mouse position
    uids: list[int] = field(default_factory=list)
    moving: bool = False
    reach: int = 0  # the furthest the pointer went from the press, along either axis
    clicks: int | None = None  # the press's click count as SDL gives it (2 for a double-click)


class PlayFlow:
    """Input on your hand, the stock and the pile; the chooser chain for a play."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.drag: Drag | None = None
        self.held: list[tuple[int, Card]] = []  # cards waiting over the pile for an answer
        # The last press was a key, not a mouse button: the line above the hand names the
        # keys. The window's own note of it where there is a window (presses on the hand-off
        # and on screens over the table count too), else the table's.
        self._by_keys = False
        self.held_at: tuple[float, float] = (0.0, 0.0)
        # Laid with the keyboard (or a double-click), the cards wait at their place in the
        # hand rather than where a drag let them go.
        self.held_in_hand = False
        self._last_click: tuple[int, float] = (-1, -10.0)
        self._last_press: tuple[int, int] = (-100, -100)
        # "… is picked after …: click the pile or press Play": done once a chooser opens.
        self._pick_told = ""

    @property
    def busy(self) -> bool:
        """True while a chooser is open over held cards."""
        return bool(self.held)

    def relayout(self, old: TableLayout, new: TableLayout) -> None:
        """The window changed size while cards wait for a chooser's answer: cards taken from
        the hand wait at their place in the new hand, cards dropped by the pile keep their
        place beside it (scaled with the cards); either way, whole inside the new window. A
        card being dragged keeps the pointer at the same place on it, at the new card size."""
        if self.drag is not None:
            scale = new.card[0] / max(1, old.card[0])
            self.drag.grab = (self.drag.grab[0] * scale, self.drag.grab[1] * scale)
        if not self.held:
            return
        hand = self.table.hand
        first = hand.by_uid(self.held[0][0])
        if self.held_in_hand and first is not None:
            x, y, _angle = hand.held_slots(new)[hand.index_of(first.uid)]
            y -= first.lift * new.lift
        else:
            scale = new.card[0] / max(1, old.card[0])
            (ox, oy), (nx, ny) = old.pile.center, new.pile.center
            x = nx + (self.held_at[0] - ox) * scale
            y = ny + (self.held_at[1] - oy) * scale
        (w, h), (cw, ch) = new.size, new.card
        fan = new.px(14) * (len(self.held) - 1)  # the group fans out to the right
        x = min(max(x, cw / 2), w - cw / 2 - fan)
        y = min(max(y, ch / 2), h - ch / 2)
        self.held_at = (x, y)

    # --- events ------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Mouse and keyboard play; returns True when the event was used."""
        if event.type == pygame.MOUSEMOTION:
            held = getattr(event, "buttons", (1,))[0]
            if self.drag is not None and not held:
                # The button came up where the table never heard it (another window, a
                # focus change): the card goes back rather than follow a free pointer.
                self.drop_drag()
            return self._motion(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._press(event.pos, getattr(event, "clicks", None))
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._release(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            self._unpick_all()
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _motion(self, pos: tuple[int, int]) -> bool:
        t = self.table
        hit = t.hand.hit(pos, t.layout)
        t.hand.hover = hit.uid if hit is not None and self.drag is None else None
        d = self.drag
        if d is None:
            return False
        d.pos = pos
        d.reach = max(d.reach, abs(pos[0] - d.start[0]), abs(pos[1] - d.start[1]))
        if not d.moving and d.reach > DRAG_THRESHOLD:
            d.moving = True
            group = (
                t.hand.selection if d.uid in t.hand.selection and len(t.hand.selection) > 1 else []
            )
            d.uids = list(group) if group else [d.uid]
            t.hand.hidden |= set(d.uids)
        return True

    @property
    def by_keys(self) -> bool:
        """Whether the keys, not the mouse, were pressed last (anywhere in the window, on
        the way to the table too)."""
        app = self.table.app
        return app.keys_last if app is not None else self._by_keys

    @by_keys.setter
    def by_keys(self, keys: bool) -> None:
        app = self.table.app
        if app is not None:
            app.keys_last = keys
        self._by_keys = keys

    def _press(self, pos: tuple[int, int], clicks: int | None = None) -> bool:
        t = self.table
        # A press while a card is held (a finger on a touch screen as the mouse drags, or a
        # release that never came) lets go of that card first, or it would stay hidden.
        self.drop_drag()
        # A hand kept face down (pass-and-play between turns) cannot be picked up.
        hit = t.hand.hit(pos, t.layout) if t.director.reveal else None
        last, self._last_press = self._last_press, pos
        if hit is not None:
            hit = self._double_clicked(hit, pos, last, clicks)
            cx, cy = t.hand.centre(hit, t.layout)
            self.drag = Drag(hit.uid, pos, pos, (cx - pos[0], cy - pos[1]), clicks=clicks)
            return True
        if t.layout.stock.collidepoint(pos):
            t.on_draw()
            return True
        if t.hand.selection and t.layout.pile.collidepoint(pos):
            self.play_selection()  # the picked cards go where a click points, as a drop puts them
            return True
        return False

    def _release(self, pos: tuple[int, int]) -> bool:
        t = self.table
        d, self.drag = self.drag, None
        if d is None:
            return False
        if not d.moving:
            self._click(d.uid, d.clicks)
            return True
        drop = (pos[0] + d.grab[0], pos[1] + d.grab[1])
        # Let go outside the window (the pointer stays captured while a card is held), the
        # card is given up and goes back, as it does over a seat or above the hand.
        in_window = pygame.Rect((0, 0), t.layout.size).collidepoint(pos)
        in_hand = in_window and pos[1] > t.layout.buttons_y
        reach = max(d.reach, abs(pos[0] - d.start[0]), abs(pos[1] - d.start[1]))
        if in_hand and reach <= max(DRAG_THRESHOLD, CLICK_SLOP * t.hand.strip(t.layout)):
            self.spring_back(d.uids, drop)
            self._click(d.uid, d.clicks)
        elif t.layout.drops_on_pile(pos, drop):
            if not self._join_picks(d.uid, drop):
                self.try_play(d.uids, drop)
        elif in_hand:
            # The card goes to the slot nearest where it is drawn (the pointer plus where
            # it was held), so letting go where it was keeps its place and the sort. A card
            # picked with others carries them along: they go down together beside it.
            t.hand.hidden -= set(d.uids)
            hc = t.hand.by_uid(d.uid)
            if t.hand.move_together(d.uid, d.uids, t.hand.insert_index(drop[0], t.layout, d.uid)):
                t.hand_rearranged()
            if hc is not None:
                hc.x, hc.y = drop
        else:
            self.spring_back(d.uids, drop)
        return True

    def shift_card(self, step: int) -> None:
        """Move the card under the cursor one place along the hand (Shift+←/→), as a drag
        would: the hand keeps your own order from then on."""
        t = self.table
        hand = t.hand
        at = hand.cursor
        if at is None or not 0 <= at + step < len(hand.cards) or self.busy:
            return
        if hand.move(hand.cards[at].uid, at + step):
            t.hand_rearranged()
        tabledraw.place_buttons(t)

    def _now(self) -> float:
        t = self.table
        return t.animator.now if not t.animator.off else pygame.time.get_ticks() / 1000

    def _is_double(self, clicks: int | None, now: float) -> bool:
        return clicks >= 2 if clicks is not None else now - self._last_click[1] <= DOUBLE_CLICK

    def _double_clicked(
        self, hit: HandCard, pos: tuple[int, int], last: tuple[int, int], clicks: int | None
    ) -> HandCard:
        """The card a press means: the one ``hit``, unless the press is a double-click's
        second, where its first was (``last``), on the band a card picked by the first rose
        out of. That band shows the card beneath now, but the press was aimed where the
        picked card lay. (A press further off is a quick click on the card beneath: SDL
        counts presses up to 32 px apart as a double-click, on whichever cards.)"""
        t = self.table
        hand = t.hand
        picked = hand.by_uid(self._last_click[0])
        if (
            picked is not None
            and max(abs(pos[0] - last[0]), abs(pos[1] - last[1])) <= DRAG_THRESHOLD
            and hand.index_of(hit.uid) < hand.index_of(picked.uid)
            and hand.lay_on(picked, pos, t.layout)
            and self._is_double(clicks, self._now())
        ):
            return picked
        return hit

    def _click(self, uid: int, clicks: int | None = None) -> None:
        """A click on a hand card picks it (or puts it back); the second click of a
        double-click on the same card lays it. SDL's ``clicks`` count follows the system's
        double-click time and distance, so it decides when the press carries one."""
        t = self.table
        now = self._now()
        double = uid == self._last_click[0] and self._is_double(clicks, now)
        self._last_click = (uid, now)
        if double:
            self._last_click = (-1, -10.0)
            t.hand.selection = [u for u in t.hand.selection if u != uid]
            self.try_play([uid])
            return
        self._toggle(uid)
        t.play_sound("click")

    def _toggle(self, uid: int) -> None:
        """Pick a card or put it back. Where every play is one card (no groups, no runs), a
        card picked replaces the one picked before rather than join it."""
        t = self.table
        rules = t.game.rules
        if rules.groups == "none" and not rules.runs and uid not in t.hand.selection:
            t.hand.selection = []
        t.hand.toggle(uid)

    def _key(self, event: pygame.event.Event) -> bool:
        t = self.table
        hand = t.hand
        key = event.key
        arrows = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)
        if key in arrows and not t.director.reveal:
            return True  # a hand kept face down (pass-and-play between turns): hands off
        if key == pygame.K_ESCAPE:
            t.open_pause()
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and event.mod & pygame.KMOD_SHIFT:
            if hand.cursor is not None:  # the keyboard's drag: the card moves, the cursor too
                self.shift_card(-1 if key == pygame.K_LEFT else 1)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and hand.cards:
            # A held arrow stops at the end of the hand; pressed again, it goes round.
            hand.step_cursor(-1 if key == pygame.K_LEFT else 1, not getattr(event, "held", False))
        elif key == pygame.K_UP and hand.cursor is not None:
            self._toggle(hand.cards[hand.cursor].uid)
        elif key == pygame.K_DOWN and hand.cursor is not None:
            uid = hand.cards[hand.cursor].uid
            hand.selection = [u for u in hand.selection if u != uid]
        elif key == pygame.K_SPACE:
            if t.pass_button.visible and t.pass_button.enabled:
                t.on_pass()
            elif hand.cursor is not None and t.director.reveal:
                self._toggle(hand.cards[hand.cursor].uid)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            # The card under the cursor comes before a hint: a hint that says to draw, keep
            # or wait puts the cursor away, so a cursor on a card was moved there since.
            hinted = t.hinted_action()
            if hand.selection:
                self.play_selection()
            elif hand.cursor is not None:
                self.try_play([hand.cards[hand.cursor].uid])
            elif hinted is not None and not isinstance(hinted, Play):
                t.apply(hinted)  # the hint said to draw, keep the card or take the penalty
            elif t.game.phase == Phase.DRAWN and t.game.current == t.viewer:
                drawn = t.game.drawn_card  # the one card that may be laid now
                fits = [hc.uid for hc in hand.cards if hc.card == drawn]
                if fits:
                    self.try_play(fits[:1])
            elif t.my_turn and t.director.reveal and hand.cards:
                # Enter with nothing picked and no cursor: the keys that would give it a card.
                t.say(ENTER_WITH_NOTHING, error=False)
        elif key == pygame.K_d:
            t.on_draw()
        elif key == pygame.K_m and t.macau_button.visible:
            t.macau_button.click()
        elif key == pygame.K_s:
            t.on_stop()
        elif key == pygame.K_l:
            t.show_log = not t.show_log
        elif key == pygame.K_h:
            t.on_hint()
        elif key == pygame.K_f:
            t.on_hurry()
        elif key == pygame.K_o:
            t.cycle_sort()
        else:
            return False
        return True

    # --- playing -----------------------------------------------------------------------------
    def play_selection(self) -> None:
        """Lay the selected cards in the order they were clicked."""
        if self.table.hand.selection:
            self.try_play(list(self.table.hand.selection))

    def try_play(self, uids: list[int], drop: tuple[float, float] | None = None) -> bool:
        """Ask the engine about laying these cards; hold them and ask questions, or refuse."""
        t = self.table
        cards = [hc.card for u in uids if (hc := t.hand.by_uid(u)) is not None]
        in_hand = drop is None
        if drop is None:
            # Laid from the hand (Enter, the Play button) while a card is dragged: the drag
            # ends first, so that a chooser opening later cannot spring a held card back.
            self.drop_drag()
            first = t.hand.by_uid(uids[0])
            drop = t.hand.centre(first, t.layout) if first is not None else t.layout.pile.center
        if not cards:
            return False
        if not t.my_turn:
            self.spring_back(uids, drop)
            wait = "Wait for your turn." if t.game.current != t.viewer else "One moment…"
            t.say(wait, error=False, until_your_turn=True)
            return False
        options = play_options(t.game, t.viewer, cards, t.offer())
        if not options.legal:
            self.spring_back(uids, drop)
            t.say(options.reason)
            return False
        # An earlier refusal is about a play given up: gone before a chooser asks about this
        # one (it would stay up under the chooser until the play is laid).
        if t.toast_error:
            t.toast = None
        hinted = t.hinted_action(uids)
        as_hinted = False
        if isinstance(hinted, Play):
            # Laying what the hint selected lays what it said: its suit, rank or joker card.
            chosen = options.with_declared(hinted.declared).with_choice(hinted.choice)
            if chosen.plays:
                options, as_hinted = chosen, True
        # Held in the order they will be laid, which may not be the order picked (A♥ A♠ on
        # 5♠ goes down as A♠ A♥): the fan over the pile and the chooser show the real play.
        picked = list(zip(uids, cards, strict=True))
        self.held = []
        for card in options.cards:
            at = next(i for i, (_u, c) in enumerate(picked) if c == card)
            self.held.append(picked.pop(at))
        if in_hand:
            first = t.hand.by_uid(self.held[0][0])
            drop = t.hand.centre(first, t.layout) if first is not None else drop
        self.held_at = drop
        self.held_in_hand = in_hand
        t.hand.hidden |= set(uids)
        self._declare(options, asked=as_hinted)  # (the hint said which card a joker is)
        return True

    def _declare(self, options: PlayOptions, asked: bool = False, jokers_asked: int = 0) -> None:
        t = self.table
        declarations = _by_suit_and_rank(options.declarations())
        several = len(declarations) > 1 and len(declarations[0]) > 1
        # (one joker left to name, the others named already: asked alone, not as pairs)
        varying = (
            several
            and sum(len({d[i] for d in declarations}) > 1 for i in range(len(declarations[0]))) == 1
        )
        if several and (len(declarations) > NARROW_OVER or varying):
            self._declare_one_joker(options, declarations, jokers_asked)
            return
        # Only some ways checked (too many jokers): one way is shown too, with the note saying
        # so, unless a joker chooser showed it already or the hint named the cards (``asked``).
        if len(declarations) > 1 or (declarations and options.note and not asked):

            def picked(index: int | None) -> None:
                if index is None:
                    self.cancel()
                else:
                    self._choose(options.with_declared(declarations[index]))

            chooser = CardChooser(
                declarations,
                picked,
                four_colour=t.settings.four_colour,
                large_index=t.settings.large_index,
                speed=t.animator.speed,
            )
            chooser.subtitle = options.note or chooser.subtitle
            plays = [_play_declared(options, d) for d in declarations]
            chooser.focus = likely_declaration(t.game, plays)
            self._push(chooser)
            return
        self._choose(options.with_declared(declarations[0]) if declarations else options)

    def _declare_one_joker(
        self,
        options: PlayOptions,
        declarations: list[tuple[Card | None, ...]],
        jokers_asked: int = 0,
    ) -> None:
        """Several jokers with many combinations (two jokers can be any pair of one rank):
        ask for one joker's card at a time, first to last, rather than show every pair;
        ``jokers_asked`` questions were asked before this one."""
        t = self.table
        at = 0
        values: list[Card] = []
        for at in range(len(declarations[0])):
            values = []
            for d in declarations:
                v = d[at]
                if v is not None and v not in values:
                    values.append(v)
            if len(values) > 1:
                break

        def picked(index: int | None) -> None:
            if index is None:
                self.cancel()
                return
            chosen = values[index]
            self._declare(
                PlayOptions(
                    options.cards,
                    tuple(
                        p
                        for p in options.plays
                        if p.declared is not None and p.declared[at] == chosen
                    ),
                    note=options.note,
                ),
                asked=True,
                jokers_asked=jokers_asked + 1,
            )

        values = [d[0] for d in _by_suit_and_rank([(v,) for v in values]) if d[0] is not None]
        chooser = CardChooser(
            [(v,) for v in values],
            picked,
            four_colour=t.settings.four_colour,
            large_index=t.settings.large_index,
            speed=t.animator.speed,
        )
        # "first" only when another joker's question follows: one joker in a group is "the";
        # a joker after others the play fixed (the 7♥ of 5♥ 6♥ joker 8♥) is told by its place
        jokers_before = sum(1 for c in options.cards[:at] if c.is_joker)
        jokers_after = sum(1 for c in options.cards[at + 1 :] if c.is_joker)
        if jokers_asked:
            chooser.title = "The next joker stands for…"
        elif jokers_before:
            place = _ORDINALS[jokers_before] if jokers_before < len(_ORDINALS) else "next"
            chooser.title = f"The {place} joker stands for…"
        elif jokers_after:
            chooser.title = "The first joker stands for…"
        else:
            chooser.title = "The joker stands for…"
        chooser.subtitle = options.note or chooser.subtitle
        # What the jokers before this one stand for, as named (the play may have put them in
        # another order than picked): "next" alone did not say which joker was meant.
        fixed = options.plays[0].declared if options.plays else None
        named = [
            d.pretty
            for c, d in zip(options.cards[:at], (fixed or ())[:at], strict=False)
            if c.is_joker and d is not None
        ]
        if jokers_asked and named:
            word = "joker stands" if len(named) == 1 else "jokers stand"
            before = f"The {'first' if len(named) == 1 else 'other'} {word} for {', '.join(named)}"
            chooser.subtitle = f"{before} · {chooser.subtitle}"
        plays = [
            next(p for p in options.plays if p.declared is not None and p.declared[at] == v)
            for v in values
        ]
        chooser.focus = likely_declaration(t.game, plays)
        self._push(chooser)

    def _choose(self, options: PlayOptions) -> None:
        t = self.table
        choices = options.choices()
        if len(choices) <= 1:
            why = forced_choice(t.game, options, choices)
            if self._finish(options.with_choice(choices[0]) if choices else options) and why:
                t.say(why, error=False)  # the choice was made for you: say why
            return

        def picked(choice: str | None) -> None:
            if choice is None:
                self.cancel()
            else:
                self._finish(options.with_choice(choice))

        card = options.cards[-1]  # the play's last card names or asks, as it is laid
        declared = options.plays[0].declared if options.plays else None
        if all(c in "SHDC*" and len(c) == 1 for c in choices):
            self._push(
                SuitChooser(
                    choices,
                    picked,
                    four_colour=t.settings.four_colour,
                    card=card,
                    stands_for=declared[-1] if declared else None,
                    note=suit_note(t.game, choices, options.plays[0]),
                    speed=t.animator.speed,
                )
            )
        else:
            note = rank_note(t.game, choices)
            going_out = len(options.cards) == len(t.game.hand(t.viewer))
            chooser = RankChooser(
                choices,
                picked,
                note=note,
                speed=t.animator.speed,
                going_out=going_out,
                card=card,
                stands_for=declared[-1] if declared else None,
            )
            self._push(chooser)

    def _join_picks(self, uid: int, drop: tuple[float, float]) -> bool:
        """A card not picked dropped on the pile while others are, on your turn, where the
        picks and it may be laid together: it joins them as the last card, and nothing is
        laid until the play is asked for (laid alone, the picks left behind, the 7♥ that was
        to end 5♥ 6♥ 7♥ went down by itself and ended the turn). Whether it joined them:
        where they may not go together (one card a turn), it is laid alone, as before."""
        t = self.table
        picks = list(t.hand.selection)
        dropped = t.hand.by_uid(uid)
        if not picks or uid in picks or dropped is None or not t.my_turn:
            return False
        cards = [hc.card for u in picks if (hc := t.hand.by_uid(u))]
        if not play_options(t.game, t.viewer, [*cards, dropped.card], t.offer()).legal:
            return False
        self.spring_back([uid], drop)
        t.hand.selection = [*picks, uid]
        picked = [c.named for c in cards]  # "after 5♥, the red joker"
        card = dropped.card.named
        self._pick_told = (
            f"{card} is picked after {', '.join(picked)}: click the pile or press Play (Enter) "
            "to lay them, or right-click to put them back"
        )
        t.say(self._pick_told, error=False)
        return True

    def _unpick_all(self) -> None:
        """Put every picked card back (a right-click, on the table or on a chooser)."""
        self.table.hand.selection = []

    def _push(self, chooser: object) -> None:
        from game.ui.scene import Scene

        assert isinstance(chooser, Scene)
        if self.table.stack is None:
            self.cancel()
            return
        if isinstance(chooser, ChoiceModal):
            chooser.on_right_click = self._unpick_all
            chooser.cards_held = max(1, len(self.held))  # (Esc leaves other picks picked)
        toast = self.table.toast
        if toast is not None and toast[0] == self._pick_told:
            self.table.toast = None  # the pile was clicked, as it said: the words are done
        self.table.stack.push(chooser)

    def _finish(self, options: PlayOptions) -> bool:
        """Lay the play chosen; whether it was laid."""
        t = self.table
        play = options.final(call=t.macau_on)
        held, self.held = self.held, []
        if play is None:
            self.spring_back([u for u, _ in held], self.held_at)
            return False
        for uid, _ in held:
            t.director.launch[uid] = self.held_at
        if not t.apply(play):
            t.director.launch.clear()
            self.spring_back([u for u, _ in held], self.held_at)
            return False
        return True

    def cancel(self) -> None:
        """A chooser was dismissed: the held cards go back into your hand."""
        held, self.held = self.held, []
        self.spring_back([u for u, _ in held], self.held_at)

    def drop_drag(self) -> None:
        """Let go of a card being dragged (a screen opened over the table took the mouse,
        the window lost the focus, another press came first): it glides back into the hand,
        and no later click can lay it."""
        d, self.drag = self.drag, None
        if d is not None and d.moving:
            self.spring_back(d.uids, (d.pos[0] + d.grab[0], d.pos[1] + d.grab[1]))

    def spring_back(self, uids: list[int], at: tuple[float, float]) -> None:
        """Show the cards again in the hand, gliding back from ``at``."""
        hand = self.table.hand
        hand.hidden -= set(uids)
        for i, uid in enumerate(uids):
            hc = hand.by_uid(uid)
            if hc is not None:
                hc.x, hc.y = at[0] + 14 * i, at[1]

    def _barred_last_card(self) -> str:
        """The engine's reason, as the middle of a line, where the one card you hold fits or
        answers but may not be your last card (a lone 2 or 3 heads-up, RULES §3.9): "nothing
        fits" or "fight back with a 2" would read wrong beside it. "" otherwise."""
        t = self.table
        g = t.game
        held = tuple(g.hand(t.viewer))
        if len(held) != 1 or not g.rules.no_attack_finish_heads_up:
            return ""
        if any(isinstance(a, Play) for a in g.legal_actions(t.viewer)):
            return ""
        why = refusal(g, t.viewer, held).rstrip(".")
        if not why.lower().startswith("heads-up"):
            return ""
        return why[:1].lower() + why[1:]

    def phase_hint(self) -> str:
        """A line telling you what you can do now."""
        t = self.table
        g = t.game
        if g.over:
            return ""
        if t.autoplay or g.current != t.viewer or self.busy:
            return ""  # (an open chooser asks its own question)
        if not t.director.idle:
            return ""
        if g.phase == Phase.ATTACK:
            answers, cutters = g.attack_answers()  # the engine's words for this stack
            ways = [f"fight back with {answers}"] if answers else []
            ways += [f"{g.cancel_verb()} it with {cutters}"] if cutters else []
            ways.append("take them")
            owe, left = f"You owe {g.penalty}", g.drawable()
            if left < g.penalty:  # the rest is forgiven (RULES §2.6)
                can = f"only {left} can be drawn" if left else "nothing is left to draw"
                owe += f", but {can} (the rest is forgiven)" if left else f", but {can}"
            barred = self._barred_last_card()
            if barred:  # the one card held would answer, but may not be the last one
                return f"{owe}: {barred}, so take them"
            return self._with_call(f"{owe}: " + ", or ".join(ways))  # each may hold an "or"
        if g.phase == Phase.SKIP:
            n = g.skips
            what = "A missed turn is" if n == 1 else f"{n} missed turns are"
            answers = g.skip_answers()  # the engine's words ("a four or a joker")
            if not answers:  # every one in the pile
                return f"{what} coming your way: nothing can answer, so wait"
            glue = ", or" if " or " in answers else " or"
            return self._with_call(f"{what} coming your way: answer with {answers}{glue} wait")
        if g.phase == Phase.DRAWN:
            return self._with_call("The card you drew fits: lay it or keep it")
        offer = t.offer()
        fits = any(isinstance(a, Play) for a in offer.legal)
        # The one card held fits but may not be the last (RULES §3.9): said, not "nothing fits".
        barred = "" if fits else self._barred_last_card()
        if not fits and not offer.draw:
            if barred:
                return f"{barred[:1].upper()}{barred[1:]}, and there is nothing to draw: pass"
            return "Nothing fits and there is nothing to draw: pass"
        if g.phase == Phase.FIVE_AGAIN:
            if barred:
                return f"After a 5 your turn goes on, but {barred}: draw a card"
            if not fits:  # (not "lay one more card" with every card dimmed)
                return "After a 5 your turn goes on, but nothing in your hand fits: draw a card"
            return self._with_call("After a 5 your turn goes on: lay one more card or draw")
        request = _request_hint(g, offer.draw, barred)
        if request:
            return self._with_call(request)
        if not fits:  # (telling a newcomer to drag a card here sends them to a refusal)
            if barred:
                return f"Your turn: {barred}, so draw a card"
            return "Your turn: nothing in your hand fits, so draw a card"
        if t.hand.selection:
            picked = t.hand.selected_cards()
            if not play_options(g, t.viewer, picked, offer).legal:
                unlisted = not offer.complete and len(picked) < len(g.hand(t.viewer))
                more = unlisted or offer.may_follow(tuple(picked), compile_rules(g.rules))
                keys = self.by_keys and t.hand.cursor is not None  # (told the keys in use)
                if more:  # a group begun
                    if keys:
                        return "Pick the cards to lay with it (↑), or ↓ on a card puts it back"
                    return "Pick the cards to lay with it, or right-click to put them back"
                if keys:
                    return "That cannot be laid now: Enter says why, ↓ on it puts it back"
                return "That cannot be laid now: Play (Enter) says why, a right-click puts it back"
        if self.call_fits(offer) and not self._picked_keep_more(offer):
            # A play here may leave one card: the call goes with it, made before it is laid.
            if t.macau_on:
                # (Where no single card leaves one, a group does: K♣ A♣ A♦ on 4♦.)
                one = len(g.hand(t.viewer)) == 2
                what = "the card that leaves" if one else "the cards that leave"
                return f"Macau! is called: now lay {what} you one"
            penalty = g.rules.macau_penalty
            if not penalty:  # (a catch costs nothing, but the call is still the rule)
                return "Leaving yourself one card? Press Macau! (M) before you lay"
            # The play that leaves one card lays all the others, and every card under the
            # last one laid can be drawn then; a pack shorter than the penalty gives what it
            # has, the rest forgiven.
            laid = len(g.hand(t.viewer)) - 1
            draws = min(penalty, g.drawable() + laid)
            return (
                "Leaving yourself one card? Press Macau! (M) before you lay, or you may be "
                f"made to draw {draws}"
            )
        if t.hand.selection:  # (a play picked: those that cannot be laid are told above)
            what = "card" if len(t.hand.selection) == 1 else "group"
            if self.by_keys:
                return f"Enter lays the {what}, ↓ on a card puts it back"
            return f"Drop the {what} on the pile or press Play (Enter)"
        if self.by_keys:  # the keys in use: told the keys (the arrows bring the cursor)
            lay = "Your turn: ← → and ↑ pick a card, Enter lays it"
            return f"{lay}, D draws" if offer.draw else lay
        if not offer.draw:  # (the stock and the pile under the top card are spent)
            return "Your turn: drag a card to the pile or double-click it"
        return "Your turn: drag a card to the pile, double-click it, or draw"

    def _with_call(self, line: str) -> str:
        """``line``, and the Macau call where a play now may leave you one card (answering
        an attack, a missed turn or a request, a card drawn and laid, the one after a 5: it
        goes down without the call otherwise), or that the call is made."""
        t = self.table
        offer = t.offer()
        if not self.call_fits(offer) or self._picked_keep_more(offer):
            return line
        if t.macau_on:
            return f"{line}. Macau! is called"
        return f"{line}. Leaving one card? Press Macau! (M) first"

    def _picked_keep_more(self, offer: Offer) -> bool:
        """Whether the cards picked are a play that leaves you more than one card: the call
        is no part of laying them, whatever another play would leave."""
        t = self.table
        if not t.hand.selection:
            return False
        options = play_options(t.game, t.viewer, t.hand.selected_cards(), offer)
        return options.legal and not any(p.call for p in options.plays)

    def call_fits(self, offer: Offer) -> bool:
        """Whether to tell of the Macau call: a play listed leaves one card, or where the
        listing was cut (its longest plays left out), the cards picked leave one."""
        if offer.call:
            return True
        t = self.table
        if offer.complete or not t.hand.selection:
            return False
        picked = play_options(t.game, t.viewer, t.hand.selected_cards(), offer)
        return any(p.call for p in picked.plays)


def _request_hint(g: Game, can_draw: bool = True, barred: str = "") -> str:
    """What a jack's or a suit changer's request binding you asks for, in a line (with "or
    draw" where there is a card to draw); with ``barred``, why the one card held that would
    answer may not be laid (``_barred_last_card``)."""
    request = g.request
    if request is None:
        return ""
    # The refusals' words: "8s" where several may go, a joker standing in, the changers.
    answers = g.request_answers()
    if g.phase == Phase.RANK_REQUEST and request["kind"] == "rank":
        ranks = rank_plural(request["rank"])
        head = f"{ranks[:1].upper()}{ranks[1:]} were asked for"
    elif g.phase == Phase.SUIT_REQUEST and request["kind"] == "suit":
        named = " or ".join(SUIT_NAMES[s] for s in request["suits"])
        head = "Free suit" if request["free"] else f"{named[:1].upper()}{named[1:]} named"
    else:
        return ""
    if barred:
        return f"{head}: {barred}, so draw a card"
    if not answers:  # every card that would answer lies in the pile
        return f"{head}: nothing can answer, so draw a card"
    return f"{head}: lay {answers}" + (", or draw" if can_draw else "")


def suit_note(game: Game, choices: Sequence[str], play: Play) -> str:
    """Why suits are missing from a suit chooser for ``play``, in the rules' words (the
    engine decided which are offered and which suit the last card must change): "not ♣, the
    suit of 9♣ it is laid on · only suits you still hold"."""
    rules = game.rules
    missing = [s for s in "SHDC" if s not in choices]
    if not missing or "*" in choices:
        return ""
    notes = []
    changed, under = game.suit_to_change(play)
    if changed in missing:
        mark = SUIT_CHAR.get(changed, changed)
        if under is not None:
            notes.append(f"not {mark}, the suit of {under.pretty} it is laid on")
        elif game.suit_in_force:
            notes.append(f"not {mark}, the suit in force")
        else:
            notes.append(f"not {mark}, the suit the free suit leaves out")
    if rules.ace_must_hold and any(s != changed for s in missing):
        notes.append("only suits you still hold")
    return " · ".join(notes)


# The ranks a jack may ask for in every preset that has requests: other lists are house rules,
# which the rank chooser names, as not every player at the table may know them.
USUAL_REQUEST_RANKS = ("5", "6", "7", "8", "9", "10")


def rank_note(game: Game, choices: Sequence[str]) -> str:
    """Why ranks are missing from a rank chooser: "only ranks you still hold", and where
    the rules change which ranks may be asked for, "jacks ask only for 5 or 9 here"."""
    rules = game.rules
    offered = [c for c in choices if c != "-"]
    notes = []
    if tuple(rules.request_ranks) != USUAL_REQUEST_RANKS:
        notes.append(f"jacks ask only for {_or_words(list(rules.request_ranks))} here")
    if rules.jack_must_hold and len(offered) < len(rules.request_ranks):
        notes.append("only ranks you still hold")
    return " · ".join(notes)


def _or_words(items: Sequence[str]) -> str:
    """'5', '5 or 9', '5, 9 or 10'."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}"


def forced_choice(game: Game, options: PlayOptions, choices: Sequence[str]) -> str:
    """Why a suit changer or a jack laid without a chooser names what it does, where the
    rules left it a single choice that is not plainly its own: a jack that can ask for
    nothing, a changer left only a free suit. "" where there is nothing to explain (a jack
    or a changer going out, which asks for nothing; the one suit there is to name)."""
    if len(choices) != 1 or not options.plays:
        return ""
    if len(options.cards) >= len(game.hand(game.current)):
        return ""  # going out: nothing is held to name or ask for, nor needed
    last = options.cards[-1]
    card = last.named  # "the red joker (as Q♠) may name…", as "Q♠ may name…"
    declared = options.plays[0].declared
    if last.is_joker and declared and declared[-1] is not None:
        # A stand-in joker names as the card it stands for (a queen naming its own suit).
        last = declared[-1]
        card = f"{card} (as {last.pretty})"
    rules = game.rules
    if choices[0] == "-":
        if not rules.jack_must_hold:
            return ""
        ranks = _or_words(list(rules.request_ranks))
        return f"{card} asks for nothing: you hold no {ranks} for it to ask for"
    if choices[0] != "*":
        return ""
    changed, _under = game.suit_to_change(options.plays[0])
    mark = SUIT_CHAR.get(changed, changed)
    own = (last.code[0] == "7" and rules.seven_own_suit) or (
        last.code[0] == "Q" and rules.queen_own_suit
    )
    if own and changed and changed == last.suit:
        return (
            f"{card} may name only its own suit, and the suit named must differ from {mark}: "
            f"a free suit, anything but {mark}"
        )
    if own and rules.ace_must_hold:
        # Its own suit the only one it may name, and none of it held (other suits may be).
        after = game.copy()
        after.apply(options.plays[0])
        left_out = str((after.request or {}).get("excluded", ""))
        but = f", anything but {SUIT_CHAR[left_out]}" if left_out in SUIT_CHAR else ""
        return (
            f"{card} may name only its own suit, and you hold no "
            f"{SUIT_SINGULAR[last.suit]} to name: a free suit{but}"
        )
    if rules.ace_must_hold:
        held = "no suit but " + mark if changed else "no suit"
        return f"{card} names a free suit: you hold {held} to name"
    return ""


def _play_declared(options: PlayOptions, declared: tuple[Card | None, ...]) -> Play:
    """The play of ``options`` whose jokers stand for ``declared``."""
    return next(p for p in options.plays if p.declared == declared)


def likely_declaration(game: Game, plays: Sequence[Play]) -> int:
    """Which of a joker chooser's ``plays`` its focus starts on: one that makes a run of the
    cards laid (the 7♥ of 5♥ 6♥ and a joker) before a group, and a card without a power
    before one with it, where one is offered (Enter on the first tile laid a 2♥ by
    accident, making the next seat draw); the first of equals, in the chooser's order."""
    power = compile_rules(game.rules).power

    def liked(play: Play) -> tuple[bool, bool]:
        laid = play.effective()
        # Up or down a rank at a time, turning suit only between two cards of one rank.
        steps = {_run_step(a, b) for a, b in pairwise(laid)}
        run = len(laid) > 1 and (steps <= {0, 1} or steps <= {0, -1}) and steps != {0}
        declared = [d for d in play.declared or () if d is not None]
        return run, not any(d in power for d in declared)

    if not plays:
        return 0
    best = max(liked(p) for p in plays)
    return next(i for i, p in enumerate(plays) if liked(p) == best)


def _run_step(a: Card, b: Card) -> int:
    """How ``b`` follows ``a`` in a run: a rank up (1) or down (-1) in one suit, 0 for the
    same rank in another suit (where a run turns), 2 for anything else."""
    if a.suit == b.suit:
        return b.rank - a.rank if abs(b.rank - a.rank) == 1 else 2
    return 0 if a.rank == b.rank else 2


def _by_suit_and_rank(
    declarations: list[tuple[Card | None, ...]],
) -> list[tuple[Card | None, ...]]:
    """One joker's declarations with each suit's cards in rank order (the suits in the order
    the engine gives them), so the card a run needs sits among its neighbours; declarations
    for several jokers keep the engine's order."""
    stands = [[d for d in decl if d is not None] for decl in declarations]
    if any(len(s) != 1 for s in stands):
        return declarations
    suits: dict[str, int] = {}
    for (card,) in stands:
        suits.setdefault(card.suit, len(suits))
    order = sorted(
        range(len(declarations)), key=lambda i: (suits[stands[i][0].suit], stands[i][0].rank)
    )
    return [declarations[i] for i in order]

"""The questions a card asks before it lands: which suit, which rank, which card a joker is.

Each chooser is a ``Modal`` that offers only the answers the engine listed as legal and
returns one of them (or None when Escape cancels and the card goes back to your hand).
Mouse: click a tile. Keyboard: arrows or Tab move (↑ ↓ to the row above or below in a
grid), Enter picks, or the tile's hotkey.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

import pygame

from game.engine import Card
from game.ui import theme
from game.ui.cardart import card_art, suit_symbol
from game.ui.layout import Scaled, ui_scale
from game.ui.moves import SUIT_NAMES
from game.ui.scene import Modal
from game.ui.tween import Animator, ease_out_back

__all__ = ["CardChooser", "ChoiceModal", "Option", "RankChooser", "SuitChooser"]

T = TypeVar("T")


@dataclass(frozen=True)
class Option(Generic[T]):
    """One answer: its value, a caption, a hotkey and an optional picture."""

    value: T
    caption: str
    key: int | None = None
    picture: pygame.Surface | None = None


class ChoiceModal(Scaled, Modal[T]):
    """A row (or grid) of tiles over a dimmed table; picks one ``Option``."""

    part_of_play = True  # the table plays on under it (it is your own turn)

    title = "Choose"
    tile_size = (120, 120)

    @property
    def help_line(self) -> str:
        """The line at the foot: how to choose, and what Esc does."""
        return _HELP_LINE.format("cards" if self.cards_held > 1 else "card")

    def __init__(
        self,
        options: Sequence[Option[T]],
        on_result: Callable[[T | None], None] | None = None,
        *,
        subtitle: str = "",
        speed: str = "normal",
    ) -> None:
        super().__init__(on_result)
        self.options = list(options)
        self.subtitle = subtitle
        # What a right-click does besides closing (the table unpicks every card), and how
        # many cards Esc puts back, for the line at the foot.
        self.on_right_click: Callable[[], None] | None = None
        self.cards_held = 1
        self.focus = 0
        self.hover: int | None = None
        self.pressed: int | None = None  # where the mouse button went down (see _under)
        # Whether a press has begun here: until one has, a press SDL counts as the second or
        # third of a multi-click is the end of the double-click that laid the card (a third
        # click by reflex), no answer and no cancel.
        self.clicked = False
        self.animator = Animator(speed)
        self.appear = self.animator.tween(0.25, ease_out_back)
        self.size = (1280, 800)
        self.tiles: list[pygame.Rect] = []
        self.grid: list[list[int]] = []  # the option indices row by row, as laid out
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.fit = 1.0  # how much the tiles are shrunk to fit the window (see resize)
        self.gap = 14  # between tiles, in pixels
        self.pictures: list[pygame.Surface | None] = [o.picture for o in self.options]
        self._picture_scale = 1.0

    def picture_for(self, index: int, ui: float) -> pygame.Surface | None:
        """Option ``index``'s picture at scale ``ui`` (the choosers that can redraw theirs
        crisply at any size do; this scales the picture given)."""
        pic = self.options[index].picture
        if pic is None or ui == 1.0:
            return pic
        w, h = pic.get_size()
        return pygame.transform.smoothscale(pic, (round(w * ui), round(h * ui)))

    def rows(self, per_row: int) -> list[list[int]]:
        """The option indices row by row, at most ``per_row`` to a row."""
        n = len(self.options)
        return [list(range(i, min(i + per_row, n))) for i in range(0, n, per_row)]

    def tpx(self, n: float) -> int:
        """``n`` pixels of a tile at this scale (tiles shrink to fit a small window)."""
        return round(n * self.ui * self.fit)

    def _room(self, size: tuple[int, int]) -> tuple[int, int]:
        """The width a row of tiles may take and the height the whole panel may take."""
        return size[0] - 24 - self.px(64), size[1] - 24

    def _height(self, rows: int) -> int:
        """The panel's height with ``rows`` rows of tiles at the current tile size."""
        return rows * self.tpx(self.tile_size[1]) + (rows - 1) * self.gap + self.px(150)

    def resize(self, size: tuple[int, int]) -> None:
        """Centre the panel and lay the tiles out in rows (at most thirteen to a row), as
        large as the window lets every row fit: tighter first, then smaller tiles."""
        self.size = size
        self.ui = ui_scale(size)
        room_w, room_h = self._room(size)
        layout: list[list[int]] = []
        for fit in _TILE_SCALES:
            self.fit = fit
            tries = []
            for gap in (self.tpx(14), self.tpx(8)):
                self.gap = gap
                tw = self.tpx(self.tile_size[0])
                per_row = min(len(self.options), max(1, (room_w + gap) // (tw + gap)), 13)
                tries.append((len(self.rows(per_row)), -per_row, -gap))
            # The fewest rows this tile size allows, then the longest (a whole suit to a
            # row), then the tiles widest apart.
            count, minus_per_row, minus_gap = min(tries)
            self.gap = -minus_gap
            layout = self.rows(-minus_per_row)
            if self._height(count) <= room_h:
                break
        scale = self.ui * self.fit
        if scale != self._picture_scale:
            self._picture_scale = scale
            self.pictures = [self.picture_for(i, scale) for i in range(len(self.options))]
        px, gap = self.px, self.gap
        tw, th = self.tpx(self.tile_size[0]), self.tpx(self.tile_size[1])
        rows = len(layout)
        widest = max(len(r) for r in layout)
        width = widest * tw + (widest - 1) * gap + px(64)
        height = min(self._height(rows), room_h)
        # Wide enough for its words too (a jack that may request only one rank has one tile).
        words = max(
            theme.text(self.title, px(30), theme.ACCENT, True).get_width(),
            theme.text(self.subtitle, px(17), theme.MUTED).get_width() if self.subtitle else 0,
            theme.text(self.help_line, px(15), theme.MUTED).get_width(),
        )
        wide = max(width, px(360), words + px(64))
        self.panel = pygame.Rect(0, 0, min(wide, size[0] - 24), height)
        # A little above the middle, as far as the window leaves room for.
        self.panel.center = (size[0] // 2, max(size[1] // 2 - 20, 12 + height // 2))
        self.tiles = [pygame.Rect(0, 0, tw, th) for _ in self.options]
        self.grid = layout
        for row, members in enumerate(layout):
            in_row = len(members)
            x0 = self.panel.centerx - (in_row * tw + (in_row - 1) * gap) // 2
            y = self.panel.y + px(92) + row * (th + gap)
            for col, i in enumerate(members):
                self.tiles[i].topleft = (x0 + col * (tw + gap), y)

    def _subtitle_lines(self, room: int) -> list[pygame.Surface]:
        """The subtitle in the panel's ``room``: smaller where the window is narrow (a
        joker's "The red joker (as A♦) names …" at 800 px), and on two lines past that."""
        if not self.subtitle:
            return []
        px = self.px
        for size in range(px(17), px(13) - 1, -1):
            line = theme.text(self.subtitle, size, theme.MUTED)
            if line.get_width() <= room:
                return [line]
        return [theme.text(t, px(13), theme.MUTED) for t in theme.wrap(self.subtitle, px(13), room)]

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Mouse and keyboard picking; Escape cancels."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = next(
                (i for i, r in enumerate(self.tiles) if r.collidepoint(event.pos)), None
            )
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self.clicked and (getattr(event, "clicks", None) or 1) >= 2:
                self.pressed = None
            else:
                self.clicked = True
                self.pressed = self._under(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            # A pick is a press and a release on the same tile: a drag that began elsewhere
            # (a card picked up by reflex) and ends over a tile chooses nothing.
            pressed, self.pressed = self.pressed, None
            under = self._under(event.pos)
            if under is not None and under == pressed:
                if under >= 0:
                    self.finish(self.options[under].value)
                else:
                    self.cancel()  # pressed and released outside the panel
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            # As on the table: a right-click puts every picked card back (Esc only the ones
            # laid), and so closes the chooser.
            if self.on_right_click is not None:
                self.on_right_click()
            self.cancel()
        elif event.type == pygame.KEYDOWN:
            self._key(event)
        return True

    def _under(self, pos: tuple[int, int]) -> int | None:
        """The tile at ``pos``, -1 outside the panel, or None on the panel between tiles."""
        for i, r in enumerate(self.tiles):
            if r.collidepoint(pos):
                return i
        return None if self.panel.collidepoint(pos) else -1

    def _key(self, event: pygame.event.Event) -> None:
        n = len(self.options)
        if event.key == pygame.K_ESCAPE:
            self.cancel()
        elif event.key in (pygame.K_UP, pygame.K_DOWN) and len(self.grid) > 1:
            self.focus = self._across(-1 if event.key == pygame.K_UP else 1)
        elif event.key in (pygame.K_RIGHT, pygame.K_DOWN) or (
            event.key == pygame.K_TAB and not event.mod & pygame.KMOD_SHIFT
        ):
            self.focus = (self.focus + 1) % n
        elif event.key in (pygame.K_LEFT, pygame.K_UP, pygame.K_TAB):
            self.focus = (self.focus - 1) % n
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.finish(self.options[self.focus].value)
        else:
            for option in self.options:
                if option.key is not None and option.key == event.key:
                    self.finish(option.value)
                    return

    def _across(self, step: int) -> int:
        """The tile in the row above (``step`` -1) or below (+1), round from the last row to
        the first: the one nearest the focused tile's column."""
        row = next(r for r, members in enumerate(self.grid) if self.focus in members)
        members = self.grid[(row + step) % len(self.grid)]
        x = self.tiles[self.focus].centerx
        return min(members, key=lambda i: abs(self.tiles[i].centerx - x))

    def update(self, dt: float) -> None:
        """Run the pop-in animation."""
        self.animator.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Dim the table, then the panel with its tiles."""
        veil = _veil(surface.get_size())
        surface.blit(veil, (0, 0))
        scale = self.appear.progress(self.animator.now)
        panel = self.panel.inflate(-(1 - scale) * 60, -(1 - scale) * 40)
        theme.blit_panel(surface, panel, (*theme.PANEL, 240), (*theme.ACCENT, 220), radius=18)
        px = self.px
        title = theme.text(self.title, px(30), theme.ACCENT, True)
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + px(20))))
        y = panel.y + px(58)
        for sub in self._subtitle_lines(panel.w - px(32)):
            surface.blit(sub, sub.get_rect(midtop=(panel.centerx, y)))
            y += sub.get_height()
        for i, (option, rect) in enumerate(zip(self.options, self.tiles, strict=True)):
            self._draw_tile(
                surface, option, self.pictures[i], rect, focused=i == self.focus,
                hovered=i == self.hover,
            )  # fmt: skip
        help_line = theme.text(self.help_line, px(15), theme.MUTED)
        surface.blit(
            help_line, help_line.get_rect(midbottom=(panel.centerx, panel.bottom - px(14)))
        )

    def _draw_tile(
        self,
        surface: pygame.Surface,
        option: Option[T],
        pic: pygame.Surface | None,
        rect: pygame.Rect,
        *,
        focused: bool,
        hovered: bool,
    ) -> None:
        px = self.tpx  # the tile shrinks with its words and picture
        lift = -4 if hovered else 0
        body = rect.move(0, lift)
        fill = (255, 250, 236, 255) if hovered or focused else (238, 232, 216, 255)
        edge = (*theme.ACCENT, 255) if focused else None
        theme.blit_panel(surface, body, fill, edge, radius=px(12))
        if focused:
            pygame.draw.rect(surface, theme.ACCENT, body.inflate(6, 6), 3, border_radius=px(14))
        key = pygame.key.name(option.key).upper() if option.key is not None else ""
        if key and key != option.caption:
            # The tile's key, in its corner (a key that is its caption, as 5 is, goes unsaid).
            letter = theme.text(key, px(13), (96, 88, 74))  # (5.7:1 on the tile)
            surface.blit(letter, letter.get_rect(topright=(body.right - px(7), body.y + px(5))))
        caption = theme.text(option.caption, px(18), theme.INK, True)
        if pic is not None:
            at = (body.centerx, body.y + (body.h - px(26)) // 2 + px(2))
            surface.blit(pic, pic.get_rect(center=at))
            surface.blit(caption, caption.get_rect(midbottom=(body.centerx, body.bottom - px(8))))
        else:
            size = px(34)
            big = theme.text(option.caption, size, theme.INK, True)
            while big.get_width() > body.w - px(14) and size > 14:  # "Nothing" in a rank tile
                size -= 2
                big = theme.text(option.caption, size, theme.INK, True)
            surface.blit(big, big.get_rect(center=body.center))


_VEILS: dict[tuple[int, int], pygame.Surface] = {}


def _veil(size: tuple[int, int]) -> pygame.Surface:
    veil = _VEILS.get(size)
    if veil is None:
        veil = pygame.Surface(size, pygame.SRCALPHA)
        veil.fill((0, 12, 6, 130))
        _VEILS.clear()
        _VEILS[size] = veil
    return veil


_HELP_LINE = "Click or press Enter · Esc puts the {} back"
# Tile sizes tried in turn until every row fits the window's height (a joker on a queen
# can be any of 52 cards: four rows of thirteen at the smallest window, 960×600).
_TILE_SCALES = (1.0, 0.9, 0.8, 0.7, 0.6)
_SUIT_KEYS = {"S": pygame.K_s, "H": pygame.K_h, "D": pygame.K_d, "C": pygame.K_c}


class SuitChooser(ChoiceModal[str]):
    """Which suit an ace, joker or 7 names: only the suits the engine allows ("*": free)."""

    title = "Name a suit"
    tile_size = (118, 132)

    def __init__(
        self,
        choices: Sequence[str],
        on_result: Callable[[str | None], None] | None = None,
        *,
        four_colour: bool = False,
        card: Card | None = None,
        stands_for: Card | None = None,
        note: str = "",
        speed: str = "normal",
    ) -> None:
        options: list[Option[str]] = []
        for choice in choices:
            if choice == "*":
                pic = theme.text("any", 30, theme.INK, True)
                options.append(Option("*", "Free suit", pygame.K_f, pic))
            else:
                colour = _ink(choice, four_colour)
                options.append(
                    Option(
                        choice,
                        SUIT_NAMES[choice],
                        _SUIT_KEYS[choice],
                        suit_symbol(choice, 64, colour),
                    )
                )
        sub = ""
        if card is not None:
            name = card.named[:1].upper() + card.named[1:]  # "The red joker", "A♠"
            if stands_for is not None:
                name += f" (as {stands_for.pretty})"
            sub = f"{name} names the suit that follows"
        if note:
            sub = f"{sub} · {note}" if sub else note[:1].upper() + note[1:]
        self.four_colour = four_colour
        super().__init__(options, on_result, subtitle=sub, speed=speed)

    def picture_for(self, index: int, ui: float) -> pygame.Surface | None:
        """The suit's sign (or "any") drawn afresh at this scale."""
        choice = self.options[index].value
        if ui == 1.0:
            return self.options[index].picture
        if choice == "*":
            return theme.text("any", round(30 * ui), theme.INK, True)
        return suit_symbol(choice, round(64 * ui), _ink(choice, self.four_colour))


def _ink(suit: str, four_colour: bool) -> tuple[int, int, int]:
    from game.ui.cardart import suit_colour

    return suit_colour(suit, four_colour)


# Every rank house rules may let a jack ask for has its key (10 is 0; "Nothing" is N).
_RANK_KEYS = {
    "2": pygame.K_2, "3": pygame.K_3, "4": pygame.K_4, "5": pygame.K_5, "6": pygame.K_6,
    "7": pygame.K_7, "8": pygame.K_8, "9": pygame.K_9, "10": pygame.K_0, "Q": pygame.K_q,
    "K": pygame.K_k, "A": pygame.K_a, "-": pygame.K_n,
}  # fmt: skip


class RankChooser(ChoiceModal[str]):
    """Which rank a jack requests (5–10) or "-" for nothing; only what the engine allows."""

    title = "Request a rank"
    tile_size = (92, 92)

    def __init__(
        self,
        choices: Sequence[str],
        on_result: Callable[[str | None], None] | None = None,
        *,
        note: str = "",
        speed: str = "normal",
        going_out: bool = False,
        card: Card | None = None,
        stands_for: Card | None = None,
    ) -> None:
        options = [Option(c, "Nothing" if c == "-" else c, _RANK_KEYS.get(c)) for c in choices]
        # The round of a request ends with its jack's player, unless that player goes out on
        # the jack (where its power still acts): then the others only.
        sub = (
            "Everyone else in turn lays it or a jack, or draws"
            if going_out
            else "Everyone in turn, you last, lays it or a jack, or draws"
        )
        if card is not None and stands_for is not None:  # a joker laid as the jack: said so
            name = card.named[:1].upper() + card.named[1:]
            sub = f"{name} (as {stands_for.pretty}): {sub[:1].lower()}{sub[1:]}"
        super().__init__(
            options, on_result, subtitle=f"{sub} · {note}" if note else sub, speed=speed
        )


class CardChooser(ChoiceModal[int]):
    """Which card a joker stands for: one tile per legal declaration (returns its index)."""

    title = "The joker stands for…"
    tile_size = (84, 128)

    def __init__(
        self,
        declarations: Sequence[tuple[Card | None, ...]],
        on_result: Callable[[int | None], None] | None = None,
        *,
        four_colour: bool = False,
        large_index: bool = False,
        speed: str = "normal",
    ) -> None:
        many = len(declarations) > 14
        self.art_width = 46 if many else 62
        # The faces follow the table's card settings, as the cards in your hand do.
        self.four_colour = four_colour
        self.large_index = large_index
        art = card_art(self.art_width, four_colour=four_colour, large_index=large_index)
        if many:
            self.tile_size = (58, 94)
        options: list[Option[int]] = []
        for i, declared in enumerate(declarations):
            stands = [d for d in declared if d is not None]
            if len(stands) == 1:
                options.append(Option(i, stands[0].pretty, None, art.face(stands[0].code)))
            else:
                options.append(Option(i, " ".join(d.pretty for d in stands), None, None))
        if any(len([d for d in decl if d is not None]) > 1 for decl in declarations):
            self.tile_size = (150, 70)
            self.title = "The jokers stand for…"
        # The suit of each single-card tile ("" for a pair), so that rows can follow the suits.
        self.suits: list[str] = []
        self.faces: list[str | None] = []  # the card a single-card tile shows
        for declared in declarations:
            stands = [d for d in declared if d is not None]
            self.suits.append(stands[0].suit if len(stands) == 1 else "")
            self.faces.append(stands[0].code if len(stands) == 1 else None)
        # Where jokers play on anything, all 52 are offered: "only cards that fit" would
        # suggest a choice was withheld.
        every = len({f for f in self.faces if f is not None}) == 52
        subtitle = (
            "Any card may be chosen here" if every else "Only cards that fit here are offered"
        )
        super().__init__(options, on_result, subtitle=subtitle, speed=speed)

    def picture_for(self, index: int, ui: float) -> pygame.Surface | None:
        """The card a tile shows, drawn afresh at this scale."""
        code = self.faces[index]
        if code is None or ui == 1.0:
            return self.options[index].picture
        width = round(self.art_width * ui)
        art = card_art(width, four_colour=self.four_colour, large_index=self.large_index)
        return art.face(code)

    def rows(self, per_row: int) -> list[list[int]]:
        """A suit starts a new row unless it fits whole after the suits already in the row, and
        a suit longer than a row goes on over the next; the plain rows when that would take
        more rows than the window has room for (or the tiles are not single cards)."""
        plain = super().rows(per_row)
        if "" in self.suits or len(set(self.suits)) < 2:
            return plain
        runs: list[list[int]] = []
        for i, suit in enumerate(self.suits):
            if runs and self.suits[runs[-1][-1]] == suit:
                runs[-1].append(i)
            else:
                runs.append([i])
        out: list[list[int]] = []
        for run in runs:
            if out and len(out[-1]) + len(run) <= per_row:
                out[-1].extend(run)
                continue
            out.extend(run[k : k + per_row] for k in range(0, len(run), per_row))
        if len(out) > len(plain) and self._height(len(out)) > self._room(self.size)[1]:
            return plain
        return out

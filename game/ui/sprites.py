"""Card pictures at table sizes and cards in flight.

``CardImages`` wraps the card art for the current layout and caches what a frame needs
beyond it: rotated faces (angles rounded to whole degrees), dimmed faces and soft
shadows, so drawing is blitting prepared surfaces. A ``Flight`` is a card moving from one
place to another along a tween; where it is at time ``t`` is a pure function of ``t``.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.engine import Card
from game.store.settings import Settings
from game.ui.cardart import BACKS, CardArt, card_art
from game.ui.tween import Tween, lerp

__all__ = ["UNDER_PILE", "CardImages", "Flight", "pile_angle", "pile_offset"]

BACK = "back"
UNDER_PILE = "under pile"  # a flight's tag: drawn beneath the pile's cards, not over them
SQUEEZE_STEPS = 20  # a flipping card's width is drawn in steps of 5 %, so images stay cached


def _squeeze_step(squeeze: float) -> int:
    return max(1, min(SQUEEZE_STEPS, round(squeeze * SQUEEZE_STEPS)))


def _digest(text: str) -> int:
    return int.from_bytes(hashlib.blake2s(text.encode(), digest_size=4).digest(), "big")


def pile_angle(card: Card, depth: int, serial: int = 0) -> float:
    """A card's tilt on the pile: fixed per card, round and ``serial`` (the how-manieth card
    laid on the pile this round), so the pile never jitters, and copies of a card (two decks:
    10♠ 10♠ laid together) lie each its own way, to read as several cards."""
    return (_digest(f"{card.code}/{depth}/{serial}") % 25) - 12.0


def pile_offset(card: Card, depth: int, unit: int, serial: int = 0) -> tuple[int, int]:
    """A small fixed nudge of a pile card away from the centre (fixed as ``pile_angle``)."""
    d = _digest(f"{depth}:{card.code}:{serial}")
    return ((d % 7 - 3) * unit // 14, ((d >> 4) % 7 - 3) * unit // 18)


class CardImages:
    """Card surfaces for one layout: faces, backs, rotations, dimming and shadows, cached."""

    def __init__(self, settings: Settings, width: int, small_width: int) -> None:
        back = settings.card_back if settings.card_back in BACKS else "blue"
        options = {"four_colour": settings.four_colour, "large_index": settings.large_index}
        self.big: CardArt = card_art(width, back=back, **options)
        self.small: CardArt = card_art(small_width, back=back, **options)
        self._rotated: dict[tuple[str, int, int], pygame.Surface] = {}  # also rotated shadows
        self._dimmed: dict[tuple[str, int], pygame.Surface] = {}
        self._shadows: dict[tuple[int, int, int], pygame.Surface] = {}

    def art(self, width: int) -> CardArt:
        """The art at exactly ``width`` (the big or small deck, else a new shared one)."""
        if width == self.big.width:
            return self.big
        if width == self.small.width:
            return self.small
        return card_art(
            width,
            back=self.big.back,
            four_colour=self.big.four_colour,
            large_index=self.big.large_index,
        )

    def image(self, code: str, width: int) -> pygame.Surface:
        """Face of ``code`` (or the back for ``"back"``; ``"~"`` before a code dims it)."""
        if code.startswith("~"):
            return self.dimmed(code[1:], width)
        if code.startswith("^"):
            return self.selected(code[1:], width)
        art = self.art(width)
        return art.back_surface() if code == BACK else art.face(code)

    def rotated(self, code: str, width: int, angle: float) -> pygame.Surface:
        """The card turned by ``angle`` degrees (rounded to a whole degree and cached)."""
        deg = round(angle) % 360
        if deg == 0:
            return self.image(code, width)
        key = (code, width, deg)
        surf = self._rotated.get(key)
        if surf is None:
            if len(self._rotated) > 600:
                self._rotated.clear()  # flights sweep through many angles; keep memory flat
            surf = pygame.transform.rotozoom(self.image(code, width), deg, 1.0)
            self._rotated[key] = surf
        return surf

    def squeezed(self, code: str, width: int, angle: float, squeeze: float) -> pygame.Surface:
        """The card narrowed to ``squeeze`` of its width, its height kept (half way through a
        flip), then turned by ``angle``; in steps of ``SQUEEZE_STEPS`` and whole degrees, cached."""
        step = _squeeze_step(squeeze)
        if step >= SQUEEZE_STEPS:
            return self.rotated(code, width, angle)
        deg = round(angle) % 360
        key = (f"{code}|{step}", width, deg)
        surf = self._rotated.get(key)
        if surf is None:
            if len(self._rotated) > 600:
                self._rotated.clear()
            face = self.image(code, width)
            narrow = pygame.transform.smoothscale(
                face, (max(1, round(face.get_width() * step / SQUEEZE_STEPS)), face.get_height())
            )
            surf = pygame.transform.rotozoom(narrow, deg, 1.0) if deg else narrow
            self._rotated[key] = surf
        return surf

    def dimmed(self, code: str, width: int) -> pygame.Surface:
        """The face greyed for a card that cannot be played now."""
        key = (code, width)
        surf = self._dimmed.get(key)
        if surf is None:
            surf = self.image(code, width).copy()
            # Multiply the colour only: the rounded corners keep their transparency.
            surf.fill((150, 156, 152), special_flags=pygame.BLEND_RGB_MULT)
            self._dimmed[key] = surf
        return surf

    def selected(self, code: str, width: int) -> pygame.Surface:
        """The face with a gold rim, for a card picked into the group being built."""
        key = ("^" + code, width)
        surf = self._dimmed.get(key)
        if surf is None:
            surf = self.image(code, width).copy()
            radius = max(3, width // 14)
            pygame.draw.rect(surf, (246, 196, 72), surf.get_rect(), max(3, width // 28), radius)
            self._dimmed[key] = surf
        return surf

    def shadow(self, width: int, height: int, alpha: int = 70) -> pygame.Surface:
        """A soft rounded shadow for a card of this size."""
        key = (width, height, alpha)
        surf = self._shadows.get(key)
        if surf is None:
            pad = 6
            surf = pygame.Surface((width + pad * 2, height + pad * 2), pygame.SRCALPHA)
            radius = max(3, width // 14)
            for i in range(pad, 0, -2):
                a = alpha * (pad - i + 2) // (pad * 2)
                pygame.draw.rect(
                    surf,
                    (0, 0, 0, a),
                    pygame.Rect(pad - i, pad - i, width + 2 * i, height + 2 * i),
                    border_radius=radius + i,
                )
            self._shadows[key] = surf
        return surf

    def blit_card(
        self,
        surface: pygame.Surface,
        code: str,
        width: int,
        centre: tuple[float, float],
        angle: float = 0.0,
        *,
        dim: bool = False,
        shadow: bool = True,
        lifted: float = 0.0,
        squeeze: float = 1.0,
    ) -> pygame.Rect:
        """Draw a card centred at ``centre``; returns the rect it covers. ``squeeze`` below 1
        narrows it (not its height) across its own width, as a card half way through a flip."""
        code = "~" + code if dim else code
        if squeeze < 1:
            image = self.squeezed(code, width, angle, squeeze)
        else:
            image = self.rotated(code, width, angle)
        rect = image.get_rect(center=(round(centre[0]), round(centre[1])))
        if shadow:
            h = round(width * 1.4)
            alpha = 60 + 10 * round(4 * lifted)  # a few steps, so shadows stay cached
            narrow = max(1, round(width * _squeeze_step(squeeze) / SQUEEZE_STEPS))
            sh = self.shadow(narrow, h, alpha)
            off = 3 + round(6 * lifted)
            deg = round(angle) % 360
            if deg and abs(angle) > 3:
                key = ("shadow", width * 1000 + alpha, deg)
                rotated = self._rotated.get(key)
                if rotated is None:
                    rotated = self._rotated[key] = pygame.transform.rotate(sh, deg)
                sh = rotated
            surface.blit(sh, sh.get_rect(center=(rect.centerx + off // 2, rect.centery + off)))
        surface.blit(image, rect)
        return rect


@dataclass
class Flight:
    """A card travelling from ``src`` to ``dst`` (centres), turning from ``a0`` to ``a1``.

    ``code`` is what shows ("back" for a hidden card); ``flip_to`` turns it face up half
    way (see ``squeeze``). ``width0``/``width1`` let a card shrink or grow on the way (hand
    to small fan).
    """

    code: str
    src: tuple[float, float]
    dst: tuple[float, float]
    tween: Tween
    a0: float = 0.0
    a1: float = 0.0
    width0: int = 0
    width1: int = 0
    flip_to: str | None = None
    arc: float = 0.0
    on_land: Callable[[], None] | None = None
    # Called once as the card sets off (a staggered flight waits before it leaves).
    on_leave: Callable[[], None] | None = None
    landed: bool = False
    tag: str = ""
    extra: dict[str, object] = field(default_factory=dict)
    # The card this flight brings to your hand (tag "hand"), added there as it lands: its
    # place follows the hand's order if that changes while it flies (``retarget``).
    card: Card | None = None

    def at(self, now: float) -> tuple[tuple[float, float], float, int, str]:
        """(centre, angle, width, code) at ``now``."""
        p = self.tween.progress(now)
        x = lerp(self.src[0], self.dst[0], p)
        y = lerp(self.src[1], self.dst[1], p) - self.arc * math.sin(math.pi * min(1.0, max(0.0, p)))
        angle = lerp(self.a0, self.a1, p)
        width = round(lerp(self.width0, self.width1, min(1.0, max(0.0, p))))
        code = self.code
        if self.flip_to is not None and self.tween.raw(now) >= 0.5:
            code = self.flip_to
        return (x, y), angle, width, code

    def squeeze(self, now: float) -> float:
        """How much of its width a flipping card shows at ``now`` (1 when not flipping).

        A flip reads as the card narrowing to an edge and widening on its other face: only
        its width follows this, its height stays (``CardImages.blit_card``'s ``squeeze``).
        """
        if self.flip_to is None:
            return 1.0
        return max(0.08, abs(math.cos(math.pi * self.tween.raw(now))))

    def retarget(self, dst: tuple[float, float], now: float) -> None:
        """Fly on to ``dst`` instead, from where the card is now (no jump): the start point
        moves so that the path, at the progress reached, passes through the card."""
        p = self.tween.progress(now)
        if 0.0 < p < 1.0:
            x = lerp(self.src[0], self.dst[0], p)
            y = lerp(self.src[1], self.dst[1], p)
            self.src = ((x - p * dst[0]) / (1 - p), (y - p * dst[1]) / (1 - p))
        self.dst = dst

    def started(self, now: float) -> bool:
        """True once the flight has left (staggered flights wait unseen, as cards in the
        stock or in another seat's hand)."""
        return now >= self.tween.start

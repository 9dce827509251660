"""Generate the app icon: two fanned cards, the front one bearing a red "M".

Run ``SDL_VIDEODRIVER=dummy python sprites/make_icon.py`` to write into ``sprites/icon/``:
``macau_<size>.png`` for 16..512 px, ``macau.ico`` for Windows and ``macau.icns`` for macOS.
Both containers simply hold PNG images behind a small table of contents, so no imaging
library is needed to build them.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)  # the ICO table cannot describe more than 256 px
# macOS icon types that hold PNG data, by pixel size.
ICNS_TYPES = (
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic09", 512),
    (b"ic10", 1024),
    (b"ic11", 32),
    (b"ic12", 64),
    (b"ic13", 256),
    (b"ic14", 512),
)

RED = (200, 24, 40)
DEEP_RED = (150, 20, 34)
PAPER = (253, 251, 245)
EDGE = (120, 120, 128)
INK = (22, 22, 28)
SS = 4  # supersampling factor

M_SHAPE = [
    (0.2, 0.76),
    (0.2, 0.26),
    (0.34, 0.26),
    (0.5, 0.5),
    (0.66, 0.26),
    (0.8, 0.26),
    (0.8, 0.76),
    (0.67, 0.76),
    (0.67, 0.47),
    (0.5, 0.71),
    (0.33, 0.47),
    (0.33, 0.76),
]


def _card(width: int, height: int, back: bool, detailed: bool) -> pygame.Surface:
    card = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = round(width * 0.12)
    edge = max(SS, round(width * 0.022))  # never under one final pixel, so small icons keep it
    pygame.draw.rect(card, EDGE, card.get_rect(), border_radius=radius)
    inner = card.get_rect().inflate(-2 * edge, -2 * edge)
    pygame.draw.rect(card, PAPER, inner, border_radius=radius - edge)
    if back:
        field = inner.inflate(-2 * edge, -2 * edge)
        pygame.draw.rect(card, DEEP_RED, field, border_radius=max(1, radius - 2 * edge))
        if detailed:
            step = width / 6
            line = max(SS, round(width * 0.02))
            clip = card.get_clip()
            card.set_clip(field.inflate(-2 * line, -2 * line))
            for i in range(-8, 9):
                x = field.x + i * step
                pygame.draw.line(card, RED, (x, field.y), (x + field.height, field.bottom), line)
                pygame.draw.line(card, RED, (x, field.y), (x - field.height, field.bottom), line)
            card.set_clip(clip)
        return card
    m_box = inner.inflate(-round(width * 0.04), -round(height * 0.1))
    points = [(m_box.x + fx * m_box.width, m_box.y + fy * m_box.height) for fx, fy in M_SHAPE]
    pygame.draw.polygon(card, RED, points)
    if detailed:
        # A small spade in each corner says "playing card" at a glance.
        for cx, cy in ((0.17, 0.1), (0.83, 0.9)):
            centre = (width * cx, height * cy)
            r = width * 0.06
            pygame.draw.circle(card, INK, (centre[0] - r * 0.55, centre[1] + r * 0.2), r * 0.6)
            pygame.draw.circle(card, INK, (centre[0] + r * 0.55, centre[1] + r * 0.2), r * 0.6)
            tri = [(centre[0], centre[1] - r * 1.1), (centre[0] - r * 1.1, centre[1] + r * 0.1)]
            tri += [(centre[0] + r * 1.1, centre[1] + r * 0.1)]
            pygame.draw.polygon(card, INK, tri)
            stem = [(centre[0], centre[1]), (centre[0] - r * 0.45, centre[1] + r * 1.1)]
            stem += [(centre[0] + r * 0.45, centre[1] + r * 1.1)]
            pygame.draw.polygon(card, INK, stem)
    return card


def render_icon(size: int) -> pygame.Surface:
    """The icon at ``size`` x ``size`` pixels, drawn large and shrunk once for smooth edges."""
    big = size * SS
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    canvas.fill((*EDGE, 0))
    detailed = size >= 48
    card_h = round(big * (0.8 if size >= 32 else 0.86))
    card_w = round(card_h / 1.4)
    back = pygame.transform.rotate(_card(card_w, card_h, True, detailed), 14)
    front = pygame.transform.rotate(_card(card_w, card_h, False, detailed), -10)
    canvas.blit(back, back.get_rect(center=(big * 0.38, big * 0.5)))
    canvas.blit(front, front.get_rect(center=(big * 0.6, big * 0.5)))
    return pygame.transform.smoothscale(canvas, (size, size))


def png_bytes(surface: pygame.Surface) -> bytes:
    """``surface`` encoded as PNG."""
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "png")
    return buffer.getvalue()


def ico_bytes(images: dict[int, bytes]) -> bytes:
    """A Windows .ico holding PNG-compressed images (supported since Windows Vista)."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    table, data = b"", b""
    for size, png in sorted(images.items()):
        dim = 0 if size >= 256 else size  # 0 means 256 in the one-byte size fields
        table += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(png), offset + len(data))
        data += png
    return header + table + data


def icns_bytes(entries: list[tuple[bytes, bytes]]) -> bytes:
    """A macOS .icns: 'icns' + length, then (type, length, PNG) for each entry, big-endian."""
    body = b"".join(kind + struct.pack(">I", 8 + len(png)) + png for kind, png in entries)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


ICON_FOLDER = Path(__file__).resolve().parent / "icon"


def main(folder: Path = ICON_FOLDER) -> int:
    """Write every PNG size plus the .ico and .icns into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    sizes = set(PNG_SIZES) | {size for _, size in ICNS_TYPES}
    pngs = {size: png_bytes(render_icon(size)) for size in sorted(sizes)}
    for size in PNG_SIZES:
        (folder / f"macau_{size}.png").write_bytes(pngs[size])
    (folder / "macau.ico").write_bytes(ico_bytes({s: pngs[s] for s in ICO_SIZES}))
    (folder / "macau.icns").write_bytes(icns_bytes([(kind, pngs[s]) for kind, s in ICNS_TYPES]))
    print(f"wrote {len(PNG_SIZES)} PNGs, macau.ico and macau.icns to {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

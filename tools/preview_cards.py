"""Render a contact sheet of every card face and back, to check the card art by eye.

Usage: ``SDL_VIDEODRIVER=dummy python tools/preview_cards.py sheet.png [--sizes 40 180]``
Each size gets two blocks: the standard deck, then four colours with large indices.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.ui.cardart import BACKS, JOKERS, RANKS, SUITS, CardArt

FELT = (22, 96, 60)


def _block(width: int, four_colour: bool, large_index: bool) -> pygame.Surface:
    decks = [
        CardArt(width, four_colour=four_colour, large_index=large_index, back=b) for b in BACKS
    ]
    extras = [decks[0].face(code) for code in JOKERS] + [deck.back_surface() for deck in decks]
    # One suit per row, in rank order, with a joker or a back at the end of each row.
    rows = [[decks[0].face(rank + suit) for rank in RANKS] for suit in SUITS]
    for i, extra in enumerate(extras):
        if i < len(rows):
            rows[i].append(extra)
        else:
            rows.append([extra]) if i == len(rows) else rows[-1].append(extra)
    gap = max(4, width // 12)
    w, h = decks[0].size
    columns = max(len(row) for row in rows)
    block = pygame.Surface((columns * (w + gap) + gap, len(rows) * (h + gap) + gap))
    block.fill(FELT)
    for r, row in enumerate(rows):
        for c, card in enumerate(row):
            block.blit(card, (gap + c * (w + gap), gap + r * (h + gap)))
    return block


def render_sheet(sizes: list[int]) -> pygame.Surface:
    """All faces and backs at each size, standard then four-colour with large indices."""
    blocks = [_block(size, fc, li) for size in sizes for fc, li in ((False, False), (True, True))]
    sheet = pygame.Surface(
        (max(b.get_width() for b in blocks), sum(b.get_height() for b in blocks))
    )
    sheet.fill(FELT)
    y = 0
    for block in blocks:
        sheet.blit(block, (0, y))
        y += block.get_height()
    return sheet


def main(argv: list[str] | None = None) -> int:
    """Write the contact sheet to the PNG path given on the command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", type=Path, help="PNG file to write")
    parser.add_argument("--sizes", type=int, nargs="+", default=[40, 180], help="card widths")
    args = parser.parse_args(argv)
    pygame.font.init()
    pygame.image.save(render_sheet(args.sizes), str(args.output))
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

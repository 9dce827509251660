"""Where a line of text may be cut, stepped through or broken: between the characters a
reader sees, never inside one. A letter and its accents, an emoji and its skin tone, emoji
joined by a zero-width joiner (👩‍💻), the two letters of a flag (🇵🇱) and a flag spelt in
tag characters (Scotland's) each count as one character. The text fields, the drawing of
text and the names kept in the statistics share these, so a name is cut the same wherever
it is cut.
"""

from __future__ import annotations

import unicodedata

__all__ = ["breaks_at", "cut", "joins", "step"]

ZWJ = "\u200d"


def joins(ch: str) -> bool:
    """True for what is drawn with the character before it, never on its own: an accent or
    other mark, a joiner or other invisible format character (a flag's tags among them), a
    variation selector, an emoji's skin tone (a modifier symbol to Unicode, yet only ever
    drawn on the emoji)."""
    return unicodedata.category(ch) in ("Mn", "Mc", "Me", "Cf", "Cc") or (
        "\U0001f3fb" <= ch <= "\U0001f3ff"
    )


def _regional(ch: str) -> bool:
    """A regional indicator: two of them make a country's flag (🇵🇱)."""
    return "\U0001f1e6" <= ch <= "\U0001f1ff"


def breaks_at(content: str, at: int) -> bool:
    """Whether ``content`` may be cut (or a caret stand) before its character ``at``: not
    inside what is drawn as one character."""
    if at <= 0 or at >= len(content):
        return True
    if joins(content[at]) or content[at - 1] == ZWJ:
        return False
    if _regional(content[at]):  # a flag is two of them: cut only between flags
        run = 0
        while at - run > 0 and _regional(content[at - run - 1]):
            run += 1
        return run % 2 == 0
    return True


def step(line: str, at: int, direction: int) -> int:
    """The position one character on from ``at`` (``direction`` 1) or back (-1), as the
    reader counts characters (``breaks_at``); ``at`` itself at either end of the line."""
    i = at + direction
    while 0 < i < len(line) and not breaks_at(line, i):
        i += direction
    return max(0, min(len(line), i))


def cut(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` code points, between two characters (``breaks_at``):
    a character that would not fit whole is left out whole."""
    if len(text) <= limit:
        return text
    at = max(0, limit)
    while at > 0 and not breaks_at(text, at):
        at -= 1
    return text[:at]

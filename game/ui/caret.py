"""Where a text field's caret stands in a line of text as ``theme.text`` draws it.

A caret stands between two characters of the text as stored (logical order), but is drawn
where the two meet on the screen. In a line read left to right that is the width of the
text before it. A Hebrew or Arabic word in the line is drawn right to left, so there the
caret follows the letter before it on its left: the line's runs (``bidi``) are placed as
``theme.text`` places them, and each character's edges found inside its run.
"""

from __future__ import annotations

from game.graphemes import breaks_at, step
from game.ui import bidi, theme

__all__ = ["caret_xs", "nearest_caret", "step", "word_step"]


def word_step(line: str, at: int, direction: int) -> int:
    """The caret position a word on from ``at``: back (``direction`` -1) to the start of the
    word before it, or on (1) to the end of the word after it, past any spaces between, as
    Ctrl with an arrow, Backspace or Delete moves in any text field; whole characters only
    (``step``)."""
    i = at

    def crossed() -> str:
        return line[i - 1] if direction < 0 else line[i]

    def more() -> bool:
        return i > 0 if direction < 0 else i < len(line)

    while more() and crossed().isspace():
        i = step(line, i, direction)
    while more() and not crossed().isspace():
        i = step(line, i, direction)
    return i


def _width(content: str, size: int) -> int:
    # theme.text draws an empty string as a surface one pixel wide: nothing has no width.
    return theme.text_size(content, size)[0] if content else 0


def caret_xs(line: str, size: int) -> list[int]:
    """The x (from the left of the drawn line) of a caret before each character of ``line``
    and after the last: ``len(line) + 1`` positions."""
    if not bidi.has_rtl(line):
        return [_width(line[:i], size) for i in range(len(line) + 1)]
    levels = bidi.levels(line)
    runs: list[tuple[int, int]] = []  # (start, end) of each stretch of one level
    for i, level in enumerate(levels):
        if runs and levels[runs[-1][0]] == level:
            runs[-1] = (runs[-1][0], i + 1)
        else:
            runs.append((i, i + 1))
    # The two edges of each character as drawn: where it begins and ends in reading order.
    leading, trailing = [0] * len(line), [0] * len(line)
    x = 0
    for at in bidi.visual_order([levels[start] for start, _ in runs]):
        start, end = runs[at]
        run = line[start:end]
        width = _width(run, size)
        rtl = levels[start] % 2 == 1
        for k in range(len(run)):
            before, after = _width(run[:k], size), _width(run[: k + 1], size)
            if rtl:
                leading[start + k], trailing[start + k] = x + width - before, x + width - after
            else:
                leading[start + k], trailing[start + k] = x + before, x + after
        x += width
    return [leading[0] if line else 0, *trailing]


def nearest_caret(line: str, size: int, x: float) -> int:
    """The caret position in ``line`` drawn nearest to ``x`` (a click at ``x``). Past the
    right of the line it is the line's end, before its left the line's start, whichever
    way the words beside them read (as a click beside a line puts the caret in any editor)."""
    xs = caret_xs(line, size)
    if x >= max(xs):
        return len(line)
    if x <= min(xs):
        return 0
    stops = [i for i in range(len(xs)) if breaks_at(line, i)]
    return min(stops, key=lambda i: (abs(xs[i] - x), i))

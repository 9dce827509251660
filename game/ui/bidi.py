"""Right-to-left text in a left-to-right line: which characters read right to left, and
in what order the runs of a line are placed.

Every screen of the game is laid out left to right, so each line of text is a
left-to-right paragraph of the Unicode Bidirectional Algorithm (UAX #9) without explicit
embeddings: a Hebrew or Arabic name in it, or a whole line of one, is a run read right to
left, with any number in it read left to right. This module resolves the levels of a line
(rules W1 to W7, N0 for brackets, N1 and N2, I1) and the order of its runs (L2); the
letters inside a run are ordered and shaped by the font renderer (HarfBuzz), told the
run's direction and, for the scripts that need it (``script_of``), its script.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from functools import lru_cache

__all__ = ["has_rtl", "levels", "script_of", "visual_order"]

_RTL = frozenset({"R", "AL"})
_NUMBERS = frozenset({"EN", "AN"})
# Opening brackets and their closing ones (the common pairs of BidiBrackets.txt).
_BRACKETS = {"(": ")", "[": "]", "{": "}", "⟨": "⟩", "〈": "〉", "（": "）", "［": "］", "｛": "｝"}
_CLOSING = {closing: opening for opening, closing in _BRACKETS.items()}
# The scripts whose letters the shaper must be told about to join, reorder or stack them
# (Arabic letters change form with their neighbours, a Devanagari र् before a consonant
# becomes a hook above it), by the first word of their letters' Unicode names, as ISO 15924
# codes. Latin, Greek, Cyrillic and the CJK scripts are shaped right without being named.
_SCRIPTS = {
    "ARABIC": "Arab",
    "HEBREW": "Hebr",
    "SYRIAC": "Syrc",
    "THAANA": "Thaa",
    "NKO": "Nkoo",
    "SAMARITAN": "Samr",
    "MANDAIC": "Mand",
    "ADLAM": "Adlm",
    "HANIFI": "Rohg",
    "YEZIDI": "Yezi",
    "DEVANAGARI": "Deva",
    "BENGALI": "Beng",
    "GURMUKHI": "Guru",
    "GUJARATI": "Gujr",
    "ORIYA": "Orya",
    "TAMIL": "Taml",
    "TELUGU": "Telu",
    "KANNADA": "Knda",
    "MALAYALAM": "Mlym",
    "SINHALA": "Sinh",
    "THAI": "Thai",
    "LAO": "Laoo",
    "TIBETAN": "Tibt",
    "MYANMAR": "Mymr",
    "KHMER": "Khmr",
    "MONGOLIAN": "Mong",
    "HANGUL": "Hang",
    "JAVANESE": "Java",
    "BALINESE": "Bali",
}


@lru_cache(maxsize=4096)
def _type(ch: str) -> str:
    return unicodedata.bidirectional(ch)


def starts_rtl(text: str) -> bool:
    """Whether the first letter of ``text`` with a direction of its own is right-to-left
    (an Arabic or Hebrew name, say, digits and spaces aside)."""
    for ch in text:
        kind = _type(ch)
        if kind in _RTL:
            return True
        if kind == "L":
            return False
    return False


def has_rtl(text: str) -> bool:
    """True when ``text`` holds a letter written right to left (Hebrew, Arabic, …)."""
    return any(_type(ch) in _RTL for ch in text)


def levels(text: str) -> list[int]:
    """The level of each character of ``text`` as a left-to-right line: 0 read left to
    right, 1 right to left, 2 a number inside right-to-left text (read left to right)."""
    types = _weak_types(text)
    _pair_brackets(text, types)
    _resolve_neutrals(types)
    return [0 if t == "L" else 1 if t == "R" else 2 for t in types]


def _weak_types(text: str) -> list[str]:
    """Every character's type after the weak rules: L, R, EN, AN or a neutral (ON)."""
    types: list[str] = []
    strong = "L"  # the last strong type before (the start of the line counts as L)
    for ch in text:
        t = _type(ch)
        if t in ("NSM", "BN"):  # a mark or an invisible joiner goes with what it follows
            t = types[-1] if types else "ON"
        elif t == "EN" and strong == "AL":
            t = "AN"
        if t in ("L", "R", "AL"):
            strong = t
        types.append(t)
    types = ["R" if t == "AL" else t for t in types]
    n = len(types)
    for i in range(1, n - 1):  # one separator between two numbers of a kind: 1,000
        before, after = types[i - 1], types[i + 1]
        if types[i] in ("ES", "CS") and before == after == "EN":
            types[i] = "EN"
        elif types[i] == "CS" and before == after == "AN":
            types[i] = "AN"
    for i, t in enumerate(types):  # currency and percent signs beside a number: 100 ₪
        if t == "ET" and _beside(types, i, "ET", "EN"):
            types[i] = "EN"
    strong = "L"
    for i, t in enumerate(types):
        if t in ("L", "R"):
            strong = t
        elif t == "EN" and strong == "L":
            types[i] = "L"
        elif t not in _NUMBERS:
            types[i] = "ON"
    return types


def _beside(types: list[str], i: int, through: str, wanted: str) -> bool:
    """True when a run of ``through`` types around ``i`` touches a ``wanted`` one."""
    for step in (-1, 1):
        j = i + step
        while 0 <= j < len(types) and types[j] == through:
            j += step
        if 0 <= j < len(types) and types[j] == wanted:
            return True
    return False


def _strong(t: str) -> str:
    """The direction a type counts as beside a neutral: numbers count as right to left."""
    return "R" if t in _NUMBERS else t


def _pair_brackets(text: str, types: list[str]) -> None:
    """Rule N0: a pair of brackets around right-to-left text after right-to-left text reads
    right to left, and otherwise left to right, so "Anna (אנה) 3" keeps its brackets."""
    pairs: list[tuple[int, int]] = []
    opened: list[tuple[str, int]] = []
    for i, ch in enumerate(text):
        if types[i] != "ON":
            continue
        if ch in _BRACKETS:
            opened.append((_BRACKETS[ch], i))
        elif ch in _CLOSING:
            for depth in range(len(opened) - 1, -1, -1):
                if opened[depth][0] == ch:
                    pairs.append((opened[depth][1], i))
                    del opened[depth:]
                    break
    for start, end in sorted(pairs):
        inside = {_strong(t) for t in types[start + 1 : end] if t != "ON"}
        if "L" in inside:
            direction = "L"
        elif "R" in inside:
            before = next((_strong(t) for t in reversed(types[:start]) if t != "ON"), "L")
            direction = before
        else:
            continue
        types[start] = types[end] = direction


def _resolve_neutrals(types: list[str]) -> None:
    """Rules N1 and N2: neutrals between two of one direction take it, others read left to
    right (the line's own direction)."""
    i, n = 0, len(types)
    while i < n:
        if types[i] != "ON":
            i += 1
            continue
        j = i
        while j < n and types[j] == "ON":
            j += 1
        before = _strong(types[i - 1]) if i > 0 else "L"
        after = _strong(types[j]) if j < n else "L"
        types[i:j] = [before if before == after else "L"] * (j - i)
        i = j


def visual_order(run_levels: Sequence[int]) -> list[int]:
    """The indexes of runs of text (each of one level, in reading order) in the order they
    are placed from left to right (rule L2)."""
    order = list(range(len(run_levels)))
    highest = max(run_levels, default=0)
    for level in range(highest, 0, -1):
        i = 0
        while i < len(order):
            if run_levels[order[i]] < level:
                i += 1
                continue
            j = i
            while j < len(order) and run_levels[order[j]] >= level:
                j += 1
            order[i:j] = reversed(order[i:j])
            i = j
    return order


@lru_cache(maxsize=4096)
def script_of(ch: str) -> str | None:
    """The ISO 15924 code of the script the shaper must be told the letter ``ch`` is in
    ("Arab", "Deva", …); "" for a letter it shapes right untold (Latin, Cyrillic, Han), and
    None for what belongs to every script (a space, a digit, a sign)."""
    if not unicodedata.category(ch).startswith("L"):
        return None
    return _SCRIPTS.get(unicodedata.name(ch, "").split(" ", 1)[0], "")

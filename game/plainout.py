"""Standard streams that cannot show the suits (a Windows console or a file written in its
code page, an ASCII or Latin-2 locale) write plain text instead of ending the program."""

from __future__ import annotations

import argparse
import codecs
import io
import sys
import unicodedata
from typing import Any

# How a character the output cannot hold is written instead: a suit as its letter in the card
# notation (10♥ reads 10H, as it is typed), typography as its ASCII look-alike. Anything else
# loses its accents (Ż reads Z) or, failing that, reads "?".
PLAIN_TEXT: dict[str, str] = {
    "♠": "S",
    "♥": "H",
    "♦": "D",
    "♣": "C",
    "“": '"',
    "”": '"',
    "‘": "'",
    "’": "'",
    "–": "-",
    "—": "--",
    "…": "...",
    "·": ".",
    "×": "x",
    "→": "->",
    "≥": ">=",
    "≤": "<=",
    "\u00a0": " ",
    "ł": "l",  # the Polish letters that have no accent to take off
    "Ł": "L",
}
PLAIN_ERRORS = "macau.plain"


def _in_path(text: str, at: int) -> bool:
    """Whether the character at ``at`` lies in a path: on its line, from the first folder
    separator to the end of the word after the last one ("/home/My Łódź Stats/out.csv",
    spaces and all). A look-alike there names a folder that does not exist ("Łódź" as
    "Lodz")."""
    start = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at)
    line = text[start : end if end >= 0 else len(text)]
    where = at - start
    seps = [i for i, ch in enumerate(line) if ch in "/\\"]
    if not seps:
        return False
    after = line.find(" ", seps[-1])
    return seps[0] <= where < (after if after >= 0 else len(line))


def _plain(exc: UnicodeError) -> tuple[str, int]:
    """A codec error handler: the characters that cannot be encoded, in ASCII; in a path,
    as Python's escapes (\u0141 for Ł), which name the same folder unmistakably."""
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    out = []
    for at in range(exc.start, exc.end):
        ch = exc.object[at]
        if _in_path(exc.object, at):
            out.append(ch.encode("ascii", "backslashreplace").decode("ascii"))
            continue
        text = PLAIN_TEXT.get(ch)
        if text is None:
            bare = unicodedata.normalize("NFKD", ch)
            text = "".join(c for c in bare if not unicodedata.combining(c))
            if not text or not text.isascii():
                text = "?"
        out.append(text)
    return "".join(out), exc.end


codecs.register_error(PLAIN_ERRORS, _plain)


def plain_where_needed() -> None:
    """Make the standard streams safe where their encoding has no ♥ (a Windows console or a
    file written in its code page, an ASCII or Latin-2 locale): what cannot be written comes
    out as plain text instead of ending the program, and a line typed in another encoding is
    read with stand-ins for what cannot be decoded."""
    for name in ("stdout", "stderr", "stdin"):
        stream = getattr(sys, name)
        if not isinstance(stream, io.TextIOWrapper) or _shows_suits(stream.encoding):
            continue
        stream.reconfigure(errors="replace" if name == "stdin" else PLAIN_ERRORS)


def _shows_suits(encoding: str) -> bool:
    try:
        "♠♥♦♣".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


class OutputFailed(SystemExit):
    """Help or the version could not be written to the standard output: ``error`` says why.
    A ``SystemExit``, so that it ends the parsing as argparse's own exit would (and no
    command's handler of its own failures takes it for one)."""

    def __init__(self, error: OSError) -> None:
        super().__init__(1)
        self.error = error


class Parser(argparse.ArgumentParser):
    """argparse's parser, whose help and version written to a standard output that fails
    say so. argparse drops the error and exits 0; a buffered output only fails when it is
    written out at the end, where the caller tells it, but an unbuffered one
    (``PYTHONUNBUFFERED``, usual in containers) fails inside argparse, unseen."""

    def _print_message(self, message: str, file: Any = None) -> None:
        if message and file is not None and file is sys.stdout:
            try:
                file.write(message)
            except OSError as exc:
                raise OutputFailed(exc) from exc
            return
        super()._print_message(message, file)

"""Folders named in Latin-1 rather than UTF-8, as an older system or a copied disk leaves
them: Python reads such a name as a string holding a lone surrogate (b"caf\\xe9" is
"caf\\udce9"), which names a real folder yet no text encoding accepts."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


def latin1_folder(parent: Path, name: bytes = b"caf\xe9") -> Path:
    """A new folder in ``parent`` whose name is ``name``, bytes that are not UTF-8; the test
    is skipped where the file system refuses such a name (macOS, Windows)."""
    try:
        folder = Path(os.fsdecode(os.fsencode(parent) + b"/" + name))
        folder.mkdir()
    except FileExistsError:
        raise
    except (OSError, UnicodeError) as exc:
        pytest.skip(f"this file system refuses a folder name that is not UTF-8 ({exc})")
    return folder

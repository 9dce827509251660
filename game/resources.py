"""Where bundled assets live, in the source tree and inside a PyInstaller bundle.

This is the only module that knows the layout on disk. Everything else asks for
``asset_path("sounds", "deal.wav")`` and gets a ``Path`` or a ``MissingAsset``.
"""

from __future__ import annotations

import sys
from pathlib import Path

__all__ = [
    "MissingAsset",
    "asset_path",
    "asset_root",
    "font_path",
    "icon_path",
    "is_frozen",
    "sound_path",
    "sprite_path",
]


class MissingAsset(FileNotFoundError):
    """A bundled file the game needs is not where it should be."""

    def __init__(self, path: Path, root: Path) -> None:
        self.path = path
        self.root = root
        super().__init__(
            f"The game file {path} is missing. It should ship with the game under {root}; "
            "reinstall the game or, from a source checkout, run the generator scripts in "
            "sprites/ and sounds/."
        )


def is_frozen() -> bool:
    """True when running from a PyInstaller bundle rather than the source tree."""
    return bool(getattr(sys, "frozen", False)) and hasattr(sys, "_MEIPASS")


def asset_root() -> Path:
    """The folder that holds ``sprites/`` and ``sounds/``."""
    if is_frozen():
        # PyInstaller unpacks (onefile) or places (onedir) data files under _MEIPASS.
        return Path(sys._MEIPASS)  # type: ignore[attr-defined]
    # Source tree: this file is game/resources.py, so the repo root is two levels up.
    return Path(__file__).resolve().parent.parent


def asset_path(*parts: str) -> Path:
    """Absolute path of a bundled file, e.g. ``asset_path("sounds", "deal.wav")``.

    Raises ``MissingAsset`` (a ``FileNotFoundError``) when the file is not there.
    """
    if not parts:
        raise ValueError("asset_path needs at least one path part")
    root = asset_root()
    path = root.joinpath(*parts)
    if not path.exists():
        raise MissingAsset(path, root)
    return path


def sprite_path(*parts: str) -> Path:
    """Path of a file under ``sprites/``."""
    return asset_path("sprites", *parts)


def sound_path(name: str) -> Path:
    """Path of a sound effect under ``sounds/``; ``"deal"`` means ``sounds/deal.wav``."""
    filename = name if "." in name else f"{name}.wav"
    return asset_path("sounds", filename)


def font_path(filename: str) -> Path | None:
    """Path of a shipped font under ``sprites/fonts/``, or None to use pygame's default font."""
    try:
        return asset_path("sprites", "fonts", filename)
    except MissingAsset:
        return None


def icon_path(size: int = 64) -> Path:
    """The app icon PNG closest to ``size`` pixels, for ``pygame.display.set_icon``."""
    sizes = (16, 24, 32, 48, 64, 128, 256, 512)
    best = min(sizes, key=lambda s: (abs(s - size), -s))
    return sprite_path("icon", f"macau_{best}.png")

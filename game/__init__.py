"""Macau: the shedding card game of Poland, Hungary and Romania."""

from __future__ import annotations

import os

# pygame prints a greeting line when first imported; the game's output is its own (a headless
# command's figures, the self-test's one line). Set before any module imports pygame.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _read_version() -> str:
    """The version in pyproject.toml: the one source of truth.

    The source tree has pyproject.toml beside ``game/``; the PyInstaller bundle ships a copy
    at its root (see build/macau.spec), so both read the same file the same way. An
    installed wheel has no pyproject.toml and asks its package metadata instead.
    """
    import tomllib

    from game.resources import asset_root

    try:
        with open(asset_root() / "pyproject.toml", "rb") as fh:
            return str(tomllib.load(fh)["project"]["version"])
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        pass
    try:
        from importlib.metadata import PackageNotFoundError, version

        return version("macau")
    except PackageNotFoundError:
        return "unknown"


__version__ = _read_version()

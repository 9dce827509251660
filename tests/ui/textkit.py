"""Where a screen draws its words: every text rendered by ``theme.text`` and blitted onto
the screen, with the rectangle it covers, so tests can check that none runs over another
or out of the window."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import Any

import pygame
import pytest

from game.ui import theme
from game.ui.scene import SceneStack


class _Recorder(pygame.Surface):
    """A window surface that remembers where each text was blitted."""

    def __init__(self, size: tuple[int, int], words: dict[int, str]) -> None:
        super().__init__(size)
        self.words = words
        self.drawn: list[tuple[str, pygame.Rect]] = []

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None, special_flags: int = 0):  # type: ignore[override]
        words = self.words.get(id(source))
        if words is not None and words.strip():
            at = pygame.Rect(dest) if len(dest) == 4 else pygame.Rect(dest, source.get_size())
            if area is not None:
                at.size = pygame.Rect(area).size
            self.drawn.append((words, pygame.Rect(at.topleft, at.size)))
        return super().blit(source, dest, area, special_flags)


def text_spy(monkeypatch: pytest.MonkeyPatch) -> dict[int, str]:
    """From now on, the words of every image ``theme.text`` makes, by the image's id."""
    words: dict[int, str] = {}
    render: Callable[..., pygame.Surface] = theme.text

    def text(content: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        image = render(content, *args, **kwargs)
        words[id(image)] = content
        return image

    monkeypatch.setattr(theme, "text", text)
    return words


def drawn_texts(
    monkeypatch: pytest.MonkeyPatch,
    stack: SceneStack,
    size: tuple[int, int],
    top_only: bool = False,
) -> list[tuple[str, pygame.Rect]]:
    """Draw ``stack`` once on a window of ``size`` (only its top scene, a dialog over a
    screen, if ``top_only``): each text drawn and where."""
    render: Callable[..., pygame.Surface] = theme.text
    words = text_spy(monkeypatch)
    surface = _Recorder(size, words)
    if top_only and stack.top is not None:
        stack.top.draw(surface)
    else:
        stack.draw(surface)
    monkeypatch.setattr(theme, "text", render)
    return surface.drawn


def overlaps(drawn: list[tuple[str, pygame.Rect]]) -> list[tuple[str, str]]:
    """Pairs of texts drawn over each other (a pixel or two of their boxes' margins aside)."""
    inked = [(words, rect.inflate(-2, -6)) for words, rect in drawn]
    return [(a, b) for (a, ra), (b, rb) in combinations(inked, 2) if ra.colliderect(rb)]


def outside(drawn: list[tuple[str, pygame.Rect]], size: tuple[int, int]) -> list[str]:
    """Texts drawn (partly) off the window."""
    window = pygame.Rect((0, 0), size)
    return [words for words, rect in drawn if not window.contains(rect)]


def forget_fonts() -> None:
    """Empty every font cache of ``theme``, for a test that moves or damages the font files."""
    for cache in (
        theme._font_file,
        theme.font,
        theme._glyphs,
        theme._lacks,
        theme._font_for,
        theme._face,
        theme._text,
    ):
        cache.cache_clear()


def stack_on_window(scene: Any, size: tuple[int, int]) -> SceneStack:
    """A dummy window of ``size`` and a scene stack with ``scene`` pushed on it."""
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode(size)
    stack = SceneStack(None, size)
    stack.push(scene)
    return stack

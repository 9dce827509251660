"""The scene stack, in the manner of Tuxemon's state manager.

A ``Scene`` handles input, updates with ``dt`` seconds and draws; ``draw`` never changes
state. The ``SceneStack`` holds the scenes: events go to the top scene first and pass
down while scenes return False from ``handle_event`` (an opaque or modal scene swallows
them). Drawing starts at the highest opaque scene and goes up, so transparent overlays
(pause menus, dialogs, toasts) are drawn over the table below them.

A ``Modal[T]`` is a transparent scene that ends by handing a value of type ``T`` (or
``None`` when cancelled) to a callback, like Textual's ``ModalScreen[T]``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Generic, TypeVar

import pygame

if TYPE_CHECKING:
    from game.ui.app import App

__all__ = ["MODIFIER_KEYS", "Modal", "Scene", "SceneStack", "pressed_keys"]

T = TypeVar("T")

# Keys pressed on their own for a shortcut (Alt+Tab away, a screenshot): no sign the
# player has taken to the keyboard.
MODIFIER_KEYS = frozenset(
    {
        pygame.K_LSHIFT,
        pygame.K_RSHIFT,
        pygame.K_LCTRL,
        pygame.K_RCTRL,
        pygame.K_LALT,
        pygame.K_RALT,
        pygame.K_LGUI,
        pygame.K_RGUI,
        pygame.K_MODE,
        pygame.K_PRINTSCREEN,
    }
)


def pressed_keys(event: pygame.event.Event) -> bool | None:
    """Whether ``event`` is a press of a key (True) or of a mouse button or a finger
    (False); None for anything else, a modifier alone included. The words that name the
    keys or the mouse follow the last press."""
    if event.type == pygame.KEYDOWN:
        return None if event.key in MODIFIER_KEYS else True
    if event.type in (pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN):
        return False
    return None


class Scene:
    """One screen or overlay. Subclasses override the hooks they need."""

    #: Transparent scenes let the scenes below them be drawn first.
    transparent: bool = False
    #: Modal scenes swallow every event, whether or not they use it.
    modal: bool = False
    #: Keys that act once however long they are held, though they repeat elsewhere.
    held_keys_act_once: frozenset[int] = frozenset()

    def __init__(self) -> None:
        self.stack: SceneStack | None = None

    # --- lifecycle ---------------------------------------------------------------------------
    def startup(self) -> None:
        """Called once when the scene is first pushed."""

    def resume(self) -> None:
        """Called when the scene becomes the top scene (after startup, or a pop above it)."""

    def pause(self) -> None:
        """Called when another scene is pushed on top of this one."""

    def shutdown(self) -> None:
        """Called once when the scene leaves the stack."""

    # --- frame -------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to ``event``; return True to consume it, False to pass it down."""
        return False

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds. Every scene on the stack is updated, top first."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw onto ``surface``; must not change state."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window now has ``size``; recompute the layout."""

    def ask_before_closing(self) -> Scene | None:
        """The window is being closed (its close button, Alt+F4, Cmd+Q). A scene holding work
        that closing would lose pushes a question and returns it: the window stays open while
        it is asked, and the answer decides. None (the default) lets the window close now."""
        return None

    # --- helpers -----------------------------------------------------------------------------
    @property
    def app(self) -> App | None:
        """The app running this scene's stack, if any (None in bare tests)."""
        return self.stack.app if self.stack is not None else None

    def close(self) -> None:
        """Remove this scene (and anything above it) from its stack."""
        if self.stack is not None:
            self.stack.remove(self)


class Modal(Scene, Generic[T]):
    """A transparent dialog that returns a ``T`` (or None when cancelled) to ``on_result``."""

    transparent = True
    modal = True

    def __init__(self, on_result: Callable[[T | None], None] | None = None) -> None:
        super().__init__()
        self.on_result = on_result
        self.result: T | None = None
        self.finished = False

    def finish(self, value: T | None) -> None:
        """Close the dialog and hand ``value`` to the callback (once)."""
        if self.finished:
            return
        self.finished = True
        self.result = value
        self.close()
        if self.on_result is not None:
            self.on_result(value)

    def cancel(self) -> None:
        """Close the dialog without a value."""
        self.finish(None)


class SceneStack:
    """Push, pop and replace scenes; route events, updates and drawing through them."""

    def __init__(self, app: App | None = None, size: tuple[int, int] = (1280, 800)) -> None:
        self.app = app
        self.size = size
        self._scenes: list[Scene] = []

    @property
    def scenes(self) -> tuple[Scene, ...]:
        """Bottom first."""
        return tuple(self._scenes)

    @property
    def top(self) -> Scene | None:
        """The scene receiving input first."""
        return self._scenes[-1] if self._scenes else None

    def __len__(self) -> int:
        return len(self._scenes)

    def push(self, scene: Scene) -> Scene:
        """Put ``scene`` on top: the old top is paused, the new one started and resumed."""
        if self._scenes:
            self._scenes[-1].pause()
        scene.stack = self
        self._scenes.append(scene)
        scene.resize(self.size)
        scene.startup()
        scene.resume()
        return scene

    def pop(self) -> Scene | None:
        """Remove the top scene (shut down) and resume the one below."""
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        scene.shutdown()
        scene.stack = None
        if self._scenes:
            self._scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> Scene:
        """Swap the top scene for ``scene`` (the one below is not resumed in between)."""
        if self._scenes:
            old = self._scenes.pop()
            old.shutdown()
            old.stack = None
        scene.stack = self
        self._scenes.append(scene)
        scene.resize(self.size)
        scene.startup()
        scene.resume()
        return scene

    def remove(self, scene: Scene) -> None:
        """Pop until ``scene`` is gone (no-op when it is not on the stack)."""
        if scene not in self._scenes:
            return
        while self._scenes:
            if self.pop() is scene:
                return

    def clear(self) -> None:
        """Shut every scene down, top first."""
        while self._scenes:
            self.pop()

    def find(self, kind: type[T]) -> T | None:
        """The highest scene of type ``kind``, or None."""
        for scene in reversed(self._scenes):
            if isinstance(scene, kind):
                return scene
        return None

    # --- the frame ---------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Offer ``event`` from the top down until a scene consumes it."""
        for scene in reversed(list(self._scenes)):
            if scene.stack is not self:
                continue  # closed by an earlier handler during this event
            if scene.handle_event(event) or scene.modal or not scene.transparent:
                return True
        return False

    def update(self, dt: float) -> None:
        """Update every scene, top first (scenes below keep animating under a dialog)."""
        for scene in reversed(list(self._scenes)):
            if scene.stack is self:
                scene.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw from the highest opaque scene up to the top."""
        first = 0
        for i in range(len(self._scenes) - 1, -1, -1):
            if not self._scenes[i].transparent:
                first = i
                break
        for scene in self._scenes[first:]:
            scene.draw(surface)

    def resize(self, size: tuple[int, int]) -> None:
        """Tell every scene the window size changed."""
        self.size = size
        for scene in self._scenes:
            scene.resize(size)

"""The scene stack, modals, tweens and widgets, driven by real pygame events."""

from __future__ import annotations

import pygame
import pytest

from game.ui.clock import ManualClock
from game.ui.scene import Modal, Scene, SceneStack
from game.ui.tween import Animator, ease_out_cubic
from game.ui.widgets import Button, TextInput, WidgetGroup


class Recorder(Scene):
    def __init__(self, name: str, log: list[str], transparent: bool = False) -> None:
        super().__init__()
        self.name = name
        self.log = log
        self.transparent = transparent
        self.consume = False

    def startup(self) -> None:
        self.log.append(f"{self.name}.startup")

    def resume(self) -> None:
        self.log.append(f"{self.name}.resume")

    def pause(self) -> None:
        self.log.append(f"{self.name}.pause")

    def shutdown(self) -> None:
        self.log.append(f"{self.name}.shutdown")

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.log.append(f"{self.name}.event")
        return self.consume

    def draw(self, surface: pygame.Surface) -> None:
        self.log.append(f"{self.name}.draw")


def test_push_pop_replace_call_the_lifecycle_hooks_in_order() -> None:
    log: list[str] = []
    stack = SceneStack()
    a = Recorder("a", log)
    stack.push(a)
    stack.push(Recorder("b", log))
    stack.pop()
    stack.replace(Recorder("c", log))
    assert log == [
        "a.startup", "a.resume", "a.pause", "b.startup", "b.resume",
        "b.shutdown", "a.resume", "a.shutdown", "c.startup", "c.resume",
    ]  # fmt: skip
    assert stack.top is not None and len(stack) == 1


def test_transparent_overlay_draws_over_the_scene_below_and_passes_events_down() -> None:
    log: list[str] = []
    stack = SceneStack()
    stack.push(Recorder("table", log))
    stack.push(Recorder("toast", log, transparent=True))
    log.clear()
    stack.draw(pygame.Surface((10, 10)))
    stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a"))
    assert log == ["table.draw", "toast.draw", "toast.event", "table.event"]


def test_modal_swallows_events_and_hands_its_value_to_the_callback() -> None:
    log: list[str] = []
    results: list[int | None] = []

    class Pick(Modal[int]):
        def handle_event(self, event: pygame.event.Event) -> bool:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.cancel()
            elif event.type == pygame.KEYDOWN:
                self.finish(7)
            return True

    stack = SceneStack()
    stack.push(Recorder("table", log))
    stack.push(Pick(results.append))
    log.clear()
    stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a"))
    assert results == [7] and "table.event" not in log and len(stack) == 1
    stack.push(Pick(results.append))
    stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert results == [7, None]


def test_tweens_follow_the_clock_and_snap_when_animation_is_off() -> None:
    clock = ManualClock(step=0.1)
    animator = Animator("normal")
    tween = animator.tween(0.4, ease_out_cubic)
    animator.update(clock.tick())
    assert 0 < tween.value(animator.now, 0, 100) < 100
    animator.update(clock.tick() * 4)
    assert tween.value(animator.now, 0, 100) == 100
    off = Animator("off")
    assert off.tween(5.0).done(off.now)
    with pytest.raises(ValueError):
        Animator("slow")


def test_button_clicks_on_release_inside_and_by_keyboard_focus() -> None:
    clicks: list[str] = []
    button = Button("Draw", lambda: clicks.append("draw"))
    button.rect = pygame.Rect(10, 10, 100, 40)
    group = WidgetGroup([button])
    group.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(20, 20)))
    group.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(20, 20)))
    group.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode=""))
    group.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    button.enabled = False
    button.click()
    assert clicks == ["draw", "draw"]


def test_text_input_takes_committed_text_and_composition() -> None:
    pygame.display.init()
    pygame.display.set_mode((200, 100))
    field = TextInput(max_length=5)
    field.rect = pygame.Rect(0, 0, 150, 40)
    field.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(5, 5)))
    field.handle_event(pygame.event.Event(pygame.TEXTEDITING, text="ka", start=0, length=2))
    assert field.composition == "ka"
    field.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="Kasia!"))
    field.handle_event(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="")
    )
    assert field.text == "Kasi" and field.composition == ""
    field.draw(pygame.display.get_surface())


@pytest.mark.parametrize("focused", [True, False])
def test_a_name_wider_than_its_field_stays_inside_it(focused: bool) -> None:
    pygame.display.init()
    surface = pygame.Surface((400, 60))
    surface.fill((1, 2, 3))
    field = TextInput("W" * 32, max_length=32)
    field.rect = pygame.Rect(10, 10, 150, 40)
    field.focused = focused
    field.draw(surface)
    right_of_field = surface.subsurface(pygame.Rect(162, 0, 238, 60))
    assert pygame.transform.average_color(right_of_field)[:3] == (1, 2, 3)

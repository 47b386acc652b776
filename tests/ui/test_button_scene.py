"""The input every page of buttons shares: a click goes to the button under it, a key the
scene binds to the scene's own action for it, and each frame the buttons fade toward showing or
hiding."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, cast

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.input.intents import Act, Device, Intent  # noqa: E402
from game.scenes.kit.buttons import ButtonScene  # noqa: E402
from game.view import controls  # noqa: E402

if TYPE_CHECKING:
    from collections.abc import Callable

    from game.app import App


class Door(ButtonScene):
    """A page with an Open button (its action also on the O key) and a hidden Close button."""

    def __init__(self) -> None:
        super().__init__(cast("App", object()))  # the base needs nothing of the app
        self.done: list[str] = []
        self.buttons = [
            controls.Button(
                "Open", pygame.Rect(10, 10, 100, 40), lambda: self.done.append("clicked")
            ),
        ]
        self.button = controls.Button("Close", pygame.Rect(10, 60, 100, 40), visible=False)

    bindings = {Act.PLAY: ("o",)}

    def actions(self) -> dict[Act, Callable[[], None]]:
        return {Act.PLAY: lambda: self.done.append("key")}


def _click(scene: ButtonScene, pos: tuple[int, int]) -> None:
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def _key(scene: ButtonScene, code: int) -> None:
    """A key pressed, as the router hands it to the scene: its act, if it has one here."""
    act = scene.keymap().key_act(code, 0)
    if act is not None:
        scene.intent(Intent(act, Device.KEYBOARD))


def test_a_click_presses_the_button_under_it_and_nowhere_else() -> None:
    door = Door()
    _click(door, (50, 30))
    assert door.done == ["clicked"]
    _click(door, (300, 300))  # on no button
    assert door.done == ["clicked"]


def test_a_key_does_the_scenes_action_for_it_and_other_keys_nothing() -> None:
    door = Door()
    _key(door, pygame.K_o)
    _key(door, pygame.K_x)
    assert door.done == ["key"]
    assert Door.keymap().key_act(pygame.K_x, 0) is None, "X means nothing on this page"


def test_each_frame_the_clock_runs_and_the_buttons_fade() -> None:
    door = Door()
    door.button.visible = True  # the Close button is shown: it fades in over a few frames
    for _ in range(30):
        door.update(1 / 60)
    assert abs(door.time - 0.5) < 1e-9
    assert door.button.appear == 1.0 and door.button.active

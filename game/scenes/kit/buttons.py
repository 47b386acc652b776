"""A scene run by a few buttons: the pointer goes to them, keys and pad buttons to the focus.

Most pages and dialogs (the menu, the daily table, statistics, pause, a question...) take input
the same way: each button gets a pointer event in turn (hover, press, click); a key or pad
button comes as an act, moving the focus or doing what the scene's ``actions`` say. Each frame
the scene's clock (``time``, for its fades) and its buttons' own fades advance; a new window
size lays the scene out again (``_layout``). The buttons are those
:func:`game.input.focus.scene_buttons` finds, the same ones the keyboard and gamepad focus goes
over.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
from typing_extensions import override

from game.input.focus import scene_buttons
from game.input.intents import Act
from game.pacing import AMBIENT, MOVING, STILL, Pace
from game.scenes.kit.base import Scene

if TYPE_CHECKING:
    from game.app import App


class ButtonScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.time = 0.0  # seconds since the scene came up

    def _layout(self) -> None:
        """Place everything for the current window size (and language)."""

    @override
    def resize(self, size: tuple[int, int]) -> None:
        self._layout()

    @override
    def actions(self) -> dict[Act, Callable[[], None]]:
        """Esc and the pad's B go back (``back``); a page with more keys says so here."""
        return {Act.BACK: self.back}

    def handle_buttons(self, event: pygame.event.Event) -> bool:
        """Every button sees the event in turn; True (and no further) once one uses it."""
        return any(button.handle(event) for button in scene_buttons(self))

    @override
    def handle(self, event: pygame.event.Event) -> None:
        self.handle_buttons(event)

    def buttons_pace(self) -> Pace:
        """The buttons' own motion: fading in or out (every frame), a primary one breathing
        (decoration), or none (still)."""
        buttons = scene_buttons(self)
        if any(b.fading for b in buttons):
            return MOVING
        if any(b.pulse and b.visible and b.enabled for b in buttons):
            return AMBIENT
        return STILL

    @override
    def update(self, dt: float) -> None:
        self.time += dt
        for button in scene_buttons(self):
            button.update(dt)

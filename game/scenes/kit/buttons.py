"""A scene run by a few buttons: the mouse goes to them first, then keys to their actions.

Most pages and dialogs (the menu, the daily table, statistics, pause, a question...) take input
the same way: each button gets the event first (hover, press, click); a key pressed over no
button does what the scene's :meth:`ButtonScene.key_actions` says. Each frame the scene's clock
(``time``, for its fades) and its buttons' own fades advance; a new window size lays the scene
out again (``_layout``). The buttons are those :func:`game.input.focus.scene_buttons` finds,
the same ones the keyboard and gamepad focus goes over.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.input.focus import scene_buttons
from game.scenes.kit.base import Scene

if TYPE_CHECKING:
    from game.app import App


class ButtonScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.time = 0.0  # seconds since the scene came up

    def _layout(self) -> None:
        """Place everything for the current window size (and language)."""

    def resize(self, size: tuple[int, int]) -> None:
        self._layout()

    def key_actions(self) -> dict[int, Callable[[], None]]:
        """What each key does when no button took the event (by pygame key code)."""
        return {}

    def handle_buttons(self, event: pygame.event.Event) -> bool:
        """Every button sees the event in turn; True (and no further) once one uses it."""
        return any(button.handle(event) for button in scene_buttons(self))

    def handle_keys(self, event: pygame.event.Event) -> bool:
        """A key pressed with an action in :meth:`key_actions`: done; True if so."""
        if event.type != pygame.KEYDOWN:
            return False
        action = self.key_actions().get(event.key)
        if action is None:
            return False
        action()
        return True

    def handle(self, event: pygame.event.Event) -> None:
        if not self.handle_buttons(event):
            self.handle_keys(event)

    def update(self, dt: float) -> None:
        self.time += dt
        for button in scene_buttons(self):
            button.update(dt)

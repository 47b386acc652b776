"""What every scene is, and the settings they share.

A scene gets ``handle(event)`` for input, ``update(dt)`` with elapsed seconds, and
``draw(surface)``. The app keeps a stack: only the top scene gets input and time; scenes under
a transparent one (``opaque = False``: pause, round summary) are still drawn, so an overlay
dims the table instead of hiding it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.view.theme import Theme, theme_by_id

if TYPE_CHECKING:
    from game.app import App

# Names as game.store keeps them (opponent_pace), so settings persist without a mapping.
PACES: dict[str, float] = {"slow": 1.3, "normal": 0.75, "fast": 0.3}
PACE_LABELS: dict[str, str] = {"slow": "Slow", "normal": "Normal", "fast": "Fast"}


@dataclass
class Settings:
    pace: str = "normal"  # how long a computer seat pauses before each move
    numerals: bool = False  # numerals on tiles instead of pips
    theme_id: str = "default"
    hints: bool = True  # light the tiles in your hand that can be played
    animation: float = 1.0  # animation speed factor (0 = reduced motion)
    players: int = 4
    preset: str = "standard"
    opponent: str = ""  # seat kind; "" = the strongest available

    @property
    def theme(self) -> Theme:
        return theme_by_id(self.theme_id)

    @property
    def pace_seconds(self) -> float:
        return PACES.get(self.pace, PACES["normal"])


class Scene:
    opaque = True  # False: the scene below shows through

    def __init__(self, app: App) -> None:
        self.app = app

    @property
    def size(self) -> tuple[int, int]:
        return self.app.size

    def enter(self) -> None:
        """Pushed onto the stack."""

    def exit(self) -> None:
        """Popped off the stack (or replaced)."""

    def resume(self) -> None:
        """The scene above it went away."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size."""

    def handle(self, event: pygame.event.Event) -> None:
        """One input event."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene (or, when not opaque, what goes over the scene below)."""

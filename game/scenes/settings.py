"""Settings: opponents' pace, pips or numerals, colour theme, hints, animation speed, sound.

Every change is applied at once and saved (game.store) so it holds at the next start.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.scenes.base import PACE_LABELS
from game.scenes.options import Option, OptionsScene
from game.view.theme import THEMES

if TYPE_CHECKING:
    from game.app import App

ANIMATION = {1.0: "Normal", 1.8: "Fast", 0.0: "Off (reduced motion)"}
VOLUMES = [0.2, 0.4, 0.6, 0.8, 1.0]


class SettingsScene(OptionsScene):
    title = "Settings"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        s = self.app.settings

        def setter(name: str) -> Callable[[Any], None]:
            def put(value: Any) -> None:
                setattr(s, name, value)
                self.app.apply_settings()
                self.app.save_settings()
                if name in ("volume", "muted"):
                    self.app.play_sound("place")  # hear the new level

            return put

        self.options = [
            Option(
                "Opponents' pace",
                list(PACE_LABELS),
                lambda: s.pace,
                setter("pace"),
                lambda v: PACE_LABELS[v],
            ),
            Option(
                "Tile faces",
                [False, True],
                lambda: s.numerals,
                setter("numerals"),
                lambda v: "Numerals" if v else "Pips",
            ),
            Option(
                "Colours",
                list(THEMES),
                lambda: s.theme_id,
                setter("theme_id"),
                lambda v: THEMES[v].name,
            ),
            Option(
                "Light playable tiles",
                [True, False],
                lambda: s.hints,
                setter("hints"),
                lambda v: "On" if v else "Off",
            ),
            Option(
                "Animations",
                list(ANIMATION),
                lambda: s.animation,
                setter("animation"),
                lambda v: ANIMATION.get(v, f"x{v}"),
            ),
            Option(
                "Sound",
                [False, True],
                lambda: s.muted,
                setter("muted"),
                lambda v: "Off" if v else "On",
            ),
            Option(
                "Volume",
                VOLUMES,
                lambda: min(VOLUMES, key=lambda v: abs(v - s.volume)),
                setter("volume"),
                lambda v: f"{round(v * 100)}%",
            ),
        ]

    def draw_background(self, surface: pygame.Surface) -> None:
        super().draw_background(surface)
        # a sample of the tile style under the options
        th = self.app.settings.theme
        width, height = surface.get_size()
        u = self.scale
        size = max(12, round(28 * u))
        tiles = [(12, 5), (5, 5), (5, 9), (9, 3), (3, 11)]
        total = sum((size if a == b else 2 * size) + 6 for a, b in tiles)
        x = (width - total) // 2
        y = height - round(150 * u) - size
        for a, b in tiles:
            vertical = a == b
            top = y - size // 2 if vertical else y
            self.app.renderer.draw(
                surface,
                (a, b),
                (x, top),
                size,
                vertical,
                numerals=self.app.settings.numerals,
                theme=th,
            )
            x += (size if vertical else 2 * size) + 6

"""The main menu: quick play, a custom table, the rules, settings, quit.

Behind the buttons a domino train winds slowly across the felt, so the first screen already
looks like the game.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.rules import Rules
from game.scenes.base import Scene
from game.scenes.session import MatchConfig, Session
from game.view import widgets as w
from game.view.layout import ui_scale

if TYPE_CHECKING:
    from game.app import App


def button_column(
    items: list[tuple[str, Callable[[], None]]],
    center: tuple[int, int],
    size: tuple[int, int],
    gap: int,
    primary_first: bool = True,
) -> list[w.Button]:
    bw, bh = size
    total = len(items) * bh + (len(items) - 1) * gap
    y = center[1] - total // 2
    out = []
    for i, (label, action) in enumerate(items):
        rect = pygame.Rect(0, 0, bw, bh)
        rect.midtop = (center[0], y + i * (bh + gap))
        out.append(w.Button(label, rect, action, primary=primary_first and i == 0))
    return out


def start_match(app: App, config: MatchConfig) -> None:
    """Deal a new match and show the deal."""
    from game.scenes.deal import DealScene

    session = Session(config, inline=app.inline_seats)
    session.start_round()
    app.push(DealScene(app, session))


class MenuScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.time = 0.0
        self.buttons: list[w.Button] = []
        self._layout()

    def _layout(self) -> None:
        width, height = self.size
        u = ui_scale(self.size)
        items = [
            ("Quick play", self.quick_play),
            ("Custom table", self.custom),
            ("How to play", self.rules),
            ("Settings", self.settings),
            ("Quit", self.app.quit),
        ]
        bw = max(200, round(320 * u))
        bh = max(34, round(54 * u))
        self.buttons = button_column(
            items, (width // 2, round(height * 0.62)), (bw, bh), max(8, round(14 * u))
        )

    def resize(self, size: tuple[int, int]) -> None:
        self._layout()

    def resume(self) -> None:
        self._layout()

    def quick_play(self) -> None:
        s = self.app.settings
        rules = Rules.preset_named(s.preset)
        start_match(self.app, MatchConfig(s.players, rules, s.opponent))

    def custom(self) -> None:
        from game.scenes.custom import CustomTableScene

        self.app.push(CustomTableScene(self.app))

    def rules(self) -> None:
        from game.scenes.rules_page import RulesScene

        self.app.push(
            RulesScene(
                self.app, Rules.preset_named(self.app.settings.preset), self.app.settings.players
            )
        )

    def settings(self) -> None:
        from game.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def handle(self, event: pygame.event.Event) -> None:
        for button in self.buttons:
            if button.handle(event):
                return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.quit()
            elif event.key in (pygame.K_RETURN, pygame.K_SPACE):
                self.quick_play()

    def update(self, dt: float) -> None:
        self.time += dt
        for button in self.buttons:
            button.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        th = self.app.settings.theme
        width, height = surface.get_size()
        u = ui_scale((width, height))
        surface.blit(w.felt((width, height), th), (0, 0))
        self._draw_train(surface, u)
        appear = min(1.0, self.time / 0.6)
        title = w.text("Mexican Train", max(30, round(92 * u)), th.accent, bold=True, shadow=True)
        rect = title.get_rect(center=(width // 2, round(height * 0.2)))
        rect.y += round((1 - appear) * 20)
        surface.blit(title, rect)
        w.blit_text(
            surface,
            "Dominoes against the computer",
            max(13, round(24 * u)),
            th.text,
            shadow=True,
            midtop=(width // 2, rect.bottom + round(4 * u)),
        )
        s = self.app.settings
        from game.scenes.session import default_opponent, kind_label

        opp = kind_label(s.opponent or default_opponent())
        line = f"Quick play: {s.players} players · {s.preset} rules · {opp} opponents"
        w.blit_text(
            surface,
            line,
            max(11, round(16 * u)),
            th.text_dim,
            midtop=(width // 2, rect.bottom + round(40 * u)),
        )
        for button in self.buttons:
            button.draw(surface, th, u)

    def _draw_train(self, surface: pygame.Surface, u: float) -> None:
        """A line of tiles winding along a sine wave, sliding slowly to the left."""
        renderer = self.app.renderer
        th = self.app.settings.theme
        width, height = surface.get_size()
        size = max(12, round(26 * u))
        pitch = 2 * size + 4
        n = width // pitch + 3
        offset = (self.time * 22 * u) % pitch
        base = height * 0.9
        pairs = [
            (12, 7),
            (7, 3),
            (3, 3),
            (3, 9),
            (9, 11),
            (11, 0),
            (0, 5),
            (5, 5),
            (5, 12),
            (12, 2),
            (2, 8),
            (8, 8),
            (8, 6),
            (6, 10),
            (10, 1),
            (1, 4),
        ]
        start = int(self.time * 22 * u // pitch)
        for i in range(n):
            x = i * pitch - offset - pitch
            y = base + math.sin((x / width) * math.pi * 2 + 0.5) * height * 0.03
            a, b = pairs[(i + start) % len(pairs)]
            renderer.draw(
                surface,
                (a, b),
                (round(x), round(y - size / 2)),
                size,
                False,
                numerals=self.app.settings.numerals,
                theme=th,
            )

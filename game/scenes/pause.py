"""The pause menu, over the dimmed table: resume, rules, settings, leave the match."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.scenes.base import Scene
from game.scenes.menu import button_column
from game.scenes.session import Session
from game.view import widgets as w
from game.view.layout import ui_scale

if TYPE_CHECKING:
    from game.app import App


class PauseScene(Scene):
    opaque = False

    def __init__(self, app: App, session: Session | None) -> None:
        super().__init__(app)
        self.session = session
        self.time = 0.0
        self.buttons: list[w.Button] = []
        self._layout()

    def _layout(self) -> None:
        width, height = self.size
        u = ui_scale(self.size)
        items = [
            (_("Resume"), self.resume_game),
            (_("Rules"), self.rules),
            (_("Settings"), self.settings),
            (_("Leave the match"), self.leave),
        ]
        bw, bh = max(200, round(300 * u)), max(34, round(52 * u))
        gap = max(8, round(12 * u))
        self.buttons = button_column(
            items, (width // 2, height // 2 + round(20 * u)), (bw, bh), gap
        )
        total = len(items) * bh + (len(items) - 1) * gap
        self.panel = pygame.Rect(0, 0, bw + round(80 * u), total + round(130 * u))
        self.panel.center = (width // 2, height // 2)

    def resize(self, size: tuple[int, int]) -> None:
        self._layout()

    def resume_game(self) -> None:
        self.app.pop()

    def rules(self) -> None:
        from game.scenes.rules_page import RulesScene

        if self.session is not None:
            state = self.session.state
            self.app.push(RulesScene(self.app, state.rules, state.players))

    def settings(self) -> None:
        from game.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def leave(self) -> None:
        from game.scenes.menu import MenuScene

        if self.session is not None:
            self.session.close()
        self.app.reset(MenuScene(self.app))

    def handle(self, event: pygame.event.Event) -> None:
        for button in self.buttons:
            if button.handle(event):
                return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_p):
            self.app.pop()

    def update(self, dt: float) -> None:
        self.time += dt
        for button in self.buttons:
            button.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        u = ui_scale(surface.get_size())
        fade = min(1.0, self.time / 0.2)
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, round(140 * fade)))
        surface.blit(shade, (0, 0))
        w.draw_panel(
            surface, self.panel, (*th.panel[:3], 240), th.panel_edge, round(18 * u), 2, shadow=True
        )
        w.blit_text(
            surface,
            _("Paused"),
            max(18, round(36 * u)),
            th.accent,
            bold=True,
            max_width=self.panel.w - round(24 * u),
            midtop=(self.panel.centerx, self.panel.top + round(18 * u)),
        )
        for button in self.buttons:
            button.draw(surface, th, u)

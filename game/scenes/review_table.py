"""The review table: a reviewed match's decisions on the replay table (placeholder: the title
and Back only, until the timeline is built)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ai.review import Review
from game.i18n import _
from game.rules.record import Record
from game.scenes.base import Scene
from game.view import widgets as w
from game.view.layout import ui_scale

if TYPE_CHECKING:
    from game.app import App


class ReviewTableScene(Scene):
    def __init__(self, app: App, record: Record, review: Review, name: str) -> None:
        super().__init__(app)
        self.record = record
        self.review = review
        self.name = name
        self.buttons = [w.Button(_("Back"), pygame.Rect(0, 0, 10, 10), self.back, primary=True)]
        self._layout()

    def back(self) -> None:
        self.app.pop()

    def _layout(self) -> None:
        width, height = self.size
        u = ui_scale(self.size)
        self.scale = u
        self.buttons[0].label = _("Back")
        self.buttons[0].rect = pygame.Rect(0, 0, max(140, round(220 * u)), max(32, round(50 * u)))
        self.buttons[0].rect.midbottom = (width // 2, height - round(40 * u))

    def resize(self, size: tuple[int, int]) -> None:
        self._layout()

    def handle(self, event: pygame.event.Event) -> None:
        for button in self.buttons:
            if button.handle(event):
                return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.back()

    def update(self, dt: float) -> None:
        for button in self.buttons:
            button.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        th = self.app.settings.theme
        surface.blit(w.felt(surface.get_size(), th), (0, 0))
        w.page_title(surface, self.name, th, self.scale, round(30 * self.scale))
        for button in self.buttons:
            button.draw(surface, th, self.scale)

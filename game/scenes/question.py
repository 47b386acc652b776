"""A question over the dimmed scene below: a title, a few lines of why, and two answers.

The guided game's first-start offer and the take-back warning ask this way. A subclass says
its ``title``, ``words`` and ``answers`` (label and action, the first one lit) and what backing
out means (``back``: Esc, and the pad's B through the focus).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.scenes.base import Scene
from game.view import widgets as w
from game.view.layout import ui_scale

if TYPE_CHECKING:
    from game.app import App


class QuestionScene(Scene):
    opaque = False
    back_keys: tuple[int, ...] = (pygame.K_ESCAPE,)  # keys that answer no

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.time = 0.0
        self.buttons: list[w.Button] = []
        self._layout()

    def title(self) -> str:
        raise NotImplementedError

    def words(self) -> str:
        raise NotImplementedError

    def answers(self) -> list[tuple[str, Callable[[], None]]]:
        """(label, action) of each answer, the one to lean toward first."""
        raise NotImplementedError

    def back(self) -> None:
        """No answer (Esc): by default the question just goes away."""
        self.app.pop()

    def _layout(self) -> None:
        from game.scenes.menu import button_column

        width, height = self.size
        u = ui_scale(self.size)
        answers = self.answers()
        bw, bh = min(width - 40, max(200, round(300 * u))), max(34, round(52 * u))
        gap = max(8, round(12 * u))
        self.panel = pygame.Rect(0, 0, min(width - 20, round(620 * u) + 60), 10)
        self.text_size = max(13, round(22 * u))
        self.lines = w.wrap(self.words(), self.text_size, self.panel.w - round(40 * u))
        title_h = w.text_height(max(18, round(34 * u)), bold=True)
        body = len(self.lines) * w.text_height(self.text_size)
        column = len(answers) * bh + (len(answers) - 1) * gap
        self.panel.h = round(30 * u) + title_h + body + column + round(60 * u)
        self.panel.center = (width // 2, height // 2)
        top = self.panel.bottom - round(24 * u) - column
        self.buttons = button_column(answers, (width // 2, top + column // 2), (bw, bh), gap)

    def resize(self, size: tuple[int, int]) -> None:
        self._layout()

    def handle(self, event: pygame.event.Event) -> None:
        for button in self.buttons:
            if button.handle(event):
                return
        if event.type == pygame.KEYDOWN and event.key in self.back_keys:
            self.back()

    def update(self, dt: float) -> None:
        self.time += dt
        for button in self.buttons:
            button.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        u = ui_scale(surface.get_size())
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, round(140 * min(1.0, self.time / 0.2))))
        surface.blit(shade, (0, 0))
        panel = self.panel
        w.draw_panel(surface, panel, (*th.panel[:3], 245), th.panel_edge, round(18 * u), 2, True)
        room = panel.w - round(40 * u)
        rect = w.blit_text(
            surface,
            self.title(),
            max(18, round(34 * u)),
            th.accent,
            bold=True,
            max_width=room,
            midtop=(panel.centerx, panel.top + round(20 * u)),
        )
        y = rect.bottom + round(10 * u)
        for line in self.lines:
            w.blit_text(
                surface, line, self.text_size, th.text, max_width=room, midtop=(panel.centerx, y)
            )
            y += w.text_height(self.text_size)
        for button in self.buttons:
            button.draw(surface, th, u)

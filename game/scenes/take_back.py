"""Before the first take-back of a match: say that it makes the match practice, then undo.

Over the dimmed table: "Take back" undoes the person's last turn (TableScene.take_back); "Keep
playing" (or Esc / B) leaves the match as it is. Later take-backs of the match ask nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.scenes.base import Scene
from game.view import widgets as w
from game.view.layout import ui_scale

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.table import TableScene


class TakeBackScene(Scene):
    opaque = False

    def __init__(self, app: App, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        self.time = 0.0
        self.buttons: list[w.Button] = []
        self._layout()

    def words(self) -> str:
        return _(
            "Taking back a turn makes this a practice match: it earns no stars and does not "
            "count in your statistics."
        )

    def _layout(self) -> None:
        from game.scenes.menu import button_column

        width, height = self.size
        u = ui_scale(self.size)
        items = [
            # Translators: a button: take back your last turn (after the practice warning)
            (_("Take back"), self.confirm),
            (_("Keep playing"), self.cancel),
        ]
        bw, bh = min(width - 40, max(200, round(300 * u))), max(34, round(52 * u))
        gap = max(8, round(12 * u))
        self.panel = pygame.Rect(0, 0, min(width - 20, round(620 * u) + 60), 10)
        self.text_size = max(13, round(22 * u))
        self.lines = w.wrap(self.words(), self.text_size, self.panel.w - round(40 * u))
        title_h = w.text_height(max(18, round(34 * u)), bold=True)
        body = len(self.lines) * w.text_height(self.text_size)
        self.panel.h = round(30 * u) + title_h + body + 2 * bh + gap + round(60 * u)
        self.panel.center = (width // 2, height // 2)
        top = self.panel.bottom - round(24 * u) - (2 * bh + gap)
        self.buttons = button_column(items, (width // 2, top + bh + gap // 2), (bw, bh), gap)

    def resize(self, size: tuple[int, int]) -> None:
        self._layout()

    def language_changed(self) -> None:
        self._layout()

    def confirm(self) -> None:
        self.app.pop()
        self.table.take_back()

    def cancel(self) -> None:
        self.app.pop()

    def handle(self, event: pygame.event.Event) -> None:
        for button in self.buttons:
            if button.handle(event):
                return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.cancel()

    def update(self, dt: float) -> None:
        self.time += dt
        for button in self.buttons:
            button.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        th = self.app.settings.theme
        u = ui_scale(surface.get_size())
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, round(140 * min(1.0, self.time / 0.2))))
        surface.blit(shade, (0, 0))
        panel = self.panel
        w.draw_panel(surface, panel, (*th.panel[:3], 245), th.panel_edge, round(18 * u), 2, True)
        room = panel.w - round(40 * u)
        rect = w.blit_text(
            surface,
            # Translators: the title of the question before the first take-back of a match
            _("Take back your turn?"),
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

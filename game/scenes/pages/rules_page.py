"""The rules in plain words, for the table being played (or about to be), scrollable.

The words come from ``assets/rules/<language>.txt`` (:func:`game.i18n.rules_sections`) in the
current language; the page is wrapped anew when the language or the window changes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
from typing_extensions import override

from game import i18n
from game.i18n import _
from game.input.intents import Act
from game.rules import Rules
from game.scenes import flow
from game.scenes.kit.base import Scene
from game.view import controls, surfaces, typeset
from game.view.layout import ui_scale

if TYPE_CHECKING:
    from game.app import App


class RulesScene(Scene):
    def __init__(self, app: App, rules: Rules, players: int, lesson: bool = False) -> None:
        super().__init__(app)
        self.rules = rules
        self.players = players
        self.scroll = 0.0
        self.target = 0.0
        self.drag_from: tuple[int, float] | None = None
        self.content: pygame.Surface | None = None
        self.button = controls.Button(_("Back"), pygame.Rect(0, 0, 10, 10), self.back, primary=True)
        # From the menu, the page also offers the guided game (not from inside a match).
        self.buttons: list[controls.Button] = []
        if lesson:
            self.buttons.append(
                controls.Button(_("Learn to play"), pygame.Rect(0, 0, 10, 10), self.learn)
            )
        self._layout()

    def learn(self) -> None:
        self.app.pop()
        flow.start_lesson(self.app)

    def _layout(self) -> None:
        width, height = self.size
        u = ui_scale(self.size)
        self.scale = u
        self.view = pygame.Rect(0, round(100 * u) + 10, width, 0)
        self.view.h = height - self.view.top - round(90 * u)
        self.button.label = _("Back")
        self.button.rect = pygame.Rect(0, 0, max(140, round(200 * u)), max(32, round(48 * u)))
        self.button.rect.midbottom = (width // 2, height - round(20 * u))
        for button in self.buttons:  # the guided game's button, beside Back
            button.label = _("Learn to play")
            size = round(self.button.rect.h * 0.42)
            bw = max(self.button.rect.w, typeset.text_width(button.label, size, bold=True) + 24)
            gap = round(16 * u)
            button.rect = pygame.Rect(0, 0, bw, self.button.rect.h)
            left = (width - bw - gap - self.button.rect.w) // 2
            button.rect.topleft = (left, self.button.rect.top)
            self.button.rect.left = button.rect.right + gap
        self.content = None

    @override
    def resize(self, size: tuple[int, int]) -> None:
        self._layout()

    def _render(self) -> pygame.Surface:
        th = self.app.theme
        u = self.scale
        width = min(self.size[0] - 40, round(880 * u) + 60)
        head = max(14, round(24 * u))
        body = max(12, round(18 * u))
        blocks: list[tuple[pygame.Surface, int]] = []
        heading = i18n.rules_heading(self.rules, self.players)
        for line in typeset.wrap(heading, body, width):
            blocks.append((typeset.text(line, body, th.text_dim, max_width=width), 0))
        blocks.append((pygame.Surface((1, round(10 * u)), pygame.SRCALPHA), 0))
        for title, paragraph in i18n.rules_sections(self.rules, self.players):
            for line in typeset.wrap(title, head, width, bold=True):
                blocks.append((typeset.text(line, head, th.accent, bold=True, max_width=width), 0))
            blocks[-1] = (blocks[-1][0], round(4 * u))
            lines = typeset.wrap(paragraph, body, width)
            for i, line in enumerate(lines):
                gap = round(16 * u) if i == len(lines) - 1 else 0
                blocks.append((typeset.text(line, body, th.text, max_width=width), gap))
        height = sum(s.get_height() + g for s, g in blocks) + 10
        surf = pygame.Surface((width, height), pygame.SRCALPHA)
        y = 0
        for s, gap in blocks:
            surf.blit(s, (0, y))
            y += s.get_height() + gap
        return surf

    def _max_scroll(self) -> float:
        if self.content is None:
            return 0.0
        return max(0.0, self.content.get_height() - self.view.h)

    @override
    def handle(self, event: pygame.event.Event) -> None:
        if self.button.handle(event) or any(b.handle(event) for b in self.buttons):
            return
        step = 60 * self.scale
        if event.type == pygame.MOUSEWHEEL:
            self.target -= event.y * step
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.view.collidepoint(event.pos):
                self.drag_from = (event.pos[1], self.target)
        elif event.type == pygame.MOUSEMOTION and self.drag_from is not None:
            self.target = self.drag_from[1] - (event.pos[1] - self.drag_from[0])
            self.scroll = self.target
        elif event.type == pygame.MOUSEBUTTONUP:
            self.drag_from = None
        self.target = max(0.0, min(self._max_scroll(), self.target))

    bindings = {Act.PAGE_DOWN: ("page down",), Act.PAGE_UP: ("page up",)}

    @override
    def actions(self) -> dict[Act, Callable[[], None]]:
        return {
            Act.BACK: self.back,
            Act.DOWN: lambda: self.scroll_by(1),
            Act.UP: lambda: self.scroll_by(-1),
            Act.PAGE_DOWN: lambda: self.scroll_by(5),
            Act.PAGE_UP: lambda: self.scroll_by(-5),
        }

    def scroll_by(self, lines: int) -> None:
        self.target = max(0.0, min(self._max_scroll(), self.target + lines * 60 * self.scale))

    @override
    def update(self, dt: float) -> None:
        self.button.update(dt)
        for button in self.buttons:
            button.update(dt)
        self.scroll += (self.target - self.scroll) * min(1.0, dt * 14)

    @override
    def draw(self, surface: pygame.Surface) -> None:
        th = self.lay_felt(surface)
        u = self.scale
        width = surface.get_width()
        typeset.page_title(surface, _("How to play"), th, u, round(24 * u))
        if self.content is None:
            self.content = self._render()
        cw = self.content.get_width()
        box = pygame.Rect((width - cw) // 2 - 20, self.view.top - 10, cw + 40, self.view.h + 20)
        surfaces.draw_panel(surface, box, (*th.panel[:3], 200), th.panel_edge, round(14 * u), 1)
        area = pygame.Rect(0, round(self.scroll), cw, self.view.h)
        surface.blit(self.content, ((width - cw) // 2, self.view.top), area)
        if self._max_scroll() > 0:
            frac = self.scroll / self._max_scroll()
            bar_h = max(20, self.view.h * self.view.h / self.content.get_height())
            y = self.view.top + (self.view.h - bar_h) * frac
            pygame.draw.rect(surface, th.panel_edge, (box.right - 8, y, 4, bar_h), border_radius=2)
        self.button.draw(surface, th, u)
        for button in self.buttons:
            button.draw(surface, th, u)

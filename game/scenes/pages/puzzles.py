"""Puzzles: today's puzzle (the same for everyone on a day), the next one near your puzzle
rating, and how you stand: the rating, the daily streak, the puzzles solved."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

import pygame
from typing_extensions import override

from game.i18n import _, ngettext
from game.input.intents import Act
from game.puzzles.rating import daily_puzzle
from game.puzzles.shipped import refusals, shipped_puzzles
from game.scenes import flow
from game.scenes.kit.buttons import ButtonScene
from game.scenes.kit.progress import load_progress
from game.scenes.kit.puzzle_record import standing_lines
from game.store.puzzle_progress import HELPED, SOLVED
from game.view import controls, typeset
from game.view.layout import ui_scale
from game.view.panels import button_column, page_header

if TYPE_CHECKING:
    from game.app import App


class PuzzlesScene(ButtonScene):
    def __init__(self, app: App, today: date | None = None) -> None:
        super().__init__(app)
        self.today = today or date.today()
        self.buttons: list[controls.Button] = []
        self._layout()

    def daily_done(self) -> bool:
        puzzle = daily_puzzle(shipped_puzzles(), self.today)
        tries = self.progress.tries
        return puzzle is not None and tries.get(puzzle.id) in (SOLVED, HELPED)

    @override
    def _layout(self) -> None:
        width, height = self.size
        u = ui_scale(self.size)
        self.scale = u
        # Read here (at the start, on a resize, back from a puzzle), not in every frame.
        self.progress = load_progress(self.app).puzzles
        self.solved_today = self.daily_done()
        items = [
            (_("Today's puzzle"), self.daily),
            (_("Next puzzle"), self.next_puzzle),
            (_("Back"), self.back),
        ]
        bw, bh = min(width - 40, max(200, round(320 * u))), max(34, round(54 * u))
        gap = max(8, round(14 * u))
        column = len(items) * bh + (len(items) - 1) * gap
        bottom = height - max(12, round(36 * u))
        self.buttons = button_column(items, (width // 2, bottom - column // 2), (bw, bh), gap)

    def daily(self) -> None:
        flow.daily_puzzle(self.app, self.today)

    def next_puzzle(self) -> None:
        flow.next_puzzle(self.app)

    @override
    def resume(self) -> None:
        self._layout()

    bindings = {Act.BACK: ("escape", "backspace")}

    @override
    def draw(self, surface: pygame.Surface) -> None:
        th = self.lay_felt(surface)
        u = self.scale
        width = surface.get_width()
        r = page_header(
            surface, _("Puzzles"), _("A minute of Mexican Train, with a proved answer"), th, u
        )
        puzzles = shipped_puzzles()
        y = r.bottom + max(12, round(30 * u))
        size = max(13, round(24 * u))
        for index, line in enumerate(standing_lines(self.progress, len(puzzles), self.today)):
            r = typeset.blit_text(
                surface,
                line,
                size if index else round(size * 1.25),
                th.accent if index == 0 else th.text,
                bold=index == 0,
                shadow=True,
                max_width=width - 40,
                midtop=(width // 2, y),
            )
            y = r.bottom + max(4, round(10 * u))
        if refusals():
            typeset.blit_text(
                surface,
                ngettext(
                    "{n} puzzle could not be read and is left out.",
                    "{n} puzzles could not be read and are left out.",
                    len(refusals()),
                ).format(n=len(refusals())),
                max(11, round(16 * u)),
                th.text_dim,
                max_width=width - 40,
                midtop=(width // 2, y),
            )
        for button in self.buttons:
            button.draw(surface, th, u)
        if self.solved_today and self.buttons:
            _tick(surface, self.buttons[0].rect, th.text_dark)


def _tick(surface: pygame.Surface, button: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """A tick at the right end of a button: today's puzzle is solved (a drawn mark: the
    fonts have no check-mark glyph)."""
    h = button.h * 0.34
    x, y = button.right - button.h * 0.9, button.centery
    points = [(x, y), (x + h * 0.45, y + h * 0.5), (x + h * 1.2, y - h * 0.6)]
    pygame.draw.lines(surface, colour, False, points, max(2, round(button.h / 12)))

"""The daily table scene: today's deal, the same for everyone, with the player's best of the day."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from typing_extensions import override

from game.i18n import _
from game.input.intents import Act
from game.levels import CLEARED, OPEN, LadderEntry
from game.levels.daily import DailyTable, daily_table
from game.match.session import MatchConfig
from game.scenes import flow
from game.scenes.kit.buttons import ButtonScene
from game.scenes.kit.level_card import CardLayout, draw_card, stars_text
from game.scenes.kit.progress import daily_best, daily_best_text, daily_stars
from game.view import controls, typeset
from game.view.layout import ui_scale
from game.view.panels import button_row, page_header

if TYPE_CHECKING:
    from game.app import App


class DailyScene(ButtonScene):
    """Today's table: the day's deal, its opponents and rules, and the best result so far."""

    def __init__(self, app: App, table: DailyTable | None = None) -> None:
        super().__init__(app)
        self.table = table if table is not None else daily_table()
        self.best = daily_best(app, self.table)
        self.buttons = [
            controls.Button(_("Play"), pygame.Rect(0, 0, 10, 10), self.play, primary=True),
            controls.Button(_("Back"), pygame.Rect(0, 0, 10, 10), self.back),
        ]
        self._layout()

    def play(self) -> None:
        flow.start_match(self.app, MatchConfig.for_daily(self.table))

    @override
    def _layout(self) -> None:
        width, height = self.size
        u = ui_scale(self.size)
        self.scale = u
        self.buttons[0].label = _("Play")
        self.buttons[1].label = _("Back")
        gap = max(10, round(20 * u))
        bw, bh = max(120, round(220 * u)), max(32, round(50 * u))
        bw = min(bw, (width - 3 * gap) // 2)
        # Back on the left, Play on the right, as far from the middle as each other
        foot = (width // 2, height - max(10, round(40 * u)))
        button_row(self.buttons[::-1], foot, (bw, bh), gap - gap % 2)
        card_w = min(width - 2 * max(8, round(16 * u)), round(1000 * u))
        self.card = CardLayout(u, card_w)

    @override
    def resume(self) -> None:
        self.best = daily_best(self.app, self.table)
        self._layout()

    bindings = {Act.BACK: ("escape", "backspace")}

    @override
    def draw(self, surface: pygame.Surface) -> None:
        th = self.lay_felt(surface)
        u = self.scale
        width = surface.get_width()
        # Translators: {date} is the day as YYYY-MM-DD
        day = _("The deal of {date}").format(date=self.table.key)
        r = page_header(surface, _("Daily table"), day, th, u)
        rect = pygame.Rect(0, 0, self.card.width, self.card.height(self.table.level))
        # a little above the middle on a tall screen, under the title on a short one
        middle = round(surface.get_height() * 0.4) - rect.h // 2
        rect.midtop = (width // 2, max(r.bottom + max(10, round(24 * u)), middle))
        stars = daily_stars(self.table, self.best)
        entry = LadderEntry(self.table.level, CLEARED if stars else OPEN, stars)
        draw_card(surface, rect, entry, str(self.table.day.day), self.card, th)
        y = rect.bottom + max(8, round(18 * u))
        for line, colour, bold in (  # what earns stars, then the day's best
            (stars_text(self.table.level), th.text_dim, False),
            (daily_best_text(self.best), th.accent if self.best else th.text, True),
        ):
            r = typeset.blit_text(
                surface,
                line,
                max(11, round(19 * u)),
                colour,
                bold=bold,
                shadow=True,
                max_width=width - 40,
                midtop=(width // 2, y),
            )
            y = r.bottom + max(4, round(8 * u))
        for button in self.buttons:
            button.draw(surface, th, u)

"""A question over the dimmed scene below: a title, a few lines of why, and two answers.

The guided game's first-start offer, the take-back warning and the saved match's question
(before a new match would take its place) ask this way. A subclass says
its ``title`` and ``words`` (msgids, translated when drawn) and its ``answers`` (label and
action, the first one lit) and what backing out means (``back``: Esc, and the pad's B through
the focus).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
from typing_extensions import override

from game import i18n
from game.i18n import N_, _
from game.pacing import Pace
from game.scenes import flow
from game.scenes.kit.buttons import ButtonScene
from game.view import controls, typeset
from game.view.layout import ui_scale
from game.view.panels import button_column, dialog_panel, dim

if TYPE_CHECKING:
    from game.app import App


class QuestionScene(ButtonScene):
    opaque = False
    title = ""  # an msgid: translated when drawn
    words = ""  # an msgid too

    @override
    def pace(self) -> Pace:
        return self.buttons_pace()  # a question waits: nothing moves but its buttons

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.buttons: list[controls.Button] = []
        self._layout()

    def answers(self) -> list[tuple[str, Callable[[], None]]]:
        """(label, action) of each answer, the one to lean toward first."""
        raise NotImplementedError

    @override
    def _layout(self) -> None:
        width, height = self.size
        u = ui_scale(self.size)
        answers = self.answers()
        bw, bh = min(width - 40, max(200, round(300 * u))), max(34, round(52 * u))
        gap = max(8, round(12 * u))
        self.panel = pygame.Rect(0, 0, min(width - 20, round(620 * u) + 60), 10)
        self.text_size = max(13, round(22 * u))
        words = i18n.translate(self.words)
        self.lines = typeset.wrap(words, self.text_size, self.panel.w - round(40 * u))
        title_h = typeset.text_height(max(18, round(34 * u)), bold=True)
        body = len(self.lines) * typeset.text_height(self.text_size)
        column = len(answers) * bh + (len(answers) - 1) * gap
        self.panel.h = round(30 * u) + title_h + body + column + round(60 * u)
        self.panel.center = (width // 2, height // 2)
        top = self.panel.bottom - round(24 * u) - column
        self.buttons = button_column(answers, (width // 2, top + column // 2), (bw, bh), gap)

    @override
    def draw(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        u = ui_scale(surface.get_size())
        dim(surface, self.time)
        panel = self.panel
        title = i18n.translate(self.title)
        rect = dialog_panel(surface, panel, title, th, u, size=max(18, round(34 * u)))
        room = panel.w - round(40 * u)
        y = rect.bottom + round(10 * u)
        for line in self.lines:
            typeset.blit_text(
                surface, line, self.text_size, th.text, max_width=room, midtop=(panel.centerx, y)
            )
            y += typeset.text_height(self.text_size)
        for button in self.buttons:
            button.draw(surface, th, u)


class SavedMatchQuestion(QuestionScene):
    """Before a new match is dealt over a saved one that is not finished: resume it, or start
    the new one (its saves take the old one's place). Esc (the pad's B) changes nothing."""

    # Translators: a question's title, before a new match would replace the saved one
    title = N_("A match is saved")
    words = N_("Your last match is not finished. A new match takes its place.")

    def __init__(self, app: App, start: Callable[[], None]) -> None:
        self.start = start  # deals the new match the player chose
        super().__init__(app)

    @override
    def answers(self) -> list[tuple[str, Callable[[], None]]]:
        return [
            # Translators: an answer: go back to the saved match, not finished yet
            (_("Resume it"), self.resume_it),
            # Translators: an answer: deal a new match in place of the saved one
            (_("Start a new one"), self.start_new),
        ]

    def resume_it(self) -> None:
        self.app.pop()
        flow.resume_match(self.app)  # if it cannot be loaded after all, the notice says why

    def start_new(self) -> None:
        self.app.pop()
        self.start()

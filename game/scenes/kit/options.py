"""A page of options, each a row ``label   ‹ value ›`` that cycles through its choices.

Titles, labels and notes are English msgids (marked with ``N_``) translated when drawn, and
``show`` translates a value when called, so the page follows a change of language at once.

Shared by the settings page and the custom table. Click the arrows (or the value) to change a
row. Keyboard and gamepad: Up/Down (d-pad, Tab) go down the rows and on to the buttons at the
foot; Left/Right change a row (or move along the buttons); Enter/A changes the row or presses
the button; Esc/B goes back.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame
from typing_extensions import override

from game import i18n
from game.i18n import N_, _
from game.input.intents import Act, Intent
from game.scenes.kit.buttons import ButtonScene
from game.view import controls, surfaces, typeset
from game.view.layout import ui_scale
from game.view.panels import button_row
from game.view.theme import mix

if TYPE_CHECKING:
    from game.app import App


@dataclass
class Option:
    label: str  # an msgid: translated when drawn
    choices: Sequence[Any]
    get: Callable[[], Any]
    set: Callable[[Any], None]
    show: Callable[[Any], str] = str
    note: str = ""  # an msgid too

    def step(self, delta: int) -> None:
        current = self.get()
        try:
            index = list(self.choices).index(current)
        except ValueError:
            index = 0
        self.set(self.choices[(index + delta) % len(self.choices)])


class OptionsScene(ButtonScene):
    title = N_("Options")  # an msgid: translated when drawn

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.options: list[Option] = []
        self.focus = 0
        self.rows: list[tuple[pygame.Rect, pygame.Rect, pygame.Rect]] = []
        self.buttons: list[controls.Button] = []

    def footer(self) -> list[tuple[str, Callable[[], None], bool]]:
        return [(_("Back"), self.back, True)]

    def message(self) -> tuple[str, bool]:
        """A line under the options (text, is_error)."""
        return "", False

    @override
    def _layout(self) -> None:
        width, height = self.size
        u = ui_scale(self.size)
        self.scale = u
        n = len(self.options)
        top = round(110 * u) + 20
        bottom = height - round(120 * u) - self.reserved(u)
        # rows at least 34 px tall on a small screen when there is room: fingers and 12 px text
        row_h = max(28, min(max(34, round(54 * u)), (bottom - top) // max(1, n)))
        # At least 600 px on a small screen: long labels (Irish, Basque) need the room.
        pw = min(width - 30, max(600, round(760 * u) + 60))
        x = (width - pw) // 2
        self.rows = []
        for i in range(n):
            row = pygame.Rect(x, top + i * row_h, pw, row_h - 6)
            arrow = row.h
            right = pygame.Rect(row.right - arrow - 6, row.y, arrow, row.h)
            value_w = max(160, round(300 * u))
            left = pygame.Rect(right.left - value_w - arrow, row.y, arrow, row.h)
            self.rows.append((row, left, right))
        bw, bh = max(140, round(220 * u)), max(32, round(50 * u))
        self.buttons = [
            controls.Button(label, pygame.Rect(0, 0, bw, bh), action, primary=primary)
            for label, action, primary in self.footer()
        ]
        button_row(self.buttons, (width // 2, height - round(40 * u)), (bw, bh), round(20 * u))

    message_lines = 0  # lines kept free under the rows for message() (wrapped to fit)

    def reserved(self, u: float) -> int:
        """Pixels kept free between the last row and the buttons (for a sample, say)."""
        if not self.message_lines:
            return 0
        return self.message_lines * typeset.text_height(max(11, round(17 * u))) + round(8 * u)

    def _message_lines(
        self, text: str, size: int, width: int, height: int, bold: bool
    ) -> tuple[int, list[str]]:
        """The message wrapped at the largest size (down to 11 px) whose lines fit ``height``."""
        size = max(11, size)
        while True:
            lines = typeset.wrap(text, size, width, bold=bold)
            if size <= 11 or len(lines) * typeset.text_height(size) <= height:
                return size, lines
            size -= 1

    @override
    def enter(self) -> None:
        self._layout()

    def changed(self) -> None:
        """An option changed."""

    @override
    def handle(self, event: pygame.event.Event) -> None:
        if self.handle_buttons(event):
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i, (row, left, right) in enumerate(self.rows):
                if left.collidepoint(event.pos):
                    self._step(i, -1)
                elif right.collidepoint(event.pos) or (
                    row.collidepoint(event.pos) and event.pos[0] > left.left
                ):
                    self._step(i, 1)
        elif event.type == pygame.MOUSEMOTION:
            for i, (row, _left, _right) in enumerate(self.rows):
                if row.collidepoint(event.pos):
                    self.focus = i

    # ------------------------------------------------------------------ keyboard and gamepad

    @override
    def intent(self, intent: Intent) -> bool:
        n = len(self.options)
        total = n + len(self.buttons)
        act = intent.act
        if act == Act.BACK:
            self.app.pop()
            return True
        if total == 0:
            return False
        focus = min(self.focus, total - 1)
        if act in (Act.UP, Act.DOWN, Act.NEXT, Act.PREV):
            step = -1 if act in (Act.UP, Act.PREV) else 1
            self.focus = (focus + step) % total
            return True
        if act in (Act.LEFT, Act.RIGHT):
            delta = -1 if act == Act.LEFT else 1
            if focus < n:
                self._step(focus, delta)
            elif self.buttons:
                self.focus = n + (focus - n + delta) % len(self.buttons)
            return True
        if act == Act.ACTIVATE:
            if focus < n:
                self._step(focus, 1)
                return True
            button = self.buttons[focus - n]
            if button.active and button.action is not None:
                button.action()
            return True
        return False

    @override
    def focus_rect(self) -> pygame.Rect | None:
        n = len(self.options)
        if self.focus < n:
            return self.rows[self.focus][0] if self.focus < len(self.rows) else None
        index = self.focus - n
        return self.buttons[index].rect if index < len(self.buttons) else None

    @override
    def hints(self) -> list[tuple[str, str]]:
        return [("move", _("Choose")), ("leftright", _("Change")), ("back", _("Back"))]

    def _step(self, index: int, delta: int) -> None:
        self.focus = index
        self.options[index].step(delta)
        self.changed()

    def draw_background(self, surface: pygame.Surface) -> None:
        self.lay_felt(surface)

    @override
    def draw(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        u = self.scale
        width = surface.get_width()
        self.draw_background(surface)
        typeset.page_title(surface, i18n.translate(self.title), th, u, round(30 * u))
        for i, (option, (row, left, right)) in enumerate(zip(self.options, self.rows, strict=True)):
            focus = i == self.focus
            fill = (*mix(th.panel[:3], th.accent, 0.12 if focus else 0.0), 215)
            surfaces.draw_panel(
                surface, row, fill, th.accent if focus else th.panel_edge, max(6, row.h // 4), 1
            )
            size = max(12, min(round(20 * u), row.h // 2))
            x = row.x + round(18 * u)
            room = left.left - x - 8  # the label and its note end before the ‹ arrow
            label = i18n.translate(option.label)
            lsize = typeset.fit_text_size(label, size, room, bold=True)
            r = typeset.blit_text(
                surface, label, lsize, th.text, bold=True, midleft=(x, row.centery)
            )
            note = i18n.translate(option.note) if option.note else ""
            if note and room - r.w - 10 > 40:
                typeset.blit_text(
                    surface,
                    note,
                    max(10, lsize - 5),
                    th.text_dim,
                    max_width=room - r.w - 10,
                    midleft=(r.right + 10, row.centery + 1),
                )
            value = option.show(option.get())
            mid = (left.right + right.left) // 2
            typeset.blit_text(
                surface,
                value,
                size,
                th.accent,
                bold=True,
                max_width=right.left - left.right - 8,
                center=(mid, row.centery),
            )
            for rect, glyph in ((left, "‹"), (right, "›")):
                surfaces.draw_panel(
                    surface,
                    rect.inflate(-6, -6),
                    (*th.panel[:3], 230),
                    th.panel_edge,
                    max(4, rect.h // 4),
                    1,
                )
                typeset.blit_text(
                    surface,
                    glyph,
                    round(rect.h * 0.7),
                    th.text,
                    bold=True,
                    center=(rect.centerx, rect.centery - rect.h // 12),
                )
        text, error = self.message()
        if text:
            top = (self.rows[-1][0].bottom if self.rows else 0) + round(8 * u)
            bottom = min((b.rect.top for b in self.buttons), default=surface.get_height())
            colour = th.refusal if error else th.text_dim
            size, lines = self._message_lines(text, round(17 * u), width - 40, bottom - top, error)
            y = top
            for line in lines:
                y = typeset.blit_text(
                    surface, line, size, colour, bold=error, midtop=(width // 2, y)
                ).bottom
        for button in self.buttons:
            button.draw(surface, th, u)

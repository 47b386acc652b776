"""The pause menu, over the dimmed table: resume, rules, settings, leave the match."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
from typing_extensions import override

from game.i18n import _
from game.input.intents import Act
from game.match.session import Session
from game.pacing import Pace
from game.scenes import flow
from game.scenes.kit.buttons import ButtonScene
from game.view import controls
from game.view.layout import top_bar_height, ui_scale
from game.view.panels import button_column, dialog_panel, dim

if TYPE_CHECKING:
    from game.app import App


class PauseScene(ButtonScene):
    opaque = False

    @override
    def pace(self) -> Pace:
        return self.buttons_pace()  # the game is paused: nothing moves but the buttons

    def __init__(self, app: App, session: Session | None) -> None:
        super().__init__(app)
        self.session = session
        self.buttons: list[controls.Button] = []
        self._layout()

    @override
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

    @override
    def keep_clear(self) -> list[pygame.Rect]:
        """The table's top bar under the menu: its boneyard count and pause button stay seen."""
        width, _height = self.size
        return [pygame.Rect(0, 0, width, top_bar_height(ui_scale(self.size)))]

    def resume_game(self) -> None:
        self.app.pop()

    def rules(self) -> None:
        if self.session is not None:
            state = self.session.state
            self.app.push(flow.rules(self.app, state.rules, state.players))

    def settings(self) -> None:
        self.app.push(flow.settings(self.app))

    def leave(self) -> None:
        if self.session is not None:
            self.session.close()
        flow.to_menu(self.app)

    bindings = {Act.PAUSE: ("p",)}

    @override
    def actions(self) -> dict[Act, Callable[[], None]]:
        return {Act.BACK: self.resume_game, Act.PAUSE: self.resume_game}

    @override
    def draw(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        u = ui_scale(surface.get_size())
        dim(surface, self.time)
        size, top, room = max(18, round(36 * u)), round(18 * u), self.panel.w - round(24 * u)
        title = _("Paused")
        dialog_panel(surface, self.panel, title, th, u, size=size, top=top, room=room, alpha=240)
        for button in self.buttons:
            button.draw(surface, th, u)

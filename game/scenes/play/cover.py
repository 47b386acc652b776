"""Pass and play: the screen between two people's turns that keeps each hand private.

When the turn comes to a person whose hand is not the one showing, the table scene puts this
cover over everything (it is opaque: no tile of the last hand shows through). It names whose
turn it is, in their seat colour, and waits for them: a tap, a click, Enter or A shows their
hand. For the first moment it ignores input, so the last player's extra tap cannot uncover the
next hand by accident. Esc, B or Start open the pause menu over it.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame
from typing_extensions import override

from game.i18n import _
from game.input.glyphs import glyph, glyph_for
from game.input.intents import Act, Intent
from game.scenes import flow
from game.scenes.kit.base import Scene
from game.view import surfaces, typeset
from game.view.layout import ui_scale
from game.view.table import seat_colour
from game.view.theme import mix

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.play.table import TableScene

GUARD = 0.45  # seconds the cover ignores input after it appears


class CoverScene(Scene):
    guided = False  # the cover says what to press itself

    def __init__(self, app: App, table: TableScene, seat: int) -> None:
        super().__init__(app)
        self.table = table
        self.seat = seat
        self.time = 0.0
        self._armed = False  # a press began on the cover (its release reveals)

    @property
    def name(self) -> str:
        return self.table.state.names[self.seat]

    # ------------------------------------------------------------------ input

    def reveal(self) -> None:
        if self.time < GUARD or self.app.top is not self:
            return
        self.app.pop()
        self.table.show_seat(self.seat)

    def pause(self) -> None:
        self.app.push(flow.pause(self.app, self.table.session))

    @override
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._armed = self.time >= GUARD
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self._armed:
                self.reveal()
            self._armed = False

    bindings = {Act.PAUSE: ("p",)}

    @override
    def intent(self, intent: Intent) -> bool:
        if intent.act == Act.ACTIVATE:
            self.reveal()
            return True
        if intent.act in (Act.BACK, Act.PAUSE):
            self.pause()
            return True
        return False

    # ------------------------------------------------------------------ time and drawing

    @override
    def update(self, dt: float) -> None:
        self.time += dt

    @override
    def draw(self, surface: pygame.Surface) -> None:
        th = self.lay_felt(surface)
        width, height = surface.get_size()
        u = ui_scale((width, height))
        colour = seat_colour(self.seat)
        panel = pygame.Rect(0, 0, min(width - 32, round(640 * u) + 80), round(290 * u) + 60)
        panel.center = (width // 2, height // 2)
        surfaces.draw_panel(
            surface, panel, (*th.panel[:3], 235), colour, round(22 * u), 3, shadow=True
        )
        stripe = pygame.Rect(panel.x, panel.y, panel.w, max(8, round(14 * u)))
        pygame.draw.rect(
            surface,
            colour,
            stripe,
            border_top_left_radius=round(22 * u),
            border_top_right_radius=round(22 * u),
        )
        y = stripe.bottom + round(26 * u)
        lines = (  # (words, size, colour, bold with a shadow (the name), space above)
            # Translators: the next line under it is the name of the player
            (_("Pass the device to"), max(14, round(24 * u)), th.text_dim, False, 0),
            (self.name, max(26, round(64 * u)), colour, True, 0),
            (_("Everyone else, please look away"), max(12, round(19 * u)), th.text, False, 6),
        )
        for words, size, ink, strong, above in lines:
            r = typeset.blit_text(
                surface,
                words,
                size,
                ink,
                bold=strong,
                shadow=strong,
                max_width=panel.w - 40,
                midtop=(panel.centerx, y + round(above * u)),
            )
            y = r.bottom
        self._draw_go(surface, panel, r.bottom, u)

    def _draw_go(self, surface: pygame.Surface, panel: pygame.Rect, top: int, u: float) -> None:
        """ "Tap to show your hand", with the button of the device in use."""
        th = self.app.theme
        device = self.app.router.last_device
        words = {
            "mouse": _("Click to show your hand"),
            "touch": _("Tap to show your hand"),
            "keyboard": _("Show your hand"),
            "gamepad": _("Show your hand"),
        }[device.value]
        ready = self.time >= GUARD
        pulse = 0.5 + 0.5 * math.sin(self.time * 3.5)
        size = max(14, round(26 * u))
        name = glyph_for("activate", device)
        pic = glyph(name, round(size * 1.3), th) if name else None
        gap = max(6, round(10 * u))
        # the pill (words, button picture, padding) stays inside the panel
        room = panel.w - 40 - round(48 * u) - (pic.get_width() + gap if pic else 0)
        size = typeset.fit_text_size(words, size, room, bold=True)
        label = typeset.text(words, size, th.text_dark, bold=True, max_width=room)
        inner_w = label.get_width() + (pic.get_width() + gap if pic else 0)
        pill = pygame.Rect(0, 0, inner_w + round(48 * u), max(label.get_height(), size * 2) + 8)
        pill.midbottom = (panel.centerx, panel.bottom - round(24 * u))
        pill.top = max(pill.top, top + round(10 * u))
        alpha = round((160 + 80 * pulse) if ready else 90)
        surfaces.blit_glow(surface, pill, th.accent, alpha, pill.h // 2, max(4, round(8 * u)))
        surfaces.draw_panel(
            surface, pill, (*th.accent, 250), mix(th.accent, (0, 0, 0), 0.3), pill.h // 2
        )
        x = pill.centerx - inner_w // 2
        if pic is not None:
            surface.blit(pic, pic.get_rect(midleft=(x, pill.centery)))
            x += pic.get_width() + gap
        surface.blit(label, label.get_rect(midleft=(x, pill.centery)))

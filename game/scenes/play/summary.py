"""Between rounds: every hand revealed, the round's scores counting up, the running totals.

Drawn over the dimmed table. "Next round" deals the next one; after the last round the
button leads to the match end. Every word is translated as it is drawn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
from typing_extensions import override

from game.i18n import _, join_names, ngettext, pgettext
from game.input.intents import Act
from game.match.session import Session
from game.rules import RoundEnd
from game.rules import events as ev
from game.scenes import flow
from game.scenes.kit.buttons import ButtonScene
from game.view import controls, surfaces, typeset
from game.view.easing import ease_out_back, ease_out_cubic
from game.view.layout import ui_scale
from game.view.panels import dialog_panel, dim
from game.view.table import TableView, seat_colour
from game.view.theme import mix

if TYPE_CHECKING:
    from game.app import App


class RoundSummaryScene(ButtonScene):
    opaque = False

    def __init__(self, app: App, session: Session, view: TableView) -> None:
        super().__init__(app)
        self.session = session
        self.view = view
        result = view.result
        assert result is not None, "the summary follows a RoundEnded event"
        self.result: ev.RoundEnded = result.event
        self.match_end = result.match_end
        self.button = controls.Button("", pygame.Rect(0, 0, 10, 10), self.next, primary=True)
        self._layout()

    @property
    def last_round(self) -> bool:
        return self.match_end is not None or self.session.state.match_over

    @override
    def _layout(self) -> None:
        width, height = self.size
        u = ui_scale((width, height))  # held upright too
        pw = min(width - 20, round(900 * u) + 120)
        players = len(self.result.scores)
        row = max(24, min(round(50 * u), (height - round(230 * u)) // max(1, players)))
        ph = round(150 * u) + row * players + round(70 * u)
        ph = min(ph, height - 12)
        self.panel = pygame.Rect(0, 0, pw, ph)
        self.panel.center = (width // 2, height // 2)
        self.row_h = row
        self.scale = u
        bw = max(160, round(260 * u))
        bh = max(32, round(48 * u))
        self.button.label = self.button_label()
        self.button.rect = pygame.Rect(0, 0, bw, bh)
        self.button.rect.midbottom = (self.panel.centerx, self.panel.bottom - round(16 * u))

    def button_label(self) -> str:
        return _("See the final results") if self.last_round else _("Next round")

    def next(self) -> None:
        if self.last_round:
            self.app.replace(flow.after_match(self.app, self.session))
            # the table under it is done too
            stack = self.app.stack
            if len(stack) >= 2:
                table = stack[-2]
                stack.remove(table)
                table.exit()
            return
        events = self.session.start_round()
        _ = events
        self.app.pop()
        self.app.replace(flow.deal(self.app, self.session, self.view))

    @override
    def actions(self) -> dict[Act, Callable[[], None]]:
        return {Act.ACTIVATE: self.next}

    @override
    def update(self, dt: float) -> None:
        super().update(dt)  # the clock and the button
        self.view.update(dt)

    def headline(self) -> str:
        names = self.session.names
        r = self.result
        you = self.session.shown_seat
        if r.reason == RoundEnd.OUT:
            if list(r.winners) == [you]:
                return _("You went out!")
            others = [names[s] for s in r.winners if s != you]
            if you in r.winners:  # its own sentence: the verb agrees with "you" in many languages
                # Translators: you and others went out at once; {names}: "Ana" or "Ana and Bo"
                text = ngettext("You and {names} went out", "You and {names} went out", len(others))
                return text.format(names=join_names(others))
            # Translators: {names} is one name or a list of names ("Ana and Bo")
            text = ngettext("{names} went out", "{names} went out", len(others))
            return text.format(names=join_names(others))
        # Translators: "you" inside a list of names ("Ana and you")
        lows = [(_("you") if s == you else names[s]) for s in r.winners]
        return _("Blocked: nobody can play. Lowest hand: {names}").format(names=join_names(lows))

    @override
    def draw(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        u = self.scale
        dim(surface, self.time, 150, 0.3)
        rise = 1.0 - ease_out_back(min(1.0, self.time / 0.45))
        panel = self.panel.move(0, round(rise * 60 * u))
        state = self.session.state
        title = _("Round {n} of {total}").format(n=self.result.round, total=state.deal.rounds)
        size = max(16, round(30 * u))
        r = dialog_panel(surface, panel, title, th, u, size=size, top=round(14 * u))
        room = panel.w - round(40 * u)
        y = r.bottom + round(2 * u)
        r = typeset.blit_text(
            surface,
            self.headline(),
            max(12, round(18 * u)),
            th.text,
            max_width=room,
            midtop=(panel.centerx, y),
        )
        y = r.bottom + round(14 * u)
        # column heads
        small = max(10, round(14 * u))
        x_name = panel.left + round(24 * u)
        x_hand = panel.left + round(200 * u) + 40
        x_score = panel.right - round(190 * u)
        x_total = panel.right - round(40 * u)
        column = round(110 * u)
        hand_room = x_score - round(70 * u) - x_hand
        hand_left = pgettext("column", "Hand left")
        typeset.blit_text(
            surface, hand_left, small, th.text_dim, max_width=hand_room, topleft=(x_hand, y)
        )
        for words, x in (
            (pgettext("column", "Round"), x_score),
            (pgettext("column", "Total"), x_total),
        ):
            typeset.blit_text(surface, words, small, th.text_dim, max_width=column, topright=(x, y))
        y += small + round(8 * u)
        names = self.session.names
        renderer = self.app.renderer
        tile_w = max(9, min(round(self.row_h * 0.42), round(18 * u) + 4))
        for seat, hand in enumerate(self.result.hands):
            appear = min(1.0, max(0.0, (self.time - 0.25 - seat * 0.08) / 0.3))
            if appear <= 0:
                continue
            row = pygame.Rect(
                panel.left + round(12 * u), y, panel.w - round(24 * u), self.row_h - 4
            )
            winner = seat in self.result.winners
            fill = (*mix(th.panel[:3], th.accent, 0.22 if winner else 0.06), 230)
            surfaces.draw_panel(surface, row, fill, th.accent if winner else None, round(8 * u), 1)
            pygame.draw.rect(
                surface, seat_colour(seat), (row.x, row.y, max(3, round(5 * u)), row.h)
            )
            name = _("You") if seat == self.session.shown_seat else names[seat]
            name_rect = typeset.blit_text(
                surface,
                name,
                max(11, round(18 * u)),
                th.text,
                bold=True,
                max_width=round(100 * u) + 6,
                midleft=(x_name, row.centery),
            )
            if winner:
                if self.result.reason == RoundEnd.OUT:
                    # Translators: the tag after a seat's name (which may be "You") when it
                    # went out: a form that fits any seat
                    tag = _("went out")
                else:
                    # Translators: the tag of the lowest hand in a blocked round
                    tag = _("lowest")
                # right after the name: a short name leaves the tag room to stay legible
                x_tag = min(x_name + round(100 * u) + 10, name_rect.right + round(12 * u))
                typeset.blit_text(
                    surface,
                    tag,
                    small,
                    th.accent,
                    bold=True,
                    max_width=x_hand - x_tag - 4,
                    midleft=(x_tag, row.centery),
                )
            # the hand, face up
            x = x_hand
            limit = x_score - round(70 * u)
            pitch = min(2 * tile_w + 3, (limit - x_hand) / max(1, len(hand)))
            for i, tile in enumerate(hand):
                renderer.draw(
                    surface,
                    tile,
                    (round(x + i * pitch), row.centery - tile_w // 2),
                    tile_w,
                    False,
                    numerals=self.app.settings.numerals,
                    theme=th,
                    shadow=False,
                )
            if not hand:
                # Translators: an empty hand in the round summary
                typeset.blit_text(surface, _("empty"), small, th.text_dim, midleft=(x, row.centery))
            count = ease_out_cubic(min(1.0, max(0.0, (self.time - 0.6 - seat * 0.08) / 0.8)))
            score = round(self.result.scores[seat] * count)
            total_before = self.result.totals[seat] - self.result.scores[seat]
            total = round(total_before + self.result.scores[seat] * count)
            size = max(12, round(20 * u))
            typeset.blit_text(
                surface, f"{score}", size, th.text, bold=True, midright=(x_score, row.centery)
            )
            typeset.blit_text(
                surface, f"{total}", size, th.accent, bold=True, midright=(x_total, row.centery)
            )
            y += self.row_h
        self.button.rect.midbottom = (panel.centerx, panel.bottom - round(14 * u))
        self.button.label = self.button_label()  # the language may have changed
        self.button.draw(surface, th, u)

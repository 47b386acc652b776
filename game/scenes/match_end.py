"""The end of the match: who won, which tie-break decided it, and the final standings."""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

import pygame

from game.scenes.base import Scene
from game.scenes.session import MatchConfig, Session
from game.view import widgets as w
from game.view.layout import ui_scale
from game.view.table import seat_colour
from game.view.tween import ease_out_back, ease_out_cubic

if TYPE_CHECKING:
    from game.app import App

DECIDED = {
    "score": "",
    "rounds_won": "Level on points: decided by the most rounds won",
    "lowest_round": "Level on points and rounds won: decided by the lowest single round",
    "tie": "Level on every tie-break: first place is shared",
}


class MatchEndScene(Scene):
    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.time = 0.0
        state = session.state
        self.winners = state.match_winners
        self.decided_by = state.decided_by
        rng = random.Random(7)
        self.confetti = [
            (rng.random(), rng.random() * 0.6, rng.uniform(-1, 1), rng.random(), rng.randrange(14))
            for _ in range(140)
        ]
        self.buttons = [
            w.Button("Play again", pygame.Rect(0, 0, 10, 10), self.again, primary=True),
            w.Button("Main menu", pygame.Rect(0, 0, 10, 10), self.menu),
        ]
        self._layout()

    def _layout(self) -> None:
        width, height = self.size
        u = ui_scale((width, height))  # held upright too
        self.scale = u
        bw, bh = max(150, round(230 * u)), max(34, round(50 * u))
        gap = round(20 * u)
        y = height - round(40 * u) - bh
        self.buttons[0].rect = pygame.Rect(width // 2 - bw - gap // 2, y, bw, bh)
        self.buttons[1].rect = pygame.Rect(width // 2 + gap // 2, y, bw, bh)

    def resize(self, size: tuple[int, int]) -> None:
        self._layout()

    def exit(self) -> None:
        self.session.close()

    def again(self) -> None:
        from game.scenes.deal import DealScene
        from game.scenes.menu import new_session

        old = self.session.config
        config = MatchConfig(old.players, old.rules, old.opponent, None, old.you, old.humans)
        session = new_session(self.app, config)
        session.start_round()
        self.app.replace(DealScene(self.app, session))

    def menu(self) -> None:
        from game.scenes.menu import MenuScene

        self.app.reset(MenuScene(self.app))

    def handle(self, event: pygame.event.Event) -> None:
        for button in self.buttons:
            if button.handle(event):
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.menu()

    def update(self, dt: float) -> None:
        self.time += dt
        for button in self.buttons:
            button.update(dt)

    def title(self) -> str:
        names = self.session.names
        you = self.session.human
        if len(self.winners) == 1:
            seat = self.winners[0]
            return "You win the match!" if seat == you else f"{names[seat]} wins the match"
        who = ["you" if s == you else names[s] for s in self.winners]
        return "Shared win: " + " and ".join(who)

    def draw(self, surface: pygame.Surface) -> None:
        th = self.app.settings.theme
        u = self.scale
        width, height = surface.get_size()
        surface.blit(w.felt((width, height), th), (0, 0))
        you_won = any(self.session.is_person(s) for s in self.winners)  # any person at it
        if you_won:
            self._draw_confetti(surface)
        pop = ease_out_back(min(1.0, self.time / 0.6))
        title = w.text(self.title(), max(22, round(56 * u)), th.accent, bold=True, shadow=True)
        if pop < 0.999:
            title = pygame.transform.smoothscale_by(title, max(0.05, pop))
        surface.blit(title, title.get_rect(center=(width // 2, round(90 * u) + 10)))
        y = round(140 * u) + 14
        state = self.session.state
        penalty = state.rules.scoring == "penalty"
        how = "Lowest total wins" if penalty else "Highest total wins"
        sub = DECIDED.get(self.decided_by, "") or how
        r = w.blit_text(surface, sub, max(12, round(20 * u)), th.text, midtop=(width // 2, y))
        y = r.bottom + round(24 * u)
        order = sorted(
            range(state.players),
            key=lambda s: (s not in self.winners, state.totals[s] if penalty else -state.totals[s]),
        )
        rows = len(order)
        avail = self.buttons[0].rect.top - y - round(20 * u)
        row_h = max(22, min(round(54 * u), avail // max(1, rows)))
        pw = min(width - 40, round(640 * u) + 80)
        for rank, seat in enumerate(order):
            appear = ease_out_cubic(min(1.0, max(0.0, (self.time - 0.4 - rank * 0.07) / 0.35)))
            if appear <= 0:
                continue
            rect = pygame.Rect(0, 0, pw, row_h - 6)
            rect.midtop = (width // 2 + round((1 - appear) * 80), y + rank * row_h)
            winner = seat in self.winners
            fill = (*w.mix(th.panel[:3], th.accent, 0.25 if winner else 0.05), round(230 * appear))
            w.draw_panel(
                surface,
                rect,
                fill,
                th.accent if winner else th.panel_edge,
                round(10 * u),
                2 if winner else 1,
            )
            pygame.draw.rect(
                surface, seat_colour(seat), (rect.x, rect.y, max(4, round(6 * u)), rect.h)
            )
            size = max(12, round(22 * u))
            place = "1st" if winner else f"{rank + 1}."
            w.blit_text(
                surface,
                place,
                size,
                th.accent if winner else th.text_dim,
                bold=True,
                midleft=(rect.x + round(20 * u), rect.centery),
            )
            name = "You" if seat == self.session.human else self.session.names[seat]
            w.blit_text(
                surface,
                name,
                size,
                th.text,
                bold=True,
                midleft=(rect.x + round(90 * u), rect.centery),
            )
            won = state.rounds_won[seat]
            w.blit_text(
                surface,
                f"{won} round{'s' if won != 1 else ''} won",
                max(10, round(15 * u)),
                th.text_dim,
                midleft=(rect.x + round(300 * u), rect.centery),
            )
            w.blit_text(
                surface,
                f"{state.totals[seat]} pts",
                size,
                th.accent,
                bold=True,
                midright=(rect.right - round(20 * u), rect.centery),
            )
        for button in self.buttons:
            button.draw(surface, th, u)

    def _draw_confetti(self, surface: pygame.Surface) -> None:
        width, height = surface.get_size()
        t = self.time
        for x0, y0, drift, phase, colour in self.confetti:
            fall = (y0 + t * (0.18 + phase * 0.2)) % 1.2 - 0.1
            x = (x0 + drift * 0.05 * math.sin(t * 2 + phase * 6)) * width
            y = fall * height
            size = max(3, round(8 * self.scale))
            angle = (t * 3 + phase * 10) % math.tau
            wdt = max(1, round(size * abs(math.cos(angle))))
            pygame.draw.rect(surface, seat_colour(colour), (round(x), round(y), wdt, size))

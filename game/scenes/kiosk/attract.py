"""Kiosk mode's attract mode: computer players on the table until someone touches the screen."""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

import pygame
from typing_extensions import override

from game.i18n import _
from game.input.intents import Intent
from game.match.computer_move import ComputerMove
from game.pacing import ATTRACT, Pace
from game.rules import PLAY, Rules
from game.scenes import flow
from game.scenes.kit.base import Scene
from game.trace import trace
from game.view import surfaces, typeset
from game.view.theme import mix

if TYPE_CHECKING:
    from game.app import App
    from game.match.session import Session
    from game.view.table import TableView

ATTRACT_PACE = 0.7  # seconds between the computer players' moves in the attract mode
ATTRACT_REST = 4.0  # seconds the finished round stays before a new one is dealt


class AttractScene(Scene):
    """Computer players playing each other on the table, until someone touches the screen."""

    PLAYERS = 4
    guided = False  # any key or touch wakes it: nothing to choose

    @override
    def pace(self) -> Pace:
        return ATTRACT  # the table plays itself at the attract mode's own pace

    def __init__(self, app: App, seed: int | None = None) -> None:
        super().__init__(app)
        self.rng = random.Random(seed)
        self.time = 0.0
        self.woken = False
        self.session: Session
        self.view: TableView
        self._move = ComputerMove()
        self._rest = 0.0
        self.puzzle_pill: pygame.Rect | None = None  # where "One-minute puzzle" was drawn
        self._new_match()

    def _new_match(self) -> None:
        from game.match.session import MatchConfig, Session
        from game.view.table import TableView

        old = getattr(self, "session", None)
        if old is not None:
            old.close()
        players = self.PLAYERS
        rules = Rules.standard().with_options(rounds=1)
        config = MatchConfig(players, rules, "greedy", self.rng.randrange(1, 2**31), "Dee")
        session = Session(config, inline=self.app.inline_seats, kinds=["greedy"] * players)
        session.shown_seat = None
        events = session.start_round()
        settings = self.app.settings
        view = TableView(
            self.app.size,
            players,
            session.state.names,
            None,
            self.app.theme,
            self.app.renderer,
            settings.numerals,
        )
        view.call_you = False
        started = events[0]
        view.load(
            round_number=1,
            rounds=1,
            engine=None,
            trains=[[] for _ in range(players + 1)],
            markers=[False] * players,
            open_doubles=[],
            hand_counts=[0] * players,
            boneyard=len(getattr(started, "boneyard", ())),
            totals=[0] * players,
            current=None,
            hand=None,
        )
        view.feed(events)
        self.session = session
        self.view = view
        self._move.forget()
        self._rest = 0.0

    # ------------------------------------------------------------------ waking up

    def wake(self, puzzle: bool = False) -> None:
        """To the menu; with ``puzzle``, on to a one-minute puzzle (an easy one) from it."""
        if self.woken:
            return
        self.woken = True
        kiosk = self.app.kiosk
        if kiosk is not None:
            kiosk.to_menu()
        else:
            flow.to_menu(self.app)
        if puzzle:
            flow.quick_puzzle(self.app, self.rng)

    @override
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN:
            on_puzzle = self.puzzle_pill is not None and self.puzzle_pill.collidepoint(event.pos)
            self.wake(puzzle=on_puzzle)
        elif event.type == pygame.KEYDOWN:
            self.wake()

    @override
    def intent(self, intent: Intent) -> bool:
        self.wake()
        return True

    @override
    def enter(self) -> None:
        trace("scene attract")  # a test of the kiosk's watchdog waits for this line

    @override
    def exit(self) -> None:
        self.session.close()

    @override
    def resize(self, size: tuple[int, int]) -> None:
        self.view.resize(size)

    # ------------------------------------------------------------------ playing

    @override
    def update(self, dt: float) -> None:
        self.time += dt
        settings = self.app.settings
        view = self.view
        view.set_style(self.app.theme, settings.numerals)
        view.update(dt)
        state = self.session.state
        if state.phase != PLAY:
            view.thinking = None
            if not view.busy:
                self._rest += dt
                if self._rest >= ATTRACT_REST:
                    self._new_match()
            return
        seat = state.current
        view.thinking = seat
        if view.busy:
            return
        action = self._move.take(self.session, dt, ATTRACT_PACE)
        if action is None:
            return
        view.feed(self.session.apply(action))
        trace("attract move")

    # ------------------------------------------------------------------ drawing

    @override
    def draw(self, surface: pygame.Surface) -> None:
        view = self.view
        view.draw(surface)
        view.draw_top(surface)
        th = self.app.theme
        lay = view.layout
        u = lay.scale
        area = lay.tray.union(lay.prompt)
        shade = pygame.Surface(area.size, pygame.SRCALPHA)
        shade.fill((*th.panel[:3], 235))
        surface.blit(shade, area)
        pulse = 0.5 + 0.5 * math.sin(self.time * 3.0)
        name = _("Mexican Train")
        title_size = typeset.fit_text_size(name, max(20, round(46 * u)), area.w // 2, bold=True)
        title = typeset.text(name, title_size, th.accent, bold=True, shadow=True)
        call = _("Touch to play")
        room = area.w - round(50 * u) - 20
        call_size = typeset.fit_text_size(call, max(16, round(32 * u)), room, bold=True)
        label = typeset.text(call, call_size, th.text_dark, bold=True, max_width=room)
        pill = label.get_rect().inflate(round(50 * u), round(18 * u))
        # Translators: the kiosk's attract screen: a short puzzle instead of a whole match
        puzzle = _("One-minute puzzle")
        puzzle_size = typeset.fit_text_size(puzzle, max(14, round(24 * u)), room // 2, bold=True)
        puzzle_label = typeset.text(puzzle, puzzle_size, th.text, bold=True)
        second = puzzle_label.get_rect().inflate(round(36 * u), round(14 * u))
        gap = round(16 * u)
        if title.get_width() + pill.w + second.w + 2 * gap + round(40 * u) <= area.w:
            left = area.centerx - (title.get_width() + pill.w + second.w + 2 * gap) // 2
            title_rect = title.get_rect(midleft=(left, area.centery))
            pill.midleft = (title_rect.right + gap, area.centery)
            second.midleft = (pill.right + gap, area.centery)
        else:
            title_rect = title.get_rect(midbottom=(area.centerx, area.centery))
            both = pill.w + gap + second.w
            pill.topleft = (area.centerx - both // 2, area.centery + 2)
            second.midleft = (pill.right + gap, pill.centery)
        surface.blit(title, title_rect)
        surfaces.blit_glow(surface, pill, th.accent, round(110 + 120 * pulse), pill.h // 2, 8)
        surfaces.draw_panel(
            surface, pill, (*th.accent, 255), mix(th.accent, (0, 0, 0), 0.3), pill.h // 2
        )
        surface.blit(label, label.get_rect(center=pill.center))
        surfaces.draw_panel(surface, second, (*th.panel[:3], 255), th.accent, second.h // 2, 2)
        surface.blit(puzzle_label, puzzle_label.get_rect(center=second.center))
        self.puzzle_pill = second

"""The shuffle and the deal, animated; then the engine goes to the hub (or the draw for it).

The rules have already dealt (``start_round``); this scene shows it: face-down tiles swirl on
the hub, fly out one at a time clockwise to every seat (yours turn face up as they land in your
tray), then the round's events play (tiles drawn while nobody holds the engine, the engine
placed). A click skips ahead. The same :class:`TableView` then carries on into the table scene,
so nothing on screen jumps.

The prompt line says what is happening in the language of each frame (it may change mid-deal).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
from typing_extensions import override

from game.i18n import _
from game.input.intents import Act
from game.match.session import Session
from game.rules import Tile
from game.rules import events as ev
from game.scenes import flow
from game.scenes.kit.base import Scene
from game.scenes.kit.seating import table_view
from game.view import typeset
from game.view.easing import ease_in_out
from game.view.motion import Flight
from game.view.table import TableView

if TYPE_CHECKING:
    from game.app import App

SHUFFLE_TIME = 0.9
DEAL_TIME = 1.7


class DealScene(Scene):
    def __init__(
        self,
        app: App,
        session: Session,
        view: TableView | None = None,
        then: Callable[[TableView], Scene] | None = None,
    ) -> None:
        super().__init__(app)
        self.session = session
        self.then = then  # the scene that takes the table over (default: the plain table)
        state = session.state
        events = session.round_events
        started = next(e for e in events if isinstance(e, ev.RoundStarted))
        # A new round over an old table: the old picture fades out instead of vanishing.
        self.fade_from: pygame.Surface | None = app.screen.copy() if view is not None else None
        view = table_view(app, session, view)
        self.view = view
        view.shown_seat = session.shown_seat  # pass and play: None, every hand is dealt face down
        view.hand_hidden = False
        self.started = started
        total = sum(len(h) for h in started.hands) + len(started.boneyard)
        view.load(
            round_number=started.round,
            rounds=state.deal.rounds,
            engine=None,
            trains=[[] for _ in range(state.players + 1)],
            markers=[False] * state.players,
            open_doubles=[],
            hand_counts=[0] * state.players,
            boneyard=total,
            totals=state.totals,
            current=None,
            hand=None,
        )
        view.tray.tiles = []
        view.tray.divider = None
        view.tray.set_tiles([])
        view.prompt_urgent = False
        self.stage = "shuffle"  # then "deal", then "engine"
        view.prompt = self.prompt()
        self.time = 0.0
        self.dealt = False
        self.rest_fed = False
        self.done = False
        rng = random.Random(started.round)
        self.swirl = [
            (rng.random() * math.tau, 0.35 + rng.random() * 0.65, rng.random()) for _ in range(26)
        ]

    @override
    def resize(self, size: tuple[int, int]) -> None:
        self.view.resize(size, self.app.settings.large_tiles)

    @override
    def language_changed(self) -> None:
        self.view.language_changed()

    def prompt(self) -> str:
        """What the deal is doing, in words."""
        number = self.started.round
        if self.stage == "shuffle":
            return _("Round {n}: shuffling the tiles").format(n=number)
        if self.stage == "deal":
            return _("Round {n}: dealing").format(n=number)
        engine = self.started.engine
        if any(isinstance(e, ev.EngineDrawn) for e in self.session.round_events):
            return _("Nobody holds {tile}: drawing for it").format(tile=engine)
        return _("Who holds {tile}?").format(tile=engine)

    @override
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONUP:
            self.skip()

    @override
    def actions(self) -> dict[Act, Callable[[], None]]:
        return {Act.ACTIVATE: self.skip, Act.BACK: self.skip}  # Enter, Space, Esc: no waiting

    def skip(self) -> None:
        if not self.dealt:
            self.time = SHUFFLE_TIME
            self._deal()
        self._feed_rest()
        self.view.finish()
        self._finish()

    def _deal(self) -> None:
        """Send every dealt tile on its way, staggered, clockwise from seat 0."""
        self.dealt = True
        view = self.view
        hands = self.started.hands
        per = max(len(h) for h in hands)
        order = [
            (seat, i) for i in range(per) for seat in range(len(hands)) if i < len(hands[seat])
        ]
        step = DEAL_TIME / max(1, len(order))
        hub = view.layout.hub_center
        size = max(9, round(view.layout.tile_max * 0.8))
        back_small = view.renderer.back(size, True, theme=view.theme)
        hw = view.layout.hand_width
        rest = len(self.started.boneyard)  # what the pile keeps once every hand is dealt
        for k, (seat, i) in enumerate(order):
            tile = hands[seat][i]
            delay = k * step
            if seat == view.shown_seat:
                dest = view.tray.slot_rect(i)
                face = view.renderer.surface(
                    tile.low, tile.high, hw, True, numerals=view.numerals, theme=view.theme
                )
                back = view.renderer.back(hw, True, theme=view.theme)
                flight = Flight(
                    face,
                    hub,
                    dest.center,
                    0.0,
                    0.6,
                    0.42,
                    back=back,
                    on_land=_adder(view, tile, dest, rest),
                )
            else:
                flight = Flight(
                    back_small,
                    hub,
                    view.badge_center(seat),
                    0.0,
                    0.8,
                    0.4,
                    on_land=_counter(view, seat, rest),
                )
            flight.age = -delay
            view.flights.append(flight)
        # the pile shrinks as each tile lands in a hand (_adder, _counter): the boneyard and
        # the hands always add up to the set

    def _feed_rest(self) -> None:
        if self.rest_fed:
            return
        self.rest_fed = True
        rest = [e for e in self.session.round_events if not isinstance(e, ev.RoundStarted)]
        self.view.boneyard = len(self.started.boneyard)
        self.view.feed(rest)

    def _finish(self) -> None:
        if self.done:
            return
        self.done = True
        if self.then is not None:
            self.app.replace(self.then(self.view))
            return
        self.app.replace(flow.table(self.app, self.session, self.view))

    @override
    def update(self, dt: float) -> None:
        settings = self.app.settings
        view = self.view
        if self.dealt:  # the tiles fly to the tray's slots: it keeps its size until they land
            view.set_style(self.app.theme, settings.numerals)
        else:
            view.set_style(self.app.theme, settings.numerals, settings.large_tiles)
        view.speed = settings.animation_speed
        self.time += dt * (settings.animation_speed if settings.animation_speed > 0 else 100.0)
        if not self.dealt and self.time >= SHUFFLE_TIME:
            self._deal()
            self.stage = "deal"
        view.update(dt)
        view.prewarm(0.004, self.session.state.deal.set_size)
        if self.dealt and not view.flights and not self.rest_fed:
            self._feed_rest()
            self.stage = "engine"
        view.prompt = self.prompt()
        if self.rest_fed and not view.busy:
            self._finish()

    @override
    def draw(self, surface: pygame.Surface) -> None:
        view = self.view
        view.draw(surface)
        if self.fade_from is not None:
            alpha = 1.0 - min(1.0, self.time / (SHUFFLE_TIME * 0.6))
            if alpha <= 0:
                self.fade_from = None
            else:
                self.fade_from.set_alpha(round(255 * alpha))
                surface.blit(self.fade_from, (0, 0))
        if not self.dealt:
            self._draw_shuffle(surface)
        view.draw_top(surface)
        lay = view.layout
        typeset.blit_text(
            surface,
            _("Click to skip"),
            max(10, round(13 * lay.scale)),
            view.theme.text_dim,
            max_width=lay.size[0] // 3,
            bottomright=(lay.size[0] - 10, lay.tray.top - 6),
        )

    def _draw_shuffle(self, surface: pygame.Surface) -> None:
        view = self.view
        lay = view.layout
        cx, cy = lay.hub_center
        p = min(1.0, self.time / SHUFFLE_TIME)
        radius = lay.hub_radius * (0.9 + 0.9 * math.sin(math.pi * p))
        size = max(9, lay.tile_max)
        for angle, dist, phase in self.swirl:
            a = angle + ease_in_out(p) * math.tau * (0.6 + phase)
            r = radius * dist
            x = cx + math.cos(a) * r
            y = cy + math.sin(a) * r * 0.8
            back = view.renderer.back(size, phase > 0.5, theme=view.theme)
            rot = pygame.transform.rotate(back, math.degrees(a) % 180)
            surface.blit(rot, rot.get_rect(center=(round(x), round(y))))


def _adder(view: TableView, tile: Tile, dest: pygame.Rect, rest: int) -> Callable[[], None]:
    def land() -> None:
        view.tray.add(tile, dest)
        view.boneyard = max(rest, view.boneyard - 1)  # a skipped deal has set it already

    return land


def _counter(view: TableView, seat: int, rest: int) -> Callable[[], None]:
    def land() -> None:
        view.hand_counts[seat] += 1
        view.boneyard = max(rest, view.boneyard - 1)

    return land

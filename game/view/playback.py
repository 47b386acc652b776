"""The table's playback of the rules' events: each one animated in turn, then shown."""

from __future__ import annotations

import math
from collections.abc import Sequence

from game.i18n import _, pgettext
from game.rules import RoundEnd, Tile
from game.rules import events as ev
from game.view import toasts
from game.view.layout import train_geometry
from game.view.motion import Banner, Effect, Fade, Flight
from game.view.seat_colours import seat_colour
from game.view.table_state import RoundResult, TableState
from game.view.table_words import Words, say


class Playback(TableState):
    """TableView's part that feeds on events and moves time on."""

    def feed(self, events: Sequence[ev.Event]) -> None:
        self.queue.extend(events)

    def show_toast(self, message: Words, kind: str = "info", duration: float = 2.6) -> None:
        """A message for a moment; a function is asked for its words on every frame."""
        self.toast = toasts.Toast(say(message), duration=duration, kind=kind)
        self._toast_words = message

    def banner(
        self, title: Words, subtitle: Words = "", duration: float = 1.6, train: int | None = None
    ) -> None:
        self.banners = [Banner(title, subtitle, duration, train=train)]

    def set_totals(self, totals: Sequence[int]) -> None:
        self._totals_target = list(totals)

    def finish(self) -> None:
        """Play out every queued event at once (skip animations)."""
        guard = 0
        while self.busy and guard < 10000:
            self.update(10.0)
            guard += 1

    def _start(self, event: ev.Event) -> float:
        """Begin showing one event; returns how long to wait before the next (seconds)."""
        for listener in self.listeners:
            listener(event)
        if isinstance(event, ev.RoundStarted):
            self.round_number = event.round
            self.engine = None
            self.trains = [[] for _ in range(self.players + 1)]
            self.markers = [False] * self.players
            self.open_doubles = []
            self.passed.clear()
            self.out.clear()
            self.result = None
            self.hand_counts = [len(h) for h in event.hands]
            self.boneyard = len(event.boneyard)
            if self.shown_seat is not None:
                self.tray.tiles = []
                self.tray.set_tiles(event.hands[self.shown_seat])
            self._geoms.clear()
            self._static = None
            return 0.0
        if isinstance(event, ev.TurnStarted):
            self.current = event.seat
            self.passed.discard(event.seat)
            return 0.0
        if isinstance(event, ev.TilePlayed):
            return self._play(event)
        if isinstance(event, ev.TileDrawn | ev.EngineDrawn):
            return self._draw(event.seat, event.tile)
        if isinstance(event, ev.EnginePlaced):
            return self._engine(event)
        if isinstance(event, ev.MarkerPlaced):
            self.markers[event.seat] = True
            self._marker_pop[event.seat] = 0.0
            lane = self.layout.lanes[event.seat]
            self.effects.append(
                Effect("ring", lane.marker_pos, 0.5, seat_colour(event.seat), size=lane.band.h)
            )
            return 0.35
        if isinstance(event, ev.MarkerRemoved):
            self.markers[event.seat] = False
            lane = self.layout.lanes[event.seat]
            self.effects.append(Effect("ring", lane.marker_pos, 0.4, (255, 255, 255), size=20))
            return 0.15
        if isinstance(event, ev.DoubleOpened):
            self.open_doubles.append(event.train)
            tile, train = event.tile, event.train
            if self.current == self.shown_seat and self.call_you:
                # your own double: the prompt asks for the tile that follows it, and a banner
                # saying it "must be satisfied" would speak over it (the OPEN DOUBLE tag stays)
                return 0.2
            self.banner(
                lambda: _("Open double!"),
                lambda: _("{tile} on {train} must be satisfied").format(
                    tile=tile, train=self._label(train)
                ),
                1.5,
                train,
            )
            return 0.5
        if isinstance(event, ev.DoubleSatisfied):
            if event.train in self.open_doubles:
                self.open_doubles.remove(event.train)
            slot = self.geometry(event.train).slots
            if slot:
                self.effects.append(
                    Effect("ring", slot[-1].rect.center, 0.6, self.theme.legal_glow, size=40)
                )
            return 0.1
        if isinstance(event, ev.TurnPassed):
            self.passed.add(event.seat)
            self.effects.append(
                Effect(
                    "bubble",
                    self.bubble_anchor(event.seat),
                    1.2,
                    label=lambda: pgettext("bubble", "Pass"),
                )
            )
            return 0.4
        if isinstance(event, ev.WentOut):
            self.out.add(event.seat)
            if event.seat == self.shown_seat and self.call_you:
                self.banner(lambda: _("You went out!"), lambda: _("Your hand is empty"), 1.8)
            else:
                name = self.names[event.seat]
                self.banner(lambda: _("{name} went out!").format(name=name), "", 1.8)
            return 1.0
        if isinstance(event, ev.RoundEnded):
            self.current = None
            self.result = RoundResult(event)
            if event.reason == RoundEnd.BLOCKED:
                self.banner(
                    lambda: _("The round is blocked"),
                    lambda: _("Nobody can play and the boneyard is empty"),
                )
                return 1.6
            return 0.6
        if isinstance(event, ev.MatchEnded):
            if self.result is not None:
                self.result.match_end = event
            return 0.0
        return 0.0

    def _play(self, event: ev.TilePlayed) -> float:
        train = event.train
        laid = [*self.trains[train], (event.touching, event.open_end)]
        lane = self.layout.lanes[train]
        target = train_geometry(lane, laid, self.layout.tile_max)
        slot = target.slots[-1]
        face = self._tile_face(slot.first, slot.second, slot.width, slot.vertical)
        tile = event.tile
        back = None
        angle0 = 0.0
        zoom0 = 1.0
        if event.seat == self.shown_seat and tile in self.tray.tiles:
            source = self.launch.pop(tile, None) or self.tray.rect_of(tile)
            self.tray.remove(tile)
            assert source is not None
            start: tuple[float, float] = source.center
            # Held tiles are already turned (they lie as on a train); tray tiles stand up.
            upright = source.height > source.width
            if upright and not slot.vertical:
                angle0 = 90.0 if (tile.low, tile.high)[0] == slot.first else -90.0
                zoom0 = source.width / max(1, slot.width)
            elif upright and slot.vertical:
                zoom0 = source.width / max(1, slot.width)
            else:
                zoom0 = source.height / max(1, slot.rect.height)
                if slot.vertical:
                    angle0 = 90.0
        else:
            start = self.badge_center(event.seat)
            self.hand_counts[event.seat] = max(0, self.hand_counts[event.seat] - 1)
            back = self.renderer.back(slot.width, slot.vertical, theme=self.theme)
            zoom0 = 0.6
        end = slot.rect.center
        duration = 0.5 if event.seat != self.shown_seat else 0.32

        def land() -> None:
            old = self._geoms.get(train)
            self.trains[train].append((event.touching, event.open_end))
            self._geoms.pop(train, None)
            if old is not None and self._static is not None:
                new = self.geometry(train)
                moved = old.width != new.width or any(
                    a.rect != b.rect for a, b in zip(old.slots, new.slots, strict=False)
                )
                if moved:  # the train shrank or folded: fade the old picture out, no jump
                    area = self.layout.lanes[train].tile_area.clip(self._static.get_rect())
                    self.fades.append(
                        Fade(self._static.subsurface(area).copy(), area.topleft, 0.35)
                    )
                landed = self._footprint(old, new)  # the tiles as they lay, and as they lie
                if landed is not None:
                    self._repaint.append(landed)
            else:
                self._static = None
            self.effects.append(
                Effect("ring", end, 0.45, seat_colour(event.seat), size=slot.rect.height)
            )

        self.flights.append(
            Flight(
                face,
                start,
                end,
                angle0,
                zoom0,
                duration,
                back=back,
                on_land=land,
                arc=self.layout.hub_radius * 0.25,
            )
        )
        return duration

    def _draw(self, seat: int, tile: Tile) -> float:
        self.boneyard = max(0, self.boneyard - 1)
        start = self.layout.boneyard.center
        duration = 0.38
        if seat == self.shown_seat:
            dest = self.tray.slot_rect(len(self.tray.tiles))
            hw = self.layout.hand_width
            face = self._tile_face(tile.low, tile.high, hw, True)
            back = self.renderer.back(hw, True, theme=self.theme)

            def land() -> None:
                self.tray.add(tile, dest)

            self.flights.append(
                Flight(face, start, dest.center, 0.0, 0.5, duration, back=back, on_land=land)
            )
        else:
            size = max(9, round(self.layout.tile_max * 0.8))
            back = self.renderer.back(size, True, theme=self.theme)

            def land_back() -> None:
                self.hand_counts[seat] += 1

            self.flights.append(
                Flight(back, start, self.badge_center(seat), 0.0, 0.7, duration, on_land=land_back)
            )
        return duration * 0.8

    def _engine(self, event: ev.EnginePlaced) -> float:
        tile = event.tile
        ew = self.layout.engine_width
        face = self._tile_face(tile.low, tile.high, ew, True)
        back = None
        if event.seat == self.shown_seat and tile in self.tray.tiles:
            source = self.tray.rect_of(tile) or self.tray.slot_rect(0)
            self.tray.remove(tile)
            start: tuple[float, float] = source.center
            zoom0 = source.width / ew
        else:
            start = self.badge_center(event.seat)
            self.hand_counts[event.seat] = max(0, self.hand_counts[event.seat] - 1)
            back = self.renderer.back(ew, True, theme=self.theme)
            zoom0 = 0.5

        def land() -> None:
            self.engine = tile
            self._static = None
            self.effects.append(
                Effect(
                    "ring",
                    self.layout.hub_center,
                    0.7,
                    self.theme.accent,
                    size=self.layout.hub_radius * 2,
                )
            )

        self.flights.append(
            Flight(
                face,
                start,
                self.layout.hub_center,
                0.0,
                zoom0,
                0.7,
                back=back,
                on_land=land,
                arc=self.layout.hub_radius * 0.5,
            )
        )
        you = event.seat == self.shown_seat and self.call_you
        name = self.names[event.seat]
        number = self.round_number

        def title() -> str:
            if you:
                return _("You place the engine")
            return _("{name} places the engine").format(name=name)

        self.banner(title, lambda: _("{tile} starts round {n}").format(tile=tile, n=number), 1.5)
        return 0.9

    # ------------------------------------------------------------------ time

    def update(self, dt: float) -> None:
        self.clock += dt
        mdt = dt * self.speed if self.speed > 0 else 10.0
        self.tray.update(dt)
        for flight in list(self.flights):
            flight.age += mdt
            if flight.done:
                self.flights.remove(flight)
                if flight.on_land is not None:
                    flight.on_land()
        if self._wait > 0:
            self._wait = max(0.0, self._wait - mdt)
        while self._wait <= 0 and self.queue:
            self._wait = self._start(self.queue.popleft())
        for effect in list(self.effects):
            effect.age += mdt
            if effect.age >= effect.duration:
                self.effects.remove(effect)
        for fade in list(self.fades):
            fade.age += mdt
            if fade.age >= fade.duration:
                self.fades.remove(fade)
        for banner in list(self.banners):
            banner.age += dt
            if banner.age >= banner.duration:
                self.banners.remove(banner)
        if self.toast is not None:
            self.toast.message = say(self._toast_words)  # a language change shows at once
            self.toast.update(dt)
            if not self.toast.alive:
                self.toast = None
        for seat in list(self._marker_pop):
            self._marker_pop[seat] += mdt
            if self._marker_pop[seat] > 0.6:
                del self._marker_pop[seat]
        for train in list(self.flash):
            self.flash[train] -= dt
            if self.flash[train] <= 0:
                del self.flash[train]
        rate = 1.0 - math.exp(-6.0 * dt)
        for seat, target in enumerate(self._totals_target):
            cur = self.totals[seat]
            cur += (target - cur) * rate
            if abs(target - cur) < 0.5:
                cur = float(target)
            self.totals[seat] = cur

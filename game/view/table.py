"""The table as the player sees it: what is shown, how the rules' events animate, and drawing.

:class:`TableView` keeps its own *displayed* copy of the table (trains, markers, hand counts,
boneyard, scores). The rules' state changes at once when an action is applied; the view is fed
the events that action caused and plays them one after another, each as a time-based
animation, so a tile is on its train only once it has landed there. Scenes read ``busy`` to
know when the picture has caught up with the rules.

Drawing is layered for speed: the felt, lanes, hub and every tile already laid are one cached
surface rebuilt only when a tile lands (or the window, theme or tile style changes); each frame
blits it and adds the moving parts (flights, glows, badges, the hand, the held tile).

The view never decides legality: the scene tells it which trains to light (from the rules'
``legal_actions``) and which message to show (from the rules' refusal).

Words are translated when drawn (the language may change while a table is open): banners and
bubbles keep a function that says them, and every cached picture with words in it is keyed by
the words themselves.
"""

from __future__ import annotations

import functools
import math
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from game import i18n
from game.i18n import _, npgettext, pgettext
from game.input.glyphs import glyph, glyph_for, hint_row
from game.input.intents import Device
from game.rules import Tile
from game.rules import events as ev
from game.view import widgets as w
from game.view.hand import HandTray
from game.view.layout import TableLayout, TrainGeometry, compute_layout, train_geometry
from game.view.theme import RGB, Theme
from game.view.tiles import Highlight, TileRenderer
from game.view.tween import ease_in_out, ease_out_back, ease_out_cubic

# One colour per seat, readable on every felt and apart from each other; the Mexican train
# has its own (a warm red-orange, like the flag's red and the sun on the tile backs).
SEAT_COLOURS: tuple[RGB, ...] = (
    (255, 206, 84),  # you: gold
    (94, 190, 255),  # sky
    (255, 128, 170),  # rose
    (140, 230, 120),  # lime
    (200, 150, 255),  # violet
    (255, 160, 80),  # tangerine
    (80, 226, 210),  # aqua
    (240, 240, 240),  # white
    (255, 110, 110),  # coral
    (170, 200, 90),  # olive
    (130, 160, 255),  # periwinkle
    (230, 190, 150),  # sand
    (255, 120, 230),  # magenta
    (120, 210, 160),  # mint
)
MEXICAN_COLOUR: RGB = (255, 96, 64)

# Words shown now, or a function that says them when drawn (in the language of that moment).
Words = str | Callable[[], str]


def say(words: Words) -> str:
    return words() if callable(words) else words


def level_label(level: str) -> str:
    """A computer seat's level as the table shows it (under its name)."""
    if level == "easy":
        return pgettext("opponent", "Easy")
    if level == "normal":
        return pgettext("opponent", "Normal")
    if level == "hard":
        return pgettext("opponent", "Hard")
    if level == "greedy":
        return pgettext("opponent", "Greedy")
    if level == "random":
        return pgettext("opponent", "Random")
    return level.replace("_", " ").capitalize()


def two_facts(first: str, second: str) -> str:
    # Translators: two facts side by side on a badge or under the hand: "7 tiles · 12 pts"
    return _("{first} · {second}").format(first=first, second=second)


def seat_colour(seat: int | None) -> RGB:
    return MEXICAN_COLOUR if seat is None else SEAT_COLOURS[seat % len(SEAT_COLOURS)]


@dataclass
class Flight:
    """A tile moving across the table: slides on an arc, turns, and lands with a small snap."""

    face: pygame.Surface  # at its final size and orientation
    start: tuple[float, float]  # centres
    end: tuple[float, float]
    angle0: float
    zoom0: float
    duration: float
    back: pygame.Surface | None = None  # shown face down for the first part (a reveal)
    reveal_at: float = 0.45
    on_land: Callable[[], None] | None = None
    age: float = 0.0
    arc: float = 0.0

    @property
    def done(self) -> bool:
        return self.age >= self.duration

    def frame(self) -> tuple[pygame.Surface, tuple[float, float]]:
        p = min(1.0, max(0.0, self.age) / self.duration) if self.duration > 0 else 1.0
        e = ease_in_out(p)
        x = self.start[0] + (self.end[0] - self.start[0]) * e
        y = self.start[1] + (self.end[1] - self.start[1]) * e - self.arc * math.sin(math.pi * p)
        turn = ease_out_cubic(min(1.0, p * 1.25))
        angle = self.angle0 * (1.0 - turn)
        zoom = self.zoom0 + (1.0 - self.zoom0) * ease_out_back(p)
        zoom *= 1.0 + 0.12 * math.sin(math.pi * p)  # lifted mid-flight
        surf = self.face
        squash = 1.0
        if self.back is not None:
            if p < self.reveal_at:
                surf = self.back
                squash = max(0.05, math.cos(p / self.reveal_at * math.pi / 2))
            else:
                squash = max(
                    0.05, math.sin((p - self.reveal_at) / (1 - self.reveal_at) * math.pi / 2)
                )
        if squash < 0.999:
            sw, sh = surf.get_size()
            surf = pygame.transform.smoothscale(surf, (max(1, round(sw * squash)), sh))
        if abs(angle) > 0.5 or abs(zoom - 1.0) > 0.01:
            surf = pygame.transform.rotozoom(surf, angle, zoom)
        return surf, (x, y)


@dataclass
class Effect:
    """A short-lived decoration: a ring where a tile snapped in, a marker pop, a bubble."""

    kind: str
    pos: tuple[float, float]
    duration: float
    colour: RGB = (255, 255, 255)
    label: Words = ""
    size: float = 20.0
    age: float = 0.0

    @property
    def p(self) -> float:
        return min(1.0, self.age / self.duration)


@dataclass
class Fade:
    """A picture of how part of the table looked, fading out over the new one."""

    surface: pygame.Surface
    pos: tuple[int, int]
    duration: float
    age: float = 0.0


@dataclass
class Banner:
    title: Words
    subtitle: Words = ""
    duration: float = 1.6
    age: float = 0.0
    colour: RGB | None = None


@dataclass
class Held:
    """The tile under the pointer."""

    tile: Tile
    center: tuple[float, float]
    horizontal: float = 0.0  # 0 = upright as in the tray, 1 = lying as on a train


@dataclass
class RoundResult:
    event: ev.RoundEnded
    match_end: ev.MatchEnded | None = None
    went_out: list[int] = field(default_factory=list)


class TableView:
    def __init__(
        self,
        size: tuple[int, int],
        players: int,
        names: Sequence[str],
        human: int | None,
        theme: Theme,
        renderer: TileRenderer,
        numerals: bool = False,
        large_tiles: bool = False,
    ) -> None:
        self.players = players
        self.names = list(names)
        self.human = human
        self.call_you = True  # False in a replay: seat names as recorded
        self.theme = theme
        self.renderer = renderer
        self.numerals = numerals
        self.speed = 1.0  # animation speed factor
        self.large_tiles = large_tiles
        self.layout: TableLayout = compute_layout(size, players, large_tiles)
        self.tray = HandTray()
        self.tray.set_area(self.layout.tray_tiles, self.layout.hand_width)
        # displayed table
        self.round_number = 0
        self.rounds = 0
        self.engine: Tile | None = None
        self.trains: list[list[tuple[int, int]]] = [[] for _ in range(players + 1)]
        self.markers = [False] * players
        self.open_doubles: list[int] = []
        self.hand_counts = [0] * players
        self.boneyard = 0
        self.totals = [0.0] * players
        self._totals_target = [0] * players
        self.current: int | None = None
        self.passed: set[int] = set()
        self.out: set[int] = set()
        self.prompt = ""
        self.prompt_urgent = False
        self.prompt_device = Device.MOUSE  # prompts show this device's buttons
        self.prompt_hints: list[tuple[str, str]] = []  # (action, label) after the words
        self.hand_hidden = False  # pass and play: the hand shows face down between turns
        self.result: RoundResult | None = None
        # interaction overlay, set by the scene every frame
        self.lit: set[int] = set()
        self.hover: int | None = None
        self.held: Held | None = None
        self.playable: set[Tile] = set()
        self.selected: Tile | None = None
        self.dim_unlit = False
        self.flash: dict[int, float] = {}
        self.launch: dict[Tile, pygame.Rect] = {}  # where the player's tile leaves from
        self.thinking: int | None = None
        # the computer seats: their level (a seat kind) and style (an English msgid)
        self.levels: dict[int, str] = {}
        self.styles: dict[int, str] = {}
        self.info_seat: int | None = None  # whose name, level and style show beside their plate
        # a hint: the tile to lift and the train it goes to (the scene asks the policy)
        self.hint_tile: Tile | None = None
        self.hint_train: int | None = None
        # animation
        self.queue: deque[ev.Event] = deque()
        self.flights: list[Flight] = []
        self.effects: list[Effect] = []
        self.fades: list[Fade] = []
        self.banners: list[Banner] = []
        self.toast: w.Toast | None = None
        self._toast_words: Words = ""
        self._wait = 0.0
        self.clock = 0.0
        self._marker_pop: dict[int, float] = {}
        self._static: pygame.Surface | None = None
        self._static_key: tuple[object, ...] = ()
        self._geoms: dict[int, TrainGeometry] = {}
        self._badge_cache: dict[tuple[object, ...], pygame.Surface] = {}
        self.listeners: list[Callable[[ev.Event], None]] = []
        self.undo_shown = False  # the table's Undo button is in the top bar
        self.pause_shown = True  # the pause button at the top bar's end (not in a review)
        self._warm_jobs: list[tuple[int, int, int, bool]] | None = None
        self._warm_key: tuple[object, ...] = ()

    # ------------------------------------------------------------------ set-up

    def resize(self, size: tuple[int, int], large_tiles: bool | None = None) -> None:
        large = self.large_tiles if large_tiles is None else large_tiles
        if size == self.layout.size and large == self.layout.large:
            return
        self.large_tiles = large
        self.layout = compute_layout(size, self.players, large)
        self.tray.set_area(self.layout.tray_tiles, self.layout.hand_width)
        self._geoms.clear()
        self._static = None
        self._badge_cache.clear()
        self._warm_jobs = None  # new sizes: the faces to render ahead change too

    def set_style(self, theme: Theme, numerals: bool, large_tiles: bool | None = None) -> None:
        if theme is not self.theme or numerals != self.numerals:
            self.theme = theme
            self.numerals = numerals
            self.renderer.theme = theme
            self._static = None
            self._badge_cache.clear()
        if large_tiles is not None and large_tiles != self.layout.large:
            self.resize(self.layout.size, large_tiles)

    def language_changed(self) -> None:
        """Words baked into cached pictures (the hub's label, the plates) are drawn again."""
        self._static = None
        self._badge_cache.clear()

    def set_seats(self, levels: dict[int, str], styles: dict[int, str]) -> None:
        """The computer seats' levels (seat kinds) and persona styles (English msgids)."""
        self.levels = dict(levels)
        self.styles = dict(styles)
        self._badge_cache.clear()

    def load(
        self,
        *,
        round_number: int,
        rounds: int,
        engine: Tile | None,
        trains: Sequence[Sequence[tuple[int, int]]],
        markers: Sequence[bool],
        open_doubles: Sequence[int],
        hand_counts: Sequence[int],
        boneyard: int,
        totals: Sequence[int],
        current: int | None,
        hand: Sequence[Tile] | None,
    ) -> None:
        """Show a table exactly as given (no animation): a scene's start or a replay jump."""
        self.round_number = round_number
        self.rounds = rounds
        self.engine = engine
        self.trains = [list(t) for t in trains]
        self.markers = list(markers)
        self.open_doubles = list(open_doubles)
        self.hand_counts = list(hand_counts)
        self.boneyard = boneyard
        self.totals = [float(t) for t in totals]
        self._totals_target = list(totals)
        self.current = current
        self.passed.clear()
        self.out.clear()
        if hand is not None:
            self.tray.set_tiles(hand)
        self.queue.clear()
        self.flights.clear()
        self.effects.clear()
        self.fades.clear()
        self._wait = 0.0
        self._geoms.clear()
        self._static = None

    def load_state(self, state: object, viewer: int | None) -> None:
        """``load`` from a rules ``GameState`` (read through its public queries)."""
        from game.rules import GameState

        assert isinstance(state, GameState)
        playing = state.phase == "play"
        self.load(
            round_number=state.round_number,
            rounds=state.deal.rounds,
            engine=state.engine if state.round_number else None,
            trains=[state.train(t) for t in range(state.players + 1)],
            markers=state.markers,
            open_doubles=state.open_double_trains(),
            hand_counts=[state.hand_size(s) for s in range(state.players)],
            boneyard=len(state.boneyard),
            totals=state.totals,
            current=state.current if playing else None,
            hand=state.hand(viewer) if viewer is not None else None,
        )

    # ------------------------------------------------------------------ warming the caches

    def prewarm(self, budget: float, set_size: int | None = None) -> bool:
        """Render tile faces ahead of need for up to ``budget`` seconds; True when all are done.

        A face is drawn supersampled (a few ms each), so a table that first needs eighty of
        them would stall one frame; this spreads that work over the deal's frames instead.
        """
        import time

        jobs = self._warm_jobs
        if jobs is None:
            jobs = self._warm_jobs = self._jobs(set_size)
        if self._warm_key != (self.layout.size, self.theme.id, self.numerals):
            self._warm_key = (self.layout.size, self.theme.id, self.numerals)
            jobs = self._warm_jobs = self._jobs(set_size)
        end = time.perf_counter() + budget
        while jobs and time.perf_counter() < end:
            a, b, width, vertical = jobs.pop()
            self.renderer.surface(a, b, width, vertical, numerals=self.numerals, theme=self.theme)
        return not jobs

    def _jobs(self, set_size: int | None) -> list[tuple[int, int, int, bool]]:
        top = set_size if set_size is not None else (self.engine.high if self.engine else 12)
        top = max(top, self._engine_number())
        t = self.layout.tile_max
        jobs: list[tuple[int, int, int, bool]] = []
        for a in range(top + 1):
            for b in range(a, top + 1):
                if a == b:
                    jobs.append((a, a, t, True))
                else:
                    jobs.append((b, a, t, False))
                    jobs.append((a, b, t, False))
        hw = self.layout.hand_width
        jobs += [(tile.low, tile.high, hw, True) for tile in self.tray.tiles]
        return jobs  # popped from the end: your hand first, then the train tiles

    # ------------------------------------------------------------------ queries

    @property
    def busy(self) -> bool:
        return bool(self.queue or self.flights or self._wait > 0)

    def geometry(self, train: int) -> TrainGeometry:
        geometry = self._geoms.get(train)
        if geometry is None:
            lane = self.layout.lanes[train]
            geometry = train_geometry(lane, self.trains[train], self.layout.tile_max)
            self._geoms[train] = geometry
        return geometry

    def target_rect(self, train: int) -> pygame.Rect:
        """Where a tile for ``train`` would be dropped (its open end), for input and tests."""
        return self.geometry(train).next_slot

    def train_at(self, pos: tuple[int, int]) -> int | None:
        """The train under ``pos``: its lane, its badge, or near its open end."""
        for train in range(self.players + 1):
            slot = self.geometry(train).next_slot
            if slot.inflate(slot.height * 1.2, slot.height * 1.2).collidepoint(pos):
                return train
        lane = self.layout.lane_at(pos)
        return lane.train if lane is not None else None

    def badge_center(self, seat: int) -> tuple[float, float]:
        return self.layout.lanes[seat].badge.center

    def hand_count(self, seat: int) -> int:
        if seat == self.human:
            return len(self.tray.tiles)
        return self.hand_counts[seat]

    # ------------------------------------------------------------------ feeding events

    def feed(self, events: Sequence[ev.Event]) -> None:
        self.queue.extend(events)

    def show_toast(self, message: Words, kind: str = "info", duration: float = 2.6) -> None:
        """A message for a moment; a function is asked for its words on every frame."""
        self.toast = w.Toast(say(message), duration=duration, kind=kind)
        self._toast_words = message

    def banner(self, title: Words, subtitle: Words = "", duration: float = 1.6) -> None:
        self.banners = [Banner(title, subtitle, duration)]

    def set_totals(self, totals: Sequence[int]) -> None:
        self._totals_target = list(totals)

    def finish(self) -> None:
        """Play out every queued event at once (skip animations)."""
        guard = 0
        while self.busy and guard < 10000:
            self.update(10.0)
            guard += 1

    def _name(self, seat: int) -> str:
        return _("You") if seat == self.human and self.call_you else self.names[seat]

    def _label(self, train: int) -> str:
        viewer = self.human if self.call_you else None
        return i18n.train_label(train, self.players, self.names, viewer)

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
            if self.human is not None:
                self.tray.tiles = []
                self.tray.set_tiles(event.hands[self.human])
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
            self.banner(
                lambda: _("Open double!"),
                lambda: _("{tile} on {train} must be satisfied").format(
                    tile=tile, train=self._label(train)
                ),
                1.5,
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
                    self.badge_center(event.seat),
                    1.2,
                    label=lambda: pgettext("bubble", "Pass"),
                )
            )
            return 0.4
        if isinstance(event, ev.WentOut):
            self.out.add(event.seat)
            if event.seat == self.human and self.call_you:
                self.banner(lambda: _("You went out!"), lambda: _("Your hand is empty"), 1.8)
            else:
                name = self.names[event.seat]
                self.banner(lambda: _("{name} went out!").format(name=name), "", 1.8)
            return 1.0
        if isinstance(event, ev.RoundEnded):
            self.current = None
            self.result = RoundResult(event)
            if event.reason == "blocked":
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

    def _tile_face(self, first: int, second: int, width: int, vertical: bool) -> pygame.Surface:
        return self.renderer.surface(
            first, second, width, vertical, numerals=self.numerals, theme=self.theme
        )

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
        if event.seat == self.human and tile in self.tray.tiles:
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
        duration = 0.5 if event.seat != self.human else 0.32

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
        if seat == self.human:
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
        if event.seat == self.human and tile in self.tray.tiles:
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
        you = event.seat == self.human and self.call_you
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

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        """Everything under the buttons: table, trains, badges, bars and the hand."""
        lay = self.layout
        th = self.theme
        key = (
            lay.size,
            th.id,
            self.numerals,
            self.engine,
            self.round_number,
            self.rounds,
            i18n.current_language(),  # the hub's label is in the static layer
        )
        if self._static is None or self._static_key != key:
            self._static = self._build_static()
            self._static_key = key
        surface.blit(self._static, (0, 0))
        for fade in self.fades:
            fade.surface.set_alpha(round(255 * (1.0 - ease_in_out(fade.age / fade.duration))))
            surface.blit(fade.surface, fade.pos)
        pulse = 0.5 + 0.5 * math.sin(self.clock * 4.2)
        self._draw_lane_states(surface, pulse)
        self._draw_open_doubles(surface, pulse)
        self._draw_markers(surface)
        self._draw_targets(surface, pulse)
        self._draw_hint_target(surface, pulse)
        for seat in range(self.players):
            self._draw_badge(surface, seat, pulse)
        self._draw_mexican_badge(surface)
        self._draw_top_bar(surface)
        self._draw_prompt(surface, pulse)
        self._draw_tray(surface, pulse)

    def draw_top(self, surface: pygame.Surface) -> None:
        """Everything over the buttons: flights, effects, banners, the toast, the held tile."""
        for flight in self.flights:
            if flight.age < 0:
                continue
            surf, (x, y) = flight.frame()
            surface.blit(surf, surf.get_rect(center=(round(x), round(y))))
        self._draw_effects(surface)
        self._draw_seat_info(surface)
        if self.held is not None:
            self._draw_held(surface)
        self._draw_banner(surface)
        if self.toast is not None:
            center = (self.layout.size[0] // 2, self.layout.prompt.top - self.layout.prompt.h)
            w.draw_toast(surface, self.toast, center, self.theme, self.layout.scale)

    # -- static layer

    def _build_static(self) -> pygame.Surface:
        lay = self.layout
        th = self.theme
        u = lay.scale
        surf = w.felt(lay.size, th).copy()
        # lanes: a faint band each, the rails, the spur to the hub
        for lane in lay.lanes:
            colour = seat_colour(lane.owner)
            band = lane.tile_area.inflate(0, -4)
            tint = pygame.Surface(band.size, pygame.SRCALPHA)
            pygame.draw.rect(tint, (*colour, 16), tint.get_rect(), border_radius=8)
            pygame.draw.rect(tint, (*colour, 34), tint.get_rect(), width=1, border_radius=8)
            surf.blit(tint, band.topleft)
            self._rails(surf, lane.spur + [(lane.outer, lane.cy)], colour, u)
        # hub: a brass-rimmed station disc
        cx, cy = lay.hub_center
        r = lay.hub_radius
        w.blit_glow(surf, lay.hub_rect(), (0, 0, 0), 110, r, max(3, r // 6))
        pygame.draw.circle(surf, w.mix(th.spinner, (0, 0, 0), 0.45), (cx, cy), r)
        pygame.draw.circle(surf, th.spinner, (cx, cy), r - max(2, r // 14))
        pygame.draw.circle(surf, w.mix(th.felt_dark, (0, 0, 0), 0.2), (cx, cy), r - max(4, r // 7))
        inner = r - max(4, r // 7)
        for i in range(16):
            a = i * math.pi / 8
            p0 = (cx + math.cos(a) * inner * 0.78, cy + math.sin(a) * inner * 0.78)
            p1 = (cx + math.cos(a) * inner * 0.94, cy + math.sin(a) * inner * 0.94)
            pygame.draw.line(surf, w.mix(th.spinner, th.felt_dark, 0.4), p0, p1, max(1, r // 24))
        if self.engine is not None:
            ew = lay.engine_width
            self.renderer.draw(
                surf,
                self.engine,
                (cx - ew // 2, cy - ew),
                ew,
                True,
                numerals=self.numerals,
                theme=th,
            )
        else:
            w.blit_text(
                surf,
                pgettext("hub", "Station"),
                max(10, r // 3),
                th.text_dim,
                max_width=2 * inner - 4,
                center=(cx, cy),
            )
        # trains (tiles in flight land into this layer later)
        for train in range(self.players + 1):
            for slot in self.geometry(train).slots:
                self.renderer.draw(
                    surf,
                    (slot.first, slot.second),
                    slot.rect.topleft,
                    slot.width,
                    slot.vertical,
                    numerals=self.numerals,
                    theme=th,
                )
        # bars
        top = pygame.Surface(lay.top_bar.size, pygame.SRCALPHA)
        top.fill((*th.panel[:3], 215))
        pygame.draw.line(
            top,
            (*th.panel_edge, 120),
            (0, top.get_height() - 1),
            (top.get_width(), top.get_height() - 1),
        )
        surf.blit(top, lay.top_bar.topleft)
        tray = pygame.Surface(lay.tray.size, pygame.SRCALPHA)
        for y in range(tray.get_height()):
            a = 200 + round(40 * y / max(1, tray.get_height()))
            pygame.draw.line(
                tray, (*w.mix(th.panel[:3], (60, 40, 20), 0.25), a), (0, y), (tray.get_width(), y)
            )
        pygame.draw.line(tray, (*th.panel_edge, 150), (0, 0), (tray.get_width(), 0), 2)
        surf.blit(tray, lay.tray.topleft)
        return surf.convert() if pygame.display.get_surface() is not None else surf

    def _rails(
        self, surf: pygame.Surface, pts: list[tuple[float, float]], colour: RGB, u: float
    ) -> None:
        gauge = max(3.0, 7 * u)
        tie = w.mix(self.theme.felt_dark, (0, 0, 0), 0.25)
        rail = w.mix(colour, self.theme.felt, 0.55)
        # sleepers
        dist = 0.0
        step = max(6.0, 13 * u)
        for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
            seg = math.hypot(x1 - x0, y1 - y0)
            if seg == 0:
                continue
            nx, ny = -(y1 - y0) / seg, (x1 - x0) / seg
            t = (step - dist % step) if dist % step else 0.0
            while t < seg:
                px, py = x0 + (x1 - x0) * t / seg, y0 + (y1 - y0) * t / seg
                a = (px + nx * gauge * 1.5, py + ny * gauge * 1.5)
                b = (px - nx * gauge * 1.5, py - ny * gauge * 1.5)
                pygame.draw.line(surf, tie, a, b, max(2, round(3 * u)))
                t += step
            dist += seg
        for sign in (-1, 1):
            line = []
            for i, (x, y) in enumerate(pts):
                j = min(i + 1, len(pts) - 1)
                k = max(i - 1, 0)
                dx, dy = pts[j][0] - pts[k][0], pts[j][1] - pts[k][1]
                d = math.hypot(dx, dy) or 1.0
                line.append((x - dy / d * gauge * sign, y + dx / d * gauge * sign))
            pygame.draw.aalines(surf, rail, False, line)

    # -- dynamic parts

    def _draw_lane_states(self, surface: pygame.Surface, pulse: float) -> None:
        if self.dim_unlit and (self.held is not None or self.selected is not None):
            for lane in self.layout.lanes:
                if lane.train not in self.lit:
                    area = lane.tile_area.inflate(0, -4)
                    w.draw_panel(surface, area, (0, 0, 0, 70), None, 8)
        for train, left in self.flash.items():
            lane = self.layout.lanes[train]
            a = round(150 * min(1.0, left / 0.6))
            w.draw_panel(
                surface,
                lane.tile_area.inflate(0, -4),
                (*self.theme.refusal, a // 3),
                self.theme.refusal,
                8,
                2,
            )

    def _draw_open_doubles(self, surface: pygame.Surface, pulse: float) -> None:
        th = self.theme
        u = self.layout.scale
        for train in self.open_doubles:
            slots = self.geometry(train).slots
            if not slots:
                continue
            rect = slots[-1].rect
            w.blit_glow(
                surface,
                rect.inflate(6, 6),
                th.refusal,
                round(120 + 120 * pulse),
                max(4, rect.w // 3),
                max(4, rect.w // 3),
            )
            self.renderer.draw(
                surface,
                (slots[-1].first, slots[-1].second),
                rect.topleft,
                slots[-1].width,
                True,
                numerals=self.numerals,
                shadow=False,
                theme=th,
            )
            size = max(10, round(13 * u))
            words = _("OPEN DOUBLE")
            room = max(40, self.layout.lanes[train].tile_area.w - 8)
            size = w.fit_text_size(words, size, room, bold=True)
            label = w.text(words, size, (255, 255, 255), bold=True)
            chip = pygame.Rect(0, 0, label.get_width() + 12, label.get_height() + 2)
            lane = self.layout.lanes[train]
            # Above the double on a top row, below it on a lower row: never over other tiles.
            if rect.centery <= lane.cy and rect.top - chip.h - 2 >= lane.band.top - 6:
                chip.midbottom = (rect.centerx, rect.top - 2)
            elif rect.centery > lane.cy or rect.bottom + chip.h + 2 <= lane.band.bottom + 6:
                chip.midtop = (rect.centerx, rect.bottom + 2)
            else:
                chip.midbottom = (rect.centerx, rect.top - 2)
            chip.clamp_ip(self.layout.table)
            w.draw_panel(surface, chip, (*th.refusal, 235), (255, 255, 255), chip.h // 2, 1)
            surface.blit(label, label.get_rect(center=chip.center))

    def _draw_markers(self, surface: pygame.Surface) -> None:
        u = self.layout.scale
        for lane in self.layout.lanes:
            seat = lane.owner
            public = seat is None or self.markers[seat]
            if not public:
                continue
            size = max(14, round(lane.band.h * 0.42), round(26 * u))
            size = min(size, round(40 * u) + 6)
            scale = 1.0
            if seat is not None and seat in self._marker_pop:
                p = min(1.0, self._marker_pop[seat] / 0.5)
                scale = ease_out_back(p)
            icon = w.marker_icon(size, seat_colour(seat))
            if lane.side < 0:
                icon = pygame.transform.flip(icon, True, False)
            if scale != 1.0:
                icon = pygame.transform.smoothscale_by(icon, max(0.05, scale))
            x, y = lane.marker_pos
            rect = icon.get_rect(midbottom=(x, y + size * 0.3))
            w.blit_glow(surface, rect.inflate(-size // 3, -size // 2), (0, 0, 0), 120, 6, 3)
            surface.blit(icon, rect)

    def _draw_targets(self, surface: pygame.Surface, pulse: float) -> None:
        th = self.theme
        for train in sorted(self.lit):
            area = self.layout.lanes[train].tile_area.inflate(0, -4)
            hovered = train == self.hover
            w.draw_panel(
                surface,
                area,
                (*th.legal_glow, 46 if hovered else 22 + round(14 * pulse)),
                th.legal_glow,
                8,
                3 if hovered else 2,
            )
        for train in sorted(self.lit):
            slot = self.geometry(train).next_slot
            hovered = train == self.hover
            rect = slot.inflate(slot.h // 2, slot.h // 2) if hovered else slot
            alpha = 255 if hovered else round(140 + 100 * pulse)
            w.blit_glow(
                surface, rect, th.legal_glow, alpha, max(4, rect.h // 3), max(4, rect.h // 3)
            )
            w.draw_panel(
                surface,
                rect,
                (*th.legal_glow, 70 if hovered else 40),
                th.legal_glow,
                max(3, rect.h // 5),
                2,
            )
            if hovered and self.held is not None:
                self.draw_ghost(surface, self.held.tile, train, 150)

    def draw_ghost(self, surface: pygame.Surface, tile: Tile, train: int, alpha: int) -> None:
        """``tile`` faded at ``train``'s open end, its matching number towards the train."""
        slot = self.geometry(train).next_slot
        ends = self.trains[train][-1][1] if self.trains[train] else self._engine_number()
        first, second = (tile.low, tile.high) if tile.low == ends else (tile.high, tile.low)
        lane = self.layout.lanes[train]
        direction = lane.side
        geom = self.geometry(train)
        if geom.slots and len(geom.slots) > 0:
            direction = _row_direction(geom, lane.side)
        if direction < 0:
            first, second = second, first
        ghost = self.renderer.surface(
            first, second, slot.h, False, numerals=self.numerals, theme=self.theme
        )
        w.blit_faded(surface, ghost, slot, alpha)

    def _draw_hint_target(self, surface: pygame.Surface, pulse: float) -> None:
        """The hinted train: its lane outlined and its open end glowing in the accent colour
        (the lit trains of a held tile use the legal colour; a hint is a suggestion)."""
        train = self.hint_train
        if train is None or self.held is not None:
            return
        th = self.theme
        area = self.layout.lanes[train].tile_area.inflate(0, -4)
        w.draw_panel(surface, area, (*th.accent, 18 + round(16 * pulse)), th.accent, 8, 2)
        slot = self.geometry(train).next_slot
        rect = slot.inflate(slot.h // 3, slot.h // 3)
        w.blit_glow(
            surface,
            rect,
            th.accent,
            round(150 + 100 * pulse),
            max(4, rect.h // 3),
            max(4, rect.h // 3),
        )
        w.draw_panel(surface, rect, (*th.accent, 90), th.accent, max(3, rect.h // 5), 2)

    def _engine_number(self) -> int:
        return self.engine.high if self.engine is not None else 0

    def _badge_surface(
        self,
        seat: int | None,
        rect: pygame.Rect,
        name: str,
        tag: tuple[str, str] | None,
        lines: tuple[tuple[str, ...], ...],
        colour: RGB,
        active: bool,
    ) -> pygame.Surface:
        """A seat's plate: its name, a tag (YOUR TURN, or a computer seat's level), then as
        many of ``lines`` as it holds. A line is one or more facts, shown side by side
        ("7 tiles · 12 pts") or, where that is too wide, one under the other. Cached by
        everything drawn on it, words included."""
        key = (seat, rect.size, name, tag, lines, colour, active, self.theme.id)
        surf = self._badge_cache.get(key)
        if surf is not None:
            return surf
        if len(self._badge_cache) > 200:
            self._badge_cache.clear()
        th = self.theme
        u = self.layout.scale
        surf = pygame.Surface(rect.size, pygame.SRCALPHA)
        fill = (*w.mix(th.panel[:3], colour, 0.10 if not active else 0.22), 225)
        edge = colour if active else w.mix(th.panel_edge, colour, 0.5)
        surf.blit(w.panel(rect.size, fill, edge, max(6, round(10 * u)), 2 if active else 1), (0, 0))
        pygame.draw.rect(
            surf,
            colour,
            (0, 0, max(4, round(6 * u)), rect.h),
            border_top_left_radius=max(6, round(10 * u)),
            border_bottom_left_radius=max(6, round(10 * u)),
        )
        pad = max(8, round(12 * u))
        room = rect.w - 2 * pad
        name_size = max(11, min(round(17 * u), rect.h // 3))
        small = max(10, min(round(13 * u), rect.h // 4))
        gap = max(1, round(2 * u))
        tag_surf = self._tag(tag, small, room, colour) if tag is not None else None
        wanted = [facts for facts in lines if facts]
        first = functools.reduce(two_facts, wanted[0]) if wanted else ""
        line_h = w.text(first, small, th.text_dim).get_height() if wanted else 0
        tag_w = tag_surf.get_width() + 6 if tag_surf is not None else 0
        beside = tag_surf is not None and w.text_width(name, name_size, bold=True) + tag_w <= room
        size = w.fit_text_size(name, name_size, room - (tag_w if beside else 0), bold=True)
        if tag_surf is not None and not beside and tag is not None and tag[1] == "level":
            # The level on its own line, the hand count still under it (the name a little
            # smaller if the plate is short), unless the name reads larger beside the level.
            rest = tag_surf.get_height() + 2 * gap + (line_h if wanted else 0)
            alone = size
            while alone > 8 and w.font_for(name, alone, True).get_height() + rest > rect.h - 4:
                alone -= 1
            next_to = _size_within(name, name_size, room - tag_w, bold=True)
            beside = next_to > alone
            size = next_to if beside else alone
        ts = w.text(name, size, th.text, bold=True)
        body: list[pygame.Surface] = []
        if tag_surf is not None and not beside:
            body.append(tag_surf)
        rows: list[tuple[pygame.Surface, str | None]] = [(b, None) for b in body]
        total = ts.get_height() + sum(gap + b.get_height() for b in body)
        readable = min(small, 10)
        groups: list[list[str]] = []
        for facts in wanted:  # a line too long to read in one piece wraps (Tamil runs long)
            line = functools.reduce(two_facts, facts)
            if w.text_width(line, readable) <= room:
                groups.append([line])
            elif len(facts) > 1 and all(w.text_width(f, readable) <= room for f in facts):
                groups.append(list(facts))  # two lines rather than broken words
            else:
                groups.append(_wrap_at_spaces(line, readable, room))
        for group in groups:  # as many as the plate holds, the first first; never half a one
            made = [w.text(p, w.fit_text_size(p, small, room), th.text_dim) for p in group]
            height = sum(gap + b.get_height() for b in made)
            if total + height > rect.h - 4:
                break
            rows.extend(zip(made, group, strict=True))
            total += height
        y = (rect.h - total) // 2
        surf.blit(ts, (pad, y))
        if tag_surf is not None and beside:
            surf.blit(
                tag_surf,
                tag_surf.get_rect(midleft=(pad + ts.get_width() + 6, y + ts.get_height() // 2)),
            )
        y += ts.get_height() + gap
        # the marker sits in the bottom right corner: a line reaching it stops short of it
        icon = max(12, min(rect.h // 2, round(24 * u)))
        corner = pygame.Rect(0, 0, icon + 4, icon)
        corner.bottomright = (rect.w - max(4, round(6 * u)), rect.h - max(4, round(6 * u)) // 2)
        for b, row_line in rows:
            spot = pygame.Rect(pad, y, b.get_width(), b.get_height())
            if seat is not None and row_line is not None and spot.colliderect(corner):
                short = corner.left - pad - 2
                b = w.text(row_line, w.fit_text_size(row_line, small, short), th.text_dim)
            surf.blit(b, (pad, y))
            y += b.get_height() + gap
        self._badge_cache[key] = surf
        return surf

    def _tag(self, tag: tuple[str, str], size: int, room: int, colour: RGB) -> pygame.Surface:
        """YOUR TURN in the seat's colour, or a computer seat's level on a small pill."""
        words, kind = tag
        if kind == "turn":
            return w.text(words, w.fit_text_size(words, size, room, bold=True), colour, bold=True)
        th = self.theme
        size = w.fit_text_size(words, size, room - 10, bold=True)
        label = w.text(words, size, th.text, bold=True)
        pill = pygame.Rect(0, 0, label.get_width() + 10, label.get_height())
        surf = pygame.Surface(pill.size, pygame.SRCALPHA)
        fill = (*w.mix(th.panel[:3], colour, 0.35), 255)
        surf.blit(
            w.panel(pill.size, fill, w.mix(colour, th.panel[:3], 0.3), pill.h // 2, 1), (0, 0)
        )
        surf.blit(label, label.get_rect(center=pill.center))
        return surf

    def badge_words(
        self, seat: int
    ) -> tuple[str, tuple[str, str] | None, tuple[tuple[str, ...], ...]]:
        """What a seat's plate says now: its name, its tag (``(words, "turn")`` on your turn,
        ``(level, "level")`` for a computer seat) and its status lines, first first."""
        count = self.hand_count(seat)
        # Translators: the tiles in a player's hand on their badge (narrow: abbreviate if long)
        tiles = npgettext("badge", "{n} tile", "{n} tiles", count).format(n=count)
        # Translators: a player's score on their badge, abbreviated
        score = _("{n} pts").format(n=round(self.totals[seat]))
        lines: list[tuple[str, ...]] = [(tiles, score)]
        if seat in self.out:
            lines.append((_("Went out!"),))
        elif self.markers[seat]:
            lines.append((_("Train open to all"),))
        tag: tuple[str, str] | None = None
        if seat == self.human and self.call_you:
            if seat == self.current:
                # Translators: on the badge of the player whose turn it is: keep it short
                tag = (_("YOUR TURN"), "turn")
        elif seat in self.levels:
            tag = (level_label(self.levels[seat]), "level")
        return self._name(seat), tag, tuple(lines)

    def seat_card(self, seat: int) -> tuple[str, str, str] | None:
        """A computer seat's card: its name, level and style, in the current language."""
        if seat not in self.levels:
            return None
        # the styles are marked for the catalog where they are written (game/ai, levels/)
        style = i18n.translate(self.styles[seat]) if seat in self.styles else ""
        return self.names[seat], level_label(self.levels[seat]), style

    def _draw_badge(self, surface: pygame.Surface, seat: int, pulse: float) -> None:
        lane = self.layout.lanes[seat]
        rect = lane.badge
        colour = seat_colour(seat)
        active = seat == self.current
        if active:
            w.blit_glow(surface, rect, colour, round(110 + 110 * pulse), 10, max(4, rect.h // 8))
        name, tag, lines = self.badge_words(seat)
        surf = self._badge_surface(seat, rect, name, tag, lines, colour, active)
        surface.blit(surf, rect)
        if seat == self.info_seat and seat in self.levels:
            pygame.draw.rect(
                surface, colour, rect.inflate(4, 4), 2, border_radius=max(6, rect.h // 5)
            )
        # the seat's marker: bright when it sits on the train (public), faded while held
        size = max(12, min(rect.h // 2, round(24 * self.layout.scale)))
        icon = w.marker_icon(size, colour)
        pad = max(4, round(6 * self.layout.scale))
        spot = icon.get_rect(bottomright=(rect.right - pad, rect.bottom - pad // 2))
        if self.markers[seat]:
            surface.blit(icon, spot)
        else:
            w.blit_faded(surface, icon, spot, 60)
        if active and seat != self.human and self.thinking == seat:
            dots = "." * (1 + int(self.clock * 3) % 3)
            size = max(10, round(13 * self.layout.scale))
            w.blit_text(
                surface,
                dots,
                size * 2,
                colour,
                bold=True,
                midright=(rect.right - 8, rect.centery - size // 2),
            )

    def _draw_mexican_badge(self, surface: pygame.Surface) -> None:
        lane = self.layout.lanes[self.players]
        rect = lane.badge
        lines = ((_("Open to everyone"),),)
        surf = self._badge_surface(
            None, rect, _("Mexican train"), None, lines, MEXICAN_COLOUR, False
        )
        surface.blit(surf, rect)

    def seat_info_rect(self, seat: int) -> pygame.Rect:
        """Where a computer seat's card (name, level, style) goes: beside its plate, toward
        the middle of the table, inside the table."""
        lay = self.layout
        u = lay.scale
        badge = lay.lanes[seat].badge
        width = min(max(200, round(300 * u)), lay.table.w // 2)
        height = self._seat_info_lines(seat, width)[1]
        rect = pygame.Rect(0, 0, width, height)
        if lay.lanes[seat].side > 0:
            rect.midright = (badge.left - max(4, round(8 * u)), badge.centery)
        else:
            rect.midleft = (badge.right + max(4, round(8 * u)), badge.centery)
        rect.clamp_ip(lay.table)
        return rect

    def _seat_info_lines(self, seat: int, width: int) -> tuple[list[str], int]:
        u = self.layout.scale
        pad = max(8, round(12 * u))
        title = max(12, round(17 * u))
        small = max(11, round(14 * u))
        card = self.seat_card(seat)
        if card is None:
            return [], 0
        name, _level, style = card
        lines = w.wrap(style, small, width - 2 * pad) if style else []
        ink = self.theme.text
        height = 2 * pad + w.text(name, title, ink, bold=True).get_height()
        height += sum(w.text(line, small, ink).get_height() for line in lines)
        return lines, height + (round(4 * u) if lines else 0)

    def _draw_seat_info(self, surface: pygame.Surface) -> None:
        seat = self.info_seat
        if seat is None or seat not in self.levels:
            return
        th = self.theme
        u = self.layout.scale
        rect = self.seat_info_rect(seat)
        colour = seat_colour(seat)
        pad = max(8, round(12 * u))
        title = max(12, round(17 * u))
        small = max(11, round(14 * u))
        lines, _height = self._seat_info_lines(seat, rect.w)
        w.draw_panel(surface, rect, (*th.panel[:3], 245), colour, max(8, round(12 * u)), 2, True)
        card = self.seat_card(seat)
        assert card is not None
        name, level, _style = card
        tag = self._tag((level, "level"), small, rect.w // 2, colour)
        room = rect.w - 2 * pad - tag.get_width() - 8
        size = w.fit_text_size(name, title, room, bold=True)
        r = w.blit_text(
            surface, name, size, colour, bold=True, topleft=(rect.x + pad, rect.y + pad)
        )
        surface.blit(tag, tag.get_rect(midleft=(r.right + 8, r.centery)))
        y = r.bottom + round(4 * u)
        for line in lines:
            r = w.blit_text(surface, line, small, th.text, topleft=(rect.x + pad, y))
            y = r.bottom

    def _draw_top_bar(self, surface: pygame.Surface) -> None:
        lay = self.layout
        th = self.theme
        u = lay.scale
        bar = lay.top_bar
        size = max(12, round(19 * u))
        x = max(8, round(14 * u))
        bone = lay.boneyard
        if self.round_number:
            label = _("Round {n} of {total}").format(n=self.round_number, total=self.rounds)
            # the engine's word and tile need the rest (up to Undo when it shows)
            right = lay.undo_button.left if self.undo_shown else bone.left
            room = right - x - 4 * bar.h
            fitted = w.fit_text_size(label, size, room, bold=True)
            r = w.blit_text(surface, label, fitted, th.text, bold=True, midleft=(x, bar.centery))
            x = r.right + round(12 * u)
            if self.engine is not None:
                ew = max(9, round(bar.h * 0.42))
                # Translators: the round's starting double, shown in the top bar
                word = _("Engine")
                wsize = w.fit_text_size(word, max(10, size - 4), right - x - 3 * ew - 12)
                r = w.blit_text(surface, word, wsize, th.text_dim, midleft=(x, bar.centery))
                x = r.right + 6
                self.renderer.draw(
                    surface,
                    self.engine,
                    (x, bar.centery - ew // 2),
                    ew,
                    False,
                    numerals=self.numerals,
                    theme=th,
                    shadow=False,
                )
        # boneyard: a small stack of backs and the count, right-aligned before the pause button
        bw = max(9, bone.h // 2 - 2)
        if self.boneyard:
            label = _("Boneyard {n}").format(n=self.boneyard)
        else:
            label = _("Boneyard empty")
        lsize = w.fit_text_size(label, max(11, size - 3), bone.w - 2 * bw - 20, bold=True)
        colour = th.text if self.boneyard else th.text_dim
        ls = w.text(label, lsize, colour, bold=True)
        lx = bone.right - ls.get_width()
        surface.blit(ls, ls.get_rect(midleft=(lx, bone.centery)))
        bx = lx - 2 * bw - 3 * 3 - 8
        for i in range(min(4, self.boneyard)):
            self.renderer.draw(
                surface,
                None,
                (bx + i * 3, bone.centery - bw // 2 - i * 2),
                bw,
                False,
                theme=th,
                shadow=i == 0,
            )
        if not self.pause_shown:
            return
        icon = w.pause_icon(lay.pause_button.h, th.text)
        w.draw_panel(
            surface, lay.pause_button, (*th.panel[:3], 200), th.panel_edge, lay.pause_button.h // 3
        )
        surface.blit(icon, icon.get_rect(center=lay.pause_button.center))

    def _draw_prompt(self, surface: pygame.Surface, pulse: float) -> None:
        if not self.prompt:
            return
        lay = self.layout
        th = self.theme
        ink = th.text_dark if self.prompt_urgent else th.text
        room = lay.size[0] - 40
        # the device's buttons: a mouse or finger before the words, keys or pad buttons after
        glyph_h = max(14, min(lay.prompt.h - 8, round(24 * lay.scale)))
        lead_name = glyph_for("drag", self.prompt_device) if self.current == self.human else None
        lead = glyph(lead_name, glyph_h, th) if lead_name and self.prompt_device.pointer else None
        hints = list(self.prompt_hints)
        row = hint_row(hints, self.prompt_device, glyph_h, th, ink) if hints else None
        gap = max(8, round(14 * lay.scale))
        size = max(12, round(19 * lay.scale))
        while True:
            extra = (lead.get_width() + gap if lead else 0) + (row.get_width() + gap if row else 0)
            fitted = _size_within(self.prompt, size, room - extra, bold=True)
            if fitted >= min(size, 11) or not hints:
                fitted = w.fit_text_size(self.prompt, size, room - extra, bold=True)
                break
            hints.pop()  # too narrow for every hint: keep the most important ones
            row = hint_row(hints, self.prompt_device, glyph_h, th, ink) if hints else None
        size = fitted
        label = w.text(self.prompt, size, ink, bold=True)
        extra = (lead.get_width() + gap if lead else 0) + (row.get_width() + gap if row else 0)
        rect = pygame.Rect(0, 0, label.get_width() + extra, label.get_height())
        rect.center = lay.prompt.center
        rect.inflate_ip(round(34 * lay.scale), 6)
        rect.h = max(rect.h, lay.prompt.h - 6)
        rect.centery = lay.prompt.centery
        if self.prompt_urgent:
            w.blit_glow(surface, rect, th.accent, round(80 + 100 * pulse), rect.h // 2, 6)
            w.draw_panel(
                surface, rect, (*th.accent, 245), w.mix(th.accent, (0, 0, 0), 0.3), rect.h // 2, 1
            )
        else:
            w.draw_panel(surface, rect, (*th.panel[:3], 215), th.panel_edge, rect.h // 2, 1)
        x = rect.centerx - (label.get_width() + extra) // 2
        if lead is not None:
            surface.blit(lead, lead.get_rect(midleft=(x, rect.centery)))
            x += lead.get_width() + gap
        surface.blit(label, label.get_rect(midleft=(x, rect.centery)))
        x += label.get_width() + gap
        if row is not None:
            surface.blit(row, row.get_rect(midleft=(x, rect.centery)))

    def _draw_tray(self, surface: pygame.Surface, pulse: float) -> None:
        th = self.theme
        hw = self.layout.hand_width
        if self.hand_hidden:  # face down: its owner is not looking (pass and play)
            for _tile, rect in self.tray.drawn():
                self.renderer.draw(surface, None, rect.topleft, hw, True, theme=th)
            return
        self._draw_plan(surface)
        for tile, rect in self.tray.drawn():
            highlight = Highlight.NONE
            glow = False
            if tile == self.selected:
                highlight = Highlight.SELECTED
            elif tile in self.playable:
                highlight = Highlight.LEGAL
                glow = True
            if tile == self.hint_tile:
                w.blit_glow(
                    surface, rect, th.accent, round(150 + 100 * pulse), hw // 4, max(4, hw // 4)
                )
            elif glow:
                w.blit_glow(
                    surface, rect, th.legal_glow, round(60 + 70 * pulse), hw // 4, max(3, hw // 6)
                )
            self.renderer.draw(
                surface,
                (tile.low, tile.high),
                rect.topleft,
                hw,
                True,
                numerals=self.numerals,
                highlight=highlight,
                glow=False,
                theme=th,
            )
            if tile == self.hint_tile:  # a ring of its own: the hint is not just "playable"
                ring = rect.inflate(6, 6)
                width = max(2, round(3 * self.layout.scale))
                pygame.draw.rect(surface, (255, 255, 255), ring.inflate(2, 2), width + 2, hw // 5)
                pygame.draw.rect(surface, th.accent, ring, width, hw // 5)

    def _draw_plan(self, surface: pygame.Surface) -> None:
        """The planned line (a backdrop under its tiles) and a divider before the free ones."""
        tray = self.tray
        split = tray.divider
        if split is None:
            return
        th = self.theme
        u = self.layout.scale
        line = [rect for tile, rect in tray.drawn() if tile in tray.tiles[:split]]
        free = [rect for tile, rect in tray.drawn() if tile in tray.tiles[split:]]
        pad = max(3, round(5 * u))
        if line:
            back = line[0].unionall(line).inflate(2 * pad, 2 * pad)
            back.top = max(back.top, self.layout.tray.top + 2)
            w.draw_panel(surface, back, (*th.accent, 40), th.accent, max(6, round(10 * u)), 2)
        if line and free:
            x = (max(r.right for r in line) + min(r.left for r in free)) // 2
            top = self.layout.tray_tiles.top + pad
            bottom = self.layout.tray_tiles.bottom - pad
            width = max(2, round(3 * u))
            pygame.draw.line(surface, th.accent, (x, top), (x, bottom), width)

    def _draw_held(self, surface: pygame.Surface) -> None:
        held = self.held
        assert held is not None
        tile = held.tile
        hw = self.layout.hand_width
        if held.horizontal >= 0.999:
            base = self.layout.tile_max
            face = self._tile_face(tile.low, tile.high, max(9, round((hw + base) / 2)), False)
            angle = 0.0
        else:
            face = self._tile_face(tile.low, tile.high, hw, True)
            angle = -90.0 * ease_in_out(held.horizontal)
            if abs(angle) > 0.5:
                face = pygame.transform.rotozoom(face, angle, 1.0)
        rect = face.get_rect(center=(round(held.center[0]), round(held.center[1])))
        lift = max(4, min(rect.w, rect.h) // 5)
        w.blit_glow(surface, rect.move(lift // 2, lift), (0, 0, 0), 150, lift, lift)
        surface.blit(face, rect)

    def _draw_effects(self, surface: pygame.Surface) -> None:
        u = self.layout.scale
        for effect in self.effects:
            p = effect.p
            x, y = effect.pos
            if effect.kind == "ring":
                radius = effect.size * (0.5 + 0.6 * ease_out_cubic(p))
                alpha = round(220 * (1 - p))
                ring = pygame.Surface((radius * 2 + 4, radius * 2 + 4), pygame.SRCALPHA)
                pygame.draw.circle(
                    ring,
                    (*effect.colour, alpha),
                    ring.get_rect().center,
                    radius,
                    max(2, round(3 * u)),
                )
                surface.blit(ring, ring.get_rect(center=(round(x), round(y))))
            elif effect.kind == "bubble":
                alpha = round(255 * min(1.0, (1 - p) * 3))
                rise = 18 * u * ease_out_cubic(p)
                size = max(11, round(16 * u))
                label = w.text(say(effect.label), size, self.theme.text_dark, bold=True)
                rect = label.get_rect(center=(round(x), round(y - rise))).inflate(16, 6)
                bub = pygame.Surface(rect.size, pygame.SRCALPHA)
                bub.blit(w.panel(rect.size, (*self.theme.text, 240), None, rect.h // 2), (0, 0))
                bub.blit(label, label.get_rect(center=bub.get_rect().center))
                bub.set_alpha(alpha)
                surface.blit(bub, rect)

    def _draw_banner(self, surface: pygame.Surface) -> None:
        if not self.banners:
            return
        banner = self.banners[-1]
        lay = self.layout
        th = self.theme
        u = lay.scale
        p = banner.age / banner.duration
        alpha = min(1.0, banner.age / 0.2, (banner.duration - banner.age) / 0.3)
        if alpha <= 0:
            return
        big = max(18, round(38 * u))
        small = max(12, round(18 * u))
        room = lay.table.w - round(80 * u)
        heading, words = say(banner.title), say(banner.subtitle)
        title = w.text(
            heading, w.fit_text_size(heading, big, room, bold=True), th.accent, bold=True
        )
        sub = w.text(words, w.fit_text_size(words, small, room), th.text) if words else None
        width = max(title.get_width(), sub.get_width() if sub else 0) + round(60 * u)
        height = title.get_height() + (sub.get_height() if sub else 0) + round(26 * u)
        rect = pygame.Rect(0, 0, width, height)
        cx, cy = lay.hub_center
        rect.center = (cx, round(cy - lay.hub_radius - height * 0.2 - 8 * u * ease_out_cubic(p)))
        rect.clamp_ip(lay.table)
        surf = pygame.Surface(rect.size, pygame.SRCALPHA)
        surf.blit(w.panel(rect.size, (*th.panel[:3], 235), th.accent, round(14 * u), 2), (0, 0))
        y = round(12 * u)
        surf.blit(title, title.get_rect(midtop=(width // 2, y)))
        if sub:
            surf.blit(sub, sub.get_rect(midtop=(width // 2, y + title.get_height())))
        scale = 0.9 + 0.1 * ease_out_back(min(1.0, banner.age / 0.25))
        if scale != 1.0:
            surf = pygame.transform.smoothscale_by(surf, scale)
        surf.set_alpha(round(255 * alpha))
        surface.blit(surf, surf.get_rect(center=rect.center))


def _row_direction(geom: TrainGeometry, side: int) -> int:
    """Which way the open end runs: the direction of the row holding the next slot."""
    slots = geom.slots
    if not slots:
        return side
    last = slots[-1].rect
    nxt = geom.next_slot
    if abs(nxt.centery - last.centery) > last.h:
        return -1 if nxt.centerx < last.centerx else 1
    return 1 if nxt.centerx >= last.centerx else -1


def _wrap_at_spaces(message: str, size: int, width: int) -> list[str]:
    """Lines of whole words (a plate's short lines: a word never breaks; one too long for a
    line is shrunk to fit when drawn instead)."""
    lines: list[str] = []
    for word in message.split(" "):
        candidate = f"{lines[-1]} {word}" if lines else word
        if lines and w.text_width(candidate, size) <= width:
            lines[-1] = candidate
        else:
            lines.append(word)
    return lines


def _size_within(message: str, size: int, width: int, *, bold: bool = False) -> int:
    """The size ``fit_text_size`` would give, asked quietly: a layout weighing its options
    measures without the text audit counting a choice it then does not draw."""
    while size > w.MIN_TEXT and w.text_width(message, size, bold=bold) > width:
        size -= 1
    return max(size, w.MIN_TEXT)

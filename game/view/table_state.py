"""What the table view shows: its own copy of the table, the overlay the scene sets, caches."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from game import i18n
from game.i18n import _
from game.input.intents import Device
from game.rules import PLAY, Tile
from game.rules import events as ev
from game.view import toasts
from game.view.hand import HandTray
from game.view.layout import (
    TableLayout,
    TileSlot,
    TrainGeometry,
    compute_layout,
    train_geometry,
)
from game.view.motion import Banner, Effect, Fade, Flight
from game.view.table_words import Words
from game.view.theme import Theme
from game.view.tiles import TileRenderer


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


class TableState:
    """The displayed table and the state every part of the view draws from."""

    def __init__(
        self,
        size: tuple[int, int],
        players: int,
        names: Sequence[str],
        shown_seat: int | None,
        theme: Theme,
        renderer: TileRenderer,
        numerals: bool = False,
        large_tiles: bool = False,
    ) -> None:
        self.players = players
        self.names = list(names)
        self.shown_seat = shown_seat
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
        self.calm = False  # glows held still (the scene's pace is a timer's, not motion)
        self.open_double_tags: dict[int, pygame.Rect] = {}  # where each OPEN DOUBLE tag was drawn
        self.hand_counts = [0] * players
        self.boneyard = 0
        self.totals = [0.0] * players
        self._totals_target = [0] * players
        self.current: int | None = None
        self.passed: set[int] = set()
        self.out: set[int] = set()
        self.prompt = ""
        self.prompt_urgent = False
        self.prompt_top = 0  # where the prompt's panel was drawn from (it can take two lines)
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
        self.toast: toasts.Toast | None = None
        self._toast_words: Words = ""
        self._wait = 0.0
        self.clock = 0.0
        self._marker_pop: dict[int, float] = {}
        self._static: pygame.Surface | None = None
        self._static_key: tuple[object, ...] = ()
        self._ground: pygame.Surface | None = None  # the static layer without the laid tiles
        self._repaint: list[pygame.Rect] = []  # parts of the static layer a tile landed in
        self._ground_key: tuple[object, ...] = ()
        self._geoms: dict[int, TrainGeometry] = {}
        self._badge_cache: dict[tuple[object, ...], pygame.Surface] = {}
        # The static layer as it was under each plate (personal trains', then the Mexican
        # train's), and what each plate painted on it shows (None: left for the frame).
        self._plates_under: list[pygame.Surface] = []
        self._plates_painted: dict[int, tuple[object, ...] | None] = {}
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
        playing = state.phase == PLAY
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

    def _footprint(self, *geometries: TrainGeometry) -> pygame.Rect | None:
        """Where the tiles of these trains and their shadows lie (None: no tiles)."""
        feet = [self._slot_footprint(slot) for geometry in geometries for slot in geometry.slots]
        feet += [geometry.next_slot for geometry in geometries]  # each open end's mark
        return feet[0].unionall(feet[1:]) if feet else None

    def _slot_footprint(self, slot: TileSlot) -> pygame.Rect:
        """Where a laid tile and its shadow lie."""
        pad = self.renderer.pad(slot.width)
        return slot.rect.inflate(2 * pad, 2 * pad)

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

    def bubble_anchor(self, seat: int) -> tuple[float, float]:
        """Where a seat's speech bubble starts: just over its name card, so the card's words
        stay readable (within the lane, below the bar at the top)."""
        lane = self.layout.lanes[seat]
        badge = lane.badge
        half = max(11, round(16 * self.layout.scale)) // 2 + 4  # half the bubble's height
        y = max(badge.top - half - 2, lane.band.top + half, self.layout.table.top + half)
        return badge.centerx, y

    def hand_count(self, seat: int) -> int:
        if seat == self.shown_seat:
            return len(self.tray.tiles)
        return self.hand_counts[seat]

    def _engine_number(self) -> int:
        return self.engine.high if self.engine is not None else 0

    def _name(self, seat: int) -> str:
        return _("You") if seat == self.shown_seat and self.call_you else self.names[seat]

    def _label(self, train: int) -> str:
        viewer = self.shown_seat if self.call_you else None
        return i18n.train_label(train, self.players, self.names, viewer)

    def _tile_face(self, first: int, second: int, width: int, vertical: bool) -> pygame.Surface:
        return self.renderer.surface(
            first, second, width, vertical, numerals=self.numerals, theme=self.theme
        )

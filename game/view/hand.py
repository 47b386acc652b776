"""The player's hand tray: tile order, where each tile sits, and smooth movement between places.

The tray keeps its own order (the player's arrangement), independent of the rules' id order.
Every tile has a target rect (from the order and the tray size) and a drawn position that
glides toward it, time-based, so inserting, removing, reordering and sorting never jump.

With "Plan my hand" on, the tray is the planner's line then the free tiles, and ``divider``
(the number of line tiles at the front) opens a little space between the two groups.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import pygame

from game.rules import Tile


class HandTray:
    def __init__(self) -> None:
        self.tiles: list[Tile] = []
        self.left_at: dict[Tile, int] = {}  # where each tile that left the hand stood in it
        self.area = pygame.Rect(0, 0, 100, 60)
        self.tile_w = 30
        self._pos: dict[Tile, list[float]] = {}
        self._lift: dict[Tile, float] = {}
        self.raised: set[Tile] = set()  # selected tiles sit higher
        self.hidden: set[Tile] = set()  # held by the pointer (drawn elsewhere)
        self.gap_at: int | None = None  # open a gap here while a tile is dragged over the tray
        self.hinted: Tile | None = None  # a hint lifts this tile, as a selection does
        self.divider: int | None = None  # the plan's line is tiles[:divider]; None: no plan

    # ------------------------------------------------------------------ layout

    def set_area(self, area: pygame.Rect, tile_w: int) -> None:
        changed = (area, tile_w) != (self.area, self.tile_w)
        self.area = pygame.Rect(area)
        self.tile_w = tile_w
        if changed:
            for tile, rect in self.target_rects().items():
                self._pos[tile] = [float(rect.x), float(rect.y)]

    def _split(self) -> float:
        """The extra space between the plan's line and the free tiles (0 without both)."""
        split = self.divider
        if split is None or not 0 < split < len(self.tiles):
            return 0.0
        return self.tile_w * 0.6

    def _pitch(self, count: int, extra: float = 0.0) -> float:
        w = self.tile_w
        natural = w * 1.2
        if count <= 1:
            return natural
        return min(natural, (self.area.width - w - extra) / (count - 1))

    def line_tiles(self) -> list[Tile]:
        """The plan's line, in order (empty without a plan)."""
        return self.tiles[: self.divider] if self.divider else []

    def target_rects(self) -> dict[Tile, pygame.Rect]:
        shown = [t for t in self.tiles if t not in self.hidden]
        count = len(shown) + (1 if self.gap_at is not None else 0)
        extra = self._split()
        pitch = self._pitch(max(1, count), extra)
        w, h = self.tile_w, 2 * self.tile_w
        total = pitch * (count - 1) + w + extra if count else 0
        x0 = self.area.centerx - total / 2
        y = self.area.centery - h / 2
        line = set(self.line_tiles()) if extra else set()
        out: dict[Tile, pygame.Rect] = {}
        slot = 0
        for tile in shown:
            if self.gap_at is not None and slot == self.gap_at:
                slot += 1
            lift = self.tile_w * 0.35 if tile in self.raised or tile == self.hinted else 0.0
            shift = extra if extra and tile not in line else 0.0
            out[tile] = pygame.Rect(round(x0 + slot * pitch + shift), round(y - lift), w, h)
            slot += 1
        return out

    def slot_rect(self, index: int) -> pygame.Rect:
        """Where a tile inserted at ``index`` would sit (for incoming tiles)."""
        count = len(self.tiles) + 1
        extra = self._split()
        pitch = self._pitch(count, extra)
        total = pitch * (count - 1) + self.tile_w + extra
        x0 = self.area.centerx - total / 2
        shift = extra if extra and self.divider is not None and index >= self.divider else 0.0
        return pygame.Rect(
            round(x0 + index * pitch + shift),
            round(self.area.centery - self.tile_w),
            self.tile_w,
            2 * self.tile_w,
        )

    # ------------------------------------------------------------------ changes

    def set_tiles(self, tiles: Iterable[Tile]) -> None:
        """Replace the hand, keeping the order of tiles that stay (for a new round: deal order)."""
        new = list(tiles)
        for index, tile in enumerate(self.tiles):
            if tile not in new:
                self.left_at[tile] = index
        keep = [t for t in self.tiles if t in new]
        self.tiles = keep + [t for t in new if t not in keep]
        for tile in list(self._pos):
            if tile not in self.tiles:
                del self._pos[tile]
        for tile, rect in self.target_rects().items():
            self._pos.setdefault(tile, [float(rect.x), float(rect.y)])

    def restore(self, order: list[Tile], left_at: dict[Tile, int], hand: Iterable[Tile]) -> None:
        """The hand ``hand`` laid out as the player left it (a take-back): the tiles of
        ``order`` that are still in it, in that order, and each tile coming back to the hand
        where it stood before it left (``left_at``); anything else at the end."""
        new = list(hand)
        tiles = [t for t in order if t in new]
        back = sorted((t for t in new if t not in tiles and t in left_at), key=left_at.__getitem__)
        for tile in back:
            tiles.insert(min(left_at[tile], len(tiles)), tile)
        self.tiles = []
        self.left_at = dict(left_at)
        self.set_tiles([*tiles, *(t for t in new if t not in tiles)])

    def add(self, tile: Tile, at: pygame.Rect | None = None) -> None:
        if tile in self.tiles:
            return
        self.tiles.append(tile)
        rect = at or self.target_rects().get(tile)
        if rect is not None:
            self._pos[tile] = [float(rect.x), float(rect.y)]

    def remove(self, tile: Tile) -> None:
        if tile in self.tiles:
            self.left_at[tile] = self.tiles.index(tile)
            if self.divider is not None and self.tiles.index(tile) < self.divider:
                self.divider -= 1  # a line tile played: the rest of the line stays together
            self.tiles.remove(tile)
        self._pos.pop(tile, None)
        self.raised.discard(tile)
        self.hidden.discard(tile)

    def move(self, tile: Tile, index: int) -> None:
        if tile not in self.tiles:
            return
        self.tiles.remove(tile)
        index = max(0, min(index, len(self.tiles)))
        self.tiles.insert(index, tile)

    def place_at(self, tile: Tile, rect: pygame.Rect) -> None:
        """Put the drawn position of ``tile`` here (e.g. where the pointer let it go)."""
        self._pos[tile] = [float(rect.x), float(rect.y)]

    def sort(self) -> None:
        """Group by number: highest first, doubles leading their number."""
        self.tiles.sort(key=lambda t: (-t.high, not t.is_double, -t.low))
        self.divider = None

    def arrange(self, line: Sequence[Tile], free: Sequence[Tile]) -> None:
        """The plan: ``line`` in order, then ``free``, with the divider between (tiles of the
        hand in neither, e.g. one still landing, go last)."""
        held = set(self.tiles)
        first = [t for t in line if t in held]
        rest = [t for t in free if t in held and t not in first]
        seen = set(first) | set(rest)
        self.tiles = first + rest + [t for t in self.tiles if t not in seen]
        self.divider = len(first)

    def insert_index(self, x: float, moving: Tile | None = None) -> int:
        """The index a tile dropped at ``x`` would take (ignoring ``moving`` itself)."""
        shown = [t for t in self.tiles if t != moving]
        count = len(shown) + 1
        extra = self._split()
        pitch = self._pitch(count, extra)
        total = pitch * (count - 1) + self.tile_w + extra
        x0 = self.area.centerx - total / 2
        if extra:
            in_line = len([t for t in self.line_tiles() if t != moving])
            if x > x0 + in_line * pitch + extra / 2:
                x -= extra
        return max(0, min(len(shown), math.floor((x - x0) / pitch + 0.5)))

    # ------------------------------------------------------------------ time

    def update(self, dt: float) -> None:
        rate = 1.0 - math.exp(-16.0 * dt)
        for tile, rect in self.target_rects().items():
            pos = self._pos.setdefault(tile, [float(rect.x), float(rect.y)])
            pos[0] += (rect.x - pos[0]) * rate
            pos[1] += (rect.y - pos[1]) * rate
            if abs(rect.x - pos[0]) < 0.3 and abs(rect.y - pos[1]) < 0.3:
                pos[0], pos[1] = float(rect.x), float(rect.y)

    @property
    def settled(self) -> bool:
        targets = self.target_rects()
        return all(
            abs(self._pos[t][0] - r.x) < 0.5 and abs(self._pos[t][1] - r.y) < 0.5
            for t, r in targets.items()
            if t in self._pos
        )

    def rect_of(self, tile: Tile) -> pygame.Rect | None:
        """Where ``tile`` is drawn now."""
        pos = self._pos.get(tile)
        if pos is None:
            return None
        return pygame.Rect(round(pos[0]), round(pos[1]), self.tile_w, 2 * self.tile_w)

    def drawn(self) -> list[tuple[Tile, pygame.Rect]]:
        out = []
        for tile in self.tiles:
            if tile in self.hidden:
                continue
            rect = self.rect_of(tile)
            if rect is not None:
                out.append((tile, rect))
        return out

    def tile_at(self, pos: tuple[int, int]) -> Tile | None:
        """The topmost tile under ``pos`` (later tiles overlap earlier ones)."""
        for tile, rect in reversed(self.drawn()):
            if rect.inflate(4, 8).collidepoint(pos):
                return tile
        return None

"""The player's hand tray: tile order, where each tile sits, and smooth movement between places.

The tray keeps its own order (the player's arrangement), independent of the rules' id order.
Every tile has a target rect (from the order and the tray size) and a drawn position that
glides toward it, time-based, so inserting, removing, reordering and sorting never jump.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import pygame

from game.rules import Tile


class HandTray:
    def __init__(self) -> None:
        self.tiles: list[Tile] = []
        self.area = pygame.Rect(0, 0, 100, 60)
        self.tile_w = 30
        self._pos: dict[Tile, list[float]] = {}
        self._lift: dict[Tile, float] = {}
        self.raised: set[Tile] = set()  # selected tiles sit higher
        self.hidden: set[Tile] = set()  # held by the pointer (drawn elsewhere)
        self.gap_at: int | None = None  # open a gap here while a tile is dragged over the tray

    # ------------------------------------------------------------------ layout

    def set_area(self, area: pygame.Rect, tile_w: int) -> None:
        changed = (area, tile_w) != (self.area, self.tile_w)
        self.area = pygame.Rect(area)
        self.tile_w = tile_w
        if changed:
            for tile, rect in self.target_rects().items():
                self._pos[tile] = [float(rect.x), float(rect.y)]

    def _pitch(self, count: int) -> float:
        w = self.tile_w
        natural = w * 1.2
        if count <= 1:
            return natural
        return min(natural, (self.area.width - w) / (count - 1))

    def target_rects(self) -> dict[Tile, pygame.Rect]:
        shown = [t for t in self.tiles if t not in self.hidden]
        count = len(shown) + (1 if self.gap_at is not None else 0)
        pitch = self._pitch(max(1, count))
        w, h = self.tile_w, 2 * self.tile_w
        total = pitch * (count - 1) + w if count else 0
        x0 = self.area.centerx - total / 2
        y = self.area.centery - h / 2
        out: dict[Tile, pygame.Rect] = {}
        slot = 0
        for tile in shown:
            if self.gap_at is not None and slot == self.gap_at:
                slot += 1
            lift = self.tile_w * 0.35 if tile in self.raised else 0.0
            out[tile] = pygame.Rect(round(x0 + slot * pitch), round(y - lift), w, h)
            slot += 1
        return out

    def slot_rect(self, index: int) -> pygame.Rect:
        """Where a tile inserted at ``index`` would sit (for incoming tiles)."""
        count = len(self.tiles) + 1
        pitch = self._pitch(count)
        total = pitch * (count - 1) + self.tile_w
        x0 = self.area.centerx - total / 2
        return pygame.Rect(
            round(x0 + index * pitch),
            round(self.area.centery - self.tile_w),
            self.tile_w,
            2 * self.tile_w,
        )

    # ------------------------------------------------------------------ changes

    def set_tiles(self, tiles: Iterable[Tile]) -> None:
        """Replace the hand, keeping the order of tiles that stay (for a new round: deal order)."""
        new = list(tiles)
        keep = [t for t in self.tiles if t in new]
        self.tiles = keep + [t for t in new if t not in keep]
        for tile in list(self._pos):
            if tile not in self.tiles:
                del self._pos[tile]
        for tile, rect in self.target_rects().items():
            self._pos.setdefault(tile, [float(rect.x), float(rect.y)])

    def add(self, tile: Tile, at: pygame.Rect | None = None) -> None:
        if tile in self.tiles:
            return
        self.tiles.append(tile)
        rect = at or self.target_rects().get(tile)
        if rect is not None:
            self._pos[tile] = [float(rect.x), float(rect.y)]

    def remove(self, tile: Tile) -> None:
        if tile in self.tiles:
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

    def insert_index(self, x: float, moving: Tile | None = None) -> int:
        """The index a tile dropped at ``x`` would take (ignoring ``moving`` itself)."""
        shown = [t for t in self.tiles if t != moving]
        count = len(shown) + 1
        pitch = self._pitch(count)
        total = pitch * (count - 1) + self.tile_w
        x0 = self.area.centerx - total / 2
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

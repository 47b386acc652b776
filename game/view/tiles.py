"""Domino tiles as cached surfaces: faces with pips or numerals, backs, shadows and glows.

A tile is just two ints ``(a, b)``, 0..18; this module knows nothing of the rules. ``width`` is
always the tile's short side in pixels; the long side is ``2 * width``. Horizontal tiles show
``a`` on the left, vertical tiles show ``a`` on top.

The pips' places are in :mod:`game.view.pips`, the painting in :mod:`game.view.tile_paint`;
every surface lands in an LRU cache here, so a busy table only blits.
"""

from __future__ import annotations

import enum
from collections import OrderedDict
from collections.abc import Callable, Hashable

import pygame

from game.view import tile_paint as paint
from game.view.pips import MAX_PIPS, PipLayout, pip_layout
from game.view.theme import DEFAULT, RGB, Theme

__all__ = [
    "MAX_PIPS",
    "MAX_WIDTH",
    "MIN_WIDTH",
    "Highlight",
    "PipLayout",
    "TileRenderer",
    "pip_layout",
]

MIN_WIDTH = 8
MAX_WIDTH = 400


class Highlight(enum.Enum):
    """Per-tile state drawn into the tile surface (and, for some, an outer glow)."""

    NONE = "none"
    LEGAL = "legal"  # a legal target or playable tile: warm ring
    REFUSED = "refused"  # an illegal drop: red ring and tint
    FOCUS = "focus"  # keyboard/gamepad focus: cool ring
    SELECTED = "selected"  # picked up / chosen
    DIMMED = "dimmed"  # unplayable in hand: greyed back

    def colour(self, th: Theme) -> RGB:
        """The state's ring and glow colour in ``th`` (a legal target's for the others)."""
        return {
            Highlight.REFUSED: th.refusal,
            Highlight.FOCUS: th.focus_ring,
            Highlight.SELECTED: th.selected,
        }.get(self, th.legal_glow)


def _finish(surf: pygame.Surface) -> pygame.Surface:
    # convert_alpha needs a display mode; tests and headless tools have none.
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surf.convert_alpha()
    return surf


class TileRenderer:
    """Draws and caches domino surfaces.

    ``min_pip_px``: below this pip radius (in final pixels) a half of 10-18 shows its numeral
    instead of dots (1-9 at 3/4 of it), because a dozen 1 px dots are noise while a numeral
    still reads; the other half of that tile then shows its numeral too.
    """

    def __init__(
        self, theme: Theme = DEFAULT, cache_size: int = 1024, min_pip_px: float = 1.6
    ) -> None:
        self.theme = theme
        self.cache_size = cache_size
        self.min_pip_px = min_pip_px
        self._cache: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self.hits = 0
        self.misses = 0

    # -- cache --

    def _get(self, key: Hashable, render: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The surface cached under ``key``, rendered (and kept, the oldest let go) if new."""
        surf = self._cache.get(key)
        if surf is not None:
            self._cache.move_to_end(key)
            self.hits += 1
            return surf
        surf = _finish(render())
        self._cache[key] = surf
        self.misses += 1
        while len(self._cache) > self.cache_size:
            self._cache.popitem(last=False)
        return surf

    def clear_cache(self) -> None:
        self._cache.clear()

    @property
    def cache_len(self) -> int:
        return len(self._cache)

    # -- public API --

    @staticmethod
    def size(width: int, vertical: bool = False) -> tuple[int, int]:
        """Surface size of a tile with short side ``width``."""
        return paint.tile_size(width, vertical)

    @staticmethod
    def pad(width: int) -> int:
        """Margin around the tile in ``shadow()`` and ``glow()`` surfaces."""
        return paint.pad(width)

    def surface(
        self,
        a: int,
        b: int,
        width: int,
        vertical: bool = False,
        *,
        numerals: bool = False,
        highlight: Highlight = Highlight.NONE,
        theme: Theme | None = None,
    ) -> pygame.Surface:
        """The face of tile ``a|b``: exactly ``size(width, vertical)`` pixels, per-pixel alpha."""
        for n in (a, b):
            if not 0 <= n <= MAX_PIPS:
                raise ValueError(f"pip count must be 0..{MAX_PIPS}, got {n}")
        width = self._check_width(width)
        th = theme or self.theme
        key = ("face", a, b, width, vertical, numerals, th.id, highlight)
        return self._get(
            key, lambda: self._render_face(a, b, width, vertical, numerals, highlight, th)
        )

    def back(
        self,
        width: int,
        vertical: bool = False,
        *,
        highlight: Highlight = Highlight.NONE,
        theme: Theme | None = None,
    ) -> pygame.Surface:
        """A face-down tile, same size as ``surface()``."""
        width = self._check_width(width)
        th = theme or self.theme
        key = ("back", width, vertical, th.id, highlight)
        return self._get(key, lambda: self._render_back(width, vertical, highlight, th))

    def shadow(
        self, width: int, vertical: bool = False, *, lift: float = 1.0, theme: Theme | None = None
    ) -> pygame.Surface:
        """Soft drop shadow, ``pad(width)`` larger on each side; ``lift`` > 1 for a held tile."""
        width = self._check_width(width)
        th = theme or self.theme
        lift = round(lift, 1)  # keep the cache small while a tile is being lifted
        key = ("shadow", width, vertical, th.id, lift)
        return self._get(key, lambda: paint.shadow(width, vertical, lift, th))

    def glow(
        self,
        width: int,
        vertical: bool = False,
        highlight: Highlight = Highlight.LEGAL,
        *,
        theme: Theme | None = None,
    ) -> pygame.Surface:
        """Outer halo in the highlight's colour, ``pad(width)`` larger on each side."""
        width = self._check_width(width)
        th = theme or self.theme
        key = ("glow", width, vertical, th.id, highlight)
        return self._get(key, lambda: paint.glow(width, vertical, highlight.colour(th)))

    def draw(
        self,
        target: pygame.Surface,
        tile: tuple[int, int] | None,
        topleft: tuple[int, int],
        width: int,
        vertical: bool = False,
        *,
        numerals: bool = False,
        highlight: Highlight = Highlight.NONE,
        shadow: bool = True,
        glow: bool = True,
        theme: Theme | None = None,
    ) -> pygame.Rect:
        """Blit shadow, glow and tile (``None`` = face down) at ``topleft``; return its rect."""
        x, y = topleft
        p = self.pad(width)
        if shadow:
            target.blit(self.shadow(width, vertical, theme=theme), (x - p, y - p))
        if glow and highlight in (Highlight.LEGAL, Highlight.REFUSED, Highlight.FOCUS):
            target.blit(self.glow(width, vertical, highlight, theme=theme), (x - p, y - p))
        if tile is None:
            surf = self.back(width, vertical, highlight=highlight, theme=theme)
        else:
            surf = self.surface(
                tile[0],
                tile[1],
                width,
                vertical,
                numerals=numerals,
                highlight=highlight,
                theme=theme,
            )
        return target.blit(surf, (x, y))

    # -- rendering --

    @staticmethod
    def _check_width(width: int) -> int:
        width = int(width)
        if not MIN_WIDTH <= width <= MAX_WIDTH:
            raise ValueError(f"tile width must be {MIN_WIDTH}..{MAX_WIDTH} px, got {width}")
        return width

    @staticmethod
    def _state(surf: pygame.Surface, g: paint.Geometry, highlight: Highlight, th: Theme) -> None:
        """The state drawn into the tile: greyed when dimmed, else a ring (and a tint)."""
        if highlight is Highlight.NONE:
            return
        if highlight is Highlight.DIMMED:
            paint.shade(surf, g, th)
            return
        tint_alpha = {Highlight.REFUSED: 70, Highlight.LEGAL: 34}.get(highlight, 0)
        paint.ring(surf, g, highlight.colour(th), tint_alpha)

    def _render_face(
        self,
        a: int,
        b: int,
        width: int,
        vertical: bool,
        numerals: bool,
        highlight: Highlight,
        th: Theme,
    ) -> pygame.Surface:
        g = paint.Geometry.of(width, vertical)
        ss = g.ss
        surf = paint.body(g, th.tile_face, th.tile_face_shade, th)
        paint.divider(surf, g, vertical, th)
        halves = list(zip((a, b), g.halves(vertical), strict=True))
        # One rule per tile: where either half's pips would be too small to count, both halves
        # show numerals (never a numeral beside pips on the same tile).
        numerals = numerals or any(
            paint.too_small(n, half, ss, self.min_pip_px) for n, half in halves
        )
        as_numeral: list[tuple[int, pygame.Rect]] = []
        for n, half in halves:
            if numerals:
                as_numeral.append((n, half))
            else:
                paint.pips(surf, n, half, vertical, ss, th)
        self._state(surf, g, highlight, th)
        final = pygame.transform.smoothscale(surf, self.size(width, vertical))
        for n, half in as_numeral:
            r = pygame.Rect(half.x // ss, half.y // ss, half.w // ss, half.h // ss)
            paint.numeral(final, n, r, th)
        return final

    def _render_back(
        self, width: int, vertical: bool, highlight: Highlight, th: Theme
    ) -> pygame.Surface:
        g = paint.Geometry.of(width, vertical)
        surf = paint.body(g, th.back_face, th.back_face_shade, th)
        paint.back_motif(surf, g, width, th)
        self._state(surf, g, highlight, th)
        return pygame.transform.smoothscale(surf, self.size(width, vertical))

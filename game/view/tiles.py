"""Domino tile drawing: faces with pips or numerals, backs, shadows and glows, cached.

A tile is just two ints ``(a, b)``, 0..18; this module knows nothing of the rules. ``width`` is
always the tile's short side in pixels; the long side is ``2 * width``. Horizontal tiles show
``a`` on the left, vertical tiles show ``a`` on top.

Shapes are drawn at 2-4x and smooth-scaled down (supersampling), which anti-aliases pips,
rounded corners and the divider in one go; numerals are rendered at the final size so text stays
hinted and crisp. Every surface lands in an LRU cache, so a busy table only blits.
"""

from __future__ import annotations

import enum
import math
from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass

import pygame

from game.view.fonts import get_font
from game.view.theme import DEFAULT, RGB, Theme

MAX_PIPS = 18
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


# --- pip layouts ------------------------------------------------------------------------------


@dataclass(frozen=True)
class PipLayout:
    """Pip centres and radius in the unit square of one tile half (x right, y down)."""

    centres: tuple[tuple[float, float], ...]
    radius: float


# 0-9: the classic 3x3 grid. Pitch 0.27, pip diameter 0.19 (as on a physical double-six).
_G = (0.23, 0.5, 0.77)
_CLASSIC: dict[int, tuple[tuple[int, int], ...]] = {
    0: (),
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)),
    7: ((0, 0), (0, 1), (0, 2), (1, 1), (2, 0), (2, 1), (2, 2)),
    8: ((0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)),
    9: tuple((c, r) for c in range(3) for r in range(3)),
}

# 10-18: three columns as on double-eighteen sets; the odd column holds one pip fewer and sits
# in the gaps of its neighbours (a hex-like stagger that is quick to count in columns).
_COLUMNS: dict[int, tuple[int, int, int]] = {
    10: (3, 4, 3),
    11: (4, 3, 4),
    12: (4, 4, 4),
    13: (4, 5, 4),
    14: (5, 4, 5),
    15: (5, 5, 5),
    16: (5, 6, 5),
    17: (6, 5, 6),
    18: (6, 6, 6),
}
# rows in the fullest column -> (first row centre, last row centre)
_SPAN: dict[int, tuple[float, float]] = {4: (0.19, 0.81), 5: (0.15, 0.85), 6: (0.13, 0.87)}
_COLUMN_X = (0.19, 0.5, 0.81)
_RADIUS_PER_PITCH = 0.39  # leaves a gap of ~a fifth of a pitch between neighbouring pips


def _build_layout(n: int) -> PipLayout:
    if n in _CLASSIC:
        centres = tuple((_G[c], _G[r]) for c, r in _CLASSIC[n])
        return PipLayout(centres, 0.095)
    counts = _COLUMNS[n]
    rows = max(counts)
    lo, hi = _SPAN[rows]
    pitch = (hi - lo) / (rows - 1)
    pts: list[tuple[float, float]] = []
    for x, k in zip(_COLUMN_X, counts, strict=True):
        offset = 0.0 if k == rows else 0.5  # a shorter column sits in the gaps
        pts.extend((x, lo + pitch * (i + offset)) for i in range(k))
    return PipLayout(tuple(pts), pitch * _RADIUS_PER_PITCH)


_LAYOUTS: tuple[PipLayout, ...] = tuple(_build_layout(n) for n in range(MAX_PIPS + 1))


def pip_layout(n: int, vertical: bool = True) -> PipLayout:
    """Pip centres for ``n`` (0..18) in a half's unit square.

    Layouts are defined for an upright (vertical) tile; a horizontal tile turns the pattern a
    quarter turn, as a physical tile would.
    """
    if not 0 <= n <= MAX_PIPS:
        raise ValueError(f"pip count must be 0..{MAX_PIPS}, got {n}")
    layout = _LAYOUTS[n]
    if vertical:
        return layout
    return PipLayout(tuple((1.0 - y, x) for x, y in layout.centres), layout.radius)


# --- helpers ----------------------------------------------------------------------------------


def _mix(c1: RGB, c2: RGB, f: float) -> RGB:
    return (
        round(c1[0] + (c2[0] - c1[0]) * f),
        round(c1[1] + (c2[1] - c1[1]) * f),
        round(c1[2] + (c2[2] - c1[2]) * f),
    )


def _darken(c: RGB, f: float) -> RGB:
    return _mix(c, (0, 0, 0), f)


def _luminance(c: RGB) -> float:
    def lin(v: int) -> float:
        s = v / 255.0
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])


def _contrast(c1: RGB, c2: RGB) -> float:
    hi, lo = sorted((_luminance(c1), _luminance(c2)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _readable(colour: RGB, face: RGB, min_contrast: float) -> RGB:
    """``colour`` darkened just enough to reach ``min_contrast`` against ``face``."""
    out = colour
    step = 0
    while _contrast(out, face) < min_contrast and step < 20:
        step += 1
        out = _darken(colour, step * 0.05)
    return out


def _supersample(width: int) -> int:
    # Enough samples for smooth edges without huge temporary surfaces. Powers of two only:
    # smoothscale by 1/3 loses precision (opaque alpha comes out 253, colours dim by 2).
    return 4 if width <= 100 else 2


def _vertical_gradient(size: tuple[int, int], top: RGB, bottom: RGB) -> pygame.Surface:
    w, h = size
    strip = pygame.Surface((1, max(1, h)), pygame.SRCALPHA)
    for y in range(h):
        f = y / max(1, h - 1)
        strip.set_at((0, y), (*_mix(top, bottom, f), 255))
    return pygame.transform.scale(strip, (max(1, w), max(1, h)))


def _rounded_fill(
    target: pygame.Surface, rect: pygame.Rect, radius: int, fill: pygame.Surface
) -> None:
    """Blit ``fill`` (rect-sized) into ``target`` clipped to a rounded rectangle."""
    mask = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    layer = fill.copy()
    layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    target.blit(layer, rect.topleft)


def _finish(surf: pygame.Surface) -> pygame.Surface:
    # convert_alpha needs a display mode; tests and headless tools have none.
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surf.convert_alpha()
    return surf


@dataclass(frozen=True)
class _Geometry:
    """Tile geometry in supersampled pixels."""

    w: int  # surface width
    h: int  # surface height
    ss: int
    radius: int
    outline: int
    thick: int  # visible slab side under the face
    face: pygame.Rect


def _geometry(width: int, vertical: bool, ss: int) -> _Geometry:
    long, short = 2 * width * ss, width * ss
    w, h = (short, long) if vertical else (long, short)
    radius = max(2 * ss, round(0.15 * width * ss))
    outline = max(ss, round(width * ss / 56))
    thick = max(ss, round(0.055 * width * ss))
    face = pygame.Rect(outline, outline, w - 2 * outline, h - 2 * outline - thick)
    return _Geometry(w, h, ss, radius, outline, thick, face)


# --- renderer ---------------------------------------------------------------------------------


class TileRenderer:
    """Draws and caches domino surfaces.

    ``min_pip_px``: below this pip radius (in final pixels) a half of 10-18 shows its numeral
    instead of dots (1-9 at 3/4 of it), because a dozen 1 px dots are noise while a numeral
    still reads.
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

    def _cached(self, key: Hashable) -> pygame.Surface | None:
        surf = self._cache.get(key)
        if surf is not None:
            self._cache.move_to_end(key)
            self.hits += 1
        return surf

    def _store(self, key: Hashable, surf: pygame.Surface) -> pygame.Surface:
        surf = _finish(surf)
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
        return (width, 2 * width) if vertical else (2 * width, width)

    @staticmethod
    def pad(width: int) -> int:
        """Margin around the tile in ``shadow()`` and ``glow()`` surfaces."""
        return max(4, math.ceil(width * 0.3))

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
        surf = self._cached(key)
        if surf is None:
            surf = self._store(
                key, self._render_face(a, b, width, vertical, numerals, highlight, th)
            )
        return surf

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
        surf = self._cached(key)
        if surf is None:
            surf = self._store(key, self._render_back(width, vertical, highlight, th))
        return surf

    def shadow(
        self, width: int, vertical: bool = False, *, lift: float = 1.0, theme: Theme | None = None
    ) -> pygame.Surface:
        """Soft drop shadow, ``pad(width)`` larger on each side; ``lift`` > 1 for a held tile."""
        width = self._check_width(width)
        th = theme or self.theme
        lift = round(lift, 1)  # keep the cache small while a tile is being lifted
        key = ("shadow", width, vertical, th.id, lift)
        surf = self._cached(key)
        if surf is None:
            surf = self._store(key, self._render_shadow(width, vertical, lift, th))
        return surf

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
        surf = self._cached(key)
        if surf is None:
            surf = self._store(key, self._render_glow(width, vertical, highlight, th))
        return surf

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

    def _body(self, g: _Geometry, face_top: RGB, face_bottom: RGB, th: Theme) -> pygame.Surface:
        """Slab silhouette: outline, visible side, bevelled face. Supersampled."""
        # Transparent pixels carry the outline colour so smoothscale does not bleed black in.
        surf = pygame.Surface((g.w, g.h), pygame.SRCALPHA)
        surf.fill((*th.tile_outline, 0))
        full = pygame.Rect(0, 0, g.w, g.h)
        pygame.draw.rect(surf, th.tile_outline, full, border_radius=g.radius)
        side = full.inflate(-2 * g.outline, -2 * g.outline)
        pygame.draw.rect(surf, th.tile_side, side, border_radius=max(1, g.radius - g.outline))
        # A light rim on the top/left of the face and a shaded one bottom/right: a soft bevel.
        bevel = max(g.ss, round(g.face.height * 0.03))
        r = max(1, g.radius - g.outline)
        pygame.draw.rect(surf, th.tile_highlight, g.face, border_radius=r)
        lower = g.face.move(bevel // 2, bevel // 2).clip(g.face)
        pygame.draw.rect(surf, _darken(face_bottom, 0.12), lower, border_radius=r)
        inner = pygame.Rect(
            g.face.x + bevel // 2, g.face.y + bevel // 2, g.face.w - bevel, g.face.h - bevel
        )
        _rounded_fill(
            surf,
            inner,
            max(1, r - bevel // 2),
            _vertical_gradient(inner.size, face_top, face_bottom),
        )
        return surf

    def _halves(self, g: _Geometry, vertical: bool) -> tuple[pygame.Rect, pygame.Rect]:
        f = g.face
        if vertical:
            top = pygame.Rect(f.x, f.y, f.w, f.h // 2)
            return top, pygame.Rect(f.x, top.bottom, f.w, f.bottom - top.bottom)
        left = pygame.Rect(f.x, f.y, f.w // 2, f.h)
        return left, pygame.Rect(left.right, f.y, f.right - left.right, f.h)

    def _divider(self, surf: pygame.Surface, g: _Geometry, vertical: bool, th: Theme) -> None:
        f = g.face
        short = g.w if vertical else g.h
        line = max(g.ss, round(short * 0.03))
        inset = round(short * 0.13)
        if vertical:
            y = f.centery - line // 2
            pygame.draw.rect(surf, th.divider, (f.x + inset, y, f.w - 2 * inset, line))
            pygame.draw.rect(surf, th.divider_light, (f.x + inset, y + line, f.w - 2 * inset, g.ss))
        else:
            x = f.centerx - line // 2
            pygame.draw.rect(surf, th.divider, (x, f.y + inset, line, f.h - 2 * inset))
            pygame.draw.rect(surf, th.divider_light, (x + line, f.y + inset, g.ss, f.h - 2 * inset))
        if short >= 30 * g.ss:
            # The brass spinner rivet of real tiles: a small touch that says "domino" at a glance.
            c = f.center
            rad = round(short * 0.05)
            pygame.draw.circle(surf, _darken(th.spinner, 0.35), c, rad)
            pygame.draw.circle(surf, th.spinner, c, rad - g.ss)
            pygame.draw.circle(
                surf, th.spinner_light, (c[0] - rad // 3, c[1] - rad // 3), max(g.ss, rad // 3)
            )

    def _too_small(self, n: int, half: pygame.Rect, ss: int) -> bool:
        """Would this half's pips be too small to count? (Then it shows a numeral.)"""
        if n == 0:
            return False
        r_px = _LAYOUTS[n].radius * min(half.w, half.h) / ss
        # 1-9 are recognised by pattern, not counted, so they may shrink further.
        limit = self.min_pip_px * (0.75 if n <= 9 else 1.0)
        return r_px < limit

    def _draw_pips(
        self, surf: pygame.Surface, n: int, half: pygame.Rect, vertical: bool, ss: int, th: Theme
    ) -> None:
        layout = pip_layout(n, vertical)
        side = min(half.w, half.h)
        ox = half.x + (half.w - side) / 2
        oy = half.y + (half.h - side) / 2
        colour = th.pip_colour(n)
        rim = _darken(colour, 0.45)
        r = layout.radius * side
        detailed = r / ss >= 2.5  # drilled look only where it can be seen
        for x, y in layout.centres:
            cx, cy = ox + x * side, oy + y * side
            # A darker rim keeps light colours (sky, lavender) visible on ivory.
            pygame.draw.circle(surf, rim, (cx, cy), r)
            if detailed:
                # Drilled pip lit from above: the top inner wall is in shade.
                pygame.draw.circle(surf, colour, (cx, cy + r * 0.12), r * 0.8)
            else:
                pygame.draw.circle(surf, colour, (cx, cy), r * 0.78)

    def _numeral_font(self, side: int) -> pygame.font.Font:
        """One bold size per tile size, fitted to the widest label ("18"), so 7 and 12 match."""
        size = max(6, round(side * 0.72))
        font = get_font(size, bold=True)
        while size > 6 and font.size("18")[0] > side * 0.8:
            size -= 1
            font = get_font(size, bold=True)
        return font

    def _draw_numeral(self, surf: pygame.Surface, n: int, half: pygame.Rect, th: Theme) -> None:
        """Bold numeral centred in ``half`` (final pixels)."""
        if n == 0:
            return  # a blank is a blank in every mode
        side = min(half.w, half.h)
        font = self._numeral_font(side)
        # Thin strokes need more contrast than pips: darken light colours (same hue) until
        # they read on the face; small sizes ask for more.
        colour = _readable(th.pip_colour(n), th.tile_face, 4.5 if side < 24 else 3.0)
        glyph = font.render(str(n), True, colour)
        box = glyph.get_bounding_rect()
        dest = (half.centerx - box.centerx, half.centery - box.centery)
        if side >= 20:
            # Engraved: a faint light line under the numeral.
            emboss = font.render(str(n), True, th.tile_highlight)
            emboss.set_alpha(200)
            surf.blit(emboss, (dest[0], dest[1] + 1))
        surf.blit(glyph, dest)
        if side < 20:
            # Synthetic bold is under a pixel at this size: double-strike one pixel right.
            surf.blit(glyph, (dest[0] + 1, dest[1]))

    def _ring(self, surf: pygame.Surface, g: _Geometry, highlight: Highlight, th: Theme) -> None:
        """State ring and tint, drawn inside the tile bounds (supersampled)."""
        if highlight is Highlight.NONE:
            return
        short = min(g.w, g.h) // g.ss
        full = pygame.Rect(0, 0, g.w, g.h)
        if highlight is Highlight.DIMMED:
            shade = pygame.Surface((g.w, g.h), pygame.SRCALPHA)
            pygame.draw.rect(shade, th.dim_overlay, full, border_radius=g.radius)
            surf.blit(shade, (0, 0))
            return
        colour = {
            Highlight.LEGAL: th.legal_glow,
            Highlight.REFUSED: th.refusal,
            Highlight.FOCUS: th.focus_ring,
            Highlight.SELECTED: th.selected,
        }[highlight]
        tint_alpha = {Highlight.REFUSED: 70, Highlight.LEGAL: 34}.get(highlight, 0)
        if tint_alpha:
            tint = pygame.Surface((g.w, g.h), pygame.SRCALPHA)
            pygame.draw.rect(tint, (*colour, tint_alpha), g.face, border_radius=g.radius)
            surf.blit(tint, (0, 0))
        ring = max(2 * g.ss, round(short * 0.075 * g.ss))
        pygame.draw.rect(surf, colour, full, width=ring, border_radius=g.radius)
        # A dark hairline inside the ring separates it from the ivory face.
        inner = full.inflate(-2 * ring, -2 * ring)
        pygame.draw.rect(
            surf, _darken(colour, 0.5), inner, width=g.ss, border_radius=max(1, g.radius - ring)
        )

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
        ss = _supersample(width)
        g = _geometry(width, vertical, ss)
        surf = self._body(g, th.tile_face, th.tile_face_shade, th)
        self._divider(surf, g, vertical, th)
        halves = self._halves(g, vertical)
        as_numeral: list[tuple[int, pygame.Rect]] = []
        for n, half in zip((a, b), halves, strict=True):
            if numerals or self._too_small(n, half, ss):
                as_numeral.append((n, half))
            else:
                self._draw_pips(surf, n, half, vertical, ss, th)
        self._ring(surf, g, highlight, th)
        final = pygame.transform.smoothscale(surf, self.size(width, vertical))
        for n, half in as_numeral:
            r = pygame.Rect(half.x // ss, half.y // ss, half.w // ss, half.h // ss)
            self._draw_numeral(final, n, r, th)
        return final

    def _render_back(
        self, width: int, vertical: bool, highlight: Highlight, th: Theme
    ) -> pygame.Surface:
        ss = _supersample(width)
        g = _geometry(width, vertical, ss)
        surf = self._body(g, th.back_face, th.back_face_shade, th)
        f = g.face
        short = min(f.w, f.h)
        border_inset = round(short * 0.11)
        field = f.inflate(-2 * border_inset, -2 * border_inset)
        if width >= 28:
            # Diamond lattice inside the border, like a printed card back.
            lattice = pygame.Surface(field.size, pygame.SRCALPHA)
            step = max(4 * ss, round(short * 0.22))
            lw = max(ss, round(short * 0.025))
            span = field.w + field.h
            for k in range(-span, span, step):
                pygame.draw.line(lattice, th.back_pattern, (k, 0), (k + field.h, field.h), lw)
                pygame.draw.line(lattice, th.back_pattern, (k + field.h, 0), (k, field.h), lw)
            _rounded_fill(surf, field, max(1, g.radius // 2), lattice)
        # Gold inset border.
        bw = max(ss, round(short * 0.03))
        pygame.draw.rect(surf, th.back_accent, field, width=bw, border_radius=max(1, g.radius // 2))
        # Sun medallion: a Mexican-table motif, kept small and flat.
        c = f.center
        r_disc = short * 0.3
        pygame.draw.circle(surf, th.back_face_shade, c, r_disc)
        pygame.draw.circle(surf, th.back_accent, c, r_disc, max(ss, round(short * 0.025)))
        if width >= 28:
            rays = 12
            r_in, r_out = short * 0.13, short * 0.24
            for i in range(rays):
                ang = 2 * math.pi * i / rays
                half_w = math.pi / rays * 0.55
                pts = [
                    (c[0] + r_out * math.cos(ang), c[1] + r_out * math.sin(ang)),
                    (c[0] + r_in * math.cos(ang - half_w), c[1] + r_in * math.sin(ang - half_w)),
                    (c[0] + r_in * math.cos(ang + half_w), c[1] + r_in * math.sin(ang + half_w)),
                ]
                pygame.draw.polygon(surf, th.back_accent, pts)
        pygame.draw.circle(surf, th.back_accent, c, short * 0.11)
        self._ring(surf, g, highlight, th)
        return pygame.transform.smoothscale(surf, self.size(width, vertical))

    def _render_shadow(self, width: int, vertical: bool, lift: float, th: Theme) -> pygame.Surface:
        p = self.pad(width)
        tw, tht = self.size(width, vertical)
        surf = pygame.Surface((tw + 2 * p, tht + 2 * p), pygame.SRCALPHA)
        off = round(width * 0.05 * lift)
        blur = max(1, round(width * 0.06 * lift))
        rect = pygame.Rect(p + off // 2, p + off, tw, tht)
        colour = (*th.tile_shadow[:3], 255)
        surf.fill((*th.tile_shadow[:3], 0))
        pygame.draw.rect(surf, colour, rect, border_radius=max(2, round(0.15 * width)))
        surf = pygame.transform.gaussian_blur(surf, blur)
        surf.fill((255, 255, 255, th.tile_shadow[3]), special_flags=pygame.BLEND_RGBA_MULT)
        return surf

    def _render_glow(
        self, width: int, vertical: bool, highlight: Highlight, th: Theme
    ) -> pygame.Surface:
        colour = {
            Highlight.LEGAL: th.legal_glow,
            Highlight.REFUSED: th.refusal,
            Highlight.FOCUS: th.focus_ring,
            Highlight.SELECTED: th.selected,
        }.get(highlight, th.legal_glow)
        p = self.pad(width)
        tw, tht = self.size(width, vertical)
        surf = pygame.Surface((tw + 2 * p, tht + 2 * p), pygame.SRCALPHA)
        surf.fill((*colour, 0))
        spread = max(2, round(p * 0.45))
        rect = pygame.Rect(p, p, tw, tht).inflate(2 * spread, 2 * spread)
        pygame.draw.rect(surf, (*colour, 255), rect, border_radius=round(0.15 * width) + spread)
        return pygame.transform.gaussian_blur(surf, max(1, round(p * 0.4)))

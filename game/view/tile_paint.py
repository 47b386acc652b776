"""Painting one domino surface: the slab, its divider, pips or numerals, state rings, the back.

Shapes are drawn at 2-4x and smooth-scaled down (supersampling), which anti-aliases pips,
rounded corners and the divider in one go; numerals are rendered at the final size so text stays
hinted and crisp. Nothing here caches: :class:`game.view.tiles.TileRenderer` does.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.view.fonts import get_font
from game.view.pips import LAYOUTS, pip_layout
from game.view.theme import RGB, Theme, darken, mix, readable


def tile_size(width: int, vertical: bool) -> tuple[int, int]:
    """Surface size of a tile with short side ``width``."""
    return (width, 2 * width) if vertical else (2 * width, width)


def pad(width: int) -> int:
    """Margin around the tile in shadow and glow surfaces."""
    return max(4, math.ceil(width * 0.3))


def _supersample(width: int) -> int:
    # Enough samples for smooth edges without huge temporary surfaces. Powers of two only:
    # smoothscale by 1/3 loses precision (opaque alpha comes out 253, colours dim by 2).
    return 4 if width <= 100 else 2


def _vertical_gradient(size: tuple[int, int], top: RGB, bottom: RGB) -> pygame.Surface:
    w, h = size
    strip = pygame.Surface((1, max(1, h)), pygame.SRCALPHA)
    for y in range(h):
        f = y / max(1, h - 1)
        strip.set_at((0, y), (*mix(top, bottom, f), 255))
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


@dataclass(frozen=True)
class Geometry:
    """Tile geometry in supersampled pixels."""

    w: int  # surface width
    h: int  # surface height
    ss: int
    radius: int
    outline: int
    thick: int  # visible slab side under the face
    face: pygame.Rect

    @classmethod
    def of(cls, width: int, vertical: bool) -> Geometry:
        """The geometry of a tile with short side ``width``, at its supersampling."""
        ss = _supersample(width)
        long, short = 2 * width * ss, width * ss
        w, h = (short, long) if vertical else (long, short)
        radius = max(2 * ss, round(0.15 * width * ss))
        outline = max(ss, round(width * ss / 56))
        thick = max(ss, round(0.055 * width * ss))
        face = pygame.Rect(outline, outline, w - 2 * outline, h - 2 * outline - thick)
        return cls(w, h, ss, radius, outline, thick, face)

    def halves(self, vertical: bool) -> tuple[pygame.Rect, pygame.Rect]:
        """The face's two halves: top and bottom, or left and right."""
        f = self.face
        if vertical:
            top = pygame.Rect(f.x, f.y, f.w, f.h // 2)
            return top, pygame.Rect(f.x, top.bottom, f.w, f.bottom - top.bottom)
        left = pygame.Rect(f.x, f.y, f.w // 2, f.h)
        return left, pygame.Rect(left.right, f.y, f.right - left.right, f.h)


def body(g: Geometry, face_top: RGB, face_bottom: RGB, th: Theme) -> pygame.Surface:
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
    pygame.draw.rect(surf, darken(face_bottom, 0.12), lower, border_radius=r)
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


def divider(surf: pygame.Surface, g: Geometry, vertical: bool, th: Theme) -> None:
    """The line between the halves, with the spinner rivet on larger tiles."""
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
        pygame.draw.circle(surf, darken(th.spinner, 0.35), c, rad)
        pygame.draw.circle(surf, th.spinner, c, rad - g.ss)
        pygame.draw.circle(
            surf, th.spinner_light, (c[0] - rad // 3, c[1] - rad // 3), max(g.ss, rad // 3)
        )


def too_small(n: int, half: pygame.Rect, ss: int, min_pip_px: float) -> bool:
    """Would this half's pips be too small to count? (Then it shows a numeral.)"""
    if n == 0:
        return False
    r_px = LAYOUTS[n].radius * min(half.w, half.h) / ss
    # 1-9 are recognised by pattern, not counted, so they may shrink further.
    limit = min_pip_px * (0.75 if n <= 9 else 1.0)
    return r_px < limit


def pips(
    surf: pygame.Surface, n: int, half: pygame.Rect, vertical: bool, ss: int, th: Theme
) -> None:
    """``n`` pips in ``half`` (supersampled pixels), drilled where they are large enough."""
    layout = pip_layout(n, vertical)
    side = min(half.w, half.h)
    ox = half.x + (half.w - side) / 2
    oy = half.y + (half.h - side) / 2
    colour = th.pip_colour(n)
    rim = darken(colour, 0.45)
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


def _numeral_font(side: int) -> pygame.font.Font:
    """One bold size per tile size, fitted to the widest label ("18"), so 7 and 12 match."""
    size = max(6, round(side * 0.72))
    font = get_font(size, bold=True)
    while size > 6 and font.size("18")[0] > side * 0.8:
        size -= 1
        font = get_font(size, bold=True)
    return font


def numeral(surf: pygame.Surface, n: int, half: pygame.Rect, th: Theme) -> None:
    """Bold numeral centred in ``half`` (final pixels)."""
    if n == 0:
        return  # a blank is a blank in every mode
    side = min(half.w, half.h)
    font = _numeral_font(side)
    # Thin strokes need more contrast than pips: darken light colours (same hue) until
    # they read on the face; small sizes ask for more.
    colour = readable(th.pip_colour(n), th.tile_face, 4.5 if side < 24 else 3.0)
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


def shade(surf: pygame.Surface, g: Geometry, th: Theme) -> None:
    """The dimmed state: the whole tile greyed (supersampled)."""
    cover = pygame.Surface((g.w, g.h), pygame.SRCALPHA)
    pygame.draw.rect(cover, th.dim_overlay, pygame.Rect(0, 0, g.w, g.h), border_radius=g.radius)
    surf.blit(cover, (0, 0))


def ring(surf: pygame.Surface, g: Geometry, colour: RGB, tint_alpha: int) -> None:
    """A state ring in ``colour`` inside the tile bounds, the face tinted by ``tint_alpha``
    (supersampled)."""
    short = min(g.w, g.h) // g.ss
    full = pygame.Rect(0, 0, g.w, g.h)
    if tint_alpha:
        tint = pygame.Surface((g.w, g.h), pygame.SRCALPHA)
        pygame.draw.rect(tint, (*colour, tint_alpha), g.face, border_radius=g.radius)
        surf.blit(tint, (0, 0))
    width = max(2 * g.ss, round(short * 0.075 * g.ss))
    pygame.draw.rect(surf, colour, full, width=width, border_radius=g.radius)
    # A dark hairline inside the ring separates it from the ivory face.
    inner = full.inflate(-2 * width, -2 * width)
    pygame.draw.rect(
        surf, darken(colour, 0.5), inner, width=g.ss, border_radius=max(1, g.radius - width)
    )


def back_motif(surf: pygame.Surface, g: Geometry, width: int, th: Theme) -> None:
    """The printed back: a diamond lattice, a gold border and a sun medallion."""
    ss = g.ss
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


def shadow(width: int, vertical: bool, lift: float, th: Theme) -> pygame.Surface:
    """Soft drop shadow, ``pad(width)`` larger on each side; ``lift`` > 1 for a held tile."""
    p = pad(width)
    tw, tht = tile_size(width, vertical)
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


def glow(width: int, vertical: bool, colour: RGB) -> pygame.Surface:
    """Outer halo in ``colour``, ``pad(width)`` larger on each side."""
    p = pad(width)
    tw, tht = tile_size(width, vertical)
    surf = pygame.Surface((tw + 2 * p, tht + 2 * p), pygame.SRCALPHA)
    surf.fill((*colour, 0))
    spread = max(2, round(p * 0.45))
    rect = pygame.Rect(p, p, tw, tht).inflate(2 * spread, 2 * spread)
    pygame.draw.rect(surf, (*colour, 255), rect, border_radius=round(0.15 * width) + spread)
    return pygame.transform.gaussian_blur(surf, max(1, round(p * 0.4)))

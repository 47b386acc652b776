"""Surfaces the screens draw on and with: panels, the table's felt, soft glows, faded blits and
the small icons (a train's marker, pause); each cached by its inputs, so a frame mostly blits."""

from __future__ import annotations

import math
import random

import pygame

from game.view.surface_cache import SurfaceCache, prepared
from game.view.theme import RGB, RGBA, Theme, mix

_panel_cache = SurfaceCache(200)


def panel(
    size: tuple[int, int],
    fill: RGBA,
    edge: RGB | None = None,
    radius: int = 10,
    edge_width: int = 1,
    shadow: bool = False,
) -> pygame.Surface:
    """A rounded, translucent panel surface (cached)."""
    w, h = max(1, size[0]), max(1, size[1])
    key = (w, h, fill, edge, radius, edge_width, shadow)
    surf = _panel_cache.get(key)
    if surf is not None:
        return surf
    pad = max(4, radius // 2) if shadow else 0
    surf = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    if shadow:
        sh = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        pygame.draw.rect(
            sh, (0, 0, 0, 120), pygame.Rect(pad, pad + pad // 2, w, h), border_radius=radius
        )
        sh = pygame.transform.gaussian_blur(sh, max(1, pad // 2))
        surf.blit(sh, (0, 0))
    body = pygame.Rect(pad, pad, w, h)
    pygame.draw.rect(surf, fill, body, border_radius=radius)
    if edge is not None:
        pygame.draw.rect(surf, edge, body, width=edge_width, border_radius=radius)
    return _panel_cache.put(key, prepared(surf))


def draw_panel(
    target: pygame.Surface,
    rect: pygame.Rect,
    fill: RGBA,
    edge: RGB | None = None,
    radius: int = 10,
    edge_width: int = 1,
    shadow: bool = False,
) -> None:
    surf = panel(rect.size, fill, edge, radius, edge_width, shadow)
    pad = (surf.get_width() - rect.width) // 2
    target.blit(surf, (rect.x - pad, rect.y - pad))


# ----------------------------------------------------------------------------- felt

_felt_cache = SurfaceCache(6)


def felt(size: tuple[int, int], theme: Theme) -> pygame.Surface:
    """The table cloth: a radial vignette with a fine woven grain (cached per size and theme)."""
    key = (size, theme.id)
    surf = _felt_cache.get(key)
    if surf is not None:
        return surf
    w, h = size
    small = pygame.Surface((48, 27))
    cx, cy = 23.5, 13.0
    for y in range(27):
        for x in range(48):
            d = min(1.0, math.hypot((x - cx) / 30.0, (y - cy) / 19.0))
            if d < 0.5:
                c = mix(theme.felt_light, theme.felt, (d / 0.5) ** 2)
            else:
                c = mix(theme.felt, theme.felt_dark, ((d - 0.5) / 0.5) ** 1.6)
            small.set_at((x, y), c)
    surf = pygame.transform.smoothscale(small, (max(1, w), max(1, h)))
    # Woven grain: a small noise tile, tiled at low alpha.
    rng = random.Random(7)
    grain = pygame.Surface((64, 64), pygame.SRCALPHA)
    for y in range(64):
        for x in range(64):
            v = rng.random()
            if v < 0.5:
                grain.set_at((x, y), (0, 0, 0, int(14 * (0.5 - v) * 2)))
            else:
                grain.set_at((x, y), (255, 255, 255, int(9 * (v - 0.5) * 2)))
    for gy in range(0, h, 64):
        for gx in range(0, w, 64):
            surf.blit(grain, (gx, gy))
    surf = surf.convert() if pygame.display.get_surface() is not None else surf
    return _felt_cache.put(key, surf)


# ----------------------------------------------------------------------------- glows

_glow_cache = SurfaceCache(64)


def soft_glow(size: tuple[int, int], colour: RGB, radius: int, blur: int) -> pygame.Surface:
    """A blurred rounded rectangle of ``colour``, ``blur`` px larger on each side."""
    size = (max(1, size[0]), max(1, size[1]))
    key = (size, colour, radius, blur)
    surf = _glow_cache.get(key)
    if surf is not None:
        return surf
    w, h = size
    surf = pygame.Surface((w + 4 * blur, h + 4 * blur), pygame.SRCALPHA)
    surf.fill((*colour, 0))
    pygame.draw.rect(
        surf, (*colour, 255), pygame.Rect(2 * blur, 2 * blur, w, h), border_radius=radius
    )
    surf = pygame.transform.gaussian_blur(surf, max(1, blur))
    return _glow_cache.put(key, prepared(surf))


def blit_faded(
    target: pygame.Surface,
    surf: pygame.Surface,
    dest: pygame.Rect | tuple[int, int],
    alpha: int,
) -> pygame.Rect:
    """Blit ``surf`` at ``alpha`` without copying it: a cached surface gets its own alpha back
    at once (a copy per frame was a good part of a busy table's drawing time)."""
    if alpha >= 255:
        return target.blit(surf, dest)
    before = surf.get_alpha()
    surf.set_alpha(max(0, alpha))
    try:
        return target.blit(surf, dest)
    finally:
        surf.set_alpha(before)


def blit_glow(
    target: pygame.Surface, rect: pygame.Rect, colour: RGB, alpha: int, radius: int, blur: int
) -> None:
    surf = soft_glow(rect.size, colour, radius, blur)
    blit_faded(target, surf, (rect.x - 2 * blur, rect.y - 2 * blur), min(255, alpha))


# ----------------------------------------------------------------------------- icons

_icon_cache = SurfaceCache(64, cleared=False)  # by colour: the same in every theme


def marker_icon(size: int, colour: RGB, outline: RGB = (20, 20, 20)) -> pygame.Surface:
    """A little locomotive seen from the side: a player's marker (cached)."""
    size = max(10, int(size))
    key = ("marker", size, colour, outline)
    surf = _icon_cache.get(key)
    if surf is not None:
        return surf
    ss = 4
    s = size * ss
    big = pygame.Surface((s, s), pygame.SRCALPHA)
    dark = mix(colour, (0, 0, 0), 0.45)
    light = mix(colour, (255, 255, 255), 0.35)
    # body, cab, chimney, cow-catcher, wheels
    pygame.draw.rect(big, outline, (s * 0.08, s * 0.36, s * 0.62, s * 0.34), border_radius=s // 10)
    pygame.draw.rect(big, colour, (s * 0.12, s * 0.40, s * 0.56, s * 0.26), border_radius=s // 12)
    pygame.draw.rect(big, outline, (s * 0.52, s * 0.14, s * 0.34, s * 0.56), border_radius=s // 12)
    pygame.draw.rect(big, colour, (s * 0.56, s * 0.18, s * 0.26, s * 0.48), border_radius=s // 14)
    pygame.draw.rect(big, light, (s * 0.61, s * 0.23, s * 0.16, s * 0.14), border_radius=s // 30)
    pygame.draw.rect(big, outline, (s * 0.18, s * 0.16, s * 0.14, s * 0.24))
    pygame.draw.rect(big, dark, (s * 0.21, s * 0.19, s * 0.08, s * 0.2))
    pygame.draw.polygon(
        big, outline, [(s * 0.10, s * 0.62), (s * 0.02, s * 0.80), (s * 0.14, s * 0.80)]
    )
    for wx in (0.24, 0.46, 0.72):
        pygame.draw.circle(big, outline, (s * wx, s * 0.78), s * 0.12)
        pygame.draw.circle(big, light, (s * wx, s * 0.78), s * 0.07)
    surf = pygame.transform.smoothscale(big, (size, size))
    return _icon_cache.put(key, prepared(surf))


def pause_icon(size: int, colour: RGB) -> pygame.Surface:
    size = max(8, int(size))
    key = ("pause", size, colour)
    surf = _icon_cache.get(key)
    if surf is not None:
        return surf
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    bar = max(2, size // 4)
    pygame.draw.rect(surf, colour, (size * 0.22, size * 0.18, bar, size * 0.64), border_radius=2)
    pygame.draw.rect(
        surf, colour, (size * 0.78 - bar, size * 0.18, bar, size * 0.64), border_radius=2
    )
    return _icon_cache.put(key, prepared(surf))

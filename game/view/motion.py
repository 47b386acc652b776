"""The table's moving pieces: tiles in flight, rings and bubbles, fades and banners."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.view import surfaces, typeset
from game.view.easing import ease_in_out, ease_out_back, ease_out_cubic
from game.view.layout import TableLayout
from game.view.table_words import Words, say
from game.view.theme import RGB, Theme


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
    train: int | None = None  # the train it speaks of: the banner stands clear of its lane


def draw_effects(
    surface: pygame.Surface, effects: list[Effect], theme: Theme, u: float
) -> list[pygame.Rect]:
    """The rings and bubbles, each at its age (``u`` is the layout's scale); where the
    bubbles were drawn."""
    bubbles: list[pygame.Rect] = []
    for effect in effects:
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
            label = typeset.text(say(effect.label), size, theme.text_dark, bold=True)
            rect = label.get_rect(center=(round(x), round(y - rise))).inflate(16, 6)
            bub = pygame.Surface(rect.size, pygame.SRCALPHA)
            bub.blit(surfaces.panel(rect.size, (*theme.text, 240), None, rect.h // 2), (0, 0))
            bub.blit(label, label.get_rect(center=bub.get_rect().center))
            bub.set_alpha(alpha)
            surface.blit(bub, rect)
            bubbles.append(rect)
    return bubbles


def draw_banner(
    surface: pygame.Surface, banner: Banner, lay: TableLayout, th: Theme
) -> pygame.Rect | None:
    """A banner over the station: it rises a little, grows in and fades at both ends; where it
    was drawn (None once faded)."""
    u = lay.scale
    p = banner.age / banner.duration
    alpha = min(1.0, banner.age / 0.2, (banner.duration - banner.age) / 0.3)
    if alpha <= 0:
        return None
    big = max(18, round(38 * u))
    small = max(12, round(18 * u))
    room = lay.table.w - round(80 * u)
    heading, words = say(banner.title), say(banner.subtitle)
    title = typeset.text(
        heading, typeset.fit_text_size(heading, big, room, bold=True), th.accent, bold=True
    )
    sub = typeset.text(words, typeset.fit_text_size(words, small, room), th.text) if words else None
    width = max(title.get_width(), sub.get_width() if sub else 0) + round(60 * u)
    height = title.get_height() + (sub.get_height() if sub else 0) + round(26 * u)
    rect = pygame.Rect(0, 0, width, height)
    cx, cy = lay.hub_center
    rise = round(8 * u * ease_out_cubic(p))
    gap = round(6 * u)
    rect.centerx = cx
    # Beside the hub, never over it (the engine stays in view): above it, or below it when the
    # train the banner speaks of lies above, so that train and its tag stay in view too.
    lane = lay.lanes[banner.train] if banner.train is not None else None
    if lane is not None and lane.cy < cy and cy + lay.hub_radius + gap + height <= lay.table.bottom:
        rect.top = cy + lay.hub_radius + gap - rise
    else:
        rect.bottom = cy - lay.hub_radius - gap - rise
    rect.clamp_ip(lay.table)
    surf = pygame.Surface(rect.size, pygame.SRCALPHA)
    surf.blit(surfaces.panel(rect.size, (*th.panel[:3], 235), th.accent, round(14 * u), 2), (0, 0))
    y = round(12 * u)
    surf.blit(title, title.get_rect(midtop=(width // 2, y)))
    if sub:
        surf.blit(sub, sub.get_rect(midtop=(width // 2, y + title.get_height())))
    scale = 0.9 + 0.1 * ease_out_back(min(1.0, banner.age / 0.25))
    if scale != 1.0:
        surf = pygame.transform.smoothscale_by(surf, scale)
    surf.set_alpha(round(255 * alpha))
    drawn = surf.get_rect(center=rect.center)
    surface.blit(surf, drawn)
    return drawn

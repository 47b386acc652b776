"""Toasts: the short notices that rise over the screen for a few seconds and fade."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.view.surface_cache import SurfaceCache
from game.view.surfaces import panel
from game.view.theme import Theme, mix
from game.view.typeset import text, wrap


@dataclass
class Toast:
    """A message that fades in, stays a moment and fades out."""

    message: str
    duration: float = 2.6
    age: float = 0.0
    kind: str = "info"  # "info" or "refusal"

    @property
    def alive(self) -> bool:
        return self.age < self.duration

    @property
    def alpha(self) -> float:
        fade = 0.25
        if self.age < fade:
            return self.age / fade
        if self.age > self.duration - fade:
            return max(0.0, (self.duration - self.age) / fade)
        return 1.0

    def update(self, dt: float) -> None:
        self.age += dt


_toast_cache = SurfaceCache(20)  # a toast's body, by its text, size and theme


def draw_toast(
    target: pygame.Surface,
    toast: Toast,
    center: tuple[int, int],
    theme: Theme,
    scale: float,
    clear_of: pygame.Rect | None = None,
) -> pygame.Rect:
    """Draw a toast (its body is rendered once per message and size, then only faded); one
    that would meet ``clear_of`` (the prompt strip) moves beside it, or under it when the
    window is too narrow for that."""
    key = ("toast", toast.message, toast.kind, theme.id, round(scale * 100), target.get_width())
    body = _toast_cache.get(key)
    if body is None:
        body = _toast_cache.put(key, _toast_body(target.get_width(), toast, theme, scale))
    w, h = body.get_width() - 16, body.get_height() - 16
    rect = pygame.Rect(0, 0, w, h)
    rect.center = center
    if clear_of is not None and rect.colliderect(clear_of.inflate(8, 8)):
        gap = max(4, round(6 * scale))
        if clear_of.left - gap - rect.w >= gap:
            rect.right = clear_of.left - gap
        else:
            rect.top = clear_of.bottom + gap
    rect.y += round((1.0 - min(1.0, toast.age / 0.25)) * 10 * scale)
    body.set_alpha(round(255 * toast.alpha))
    target.blit(body, (rect.x - 8, rect.y - 8))
    return rect


def _toast_body(width: int, toast: Toast, theme: Theme, scale: float) -> pygame.Surface:
    size = max(13, round(20 * scale))
    colour = theme.text
    edge = theme.refusal if toast.kind == "refusal" else theme.panel_edge
    lines = wrap(toast.message, size, round(width * 0.7), bold=True)
    rendered = [text(line, size, colour, bold=True) for line in lines]
    w = max(r.get_width() for r in rendered) + round(36 * scale)
    h = sum(r.get_height() for r in rendered) + round(18 * scale)
    surf = pygame.Surface((w + 16, h + 16), pygame.SRCALPHA)
    fill = (*mix(theme.panel[:3], edge, 0.18), 240)
    surf.blit(panel((w, h), fill, edge, max(8, h // 3), 2, shadow=False), (8, 8))
    y = 8 + round(9 * scale)
    for r in rendered:
        surf.blit(r, r.get_rect(midtop=(8 + w // 2, y)))
        y += r.get_height()
    return surf

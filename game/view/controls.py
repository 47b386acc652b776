"""Buttons: the Button every screen uses (hover, press, focus, disabled), its cached face, and
the hooks a press calls (the app's click sound)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.view.surface_cache import SurfaceCache, prepared
from game.view.surfaces import blit_faded, panel, soft_glow
from game.view.theme import RGB, RGBA, Theme, mix
from game.view.typeset import active_audits, fit_text_size, note_drawn, text

# ----------------------------------------------------------------------------- buttons


PRESS_HOOKS: list[Callable[[], None]] = []  # called when any button fires (the app's click sound)


@dataclass
class Button:
    """A clickable, animated button. ``visible`` fades it in and out instead of popping."""

    label: str
    rect: pygame.Rect
    action: Callable[[], None] | None = None
    primary: bool = False
    enabled: bool = True
    visible: bool = True
    key_hint: str = ""
    hover: bool = False
    pressed: bool = False
    appear: float = 1.0  # 0..1, eased toward ``visible``
    pulse: bool = False  # gently breathe to draw the eye
    _clock: float = field(default=0.0, repr=False)

    def __post_init__(self) -> None:
        self.appear = 1.0 if self.visible else 0.0

    def update(self, dt: float) -> None:
        target = 1.0 if self.visible else 0.0
        rate = 1.0 - math.exp(-14.0 * dt)
        self.appear += (target - self.appear) * rate
        if abs(self.appear - target) < 0.01:
            self.appear = target
        self._clock += dt

    @property
    def active(self) -> bool:
        return self.visible and self.enabled and self.appear > 0.6

    @property
    def fading(self) -> bool:
        """Still easing in or out toward ``visible``."""
        return self.appear != (1.0 if self.visible else 0.0)

    def handle(self, event: pygame.event.Event) -> bool:
        """React to mouse events; True if the event was used."""
        if not self.active:
            self.hover = self.pressed = False
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
            return False
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.rect.collidepoint(event.pos)
        ):
            self.pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self.pressed
            self.pressed = False
            if was and self.rect.collidepoint(event.pos):
                for hook in PRESS_HOOKS:
                    hook()
                if self.action is not None:
                    self.action()
                return True
        return False

    def draw(self, target: pygame.Surface, theme: Theme, scale: float = 1.0) -> None:
        if self.appear <= 0.02:
            return
        rect = self.rect
        if self.pressed:
            rect = rect.move(0, max(1, round(2 * scale)))
        radius = max(6, rect.height // 3)
        if self.primary:
            fill: RGBA = (*theme.accent, 255)
            edge = mix(theme.accent, (0, 0, 0), 0.35)
            ink = theme.text_dark
            if self.hover:
                fill = (*mix(theme.accent, (255, 255, 255), 0.18), 255)
        else:
            fill = (*mix(theme.panel[:3], (255, 255, 255), 0.14 if self.hover else 0.06), 235)
            edge = theme.panel_edge
            ink = theme.text
        if not self.enabled:
            fill = (*mix(fill[:3], (90, 90, 90), 0.6), 180)
            ink = theme.text_dim
        alpha = round(255 * min(1.0, self.appear))
        face = button_face(self.label, rect.size, fill, edge, ink, radius)
        at = (rect.x - 12, rect.y - 12)
        if self.pulse and self.enabled:  # a glow under the face, in the margin round it
            glow = soft_glow(rect.size, theme.accent, radius, 6)
            glow_alpha = round(90 + 110 * (0.5 + 0.5 * math.sin(self._clock * 4.0)))
            if alpha < 255:  # fading in or out: the glow and the face fade as one picture
                both = pygame.Surface(face.get_size(), pygame.SRCALPHA)
                blit_faded(both, glow, (0, 0), glow_alpha)
                both.blit(face, (0, 0))
                face = both
            else:
                blit_faded(target, glow, at, glow_alpha)
        blit_faded(target, face, at, alpha)


_button_cache = SurfaceCache(96)


def button_face(
    label: str, size: tuple[int, int], fill: RGBA, edge: RGB, ink: RGB, radius: int
) -> pygame.Surface:
    """A button's panel and label with a clear 12 px margin, made once per look (cached):
    a table shows a few buttons in every frame."""
    key = (label, size, fill, edge, ink, radius)
    width, height = size
    surf = _button_cache.get(key)
    if surf is not None:
        if active_audits:  # a text audit hears of the label (and of one too long) on every frame
            note_drawn(label)
            fit_text_size(label, round(height * 0.42), width - 12, bold=True)
        return surf
    surf = pygame.Surface((width + 24, height + 24), pygame.SRCALPHA)
    inner = pygame.Rect(12, 12, width, height)
    surf.blit(panel(size, fill, edge, radius, 2, shadow=False), inner.topleft)
    text_size = fit_text_size(label, round(height * 0.42), width - 12, bold=True)
    words = text(label, text_size, ink, bold=True)
    surf.blit(words, words.get_rect(center=inner.center))
    return _button_cache.put(key, prepared(surf))

"""A visible focus for keyboards and gamepads: which thing Enter or A would act on.

A scene lists what can take the focus (:class:`FocusItem`: a key, a rect, what activating it
does); :class:`FocusRing` remembers the focused key (so the focus survives a resize or a hand
that changed) and moves it: arrows and the d-pad go to the nearest item that way, Tab and the
shoulders go round in list order. The ring is drawn only while a keyboard or gamepad is in use.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.input.intents import Act, Intent
from game.view import controls, surfaces
from game.view.theme import Theme


@dataclass(frozen=True)
class FocusItem:
    key: Hashable
    rect: pygame.Rect
    activate: Callable[[], None] | None = None
    primary: bool = False  # where the focus starts


class FocusRing:
    def __init__(self) -> None:
        self.key: Hashable | None = None

    def clear(self) -> None:
        self.key = None

    def current(self, items: Sequence[FocusItem]) -> FocusItem | None:
        if self.key is None:
            return None
        return next((item for item in items if item.key == self.key), None)

    def default(self, items: Sequence[FocusItem]) -> FocusItem | None:
        return next((i for i in items if i.primary), items[0] if items else None)

    def focus(self, item: FocusItem | None) -> FocusItem | None:
        self.key = item.key if item is not None else None
        return item

    def move(self, items: Sequence[FocusItem], act: Act) -> FocusItem | None:
        """Move the focus for ``act`` (a direction, NEXT or PREV); the newly focused item.

        With nothing focused yet, the first press only shows the focus on the default item.
        """
        current = self.current(items)
        if current is None:
            return self.focus(self.default(items))
        if act in (Act.NEXT, Act.PREV):
            index = list(items).index(current)
            step = 1 if act == Act.NEXT else -1
            return self.focus(items[(index + step) % len(items)])
        direction = {Act.UP: (0, -1), Act.DOWN: (0, 1), Act.LEFT: (-1, 0), Act.RIGHT: (1, 0)}
        found = nearest(current.rect, items, direction[act], exclude=current.key)
        return self.focus(found) if found is not None else current

    def handle(self, intent: Intent, items: Sequence[FocusItem], min_items: int = 2) -> bool:
        """The usual meaning of ``intent`` over ``items``; False if it is not used here.

        Moving needs at least ``min_items`` items (a lone button leaves the arrows to the
        scene, e.g. for scrolling); activating acts on the focused item, or on the default
        one when nothing is focused (Enter means the main button, as it always did).
        """
        if intent.act in (Act.UP, Act.DOWN, Act.LEFT, Act.RIGHT, Act.NEXT, Act.PREV):
            if len(items) < min_items:
                return False
            self.move(items, intent.act)
            return True
        if intent.act == Act.ACTIVATE:
            item = self.current(items) or self.default(items)
            if item is None or item.activate is None:
                return False
            self.focus(item)
            item.activate()
            return True
        return False


def nearest(
    origin: pygame.Rect,
    items: Sequence[FocusItem],
    direction: tuple[int, int],
    exclude: Hashable | None = None,
) -> FocusItem | None:
    """The item nearest ``origin`` in ``direction``: straight ahead costs less than aside."""
    dx, dy = direction
    ox, oy = origin.center
    best: FocusItem | None = None
    best_cost = math.inf
    for item in items:
        if item.key == exclude:
            continue
        px, py = item.rect.center
        along = (px - ox) * dx + (py - oy) * dy
        if along <= 2:
            continue
        aside = abs((px - ox) * dy) + abs((py - oy) * dx)
        cost = along + 2.5 * aside
        if cost < best_cost:
            best, best_cost = item, cost
    return best


def button_items(buttons: Sequence[Any]) -> list[FocusItem]:
    """Focus items for the visible, enabled :class:`~game.view.controls.Button` s."""
    out: list[FocusItem] = []
    for button in buttons:
        if not isinstance(button, controls.Button) or not button.active or button.action is None:
            continue
        out.append(FocusItem(("button", button.label), button.rect, button.action, button.primary))
    return out


def scene_buttons(scene: object) -> list[controls.Button]:
    """The buttons a scene keeps in ``buttons`` (a list or a dict) or ``button``."""
    found: list[controls.Button] = []
    buttons = getattr(scene, "buttons", None)
    if isinstance(buttons, dict):
        found += [b for b in buttons.values() if isinstance(b, controls.Button)]
    elif isinstance(buttons, list | tuple):
        found += [b for b in buttons if isinstance(b, controls.Button)]
    single = getattr(scene, "button", None)
    if isinstance(single, controls.Button):
        found.append(single)
    return found


def draw_focus(
    surface: pygame.Surface, rect: pygame.Rect, theme: Theme, clock: float, scale: float
) -> None:
    """The focus ring: a bright outline that breathes, with a soft glow behind it."""
    pad = max(3, round(5 * scale))
    ring = rect.inflate(2 * pad, 2 * pad)
    pulse = 0.5 + 0.5 * math.sin(clock * 5.0)
    radius = max(6, min(ring.w, ring.h) // 4)
    blur = max(3, pad)
    glow = surfaces.soft_glow(ring.size, theme.focus_ring, radius, blur).copy()
    glow.fill((0, 0, 0, 0), pygame.Rect(2 * blur, 2 * blur, ring.w, ring.h).inflate(-4, -4))
    glow.set_alpha(round(110 + 110 * pulse))  # a halo outside the ring, never over the thing
    surface.blit(glow, (ring.x - 2 * blur, ring.y - 2 * blur))
    width = max(2, round(3 * scale))
    pygame.draw.rect(surface, (255, 255, 255), ring.inflate(2, 2), width + 2, border_radius=radius)
    pygame.draw.rect(surface, theme.focus_ring, ring, width, border_radius=radius)

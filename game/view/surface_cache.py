"""The caches of drawn surfaces the view keeps (text, panels, the felt, glows, buttons), and
their one reset when the window or the theme changes."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, MutableMapping
from typing import Any

import pygame

# The caches clear_caches empties: the surface caches, and the sizes measured with them.
_CLEARED: list[MutableMapping[Any, Any]] = []


# ----------------------------------------------------------------------------- caches


class SurfaceCache:
    """The last ``size`` surfaces drawn, by their inputs; ``cleared``: emptied by
    :func:`clear_caches` (when what they show depends on the window or the theme)."""

    def __init__(self, size: int, *, cleared: bool = True) -> None:
        self.size = size
        self.data: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        if cleared:
            _CLEARED.append(self.data)

    def get(self, key: Hashable) -> pygame.Surface | None:
        surf = self.data.get(key)
        if surf is not None:
            self.data.move_to_end(key)
        return surf

    def put(self, key: Hashable, surf: pygame.Surface) -> pygame.Surface:
        self.data[key] = surf
        while len(self.data) > self.size:
            self.data.popitem(last=False)
        return surf


def also_clear(cache: MutableMapping[Any, Any]) -> None:
    """Empty ``cache`` too whenever :func:`clear_caches` runs."""
    _CLEARED.append(cache)


def clear_caches() -> None:
    """Forget every cached surface (the window or the theme changed)."""
    for cache in _CLEARED:
        cache.clear()


def prepared(surf: pygame.Surface) -> pygame.Surface:
    """``surf`` in the window's pixel format once there is a window (faster to blit)."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surf.convert_alpha()
    return surf

"""Over a scene, for keyboard and gamepad players: the focus ring and the strip of buttons to
press, placed clear of the page's titles and of what the focus can rest on."""

from __future__ import annotations

import pygame

from game.input.focus import draw_focus
from game.input.glyphs import draw_strip, hint_strip, place_clear_of
from game.input.intents import Device
from game.scenes.kit.base import Scene
from game.view import frame_marks
from game.view.layout import ui_scale
from game.view.theme import Theme


def draw_focus_and_keys(
    surface: pygame.Surface, top: Scene, device: Device, theme: Theme, time: float
) -> pygame.Rect | None:
    """Draw the focus ring of ``top`` and its key strip for ``device``; where the strip went."""
    u = ui_scale(surface.get_size())
    rect = top.focus_rect()
    if rect is not None:
        draw_focus(surface, rect, theme, time, u)
    hints = top.hints()
    made = hint_strip(hints, device, theme, u) if hints else None
    if made is None:
        return None
    row, strip = made
    margin = max(6, round(10 * u))
    titles = [*frame_marks.titles_drawn(), *top.keep_clear()]

    def items() -> list[pygame.Rect]:
        return [item.rect for item in top.focus_items()]

    place = place_clear_of(strip, surface.get_size(), margin, titles, items)
    draw_strip(surface, row, place, theme)
    return place

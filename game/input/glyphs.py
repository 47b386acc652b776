"""Button pictures for on-screen prompts, drawn by code: key caps, pad buttons, mouse, finger.

A prompt names *actions* ("activate", "back", ...); :func:`glyph_for` picks the picture of the
device in use: ``Enter`` on a keyboard, a green A on a gamepad, a mouse or a tapping finger for
pointers. Face buttons follow the common layout (A bottom/green, B right/red, X left/blue,
Y top/yellow), with the letter on them, so colour is never the only cue.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.input.intents import Device
from game.view import surfaces, typeset
from game.view.theme import RGB, Theme, mix

Hint = tuple[str, str]  # (action, label)

KEYBOARD: dict[str, str] = {
    "move": "arrows",
    "leftright": "leftright",
    "activate": "key:Enter",
    "back": "key:Esc",
    "pause": "key:Esc",
    "draw": "key:D",
    "sort": "key:S",
    "next": "key:Tab",
}
GAMEPAD: dict[str, str] = {
    "move": "pad:dpad",
    "leftright": "pad:dpad",
    "activate": "pad:A",
    "back": "pad:B",
    "pause": "pad:start",
    "draw": "pad:X",
    "sort": "pad:Y",
    "next": "pad:RB",
}
MOUSE: dict[str, str] = {"activate": "mouse", "drag": "mouse"}
TOUCH: dict[str, str] = {"activate": "touch", "drag": "touch"}

FACE_COLOURS: dict[str, RGB] = {
    "A": (96, 190, 80),
    "B": (226, 76, 70),
    "X": (70, 140, 230),
    "Y": (236, 196, 52),
}

_cache: dict[tuple[str, int, str], pygame.Surface] = {}


def glyph_for(action: str, device: Device) -> str | None:
    """The glyph name for ``action`` on ``device`` (None: that device has no button for it)."""
    table = {
        Device.KEYBOARD: KEYBOARD,
        Device.GAMEPAD: GAMEPAD,
        Device.MOUSE: MOUSE,
        Device.TOUCH: TOUCH,
    }[device]
    return table.get(action)


def glyph(name: str, height: int, theme: Theme) -> pygame.Surface:
    """The picture called ``name`` (see the tables above), ``height`` px tall (cached)."""
    height = max(12, int(height))
    key = (name, height, theme.id)
    surf = _cache.get(key)
    if surf is not None:
        return surf
    if len(_cache) > 300:
        _cache.clear()
    if name.startswith("key:"):
        surf = _keycap(name[4:], height, theme)
    elif name == "arrows":
        surf = _arrows(height, theme, vertical=True)
    elif name == "leftright":
        surf = _arrows(height, theme, vertical=False)
    elif name == "pad:dpad":
        surf = _dpad(height, theme)
    elif name == "pad:start":
        surf = _start(height, theme)
    elif name in ("pad:LB", "pad:RB"):
        surf = _shoulder(name[4:], height, theme)
    elif name.startswith("pad:"):
        surf = _face(name[4:], height)
    elif name == "mouse":
        surf = _mouse(height, theme)
    elif name == "touch":
        surf = _finger(height, theme)
    else:
        surf = _keycap(name, height, theme)
    _cache[key] = surf
    return surf


def hint_row(
    hints: Sequence[Hint], device: Device, height: int, theme: Theme, ink: RGB | None = None
) -> pygame.Surface | None:
    """Glyph-and-label pairs in one row for ``device``; None when none of them applies."""
    ink = ink or theme.text
    size = max(10, round(height * 0.62))
    parts: list[pygame.Surface] = []
    for action, label in hints:
        name = glyph_for(action, device)
        if name is None:
            continue
        pic = glyph(name, height, theme)
        words = typeset.text(label, size, ink, bold=True)
        gap = max(3, height // 5)
        part = pygame.Surface(
            (pic.get_width() + gap + words.get_width(), max(height, words.get_height())),
            pygame.SRCALPHA,
        )
        part.blit(pic, pic.get_rect(midleft=(0, part.get_height() // 2)))
        part.blit(words, words.get_rect(midleft=(pic.get_width() + gap, part.get_height() // 2)))
        parts.append(part)
    if not parts:
        return None
    space = max(8, height * 2 // 3)
    total = sum(p.get_width() for p in parts) + space * (len(parts) - 1)
    row = pygame.Surface((total, max(p.get_height() for p in parts)), pygame.SRCALPHA)
    x = 0
    for part in parts:
        row.blit(part, part.get_rect(midleft=(x, row.get_height() // 2)))
        x += part.get_width() + space
    return row


def hint_strip(
    hints: Sequence[Hint], device: Device, theme: Theme, scale: float
) -> tuple[pygame.Surface, pygame.Rect] | None:
    """``hint_row`` sized for a strip at ``scale``, and the strip's rect (at the origin: place
    it, then :func:`draw_strip`); None when no hint applies to ``device``."""
    height = max(16, round(26 * scale))
    row = hint_row(hints, device, height, theme)
    if row is None:
        return None
    pad = max(6, height // 2)
    return row, pygame.Rect(0, 0, row.get_width() + 2 * pad, row.get_height() + pad)


def draw_strip(
    surface: pygame.Surface, row: pygame.Surface, rect: pygame.Rect, theme: Theme
) -> None:
    """A hint row on its translucent pill at ``rect``."""
    surfaces.draw_panel(surface, rect, (*theme.panel[:3], 210), theme.panel_edge, rect.h // 2, 1)
    surface.blit(row, row.get_rect(center=rect.center))


def place_clear_of(
    strip: pygame.Rect,
    screen: tuple[int, int],
    margin: int,
    titles: Sequence[pygame.Rect],
    items: Callable[[], Sequence[pygame.Rect]],
) -> pygame.Rect:
    """Where a prompt strip of ``strip``'s size goes: the top right corner, unless a page
    title is there (a centred title in a narrow window); then the lowest place along the
    right edge, else the left, that covers no title and none of ``items()`` (the buttons),
    and failing that just under the titles. ``items`` is asked only when the corner is taken:
    the table, drawn every frame, has no title."""
    width, height = screen
    rect = strip.copy()
    rect.topright = (width - margin, margin)
    if rect.collidelist(titles) < 0:
        return rect
    gap = max(2, margin // 2)
    taken = [r.inflate(2 * gap, 2 * gap) for r in (*titles, *items())]
    step = max(2, rect.h // 4)
    for x in (width - margin - rect.w, margin):
        y = height - margin - rect.h
        while y >= margin:
            rect.topleft = (x, y)
            if rect.collidelist(taken) < 0:
                return rect
            y -= step
    rect.topright = (width - margin, max(t.bottom for t in titles) + gap)
    return rect


# ----------------------------------------------------------------------------- pictures


def _cap(width: int, height: int, theme: Theme) -> pygame.Surface:
    """A key cap: a lighter top over a darker rim, like a real key seen from above."""
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = max(3, height // 5)
    rim = mix(theme.text, (0, 0, 0), 0.45)
    pygame.draw.rect(surf, rim, (0, 0, width, height), border_radius=radius)
    top = pygame.Rect(1, 1, width - 2, height - max(3, height // 6))
    pygame.draw.rect(surf, mix(theme.text, (255, 255, 255), 0.3), top, border_radius=radius)
    return surf


def _keycap(label: str, height: int, theme: Theme) -> pygame.Surface:
    size = max(9, round(height * 0.5))
    words = typeset.text(label, size, (30, 30, 34), bold=True)
    width = max(height, words.get_width() + height // 2)
    surf = _cap(width, height, theme)
    surf.blit(words, words.get_rect(center=(width // 2, (height - max(3, height // 6)) // 2 + 1)))
    return surf


def _triangle(surf: pygame.Surface, rect: pygame.Rect, direction: str, colour: RGB) -> None:
    cx, cy = rect.center
    r = max(2, min(rect.w, rect.h) // 4)
    points = {
        "up": [(cx, cy - r), (cx - r, cy + r // 2), (cx + r, cy + r // 2)],
        "down": [(cx, cy + r), (cx - r, cy - r // 2), (cx + r, cy - r // 2)],
        "left": [(cx - r, cy), (cx + r // 2, cy - r), (cx + r // 2, cy + r)],
        "right": [(cx + r, cy), (cx - r // 2, cy - r), (cx - r // 2, cy + r)],
    }[direction]
    pygame.draw.polygon(surf, colour, points)


def _arrows(height: int, theme: Theme, vertical: bool) -> pygame.Surface:
    """Arrow keys: the inverted T (or just left and right)."""
    ink = (30, 30, 34)
    if vertical:
        k = max(6, height // 2)
        surf = pygame.Surface((3 * k + 2, 2 * k + 1), pygame.SRCALPHA)
        spots = {
            "up": (k + 1, 0),
            "left": (0, k + 1),
            "down": (k + 1, k + 1),
            "right": (2 * k + 2, k + 1),
        }
    else:
        k = max(8, round(height * 0.8))
        surf = pygame.Surface((2 * k + 2, height), pygame.SRCALPHA)
        top = (height - k) // 2
        spots = {"left": (0, top), "right": (k + 2, top)}
    for direction, (x, y) in spots.items():
        cap = _cap(k, k, theme)
        _triangle(cap, pygame.Rect(0, 0, k, k - max(2, k // 6)), direction, ink)
        surf.blit(cap, (x, y))
    return surf


def _face(letter: str, height: int) -> pygame.Surface:
    colour = FACE_COLOURS.get(letter, (150, 150, 150))
    surf = pygame.Surface((height, height), pygame.SRCALPHA)
    r = height // 2
    pygame.draw.circle(surf, mix(colour, (0, 0, 0), 0.45), (r, r), r)
    pygame.draw.circle(surf, colour, (r, r - max(1, height // 14)), r - max(1, height // 12))
    words = typeset.text(letter, max(9, round(height * 0.58)), (255, 255, 255), bold=True)
    surf.blit(words, words.get_rect(center=(r, r - max(1, height // 14))))
    return surf


def _dpad(height: int, theme: Theme) -> pygame.Surface:
    surf = pygame.Surface((height, height), pygame.SRCALPHA)
    arm = max(4, height // 3)
    body = mix(theme.text, (0, 0, 0), 0.25)
    edge = mix(theme.text, (0, 0, 0), 0.6)
    for rect in (
        pygame.Rect((height - arm) // 2, 0, arm, height),
        pygame.Rect(0, (height - arm) // 2, height, arm),
    ):
        pygame.draw.rect(surf, edge, rect, border_radius=max(2, arm // 4))
        pygame.draw.rect(surf, body, rect.inflate(-2, -2), border_radius=max(2, arm // 4))
    ink = (30, 30, 34)
    for direction, centre in (
        ("up", (height // 2, arm // 2)),
        ("down", (height // 2, height - arm // 2)),
        ("left", (arm // 2, height // 2)),
        ("right", (height - arm // 2, height // 2)),
    ):
        _triangle(
            surf,
            pygame.Rect(0, 0, arm, arm).move(centre[0] - arm // 2, centre[1] - arm // 2),
            direction,
            ink,
        )
    return surf


def _start(height: int, theme: Theme) -> pygame.Surface:
    width = round(height * 1.5)
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    pill = pygame.Rect(0, height // 5, width, height - 2 * (height // 5))
    pygame.draw.rect(surf, mix(theme.text, (0, 0, 0), 0.55), pill, border_radius=pill.h // 2)
    pygame.draw.rect(
        surf, mix(theme.text, (0, 0, 0), 0.2), pill.inflate(-2, -2), border_radius=pill.h // 2
    )
    ink = (30, 30, 34)
    for i in (-1, 0, 1):  # the "menu" lines printed on most Start buttons
        y = pill.centery + i * max(2, pill.h // 4)
        pygame.draw.line(
            surf,
            ink,
            (pill.centerx - pill.h // 2, y),
            (pill.centerx + pill.h // 2, y),
            max(1, height // 14),
        )
    return surf


def _shoulder(label: str, height: int, theme: Theme) -> pygame.Surface:
    width = round(height * 1.6)
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    body = pygame.Rect(0, height // 6, width, height - height // 6)
    pygame.draw.rect(
        surf,
        mix(theme.text, (0, 0, 0), 0.55),
        body,
        border_top_left_radius=height // 2,
        border_top_right_radius=height // 2,
        border_bottom_left_radius=3,
        border_bottom_right_radius=3,
    )
    pygame.draw.rect(
        surf,
        mix(theme.text, (0, 0, 0), 0.2),
        body.inflate(-2, -2),
        border_top_left_radius=height // 2,
        border_top_right_radius=height // 2,
        border_bottom_left_radius=3,
        border_bottom_right_radius=3,
    )
    words = typeset.text(label, max(8, round(height * 0.45)), (30, 30, 34), bold=True)
    surf.blit(words, words.get_rect(center=body.center))
    return surf


def _mouse(height: int, theme: Theme) -> pygame.Surface:
    width = max(8, round(height * 0.7))
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    body = pygame.Rect(0, 0, width, height)
    shell = mix(theme.text, (0, 0, 0), 0.15)
    edge = mix(theme.text, (0, 0, 0), 0.6)
    pygame.draw.rect(surf, edge, body, border_radius=width // 2)
    pygame.draw.rect(surf, shell, body.inflate(-2, -2), border_radius=width // 2)
    # the left button lit: the one a click uses
    left = pygame.Rect(1, 1, width // 2 - 1, height * 2 // 5)
    pygame.draw.rect(surf, theme.accent, left, border_top_left_radius=width // 2)
    pygame.draw.line(surf, edge, (width // 2, 1), (width // 2, height * 2 // 5), 1)
    pygame.draw.line(surf, edge, (1, height * 2 // 5), (width - 2, height * 2 // 5), 1)
    return surf


def _finger(height: int, theme: Theme) -> pygame.Surface:
    """A fingertip pressing, with the ripple of a tap."""
    surf = pygame.Surface((height, height), pygame.SRCALPHA)
    c = height // 2
    ripple = (*theme.accent, 160)
    pygame.draw.circle(surf, ripple, (c, c), c - 1, max(1, height // 12))
    pygame.draw.circle(surf, ripple, (c, c), c * 2 // 3, max(1, height // 14))
    pygame.draw.circle(surf, mix(theme.text, (0, 0, 0), 0.1), (c, c), max(3, c // 2))
    pygame.draw.circle(surf, mix(theme.text, (0, 0, 0), 0.6), (c, c), max(3, c // 2), 1)
    return surf

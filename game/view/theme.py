"""Colour themes: the table felt, tile faces and backs, highlights, text and the pip palette.

A theme is a frozen value, so it can be part of a cache key and swapped whole from settings.
Pip palettes hold 19 colours, index = pip count 0..18. Index 0 (the blank) never draws a pip;
its colour is for numerals and badges only.

How the palettes were checked: each colour's WCAG contrast against the tile face, and the
smallest CIEDE2000 distance between any two colours, both as seen and under Machado (2009)
simulations of protanopia, deuteranopia and tritanopia (tests/view/test_theme.py repeats the
check, so a palette edit cannot quietly make two numbers look alike).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

PIP_COUNTS = 19  # 0..18: a double-eighteen set


@dataclass(frozen=True)
class Theme:
    id: str
    name: str
    # Table: a felt with a lighter centre and darker rim (drawn as a radial vignette).
    felt: RGB
    felt_light: RGB
    felt_dark: RGB
    # Tile body. The face is a slight top-to-bottom gradient; the side shows under the face to
    # read as a thick slab lit from above.
    tile_face: RGB
    tile_face_shade: RGB
    tile_side: RGB
    tile_outline: RGB
    tile_highlight: RGB
    tile_shadow: RGBA
    divider: RGB
    divider_light: RGB
    spinner: RGB
    spinner_light: RGB
    # Face-down tiles.
    back_face: RGB
    back_face_shade: RGB
    back_pattern: RGB
    back_accent: RGB
    # States. Legal and refusal differ in hue *and* lightness so neither depends on red/green.
    legal_glow: RGB
    refusal: RGB
    focus_ring: RGB
    selected: RGB
    dim_overlay: RGBA
    # Text and panels.
    text: RGB
    text_dim: RGB
    text_dark: RGB
    accent: RGB
    panel: RGBA
    panel_edge: RGB
    pip_colours: tuple[RGB, ...] = field(default_factory=tuple)

    def __post_init__(self) -> None:
        if len(self.pip_colours) != PIP_COUNTS:
            raise ValueError(
                f"{self.id}: need {PIP_COUNTS} pip colours, got {len(self.pip_colours)}"
            )
        # the colours come from a table: a slip there is said here, not drawn oddly later
        for part in fields(self):
            value = getattr(self, part.name)
            if part.type in ("RGB", "RGBA"):
                _check_colour(f"{self.id}.{part.name}", value, 4 if part.type == "RGBA" else 3)
        for n, colour in enumerate(self.pip_colours):
            _check_colour(f"{self.id}.pip_colours[{n}]", colour, 3)

    def pip_colour(self, n: int) -> RGB:
        return self.pip_colours[n]


def _check_colour(what: str, value: object, channels: int) -> None:
    """Raise ValueError unless ``value`` is ``channels`` whole numbers 0..255."""
    if not (
        isinstance(value, tuple)
        and len(value) == channels
        and all(type(v) is int and 0 <= v <= 255 for v in value)
    ):
        raise ValueError(f"{what}: need {channels} whole numbers 0..255, got {value!r}")


# The pip palettes, a column a theme as in the colours' table below (index = pip count; 0, the
# blank, is for numerals only).
#
# Cantina: a classic, vivid set for players with typical colour vision. Familiar anchors from
# physical double-eighteen sets (1 sky blue, 2 green, 3 red, 4 brown, 5 royal blue, 6 amber -
# yellow is unreadable on ivory, so it is darkened to amber), then hues spaced around the wheel
# with the later numbers in darker or lighter steps. Smallest normal-vision CIEDE2000 gap: ~13.5.
#
# Colour-blind safe: Okabe-Ito's eight colours (built for dichromats) cover 1-7; yellow is
# dropped because it vanishes on ivory. Dichromats keep only lightness and one chroma axis, so
# 8-18 add darker and greyer steps of the same families, tuned by search for the widest
# worst-case gap across protan/deutan/tritan simulations (~7.7 CIEDE2000, vs ~0 for Cantina's).
# Greys and muted tones are deliberate: lightness is the channel every viewer keeps. Numerals
# are the backstop for anything still close.
#
# High contrast: every pip colour has >= 4.5:1 contrast against the white face (WCAG AA for
# text), so pips read for low vision. Within that dark band, hues were spread by search for the
# widest normal-vision gap (~21 CIEDE2000).
# fmt: off
_PIPS: tuple[tuple[RGB, RGB, RGB], ...] = (
    ((96, 100, 110),  (90, 90, 96),    (60, 60, 60)),   #  0 slate · neutral grey · charcoal
    ((30, 144, 214),  (86, 180, 233),  (3, 106, 201)),  #  1 sky blue · sky blue · blue
    ((34, 150, 64),   (213, 94, 0),    (0, 120, 85)),   #  2 green · vermillion · green
    ((214, 40, 40),   (0, 158, 115),   (183, 1, 56)),   #  3 red · bluish green · crimson
    ((140, 90, 40),   (204, 121, 167), (78, 66, 16)),   #  4 brown · reddish purple · olive brown
    ((40, 60, 190),   (0, 114, 178),   (0, 5, 61)),     #  5 royal blue · blue · midnight
    ((205, 150, 0),   (230, 159, 0),   (157, 108, 0)),  #  6 amber · orange · ochre
    ((128, 50, 170),  (0, 0, 0),       (0, 0, 0)),      #  7 purple · black · black
    ((0, 140, 140),   (64, 16, 136),   (0, 129, 147)),  #  8 teal · indigo · teal
    ((225, 60, 150),  (84, 88, 10),    (221, 2, 156)),  #  9 pink · dark olive · magenta
    ((240, 110, 20),  (113, 118, 124), (207, 68, 0)),   # 10 orange · slate grey · orange
    ((20, 20, 24),    (56, 20, 220),   (3, 64, 81)),    # 11 black · ultramarine · petrol
    ((120, 130, 20),  (167, 169, 198), (103, 126, 0)),  # 12 olive · lavender grey · olive
    ((130, 20, 40),   (31, 85, 118),   (97, 31, 0)),    # 13 maroon · deep teal · brown
    ((20, 90, 60),    (126, 89, 75),   (0, 50, 25)),    # 14 forest · taupe · forest
    ((150, 120, 210), (143, 179, 160), (139, 74, 255)),  # 15 lavender · sage · violet
    ((20, 40, 100),   (56, 8, 54),     (125, 101, 109)),  # 16 navy · plum · mauve grey
    ((0, 190, 170),   (60, 48, 8),     (113, 3, 135)),  # 17 aqua · bronze · plum
    ((90, 60, 30),    (96, 48, 70),    (61, 0, 27)),    # 18 chocolate · mauve · wine
)
# fmt: on


# The themes' colours, a column a theme: Cantina (DEFAULT), Colour-blind safe, High contrast.
# fmt: off
_COLOURS: dict[str, tuple[RGB | RGBA, RGB | RGBA, RGB | RGBA]] = {
    # The table: a felt with a lighter centre and darker rim (a radial vignette). Cantina: deep
    # billiard green, low saturation so coloured pips, not the table, draw the eye. Colour-blind
    # safe: blue-grey slate, a hue no pip colour shares, and "dark" for every viewer. High
    # contrast: near-black, with white tiles in a black rim: the most figure/ground separation.
    "felt":            ((28, 92, 62),      (38, 56, 76),      (16, 16, 16)),
    "felt_light":      ((40, 116, 80),     (52, 74, 98),      (30, 30, 30)),
    "felt_dark":       ((14, 52, 36),      (20, 30, 44),      (0, 0, 0)),
    # The tile's body. Cantina's face is a warm ivory like bone or urea tiles: pure white glares
    # next to saturated pips.
    "tile_face":       ((250, 245, 230),   (250, 246, 234),   (255, 253, 245)),
    "tile_face_shade": ((232, 224, 202),   (232, 226, 208),   (244, 240, 228)),
    "tile_side":       ((196, 182, 150),   (192, 182, 156),   (150, 150, 150)),
    "tile_outline":    ((92, 78, 56),      (70, 62, 50),      (0, 0, 0)),
    "tile_highlight":  ((255, 255, 252),   (255, 255, 252),   (255, 255, 255)),
    "tile_shadow":     ((0, 0, 0, 110),    (0, 0, 0, 120),    (0, 0, 0, 160)),
    "divider":         ((150, 136, 110),   (140, 130, 110),   (0, 0, 0)),
    "divider_light":   ((255, 252, 242),   (255, 252, 244),   (255, 255, 255)),
    "spinner":         ((196, 156, 72),    (180, 170, 150),   (60, 60, 60)),
    "spinner_light":   ((248, 226, 160),   (240, 236, 226),   (180, 180, 180)),
    # Face-down tiles. Cantina's terracotta back with gold is a warm contrast to the green felt.
    "back_face":       ((150, 48, 36),     (0, 84, 130),      (20, 20, 90)),
    "back_face_shade": ((112, 32, 26),     (0, 58, 94),       (10, 10, 60)),
    "back_pattern":    ((176, 70, 52),     (20, 106, 156),    (50, 50, 140)),
    "back_accent":     ((232, 186, 92),    (230, 159, 0),     (255, 255, 255)),
    # States; legal and refusal differ in hue *and* lightness so neither depends on red/green.
    # Cantina: warm gold for "you can play here", cool cyan for the keyboard's focus, red for
    # refusals. Colour-blind safe: legal sky blue (light), refusal vermillion (mid), apart in
    # lightness and on the blue-yellow axis every dichromacy keeps; focus yellow, the lightest.
    # High contrast: selected is green, as white would vanish against the white face.
    "legal_glow":      ((255, 214, 74),    (86, 180, 233),    (255, 230, 0)),
    "refusal":         ((235, 64, 52),     (213, 94, 0),      (255, 40, 40)),
    "focus_ring":      ((96, 210, 255),    (240, 228, 66),    (0, 220, 255)),
    "selected":        ((255, 240, 170),   (255, 244, 190),   (0, 230, 118)),
    "dim_overlay":     ((40, 44, 48, 110), (30, 34, 40, 120), (0, 0, 0, 140)),
    # Text and panels.
    "text":            ((246, 240, 226),   (246, 244, 236),   (255, 255, 255)),
    "text_dim":        ((186, 204, 190),   (180, 192, 206),   (210, 210, 210)),
    "text_dark":       ((40, 34, 28),      (30, 30, 30),      (0, 0, 0)),
    "accent":          ((240, 190, 80),    (240, 228, 66),    (255, 230, 0)),
    "panel":           ((10, 30, 22, 200), (12, 20, 32, 210), (0, 0, 0, 230)),
    "panel_edge":      ((120, 170, 140),   (120, 150, 180),   (255, 255, 255)),
}
# fmt: on


def _theme(column: int, theme_id: str, name: str) -> Theme:
    """The theme in ``column`` of the colours' and pips' tables."""
    colours: dict[str, Any] = {part: row[column] for part, row in _COLOURS.items()}
    pips = tuple(row[column] for row in _PIPS)
    return Theme(id=theme_id, name=name, pip_colours=pips, **colours)


DEFAULT = _theme(0, "default", "Cantina")
COLOUR_BLIND_SAFE = _theme(1, "colour_blind_safe", "Colour-blind safe")
HIGH_CONTRAST = _theme(2, "high_contrast", "High contrast")

THEMES: dict[str, Theme] = {t.id: t for t in (DEFAULT, COLOUR_BLIND_SAFE, HIGH_CONTRAST)}


def mix(c1: RGB, c2: RGB, f: float) -> RGB:
    """``c1`` moved a fraction ``f`` of the way to ``c2``."""
    return (
        round(c1[0] + (c2[0] - c1[0]) * f),
        round(c1[1] + (c2[1] - c1[1]) * f),
        round(c1[2] + (c2[2] - c1[2]) * f),
    )


def darken(c: RGB, f: float) -> RGB:
    """``c`` a fraction ``f`` of the way to black."""
    return mix(c, (0, 0, 0), f)


def luminance(c: RGB) -> float:
    """WCAG relative luminance of an sRGB colour."""

    def lin(v: int) -> float:
        s = v / 255.0
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])


def contrast(c1: RGB, c2: RGB) -> float:
    """WCAG contrast ratio of two colours (1 to 21)."""
    hi, lo = sorted((luminance(c1), luminance(c2)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def readable(colour: RGB, face: RGB, min_contrast: float) -> RGB:
    """``colour`` darkened just enough to reach ``min_contrast`` against ``face``."""
    out = colour
    step = 0
    while contrast(out, face) < min_contrast and step < 20:
        step += 1
        out = darken(colour, step * 0.05)
    return out


def theme_by_id(theme_id: str) -> Theme:
    """The theme with this id, or DEFAULT for an unknown id (e.g. from an old settings file)."""
    return THEMES.get(theme_id, DEFAULT)

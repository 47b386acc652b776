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

from dataclasses import dataclass, field

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

    def pip_colour(self, n: int) -> RGB:
        return self.pip_colours[n]


# Classic, vivid set for players with typical colour vision. Familiar anchors from physical
# double-eighteen sets (1 sky blue, 2 green, 3 red, 4 brown, 5 royal blue, 6 amber - yellow is
# unreadable on ivory, so it is darkened to amber), then hues spaced around the wheel with the
# later numbers in darker or lighter steps. Smallest normal-vision CIEDE2000 gap: ~13.5.
_DEFAULT_PIPS: tuple[RGB, ...] = (
    (96, 100, 110),  # 0 slate (numerals only)
    (30, 144, 214),  # 1 sky blue
    (34, 150, 64),  # 2 green
    (214, 40, 40),  # 3 red
    (140, 90, 40),  # 4 brown
    (40, 60, 190),  # 5 royal blue
    (205, 150, 0),  # 6 amber
    (128, 50, 170),  # 7 purple
    (0, 140, 140),  # 8 teal
    (225, 60, 150),  # 9 pink
    (240, 110, 20),  # 10 orange
    (20, 20, 24),  # 11 black
    (120, 130, 20),  # 12 olive
    (130, 20, 40),  # 13 maroon
    (20, 90, 60),  # 14 forest
    (150, 120, 210),  # 15 lavender
    (20, 40, 100),  # 16 navy
    (0, 190, 170),  # 17 aqua
    (90, 60, 30),  # 18 chocolate
)

# Okabe-Ito's eight colours (built for dichromats) cover 1-7; yellow is dropped because it
# vanishes on ivory. Dichromats keep only lightness and one chroma axis, so 8-18 add darker and
# greyer steps of the same families, tuned by search for the widest worst-case gap across
# protan/deutan/tritan simulations (~7.7 CIEDE2000, vs ~0 for the default palette). Greys and
# muted tones are deliberate: lightness is the channel every viewer keeps. Numerals are the
# backstop for anything still close.
_CB_PIPS: tuple[RGB, ...] = (
    (90, 90, 96),  # 0 neutral grey (numerals only)
    (86, 180, 233),  # 1 sky blue (Okabe-Ito)
    (213, 94, 0),  # 2 vermillion (Okabe-Ito)
    (0, 158, 115),  # 3 bluish green (Okabe-Ito)
    (204, 121, 167),  # 4 reddish purple (Okabe-Ito)
    (0, 114, 178),  # 5 blue (Okabe-Ito)
    (230, 159, 0),  # 6 orange (Okabe-Ito)
    (0, 0, 0),  # 7 black (Okabe-Ito)
    (64, 16, 136),  # 8 indigo
    (84, 88, 10),  # 9 dark olive
    (113, 118, 124),  # 10 slate grey
    (56, 20, 220),  # 11 ultramarine
    (167, 169, 198),  # 12 lavender grey
    (31, 85, 118),  # 13 deep teal
    (126, 89, 75),  # 14 taupe
    (143, 179, 160),  # 15 sage
    (56, 8, 54),  # 16 plum
    (60, 48, 8),  # 17 bronze
    (96, 48, 70),  # 18 mauve
)

# High contrast: every pip colour has >= 4.5:1 contrast against the white face (WCAG AA for
# text), so pips read for low vision. Within that dark band, hues were spread by search for the
# widest normal-vision gap (~21 CIEDE2000).
_HC_PIPS: tuple[RGB, ...] = (
    (60, 60, 60),  # 0 charcoal
    (3, 106, 201),  # 1 blue
    (0, 120, 85),  # 2 green
    (183, 1, 56),  # 3 crimson
    (78, 66, 16),  # 4 olive brown
    (0, 5, 61),  # 5 midnight
    (157, 108, 0),  # 6 ochre
    (0, 0, 0),  # 7 black
    (0, 129, 147),  # 8 teal
    (221, 2, 156),  # 9 magenta
    (207, 68, 0),  # 10 orange
    (3, 64, 81),  # 11 petrol
    (103, 126, 0),  # 12 olive
    (97, 31, 0),  # 13 brown
    (0, 50, 25),  # 14 forest
    (139, 74, 255),  # 15 violet
    (125, 101, 109),  # 16 mauve grey
    (113, 3, 135),  # 17 plum
    (61, 0, 27),  # 18 wine
)


DEFAULT = Theme(
    id="default",
    name="Cantina",
    # Deep billiard green: low saturation so coloured pips, not the table, draw the eye.
    felt=(28, 92, 62),
    felt_light=(40, 116, 80),
    felt_dark=(14, 52, 36),
    # Warm ivory like bone/urea tiles; pure white glares next to saturated pips.
    tile_face=(250, 245, 230),
    tile_face_shade=(232, 224, 202),
    tile_side=(196, 182, 150),
    tile_outline=(92, 78, 56),
    tile_highlight=(255, 255, 252),
    tile_shadow=(0, 0, 0, 110),
    divider=(150, 136, 110),
    divider_light=(255, 252, 242),
    spinner=(196, 156, 72),
    spinner_light=(248, 226, 160),
    # Terracotta back with gold: a warm contrast to the green felt.
    back_face=(150, 48, 36),
    back_face_shade=(112, 32, 26),
    back_pattern=(176, 70, 52),
    back_accent=(232, 186, 92),
    # Warm gold for "you can play here", cool cyan for keyboard focus, red for refusals.
    legal_glow=(255, 214, 74),
    refusal=(235, 64, 52),
    focus_ring=(96, 210, 255),
    selected=(255, 240, 170),
    dim_overlay=(40, 44, 48, 110),
    text=(246, 240, 226),
    text_dim=(186, 204, 190),
    text_dark=(40, 34, 28),
    accent=(240, 190, 80),
    panel=(10, 30, 22, 200),
    panel_edge=(120, 170, 140),
    pip_colours=_DEFAULT_PIPS,
)

COLOUR_BLIND_SAFE = Theme(
    id="colour_blind_safe",
    name="Colour-blind safe",
    # Blue-grey slate felt: no hue any of the pip colours shares, and it stays "dark" for all.
    felt=(38, 56, 76),
    felt_light=(52, 74, 98),
    felt_dark=(20, 30, 44),
    tile_face=(250, 246, 234),
    tile_face_shade=(232, 226, 208),
    tile_side=(192, 182, 156),
    tile_outline=(70, 62, 50),
    tile_highlight=(255, 255, 252),
    tile_shadow=(0, 0, 0, 120),
    divider=(140, 130, 110),
    divider_light=(255, 252, 244),
    spinner=(180, 170, 150),
    spinner_light=(240, 236, 226),
    back_face=(0, 84, 130),
    back_face_shade=(0, 58, 94),
    back_pattern=(20, 106, 156),
    back_accent=(230, 159, 0),
    # Legal = sky blue (light), refusal = vermillion (mid): apart in lightness and on the
    # blue-yellow axis, which all three dichromacies keep. Focus = yellow, lightest of all.
    legal_glow=(86, 180, 233),
    refusal=(213, 94, 0),
    focus_ring=(240, 228, 66),
    selected=(255, 244, 190),
    dim_overlay=(30, 34, 40, 120),
    text=(246, 244, 236),
    text_dim=(180, 192, 206),
    text_dark=(30, 30, 30),
    accent=(240, 228, 66),
    panel=(12, 20, 32, 210),
    panel_edge=(120, 150, 180),
    pip_colours=_CB_PIPS,
)

HIGH_CONTRAST = Theme(
    id="high_contrast",
    name="High contrast",
    # Near-black table, white tiles with a black rim: maximum figure/ground separation.
    felt=(16, 16, 16),
    felt_light=(30, 30, 30),
    felt_dark=(0, 0, 0),
    tile_face=(255, 253, 245),
    tile_face_shade=(244, 240, 228),
    tile_side=(150, 150, 150),
    tile_outline=(0, 0, 0),
    tile_highlight=(255, 255, 255),
    tile_shadow=(0, 0, 0, 160),
    divider=(0, 0, 0),
    divider_light=(255, 255, 255),
    spinner=(60, 60, 60),
    spinner_light=(180, 180, 180),
    back_face=(20, 20, 90),
    back_face_shade=(10, 10, 60),
    back_pattern=(50, 50, 140),
    back_accent=(255, 255, 255),
    legal_glow=(255, 230, 0),
    refusal=(255, 40, 40),
    focus_ring=(0, 220, 255),
    selected=(0, 230, 118),  # white would vanish against the white face
    dim_overlay=(0, 0, 0, 140),
    text=(255, 255, 255),
    text_dim=(210, 210, 210),
    text_dark=(0, 0, 0),
    accent=(255, 230, 0),
    panel=(0, 0, 0, 230),
    panel_edge=(255, 255, 255),
    pip_colours=_HC_PIPS,
)

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

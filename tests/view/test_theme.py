"""Themes: complete palettes whose pip colours stay apart, for typical and colour-blind vision.

Distances are CIEDE2000; dichromacy uses the Machado, Oliveira & Fernandes (2009) matrices at
full severity, applied in linear RGB. Thresholds sit a little under the tuned values, so a
palette edit that makes two numbers look alike fails here.
"""

from __future__ import annotations

import dataclasses
import itertools
import math

import pytest

from game.view.theme import (
    COLOUR_BLIND_SAFE,
    DEFAULT,
    HIGH_CONTRAST,
    PIP_COUNTS,
    THEMES,
    Theme,
    theme_by_id,
)

Colour = tuple[float, float, float]


def _lin(c: float) -> float:
    c /= 255.0
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _unlin(c: float) -> float:
    c = min(1.0, max(0.0, c))
    return 255.0 * (12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055)


def _luminance(rgb: Colour) -> float:
    r, g, b = (_lin(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Colour, b: Colour) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _lab(rgb: Colour) -> Colour:
    r, g, b = (_lin(v) for v in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(c1: Colour, c2: Colour) -> float:
    l1, a1, b1 = _lab(c1)
    l2, a2, b2 = _lab(c2)
    cb = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(cb**7 / (cb**7 + 25**7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360
    h2p = math.degrees(math.atan2(b2, a2p)) % 360
    dh = h2p - h1p
    if c1p * c2p == 0:
        dh = 0.0
    elif dh > 180:
        dh -= 360
    elif dh < -180:
        dh += 360
    d_l, d_c = l2 - l1, c2p - c1p
    d_h = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    lbar, cbar = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        hbar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hbar = (h1p + h2p) / 2
    else:
        hbar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(hbar - 30))
        + 0.24 * math.cos(math.radians(2 * hbar))
        + 0.32 * math.cos(math.radians(3 * hbar + 6))
        - 0.20 * math.cos(math.radians(4 * hbar - 63))
    )
    rc = 2 * math.sqrt(cbar**7 / (cbar**7 + 25**7))
    sl = 1 + 0.015 * (lbar - 50) ** 2 / math.sqrt(20 + (lbar - 50) ** 2)
    sc, sh = 1 + 0.045 * cbar, 1 + 0.015 * cbar * t
    rt = -math.sin(math.radians(60 * math.exp(-(((hbar - 275) / 25) ** 2)))) * rc
    return math.sqrt(
        (d_l / sl) ** 2 + (d_c / sc) ** 2 + (d_h / sh) ** 2 + rt * (d_c / sc) * (d_h / sh)
    )


MACHADO = {
    "protan": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
               (-0.003882, -0.048116, 1.051998)),
    "deutan": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
               (-0.011820, 0.042940, 0.968881)),
    "tritan": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
               (0.004733, 0.691367, 0.303900)),
}  # fmt: skip


def simulate(rgb: Colour, kind: str) -> Colour:
    m = MACHADO[kind]
    lin = [_lin(v) for v in rgb]
    r, g, b = (_unlin(sum(m[i][j] * lin[j] for j in range(3))) for i in range(3))
    return r, g, b


def min_gap(theme: Theme, kind: str | None = None) -> float:
    cols = [c if kind is None else simulate(c, kind) for c in theme.pip_colours[1:]]
    return min(ciede2000(a, b) for a, b in itertools.combinations(cols, 2))


@pytest.mark.parametrize("theme", THEMES.values(), ids=lambda t: t.id)
def test_palette_is_complete_and_valid(theme: Theme) -> None:
    assert len(theme.pip_colours) == PIP_COUNTS == 19
    assert len(set(theme.pip_colours)) == 19
    for c in theme.pip_colours:
        assert all(0 <= v <= 255 for v in c)
    assert hash(theme)  # frozen: usable in cache keys
    with pytest.raises(dataclasses.FrozenInstanceError):
        theme.id = "x"  # type: ignore[misc]


def test_default_palette_distinct_for_typical_vision() -> None:
    assert min_gap(DEFAULT) > 12.0
    for c in DEFAULT.pip_colours[1:]:
        assert contrast(c, DEFAULT.tile_face) > 2.0


@pytest.mark.parametrize("kind", [None, "protan", "deutan", "tritan"])
def test_colour_blind_palette_distinct_under_each_dichromacy(kind: str | None) -> None:
    assert min_gap(COLOUR_BLIND_SAFE, kind) > 7.0
    # The default palette is not: this is what the variant is for.
    if kind == "deutan":
        assert min_gap(DEFAULT, kind) < 2.0


def test_colour_blind_states_differ_in_lightness() -> None:
    th = COLOUR_BLIND_SAFE
    for kind in ("protan", "deutan", "tritan"):
        legal = simulate(th.legal_glow, kind)
        refusal = simulate(th.refusal, kind)
        assert ciede2000(legal, refusal) > 20.0


def test_high_contrast_pips_meet_text_contrast() -> None:
    for c in HIGH_CONTRAST.pip_colours:
        assert contrast(c, HIGH_CONTRAST.tile_face) >= 4.5
    assert contrast(HIGH_CONTRAST.tile_face, HIGH_CONTRAST.felt) > 15
    assert min_gap(HIGH_CONTRAST) > 18.0


@pytest.mark.parametrize("theme", THEMES.values(), ids=lambda t: t.id)
def test_text_reads_on_felt(theme: Theme) -> None:
    assert contrast(theme.text, theme.felt) >= 4.5


def test_theme_by_id_falls_back_to_default() -> None:
    assert theme_by_id("colour_blind_safe") is COLOUR_BLIND_SAFE
    assert theme_by_id("no-such-theme") is DEFAULT


def test_the_settings_file_accepts_exactly_the_themes_the_game_draws() -> None:
    """The store checks a saved theme without importing the view: its list is the view's."""
    from game.store.settings import THEME_IDS
    from game.view.theme import THEMES

    assert tuple(THEMES) == THEME_IDS

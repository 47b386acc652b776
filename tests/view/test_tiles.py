"""Tile drawing: pip layouts, surface sizes, caching, numerals, backs, states."""

from __future__ import annotations

import itertools
import math
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.view.theme import THEMES  # noqa: E402
from game.view.tiles import (  # noqa: E402
    MAX_PIPS,
    Highlight,
    TileRenderer,
    pip_layout,
)

WIDTHS = (18, 24, 40, 64, 120, 200)


@pytest.fixture(scope="module", autouse=True)
def _fonts() -> None:
    pygame.font.init()


def _pixels(surf: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surf, "RGBA")


@pytest.mark.parametrize("vertical", [True, False])
@pytest.mark.parametrize("n", range(MAX_PIPS + 1))
def test_pip_layout_count_spacing_and_bounds(n: int, vertical: bool) -> None:
    layout = pip_layout(n, vertical)
    assert len(layout.centres) == n
    r = layout.radius
    for a, b in itertools.combinations(layout.centres, 2):
        # Not just "no overlap": keep a visible gap of at least half a radius.
        assert math.dist(a, b) > 2.5 * r, (n, a, b)
    for x, y in layout.centres:
        # Inside the half with a margin, clear of the tile rim and the divider.
        assert r + 0.05 <= x <= 1 - r - 0.05
        assert r + 0.05 <= y <= 1 - r - 0.05


@pytest.mark.parametrize("n", range(MAX_PIPS + 1))
def test_pip_layout_is_centred(n: int) -> None:
    # Every pattern is balanced about the half's centre, so halves look even side by side.
    layout = pip_layout(n)
    if n:
        assert sum(x for x, _ in layout.centres) / n == pytest.approx(0.5)
        assert sum(y for _, y in layout.centres) / n == pytest.approx(0.5)


def test_pips_stay_legible_in_pixels_at_medium_size() -> None:
    # At a hand-tray size of 40 px every count keeps pips of >= 2 px radius, 1 px apart.
    half = 36  # face side of a 40 px tile, roughly
    for n in range(1, MAX_PIPS + 1):
        layout = pip_layout(n)
        r = layout.radius * half
        assert r >= 1.9, n
        for a, b in itertools.combinations(layout.centres, 2):
            assert math.dist(a, b) * half - 2 * r >= 1.0, n


def test_horizontal_layout_is_a_quarter_turn() -> None:
    v = pip_layout(6, vertical=True)
    h = pip_layout(6, vertical=False)
    # Upright six: two columns of three; lying six: two rows of three.
    assert len({round(x, 6) for x, _ in v.centres}) == 2
    assert len({round(y, 6) for _, y in h.centres}) == 2


def test_pip_layout_rejects_out_of_range() -> None:
    with pytest.raises(ValueError):
        pip_layout(19)
    with pytest.raises(ValueError):
        pip_layout(-1)


@pytest.mark.parametrize("width", WIDTHS)
def test_surface_sizes_match_request(width: int) -> None:
    r = TileRenderer()
    assert r.surface(3, 12, width).get_size() == (2 * width, width)
    assert r.surface(3, 12, width, vertical=True).get_size() == (width, 2 * width)
    assert r.surface(18, 17, width, numerals=True).get_size() == (2 * width, width)
    assert r.back(width).get_size() == (2 * width, width)
    assert r.back(width, vertical=True).get_size() == (width, 2 * width)
    p = r.pad(width)
    assert r.shadow(width).get_size() == (2 * width + 2 * p, width + 2 * p)
    assert r.glow(width, True).get_size() == (width + 2 * p, 2 * width + 2 * p)


def test_every_tile_of_a_double_eighteen_set_renders() -> None:
    r = TileRenderer(cache_size=4096)
    for a in range(MAX_PIPS + 1):
        for b in range(a, MAX_PIPS + 1):
            surf = r.surface(a, b, 30)
            assert surf.get_size() == (60, 30)
    assert r.cache_len == 190


def test_corners_are_transparent_and_centre_opaque() -> None:
    surf = TileRenderer().surface(5, 5, 60)
    assert surf.get_at((0, 0)).a == 0
    assert surf.get_at((119, 59)).a == 0
    assert surf.get_at((60, 30)).a == 255


def test_pips_are_drawn_in_their_colour() -> None:
    theme = THEMES["default"]
    r = TileRenderer(theme)
    surf = r.surface(1, 0, 100)  # one pip in the centre of the left half
    face = r.surface(0, 0, 100)
    assert _pixels(surf) != _pixels(face)
    c = surf.get_at((50, 48))
    expected = theme.pip_colour(1)
    assert max(abs(c.r - expected[0]), abs(c.g - expected[1]), abs(c.b - expected[2])) < 40


def test_cache_returns_same_object_for_same_key() -> None:
    r = TileRenderer()
    a = r.surface(4, 7, 40, vertical=True)
    assert r.surface(4, 7, 40, vertical=True) is a
    assert r.hits == 1
    assert r.surface(4, 7, 40) is not a  # orientation is part of the key
    assert r.surface(4, 7, 40, vertical=True, highlight=Highlight.LEGAL) is not a
    assert r.surface(4, 7, 40, vertical=True, theme=THEMES["high_contrast"]) is not a
    assert r.back(40) is r.back(40)


def test_cache_is_bounded_lru() -> None:
    r = TileRenderer(cache_size=3)
    first = r.surface(1, 1, 20)
    r.surface(2, 2, 20)
    r.surface(3, 3, 20)
    assert r.surface(1, 1, 20) is first  # touch: now most recent
    r.surface(4, 4, 20)  # evicts 2|2, the least recent
    assert r.cache_len == 3
    assert r.surface(1, 1, 20) is first
    misses = r.misses
    r.surface(2, 2, 20)
    assert r.misses == misses + 1


@pytest.mark.parametrize("width", (24, 60, 150))
def test_numerals_mode_differs_from_pips(width: int) -> None:
    r = TileRenderer()
    # (at 24 px a 12|18 is numerals either way: its pips would be too small to count)
    for a, b in ((3, 5), (12, 18), (6, 9)) if width > 24 else ((3, 5), (6, 9)):
        pips = r.surface(a, b, width)
        nums = r.surface(a, b, width, numerals=True)
        assert _pixels(pips) != _pixels(nums)


def test_numerals_differ_between_numbers() -> None:
    r = TileRenderer()
    assert _pixels(r.surface(1, 0, 60, numerals=True)) != _pixels(
        r.surface(7, 0, 60, numerals=True)
    )


def test_tiny_tiles_fall_back_to_numerals_for_high_counts() -> None:
    r = TileRenderer()
    # At 18 px, 16 pips would be sub-pixel dots: the half shows "16" instead.
    assert _pixels(r.surface(16, 0, 18)) == _pixels(r.surface(16, 0, 18, numerals=True))
    # A 5 still reads as its pattern.
    assert _pixels(r.surface(5, 0, 18)) != _pixels(r.surface(5, 0, 18, numerals=True))


def test_highlights_change_the_tile() -> None:
    r = TileRenderer()
    base = _pixels(r.surface(2, 9, 50))
    seen = {base}
    for hl in Highlight:
        if hl is Highlight.NONE:
            continue
        px = _pixels(r.surface(2, 9, 50, highlight=hl))
        assert px not in seen, hl
        seen.add(px)


def test_themes_render_differently() -> None:
    r = TileRenderer()
    faces = {_pixels(r.surface(8, 11, 40, theme=t)) for t in THEMES.values()}
    backs = {_pixels(r.back(40, theme=t)) for t in THEMES.values()}
    assert len(faces) == len(THEMES) and len(backs) == len(THEMES)


def test_back_differs_from_blank_face() -> None:
    r = TileRenderer()
    assert _pixels(r.back(40)) != _pixels(r.surface(0, 0, 40))


def test_draw_blits_shadow_and_tile() -> None:
    r = TileRenderer()
    target = pygame.Surface((200, 120), pygame.SRCALPHA)
    rect = r.draw(target, (6, 6), (50, 40), 30, highlight=Highlight.LEGAL)
    assert rect == pygame.Rect(50, 40, 60, 30)
    assert target.get_at((80, 55)).a == 255
    assert target.get_at((45, 55)).a > 0  # the glow reaches past the tile's edge
    back_rect = r.draw(target, None, (0, 0), 20, vertical=True, shadow=False)
    assert back_rect.size == (20, 40)


def test_invalid_arguments_are_refused() -> None:
    r = TileRenderer()
    with pytest.raises(ValueError):
        r.surface(19, 0, 40)
    with pytest.raises(ValueError):
        r.surface(0, -1, 40)
    with pytest.raises(ValueError):
        r.surface(1, 1, 2)


def test_convert_alpha_used_once_a_display_exists() -> None:
    pygame.display.init()
    try:
        screen = pygame.display.set_mode((64, 64))
        surf = TileRenderer().surface(3, 4, 24)
        assert surf.get_flags() & pygame.SRCALPHA
        screen.blit(surf, (0, 0))
    finally:
        pygame.display.quit()


def test_a_tile_never_shows_a_numeral_beside_pips() -> None:
    """Where one half's pips would be too small to count, the whole tile shows numerals: at 18
    px a 16 needs its numeral, so the 5 beside it is a numeral too (one rule per tile)."""
    r = TileRenderer()
    assert _pixels(r.surface(5, 16, 18)) == _pixels(r.surface(5, 16, 18, numerals=True))
    assert _pixels(r.surface(5, 3, 18)) != _pixels(r.surface(5, 3, 18, numerals=True))

"""Where the pips sit on a tile half: the layouts of 0 to 18 in a unit square.

0-9 are the classic 3x3 patterns; 10-18 stand in three staggered columns as on double-eighteen
sets. Layouts are for an upright tile; a horizontal one turns them a quarter turn.
"""

from __future__ import annotations

from dataclasses import dataclass

MAX_PIPS = 18


@dataclass(frozen=True)
class PipLayout:
    """Pip centres and radius in the unit square of one tile half (x right, y down)."""

    centres: tuple[tuple[float, float], ...]
    radius: float


# 0-9: the classic 3x3 grid. Pitch 0.27, pip diameter 0.19 (as on a physical double-six).
_G = (0.23, 0.5, 0.77)
_CLASSIC: dict[int, tuple[tuple[int, int], ...]] = {
    0: (),
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)),
    7: ((0, 0), (0, 1), (0, 2), (1, 1), (2, 0), (2, 1), (2, 2)),
    8: ((0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)),
    9: tuple((c, r) for c in range(3) for r in range(3)),
}

# 10-18: three columns as on double-eighteen sets; the odd column holds one pip fewer and sits
# in the gaps of its neighbours (a hex-like stagger that is quick to count in columns).
_COLUMNS: dict[int, tuple[int, int, int]] = {
    10: (3, 4, 3),
    11: (4, 3, 4),
    12: (4, 4, 4),
    13: (4, 5, 4),
    14: (5, 4, 5),
    15: (5, 5, 5),
    16: (5, 6, 5),
    17: (6, 5, 6),
    18: (6, 6, 6),
}
# rows in the fullest column -> (first row centre, last row centre)
_SPAN: dict[int, tuple[float, float]] = {4: (0.19, 0.81), 5: (0.15, 0.85), 6: (0.13, 0.87)}
_COLUMN_X = (0.19, 0.5, 0.81)
_RADIUS_PER_PITCH = 0.39  # leaves a gap of ~a fifth of a pitch between neighbouring pips


def _build_layout(n: int) -> PipLayout:
    if n in _CLASSIC:
        centres = tuple((_G[c], _G[r]) for c, r in _CLASSIC[n])
        return PipLayout(centres, 0.095)
    counts = _COLUMNS[n]
    rows = max(counts)
    lo, hi = _SPAN[rows]
    pitch = (hi - lo) / (rows - 1)
    pts: list[tuple[float, float]] = []
    for x, k in zip(_COLUMN_X, counts, strict=True):
        offset = 0.0 if k == rows else 0.5  # a shorter column sits in the gaps
        pts.extend((x, lo + pitch * (i + offset)) for i in range(k))
    return PipLayout(tuple(pts), pitch * _RADIUS_PER_PITCH)


LAYOUTS: tuple[PipLayout, ...] = tuple(_build_layout(n) for n in range(MAX_PIPS + 1))


def pip_layout(n: int, vertical: bool = True) -> PipLayout:
    """Pip centres for ``n`` (0..18) in a half's unit square.

    Layouts are defined for an upright (vertical) tile; a horizontal tile turns the pattern a
    quarter turn, as a physical tile would.
    """
    if not 0 <= n <= MAX_PIPS:
        raise ValueError(f"pip count must be 0..{MAX_PIPS}, got {n}")
    layout = LAYOUTS[n]
    if vertical:
        return layout
    return PipLayout(tuple((1.0 - y, x) for x, y in layout.centres), layout.radius)

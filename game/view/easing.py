"""Easings: how a motion spreads over its time, each mapping progress 0..1 to 0..1.

Each returns exactly 0 at 0 and exactly 1 at 1, so a motion ends where it was sent::

    >>> ease_in_out(0.0), ease_in_out(0.5), ease_in_out(1.0)
    (0.0, 0.5, 1.0)
    >>> ease_out_back(1.0)
    1.0

The scenes and the table view time their motions themselves (``dt`` by ``dt``), and ease them
with these.
"""

from __future__ import annotations

from collections.abc import Callable

Easing = Callable[[float], float]


def ease_out_cubic(t: float) -> float:
    """Fast, then gently stopping: counters and cards coming to rest."""
    return 1.0 - (1.0 - t) ** 3


def ease_in_out(t: float) -> float:
    """Cubic ease in and out: the default for tiles sliding across the table."""
    if t < 0.5:
        return 4.0 * t * t * t
    return 1.0 - (-2.0 * t + 2.0) ** 3 / 2.0


def ease_out_back(t: float) -> float:
    """Overshoots by ~10% then settles: a tile 'landing' on a train."""
    if t <= 0.0 or t >= 1.0:
        return 0.0 if t <= 0.0 else 1.0  # the formula misses 0 by one ulp
    c1 = 1.70158
    c3 = c1 + 1.0
    u = t - 1.0
    return 1.0 + c3 * u * u * u + c1 * u * u


EASINGS: dict[str, Easing] = {
    "ease_out_cubic": ease_out_cubic,
    "ease_in_out": ease_in_out,
    "ease_out_back": ease_out_back,
}

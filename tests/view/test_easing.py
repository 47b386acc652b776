"""The easings the table's motions use: exact at both ends, shaped as each says."""

from __future__ import annotations

import pytest

from game.view.easing import EASINGS, ease_in_out, ease_out_back, ease_out_cubic


@pytest.mark.parametrize("name", sorted(EASINGS))
def test_easing_endpoints_are_exact(name: str) -> None:
    f = EASINGS[name]
    assert f(0.0) == 0.0
    assert f(1.0) == 1.0


def test_ease_in_out_is_symmetric_and_monotonic() -> None:
    assert ease_in_out(0.5) == pytest.approx(0.5)
    samples = [ease_in_out(i / 100) for i in range(101)]
    assert samples == sorted(samples)


def test_ease_out_back_overshoots_then_settles() -> None:
    assert max(ease_out_back(i / 100) for i in range(101)) > 1.0


def test_ease_out_cubic_is_fast_first_and_never_overshoots() -> None:
    samples = [ease_out_cubic(i / 100) for i in range(101)]
    assert samples == sorted(samples) and max(samples) == 1.0
    assert ease_out_cubic(0.5) > 0.5  # most of the way in the first half

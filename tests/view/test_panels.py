"""Dialog parts: rows and columns of buttons placed where the pages expect them, the veil."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.view import controls, surface_cache
from game.view.panels import button_column, button_row, dim  # noqa: E402


def _buttons(n: int) -> list[controls.Button]:
    return [controls.Button(f"b{i}", pygame.Rect(0, 0, 1, 1)) for i in range(n)]


def test_a_row_stands_side_by_side_in_order_centred_over_the_foot() -> None:
    for n, gap in ((1, 0), (2, 20), (3, 13)):
        buttons = _buttons(n)
        button_row(buttons, (320, 440), (150, 50), gap)
        rects = [b.rect for b in buttons]
        assert all(r.size == (150, 50) and r.bottom == 440 for r in rects)
        gaps = [b.left - a.right for a, b in zip(rects, rects[1:], strict=False)]
        assert gaps == [gap] * (n - 1)
        middle = (rects[0].left + rects[-1].right) / 2
        assert abs(middle - 320) <= 1  # centred (to the pixel the halving rounds to)


def test_a_column_stands_one_under_the_other_with_the_first_lit() -> None:
    actions = [lambda: None, lambda: None, lambda: None]
    items = [(f"choice {i}", action) for i, action in enumerate(actions)]
    column = button_column(items, (320, 240), (200, 40), 10)
    assert [b.label for b in column] == ["choice 0", "choice 1", "choice 2"]
    assert [b.action for b in column] == actions
    assert [b.primary for b in column] == [True, False, False]
    assert all(b.rect.centerx == 320 for b in column)
    assert [b.rect.top for b in column] == [170, 220, 270]  # 140 px tall, centred on 240
    assert not any(b.primary for b in button_column(items, (0, 0), (1, 1), 0, False))


def test_the_veil_darkens_the_scene_below_as_it_fades_in() -> None:
    surface = pygame.Surface((40, 30))
    surface.fill((200, 200, 200))
    dim(surface, 0.0)
    assert surface.get_at((5, 5))[:3] == (200, 200, 200)  # not yet
    dim(surface, 1.0)  # long after its fade: the darkest it gets
    darker = surface.get_at((5, 5))[:3]
    assert all(80 <= c <= 100 for c in darker)  # 200 under black at 140 of 255


def _drawn(button: controls.Button) -> bytes:
    from game.view.theme import DEFAULT

    surface = pygame.Surface((320, 160))
    surface.fill((20, 90, 60))
    button.draw(surface, DEFAULT)
    return pygame.image.tobytes(surface, "RGB")


def test_a_button_always_shows_its_present_label_and_state() -> None:
    # A button's face is kept between frames; what the button shows now must be what a new
    # button in the same state shows, whatever it showed before.
    button = controls.Button("Draw", pygame.Rect(40, 40, 200, 56))
    first = _drawn(button)
    assert _drawn(button) == first  # drawn again unchanged: the same picture
    changes = [("label", "Pass"), ("hover", True), ("primary", True), ("enabled", False)]
    seen = {first}
    for name, value in changes:
        setattr(button, name, value)
        now = _drawn(button)
        fresh = controls.Button(button.label, pygame.Rect(40, 40, 200, 56), primary=button.primary)
        fresh.hover, fresh.enabled = button.hover, button.enabled
        surface_cache.clear_caches()
        assert now == _drawn(fresh), name
        assert now not in seen, name  # each change shows
        seen.add(now)

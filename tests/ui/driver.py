"""Drive the real app headless: post synthetic mouse events and step the clock by hand.

No sleeps and no wall clock: every frame is ``app.step(FRAME)``.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.app import App  # noqa: E402

FRAME = 1 / 60


def new_app(size: tuple[int, int] = (960, 600)) -> App:
    app = App(size, inline_seats=True, resizable=False)
    app.settings.opponent_pace = "fast"
    return app


def frames(app: App, count: int = 1) -> None:
    for _ in range(count):
        app.step(FRAME)


def post(kind: int, **attrs: object) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))


def press(app: App, pos: tuple[int, int]) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
    frames(app)


def release(app: App, pos: tuple[int, int]) -> None:
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)
    frames(app)


def click(app: App, pos: tuple[int, int]) -> None:
    press(app, pos)
    release(app, pos)


def drag(app: App, start: tuple[int, int], end: tuple[int, int], steps: int = 10) -> None:
    """Press at ``start``, move in steps (a frame each), release at ``end``."""
    press(app, start)
    for i in range(1, steps + 1):
        x = round(start[0] + (end[0] - start[0]) * i / steps)
        y = round(start[1] + (end[1] - start[1]) * i / steps)
        post(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0), touch=False)
        frames(app)
    frames(app, 6)  # let the held tile turn and the targets light
    release(app, end)


def run_until(app: App, done: object, limit: int = 60 * 600) -> int:
    """Step frames until ``done()`` is true; the number of frames it took."""
    for count in range(limit):
        if done():  # type: ignore[operator]
            return count
        frames(app)
    raise AssertionError(f"not reached after {limit} frames")

"""Held arrow keys repeat like in any desktop menu: one move at once, then, after a short delay,
one every interval until the key comes up. Enter, Space and Esc never repeat. Time is stepped
by hand (``app.step(dt)``), so the delay is counted in frames, never waited for."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame
import pytest

from game.app import App
from game.input.focus import FocusItem
from game.input.intents import Act
from game.input.router import REPEAT_DELAY, REPEAT_EVERY
from game.scenes.kit.base import Scene

from .helpers import frames, post

STEP = 0.01  # s a frame: fine enough to count repeats exactly
ROWS = 40


class Column(Scene):
    """Rows stacked top to bottom; counts what each activation and Esc did."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.activated: list[int] = []
        self.backs = 0
        self.keys: list[int] = []  # the KEYDOWNs that reached handle (keys bound to nothing)

    def focus_items(self) -> list[FocusItem]:
        return [
            FocusItem(row, pygame.Rect(10, 10 + 12 * row, 100, 10), self._activate(row), row == 0)
            for row in range(ROWS)
        ]

    def _activate(self, row: int) -> Callable[[], None]:
        return lambda: self.activated.append(row)

    def actions(self) -> dict[Act, Callable[[], None]]:
        return {Act.BACK: self.back}

    def back(self) -> None:
        self.backs += 1

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self.keys.append(event.key)


class Page(Scene):
    """A scene with no focus items that scrolls on Down itself (like a rules page)."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.scrolled = 0

    def focus_items(self) -> list[FocusItem]:
        return []

    def actions(self) -> dict[Act, Callable[[], None]]:
        return {Act.DOWN: self.scroll}

    def scroll(self) -> None:
        self.scrolled += 1


@pytest.fixture
def app() -> Iterator[App]:
    app = App((640, 480), inline_seats=True, resizable=False)
    yield app
    app.close()


def down(code: int, mod: int = 0) -> None:
    post(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)


def up(code: int, mod: int = 0) -> None:
    post(pygame.KEYUP, key=code, mod=mod, unicode="", scancode=0)


def hold(app: App, seconds: float) -> None:
    for _ in range(round(seconds / STEP)):
        app.step(STEP)


def row(scene: Column) -> int:
    key = scene.nav.key
    assert isinstance(key, int)
    return key


def expected_repeats(seconds: float) -> int:
    """How many repeats a key held ``seconds`` makes."""
    if seconds < REPEAT_DELAY:
        return 0
    return 1 + int((seconds - REPEAT_DELAY + 1e-9) // REPEAT_EVERY)


def test_a_held_arrow_moves_once_then_repeats_after_a_delay(app: App) -> None:
    column = Column(app)
    app.push(column)
    down(pygame.K_DOWN)
    up(pygame.K_DOWN)
    frames(app)
    assert row(column) == 0, "the first press shows the focus"

    down(pygame.K_DOWN)
    app.step(STEP)
    assert row(column) == 1, "a press moves at once"
    hold(app, REPEAT_DELAY - 2 * STEP)
    assert row(column) == 1, "held, but not yet for the delay"
    hold(app, 1.0)
    held = REPEAT_DELAY - STEP + 1.0
    assert row(column) == 1 + expected_repeats(held)
    assert row(column) >= 6, "a second held moves several rows"
    up(pygame.K_DOWN)
    app.step(STEP)
    stopped = row(column)
    hold(app, 1.0)
    assert row(column) == stopped, "the key came up: no more moves"
    assert column.activated == [] and column.backs == 0


def test_enter_space_and_escape_act_once_however_long_they_are_held(app: App) -> None:
    column = Column(app)
    app.push(column)
    for code in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
        down(code)
        hold(app, 2.0)
        up(code)
        app.step(STEP)
    assert column.activated == [0, 0, 0], "one activation a press"
    down(pygame.K_ESCAPE)
    hold(app, 2.0)
    up(pygame.K_ESCAPE)
    app.step(STEP)
    assert column.backs == 1
    assert column.keys == [], "a key with a meaning comes as its act alone"


def test_a_new_key_stops_the_held_one_repeating(app: App) -> None:
    column = Column(app)
    app.push(column)
    column.nav.key = 0
    down(pygame.K_DOWN)
    hold(app, REPEAT_DELAY + 0.05)
    moved = row(column)
    assert moved == 2, "the press and one repeat"
    down(pygame.K_a)  # pressed while Down is still held: only the newest key repeats
    hold(app, 1.0)
    assert row(column) == moved
    assert column.keys == [pygame.K_a], "a key that means nothing here comes as itself, once"
    up(pygame.K_a)
    up(pygame.K_DOWN)
    app.step(STEP)


def test_losing_the_window_focus_stops_the_repeat(app: App) -> None:
    column = Column(app)
    app.push(column)
    column.nav.key = 0
    down(pygame.K_DOWN)
    app.step(STEP)
    post(pygame.WINDOWFOCUSLOST)  # the key-up will go to another window
    hold(app, 1.0)
    assert row(column) == 1


def test_alt_enter_held_toggles_fullscreen_once(app: App) -> None:
    column = Column(app)
    app.push(column)
    down(pygame.K_RETURN, pygame.KMOD_LALT)
    hold(app, 2.0)
    up(pygame.K_RETURN, pygame.KMOD_LALT)
    app.step(STEP)
    assert app.fullscreen
    assert column.activated == []


def test_a_scene_that_reads_the_arrow_keys_gets_the_repeats_too(app: App) -> None:
    page = Page(app)
    app.push(page)
    down(pygame.K_DOWN)
    hold(app, 1.0)
    up(pygame.K_DOWN)
    app.step(STEP)
    assert page.scrolled == 1 + expected_repeats(1.0)
    hold(app, 1.0)
    assert page.scrolled == 1 + expected_repeats(1.0)

"""Touch through the real loop: FINGER events with 0-1 positions, SDL's mouse copies ignored."""

from __future__ import annotations

import pygame

from game.input.router import MOUSE_TOUCH_ID
from game.rules import Play
from game.scenes.pages.custom import CustomTableScene
from game.scenes.pages.menu import MenuScene
from game.scenes.play.table import TableScene

from .helpers import finger, frames, new_app, post, table_with_a_play


def _a_play(table: TableScene) -> Play:
    plays = [a for a in table.state.legal_actions() if isinstance(a, Play)]
    return plays[0]


def _finger_drag(app: object, start: tuple[int, int], end: tuple[int, int]) -> None:
    finger(app, pygame.FINGERDOWN, start)  # type: ignore[arg-type]
    frames(app)  # type: ignore[arg-type]
    for i in range(1, 13):
        x = start[0] + (end[0] - start[0]) * i / 12
        y = start[1] + (end[1] - start[1]) * i / 12
        finger(app, pygame.FINGERMOTION, (x, y))  # type: ignore[arg-type]
        frames(app)  # type: ignore[arg-type]
    frames(app, 6)  # type: ignore[arg-type]
    finger(app, pygame.FINGERUP, end)  # type: ignore[arg-type]
    frames(app)  # type: ignore[arg-type]


def test_a_touch_drag_plays_a_tile() -> None:
    app = new_app((960, 600))
    try:
        table = table_with_a_play(app)
        play = _a_play(table)
        state = table.state
        before = len(state.train(play.train))
        start = table.tile_rect(play.tile)
        assert start is not None
        _finger_drag(app, start.center, table.train_target(play.train).center)
        assert play.tile not in state.hand(table.shown_seat), "the dragged tile left the hand"
        assert len(state.train(play.train)) == before + 1, "and lies on the train it was dropped on"
    finally:
        app.close()


def test_a_touch_drag_plays_on_a_scaled_canvas() -> None:
    """A handheld's small window: the canvas is scaled down, fingers still land true."""
    app = new_app((480, 360))
    try:
        assert app.size == (640, 480) and app.window.get_size() == (480, 360)
        table = table_with_a_play(app)
        play = _a_play(table)
        start = table.tile_rect(play.tile)
        assert start is not None
        _finger_drag(app, start.center, table.train_target(play.train).center)
        assert play.tile not in table.state.hand(table.shown_seat)
    finally:
        app.close()


def test_emulated_mouse_events_from_a_touch_are_ignored() -> None:
    """SDL copies every touch as mouse events marked touch=True: they must not act twice."""
    app = new_app((960, 600))
    try:
        table = table_with_a_play(app)
        tile = _a_play(table).tile
        rect = table.tile_rect(tile)
        assert rect is not None
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            post(kind, pos=rect.center, button=1, touch=True)
            frames(app)
        assert table.selected is None, "an emulated tap picked a tile"
        # the finger itself taps the tile once: selected, and not toggled off by its copies
        finger(app, pygame.FINGERDOWN, rect.center)
        post(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1, touch=True)
        frames(app)
        finger(app, pygame.FINGERUP, rect.center)
        post(pygame.MOUSEBUTTONUP, pos=rect.center, button=1, touch=True)
        frames(app)
        assert table.selected == tile
        # finger events SDL makes up from a real mouse (touch id -1) are ignored too
        post(pygame.FINGERDOWN, touch_id=MOUSE_TOUCH_ID, finger_id=0, x=0.5, y=0.5, dx=0, dy=0)
        post(pygame.FINGERUP, touch_id=MOUSE_TOUCH_ID, finger_id=0, x=0.5, y=0.5, dx=0, dy=0)
        frames(app)
        assert table.selected == tile
    finally:
        app.close()


def test_a_second_finger_does_not_steal_the_drag() -> None:
    app = new_app((960, 600))
    try:
        table = table_with_a_play(app)
        play = _a_play(table)
        start = table.tile_rect(play.tile)
        assert start is not None
        end = table.train_target(play.train).center
        finger(app, pygame.FINGERDOWN, start.center, finger_id=0)
        frames(app)
        finger(app, pygame.FINGERMOTION, ((start.centerx + end[0]) / 2, start.centery - 60))
        frames(app, 3)
        assert table.dragging
        finger(app, pygame.FINGERDOWN, (10, 10), finger_id=1)  # a palm, a second hand
        finger(app, pygame.FINGERMOTION, (20, 20), finger_id=1)
        finger(app, pygame.FINGERUP, (20, 20), finger_id=1)
        frames(app, 2)
        assert table.dragging, "the first finger still holds the tile"
        finger(app, pygame.FINGERMOTION, end, finger_id=0)
        frames(app, 8)
        finger(app, pygame.FINGERUP, end, finger_id=0)
        frames(app)
        assert play.tile not in table.state.hand(table.shown_seat)
    finally:
        app.close()


def test_a_tap_presses_a_menu_button() -> None:
    app = new_app((800, 480))
    try:
        menu = MenuScene(app)
        app.push(menu)
        frames(app, 3)
        button = next(b for b in menu.buttons if b.label == "Custom table")
        finger(app, pygame.FINGERDOWN, button.rect.center)
        frames(app)
        finger(app, pygame.FINGERUP, button.rect.center)
        frames(app)
        assert isinstance(app.top, CustomTableScene)
    finally:
        app.close()

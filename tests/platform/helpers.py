"""Drive the real loop with every kind of input: fingers, keys, gamepads, window changes.

Built on tests/ui/driver.py (same app, same fixed frames). Nothing sleeps and nothing reads
the wall clock: every frame is ``app.step(dt)`` with a dt chosen here.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.app import App
from game.input.router import Pad
from game.match.session import MatchConfig
from game.rules import DRAW, END_TURN, PASS, Play, Rules
from game.scenes.flow import start_match
from game.scenes.pages.menu import MenuScene
from game.scenes.play.deal import DealScene
from game.scenes.play.table import TableScene
from tests.ui.driver import FRAME, frames, new_app, post, run_until

__all__ = [
    "FRAME",
    "FakePads",
    "finger",
    "frames",
    "key",
    "new_app",
    "pad_button",
    "post",
    "run_until",
    "table_with_a_play",
    "tab_to",
    "window_pos",
]


def key(app: App, code: int, mod: int = 0, count: int = 1) -> None:
    """Press and release a key ``count`` times, a frame each."""
    for _ in range(count):
        post(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)
        post(pygame.KEYUP, key=code, mod=mod, unicode="", scancode=0)
        frames(app)


def finger(app: App, kind: int, pos: tuple[float, float], finger_id: int = 0) -> None:
    """A finger event at canvas position ``pos`` (sent as 0-1 fractions of the window)."""
    wx, wy = app.viewport.to_window(pos)
    ww, wh = app.window.get_size()
    post(
        kind,
        touch_id=1,
        finger_id=finger_id,
        x=wx / ww,
        y=wy / wh,
        dx=0.0,
        dy=0.0,
        pressure=1.0,
    )


def window_pos(app: App, pos: tuple[int, int]) -> tuple[int, int]:
    """Where a canvas position is in the window (for raw mouse events)."""
    return app.viewport.to_window(pos)


def pad_button(app: App, button: int, instance: int = 7, controller: bool = True) -> None:
    """Press and release a gamepad button (a game controller's, or a plain joystick's)."""
    down, up = (
        (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP)
        if controller
        else (pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP)
    )
    post(down, instance_id=instance, button=button)
    frames(app)
    post(up, instance_id=instance, button=button)
    frames(app)


class FakePads:
    """Stands in for SDL's device list: ``open`` is the router's opener."""

    def __init__(self) -> None:
        self.devices: dict[int, Pad] = {}

    def plug(self, index: int, instance: int, name: str, controller: bool = True) -> None:
        self.devices[index] = Pad(instance, name, controller)

    def open(self, index: int) -> Pad | None:
        return self.devices.get(index)


def table_with_a_play(
    app: App, players: int = 3, seed: int = 4, humans: int = 1, preset: str = "standard"
) -> TableScene:
    """Deal a match and play on (drawing or passing for the person as needed, through the
    scene's own actions) until it is the person's move with at least one tile to play."""
    app.push(MenuScene(app))
    frames(app, 2)
    rules = Rules.preset_named(preset).with_options(rounds=1)
    start_match(app, MatchConfig(players, rules, "greedy", seed, humans=humans))
    deal = app.top
    assert isinstance(deal, DealScene)
    deal.skip()
    run_until(app, lambda: isinstance(app.top, TableScene))
    table = app.top
    assert isinstance(table, TableScene)
    for _ in range(200):
        run_until(app, lambda: table.ready)
        legal = table.state.legal_actions()
        if any(isinstance(a, Play) for a in legal):
            frames(app, 12)  # the buttons fade in
            return table
        if DRAW in legal:
            table.do_draw()
        elif END_TURN in legal:
            table.do_done()
        elif legal == [PASS]:
            frames(app, 90)
        frames(app)
    raise AssertionError("the person never had a tile to play")


def tab_to(app: App, scene: Any, wanted: object, forward: int = pygame.K_TAB) -> None:
    """Press Tab until the focus rests on ``wanted`` (a focus key)."""
    for _ in range(80):
        if scene.nav.key == wanted:
            return
        key(app, forward)
    raise AssertionError(f"the focus never reached {wanted!r} (at {scene.nav.key!r})")

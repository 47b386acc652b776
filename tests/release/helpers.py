"""Driving the real game headless: open it as a player does, click buttons, compare states."""

from __future__ import annotations

import pygame

from game.app import App, open_app
from game.rules import GameState
from game.store import Store
from game.view.widgets import Button

FRAME = 1 / 60
ROOT_SIZE = (1280, 720)


def start_game(store: Store, *, inline: bool = True) -> App:
    """The game as ``python main.py`` opens it (menu first), then the start-up work done."""
    app = open_app(ROOT_SIZE, store)
    app.inline_seats = inline  # computer seats decide in the frame: no worker process
    frames(app, 3)
    return app


def frames(app: App, count: int = 1, dt: float = FRAME) -> None:
    for _ in range(count):
        app.step(dt)


def buttons_of(app: App) -> list[Button]:
    top = app.top
    found = getattr(top, "buttons", [])
    if isinstance(found, dict):
        found = list(found.values())
    return [b for b in found if isinstance(b, Button)]


def button_labels(app: App) -> list[str]:
    return [b.label for b in buttons_of(app) if b.visible]


def click_at(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False))
    frames(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False))
    frames(app)


def click_button(app: App, label: str) -> None:
    for button in buttons_of(app):
        if button.label == label and button.visible:
            frames(app, 20)  # let it fade in fully
            click_at(app, button.rect.center)
            return
    raise AssertionError(f"no {label!r} button; there are {button_labels(app)}")


def state_key(state: GameState) -> tuple[object, ...]:
    """Everything a game state holds (the legal-move cache aside; the rules as dealt)."""
    skip = ("_legal", "_plays", "rules")
    return tuple(getattr(state, name) for name in GameState.__slots__ if name not in skip)

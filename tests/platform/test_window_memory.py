"""The window is remembered between runs: the player's fullscreen choice (F11, Alt+Enter) and
the last windowed size are saved, the next start opens that way, and the command line
(``--size``, ``--fullscreen``) and kiosk mode still have the last word."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import cli
from game.app import App
from game.input.viewport import DEFAULT_SIZE
from game.scenes.kiosk.kiosk import KioskConfig
from game.scenes.pages.menu import MenuScene
from game.store.home import Store
from game.store.settings import Settings

from .helpers import frames, key, post


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "home"


@pytest.fixture
def opened() -> Iterator[list[App]]:
    """Apps a test opens; each closed at the end even when the test fails half-way."""
    apps: list[App] = []
    yield apps
    for app in apps:
        app.close()


def start(home: Path, opened: list[App], **options: Any) -> App:
    """The game as a player starts it on ``home``: the menu up, a frame shown."""
    app = App(store=Store(home), inline_seats=True, **options)
    opened.append(app)
    app.push(MenuScene(app))
    frames(app, 2)
    return app


def finish(app: App, opened: list[App]) -> None:
    opened.remove(app)
    app.close()


def desktop() -> tuple[int, int]:
    pygame.display.init()  # also between apps (closing one quits pygame)
    return pygame.display.get_desktop_sizes()[0]


def saved(home: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((home / "settings.json").read_text(encoding="utf-8"))
    return data


def test_a_toggle_is_saved_at_once(home: Path, opened: list[App]) -> None:
    app = start(home, opened, size=(800, 600))
    key(app, pygame.K_F11)
    assert app.fullscreen
    assert Store(home).load_settings().fullscreen is True, "saved when toggled, not at exit"
    key(app, pygame.K_RETURN, mod=pygame.KMOD_LALT)
    assert not app.fullscreen
    assert Store(home).load_settings().fullscreen is False


def test_the_next_start_is_fullscreen_and_goes_back_to_the_last_window(
    home: Path, opened: list[App]
) -> None:
    first = start(home, opened, size=(800, 600))
    key(first, pygame.K_F11)
    finish(first, opened)

    again = start(home, opened)
    assert again.fullscreen and again.window.get_size() == desktop()
    assert again.size == again.window.get_size()
    key(again, pygame.K_F11)  # back to a window: the one the player had
    assert not again.fullscreen and again.window.get_size() == (800, 600)
    assert Store(home).load_settings().fullscreen is False


def test_size_on_the_command_line_opens_a_window_at_that_size(
    home: Path, opened: list[App]
) -> None:
    first = start(home, opened, size=(800, 600))
    key(first, pygame.K_F11)
    finish(first, opened)

    windowed = start(home, opened, size=(700, 500))
    assert not windowed.fullscreen and windowed.window.get_size() == (700, 500)
    finish(windowed, opened)
    assert Store(home).load_settings().fullscreen is True, "--size alone changes no choice"
    assert start(home, opened).fullscreen


def test_fullscreen_on_the_command_line_is_not_saved_as_the_choice(
    home: Path, opened: list[App]
) -> None:
    app = start(home, opened, fullscreen=True)
    assert app.fullscreen
    finish(app, opened)
    assert not start(home, opened).fullscreen, "saved windowed, so next time windowed"


def test_the_command_line_reaches_the_app_unresolved(monkeypatch: pytest.MonkeyPatch) -> None:
    # None means "not given": the app decides from what was saved.
    calls: list[dict[str, Any]] = []

    def fake_run(**options: Any) -> int:
        calls.append(options)
        return 0

    monkeypatch.setattr("game.app.run", fake_run)
    for argv in ([], ["play"], ["--size", "800x600"], ["--fullscreen"], ["play", "--fullscreen"]):
        assert cli.main(argv) == 0
    shown = [(c["size"], c["fullscreen"]) for c in calls]
    assert shown == [(None, None), (None, None), ((800, 600), None), (None, True), (None, True)]


def test_a_resized_window_is_the_size_of_the_next_start(home: Path, opened: list[App]) -> None:
    app = start(home, opened, size=(800, 600))
    pygame.display.set_mode((900, 640), pygame.RESIZABLE)  # what the window manager does
    post(pygame.WINDOWSIZECHANGED, x=900, y=640)
    frames(app)
    assert app.window.get_size() == (900, 640)
    finish(app, opened)
    assert saved(home)["window_size"] == [900, 640], "saved when the game closed"

    again = start(home, opened)
    assert not again.fullscreen and again.window.get_size() == (900, 640)


def test_a_start_at_the_same_size_writes_nothing(home: Path, opened: list[App]) -> None:
    finish(start(home, opened, size=(800, 600)), opened)
    assert not (home / "settings.json").exists()
    finish(start(home, opened), opened)
    assert not (home / "settings.json").exists()


def test_a_saved_size_larger_than_the_screen_is_kept_on_it(home: Path, opened: list[App]) -> None:
    stored = Settings(window_size=(desktop()[0] + 900, desktop()[1] + 700))
    Store(home).save_settings(stored)
    app = start(home, opened)
    assert app.window.get_size() == desktop()


def test_a_bad_saved_window_is_reset_with_a_notice(home: Path, opened: list[App]) -> None:
    home.mkdir(parents=True)
    text = '{"format": "mexican-train/settings", "version": 1, "fullscreen": "yes",'
    text += ' "window_size": [10, "tall"], "volume": 0.25}'
    (home / "settings.json").write_text(text, encoding="utf-8")
    app = start(home, opened)
    assert not app.fullscreen and app.window.get_size() == DEFAULT_SIZE
    assert app.settings.volume == 0.25, "the good values are kept"
    notice = " ".join(toast.message for toast in app.notices)
    assert "fullscreen" in notice and "window_size" in notice


def test_a_kiosk_neither_reads_nor_saves_the_window(home: Path, opened: list[App]) -> None:
    Store(home).save_settings(Settings(fullscreen=False, window_size=(700, 500)))
    before = (home / "settings.json").read_bytes()
    config = KioskConfig(pin="1", chord="ctrl+alt+shift+q", idle_seconds=60, warn_seconds=8)
    app = start(home, opened, kiosk=config)
    assert app.fullscreen, "a kiosk is fullscreen whatever was saved"
    key(app, pygame.K_F11)
    assert app.fullscreen
    finish(app, opened)
    assert (home / "settings.json").read_bytes() == before


def test_saving_takes_the_window_fields_and_keeps_the_operators() -> None:
    stored = Settings(fullscreen=True, window_size=(1000, 700), kiosk_pin_failures=2)
    live = dataclasses.replace(stored, fullscreen=False, window_size=None, kiosk_pin_failures=0)
    back = stored.take_choices(live)
    assert back is stored
    assert (back.fullscreen, back.window_size) == (False, None)
    assert back.kiosk_pin_failures == 2, "a player's copy never changes the operator's fields"

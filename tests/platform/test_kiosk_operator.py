"""Kiosk mode, the operator's side: the first start asks for a PIN (kept hashed), wrong PINs
lock the pad for longer and longer (over a reopened pad and a restart), the published chord is
no way out, and a player's settings last only until the idle reset unless the operator's PIN
keeps them. The clock is advanced by hand (``app.step``), nothing sleeps."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import cli, i18n
from game.app import App
from game.scenes.kiosk import kiosk as kiosk_module
from game.scenes.kiosk.kiosk import AttractScene, KioskConfig, PinPadScene
from game.scenes.pages.menu import MenuScene
from game.scenes.pages.settings import SettingsScene
from game.store.home import Store
from game.store.settings import Settings
from game.view.controls import Button

from .helpers import finger, frames, key, pad_button, post
from .test_kiosk import hold_the_corner, seconds, tap_key

PIN = "2468"


@pytest.fixture(autouse=True)
def same_language() -> Iterator[None]:
    """A test that changes the language leaves the next one in the language it found."""
    before = i18n.current_language()
    yield
    i18n.set_language(before)


@pytest.fixture
def opened() -> Iterator[list[App]]:
    """Apps a test opens; each closed at the end (unlocked first) even when the test fails."""
    apps: list[App] = []
    yield apps
    for app in apps:
        if app.kiosk is not None:
            app.kiosk.unlocked = True
        app.close()


def operator_home(home: Path, **fields: object) -> Path:
    """A data folder whose settings file holds ``fields`` (the operator's kiosk settings)."""
    stored = Settings()
    for name, value in fields.items():
        setattr(stored, name, value)
    assert Store(home).save_settings(stored)
    return home


def start_kiosk(home: Path, opened: list[App], idle: float = 600.0) -> App:
    """The game as ``--kiosk`` starts it on ``home`` (settings and kiosk options from there)."""
    store = Store(home)
    stored = store.load_settings()
    stored.kiosk_idle_seconds = round(idle)
    store.save_settings(stored)
    app = App(
        (960, 600),
        store=Store(home),
        inline_seats=True,
        resizable=False,
        kiosk=KioskConfig.load(Store(home)),
    )
    opened.append(app)
    app.push(MenuScene(app))
    frames(app, 3)
    return app


def tap(app: App, buttons: list[Button], label: str) -> None:
    button = next(b for b in buttons if b.label == label)
    finger(app, pygame.FINGERDOWN, button.rect.center)
    frames(app)
    finger(app, pygame.FINGERUP, button.rect.center)
    frames(app)


def type_pin(app: App, digits: str) -> None:
    pad = app.top
    assert isinstance(pad, PinPadScene)
    for digit in digits:
        tap_key(app, pad, digit)
    tap_key(app, pad, "OK")


def file_text(home: Path) -> str:
    return (home / "settings.json").read_text(encoding="utf-8")


# --------------------------------------------------------------------------- the first start


def test_the_first_kiosk_start_asks_for_a_pin_twice_and_keeps_it_hashed(
    tmp_path: Path, opened: list[App]
) -> None:
    home = tmp_path / "home"
    app = start_kiosk(home, opened)
    setup = app.top
    assert isinstance(setup, kiosk_module.PinSetupScene), "no PIN yet: the operator sets one"
    assert setup.message == "New operator PIN"
    type_pin(app, "135")
    assert setup.message == "At least 4 digits"
    type_pin(app, "1357")
    assert setup.message == "Type the PIN again"
    type_pin(app, "1358")
    assert setup.message == "Not the same PIN", "a slip: start again"
    assert app.top is setup
    type_pin(app, "1357")
    type_pin(app, "1357")
    assert isinstance(app.top, MenuScene), "the PIN is set: the kiosk is open for players"
    text = file_text(home)
    stored = json.loads(text)
    assert stored["kiosk_pin_hash"].startswith("pbkdf2-sha256$")
    assert kiosk_module.pin_matches("1357", stored["kiosk_pin_hash"])
    others = [str(v) for k, v in stored.items() if k != "kiosk_pin_hash"]
    assert not any("1357" in v for v in others), "never in clear"
    assert stored["kiosk_pin"] == ""
    app.quit()
    post(pygame.QUIT)
    frames(app)
    assert app.running, "armed now: no way out for players"
    hold_the_corner(app)
    type_pin(app, "1357")
    assert not app.running, "the operator's new PIN leaves"

    again = start_kiosk(home, opened)
    assert isinstance(again.top, MenuScene), "the next start knows the PIN"


def test_the_first_start_screen_lets_a_newcomer_quit(tmp_path: Path, opened: list[App]) -> None:
    app = start_kiosk(tmp_path / "home", opened)
    setup = app.top
    assert isinstance(setup, kiosk_module.PinSetupScene)
    tap_key(app, setup, "Quit the game")
    assert not app.running, "no PIN yet, nothing to guard: someone trying --kiosk can leave"


def test_the_first_start_screen_waits_for_the_operator(tmp_path: Path, opened: list[App]) -> None:
    app = start_kiosk(tmp_path / "home", opened)
    setup = app.top
    for code in (pygame.K_TAB, pygame.K_RETURN, pygame.K_F11, pygame.K_p):
        key(app, code)
    pad_button(app, pygame.CONTROLLER_BUTTON_A)
    pad_button(app, pygame.CONTROLLER_BUTTON_START)
    seconds(app, 700)  # past the idle time: no attract mode, no timeout
    assert app.top is setup and app.running and app.fullscreen
    key(app, pygame.K_ESCAPE)
    assert not app.running, "Esc (a gamepad's B) is the screen's Quit"


def test_a_pin_an_older_settings_file_kept_in_clear_is_hashed(
    tmp_path: Path, opened: list[App]
) -> None:
    home = operator_home(tmp_path / "home", kiosk_pin=PIN)
    app = start_kiosk(home, opened)
    assert isinstance(app.top, MenuScene)
    assert PIN not in file_text(home), "the clear PIN is replaced by its hash at the first start"
    assert json.loads(file_text(home))["kiosk_pin_hash"]
    hold_the_corner(app)
    type_pin(app, PIN)
    assert not app.running, "and it still leaves"


def test_the_chord_the_help_once_printed_is_no_way_out(tmp_path: Path, opened: list[App]) -> None:
    mods = pygame.KMOD_LCTRL | pygame.KMOD_LALT | pygame.KMOD_LSHIFT
    home = operator_home(
        tmp_path / "home",
        kiosk_pin=PIN,
        kiosk_exit_chord="ctrl+alt+shift+q",
    )
    app = start_kiosk(home, opened)
    for code in (pygame.K_LCTRL, pygame.K_LALT, pygame.K_LSHIFT):
        post(pygame.KEYDOWN, key=code, mod=mods, unicode="", scancode=0)
    key(app, pygame.K_q, mod=mods)
    assert app.running, "anyone who read the help knows it"

    own = operator_home(tmp_path / "own", kiosk_exit_chord="ctrl+alt+k")
    app = start_kiosk(own, opened)
    assert isinstance(app.top, MenuScene), "the operator's own chord is a way out: no setup"
    key(app, pygame.K_k, mod=pygame.KMOD_LCTRL | pygame.KMOD_LALT)
    assert not app.running


# --------------------------------------------------------------------------- the lockout


def test_wrong_pins_lock_the_pad_longer_each_time_even_when_reopened(
    tmp_path: Path, opened: list[App]
) -> None:
    app = start_kiosk(operator_home(tmp_path / "home", kiosk_pin=PIN), opened)
    kiosk = app.kiosk
    assert kiosk is not None
    hold_the_corner(app)
    for _ in range(3):
        type_pin(app, "1111")
    pad = app.top
    assert isinstance(pad, PinPadScene) and pad.message == "Too many wrong PINs"
    assert kiosk.locked and kiosk.locked_for == pytest.approx(30, abs=0.5)
    type_pin(app, PIN)
    assert app.running, "locked: even the right PIN waits"
    tap_key(app, pad, "Cancel")
    hold_the_corner(app)  # the pad again, at once
    assert isinstance(app.top, PinPadScene)
    type_pin(app, PIN)
    assert app.running and kiosk.locked, "reopening the pad does not end the lockout"
    for digit in PIN:
        key(app, getattr(pygame, f"K_{digit}"))
    key(app, pygame.K_RETURN)
    pad_button(app, pygame.CONTROLLER_BUTTON_A)
    assert app.running, "nor do keys or buttons"
    seconds(app, kiosk.locked_for + 0.2)
    assert not kiosk.locked
    hold_the_corner(app)
    type_pin(app, "9999")
    assert kiosk.locked_for == pytest.approx(60, abs=0.5), "each further wrong PIN doubles it"
    seconds(app, 59)
    assert kiosk.locked
    seconds(app, 1.5)
    hold_the_corner(app)
    type_pin(app, PIN)
    assert not app.running


def test_the_lockout_holds_over_a_restart(tmp_path: Path, opened: list[App]) -> None:
    home = operator_home(tmp_path / "home", kiosk_pin=PIN)
    app = start_kiosk(home, opened)
    hold_the_corner(app)
    for _ in range(3):
        type_pin(app, "1111")
    seconds(app, 10)
    opened.remove(app)
    assert app.kiosk is not None
    app.kiosk.unlocked = True  # the power cord
    app.close()

    again = start_kiosk(home, opened)
    kiosk = again.kiosk
    assert kiosk is not None and kiosk.locked, "a restart does not clear the lockout"
    hold_the_corner(again)
    type_pin(again, PIN)
    assert again.running
    seconds(again, 31)
    hold_the_corner(again)
    type_pin(again, "1111")
    assert kiosk.locked_for == pytest.approx(60, abs=0.5), "the wrong PINs were counted too"


# --------------------------------------------------------------------------- settings


def open_settings(app: App) -> SettingsScene:
    menu = app.top
    assert isinstance(menu, MenuScene)
    button = next(b for b in menu.buttons if b.label == "Settings")
    finger(app, pygame.FINGERDOWN, button.rect.center)
    frames(app)
    finger(app, pygame.FINGERUP, button.rect.center)
    frames(app, 3)
    scene = app.top
    assert isinstance(scene, SettingsScene)
    return scene


def change(app: App, scene: SettingsScene, label: str) -> None:
    """Tap the › of the row ``label``."""
    index = next(i for i, option in enumerate(scene.options) if option.label == label)
    right = scene.rows[index][2]
    finger(app, pygame.FINGERDOWN, right.center)
    frames(app)
    finger(app, pygame.FINGERUP, right.center)
    frames(app)


def test_a_players_settings_last_until_the_idle_reset(tmp_path: Path, opened: list[App]) -> None:
    home = operator_home(tmp_path / "home", kiosk_pin=PIN)
    app = start_kiosk(home, opened, idle=60)
    before = file_text(home)
    scene = open_settings(app)
    change(app, scene, "Sound")
    change(app, scene, "Language")
    assert app.settings.muted and app.settings.language != "auto", "the player hears the change"
    key(app, pygame.K_ESCAPE)
    assert file_text(home) == before, "nothing saved for the next player"
    seconds(app, 61)
    assert isinstance(app.top, AttractScene)
    assert not app.settings.muted and app.settings.language == "auto", "the idle reset undoes it"
    assert not app.sounds.muted


def test_the_operators_pin_keeps_settings_for_everyone(tmp_path: Path, opened: list[App]) -> None:
    home = operator_home(tmp_path / "home", kiosk_pin=PIN)
    app = start_kiosk(home, opened, idle=60)
    scene = open_settings(app)
    change(app, scene, "Sound")
    tap(app, scene.buttons, "Keep for everyone")
    type_pin(app, "1111")
    assert Store(home).load_settings().muted is False, "a wrong PIN keeps nothing"
    type_pin(app, PIN)
    assert app.running and app.top is scene, "the PIN keeps the settings, the kiosk goes on"
    assert Store(home).load_settings().muted is True
    seconds(app, 61)
    assert isinstance(app.top, AttractScene) and app.settings.muted, "kept over the idle reset"


def test_settings_wrong_pins_count_toward_the_same_lockout(
    tmp_path: Path, opened: list[App]
) -> None:
    home = operator_home(tmp_path / "home", kiosk_pin=PIN)
    app = start_kiosk(home, opened)
    scene = open_settings(app)
    tap(app, scene.buttons, "Keep for everyone")
    for _ in range(3):
        type_pin(app, "1111")
    assert app.kiosk is not None and app.kiosk.locked, "no second door for guessing"


# --------------------------------------------------------------------------- --help


def test_the_help_says_what_kiosk_mode_is_for_and_how_the_operator_leaves() -> None:
    text = " ".join(cli.build_parser().format_help().split())
    assert "ctrl+alt+shift+q" not in text
    for words in (
        "public touch screen",
        "no way out for players",
        "first kiosk start",
        "PIN",
        "top-left corner",
        "kiosk_exit_chord",
    ):
        assert words in text, words


def test_the_lockout_countdown_never_shows_sixty_seconds() -> None:
    from game.scenes.kiosk.kiosk import clock_text

    assert clock_text(1919.5) == "32:00"
    assert clock_text(28.2) == "0:29"
    assert clock_text(0.0) == "0:00"


def test_a_new_settings_file_names_no_exit_chord(tmp_path: Path) -> None:
    """A fresh settings file suggests no way out: the operator sets a PIN (or a chord)."""
    from game.store.home import Store

    assert Settings().kiosk_exit_chord == ""
    store = Store(tmp_path / "fresh")
    store.save_settings(Settings())
    assert Store(tmp_path / "fresh").load_settings().kiosk_exit_chord == ""
    assert "ctrl+alt" not in (tmp_path / "fresh" / "settings.json").read_text(encoding="utf-8")

"""Kiosk mode: no way out but the operator's chord or PIN; idle goes to the attract mode,
and any touch, key or button comes back to the menu. The clock is advanced by hand."""

from __future__ import annotations

import pygame

from game.app import App
from game.match.session import MatchConfig
from game.rules import Rules
from game.scenes.flow import start_match
from game.scenes.kiosk.kiosk import AttractScene, KioskConfig, PinPadScene
from game.scenes.pages.menu import MenuScene
from game.scenes.play.deal import DealScene
from game.scenes.play.table import TableScene

from .helpers import finger, frames, key, pad_button, post, run_until

IDLE = 30.0
CHORD_MODS = pygame.KMOD_LCTRL | pygame.KMOD_LALT | pygame.KMOD_LSHIFT


def kiosk_app(pin: str = "2468") -> App:
    config = KioskConfig(
        pin=pin, chord="ctrl+alt+shift+q", idle_seconds=IDLE, warn_seconds=8, attract_seed=5
    )
    app = App((960, 600), inline_seats=True, resizable=False, kiosk=config)
    app.settings.opponent_pace = "fast"
    app.push(MenuScene(app))
    frames(app, 3)
    return app


def seconds(app: App, amount: float) -> None:
    """Advance the app's clock by ``amount`` seconds in the longest steps it takes."""
    for _ in range(round(amount / 0.1)):
        app.step(0.1)


def test_kiosk_starts_fullscreen_and_ignores_every_quit() -> None:
    app = kiosk_app()
    try:
        assert app.fullscreen
        menu = app.top
        assert isinstance(menu, MenuScene)
        assert "Quit" not in [b.label for b in menu.buttons], "no Quit button"
        post(pygame.QUIT)  # the close button, Alt+F4
        frames(app)
        key(app, pygame.K_ESCAPE)  # Esc on the menu quits a normal game
        key(app, pygame.K_F4, mod=pygame.KMOD_LALT)
        key(app, pygame.K_F11)  # and fullscreen stays
        app.quit()
        frames(app)
        assert app.running and app.fullscreen and app.top is menu
    finally:
        app.kiosk.unlocked = True  # type: ignore[union-attr]
        app.close()


def test_the_operator_chord_exits() -> None:
    app = kiosk_app()
    try:
        key(app, pygame.K_q, mod=pygame.KMOD_LCTRL | pygame.KMOD_LALT)  # one modifier short
        assert app.running
        for code, mod in (
            (pygame.K_LCTRL, pygame.KMOD_LCTRL),
            (pygame.K_LALT, pygame.KMOD_LCTRL | pygame.KMOD_LALT),
            (pygame.K_LSHIFT, CHORD_MODS),
        ):
            post(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)
        post(pygame.KEYDOWN, key=pygame.K_q, mod=CHORD_MODS, unicode="Q", scancode=0)
        frames(app)
        assert not app.running
        assert app.exit_code == 0
    finally:
        app.close()


def hold_the_corner(app: App) -> None:
    """The operator presses and holds the top-left corner for three seconds."""
    finger(app, pygame.FINGERDOWN, (6, 6))
    frames(app)
    seconds(app, 3.2)
    finger(app, pygame.FINGERUP, (6, 6))
    frames(app)


def tap_key(app: App, pad: PinPadScene, label: str) -> None:
    button = next(b for b in pad.buttons if b.label == label)
    finger(app, pygame.FINGERDOWN, button.rect.center)
    frames(app)
    finger(app, pygame.FINGERUP, button.rect.center)
    frames(app)


def test_the_operator_pin_exits_and_a_wrong_one_does_not() -> None:
    app = kiosk_app(pin="2468")
    try:
        hold_the_corner(app)
        pad = app.top
        assert isinstance(pad, PinPadScene)
        for digit in "1111":
            tap_key(app, pad, digit)
        tap_key(app, pad, "OK")
        assert app.running and pad.message == "Wrong PIN"
        for digit in "2468":
            tap_key(app, pad, digit)
        tap_key(app, pad, "OK")
        assert not app.running
    finally:
        app.close()


def test_without_a_pin_the_corner_does_nothing() -> None:
    app = kiosk_app(pin="")
    try:
        hold_the_corner(app)
        assert isinstance(app.top, MenuScene)
    finally:
        app.kiosk.unlocked = True  # type: ignore[union-attr]
        app.close()


def test_idle_goes_to_attract_and_any_input_comes_back() -> None:
    app = kiosk_app()
    try:
        seconds(app, IDLE - 2)
        assert isinstance(app.top, MenuScene)
        seconds(app, 3)
        attract = app.top
        assert isinstance(attract, AttractScene), "idle: the attract mode"
        state = attract.session.state
        seconds(app, 20)
        laid = sum(len(state.train(t)) for t in range(state.players + 1))
        assert state.round_number == 1 and (laid > 0 or state.phase != "play"), (
            "computer players play each other"
        )
        for wake in ("touch", "key", "button"):
            if wake == "touch":
                finger(app, pygame.FINGERDOWN, (400, 300))
                frames(app)
                finger(app, pygame.FINGERUP, (400, 300))
            elif wake == "key":
                key(app, pygame.K_a)
            else:
                pad_button(app, pygame.CONTROLLER_BUTTON_A)
            frames(app)
            assert isinstance(app.top, MenuScene), f"a {wake} wakes it to the menu"
            assert len(app.stack) == 1
            seconds(app, IDLE + 0.5)
            assert isinstance(app.top, AttractScene)
    finally:
        app.kiosk.unlocked = True  # type: ignore[union-attr]
        app.close()


def test_an_idle_match_warns_then_goes_to_attract() -> None:
    app = kiosk_app()
    try:
        start_match(app, MatchConfig(3, Rules.standard(), "greedy", 4))
        deal = app.top
        assert isinstance(deal, DealScene)
        deal.skip()
        run_until(app, lambda: isinstance(app.top, TableScene))
        table = app.top
        assert isinstance(table, TableScene)
        seconds(app, IDLE - 5)
        kiosk = app.kiosk
        assert kiosk is not None and kiosk.warning is not None, "Still playing?"
        before = table.state.hand(table.shown_seat)
        rect = table.tile_rect(before[0])
        assert rect is not None
        finger(app, pygame.FINGERDOWN, rect.center)
        frames(app)
        finger(app, pygame.FINGERUP, rect.center)
        frames(app)
        assert kiosk.warning is None and app.top is table, "a touch keeps the match"
        assert table.selected is None, "and only wakes it: the tile was not picked"
        seconds(app, IDLE + 1)
        assert isinstance(app.top, AttractScene), "left alone: the match is dropped"
        assert len(app.stack) == 1
    finally:
        app.kiosk.unlocked = True  # type: ignore[union-attr]
        app.close()


def test_kiosk_settings_come_from_the_store_file(tmp_path: object) -> None:
    from game.store.home import Store

    store = Store(tmp_path)  # type: ignore[arg-type]
    settings = store.load_settings()
    settings.kiosk_pin = "9876"
    settings.kiosk_exit_chord = "ctrl+k"
    settings.kiosk_idle_seconds = 45
    store.save_settings(settings)
    config = KioskConfig.load(Store(tmp_path))  # type: ignore[arg-type]
    assert (config.pin, config.chord, config.idle_seconds) == ("9876", "ctrl+k", 45.0)

    class Broken:
        def load_settings(self) -> object:
            raise OSError("no disk")

    config = KioskConfig.load(Broken())
    assert config == KioskConfig() and not config.has_way_out, "no settings: a new PIN is asked"


def test_the_attract_mode_offers_a_one_minute_puzzle_and_idle_resets_it() -> None:
    from game.scenes.pages.puzzles import PuzzlesScene
    from game.scenes.play.puzzle import PuzzleScene

    app = kiosk_app()
    try:
        seconds(app, IDLE + 1)
        attract = app.top
        assert isinstance(attract, AttractScene)
        frames(app)
        pill = attract.puzzle_pill
        assert pill is not None, "the attract screen shows the puzzle's entry"
        finger(app, pygame.FINGERDOWN, pill.center)
        frames(app)
        finger(app, pygame.FINGERUP, pill.center)
        frames(app)
        top = app.top
        assert isinstance(top, PuzzleScene) and top.trial.puzzle.difficulty <= 2, "an easy one"
        assert [type(s) for s in app.stack] == [MenuScene, PuzzlesScene, PuzzleScene]
        seconds(app, IDLE + 1)
        assert isinstance(app.top, AttractScene) and len(app.stack) == 1, "idle resets it"
    finally:
        app.kiosk.unlocked = True  # type: ignore[union-attr]
        app.close()

"""Gamepads through the real loop: controller buttons, a plain joystick's hat and buttons,
the left stick with its repeat, hot-plugging, and prompts that show the pad's buttons."""

from __future__ import annotations

import pygame

from game.input.glyphs import glyph_for
from game.input.intents import Device
from game.rules import Play
from game.scenes.pages.menu import MenuScene
from game.scenes.pages.settings import SettingsScene
from game.scenes.play.pause import PauseScene
from game.scenes.play.table import TableScene

from .helpers import FakePads, frames, new_app, pad_button, post, table_with_a_play

A = pygame.CONTROLLER_BUTTON_A
B = pygame.CONTROLLER_BUTTON_B
START = pygame.CONTROLLER_BUTTON_START
RB = pygame.CONTROLLER_BUTTON_RIGHTSHOULDER
RIGHT = pygame.CONTROLLER_BUTTON_DPAD_RIGHT
LEFT = pygame.CONTROLLER_BUTTON_DPAD_LEFT


def next_to(app: object, table: TableScene, wanted: object) -> None:
    """Step the focus with the right shoulder until it rests on ``wanted``."""
    for _ in range(80):
        if table.nav.key == wanted:
            return
        pad_button(app, RB)  # type: ignore[arg-type]
    raise AssertionError(f"never reached {wanted!r}")


def test_a_play_by_game_controller() -> None:
    app = new_app((960, 600))
    try:
        table = table_with_a_play(app)
        state = table.state
        play = next(a for a in state.legal_actions() if isinstance(a, Play))
        before = len(state.train(play.train))
        next_to(app, table, ("tile", play.tile))
        assert app.router.last_device == Device.GAMEPAD
        pad_button(app, A)
        assert table.selected == play.tile
        next_to(app, table, ("train", play.train))
        pad_button(app, A)
        assert play.tile not in state.hand(table.shown_seat)
        assert len(state.train(play.train)) == before + 1
    finally:
        app.close()


def test_a_play_by_plain_joystick_hat_and_buttons() -> None:
    """A pad SDL has no layout for: JOYHATMOTION moves, button 0 is A, 1 is B."""
    app = new_app((960, 600))
    try:
        table = table_with_a_play(app)
        state = table.state
        tray = table.view.tray
        pad_button(app, 1, instance=3, controller=False)  # B with nothing held: the pause
        assert isinstance(app.top, PauseScene)
        pad_button(app, 1, instance=3, controller=False)  # B again: back to the table
        assert app.top is table
        for value in ((1, 0), (0, 0)):  # hat right, then centred: the focus shows
            post(pygame.JOYHATMOTION, instance_id=3, hat=0, value=value)
            frames(app)
        start = table.nav.key
        assert start is not None and start[0] == "tile"
        index = tray.tiles.index(start[1])
        if index + 1 < len(tray.tiles):
            post(pygame.JOYHATMOTION, instance_id=3, hat=0, value=(1, 0))
            frames(app)
            post(pygame.JOYHATMOTION, instance_id=3, hat=0, value=(0, 0))
            frames(app)
            assert table.nav.key == ("tile", tray.tiles[index + 1]), "the hat moved right"
            post(pygame.JOYHATMOTION, instance_id=3, hat=0, value=(-1, 0))
            frames(app)
            post(pygame.JOYHATMOTION, instance_id=3, hat=0, value=(0, 0))
            frames(app)
            assert table.nav.key == start, "and back left"
        tile = next(a for a in state.legal_actions() if isinstance(a, Play)).tile
        for _ in range(40):  # button 5, the right shoulder, steps through the hand
            if table.nav.key == ("tile", tile):
                break
            pad_button(app, 5, instance=3, controller=False)
        assert table.nav.key == ("tile", tile)
        pad_button(app, 0, instance=3, controller=False)  # A: pick it up
        assert table.selected == tile
        train = table.nav.key[1]
        pad_button(app, 0, instance=3, controller=False)  # A: play it on the focused train
        assert tile not in state.hand(table.shown_seat)
        assert state.train(train), "it lies on the train the focus was on"
    finally:
        app.close()


def test_the_left_stick_moves_once_then_repeats_while_held() -> None:
    app = new_app((960, 600))
    try:
        table = table_with_a_play(app)
        tray = table.view.tray
        pad_button(app, LEFT)  # show the focus
        for _ in range(len(tray.tiles) + 2):
            if table.nav.key == ("tile", tray.tiles[0]):
                break
            pad_button(app, LEFT)
        assert table.nav.key == ("tile", tray.tiles[0])
        post(pygame.CONTROLLERAXISMOTION, instance_id=7, axis=0, value=30000)
        frames(app)
        assert table.nav.key == ("tile", tray.tiles[1]), "one step on the tilt"
        frames(app, 10)  # held, but not yet long enough to repeat
        assert table.nav.key == ("tile", tray.tiles[1])
        frames(app, 40)  # held for most of a second: it repeats
        moved = tray.tiles.index(table.nav.key[1]) if table.nav.key[0] == "tile" else 99
        assert moved >= 3
        post(pygame.CONTROLLERAXISMOTION, instance_id=7, axis=0, value=0)
        frames(app)
        here = table.nav.key
        frames(app, 60)
        assert table.nav.key == here, "let go, it stops"
    finally:
        app.close()


def test_hot_plugging_and_duplicate_joystick_events() -> None:
    app = new_app((960, 600))
    pads = FakePads()
    app.router.opener = pads.open
    try:
        table = table_with_a_play(app)
        pads.plug(0, instance=11, name="Test Pad", controller=True)
        post(pygame.JOYDEVICEADDED, device_index=0)
        frames(app)
        assert 11 in app.router.pads
        assert any("Test Pad connected" in n.message for n in app.notices)
        # a controller's pad also sends raw JOY* events: they must not act a second time
        key_before = table.nav.key
        post(pygame.JOYBUTTONDOWN, instance_id=11, button=7)  # its Start, as a joystick
        frames(app)
        assert app.top is table and table.nav.key == key_before
        pad_button(app, RIGHT, instance=11)
        assert app.router.last_device == Device.GAMEPAD
        post(pygame.JOYDEVICEREMOVED, instance_id=11)
        frames(app)
        assert 11 not in app.router.pads
        assert isinstance(app.top, PauseScene), "pulled out mid-game: the game waits"
        pad_button(app, START)  # another pad (not opened by us) still works: Start resumes
        assert app.top is table
    finally:
        app.close()


def test_prompts_show_the_buttons_of_the_device_in_use() -> None:
    app = new_app((960, 600))
    try:
        table = table_with_a_play(app)
        pad_button(app, RIGHT)
        frames(app, 2)
        view = table.view
        assert view.prompt_device == Device.GAMEPAD
        actions = [action for action, _ in view.prompt_hints]
        assert "activate" in actions
        assert glyph_for("activate", Device.GAMEPAD) == "pad:A"
        post(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="", scancode=0)
        frames(app, 2)
        assert view.prompt_device == Device.KEYBOARD
        assert glyph_for("activate", Device.KEYBOARD) == "key:Enter"
        post(pygame.MOUSEBUTTONDOWN, pos=(5, 300), button=1, touch=False)
        post(pygame.MOUSEBUTTONUP, pos=(5, 300), button=1, touch=False)
        frames(app, 2)
        assert view.prompt_device == Device.MOUSE
        assert view.prompt_hints == [], "a pointer player reads the words, no key list"
        assert glyph_for("drag", Device.MOUSE) == "mouse"  # a mouse before the words
        assert glyph_for("drag", Device.TOUCH) == "touch"
    finally:
        app.close()


def test_menus_by_gamepad() -> None:
    app = new_app((800, 480))
    try:
        menu = MenuScene(app)
        app.push(menu)
        frames(app, 3)
        # down to the row of small buttons, then along it to Settings
        for _ in range(8):
            pad_button(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
        for _ in range(8):
            if menu.nav.key == ("button", "Settings"):
                break
            pad_button(app, RIGHT)
        assert menu.nav.key == ("button", "Settings")
        pad_button(app, A)
        assert isinstance(app.top, SettingsScene)
        pad_button(app, B)
        assert app.top is menu, "B backs out"
    finally:
        app.close()

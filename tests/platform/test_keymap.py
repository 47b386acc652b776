"""One input vocabulary: every scene says which keys and pad buttons mean which act, the router
applies it, and a scene hears the act itself, never a key code and never a key made up for a
pad's button."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable

import pygame
import pytest

import game.scenes
from game.app import App
from game.input.intents import Act
from game.input.keymap import DEFAULT_BINDINGS, KEY_CODES, Keymap, parse_key
from game.scenes.kit.base import Scene
from game.scenes.play.pause import PauseScene
from game.scenes.play.table import TableScene

from .helpers import frames, key, new_app, pad_button, table_with_a_play


def _all_scene_classes() -> list[type[Scene]]:
    for module in pkgutil.walk_packages(game.scenes.__path__, "game.scenes."):
        importlib.import_module(module.name)
    found: list[type[Scene]] = []
    todo: list[type[Scene]] = [Scene]
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    return [cls for cls in found if cls.__module__.startswith("game.scenes.")]


def test_every_scene_names_only_keys_and_buttons_that_exist() -> None:
    scenes = _all_scene_classes()
    assert len(scenes) > 30
    for cls in scenes:
        keymap = cls.keymap()  # ValueError here names the unknown key
        for act, names in cls.bindings.items():
            for name in names:
                if name.startswith("pad:"):
                    assert keymap.pad_act(name[4:]) == act, (cls.__name__, name)
                else:
                    assert keymap.key_act(*parse_key(name)) == act, (cls.__name__, name)


def test_a_misspelt_key_is_refused_with_its_name() -> None:
    with pytest.raises(ValueError, match="'escpae'"):
        Keymap.of({Act.BACK: ("escpae",)})
    with pytest.raises(ValueError, match="'hyper'"):
        Keymap.of({Act.UNDO: ("hyper+z",)})
    with pytest.raises(ValueError, match="'z'"):
        Keymap.of({Act.DRAW: ("pad:z",)})


def test_the_tables_keys_are_its_shortcuts_and_the_usual_ones_stay() -> None:
    keys = TableScene.keymap()
    assert keys.key_act(KEY_CODES["d"], 0) == Act.DRAW
    assert keys.key_act(KEY_CODES["h"], 0) == Act.HINT
    assert keys.key_act(KEY_CODES["z"], pygame.KMOD_RCTRL) == Act.UNDO
    assert keys.key_act(KEY_CODES["z"], 0) is None, "z alone means nothing"
    assert keys.key_act(KEY_CODES["backspace"], 0) == Act.UNDO
    assert keys.key_act(KEY_CODES["escape"], 0) == Act.BACK
    assert keys.key_act(KEY_CODES["return"], pygame.KMOD_LALT) == Act.FULLSCREEN
    assert keys.key_act(KEY_CODES["return"], 0) == Act.ACTIVATE
    assert keys.pad_act("x") == Act.DRAW and keys.pad_act("start") == Act.PAUSE
    assert Scene.keymap().key_act(KEY_CODES["d"], 0) is None, "D draws at the table only"


def test_a_scenes_own_binding_wins_over_the_default_for_that_key() -> None:
    keys = Keymap.of(DEFAULT_BINDINGS, {Act.STEP: ("right",), Act.HINT: ("pad:y",)})
    assert keys.key_act(KEY_CODES["right"], 0) == Act.STEP
    assert keys.pad_act("y") == Act.HINT
    assert keys.pad_act("right") == Act.RIGHT, "the d-pad keeps its meaning"


class Listener(Scene):
    """Binds H and the pad's Y to a hint; records every act and every key event it gets."""

    bindings = {Act.HINT: ("h", "pad:y")}

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.acts: list[Act] = []
        self.keys: list[int] = []

    def actions(self) -> dict[Act, Callable[[], None]]:
        return {act: (lambda act=act: self.acts.append(act)) for act in Act}

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self.keys.append(event.key)


def test_keys_and_pad_buttons_arrive_as_acts_and_only_as_acts() -> None:
    app = new_app((640, 480))
    try:
        scene = Listener(app)
        app.push(scene)
        frames(app, 2)
        key(app, pygame.K_h)
        pad_button(app, pygame.CONTROLLER_BUTTON_Y)
        key(app, pygame.K_ESCAPE)
        pad_button(app, pygame.CONTROLLER_BUTTON_B)
        pad_button(app, pygame.CONTROLLER_BUTTON_X)
        assert scene.acts == [Act.HINT, Act.HINT, Act.BACK, Act.BACK, Act.DRAW]
        assert scene.keys == [], "no key event stands in for an act, nor for a pad's button"
        key(app, pygame.K_7)  # means nothing here: comes as the key, for typing
        assert scene.keys == [pygame.K_7] and len(scene.acts) == 5
    finally:
        app.close()


def test_at_the_table_p_and_start_pause_and_escape_pauses_with_nothing_in_hand() -> None:
    app = new_app((960, 600))
    try:
        table = table_with_a_play(app)
        key(app, pygame.K_p)
        assert isinstance(app.top, PauseScene)
        key(app, pygame.K_p)  # P again: back to the table
        assert app.top is table
        pad_button(app, pygame.CONTROLLER_BUTTON_START)
        assert isinstance(app.top, PauseScene)
        pad_button(app, pygame.CONTROLLER_BUTTON_B)
        assert app.top is table
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.top, PauseScene)
    finally:
        app.close()

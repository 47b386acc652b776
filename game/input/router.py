"""Raw pygame events in, one set of things a scene understands out.

:meth:`InputRouter.route` takes one event and returns what it means:

- **Mouse** events come back with their positions mapped onto the canvas
  (:class:`~game.input.viewport.Viewport`). The mouse events SDL *emulates* for a touch
  (``touch=True``) are dropped: the finger events below already stand for that touch.
- **Touch** (``FINGERDOWN/MOTION/UP``, positions as 0-1 fractions of the window) becomes the
  same mouse events a scene already handles: the first finger down is the pointer, a second
  finger is ignored until the first lifts, so a palm or a pinch never makes a second drag.
  Finger events SDL synthesises from the mouse (touch id -1) are dropped too.
- **Keyboard**: a key the top scene's :class:`~game.input.keymap.Keymap` binds becomes the
  :class:`Intent` of its act (and nothing else); a key it does not bind stays a key event, for
  typing. A held arrow repeats after a short delay, timed by :meth:`update` like the d-pad (not
  ``pygame.key.set_repeat``: its timer reads the wall clock and repeats every key, Enter and
  Esc included). Only the last key pressed repeats, as on a desktop; its key-up stops it.
- **Gamepads** (``pygame._sdl2.controller`` when SDL knows the pad's layout, a plain
  ``pygame.joystick`` otherwise, opened and closed on ``JOYDEVICEADDED/REMOVED``): buttons
  mean what the keymap says (by default A activates, B backs, Start pauses, X draws, Y sorts,
  the shoulders step, the d-pad moves); a hat or the left stick moves. Holding a direction
  repeats it, timed by :meth:`update` (no wall clock).

``last_device`` says which kind of device was used last, for on-screen prompts.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.input.intents import Act, Device, Intent
from game.input.keymap import (
    CONTROLLER_BUTTONS,
    DEFAULT_KEYMAP,
    JOYSTICK_BUTTONS,
    REPEATING_KEYS,
    Keymap,
)
from game.input.viewport import Viewport

Routed = Intent | pygame.event.Event

MOUSE_TOUCH_ID = -1  # SDL_MOUSE_TOUCHID: finger events made up from the mouse
STICK_ON = 0.55  # a stick tilted further than this points somewhere
STICK_OFF = 0.35  # ... and keeps pointing there until it is back under this
REPEAT_DELAY = 0.42  # s a held direction waits before repeating
REPEAT_EVERY = 0.13  # s between repeats
MOUSE_JITTER = 3  # px of motion that still does not count as "using the mouse"

DIRECTIONS = (Act.UP, Act.DOWN, Act.LEFT, Act.RIGHT)


@dataclass
class Pad:
    """An open gamepad."""

    instance_id: int
    name: str
    controller: bool  # SDL knows its layout (events arrive as CONTROLLER*)
    device: Any = None  # the pygame object keeping it open

    def close(self) -> None:
        quit_ = getattr(self.device, "quit", None)
        if quit_ is not None:
            with contextlib.suppress(pygame.error):
                quit_()


def open_pad(device_index: int) -> Pad | None:
    """Open the pad SDL announced at ``device_index``; None if it cannot be opened."""
    try:
        from pygame._sdl2 import controller

        if not controller.get_init():
            controller.init()
        if controller.is_controller(device_index):
            pad = controller.Controller(device_index)
            joystick = pad.as_joystick()
            return Pad(joystick.get_instance_id(), pad.name, True, pad)
    except (pygame.error, ImportError, AttributeError):
        pass
    try:
        joystick = pygame.joystick.Joystick(device_index)
        joystick.init()
        return Pad(joystick.get_instance_id(), joystick.get_name(), False, joystick)
    except pygame.error:
        return None


@dataclass
class _Held:
    act: Act
    time: float = 0.0
    next_at: float = REPEAT_DELAY
    device: Device = Device.GAMEPAD


@dataclass
class InputRouter:
    viewport: Viewport
    opener: Callable[[int], Pad | None] = open_pad
    last_device: Device = Device.MOUSE
    pads: dict[int, Pad] = field(default_factory=dict)
    changes: list[tuple[str, Pad]] = field(default_factory=list)  # ("added"|"removed", pad)
    _finger: tuple[int, int] | None = None
    _finger_pos: tuple[int, int] = (0, 0)
    _held: dict[tuple[object, ...], _Held] = field(default_factory=dict)
    _sticks: dict[tuple[str, int], list[float]] = field(default_factory=dict)

    # ------------------------------------------------------------------ one event

    def route(self, event: pygame.event.Event, keymap: Keymap = DEFAULT_KEYMAP) -> list[Routed]:
        """What ``event`` means to a scene whose keys and pad buttons ``keymap`` gives: mapped
        pointer events, intents, or nothing."""
        kind = event.type
        if kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return self._mouse(event)
        if kind == pygame.MOUSEWHEEL:
            if getattr(event, "touch", False):
                return []
            self.last_device = Device.MOUSE
            return [event]
        if kind in (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP):
            return self._touch(event)
        if kind == pygame.KEYDOWN:
            return self._key(event, keymap)
        if kind == pygame.KEYUP:
            self._held.pop(("key", event.key), None)
            return [event]
        if kind == pygame.JOYDEVICEADDED:
            self._added(getattr(event, "device_index", 0))
            return []
        if kind == pygame.JOYDEVICEREMOVED:
            self._removed(getattr(event, "instance_id", -1))
            return []
        if kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
            return self._button(event, keymap, CONTROLLER_BUTTONS, "cbutton")
        if kind == pygame.CONTROLLERAXISMOTION:
            return self._controller_axis(event)
        if kind in (pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP):
            if self._is_controller(event):
                return []
            return self._button(event, keymap, JOYSTICK_BUTTONS, "jbutton")
        if kind == pygame.JOYHATMOTION:
            if self._is_controller(event):
                return []
            return self._hat(event)
        if kind == pygame.JOYAXISMOTION:
            if self._is_controller(event):
                return []
            return self._stick(event, "joy", float(event.value))
        return [event]

    # ------------------------------------------------------------------ time

    def update(self, dt: float) -> list[Intent]:
        """Repeats of held directions (arrow keys, d-pad, hat, stick) over ``dt`` seconds."""
        out: list[Intent] = []
        for held in self._held.values():
            held.time += dt
            while held.time >= held.next_at:
                held.next_at += REPEAT_EVERY
                out.append(Intent(held.act, held.device, repeat=True))
        return out

    def release_all(self) -> None:
        """Forget held directions (the window lost focus: no key-up will come)."""
        self._held.clear()
        self._sticks.clear()

    # ------------------------------------------------------------------ pointers

    def _mouse(self, event: pygame.event.Event) -> list[Routed]:
        if getattr(event, "touch", False):
            return []  # SDL's copy of a touch: the finger events carry it
        attrs = dict(event.dict)
        attrs.pop("window", None)
        attrs["pos"] = self.viewport.to_canvas(event.pos)
        attrs["touch"] = False
        attrs["source"] = Device.MOUSE
        if event.type == pygame.MOUSEMOTION:
            rel = attrs.get("rel", (0, 0))
            if abs(rel[0]) + abs(rel[1]) > MOUSE_JITTER or any(attrs.get("buttons", ())):
                self.last_device = Device.MOUSE
            scale = self.viewport.scale or 1.0
            attrs["rel"] = (round(rel[0] / scale), round(rel[1] / scale))
        else:
            self.last_device = Device.MOUSE
        return [pygame.event.Event(event.type, attrs)]

    def _touch(self, event: pygame.event.Event) -> list[Routed]:
        touch_id = int(getattr(event, "touch_id", 0))
        if touch_id == MOUSE_TOUCH_ID:
            return []
        finger = (touch_id, int(getattr(event, "finger_id", 0)))
        pos = self.viewport.from_normalised(float(event.x), float(event.y))
        if event.type == pygame.FINGERDOWN:
            if self._finger is not None:
                return []  # one pointer at a time
            self._finger = finger
            self._finger_pos = pos
            self.last_device = Device.TOUCH
            return [
                _pointer(pygame.MOUSEMOTION, pos, rel=(0, 0), buttons=(0, 0, 0)),
                _pointer(pygame.MOUSEBUTTONDOWN, pos, button=1),
            ]
        if finger != self._finger:
            return []
        self.last_device = Device.TOUCH
        rel = (pos[0] - self._finger_pos[0], pos[1] - self._finger_pos[1])
        self._finger_pos = pos
        if event.type == pygame.FINGERMOTION:
            return [_pointer(pygame.MOUSEMOTION, pos, rel=rel, buttons=(1, 0, 0))]
        self._finger = None
        return [
            _pointer(pygame.MOUSEMOTION, pos, rel=rel, buttons=(1, 0, 0)),
            _pointer(pygame.MOUSEBUTTONUP, pos, button=1),
            # a finger that lifted hovers nowhere (no button stays lit under it)
            _pointer(pygame.MOUSEMOTION, (-1, -1), rel=(0, 0), buttons=(0, 0, 0)),
        ]

    # ------------------------------------------------------------------ keyboard

    def _key(self, event: pygame.event.Event, keymap: Keymap) -> list[Routed]:
        self.last_device = Device.KEYBOARD
        key = event.key
        for held in [k for k in self._held if k[0] == "key"]:
            del self._held[held]  # a new key stops the last one repeating
        act = keymap.key_act(key, int(getattr(event, "mod", 0)))
        if act is None:
            return [event]  # no meaning here: a key typed (the PIN pad's digits)
        if key in REPEATING_KEYS:  # only arrows repeat: Enter, Space and Esc act once a press
            self._held[("key", key)] = _Held(act, device=Device.KEYBOARD)
        return [Intent(act, Device.KEYBOARD)]

    # ------------------------------------------------------------------ gamepads

    def _is_controller(self, event: pygame.event.Event) -> bool:
        """A pad opened as a controller also sends JOY* events: those are duplicates."""
        pad = self.pads.get(int(getattr(event, "instance_id", -1)))
        return pad is not None and pad.controller

    def _added(self, device_index: int) -> None:
        pad = self.opener(device_index)
        if pad is None or pad.instance_id in self.pads:
            return
        self.pads[pad.instance_id] = pad
        self.changes.append(("added", pad))

    def _removed(self, instance_id: int) -> None:
        pad = self.pads.pop(instance_id, None)
        for key in [k for k in self._held if k[1] == instance_id]:
            del self._held[key]
        for key in [k for k in self._sticks if k[1] == instance_id]:
            del self._sticks[key]
        if pad is not None:
            pad.close()
            self.changes.append(("removed", pad))

    def _button(
        self, event: pygame.event.Event, keymap: Keymap, names: dict[int, str], source: str
    ) -> list[Routed]:
        name = names.get(int(event.button))
        act = keymap.pad_act(name) if name is not None else None
        instance = int(getattr(event, "instance_id", -1))
        key = (source, instance, int(event.button))
        down = event.type in (pygame.CONTROLLERBUTTONDOWN, pygame.JOYBUTTONDOWN)
        if not down:
            self._held.pop(key, None)
            return []
        self.last_device = Device.GAMEPAD
        if act is None:
            return []
        if act in DIRECTIONS:
            self._held[key] = _Held(act)
        return [Intent(act, Device.GAMEPAD)]

    def _hat(self, event: pygame.event.Event) -> list[Routed]:
        instance = int(getattr(event, "instance_id", -1))
        key = ("hat", instance, int(getattr(event, "hat", 0)))
        x, y = event.value
        act: Act | None = None
        if x:
            act = Act.RIGHT if x > 0 else Act.LEFT
        elif y:
            act = Act.UP if y > 0 else Act.DOWN  # a hat's y points up
        return self._point(key, act)

    def _controller_axis(self, event: pygame.event.Event) -> list[Routed]:
        if int(event.axis) not in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
            return []
        return self._stick(event, "ctl", float(event.value) / 32767.0)

    def _stick(self, event: pygame.event.Event, source: str, value: float) -> list[Routed]:
        axis = int(event.axis)
        if axis not in (0, 1):
            return []
        instance = int(getattr(event, "instance_id", -1))
        state = self._sticks.setdefault((source, instance), [0.0, 0.0])
        state[axis] = max(-1.0, min(1.0, value))
        key = ("stick", instance, source)
        held = self._held.get(key)
        x, y = state
        act: Act | None = None
        if held is not None:  # keep pointing until the stick is nearly back
            along = x if held.act in (Act.LEFT, Act.RIGHT) else y
            sign = 1 if held.act in (Act.RIGHT, Act.DOWN) else -1
            if along * sign > STICK_OFF:
                act = held.act
        if act is None and max(abs(x), abs(y)) > STICK_ON:
            if abs(x) >= abs(y):
                act = Act.RIGHT if x > 0 else Act.LEFT
            else:
                act = Act.DOWN if y > 0 else Act.UP
        return self._point(key, act)

    def _point(self, key: tuple[object, ...], act: Act | None) -> list[Routed]:
        """A hat or stick (``key``) now pointing ``act``, or nowhere (None): an intent when it
        starts pointing or turns, none while it keeps pointing the same way."""
        if act is None:
            self._held.pop(key, None)
            return []
        self.last_device = Device.GAMEPAD
        held = self._held.get(key)
        if held is not None and held.act == act:
            return []
        self._held[key] = _Held(act)
        return [Intent(act, Device.GAMEPAD)]


def _pointer(kind: int, pos: tuple[int, int], **attrs: Any) -> pygame.event.Event:
    return pygame.event.Event(kind, pos=pos, touch=False, source=Device.TOUCH, **attrs)

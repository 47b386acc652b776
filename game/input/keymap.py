"""Which keys and pad buttons mean which act: the table all keyboard and gamepad input goes through.

A binding names a key (``"escape"``, ``"page down"``, ``"d"``), with modifiers before a ``+``
(``"ctrl+z"``, ``"shift+tab"``), or a pad button as ``"pad:"`` and its name (``a`` the bottom
face button, ``b`` the right, ``x`` the left, ``y`` the top, ``start``, ``back``, the shoulders
``lb`` and ``rb``, the d-pad's ``up`` ``down`` ``left`` ``right``). :data:`DEFAULT_BINDINGS`
gives every scene the arrows, Tab, Enter and Space, Esc and the pad's buttons; a scene adds its
own (``Scene.bindings``: act → names), which win over the defaults for the same key or button.
The router turns each press into the act the top scene's :class:`Keymap` gives it, so a scene
hears acts and never a key code.

>>> keys = Keymap.of(DEFAULT_BINDINGS, {Act.UNDO: ("backspace", "ctrl+z")})
>>> keys.key_act(KEY_CODES["z"], pygame.KMOD_LCTRL), keys.key_act(KEY_CODES["z"], 0)
(<Act.UNDO: 'undo'>, None)
>>> keys.key_act(KEY_CODES["tab"], pygame.KMOD_LSHIFT), keys.pad_act("a")
(<Act.PREV: 'prev'>, <Act.ACTIVATE: 'activate'>)
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass, field

import pygame

from game.input.chord import MODIFIERS
from game.input.intents import Act

Bindings = Mapping[Act, tuple[str, ...]]  # act → the keys and pad buttons that mean it

PAD_PREFIX = "pad:"

KEY_CODES: dict[str, int] = {
    "up": pygame.K_UP,
    "down": pygame.K_DOWN,
    "left": pygame.K_LEFT,
    "right": pygame.K_RIGHT,
    "return": pygame.K_RETURN,
    "keypad enter": pygame.K_KP_ENTER,
    "space": pygame.K_SPACE,
    "escape": pygame.K_ESCAPE,
    "backspace": pygame.K_BACKSPACE,
    "tab": pygame.K_TAB,
    "page up": pygame.K_PAGEUP,
    "page down": pygame.K_PAGEDOWN,
    "home": pygame.K_HOME,
    "end": pygame.K_END,
    "plus": pygame.K_PLUS,
    "equals": pygame.K_EQUALS,  # the + key without Shift on most layouts
    "minus": pygame.K_MINUS,
    "keypad plus": pygame.K_KP_PLUS,
    "keypad minus": pygame.K_KP_MINUS,
    "f11": pygame.K_F11,
}
KEY_CODES.update({letter: getattr(pygame, f"K_{letter}") for letter in string.ascii_lowercase})

MOD_GROUPS = frozenset(MODIFIERS.values())  # Ctrl, Shift, Alt, GUI: either side counts

# Held, these repeat (as the d-pad does): moving through a list or a page, stepping a replay.
REPEATING_KEYS = frozenset(KEY_CODES[name] for name in ("up", "down", "left", "right"))

PAD_BUTTONS = ("a", "b", "x", "y", "start", "back", "lb", "rb", "up", "down", "left", "right")

# Pads SDL knows the layout of send controller buttons; other pads send joystick buttons by
# number, in the XInput order most follow.
CONTROLLER_BUTTONS: dict[int, str] = {
    pygame.CONTROLLER_BUTTON_A: "a",
    pygame.CONTROLLER_BUTTON_B: "b",
    pygame.CONTROLLER_BUTTON_X: "x",
    pygame.CONTROLLER_BUTTON_Y: "y",
    pygame.CONTROLLER_BUTTON_START: "start",
    pygame.CONTROLLER_BUTTON_BACK: "back",
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "lb",
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "rb",
    pygame.CONTROLLER_BUTTON_DPAD_UP: "up",
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: "down",
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: "left",
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "right",
}
JOYSTICK_BUTTONS: dict[int, str] = dict(
    enumerate(("a", "b", "x", "y", "lb", "rb", "back", "start"))
)

DEFAULT_BINDINGS: Bindings = {
    Act.UP: ("up", "pad:up"),
    Act.DOWN: ("down", "pad:down"),
    Act.LEFT: ("left", "pad:left"),
    Act.RIGHT: ("right", "pad:right"),
    Act.NEXT: ("tab", "pad:rb"),
    Act.PREV: ("shift+tab", "pad:lb"),
    Act.ACTIVATE: ("return", "keypad enter", "space", "pad:a"),
    Act.BACK: ("escape", "pad:b"),
    Act.PAUSE: ("pad:start",),  # P pauses only where a scene says so
    Act.DRAW: ("pad:x",),
    Act.SORT: ("pad:y",),
    Act.UNDO: ("pad:back",),  # where nothing can be taken back: as B
    Act.FULLSCREEN: ("f11", "alt+return", "alt+keypad enter"),
}


# Paging through a long list or page, for the scenes that have one.
PAGING: Bindings = {
    Act.PAGE_DOWN: ("page down",),
    Act.PAGE_UP: ("page up",),
    Act.FIRST: ("home",),
    Act.LAST: ("end",),
}


def parse_key(name: str) -> tuple[int, int]:
    """The key code and the modifiers ``name`` (``"ctrl+z"``) stands for; ValueError if
    either part is unknown.

    >>> parse_key("shift+tab") == (pygame.K_TAB, pygame.KMOD_SHIFT)
    True
    """
    *mods, key = name.split("+")
    if key not in KEY_CODES:
        raise ValueError(f"no key is called {key!r} (known: {', '.join(sorted(KEY_CODES))})")
    mask = 0
    for mod in mods:
        if mod not in MODIFIERS:
            raise ValueError(f"no modifier is called {mod!r} (known: {', '.join(MODIFIERS)})")
        mask |= MODIFIERS[mod]
    return KEY_CODES[key], mask


@dataclass(frozen=True)
class Keymap:
    """Key presses and pad buttons to acts, for one scene."""

    keys: dict[int, list[tuple[int, Act]]] = field(default_factory=dict)  # most modifiers first
    pad: dict[str, Act] = field(default_factory=dict)

    @classmethod
    def of(cls, *layers: Bindings) -> Keymap:
        """The bindings of ``layers``, a later layer winning for a key or button both name."""
        chords: dict[tuple[int, int], Act] = {}
        pad: dict[str, Act] = {}
        for layer in layers:
            for act, names in layer.items():
                for name in names:
                    if name.startswith(PAD_PREFIX):
                        button = name.removeprefix(PAD_PREFIX)
                        if button not in PAD_BUTTONS:
                            raise ValueError(f"no pad button is called {button!r}")
                        pad[button] = act
                    else:
                        chords[parse_key(name)] = act
        keys: dict[int, list[tuple[int, Act]]] = {}
        for (code, mods), act in chords.items():
            keys.setdefault(code, []).append((mods, act))
        for options in keys.values():
            options.sort(key=lambda option: -bin(option[0]).count("1"))
        return cls(keys, pad)

    def key_act(self, key: int, mod: int) -> Act | None:
        """The act of ``key`` pressed with modifiers ``mod`` (None: it means nothing here)."""
        for mods, act in self.keys.get(key, ()):
            if all(mod & group for group in MOD_GROUPS if mods & group):
                return act
        return None

    def pad_act(self, button: str) -> Act | None:
        """The act of the pad button called ``button`` (None: it means nothing here)."""
        return self.pad.get(button)


DEFAULT_KEYMAP = Keymap.of(DEFAULT_BINDINGS)

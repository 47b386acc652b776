"""What a gamepad intent, or a held key's repeat, means to a scene that only reads keys."""

from __future__ import annotations

import pygame

from game.input.intents import Act, Device, Intent

# The key each intent stands for (A = Enter, B = Esc, Start = P, X = D, Y = S, the arrows).
GAMEPAD_KEYS: dict[Act, tuple[int, int]] = {
    Act.ACTIVATE: (pygame.K_RETURN, 0),
    Act.BACK: (pygame.K_ESCAPE, 0),
    Act.UNDO: (pygame.K_ESCAPE, 0),  # the pad's Back button, where nothing can be taken back
    Act.PAUSE: (pygame.K_p, 0),
    Act.DRAW: (pygame.K_d, 0),
    Act.SORT: (pygame.K_s, 0),
    Act.UP: (pygame.K_UP, 0),
    Act.DOWN: (pygame.K_DOWN, 0),
    Act.LEFT: (pygame.K_LEFT, 0),
    Act.RIGHT: (pygame.K_RIGHT, 0),
    Act.NEXT: (pygame.K_TAB, 0),
    Act.PREV: (pygame.K_TAB, pygame.KMOD_LSHIFT),
}


def key_event(intent: Intent) -> pygame.event.Event | None:
    """The KEYDOWN ``intent`` stands for, marked ``gamepad`` (a pad's button) or ``repeat`` (a
    held arrow key: a scene that reads keys, scrolling a page, gets it again); None for an
    intent no key stands for."""
    if intent.act not in GAMEPAD_KEYS:
        return None
    if intent.device == Device.GAMEPAD:
        mark = "gamepad"
    elif intent.repeat:
        mark = "repeat"
    else:
        return None
    key, mod = GAMEPAD_KEYS[intent.act]
    attrs = {"key": key, "mod": mod, "unicode": "", "scancode": 0, mark: True}
    return pygame.event.Event(pygame.KEYDOWN, attrs)

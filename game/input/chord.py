"""A key chord such as ``ctrl+alt+shift+q``: keys held together (an operator's way out).

Modifiers (``ctrl``, ``alt``, ``shift``, ``gui``/``meta``) are read from the key event's
``mod`` field, either side counting; other keys must all be held (tracked from this loop's own
KEYDOWN and KEYUP events, so synthetic events in tests behave like real ones).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

MODIFIERS: dict[str, int] = {
    "ctrl": pygame.KMOD_CTRL,
    "control": pygame.KMOD_CTRL,
    "alt": pygame.KMOD_ALT,
    "shift": pygame.KMOD_SHIFT,
    "gui": pygame.KMOD_GUI,
    "meta": pygame.KMOD_GUI,
    "super": pygame.KMOD_GUI,
    "cmd": pygame.KMOD_GUI,
}


@dataclass(frozen=True)
class Chord:
    mods: tuple[int, ...]  # each must be held (either side)
    keys: frozenset[int]  # all must be held; the last one pressed completes the chord

    @classmethod
    def parse(cls, text: str) -> Chord | None:
        """``"ctrl+alt+shift+q"`` as a chord; None when empty or a key name is unknown."""
        mods: list[int] = []
        keys: set[int] = set()
        for token in text.strip().lower().split("+"):
            token = token.strip()
            if not token:
                return None
            if token in MODIFIERS:
                mods.append(MODIFIERS[token])
                continue
            try:
                keys.add(pygame.key.key_code(token))
            except (ValueError, pygame.error):
                return None
        if not keys:
            return None
        return cls(tuple(mods), frozenset(keys))


@dataclass
class ChordWatcher:
    chord: Chord | None
    held: set[int] = field(default_factory=set)

    def feed(self, event: pygame.event.Event) -> bool:
        """Follow a key event; True when it completes the chord."""
        if event.type == pygame.KEYUP:
            self.held.discard(event.key)
            return False
        if event.type != pygame.KEYDOWN or self.chord is None:
            return False
        self.held.add(event.key)
        chord = self.chord
        if event.key not in chord.keys or not chord.keys <= self.held:
            return False
        mod = int(getattr(event, "mod", 0))
        return all(mod & m for m in chord.mods)

    def reset(self) -> None:
        self.held.clear()

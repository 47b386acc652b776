"""Kiosk mode: a café table anyone may walk up to and nobody can walk off with.

``--kiosk`` starts fullscreen and :class:`Kiosk` guards the app:

- **First start**: with no way out set yet, :class:`PinSetupScene` asks the operator for a new
  PIN, twice, and keeps it salted and hashed in the settings file (``kiosk_pin_hash``). Until
  then the kiosk is not armed: that screen can still quit the game (a newcomer trying
  ``--kiosk`` is not trapped).
- **No way out** for players: the menu has no Quit button, ``App.quit`` is refused (Esc on the
  menu, the window's close button, Alt+F4 all end up there), F11 keeps the screen full.
- **The operator's ways out**: a press held on the top-left corner for three seconds opens a
  PIN pad and the right PIN quits; or the operator's own key chord (``kiosk_exit_chord`` in the
  settings file). The chord once printed in the game's help, ctrl+alt+shift+q, is no secret and
  is never used. After three wrong PINs the pad locks for 30 seconds, twice as long after each
  further wrong one; the lockout holds when the pad is closed and opened again, and over a
  restart (the settings file keeps it).
- **Settings**: what a player changes (sound, language...) lasts until the idle reset; the
  operator's PIN keeps it for everyone (written to the settings file).
- **Idle**: after ``kiosk_idle_seconds`` without input the table goes back to the attract mode
  (a match in progress first warns for ten seconds: any touch keeps it). The attract mode is
  :class:`AttractScene`: computer players playing each other on the real table, with a "touch
  to play" call; any touch, key or button from there opens the menu.

This module holds the guard (:class:`Kiosk`) and the operator's settings (:class:`KioskConfig`);
the screens are in :mod:`game.scenes.kiosk.pin_pad` and :mod:`game.scenes.kiosk.attract`, and every
name is importable from here.

Time comes from ``App.step(dt)`` only (``app.idle``, the lockout), so tests drive all of it by
hand.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import math
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import _
from game.input.chord import Chord, ChordWatcher
from game.scenes import flow
from game.scenes.kiosk.attract import AttractScene
from game.scenes.kiosk.pin_pad import PinPadScene, PinSetupScene, clock_text
from game.view import surfaces, typeset
from game.view.layout import ui_scale

if TYPE_CHECKING:
    from game.app import App

__all__ = [
    "CORNER_HOLD",
    "FIRST_LOCK",
    "LONGEST_LOCK",
    "MOST_FAILURES",
    "PIN_ROUNDS",
    "PIN_SCHEME",
    "PIN_TRIES",
    "PUBLISHED_CHORD",
    "AttractScene",
    "Kiosk",
    "KioskConfig",
    "PinPadScene",
    "PinSetupScene",
    "clock_text",
    "hash_pin",
    "lock_seconds",
    "pin_matches",
]

PUBLISHED_CHORD = "ctrl+alt+shift+q"  # the old default, printed in the help: never a way out
CORNER_HOLD = 3.0  # seconds a press rests on the operator corner before the PIN pad opens
PIN_TRIES = 3  # wrong PINs in a row before the pad locks
FIRST_LOCK = 30.0  # seconds the pad stays locked after PIN_TRIES wrong PINs
LONGEST_LOCK = 3600.0  # the lock doubles with each further wrong PIN, up to this
MOST_FAILURES = 1000  # wrong PINs counted (the lock stopped growing long before)
PIN_SCHEME = "pbkdf2-sha256"
PIN_ROUNDS = 100_000
PRESSES = frozenset(
    (
        pygame.MOUSEBUTTONDOWN,
        pygame.FINGERDOWN,
        pygame.KEYDOWN,
        pygame.JOYBUTTONDOWN,
        pygame.CONTROLLERBUTTONDOWN,
    )
)
RELEASES = frozenset((pygame.MOUSEBUTTONUP, pygame.FINGERUP))


def hash_pin(pin: str, salt: bytes | None = None, rounds: int = PIN_ROUNDS) -> str:
    """``pin`` salted and hashed, as the settings file keeps it: scheme$rounds$salt$digest."""
    salt = os.urandom(16) if salt is None else salt
    digest = hashlib.pbkdf2_hmac("sha256", pin.encode("ascii"), salt, rounds)
    return f"{PIN_SCHEME}${rounds}${salt.hex()}${digest.hex()}"


def pin_matches(pin: str, hashed: str) -> bool:
    """True when ``pin`` is the one ``hashed`` (from :func:`hash_pin`) was made from."""
    try:
        scheme, rounds, salt, digest = hashed.split("$")
        if scheme != PIN_SCHEME or not pin.isdigit():
            return False
        tried = hashlib.pbkdf2_hmac("sha256", pin.encode("ascii"), bytes.fromhex(salt), int(rounds))
    except ValueError:
        return False
    return hmac.compare_digest(tried.hex(), digest)


def lock_seconds(failures: int) -> float:
    """How long the pad stays locked after ``failures`` wrong PINs in a row."""
    if failures < PIN_TRIES:
        return 0.0
    doublings = min(20, failures - PIN_TRIES)
    return min(LONGEST_LOCK, FIRST_LOCK * float(2**doublings))


def _chord_keys(text: str) -> frozenset[str]:
    """A chord's key names, in any order ("control" is "ctrl"): to compare two chords."""
    names = (token.strip().lower() for token in text.split("+"))
    return frozenset("ctrl" if name == "control" else name for name in names if name)


@dataclass(frozen=True)
class KioskConfig:
    pin: str = ""  # digits in clear: tests and tools only (a settings file keeps pin_hash)
    chord: str = ""  # the operator's own key chord; "" for none
    idle_seconds: float = 90.0
    warn_seconds: float = 10.0  # a match in progress warns this long before it is dropped
    attract_seed: int | None = None  # None: a fresh deal each time; a number: repeatable (tests)
    pin_hash: str = ""  # from hash_pin
    take_backs: bool = False  # the operator lets players take turns back (Undo)

    @property
    def has_way_out(self) -> bool:
        """The operator can leave: a PIN or their own chord is set."""
        return bool(self.pin or self.pin_hash or Chord.parse(self.chord))

    @classmethod
    def from_settings(cls, stored: Any) -> KioskConfig:
        """From a ``game.store.home.Settings`` (its kiosk_* fields); defaults for anything odd."""
        pin_hash = str(getattr(stored, "kiosk_pin_hash", "") or "")
        pin = str(getattr(stored, "kiosk_pin", "") or "")  # an older file's, hashed at start
        chord = str(getattr(stored, "kiosk_exit_chord", "") or "").strip().lower()
        if _chord_keys(chord) == _chord_keys(PUBLISHED_CHORD):
            chord = ""  # anyone who read the help knows it
        try:
            idle = float(getattr(stored, "kiosk_idle_seconds", 90))
        except (TypeError, ValueError):
            idle = 90.0
        idle = max(10.0, idle)
        return cls(
            pin if pin.isdigit() and not pin_hash else "",
            chord,
            idle,
            min(10.0, idle / 3),
            pin_hash=pin_hash,
            take_backs=getattr(stored, "kiosk_take_backs", False) is True,
        )

    @classmethod
    def load(cls, store: Any = None) -> KioskConfig:
        """The operator's kiosk settings from the settings file (``Store().load_settings()``)."""
        try:
            if store is None:
                from game.store.home import Store

                store = Store()
            return cls.from_settings(store.load_settings())
        except Exception:  # no store, or no readable file: the operator sets a PIN
            print("kiosk: the settings could not be read, so kiosk mode asks for a new PIN")
            return cls()


class Kiosk:
    """Guards the app in kiosk mode: the operator's ways out, the idle reset, the settings."""

    def __init__(self, app: App, config: KioskConfig) -> None:
        self.app = app
        self.config = config
        self.unlocked = False
        self.watcher = ChordWatcher(Chord.parse(config.chord))
        self.corner_time: float | None = None  # a press held on the operator corner
        self._swallow_release = False
        # The PIN pad's lockout: from the settings file, so a restart does not clear it.
        stored = app.stored
        self.failures = int(getattr(stored, "kiosk_pin_failures", 0) or 0)
        self.locked_for = float(getattr(stored, "kiosk_pin_locked_seconds", 0.0) or 0.0)
        # The settings every player starts with; a player's changes last until the idle reset.
        self.baseline = dataclasses.replace(app.settings)
        self._hash_a_clear_pin()
        self._grab_keyboard(True)

    # ------------------------------------------------------------------ the operator

    @property
    def armed(self) -> bool:
        """Players are kept in: the operator has a way out, and has not taken it."""
        return not self.unlocked and self.config.has_way_out

    @property
    def has_pin(self) -> bool:
        return bool(self.config.pin or self.config.pin_hash)

    @property
    def locked(self) -> bool:
        """The PIN pad takes no PIN now (too many wrong ones)."""
        return self.locked_for > 0

    def check_pin(self, entered: str) -> bool:
        """Try a PIN: True when it is the operator's. Wrong ones count toward the lockout."""
        if self.locked or not entered:
            return False
        if self.config.pin_hash:
            right = pin_matches(entered, self.config.pin_hash)
        else:
            right = bool(self.config.pin) and hmac.compare_digest(entered, self.config.pin)
        if right:
            if self.failures or self.locked_for:
                self.failures, self.locked_for = 0, 0.0
                self._keep_lockout()
            return True
        self.failures = min(self.failures + 1, MOST_FAILURES)
        self.locked_for = lock_seconds(self.failures)
        self._keep_lockout()
        return False

    def set_pin(self, pin: str) -> None:
        """The operator's new PIN (first start): kept hashed, never in clear."""
        hashed = hash_pin(pin)
        self.config = dataclasses.replace(self.config, pin="", pin_hash=hashed)
        self.failures, self.locked_for = 0, 0.0
        stored = self.app.stored
        if stored is not None:
            stored.kiosk_pin_hash = hashed
            stored.kiosk_pin = ""
            stored.kiosk_pin_failures = 0
            stored.kiosk_pin_locked_seconds = 0.0
            self._write_stored()

    def keep_settings(self) -> None:
        """The operator's PIN was given: the settings now on screen are every player's."""
        self.baseline = dataclasses.replace(self.app.settings)
        stored, store = self.app.stored, self.app.store
        if stored is None or store is None:
            return
        stored.take_choices(self.app.settings)
        self._write_stored()

    def restore_settings(self) -> None:
        """Back to the settings every player starts with (a player's changes are dropped)."""
        settings = self.app.settings
        if settings == self.baseline:
            return
        for item in dataclasses.fields(settings):
            setattr(settings, item.name, getattr(self.baseline, item.name))
        self.app.apply_settings()

    def _hash_a_clear_pin(self) -> None:
        """An older settings file kept the PIN in clear: keep it hashed instead."""
        stored = self.app.stored
        clear = str(getattr(stored, "kiosk_pin", "") or "")
        if stored is None or not clear:
            return
        if self.config.pin == clear:
            self.config = dataclasses.replace(self.config, pin="", pin_hash=hash_pin(clear))
        stored.kiosk_pin_hash = stored.kiosk_pin_hash or hash_pin(clear)
        stored.kiosk_pin = ""
        self._write_stored()

    def _keep_lockout(self) -> None:
        stored = self.app.stored
        if stored is None:
            return
        stored.kiosk_pin_failures = self.failures
        stored.kiosk_pin_locked_seconds = round(self.locked_for, 1)
        self._write_stored()

    def _write_stored(self) -> None:
        """Write the operator's settings (app.stored: a kiosk's players never change it)."""
        store, stored = self.app.store, self.app.stored
        if store is None or stored is None:
            return
        store.save_settings(stored)
        self.app.take_notices()

    # ------------------------------------------------------------------ leaving

    def unlock(self) -> None:
        """The operator's chord or PIN: leave the kiosk (and the game)."""
        self.unlocked = True
        self._grab_keyboard(False)
        self.app.quit()

    def _grab_keyboard(self, on: bool) -> None:
        """Keep system shortcuts (Alt+Tab on some systems) inside the game while fullscreen."""
        import warnings

        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                window = pygame.Window.from_display_module()
                window.grab_keyboard = on
        except (pygame.error, AttributeError):
            pass

    # ------------------------------------------------------------------ events

    @property
    def warning(self) -> float | None:
        """Seconds left before an idle match is dropped, while the warning shows."""
        if not self.in_match:
            return None
        left = self.config.idle_seconds - self.app.idle
        return left if left <= self.config.warn_seconds else None

    @property
    def in_match(self) -> bool:
        return any(
            getattr(s, "session", None) is not None and not isinstance(s, AttractScene)
            for s in self.app.stack
        )

    def intercept(self, event: pygame.event.Event) -> bool:
        """A raw event before the router: True to swallow it."""
        if event.type in (pygame.KEYDOWN, pygame.KEYUP) and self.watcher.feed(event):
            self.unlock()
            return True
        if self.warning is not None and event.type in PRESSES:
            self.app.idle = 0.0  # "still playing": the touch only wakes the table
            self._swallow_release = event.type in (pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN)
            return True
        if self._swallow_release and event.type in RELEASES:
            self._swallow_release = False
            return True
        return False

    def observe(self, event: pygame.event.Event) -> None:
        """A routed pointer event (canvas pixels): watch for a press held on the corner."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.corner_time = 0.0 if self.corner().collidepoint(event.pos) else None
        elif event.type == pygame.MOUSEBUTTONUP or (
            event.type == pygame.MOUSEMOTION
            and self.corner_time is not None
            and not self.corner().inflate(20, 20).collidepoint(event.pos)
        ):
            self.corner_time = None

    def corner(self) -> pygame.Rect:
        side = max(48, round(min(self.app.size) * 0.09))
        return pygame.Rect(0, 0, side, side)

    # ------------------------------------------------------------------ time

    def update(self, dt: float) -> None:
        if self.locked_for > 0:
            self.locked_for = max(0.0, self.locked_for - dt)
            if self.locked_for == 0:
                self._keep_lockout()  # a restart now opens an unlocked pad
        if not self.config.has_way_out:
            # First start: the operator sets a PIN before anything else.
            self.corner_time = None
            if not isinstance(self.app.top, PinSetupScene):
                self.app.push(PinSetupScene(self.app, self))
            return
        if self.corner_time is not None:
            self.corner_time += dt
            if self.corner_time >= CORNER_HOLD:
                self.corner_time = None
                self.open_pin_pad()
        top = self.app.top
        if self.app.idle >= self.config.idle_seconds and not isinstance(top, AttractScene):
            self.to_attract()

    def open_pin_pad(self, on_right_pin: Callable[[], None] | None = None) -> None:
        """The operator's PIN pad; the right PIN quits, or does ``on_right_pin``."""
        if self.has_pin and not isinstance(self.app.top, PinPadScene):
            self.app.push(PinPadScene(self.app, self, on_right_pin))

    def to_attract(self) -> None:
        """Drop whatever was going on (a stranger's match and settings): the attract mode."""
        keeper = getattr(self.app, "keeper", None)
        for scene in self.app.stack:
            session = getattr(scene, "session", None)
            if session is None:
                continue
            if keeper is not None:
                keeper.unwatch(session)
            session.close()
        if keeper is not None:
            keeper.discard()
        self.app.reset()
        self.restore_settings()
        self.app.push(AttractScene(self.app, seed=self.config.attract_seed))

    def to_menu(self) -> None:
        self.app.idle = 0.0
        flow.to_menu(self.app)

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        left = self.warning
        if left is None:
            return
        th = self.app.theme
        width, height = surface.get_size()
        u = ui_scale((width, height))
        shade = pygame.Surface((width, height), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        pw = min(width - 32, round(560 * u) + 60)
        body = max(12, round(20 * u))
        # the request wraps: Tamil and Irish say it in more words than one line holds
        lines = typeset.wrap(_("Touch the screen or press any key to carry on."), body, pw - 24)
        extra = (len(lines) - 1) * typeset.text_height(body)
        panel = pygame.Rect(0, 0, pw, round(150 * u) + 40 + extra)
        panel.center = (width // 2, height // 2)
        surfaces.draw_panel(
            surface, panel, (*th.panel[:3], 245), th.accent, round(18 * u), 2, shadow=True
        )
        r = typeset.blit_text(
            surface,
            _("Still playing?"),
            max(20, round(44 * u)),
            th.accent,
            bold=True,
            max_width=panel.w - 24,
            midtop=(panel.centerx, panel.top + round(24 * u)),
        )
        y = r.bottom + round(12 * u)
        for line in lines:
            r = typeset.blit_text(surface, line, body, th.text, midtop=(panel.centerx, y))
            y = r.bottom
        typeset.blit_text(
            surface,
            # Translators: {n} counts down the seconds
            _("Back to the start in {n}").format(n=math.ceil(max(0.0, left))),
            max(12, round(20 * u)),
            th.text_dim,
            max_width=panel.w - 24,
            midtop=(panel.centerx, r.bottom + round(8 * u)),
        )

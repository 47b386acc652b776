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

Time comes from ``App.step(dt)`` only (``app.idle``, the lockout), so tests drive all of it by
hand.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import math
import os
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import _, ngettext
from game.input.chord import Chord, ChordWatcher
from game.input.intents import Intent
from game.rules import Action, Rules
from game.scenes.base import Scene
from game.view import widgets as w
from game.view.layout import ui_scale

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.session import Session
    from game.view.table import TableView

PUBLISHED_CHORD = "ctrl+alt+shift+q"  # the old default, printed in the help: never a way out
CORNER_HOLD = 3.0  # seconds a press rests on the operator corner before the PIN pad opens
PIN_TRIES = 3  # wrong PINs in a row before the pad locks
FIRST_LOCK = 30.0  # seconds the pad stays locked after PIN_TRIES wrong PINs
LONGEST_LOCK = 3600.0  # the lock doubles with each further wrong PIN, up to this
MOST_FAILURES = 1000  # wrong PINs counted (the lock stopped growing long before)
PIN_TIMEOUT = 20.0  # seconds an untouched PIN pad stays open
PIN_SHORTEST = 4  # digits in a new PIN, at least
PIN_LONGEST = 12
PIN_SCHEME = "pbkdf2-sha256"
PIN_ROUNDS = 100_000
ATTRACT_PACE = 0.7  # seconds between the computer players' moves in the attract mode
ATTRACT_REST = 4.0  # seconds the finished round stays before a new one is dealt
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


def clock_text(seconds: float) -> str:
    """A countdown as minutes and seconds: 0:28, 12:05."""
    whole = math.ceil(max(0.0, seconds))
    return f"{whole // 60}:{whole % 60:02d}"


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
        """From a ``game.store.Settings`` (its kiosk_* fields); defaults for anything odd."""
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
                from game.store import Store

                store = Store()
            return cls.from_settings(store.load_settings())
        except Exception:  # no store, or no readable file: the operator sets a PIN
            print("kiosk: the settings could not be read, so kiosk mode asks for a new PIN")
            return cls()


class Kiosk:
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
        from game.scenes.menu import MenuScene

        self.app.idle = 0.0
        self.app.reset(MenuScene(self.app))

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
        lines = w.wrap(_("Touch the screen or press any key to carry on."), body, pw - 24)
        extra = (len(lines) - 1) * w.text_height(body)
        panel = pygame.Rect(0, 0, pw, round(150 * u) + 40 + extra)
        panel.center = (width // 2, height // 2)
        w.draw_panel(surface, panel, (*th.panel[:3], 245), th.accent, round(18 * u), 2, shadow=True)
        r = w.blit_text(
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
            r = w.blit_text(surface, line, body, th.text, midtop=(panel.centerx, y))
            y = r.bottom
        w.blit_text(
            surface,
            # Translators: {n} counts down the seconds
            _("Back to the start in {n}").format(n=math.ceil(max(0.0, left))),
            max(12, round(20 * u)),
            th.text_dim,
            max_width=panel.w - 24,
            midtop=(panel.centerx, r.bottom + round(8 * u)),
        )


# ----------------------------------------------------------------------------- the PIN pad


class PinPadScene(Scene):
    """Digits for the operator's PIN, by touch, keyboard or gamepad."""

    opaque = False
    KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "Clear", "0", "OK")

    def __init__(
        self, app: App, kiosk: Kiosk, on_right_pin: Callable[[], None] | None = None
    ) -> None:
        super().__init__(app)
        self.kiosk = kiosk
        self.on_right_pin = on_right_pin  # None: the right PIN leaves the kiosk
        self.entered = ""
        self.wrong = False  # the last PIN tried was wrong
        self.quiet = 0.0  # seconds without a key here
        self.buttons: list[w.Button] = []
        self._layout()

    def _layout(self) -> None:
        width, height = self.size
        self._lay_pad((width // 2, height // 2))

    def _lay_pad(self, center: tuple[int, int]) -> None:
        u = ui_scale(self.size)
        key = max(52, round(72 * u))  # room for "Hreinsa", "Glan" under a finger
        gap = max(6, round(10 * u))
        grid_w = 3 * key + 2 * gap
        self.panel = pygame.Rect(0, 0, grid_w + 2 * gap + round(40 * u), 0)
        self.panel.h = round(110 * u) + 5 * (key + gap) + gap
        self.panel.center = center
        top = self.panel.top + round(100 * u)
        left = self.panel.centerx - grid_w // 2
        self.buttons = []
        for i, label in enumerate(self.KEYS):
            rect = pygame.Rect(left + (i % 3) * (key + gap), top + (i // 3) * (key + gap), key, key)
            primary = label == "OK"
            shown = {"Clear": _("Clear"), "OK": _("OK")}.get(label, label)
            self.buttons.append(w.Button(shown, rect, self._press_action(label), primary=primary))
        cancel = pygame.Rect(left, top + 4 * (key + gap), grid_w, key)
        self.buttons.append(w.Button(self.cancel_label(), cancel, self.cancel))

    def cancel_label(self) -> str:
        return _("Cancel")

    @property
    def message(self) -> str:
        """The line over the digits, in the current language."""
        if self.kiosk.locked:
            return _("Too many wrong PINs")
        return _("Wrong PIN") if self.wrong else _("Operator PIN")

    @property
    def refused(self) -> bool:
        """The line over the digits says no (drawn in the refusal colour)."""
        return self.wrong or self.kiosk.locked

    def _press_action(self, label: str) -> Any:
        def press() -> None:
            self.press(label)

        return press

    def resize(self, size: tuple[int, int]) -> None:
        self._layout()

    def cancel(self) -> None:
        if self.app.top is self:
            self.app.pop()

    def press(self, label: str) -> None:
        self.quiet = 0.0
        if self.kiosk.locked:
            self.entered = ""  # nothing is typed while the pad is locked
        elif label == "Clear":
            self.entered = ""
        elif label == "OK":
            self.submit()
        elif label.isdigit() and len(self.entered) < PIN_LONGEST:
            self.entered += label

    def submit(self) -> None:
        entered, self.entered = self.entered, ""
        if not entered or self.kiosk.locked:
            return
        if self.kiosk.check_pin(entered):
            if self.on_right_pin is None:
                self.kiosk.unlock()
            else:
                self.cancel()
                self.on_right_pin()
            return
        self.wrong = True

    def handle(self, event: pygame.event.Event) -> None:
        for button in self.buttons:
            if button.handle(event):
                return
        if event.type != pygame.KEYDOWN:
            return
        name = pygame.key.name(event.key)
        digit = name.strip("[]")
        if digit.isdigit() and len(digit) == 1:
            self.press(digit)
        elif event.key == pygame.K_BACKSPACE:
            self.quiet = 0.0
            self.entered = self.entered[:-1]
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.press("OK")
        elif event.key == pygame.K_ESCAPE:
            self.cancel()

    def update(self, dt: float) -> None:
        self.quiet += dt
        if self.quiet >= PIN_TIMEOUT and self.app.top is self:
            self.app.pop()
            return
        locked = self.kiosk.locked
        for button in self.buttons[:-1]:
            button.enabled = not locked  # the digits rest while the pad is locked
        for button in self.buttons:
            button.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 170))
        surface.blit(shade, (0, 0))
        self.draw_pad(surface)

    def draw_pad(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        u = ui_scale(surface.get_size())
        w.draw_panel(
            surface, self.panel, (*th.panel[:3], 245), th.panel_edge, round(18 * u), 2, shadow=True
        )
        colour = th.refusal if self.refused else th.accent
        r = w.blit_text(
            surface,
            self.message,
            max(16, round(28 * u)),
            colour,
            bold=True,
            max_width=self.panel.w - 16,
            midtop=(self.panel.centerx, self.panel.top + round(16 * u)),
        )
        if self.kiosk.locked:
            w.blit_text(
                surface,
                # Translators: {time} counts down minutes and seconds, e.g. 0:28
                _("Try again in {time}").format(time=clock_text(self.kiosk.locked_for)),
                max(14, round(24 * u)),
                th.text,
                bold=True,
                max_width=self.panel.w - 16,
                midtop=(self.panel.centerx, r.bottom + round(8 * u)),
            )
        else:
            dots = "• " * len(self.entered) if self.entered else "–"  # both in Noto Sans
            w.blit_text(
                surface,
                dots.strip(),
                max(16, round(30 * u)),
                th.text,
                bold=True,
                midtop=(self.panel.centerx, r.bottom + round(6 * u)),
            )
        for button in self.buttons:
            button.draw(surface, th, u)


class PinSetupScene(PinPadScene):
    """Kiosk mode's first start: the operator chooses a PIN (typed twice) before anything else.

    The kiosk is not armed yet, so this screen can still quit the game."""

    opaque = True

    def __init__(self, app: App, kiosk: Kiosk) -> None:
        self.first: str | None = None  # the PIN typed once, waiting for the second time
        self.problem = ""  # what was wrong with the last try ("" for nothing)
        super().__init__(app, kiosk)

    def _layout(self) -> None:
        width, height = self.size
        u = ui_scale(self.size)
        self.title_bottom = round(30 * u) + w.text_height(max(20, round(44 * u))) + round(8 * u)
        key = max(52, round(72 * u))
        gap = max(6, round(10 * u))
        pad_w = 3 * key + 4 * gap + round(40 * u)
        margin = max(16, round(30 * u))
        side_by_side = width > height and width >= pad_w + 3 * margin + max(260, round(340 * u))
        if side_by_side:
            center = (width - margin - pad_w // 2, (self.title_bottom + height) // 2)
            self.text_area = pygame.Rect(
                margin, self.title_bottom, width - pad_w - 3 * margin, height - self.title_bottom
            )
        else:  # a narrow screen: the words over the pad, what room there is
            pad_h = round(110 * u) + 5 * (key + gap) + gap
            center = (width // 2, height - margin - pad_h // 2)
            top = center[1] - pad_h // 2
            self.text_area = pygame.Rect(
                margin, self.title_bottom, width - 2 * margin, max(0, top - self.title_bottom)
            )
        self._lay_pad(center)

    def cancel_label(self) -> str:
        return _("Quit the game")

    def cancel(self) -> None:
        self.kiosk.unlock()  # no PIN yet: nothing to guard, the newcomer may leave

    @property
    def message(self) -> str:
        if self.problem:
            return self.problem
        return _("Type the PIN again") if self.first is not None else _("New operator PIN")

    @property
    def refused(self) -> bool:
        return bool(self.problem)

    def submit(self) -> None:
        entered, self.entered = self.entered, ""
        if len(entered) < PIN_SHORTEST:
            # Translators: {n} is the fewest digits a PIN may have
            self.problem = ngettext("At least {n} digit", "At least {n} digits", PIN_SHORTEST)
            self.problem = self.problem.format(n=PIN_SHORTEST)
            return
        if self.first is None:
            self.first, self.problem = entered, ""
            return
        if entered != self.first:
            self.first = None
            self.problem = _("Not the same PIN")
            return
        self.kiosk.set_pin(entered)
        self.app.notify(_("Operator PIN saved. Kiosk mode is on."), 4.0)
        self.kiosk.to_menu()

    def press(self, label: str) -> None:
        if label.isdigit() and not self.entered:
            self.problem = ""  # a new try: the last one's trouble is over
        super().press(label)

    def update(self, dt: float) -> None:
        for button in self.buttons:
            button.update(dt)  # no timeout: the operator takes the time they need

    def draw(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        u = ui_scale(surface.get_size())
        surface.blit(w.felt(surface.get_size(), th), (0, 0))
        w.page_title(surface, _("Kiosk mode: first start"), th, u, round(30 * u))
        area = self.text_area
        size = max(15, round(24 * u))  # as large as the room allows: the operator reads it once
        paragraphs = [
            _(
                "Kiosk mode is for a public touch screen: the game fills the screen, players "
                "cannot leave it, and it starts afresh when nobody has touched it for a while."
            ),
            # Translators: {fewest} and {most} are numbers of digits (4 and 12)
            _(
                "Choose an operator PIN of {fewest} to {most} digits and type it twice. To leave "
                "kiosk mode later, hold the top-left corner for three seconds and type the PIN."
            ).format(fewest=PIN_SHORTEST, most=PIN_LONGEST),
        ]
        while True:
            wrapped = [w.wrap(text, size, area.w) for text in paragraphs]
            count = sum(len(lines) for lines in wrapped) + len(wrapped) - 1
            if size <= 11 or count * w.text_height(size) <= area.h - round(20 * u):
                break
            size -= 1
        y = area.top + round(10 * u)
        for lines in wrapped:
            for line in lines:
                y = w.blit_text(surface, line, size, th.text, topleft=(area.left, y)).bottom
            y += w.text_height(size) // 2
        self.draw_pad(surface)


# ----------------------------------------------------------------------------- attract mode


class AttractScene(Scene):
    """Computer players playing each other on the table, until someone touches the screen."""

    PLAYERS = 4

    def __init__(self, app: App, seed: int | None = None) -> None:
        super().__init__(app)
        self.rng = random.Random(seed)
        self.time = 0.0
        self.woken = False
        self.session: Session
        self.view: TableView
        self._timer = 0.0
        self._asked: int | None = None
        self._answer: Action | None = None
        self._rest = 0.0
        self._new_match()

    def _new_match(self) -> None:
        from game.scenes.session import MatchConfig, Session
        from game.view.table import TableView

        old = getattr(self, "session", None)
        if old is not None:
            old.close()
        players = self.PLAYERS
        rules = Rules.standard().with_options(rounds=1)
        config = MatchConfig(players, rules, "greedy", self.rng.randrange(1, 2**31), "Dee")
        session = Session(config, inline=self.app.inline_seats, kinds=["greedy"] * players)
        session.human = None
        events = session.start_round()
        settings = self.app.settings
        view = TableView(
            self.app.size,
            players,
            session.state.names,
            None,
            self.app.theme,
            self.app.renderer,
            settings.numerals,
        )
        view.call_you = False
        started = events[0]
        view.load(
            round_number=1,
            rounds=1,
            engine=None,
            trains=[[] for _ in range(players + 1)],
            markers=[False] * players,
            open_doubles=[],
            hand_counts=[0] * players,
            boneyard=len(getattr(started, "boneyard", ())),
            totals=[0] * players,
            current=None,
            hand=None,
        )
        view.feed(events)
        self.session = session
        self.view = view
        self._asked = None
        self._answer = None
        self._rest = 0.0

    # ------------------------------------------------------------------ waking up

    def wake(self) -> None:
        if self.woken:
            return
        self.woken = True
        kiosk = self.app.kiosk
        if kiosk is not None:
            kiosk.to_menu()
            return
        from game.scenes.menu import MenuScene

        self.app.reset(MenuScene(self.app))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.wake()

    def intent(self, intent: Intent) -> bool:
        self.wake()
        return True

    def focus_rect(self) -> pygame.Rect | None:
        return None

    def hints(self) -> list[tuple[str, str]]:
        return []

    def exit(self) -> None:
        self.session.close()

    def resize(self, size: tuple[int, int]) -> None:
        self.view.resize(size)

    # ------------------------------------------------------------------ playing

    def update(self, dt: float) -> None:
        self.time += dt
        settings = self.app.settings
        view = self.view
        view.set_style(self.app.theme, settings.numerals)
        view.update(dt)
        state = self.session.state
        if state.phase != "play":
            view.thinking = None
            if not view.busy:
                self._rest += dt
                if self._rest >= ATTRACT_REST:
                    self._new_match()
            return
        seat = state.current
        view.thinking = seat
        if view.busy:
            return
        runner = self.session.runner
        if self._asked != seat:
            self._asked = seat
            self._answer = None
            self._timer = ATTRACT_PACE
            runner.request(seat, state.observation(seat))
        if self._answer is None:
            answer = runner.poll()
            if answer is not None and answer[0] == seat:
                self._answer = answer[1]
        self._timer -= dt
        if self._answer is None or self._timer > 0:
            return
        action = self._answer
        if state.check(action, seat) is not None:
            action = state.legal_actions()[0]  # the rules decide, never the seat
        self._asked = None
        self._answer = None
        view.feed(self.session.apply(action))

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        view = self.view
        view.draw(surface)
        view.draw_top(surface)
        th = self.app.theme
        lay = view.layout
        u = lay.scale
        area = lay.tray.union(lay.prompt)
        shade = pygame.Surface(area.size, pygame.SRCALPHA)
        shade.fill((*th.panel[:3], 235))
        surface.blit(shade, area)
        pulse = 0.5 + 0.5 * math.sin(self.time * 3.0)
        name = _("Mexican Train")
        title_size = w.fit_text_size(name, max(20, round(46 * u)), area.w // 2, bold=True)
        title = w.text(name, title_size, th.accent, bold=True, shadow=True)
        call = _("Touch to play")
        room = area.w - round(50 * u) - 20
        call_size = w.fit_text_size(call, max(16, round(32 * u)), room, bold=True)
        label = w.text(call, call_size, th.text_dark, bold=True, max_width=room)
        pill = label.get_rect().inflate(round(50 * u), round(18 * u))
        if title.get_width() + pill.w + round(40 * u) <= area.w:
            title_rect = title.get_rect(midright=(area.centerx - round(12 * u), area.centery))
            pill.midleft = (area.centerx + round(12 * u), area.centery)
        else:
            title_rect = title.get_rect(midbottom=(area.centerx, area.centery))
            pill.midtop = (area.centerx, area.centery + 2)
        surface.blit(title, title_rect)
        w.blit_glow(surface, pill, th.accent, round(110 + 120 * pulse), pill.h // 2, 8)
        w.draw_panel(
            surface, pill, (*th.accent, 255), w.mix(th.accent, (0, 0, 0), 0.3), pill.h // 2
        )
        surface.blit(label, label.get_rect(center=pill.center))

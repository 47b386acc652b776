"""The pygame-ce loop: one window, one clock, a stack of scenes, input routed to the top one.

Time drives everything: each frame measures the seconds since the last one (capped, so a
stall or a breakpoint does not fast-forward the game) and passes them to the top scene's
``update``. ``App.step(dt)`` runs exactly one frame with a given ``dt``: the real loop calls it
with the clock's reading and sleeps between frames as long as they allow (:mod:`game.pacing`);
tests call it with a fixed step after posting synthetic events, never sleeping.

Screens and input (:mod:`game.input`): scenes draw on ``app.screen``, the logical canvas, which
is the window itself unless the window is under the smallest designed size or wider than 21:9
(then a canvas is scaled into it, aspect kept, see :mod:`game.input.viewport`). F11 and
Alt+Enter toggle fullscreen; the choice and the last windowed size are saved, and the next
start opens the same way unless the command line says otherwise. Held arrow keys repeat.
Every raw event goes through the :class:`InputRouter`: pointer events (mouse or finger)
reach the top scene in canvas pixels; keys and gamepad buttons become intents offered to
``Scene.intent`` first (the focus, the table's tile choice), and when a scene does not use
one, a gamepad intent (or a held key's repeat) reaches ``Scene.handle`` as the key it stands for
(A = Enter, B = Esc, Start = P, X = D, Y = S), so every screen that works by keyboard works by
gamepad. In kiosk mode (:mod:`game.scenes.kiosk.kiosk`) quitting is refused except by the operator.
"""

from __future__ import annotations

import dataclasses
import os
import sys
import time
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game import i18n, pacing, startup
from game.guard import Guard
from game.i18n import _
from game.input.intents import Act, Device, Intent
from game.input.keymap import DEFAULT_KEYMAP
from game.input.router import InputRouter
from game.input.viewport import DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, Viewport
from game.launch import open_app as open_app  # the game as a player opens it
from game.launch import run as run
from game.scenes.kit.base import Scene
from game.scenes.kit.focus_strip import draw_focus_and_keys
from game.sound.audio import SoundBoard
from game.sound.start import shared_sounds
from game.store.settings import Settings
from game.view import controls, fonts, frame_marks, surface_cache, toasts
from game.view.present import Presenter
from game.view.theme import Theme, theme_by_id
from game.view.tiles import TileRenderer

if TYPE_CHECKING:
    from game.match.keeper import Keeper
    from game.scenes.kiosk.kiosk import Kiosk, KioskConfig
    from game.store.home import Notice, Store
    from game.view.toasts import Toast

MAX_DT = 0.1  # seconds: longer gaps (a dragged window, a debugger) count as this much
INPUT_EVENTS = frozenset(
    (
        pygame.MOUSEMOTION,
        pygame.MOUSEBUTTONDOWN,
        pygame.MOUSEBUTTONUP,
        pygame.MOUSEWHEEL,
        pygame.KEYDOWN,
        pygame.KEYUP,
        pygame.TEXTINPUT,
    )
)


class App:
    def __init__(
        self,
        size: tuple[int, int] | None = None,
        settings: Settings | None = None,
        *,
        inline_seats: bool = False,
        resizable: bool = True,
        store: Store | None = None,
        fullscreen: bool | None = None,
        kiosk: KioskConfig | None = None,
    ) -> None:
        """``size`` None: the last windowed size saved (else 1280x720). ``fullscreen`` None:
        as the player last left it, unless a ``size`` is given (then windowed)."""
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        # Not pygame.init(): that also opens the audio device, which can take a good part of a
        # second on some systems. The sound board opens the mixer after the first frame.
        pygame.display.init()
        pygame.font.init()
        # Saves: with a store, settings come from it and the game in progress is kept (the
        # real game); without one (tests, tools) nothing touches the disk. Read before the
        # window opens, so it opens as the player left it.
        self.store = store
        self.stored: Settings | None = None  # as on disk (a kiosk's are the operator's)
        self.keeper: Keeper | None = None
        self.notices: list[Toast] = []  # short messages over every scene (a damaged file...)
        self.hint_strip_rect: pygame.Rect | None = None  # where the last frame's prompt strip went
        self.toast_rect: pygame.Rect | None = None  # where the last frame's toast went
        self._store_toasts: list[tuple[Toast, Notice]] = []  # said again in a new language
        self.autoplay: str | None = None  # a seat kind playing the person's seat (tests, CI)
        if store is not None:
            from game.match.keeper import Keeper

            self.stored = store.load_settings()
            if settings is None:
                settings = dataclasses.replace(self.stored)
            self.keeper = Keeper(store)
        self.settings = settings or Settings()
        self.remembers_window = kiosk is None  # a kiosk's screen is the operator's, not saved
        self._saved_window = (self.settings.fullscreen, self.settings.window_size)
        if fullscreen is None:
            fullscreen = size is None and self.settings.fullscreen
        if size is None:
            size = self._remembered_size()
        self.resizable = resizable
        self.windowed_size = size
        self.fullscreen = False
        self.window = self._open_window(size, False)
        self.viewport = Viewport.for_window(self.window.get_size())
        self.screen = self._canvas()  # the logical canvas every scene draws on
        self.router = InputRouter(self.viewport)
        self.idle = 0.0  # seconds since the last input (the kiosk's timeout reads it)
        self.pacer = pacing.FramePacer()  # how long the loop may sleep between frames
        self.presenter = Presenter()
        self.power = pacing.PowerWatch()
        if fullscreen or kiosk is not None:
            self.set_fullscreen(True)
        if store is not None:
            # The player's game speaks the saved language (or the system's); tests and tools
            # without a store keep whatever language they set.
            self.apply_language()
        pygame.display.set_caption(_("Mexican Train"))
        self.sounds = shared_sounds()
        _click_on_every_press(self.sounds)
        self.sounds.volume = self.settings.volume
        self.sounds.muted = self.settings.muted
        self.take_notices()
        self.renderer = TileRenderer(self.theme, cache_size=1500)
        self.inline_seats = inline_seats  # computer seats decide in the frame (tests, tools)
        self.stack: list[Scene] = []
        self.running = True
        self.frames = 0
        self.exit_code = 0
        self.time = 0.0
        self._after_frame: list[Callable[[], None]] = []
        self.guard = Guard(self)  # an error in a frame: back to the menu, the match kept
        self.kiosk: Kiosk | None = None
        if kiosk is not None:
            from game.scenes.kiosk.kiosk import Kiosk

            self.kiosk = Kiosk(self, kiosk)
        # Every open scene lays itself out again in a newly chosen language (until close();
        # held weakly, so an app a test forgot to close is not kept alive by i18n).
        method = weakref.WeakMethod(self._language_changed)

        def on_language(code: str) -> None:
            found = method()
            if found is not None:
                found(code)

        self._on_language = on_language
        i18n.add_listener(on_language)

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    # ------------------------------------------------------------------ the stack

    def push(self, scene: Scene) -> None:
        self.stack.append(scene)
        scene.enter()
        self.pacer.wake()  # a new scene: its first moments at the full rate

    def pop(self) -> Scene | None:
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.exit()
        self.pacer.wake()
        if self.stack:
            self.stack[-1].resume()
        else:
            self.running = False
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene``."""
        if self.stack:
            self.stack.pop().exit()
        self.push(scene)

    def reset(self, *scenes: Scene) -> None:
        """Empty the stack and push ``scenes`` (e.g. back to the menu)."""
        while self.stack:
            self.stack.pop().exit()
        for scene in scenes:
            self.push(scene)

    def pop_to(self, kind: type[Scene]) -> None:
        """Pop scenes until one of ``kind`` is on top."""
        while self.stack and not isinstance(self.stack[-1], kind):
            self.stack.pop().exit()
        if self.stack:
            self.stack[-1].resume()

    def quit(self, code: int = 0) -> None:
        if self.kiosk is not None and self.kiosk.armed:
            return  # a kiosk is left only by its operator (chord or PIN)
        self.exit_code = code
        self.running = False

    # ------------------------------------------------------------------ the window

    def _open_window(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(size, pygame.RESIZABLE if self.resizable else 0)

    def _canvas(self) -> pygame.Surface:
        if not self.viewport.scaled:
            return self.window
        old: pygame.Surface | None = getattr(self, "screen", None)
        if old is not None and old is not self.window and old.get_size() == self.viewport.canvas:
            return old
        return pygame.Surface(self.viewport.canvas).convert()

    def set_fullscreen(self, on: bool) -> None:
        """Fill the screen (the desktop's resolution) or go back to the last window size."""
        if on == self.fullscreen:
            return
        if on:
            self.windowed_size = self.window.get_size()
        try:
            self.window = self._open_window(self.windowed_size, on)
        except pygame.error as error:
            print(f"cannot switch fullscreen: {error}", file=sys.stderr)
            return
        self.fullscreen = on
        self.window_changed()

    def toggle_fullscreen(self) -> None:
        """The player's F11 / Alt+Enter: switch, and start that way next time too."""
        if self.kiosk is not None:
            return  # a kiosk stays fullscreen
        self.set_fullscreen(not self.fullscreen)
        if self.remembers_window and self.settings.fullscreen != self.fullscreen:
            self.settings.fullscreen = self.fullscreen
            self.settings.window_size = self.windowed_size  # what switching back returns to
            self.save_window()

    def _remembered_size(self) -> tuple[int, int]:
        """The last windowed size saved, kept within the screen (it may be a smaller one now)."""
        saved = self.settings.window_size
        if saved is None or not self.remembers_window:
            return DEFAULT_SIZE
        limit = MAX_SIZE
        desktops = pygame.display.get_desktop_sizes()
        if desktops:
            limit = (min(limit[0], desktops[0][0]), min(limit[1], desktops[0][1]))
        width = max(MIN_SIZE[0], min(limit[0], saved[0]))
        height = max(MIN_SIZE[1], min(limit[1], saved[1]))
        return width, height

    def save_window(self) -> None:
        """Write the fullscreen choice and the last windowed size alone (other settings being
        edited on a page are saved by that page, not half-way through by this)."""
        if self.store is None or self.stored is None or not self.remembers_window:
            return
        self._saved_window = (self.settings.fullscreen, self.settings.window_size)
        self.stored.fullscreen = self.settings.fullscreen
        self.stored.window_size = self.settings.window_size
        self.store.save_settings(self.stored)
        self.take_notices()

    def window_changed(self) -> None:
        """The window's size changed (resized, fullscreen): new canvas, scenes re-laid out."""
        surface = pygame.display.get_surface()
        if surface is not None:
            self.window = surface
        if not self.fullscreen:
            size = self.window.get_size()
            if size != self.windowed_size and self.remembers_window:
                self.settings.window_size = size  # resized: saved on a toggle and on close
            self.windowed_size = size
        old = self.viewport.canvas if hasattr(self, "viewport") else None
        self.viewport = Viewport.for_window(self.window.get_size())
        if hasattr(self, "router"):
            self.router.viewport = self.viewport
        self.screen = self._canvas()
        if self.screen.get_size() != old:
            for scene in getattr(self, "stack", []):
                scene.resize(self.size)

    def present(self, area: pygame.Rect | None = None) -> None:
        """Show the canvas (scaled into the window between bars where the shapes differ):
        all of a moving frame, only the changed parts of a calmer one (within ``area``)."""
        dest = pygame.Rect(self.viewport.dest)
        calm = self.pacer.fps < pacing.FULL_FPS
        self.presenter.present(self.screen, self.window, dest, calm, area)

    def _calm_area(self) -> pygame.Rect | None:
        """Where this frame can differ from the last one shown: the top scene's calm area in
        a calm frame when it alone is drawn and the screen holds the last frame; else all."""
        top = self.top
        if self.pacer.fps >= pacing.FULL_FPS or top is None or not self.presenter.knows():
            return None
        if len(self.stack) > 1 and not top.opaque:
            return None  # the scenes under it are drawn too
        if self.notices or self.kiosk is not None or not self.router.last_device.pointer:
            return None  # a toast, the kiosk's corner, the focus ring: drawn over everything
        return top.calm_area()

    @property
    def saving_power(self) -> bool:
        """Battery saver: as the player set it, or (auto) while the machine runs on battery."""
        return self.power.saving(self.settings.battery_saver, self.pacer.clock)

    @property
    def theme(self) -> Theme:
        """The colour theme the settings choose (an id this game lacks: the default)."""
        return theme_by_id(self.settings.theme)

    def apply_settings(self) -> None:
        """Settings changed: restyle the tiles, speak the chosen language (scenes read the rest
        each frame)."""
        self.renderer.theme = self.theme
        self.sounds.volume = self.settings.volume
        self.sounds.muted = self.settings.muted
        self.apply_language()

    def apply_language(self) -> str:
        """Speak ``settings.language`` ("auto": the system's language); the code in use."""
        chosen = self.settings.language
        return i18n.set_language(None if chosen == "auto" else chosen)

    def _language_changed(self, code: str) -> None:
        if pygame.display.get_init():
            pygame.display.set_caption(_("Mexican Train"))
        shown = [(t, n) for t, n in self._store_toasts if any(t is up for up in self.notices)]
        for toast, notice in shown:
            toast.message = notice.translated()  # a notice still up says it in the new language
        self._store_toasts = shown
        for scene in list(self.stack):
            scene.language_changed()

    def save_settings(self) -> None:
        """Write the settings to disk now (when there is a store). In kiosk mode a player's
        changes are kept only until the idle reset: the operator's PIN saves them
        (``Kiosk.keep_settings``)."""
        if self.store is None or self.stored is None:
            return
        if self.kiosk is not None and not self.kiosk.unlocked:
            return
        self.store.save_settings(self.stored.take_choices(self.settings))
        self._saved_window = (self.settings.fullscreen, self.settings.window_size)
        self.take_notices()

    def play_sound(self, name: str) -> None:
        self.sounds.play(name)

    def notify(self, message: str, duration: float = 5.0) -> None:
        """Show a short message over whatever scene is up."""
        from game.view.toasts import Toast

        if not any(toast.message == message for toast in self.notices):
            self.notices.append(Toast(message, duration=duration))

    def take_notices(self) -> None:
        """Show what the store has to say (a file set aside, a value reset, a failed save), in
        the language of the moment: the store may have spoken before the settings chose it."""
        if self.store is None:
            return
        for notice in self.store.take_notices():
            text = notice.translated()
            self.notify(text, 7.0)
            toast = next((t for t in self.notices if t.message == text), None)
            if toast is not None:
                self._store_toasts.append((toast, notice))

    def defer(self, fn: Callable[[], None]) -> None:
        """Run ``fn`` after the current frame is on screen (start-up work off the first frame)."""
        self._after_frame.append(fn)

    # ------------------------------------------------------------------ one frame

    def step(self, dt: float) -> bool:
        """Run one frame of ``dt`` seconds: input, update, draw. False once the app should stop.

        An error in the frame is contained (:mod:`game.guard`): the game goes on from its menu."""
        self.pacer.tick(dt)
        self.idle += max(0.0, dt)  # real time: a still loop sleeps for whole seconds
        dt = max(0.0, min(MAX_DT, dt))
        with self.guard.frame(dt):
            self._frame(dt)
        return self.running

    def _frame(self, dt: float) -> None:
        events = pygame.event.get()
        if events:
            self.pacer.wake()
        for event in events:
            self.dispatch(event)
        for intent in self.router.update(dt):
            self._intent(intent)
        if self.kiosk is not None:
            self.kiosk.update(dt)
        top = self.top
        if top is not None:
            top.update(dt)
        self.time += dt
        calm, saver = self.settings.reduced_motion, self.saving_power
        self.pacer.choose(self._pace(), self.idle, calm=calm, saver=saver)
        area = self._calm_area()
        self.screen.set_clip(area)  # a calm frame repaints only where it can change
        self.draw(self.screen)
        self.screen.set_clip(None)
        self.present(area)
        self.frames += 1
        if self.frames == 1:
            startup.first_frame()
            fonts.stop_sharing()  # the game is up: each text size gets its own font object
        if self.notices:
            self.notices[0].update(dt)
            if not self.notices[0].alive:
                self.notices.pop(0)
        if self.keeper is not None:
            self.keeper.poll()
            self.take_notices()  # e.g. an autosave the disk refused (said once, not each time)
        after, self._after_frame = self._after_frame, []
        for fn in after:  # what these defer again runs after the next frame
            with self.guard.frame():
                fn()
        if not self.stack and self.running:
            if self.kiosk is not None and not self.kiosk.unlocked:
                self.kiosk.to_menu()  # a kiosk never runs out of scenes
            else:
                self.running = False

    # ------------------------------------------------------------------ input

    def dispatch(self, event: pygame.event.Event) -> None:
        """One raw event: window business here, the rest through the router to the top scene."""
        kind = event.type
        if kind == pygame.QUIT:
            self.quit()  # refused in a kiosk (the close button, Alt+F4)
            return
        if kind in (pygame.WINDOWSIZECHANGED, pygame.VIDEORESIZE):
            self.window_changed()
            return
        if kind in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):
            self.presenter.forget()  # the screen may have lost what it showed
        if kind == pygame.WINDOWFOCUSLOST:
            self.router.release_all()
        if self.kiosk is not None and self.kiosk.intercept(event):
            return
        top = self.top
        keymap = top.keymap() if top is not None else DEFAULT_KEYMAP
        for item in self.router.route(event, keymap):
            if isinstance(item, Intent):
                self._intent(item)
                continue
            if item.type in INPUT_EVENTS:
                self.idle = 0.0
            if item.type == pygame.MOUSEBUTTONDOWN and self.top is not None:
                self.top.nav.clear()  # pointing hides the keyboard focus
            if self.kiosk is not None:
                self.kiosk.observe(item)
            top = self.top
            if top is not None:
                top.handle(item)
        self._pads_changed()

    def _intent(self, intent: Intent) -> bool:
        """Offer an intent to the top scene; True if something used it."""
        self.idle = 0.0
        if intent.act == Act.FULLSCREEN:
            self.toggle_fullscreen()
            return True
        top = self.top
        if top is None:
            return False
        if top.intent(intent):
            return True
        if intent.act == Act.UNDO:  # the pad's Back button, where nothing can be taken back
            return top.intent(Intent(Act.BACK, intent.device, intent.repeat))
        return False

    def _pads_changed(self) -> None:
        for change, pad in self.router.changes:
            name = pad.name or _("Gamepad")
            if change == "added":
                # Translators: {name} is a gamepad's name
                self.notify(_("{name} connected").format(name=name), 3.0)
                continue
            # Translators: {name} is a gamepad's name
            self.notify(_("{name} disconnected").format(name=name), 3.0)
            pause = getattr(self.top, "pause", None)
            if callable(pause) and self.router.last_device == Device.GAMEPAD:
                pause()  # its player cannot move: hold the game
        self.router.changes.clear()

    def draw(self, surface: pygame.Surface) -> None:
        frame_marks.new_frame()
        start = len(self.stack) - 1
        while start > 0 and not self.stack[start].opaque:
            start -= 1
        for scene in self.stack[max(0, start) :]:
            scene.draw(surface)
        self.draw_focus(surface)
        self.toast_rect = None
        if self.notices:  # over everything, and clear of the prompt strip
            from game.view.layout import ui_scale

            u = ui_scale(surface.get_size())
            center = (surface.get_width() // 2, round(64 * u) + 12)
            self.toast_rect = toasts.draw_toast(
                surface, self.notices[0], center, self.theme, u, self.hint_strip_rect
            )
        if self.kiosk is not None:
            self.kiosk.draw(surface)

    def draw_focus(self, surface: pygame.Surface) -> None:
        """The keyboard/gamepad focus ring and the buttons to press, for the device in use."""
        top, device = self.top, self.router.last_device
        self.hint_strip_rect = None
        if top is not None and not device.pointer:
            self.hint_strip_rect = draw_focus_and_keys(surface, top, device, self.theme, self.time)

    def _pace(self) -> pacing.Pace:
        """What the frames need now: the top scene's pace, a notice's fade, the kiosk's."""
        if self.notices or (self.kiosk is not None and self.kiosk.corner_time is not None):
            return pacing.MOVING
        return self.top.pace() if self.top is not None else pacing.STILL

    def run(self, max_frames: int | None = None, seconds: float | None = None) -> int:
        """Play until the window closes (or ``max_frames`` frames, ``seconds`` of wall time).
        Between frames it sleeps as the pace allows; an input ends the sleep at once."""
        end = None if seconds is None else time.monotonic() + seconds
        last = time.monotonic()
        while self.running:
            now = time.monotonic()
            self.step(now - last if self.frames else 1 / 60)
            last = now
            if max_frames is not None and self.frames >= max_frames:
                break
            if end is not None and now >= end:
                break
            due = (
                now + self.pacer.interval()
                if end is None
                else min(now + self.pacer.interval(), end)
            )
            while not pygame.event.peek():
                # short naps, looking for input between them (SDL's own wait polls harder);
                # the time left is read once: a busy machine may pass ``due`` meanwhile
                left = due - time.monotonic()
                if left <= 0.001:
                    break
                time.sleep(min(pacing.NAP, left))
        return self.exit_code

    def close(self) -> None:
        i18n.remove_listener(self._on_language)
        if self._saved_window != (self.settings.fullscreen, self.settings.window_size):
            self.save_window()  # the window was resized: open at that size next time
        if self.keeper is not None:
            self.keeper.close()  # what the autosave still holds goes to disk
        while self.stack:
            scene = self.stack.pop()
            scene.exit()
            session = getattr(scene, "session", None)
            if session is not None:
                session.close()  # stop a computer seats' worker process
        surface_cache.clear_caches()
        fonts.clear_cache()
        pygame.quit()


_CLICKING: list[SoundBoard] = []  # the boards whose click every button press plays


def _click_on_every_press(board: SoundBoard) -> None:
    """Every button fires with a click of the process's one board (hooked once a process)."""
    if not any(known is board for known in _CLICKING):
        _CLICKING.append(board)

        def click() -> None:
            board.play("click")

        controls.PRESS_HOOKS.append(click)

"""The pygame-ce loop: one window, one clock, a stack of scenes, input routed to the top one.

Time drives everything: each frame measures the seconds since the last one (capped, so a
stall or a breakpoint does not fast-forward the game) and passes them to the top scene's
``update``. ``App.step(dt)`` runs exactly one frame with a given ``dt``: the real loop calls it
with the clock's reading, tests call it with a fixed step after posting synthetic events, so
a test never sleeps or reads the wall clock.

Screens and input (:mod:`game.input`): scenes draw on ``app.screen``, the logical canvas, which
is the window itself unless the window is under the smallest designed size or wider than 21:9
(then a canvas is scaled into it, aspect kept, see :mod:`game.input.viewport`). F11 and
Alt+Enter toggle fullscreen. Every raw event goes through the :class:`InputRouter`: pointer
events (mouse or finger) reach the top scene in canvas pixels; keys and gamepad buttons become
intents offered to ``Scene.intent`` first (the focus, the table's tile choice), and when a
scene does not use one, a gamepad intent reaches ``Scene.handle`` as the key it stands for
(A = Enter, B = Esc, Start = P, X = D, Y = S), so every screen that works by keyboard works by
gamepad. In kiosk mode (:mod:`game.scenes.kiosk`) quitting is refused except by the operator.
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game import startup
from game.audio import SoundBoard
from game.input.focus import draw_focus
from game.input.glyphs import draw_hint_strip
from game.input.intents import Act, Device, Intent
from game.input.router import InputRouter
from game.input.viewport import Viewport
from game.scenes.base import Scene, Settings
from game.view.tiles import TileRenderer

if TYPE_CHECKING:
    from game.saves import Keeper
    from game.scenes.kiosk import Kiosk, KioskConfig
    from game.store import Settings as StoredSettings
    from game.store import Store
    from game.view.widgets import Toast

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
# What a gamepad intent means to a scene that only knows keys.
GAMEPAD_KEYS: dict[Act, tuple[int, int]] = {
    Act.ACTIVATE: (pygame.K_RETURN, 0),
    Act.BACK: (pygame.K_ESCAPE, 0),
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


class App:
    def __init__(
        self,
        size: tuple[int, int] = (1280, 720),
        settings: Settings | None = None,
        *,
        inline_seats: bool = False,
        resizable: bool = True,
        store: Store | None = None,
        fullscreen: bool = False,
        kiosk: KioskConfig | None = None,
    ) -> None:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        # Not pygame.init(): that also opens the audio device, which can take a good part of a
        # second on some systems. The sound board opens the mixer after the first frame.
        pygame.display.init()
        pygame.font.init()
        self.resizable = resizable
        self.windowed_size = size
        self.fullscreen = False
        self.window = self._open_window(size, False)
        self.viewport = Viewport.for_window(self.window.get_size())
        self.screen = self._canvas()  # the logical canvas every scene draws on
        self.router = InputRouter(self.viewport)
        self.idle = 0.0  # seconds since the last input (the kiosk's timeout reads it)
        if fullscreen or kiosk is not None:
            self.set_fullscreen(True)
        pygame.display.set_caption("Mexican Train")
        # Saves: with a store, settings come from it and the game in progress is kept (the
        # real game); without one (tests, tools) nothing touches the disk.
        self.store = store
        self.stored: StoredSettings | None = None
        self.keeper: Keeper | None = None
        self.notices: list[Toast] = []  # short messages over every scene (a damaged file...)
        self.autoplay: str | None = None  # a seat kind playing the person's seat (tests, CI)
        if store is not None:
            from game.saves import Keeper, settings_from_store

            self.stored = store.load_settings()
            if settings is None:
                settings = settings_from_store(self.stored)
            self.keeper = Keeper(store)
        self.settings = settings or Settings()
        self.sounds = shared_sounds()
        self.sounds.volume = self.settings.volume
        self.sounds.muted = self.settings.muted
        self.take_notices()
        self.renderer = TileRenderer(self.settings.theme, cache_size=1500)
        self.inline_seats = inline_seats  # computer seats decide in the frame (tests, tools)
        self.stack: list[Scene] = []
        self.running = True
        self.frames = 0
        self.exit_code = 0
        self.time = 0.0
        self._after_frame: list[Callable[[], None]] = []
        self.kiosk: Kiosk | None = None
        if kiosk is not None:
            from game.scenes.kiosk import Kiosk

            self.kiosk = Kiosk(self, kiosk)

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

    def pop(self) -> Scene | None:
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.exit()
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
        if self.kiosk is not None and not self.kiosk.unlocked:
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
        if self.kiosk is not None:
            return  # a kiosk stays fullscreen
        self.set_fullscreen(not self.fullscreen)

    def window_changed(self) -> None:
        """The window's size changed (resized, fullscreen): new canvas, scenes re-laid out."""
        surface = pygame.display.get_surface()
        if surface is not None:
            self.window = surface
        if not self.fullscreen:
            self.windowed_size = self.window.get_size()
        old = self.viewport.canvas if hasattr(self, "viewport") else None
        self.viewport = Viewport.for_window(self.window.get_size())
        if hasattr(self, "router"):
            self.router.viewport = self.viewport
        self.screen = self._canvas()
        if self.screen.get_size() != old:
            for scene in getattr(self, "stack", []):
                scene.resize(self.size)

    def present(self) -> None:
        """Show the canvas: flip it, or scale it into the window between bars first."""
        if self.screen is not self.window:
            self.window.fill((0, 0, 0))
            x, y, w, h = self.viewport.dest
            target = self.window.subsurface((x, y, w, h))
            try:
                pygame.transform.smoothscale(self.screen, (w, h), target)
            except ValueError:  # an unusual pixel format: plain scaling
                pygame.transform.scale(self.screen, (w, h), target)
        pygame.display.flip()

    def apply_settings(self) -> None:
        """Settings changed: restyle the tiles (scenes read the rest each frame)."""
        self.renderer.theme = self.settings.theme
        self.sounds.volume = self.settings.volume
        self.sounds.muted = self.settings.muted

    def save_settings(self) -> None:
        """Write the settings to disk now (when there is a store)."""
        if self.store is None or self.stored is None:
            return
        from game.saves import settings_into_store

        self.store.save_settings(settings_into_store(self.settings, self.stored))
        self.take_notices()

    def play_sound(self, name: str) -> None:
        self.sounds.play(name)

    def notify(self, message: str, duration: float = 5.0) -> None:
        """Show a short message over whatever scene is up."""
        from game.view.widgets import Toast

        if not any(toast.message == message for toast in self.notices):
            self.notices.append(Toast(message, duration=duration))

    def take_notices(self) -> None:
        """Show what the store has to say (a file set aside, a value reset, a failed save)."""
        if self.store is not None:
            for message in self.store.take_notices():
                self.notify(message, 7.0)

    def defer(self, fn: Callable[[], None]) -> None:
        """Run ``fn`` after the current frame is on screen (start-up work off the first frame)."""
        self._after_frame.append(fn)

    # ------------------------------------------------------------------ one frame

    def step(self, dt: float) -> bool:
        """Run one frame of ``dt`` seconds: input, update, draw. False once the app should stop."""
        dt = max(0.0, min(MAX_DT, dt))
        self.idle += dt
        for event in pygame.event.get():
            self.dispatch(event)
        for intent in self.router.update(dt):
            self._intent(intent)
        if self.kiosk is not None:
            self.kiosk.update(dt)
        top = self.top
        if top is not None:
            top.update(dt)
        self.time += dt
        self.draw(self.screen)
        self.present()
        self.frames += 1
        if self.frames == 1:
            startup.first_frame()
        if self.notices:
            self.notices[0].update(dt)
            if not self.notices[0].alive:
                self.notices.pop(0)
        if self.keeper is not None:
            self.keeper.poll()
            self.take_notices()  # e.g. an autosave the disk refused (said once, not each time)
        after, self._after_frame = self._after_frame, []
        for fn in after:  # what these defer again runs after the next frame
            fn()
        if not self.stack:
            if self.kiosk is not None and not self.kiosk.unlocked:
                self.kiosk.to_menu()  # a kiosk never runs out of scenes
            else:
                self.running = False
        return self.running

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
        if kind == pygame.WINDOWFOCUSLOST:
            self.router.release_all()
        if self.kiosk is not None and self.kiosk.intercept(event):
            return
        used = False
        for item in self.router.route(event):
            if isinstance(item, Intent):
                used = self._intent(item) or used
                continue
            if item.type in INPUT_EVENTS:
                self.idle = 0.0
            if used and item.type == pygame.KEYDOWN:
                continue  # the key's intent was used: not a second time as a key
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
        if intent.device == Device.GAMEPAD and intent.act in GAMEPAD_KEYS:
            key, mod = GAMEPAD_KEYS[intent.act]
            top.handle(
                pygame.event.Event(
                    pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0, gamepad=True
                )
            )
            return True
        return False

    def _pads_changed(self) -> None:
        for change, pad in self.router.changes:
            name = pad.name or "Gamepad"
            if change == "added":
                self.notify(f"{name} connected", 3.0)
                continue
            self.notify(f"{name} disconnected", 3.0)
            pause = getattr(self.top, "pause", None)
            if callable(pause) and self.router.last_device == Device.GAMEPAD:
                pause()  # its player cannot move: hold the game
        self.router.changes.clear()

    def draw(self, surface: pygame.Surface) -> None:
        start = len(self.stack) - 1
        while start > 0 and not self.stack[start].opaque:
            start -= 1
        for scene in self.stack[max(0, start) :]:
            scene.draw(surface)
        if self.notices:
            from game.view import widgets
            from game.view.layout import ui_scale

            u = ui_scale(surface.get_size())
            center = (surface.get_width() // 2, round(64 * u) + 12)
            widgets.draw_toast(surface, self.notices[0], center, self.settings.theme, u)
        self.draw_focus(surface)
        if self.kiosk is not None:
            self.kiosk.draw(surface)

    def draw_focus(self, surface: pygame.Surface) -> None:
        """The keyboard/gamepad focus ring and the buttons to press, for the device in use."""
        top = self.top
        device = self.router.last_device
        if top is None or device.pointer:
            return
        from game.view.layout import ui_scale

        u = ui_scale(surface.get_size())
        theme = self.settings.theme
        rect = top.focus_rect()
        if rect is not None:
            draw_focus(surface, rect, theme, self.time, u)
        hints = top.hints()
        if hints:
            margin = max(6, round(10 * u))
            draw_hint_strip(
                surface, hints, device, theme, u, topright=(surface.get_width() - margin, margin)
            )

    def run(self, max_frames: int | None = None) -> int:
        clock = pygame.time.Clock()
        dt = 1 / 60
        while self.running:
            self.step(dt)
            if max_frames is not None and self.frames >= max_frames:
                break
            dt = clock.tick(120) / 1000.0
        return self.exit_code

    def close(self) -> None:
        if self.keeper is not None:
            self.keeper.close()  # what the autosave still holds goes to disk
        while self.stack:
            scene = self.stack.pop()
            scene.exit()
            session = getattr(scene, "session", None)
            if session is not None:
                session.close()  # stop a computer seats' worker process
        from game.view import fonts, widgets

        widgets.clear_caches()
        fonts.clear_cache()
        pygame.quit()


@functools.cache
def shared_sounds() -> SoundBoard:
    """One board per process, so its synthesised effects are made once; buttons click on it."""
    from game.view import widgets

    board = SoundBoard()

    def click() -> None:
        board.play("click")

    widgets.PRESS_HOOKS.append(click)
    return board


def open_app(
    size: tuple[int, int] = (1280, 720),
    store: Store | None = None,
    *,
    fullscreen: bool = False,
    kiosk: bool = False,
) -> App:
    """The game as a player starts it: settings and saves from ``store``, on the main menu.

    The first frame shows the menu; what it does not need (the sound effects, checking the
    saved game) is done after it is on screen. ``kiosk`` reads the operator's kiosk settings
    from the store's settings file.
    """
    kiosk_config = None
    if kiosk:
        from game.scenes.kiosk import KioskConfig

        kiosk_config = KioskConfig.load(store)
    app = App(size, store=store, fullscreen=fullscreen, kiosk=kiosk_config)
    autoplay = os.environ.get(startup.AUTOPLAY_VARIABLE, "").strip()
    app.autoplay = autoplay or None
    from game.scenes.menu import MenuScene

    menu = MenuScene(app)
    app.push(menu)
    if app.keeper is not None:
        keeper = app.keeper

        def check_saved_game() -> None:
            keeper.check()
            app.take_notices()
            if app.autoplay and app.top is menu:
                menu.start_autoplay()

        app.defer(check_saved_game)
    elif app.autoplay:
        app.defer(menu.start_autoplay)
    app.defer(lambda: warm_up_sounds(app))
    return app


WARM_UP_AFTER_FRAMES = 8  # the menu's first frames load its fonts: let them be


def warm_up_sounds(app: App) -> None:
    """Make the sound effects in a worker process (game.sound_worker), a few frames in, and
    take them in a few a frame, so neither the first frame nor the ones after wait for them."""
    if app.frames < WARM_UP_AFTER_FRAMES:
        app.defer(lambda: warm_up_sounds(app))
        return
    from game.sound_worker import SoundWorker

    worker = SoundWorker(app.sounds)

    def pump() -> None:
        if app.running and not worker.poll():
            app.defer(pump)
        elif not worker.done:
            worker.close()

    pump()


def run(
    size: tuple[int, int] = (1280, 720),
    max_frames: int | None = None,
    *,
    fullscreen: bool = False,
    kiosk: bool = False,
) -> int:
    """Open the window on the main menu and play until it is closed; the exit status."""
    from game.store import Store

    try:
        app = open_app(size, Store(), fullscreen=fullscreen, kiosk=kiosk)
    except pygame.error as error:
        print(f"cannot open a window: {error}", file=sys.stderr)
        return 1
    try:
        return app.run(max_frames)
    finally:
        app.close()

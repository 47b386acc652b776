"""The pygame-ce loop: one window, one clock, a stack of scenes, input routed to the top one.

Time drives everything: each frame measures the seconds since the last one (capped, so a
stall or a breakpoint does not fast-forward the game) and passes them to the top scene's
``update``. ``App.step(dt)`` runs exactly one frame with a given ``dt``: the real loop calls it
with the clock's reading, tests call it with a fixed step after posting synthetic events, so
a test never sleeps or reads the wall clock.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

import pygame

from game.scenes.base import Scene, Settings
from game.view.tiles import TileRenderer

MAX_DT = 0.1  # seconds: longer gaps (a dragged window, a debugger) count as this much


class App:
    def __init__(
        self,
        size: tuple[int, int] = (1280, 720),
        settings: Settings | None = None,
        *,
        inline_seats: bool = False,
        resizable: bool = True,
    ) -> None:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        pygame.init()
        flags = pygame.RESIZABLE if resizable else 0
        self.screen = pygame.display.set_mode(size, flags)
        pygame.display.set_caption("Mexican Train")
        self.settings = settings or Settings()
        self.renderer = TileRenderer(self.settings.theme, cache_size=1500)
        self.inline_seats = inline_seats  # computer seats decide in the frame (tests, tools)
        self.stack: list[Scene] = []
        self.running = True
        self.frames = 0
        self.exit_code = 0
        self.time = 0.0
        self._after_frame: list[Callable[[], None]] = []

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
        self.exit_code = code
        self.running = False

    def apply_settings(self) -> None:
        """Settings changed: restyle the tiles (scenes read the rest each frame)."""
        self.renderer.theme = self.settings.theme

    # ------------------------------------------------------------------ one frame

    def step(self, dt: float) -> bool:
        """Run one frame of ``dt`` seconds: input, update, draw. False once the app should stop."""
        dt = max(0.0, min(MAX_DT, dt))
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                self.quit()
                continue
            if event.type == pygame.WINDOWSIZECHANGED or event.type == pygame.VIDEORESIZE:
                self.screen = pygame.display.get_surface() or self.screen
                for scene in self.stack:
                    scene.resize(self.size)
                continue
            top = self.top
            if top is not None:
                top.handle(event)
        top = self.top
        if top is not None:
            top.update(dt)
        self.time += dt
        self.draw(self.screen)
        pygame.display.flip()
        self.frames += 1
        for fn in self._after_frame:
            fn()
        self._after_frame.clear()
        if not self.stack:
            self.running = False
        return self.running

    def draw(self, surface: pygame.Surface) -> None:
        start = len(self.stack) - 1
        while start > 0 and not self.stack[start].opaque:
            start -= 1
        for scene in self.stack[max(0, start) :]:
            scene.draw(surface)

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


def run(size: tuple[int, int] = (1280, 720), max_frames: int | None = None) -> int:
    """Open the window on the main menu and play until it is closed; the exit status."""
    try:
        app = App(size)
    except pygame.error as error:
        print(f"cannot open a window: {error}", file=sys.stderr)
        return 1
    try:
        from game.scenes.menu import MenuScene

        app.push(MenuScene(app))
        return app.run(max_frames)
    finally:
        app.close()

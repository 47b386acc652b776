"""The screenshot run's camera: frames stepped, pictures saved and audited, scenes set up."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.rules import GameState, Tile

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.kit.base import Scene
    from game.scenes.play.table import TableScene
    from game.view.typeset import TextAudit

FRAME = 1 / 60  # every case steps the app at 60 frames a second


class Camera:
    """Takes the run's pictures of ``app`` into ``out``: each case sets a scene up, lets it
    settle and calls :meth:`shot`; the input methods post what a player would do."""

    def __init__(self, app: App, out: Path, audits: dict[str, TextAudit] | None = None) -> None:
        self.app = app
        self.out = out
        self.audits = audits  # each picture's text audit, by name
        self.written: list[Path] = []

    # ------------------------------------------------------------------ pictures

    def frames(self, count: int) -> None:
        for _ in range(count):
            self.app.step(FRAME)

    def settle(self, seconds: float = 1.5) -> None:
        """Let animations run for ``seconds`` of frames."""
        self.frames(round(seconds * 60))

    def shot(self, name: str) -> None:
        """Save the frame as ``name``.png, its text audited."""
        from game.view import typeset

        path = self.out / f"{name}.png"
        # Only the frame in the picture is audited: text in mid-animation may not fit yet.
        with typeset.text_audit() as audit:
            self.app.draw(self.app.screen)
        if self.audits is not None:
            self.audits[name] = audit
        pygame.image.save(self.app.screen, str(path))
        self.written.append(path)

    def show(self, name: str, *scenes: Scene, settle: float = 0.6) -> None:
        """``scenes`` over the menu, settled, pictured."""
        from game.scenes.pages.menu import MenuScene

        self.app.reset(MenuScene(self.app), *scenes)
        self.settle(settle)
        self.shot(name)

    def over(self, name: str, scene: Scene, settle: float = 0.5) -> None:
        """``scene`` pushed over what is up, pictured, then closed."""
        self.app.push(scene)
        self.settle(settle)
        self.shot(name)
        self.app.pop()

    def table(
        self,
        state: GameState,
        seed: int,
        *,
        level: str = "greedy",
        kinds: list[str | None] | None = None,
    ) -> TableScene:
        """The table of a match in ``state`` (found by ``seed``), over the menu."""
        from game.match.session import MatchConfig, Session
        from game.scenes.pages.menu import MenuScene
        from game.scenes.play.table import TableScene

        config = MatchConfig(state.players, state.rules, level, seed)
        session = Session(config, inline=True, kinds=kinds)
        if kinds is not None:
            state.names = session.state.names  # the personas' names, so their cards show
        session.state = state  # the person to move: nothing changes until the case acts
        table = TableScene(self.app, session)
        self.app.reset(MenuScene(self.app), table)
        return table

    def to_your_turn(self) -> None:
        """Step until the top scene is ready for the person, then half a second more."""
        for _ in range(60 * 60):
            if getattr(self.app.top, "ready", False):
                break
            self.app.step(FRAME)
        self.frames(30)

    # ------------------------------------------------------------------ input

    def click(self, pos: tuple[int, int]) -> None:
        self._press(pos)
        self.release(pos)

    def drag_to(self, table: TableScene, tile: Tile, dest: tuple[int, int]) -> None:
        """Pick ``tile`` up from the hand and carry it to ``dest`` (still held)."""
        rect = table.tile_rect(tile)
        assert rect is not None
        start = rect.center
        self._press(start)
        steps = 12
        for i in range(1, steps + 1):
            x = start[0] + (dest[0] - start[0]) * i / steps
            y = start[1] + (dest[1] - start[1]) * i / steps
            _post(
                pygame.MOUSEMOTION,
                pos=(round(x), round(y)),
                rel=(0, 0),
                buttons=(1, 0, 0),
                touch=False,
            )
            self.app.step(FRAME)
        self.frames(20)

    def drag_more(self, dest: tuple[int, int]) -> None:
        """Carry the held tile on to ``dest``."""
        _post(pygame.MOUSEMOTION, pos=dest, rel=(0, 0), buttons=(1, 0, 0), touch=False)
        self.frames(20)

    def release(self, pos: tuple[int, int]) -> None:
        _post(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)
        self.app.step(FRAME)

    def key(self, code: int, mod: int = 0) -> None:
        _post(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)
        _post(pygame.KEYUP, key=code, mod=mod, unicode="", scancode=0)
        self.app.step(FRAME)

    def pad(self, button: int) -> None:
        _post(pygame.CONTROLLERBUTTONDOWN, instance_id=1, button=button)
        self.app.step(FRAME)
        _post(pygame.CONTROLLERBUTTONUP, instance_id=1, button=button)
        self.app.step(FRAME)

    def _press(self, pos: tuple[int, int]) -> None:
        _post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
        self.app.step(FRAME)


def _post(kind: int, **attrs: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))

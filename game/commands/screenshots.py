"""``main.py screenshots --out DIR [--size WxH] [--language CODE|all]``: every scene and the
table's hard cases, as PNGs, in one language (English by default) or in each (``all``: one
folder per language, ``DIR/<code>/``).

Runs headless. Each picture is a real scene in a real state: matches are played by the
simple seats through the rules (for every seat, the person's included) until the wanted
situation comes up, then the scene is drawn after its animations have settled. Nothing is
faked on the table: a lit target is a legal play, a refusal is the rules' refusal.

The cases are in :mod:`game.commands.shots`, each taking its pictures with the run's
:class:`~game.commands.shots.camera.Camera`; the states they show come from
:mod:`game.commands.shots.states`.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from game.commands.shots.states import busy_table, mid_round
from game.rules import Rules

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

if TYPE_CHECKING:
    from game.view.typeset import TextAudit

__all__ = ["TABLE_SIZES", "busy_table", "screenshots_main", "table_sizes", "take_screenshots"]

TABLE_SIZES = [
    (640, 480),
    (800, 480),
    (1280, 720),
    (1920, 1080),
    (2560, 1440),
    (480, 800),
    (720, 1280),
]


def take_screenshots(
    out: Path,
    size: tuple[int, int],
    language: str | None = None,
    audits: dict[str, TextAudit] | None = None,
) -> list[Path]:
    """Render every case to ``out``; ``language`` (a code of game.i18n.LANGUAGES) is spoken
    throughout; ``audits`` gets each picture's text audit (game.view.typeset.text_audit) by name.
    """
    from game import i18n
    from game.app import App
    from game.commands.shots import devices, ladder, lesson, puzzles, review, table
    from game.commands.shots.camera import Camera

    out.mkdir(parents=True, exist_ok=True)
    app = App(size, inline_seats=True, resizable=False)
    before = i18n.current_language()
    app.settings.language = language or "en"
    app.apply_language()
    cam = Camera(app, out, audits)
    try:
        # In this order: a case may leave the app as the next one expects it (the settings,
        # the ladder's progress, the kiosk left unlocked).
        table.page_shots(cam)
        table.table_shots(cam)
        ladder.ladder_shots(cam)
        review.replay_shots(cam)
        review.review_table_shots(cam)
        devices.device_shots(cam)
        devices.statistics_shot(cam)
        review.recent_shots(cam)
        lesson.lesson_shots(cam)
        puzzles.puzzle_shots(cam)
    finally:
        app.close()
        i18n.set_language(before)
    return cam.written


def table_sizes(out: Path, sizes: list[tuple[int, int]] | None = None) -> list[Path]:
    """The same table at every target screen, landscape and held upright, in ``out/sizes/``."""
    import pygame

    from game.app import App
    from game.commands.shots.camera import Camera

    folder = out / "sizes"
    folder.mkdir(parents=True, exist_ok=True)
    state, seed = mid_round(4, Rules.standard(), 20)
    sizes = sizes or TABLE_SIZES
    app = App(sizes[0], inline_seats=True, resizable=False)
    cam = Camera(app, folder)
    try:
        for size in sizes:
            pygame.display.set_mode(size)
            app.window_changed()
            cam.table(state, seed)  # the person to move: nothing changes while it is shown
            cam.frames(40)
            cam.shot(f"table_{size[0]}x{size[1]}")
    finally:
        app.close()
    return cam.written


def screenshots_main(out: str, size: tuple[int, int], language: str | None = None) -> int:
    from game import i18n

    if language == "all":
        codes: list[str | None] = list(i18n.LANGUAGES)
    elif language is None or language in i18n.LANGUAGES:
        codes = [language]
    else:
        known = ", ".join(i18n.LANGUAGES)
        print(f"screenshots: no language {language!r}: choose {known} or all", file=sys.stderr)
        return 2
    paths: list[Path] = []
    try:
        for code in codes:
            where = Path(out) / code if language == "all" and code else Path(out)
            paths += take_screenshots(where, size, code)
        if language is None:
            paths += table_sizes(Path(out))
    except OSError as error:
        from game.commands.simulate import folder_problem

        problem = folder_problem(error)
        print(f"screenshots: cannot write the pictures to --out {out}: {problem}", file=sys.stderr)
        return 1
    for path in paths:
        print(path)
    return 0

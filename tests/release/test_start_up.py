"""The menu's first frame waits for nothing it does not show: the rules, the computer players,
their worker process, the ladder's level files and the table's scenes are loaded after it (the
start-up time is measured by benchmarks/bench_startup.py; this holds what keeps it short)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]

CHILD = """
import json, sys
import game.startup

import pygame

loaded = {}
opened = []


class CountedFont(pygame.font.Font):
    def __init__(self, *args, **kwargs):
        opened.append(args[1:])
        super().__init__(*args, **kwargs)


pygame.font.Font = CountedFont

def first_frame():
    loaded.setdefault("modules", sorted(sys.modules))
    loaded.setdefault("fonts", len(opened))

game.startup.first_frame = first_frame
from game import cli

status = cli.main(["--frames", "3"])
print(json.dumps({"status": status, **loaded}))
"""

LATER = (
    "game.rules",
    "game.ai",
    "multiprocessing",
    "game.levels",
    "game.levels.daily",
    "game.match.session",
    "game.match.runner",
    "game.scenes.play.table",
    "game.scenes.play.lesson",
    "game.scenes.pages.ladder",
    "game.scenes.pages.daily",
    "game.scenes.kit.progress",
    "game.scenes.kit.level_card",
    "game.view.table",
)


def _first_frame(home: Path, settings: str | None = None) -> dict[str, Any]:
    home.mkdir(parents=True, exist_ok=True)
    if settings is not None:
        (home / "settings.json").write_text(settings, encoding="utf-8")
    env = {**os.environ, "MEXICAN_TRAIN_HOME": str(home), "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    env.pop("MEXICAN_TRAIN_AUTOPLAY", None)
    result = subprocess.run(
        [sys.executable, "-c", CHILD], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    shown = json.loads(result.stdout.strip().splitlines()[-1])
    assert shown["status"] == 0 and shown["modules"], "the game showed no frame"
    return dict(shown)


def _first_frame_modules(home: Path, settings: str | None = None) -> list[str]:
    return list(_first_frame(home, settings)["modules"])


def test_the_first_frame_of_a_first_start_loads_nothing_it_does_not_show(home: Path) -> None:
    modules = _first_frame_modules(home)
    early = [m for m in modules if m.startswith(LATER)]
    assert early == []
    assert "game.scenes.pages.menu" in modules  # what it shows is there


def test_the_first_frame_with_saved_settings_needs_no_worker_process(home: Path) -> None:
    """Saved settings name quick play's table, which the rules and the AI check at once (so a
    wrong one falls back with a notice on the first screen); the worker process still waits."""
    settings = '{"format": "mexican-train/settings", "version": 1, "players": 6}'
    modules = _first_frame_modules(home, settings)
    assert "game.rules" in modules
    early = [m for m in modules if m.startswith(LATER[2:])]
    assert early == []


def test_the_first_frame_of_a_returning_player_at_the_default_table_loads_no_rules(
    home: Path,
) -> None:
    """Most returning players keep quick play's table: the rules need not check it."""
    settings = '{"format": "mexican-train/settings", "version": 1, "volume": 0.5}'
    modules = _first_frame_modules(home, settings)
    early = [m for m in modules if m.startswith(LATER)]
    assert early == []
    assert "game.scenes.pages.menu" in modules


def test_the_first_frame_opens_one_font_face_for_all_its_text_sizes(home: Path) -> None:
    """Each font object costs some 12 ms on first use: the menu's title, buttons and notes
    (three sizes, one weight, one script) share one until the first frame is shown."""
    shown = _first_frame(home)
    assert shown["fonts"] == 1

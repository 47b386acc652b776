"""A damaged settings file: defaults, a notice the player sees, the file kept, the game runs."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame

from game.scenes.pages.menu import MenuScene
from game.store.home import Store
from game.store.settings import Settings

from .helpers import ROOT_SIZE, frames, start_game

ROOT = Path(__file__).resolve().parents[2]
DAMAGED = b'{"format": "mexican-train/settings", "version": 1, "volume": 0.3, "the'


def test_a_damaged_settings_file_means_defaults_and_a_visible_notice(home: Path) -> None:
    home.mkdir(parents=True)
    (home / "settings.json").write_bytes(DAMAGED)
    app = start_game(Store(home))
    try:
        assert isinstance(app.top, MenuScene)
        assert app.settings == Settings()
        assert app.notices, "the player is told"
        message = app.notices[0].message
        assert "settings" in message and "damaged" in message
        # the notice is drawn over the menu: the picture differs from the menu alone
        with_notice = app.screen.copy()
        app.notices.clear()
        app.draw(app.screen)
        assert pygame.image.tobytes(with_notice, "RGB") != pygame.image.tobytes(app.screen, "RGB")
        # it fades away on its own after a few seconds
        app.notify(message, 1.0)
        frames(app, 90)
        assert app.notices == []
    finally:
        app.close()
    kept = [p.name for p in home.iterdir() if p.name.startswith("settings.damaged-")]
    assert len(kept) == 1 and (home / kept[0]).read_bytes() == DAMAGED
    assert not (home / "settings.json").exists()


def test_the_game_still_starts_with_a_damaged_settings_file(home: Path) -> None:
    home.mkdir(parents=True)
    (home / "settings.json").write_bytes(b"\x00\xff not json at all")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    size = f"{ROOT_SIZE[0]}x{ROOT_SIZE[1]}"
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--size", size, "--frames", "30"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert any(p.name.startswith("settings.damaged-") for p in home.iterdir())

"""Settings changed on the settings page hold when the game is started again."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.scenes.pages.menu import MenuScene
from game.scenes.pages.settings import SettingsScene
from game.store.home import Store

from .helpers import click_at, click_button, frames, start_game


def change(app: object, label: str, times: int = 1) -> None:
    scene = app.top  # type: ignore[attr-defined]
    assert isinstance(scene, SettingsScene)
    index = [option.label for option in scene.options].index(label)
    _, _, right = scene.rows[index]
    for _ in range(times):
        click_at(app, right.center)  # type: ignore[arg-type]


def test_settings_changed_in_the_settings_scene_persist_across_a_restart(home: Path) -> None:
    app = start_game(Store(home))
    try:
        click_button(app, "Settings")
        assert isinstance(app.top, SettingsScene)
        before = app.settings
        defaults = (
            before.opponent_pace,
            before.numerals,
            before.theme,
            before.muted,
            before.volume,
        )
        change(app, "Opponents' pace")  # normal -> fast
        change(app, "Tile faces")  # pips -> numerals
        change(app, "Colours")
        change(app, "Light playable tiles")
        change(app, "Animations", 2)
        change(app, "Sound")  # on -> off
        change(app, "Volume", 3)
        chosen = (
            app.settings.opponent_pace,
            app.settings.numerals,
            app.settings.theme,
            app.settings.hints,
            app.settings.animation_speed,
            app.settings.muted,
            app.settings.volume,
        )
        assert chosen[:3] != defaults[:3]
        assert app.sounds.muted  # applied at once
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
        frames(app, 2)
        assert isinstance(app.top, MenuScene)
    finally:
        app.close()

    again = start_game(Store(home))
    try:
        s = again.settings
        shown = (s.opponent_pace, s.numerals, s.theme, s.hints, s.animation_speed, s.muted)
        assert (*shown, s.volume) == chosen
        assert again.renderer.theme.id == chosen[2]
        assert again.sounds.muted
        assert again.notices == []
    finally:
        again.close()
    stored = Store(home).load_settings()
    assert stored.opponent_pace == chosen[0] and stored.theme == chosen[2]

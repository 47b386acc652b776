"""A settings file written by an earlier version of the game loads unchanged.

``data/settings-v1.json`` was written by the game's own ``Store.save_settings`` (settings format
version 1) with a value other than the default in every field. Keep it as it is: it stands for
the files players already have.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from game.store.home import Store

DATA = Path(__file__).resolve().parent / "data"


def _home_with(tmp_path: Path, name: str) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    shutil.copy(DATA / name, home / "settings.json")
    return home


ADDED_SINCE_V1 = {"battery_saver": "auto"}  # settings that came later, at their defaults


def test_a_version_1_settings_file_loads_every_value(tmp_path: Path) -> None:
    home = _home_with(tmp_path, "settings-v1.json")
    before = (home / "settings.json").read_bytes()
    store = Store(home)
    settings = store.load_settings()
    assert store.take_notices() == []
    assert settings.language == "ta"
    assert settings.theme == "high_contrast"
    assert settings.numerals is True
    assert settings.large_tiles is True
    assert settings.animation_speed == 0.5
    assert settings.opponent_pace == "fast"
    assert settings.volume == 0.4
    assert settings.muted is True
    assert settings.fullscreen is True
    assert settings.kiosk_pin == ""
    assert settings.kiosk_exit_chord == "ctrl+alt+k"
    assert settings.kiosk_idle_seconds == 120
    assert settings.kiosk_pin_hash.startswith("pbkdf2-sha256$100000$35f48f4d04ee54778a9f73b5")
    assert settings.kiosk_pin_failures == 2
    assert settings.kiosk_pin_locked_seconds == 12.5
    assert settings.window_size == (1000, 700)
    assert settings.hints is False
    assert settings.players == 6
    assert settings.preset == "station"
    assert settings.opponent == "hard"
    assert settings.take_backs is True
    assert settings.kiosk_take_backs is True
    assert (home / "settings.json").read_bytes() == before  # reading never rewrites it
    # Saved again, it is the same file with only the fields added since at their defaults
    # (no field renamed or lost, no value changed).
    assert store.save_settings(settings)
    saved = json.loads((home / "settings.json").read_text(encoding="utf-8"))
    assert saved == {**json.loads(before), **ADDED_SINCE_V1}


def test_the_screens_read_the_loaded_values(tmp_path: Path) -> None:
    """The game started on that file shows what it says: the same object the screens read."""
    from game import i18n
    from game.app import App

    home = _home_with(tmp_path, "settings-v1.json")
    app = App((640, 480), store=Store(home), inline_seats=True)
    try:
        settings = app.settings
        assert (settings.opponent_pace, settings.pace_seconds) == ("fast", 0.3)
        assert settings.animation_speed == 0.5
        assert app.theme.id == "high_contrast"
        assert app.renderer.theme.id == "high_contrast"
        assert (app.sounds.volume, app.sounds.muted) == (0.4, True)
        assert (settings.players, settings.preset, settings.opponent) == (6, "station", "hard")
        assert (settings.hints, settings.numerals, settings.large_tiles) == (False, True, True)
        assert settings.take_backs is True
        assert app.stored is not None and app.stored.kiosk_idle_seconds == 120
        assert i18n.current_language() == "ta"
    finally:
        app.close()
        i18n.set_language("en")

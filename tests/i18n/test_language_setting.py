"""The Language and Large tiles rows of the settings: applied at once, every open scene redrawn
in the new language, saved, and the saved language spoken at the next start."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from game import i18n
from game.app import App
from game.scenes.pages.settings import LANGUAGE_CHOICES, SettingsScene, language_label
from game.scenes.play.pause import PauseScene
from game.store.home import Store
from game.view import typeset


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / "home")


@pytest.fixture
def app(store: Store) -> Iterator[App]:
    app = App((800, 600), store=store, resizable=False, inline_seats=True)
    yield app
    app.close()


def _row(scene: SettingsScene, label: str) -> int:
    return next(i for i, option in enumerate(scene.options) if option.label == label)


def _choose(scene: SettingsScene, label: str, value: object) -> None:
    """Step the row ``label`` until it shows ``value`` (as a player clicking › would)."""
    row = _row(scene, label)
    for _ in range(len(scene.options[row].choices)):
        if scene.options[row].get() == value:
            return
        scene._step(row, 1)
    raise AssertionError(f"{label} never reached {value!r}")


def _drawn(app: App) -> list[str]:
    with typeset.text_audit() as audit:
        app.draw(app.screen)
    return audit.drawn


def test_language_row_offers_the_five_by_their_own_names() -> None:
    assert LANGUAGE_CHOICES == ["auto", "en", "ga", "ta", "is", "eu"]
    assert [language_label(c) for c in LANGUAGE_CHOICES[1:]] == [
        "English",
        "Gaeilge",
        "தமிழ்",
        "Íslenska",
        "Euskara",
    ]
    i18n.set_language("ga")
    system = i18n.language_name(i18n.system_language())
    assert language_label("auto") == f"Uathoibríoch ({system})"


def test_choosing_a_language_redraws_every_open_scene_and_is_saved(app: App, store: Store) -> None:
    i18n.set_language("en")
    pause = PauseScene(app, None)
    app.push(pause)
    settings = SettingsScene(app)
    app.push(settings)
    app.step(1 / 60)
    assert "Settings" in _drawn(app)
    assert [b.label for b in pause.buttons][0] == "Resume"

    _choose(settings, "Language", "is")
    assert i18n.current_language() == "is"
    drawn = _drawn(app)
    assert "Stillingar" in drawn and "Til baka" in drawn and "Settings" not in drawn
    assert "Tungumál" in drawn and "Íslenska" in drawn
    # the scene under it was laid out again in Icelandic too
    assert [b.label for b in pause.buttons][0] == i18n._("Resume") != "Resume"
    assert store.load_settings().language == "is"

    _choose(settings, "Language", "ta")
    assert "அமைப்புகள்" in _drawn(app)
    app.pop()
    assert i18n._("Resume") in _drawn(app)  # the pause menu, in Tamil

    settings = SettingsScene(app)
    app.push(settings)
    _choose(settings, "Language", "auto")
    assert i18n.current_language() == i18n.system_language()
    assert store.load_settings().language == "auto"


def test_the_saved_language_is_spoken_at_start(store: Store) -> None:
    saved = store.load_settings()
    saved.language = "eu"
    store.save_settings(saved)
    i18n.set_language("en")
    app = App((640, 480), store=store, resizable=False)
    try:
        assert i18n.current_language() == "eu"
        assert app.settings.language == "eu"
    finally:
        app.close()


def test_a_language_the_game_does_not_have_falls_back_to_english(store: Store) -> None:
    saved = store.load_settings()
    saved.language = "fr"
    store.save_settings(saved)
    app = App((640, 480), store=store, resizable=False)
    try:
        assert i18n.current_language() == "en"
    finally:
        app.close()


def test_large_tiles_row_is_bound_to_the_setting(app: App, store: Store) -> None:
    settings = SettingsScene(app)
    app.push(settings)
    assert app.settings.large_tiles is False
    row = _row(settings, "Large tiles")
    assert settings.options[row].show(settings.options[row].get()) == "Off"
    _choose(settings, "Large tiles", True)
    assert app.settings.large_tiles is True
    assert settings.options[row].show(True) == "On"
    assert store.load_settings().large_tiles is True
    app.close()
    again = App((640, 480), store=store, resizable=False)
    try:
        assert again.settings.large_tiles is True
    finally:
        again.close()


def test_a_closed_app_stops_listening() -> None:
    app = App((640, 480), resizable=False)
    app.close()
    i18n.set_language("ga")  # must not reach the closed app's scenes
    assert i18n.current_language() == "ga"

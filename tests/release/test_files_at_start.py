"""Files the game reads at start never crash it later: a quick play table the rules cannot
deal, an opponent that does not exist, a saved game whose names are not text. The player is
told on the starting screen, and every way into a match works."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.scenes.pages.custom import CustomTableScene
from game.scenes.pages.menu import MenuScene
from game.scenes.play.deal import DealScene
from game.scenes.play.table import TableScene
from game.store.home import Store
from tests.store.helpers import record_after

from .helpers import button_labels, click_button, frames, start_game


def write_settings(home: Path, **values: object) -> None:
    home.mkdir(parents=True, exist_ok=True)
    body = {"format": "mexican-train/settings", "version": 1, "animation_speed": 0.0, **values}
    (home / "settings.json").write_text(json.dumps(body), encoding="utf-8")


BAD_TABLES = {
    "eleven at the station": {"players": 11, "preset": "station"},
    "an unknown opponent": {"opponent": "zzz"},
}


@pytest.mark.parametrize("table", sorted(BAD_TABLES))
@pytest.mark.parametrize("way_in", ["Quick play", "Custom table"])
def test_settings_a_table_cannot_use_fall_back_with_a_notice(
    home: Path, table: str, way_in: str
) -> None:
    write_settings(home, **BAD_TABLES[table])
    app = start_game(Store(home))
    try:
        assert isinstance(app.top, MenuScene)
        shown = [toast.message for toast in app.notices]
        assert any("default" in message for message in shown), shown
        click_button(app, way_in)
        if way_in == "Custom table":
            assert isinstance(app.top, CustomTableScene)
            frames(app, 3)
            app.top.start()
        frames(app, 3)
        assert isinstance(app.top, DealScene | TableScene)
        session = app.top.session
        assert all(kind is None or kind in ("normal", "easy", "hard") for kind in session.kinds)
    finally:
        app.close()


def test_a_saved_game_whose_name_is_a_lone_surrogate_is_not_offered(home: Path) -> None:
    home.mkdir(parents=True)
    store = Store(home)
    assert store.save_game(record_after(3)[0], {"seats": ["human", "easy", "easy"]})
    saved = json.loads((home / "game.json").read_text(encoding="utf-8"))
    saved["record"][0]["names"][0] = "\ud800"  # valid JSON (ASCII, escaped)
    (home / "game.json").write_text(json.dumps(saved), encoding="ascii")

    app = start_game(Store(home))
    try:
        assert "Resume game" not in button_labels(app)
        shown = [toast.message for toast in app.notices]
        # (no file's text may hold one: the data folder's reader refuses it before the names)
        assert any("it holds text that is not printable" in message for message in shown)
        click_button(app, "Quick play")  # and a new match saves as it should
        frames(app, 3)
        assert isinstance(app.top, DealScene | TableScene)
    finally:
        app.close()
    assert any(p.name.startswith("game.damaged-") for p in home.iterdir())

"""The keyboard and gamepad prompt strip never covers a page's title or its buttons."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from game import i18n
from game.app import App
from game.input.intents import Device
from game.rules import Rules
from game.scenes.kit.base import Scene
from game.scenes.pages.custom import CustomTableScene
from game.scenes.pages.menu import MenuScene
from game.scenes.pages.recent import RecentScene
from game.scenes.pages.rules_page import RulesScene
from game.scenes.pages.settings import SettingsScene
from game.scenes.pages.statistics import StatisticsScene
from game.view import frame_marks
from tests.ui.driver import frames, new_app

SIZES = [(480, 800), (720, 1280), (800, 480), (1280, 720)]
PAGES: dict[str, Callable[[App], Scene]] = {
    "settings": SettingsScene,
    "custom table": CustomTableScene,
    "how to play": lambda app: RulesScene(app, Rules.standard(), 4),
    "statistics": StatisticsScene,
    "recent matches": RecentScene,
}


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["en", "ta", "eu"])
def test_the_prompt_strip_leaves_titles_and_buttons_clear(
    size: tuple[int, int], language: str
) -> None:
    # In portrait windows a centred title reaches the top right corner, where the strip sat
    # over "Settings" and "Custom table": it now moves to free felt above the bottom buttons.
    app = new_app(size)
    try:
        app.settings.language = language
        app.apply_language()
        screen = app.screen.get_rect()
        for device in (Device.KEYBOARD, Device.GAMEPAD):
            app.router.last_device = device
            for name, page in PAGES.items():
                app.reset(MenuScene(app), page(app))
                frames(app, 20)
                app.draw(app.screen)
                strip = app.hint_strip_rect
                assert strip is not None, (name, device)
                assert screen.contains(strip), (name, device, strip)
                titles = frame_marks.titles_drawn()
                assert titles, name
                where = (name, device.value, size, language, strip)
                assert strip.collidelist(titles) < 0, ("covers the title", *where)
                items = [item.rect for item in app.top.focus_items()]  # type: ignore[union-attr]
                assert strip.collidelist(items) < 0, ("covers a button", *where)
    finally:
        app.close()


@pytest.mark.parametrize("size", SIZES)
def test_a_message_keeps_clear_of_the_prompt_strip(size: tuple[int, int]) -> None:
    # The first start's long message about the new settings folder met the strip's bottom edge
    # at 480x800; a message now goes just under the strip when they would meet.
    app = new_app(size)
    try:
        screen = app.screen.get_rect()
        for device in (Device.KEYBOARD, Device.GAMEPAD):
            app.router.last_device = device
            for page in (None, *PAGES.values()):
                scenes = [MenuScene(app)] if page is None else [MenuScene(app), page(app)]
                app.reset(*scenes)
                app.notices.clear()
                app.notify(
                    "A new folder for settings and saved games was made: "
                    "/home/player/.local/share/mexican-train"
                )
                frames(app, 20)
                app.draw(app.screen)
                strip, toast = app.hint_strip_rect, app.toast_rect
                assert strip is not None and toast is not None, (page, device)
                assert not strip.colliderect(toast), (page, device.value, size, strip, toast)
                assert screen.contains(toast), (page, device.value, size, toast)
    finally:
        app.close()


@pytest.mark.parametrize("size", SIZES)
def test_over_the_pause_menu_the_strip_leaves_the_tables_top_bar_clear(
    size: tuple[int, int],
) -> None:
    """The pause menu over the table: the key strip covers neither its buttons nor the top
    bar below it (the boneyard's count, the pause button)."""
    from game.match.session import MatchConfig
    from game.scenes.flow import start_match
    from game.scenes.play.deal import DealScene
    from game.scenes.play.pause import PauseScene
    from game.view.layout import top_bar_height, ui_scale

    app = new_app(size)
    try:
        app.reset(MenuScene(app))
        frames(app, 2)
        start_match(app, MatchConfig(3, Rules.standard(), "easy", 5))
        deal = app.top
        assert isinstance(deal, DealScene)
        deal.skip()
        frames(app, 10)
        app.push(PauseScene(app, deal.session))
        app.router.last_device = Device.GAMEPAD
        frames(app, 10)
        app.draw(app.screen)
        strip = app.hint_strip_rect
        assert strip is not None
        bar = app.screen.get_rect()
        bar.h = top_bar_height(ui_scale(size))
        assert not strip.colliderect(bar), (size, strip)
        items = [item.rect for item in app.top.focus_items()]  # type: ignore[union-attr]
        assert strip.collidelist(items) < 0
    finally:
        app.close()

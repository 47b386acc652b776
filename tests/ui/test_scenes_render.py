"""Every scene renders without error at 640x480, 1280x720 and 1920x1080.

The screenshot command builds every scene and the table's hard cases (8 players with long
trains, an open double and a marked train; a held tile with its targets lit; a refused drop;
14 players; numerals and every theme; round summary; match end; replay; a refused record), so
running it at each size is the render test. Each picture must be the window's size and not a
blank fill. The run at 640x480 is shared with the text audits (tests/screenshot_runs.py).
"""

from __future__ import annotations

import pygame
import pytest

from tests.screenshot_runs import WRITES_FILES, group, screenshot_run

from .driver import new_app  # noqa: F401  (sets the dummy drivers)

SIZES = [(640, 480), (1280, 720), (1920, 1080)]


@pytest.mark.parametrize(
    "size",
    [pytest.param(size, marks=group(size, "en")) for size in SIZES],
    ids=[f"{w}x{h}" for w, h in SIZES],
)
def test_every_scene_renders(
    size: tuple[int, int], tmp_path_factory: pytest.TempPathFactory
) -> None:
    # Each picture is looked at as it is handed to be saved. Only the smallest size writes real
    # PNG files (and they are read back). The 640x480 run is the one the text audits read.
    run = screenshot_run(size, "en", tmp_path_factory)
    paths, colours = run.paths, run.colours
    assert all(got == size for got in run.sizes.values()), run.sizes
    names = {p.stem for p in paths}
    assert names == set(colours)
    for wanted in (
        "01_menu",
        "02_settings",
        "03_custom_table",
        "04_rules",
        "05_deal",
        "06_table_first_turn",
        "07_table_8_players_busy",
        "08_drag_targets_lit",
        "09_refused_drop",
        "11_pause",
        "12_table_14_players",
        "15_round_summary",
        "16_match_end",
        "17_replay",
        "18_replay_refused",
        "19_keyboard_focus_on_a_tile",
        "20_keyboard_focus_on_a_lit_train",
        "21_gamepad_prompt",
        "23_pass_and_play_cover",
        "25_kiosk_attract",
        "26_kiosk_pin_pad",
        "27_kiosk_still_playing",
        "28_ladder",
        "29_statistics",
        "29b_saved_match_question",
        "30_daily_table",
        "31_level_cleared",
        "32_table_hint_plan_card",
    ):
        assert wanted in names, f"{wanted} was not rendered"
    for name, count in colours.items():
        assert count > 20, f"{name} looks blank"
    if (size, "en") == WRITES_FILES:
        pygame.init()
        try:
            for path in paths:
                assert pygame.image.load(str(path)).get_size() == size
        finally:
            pygame.quit()


def test_the_table_follows_a_window_resize() -> None:
    from game.match.session import MatchConfig
    from game.rules import Rules
    from game.scenes.flow import start_match
    from game.scenes.pages.menu import MenuScene
    from game.scenes.play.pause import PauseScene
    from game.scenes.play.table import TableScene

    from .driver import frames

    app = new_app((1280, 720))
    try:
        app.push(MenuScene(app))
        start_match(app, MatchConfig(5, Rules.standard(), "greedy", 3))
        frames(app, 400)
        for size in ((800, 600), (1600, 900), (640, 480)):
            app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            pygame.event.post(
                pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
            )
            frames(app, 30)
            table = next(s for s in app.stack if isinstance(s, TableScene))
            assert table.view.layout.size == size
            for tile, rect in table.view.tray.drawn():
                assert app.screen.get_rect().contains(rect), tile
        app.push(PauseScene(app, table.session))
        frames(app, 10)
    finally:
        app.close()

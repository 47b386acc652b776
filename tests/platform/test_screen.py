"""Any screen: the canvas, its scaling into the window, fullscreen and resizes keep the
pointer true, and the table's layout (landscape and portrait) at every target size."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.app import App
from game.input.viewport import Viewport, canvas_size
from game.scenes.pages.custom import CustomTableScene
from game.scenes.pages.menu import MenuScene
from game.scenes.pages.settings import SettingsScene
from game.view.layout import compute_layout, is_portrait, portrait_order, train_geometry
from tests.ui.test_layout import long_train

from .helpers import frames, key, post, window_pos

SIZES = [(640, 480), (800, 480), (1280, 720), (1920, 1080), (2560, 1440), (480, 800), (720, 1280)]


@pytest.mark.parametrize(
    ("window", "canvas"),
    [
        ((1280, 720), (1280, 720)),
        ((2560, 1440), (2560, 1440)),
        ((640, 480), (640, 480)),
        ((800, 480), (800, 480)),
        ((480, 800), (480, 800)),
        ((320, 240), (640, 480)),
        ((400, 300), (640, 480)),
        ((240, 400), (480, 800)),
        ((3440, 1000), (2333, 1000)),
        ((1000, 3000), (1000, 2333)),
    ],
)
def test_the_canvas_for_a_window(window: tuple[int, int], canvas: tuple[int, int]) -> None:
    assert canvas_size(window) == canvas
    view = Viewport.for_window(window)
    x, y, w, h = view.dest
    assert x >= 0 and y >= 0 and x + w <= window[0] and y + h <= window[1]
    assert abs(w / h - canvas[0] / canvas[1]) < 0.01, "the aspect is kept"
    for point in ((0, 0), (canvas[0] // 3, canvas[1] // 2), (canvas[0] - 1, canvas[1] - 1)):
        back = view.to_canvas(view.to_window(point))
        assert abs(back[0] - point[0]) <= 2 and abs(back[1] - point[1]) <= 2


def click_window(app: App, pos: tuple[int, int]) -> None:
    """A real mouse click at window pixels (what the OS reports)."""
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
    frames(app)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)
    frames(app)


def press_menu_button(app: App, menu: MenuScene, label: str) -> None:
    button = next(b for b in menu.buttons if b.label == label)
    click_window(app, window_pos(app, button.rect.center))


def test_fullscreen_toggles_and_the_mouse_stays_true() -> None:
    app = App((960, 600), inline_seats=True)
    try:
        menu = MenuScene(app)
        app.push(menu)
        frames(app, 2)
        key(app, pygame.K_F11)
        assert app.fullscreen and app.window.get_size() == pygame.display.get_desktop_sizes()[0]
        assert app.size == app.window.get_size(), "the canvas follows the screen"
        press_menu_button(app, menu, "Custom table")
        assert isinstance(app.top, CustomTableScene), "a click lands where the button is drawn"
        key(app, pygame.K_ESCAPE)
        key(app, pygame.K_RETURN, mod=pygame.KMOD_LALT)  # Alt+Enter: back to the window
        assert not app.fullscreen and app.window.get_size() == (960, 600)
        assert app.top is menu, "Alt+Enter did not also press the focused button"
        press_menu_button(app, menu, "Settings")
        assert isinstance(app.top, SettingsScene)
    finally:
        app.close()


def test_a_resize_relays_the_scenes_and_keeps_the_mouse_true() -> None:
    app = App((960, 600), inline_seats=True)
    try:
        menu = MenuScene(app)
        app.push(menu)
        frames(app, 2)
        for size, canvas in (((500, 300), (800, 480)), ((1600, 900), (1600, 900))):
            pygame.display.set_mode(size, pygame.RESIZABLE)  # what the window manager does
            post(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1])
            frames(app)
            assert app.window.get_size() == size and app.size == canvas
            quick = next(b for b in menu.buttons if b.label == "Custom table")
            assert app.screen.get_rect().contains(quick.rect), "laid out for the new canvas"
            press_menu_button(app, menu, "Custom table")
            assert isinstance(app.top, CustomTableScene)
            key(app, pygame.K_ESCAPE)
            assert app.top is menu
    finally:
        app.close()


def test_a_letterboxed_window_maps_past_the_bars() -> None:
    app = App((2100, 600), inline_seats=True)
    try:
        assert app.size == (1400, 600) and app.viewport.dest[0] == 350
        menu = MenuScene(app)
        app.push(menu)
        frames(app, 2)
        press_menu_button(app, menu, "Custom table")
        assert isinstance(app.top, CustomTableScene)
        key(app, pygame.K_ESCAPE)
        click_window(app, (10, 300))  # in the bar: nothing there
        assert app.top is menu
    finally:
        app.close()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 4, 8, 14])
def test_the_table_fits_every_size(size: tuple[int, int], players: int) -> None:
    layout = compute_layout(size, players)
    screen = pygame.Rect(0, 0, *size)
    assert layout.top_bar.bottom <= layout.table.top
    assert layout.table.bottom <= layout.prompt.top <= layout.prompt.bottom <= layout.tray.top
    assert layout.tray.bottom == size[1]
    assert not layout.tray_left.colliderect(layout.tray_tiles)
    assert not layout.tray_right.colliderect(layout.tray_tiles)
    assert screen.contains(layout.tray_tiles) and screen.contains(layout.facts)
    for lane in layout.lanes:
        assert screen.contains(lane.badge)
        assert lane.tile_area.w >= 3 * 2 * layout.tile_max, "room for a few tiles a row"
        for length in (0, 12, 30):
            geometry = train_geometry(lane, long_train(length), layout.tile_max)
            for slot in geometry.slots:
                assert lane.tile_area.inflate(2, 2).contains(slot.rect)
    assert layout.hand_width >= 18, "hand tiles big enough for a finger"


@pytest.mark.parametrize("size", [(480, 800), (720, 1280), (600, 1024)])
def test_held_upright_the_lanes_stack_and_the_hand_spans_the_width(size: tuple[int, int]) -> None:
    assert is_portrait(size)
    layout = compute_layout(size, 4)
    assert layout.portrait
    order = [lane.train for lane in sorted(layout.lanes, key=lambda lane: lane.cy)]
    assert order == portrait_order(4) == [4, 3, 2, 1, 0], "Mexican on top, you at the bottom"
    assert all(lane.side == 1 for lane in layout.lanes), "one column, all running right"
    assert layout.tray_tiles.w >= size[0] * 0.9
    assert layout.tray_left.top >= layout.tray_tiles.bottom, "buttons under the hand"
    # two columns would leave each lane under half the width; stacked, each gets more
    assert min(lane.tile_area.w for lane in layout.lanes) >= size[0] * 0.5


def test_the_table_screenshots_at_every_size(tmp_path: Path) -> None:
    from game.commands.screenshots import TABLE_SIZES, table_sizes

    paths = table_sizes(tmp_path)
    assert len(paths) == len(TABLE_SIZES)
    pygame.init()
    try:
        for path, size in zip(paths, TABLE_SIZES, strict=True):
            image = pygame.image.load(str(path))
            assert image.get_size() == size
            colours = {
                image.get_at((x, y))[:3]
                for x in range(0, size[0], 37)
                for y in range(0, size[1], 29)
            }
            assert len(colours) > 20, f"{path.name} looks blank"
    finally:
        pygame.quit()

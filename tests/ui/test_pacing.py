"""The loop draws as often as something moves and shows only what changed (game.pacing,
game.view.present): the screen always holds the frame a full repaint would; a still table
sleeps a second between frames yet answers the first input at once; decoration has its own
low rate and stops under reduced motion, with battery saver, and after a while untouched.

The loop's sleeps are not taken here: each step is given the time the pacer would have slept.
"""

from __future__ import annotations

import pygame
import pytest

from game import pacing
from game.app import App
from game.match.session import MatchConfig, Session
from game.rules import Play, Rules
from game.scenes.pages.menu import MenuScene
from game.scenes.play.table import TableScene

from .driver import frames, new_app, post


def open_table(app: App, kinds: list[str | None], seed: int = 7) -> TableScene:
    rules = Rules.standard().with_options(rounds=1)
    session = Session(MatchConfig(len(kinds), rules, "greedy", seed), inline=True, kinds=kinds)
    session.start_round()
    table = TableScene(app, session)
    app.reset(MenuScene(app), table)
    return table


def paced_step(app: App) -> None:
    """One turn of the real loop: the frame, after the sleep the pacer allowed."""
    app.step(app.pacer.interval())


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def test_the_screen_always_holds_the_frame_a_full_repaint_would() -> None:
    """A round of computer seats played through the paced loop: what the presenter put on
    screen, frame after frame (only the changed bands, or nothing), adds up to the whole frame
    as drawn; and it did leave most of a calm frame alone."""
    app = new_app((960, 600))
    try:
        table = open_table(app, ["greedy"] * 4)
        shown = app.screen.copy()
        kinds = {"all": 0, "part": 0, "none": 0}
        for _ in range(1500):
            paced_step(app)
            for rect in app.presenter.last_update:
                shown.blit(app.screen, rect, rect)
            update = app.presenter.last_update
            if not update:
                kinds["none"] += 1
            elif update == [app.screen.get_rect()]:
                kinds["all"] += 1
            else:
                kinds["part"] += 1
            assert pixels(shown) == pixels(app.screen), "the screen lags the frame drawn"
            if table.state.phase != "play":
                break
        assert kinds["part"] > 0 and kinds["all"] > 0, kinds
    finally:
        app.close()


@pytest.mark.parametrize("size", [(960, 600), (640, 480)])
def test_a_calm_menu_is_repainted_only_where_its_domino_line_drifts(size: tuple[int, int]) -> None:
    """The menu's calm frames are painted only in the band the domino line winds along; each
    is the same, pixel for pixel, as the whole menu painted again, and less is shown."""
    app = new_app(size)
    try:
        menu = MenuScene(app)
        app.reset(menu)
        whole = pygame.Surface(app.screen.get_size())
        calm = 0
        frames(app, 10)  # the menu's words come in over its first frames
        for _ in range(240):  # four seconds of menu at its ambient rate
            paced_step(app)
            area = app._calm_area()
            app.draw(whole)  # the same frame, painted everywhere
            assert pixels(whole) == pixels(app.screen), "a calm frame differs from a full paint"
            if app.pacer.fps < pacing.FULL_FPS and menu.calm_area() is not None:
                calm += 1
                assert area == menu.calm_area()
                assert area.height < app.screen.get_height() // 4
                assert all(
                    area.contains(rect) or area.colliderect(rect)
                    for rect in app.presenter.last_update
                )
        assert calm > 20, "the menu did go calm"
    finally:
        app.close()


def settled_person_table(app: App) -> TableScene:
    table = open_table(app, [None, "greedy", "greedy", "greedy"])
    for _ in range(60 * 60):
        if table.ready and not table.view.busy and table.view.tray.settled:
            break
        paced_step(app)
    assert table.ready
    return table


def test_a_still_table_sleeps_and_answers_the_first_input_in_the_next_frame() -> None:
    app = new_app((960, 600))
    try:
        table = settled_person_table(app)
        while app.idle < 30.0:  # half a minute untouched
            paced_step(app)
        assert app.pacer.fps == 0 and app.pacer.interval() == pacing.HEARTBEAT
        playable = next(a for a in table.legal() if isinstance(a, Play))
        rect = table.tile_rect(playable.tile)
        assert rect is not None
        post(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0), touch=False)
        post(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1, touch=False)
        app.step(1 / 60)  # the very next frame
        assert table.press is not None and table.press.tile == playable.tile, "picked up"
        assert app.pacer.fps == pacing.FULL_FPS, "awake: every frame while the player acts"
        assert app.presenter.last_update, "and the frame that shows it is presented"
    finally:
        app.close()


def test_decoration_runs_at_its_own_low_rate_and_stops_when_nobody_is_there() -> None:
    app = new_app((960, 600))
    try:
        app.reset(MenuScene(app))
        for _ in range(60):
            paced_step(app)
        assert app.pacer.fps == pacing.AMBIENT.fps < pacing.FULL_FPS, "the domino line drifts"
        while app.idle < pacing.AMBIENT_QUIET:
            paced_step(app)
        paced_step(app)
        assert app.pacer.fps == 0, "nobody there: the line rests"
        post(pygame.MOUSEMOTION, pos=(10, 10), rel=(1, 1), buttons=(0, 0, 0), touch=False)
        paced_step(app)
        assert app.pacer.fps == pacing.FULL_FPS
        app.settings.animation_speed = 0.0  # reduced motion
        for _ in range(60):
            paced_step(app)
        assert app.pacer.fps == 0, "reduced motion: no decorative motion at all"
    finally:
        app.close()


@pytest.mark.parametrize("choice", ["on", "auto"])
def test_battery_saver_caps_the_rate_and_stops_decoration(
    choice: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pacing, "on_battery", lambda: True)  # the platform says: on battery
    app = new_app((960, 600))
    try:
        app.settings.battery_saver = choice
        table = open_table(app, ["greedy"] * 4)  # tiles fly: gameplay animation
        for _ in range(40):
            paced_step(app)
        assert app.saving_power
        assert table.pace() == pacing.MOVING and app.pacer.fps == pacing.SAVER_FPS
        app.reset(MenuScene(app))
        for _ in range(60):
            paced_step(app)
        assert app.pacer.fps == 0, "no decoration under battery saver"
        app.settings.battery_saver = "off"  # the player's choice wins over the battery
        post(pygame.MOUSEMOTION, pos=(10, 10), rel=(1, 1), buttons=(0, 0, 0), touch=False)
        for _ in range(60):
            paced_step(app)
        assert not app.saving_power and app.pacer.fps == pacing.AMBIENT.fps
    finally:
        app.close()


def test_a_table_waiting_on_a_computer_keeps_its_clock_and_its_pace() -> None:
    """A computer seat's pause is timed as before: the table keeps ticking (not asleep) and
    the move comes about when the pace says."""
    app = new_app((960, 600))
    try:
        app.settings.opponent_pace = "normal"
        table = open_table(app, ["greedy"] * 4)
        frames(app, 5)
        moves = len(table.session.writer.lines)
        waited = 0.0
        while len(table.session.writer.lines) == moves and waited < 5.0:
            if not table.view.busy:
                assert table.pace() in (pacing.TICKING, pacing.MOVING)
            paced_step(app)
            waited += app.pacer.interval()
        assert len(table.session.writer.lines) > moves, "the computer seat moved"
    finally:
        app.close()


def test_a_machine_too_busy_to_keep_the_frame_s_time_does_not_stop_the_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Between frames the loop naps until the next one is due; on a busy machine the frame's
    time may pass while it looks for input. It then draws the next frame, it does not fail
    (a negative nap once ended the game with a traceback)."""
    import time

    app = new_app((640, 480))
    app.reset(MenuScene(app))
    clock = [1000.0]
    naps: list[float] = []

    def busy_peek() -> bool:
        clock[0] += 0.02  # looking for input took 20 ms: past the next frame's due time
        return False

    def nap(seconds: float) -> None:
        assert seconds >= 0
        naps.append(seconds)
        clock[0] += seconds

    monkeypatch.setattr(time, "monotonic", lambda: clock[0])
    monkeypatch.setattr(pygame.event, "peek", busy_peek)
    monkeypatch.setattr(time, "sleep", nap)
    monkeypatch.setattr(app.pacer, "interval", lambda: 0.009)
    try:
        assert app.run(max_frames=40) == 0
        assert app.frames == 40
        assert all(seconds >= 0 for seconds in naps)
    finally:
        app.close()

"""Learn to play again after leaving: every step it can be left at comes back without a fault.

The guided game keeps the step it was left at (store.Progress.lesson). Its last page comes
after the round's summary, so a table rebuilt there has no round's end to sum up: it must open
on that page, not on a summary with nothing to show. Any other kept value (a step this version
no longer has, junk) starts the lesson from its beginning.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.app import App
from game.levels import lesson
from game.scenes.pages.menu import MenuScene
from game.scenes.play.lesson import (
    DECLINED,
    FINISHED,
    LessonDoneScene,
    LessonScene,
    LessonSummaryScene,
    remember_lesson,
    start_lesson,
)
from game.scenes.play.pause import PauseScene
from game.store.home import Store
from tests.platform.helpers import key

from .driver import click, frames, run_until
from .test_lesson_table import by_mouse, menu_button, open_from_menu, stored_app


def to_the_last_page(app: App, scene: LessonScene) -> None:
    """Play the guided game by mouse until its closing page shows."""
    while scene.step.key != lesson.STEPS[-1].key:
        run_until(app, scene.awaits_learner, limit=60 * 60)
        top = app.top
        if isinstance(top, LessonSummaryScene):
            click(app, top.button.rect.center)
        else:
            by_mouse(app, scene, scene.expected())
        frames(app, 2)
    run_until(app, scene.awaits_learner, limit=60 * 60)


def leave(app: App) -> None:
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    click(app, menu_button(app, "Leave the match").rect.center)
    frames(app, 3)
    assert isinstance(app.top, MenuScene)


def test_leaving_the_lesson_on_its_last_page_and_coming_back_shows_that_page(
    tmp_path: Path,
) -> None:
    home = tmp_path / "home"
    app = stored_app(home)
    try:
        click(app, menu_button(app, "Not now").rect.center)
        scene = open_from_menu(app)
        to_the_last_page(app, scene)
        leave(app)
        assert Store(home).load_progress().lesson == lesson.STEPS[-1].key
        again = open_from_menu(app)
        frames(app, 60)
        assert app.guard.faults == 0, "no fault in the frames"
        assert app.top is again, "the table shows, no summary with nothing to sum up"
        assert again.step.key == lesson.STEPS[-1].key
        assert again.awaits_learner(), "the closing page with its Finish button"
        click(app, again.next_button.rect.center)
        frames(app, 3)
        assert isinstance(app.top, LessonDoneScene)  # its word, over the menu
        assert isinstance(app.stack[-2], MenuScene)
        assert app.guard.faults == 0
        assert Store(home).load_progress().lesson == FINISHED
    finally:
        app.close()
    # a later start of the game, too (the step was kept on disk)
    later = stored_app(home)
    try:
        scene = open_from_menu(later)
        frames(later, 30)
        assert later.guard.faults == 0 and later.top is scene
    finally:
        later.close()


KEPT = [step.key for step in lesson.STEPS] + [
    "",
    FINISHED,
    DECLINED,
    "no_such_step",
    "x" * 40,
]


@pytest.mark.parametrize("kept", KEPT)
def test_learn_to_play_opens_a_table_whatever_step_was_kept(tmp_path: Path, kept: str) -> None:
    home = tmp_path / "home"
    app = stored_app(home)
    try:
        app.reset(MenuScene(app))
        remember_lesson(app, kept)
        start_lesson(app)
        run_until(app, lambda: isinstance(app.top, LessonScene), limit=60 * 30)
        scene = app.top
        assert isinstance(scene, LessonScene)
        run_until(app, scene.awaits_learner, limit=60 * 60)
        frames(app, 30)
        assert app.guard.faults == 0, f"a fault opening the lesson kept at {kept!r}"
        assert scene in app.stack
        if kept in {step.key for step in lesson.STEPS[1:]} - {"scoring"}:
            assert scene.step.key == kept, "back at the step it was left at"
        elif kept not in {step.key for step in lesson.STEPS}:
            assert scene.step.key == lesson.STEPS[0].key, "from its start"
    finally:
        app.close()

"""The guide card never covers what its step is about: the train the step's move goes to (its
lane, the tags and the marker drawn there), the trains and the hub its words name, the prompt
and the hand. Every step, every language, on the smallest landscape screen and held upright."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game import i18n
from game.app import App
from game.levels import lesson
from game.rules import Play
from game.scenes.pages.menu import MenuScene
from game.scenes.play.lesson import LessonScene, LessonSummaryScene, draw_guide, lesson_table

from .driver import frames, new_app

SIZES = [(640, 480), (480, 800)]


def what_the_step_is_about(scene: LessonScene) -> list[tuple[str, pygame.Rect]]:
    """The rects the card must leave clear, each with a name for the failure message."""
    lay = scene.view.layout
    step = scene.step
    trains = {move.train for move in step.moves if isinstance(move, Play)}
    trains |= {train for train in step.shows if train >= 0}
    about = [(f"train {train}", lay.lanes[train].band.clip(lay.table)) for train in trains]
    if lesson.HUB in step.shows:
        about.append(("the hub", lay.hub_rect()))
    prompt_top = min(lay.prompt.top, scene.view.prompt_top or lay.prompt.top)
    about.append(("the prompt and the hand", pygame.Rect(0, prompt_top, lay.size[0], lay.size[1])))
    return about


def walk(app: App) -> Iterator[LessonScene]:
    """The lesson from its start, stopping at each step while it waits for the learner."""
    session, index = lesson_table(None)
    scene = LessonScene(app, session, index)
    app.reset(MenuScene(app), scene)
    while not scene.finished:
        for _ in range(60 * 60):
            if scene.awaits_learner():
                break
            frames(app)
        frames(app, 20)
        yield scene
        before = (scene.step_index, scene.move_index)
        scene.take_step()
        for _ in range(60 * 60):
            if (scene.step_index, scene.move_index) != before or scene.finished:
                break
            frames(app)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_the_guide_card_never_covers_what_its_step_is_about(
    code: str, size: tuple[int, int]
) -> None:
    app = new_app(size)
    try:
        app.settings.language = code
        app.apply_language()
        covered: list[str] = []
        steps = 0
        for scene in walk(app):
            if isinstance(app.top, LessonSummaryScene):
                continue  # the summary's own page: its card sits over the summary's header
            steps += 1
            app.draw(app.screen)
            button = scene.next_button if scene.next_button.visible else None
            card = draw_guide(scene, app.screen, scene.guide_text(), button)
            for name, rect in what_the_step_is_about(scene):
                if card.colliderect(rect):
                    covered.append(f"{scene.step.key}: {name}")
        assert steps >= len(lesson.STEPS) - 1
        assert not covered, f"the guide card covers {covered}"
    finally:
        app.close()
        i18n.set_language("en")

"""The table's callouts leave what they speak of in view: an open double's banner never covers
the hub or the double, its OPEN DOUBLE tag never hides under the owner's name card (Ben's 2|2
in the guided game), and a "Pass" bubble rises over the passing seat's name card, not on it.
On the smallest screen, a large one and held upright, in English and Tamil."""

from __future__ import annotations

import pytest

from game import i18n
from game.app import App
from game.levels import lesson
from game.scenes.pages.menu import MenuScene
from game.scenes.play.lesson import LessonScene, lesson_table
from game.view.motion import draw_banner, draw_effects

from .driver import frames, new_app, run_until


def step_taken(app: App, code: str, key: str) -> LessonScene:
    """The guided game in ``code``, at the step named ``key``, that step just taken."""
    app.settings.language = code
    app.apply_language()
    session, index = lesson_table(key)
    scene = LessonScene(app, session, index)
    app.reset(MenuScene(app), scene)
    run_until(app, scene.awaits_learner)
    scene.take_step()
    return scene


@pytest.mark.parametrize("size", [(640, 480), (1280, 720), (480, 800)], ids=str)
@pytest.mark.parametrize("code", ["en", "ta"])
def test_the_open_double_banner_and_tag_leave_the_double_in_view(
    code: str, size: tuple[int, int]
) -> None:
    app = new_app(size)
    try:
        scene = step_taken(app, code, "follow_double")  # 5|1; Ben plays 2|2, cannot follow
        view = scene.view
        run_until(app, lambda: bool(view.banners) and view.banners[-1].age > 0.4)
        app.draw(app.screen)
        banner = draw_banner(app.screen, view.banners[-1], view.layout, view.theme)
        assert banner is not None
        lane = view.layout.lanes[lesson.BEN]
        double = view.geometry(lesson.BEN).slots[-1].rect
        assert not banner.colliderect(view.layout.hub_rect()), "the banner covers the engine"
        assert not banner.colliderect(double), "the banner covers the double it speaks of"
        tag = view.open_double_tags[lesson.BEN]
        assert not banner.colliderect(tag), "the banner covers the OPEN DOUBLE tag"
        assert not tag.colliderect(lane.badge), "the tag runs under Ben's name card"
        frames(app, 2)
    finally:
        app.close()
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(640, 480), (1280, 720), (480, 800)], ids=str)
@pytest.mark.parametrize("code", ["en", "ta"])
def test_a_pass_bubble_leaves_the_name_card_readable(code: str, size: tuple[int, int]) -> None:
    """Ana passes in the guided game: her "Pass" bubble rises over her name card, not on it."""
    app = new_app(size)
    try:
        scene = step_taken(app, code, "pass_and_marker")  # Ana draws, cannot play, passes
        view = scene.view
        seen = 0
        for _ in range(60 * 10):
            frames(app)
            if not any(effect.kind == "bubble" for effect in view.effects):
                if seen:
                    break
                continue
            app.draw(app.screen)
            for bubble in draw_effects(app.screen, view.effects, view.theme, view.layout.scale):
                seen += 1
                assert not bubble.colliderect(view.layout.lanes[lesson.ANA].badge), (
                    "the bubble covers Ana's name card"
                )
                assert app.screen.get_rect().contains(bubble)
        assert seen, "Ana's pass showed no bubble"
    finally:
        app.close()
        i18n.set_language("en")

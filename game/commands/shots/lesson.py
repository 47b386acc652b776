"""Screenshot cases of the guided first game: every step, each when it waits for the learner."""

from __future__ import annotations

from game.commands.shots.camera import FRAME, Camera


def lesson_shots(cam: Camera) -> None:
    """Every step of the guided first game, each when it waits for the learner."""
    from game.scenes.pages.menu import MenuScene
    from game.scenes.play.lesson import LessonScene, lesson_table

    app = cam.app
    pace = app.settings.opponent_pace
    app.settings.opponent_pace = "fast"
    session, index = lesson_table(None)
    scene = LessonScene(app, session, index)
    app.reset(MenuScene(app), scene)

    number = 0
    while not scene.finished:
        for _ in range(60 * 60):
            if scene.awaits_learner():
                break
            app.step(FRAME)
        cam.frames(45)  # the guide's glow and the lifted tile settle
        number += 1
        cam.shot(f"40_lesson_{number:02d}_{scene.step.key}")
        before = (scene.step_index, scene.move_index)
        scene.take_step()
        for _ in range(60 * 60):
            if (scene.step_index, scene.move_index) != before or scene.finished:
                break
            app.step(FRAME)
    cam.frames(30)  # the end: its word over the menu, and Practice offered
    cam.shot("40_lesson_done")
    app.settings.opponent_pace = pace

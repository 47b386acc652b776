"""Screenshot cases of the puzzles: the page, each kind as it opens, a hint, the answer's word."""

from __future__ import annotations

from datetime import date

from game.commands.shots.camera import Camera
from game.rules import Play

DAY = date(2026, 12, 3)  # a fixed day: the same daily puzzle in every run


def puzzle_shots(cam: Camera) -> None:
    """The puzzles page; a longest-line, a go-out and a best-play puzzle as they open; a wrong
    try's hint; the word after the answer is played out."""
    from game.puzzles import BEST_PLAY, GO_OUT, LONGEST_LINE
    from game.puzzles.model import action_of
    from game.puzzles.shipped import shipped_puzzles
    from game.scenes.pages.menu import MenuScene
    from game.scenes.pages.puzzles import PuzzlesScene
    from game.scenes.play.puzzle import PuzzleDoneScene, open_puzzle

    app = cam.app
    app.reset(MenuScene(app), PuzzlesScene(app, DAY))
    cam.settle(0.8)
    cam.shot("50_puzzles")
    puzzles = shipped_puzzles()
    for number, kind in enumerate((LONGEST_LINE, GO_OUT, BEST_PLAY), 1):
        puzzle = next((p for p in puzzles if p.kind == kind), None)
        if puzzle is None:
            continue
        app.reset(MenuScene(app), PuzzlesScene(app, DAY))
        scene = open_puzzle(app, puzzle)
        if scene is None:
            continue
        app.push(scene)
        cam.to_your_turn()
        cam.shot(f"5{number}_puzzle_{kind}")
        if kind != GO_OUT:
            continue
        state = scene.state
        wrong = action_of(puzzle.proof["values"][1]["move"], state.players, state.deal.set_size)
        if isinstance(wrong, Play):
            scene.try_play(wrong.tile, wrong.train, None)
            cam.settle(0.8)
            cam.shot("54_puzzle_hint")
            scene.try_play(wrong.tile, wrong.train, None)  # a second wrong try: the answer
            for _ in range(60 * 60):
                if isinstance(app.top, PuzzleDoneScene):
                    break
                cam.frames(1)
            cam.settle(0.6)
            cam.shot("55_puzzle_answer")
    app.reset(MenuScene(app))

"""Puzzles in the game: open one, a wrong move brings one hint and is not played, the right one
solves it (the rating and the run move, the next puzzle is offered); the answer is played out
after a second wrong try; the day's puzzle is the same in two fresh data folders."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from game.puzzles import GO_OUT, LONGEST_LINE
from game.puzzles.model import action_of
from game.puzzles.shipped import shipped_puzzles
from game.rules import PLAY, Play
from game.scenes import flow
from game.scenes.kit.progress import load_progress
from game.scenes.pages.menu import MenuScene
from game.scenes.pages.puzzles import PuzzlesScene
from game.scenes.play.puzzle import PuzzleDoneScene, PuzzleScene, open_puzzle
from game.store.puzzle_progress import HELPED, MISSED, SOLVED

from .driver import frames, new_app


def first(kind: str):  # type: ignore[no-untyped-def]
    return next(p for p in shipped_puzzles() if p.kind == kind)


def ready(app, scene: PuzzleScene) -> PuzzleScene:  # type: ignore[no-untyped-def]
    """Frames until the table is dealt and waits for the player."""
    for _ in range(600):
        frames(app)
        if scene.ready:
            break
    assert scene.ready
    return scene


def opened(app, puzzle) -> PuzzleScene:  # type: ignore[no-untyped-def]
    app.reset(MenuScene(app), PuzzlesScene(app))
    scene = open_puzzle(app, puzzle)
    assert scene is not None
    app.push(scene)
    return ready(app, scene)


def answer_and_wrong(scene: PuzzleScene) -> tuple[Play, Play]:
    """A go-out puzzle's answer, and the proof's second-best first move (a wrong try)."""
    puzzle, state = scene.trial.puzzle, scene.state
    answer = action_of(puzzle.answer["move"], state.players, state.deal.set_size)
    wrong = action_of(puzzle.proof["values"][1]["move"], state.players, state.deal.set_size)
    assert isinstance(answer, Play) and isinstance(wrong, Play)
    return answer, wrong


def settle(app, scene: PuzzleScene, limit: int = 4000) -> None:  # type: ignore[no-untyped-def]
    for _ in range(limit):
        frames(app)
        if isinstance(app.top, PuzzleDoneScene):
            return


def test_a_wrong_move_brings_one_hint_and_the_right_one_solves_the_puzzle() -> None:
    app = new_app((1280, 720))
    try:
        puzzle = first(GO_OUT)
        scene = opened(app, puzzle)
        state = scene.state
        answer, wrong = answer_and_wrong(scene)
        before = len(state.train_tiles[wrong.train])
        assert not scene.try_play(wrong.tile, wrong.train, None), "a wrong move is not played"
        assert len(state.train_tiles[wrong.train]) == before
        assert scene.hint is not None and scene.puzzle_hint_text().startswith("Not that one")
        assert scene.view.toast is not None
        progress = load_progress(app).puzzles
        assert progress.tries[puzzle.id] == MISSED and progress.rating < 1500, "first try counts"
        assert scene.try_play(answer.tile, answer.train, None), "the answer is played"
        settle(app, scene)
        done = app.top
        assert isinstance(done, PuzzleDoneScene)
        assert done.title == "Found, with the hint"
        assert load_progress(app).puzzles.tries[puzzle.id] == HELPED
        assert [label for label, _action in done.answers()][0] == "Next puzzle"
        done.next_puzzle()
        assert isinstance(app.top, PuzzleScene) and app.top.trial.puzzle.id != puzzle.id
    finally:
        app.close()


def test_solved_at_the_first_try_moves_the_rating_up_and_the_run_on() -> None:
    app = new_app((1280, 720))
    try:
        puzzle = first(GO_OUT)
        scene = opened(app, puzzle)
        state = scene.state
        answer = action_of(puzzle.answer["move"], state.players, state.deal.set_size)
        assert isinstance(answer, Play)
        assert scene.try_play(answer.tile, answer.train, None)
        settle(app, scene)
        assert isinstance(app.top, PuzzleDoneScene) and app.top.title == "Solved!"
        assert scene.state.phase != PLAY, "the answer's line was played to the round's end"
        progress = load_progress(app).puzzles
        assert progress.tries[puzzle.id] == SOLVED
        assert progress.rating > 1500 and progress.run == 1 and progress.best_run == 1
        assert "Puzzle rating" in app.top.words
    finally:
        app.close()


def test_two_wrong_tries_play_the_answer_out_on_the_table() -> None:
    app = new_app((960, 600))
    try:
        puzzle = first(GO_OUT)
        scene = opened(app, puzzle)
        state = scene.state
        wrong = action_of(puzzle.proof["values"][1]["move"], state.players, state.deal.set_size)
        assert isinstance(wrong, Play)
        scene.try_play(wrong.tile, wrong.train, None)
        scene.try_play(wrong.tile, wrong.train, None)
        assert scene.script, "the answer plays out"
        settle(app, scene)
        assert isinstance(app.top, PuzzleDoneScene) and app.top.title == "The answer"
        assert scene.state.round_scores[-1][0] == puzzle.proof["values"][0]["points"]
    finally:
        app.close()


def test_a_longest_line_short_of_the_best_gets_its_length_then_a_fresh_table() -> None:
    app = new_app((960, 600))
    try:
        puzzle = first(LONGEST_LINE)
        scene = opened(app, puzzle)
        line = [
            action_of({"type": "play", "tile": t, "train": "p0"}, 2, 12)
            for t in puzzle.answer["line"]
        ]
        for action in line[:-1]:  # one tile short, then Done
            assert isinstance(action, Play)
            assert scene.try_play(action.tile, action.train, None)
            frames(app, 40)
        scene.do_done()
        again = app.top
        assert isinstance(again, PuzzleScene) and again is not scene, "a fresh table"
        assert again.puzzle_hint_text().startswith("Not the longest. The longest line has")
        ready(app, again)
        for action in line:
            assert isinstance(action, Play)
            assert again.try_play(action.tile, action.train, None)
            frames(app, 40)
        if again.state.current == 0 and again.state.phase == PLAY:
            again.do_done()
        settle(app, again)
        assert isinstance(app.top, PuzzleDoneScene) and app.top.title == "Found, with the hint"
    finally:
        app.close()


def test_the_day_s_puzzle_is_the_same_in_two_fresh_data_folders(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    day = date(2026, 12, 3)
    seen = []
    for name in ("one", "two"):
        monkeypatch.setenv("MEXICAN_TRAIN_HOME", str(tmp_path / name))
        app = new_app((960, 600))
        try:
            app.reset(MenuScene(app), PuzzlesScene(app, day))
            flow.daily_puzzle(app, day)
            assert isinstance(app.top, PuzzleScene) and app.top.daily == day
            seen.append(app.top.trial.puzzle.id)
        finally:
            app.close()
    assert seen[0] == seen[1]


def _solve(app, scene: PuzzleScene) -> None:  # type: ignore[no-untyped-def]
    """Play the puzzle's answer as a player would: its move, or its whole line then Done."""
    puzzle = scene.trial.puzzle
    if puzzle.kind == LONGEST_LINE:
        moves = [{"type": "play", "tile": t, "train": "p0"} for t in puzzle.answer["line"]]
    else:
        moves = [puzzle.answer["move"]]
    for move in moves:
        action = action_of(move, scene.state.players, scene.state.deal.set_size)
        assert isinstance(action, Play)
        assert scene.try_play(action.tile, action.train, None)
        frames(app, 40)
    if puzzle.kind == LONGEST_LINE and scene.state.current == 0 and scene.state.phase == PLAY:
        scene.do_done()
    settle(app, scene)


def test_the_day_s_puzzle_solved_starts_the_daily_streak_and_the_page_ticks_it() -> None:
    day = date(2026, 12, 3)
    app = new_app((960, 600))
    try:
        app.reset(MenuScene(app), PuzzlesScene(app, day))
        flow.daily_puzzle(app, day)
        scene = app.top
        assert isinstance(scene, PuzzleScene) and scene.daily == day
        _solve(app, ready(app, scene))
        done = app.top
        assert isinstance(done, PuzzleDoneScene) and done.title == "Solved!"
        assert "Daily streak: 1 day" in done.words
        assert load_progress(app).puzzles.streak(day) == 1
        done.back()
        page = app.top
        assert isinstance(page, PuzzlesScene) and page.solved_today
    finally:
        app.close()


def test_keys_and_pad_solve_a_puzzle_through_the_focus_as_a_pointer_does() -> None:
    """Enter (or A) on a tile picks it up, on a lit train plays it: the same judgement."""
    app = new_app((960, 600))
    try:
        puzzle = first(GO_OUT)
        scene = opened(app, puzzle)
        answer, wrong = answer_and_wrong(scene)
        scene._pick(wrong.tile)
        frames(app, 2)  # the trains it may go to light up
        trains = [item.key for item in scene.focus_items()]
        assert ("train", wrong.train) in trains, "the focus moves to the lit trains"
        scene._play_at(wrong.train)
        assert scene.hint is not None and scene.trial.wrong == 1
        frames(app, 30)
        scene._pick(answer.tile)
        frames(app, 2)
        scene._play_at(answer.train)
        assert scene.outcome == "helped"
    finally:
        app.close()


def test_the_puzzle_table_names_its_seats_in_the_player_s_language() -> None:
    """The puzzle's record says "Player 2"; the table and the card say it as the player reads."""
    from game import i18n

    app = new_app((960, 600))
    try:
        i18n.set_language("ga")
        scene = opened(app, first(GO_OUT))
        names = scene.state.names
        assert names[0] == i18n._("You") == "Tusa"
        assert names[1] == i18n._("Player {n}").format(n=2) != "Player 2"
    finally:
        i18n.set_language("en")
        app.close()

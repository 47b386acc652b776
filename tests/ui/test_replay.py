"""``main.py replay``: a good record plays; a broken one is refused with its line and reason."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from game.rules import GameState, Rules
from game.rules.record import RecordWriter
from game.scenes.review.replay import ReplayScene

from .driver import frames, new_app

ROOT = Path(__file__).resolve().parents[2]


def record_text() -> str:
    from game.ai.simple import make_seat

    state = GameState.new(Rules.standard().with_options(rounds=1), 3, 5, ["Ana", "Bo", "Cy"])
    writer = RecordWriter(state)
    writer.add(state.start_round())
    seats = [make_seat("greedy", s) for s in range(3)]
    while state.phase == "play":
        writer.add(state.apply(seats[state.current].choose(state.observation(state.current))))
    return writer.text()


def run_main(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run(
        [sys.executable, "main.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_replay_steps_through_a_whole_record() -> None:
    app = new_app()
    try:
        scene = ReplayScene.from_text(app, record_text(), "test.jsonl")
        app.push(scene)
        for _ in range(2000):
            if scene.finished:
                break
            scene.step_once()
            frames(app, 2)
        assert scene.finished
        assert scene.state is not None and scene.state.match_over
        frames(app, 10)
    finally:
        app.close()


def test_replay_says_where_it_is_in_moves_not_record_lines() -> None:
    """The status line counts the match's moves (plays, draws, passes): "move 1 of N" at the
    first, "move N of N" at the last, whatever other lines the record holds."""
    import re

    from game.rules.record import load_record

    text = record_text()
    record, _ = load_record(text)
    moves = sum(1 for _, obj in record.lines if obj["type"] in ("play", "draw", "pass"))
    app = new_app()
    try:
        scene = ReplayScene.from_text(app, text, "test.jsonl")
        app.push(scene)
        seen = []
        while not scene.finished:
            scene.step_once()
            said = re.match(r"move (\d+) of (\d+)", scene.describe())
            if said:
                seen.append((int(said[1]), int(said[2])))
        assert seen[0] == (1, moves) and seen[-1] == (moves, moves)
        assert all(b[0] - a[0] in (0, 1) for a, b in zip(seen, seen[1:], strict=False))
    finally:
        app.close()


def test_replay_command_runs_a_good_record(tmp_path: Path) -> None:
    path = tmp_path / "match.jsonl"
    path.write_text(record_text(), encoding="utf-8")
    result = run_main("replay", str(path), "--frames", "20")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr


def test_replay_command_refuses_a_broken_record(tmp_path: Path) -> None:
    lines = record_text().splitlines()
    broken_line = next(i for i, line in enumerate(lines, start=1) if '"type": "play"' in line)
    lines[broken_line - 1] = '{"type": "play", "seat": 0, "tile": [0, 99], "train": "p0"}'
    path = tmp_path / "broken.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run_main("replay", str(path), "--frames", "5")
    assert result.returncode == 1
    assert f"line {broken_line}" in result.stderr
    assert "Traceback" not in result.stderr


def test_replay_command_missing_file(tmp_path: Path) -> None:
    result = run_main("replay", str(tmp_path / "nope.jsonl"), "--frames", "2")
    assert result.returncode == 1
    assert "no such file" in result.stderr


def test_cli_parses_replay_and_screenshots() -> None:
    from game import cli

    args = cli.build_parser().parse_args(["replay", "game.jsonl", "--frames", "3"])
    assert (args.command, args.file, args.frames) == ("replay", "game.jsonl", 3)
    args = cli.build_parser().parse_args(["screenshots", "--out", "shots", "--size", "640x480"])
    assert (args.command, args.out, args.size) == ("screenshots", "shots", (640, 480))
    args = cli.build_parser().parse_args(["screenshots", "--out", "shots"])
    assert args.size == (1280, 720)


def test_the_replay_buttons_are_whole_on_every_screen_shape() -> None:
    """Play, Step, speed and Back stay inside the window and apart, landscape and portrait (a
    phone-shaped 480x800 once had Step cut off at the foot)."""
    for size in [(480, 800), (640, 480), (1280, 720), (800, 1280), (320, 240)]:
        app = new_app(size)
        try:
            scene = ReplayScene.from_text(app, record_text(), "test.jsonl")
            scene.returns = True
            app.push(scene)
            frames(app, 2)
            scene._make_buttons()
            bounds = app.screen.get_rect()
            rects = {name: button.rect for name, button in scene.buttons.items()}
            for name, rect in rects.items():
                assert bounds.contains(rect), f"{name} {rect} outside {bounds} at {size}"
            names = list(rects)
            for i, a in enumerate(names):
                for b in names[i + 1 :]:
                    assert not rects[a].colliderect(rects[b]), f"{a} and {b} overlap at {size}"
        finally:
            app.close()

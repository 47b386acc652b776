"""Style and typing gates: ruff over the repository, mypy --strict over the whole game."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


def test_ruff_is_clean() -> None:
    result = _run("ruff", "check", ".")
    assert result.returncode == 0, f"ruff check . failed:\n{result.stdout}\n{result.stderr}"


def test_the_whole_game_is_strictly_typed() -> None:
    result = _run("mypy", "--strict", "game")
    assert result.returncode == 0, f"mypy --strict game failed:\n{result.stdout}\n{result.stderr}"


def test_no_module_of_the_game_is_over_600_lines_but_the_rules_state() -> None:
    """docs/MAINTAINING.md's promise: a module a newcomer can read through (the rules' state, one
    cohesive thing, is the one exception)."""
    game = Path(__file__).resolve().parents[1] / "game"
    long = {
        path.relative_to(game).as_posix(): lines
        for path in game.rglob("*.py")
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > 600
    }
    assert set(long) <= {"rules/state.py"}, long

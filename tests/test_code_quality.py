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

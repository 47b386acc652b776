"""The puzzles that ship with the game (``assets/puzzles/``), read once a run.

A damaged line is left out with its reason (the rest of the set plays); :func:`refusals` says
which, for the puzzle page to mention and stderr to name for the set's author.
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path

from game.i18n.files import assets_dir

from .model import KINDS, Puzzle, PuzzleError, read_puzzles


def puzzle_folder() -> Path:
    return assets_dir() / "puzzles"


@functools.cache
def _read(folder: Path) -> tuple[tuple[Puzzle, ...], tuple[str, ...]]:
    puzzles: list[Puzzle] = []
    refused: list[str] = []
    seen: set[str] = set()
    for kind in KINDS:
        path = folder / f"{kind}.jsonl"
        try:
            with open(path, encoding="utf-8", errors="replace") as file:
                good, errors = read_puzzles(file)
        except OSError as error:
            refused.append(f"{path.name}: {error.strerror or error}")
            continue
        refused.extend(f"{path.name}: {error}" for error in errors)
        for puzzle in good:
            if puzzle.kind != kind or puzzle.id in seen:
                why = "not of this file's kind" if puzzle.kind != kind else "its id is used twice"
                refused.append(f"{path.name}: {PuzzleError(puzzle.line, why, puzzle.id)}")
                continue
            seen.add(puzzle.id)
            puzzles.append(puzzle)
    for line in refused:
        print(f"puzzle refused: {line}", file=sys.stderr)
    return tuple(puzzles), tuple(refused)


def shipped_puzzles(folder: Path | None = None) -> tuple[Puzzle, ...]:
    """Every shipped puzzle that could be read, in file order (kind by kind)."""
    return _read(folder or puzzle_folder())[0]


def refusals(folder: Path | None = None) -> tuple[str, ...]:
    """The shipped lines that could not be read, each with its file, line and reason."""
    return _read(folder or puzzle_folder())[1]


def forget() -> None:
    """Read the folder again next time (tests)."""
    _read.cache_clear()

"""A puzzle as data, and puzzle files read and written (the format: docs/PUZZLES.md).

A puzzle file is JSON Lines, one puzzle a line. Every puzzle has an ``id``, a ``kind`` (one of
:data:`KINDS`), a ``rating`` (its own starting puzzle rating), a ``difficulty`` (1 easy to 5
hard), and three parts whose shape the kind gives: the ``position`` (what the player sees), the
``answer`` (what solves it) and the ``proof`` (what the solver worked out, which ``puzzles
check`` works out again and compares). A line that breaks the format is refused with its line
number and the reason; the other lines of the file are still read.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from game.rules import GameState, Play
from game.rules.actions import DRAW, PASS, Action, train_from_name, train_name
from game.rules.record import RecordError, load_record_lines
from game.rules.tiles import Tile

from . import BEST_PLAY as BEST_PLAY
from . import GO_OUT as GO_OUT
from . import KINDS as KINDS
from . import LONGEST_LINE as LONGEST_LINE

FORMAT_VERSION = 1
MAX_LINE = 200_000  # characters: a puzzle line longer than this is refused unread


class PuzzleError(ValueError):
    """A puzzle line that cannot be used: ``line`` (1-based) and the ``reason``."""

    def __init__(self, line: int, reason: str, puzzle_id: str | None = None) -> None:
        where = f"line {line}" + (f" (puzzle {puzzle_id})" if puzzle_id else "")
        super().__init__(f"{where}: {reason}")
        self.line = line
        self.reason = reason
        self.puzzle_id = puzzle_id


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: where it starts, what solves it, and the solver's proof."""

    id: str
    kind: str
    rating: int
    difficulty: int
    position: dict[str, Any]
    answer: dict[str, Any]
    proof: dict[str, Any]
    line: int = field(default=0, compare=False)  # where it was read from (0: made here)

    def to_json(self) -> str:
        body = {
            "type": "puzzle",
            "version": FORMAT_VERSION,
            "id": self.id,
            "kind": self.kind,
            "rating": self.rating,
            "difficulty": self.difficulty,
            "position": self.position,
            "answer": self.answer,
            "proof": self.proof,
        }
        return json.dumps(body, ensure_ascii=False, separators=(",", ":"), sort_keys=False)


def parse_puzzle(raw: str, number: int) -> Puzzle | None:
    """One line of a puzzle file: a Puzzle, None for a blank line, or PuzzleError."""
    text = raw.strip()
    if not text:
        return None
    if len(text) > MAX_LINE:
        raise PuzzleError(number, f"the line is {len(text)} characters long; at most {MAX_LINE}")
    try:
        obj = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as error:
        reason = getattr(error, "msg", "nested too deeply")
        raise PuzzleError(number, f"not JSON ({reason})") from None
    if not isinstance(obj, dict) or obj.get("type") != "puzzle":
        raise PuzzleError(number, 'not a puzzle (a line needs "type": "puzzle")')
    ident = obj.get("id")
    if not isinstance(ident, str) or not ident or len(ident) > 40:
        raise PuzzleError(number, "the puzzle has no id (a short text)")
    version = obj.get("version")
    if version != FORMAT_VERSION:
        raise PuzzleError(number, f"version {version!r} is not {FORMAT_VERSION}", ident)
    kind = obj.get("kind")
    if kind not in KINDS:
        raise PuzzleError(number, f"kind {kind!r} is not one of {', '.join(KINDS)}", ident)
    rating, difficulty = obj.get("rating"), obj.get("difficulty")
    if not isinstance(rating, int) or isinstance(rating, bool) or not 100 <= rating <= 4000:
        raise PuzzleError(number, "rating must be a whole number from 100 to 4000", ident)
    if not isinstance(difficulty, int) or isinstance(difficulty, bool) or not 1 <= difficulty <= 5:
        raise PuzzleError(number, "difficulty must be a whole number from 1 to 5", ident)
    parts = []
    for key in ("position", "answer", "proof"):
        part = obj.get(key)
        if not isinstance(part, dict):
            raise PuzzleError(number, f'"{key}" must be an object', ident)
        parts.append(part)
    return Puzzle(ident, kind, rating, difficulty, parts[0], parts[1], parts[2], number)


def read_puzzles(lines: Iterable[str]) -> tuple[list[Puzzle], list[PuzzleError]]:
    """Every good puzzle of a file and the errors of the bad lines (a repeated id is an
    error on its second line: ids name puzzles in the player's statistics)."""
    good: list[Puzzle] = []
    errors: list[PuzzleError] = []
    seen: set[str] = set()
    for number, raw in enumerate(lines, 1):
        try:
            puzzle = parse_puzzle(raw, number)
        except PuzzleError as error:
            errors.append(error)
            continue
        if puzzle is None:
            continue
        if puzzle.id in seen:
            errors.append(PuzzleError(number, "this id is already used above", puzzle.id))
            continue
        seen.add(puzzle.id)
        good.append(puzzle)
    return good, errors


def write_puzzles(puzzles: Iterable[Puzzle]) -> Iterator[str]:
    """The lines of a puzzle file (each with its newline)."""
    for puzzle in puzzles:
        yield puzzle.to_json() + "\n"


# ---------------------------------------------------------------------- parts of a position


def tile_json(tile: Tile) -> list[int]:
    return [tile.low, tile.high]


def tile_of(value: Any, set_size: int, what: str = "tile") -> Tile:
    """A tile written ``[a, b]``; ValueError saying what is wrong."""
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(n, int) and not isinstance(n, bool) for n in value)
    ):
        raise ValueError(f"{what} must be two numbers, e.g. [3, 5]")
    low, high = sorted(value)
    if low < 0 or high > set_size:
        raise ValueError(f"{what} {low}|{high} is not in a double-{set_size} set")
    return Tile(low, high)


def action_json(action: Action, players: int, seat: int | None = None) -> dict[str, Any]:
    """An action as a record line writes it (without the drawn tile: it follows)."""
    body: dict[str, Any] = {}
    if isinstance(action, Play):
        body = {
            "type": "play",
            "tile": tile_json(action.tile),
            "train": train_name(action.train, players),
        }
    elif action == DRAW:
        body = {"type": "draw"}
    elif action == PASS:
        body = {"type": "pass"}
    else:
        raise ValueError(f"{action} is not a move a puzzle names")
    if seat is not None:
        body["seat"] = seat
    return body


def action_of(value: Any, players: int, set_size: int) -> Action:
    """A move written as :func:`action_json` writes it; ValueError saying what is wrong."""
    if not isinstance(value, dict):
        raise ValueError("a move must be an object")
    kind = value.get("type")
    if kind == "draw":
        return DRAW
    if kind == "pass":
        return PASS
    if kind != "play":
        raise ValueError(f"move type {kind!r} is not play, draw or pass")
    tile = tile_of(value.get("tile"), set_size)
    name = value.get("train")
    train = train_from_name(name, players) if isinstance(name, str) else None
    if train is None:
        raise ValueError(f"there is no train {name!r}")
    return Play(tile, train)


def position_state(position: dict[str, Any]) -> GameState:
    """The table a go-out or best-play puzzle starts from: its record replayed by the rules
    (so every position is one a match can reach). ValueError saying what is wrong."""
    lines = position.get("record")
    if not isinstance(lines, list) or not lines or not all(isinstance(x, dict) for x in lines):
        raise ValueError('the position needs "record": the match so far, as record lines')
    try:
        _record, state = load_record_lines(json.dumps(obj) for obj in lines)
    except RecordError as error:
        raise ValueError(f"its record is refused: {error}") from None
    if state.phase != "play":
        raise ValueError("its record does not stop in the middle of a round")
    return state


def record_lines(text: str) -> list[dict[str, Any]]:
    """A record's lines as objects, to be stored in a position."""
    return [json.loads(line) for line in text.splitlines() if line.strip()]

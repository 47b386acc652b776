"""Every puzzle solved again: its answer and its proof must be what the solver finds now.

``check`` returns None for a puzzle that holds, else the reason it is refused; a puzzle whose
position cannot be read is refused with what is wrong with it, like any other.
"""

from __future__ import annotations

from typing import Any

from . import best_play, endgame, longest
from .model import (
    BEST_PLAY,
    GO_OUT,
    LONGEST_LINE,
    Puzzle,
    action_json,
    position_state,
    tile_json,
    tile_of,
)


def check(puzzle: Puzzle) -> str | None:
    """None when ``puzzle`` is solved again to the same answer and proof; else why not."""
    try:
        if puzzle.kind == LONGEST_LINE:
            return _check_line(puzzle)
        if puzzle.kind == GO_OUT:
            return _check_go_out(puzzle)
        if puzzle.kind == BEST_PLAY:
            return _check_best_play(puzzle)
    except ValueError as error:
        return f"its position is refused: {error}"
    return f"unknown kind {puzzle.kind!r}"


def _check_line(puzzle: Puzzle) -> str | None:
    size, end, hand = longest.read_position(puzzle.position)
    solution = longest.solve(hand, end)
    if puzzle.answer.get("length") != solution.length:
        return f"the longest line is {solution.length} tiles, not {puzzle.answer.get('length')}"
    raw = puzzle.answer.get("line")
    tiles = [tile_of(value, size) for value in raw] if isinstance(raw, list) else None
    if tiles is None or len(tiles) != solution.length or not longest.is_line(tiles, hand, end):
        return "the answer's line is not a line of that length from this hand"
    if len(solution.best) != solution.length:
        return f"the planner's line is {len(solution.best)} tiles, the search's {solution.length}"
    expected = {"lines": solution.count, "greedy": solution.greedy}
    if puzzle.proof != expected:
        return f"the proof is {puzzle.proof}, the solver finds {expected}"
    if [tile_json(t) for t in solution.best] != raw:
        return "the answer's line is not the planner's"
    return None


def _check_go_out(puzzle: Puzzle) -> str | None:
    state = position_state(puzzle.position)
    if not endgame.qualifies(state):
        return "the position is not a go-out endgame (hands, boneyard, or no choice of plays)"
    solution = endgame.solve(state)
    if not solution.unique:
        return "no first move is clearly the best"
    best = action_json(solution.values[0][0], state.players)
    answer: dict[str, Any] = {"seat": state.current, "move": best}
    if puzzle.answer != answer:
        return f"the answer is {puzzle.answer}, the solver finds {answer}"
    proof = endgame.proof_of(state, solution)
    if puzzle.proof != proof:
        return "the proof (each first move's value, the line) differs from the solver's"
    return None


def _check_best_play(puzzle: Puzzle) -> str | None:
    again = best_play.weighed_again(puzzle)
    if isinstance(again, str):
        return again
    if puzzle.answer != again.answer:
        return f"the answer is {puzzle.answer}, the solver finds {again.answer}"
    if puzzle.proof != again.proof:
        return "the proof (each move's expected points) differs from the solver's"
    return None

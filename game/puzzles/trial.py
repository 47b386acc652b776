"""One try at a puzzle, as the table plays it: the table it opens, whether a move is the answer,
the one hint after a wrong try, and the answer's moves to play out.

The table only asks; this module decides what solves a puzzle (and the rules, what is legal).
Every puzzle opens as a real position of the rules engine with "you" at seat 0:

* a go-out or best-play puzzle: its record replayed;
* a longest-line puzzle: a two-seat first round of the standard rules (``first_turn_chain``)
  dealt so that you hold the engine and the puzzle's hand; the other seat holds the next tiles
  of the set and never moves (the puzzle ends with your first turn).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.rules import END_TURN, PLAY, Action, GameState, Play, Rules
from game.rules.tiles import Tile, set_tiles

from .longest import read_position
from .model import BEST_PLAY, GO_OUT, LONGEST_LINE, Puzzle, action_of, position_state, tile_of

TRIES = 2  # a wrong try brings the hint; a second one, the answer


@dataclass(frozen=True)
class Hint:
    """What the one hint says: ``kind`` names the sentence; ``train`` the train to look at
    (None: none), ``amount`` a number the sentence gives."""

    kind: str  # "length" (the longest line's length), "train" (where the answer goes),
    # "double", "longer_line", "sheds" (the review's reasons), "goes_out"
    train: int | None = None
    amount: int = 0


class Trial:
    """A puzzle being tried. ``table()`` gives a fresh table each time (a retry starts over)."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.wrong = 0  # wrong tries so far
        self.table()  # ValueError now, not at the table, when the position is damaged

    @property
    def kind(self) -> str:
        return self.puzzle.kind

    def table(self) -> GameState:
        """The position the puzzle starts from, at seat 0's move."""
        if self.kind == LONGEST_LINE:
            state = _line_table(self.puzzle.position)
        else:
            state = position_state(self.puzzle.position)
        if state.current != 0:
            raise ValueError("the puzzle is not at your move (seat 0)")
        return state

    # ------------------------------------------------------------------ judging

    def answer_move(self, state: GameState) -> Action:
        """The move that solves a go-out or best-play puzzle."""
        return action_of(self.puzzle.answer["move"], state.players, state.deal.set_size)

    def is_answer(self, state: GameState, action: Action) -> bool:
        """Does ``action`` (a legal first move) solve a go-out or best-play puzzle?"""
        return action == self.answer_move(state)

    def best_length(self) -> int:
        return int(self.puzzle.answer["length"])

    def line_laid(self, state: GameState) -> int:
        """Tiles on your train so far (a longest-line puzzle)."""
        return len(state.train_tiles[0])

    def line_over(self, state: GameState) -> bool:
        """Your first turn is over, or nothing more fits your line (a longest-line puzzle)."""
        if state.phase != PLAY or state.current != 0 or not state.first_pending[0]:
            return True
        return all(not isinstance(a, Play) for a in state.legal_actions())

    def line_solved(self, state: GameState) -> bool:
        return self.line_laid(state) >= self.best_length()

    def hint(self, state: GameState) -> Hint:
        """The one hint, after a wrong try."""
        if self.kind == LONGEST_LINE:
            return Hint("length", 0, self.best_length())
        move = self.answer_move(state)
        train = move.train if isinstance(move, Play) else None
        if self.kind == GO_OUT:
            best = self.puzzle.proof["values"][0]["points"]
            return Hint("goes_out" if best == 0 else "train", train)
        why = self.puzzle.answer.get("reason")
        if isinstance(why, dict) and why.get("why") in ("double", "longer_line", "sheds"):
            return Hint(str(why["why"]), train, int(why.get("amount", 0)))
        return Hint("train", train)

    def answer_line(self, state: GameState) -> list[tuple[int, Action]]:
        """The answer to play out on a fresh table: (seat, move) to the end that proves it
        (a go-out puzzle's whole line, a best-play puzzle's one move, a longest line's tiles
        then the end of the turn)."""
        players, size = state.players, state.deal.set_size
        if self.kind == GO_OUT:
            return [
                (int(m["seat"]), action_of(m, players, size)) for m in self.puzzle.proof["line"]
            ]
        if self.kind == BEST_PLAY:
            return [(0, self.answer_move(state))]
        moves: list[tuple[int, Action]] = []
        end = state.train_end[0]
        for value in self.puzzle.answer["line"]:
            tile = tile_of(value, size)
            moves.append((0, Play(tile, 0)))
            end = tile.high if tile.low == end else tile.low
        return [*moves, (0, END_TURN)]

    def outcome_points(self) -> int:
        """A go-out puzzle: your round score at the end of the answer's line."""
        return int(self.puzzle.proof["values"][0]["points"])

    def saves(self) -> float:
        """A best-play puzzle: the points the answer saves over the second-best move."""
        return float(self.puzzle.answer.get("saves", 0.0))

    def reason(self) -> dict[str, Any] | None:
        why = self.puzzle.answer.get("reason")
        return why if isinstance(why, dict) else None


def _line_table(position: dict[str, Any]) -> GameState:
    size, end, hand = read_position(position)
    if end != size:
        raise ValueError(f"a longest-line puzzle opens at the engine {size}|{size}")
    rules = Rules.standard().with_options(set_size=size, hand_size=len(hand) + 1, rounds=1)
    engine = Tile(size, size)
    rest = [t for t in set_tiles(size) if t != engine and t not in hand]
    if len(rest) < len(hand) + 1:
        raise ValueError("the hand is too big for its set")
    other, pile = rest[: len(hand) + 1], rest[len(hand) + 1 :]
    names = ["You", "Player 2"]
    state = GameState.new(rules, 2, 1, names)
    state.start_round([[*hand, engine], other], pile)
    return state

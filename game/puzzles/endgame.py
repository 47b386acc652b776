"""Go-out puzzles: an open-hand endgame solved exactly over the perfect-information game tree.

Every hand is shown and the boneyard's order too (it is often empty), so the rest of the round
is a game without chance: the solver plays every line to the round's end with the rules engine
itself. The puzzle's seat (the one to move) wants to keep as few points as it can when the round
ends (0: it went out); its opponents are taken to play together against it (the "best defence":
the most points they can leave it with). The value of a move is the seat's round score after
it with best play on every side; the answer is the one first move of the lowest value, and the
puzzle is kept only when no other first move ties it.

Positions worth the same whatever the path to them are solved once (a table keyed by what the
rules read of a position: hands, open ends, markers, open doubles, whose turn and where in it).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from game.ai import make_opponent
from game.ai.base import values_for
from game.rules import PLAY, Action, GameState, Play, Rules
from game.rules.record_writer import RecordWriter
from game.rules.tiles import iter_ids

from .model import GO_OUT, Puzzle, action_json, position_state, record_lines

MAX_TILES = 4  # in any one hand
MIN_SEATS, MAX_SEATS = 2, 4
MAX_BONEYARD = 4  # tiles left to draw, their order shown
MARGIN = 3  # points the answer must save over every other first move (or go out alone)


class Solver:
    """The exact value of endgame positions for one seat (its round score, best play)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.memo: dict[tuple[object, ...], int] = {}
        self.nodes = 0

    def value(self, state: GameState) -> int:
        """The seat's round score from ``state`` on, with best play on every side."""
        if state.phase != PLAY:
            return state.round_scores[-1][self.seat]
        key = position_key(state)
        known = self.memo.get(key)
        if known is not None:
            return known
        self.nodes += 1
        mine = state.current == self.seat
        best: int | None = None
        ceiling = _most(state, self.seat)  # what the seat could be left with at worst
        for action in state.legal_actions():
            child = state.copy()
            child.apply_quietly(action)
            got = self.value(child)
            if best is None or (got < best if mine else got > best):
                best = got
            if (mine and best == 0) or (not mine and best >= ceiling):
                break  # nothing can do better than this for the side to move
        assert best is not None
        self.memo[key] = best
        return best

    def first_moves(self, state: GameState) -> list[tuple[Action, int]]:
        """Every legal first move of the seat with its value, best first (ties in the
        engine's order)."""
        valued = []
        for action in state.legal_actions():
            child = state.copy()
            child.apply_quietly(action)
            valued.append((action, self.value(child)))
        return sorted(valued, key=lambda pair: pair[1])

    def line(self, state: GameState) -> list[tuple[int, Action]]:
        """The principal line from ``state``: each side's best move in turn to the round's
        end (the first of equal moves in the engine's order), as (seat, move)."""
        moves: list[tuple[int, Action]] = []
        state = state.copy()
        while state.phase == PLAY:
            mine = state.current == self.seat
            chosen: Action | None = None
            chosen_value = 0
            for action in state.legal_actions():
                child = state.copy()
                child.apply_quietly(action)
                got = self.value(child)
                if chosen is None or (got < chosen_value if mine else got > chosen_value):
                    chosen, chosen_value = action, got
            assert chosen is not None
            moves.append((state.current, chosen))
            state.apply_quietly(chosen)
        return moves


def position_key(state: GameState) -> tuple[object, ...]:
    """What the rules read of a position to say what may follow (not how it came about)."""
    return (
        state.current,
        tuple(state.hands),
        tuple(state.train_end),
        tuple(state.markers),
        tuple(state.first_pending),
        tuple(state.open_doubles),
        len(state.boneyard),
        state.satisfy,
        state.follow,
        state.drawn,
        state.chain,
        state.out_pending,
        tuple(state.went_out),
    )


def _most(state: GameState, seat: int) -> int:
    """The most points the seat can hold at the round's end: its hand and the whole boneyard."""
    values = values_for(state.rules)
    held = sum(values[i] for i in iter_ids(state.hands[seat]))
    return held + sum(values[i] for i in state.boneyard)


# ---------------------------------------------------------------------- puzzles


def qualifies(state: GameState) -> bool:
    """Is this a position a go-out puzzle may start from: a later turn's start, a few tiles in
    each hand, a short boneyard, and a real choice among plays?"""
    if state.phase != PLAY or not MIN_SEATS <= state.players <= MAX_SEATS:
        return False
    if any(state.first_pending) or state.follow or state.drawn >= 0 or state.chain:
        return False
    if len(state.boneyard) > MAX_BONEYARD or state.rules.scoring != "penalty":
        return False
    if any(bin(hand).count("1") > MAX_TILES for hand in state.hands):
        return False
    legal = state.legal_actions()
    return len(legal) >= 2 and all(isinstance(action, Play) for action in legal)


@dataclass(frozen=True)
class Solution:
    values: list[tuple[Action, int]]  # every first move, best first
    line: list[tuple[int, Action]]  # the whole line against the best defence
    nodes: int  # positions solved

    @property
    def unique(self) -> bool:
        """One first move is best, and clearly: by :data:`MARGIN` points, or it goes out
        where no other does."""
        if len(self.values) < 2:
            return False
        best, second = self.values[0][1], self.values[1][1]
        return second - best >= MARGIN or (best == 0 < second)


def solve(state: GameState) -> Solution:
    """Solve the position for the seat to move."""
    solver = Solver(state.current)
    values = solver.first_moves(state)
    line = solver.line(state)
    return Solution(values, line, solver.nodes)


def proof_of(state: GameState, solution: Solution) -> dict[str, Any]:
    players = state.players
    return {
        "values": [{"move": action_json(a, players), "points": v} for a, v in solution.values],
        "line": [action_json(a, players, seat) for seat, a in solution.line],
    }


def difficulty_of(state: GameState, solution: Solution) -> int:
    """1 (easy) to 5: harder with more first moves, fewer of them as good as each other,
    a longer line, and where the obvious move (the heaviest tile) is wrong."""
    moves = len(solution.values)
    own = sum(1 for seat, _a in solution.line if seat == state.current)
    best = solution.values[0][0]
    heaviest = max(
        (a for a, _v in solution.values if isinstance(a, Play)), key=lambda a: a.tile.pips
    )
    score = min(moves, 6) / 2 + own / 2 + (1.5 if heaviest != best else 0.0)
    score += 1.0 if solution.values[1][1] - solution.values[0][1] <= 5 else 0.0
    return max(1, min(5, round(score - 1.5)))


RATING_OF = {1: 1000, 2: 1250, 3: 1500, 4: 1750, 5: 2000}


def make_puzzle(ident: str, text: str) -> Puzzle | None:
    """The puzzle of a record that stops at a qualifying position, if its answer is unique."""
    lines = record_lines(text)
    position = {"record": lines}
    state = position_state(position)
    seat = state.current
    # The puzzle's seat is the one shown as the player's (names change nothing in play).
    others = iter(f"Player {n}" for n in range(2, state.players + 1))
    lines[0]["names"] = ["You" if s == seat else next(others) for s in range(state.players)]
    if not qualifies(state):
        return None
    solution = solve(state)
    if not solution.unique:
        return None
    difficulty = difficulty_of(state, solution)
    answer = {"seat": state.current, "move": action_json(solution.values[0][0], state.players)}
    return Puzzle(
        ident,
        GO_OUT,
        RATING_OF[difficulty],
        difficulty,
        position,
        answer,
        proof_of(state, solution),
    )


def generate(count: int, seed: int, prefix: str = "out") -> list[Puzzle]:
    """``count`` go-out puzzles from matches of Normal seats dealt from ``seed`` on (the same
    seed gives the same puzzles): at most one from a round, the first position that qualifies
    and has a unique answer."""
    puzzles: list[Puzzle] = []
    rng = random.Random(f"puzzles/go_out/{seed}")
    match = 0
    while len(puzzles) < count:
        match += 1
        players = rng.choice((2, 2, 3, 3, 4))
        preset = rng.choice(("standard", "station"))
        rules = (Rules.standard() if preset == "standard" else Rules.station()).with_options(
            rounds=1
        )
        if players <= 3 and rng.random() < 0.5:
            rules = rules.with_options(set_size=6, hand_size=7)
        deal_seed = rng.getrandbits(32)
        found = _first_puzzle(f"{prefix}-{len(puzzles) + 1:04d}", rules, players, deal_seed)
        if found is not None:
            puzzles.append(found)
    return puzzles


def _first_puzzle(ident: str, rules: Rules, players: int, seed: int) -> Puzzle | None:
    state = GameState.new(rules, players, seed)
    writer = RecordWriter(state)
    writer.add(state.start_round())
    seats = [make_opponent("normal", seed * 16 + i, i) for i in range(players)]
    while state.phase == PLAY:
        if state.current == 0 and qualifies(state):  # seat 0: the table's own seat for "you"
            found = make_puzzle(ident, writer.text())
            if found is not None:
                return found
        seat = state.current
        action = seats[seat].choose(state.observation(seat))
        writer.add(state.apply(action))
    return None

"""Best-play puzzles: a real position from a match of computer seats, as its seat saw it, where
one move beats every other by a clear margin.

The position is weighed as the review weighs a decision (the coach's search, from what the seat
can see: its hand, the table, what the others drew and passed on, where their first-turn lines
stopped), but with every legal move kept to the end, :data:`GUESSES` guesses each (the same
guesses for every move, so their differences are measured, not their luck), and without the
clock: the same position gets the same figures on any machine. A puzzle is kept when the best
move's expected round score (the seat's points less the others' average, as the review says
it) is at least :data:`MARGIN` points better than the second best's, with a 95% interval of
that difference clear of zero. The answer names the move and the review's reason for it.
"""

from __future__ import annotations

import dataclasses
import json
import math
import random
from dataclasses import dataclass
from typing import Any

from game.ai import make_opponent
from game.ai.coach import coach_config
from game.ai.explain import reason
from game.ai.hard import HardSearch, position_rng
from game.ai.review import beliefs_now
from game.rules import PLAY, Action, GameState, Observation, Play, Rules
from game.rules.record import parse_record
from game.rules.record_writer import RecordWriter

from .model import BEST_PLAY, Puzzle, action_json, position_state, record_lines

GUESSES = 4000  # per move, every move to the end
SCREEN = 240  # a first look, before a position is weighed in full
MARGIN = 3.0  # points the best move must be worth over the second best
Z = 1.96  # a 95% interval


@dataclass(frozen=True)
class Weighed:
    action: Action
    points: float  # expected round score against the others' average (lower is better)
    low: float  # its 95% interval
    high: float
    behind: float  # expected points lost against the best move (0 for the best)
    behind_low: float  # the 95% interval of that loss (paired, guess by guess)
    behind_high: float


def weigh(observation: Observation, beliefs: dict[int, int], guesses: int) -> list[Weighed]:
    """Every legal move of ``observation``'s seat with its expected points, best first."""
    config = dataclasses.replace(
        coach_config(guesses), race_after=10**9, max_candidates=len(observation.legal_actions)
    )
    search = HardSearch(observation, config, position_rng(observation), dict(beliefs))
    search.step()
    utilities = search.utilities
    n = len(utilities[0])
    sign = 1.0 if observation.rules.scoring == "positive" else -1.0
    # Utilities are "higher is better"; points are as the review shows them.
    means = [sum(u) / n for u in utilities]
    leader = max(range(len(means)), key=lambda i: means[i])
    rows = []
    for index, action in enumerate(search.candidates):
        own = utilities[index]
        spread = _half_width(own)
        diffs = [a - b for a, b in zip(utilities[leader], own, strict=True)]
        loss = sum(diffs) / n
        loss_half = _half_width(diffs)
        point = sign * means[index]
        rows.append(
            Weighed(
                action,
                point,
                point - spread,
                point + spread,
                loss,
                loss - loss_half,
                loss + loss_half,
            )
        )
    rows.sort(key=lambda row: row.behind)
    return rows


def _half_width(values: list[float]) -> float:
    n = len(values)
    if n < 2:
        return math.inf
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return Z * math.sqrt(var / n)


def clear(rows: list[Weighed]) -> bool:
    """One move is clearly best: the second best loses at least MARGIN points, and the
    interval of that loss is clear of zero."""
    return len(rows) >= 2 and rows[1].behind >= MARGIN and rows[1].behind_low > 0


def weigh_position(
    position: dict[str, Any], guesses: int = GUESSES
) -> tuple[GameState, list[Weighed]]:
    state = position_state(position)
    observation = state.observation(state.current)
    text = "".join(json.dumps(line) + "\n" for line in position["record"])
    beliefs = beliefs_now(parse_record(text), observation)
    return state, weigh(observation, beliefs, guesses)


def proof_of(state: GameState, rows: list[Weighed], guesses: int) -> dict[str, Any]:
    players = state.players
    return {
        "guesses": guesses,
        "moves": [
            {
                "move": action_json(row.action, players),
                "points": round(row.points, 2),
                "interval": [round(row.low, 2), round(row.high, 2)],
                "behind": round(row.behind, 2),
                "behind_interval": [round(row.behind_low, 2), round(row.behind_high, 2)],
            }
            for row in rows
        ],
    }


def answer_of(state: GameState, rows: list[Weighed]) -> dict[str, Any]:
    observation = state.observation(state.current)
    why = reason(observation, rows[0].action, rows[1].action)
    return {
        "seat": state.current,
        "move": action_json(rows[0].action, state.players),
        "reason": None if why is None else {"why": why.why, "amount": why.amount},
        "saves": round(rows[1].behind, 1),
    }


def qualifies(state: GameState) -> bool:
    """A later-turn decision among at least two plays (a first turn's line is the longest-line
    puzzle's; a draw or a pass is forced)."""
    if state.phase != PLAY or state.first_pending[state.current] or state.in_first_turn_line:
        return False
    legal = state.legal_actions()
    return len(legal) >= 2 and all(isinstance(action, Play) for action in legal)


def difficulty_of(rows: list[Weighed]) -> int:
    """1 (easy) to 5: harder with more moves to choose from and a smaller margin."""
    score = min(len(rows), 8) / 2 + (
        2.0 if rows[1].behind < 6 else 1.0 if rows[1].behind < 10 else 0.0
    )
    return max(1, min(5, round(score - 1)))


RATING_OF = {1: 1100, 2: 1300, 3: 1500, 4: 1700, 5: 1900}


def weighed_again(puzzle: Puzzle) -> Puzzle | str:
    """``puzzle`` weighed afresh with its proof's number of guesses: the puzzle with the
    figures the solver finds now (answer, proof, difficulty and rating), which may name another
    move; or why it is no puzzle any more. A change to how guesses are drawn moves every
    weighing's figures a little: ``puzzles reweigh`` keeps the puzzles whose move stands.
    Raises ValueError for a position that cannot be read."""
    guesses = puzzle.proof.get("guesses")
    if not isinstance(guesses, int) or isinstance(guesses, bool) or guesses < GUESSES:
        return f"the proof must weigh every move with at least {GUESSES} guesses"
    state, rows = weigh_position(puzzle.position, guesses)
    if not qualifies(state):
        return "the position is not a later-turn choice among plays"
    if not clear(rows):
        return "no move is clearly the best"
    again = _puzzle_of(puzzle.id, puzzle.position, state, rows, guesses)
    return dataclasses.replace(again, line=puzzle.line)


def _puzzle_of(
    ident: str, position: dict[str, Any], state: GameState, rows: list[Weighed], guesses: int
) -> Puzzle:
    """The puzzle a clear weighing of ``position`` makes: its answer, proof and difficulty."""
    difficulty = difficulty_of(rows)
    return Puzzle(
        ident,
        BEST_PLAY,
        RATING_OF[difficulty],
        difficulty,
        position,
        answer_of(state, rows),
        proof_of(state, rows, guesses),
    )


def make_puzzle(ident: str, text: str, guesses: int = GUESSES) -> Puzzle | None:
    lines = record_lines(text)
    position = {"record": lines}
    state = position_state(position)
    if not qualifies(state):
        return None
    seat = state.current
    others = iter(f"Player {n}" for n in range(2, state.players + 1))
    lines[0]["names"] = ["You" if s == seat else next(others) for s in range(state.players)]
    state, rows = weigh_position(position, SCREEN)
    if len(rows) < 2 or rows[1].behind < MARGIN + 0.5:
        return None  # not even close at a first look
    state, rows = weigh_position(position, guesses)
    if not clear(rows):
        return None
    return _puzzle_of(ident, position, state, rows, guesses)


def generate(count: int, seed: int, prefix: str = "best", guesses: int = GUESSES) -> list[Puzzle]:
    """``count`` best-play puzzles from matches of Normal seats dealt from ``seed`` on (the
    same seed gives the same puzzles): at most one a round."""
    rng = random.Random(f"puzzles/best_play/{seed}")
    puzzles: list[Puzzle] = []
    while len(puzzles) < count:
        players = rng.choice((2, 3, 4, 4))
        preset = rng.choice(("standard", "station"))
        rules = (Rules.standard() if preset == "standard" else Rules.station()).with_options(
            rounds=1
        )
        deal_seed = rng.getrandbits(32)
        skip = rng.randint(0, 4)  # not always the round's first clear decision
        found = _a_puzzle(
            f"{prefix}-{len(puzzles) + 1:04d}", rules, players, deal_seed, skip, guesses
        )
        if found is not None:
            puzzles.append(found)
    return puzzles


def _a_puzzle(
    ident: str, rules: Rules, players: int, seed: int, skip: int, guesses: int
) -> Puzzle | None:
    state = GameState.new(rules, players, seed)
    writer = RecordWriter(state)
    writer.add(state.start_round())
    seats = [make_opponent("normal", seed * 16 + i, i) for i in range(players)]
    seen = 0
    while state.phase == PLAY:
        if state.current == 0 and qualifies(state):  # seat 0: the table's own seat for "you"
            seen += 1
            if seen > skip:
                found = make_puzzle(ident, writer.text(), guesses)
                if found is not None:
                    return found
        seat = state.current
        action = seats[seat].choose(state.observation(seat))
        writer.add(state.apply(action))
    return None

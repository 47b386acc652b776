"""Pondering: a Hard seat thinks on the person's time.

While a person considers their move, a Hard seat that moves later is handed *its own*
observation (someone else to move) and prepares, as chess engines do:

1. **Where the table is likely to go.** Guesses of the hidden tiles are drawn from what the seat
   sees (:class:`~game.ai.knowledge.Sampler`, the same guesses its search makes); in each, the
   seats before it play their turns as Normal would, until it is this seat's move. Each guess
   thus ends at a position as the seat would then see it; the positions met most often are the
   likely ones.
2. **Their searches, begun.** For the likeliest positions a :class:`~game.ai.hard.HardSearch`
   is started (the very search the seat would start there, with the same random numbers) and
   stepped a slice at a time, the likeliest first, for at most :data:`PONDER_SECONDS`.
3. **Kept where it applies.** When the seat is asked to move, a search begun for exactly the
   position it now sees (the same position seed, the same beliefs) is carried on for the
   seat's pause; its earlier guesses count. Any other is dropped.

Nothing here reads a hidden tile: everything comes from the observation handed in (the tests
hand in two tables that differ only in hidden tiles and get the same work done).
"""

from __future__ import annotations

import dataclasses
import random

from game.ai.hard import HardConfig, HardSearch, HardSeat, position_rng
from game.ai.knowledge import Sampler, position_seed
from game.ai.normal import NormalSeat
from game.rules import PLAY, Observation, RulesError
from game.rules.observation import determinize
from game.rules.tiles import ALL_TILES

PONDER_SECONDS = 4.0  # thinking at most this long per position a person considers
GUESSES = 48  # guesses of where the table goes, to rank the positions
KEPT = 6  # the likeliest positions searched
MAX_STEPS = 40  # other seats' steps followed before giving a guess up
SLICE = 0.02  # seconds of search between looks at the pipe (the worker's)


@dataclasses.dataclass
class Line:
    """One likely position: how often the guesses reached it, and its search."""

    key: str
    weight: int
    observation: Observation
    beliefs: dict[int, int] | None
    search: HardSearch | None = None

    @property
    def settled(self) -> bool:
        return self.search is not None and self.search.done


def likely_positions(
    seat: HardSeat,
    observation: Observation,
    rng: random.Random,
    guesses: int = GUESSES,
) -> list[Line]:
    """The positions where ``seat`` will likely next decide, likeliest first, from
    ``observation`` (its own, another seat to move) and nothing else."""
    if observation.phase != PLAY or observation.current == observation.seat:
        return []
    sampler = Sampler(observation, seat.beliefs_after(observation))
    model = NormalSeat(weights=seat.config.normal)
    found: dict[str, Line] = {}
    for _ in range(guesses):
        guess = sampler.guess(rng)
        try:
            state = determinize(
                observation,
                {s: [ALL_TILES[i] for i in ids] for s, ids in guess.hands.items()},
                [ALL_TILES[i] for i in guess.boneyard],
            )
        except RulesError:
            continue  # a guess the table cannot hold (e.g. a tile drawn and not yet seen)
        for _step in range(MAX_STEPS):
            if state.phase != PLAY or state.current == observation.seat:
                break
            state.apply(model.choose(state.observation(state.current)))
        if state.phase != PLAY or state.current != observation.seat:
            continue
        seen = state.observation(observation.seat)
        key = position_seed(seen)
        line = found.get(key)
        if line is None:
            # The beliefs the seat's own decision there will search with (its memory has not
            # seen the position pondered from), so a hand-over finds them equal.
            found[key] = Line(key, 1, seen, seat.beliefs_after(seen))
        else:
            line.weight += 1
    return sorted(found.values(), key=lambda line: -line.weight)


class Ponder:
    """One seat's thinking ahead from one observation (see the module docstring)."""

    def __init__(self, seat: HardSeat, observation: Observation) -> None:
        self.seat = seat
        self.observation = observation
        self.lines: list[Line] | None = None  # ranked on the first step
        self.seconds = 0.0  # search time spent so far

    @property
    def finished(self) -> bool:
        """True once there is nothing more worth doing (all settled, or the time is up)."""
        if self.lines is None:
            return False
        if self.seconds >= PONDER_SECONDS:
            return True
        return all(line.settled for line in self.lines)

    def step(self, seconds: float = SLICE) -> None:
        """Think for about ``seconds``: rank the positions first, then search the likeliest
        one with the least time spent for its weight."""
        if self.lines is None:
            rng = random.Random(f"ponder/{position_seed(self.observation)}")
            self.lines = likely_positions(self.seat, self.observation, rng)[:KEPT]
            return
        open_lines = [line for line in self.lines if not line.settled]
        if not open_lines or self.seconds >= PONDER_SECONDS:
            return
        line = max(open_lines, key=lambda ln: ln.weight / (1.0 + _spent(ln)))
        if line.search is None:
            line.search = HardSearch(
                line.observation,
                _pondering(self.seat.config),
                position_rng(line.observation),
                line.beliefs,
            )
        before = line.search.seconds
        line.search.step(seconds)
        self.seconds += line.search.seconds - before

    def take(self, observation: Observation) -> HardSearch | None:
        """The search begun for exactly ``observation``'s position, if any (then handed over)."""
        if self.lines is None:
            return None
        key = position_seed(observation)
        for line in self.lines:
            if line.key == key and line.search is not None and line.search.samples:
                if self.seat.config.remember and line.beliefs != self.seat.beliefs_after(
                    observation
                ):
                    return None
                return line.search
        return None


def _spent(line: Line) -> float:
    return line.search.seconds if line.search is not None else 0.0


def _pondering(config: HardConfig) -> HardConfig:
    """The seat's search, on a clock but with no end of its own: pondering stops it."""
    return dataclasses.replace(config, iterations=None, budget_ms=PONDER_SECONDS * 1000.0)

"""The coach: one judgement of a decision, which the table's hint and the match review share.

A decision is weighed from the seat's observation only (and what the seat has seen of the round
so far: the ends of its opponents' first-turn lines, ``first_turn_beliefs``) by the Hard search
with every legal choice kept to the end and the seat's own round score as the measure
(:data:`DEFAULT_GUESSES` guesses, no clock). Its random numbers come from the position itself
(:func:`position_seed`), so the same position gets the same verdict whoever asks: the hint
at the table, the review after the match, the ``coach`` seat of ``simulate``.

>>> from game.rules import GameState, Rules
>>> game = GameState.new(Rules.standard().with_options(set_size=6), players=2, seed=3)
>>> _ = game.start_round()
>>> seat = game.current
>>> first = advise(game.observation(seat), {}, guesses=8)
>>> first == advise(game.observation(seat), {}, guesses=8), first.action in game.legal_actions()
(True, True)
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
import time
from collections.abc import Callable, Mapping
from typing import NamedTuple

from game.rules import Action, Observation

from .hard import DEFAULT_CONFIG, HardConfig, HardSearch
from .knowledge import RoundMemory

DEFAULT_GUESSES = 400  # guesses per decision (see game.ai.review's docstring for why 400)


def coach_config(guesses: int = DEFAULT_GUESSES) -> HardConfig:
    """The search the coach runs: ``guesses`` for every decision, every legal choice weighed
    with every guess, the seat's own points only, never the clock."""
    return dataclasses.replace(
        DEFAULT_CONFIG,
        iterations=max(1, guesses),
        first_turn_factor=1,  # every decision weighed with the same number of guesses
        budget_ms=None,  # never the clock: the same verdict on any machine
        max_candidates=10_000,  # every legal choice
        race_after=10**9,  # no candidate dropped early: each gets every guess
        opponents_weight=0.0,  # the seat's own round score only
    )


def position_seed(observation: Observation) -> str:
    """A seed made from what the seat sees now: the same position, the same guesses."""
    trains = tuple((t.tile_ids, t.public) for t in observation.trains)
    key = (
        observation.seat,
        observation.round_number,
        observation.hand_mask,
        trains,
        observation.hand_sizes,
        observation.boneyard_size,
        observation.log_masks,
        observation.current,
        observation.drawn_tile,
        observation.in_first_turn_line,
    )
    return hashlib.sha256(repr(key).encode()).hexdigest()[:32]


class Advice(NamedTuple):
    """What the coach makes of one decision (a named tuple: it crosses to and from the help
    worker pickled, which a compiled frozen dataclass cannot)."""

    action: Action  # the best choice
    expected: tuple[tuple[Action, float], ...]  # every choice and its expected points, best first
    guesses: int  # guesses weighed (fewer than asked when it was told to answer early)
    complete: bool = True  # False: answered early, with the best found so far

    def points_behind(self, action: Action) -> float:
        """How many points ``action`` is expected to lose against the best choice (>= 0)."""
        best = self.expected[0][1]
        points = next((p for a, p in self.expected if a == action), best)
        return max(0.0, abs(best - points))


class Coach:
    """One decision being weighed: step it in slices (a worker answering a hint), or all at
    once with :func:`advise`."""

    def __init__(
        self, observation: Observation, beliefs: Mapping[int, int], guesses: int = DEFAULT_GUESSES
    ) -> None:
        rng = random.Random(f"coach/{position_seed(observation)}")
        self.search = HardSearch(observation, coach_config(guesses), rng, dict(beliefs))
        self._sign = 1.0 if observation.rules.scoring == "positive" else -1.0

    def think(self, guesses: int | None = None) -> bool:
        """Weigh up to ``guesses`` more guesses (all that are left without); True once done."""
        return self.search.step(samples=guesses)

    def weigh_more(self, guesses: int) -> None:
        """Weigh ``guesses`` more guesses than planned (a close call the review settles)."""
        self.search.planned += guesses
        self.search.step()

    def loss_interval(self, action: Action) -> tuple[float, float]:
        """The points ``action`` is expected to lose against the best choice so far, and the
        half-width of its 95% interval, from the guesses' paired differences."""
        search = self.search
        means = search.means()
        best = max(range(len(means)), key=means.__getitem__)
        made = search.candidates.index(action)
        pairs = list(zip(search.utilities[best], search.utilities[made], strict=False))
        if made == best or len(pairs) < 2:
            return 0.0, 0.0
        diffs = [a - b for a, b in pairs]
        mean = sum(diffs) / len(diffs)
        var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
        return mean, 1.96 * (var / len(diffs)) ** 0.5

    def advice(self) -> Advice:
        """The verdict so far (Normal's favourite first, before any guess)."""
        search = self.search
        sign = self._sign
        # utility = sign * own score: back to expected points, the best first
        means = zip(search.candidates, search.means(), strict=True)
        expected = sorted(((a, sign * mean) for a, mean in means), key=lambda p: -sign * p[1])
        if not search.samples:
            expected = [(a, 0.0) for a in search.candidates]
        return Advice(expected[0][0], tuple(expected), search.samples, search.done)


def advise(
    observation: Observation, beliefs: Mapping[int, int], guesses: int = DEFAULT_GUESSES
) -> Advice:
    """The coach's whole verdict on the decision ``observation`` shows (its seat to move)."""
    coach = Coach(observation, beliefs, guesses)
    coach.think()
    return coach.advice()


SLICE = 16  # guesses between two looks at the clock when answering within a time


def advise_within(
    observation: Observation,
    beliefs: Mapping[int, int],
    seconds: float,
    guesses: int = DEFAULT_GUESSES,
    clock: Callable[[], float] = time.perf_counter,
) -> Advice:
    """:func:`advise`, but once ``seconds`` have passed, the best found so far (a slow device:
    the player is not kept waiting; ``complete`` says whether it is the whole verdict)."""
    coach = Coach(observation, beliefs, guesses)
    deadline = clock() + seconds
    while not coach.think(SLICE):
        if clock() >= deadline:
            break
    return coach.advice()


class CoachSeat:
    """A seat that always plays the coach's advice (``simulate --seats coach,...``): the
    player the hint and the review hold up."""

    level = "coach"

    def __init__(self, seed: int = 0, guesses: int = DEFAULT_GUESSES) -> None:
        self.name = "Coach"
        self.guesses = guesses
        self._memory = RoundMemory()

    def remember(self, observation: Observation) -> None:
        """Take in what ``observation`` shows of the round without deciding (a take-back's
        replay of the round, as for Hard)."""
        self._memory.see(observation)

    def choose(self, observation: Observation) -> Action:
        return advise(observation, self._memory.see(observation), self.guesses).action

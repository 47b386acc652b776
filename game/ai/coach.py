"""The coach: one judgement of a decision, which Hard, the table's hint and the match review
share.

A decision is weighed from the seat's observation only (and what the seat has seen of the round
so far: the ends of its opponents' first-turn lines, ``first_turn_beliefs``) by the Hard search
as Hard plays it (:data:`DEFAULT_GUESSES` guesses, Normal's top candidates racing, the measure
the seat's round score against the others' average), but never reading the clock. Its random
numbers come from the position itself (:func:`game.ai.knowledge.position_seed`), so the same
position gets the same verdict whoever asks: Hard at the table, the hint, the review after the
match, the ``coach`` seat of ``simulate``. One search, three uses: "Hard" in a tournament, the
hint in a match and a review's "better" are one player.

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
import time
from collections.abc import Callable, Mapping
from typing import NamedTuple

from game.rules import Action, Observation

from .explain import Reason
from .hard import DEFAULT_CONFIG, HardConfig, HardSearch, position_rng
from .knowledge import RoundMemory

# Guesses per decision: Hard's own, so that the hint, the review and Hard are one player.
DEFAULT_GUESSES: int = DEFAULT_CONFIG.iterations or 480


def coach_config(guesses: int = DEFAULT_GUESSES) -> HardConfig:
    """The search the coach runs: Hard's, with ``guesses`` guesses and never the clock (the
    same verdict on any machine); Hard at the table adds only its time guard."""
    return dataclasses.replace(DEFAULT_CONFIG, iterations=max(1, guesses), budget_ms=None)


class Advice(NamedTuple):
    """What the coach makes of one decision (a named tuple: it crosses to and from the help
    worker pickled, which a compiled frozen dataclass cannot)."""

    action: Action  # the best choice
    # every choice weighed and its expected points, best first: the seat's round score less
    # the others' average (so, under penalty scoring, the lower the better)
    expected: tuple[tuple[Action, float], ...]
    guesses: int  # guesses weighed (fewer than asked when it was told to answer early)
    complete: bool = True  # False: answered early, with the best found so far
    reason: Reason | None = None  # what makes it better than the next best (the hint's "why")

    def points_behind(self, action: Action) -> float:
        """How many points ``action`` is expected to lose against the best choice (>= 0)."""
        best = self.expected[0][1]
        points = next((p for a, p in self.expected if a == action), best)
        return max(0.0, abs(best - points))


class Coach:
    """One decision being weighed: step it in slices (a worker answering a hint), or all at
    once with :func:`advise`."""

    def __init__(
        self,
        observation: Observation,
        beliefs: Mapping[int, int],
        guesses: int = DEFAULT_GUESSES,
        made: Action | None = None,
    ) -> None:
        # ``made``: the move a review weighs, kept in the race to the end so that its loss is
        # measured (a move Hard would make itself is weighed exactly as Hard weighs it).
        self.search = HardSearch(
            observation, coach_config(guesses), position_rng(observation), dict(beliefs), made
        )
        self._sign = 1.0 if observation.rules.scoring == "positive" else -1.0

    def think(self, guesses: int | None = None) -> bool:
        """Weigh up to ``guesses`` more guesses (all that are left without); True once done."""
        return self.search.step(samples=guesses)

    def weigh_more(self, guesses: int) -> None:
        """Weigh ``guesses`` more guesses than planned (a close call the review settles)."""
        self.search.planned += guesses
        self.search.step()

    def _paired_loss(self, index: int, leader: int | None = None) -> tuple[float, list[float]]:
        """How much candidate ``index`` trails the leader (Hard's choice; its index, when the
        caller has it) on the guesses both were weighed with (a candidate the race dropped has
        fewer): the mean of the paired differences, never below 0, and the differences."""
        search = self.search
        if leader is None:
            leader = search.candidates.index(search.best())
        pairs = zip(search.utilities[leader], search.utilities[index], strict=False)
        diffs = [a - b for a, b in pairs] if index != leader else []
        return (max(0.0, sum(diffs) / len(diffs)) if diffs else 0.0), diffs

    def loss_interval(self, action: Action) -> tuple[float, float]:
        """The points ``action`` is expected to lose against the best choice so far, and the
        half-width of its 95% interval, from the guesses' paired differences."""
        mean, diffs = self._paired_loss(self.search.candidates.index(action))
        if len(diffs) < 2:
            return mean, 0.0
        average = sum(diffs) / len(diffs)
        var = sum((d - average) ** 2 for d in diffs) / (len(diffs) - 1)
        return mean, 1.96 * (var / len(diffs)) ** 0.5

    def advice(self) -> Advice:
        """The verdict so far (Normal's favourite first, before any guess): the best choice is
        the one Hard would play, and each other choice is worth the best's points less what it
        trails the best by on the guesses they share (common random numbers: the fairest
        comparison for a choice the race stopped weighing early)."""
        search = self.search
        if not search.samples:
            return Advice(
                search.candidates[0], tuple((a, 0.0) for a in search.candidates), 0, False
            )
        best = search.best()
        leader = search.candidates.index(best)
        top = self._sign * search.means()[leader]  # utility = sign * points
        losses = [self._paired_loss(i, leader)[0] for i in range(len(search.candidates))]
        # the best first, then the rest by how little they trail it (ties in Normal's order)
        order = sorted(range(len(losses)), key=lambda i: (i != leader, losses[i]))
        expected = tuple((search.candidates[i], top - self._sign * losses[i]) for i in order)
        return Advice(best, expected, search.samples, search.done)


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

"""Hard: searches. Guesses the hidden tiles many times and plays every candidate to the end.

For one decision:

1. **Candidates** are the legal actions (Normal's favourites first; at most
   ``max_candidates`` of them, Normal's top ones, when there are more).
2. **Guesses**: :class:`~game.ai.knowledge.Sampler` deals the unseen tiles into the other hands
   and the boneyard, consistent with everything the seat has seen (the table, its hand, the
   hand sizes, the numbers that seats which drew or passed lacked, and where each opponent
   stopped its first-turn line: worth some 4 points a round against Normal; and, while an
   opponent has neither drawn nor passed, that its hand holds no line longer than the one
   it laid).
3. **Playouts**: for each guess, every candidate is applied to a copy of the guessed state and
   the round is played to its end with the fast policy of :mod:`game.ai.rollout`
   (``fast_playout``). Every seat starts with a planned line: Hard's own exactly, each guessed
   opponent hand with a short search (``opponent_nodes``). All candidates share the guess and
   the playout's random numbers (common random numbers), so their difference is measured, not
   their luck.
4. The candidate with the best **mean utility** wins: the round score of the opponents (their
   mean, times ``opponents_weight``: 1, so the utility is Hard's lead over the others'
   average) less Hard's own under penalty scoring, and Hard's own less the opponents' under
   positive scoring. Ties go to Normal's order.

Hard is the coach (:mod:`game.ai.coach`): the table's hint and the match review run this very
search with the same guesses and the same random numbers (seeded by the position), so Hard's
move, the hint and the review's best are one; at the table Hard adds only its time guard.

**Budget**: by default Hard plays ``iterations`` guesses per decision (``first_turn_factor``
times as many in its first turn; fewer when the race below settles it early), so its strength
does not depend on the machine's load, with ``budget_ms`` as a guard: it stops sooner if that
much time has passed, reading ``time.perf_counter`` (the only clock in the AI;
:func:`use_clock` hands it another, as the slow-device benchmarks do). With ``budget_ms=None``
it never reads the clock, so its decision is a pure function of the observation and the seed
(tests and ``tournament --iterations`` use this); with ``iterations=None`` it thinks for
``budget_ms``.
A :class:`HardSearch` can also be stepped a slice at a time (``step(seconds=...)``) so the
table keeps drawing frames while Hard thinks.
"""

from __future__ import annotations

import copy
import dataclasses
import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.rules import Action, Observation, Play
from game.rules.tiles import mask_of

from .base import Persona, persona_for, values_for
from .knowledge import RoundMemory, Sampler, position_seed
from .normal import DEFAULT_WEIGHTS, REPLAN_NODES, NormalWeights, ranked_plays
from .planner import best_line, quick_line_ids, short_line_ids
from .rollout import DEFAULT_ROLLOUT, RolloutWeights, fast_playout

if TYPE_CHECKING:
    from .ponder import Ponder


@dataclass(frozen=True, slots=True)
class HardConfig:
    # Guesses per decision (the hint's, the review's, and Hard's without the table's pause):
    # what the player meets on any machine fast enough to finish them. Against three Normals on
    # the same 32 matches (docs/MAINTAINING.md) 480 scored 0.7 points a round better than 240
    # and 960 no better than 480; a review at 480 differs from one at 1,600 in 5% of its labels,
    # not 8% (bench_review.py), for 1.75 times the time. budget_ms keeps slow decisions in hand.
    iterations: int | None = 480
    # First-turn decisions get this many times ``iterations`` (a round is mostly its first-turn
    # lines, some 570 of its 820 plays). Against three Normals, paired with 240 everywhere on
    # the 128 deals of seeds 201-232, 480 in first turns looked 1.1 points a round better (95%
    # CI [-2.5, 0.2]; 960 there 1.0, 480 in later turns 0.3); but on 256 other deals (seeds
    # 301-332, 401-432), 480 there with the kept-draw reading changed nothing against neither
    # (+0.1 [-1.0, 1.2]), and a device 6 times slower had its guard stop 38% of decisions, not
    # 33%. So 1.
    first_turn_factor: int = 1
    # At most this much thinking per decision, a guard for slow or busy machines (None: no
    # clock at all; iterations must then be set).
    budget_ms: float | None = 250.0
    max_candidates: int = 10
    # Weight of the opponents' mean score in the utility. Against three Normals (64 matches,
    # the same 16 deal groups, 240 guesses): 1.0 scored 0.82 of their mean round score
    # (difference -5.9, 95% CI [-7.7, -4.2]; -5.8 again with the position's seeds), 1.5 some
    # 0.84 (-5.3 [-6.9, -3.6]) and 0.0, the seat's own points only, 0.86 (-4.2 [-5.7, -2.6]).
    # 1.0 makes the measure one a player can read: the round's score against the others'
    # average, which is what the hint and the review speak of.
    opponents_weight: float = 1.0
    race_after: int = 16  # guesses before candidates start to be dropped
    # Drop a candidate this many standard errors behind the leader. Against three Normals (64
    # matches, the same deals): 2.5 scored 0.79 of their mean round score, 2.0 some 0.82-0.83
    # and 3.0 0.80 (each an unpaired guess: paired with each other the differences are within
    # 95% CIs of about 2 points), but 3.0 leaves a device 6 times slower at its time guard in
    # nearly half of its decisions.
    race_z: float = 2.5
    # ... or once it is, by as many standard errors, at most this many points better than the
    # leader: a near tie that more guesses would not settle in time (the search stops when one
    # candidate is left). On bench_ai's positions, 2 points cut the longest decisions' playouts
    # by about a third with no measurable loss (see the race's docstring).
    race_margin: float = 2.0
    # The margin when the seat thinks for the table's pause (think_within), where the player
    # waits that long anyway: near ties are then weighed until the pause is over.
    pause_race_margin: float = 0.0
    # race_z is this many in the first race_early guesses, where a few lucky playouts can make
    # the best candidate look worse (and the race looks again after every guess).
    race_z_early: float = 3.0
    race_early: int = 48
    search_first_turn: bool = True  # False: lay the first turn as Normal would
    # Plan each guessed opponent hand with short_line_ids of this many nodes (0: quick_line):
    # 30 plays as well as the exact planner does, where quick_line's lines lose ~4 points.
    opponent_nodes: int = 30
    rollout: RolloutWeights = DEFAULT_ROLLOUT  # the playouts' fast policy
    remember: bool = True  # read opponents' first-turn lines (knowledge.first_turn_beliefs)
    normal: NormalWeights = DEFAULT_WEIGHTS  # orders the candidates


DEFAULT_CONFIG = HardConfig()

_clock: Callable[[], float] = time.perf_counter  # what the time guard reads (use_clock)


def use_clock(reader: Callable[[], float]) -> None:
    """Make Hard's time guard read ``reader`` (seconds) instead of ``time.perf_counter``: a
    benchmark's stand-in for a slower device. A function rather than a patched module name,
    so that it holds in the compiled build too."""
    global _clock
    _clock = reader


def clock() -> float:
    """The time guard's clock now, in seconds (what :func:`use_clock` set)."""
    return _clock()


class HardSearch:
    """One decision's search, which can be run all at once or a slice at a time.

    Candidates race: after ``race_after`` guesses, a candidate whose paired difference with
    the leader is ``race_z`` standard errors below ``race_margin`` gets no more playouts, so
    the time goes to the close calls. With a margin of 0 that is a candidate known to be
    worse; the margin also drops one that, at best, is barely better: playouts are noisy (a
    paired difference has a standard deviation of some 40 points), so a near tie would take
    thousands of guesses to settle and costs at most the margin when left unsettled. In the
    first ``race_early`` guesses the race asks for ``race_z_early`` standard errors instead:
    it looks again after every guess, and early on a few lucky playouts can make the best
    candidate look worse.
    """

    def __init__(
        self,
        observation: Observation,
        config: HardConfig,
        rng: random.Random,
        beliefs: Mapping[int, int] | None = None,
        keep: Action | None = None,
    ) -> None:
        if config.iterations is None and config.budget_ms is None:
            raise ValueError("Hard needs iterations, budget_ms, or both")
        self.observation = observation
        self.beliefs = beliefs
        self.config = config
        self.rng = rng
        ranked = ranked_plays(observation, config.normal)
        self.candidates: list[Action] = ranked[: max(1, config.max_candidates)]
        if not config.search_first_turn and observation.first_pending[observation.seat]:
            self.candidates = ranked[:1]
        # ``keep``: a choice weighed to the end whatever the race says (the move a review
        # weighs), among the candidates even when Normal ranks it low.
        self.kept = -1
        if keep is not None and keep in ranked:
            if keep not in self.candidates:
                self.candidates.append(keep)
            self.kept = self.candidates.index(keep)
        count = len(self.candidates)
        # The guesses this decision plans (0: as many as budget_ms allows).
        self.planned = config.iterations or 0
        if observation.first_pending[observation.seat]:
            self.planned *= config.first_turn_factor
        self.utilities: list[list[float]] = [[] for _ in range(count)]
        self.active = [True] * count
        self.samples = 0
        # Running sums the race reads instead of going over every guess again each time: per
        # candidate the sum of its utilities, per pair the sum of their products.
        self._folded = 0  # guesses added to the sums so far
        self._sums = [0.0] * count
        self._products = [[0.0] * count for _ in range(count)]
        self.seconds = 0.0  # time spent in step(), for the budget
        self._last_sample = 0.0
        self._sampler: Sampler | None = None
        self._values = values_for(observation.rules)
        seat = observation.seat
        self._others = [s for s in range(observation.players) if s != seat]
        self._sign = 1.0 if observation.rules.scoring == "positive" else -1.0
        # Hard's own line after each candidate: its hand is known, so this is planned once.
        hand = mask_of(observation.hand)
        own_end = observation.trains[seat].open_end
        plan = best_line(hand, own_end)
        self._after: list[tuple[int, ...]] = []
        for action in self.candidates:
            line = plan.ids
            if isinstance(action, Play) and (
                action.train == seat or plan.mask >> action.tile_id & 1
            ):
                end = own_end
                if action.train == seat:
                    end = action.tile.pips - observation.trains[seat].open_end
                line = best_line(hand ^ 1 << action.tile_id, end, REPLAN_NODES).ids
            self._after.append(line)

    @property
    def trivial(self) -> bool:
        return len(self.candidates) == 1

    @property
    def done(self) -> bool:
        config = self.config
        if self.trivial or self.active.count(True) == 1:
            return True
        if self.planned and self.samples >= self.planned:
            return True
        if config.budget_ms is None or self.samples == 0:
            return False
        return self.seconds + self._last_sample > config.budget_ms / 1000.0

    def step(self, seconds: float | None = None, samples: int | None = None) -> bool:
        """Search for up to ``seconds`` (or ``samples`` guesses); True once the search is done.

        Without limits, runs until the decision is done. ``seconds`` is ignored when the
        search has no ``budget_ms`` (it then never reads the clock).
        """
        timed = self.config.budget_ms is not None
        started = _clock() if timed else 0.0
        ran = 0
        while not self.done:
            if samples is not None and ran >= samples:
                break
            if timed:
                now = _clock()
                if seconds is not None and ran and now - started + self._last_sample > seconds:
                    break
                self._one_sample()
                self._last_sample = _clock() - now
                self.seconds += self._last_sample
            else:
                self._one_sample()
            ran += 1
        return self.done

    def _one_sample(self) -> None:
        if self._sampler is None:
            self._sampler = Sampler(self.observation, self.beliefs)
        rng = self.rng
        base = self._sampler.state(rng)
        playout_seed = rng.getrandbits(64)
        seat = self.observation.seat
        others = self._others
        lines: list[Sequence[int]] = [()] * self.observation.players
        nodes = self.config.opponent_nodes
        for other in others:
            if nodes:
                lines[other] = short_line_ids(base.hands[other], base.train_end[other], nodes)
            else:
                lines[other] = quick_line_ids(base.hands[other], base.train_end[other])
        weight = self.config.opponents_weight / len(others)
        sign = self._sign
        values = self._values
        last = len(self.active) - 1 - self.active[::-1].index(True)
        for index, action in enumerate(self.candidates):
            if not self.active[index]:
                continue
            state = base if index == last else base.copy()  # the last one plays on the guess
            state.apply_quietly(action)
            lines[seat] = self._after[index]
            scores = fast_playout(
                state, random.Random(playout_seed), values, lines[:], self.config.rollout
            )
            theirs = sum(scores[s] for s in others) * weight
            self.utilities[index].append(sign * (scores[seat] - theirs))
        self.samples += 1
        if self.samples >= self.config.race_after:
            self._race()

    def _fold(self) -> None:
        """Add the guesses made since the last call to the running sums (every active
        candidate has had every guess; a dropped one is not read again)."""
        active = [index for index, on in enumerate(self.active) if on]
        utilities = self.utilities
        made = len(utilities[active[0]])
        sums = self._sums
        for guess in range(self._folded, made):
            row = [utilities[index][guess] for index in active]
            for place, index in enumerate(active):
                mine = row[place]
                sums[index] += mine
                products = self._products[index]
                for other in range(place, len(active)):
                    products[active[other]] += mine * row[other]
        self._folded = made

    def _race(self) -> None:
        leader = self._leader()  # folds the new guesses in
        n = self._folded
        sums = self._sums
        products = self._products
        lead_sum = sums[leader]
        lead_square = products[leader][leader]
        config = self.config
        z = config.race_z_early if self.samples < config.race_early else config.race_z
        margin = config.race_margin
        for index in range(len(self.utilities)):
            if index in (leader, self.kept) or not self.active[index]:
                continue
            # The paired differences with the leader: their mean and their variance.
            mean = (sums[index] - lead_sum) / n
            if mean >= margin and z >= 0:
                continue  # kept, whatever its spread
            cross = products[min(index, leader)][max(index, leader)]
            squares = products[index][index] - 2.0 * cross + lead_square
            var = max(0.0, (squares - n * mean * mean) / (n - 1))
            if mean + z * math.sqrt(var / n) < margin:
                self.active[index] = False

    def _leader(self) -> int:
        self._fold()
        n = self._folded
        best_index = -1
        best_mean = -math.inf
        if not n:
            return best_index
        for index, on in enumerate(self.active):
            if on:
                mean = self._sums[index] / n
                if mean > best_mean:
                    best_index, best_mean = index, mean
        return best_index

    def means(self) -> list[float]:
        """Each candidate's mean utility so far (0 before any guess)."""
        return [sum(v) / len(v) if v else 0.0 for v in self.utilities]

    def best(self) -> Action:
        """The candidate with the best mean utility so far (Normal's favourite before any)."""
        if not self.samples:
            return self.candidates[0]
        return self.candidates[self._leader()]


def position_rng(observation: Observation) -> random.Random:
    """The search's random numbers for the decision ``observation`` shows: from the position
    alone, so Hard at the table, the hint and the review guess alike (``game.ai.coach``)."""
    return random.Random(f"search/{position_seed(observation)}")


class HardSeat:
    """The Hard opponent (see the module docstring): it plays what the coach advises
    (``game.ai.coach``), its guesses seeded by the position, with the time guard of
    ``budget_ms`` at the table. ``seed`` is kept for the seats' common signature: Hard's
    choices depend on the position alone."""

    level = "hard"

    def __init__(
        self,
        seed: int = 0,
        persona: Persona | None = None,
        config: HardConfig = DEFAULT_CONFIG,
    ) -> None:
        self.persona = persona or persona_for("hard")
        self.name = self.persona.name
        self.style = self.persona.style
        self.config = config
        # What this seat remembers of the round: each opponent's first-turn line end.
        self._memory = RoundMemory()

    def reseed(self, moment: int) -> None:
        """Take-backs: the search runs its full number of guesses without reading the clock, so
        the same position gets the same answer on any machine and under any load."""
        if self.config.budget_ms is not None and self.config.iterations is not None:
            self.config = dataclasses.replace(self.config, budget_ms=None)

    def remember(self, observation: Observation) -> None:
        """Take in what ``observation`` shows of the round (opponents' first-turn lines), as a
        decision does, without deciding. A seat rebuilt after a take-back is shown again the
        observations of its earlier decisions in the round, so it knows what it knew then."""
        self._memory.see(observation, learn=self.config.remember)

    def beliefs_after(self, observation: Observation) -> dict[int, int] | None:
        """The beliefs a decision at ``observation`` would search with (nothing remembered)."""
        if not self.config.remember:
            return None
        return dict(copy.deepcopy(self._memory).see(observation, learn=True))

    def ponder(
        self,
        observation: Observation,
        earlier: Ponder | None = None,
        played: Action | None = None,
    ) -> Ponder | None:
        """Thinking ahead from ``observation`` (another seat to move; or this seat, which has
        chosen ``played`` there and thinks about its own next step), or None where the seat
        must not: a search without a clock (take-backs, tournaments) stays reproducible.
        ``earlier``: its thinking ahead from the position before, whose searches it may
        carry on."""
        if self.config.budget_ms is None:
            return None
        from game.ai.ponder import Ponder

        return Ponder(self, observation, earlier, played)

    def start(self, observation: Observation) -> HardSearch:
        """Begin a decision; step the returned search, then take ``best()``."""
        self.remember(observation)
        beliefs = self._memory.beliefs if self.config.remember else None
        return HardSearch(observation, self.config, position_rng(observation), beliefs)

    def choose(self, observation: Observation) -> Action:
        search = self.start(observation)
        search.step()
        return search.best()

    def think_within(
        self, observation: Observation, seconds: float, pondered: HardSearch | None = None
    ) -> HardSearch:
        """A decision thought over for ``seconds`` (the table's pause, less a margin) or the
        time guard, whichever is longer, unless the race settles it sooner: at the table the
        player waits that long anyway, and more guesses play better. Without a clock (a fixed
        number of guesses, reproducible) it thinks as ``choose`` does. ``pondered``: the
        search pondering began for this very position (``game.ai.ponder``), carried on."""
        config = self.config
        if config.budget_ms is None:
            search = self.start(observation)
        elif pondered is not None:
            self.remember(observation)
            more = max(seconds * 1000.0, config.budget_ms)
            budget = pondered.seconds * 1000.0 + more
            pondered.config = dataclasses.replace(
                pondered.config, budget_ms=budget, race_margin=config.pause_race_margin
            )
            search = pondered
        else:
            budget = max(seconds * 1000.0, config.budget_ms)
            thinking = dataclasses.replace(
                config, iterations=None, budget_ms=budget, race_margin=config.pause_race_margin
            )
            self.remember(observation)
            beliefs = self._memory.beliefs if config.remember else None
            search = HardSearch(observation, thinking, position_rng(observation), beliefs)
        search.step()
        return search

    def choose_within(
        self, observation: Observation, seconds: float, pondered: HardSearch | None = None
    ) -> Action:
        """:meth:`think_within`'s choice (the worker's answer when the table says how long
        the seat's pause is)."""
        return self.think_within(observation, seconds, pondered).best()

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

Its own turn too: when the seat's move is a play that leaves it to move again (a first-turn
line goes on, a double is to be followed), the rest of that move's pause goes to the next
step's search (:func:`next_own_position`: a play shows nothing hidden, so the seat knows that
position exactly). The race often settles a move well before its pause ends, and a turn's later
steps have a shorter pause than its first.

Nothing here reads a hidden tile: everything comes from the observation handed in (the tests
hand in two tables that differ only in hidden tiles and get the same work done).
"""

from __future__ import annotations

import dataclasses
import random

from game.ai.hard import HardConfig, HardSearch, HardSeat, clock, position_rng
from game.ai.knowledge import Sampler, position_seed
from game.ai.normal import NormalSeat
from game.rules import PLAY, Action, GameState, Observation, Play, RulesError
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


class Ranking:
    """Where ``seat`` will likely next decide, from ``observation`` (its own, another seat to
    move) and nothing else, worked out a guess at a time (so the worker can look at its pipe
    in between): in each guess of the hidden tiles the seats before it play as Normal would."""

    def __init__(self, seat: HardSeat, observation: Observation, rng: random.Random) -> None:
        self.seat = seat
        self.observation = observation
        self.rng = rng
        self.sampler = Sampler(observation, seat.beliefs_after(observation))
        self.model = NormalSeat(weights=seat.config.normal)
        self.found: dict[str, Line] = {}
        self.guessed = 0

    @property
    def done(self) -> bool:
        return self.guessed >= GUESSES

    def guess(self) -> None:
        """Follow one more guess to the seat's next decision."""
        self.guessed += 1
        observation = self.observation
        state = _guessed_state(observation, self.sampler, self.rng)
        if state is None:
            return
        for _step in range(MAX_STEPS):
            if state.phase != PLAY or state.current == observation.seat:
                break
            state.apply(self.model.choose(state.observation(state.current)))
        if state.phase != PLAY or state.current != observation.seat:
            return
        seen = state.observation(observation.seat)
        key = position_seed(seen)
        line = self.found.get(key)
        if line is None:
            # The beliefs the seat's own decision there will search with (its memory has not
            # seen the position pondered from), so a hand-over finds them equal.
            self.found[key] = Line(key, 1, seen, self.seat.beliefs_after(seen))
        else:
            line.weight += 1

    def likeliest(self) -> list[Line]:
        return sorted(self.found.values(), key=lambda line: -line.weight)


def _guessed_state(
    observation: Observation, sampler: Sampler, rng: random.Random
) -> GameState | None:
    """The whole table in one guess of the hidden tiles, or None for a guess the table cannot
    hold (e.g. a tile drawn and not yet seen)."""
    guess = sampler.guess(rng)
    try:
        return determinize(
            observation,
            {s: [ALL_TILES[i] for i in ids] for s, ids in guess.hands.items()},
            [ALL_TILES[i] for i in guess.boneyard],
        )
    except RulesError:
        return None


def next_own_position(observation: Observation, played: Action) -> Observation | None:
    """What the seat will see when it decides again, if ``played`` (its move in
    ``observation``) is a play that leaves its turn going on; else None (its turn passes, the
    round ends, or the move was a draw, whose tile it does not know yet).

    A play changes only what everyone sees and the seat's own hand, so the seat's next view is
    the same in every guess of the hidden tiles: it is worked out in one of them.
    """
    if not isinstance(played, Play) or observation.current != observation.seat:
        return None
    if observation.phase != PLAY or played not in observation.legal_actions:
        return None
    sampler = Sampler(observation)
    rng = random.Random(0)
    for _try in range(4):
        state = _guessed_state(observation, sampler, rng)
        if state is None:
            continue
        state.apply(played)
        if state.phase != PLAY or state.current != observation.seat:
            return None
        return state.observation(observation.seat)
    return None


def likely_positions(
    seat: HardSeat,
    observation: Observation,
    rng: random.Random,
) -> list[Line]:
    """The positions where ``seat`` will likely next decide, likeliest first (see
    :class:`Ranking`)."""
    if observation.phase != PLAY or observation.current == observation.seat:
        return []
    ranking = Ranking(seat, observation, rng)
    while not ranking.done:
        ranking.guess()
    return ranking.likeliest()


class Ponder:
    """One seat's thinking ahead from one observation (see the module docstring). ``earlier``:
    the seat's thinking ahead from the position before, whose searches are carried on where
    the table can still reach their positions (the moves between were the likely ones).
    ``played``: with the seat itself to move in ``observation``, the move it has chosen there;
    it then thinks about its own next step, if its turn goes on."""

    def __init__(
        self,
        seat: HardSeat,
        observation: Observation,
        earlier: Ponder | None = None,
        played: Action | None = None,
    ) -> None:
        self.seat = seat
        self.observation = observation
        self.played = played
        self.lines: list[Line] | None = None  # ranked in the first steps
        self.seconds = 0.0  # time spent so far, ranking and searching
        self._ranking: Ranking | None = None
        # The searches begun from the position before, by the position each is for.
        self._earlier: dict[str, HardSearch] = {}
        if earlier is not None:
            for line in earlier.lines or []:
                if line.search is not None:
                    self._earlier[line.key] = line.search

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
        started = clock()
        if self.lines is None:
            self._rank(started, seconds)
        else:
            self._search(seconds)
        self.seconds += clock() - started

    def _rank(self, started: float, seconds: float) -> None:
        observation = self.observation
        if observation.phase != PLAY or observation.current == observation.seat:
            self.lines = []
            after = None
            if self.played is not None:
                after = next_own_position(observation, self.played)
            if after is not None:  # its own next step: the one position there is
                beliefs = self.seat.beliefs_after(after)
                self.lines = [Line(position_seed(after), 1, after, beliefs)]
            return
        if self._ranking is None:
            rng = random.Random(f"ponder/{position_seed(observation)}")
            self._ranking = Ranking(self.seat, observation, rng)
        ranking = self._ranking
        while not ranking.done:
            ranking.guess()
            if clock() - started >= seconds:
                return
        self.lines = ranking.likeliest()[:KEPT]
        self._ranking = None
        for line in self.lines:
            begun = self._earlier.get(line.key)
            if begun is not None and begun.beliefs == line.beliefs:
                line.search = begun
        self._earlier = {}

    def _search(self, seconds: float) -> None:
        assert self.lines is not None
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
        line.search.step(seconds)

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
    """The seat's search, on a clock but with no end of its own: pondering stops it. Near
    ties are weighed as in the pause (the person's time is not the person's wait)."""
    return dataclasses.replace(
        config,
        iterations=None,
        budget_ms=PONDER_SECONDS * 1000.0,
        race_margin=config.pause_race_margin,
    )

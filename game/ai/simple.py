"""Simple legal-play seats: random and greedy. They decide from an observation alone.

Stronger opponents live beside these; every seat has the same shape: ``choose(observation)``
returns one of ``observation.legal_actions``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from game.rules import Action, Observation, Play


class Seat(Protocol):
    """A player the computer controls."""

    name: str

    def choose(self, observation: Observation) -> Action: ...


def remember_seat(seat: object, observation: Observation) -> None:
    """Show a seat an observation it had at an earlier decision, without deciding (a seat
    rebuilt after a take-back). Seats that keep no memory between decisions ignore it."""
    remember = getattr(seat, "remember", None)
    if callable(remember):
        remember(observation)


def reseed_seat(seat: object, moment: int) -> None:
    """Make the seat's next choice depend only on its seed and ``moment`` (a position in the
    match), so a match taken back and played the same way again gets the same choices. Seats
    that use no randomness have nothing to do."""
    reseed = getattr(seat, "reseed", None)
    if callable(reseed):
        reseed(moment)


class RandomSeat:
    """Picks uniformly among the legal actions."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._seed = seed
        self._rng = random.Random(seed)

    def reseed(self, moment: int) -> None:
        self._rng = random.Random(f"random/{self._seed}/{moment}")

    def choose(self, observation: Observation) -> Action:
        legal = observation.legal_actions
        return legal[int(self._rng.random() * len(legal))]


class GreedySeat:
    """Sheds the heaviest tile it can, doubles first among equals, and keeps a line going."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self._seed = seed
        self._rng = random.Random(seed)

    def reseed(self, moment: int) -> None:
        self._rng = random.Random(f"greedy/{self._seed}/{moment}")

    def choose(self, observation: Observation) -> Action:
        legal = observation.legal_actions
        plays = [a for a in legal if isinstance(a, Play)]
        if not plays:
            return legal[0]  # draw, pass (or nothing but ending the turn)
        own = observation.seat
        return max(
            plays,
            key=lambda p: (p.tile.pips, p.tile.is_double, p.train == own, self._rng.random()),
        )


def _easy(seed: int) -> Seat:
    from .easy import EasySeat

    return EasySeat(seed)


def _normal(seed: int) -> Seat:
    from .normal import NormalSeat

    return NormalSeat(seed)


def _hard(seed: int) -> Seat:
    from .hard import HardSeat

    return HardSeat(seed)


def _coach(seed: int) -> Seat:
    from .coach import CoachSeat

    return CoachSeat(seed)


# Every kind of computer seat by name; each entry makes a seat from a seed.
SEAT_KINDS: dict[str, Callable[[int], Seat]] = {
    "random": RandomSeat,
    "greedy": GreedySeat,
    "easy": _easy,
    "normal": _normal,
    "hard": _hard,
    "coach": _coach,  # plays the hint (for simulate and tournament; no table offers it)
}


def make_seat(kind: str, seed: int) -> Seat:
    """A seat of the named kind; ValueError naming the kinds there are."""
    try:
        factory = SEAT_KINDS[kind]
    except KeyError:
        kinds = ", ".join(sorted(SEAT_KINDS))
        raise ValueError(f"unknown seat kind {kind!r}: choose from {kinds}") from None
    return factory(seed)

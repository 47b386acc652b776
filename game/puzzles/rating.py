"""The player's puzzle rating: Glicko-2 against each puzzle's own rating, as the big chess
sites rate puzzles; which puzzle comes next; the day's puzzle.

Each try is one rating period with one game: solved (1) or not (0) against the puzzle's rating,
whose deviation is :data:`PUZZLE_RD` (a puzzle's rating is set when it is made, from its
difficulty, and is not moved by one player's tries). The arithmetic is the ``glicko2-py``
package's (``glicko2.math.update_rating``, Glickman's 2012 algorithm; it gives the paper's
worked example to the last printed digit). A new player starts at 1500 with a deviation of 250,
so the first tries move the rating a lot and later ones less.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import date

from glicko2.math import mu_to_rating, phi_to_rd, rating_to_mu, rd_to_phi, update_rating

from .model import Puzzle

START_RATING = 1500.0
START_RD = 250.0  # Glicko's 350 moved a newcomer 340 points on a first miss
START_VOLATILITY = 0.06
PUZZLE_RD = 75.0
TAU = 0.5
MIN_RD = 45.0  # a rating never becomes so sure of itself that it stops following the player


@dataclass(frozen=True)
class Rating:
    rating: float = START_RATING
    rd: float = START_RD
    volatility: float = START_VOLATILITY

    @property
    def shown(self) -> int:
        """The rating as the player reads it."""
        return round(self.rating)

    @property
    def provisional(self) -> bool:
        """Still finding the player's level (shown with a question mark, as chess sites do)."""
        return self.rd > 110.0


def rate(player: Rating, puzzle_rating: float, solved: bool) -> Rating:
    """The player's rating after one try at a puzzle rated ``puzzle_rating``."""
    opponent = (rating_to_mu(puzzle_rating), rd_to_phi(PUZZLE_RD), 1.0 if solved else 0.0)
    updated = update_rating(
        rating_to_mu(player.rating),
        rd_to_phi(player.rd),
        player.volatility,
        [opponent],
        tau=TAU,
    )
    rd = max(MIN_RD, phi_to_rd(updated.phi))
    return Rating(mu_to_rating(updated.mu), rd, updated.sigma)


def next_puzzle(
    puzzles: Sequence[Puzzle],
    player: Rating,
    done: Collection[str],
    rng: random.Random,
    kind: str | None = None,
) -> Puzzle | None:
    """A puzzle the player has not done, near their rating: one of the few closest to it
    (chosen by ``rng``, so the same few are not met in the same order each time). When every
    puzzle is done, the closest of them all again (there is always one more)."""
    pool = [p for p in puzzles if kind is None or p.kind == kind]
    if not pool:
        return None
    fresh = [p for p in pool if p.id not in done] or pool
    fresh.sort(key=lambda p: (abs(p.rating - player.rating), p.id))
    return rng.choice(fresh[:5])


def daily_puzzle(puzzles: Sequence[Puzzle], day: date) -> Puzzle | None:
    """The day's puzzle, the same for everyone on that day (a hash of the date, as the daily
    table's seed): among the puzzles of middle difficulty, so the day's puzzle is fair to all."""
    pool = sorted((p for p in puzzles if 2 <= p.difficulty <= 4), key=lambda p: p.id)
    if not pool:
        pool = sorted(puzzles, key=lambda p: p.id)
    if not pool:
        return None
    digest = hashlib.sha256(f"mexican-train/daily-puzzle/{day.isoformat()}".encode()).digest()
    return pool[int.from_bytes(digest[:8], "big") % len(pool)]

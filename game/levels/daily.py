"""The daily table: one seeded deal per calendar day, the same for everyone who plays that day.

The day's seed comes from a SHA-256 hash of the date written ``YYYY-MM-DD``, so it is the same
in every process, on every machine and in every Python version (never the built-in ``hash()``,
which is salted per process). The table itself is fixed: four players under the standard rules,
a short match of three rounds (engines double-12, 11 and 10), the player at seat 0 against three
Normal opponents. The opponents' own random choices are seeded from the day too, so a player who
makes the same moves meets the same replies.

:func:`daily_table` gives the day's table as a :class:`~game.levels.Level` (with its fixed seed).
The day's best result is kept by the store (:class:`game.store.values.DailyResult`: a win
first, then the score).

>>> from datetime import date
>>> table = daily_table(date(2024, 3, 1))
>>> table.key, table.seed == daily_seed(date(2024, 3, 1)), table.level.players
('2024-03-01', True, 4)
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import date
from typing import Final

from game.levels import Goal, Level, Opponent
from game.rules import GameState, Rules

DAILY_PLAYERS: Final = 4
DAILY_ROUNDS: Final = 3
DAILY_PRESET: Final = "standard"
DAILY_NAME: Final = "Daily Table"
DAILY_DESCRIPTION: Final = "Today's deal, the same for everyone: three rounds against three rivals."
DAILY_OPPONENTS: Final[tuple[Opponent, ...]] = (
    Opponent("Nóra", "normal", "Steady"),
    Opponent("Selvi", "normal", "Builds long trains"),
    Opponent("Ari", "normal", "Sheds heavy tiles"),
)
# Stars for the daily table, as for a level: win the match; two stars under 45 points,
# three under 20 (three rounds, penalty scoring).
DAILY_GOAL: Final = Goal("win", None, 45, 20)

_SEED_SALT: Final = "mexican-train/daily/"


def daily_seed(day: date) -> int:
    """The deal's seed for ``day``: stable everywhere, different from day to day."""
    digest = hashlib.sha256(f"{_SEED_SALT}{day.isoformat()}".encode("ascii")).digest()
    return int.from_bytes(digest[:8], "big") >> 1  # a non-negative 63-bit number


def daily_rules() -> Rules:
    """The daily table's rules: the standard preset, three rounds."""
    return Rules.preset_named(DAILY_PRESET).with_options(rounds=DAILY_ROUNDS)


@dataclass(frozen=True, slots=True)
class DailyTable:
    """The table of one calendar day."""

    day: date
    seed: int
    level: Level  # the table as a level: rules(), players, make_opponents(seed), new_game(seed)

    @property
    def key(self) -> str:
        """The day as ``YYYY-MM-DD``: where the day's best result is stored."""
        return self.day.isoformat()

    def new_game(self, you: str = "You") -> GameState:
        """The day's match before its first round."""
        return self.level.new_game(self.seed, you)


def daily_table(day: date | None = None) -> DailyTable:
    """The table for ``day`` (default: today by the player's own calendar)."""
    day = day if day is not None else date.today()
    seed = daily_seed(day)
    level = Level(
        id=f"daily-{day.isoformat()}",
        order=0,
        name=DAILY_NAME,
        description=DAILY_DESCRIPTION,
        preset=DAILY_PRESET,
        options=(("rounds", DAILY_ROUNDS),),
        opponents=DAILY_OPPONENTS,
        goal=DAILY_GOAL,
        seed=seed,
    )
    return DailyTable(day, seed, level)


def catalog_entries(*, people: bool = True) -> list[tuple[str, str]]:
    """The daily table's texts a player sees, as ``(text, where)`` pairs for the translation
    catalog (as :func:`game.levels.catalog_entries` does for the level files); the opponents'
    names only when ``people``."""
    entries = [
        (DAILY_NAME, "game/levels/daily.py: DAILY_NAME"),
        (DAILY_DESCRIPTION, "game/levels/daily.py: DAILY_DESCRIPTION"),
    ]
    for index, opponent in enumerate(DAILY_OPPONENTS, start=1):
        where = f"game/levels/daily.py: DAILY_OPPONENTS[{index}]"
        if people:
            entries.append((opponent.name, f"{where}.name (a person's name)"))
        entries.append((opponent.style, f"{where}.style"))
    return entries

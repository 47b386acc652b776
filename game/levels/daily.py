"""The daily table: one seeded deal per calendar day, the same for everyone who plays that day.

The day's seed comes from a SHA-256 hash of the date written ``YYYY-MM-DD``, so it is the same
in every process, on every machine and in every Python version (never the built-in ``hash()``,
which is salted per process). The table itself is fixed: four players under the standard rules,
a short match of three rounds (engines double-12, 11 and 10), the player at seat 0 against three
Normal opponents. The opponents' own random choices are seeded from the day too, so a player who
makes the same moves meets the same replies.

:func:`daily_table` gives the day's table as a :class:`~game.levels.Level` (with its fixed seed);
:func:`result_of` reads the player's result from a finished match; :func:`keep_best` keeps the
better of two results of the same day. Results convert to and from plain dictionaries
(:meth:`DailyResult.as_dict`, :meth:`DailyResult.from_dict`) for the store.

>>> from datetime import date
>>> table = daily_table(date(2024, 3, 1))
>>> table.key, table.seed == daily_seed(date(2024, 3, 1)), table.level.players
('2024-03-01', True, 4)
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
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


@dataclass(frozen=True, slots=True)
class DailyResult:
    """The player's result at one day's table."""

    day: str  # YYYY-MM-DD
    total: int  # the player's match total (penalty points: lower is better)
    place: int  # 1 for a win (shared first place too), else 1 + the seats with a lower total
    won: bool

    @property
    def sort_key(self) -> tuple[int, int]:
        """Smaller is better: the place first, then the total."""
        return (self.place, self.total)

    def as_dict(self) -> dict[str, object]:
        return {"day": self.day, "total": self.total, "place": self.place, "won": self.won}

    @staticmethod
    def from_dict(data: Mapping[str, object]) -> DailyResult:
        """A result from :meth:`as_dict`'s form; ValueError if it is not one."""
        day, total, place, won = (data.get(k) for k in ("day", "total", "place", "won"))
        if not isinstance(day, str):
            raise ValueError("a daily result needs its day as YYYY-MM-DD")
        date.fromisoformat(day)  # ValueError for a malformed day
        for name, value in (("total", total), ("place", place)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"a daily result's {name} must be a whole number")
        if not isinstance(won, bool):
            raise ValueError("a daily result's won must be true or false")
        assert isinstance(total, int) and isinstance(place, int)
        return DailyResult(day, total, place, won)


def result_of(table: DailyTable, game: GameState, seat: int = 0) -> DailyResult:
    """The player's result in a finished match at the day's table."""
    if not game.match_over:
        raise ValueError("the match is not over yet")
    totals = game.totals
    won = seat in game.match_winners
    if won:
        place = 1
    else:
        place = 1 + sum(1 for s, t in enumerate(totals) if s != seat and t < totals[seat])
        place = max(place, 2)
    return DailyResult(table.key, totals[seat], place, won)


def is_better(new: DailyResult, old: DailyResult | None) -> bool:
    """Whether ``new`` beats ``old`` (a better place, or the same place with fewer points)."""
    return old is None or new.sort_key < old.sort_key


def keep_best(old: DailyResult | None, new: DailyResult) -> DailyResult:
    """The better of a day's saved best and a new result of the same day."""
    if old is not None and old.day != new.day:
        raise ValueError(f"results of different days: {old.day} and {new.day}")
    if old is None or is_better(new, old):
        return new
    return old


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

"""The player's puzzles as kept in the progress file: the puzzle rating (Glicko-2's rating,
deviation and volatility, worked out by :mod:`game.puzzles.rating`), how each puzzle tried went,
the days whose daily puzzle was solved, and the run of puzzles solved in a row.

Every value read back is checked; one that fails is left at its default and named, the rest kept.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

SOLVED = "solved"  # at the first try
HELPED = "helped"  # found after the hint
MISSED = "missed"  # the answer was shown
OUTCOMES = (SOLVED, HELPED, MISSED)
MAX_KEPT = 20_000  # puzzles remembered (far more than the shipped set)
_ID = re.compile(r"[A-Za-z0-9_.-]{1,40}")
_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


@dataclass
class PuzzleProgress:
    rating: float = 1500.0
    rd: float = 250.0
    volatility: float = 0.06
    tries: dict[str, str] = field(default_factory=dict)  # puzzle id -> its first outcome
    days: set[str] = field(default_factory=set)  # days (YYYY-MM-DD) the daily one was solved
    run: int = 0  # puzzles solved at the first try in a row, now
    best_run: int = 0

    def record(self, puzzle_id: str, outcome: str, daily: date | None = None) -> None:
        """Keep a finished try: the first outcome of a puzzle stays (a second go at one seen
        before does not rewrite it), the run grows or ends, the day is marked when solved."""
        if len(self.tries) < MAX_KEPT or puzzle_id in self.tries:
            self.tries.setdefault(puzzle_id, outcome)
        self.run = self.run + 1 if outcome == SOLVED else 0
        self.best_run = max(self.best_run, self.run)
        if daily is not None and outcome in (SOLVED, HELPED):
            self.days.add(daily.isoformat())

    def streak(self, today: date) -> int:
        """Days in a row the daily puzzle was solved, up to today (or yesterday: today's may
        still be to come)."""
        day = today if today.isoformat() in self.days else today - timedelta(days=1)
        count = 0
        while day.isoformat() in self.days:
            count += 1
            day -= timedelta(days=1)
        return count

    def count(self, outcome: str) -> int:
        return sum(1 for value in self.tries.values() if value == outcome)


def puzzle_progress_to_json(progress: PuzzleProgress) -> dict[str, Any]:
    return {
        "rating": round(progress.rating, 3),
        "rd": round(progress.rd, 3),
        "volatility": round(progress.volatility, 6),
        "tries": dict(sorted(progress.tries.items())),
        "days": sorted(progress.days),
        "run": progress.run,
        "best_run": progress.best_run,
    }


def _number(value: Any, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError("not a number")
    if not math.isfinite(value) or not low <= value <= high:
        raise ValueError("out of range")
    return float(value)


def puzzle_progress_from_json(obj: Any, bad: list[str]) -> PuzzleProgress:
    """Read back what :func:`puzzle_progress_to_json` wrote; a bad value is named in ``bad``
    (as ``puzzles/<key>``) and left at its default."""
    progress = PuzzleProgress()
    if not isinstance(obj, Mapping):
        bad.append("puzzles")
        return progress
    for key, low, high in (("rating", 100.0, 4000.0), ("rd", 1.0, 350.0), ("volatility", 0.0, 1.0)):
        if key in obj:
            try:
                setattr(progress, key, _number(obj[key], low, high))
            except ValueError:
                bad.append(f"puzzles/{key}")
    tries = obj.get("tries", {})
    if isinstance(tries, Mapping):
        for ident, outcome in list(tries.items())[:MAX_KEPT]:
            if isinstance(ident, str) and _ID.fullmatch(ident) and outcome in OUTCOMES:
                progress.tries[ident] = outcome
            else:
                bad.append(f"puzzles/tries/{str(ident)[:40]}")
    else:
        bad.append("puzzles/tries")
    days = obj.get("days", [])
    if isinstance(days, list):
        for day in days[:MAX_KEPT]:
            try:
                if not isinstance(day, str) or not _DAY.fullmatch(day):
                    raise ValueError("not a day")
                date.fromisoformat(day)
                progress.days.add(day)
            except ValueError:
                bad.append("puzzles/days")
    else:
        bad.append("puzzles/days")
    for key in ("run", "best_run"):
        value = obj.get(key, 0)
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_KEPT:
            setattr(progress, key, value)
        else:
            bad.append(f"puzzles/{key}")
    return progress

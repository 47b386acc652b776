"""The ladder's levels and the player's progress on it and at the daily table, read and kept.

The levels of ``levels/`` are read once a run; progress (stars per level, the daily bests) is read
from and written to the app's store (:class:`game.store.home.Progress`); an app without a store
keeps it in memory for the run.
"""

from __future__ import annotations

import functools
import sys
import weakref
from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.i18n import _, ngettext
from game.levels import (
    LadderEntry,
    Level,
    LevelError,
    Rating,
    ladder_state,
    load_levels,
    rate_match,
)
from game.levels.daily import DailyTable
from game.store.home import Progress

if TYPE_CHECKING:
    from game.app import App
    from game.rules import GameState
    from game.store.home import DailyResult


@functools.cache
def _read_ladder() -> tuple[tuple[Level, ...], tuple[LevelError, ...]]:
    """The levels of ``levels/`` in ladder order and the files refused (read once a run)."""
    levels, errors = load_levels()
    for error in errors:
        print(f"level refused: {error}", file=sys.stderr)
    return tuple(levels), tuple(errors)


def ladder_levels() -> tuple[Level, ...]:
    """The levels of ``levels/`` in ladder order; a refused file is left out (the ladder says
    why at its end, and stderr names it for its author) and the others still make the ladder."""
    return _read_ladder()[0]


def ladder_refusals() -> tuple[LevelError, ...]:
    """The level files of ``levels/`` that could not be loaded, each with its reason."""
    return _read_ladder()[1]


def forget_ladder() -> None:
    """Read ``levels/`` again next time (tests, after changing the levels folder)."""
    _read_ladder.cache_clear()


# Progress of apps without a store (tests, tools): kept for as long as the app lives.
_MEMORY: weakref.WeakKeyDictionary[App, Progress] = weakref.WeakKeyDictionary()


def load_progress(app: App) -> Progress:
    """The player's progress: from the store, or this run's memory when there is none."""
    if app.store is not None:
        progress = app.store.load_progress()
        app.take_notices()  # a damaged progress file was set aside: say so
        return progress
    return _MEMORY.setdefault(app, Progress())


def save_progress(app: App, progress: Progress) -> None:
    if app.store is not None:
        app.store.save_progress(progress)
        app.take_notices()  # a refused write is said once
    else:
        _MEMORY[app] = progress


def ladder_entries(app: App, levels: Sequence[Level] | None = None) -> list[LadderEntry]:
    """Each level with its status and stars, from the saved progress."""
    chosen = ladder_levels() if levels is None else levels
    return ladder_state(chosen, load_progress(app).ladder)


def record_level(app: App, level: Level, rating: Rating) -> bool:
    """Keep a finished level match's stars (the best ever stay); True if they improved."""
    if not rating.cleared:
        return False
    progress = load_progress(app)
    improved = progress.clear_level(level.id, rating.stars)
    if improved:
        save_progress(app, progress)
    return improved


def record_daily(app: App, table: DailyTable, game: GameState, seat: int = 0) -> bool:
    """Keep a finished daily match's result if it is the day's best; True if it is."""
    progress = load_progress(app)
    improved = progress.record_daily(
        table.key,
        game.totals[seat],
        seat in game.match_winners,
        lower_is_better=game.rules.scoring == "penalty",
    )
    if improved:
        save_progress(app, progress)
    return improved


def daily_best(app: App, table: DailyTable) -> DailyResult | None:
    """The player's best result at ``table`` so far (None: not played to the end yet)."""
    return load_progress(app).daily.get(table.key)


def daily_stars(table: DailyTable, best: DailyResult | None) -> int:
    """The stars the day's best result earns against the daily table's goal (0: none yet)."""
    if best is None:
        return 0
    return rate_match(table.level, [best.score], [0] if best.won else []).stars


def level_after(level_id: str, entries: Sequence[LadderEntry]) -> LadderEntry | None:
    """The entry after ``level_id`` on the ladder (None at the top or for an unknown id)."""
    ids = [entry.level.id for entry in entries]
    if level_id not in ids:
        return None
    index = ids.index(level_id) + 1
    return entries[index] if index < len(entries) else None


def daily_best_text(best: DailyResult | None) -> str:
    """Today's best at the daily table, or that there is none yet."""
    if best is None:
        return _("No result yet today: the deal is the same for everyone")
    if best.won:
        return ngettext(
            "Today's best: a win with {n} point",
            "Today's best: a win with {n} points",
            best.score,
        ).format(n=best.score)
    return ngettext(
        "Today's best: {n} point, not a win",
        "Today's best: {n} points, not a win",
        best.score,
    ).format(n=best.score)

"""A puzzle try kept: the puzzle rating moved (Glicko-2, :mod:`game.puzzles.rating`), the
outcome, the run and the daily streak, in the player's progress (the store, or memory)."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, NamedTuple

from game.i18n import _, ngettext
from game.puzzles.model import Puzzle
from game.puzzles.rating import Rating, rate
from game.scenes.kit.progress import load_progress, save_progress
from game.store.puzzle_progress import HELPED, SOLVED, PuzzleProgress

if TYPE_CHECKING:
    from game.app import App


class TryResult(NamedTuple):
    before: int  # the rating shown before the try
    after: int
    streak: int  # daily streak after it (days)


def rating_of(progress: PuzzleProgress) -> Rating:
    return Rating(progress.rating, progress.rd, progress.volatility)


def record_try(
    app: App,
    puzzle: Puzzle,
    outcome: str,
    daily: date | None,
    previous: TryResult | None = None,
) -> TryResult:
    """Keep the try's outcome. The rating moves once a try, at its first outcome (solved at
    the first attempt wins; a wrong first attempt loses, even if the hint then finds it);
    ``previous``: that first outcome's result, when the hint then found the answer."""
    progress = load_progress(app)
    puzzles = progress.puzzles
    today = date.today()
    if previous is None:
        before = rating_of(puzzles)
        after = rate(before, puzzle.rating, solved=outcome == SOLVED)
        puzzles.rating, puzzles.rd, puzzles.volatility = after.rating, after.rd, after.volatility
        puzzles.record(puzzle.id, outcome, daily)
        shown_before = before.shown
    else:
        shown_before = previous.before
        if outcome == HELPED:
            if puzzles.tries.get(puzzle.id) != SOLVED:
                puzzles.tries[puzzle.id] = HELPED
            if daily is not None:
                puzzles.days.add(daily.isoformat())
    save_progress(app, progress)
    return TryResult(shown_before, rating_of(puzzles).shown, puzzles.streak(daily or today))


def standing_lines(progress: PuzzleProgress, total: int, today: date) -> list[str]:
    """How the player stands, a line each: rating, solved, streak, best run."""
    rating = rating_of(progress)
    shown = f"{rating.shown}?" if rating.provisional else str(rating.shown)
    solved = progress.count(SOLVED) + progress.count(HELPED)
    streak = progress.streak(today)
    return [
        _("Puzzle rating: {rating}").format(rating=shown),
        _("Solved: {n} of {total}").format(n=solved, total=total),
        ngettext("Daily streak: {n} day", "Daily streak: {n} days", streak).format(n=streak),
        ngettext(
            "Best run: {n} solved in a row", "Best run: {n} solved in a row", progress.best_run
        ).format(n=progress.best_run),
    ]

"""The ladder state from the player's progress, and the rating of a match against a goal."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from game.levels.model import CLEARED, LOCKED, MAX_STARS, OPEN, Level
from game.rules import GameState

# ---------------------------------------------------------------------------- the ladder


@dataclass(frozen=True, slots=True)
class LadderEntry:
    """A level as the ladder screen shows it."""

    level: Level
    status: str  # LOCKED, OPEN or CLEARED
    stars: int  # 0 unless cleared, then 1 to 3


def stars_of(progress: Mapping[str, object], level_id: str) -> int:
    """The saved stars of a level, 0 to 3; anything unreadable counts as 0."""
    value = progress.get(level_id, 0)
    if isinstance(value, bool) or not isinstance(value, int):
        return 0
    return max(0, min(MAX_STARS, value))


def ladder_state(levels: Iterable[Level], progress: Mapping[str, object]) -> list[LadderEntry]:
    """Each level in ladder order: cleared (stars saved), open, or locked.

    The first level is always open; a level opens when the level before it is cleared. A level
    once cleared stays cleared. Ids in ``progress`` that no level has are ignored.

    A level whose file was refused is simply not among ``levels``: the ladder closes the gap,
    and the level after it opens when the one before the gap is cleared, so one broken file
    never locks the rest. Its saved stars stay in ``progress`` and count again once it loads.
    """
    entries: list[LadderEntry] = []
    previous_cleared = True
    for level in sorted(levels, key=lambda lv: (lv.order, lv.id)):
        stars = stars_of(progress, level.id)
        if stars > 0:
            status = CLEARED
        elif previous_cleared:
            status = OPEN
        else:
            status = LOCKED
        entries.append(LadderEntry(level, status, stars))
        previous_cleared = stars > 0
    return entries


def next_level(levels: Iterable[Level], progress: Mapping[str, object]) -> Level | None:
    """The first open, not yet cleared level (what "continue" plays), or None if all cleared."""
    for entry in ladder_state(levels, progress):
        if entry.status == OPEN:
            return entry.level
    return None


def record_stars(progress: Mapping[str, object], level_id: str, stars: int) -> dict[str, int]:
    """A new progress mapping with ``stars`` for ``level_id`` if better than what was saved."""
    updated = {key: stars_of(progress, key) for key in progress}
    updated[level_id] = max(updated.get(level_id, 0), max(0, min(MAX_STARS, stars)))
    return updated


# ---------------------------------------------------------------------------- rating a match


@dataclass(frozen=True, slots=True)
class Rating:
    """How a finished match went against a level's goal."""

    cleared: bool
    stars: int  # 0 when not cleared, else 1 to 3
    total: int  # the player's match total
    won: bool  # the player is among the match's winners


def rate_match(
    level: Level, totals: Sequence[int], winners: Sequence[int], seat: int = 0
) -> Rating:
    """Rate the player's result: ``totals`` of every seat, ``winners`` the winning seats."""
    if not 0 <= seat < len(totals):
        raise ValueError(f"seat {seat} is not at a table of {len(totals)}")
    total = totals[seat]
    won = seat in winners
    goal = level.goal
    higher = level.higher_is_better

    def meets(threshold: int) -> bool:
        return total >= threshold if higher else total < threshold

    if goal.kind == "win":
        cleared = won
    else:
        assert goal.points is not None
        cleared = meets(goal.points)
    stars = 0
    if cleared:
        stars = 1 + meets(goal.two_stars) + meets(goal.three_stars)
    return Rating(cleared, stars, total, won)


def rate_game(level: Level, game: GameState, seat: int = 0) -> Rating:
    """Rate a finished match played at ``level``'s table."""
    if not game.match_over:
        raise ValueError("the match is not over yet")
    return rate_match(level, game.totals, game.match_winners, seat)

"""The ladder: locked, open and cleared levels with stars, from a plain progress mapping."""

from __future__ import annotations

from game.levels import (
    CLEARED,
    LOCKED,
    OPEN,
    Goal,
    Level,
    Opponent,
    ladder_state,
    load_levels,
    next_level,
    record_stars,
    stars_of,
)


def _level(order: int) -> Level:
    return Level(
        id=f"level-{order}",
        order=order,
        name=f"Level {order}",
        description="A table.",
        preset="standard",
        options=(("rounds", 3),),
        opponents=(Opponent("Ada", "easy", "Calm"),),
        goal=Goal("win", None, 60, 25),
    )


LEVELS = [_level(n) for n in (1, 2, 3, 4)]


def _states(progress: dict[str, object]) -> list[tuple[str, str, int]]:
    return [(e.level.id, e.status, e.stars) for e in ladder_state(LEVELS, progress)]


def test_without_progress_only_the_first_level_is_open() -> None:
    assert _states({}) == [
        ("level-1", OPEN, 0),
        ("level-2", LOCKED, 0),
        ("level-3", LOCKED, 0),
        ("level-4", LOCKED, 0),
    ]


def test_clearing_a_level_opens_the_next() -> None:
    assert _states({"level-1": 2}) == [
        ("level-1", CLEARED, 2),
        ("level-2", OPEN, 0),
        ("level-3", LOCKED, 0),
        ("level-4", LOCKED, 0),
    ]
    assert _states({"level-1": 1, "level-2": 3})[:3] == [
        ("level-1", CLEARED, 1),
        ("level-2", CLEARED, 3),
        ("level-3", OPEN, 0),
    ]


def test_every_level_cleared() -> None:
    progress: dict[str, object] = {lv.id: 3 for lv in LEVELS}
    assert all(status == CLEARED for _, status, _ in _states(progress))
    assert next_level(LEVELS, progress) is None


def test_a_cleared_level_stays_cleared_even_after_a_gap() -> None:
    # e.g. a new level inserted before one the player had already cleared
    assert _states({"level-1": 1, "level-3": 2}) == [
        ("level-1", CLEARED, 1),
        ("level-2", OPEN, 0),
        ("level-3", CLEARED, 2),
        ("level-4", OPEN, 0),
    ]


def test_zero_stars_are_not_cleared() -> None:
    assert _states({"level-1": 0})[:2] == [("level-1", OPEN, 0), ("level-2", LOCKED, 0)]


def test_unreadable_progress_counts_as_nothing_and_stars_are_capped() -> None:
    progress: dict[str, object] = {"level-1": 7, "level-2": "3", "level-3": True, "gone": 3}
    assert _states(progress) == [
        ("level-1", CLEARED, 3),
        ("level-2", OPEN, 0),
        ("level-3", LOCKED, 0),
        ("level-4", LOCKED, 0),
    ]
    assert stars_of({"x": -2}, "x") == 0
    assert stars_of({}, "x") == 0


def test_ladder_order_follows_the_order_field_not_the_list() -> None:
    shuffled = [LEVELS[2], LEVELS[0], LEVELS[3], LEVELS[1]]
    assert [e.level.id for e in ladder_state(shuffled, {})] == [lv.id for lv in LEVELS]


def test_next_level_is_the_first_open_uncleared_one() -> None:
    assert next_level(LEVELS, {}) == LEVELS[0]
    assert next_level(LEVELS, {"level-1": 1}) == LEVELS[1]


def test_record_stars_keeps_the_best_and_leaves_the_input_alone() -> None:
    progress: dict[str, object] = {"level-1": 2}
    assert record_stars(progress, "level-1", 1) == {"level-1": 2}
    assert record_stars(progress, "level-1", 3) == {"level-1": 3}
    assert record_stars(progress, "level-2", 1) == {"level-1": 2, "level-2": 1}
    assert record_stars(progress, "level-2", 9) == {"level-1": 2, "level-2": 3}
    assert progress == {"level-1": 2}


def test_the_real_ladder_starts_with_one_open_level() -> None:
    levels, _ = load_levels()
    entries = ladder_state(levels, {})
    assert entries[0].status == OPEN
    assert all(e.status == LOCKED for e in entries[1:])
    entries = ladder_state(levels, {levels[0].id: 1})
    assert [e.status for e in entries[:3]] == [CLEARED, OPEN, LOCKED]

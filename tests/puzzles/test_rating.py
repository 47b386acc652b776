"""The puzzle rating behaves: it finds a solver's level, as Glicko-2 does; the next puzzle is
near the player's rating; the day's puzzle is the same for everyone on a day."""

from __future__ import annotations

import random
from datetime import date, timedelta

from game.puzzles.model import LONGEST_LINE, Puzzle
from game.puzzles.rating import Rating, daily_puzzle, next_puzzle, rate


def pool(count: int = 400) -> list[Puzzle]:
    rng = random.Random(9)
    return [
        Puzzle(f"p-{i:04d}", LONGEST_LINE, rng.randint(800, 2200), rng.randint(1, 5), {}, {}, {})
        for i in range(count)
    ]


def test_a_solver_who_solves_below_1500_and_fails_above_ends_near_1500() -> None:
    for start in (1500.0, 900.0, 2100.0):
        player = Rating(start)
        done: set[str] = set()
        rng = random.Random(1)
        puzzles = pool()
        for _ in range(200):
            puzzle = next_puzzle(puzzles, player, done, rng)
            assert puzzle is not None
            done.add(puzzle.id)
            player = rate(player, puzzle.rating, solved=puzzle.rating < 1500)
        assert abs(player.rating - 1500) < 50, (start, player)
        assert not player.provisional


def test_the_glicko2_arithmetic_gives_glickman_s_worked_example() -> None:
    """Glickman's paper: 1500 (RD 200) beats 1400, loses to 1550 and 1700 in one period gives
    1464.06 and RD 151.52; here one try is a period, so the three are applied in turn."""
    player = rate(Rating(1500, 200), 1400, True)
    assert player.rating > 1500 and player.rd < 200
    after_loss = rate(player, 1700, False)
    assert after_loss.rating < player.rating
    assert (
        rate(Rating(1500, 350), 1500, True).rating - 1500
        > rate(Rating(1500, 60), 1500, True).rating - 1500
    ), "a sure rating moves less"


def test_the_next_puzzle_is_near_the_rating_and_there_is_always_one_more() -> None:
    puzzles = pool(50)
    rng = random.Random(2)
    player = Rating(1800, 80)
    chosen = next_puzzle(puzzles, player, set(), rng)
    assert chosen is not None
    nearest = sorted(abs(p.rating - 1800) for p in puzzles)
    assert abs(chosen.rating - 1800) <= nearest[4]
    every = {p.id for p in puzzles}
    assert next_puzzle(puzzles, player, every, rng) is not None


def test_the_day_s_puzzle_is_the_same_for_everyone_and_changes_with_the_day() -> None:
    puzzles = pool(300)
    day = date(2026, 12, 3)
    assert daily_puzzle(puzzles, day) == daily_puzzle(list(reversed(puzzles)), day)
    month = [daily_puzzle(puzzles, day + timedelta(days=n)) for n in range(30)]
    assert len({p.id for p in month if p is not None}) >= 25
    assert all(p is not None and 2 <= p.difficulty <= 4 for p in month)

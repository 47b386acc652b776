"""The hand planner: hands whose best line is known by hand, and a brute-force cross-check."""

from __future__ import annotations

import random

import pytest

from game.ai.planner import EXACT_LIMIT, best_line, line_for_tiles
from game.rules.tiles import HIGH, IS_DOUBLE, LOW, PIPS, Tile, mask_of, tile_count


def T(text: str) -> Tile:
    a, b = text.split("|")
    return Tile(int(a), int(b))


def tiles(text: str) -> list[Tile]:
    return [T(t) for t in text.split()]


def names(line_tiles: tuple[Tile, ...]) -> list[str]:
    return [str(t) for t in line_tiles]


def assert_is_line(ids: tuple[int, ...], end: int) -> None:
    for tile_id in ids:
        assert end in (LOW[tile_id], HIGH[tile_id]), "the line does not join up"
        end = LOW[tile_id] + HIGH[tile_id] - end


@pytest.mark.parametrize(
    ("hand", "end", "line", "free"),
    [
        # The doctest's hand: the double goes where the line reaches its number.
        ("12|5 5|5 5|0 0|1 3|9", 12, "5|12 5|5 0|5 0|1", "3|9"),
        # Longest before heaviest: three light tiles beat one heavy one.
        ("0|12 0|1 1|2 2|3", 0, "0|1 1|2 2|3", "0|12"),
        # Two lines of two tiles: the heavier one (16 pips against 10).
        ("6|1 1|2 6|3 3|4", 6, "3|6 3|4", "1|6 1|2"),
        # A double of the open end comes first; a line may end on a double.
        ("8|8 8|1", 8, "8|8 1|8", ""),
        ("4|7 7|7 7|2 2|2", 4, "4|7 7|7 2|7 2|2", ""),
        # A loop back through the start number, then out.
        ("3|4 4|5 5|3 3|6", 3, "3|5 4|5 3|4 3|6", ""),
        # Nothing fits.
        ("1|2 2|9", 12, "", "1|2 2|9"),
        ("", 5, "", ""),
    ],
)
def test_known_lines(hand: str, end: int, line: str, free: str) -> None:
    plan = line_for_tiles(tiles(hand), end)
    assert names(plan.tiles) == line.split()
    assert sorted(names(plan.free)) == sorted(free.split())
    assert plan.exact
    assert plan.pips == sum(t.pips for t in plan.tiles)


def test_two_equally_long_and_heavy_lines_break_the_tie_by_the_heavier_first_tile() -> None:
    # From 6: 6|1 then 1|5 (7 + 6 = 13 pips) or 6|2 then 2|3 (8 + 5 = 13 pips).
    plan = line_for_tiles(tiles("6|1 1|5 6|2 2|3"), 6)
    assert names(plan.tiles) == ["2|6", "2|3"]
    assert sorted(names(plan.free)) == ["1|5", "1|6"]
    # The same hand in another order gives the same line: the tie-break is documented, not luck.
    plan_again = line_for_tiles(tiles("2|3 6|2 1|5 6|1"), 6)
    assert plan_again.tiles == plan.tiles


def test_doubles_sit_inside_the_line_not_at_its_end() -> None:
    plan = line_for_tiles(tiles("9|3 3|3 3|1 1|1 1|0"), 9)
    assert names(plan.tiles) == ["3|9", "3|3", "1|3", "1|1", "0|1"]


def _brute_force(ids: list[int], end: int) -> tuple[int, int, tuple[int, ...]]:
    """Every line, doubles anywhere; the best by (length, pips, tie-break key)."""
    best: tuple[int, int, tuple[tuple[int, int], ...]] = (0, 0, ())
    best_line: tuple[int, ...] = ()

    def key(seq: list[int]) -> tuple[tuple[int, int], ...]:
        return tuple((PIPS[i], i) for i in seq if not IS_DOUBLE[i])

    def walk(at: int, left: set[int], seq: list[int], pips: int) -> None:
        nonlocal best, best_line
        candidate = (len(seq), pips, key(seq))
        if candidate > best:
            best, best_line = candidate, tuple(seq)
        for tile_id in sorted(left):
            if at in (LOW[tile_id], HIGH[tile_id]):
                seq.append(tile_id)
                walk(LOW[tile_id] + HIGH[tile_id] - at, left - {tile_id}, seq, pips + PIPS[tile_id])
                seq.pop()

    walk(end, set(ids), [], 0)
    return best[0], best[1], best_line


def test_matches_brute_force_on_random_small_hands() -> None:
    rng = random.Random(4)
    for _ in range(400):
        set_size = rng.choice([6, 9, 12])
        ids = rng.sample(range(tile_count(set_size)), rng.randint(1, 8))
        end = rng.randrange(set_size + 1)
        plan = best_line(sum(1 << i for i in ids), end)
        length, pips, line = _brute_force(ids, end)
        assert (plan.length, plan.pips) == (length, pips)
        plain = [i for i in plan.ids if not IS_DOUBLE[i]]
        assert plain == [i for i in line if not IS_DOUBLE[i]]
        assert_is_line(plan.ids, end)


def test_big_hands_are_exact_up_to_the_limit_and_bounded_beyond() -> None:
    rng = random.Random(9)
    for size, exact in ((EXACT_LIMIT, True), (EXACT_LIMIT + 10, None)):
        ids = rng.sample(range(tile_count(12)), size)
        hand = sum(1 << i for i in ids)
        plan = best_line(hand, 12)
        assert_is_line(plan.ids, 12)
        assert plan.mask | plan.free_mask == hand and not plan.mask & plan.free_mask
        if exact:
            assert plan.exact
    # A small node budget still gives a valid line (the first one the search meets).
    ids = rng.sample(range(tile_count(12)), 40)
    plan = best_line(sum(1 << i for i in ids), 0, budget=5)
    assert_is_line(plan.ids, 0)


def test_line_and_free_tiles_partition_the_hand() -> None:
    hand = tiles("12|4 4|4 4|9 9|9 9|1 0|0 6|2 11|3")
    plan = line_for_tiles(hand, 12)
    assert mask_of(plan.tiles) | mask_of(plan.free) == mask_of(hand)
    assert names(plan.tiles) == ["4|12", "4|4", "4|9", "9|9", "1|9"]
    assert plan.end == 1
